// The lightsout-bench bin (the benchmarks left the lightsout CLI): its
// options, a quick suite end to end, and its usage errors.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";

const manifest = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
  bin: Record<string, string>;
};
const BIN = fileURLToPath(new URL(`../${manifest.bin["lightsout-bench"]}`, import.meta.url));

function bench(args: string[]): { code: number | null; stdout: string; stderr: string } {
  const ran = spawnSync(process.execPath, [BIN, ...args], { encoding: "utf8", timeout: 120_000 });
  return { code: ran.status, stdout: ran.stdout, stderr: ran.stderr };
}

beforeAll(() => {
  if (!existsSync(BIN)) throw new Error(`${BIN} is not built: run pnpm build first`);
});

describe("lightsout-bench", () => {
  it("is the package's bin, a Node script", () => {
    expect(Object.keys(manifest.bin)).toEqual(["lightsout-bench"]);
    expect(readFileSync(BIN, "utf8")).toMatch(/^#!\/usr\/bin\/env node\n/);
  });

  it("--json: stdout is the JSON object alone, the tables go to stderr (the chase suite, a quick one)", () => {
    const result = bench(["--quick", "--filter", "chase", "--json"]);
    expect(result.code).toBe(0);
    const results = JSON.parse(result.stdout) as { machine: string; chase: { n: number; nullity: number }[] };
    expect(result.stdout).toBe(`${JSON.stringify(results)}\n`);
    expect(Object.keys(results)).toEqual(["machine", "chase"]);
    // the 64 x 64 grid: nullity 28 (OEIS A159257)
    expect(results.chase.find((row) => row.n === 64)?.nullity).toBe(28);
    expect(result.stderr).toMatch(/^lightsout benchmarks on .*\n\nHuge grids by light chasing/);
  });

  it("without --json the tables go to stdout", () => {
    const result = bench(["--quick", "--filter", "chase"]);
    expect(result).toMatchObject({ code: 0, stderr: "" });
    expect(result.stdout).toMatch(/^lightsout benchmarks on .*\n\nHuge grids by light chasing/);
  });

  it("--rounds: the GF(2) suite runs its measurements again, each row's fastest repeat over all rounds", () => {
    const args = ["--sizes", "64", "--ts-up-to", "64", "--threads", "1", "--filter", "gf2", "--json"];
    const once = bench(args);
    const twice = bench([...args, "--rounds", "2"]);
    type Rows = { gf2: { rows: { impl: string; op: string; rank?: number }[]; notes: string[] } };
    const [a, b] = [JSON.parse(once.stdout) as Rows, JSON.parse(twice.stdout) as Rows];
    expect(twice.code).toBe(0);
    // the same rows in the same order (M4RI's too, when installed), the same answers
    expect(b.gf2.rows.map((r) => [r.op, r.impl, r.rank])).toEqual(a.gf2.rows.map((r) => [r.op, r.impl, r.rank]));
    expect(b.gf2.notes.join("\n")).toMatch(/2 rounds, ours and M4RI's alternating/);
    expect(bench(["--rounds", "0"]).stderr).toMatch(/--rounds/);
  });

  it("a filter matching no suite is a usage error naming the suites", () => {
    const result = bench(["--filter", "nosuch"]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr.split("\n")[0]).toBe(
      "lightsout-bench: --filter expected part of a suite name (gf2, files, large, chase, banded, fewest, graph, sparse, nullity, multistate, fields, mastermind, wiedemann, cli), got 'nosuch'",
    );
    expect(result.stderr).toContain("usage: lightsout-bench [--quick]");
  });

  it("--help prints the usage; an unknown option is a usage error", () => {
    const help = bench(["--help"]);
    expect(help).toMatchObject({ code: 0, stderr: "" });
    expect(help.stdout).toMatch(/^usage: lightsout-bench /);
    const unknown = bench(["--bogus"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr.split("\n")[0]).toBe('lightsout-bench: unknown option "--bogus"');
  });
});
