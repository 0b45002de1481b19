// `solve`, `quiet` and `random` through the built binary.
import { beforeAll, describe, expect, it } from "vitest";
import { oneLineError, requireBuild, run } from "./_run.js";

beforeAll(requireBuild);

/** Applies a press grid to a lights grid (plus rule, optional torus); '.' = no cell. */
function applyGrid(lights: string[], presses: string[], torus = false): string[] {
  const rows = lights.length,
    cols = lights[0]!.length;
  const out = lights.map((r) => r.split(""));
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      if (presses[r]![c] !== "1") continue;
      for (const [dr, dc] of [
        [0, 0],
        [1, 0],
        [-1, 0],
        [0, 1],
        [0, -1],
      ] as const) {
        let rr = r + dr,
          cc = c + dc;
        if (torus) {
          rr = (rr + rows) % rows;
          cc = (cc + cols) % cols;
        }
        const cell = out[rr]?.[cc];
        if (cell === "0" || cell === "1") out[rr]![cc] = cell === "0" ? "1" : "0";
      }
    }
  }
  return out.map((r) => r.join(""));
}

describe("lightsout solve", () => {
  it("solves a text board and the presses switch it off", () => {
    const lights = ["10000", "11000", "00100", "00011", "00001"];
    const result = run(["solve", "-"], { input: `# a comment\n${lights.join("\n")}\n` });
    expect(result.code).toBe(0);
    const presses = result.stdout.trim().split("\n");
    expect(applyGrid(lights, presses).join("")).toMatch(/^[0]+$/);
  });

  it("prints IMPOSSIBLE (exit 0) and a proof with --json", () => {
    const text = run(["solve", "-"], { input: "10000\n00000\n00000\n00000\n00000\n" });
    expect(text).toMatchObject({ code: 0, stdout: "IMPOSSIBLE\n" });
    const json = JSON.parse(run(["solve", "-", "--json"], { input: "10000\n00000\n00000\n00000\n00000\n" }).stdout);
    expect(json).toMatchObject({ solvable: false, presses: null, nullity: 2, solutions: "0", optimal: null });
    expect(json.proof).toHaveLength(5);
  });

  it("--json has the contract's keys; counts are decimal strings", () => {
    const json = JSON.parse(run(["solve", "-", "--json"], { input: "11111\n11111\n11111\n11111\n11111\n" }).stdout);
    expect(Object.keys(json)).toEqual(
      expect.arrayContaining(["solvable", "presses", "pressCount", "nullity", "solutions", "optimal"]),
    );
    expect(json).toMatchObject({ solvable: true, nullity: 2, rank: 23, solutions: "4", winnableBoards: "8388608" });
    expect(applyGrid(new Array(5).fill("11111"), json.presses).join("")).toMatch(/^0+$/);
  });

  it("--min: fewest presses, exact by enumeration, by integer programming beyond", () => {
    const json = JSON.parse(
      run(["solve", "-", "--min", "--json"], { input: "11111\n11111\n11111\n11111\n11111\n" }).stdout,
    );
    expect(json).toMatchObject({ solvable: true, pressCount: 15, optimal: true });
    expect(applyGrid(new Array(5).fill("11111"), json.presses).join("")).toMatch(/^0+$/);
    // 40 switches wired to nothing: nullity 40, past enumeration, so HiGHS answers
    const idle = JSON.stringify({
      board: { kind: "graph", vertices: 40, edges: [], selfToggle: false },
      lights: new Array(40).fill(0),
    });
    const ilp = JSON.parse(run(["solve", "-", "--min", "--json"], { input: idle }).stdout);
    expect(ilp).toMatchObject({ solvable: true, nullity: 40, pressCount: 0, optimal: true, lowerBound: 0 });
    expect(run(["solve", "-", "--time-limit", "3"], { input: "1\n" }).code).toBe(2);
    expect(run(["solve", "-", "--min", "--all"], { input: "1\n" }).code).toBe(2);
  });

  it("--explain: the light-chasing trace ends dark, or says IMPOSSIBLE", () => {
    const lights = ["01101", "10010", "11111", "00100", "01010"];
    const json = JSON.parse(run(["solve", "-", "--explain", "--json"], { input: `${lights.join("\n")}\n` }).stdout);
    const last = json.steps.at(-1);
    if (json.solvable) {
      expect(last.lights.join("")).toMatch(/^0+$/);
      expect(applyGrid(lights, json.solution).join("")).toMatch(/^0+$/);
      expect(json.steps.map((s: { phase: string }) => s.phase)).toEqual(
        expect.arrayContaining(["chase", "last-row", "fix"]),
      );
    }
    const text = run(["solve", "-", "--explain"], { input: "10000\n00000\n00000\n00000\n00000\n" }).stdout;
    expect(text).toMatch(/IMPOSSIBLE\n$/);
    expect(text).toMatch(/^chase: row 1's lit cells, 1 press in row 2\n/);
    expect(oneLineError(run(["solve", "-", "--explain", "--torus"], { input: "11\n11\n" }))).toMatch(
      /--explain expected a plain rectangle/,
    );
  });

  it("--all lists every solution; --limit caps them with a note", () => {
    const lights = "1111\n1111\n1111\n1111\n";
    const all = run(["solve", "-", "--all"], { input: lights }).stdout.trim().split("\n\n");
    expect(all).toHaveLength(16);
    expect(new Set(all).size).toBe(16);
    for (const p of all) expect(applyGrid(lights.trim().split("\n"), p.split("\n")).join("")).toMatch(/^0+$/);
    const some = run(["solve", "-", "--all", "--limit", "3"], { input: lights });
    expect(some.stdout.trim().split("\n\n")).toHaveLength(3);
    expect(some.stderr).toBe("lightsout: showing 3 of 16 solutions (--limit)\n");
  });

  it("irregular boards, the torus and JSON boards", () => {
    const masked = run(["solve", "-"], { input: ".1.\n111\n.1.\n" });
    expect(masked.stdout).toBe(".0.\n010\n.0.\n");
    // Sutner: the all-on board is winnable on every graph, the torus included
    const torus = run(["solve", "-", "--torus"], { input: "1111\n1111\n1111\n" });
    expect(applyGrid(["1111", "1111", "1111"], torus.stdout.trim().split("\n"), true).join("")).toMatch(/^0+$/);
    expect(run(["solve", "-", "--torus"], { input: "100\n000\n000\n" }).stdout).toBe("IMPOSSIBLE\n");
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
    const json = JSON.parse(run(["solve", "-", "--json"], { input: JSON.stringify(graph) }).stdout);
    expect(json).toMatchObject({ solvable: true, nullity: 2, rank: 4, solutions: "4" });
  });

  it("bad input: one line with file:line:column, exit 1; usage errors exit 2", () => {
    const ragged = run(["solve", "-"], { input: "101\n10\n" });
    expect(ragged.code).toBe(1);
    expect(oneLineError(ragged)).toBe("lightsout: <stdin>:2:3: expected 3 cells (like line 1), got 2");
    const bad = run(["solve", "-"], { input: "101\n1x1\n" });
    expect(oneLineError(bad)).toBe('lightsout: <stdin>:2:2: expected a light 0..1 or . (no cell), got "x"');
    expect(oneLineError(run(["solve", "-"], { input: "# nothing\n" }))).toMatch(
      /<stdin>:1:1: expected at least one row of lights/,
    );
    expect(oneLineError(run(["solve", "-"], { input: '{"board": {"kind": "grid", "rows": 0}}' }))).toMatch(
      /"rows" expected an integer/,
    );
    const rule = run(["solve", "-", "--rule", "queen"], { input: "1\n" });
    expect(rule.code).toBe(2);
    expect(oneLineError(rule)).toMatch(/--rule rule expected plus, x, king, knight or offsets/);
    expect(run(["solve", "-", "--limit", "3"], { input: "1\n" }).code).toBe(2);
  });
});

describe("lightsout quiet", () => {
  it("5 x 5: the two well-known quiet patterns", () => {
    const result = run(["quiet", "--rows", "5", "--cols", "5"]);
    expect(result.stdout).toBe("nullity 2\n01110\n10101\n11011\n10101\n01110\n\n10101\n10101\n00000\n10101\n10101\n");
  });

  it("--json, and an invertible board", () => {
    expect(JSON.parse(run(["quiet", "--rows", "6", "--cols", "6", "--json"]).stdout)).toEqual({
      rows: 6,
      cols: 6,
      nullity: 0,
      patterns: [],
    });
    expect(JSON.parse(run(["quiet", "--rows", "4", "--cols", "4", "--json"]).stdout).nullity).toBe(4);
    expect(run(["quiet", "--rows", "4"]).code).toBe(2);
  });
});

describe("lightsout quiet --states K", () => {
  /** Adds each cell's press count (mod k) to it and its plus neighbours. */
  function effect(presses: string[], k: number): number[] {
    const rows = presses.length,
      cols = presses[0]!.length;
    const out = new Array<number>(rows * cols).fill(0);
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) {
        const x = parseInt(presses[r]![c]!, 36);
        for (const [dr, dc] of [
          [0, 0],
          [1, 0],
          [-1, 0],
          [0, 1],
          [0, -1],
        ] as const) {
          const rr = r + dr,
            cc = c + dc;
          if (rr >= 0 && rr < rows && cc >= 0 && cc < cols) out[rr * cols + cc] = (out[rr * cols + cc]! + x) % k;
        }
      }
    }
    return out;
  }

  it("4 x 4 over Z_3: rank 14, so two generators, each changing nothing", () => {
    const json = JSON.parse(run(["quiet", "--rows", "4", "--cols", "4", "--states", "3", "--json"]).stdout);
    expect(json).toMatchObject({ rows: 4, cols: 4, states: 3, nullity: 2 });
    for (const p of json.patterns) {
      expect(p.join("")).not.toMatch(/^0+$/);
      expect(effect(p, 3).every((v) => v === 0)).toBe(true);
    }
    const z6 = JSON.parse(run(["quiet", "--rows", "5", "--cols", "5", "--states", "6", "--json"]).stdout);
    for (const p of z6.patterns) expect(effect(p, 6).every((v) => v === 0)).toBe(true);
    expect(run(["quiet", "--rows", "4", "--cols", "4", "--states", "37"]).code).toBe(2);
  });
});

describe("lightsout random", () => {
  it("is seeded, solvable, and readable by solve", () => {
    const a = run(["random", "--rows", "6", "--cols", "7", "--seed", "5"]).stdout;
    expect(run(["random", "--rows", "6", "--cols", "7", "--seed", "5"]).stdout).toBe(a);
    expect(a.trim().split("\n")).toHaveLength(6);
    for (let seed = 0; seed < 5; seed++) {
      const board = run(["random", "--rows", "5", "--cols", "5", "--seed", String(seed)]).stdout;
      expect(run(["solve", "-"], { input: board }).stdout).not.toBe("IMPOSSIBLE\n");
    }
    const json = JSON.parse(run(["random", "--rows", "2", "--cols", "3", "--json"]).stdout);
    expect(json.board).toEqual({ kind: "grid", rows: 2, cols: 3 });
    expect(json.lights).toHaveLength(6);
  });
});
