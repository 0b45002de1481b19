// `lightsout nullity`, in-process: the n x n nullities (OEIS A075462, the
// table in packages/core/test/vectors), rectangles, JSON Lines, shards that
// reassemble, bad input.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { plusMatrix, rankModP } from "./_reference.js";
import { oneLineError, run } from "./_run.js";

const VECTORS = fileURLToPath(new URL("../../../packages/core/test/vectors/", import.meta.url));
const SQUARE_1_300 = readFileSync(`${VECTORS}nullity_square_1_300.txt`, "utf8").trim().split(/\s+/).map(Number);

const lines = (stdout: string) => stdout.trimEnd().split("\n");

describe("lightsout nullity", () => {
  it("one square board", async () => {
    const result = await run(["nullity", "5"]);
    expect(result).toMatchObject({ code: 0, stdout: "5 2\n", stderr: "" });
    expect((await run(["nullity", "4", "--json"])).stdout).toBe('{"m":4,"n":4,"nullity":4}\n');
  });

  it("--from 1 --to 300 matches vectors/nullity_square_1_300.txt, in order", async () => {
    const result = await run(["nullity", "--from", "1", "--to", "300", "--workers", "2"]);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe("");
    expect(lines(result.stdout)).toEqual(SQUARE_1_300.map((k, i) => `${i + 1} ${k}`));
  });

  it("draws a progress bar on a terminal stderr, and erases it; stdout is the same", async () => {
    const result = await run(["nullity", "--from", "1", "--to", "300", "--workers", "1"], {
      env: { LIGHTSOUT_PROGRESS_DELAY_MS: "0" }, // the first report draws: no race with the sweep
      stderrIsTTY: true,
    });
    expect(result.code).toBe(0);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the bar ends with "erase to the end of the line"
    expect(result.stderr).toMatch(/^\rnullity \[[#-]+\] +\d+%\x1b\[K/);
    expect(result.stderr.endsWith("\r\x1b[K")).toBe(true);
    expect(lines(result.stdout)).toEqual(SQUARE_1_300.map((k, i) => `${i + 1} ${k}`));
  });

  it("N as a range A..B is the same sweep", async () => {
    expect((await run(["nullity", "1..300", "--workers", "1"])).stdout).toBe(
      (await run(["nullity", "--from", "1", "--to", "300"])).stdout,
    );
  });

  it("rectangles: m n nullity, m-major, symmetric, with the squares on the diagonal", async () => {
    const result = await run(["nullity", "--rows", "1..30", "--cols", "1..30"]);
    expect(result.code).toBe(0);
    const table = new Map<string, number>();
    const rows = lines(result.stdout).map((line) => line.split(" ").map(Number));
    expect(rows).toHaveLength(900);
    rows.forEach(([m, n, k], i) => {
      expect([m, n]).toEqual([Math.floor(i / 30) + 1, (i % 30) + 1]);
      table.set(`${m} ${n}`, k!);
    });
    for (let m = 1; m <= 30; m++) {
      expect(table.get(`${m} ${m}`)).toBe(SQUARE_1_300[m - 1]);
      for (let n = 1; n <= 30; n++) expect(table.get(`${m} ${n}`)).toBe(table.get(`${n} ${m}`));
    }
    // against elimination of the Lights Out matrices themselves
    for (let m = 1; m <= 8; m++) {
      for (let n = 1; n <= 8; n++) expect(table.get(`${m} ${n}`)).toBe(m * n - rankModP(plusMatrix(m, n), 2));
    }
    expect((await run(["nullity", "--rows", "2", "--cols", "3"])).stdout).toBe("2 3 2\n");
    expect((await run(["nullity", "--rows", "5", "--cols", "3..4"])).stdout).toBe("5 3 3\n5 4 0\n");
  });

  it("--json prints JSON Lines that parse, in order", async () => {
    const result = await run(["nullity", "--rows", "3..4", "--cols", "4..5", "--json"]);
    expect(result.code).toBe(0);
    expect(lines(result.stdout).map((line) => JSON.parse(line))).toEqual([
      { m: 3, n: 4, nullity: 0 },
      { m: 3, n: 5, nullity: 3 },
      { m: 4, n: 4, nullity: 4 },
      { m: 4, n: 5, nullity: 0 },
    ]);
  });

  it("--shard i/k: the shards, concatenated, are the whole sweep", async () => {
    for (const args of [
      ["--from", "1", "--to", "300"],
      ["--rows", "1..20", "--cols", "5..40"],
      ["--from", "7", "--to", "9"],
    ]) {
      const whole = (await run(["nullity", ...args])).stdout;
      for (const k of [1, 3, 5]) {
        const parts = [];
        // in this thread (--workers 1): also a check of the threaded sweep that made `whole`
        for (let i = 1; i <= k; i++)
          parts.push(await run(["nullity", ...args, "--shard", `${i}/${k}`, "--workers", "1"]));
        for (const part of parts) expect(part).toMatchObject({ code: 0, stderr: "" });
        expect(parts.map((p) => p.stdout).join("")).toBe(whole);
      }
    }
  });

  it("bad input: one line on stderr, exit 2", async () => {
    const cases: [string[], string][] = [
      [["nullity"], "lightsout: expected N, --from A --to B or --rows M --cols N, got none"],
      [["nullity", "0"], "lightsout: N expected an integer in 1..1073741824, got '0'"],
      [["nullity", "abc"], "lightsout: N expected an integer in 1..1073741824, got 'abc'"],
      [["nullity", "9..3"], "lightsout: N expected a range A..B with A <= B, got '9..3'"],
      [["nullity", "--from", "3"], "lightsout: expected --from and --to together, got only --from"],
      [["nullity", "--from", "5", "--to", "4"], "lightsout: --to expected an integer >= --from (5), got '4'"],
      [["nullity", "--rows", "3"], "lightsout: expected --rows and --cols together, got only --rows"],
      [
        ["nullity", "5", "--rows", "3", "--cols", "3"],
        "lightsout: expected N, --from/--to or --rows/--cols, got both N ('5') and --rows/--cols",
      ],
      [["nullity", "--rows", "1..x", "--cols", "3"], "lightsout: --rows expected an integer in 1..1073741824, got 'x'"],
      [["nullity", "2000000000"], "lightsout: N expected an integer in 1..1073741824, got '2000000000'"],
      [
        ["nullity", "--from", "1", "--to", "9", "--shard", "0/3"],
        "lightsout: --shard expected i/k with 1 <= i <= k (like 1/4), got '0/3'",
      ],
      [
        ["nullity", "--from", "1", "--to", "9", "--shard", "4/3"],
        "lightsout: --shard expected i/k with 1 <= i <= k (like 1/4), got '4/3'",
      ],
      [
        ["nullity", "--from", "1", "--to", "9", "--workers", "0"],
        "lightsout: --workers expected an integer in 1..1024, got '0'",
      ],
      [
        ["nullity", "--rows", "1..40000", "--cols", "1..40000"],
        "lightsout: a sweep expected at most 1,073,741,824 boards, got 1,600,000,000 boards",
      ],
    ];
    for (const [args, message] of cases) {
      const result = await run(args);
      expect([args.join(" "), result.code, oneLineError(result)]).toEqual([args.join(" "), 2, message]);
    }
  });

  it("--help has examples", async () => {
    const result = await run(["nullity", "--help"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("lightsout nullity --from 1 --to 25000 --shard 1/4");
    expect(result.stdout).toContain("Sutner");
  });
});
