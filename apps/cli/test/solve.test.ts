// `solve`, `quiet` and `random`, in-process. Every answer is checked by
// applying it to the board with plain loops.
import { describe, expect, it } from "vitest";
import { applyPresses, isDark, plusMatrix, rankModP } from "./_reference.js";
import { oneLineError, run } from "./_run.js";

/** The two quiet patterns of the 5 x 5 board (presses that change nothing), checked below. */
const QUIET_5X5 = [
  ["01110", "10101", "11011", "10101", "01110"],
  ["10101", "10101", "00000", "10101", "10101"],
];

/** Parity of the lights a pattern covers: a board is winnable iff it is even for every quiet pattern. */
const overlap = (lights: string[], pattern: string[]) =>
  lights
    .join("")
    .split("")
    .filter((bit, i) => bit === "1" && pattern.join("")[i] === "1").length % 2;

describe("lightsout solve", () => {
  it("solves a text board and the presses switch it off", async () => {
    const lights = ["10000", "11000", "00100", "00011", "00001"];
    const result = await run(["solve", "-"], { input: `# a comment\n${lights.join("\n")}\n` });
    expect(result.code).toBe(0);
    const presses = result.stdout.trim().split("\n");
    expect(isDark(applyPresses(lights, presses))).toBe(true);
  });

  it("prints IMPOSSIBLE (exit 0) and a proof with --json", async () => {
    const text = await run(["solve", "-"], { input: "10000\n00000\n00000\n00000\n00000\n" });
    expect(text).toMatchObject({ code: 0, stdout: "IMPOSSIBLE\n" });
    const lights = ["10000", "00000", "00000", "00000", "00000"];
    const json = JSON.parse((await run(["solve", "-", "--json"], { input: `${lights.join("\n")}\n` })).stdout);
    expect(json).toMatchObject({ solvable: false, presses: null, nullity: 2, solutions: "0", optimal: null });
    // the proof: presses that change nothing, covering an odd number of lights
    expect(json.proof).toHaveLength(5);
    expect(isDark(applyPresses(new Array(5).fill("00000"), json.proof))).toBe(true);
    expect(overlap(lights, json.proof)).toBe(1);
  });

  it("--json has the contract's keys; counts are decimal strings", async () => {
    const json = JSON.parse(
      (await run(["solve", "-", "--json"], { input: "11111\n11111\n11111\n11111\n11111\n" })).stdout,
    );
    expect(Object.keys(json)).toEqual(
      expect.arrayContaining(["solvable", "presses", "pressCount", "nullity", "solutions", "optimal"]),
    );
    expect(json).toMatchObject({ solvable: true, nullity: 2, rank: 23, solutions: "4", winnableBoards: "8388608" });
    expect(isDark(applyPresses(new Array(5).fill("11111"), json.presses))).toBe(true);
  });

  it("--json counts: exact decimals up to 2^256, prime powers beyond, and [{prime, exponent}] lists always", async () => {
    // 16 x 16 all on: rank 248, 2^248 winnable boards (decimal); 4 x 4 unsolvable: no solutions
    const small = JSON.parse((await run(["solve", "-", "--json"], { input: `${"1".repeat(16)}\n`.repeat(16) })).stdout);
    expect(small).toMatchObject({ nullity: 8, rank: 248, solutions: "256", winnableBoards: (1n << 248n).toString() });
    expect(small.solutionsFactors).toEqual([{ prime: 2, exponent: 8 }]);
    expect(small.winnableBoardsFactors).toEqual([{ prime: 2, exponent: 248 }]);
    const none = JSON.parse((await run(["solve", "-", "--json"], { input: "1000\n0000\n0000\n0000\n" })).stdout);
    expect(none).toMatchObject({ solutions: "0", solutionsFactors: null, winnableBoards: "4096" });
    // 281 x 281 all on (nullity 2): 2^78959 winnable boards (23,769 digits) as a power; the JSON is the presses and a few keys
    const big = await run(["solve", "-", "--json"], { input: `${"1".repeat(281)}\n`.repeat(281) });
    const json = JSON.parse(big.stdout);
    expect(json).toMatchObject({ nullity: 2, rank: 78_959, solutions: "4", winnableBoards: "2^78959" });
    expect(json.winnableBoardsFactors).toEqual([{ prime: 2, exponent: 78_959 }]);
    expect(big.stdout.length).toBeLessThan(281 * 284 + 400);
    // a graph whose every press is quiet: 2^300 solutions; over Z_6, 6^300 = 2^300 * 3^300
    const graph = (states: number) =>
      run(["solve", "-", "--json", "--states", String(states)], {
        input: JSON.stringify({
          board: { kind: "graph", vertices: 300, edges: [], selfToggle: false },
          lights: new Array(300).fill(0),
        }),
      });
    expect(JSON.parse((await graph(2)).stdout)).toMatchObject({
      solutions: "2^300",
      solutionsFactors: [{ prime: 2, exponent: 300 }],
      winnableBoards: "1",
      winnableBoardsFactors: [],
    });
    expect(JSON.parse((await graph(6)).stdout)).toMatchObject({
      solutions: "2^300*3^300",
      quietCount: "2^300*3^300",
      quietCountFactors: [
        { prime: 2, exponent: 300 },
        { prime: 3, exponent: 300 },
      ],
    });
  });

  it("--min: fewest presses, exact by enumeration, by integer programming beyond", async () => {
    const json = JSON.parse(
      (await run(["solve", "-", "--min", "--json"], { input: "11111\n11111\n11111\n11111\n11111\n" })).stdout,
    );
    expect(json).toMatchObject({ solvable: true, pressCount: 15, optimal: true });
    expect(isDark(applyPresses(new Array(5).fill("11111"), json.presses))).toBe(true);
    // the board's four solutions: this one plus each combination of the quiet patterns; 15 is the least weight
    const bits = (grid: string[]) => [...grid.join("")].map(Number);
    const [q1, q2] = QUIET_5X5.map(bits) as [number[], number[]];
    const weights = [0, 1, 2, 3].map((m) =>
      bits(json.presses).reduce((w, x, i) => w + (x ^ (m & 1 ? q1[i]! : 0) ^ (m & 2 ? q2[i]! : 0)), 0),
    );
    expect(Math.min(...weights)).toBe(15);
    expect(weights).toContain(bits(json.presses).reduce((a, b) => a + b, 0));
    // 40 switches wired to nothing: nullity 40, past enumeration, so HiGHS answers
    const idle = JSON.stringify({
      board: { kind: "graph", vertices: 40, edges: [], selfToggle: false },
      lights: new Array(40).fill(0),
    });
    const ilp = JSON.parse((await run(["solve", "-", "--min", "--json"], { input: idle })).stdout);
    expect(ilp).toMatchObject({ solvable: true, nullity: 40, pressCount: 0, optimal: true, lowerBound: 0 });
    expect((await run(["solve", "-", "--time-limit", "3"], { input: "1\n" })).code).toBe(2);
    expect((await run(["solve", "-", "--min", "--all"], { input: "1\n" })).code).toBe(2);
  });

  it("--explain: the light-chasing trace ends dark, or says IMPOSSIBLE", async () => {
    const lights = ["01101", "10010", "11111", "00100", "01010"];
    // winnable: the board covers an even number of lights of each quiet pattern
    expect(QUIET_5X5.map((pattern) => overlap(lights, pattern))).toEqual([0, 0]);
    const json = JSON.parse(
      (await run(["solve", "-", "--explain", "--json"], { input: `${lights.join("\n")}\n` })).stdout,
    );
    expect(json.solvable).toBe(true);
    expect(json.steps.at(-1).lights.join("")).toMatch(/^0+$/);
    expect(isDark(applyPresses(lights, json.solution))).toBe(true);
    expect(json.steps.map((s: { phase: string }) => s.phase)).toEqual(
      expect.arrayContaining(["chase", "last-row", "fix"]),
    );
    const text = (await run(["solve", "-", "--explain"], { input: "10000\n00000\n00000\n00000\n00000\n" })).stdout;
    expect(text).toMatch(/IMPOSSIBLE\n$/);
    expect(text).toMatch(/^chase: row 1's lit cells, 1 press in row 2\n/);
    expect(oneLineError(await run(["solve", "-", "--explain", "--torus"], { input: "11\n11\n" }))).toMatch(
      /--explain expected a plain rectangle/,
    );
  });

  it("--all lists every solution; --limit caps them with a note", async () => {
    const lights = "1111\n1111\n1111\n1111\n";
    const all = (await run(["solve", "-", "--all"], { input: lights })).stdout.trim().split("\n\n");
    expect(all).toHaveLength(16);
    expect(new Set(all).size).toBe(16);
    for (const p of all) expect(isDark(applyPresses(lights.trim().split("\n"), p.split("\n")))).toBe(true);
    const some = await run(["solve", "-", "--all", "--limit", "3"], { input: lights });
    expect(some.stdout.trim().split("\n\n")).toHaveLength(3);
    expect(some.stderr).toBe("lightsout: showing 3 of 16 solutions (--limit)\n");
    // past 2^256 solutions the note has their power, not a decimal of 91 digits
    const quiet = JSON.stringify({
      board: { kind: "graph", vertices: 300, edges: [], selfToggle: false },
      lights: new Array(300).fill(0),
    });
    const many = await run(["solve", "-", "--all", "--limit", "2"], { input: quiet });
    expect(many.stdout.trim().split("\n\n")).toHaveLength(2);
    expect(many.stderr).toBe("lightsout: showing 2 of 2^300 solutions (--limit)\n");
  });

  it("irregular boards, the torus and JSON boards", async () => {
    const masked = await run(["solve", "-"], { input: ".1.\n111\n.1.\n" });
    expect(masked.stdout).toBe(".0.\n010\n.0.\n");
    // Sutner: the all-on board is winnable on every graph, the torus included
    const torus = await run(["solve", "-", "--torus"], { input: "1111\n1111\n1111\n" });
    expect(isDark(applyPresses(["1111", "1111", "1111"], torus.stdout.trim().split("\n"), { torus: true }))).toBe(true);
    expect((await run(["solve", "-", "--torus"], { input: "100\n000\n000\n" })).stdout).toBe("IMPOSSIBLE\n");
    // IMPOSSIBLE by brute force: none of the 512 press sets of the 3 x 3 torus clears it
    for (let code = 0; code < 512; code++) {
      const presses = ["", "", ""].map((_, r) => [0, 1, 2].map((c) => (code >> (3 * r + c)) & 1).join(""));
      expect(isDark(applyPresses(["100", "000", "000"], presses, { torus: true }))).toBe(false);
    }
    const graph = {
      board: {
        kind: "graph",
        vertices: 6,
        edges: [
          [0, 1],
          [1, 2],
          [1, 3],
          [2, 4],
          [3, 4],
          [4, 5],
        ],
      },
      lights: [1, 1, 0, 0, 1, 1],
    };
    const json = JSON.parse((await run(["solve", "-", "--json"], { input: JSON.stringify(graph) })).stdout);
    expect(json).toMatchObject({ solvable: true, nullity: 2, rank: 4, solutions: "4" });
    // a press flips its vertex and the vertex's neighbours
    const lights = [...graph.lights];
    [...(json.presses as string)].forEach((press, v) => {
      if (press !== "1") return;
      lights[v]! ^= 1;
      for (const [a, b] of graph.board.edges) if (a === v || b === v) lights[a === v ? b! : a!]! ^= 1;
    });
    expect(lights).toEqual([0, 0, 0, 0, 0, 0]);
  });

  it("bad input: one line with file:line:column, exit 1; usage errors exit 2", async () => {
    const ragged = await run(["solve", "-"], { input: "101\n10\n" });
    expect(ragged.code).toBe(1);
    expect(oneLineError(ragged)).toBe("lightsout: <stdin>:2:3: expected 3 cells (like line 1), got 2");
    const bad = await run(["solve", "-"], { input: "101\n1x1\n" });
    expect(oneLineError(bad)).toBe("lightsout: <stdin>:2:2: expected a light 0..1 or . (no cell), got 'x'");
    expect(oneLineError(await run(["solve", "-"], { input: "# nothing\n" }))).toMatch(
      /<stdin>:1:1: expected at least one row of lights/,
    );
    expect(oneLineError(await run(["solve", "-"], { input: '{"board": {"kind": "grid", "rows": 0}}' }))).toMatch(
      /"rows" expected an integer/,
    );
    const rule = await run(["solve", "-", "--rule", "queen"], { input: "1\n" });
    expect(rule.code).toBe(2);
    expect(oneLineError(rule)).toMatch(
      /--rule expected plus, x, king, knight, or offsets dr,dc separated by ';' \(like '-1,0;1,0;0,-1;0,1'/,
    );
    expect((await run(["solve", "-", "--limit", "3"], { input: "1\n" })).code).toBe(2);
  });
});

describe("lightsout quiet", () => {
  it("5 x 5: the two quiet patterns, which change nothing", async () => {
    const result = await run(["quiet", "--rows", "5", "--cols", "5"]);
    expect(result.stdout).toBe(`nullity 2\n${QUIET_5X5.map((pattern) => `${pattern.join("\n")}\n`).join("\n")}`);
    for (const pattern of QUIET_5X5) expect(isDark(applyPresses(new Array(5).fill("00000"), pattern))).toBe(true);
  });

  it("--json, and an invertible board", async () => {
    expect(JSON.parse((await run(["quiet", "--rows", "6", "--cols", "6", "--json"])).stdout)).toEqual({
      rows: 6,
      cols: 6,
      nullity: 0,
      patterns: [],
    });
    // 4 x 4: a basis of the quiet patterns, as many as 16 - rank of the Lights Out matrix
    const four = JSON.parse((await run(["quiet", "--rows", "4", "--cols", "4", "--json"])).stdout);
    expect(16 - rankModP(plusMatrix(4, 4), 2)).toBe(4);
    expect(four.nullity).toBe(4);
    expect(four.patterns).toHaveLength(4);
    for (const p of four.patterns) expect(isDark(applyPresses(new Array(4).fill("0000"), p))).toBe(true);
    expect(
      rankModP(
        four.patterns.map((p: string[]) => [...p.join("")].map(Number)),
        2,
      ),
    ).toBe(4);
    expect((await run(["quiet", "--rows", "4"])).code).toBe(2);
  });
});

describe("lightsout quiet --states K", () => {
  /** True when the presses change nothing over Z_k. */
  const quiet = (presses: string[], k: number) =>
    isDark(
      applyPresses(
        presses.map((row) => "0".repeat(row.length)),
        presses,
        { states: k },
      ),
    );

  it("4 x 4 over Z_3: rank 14, so two generators, each changing nothing", async () => {
    const json = JSON.parse((await run(["quiet", "--rows", "4", "--cols", "4", "--states", "3", "--json"])).stdout);
    expect(rankModP(plusMatrix(4, 4), 3)).toBe(14);
    expect(json).toMatchObject({ rows: 4, cols: 4, states: 3, nullity: 2 });
    expect(json.patterns).toHaveLength(2);
    for (const p of json.patterns) {
      expect(p.join("")).not.toMatch(/^0+$/);
      expect(quiet(p, 3)).toBe(true);
    }
    expect(
      rankModP(
        json.patterns.map((p: string[]) => [...p.join("")].map(Number)),
        3,
      ),
    ).toBe(2);
    // Z_6 = Z_2 x Z_3: the quiet patterns need as many generators as the larger of the two nullities
    const z6 = JSON.parse((await run(["quiet", "--rows", "5", "--cols", "5", "--states", "6", "--json"])).stdout);
    const generators = Math.max(25 - rankModP(plusMatrix(5, 5), 2), 25 - rankModP(plusMatrix(5, 5), 3));
    expect(generators).toBe(3);
    expect(z6.nullity).toBe(generators);
    expect(z6.patterns).toHaveLength(generators);
    for (const p of z6.patterns) expect(quiet(p, 6)).toBe(true);
    expect((await run(["quiet", "--rows", "4", "--cols", "4", "--states", "2147483648"])).code).toBe(2);
  });
});

describe("lightsout random", () => {
  it("is seeded, winnable, and readable by solve", async () => {
    const a = (await run(["random", "--rows", "6", "--cols", "7", "--seed", "5"])).stdout;
    expect((await run(["random", "--rows", "6", "--cols", "7", "--seed", "5"])).stdout).toBe(a);
    expect((await run(["random", "--rows", "6", "--cols", "7", "--seed", "6"])).stdout).not.toBe(a);
    expect(a).toMatch(/^([01]{7}\n){6}$/);
    const boards = new Set<string>();
    for (let seed = 0; seed < 8; seed++) {
      const board = (await run(["random", "--rows", "5", "--cols", "5", "--seed", String(seed)])).stdout;
      const lights = board.trim().split("\n");
      boards.add(board);
      expect(QUIET_5X5.map((pattern) => overlap(lights, pattern))).toEqual([0, 0]);
      const presses = (await run(["solve", "-"], { input: board })).stdout.trim().split("\n");
      expect(isDark(applyPresses(lights, presses))).toBe(true);
    }
    expect(boards.size).toBe(8);
    const json = JSON.parse((await run(["random", "--rows", "2", "--cols", "3", "--json"])).stdout);
    expect(json.board).toEqual({ kind: "grid", rows: 2, cols: 3 });
    expect(json.lights).toHaveLength(6);
  });
});
