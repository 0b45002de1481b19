// `solve --states K` and `random --states K` through the built binary.
import { beforeAll, describe, expect, it } from "vitest";
import { oneLineError, requireBuild, run } from "./_run.js";

beforeAll(requireBuild);

const DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz";

/** Applies a press grid to a lights grid over Z_k (plus rule), with plain loops. */
function applyGrid(lights: string[], presses: string[], k: number): string[] {
  const rows = lights.length,
    cols = lights[0]!.length;
  const out = lights.map((r) => r.split("").map((ch) => DIGITS.indexOf(ch)));
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const x = DIGITS.indexOf(presses[r]![c]!);
      for (const [dr, dc] of [
        [0, 0],
        [1, 0],
        [-1, 0],
        [0, 1],
        [0, -1],
      ] as const) {
        const row = out[r + dr];
        if (row && c + dc >= 0 && c + dc < cols) row[c + dc] = (row[c + dc]! + x) % k;
      }
    }
  }
  return out.map((r) => r.map((v) => DIGITS[v]).join(""));
}

const dark = (grid: string[]) => grid.every((row) => /^0+$/.test(row));

describe("lightsout solve --states K", () => {
  it("3 x 3 over Z_3: 211 / 112 / 021 is cleared by 000 / 122 / 200", () => {
    const result = run(["solve", "-", "--states", "3"], { input: "211\n112\n021\n" });
    expect(result).toMatchObject({ code: 0, stdout: "000\n122\n200\n" });
  });

  it("4 x 4 over Z_3 (rank 14) in JSON, with the keys of two-state boards", () => {
    const lights = ["2222", "2012", "1111", "1110"];
    const json = JSON.parse(run(["solve", "-", "--states", "3", "--json"], { input: `${lights.join("\n")}\n` }).stdout);
    expect(Object.keys(json)).toEqual(
      expect.arrayContaining([
        "solvable",
        "presses",
        "pressCount",
        "nullity",
        "rank",
        "solutions",
        "winnableBoards",
        "optimal",
      ]),
    );
    expect(json).toMatchObject({
      solvable: true,
      rank: 14,
      nullity: 2,
      solutions: "9",
      winnableBoards: String(3 ** 14),
      states: 3,
      optimal: null,
    });
    expect(dark(applyGrid(lights, json.presses, 3))).toBe(true);
    // every one of the 9 solutions, and the known one among them
    const all = run(["solve", "-", "--states", "3", "--all"], { input: `${lights.join("\n")}\n` })
      .stdout.trim()
      .split("\n\n");
    expect(all).toHaveLength(9);
    expect(all).toContain("1001\n0000\n0020\n2000");
    for (const x of all) expect(dark(applyGrid(lights, x.split("\n"), 3))).toBe(true);
  });

  it("--min: fewest presses counted with multiplicity", () => {
    const lights = ["2222", "2012", "1111", "1110"];
    const json = JSON.parse(
      run(["solve", "-", "--states", "3", "--min", "--json"], { input: `${lights.join("\n")}\n` }).stdout,
    );
    expect(json).toMatchObject({ solvable: true, optimal: true, pressCount: 6, lowerBound: 6 });
    expect(dark(applyGrid(lights, json.presses, 3))).toBe(true);
  });

  it("unsolvable boards: IMPOSSIBLE, and a proof y (y A = 0, y . b != 0) in JSON", () => {
    const lights = ["1000", "0000", "0000", "0000"];
    expect(run(["solve", "-", "--states", "3"], { input: `${lights.join("\n")}\n` })).toMatchObject({
      code: 0,
      stdout: "IMPOSSIBLE\n",
    });
    const json = JSON.parse(run(["solve", "-", "--states", "3", "--json"], { input: `${lights.join("\n")}\n` }).stdout);
    expect(json).toMatchObject({ solvable: false, presses: null, solutions: "0" });
    const y: string[] = json.proof;
    // a quiet pattern (the 4 x 4 matrix is symmetric) with a non-zero sum against the lights
    expect(dark(applyGrid(["0000", "0000", "0000", "0000"], y, 3))).toBe(true);
    expect(Number(y[0]![0]) % 3).not.toBe(0);
  });

  it("states past 10: letters, and spaced numbers in; letters out", () => {
    const random = run(["random", "--rows", "4", "--cols", "5", "--states", "12", "--seed", "3"]);
    expect(random.code).toBe(0);
    const lights = random.stdout.trim().split("\n");
    expect(lights.join("")).toMatch(/^[0-9ab]{20}$/);
    const solved = run(["solve", "-", "--states", "12"], { input: random.stdout });
    expect(solved.code).toBe(0);
    expect(dark(applyGrid(lights, solved.stdout.trim().split("\n"), 12))).toBe(true);
    const spaced = lights
      .map((row) =>
        row
          .split("")
          .map((ch) => DIGITS.indexOf(ch))
          .join(" "),
      )
      .join("\n");
    expect(run(["solve", "-", "--states", "12"], { input: `${spaced}\n` }).stdout).toBe(solved.stdout);
  });

  it("a large board solves by chasing (64 x 64 over Z_5)", () => {
    const random = run(["random", "--rows", "64", "--cols", "64", "--states", "5", "--seed", "9"]);
    const lights = random.stdout.trim().split("\n");
    const solved = run(["solve", "-", "--states", "5"], { input: random.stdout });
    expect(solved.code).toBe(0);
    expect(dark(applyGrid(lights, solved.stdout.trim().split("\n"), 5))).toBe(true);
  });

  it("errors: a digit >= K with line:column, --states outside 2..36, two-state-only options", () => {
    expect(oneLineError(run(["solve", "-", "--states", "3"], { input: "210\n232\n" }))).toMatch(
      /<stdin>:2:2: expected a light 0\.\.2 or \. \(no cell\), got "3"/,
    );
    expect(run(["solve", "-", "--states", "3"], { input: "210\n232\n" }).code).toBe(1);
    for (const k of ["1", "37", "x"]) {
      const result = run(["solve", "-", "--states", k], { input: "1\n" });
      expect(result.code).toBe(2);
      expect(oneLineError(result)).toMatch(/--states expected an integer in 2\.\.36/);
    }
    expect(oneLineError(run(["random", "--rows", "2", "--cols", "2", "--states", "37"]))).toMatch(
      /--states expected an integer in 2\.\.36/,
    );
    expect(oneLineError(run(["solve", "-", "--states", "3", "--time-limit", "5", "--min"], { input: "1\n" }))).toMatch(
      /--time-limit expected 2-state lights/,
    );
    expect(oneLineError(run(["solve", "-", "--states", "3", "--min", "--time-limit", "5"], { input: "1\n" }))).toMatch(
      /--time-limit expected 2-state lights/,
    );
    expect(oneLineError(run(["chase-matrix", "5", "--states", "3"]))).toMatch(
      /--states 3 is not available for this command|unknown option/,
    );
    // --min beyond the enumeration bound names the number of solutions
    const idle = JSON.stringify({
      board: { kind: "graph", vertices: 13, edges: [], selfToggle: false },
      lights: new Array(13).fill(0),
    });
    const min = run(["solve", "-", "--states", "3", "--min"], { input: idle });
    expect(min.code).toBe(1);
    expect(oneLineError(min)).toMatch(
      /--min: fewest presses expected at most 1048576 solutions to enumerate, got 1594323/,
    );
  });

  it("--states 2 is the two-state game", () => {
    expect(run(["solve", "-", "--states", "2"], { input: "110\n100\n000\n" }).stdout).toBe(
      run(["solve", "-"], { input: "110\n100\n000\n" }).stdout,
    );
  });

  it("--explain chases over Z_K: the steps end dark and the solution clears the board", () => {
    const input = "211\n112\n021\n";
    const text = run(["solve", "-", "--states", "3", "--explain"], { input });
    expect(text.code).toBe(0);
    expect(text.stdout).toContain("chase: row 1's cells not at 0");
    expect(text.stdout).toContain("fix: press");
    const json = JSON.parse(run(["solve", "-", "--states", "3", "--explain", "--json"], { input }).stdout);
    expect(json).toMatchObject({ solvable: true, states: 3 });
    expect(json.steps.at(-1).lights).toEqual(["000", "000", "000"]);
    // the solution, applied by hand (plus rule, mod 3), clears the board
    const lights = input
      .trim()
      .split("\n")
      .map((r) => [...r].map(Number));
    const x = (json.solution as string[]).map((r) => [...r].map(Number));
    for (let r = 0; r < 3; r++) {
      for (let c = 0; c < 3; c++) {
        let v = lights[r]![c]! + x[r]![c]!;
        for (const [dr, dc] of [
          [-1, 0],
          [1, 0],
          [0, -1],
          [0, 1],
        ])
          v += x[r + dr!]?.[c + dc!] ?? 0;
        expect(v % 3).toBe(0);
      }
    }
  });
});
