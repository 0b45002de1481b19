// `lightsout optimal --distribution`, in-process, against brute force.
import { describe, expect, it } from "vitest";
import { oneLineError, run } from "./_run.js";

/**
 * The distribution of fewest presses by brute force: every press vector over
 * Z_k (a press counted with its multiplicity), the board it makes from dark,
 * and the least weight per board; `changes(r, c)` lists the cells a press on
 * (r, c) changes, itself included.
 */
function bruteForce(
  rows: number,
  cols: number,
  k: number,
  changes: (r: number, c: number) => [number, number][],
): number[] {
  const cells = rows * cols;
  const targets = Array.from({ length: cells }, (_, j) =>
    changes(Math.floor(j / cols), j % cols).map(([r, c]) => r * cols + c),
  );
  const best = new Map<string, number>();
  const x = new Array<number>(cells).fill(0);
  for (let code = 0; code < k ** cells; code++) {
    for (let j = 0, rest = code; j < cells; j++, rest = Math.floor(rest / k)) x[j] = rest % k;
    const lights = new Array<number>(cells).fill(0);
    targets.forEach((cellsChanged, j) => {
      for (const t of cellsChanged) lights[t] = (lights[t]! + x[j]!) % k;
    });
    const key = lights.join(",");
    const weight = x.reduce((a, b) => a + b, 0);
    if (!(best.get(key)! <= weight)) best.set(key, weight);
  }
  const counts: number[] = [];
  for (const w of best.values()) counts[w] = (counts[w] ?? 0) + 1;
  return Array.from(counts, (n) => n ?? 0);
}

/** Neighbourhoods by offsets, cut at the edges or wrapped on a torus. */
function rule(offsets: [number, number][], rows: number, cols: number, torus = false) {
  return (r: number, c: number): [number, number][] =>
    offsets
      .map(([dr, dc]): [number, number] =>
        torus ? [(r + dr + rows) % rows, (c + dc + cols) % cols] : [r + dr, c + dc],
      )
      .filter(([rr, cc]) => rr >= 0 && rr < rows && cc >= 0 && cc < cols);
}
const PLUS: [number, number][] = [
  [0, 0],
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
];
const KING: [number, number][] = [-1, 0, 1].flatMap((dr) => [-1, 0, 1].map((dc): [number, number] => [dr, dc]));

/** The counts of `optimal ... --distribution --json`. */
async function counts(args: string[]): Promise<number[]> {
  const result = await run(["optimal", ...args, "--distribution", "--json"]);
  expect(result).toMatchObject({ code: 0, stderr: "" });
  return JSON.parse(result.stdout).counts;
}

const FIVE = [
  1, 25, 300, 2300, 12650, 53130, 176176, 467104, 982335, 1596279, 1935294, 1684446, 1004934, 383670, 82614, 7350,
];

/** Number of 1 bits of a 32-bit integer (sideways addition, Knuth TAOCP 7.1.3). */
function popcount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/**
 * The 5 x 5 distribution from the two quiet patterns (presses that change
 * nothing): the press sets making one board are x, x + q1, x + q2 and
 * x + q1 + q2. Cell 1 is lit in q1 only and cell 0 in q2 only, so each board
 * has exactly one press set with cells 0 and 1 unpressed: enumerate those
 * 2^23 and take the least weight of the four.
 */
function fiveByFive(): number[] {
  const mask = (pattern: string) => [...pattern].reduce((m, bit, i) => (bit === "1" ? m | (1 << i) : m), 0);
  const q1 = mask("0111010101110111010101110");
  const q2 = mask("1010110101000001010110101");
  expect([q1 & 3, q2 & 3]).toEqual([2, 1]);
  const counts = new Array<number>(26).fill(0);
  for (let v = 0; v < 2 ** 23; v++) {
    const x = v << 2;
    counts[Math.min(popcount(x), popcount(x ^ q1), popcount(x ^ q2), popcount(x ^ q1 ^ q2))]!++;
  }
  while (counts.at(-1) === 0) counts.pop();
  return counts;
}

describe("lightsout optimal --distribution", () => {
  it("prints the 5 x 5 table, one 'presses boards' line per count, as counted from the quiet patterns", async () => {
    const result = await run(["optimal", "--rows", "5", "--cols", "5", "--distribution"]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(fiveByFive()).toEqual(FIVE);
    expect(result.stdout).toBe(FIVE.map((n, p) => `${p} ${n}\n`).join(""));
  });

  it("--json gives {counts} indexed by press count: 4 x 4 against brute force", async () => {
    const result = await run(["optimal", "--rows", "4", "--cols", "4", "--distribution", "--json"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('{"counts":[1,16,120,560,1387,1440,540,32]}\n');
    expect(JSON.parse(result.stdout).counts).toEqual(bruteForce(4, 4, 2, rule(PLUS, 4, 4)));
  });

  it("takes --torus and --rule (against brute force); invertible grids give binomials, exactly past 2^53", async () => {
    expect(await counts(["--rows", "3", "--cols", "3", "--torus"])).toEqual(
      bruteForce(3, 3, 2, rule(PLUS, 3, 3, true)),
    );
    expect(await counts(["--rows", "3", "--cols", "5", "--rule", "king"])).toEqual(
      bruteForce(3, 5, 2, rule(KING, 3, 5)),
    );
    // 8 x 8 is invertible: each of the 2^64 press sets makes its own board, so p presses: C(64, p) boards
    const big = await run(["optimal", "--rows", "8", "--cols", "8", "--distribution"]);
    expect(big.code).toBe(0);
    let binomial = 1n;
    const expected: string[] = [];
    for (let p = 0; p <= 64; p++) {
      expected.push(`${p} ${binomial}\n`);
      binomial = (binomial * BigInt(64 - p)) / BigInt(p + 1);
    }
    expect(big.stdout).toBe(expected.join(""));
    expect(big.stdout.split("\n")[32]).toBe("32 1832624140942590534");
  });

  it("--states K: the 3 x 3 board over Z_3 and the 2 x 3 board over Z_4 against brute force", async () => {
    const z3 = await run(["optimal", "--rows", "3", "--cols", "3", "--states", "3", "--distribution", "--json"]);
    const json = JSON.parse(z3.stdout);
    expect(json.states).toBe(3);
    expect(json.counts).toEqual(bruteForce(3, 3, 3, rule(PLUS, 3, 3)));
    expect(json.counts.reduce((a: number, b: number) => a + b, 0)).toBe(3 ** 9); // invertible over Z_3
    const text = (await run(["optimal", "--rows", "2", "--cols", "3", "--states", "4", "--distribution"])).stdout;
    expect(text).toBe(
      bruteForce(2, 3, 4, rule(PLUS, 2, 3))
        .map((n, p) => `${p} ${n}\n`)
        .join(""),
    );
  });

  it("has --help with examples", async () => {
    const result = await run(["optimal", "--help"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("Usage: lightsout optimal [options]");
    expect(result.stdout).toContain("$ lightsout optimal --rows 5 --cols 5 --distribution");
  });

  it("usage errors are one line, exit 2", async () => {
    const cases: [string[], RegExp][] = [
      [["optimal", "--rows", "5", "--cols", "5"], /expected --distribution/],
      [["optimal", "--rows", "5", "--distribution"], /expected --rows R and --cols C, got no --cols/],
      [
        ["optimal", "--rows", "0", "--cols", "5", "--distribution"],
        /--rows expected an integer in 1\.\.268435456, got '0' \(a board has at most 2\^28 cells\)/,
      ],
      [
        ["optimal", "--rows", "100", "--cols", "100", "--distribution"],
        /^lightsout: --rows 100 --cols 100: a 100 x 100 board expected at most 4,096 cells, got 10,000 cells$/,
      ],
      [
        ["optimal", "--rows", "9", "--cols", "9", "--distribution"],
        /a 9 x 9 board of nullity 8 expected at most 64 cells \(when the nullity is not 0\), got 81 cells$/,
      ],
      [["optimal", "--rows", "5", "--cols", "5", "--rule", "queen", "--distribution"], /--rule/],
      [
        ["optimal", "--rows", "5", "--cols", "5", "--states", "3", "--distribution"],
        /expected k\^cells <= 2\^27, got 3\^25/,
      ],
    ];
    for (const [args, message] of cases) {
      const result = await run(args);
      expect(result.code).toBe(2);
      expect(oneLineError(result)).toMatch(message);
    }
  });
});
