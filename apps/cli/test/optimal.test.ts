import { describe, expect, it } from "vitest";
import { oneLineError, run } from "./_run.js";

const FIVE = [
  1, 25, 300, 2300, 12650, 53130, 176176, 467104, 982335, 1596279, 1935294, 1684446, 1004934, 383670, 82614, 7350,
];

describe("lightsout optimal --distribution", () => {
  it("prints the 5 x 5 table, one 'presses boards' line per count, summing to 2^23", async () => {
    const result = await run(["optimal", "--rows", "5", "--cols", "5", "--distribution"]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const lines = result.stdout
      .trimEnd()
      .split("\n")
      .map((line) => line.split(" ").map(Number));
    expect(lines.map(([p]) => p)).toEqual(FIVE.map((_, p) => p));
    expect(lines.map(([, n]) => n)).toEqual(FIVE);
    expect(FIVE.reduce((a, b) => a + b, 0)).toBe(2 ** 23);
    expect(result.stdout).toBe(FIVE.map((n, p) => `${p} ${n}\n`).join(""));
  });

  it("--json gives {counts} indexed by press count", async () => {
    const result = await run(["optimal", "--rows", "4", "--cols", "4", "--distribution", "--json"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('{"counts":[1,16,120,560,1387,1440,540,32]}\n');
    expect(JSON.parse(result.stdout).counts.reduce((a: number, b: number) => a + b, 0)).toBe(2 ** 12);
  });

  it("takes --torus and --rule; invertible grids give binomials, exactly even past 2^53", async () => {
    const torus = await run(["optimal", "--rows", "3", "--cols", "3", "--torus", "--distribution", "--json"]);
    expect(torus.code).toBe(0);
    const counts: number[] = JSON.parse(torus.stdout).counts;
    expect(counts.reduce((a, b) => a + b, 0)).toBe(2 ** 5); // 3 x 3 torus: rank 5, nullity 4 (brute-forced in core's tests)
    const king = await run(["optimal", "--rows", "3", "--cols", "5", "--rule", "king", "--distribution", "--json"]);
    expect(king.code).toBe(0);
    expect(JSON.parse(king.stdout).counts.length).toBeGreaterThan(1);
    const big = await run(["optimal", "--rows", "8", "--cols", "8", "--distribution"]);
    expect(big.code).toBe(0);
    expect(big.stdout.split("\n")[32]).toBe("32 1832624140942590534");
  });

  it("--states K: the 3 x 3 board over Z_3 (invertible: all 3^9 boards) and the 2 x 3 board over Z_4 against brute force", async () => {
    const json = JSON.parse(
      (await run(["optimal", "--rows", "3", "--cols", "3", "--states", "3", "--distribution", "--json"])).stdout,
    );
    expect(json.states).toBe(3);
    expect(json.counts.reduce((a: number, b: number) => a + b, 0)).toBe(3 ** 9);
    // brute force: every press vector over Z_4 on 2 x 3, the least weight per board
    const best = new Map<string, number>();
    for (let code = 0; code < 4 ** 6; code++) {
      const x = Array.from({ length: 6 }, (_, i) => Math.floor(code / 4 ** i) % 4);
      const lights = Array.from({ length: 6 }, (_, i) => {
        const [r, c] = [Math.floor(i / 3), i % 3];
        let v = 0;
        for (let j = 0; j < 6; j++) {
          const [rr, cc] = [Math.floor(j / 3), j % 3];
          if (Math.abs(r - rr) + Math.abs(c - cc) <= 1) v += x[j]!;
        }
        return v % 4;
      });
      const key = lights.join("");
      const w = x.reduce((a, b) => a + b, 0);
      if (!best.has(key) || best.get(key)! > w) best.set(key, w);
    }
    const expected: number[] = [];
    for (const w of best.values()) expected[w] = (expected[w] ?? 0) + 1;
    const text = (await run(["optimal", "--rows", "2", "--cols", "3", "--states", "4", "--distribution"])).stdout;
    expect(text).toBe(Array.from(expected, (v, p) => `${p} ${v ?? 0}\n`).join(""));
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
      [["optimal", "--rows", "0", "--cols", "5", "--distribution"], /--rows expected an integer >= 1, got '0'/],
      [["optimal", "--rows", "9", "--cols", "9", "--distribution"], /at most 64 cells when the nullity is not 0/],
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
