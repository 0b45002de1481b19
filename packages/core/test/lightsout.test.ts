// The Lights Out engine on any board, checked against worked examples and
// against mathematics (solutions applied go dark; proofs are verified by
// hand-written sums).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  adjacencyBoard,
  allSolutions,
  applyPresses,
  checkBoard,
  graphBoard,
  gridBoard,
  maskBoard,
  parseRule,
  pressTargets,
  quietPatterns,
  randomPuzzle,
  solveLightsOut,
  winnabilityTest,
  type Board,
} from "../src/index.js";
import { isDark, neighbourhoods, pressed } from "./_support.js";

const RUNS = { seed: 4242, numRuns: 40 };
const weight = (v: ArrayLike<number>) => Array.from(v).reduce((a, b) => a + b, 0);

/** y A = 0: for every press j, the cells j toggles carry an even part of y. */
function killsEveryPress(board: Board, y: Uint8Array): boolean {
  return neighbourhoods(board).every((t) => Array.from(t).reduce((acc, i) => acc ^ y[i]!, 0) === 0);
}

function spanContains(basis: Uint8Array[], v: number[]): boolean {
  // brute force over the span (small bases only)
  for (let mask = 0; mask < 2 ** basis.length; mask++) {
    const s = new Array<number>(v.length).fill(0);
    basis.forEach((b, k) => {
      if ((mask >> k) & 1) b.forEach((x, i) => (s[i]! ^= x));
    });
    if (s.every((x, i) => x === v[i])) return true;
  }
  return false;
}

describe("worked examples", () => {
  it("5 x 5: rank 23, 4 solutions per winnable board, the two well-known quiet patterns", () => {
    const board = gridBoard(5, 5);
    const s = solveLightsOut(board, new Array(25).fill(1));
    expect(s).toMatchObject({ solvable: true, rank: 23, nullity: 2, solutions: 4n, winnableBoards: 2n ** 23n });
    expect(isDark(pressed(board, new Array(25).fill(1), s.presses!))).toBe(true);
    const quiet = quietPatterns(board);
    expect(quiet.length).toBe(2);
    for (const q of ["0111010101110111010101110", "1010110101000001010110101"]) {
      expect(spanContains(quiet, Array.from(q, Number))).toBe(true);
    }
  });

  it("the 6-cell graph: rank 4, its quiet basis, (1,1,0,0,1,1) solved by pressing cells 2 and 5", () => {
    const board = graphBoard(6, [
      [0, 1],
      [1, 2],
      [1, 3],
      [2, 4],
      [3, 4],
      [4, 5],
    ]);
    const b = [1, 1, 0, 0, 1, 1];
    const s = solveLightsOut(board, b);
    expect(s.rank).toBe(4);
    const quiet = quietPatterns(board);
    expect(quiet.length).toBe(2);
    expect(spanContains(quiet, [1, 1, 1, 1, 0, 0])).toBe(true);
    expect(spanContains(quiet, [1, 1, 0, 0, 1, 1])).toBe(true);
    const all = [...allSolutions(board, b)].map((x) => x.join(""));
    expect(all).toContain("010010");
    expect(new Set(all).size).toBe(4);
  });

  it("the plus-shaped cross is invertible", () => {
    const cross = maskBoard([".#.", "###", ".#."]);
    expect(solveLightsOut(cross, [1, 1, 1, 1, 1]).nullity).toBe(0);
    const star = graphBoard(5, [
      [2, 0],
      [2, 1],
      [2, 3],
      [2, 4],
    ]);
    expect(solveLightsOut(star, [1, 0, 0, 0, 0]).nullity).toBe(0);
  });
});

describe("neighbourhoods", () => {
  // Boards where wrapping, masks, missing self toggles, asymmetric offsets and repeated edges matter.
  const boards: Board[] = [
    gridBoard(1, 1),
    gridBoard(1, 1, { torus: true }),
    gridBoard(1, 1, { torus: true, selfToggle: false }),
    gridBoard(2, 1, { torus: true }),
    gridBoard(2, 2, { torus: true, rule: "king" }),
    gridBoard(3, 3, { torus: true, rule: "knight" }),
    gridBoard(5, 7),
    gridBoard(5, 7, { rule: "x", selfToggle: false }),
    gridBoard(6, 6, { rule: "knight" }),
    gridBoard(4, 5, {
      torus: true,
      rule: {
        offsets: [
          [0, 1],
          [0, 3],
          [-2, 0],
        ],
      },
    }),
    maskBoard(["#.##", "####", ".#.#"], { torus: true }),
    maskBoard([".#.", "###", ".#."], { rule: "king" }),
    graphBoard(4, [
      [0, 1],
      [1, 0],
      [1, 2],
      [3, 2],
    ]),
    graphBoard(3, [[0, 1]], { selfToggle: false }),
  ];

  it("core's press targets are the cells worked out here from rows, columns, masks and offsets", () => {
    for (const board of boards) {
      const ours = neighbourhoods(board).map((t) => [...t].sort((a, b) => a - b));
      expect(
        pressTargets(board).map((t) => Array.from(t)),
        JSON.stringify(board),
      ).toEqual(ours);
    }
  });

  it("applyPresses and applyPresses agree with presses applied here", () => {
    for (const [b, board] of boards.entries()) {
      const n = neighbourhoods(board).length;
      for (const k of [2, 3, 5]) {
        const [lights, presses] = [1, 2].map((salt) =>
          Array.from({ length: n }, (_, i) => (i * 7 + b * 3 + salt * 5) % k),
        ) as [number[], number[]];
        const ours = Array.from(pressed(board, lights, presses, k));
        expect(Array.from(applyPresses(board, lights, presses, { states: k }))).toEqual(ours);
        if (k === 2) expect(Array.from(applyPresses(board, lights, presses))).toEqual(ours);
      }
    }
  });
});

describe("facts about quiet patterns", () => {
  for (const n of [4, 5, 9, 11, 14]) {
    it(`${n} x ${n}: parity rule per cell, even press count, dihedral images are quiet`, () => {
      const board = gridBoard(n, n);
      const targets = neighbourhoods(board);
      const quiet = quietPatterns(board);
      expect(quiet.length).toBeGreaterThan(0);
      for (const q of quiet) {
        expect(isDark(pressed(board, new Array(n * n).fill(0), q))).toBe(true);
        // a cell's light is toggled by the presses of its closed neighbourhood
        targets.forEach((t, _i) => expect(Array.from(t).reduce((acc, j) => acc + q[j]!, 0) % 2).toBe(0));
        // unpressed cells: even number of pressed neighbours; pressed: odd
        targets.forEach((t, i) => {
          const neighbours = Array.from(t)
            .filter((j) => j !== i)
            .reduce((acc, j) => acc + q[j]!, 0);
          expect(neighbours % 2).toBe(q[i]! ? 1 : 0);
        });
        expect(weight(q) % 2).toBe(0);
        const at = (r: number, c: number) => q[r * n + c]!;
        const images = [
          (r: number, c: number) => at(c, n - 1 - r),
          (r: number, c: number) => at(n - 1 - r, n - 1 - c),
          (r: number, c: number) => at(n - 1 - c, r),
          (r: number, c: number) => at(r, n - 1 - c),
          (r: number, c: number) => at(n - 1 - r, c),
          (r: number, c: number) => at(c, r),
          (r: number, c: number) => at(n - 1 - c, n - 1 - r),
        ];
        for (const image of images) {
          const p = Uint8Array.from({ length: n * n }, (_, k) => image(Math.floor(k / n), k % n));
          expect(isDark(pressed(board, new Array(n * n).fill(0), p))).toBe(true);
        }
      }
    });
  }
});

const randomGraph = fc
  .record({ n: fc.integer({ min: 1, max: 300 }), density: fc.constantFrom(0.01, 0.05, 0.2, 0.6), seed: fc.integer() })
  .map(({ n, density, seed }) => {
    let s = seed >>> 0 || 7;
    const rnd = () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
    const edges: [number, number][] = [];
    for (let u = 0; u < n; u++) for (let v = u + 1; v < n; v++) if (rnd() < density) edges.push([u, v]);
    return graphBoard(n, edges);
  });

describe("any graph", () => {
  // K. Sutner, "Linear cellular automata and the Garden-of-Eden", Mathematical Intelligencer 11(2), 1989.
  it("Sutner 1989: the all-on board is always winnable", () => {
    fc.assert(
      fc.property(randomGraph, (board) => {
        const on = new Array(board.vertices).fill(1);
        const s = solveLightsOut(board, on);
        expect(s.solvable).toBe(true);
        expect(isDark(pressed(board, on, s.presses!))).toBe(true);
      }),
      RUNS,
    );
  });

  it("solutions go dark; unsolvable boards come with a valid proof; the test without solving agrees", () => {
    const boards = fc.oneof(
      randomGraph.filter((b) => b.vertices <= 120),
      fc
        .record({
          rows: fc.integer({ min: 1, max: 9 }),
          cols: fc.integer({ min: 1, max: 9 }),
          torus: fc.boolean(),
          rule: fc.constantFrom("plus", "x", "king", "knight", "0,1;1,0", "-2,0;0,3"),
          selfToggle: fc.boolean(),
        })
        .map(({ rows, cols, torus, rule, selfToggle }) =>
          gridBoard(rows, cols, { torus, rule: parseRule(rule), selfToggle }),
        ),
    );
    fc.assert(
      fc.property(boards, fc.integer(), (board, seed) => {
        const n = neighbourhoods(board).length;
        let s = seed >>> 0 || 3;
        const lights = Uint8Array.from({ length: n }, () => ((s = (Math.imul(s, 48271) + 11) >>> 0) >>> 16) & 1);
        const r = solveLightsOut(board, lights);
        expect(winnabilityTest(board)(lights)).toBe(r.solvable);
        if (r.solvable) {
          expect(isDark(pressed(board, lights, r.presses!))).toBe(true);
        } else {
          expect(killsEveryPress(board, r.proof!)).toBe(true);
          expect(Array.from(r.proof!).reduce((acc, y, i) => acc ^ (y & lights[i]!), 0)).toBe(1);
        }
        const puzzle = randomPuzzle(board, { seed });
        expect(solveLightsOut(board, puzzle).solvable).toBe(true);
      }),
      RUNS,
    );
  });

  it("the dense route handles thousands of vertices", () => {
    const n = 3000;
    const edges: [number, number][] = [];
    for (let u = 0; u < n; u++) edges.push([u, (u * 7 + 13) % n === u ? (u + 1) % n : (u * 7 + 13) % n]);
    const board = graphBoard(n, edges);
    const on = new Array(n).fill(1);
    const r = solveLightsOut(board, on);
    expect(r.solvable).toBe(true);
    expect(isDark(pressed(board, on, r.presses!))).toBe(true);
  });

  it("allSolutions yields 2^nullity distinct solutions, each going dark", () => {
    const board = gridBoard(4, 4);
    const lights = randomPuzzle(board, { seed: 9 });
    const all = [...allSolutions(board, lights)];
    expect(all.length).toBe(16);
    expect(new Set(all.map((x) => x.join(""))).size).toBe(16);
    for (const x of all) expect(isDark(pressed(board, lights, x))).toBe(true);
  });

  it("boards are plain values: a JSON round trip changes nothing", () => {
    for (const board of [
      gridBoard(3, 4, { torus: true, rule: "king" }),
      maskBoard(["##.", ".##"]),
      adjacencyBoard([[1], [0, 2], [1]]),
    ]) {
      const again = checkBoard(JSON.parse(JSON.stringify(board)));
      expect(again).toEqual(board);
      const lights = randomPuzzle(board, { seed: 1 });
      expect(solveLightsOut(again, lights)).toEqual(solveLightsOut(board, lights));
    }
  });
});

describe("bad boards and lights", () => {
  it("say what was expected and what was got", () => {
    expect(() => gridBoard(0, 3)).toThrow('"rows" expected an integer in 1..268435456, got 0');
    expect(() => gridBoard(2, 2, { rule: "queen" as "plus" })).toThrow(
      /"rule" expected plus, x, king, knight or \{ offsets \}, got "queen"/,
    );
    expect(() => maskBoard(["#.", "#"])).toThrow('"mask[1]" expected 2 characters, got 1');
    expect(() => maskBoard(["#x"])).toThrow(/expected only # \(cell\) and \. \(no cell\), got "x" at column 2/);
    expect(() => maskBoard(["..", ".."])).toThrow(/at least one cell/);
    expect(() => graphBoard(3, [[0, 3]])).toThrow('"edges[0][1]" expected an integer in 0..2, got 3');
    expect(() => graphBoard(3, [[1, 1]])).toThrow(/expected two different vertices, got a loop at 1/);
    expect(() => checkBoard({ kind: "hex" })).toThrow(/"kind" expected "grid" or "graph", got "hex"/);
    expect(() => parseRule("1;2")).toThrow(/offsets like "-1,0;1,0", got "1;2"/);
    expect(() => solveLightsOut(gridBoard(2, 2), [1, 0, 1])).toThrow(
      '"lights" expected 4 entries (one per cell), got 3',
    );
    expect(() => solveLightsOut(gridBoard(2, 2), [1, 0, 1, 2])).toThrow('"lights[3]" expected 0 or 1, got 2');
  });
});

describe("large plain grids go through light chasing", () => {
  it("agree with the dense route on counts, and solutions and proofs hold", () => {
    for (const [rows, cols] of [
      [20, 20],
      [23, 31],
      [40, 17],
      [24, 24],
      [19, 34],
    ] as const) {
      const board = gridBoard(rows, cols);
      const n = rows * cols;
      const quiet = quietPatterns(board);
      for (const q of quiet) expect(isDark(pressed(board, new Array(n).fill(0), q))).toBe(true);
      for (let seed = 1; seed <= 3; seed++) {
        let s = seed * 7919 + rows;
        const lights = Uint8Array.from({ length: n }, () => ((s = (Math.imul(s, 48271) + 11) >>> 0) >>> 16) & 1);
        const r = solveLightsOut(board, lights);
        expect(r.nullity).toBe(quiet.length);
        expect(r.rank).toBe(n - quiet.length);
        if (r.solvable) expect(isDark(pressed(board, lights, r.presses!))).toBe(true);
        else {
          expect(killsEveryPress(board, r.proof!)).toBe(true);
          expect(Array.from(r.proof!).reduce((acc, y, i) => acc ^ (y & lights[i]!), 0)).toBe(1);
        }
        // the dense route, on the same board with a mask that keeps every cell
        const dense = solveLightsOut(
          gridBoard(rows, cols, {
            rule: {
              offsets: [
                [-1, 0],
                [1, 0],
                [0, -1],
                [0, 1],
              ],
            },
          }),
          lights,
        );
        expect(dense.solvable).toBe(r.solvable);
        expect(dense.nullity).toBe(r.nullity);
      }
    }
  });
});
