// `lightsout rank` in-process; the progress bar also on a real terminal.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { plusMatrix, randomBits, rankModP } from "./_reference.js";
import {
  FIXTURES,
  HAS_SCRIPT,
  keyValues,
  oneLineError,
  rankOf,
  requireBuild,
  run,
  runBinary,
  runOnTerminal,
} from "./_run.js";

/** The Lights Out matrix of the n x n grid (closed neighbourhoods), as dense text. */
const lightsOutMatrix = (n: number) =>
  `${plusMatrix(n, n)
    .map((row) => row.join(""))
    .join("\n")}\n`;

describe("lightsout rank FILE", () => {
  it("prints rows, cols, rank, nullity and time of a dense file", async () => {
    expect(await rankOf(["cycle3.txt"])).toEqual({ rows: 3, cols: 3, rank: 2, nullity: 1 });
  });

  it("reads stdin with '-', and when FILE is left out", async () => {
    const text = readFileSync(join(FIXTURES, "cycle3.txt"), "utf8");
    expect(await rankOf(["-"], text)).toEqual({ rows: 3, cols: 3, rank: 2, nullity: 1 });
    expect(await rankOf([], text)).toEqual({ rows: 3, cols: 3, rank: 2, nullity: 1 });
  });

  it("reads CRLF files with comments", async () => {
    expect(await rankOf(["crlf.txt"])).toEqual({ rows: 2, cols: 3, rank: 2, nullity: 1 });
  });

  it("reads MatrixMarket files, general integer (mod 2) and symmetric pattern", async () => {
    expect(await rankOf(["cycle3.mtx"])).toEqual({ rows: 3, cols: 3, rank: 2, nullity: 1 });
    // a 6-vertex graph of rank 4 (its matrix is the fixture)
    expect(await rankOf(["graph-a.mtx"])).toEqual({ rows: 6, cols: 6, rank: 4, nullity: 2 });
  });

  it("prints JSON with rows, cols, rank, nullity and ms", async () => {
    const result = await run(["rank", "identity4.txt", "--json"]);
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as Record<string, number>;
    expect(Object.keys(report)).toEqual(["rows", "cols", "rank", "nullity", "ms"]);
    expect(report).toMatchObject({ rows: 4, cols: 4, rank: 4, nullity: 0 });
    expect(report.ms).toBeGreaterThanOrEqual(0);
    expect(result.stdout.endsWith("}\n")).toBe(true);
  });

  it("accepts --field 2 and 2^1", async () => {
    expect((await rankOf(["cycle3.txt", "--field", "2"])).rank).toBe(2);
    expect((await rankOf(["cycle3.txt", "--field", "2^1"])).rank).toBe(2);
  });
});

describe("lightsout rank: ranks known from mathematics", () => {
  it("identity: rank n", async () => {
    expect(await rankOf(["identity4.txt"])).toEqual({ rows: 4, cols: 4, rank: 4, nullity: 0 });
    const identity = (n: number) =>
      Array.from({ length: n }, (_, i) => `${"0".repeat(i)}1${"0".repeat(n - i - 1)}`).join("\n");
    for (const n of [1, 63, 64, 65, 130]) expect((await rankOf(["-"], identity(n))).rank).toBe(n);
  });

  it("a repeated row does not add to the rank", async () => {
    expect(await rankOf(["repeated-row.txt"])).toEqual({ rows: 3, cols: 4, rank: 2, nullity: 2 });
    expect((await rankOf(["-"], "1101\n1101\n1101\n")).rank).toBe(1);
  });

  it("the 3-cycle 110/011/101 has rank 2", async () => {
    expect((await rankOf(["-"], "110\n011\n101\n")).rank).toBe(2);
  });

  it("zero matrix: rank 0; all-ones: rank 1", async () => {
    expect(await rankOf(["-"], "000\n000\n")).toEqual({ rows: 2, cols: 3, rank: 0, nullity: 3 });
    expect((await rankOf(["-"], "11111\n11111\n11111\n")).rank).toBe(1);
  });

  it("Lights Out: 5x5 has rank 23 (nullity 2), 4x4 has nullity 4, 6x6 is invertible", async () => {
    expect(await rankOf(["-"], lightsOutMatrix(5))).toEqual({ rows: 25, cols: 25, rank: 23, nullity: 2 });
    expect((await rankOf(["-"], lightsOutMatrix(4))).nullity).toBe(4);
    expect((await rankOf(["-"], lightsOutMatrix(6))).nullity).toBe(0);
  });
});

describe("lightsout rank --random", () => {
  /** The rank `rank --random ... --json` prints. */
  const randomRank = async (args: string[]) => {
    const result = await run(["rank", "--random", ...args, "--json"]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    return (JSON.parse(result.stdout) as { rank: number }).rank;
  };

  it("prints exactly rows, cols, rank and ms in JSON", async () => {
    const result = await run(["rank", "--random", "256", "--seed", "1", "--json"]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as Record<string, number>;
    expect(Object.keys(report).sort()).toEqual(["cols", "ms", "rank", "rows"]);
    expect(report).toMatchObject({ rows: 256, cols: 256, rank: rankModP(randomBits(256, 256, 1), 2) });
    // pinned as well (a separate Python transcription of generator and elimination agrees)
    expect(report.rank).toBe(255);
    expect(typeof report.ms === "number" && report.ms >= 0).toBe(true);
  });

  it("--seed picks the matrix: each seed's rank is the rank of the generator's matrix for it", async () => {
    // 40 x 40: a word and a tail of 8 bits per row. Random square matrices over
    // GF(2) miss full rank by 0, 1 or 2 for different seeds, so a CLI that
    // ignored the seed would print one rank for all of them.
    const seeds = Array.from({ length: 16 }, (_, seed) => seed);
    const expected = seeds.map((seed) => rankModP(randomBits(40, 40, seed), 2));
    expect(expected).toEqual([39, 39, 39, 39, 38, 40, 39, 40, 39, 40, 40, 39, 39, 40, 39, 40]);
    const printed: number[] = [];
    for (const seed of seeds) printed.push(await randomRank(["40", "--seed", String(seed)]));
    expect(printed).toEqual(expected);
    expect(await randomRank(["40"])).toBe(expected[0]); // the default seed is 0
    expect(await randomRank(["300", "--seed", "1"])).toBe(rankModP(randomBits(300, 300, 1), 2));
  });

  it("supports --cols, and prints the seed in text", async () => {
    const result = await run(["rank", "--random", "10", "--cols", "200", "--seed", "3"]);
    expect(result.code).toBe(0);
    const kv = keyValues(result.stdout);
    expect(Object.keys(kv)).toEqual(["rows", "cols", "seed", "rank", "nullity", "time"]);
    expect(rankModP(randomBits(10, 200, 3), 2)).toBe(10);
    expect(kv).toMatchObject({ rows: "10", cols: "200", seed: "3", rank: "10", nullity: "190" });
    const wide = JSON.parse((await run(["rank", "--random", "10", "--cols", "200", "--json"])).stdout) as object;
    expect(wide).toMatchObject({ rows: 10, cols: 200, rank: rankModP(randomBits(10, 200, 0), 2) });
    for (const seed of [0, 1, 2, 3]) {
      expect(await randomRank(["45", "--cols", "37", "--seed", String(seed)])).toBe(
        rankModP(randomBits(45, 37, seed), 2),
      );
    }
  });

  it.each([
    [
      ["0"],
      "lightsout: --random expected an integer in 1..180942, got '0' (a matrix over GF(2) must fit in the memory limit (3.94 GiB) with room for its elimination: 180942 x 180942 bits is the largest)",
    ],
    [
      ["abc"],
      "lightsout: --random expected an integer in 1..180942, got 'abc' (a matrix over GF(2) must fit in the memory limit (3.94 GiB) with room for its elimination: 180942 x 180942 bits is the largest)",
    ],
    [
      ["-3"],
      "lightsout: --random expected an integer in 1..180942, got '-3' (a matrix over GF(2) must fit in the memory limit (3.94 GiB) with room for its elimination: 180942 x 180942 bits is the largest)",
    ],
    [
      ["1.5"],
      "lightsout: --random expected an integer in 1..180942, got '1.5' (a matrix over GF(2) must fit in the memory limit (3.94 GiB) with room for its elimination: 180942 x 180942 bits is the largest)",
    ],
    [
      ["99999999999"],
      "lightsout: --random expected an integer in 1..180942, got '99999999999' (a matrix over GF(2) must fit in the memory limit (3.94 GiB) with room for its elimination: 180942 x 180942 bits is the largest)",
    ],
    [
      ["400000", "--cols", "100000"],
      "lightsout: --random expected an integer in 1..327177, got '400000' (a matrix over GF(2) must fit in the memory limit (3.94 GiB) with room for its elimination: 327177 rows of 100000 bits are the most)",
    ],
    [
      ["50000", "--field", "3"],
      "lightsout: --random expected an integer in 1..32768, got '50000' (a matrix over GF(3) holds at most 2^30 entries: 32768 x 32768)",
    ],
    [["8", "--cols", "x"], "lightsout: --cols expected an integer in 1..1073741824, got 'x'"],
    [["8", "--cols", "99999999999"], "lightsout: --cols expected an integer in 1..1073741824, got '99999999999'"],
    [["8", "--seed", "1.5"], "lightsout: --seed expected an integer with |s| < 2^53, got '1.5'"],
  ])("exits 2 on --random %j", async (args, message) => {
    const result = await run(["rank", "--random", ...args]);
    expect(result.code).toBe(2);
    expect(oneLineError(result)).toBe(message);
  });

  it("exits 2 with one line, no stack trace, when the matrix is too large", async () => {
    const result = await run(["rank", "--random", "1000000"]);
    expect(result.code).toBe(2);
    const line = oneLineError(result);
    expect(line).toMatch(/^lightsout: --random expected an integer in 1\.\.180942, got '1000000' \(/);
    expect(line).not.toMatch(/\bat \S+:\d+:\d+/);
  });

  it("the largest --random that the message names is taken, one more is refused", async () => {
    // 327177 rows of 100000 bits fit; not run here (3.8 GiB): the refusal comes before anything is allocated
    const over = await run(["rank", "--random", "327178", "--cols", "100000"]);
    expect(over.code).toBe(2);
    expect(oneLineError(over)).toMatch(/expected an integer in 1\.\.327177, got '327178'/);
    const fits = await run(["rank", "--random", "40000", "--cols", "10", "--field", "3", "--json"]);
    expect(fits.code).toBe(0);
    expect(JSON.parse(fits.stdout)).toMatchObject({ rows: 40000, cols: 10, rank: 10 });
  });
});

describe("lightsout rank: bad input and usage", () => {
  it("ragged rows: exit 1, file:line:column", async () => {
    const result = await run(["rank", "ragged.txt"]);
    expect(result.code).toBe(1);
    expect(oneLineError(result)).toBe("lightsout: ragged.txt:2:4: expected 4 entries (like line 1), got 3");
  });

  it("a bad character: exit 1, file:line:column", async () => {
    const result = await run(["rank", "bad-char.txt"]);
    expect(result.code).toBe(1);
    expect(oneLineError(result)).toBe("lightsout: bad-char.txt:2:3: expected a digit 0 or 1, got 'x'");
  });

  it("names stdin as <stdin>", async () => {
    const result = await run(["rank", "-"], { input: "01\n0\n" });
    expect(result.code).toBe(1);
    expect(oneLineError(result)).toBe("lightsout: <stdin>:2:2: expected 2 entries (like line 1), got 1");
  });

  it("an empty file: exit 1", async () => {
    const result = await run(["rank", "empty.txt"]);
    expect(result.code).toBe(1);
    expect(oneLineError(result)).toBe("lightsout: empty.txt:1:1: expected at least one row of 0/1, got an empty file");
  });

  it("an unsupported MatrixMarket header: exit 1, names what is supported", async () => {
    const result = await run(["rank", "array.mtx"]);
    expect(result.code).toBe(1);
    expect(oneLineError(result)).toBe(
      "lightsout: array.mtx:1:23: expected format 'coordinate' (the only MatrixMarket format supported), got 'array'",
    );
  });

  it("a MatrixMarket file is limited by its nonzeros, not rows x cols: exit 1 past them, one line", async () => {
    // 10^10 entries, no nonzero: read sparse, rank 0
    const empty = "%%MatrixMarket matrix coordinate pattern general\n100000 100000 0\n";
    const ok = await run(["rank", "-", "--json"], { input: empty });
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ rows: 100000, cols: 100000, rank: 0, nullity: 100000 });
    const promised = "%%MatrixMarket matrix coordinate pattern general\n100000 100000 100000000000\n";
    const result = await run(["rank", "-"], { input: promised });
    expect(result.code).toBe(1);
    expect(oneLineError(result)).toMatch(
      /^lightsout: <stdin>:2:15: a sparse matrix expected at most [0-9,]+ nonzeros .*got 100,000,000,000 nonzeros$/,
    );
    // the dense route on a 200000 x 200000 file does not fit (4.66 GiB of bits): named, exit 1
    const huge = "%%MatrixMarket matrix coordinate pattern general\n200000 200000 0\n";
    const dense = await run(["rank", "-", "--method", "dense"], { input: huge });
    expect(dense.code).toBe(1);
    expect(oneLineError(dense)).toMatch(
      /^lightsout: <stdin>: the dense route for a 200000 x 200000 matrix needs .*use method 'structured' or 'auto'$/,
    );
  });

  it("--method structured on MatrixMarket and dense files: the dense route's rank, the route named", async () => {
    const mtx = await run(["rank", "graph-a.mtx", "--method", "structured"]);
    expect(mtx.code).toBe(0);
    expect(keyValues(mtx.stdout)).toMatchObject({ rank: "4", nullity: "2", method: "structured" });
    const text = await run(["rank", "-", "--method", "structured", "--json"], { input: "110\n011\n101\n" });
    expect(JSON.parse(text.stdout)).toMatchObject({
      rows: 3,
      cols: 3,
      rank: 2,
      nullity: 1,
      method: "structured",
      exact: true,
    });
    for (const method of ["auto", "dense", "m4ri", "ple", "naive"]) {
      expect((await rankOf(["graph-a.mtx", "--method", method])).rank).toBe(4);
    }
  });

  it("--edge-list: an edge list's incidence (rank vertices - components) or adjacency matrix; bad lines at line:column", async () => {
    // a triangle and an edge apart: 5 vertices, 2 components
    const edges = "# two components\n0 1\n1 2\n2 0\n3 4\n";
    expect(await rankOf(["-", "--edge-list", "incidence"], edges)).toEqual({ rows: 5, cols: 4, rank: 3, nullity: 1 });
    // the adjacency matrix of a triangle has rank 2 over GF(2); of an edge, 2
    expect(await rankOf(["-", "--edge-list", "adjacency"], edges)).toEqual({ rows: 5, cols: 5, rank: 4, nullity: 1 });
    const bad = await run(["rank", "-", "--edge-list", "incidence"], { input: "0 1\n1 x\n" });
    expect(bad.code).toBe(1);
    expect(oneLineError(bad)).toBe("lightsout: <stdin>:2:3: expected a vertex (an integer), got 'x'");
    const usage = await run(["rank", "-", "--edge-list", "laplacian"], { input: edges });
    expect(usage.code).toBe(2);
    expect(oneLineError(usage)).toBe("lightsout: --edge-list expected incidence or adjacency, got 'laplacian'");
  });

  it("--method wiedemann: block Wiedemann's rank, marked Monte Carlo with its guarantee", async () => {
    const result = await run(["rank", "graph-a.mtx", "--method", "wiedemann", "--json"]);
    expect(result.code).toBe(0);
    const json = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(json).toMatchObject({ rows: 6, cols: 6, rank: 4, nullity: 2, method: "wiedemann", exact: false });
    expect(json.rankAtMost).toBe(4);
    expect(json.guarantee).toMatch(/proven/);
    const text = await run(["rank", "graph-a.mtx", "--method", "wiedemann"]);
    expect(text.stdout).toMatch(/^method wiedemann \(Monte Carlo\)\nguarantee rank <= 4 proven/m);
  });

  it("a nonexistent file or a directory: exit 1", async () => {
    const missing = await run(["rank", "no-such-file.txt"]);
    expect(missing.code).toBe(1);
    expect(oneLineError(missing)).toBe("lightsout: cannot read 'no-such-file.txt': no such file or directory");
    const directory = await run(["rank", "."]);
    expect(directory.code).toBe(1);
    expect(oneLineError(directory)).toBe("lightsout: cannot read '.': it is a directory");
  });

  it("--field that is not a prime power below 2^31: exit 2 (other fields: rank-field.test.ts)", async () => {
    const bad = await run(["rank", "cycle3.txt", "--field", "6"]);
    expect(bad.code).toBe(2);
    expect(oneLineError(bad)).toBe(
      "lightsout: --field expected a prime power q = p^r below 2^31, written q or p^r (like 2, 4, 3^2 or 65521), got '6'",
    );
  });

  it("FILE and --random together, or --seed without --random: exit 2", async () => {
    const both = await run(["rank", "cycle3.txt", "--random", "4"]);
    expect(both.code).toBe(2);
    expect(oneLineError(both)).toBe("lightsout: expected a FILE or --random, got both ('cycle3.txt' and --random)");
    const seed = await run(["rank", "cycle3.txt", "--seed", "4"]);
    expect(seed.code).toBe(2);
    expect(oneLineError(seed)).toBe("lightsout: --seed expected --random alongside, got --seed alone");
  });

  it("shows stack traces, of the error and its cause, only with LIGHTSOUT_DEBUG=1", async () => {
    // a basis the library refuses (a RangeError, the cause) after its elimination
    const args = ["quiet", "--rows", "2", "--cols", "12000", "--torus", "--rule", "1,0;-1,0"];
    const plain = await run(args);
    expect(plain.stderr).not.toContain("    at ");
    const debug = await run(args, { env: { LIGHTSOUT_DEBUG: "1" } });
    expect(debug.code).toBe(2);
    const lines = debug.stderr.split("\n");
    expect(lines[0]).toBe(plain.stderr.trimEnd());
    expect(lines[1]).toMatch(/^CliError: --rows 2 --cols 12000 --torus --rule 1,0;-1,0: /);
    expect(debug.stderr).toMatch(/\ncaused by: RangeError: /);
    expect(debug.stderr).toContain("    at ");
  });
});

describe("lightsout rank: progress bar", () => {
  // LIGHTSOUT_PROGRESS_DELAY_MS=0: the first progress report draws, so these
  // tests see the bar whatever the machine's speed.
  const noDelay = { LIGHTSOUT_PROGRESS_DELAY_MS: "0" };
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the bar ends with "erase to the end of the line"
  const bar = /\recheloni[z]e \[[#-]+\] +\d+%\x1b\[K/;

  it("draws and erases the bar when stderr is a terminal, over GF(2) and GF(q)", async () => {
    for (const args of [
      ["--random", "300"],
      ["--random", "40", "--field", "3"],
    ]) {
      const result = await run(["rank", ...args], { env: noDelay, stderrIsTTY: true });
      expect(result.code).toBe(0);
      expect(result.stderr).toMatch(bar);
      expect(result.stderr.endsWith("\r\x1b[K")).toBe(true);
      expect(keyValues(result.stdout).rows).toBe(args[1]);
    }
  });

  it("draws no bar when stderr is not a terminal: plain lines, or nothing with LIGHTSOUT_PROGRESS=0", async () => {
    const result = await run(["rank", "--random", "300"], { env: noDelay });
    expect(result.code).toBe(0);
    for (const line of result.stderr.trimEnd().split("\n"))
      expect(line).toMatch(/^lightsout: echelonize: \d+%, \d+ s elapsed(, about \d+ s left)?$/);
    const off = await run(["rank", "--random", "300"], { env: { ...noDelay, LIGHTSOUT_PROGRESS: "0" } });
    expect(off.stderr).toBe("");
  });

  it("LIGHTSOUT_PROGRESS_DELAY_MS other than an integer >= 0: exit 2, one line", async () => {
    for (const value of ["-1", "abc", "1.5"]) {
      const result = await run(["rank", "--random", "8"], { env: { LIGHTSOUT_PROGRESS_DELAY_MS: value } });
      expect(result.code).toBe(2);
      expect(oneLineError(result)).toBe(
        `lightsout: LIGHTSOUT_PROGRESS_DELAY_MS expected an integer >= 0, got '${value}'`,
      );
    }
    expect((await run(["rank", "--random", "8"], { env: { LIGHTSOUT_PROGRESS_DELAY_MS: "" } })).code).toBe(0);
  });

  it("never writes a progress bar to a pipe (the binary): lines without escapes", () => {
    requireBuild();
    const result = runBinary(["rank", "--random", "300"], { env: noDelay });
    expect(result.code).toBe(0);
    expect(result.stderr.includes("\r") || result.stderr.includes("\u001b")).toBe(false);
    expect(result.stderr).toMatch(/^lightsout: echelonize: \d+%/);
    expect(runBinary(["rank", "--random", "300"], { env: { ...noDelay, LIGHTSOUT_PROGRESS: "0" } }).stderr).toBe("");
  });

  it("a sparse route reports its phases: lines on a pipe, a bar per phase on a terminal", async () => {
    const piped = await run(["rank", "graph-a.mtx", "--method", "structured"], { env: noDelay });
    expect(piped.code).toBe(0);
    expect(piped.stderr).toMatch(/^lightsout: structured: \d+%/m);
    if (!HAS_SCRIPT) return;
    requireBuild();
    const tty = runOnTerminal(["rank", join(FIXTURES, "graph-a.mtx"), "--method", "structured"], { env: noDelay });
    expect(tty.code).toBe(0);
    expect(tty.stdout).toMatch(/structured \[[#-]*\]/);
    expect(tty.stdout).toContain("method structured");
  });

  it.skipIf(!HAS_SCRIPT)("draws and then erases a bar on a terminal", () => {
    requireBuild();
    const result = runOnTerminal(["rank", "--random", "2000", "--seed", "1"], { env: noDelay });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(bar);
    // The bar is erased before the results are printed.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the erase sequence is what is tested
    expect(result.stdout).toMatch(/\r\x1b\[Krows 2000\r?\n/);
    expect(result.stdout).toContain("rank ");
  });
});

describe("lightsout rank: stdin", () => {
  it("without FILE, a terminal on stdin is a usage error (exit 2), not a wait", async () => {
    const result = await run(["rank"], { stdinIsTTY: true });
    expect(result.code).toBe(2);
    expect(oneLineError(result)).toBe(
      "lightsout: expected a FILE, '-' for stdin or --random N, got nothing (stdin is a terminal)",
    );
  });
});
