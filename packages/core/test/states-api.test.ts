// One function family for every number of light states: each function takes
// `states` (default 2) and returns one result type. Every answer is judged
// with plain loops over independent neighbourhoods (_support.ts) and, on
// small boards, against brute force over all k^cells press vectors.
import { describe, expect, it } from "vitest";
import {
  allSolutions,
  applyPresses,
  type Board,
  chaseTrace,
  fewestPresses,
  graphBoard,
  gridBoard,
  isChaseableRectangle,
  maskBoard,
  MAX_STATES,
  optimalDistribution,
  quietPatterns,
  randomPuzzle,
  solveLightsOut,
  winnabilityTest,
} from "../src/index.js";
import { MAX_MODULUS } from "../src/rings/zk.js";
import { solveOver } from "../src/lightsout/solve.js";
import { residueRing } from "../src/solvers/ring.js";
import { isDark, neighbourhoods, pressed } from "./_support.js";

/** A small linear congruential generator: test data that does not come from the code under test. */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1103515245) + 12345) >>> 0) >>> 8;
}

const BOARDS: [string, Board][] = [
  ["3 x 4", gridBoard(3, 4)],
  ["21 x 20 (chased)", gridBoard(21, 20)],
  ["5 x 5 torus", gridBoard(5, 5, { torus: true })],
  ["4 x 4 projective", gridBoard(4, 4, { topology: "projective" })],
  ["4 x 5 king", gridBoard(4, 5, { rule: "king" })],
  ["4 x 4 no self toggle", gridBoard(4, 4, { selfToggle: false })],
  ["mask", maskBoard(["##.#", "####", ".##."])],
  [
    "graph",
    graphBoard(7, [
      [0, 1],
      [1, 2],
      [2, 3],
      [3, 4],
      [4, 5],
      [5, 6],
      [6, 0],
      [0, 3],
    ]),
  ],
];

/** y A = 0 and y . b != 0 (mod k), with plain loops: y proves that no presses clear b. */
function proves(board: Board, y: ArrayLike<number>, lights: ArrayLike<number>, k: number): boolean {
  const reach = neighbourhoods(board);
  for (const cells of reach) {
    let dot = 0;
    for (const i of cells) dot = (dot + y[i]!) % k;
    if (dot !== 0) return false;
  }
  let dot = 0;
  for (let i = 0; i < lights.length; i++) dot = (dot + y[i]! * lights[i]!) % k;
  return dot !== 0;
}

/** Every press vector of Z_k^cells in turn (k^cells of them). */
function* everyPress(cells: number, k: number): Generator<number[]> {
  const x = new Array<number>(cells).fill(0);
  for (;;) {
    yield x;
    let d = 0;
    while (d < cells && ++x[d]! === k) x[d++] = 0;
    if (d === cells) return;
  }
}

/** Brute force over all press vectors x: for each board A x (as a key) the fewest presses that make it. */
function bruteForce(board: Board, k: number): Map<string, number> {
  const cells = neighbourhoods(board).length;
  const dark = new Array<number>(cells).fill(0);
  const best = new Map<string, number>();
  for (const x of everyPress(cells, k)) {
    const key = Array.from(pressed(board, dark, x, k)).join(",");
    const w = x.reduce((a, b) => a + b, 0);
    if (!(best.get(key)! <= w)) best.set(key, w);
  }
  return best;
}

describe("one function family for 2 and k states", () => {
  for (const k of [2, 3, 4, 5, 6]) {
    for (const [name, board] of BOARDS) {
      it(`${name}, ${k} states: solutions, proofs, quiet patterns and puzzles check out by pressing`, () => {
        const reach = neighbourhoods(board);
        const cells = reach.length;
        const next = lcg(k * 1000 + cells);
        const Values = k === 2 ? Uint8Array : Uint32Array;
        // a winnable board (presses applied to a dark one) and an arbitrary one
        const winnable = pressed(
          board,
          new Array<number>(cells).fill(0),
          Array.from({ length: cells }, () => next() % k),
          k,
        );
        const arbitrary = Array.from({ length: cells }, () => next() % k);
        for (const lights of [Array.from(winnable), arbitrary]) {
          const s = solveLightsOut(board, lights, { states: k });
          expect(s.states).toBe(k);
          expect(s.rank + s.nullity).toBe(cells);
          expect(s.winnableBoards * s.quietCount).toBe(BigInt(k) ** BigInt(cells));
          expect(s.solutions).toBe(s.solvable ? s.quietCount : 0n);
          if (s.solvable) {
            expect(s.presses).toBeInstanceOf(Values);
            expect(isDark(pressed(board, lights, s.presses!, k))).toBe(true);
            expect(Array.from(applyPresses(board, lights, s.presses!, { states: k }))).toEqual(
              Array.from(pressed(board, lights, s.presses!, k)),
            );
          } else {
            expect(s.presses).toBeNull();
            if (s.proof) expect(proves(board, s.proof, lights, k)).toBe(true);
            else expect(s.lastRowProof).toBeDefined(); // chasing over Z_k: the proof on the last row
          }
        }
        expect(solveLightsOut(board, Array.from(winnable), { states: k }).solvable).toBe(true);
        const quiet = quietPatterns(board, { states: k });
        expect(quiet).toHaveLength(solveLightsOut(board, arbitrary, { states: k }).nullity);
        for (const q of quiet) {
          expect(q).toBeInstanceOf(Values);
          expect(q.some((v) => v !== 0)).toBe(true);
          expect(isDark(pressed(board, new Array<number>(cells).fill(0), q, k))).toBe(true);
        }
        const puzzle = randomPuzzle(board, { states: k, seed: 5 });
        expect(puzzle).toBeInstanceOf(Values);
        expect(puzzle.every((v) => v < k)).toBe(true);
        expect(solveLightsOut(board, puzzle, { states: k }).solvable).toBe(true);
      });
    }
  }

  // boards small enough to try every press vector (k^cells at most about 60,000)
  const SMALL: [string, Board, number[]][] = [
    ["2 x 3", gridBoard(2, 3), [2, 3, 4, 5, 6]],
    ["3 x 3", gridBoard(3, 3), [2, 3]],
    ["2 x 2 torus", gridBoard(2, 2, { torus: true }), [2, 3, 4, 6, 9]],
    ["3 x 3 torus", gridBoard(3, 3, { torus: true }), [2, 3]],
    ["2 x 4 no self toggle", gridBoard(2, 4, { selfToggle: false }), [2, 3, 4]],
    [
      "5-cycle",
      graphBoard(5, [
        [0, 1],
        [1, 2],
        [2, 3],
        [3, 4],
        [4, 0],
      ]),
      [2, 3, 4, 5, 6],
    ],
  ];
  for (const [name, board, moduli] of SMALL) {
    for (const k of moduli) {
      it(`${name}, ${k} states: counts, every solution, fewest presses and their distribution match brute force`, () => {
        const cells = neighbourhoods(board).length;
        const best = bruteForce(board, k);
        const quietCount = BigInt(k ** cells / best.size);
        const next = lcg(k * 7 + cells);
        for (let trial = 0; trial < 4; trial++) {
          const lights = Array.from({ length: cells }, () => next() % k);
          // presses x clear b when b + A x = 0: the brute force maps A x to its fewest presses, so look up -b
          const fewest = best.get(lights.map((v) => (k - v) % k).join(","));
          const s = solveLightsOut(board, lights, { states: k });
          expect(s.solvable).toBe(fewest !== undefined);
          expect(s.quietCount).toBe(quietCount);
          expect(s.winnableBoards).toBe(BigInt(best.size));
          const all = [...allSolutions(board, lights, { states: k })];
          expect(BigInt(all.length)).toBe(s.solutions);
          expect(new Set(all.map((x) => Array.from(x).join(","))).size).toBe(all.length);
          for (const x of all) expect(isDark(pressed(board, lights, x, k))).toBe(true);
          const f = fewestPresses(board, lights, { states: k });
          expect(f.solvable).toBe(s.solvable);
          expect(f.solutions).toBe(s.solutions);
          expect(f.count).toBe(fewest ?? null);
          if (f.solvable) {
            expect(Array.from(f.presses!).reduce((a, b) => a + b, 0)).toBe(fewest);
            expect(isDark(pressed(board, lights, f.presses!, k))).toBe(true);
          }
        }
        const d = optimalDistribution(board, { states: k });
        const counts: bigint[] = [];
        for (const w of best.values()) counts[w] = (counts[w] ?? 0n) + 1n;
        expect(d.counts).toEqual(Array.from(counts, (c) => c ?? 0n));
        expect(d).toMatchObject({ states: k, cells, winnableBoards: BigInt(best.size) });
        expect(d.rank + d.nullity).toBe(cells);
      });
    }
  }

  it("winnabilityTest with any k agrees with brute force, asymmetric rules and huge k included", () => {
    const boards: Board[] = [
      gridBoard(2, 3),
      gridBoard(2, 2, { torus: true }),
      gridBoard(3, 3, { topology: "projective" }),
      gridBoard(2, 3, { rule: { offsets: [[0, 1]] } }), // press (r, c) reaches (r, c + 1) only: A is not symmetric
      graphBoard(4, [
        [0, 1],
        [1, 2],
      ]),
    ];
    for (const board of boards) {
      const cells = neighbourhoods(board).length;
      for (const k of [2, 3, 4, 6]) {
        if (k ** cells > 300_000) continue;
        const best = bruteForce(board, k);
        const test = winnabilityTest(board, { states: k });
        for (const lights of everyPress(cells, k)) {
          // b is winnable when -b = A x for some x
          expect(test(lights)).toBe(best.has(lights.map((v) => (k - v) % k).join(",")));
        }
      }
    }
    // 1 x 2 over Z_(2^31 - 1): A x = (x0 + x1, x0 + x1), so b is winnable exactly when b0 = b1; the check
    // multiplies residues near 2^31, past the 2^53 a double holds exactly
    const test = winnabilityTest(gridBoard(1, 2), { states: MAX_STATES });
    expect(test([MAX_STATES - 2, MAX_STATES - 2])).toBe(true);
    expect(test([MAX_STATES - 1, MAX_STATES - 2])).toBe(false);
    expect(test([5, 5])).toBe(true);
    expect(() => test([MAX_STATES, 0])).toThrow(/"lights\[0\]" expected an integer in 0\.\.2147483646/);
    expect(() => winnabilityTest(gridBoard(1, 2), { states: 1 })).toThrow(/"states" expected an integer/);
  });

  it("two states take the GF(2) engine and agree with the Z_k engine run at k = 2", () => {
    for (const [, board] of BOARDS) {
      const cells = neighbourhoods(board).length;
      const next = lcg(cells);
      const lights = Array.from({ length: cells }, () => next() & 1);
      const gf2 = solveLightsOut(board, lights);
      const ring = solveOver(board, lights, residueRing(2), {});
      expect(solveLightsOut(board, lights, { states: 2 })).toEqual(gf2);
      // the default keeps the bit-per-byte result: no copy into wider arrays
      expect(gf2.presses ?? new Uint8Array(0)).toBeInstanceOf(Uint8Array);
      const counts = { presses: null, proof: null, lastRowProof: null, method: null };
      expect({ ...gf2, ...counts }).toEqual({ ...ring, ...counts });
      expect(quietPatterns(board)).toHaveLength(ring.nullity);
    }
  });

  it("chaseTrace with any k: each step's lights are the previous ones pressed, and the trace ends dark", () => {
    for (const k of [2, 3, 4, 7]) {
      for (const [rows, cols] of [
        [3, 3],
        [4, 5],
        [5, 5],
        [6, 2],
      ] as const) {
        const board = gridBoard(rows, cols);
        const next = lcg(k * 100 + rows * cols);
        const lights = Array.from({ length: rows * cols }, () => next() % k);
        const t = chaseTrace(rows, cols, lights, { states: k });
        expect(t.states).toBe(k);
        expect(Array.from(t.lights)).toEqual(lights);
        let before: ArrayLike<number> = lights;
        for (const step of t.steps) {
          expect(step.lights).toBeInstanceOf(k === 2 ? Uint8Array : Uint32Array);
          expect(Array.from(step.lights)).toEqual(Array.from(pressed(board, before, step.presses, k)));
          before = step.lights;
        }
        expect(t.solvable).toBe(solveLightsOut(board, lights, { states: k }).solvable);
        if (t.solvable) {
          expect(isDark(before)).toBe(true);
          expect(isDark(pressed(board, lights, t.solution!, k))).toBe(true);
        } else expect(t.firstRow).toBeUndefined();
      }
    }
  });

  it("isChaseableRectangle: plain rectangles only", () => {
    expect(isChaseableRectangle(gridBoard(1, 1))).toBe(true);
    expect(isChaseableRectangle(gridBoard(7, 3, { rule: "plus", topology: "plane" }))).toBe(true);
    for (const board of [
      gridBoard(5, 5, { torus: true }),
      gridBoard(5, 5, { topology: "projective" }),
      gridBoard(5, 5, { rule: "x" }),
      gridBoard(5, 5, { rule: { offsets: [[1, 0]] } }),
      gridBoard(5, 5, { selfToggle: false }),
      maskBoard(["##", "##"]),
      graphBoard(4, [[0, 1]]),
    ]) {
      expect(isChaseableRectangle(board)).toBe(false);
    }
  });

  it("MAX_STATES is the largest k every function takes", () => {
    expect(MAX_STATES).toBe(2 ** 31 - 1);
    expect(MAX_STATES).toBe(MAX_MODULUS);
    // a 1 x 1 board over Z_(2^31 - 1): the light at 5 needs k - 5 presses
    const s = solveLightsOut(gridBoard(1, 1), [5], { states: MAX_STATES });
    expect(Array.from(s.presses!)).toEqual([MAX_STATES - 5]);
    for (const run of [
      () => solveLightsOut(gridBoard(1, 1), [0], { states: MAX_STATES + 1 }),
      () => quietPatterns(gridBoard(1, 1), { states: 1 }),
      () => allSolutions(gridBoard(1, 1), [0], { states: 0 }).next(),
      () => fewestPresses(gridBoard(1, 1), [0], { states: MAX_STATES + 1 }),
      () => randomPuzzle(gridBoard(1, 1), { states: 1 }),
      () => chaseTrace(1, 1, [0], { states: 1 }),
      () => applyPresses(gridBoard(1, 1), [0], [0], { states: MAX_STATES + 1 }),
    ]) {
      expect(run).toThrow(/"states" expected an integer in 2\.\.2147483647, got/);
    }
    expect(() => solveLightsOut(gridBoard(1, 2), [0, 2])).toThrow(/"lights\[1\]" expected 0 or 1, got 2/);
  });
});
