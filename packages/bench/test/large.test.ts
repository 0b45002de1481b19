// The large suite's summary line (its arithmetic on given rows), and a quick
// run of the suite through the bin: the CLI's rank beside M4RI's, round by round.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { measureCoreShare } from "../src/host.js";
import { type LargeRow, summary } from "../src/large.js";

const BIN = fileURLToPath(new URL("../dist/main.js", import.meta.url));
const CLI = fileURLToPath(new URL("../../../apps/cli/dist/cli.js", import.meta.url));

const row = (round: number, oursMs: number, m4riMs?: number): LargeRow => ({
  n: 4096,
  round,
  threads: 2,
  oursMs,
  rank: 4095,
  ...(m4riMs === undefined ? {} : { m4riMs, ratio: oursMs / m4riMs }),
});

describe("the large suite", () => {
  it("summarizes the rounds: the median of their ratios, their range, and the fastest runs' ratio", () => {
    // ratios 0.5, 0.4, 0.45: median 0.45; our fastest 44 against M4RI's fastest 100
    const rows = [row(1, 50, 100), row(2, 44, 110), row(3, 45, 100), { ...row(1, 1, 1), threads: 1 }];
    expect(summary(rows, 4096, 2)).toBe(
      "N=4096, 2 threads: ratio to M4RI's mzd_echelonize, median of 3 rounds 0.450 (0.400-0.500); fastest runs 0.440",
    );
    expect(summary([row(1, 1500), row(2, 1200)], 4096, 2)).toBe("N=4096, 2 threads: fastest 1.20 s (no M4RI)");
  });

  it("gives the range of the second core's share beside the ratios, where the rounds probed it", () => {
    const rows = [
      { ...row(1, 50, 100), twoCores: 1.9 },
      { ...row(2, 40, 100), twoCores: 1.97 },
    ];
    expect(summary(rows, 4096, 2)).toBe(
      "N=4096, 2 threads: ratio to M4RI's mzd_echelonize, median of 2 rounds 0.450 (0.400-0.500); fastest runs 0.400; " +
        "two busy threads did 1.90-1.97x one's work",
    );
  });

  it("probes the second core: one thread's work, then two threads' at once", () => {
    const share = measureCoreShare(50);
    expect(share).toBeDefined();
    expect(share!.one).toBeGreaterThan(0);
    expect(share!.two.every((w) => w > 0)).toBe(true);
    expect(share!.ratio).toBeCloseTo((share!.two[0] + share!.two[1]) / share!.one, 12);
  });

  it("runs the CLI's rank beside M4RI's, rank checked, a row a round", () => {
    // the monorepo builds both before its tests; without them the suite would give no rows
    for (const built of [BIN, CLI])
      if (!existsSync(built)) throw new Error(`${built} is not built: run pnpm build first`);
    const ran = spawnSync(process.execPath, [BIN, "--quick", "--filter", "large", "--rounds", "2", "--json"], {
      encoding: "utf8",
      timeout: 120_000,
    });
    expect(ran.status).toBe(0);
    const { large } = JSON.parse(ran.stdout) as { large: { rows: LargeRow[]; notes: string[] } };
    expect(large.rows.map((r) => [r.n, r.round, r.threads])).toEqual([
      [2048, 1, 2],
      [2048, 2, 2],
    ]);
    // a random 2048 x 2048 matrix: the rank of the CLI (checked against M4RI's in the suite when installed)
    for (const r of large.rows) {
      expect(r.rank).toBeGreaterThan(2040);
      expect(r.oursMs).toBeGreaterThan(0);
      expect(r.ratio === undefined).toBe(large.notes.some((note) => note.startsWith("M4RI skipped")));
      // the second core probed after each round of two threads
      expect(r.twoCores).toBeGreaterThan(0);
    }
    expect(ran.stderr).toMatch(/N=2048, 2 threads: /);
  });
});
