// `solve --states K` and `random --states K`, in-process; every answer is
// applied to its board with plain loops.
import { describe, expect, it } from "vitest";
import { applyPresses, isDark } from "./_reference.js";
import { oneLineError, run } from "./_run.js";

describe("lightsout solve --states K", () => {
  it("3 x 3 over Z_3: 211 / 112 / 021 is cleared by 000 / 122 / 200", async () => {
    const result = await run(["solve", "-", "--states", "3"], { input: "211\n112\n021\n" });
    expect(result).toMatchObject({ code: 0, stdout: "000\n122\n200\n" });
    expect(isDark(applyPresses(["211", "112", "021"], ["000", "122", "200"], { states: 3 }))).toBe(true);
  });

  it("a 4 x 4 board over Z_3 (rank 14) in JSON, with the keys of two-state boards", async () => {
    const lights = ["2222", "2012", "1111", "1110"];
    const json = JSON.parse(
      (await run(["solve", "-", "--states", "3", "--json"], { input: `${lights.join("\n")}\n` })).stdout,
    );
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
    expect(isDark(applyPresses(lights, json.presses, { states: 3 }))).toBe(true);
    // every one of the 9 solutions, 1001 / 0000 / 0020 / 2000 among them
    const all = (await run(["solve", "-", "--states", "3", "--all"], { input: `${lights.join("\n")}\n` })).stdout
      .trim()
      .split("\n\n");
    expect(all).toHaveLength(9);
    expect(all).toContain("1001\n0000\n0020\n2000");
    for (const x of all) expect(isDark(applyPresses(lights, x.split("\n"), { states: 3 }))).toBe(true);
  });

  it("--min: fewest presses counted with multiplicity", async () => {
    const lights = ["2222", "2012", "1111", "1110"];
    const json = JSON.parse(
      (await run(["solve", "-", "--states", "3", "--min", "--json"], { input: `${lights.join("\n")}\n` })).stdout,
    );
    expect(json).toMatchObject({ solvable: true, optimal: true, pressCount: 6, lowerBound: 6 });
    expect(isDark(applyPresses(lights, json.presses, { states: 3 }))).toBe(true);
    // all 3^2 solutions (rank 14 of 16), each checked, have at least 6 presses
    const weight = (presses: string[]) => [...presses.join("")].reduce((w, x) => w + Number(x), 0);
    expect(weight(json.presses)).toBe(6);
    const all = (await run(["solve", "-", "--states", "3", "--all"], { input: `${lights.join("\n")}\n` })).stdout
      .trim()
      .split("\n\n")
      .map((x) => x.split("\n"));
    expect(new Set(all.map((x) => x.join())).size).toBe(9);
    for (const x of all) expect(isDark(applyPresses(lights, x, { states: 3 }))).toBe(true);
    expect(Math.min(...all.map(weight))).toBe(6);
  });

  it("unsolvable boards: IMPOSSIBLE, and a proof y (y A = 0, y . b != 0) in JSON", async () => {
    const lights = ["1000", "0000", "0000", "0000"];
    expect(await run(["solve", "-", "--states", "3"], { input: `${lights.join("\n")}\n` })).toMatchObject({
      code: 0,
      stdout: "IMPOSSIBLE\n",
    });
    const json = JSON.parse(
      (await run(["solve", "-", "--states", "3", "--json"], { input: `${lights.join("\n")}\n` })).stdout,
    );
    expect(json).toMatchObject({ solvable: false, presses: null, solutions: "0" });
    const y: string[] = json.proof;
    // a quiet pattern (the 4 x 4 matrix is symmetric) with a non-zero sum against the lights
    expect(isDark(applyPresses(["0000", "0000", "0000", "0000"], y, { states: 3 }))).toBe(true);
    expect(Number(y[0]![0]) % 3).not.toBe(0);
  });

  it("states past 10: letters, and spaced numbers in; letters out", async () => {
    const random = await run(["random", "--rows", "4", "--cols", "5", "--states", "12", "--seed", "3"]);
    expect(random.code).toBe(0);
    const lights = random.stdout.trim().split("\n");
    expect(lights.join("")).toMatch(/^[0-9ab]{20}$/);
    const solved = await run(["solve", "-", "--states", "12"], { input: random.stdout });
    expect(solved.code).toBe(0);
    expect(isDark(applyPresses(lights, solved.stdout.trim().split("\n"), { states: 12 }))).toBe(true);
    const spaced = lights
      .map((row) =>
        row
          .split("")
          .map((ch) => parseInt(ch, 36))
          .join(" "),
      )
      .join("\n");
    expect((await run(["solve", "-", "--states", "12"], { input: `${spaced}\n` })).stdout).toBe(solved.stdout);
  });

  it("a large board solves by chasing (64 x 64 over Z_5)", async () => {
    const random = await run(["random", "--rows", "64", "--cols", "64", "--states", "5", "--seed", "9"]);
    const lights = random.stdout.trim().split("\n");
    const solved = await run(["solve", "-", "--states", "5"], { input: random.stdout });
    expect(solved.code).toBe(0);
    expect(isDark(applyPresses(lights, solved.stdout.trim().split("\n"), { states: 5 }))).toBe(true);
  });

  it("errors: a digit >= K with line:column, --states outside 2..2^31-1, two-state-only options", async () => {
    expect(oneLineError(await run(["solve", "-", "--states", "3"], { input: "210\n232\n" }))).toMatch(
      /<stdin>:2:2: expected a light 0\.\.2 or \. \(no cell\), got '3'/,
    );
    expect((await run(["solve", "-", "--states", "3"], { input: "210\n232\n" })).code).toBe(1);
    for (const k of ["1", "2147483648", "x"]) {
      const result = await run(["solve", "-", "--states", k], { input: "1\n" });
      expect(result.code).toBe(2);
      expect(oneLineError(result)).toMatch(/--states expected an integer in 2\.\.2147483647/);
    }
    expect(oneLineError(await run(["random", "--rows", "2", "--cols", "2", "--states", "2147483648"]))).toMatch(
      /--states expected an integer in 2\.\.2147483647/,
    );
    expect(
      oneLineError(await run(["solve", "-", "--states", "3", "--time-limit", "5", "--min"], { input: "1\n" })),
    ).toMatch(/--time-limit expected 2-state lights/);
    expect(
      oneLineError(await run(["solve", "-", "--states", "3", "--min", "--time-limit", "5"], { input: "1\n" })),
    ).toMatch(/--time-limit expected 2-state lights/);
    expect(oneLineError(await run(["chase-matrix", "5", "--states", "3"]))).toMatch(
      /--states 3 is not available for this command|unknown option/,
    );
    // --min beyond the enumeration bound: a usage error naming the number of solutions, the limit and the ways out
    const idle = (vertices: number) =>
      JSON.stringify({
        board: { kind: "graph", vertices, edges: [], selfToggle: false },
        lights: new Array(vertices).fill(0),
      });
    const min = await run(["solve", "-", "--states", "3", "--min"], { input: idle(13) });
    expect(min.code).toBe(2);
    expect(oneLineError(min)).toBe(
      "lightsout: --min with --states 3 on '<stdin>' (13 quiet generators) expected at most 1,048,576 solutions (past two states every solution is tried), got 1594323 solutions; drop --min for one solution, or list some with --all --limit N",
    );
    // past 2^256 the count is its power, and nothing is enumerated
    expect(oneLineError(await run(["solve", "-", "--states", "3", "--min"], { input: idle(300) }))).toMatch(
      /\(300 quiet generators\) expected at most 1,048,576 solutions .*, got 3\^300 solutions;/,
    );
    // at the bound it is answered: 3^12 = 531441 solutions
    expect((await run(["solve", "-", "--states", "3", "--min", "--json"], { input: idle(12) })).code).toBe(0);
  });

  it("--states 2 is the two-state game", async () => {
    expect((await run(["solve", "-", "--states", "2"], { input: "110\n100\n000\n" })).stdout).toBe(
      (await run(["solve", "-"], { input: "110\n100\n000\n" })).stdout,
    );
  });

  it("--explain chases over Z_K: the steps end dark and the solution clears the board", async () => {
    const input = "211\n112\n021\n";
    const text = await run(["solve", "-", "--states", "3", "--explain"], { input });
    expect(text.code).toBe(0);
    expect(text.stdout).toContain("chase: row 1's cells not at 0");
    expect(text.stdout).toContain("fix: press");
    const json = JSON.parse((await run(["solve", "-", "--states", "3", "--explain", "--json"], { input })).stdout);
    expect(json).toMatchObject({ solvable: true, states: 3 });
    expect(json.steps.at(-1).lights).toEqual(["000", "000", "000"]);
    expect(isDark(applyPresses(input.trim().split("\n"), json.solution, { states: 3 }))).toBe(true);
  });
});

describe("one solve path for 2 and K states", () => {
  const SUMMARY = [
    "solvable",
    "presses",
    "pressCount",
    "nullity",
    "rank",
    "solutions",
    "winnableBoards",
    "solutionsFactors",
    "winnableBoardsFactors",
    "optimal",
  ];

  it("solve --json: the same keys in the same order, states and quietCount past two, answers that clear the board", async () => {
    // winnable boards (from `random --seed 3`) and unwinnable ones (answered with a proof)
    for (const [k, lights] of [
      [2, ["0101", "0111", "0101", "0010"]],
      [3, ["1202", "2211", "2002", "1021"]],
      [5, ["0034", "3432", "1003", "4012"]],
      [2, ["1101", "0110", "1011", "0100"]],
      [3, ["2101", "0120", "1021", "2100"]],
    ] as const) {
      const input = `${lights.join("\n")}\n`;
      const json = JSON.parse((await run(["solve", "-", "--states", String(k), "--json"], { input })).stdout);
      const extra = k > 2 ? ["states", "quietCount", "quietCountFactors"] : [];
      const proofs = Object.keys(json).filter((key) => key === "proof" || key === "lastRowProof");
      expect(Object.keys(json)).toEqual([...SUMMARY, ...extra, ...proofs]);
      expect(json.solvable).toBe(proofs.length === 0);
      if (json.solvable) expect(isDark(applyPresses(lights, json.presses, { states: k }))).toBe(true);
      const min = JSON.parse((await run(["solve", "-", "--states", String(k), "--min", "--json"], { input })).stdout);
      if (!json.solvable) continue;
      expect(min).toMatchObject({ solvable: true, optimal: true, lowerBound: min.pressCount });
      expect(isDark(applyPresses(lights, min.presses, { states: k }))).toBe(true);
      // the fewest presses are no more than every one of the solutions --all lists
      const all = (await run(["solve", "-", "--states", String(k), "--all"], { input })).stdout.trim().split("\n\n");
      expect(BigInt(all.length)).toBe(BigInt(json.solutions));
      for (const x of all) {
        const rows = x.split("\n");
        expect(isDark(applyPresses(lights, rows, { states: k }))).toBe(true);
        expect([...rows.join("")].reduce((w, c) => w + parseInt(c, 36), 0)).toBeGreaterThanOrEqual(min.pressCount);
      }
    }
  });

  it("quiet --states K: every pattern changes nothing, for 2 and 3 states", async () => {
    for (const k of [2, 3]) {
      const json = JSON.parse(
        (await run(["quiet", "--rows", "4", "--cols", "4", "--states", String(k), "--json"])).stdout,
      );
      expect(json.nullity).toBe(k === 2 ? 4 : 2);
      expect(json.patterns).toHaveLength(json.nullity);
      for (const q of json.patterns as string[][])
        expect(isDark(applyPresses(["0000", "0000", "0000", "0000"], q, { states: k }))).toBe(true);
    }
  });
});
