import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { CLI, FIXTURES, keyValues, oneLineError, rankOf, requireBuild, run } from "./_run.js";

beforeAll(requireBuild);

/** The Lights Out matrix of the n x n grid (closed neighbourhoods), as dense text. */
function lightsOutMatrix(n: number): string {
  const lines: string[] = [];
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const row = new Array<number>(n * n).fill(0);
      for (const [di, dj] of [
        [0, 0],
        [1, 0],
        [-1, 0],
        [0, 1],
        [0, -1],
      ] as const) {
        const a = i + di;
        const b = j + dj;
        if (a >= 0 && a < n && b >= 0 && b < n) row[a * n + b] = 1;
      }
      lines.push(row.join(""));
    }
  }
  return `${lines.join("\n")}\n`;
}

describe("lightsout rank FILE", () => {
  it("prints rows, cols, rank, nullity and time of a dense file", () => {
    expect(rankOf(["cycle3.txt"])).toEqual({ rows: 3, cols: 3, rank: 2, nullity: 1 });
  });

  it("reads stdin with '-', and when FILE is left out", () => {
    const text = readFileSync(join(FIXTURES, "cycle3.txt"), "utf8");
    expect(rankOf(["-"], text)).toEqual({ rows: 3, cols: 3, rank: 2, nullity: 1 });
    expect(rankOf([], text)).toEqual({ rows: 3, cols: 3, rank: 2, nullity: 1 });
  });

  it("reads CRLF files with comments", () => {
    expect(rankOf(["crlf.txt"])).toEqual({ rows: 2, cols: 3, rank: 2, nullity: 1 });
  });

  it("reads MatrixMarket files, general integer (mod 2) and symmetric pattern", () => {
    expect(rankOf(["cycle3.mtx"])).toEqual({ rows: 3, cols: 3, rank: 2, nullity: 1 });
    // Seed example A of the mission: rank 4 on 6 vertices.
    expect(rankOf(["graph-a.mtx"])).toEqual({ rows: 6, cols: 6, rank: 4, nullity: 2 });
  });

  it("prints JSON with rows, cols, rank, nullity and ms", () => {
    const result = run(["rank", "identity4.txt", "--json"]);
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as Record<string, number>;
    expect(Object.keys(report)).toEqual(["rows", "cols", "rank", "nullity", "ms"]);
    expect(report).toMatchObject({ rows: 4, cols: 4, rank: 4, nullity: 0 });
    expect(report.ms).toBeGreaterThanOrEqual(0);
    expect(result.stdout.endsWith("}\n")).toBe(true);
  });

  it("accepts --field 2 and 2^1", () => {
    expect(rankOf(["cycle3.txt", "--field", "2"]).rank).toBe(2);
    expect(rankOf(["cycle3.txt", "--field", "2^1"]).rank).toBe(2);
  });
});

describe("lightsout rank: ranks known from mathematics", () => {
  it("identity: rank n", () => {
    expect(rankOf(["identity4.txt"])).toEqual({ rows: 4, cols: 4, rank: 4, nullity: 0 });
    const identity = (n: number) =>
      Array.from({ length: n }, (_, i) => `${"0".repeat(i)}1${"0".repeat(n - i - 1)}`).join("\n");
    for (const n of [1, 63, 64, 65, 130]) expect(rankOf(["-"], identity(n)).rank).toBe(n);
  });

  it("a repeated row does not add to the rank", () => {
    expect(rankOf(["repeated-row.txt"])).toEqual({ rows: 3, cols: 4, rank: 2, nullity: 2 });
    expect(rankOf(["-"], "1101\n1101\n1101\n").rank).toBe(1);
  });

  it("the 3-cycle 110/011/101 has rank 2", () => {
    expect(rankOf(["-"], "110\n011\n101\n").rank).toBe(2);
  });

  it("zero matrix: rank 0; all-ones: rank 1", () => {
    expect(rankOf(["-"], "000\n000\n")).toEqual({ rows: 2, cols: 3, rank: 0, nullity: 3 });
    expect(rankOf(["-"], "11111\n11111\n11111\n").rank).toBe(1);
  });

  it("Lights Out: 5x5 has rank 23 (nullity 2), 4x4 has nullity 4, 6x6 is invertible", () => {
    expect(rankOf(["-"], lightsOutMatrix(5))).toEqual({ rows: 25, cols: 25, rank: 23, nullity: 2 });
    expect(rankOf(["-"], lightsOutMatrix(4)).nullity).toBe(4);
    expect(rankOf(["-"], lightsOutMatrix(6)).nullity).toBe(0);
  });
});

describe("lightsout rank --random", () => {
  it("prints exactly rows, cols, rank and ms in JSON", () => {
    const result = run(["rank", "--random", "256", "--seed", "1", "--json"]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as Record<string, number>;
    expect(Object.keys(report).sort()).toEqual(["cols", "ms", "rank", "rows"]);
    expect(report.rows).toBe(256);
    expect(report.cols).toBe(256);
    expect(Number.isInteger(report.rank) && report.rank! <= 256 && report.rank! >= 250).toBe(true);
    expect(typeof report.ms === "number" && report.ms >= 0).toBe(true);
  });

  it("gives the same rank for the same seed", () => {
    const rankFor = (seed: string) =>
      (JSON.parse(run(["rank", "--random", "300", "--seed", seed, "--json"]).stdout) as { rank: number }).rank;
    expect(rankFor("1")).toBe(rankFor("1"));
    expect(rankFor("7")).toBe(rankFor("7"));
  });

  it("supports --cols, and prints the seed in text", () => {
    const result = run(["rank", "--random", "10", "--cols", "200", "--seed", "3"]);
    expect(result.code).toBe(0);
    const kv = keyValues(result.stdout);
    expect(Object.keys(kv)).toEqual(["rows", "cols", "seed", "rank", "nullity", "time"]);
    expect(kv).toMatchObject({ rows: "10", cols: "200", seed: "3", rank: "10", nullity: "190" });
    const wide = JSON.parse(run(["rank", "--random", "10", "--cols", "200", "--json"]).stdout) as object;
    expect(wide).toMatchObject({ rows: 10, cols: 200, rank: 10 });
  });

  it.each([
    [["0"], "lightsout: --random expected an integer >= 1, got '0'"],
    [["abc"], "lightsout: --random expected an integer >= 1, got 'abc'"],
    [["-3"], "lightsout: --random expected an integer >= 1, got '-3'"],
    [["1.5"], "lightsout: --random expected an integer >= 1, got '1.5'"],
    [["8", "--cols", "x"], "lightsout: --cols expected an integer >= 1, got 'x'"],
    [["8", "--seed", "1.5"], "lightsout: --seed expected an integer with |s| < 2^53, got '1.5'"],
  ])("exits 2 on --random %j", (args, message) => {
    const result = run(["rank", "--random", ...args]);
    expect(result.code).toBe(2);
    expect(oneLineError(result)).toBe(message);
  });

  it("exits 2 with one line, no stack trace, when the matrix is too large", () => {
    const result = run(["rank", "--random", "1000000"]);
    expect(result.code).toBe(2);
    const line = oneLineError(result);
    expect(line).toMatch(/^lightsout: --random 1000000: /);
    expect(line).toContain("1000000 x 1000000");
    expect(line).not.toMatch(/\bat \S+:\d+:\d+/);
  });
});

describe("lightsout rank: bad input and usage", () => {
  it("ragged rows: exit 1, file:line:column", () => {
    const result = run(["rank", "ragged.txt"]);
    expect(result.code).toBe(1);
    expect(oneLineError(result)).toBe("lightsout: ragged.txt:2:4: expected 4 entries (like line 1), got 3");
  });

  it("a bad character: exit 1, file:line:column", () => {
    const result = run(["rank", "bad-char.txt"]);
    expect(result.code).toBe(1);
    expect(oneLineError(result)).toBe("lightsout: bad-char.txt:2:3: expected a digit 0 or 1, got 'x'");
  });

  it("names stdin as <stdin>", () => {
    const result = run(["rank", "-"], { input: "01\n0\n" });
    expect(result.code).toBe(1);
    expect(oneLineError(result)).toBe("lightsout: <stdin>:2:2: expected 2 entries (like line 1), got 1");
  });

  it("an empty file: exit 1", () => {
    const result = run(["rank", "empty.txt"]);
    expect(result.code).toBe(1);
    expect(oneLineError(result)).toBe("lightsout: empty.txt:1:1: expected at least one row of 0/1, got an empty file");
  });

  it("an unsupported MatrixMarket header: exit 1, names what is supported", () => {
    const result = run(["rank", "array.mtx"]);
    expect(result.code).toBe(1);
    expect(oneLineError(result)).toBe(
      "lightsout: array.mtx:1:23: expected format 'coordinate' (the only MatrixMarket format supported), got 'array'",
    );
  });

  it("a MatrixMarket size over the limit: exit 1, one line", () => {
    const mtx = "%%MatrixMarket matrix coordinate pattern general\n100000 100000 0\n";
    const result = run(["rank", "-"], { input: mtx });
    expect(result.code).toBe(1);
    expect(oneLineError(result)).toBe(
      "lightsout: <stdin>:2:1: expected a matrix of at most 2147483648 entries, got 100000 x 100000 = 10000000000 entries",
    );
  });

  it("a nonexistent file or a directory: exit 1", () => {
    const missing = run(["rank", "no-such-file.txt"]);
    expect(missing.code).toBe(1);
    expect(oneLineError(missing)).toBe("lightsout: cannot read 'no-such-file.txt': no such file or directory");
    const directory = run(["rank", "."]);
    expect(directory.code).toBe(1);
    expect(oneLineError(directory)).toBe("lightsout: cannot read '.': it is a directory");
  });

  it("--field that is not a prime power below 2^31: exit 2 (other fields: rank-field.test.ts)", () => {
    const bad = run(["rank", "cycle3.txt", "--field", "6"]);
    expect(bad.code).toBe(2);
    expect(oneLineError(bad)).toBe(
      "lightsout: --field expected a prime power q = p^r below 2^31, written q or p^r (like 2, 4, 3^2 or 65521), got '6'",
    );
  });

  it("FILE and --random together, or --seed without --random: exit 2", () => {
    const both = run(["rank", "cycle3.txt", "--random", "4"]);
    expect(both.code).toBe(2);
    expect(oneLineError(both)).toBe("lightsout: expected a FILE or --random, got both ('cycle3.txt' and --random)");
    const seed = run(["rank", "cycle3.txt", "--seed", "4"]);
    expect(seed.code).toBe(2);
    expect(oneLineError(seed)).toBe("lightsout: --seed expected --random alongside, got --seed alone");
  });

  it("shows stack traces, of the error and its cause, only with LIGHTSOUT_DEBUG=1", () => {
    const plain = run(["rank", "--random", "1000000"]);
    expect(plain.stderr).not.toContain("    at ");
    const debug = run(["rank", "--random", "1000000"], { env: { LIGHTSOUT_DEBUG: "1" } });
    expect(debug.code).toBe(2);
    const lines = debug.stderr.split("\n");
    expect(lines[0]).toBe(plain.stderr.trimEnd());
    expect(lines[1]).toMatch(/^CliError: --random 1000000: /);
    expect(debug.stderr).toMatch(/\ncaused by: RangeError: /);
    expect(debug.stderr).toContain("    at ");
  });
});

describe("lightsout rank: progress bar", () => {
  it("never writes a progress bar to a pipe", () => {
    const result = run(["rank", "--random", "3000"]);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe("");
  });

  // util-linux `script` runs the CLI on a pseudo-terminal, where the bar shows.
  const hasScript = process.platform === "linux" && existsSync("/usr/bin/script");
  it.skipIf(!hasScript)("draws and then erases a bar on a terminal", () => {
    const command = `${JSON.stringify(process.execPath)} ${JSON.stringify(CLI)} rank --random 10000 --seed 1`;
    const result = spawnSync("/usr/bin/script", ["-qec", command, "/dev/null"], { encoding: "utf8", timeout: 60_000 });
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/\recheloni[z]e \[[#-]+\] +\d+%/);
    // The bar is erased before the results are printed.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the erase sequence is what is tested
    expect(result.stdout).toMatch(/\r\x1b\[Krows 10000\r?\n/);
    expect(result.stdout).toContain("rank ");
  });
});
