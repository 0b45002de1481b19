// Grid topologies: the projective plane (opposite edges glued with a twist)
// beside the plane and the torus. Neighbourhoods are checked against the
// test's own (_support.ts: edges crossed one at a time), small boards by
// hand, press matrices for symmetry, and solutions by applying them with
// plain loops.
import { describe, expect, it } from "vitest";
import {
  type Board,
  boardTopology,
  checkBoard,
  type GridBoard,
  gridBoard,
  maskBoard,
  parseBoard,
  pressTargets,
  randomPuzzle,
  type Rule,
  solveLightsOut,
  applyPresses,
  formatBoard,
} from "../src/index.js";
import { addPressesInOrder } from "../src/lightsout/_press-walk.js";
import { isDark, neighbourhoods, plainNullity, pressed } from "./_support.js";

const sorted = (cells: ArrayLike<number>) => Array.from(cells).sort((a, b) => a - b);
const RULES: Rule[] = [
  "plus",
  "x",
  "king",
  "knight",
  {
    offsets: [
      [0, 3],
      [2, -5],
    ],
  },
];

describe("projective topology", () => {
  it("3 x 3 by hand: leaving the top at column j comes back at the bottom at column 2 - j, sides likewise", () => {
    const t = pressTargets(gridBoard(3, 3, { topology: "projective" })).map(sorted);
    // (0,0): up and left both reach the far corner (2,2)
    expect(t[0]).toEqual([0, 1, 3, 8]);
    // (0,1): up reaches (2,1)
    expect(t[1]).toEqual([0, 1, 2, 4, 7]);
    // (0,2): up reaches (2,0), right reaches row 2 at the left: (2,0) again
    expect(t[2]).toEqual([1, 2, 5, 6]);
    // (1,0): left reaches (1,2) (row 2 - 1 = 1)
    expect(t[3]).toEqual([0, 3, 4, 5, 6]);
    expect(t[4]).toEqual([1, 3, 4, 5, 7]);
  });

  it("2 x 4 by hand, x rule: a diagonal step over an edge comes back mirrored; out of a corner, to the corner", () => {
    const t = pressTargets(gridBoard(2, 4, { topology: "projective", rule: "x" })).map(sorted);
    // cell (0,1) = 1: (-1,0) -> (1,3) = 7; (-1,2) -> (1,1) = 5; (1,0) = 4; (1,2) = 6
    expect(t[1]).toEqual([1, 4, 5, 6, 7]);
    // cell (0,0) = 0: (-1,-1) -> itself; (-1,1) -> (1,2) = 6; (1,-1) -> (0,3) = 3 (row 1 mirrored); (1,1) = 5
    expect(t[0]).toEqual([0, 3, 5, 6]);
  });

  it("pressTargets equals the independent neighbourhoods for every rule, size and mask", () => {
    const boards: GridBoard[] = [];
    for (const rule of RULES) {
      for (const [r, c] of [
        [1, 1],
        [1, 5],
        [2, 2],
        [3, 3],
        [4, 7],
        [6, 5],
        [9, 9],
      ] as const) {
        boards.push(gridBoard(r, c, { topology: "projective", rule }));
        boards.push(gridBoard(r, c, { topology: "projective", rule, selfToggle: false }));
      }
      boards.push(maskBoard(["#.##", "####", ".##."], { topology: "projective", rule }));
    }
    for (const board of boards) expect(pressTargets(board).map(sorted)).toEqual(neighbourhoods(board).map(sorted));
  });

  it("symmetric press matrices for plus, x, king and knight (offsets closed under negation and mirrors)", () => {
    for (const rule of ["plus", "x", "king", "knight"] as const) {
      for (const [r, c] of [
        [3, 3],
        [4, 5],
        [7, 4],
        [8, 8],
      ] as const) {
        const t = neighbourhoods(gridBoard(r, c, { topology: "projective", rule }));
        t.forEach((cells, j) => {
          for (const i of cells) expect([rule, r, c, i, j, t[i]!.includes(j)]).toEqual([rule, r, c, i, j, true]);
        });
      }
    }
  });

  it("has the nullity of plain elimination on every size up to 8 x 8", () => {
    for (let r = 1; r <= 8; r++)
      for (let c = 1; c <= 8; c++) {
        const board = gridBoard(r, c, { topology: "projective" });
        expect([r, c, solveLightsOut(board, new Array(r * c).fill(0)).nullity]).toEqual([r, c, plainNullity(board)]);
      }
  });

  it("solutions over GF(2) and Z_k, including boards big enough to be chased when plain, go dark by plain loops", () => {
    for (const [r, c] of [
      [5, 5],
      [20, 20],
      [21, 30],
    ] as const) {
      for (const rule of ["plus", "king"] as const) {
        const board = gridBoard(r, c, { topology: "projective", rule });
        for (let seed = 0; seed < 3; seed++) {
          const lights = randomPuzzle(board, { seed }); // winnable by construction
          const s = solveLightsOut(board, lights);
          expect(s.solvable).toBe(true);
          expect(isDark(pressed(board, lights, s.presses!))).toBe(true);
        }
        const lights = Array.from({ length: r * c }, (_, i) => (i * 7) % 5);
        const m = solveLightsOut(board, lights, { states: 5 });
        if (m.solvable) expect(isDark(pressed(board, lights, m.presses!, 5))).toBe(true);
        const presses = Array.from({ length: r * c }, (_, i) => (i * 3) % 5);
        expect(Array.from(applyPresses(board, lights, presses, { states: 5 }))).toEqual(
          Array.from(pressed(board, lights, presses, 5)),
        );
      }
    }
  });

  it("an unsolvable projective board comes with a proof y: y A = 0 and y . b = 1", () => {
    const board = gridBoard(4, 4, { topology: "projective" });
    const reach = neighbourhoods(board);
    let unsolvable = 0;
    for (let cell = 0; cell < 16; cell++) {
      const lights = new Array(16).fill(0);
      lights[cell] = 1;
      const s = solveLightsOut(board, lights);
      if (s.solvable) continue;
      unsolvable++;
      const y = s.proof!;
      expect(y[cell]).toBe(1);
      reach.forEach((cells) => expect(cells.reduce((acc, i) => acc ^ y[i]!, 0)).toBe(0));
    }
    expect(unsolvable).toBeGreaterThan(0);
  });
});

describe("presses walked cell by cell (random puzzles, big boards)", () => {
  it("addPressesInOrder wraps as the independent neighbourhoods do, on every topology and rule", () => {
    for (const topology of ["plane", "torus", "projective"] as const) {
      for (const rule of RULES) {
        for (const board of [
          gridBoard(5, 7, { topology, rule }),
          maskBoard(["##.#", "####", ".###"], { topology, rule, selfToggle: false }),
        ]) {
          const count = board.mask ? 10 : 35;
          const presses = Array.from({ length: count }, (_, i) => (i * 5 + 1) % 7);
          const lights = new Uint32Array(count);
          addPressesInOrder(board, 7, (cell) => presses[cell]!, lights);
          expect([topology, Array.from(lights)]).toEqual([
            topology,
            Array.from(pressed(board, new Array(count).fill(0), presses, 7)),
          ]);
        }
      }
    }
  });
});

describe("topology option", () => {
  it("torus: true is the shorthand of topology: torus; the plane is the default", () => {
    const a = gridBoard(5, 6, { torus: true });
    const b = gridBoard(5, 6, { topology: "torus" });
    expect(pressTargets(b)).toEqual(pressTargets(a));
    expect([boardTopology(a), boardTopology(b), boardTopology(gridBoard(2, 2))]).toEqual(["torus", "torus", "plane"]);
    // a big topology: "torus" board is not taken for a plain rectangle (no light chasing on it)
    const big = gridBoard(30, 30, { topology: "torus" });
    const lights = Array.from({ length: 900 }, (_, i) => i % 2);
    const s = solveLightsOut(big, lights);
    expect(s.nullity).toBe(plainNullity(gridBoard(30, 30, { torus: true })));
    if (s.solvable) expect(isDark(pressed(big, lights, s.presses!))).toBe(true);
    // nor over Z_k (multi-state chasing takes plain rectangles only)
    const z3 = gridBoard(21, 21, { topology: "torus" });
    const made = Array.from({ length: 441 }, (_, i) => (i * i) % 3);
    const winnable = pressed(z3, new Array(441).fill(0), made, 3);
    const m = solveLightsOut(z3, winnable, { states: 3 });
    expect(m.solvable).toBe(true);
    expect(isDark(pressed(z3, winnable, m.presses!, 3))).toBe(true);
  });

  it("refuses unknown topologies and conflicts with torus", () => {
    expect(() => gridBoard(3, 3, { topology: "klein" as never })).toThrow(
      /"topology" expected "plane", "torus" or "projective", got "klein"/,
    );
    expect(() => gridBoard(3, 3, { topology: "projective", torus: true })).toThrow(/conflicts/);
    expect(() => gridBoard(3, 3, { topology: "torus", torus: false })).toThrow(/conflicts/);
    expect(() => checkBoard({ kind: "grid", rows: 2, cols: 2, topology: 1 })).toThrow(TypeError);
    expect(gridBoard(3, 3, { topology: "torus", torus: true }).rows).toBe(3);
  });

  it("JSON boards round-trip the topology", () => {
    const board: Board = gridBoard(3, 4, { topology: "projective", rule: "king" });
    const lights = [1, 0, 1, 1, 0, 0, 1, 0, 1, 1, 1, 0];
    const read = parseBoard(JSON.stringify({ board, lights }));
    expect(read.board).toEqual(board);
    expect(pressTargets(read.board)).toEqual(pressTargets(board));
    expect(Array.from(read.lights)).toEqual(lights);
    // text boards take the topology from the options
    const text = parseBoard(formatBoard(board, lights), { topology: "projective", rule: "king" });
    expect(pressTargets(text.board)).toEqual(pressTargets(board));
  });
});

describe("one field says how a grid is glued", () => {
  it("the torus shorthand becomes topology, in constructors, checkBoard and board files", () => {
    expect(gridBoard(3, 3, { torus: true })).toEqual({ kind: "grid", rows: 3, cols: 3, topology: "torus" });
    expect(gridBoard(3, 3, { torus: false })).toEqual({ kind: "grid", rows: 3, cols: 3 });
    expect(checkBoard({ kind: "grid", rows: 2, cols: 2, torus: true, topology: "torus" })).toEqual({
      kind: "grid",
      rows: 2,
      cols: 2,
      topology: "torus",
    });
    const json = parseBoard('{"board":{"kind":"grid","rows":1,"cols":2,"torus":true},"lights":[1,0]}');
    expect(json.board).toEqual({ kind: "grid", rows: 1, cols: 2, topology: "torus" });
    expect(parseBoard("10\n01\n", { torus: true }).board).toEqual({
      kind: "grid",
      rows: 2,
      cols: 2,
      topology: "torus",
    });
    expect(() => checkBoard({ kind: "grid", rows: 2, cols: 2, torus: true, topology: "plane" })).toThrow(TypeError);
  });
});
