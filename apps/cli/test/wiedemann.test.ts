// `lightsout wiedemann`: the rank of a MatrixMarket file against the dense
// route (`lightsout rank` of the same file), and the sharded run: four
// shards as separate processes of the built binary standing in for four
// hosts, then the merge, give the single-process answer. Shard files are
// refused when they belong to another matrix or run, or are damaged; an
// interrupted shard resumes from its checkpoint, and the merge refuses it
// until it is complete.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomSparseMatrix } from "@lightsout/core/wiedemann";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLI, cleanEnv, cli, requireBuild, spawnRun } from "./_batch-io.js";

/**
 * A MatrixMarket coordinate file of a random n x n matrix with columns 1
 * and 2 empty; some entries are written three times (they add mod 2: once),
 * and in the integer field some get an extra even entry (zero mod 2).
 */
function matrixMarket(n: number, perRow: number, seed: number, field: "pattern" | "integer" = "pattern"): string {
  const a = randomSparseMatrix(n, n - 2, perRow, seed);
  const lines: string[] = [];
  for (let i = 0; i < n; i++) {
    for (let p = a.rowStart[i]!; p < a.rowStart[i + 1]!; p++) {
      const entry = `${i + 1} ${a.colIndex[p]! + 3}`;
      if (field === "integer") lines.push(`${entry} ${p % 2 === 0 ? 1 : 3}`, ...(p % 5 === 0 ? [`${entry} 2`] : []));
      else lines.push(entry, ...(p % 7 === 0 ? [entry, entry] : []));
    }
  }
  return `%%MatrixMarket matrix coordinate ${field} general\n% made by the test\n${n} ${n} ${lines.length}\n${lines.join("\n")}\n`;
}

let dir: string;
const json = (text: string) => JSON.parse(text) as Record<string, unknown>;
/** The answer without what differs between runs (timings, threads). */
const answer = (text: string) => {
  const { timings: _t, threads: _h, ...rest } = json(text);
  return rest;
};

beforeAll(() => {
  requireBuild();
  dir = mkdtempSync(join(tmpdir(), "lightsout-wiedemann-"));
  writeFileSync(join(dir, "a.mtx"), matrixMarket(1500, 6, 1));
  writeFileSync(join(dir, "b.mtx"), matrixMarket(1500, 6, 2, "integer"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("lightsout wiedemann", () => {
  it("gives the dense route's rank for a file, with the guarantee", async () => {
    for (const name of ["a.mtx", "b.mtx"]) {
      const file = join(dir, name);
      const sparse = await cli(["wiedemann", file, "--json", "--threads", "1"], {}, dir);
      expect(sparse.stderr).toBe("");
      expect(sparse.code).toBe(0);
      const dense = await cli(["rank", file, "--json"], {}, dir);
      const result = json(sparse.stdout);
      expect(result.rank).toBe(json(dense.stdout).rank);
      expect(result.nullity as number).toBeGreaterThanOrEqual(2);
      expect(result.errorBound).toBe(2 ** -40);
      expect(result.guarantee).toMatch(/proven .* probability >= 1 - 2\^-40/);
    }
  });

  it("four shards as separate processes, then the merge, equal the single-process run", async () => {
    const file = join(dir, "a.mtx");
    const shards = join(dir, "shards");
    const runs = await Promise.all(
      [1, 2, 3, 4].map((i) =>
        spawnRun(process.execPath, [CLI, "wiedemann", file, "--shard", `${i}/4`, "--dir", shards, "--threads", "1"], {
          cwd: dir,
          env: cleanEnv(),
        }),
      ),
    );
    for (const run of runs) {
      expect(run.stderr).toMatch(/shard [1-4]\/4 complete/);
      expect(run.code).toBe(0);
    }
    const merged = await cli(["wiedemann", file, "--merge", "--dir", shards, "--json", "--threads", "1"], {}, dir);
    expect(merged.code).toBe(0);
    const single = await cli(["wiedemann", file, "--json", "--threads", "1"], {}, dir);
    expect(answer(merged.stdout)).toEqual(answer(single.stdout));
    // a complete shard run again says so and computes nothing
    const again = await cli(["wiedemann", file, "--shard", "2/4", "--dir", shards], {}, dir);
    expect(again.stderr).toMatch(/shard 2\/4 is already complete in .*sequence-2-of-4\.bin.*nothing to do/);
  });

  it("the solution phase in shards too: the generator, three solution shards as processes, the merge", async () => {
    const file = join(dir, "a.mtx");
    const shards = join(dir, "solution");
    const early = await cli(["wiedemann", file, "--solution-shard", "1/3", "--dir", shards], {}, dir);
    expect(early.code).toBe(1);
    expect(early.stderr).toMatch(/solution shard 1\/3 needs the generator .*generator\.bin.*run --generator/);
    for (const i of [1, 2]) {
      const run = await cli(["wiedemann", file, "--shard", `${i}/2`, "--dir", shards, "--threads", "1"], {}, dir);
      expect(run.code).toBe(0);
    }
    const generator = await cli(["wiedemann", file, "--generator", "--dir", shards, "--threads", "1"], {}, dir);
    expect(generator.stderr).toMatch(/generator complete: .*generator\.bin/);
    const runs = await Promise.all(
      [1, 2, 3].map((i) =>
        spawnRun(
          process.execPath,
          [CLI, "wiedemann", file, "--solution-shard", `${i}/3`, "--dir", shards, "--threads", "1"],
          { cwd: dir, env: cleanEnv() },
        ),
      ),
    );
    for (const run of runs) {
      expect(run.stderr).toMatch(/solution shard [1-3]\/3 complete: .*solution-[1-3]-of-3\.bin/);
      expect(run.code).toBe(0);
    }
    const merged = await cli(["wiedemann", file, "--merge", "--dir", shards, "--json", "--threads", "1"], {}, dir);
    expect(merged.code).toBe(0);
    const single = await cli(["wiedemann", file, "--json", "--threads", "1"], {}, dir);
    expect(answer(merged.stdout)).toEqual(answer(single.stdout));
    // a share missing is named; a share of another run is refused
    rmSync(join(shards, "solution-2-of-3.bin"));
    const missing = await cli(["wiedemann", file, "--merge", "--dir", shards], {}, dir);
    expect(missing.stderr).toMatch(/solution shards of 3 .* missing: 2 \(run them with --solution-shard i\/3/);
    const seed = await cli(["wiedemann", file, "--solution-shard", "1/3", "--dir", shards, "--seed", "9"], {}, dir);
    expect(seed.stderr).toMatch(/solution-1-of-3\.bin' belongs to another run \(seed 1, .*this run: seed 9/);
    const both = await cli(["wiedemann", file, "--generator", "--merge", "--dir", shards], {}, dir);
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/--generator and --merge exclude each other/);
  });

  it("--shard auto takes the shard from a Slurm array task", async () => {
    const file = join(dir, "a.mtx");
    const env = { SLURM_ARRAY_TASK_ID: "2", SLURM_ARRAY_TASK_MIN: "1", SLURM_ARRAY_TASK_MAX: "2" };
    const run = await cli(
      ["wiedemann", file, "--shard", "auto", "--dir", join(dir, "slurm"), "--threads", "1"],
      env,
      dir,
    );
    expect(run.stderr).toMatch(/shard 2\/2 complete: .*sequence-2-of-2\.bin/);
  });

  it("an interrupted shard resumes from its checkpoint; the merge refuses it until it is complete", async () => {
    const file = join(dir, "a.mtx");
    const shards = join(dir, "resume");
    for (const i of [1, 2]) {
      const args = ["wiedemann", file, "--shard", `${i}/2`, "--dir", shards, "--threads", "1"];
      expect(
        (await cli(i === 1 ? [...args, "--checkpoint-every", "10", "--stop-after", "10"] : args, {}, dir)).code,
      ).toBe(0);
    }
    const early = await cli(["wiedemann", file, "--merge", "--dir", shards], {}, dir);
    expect(early.code).toBe(1);
    expect(early.stderr).toMatch(/shard 1\/2 in .* stopped at term 10 of [0-9]+: run it again to resume/);
    const resumed = await cli(["wiedemann", file, "--shard", "1/2", "--dir", shards, "--threads", "1"], {}, dir);
    expect(resumed.stderr).toMatch(/resuming shard 1\/2 from term 10 of/);
    const merged = await cli(["wiedemann", file, "--merge", "--dir", shards, "--json", "--threads", "1"], {}, dir);
    const single = await cli(["wiedemann", file, "--json", "--threads", "1"], {}, dir);
    expect(answer(merged.stdout)).toEqual(answer(single.stdout));
  });

  it("refuses shard files of another matrix, another run, a damaged one, and a merge with a shard missing", async () => {
    const shards = join(dir, "refuse");
    await cli(["wiedemann", join(dir, "a.mtx"), "--shard", "1/2", "--dir", shards, "--threads", "1"], {}, dir);
    const other = await cli(["wiedemann", join(dir, "b.mtx"), "--shard", "1/2", "--dir", shards], {}, dir);
    expect(other.code).toBe(1);
    expect(other.stderr).toMatch(/sequence-1-of-2\.bin' belongs to another matrix .*remove it or use another --dir/);
    const seed = await cli(["wiedemann", join(dir, "a.mtx"), "--merge", "--dir", shards, "--seed", "9"], {}, dir);
    expect(seed.stderr).toMatch(/belongs to another run \(seed 1, .*this run: seed 9/);
    const missing = await cli(["wiedemann", join(dir, "a.mtx"), "--merge", "--dir", shards], {}, dir);
    expect(missing.stderr).toMatch(/--merge needs all 2 shards .*missing: 2/);
    const path = join(shards, "sequence-1-of-2.bin");
    const bytes = readFileSync(path);
    bytes[bytes.length - 1]! ^= 1;
    writeFileSync(path, bytes);
    const damaged = await cli(["wiedemann", join(dir, "a.mtx"), "--shard", "1/2", "--dir", shards], {}, dir);
    expect(damaged.stderr).toMatch(/sequence-1-of-2\.bin' is damaged/);
  });

  it("refuses bad MatrixMarket input by line", async () => {
    const bad = (name: string, text: string) => {
      writeFileSync(join(dir, name), text);
      return cli(["wiedemann", join(dir, name)], {}, dir);
    };
    const header = "%%MatrixMarket matrix coordinate pattern general\n";
    // the library's streamed reader: line and column, what was expected and what was got
    expect((await bad("h.mtx", "%%MatrixMarket matrix array real general\n2 2\n")).stderr).toMatch(
      /h\.mtx:1:23: expected format 'coordinate' \(the only MatrixMarket format supported\), got 'array'/,
    );
    expect((await bad("r.mtx", `${header}2 2 1\n3 1\n`)).stderr).toMatch(
      /r\.mtx:3:1: expected a row index in 1\.\.2, got '3'/,
    );
    expect((await bad("n.mtx", `${header}2 2 3\n1 1\n`)).stderr).toMatch(
      /n\.mtx:4:1: expected 3 entries \(as the size line says\), got 1: the file ends early/,
    );
    expect((await bad("m.mtx", `${header}2 2 1\n1 1\n2 2\n`)).stderr).toMatch(
      /m\.mtx:4:1: expected 1 entries \(as the size line says\), got more: '2'/,
    );
  });
});
