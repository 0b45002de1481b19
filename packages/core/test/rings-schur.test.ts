// The large-system ring solver (unit pivots in the WebAssembly kernel, then
// the diagonal form of the Schur complement) against the diagonal form of
// the whole system, and every answer checked by plain BigInt arithmetic:
// solutions solve, certificates separate, kernel generators have exactly
// their orders. Then multi-state boards that cannot be chased, at sizes
// the diagonal form could not reach.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  graphBoard,
  gridBoard,
  maskBoard,
  quietPatterns,
  randomPuzzle,
  solveLightsOut,
  solveModK,
  type Board,
} from "../src/index.js";
import { neighbourhoods, pressed } from "./_support.js";

/** A plain LCG, independent of the code under test. */
function lcg(seed: number): (n: number) => number {
  let s = (seed * 2654435761 + 1) >>> 0;
  return (n) => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return Math.floor(((s >>> 8) / 2 ** 24) * n);
  };
}

/** Random m x n over Z_k, biased to zeros and multiples of k's divisors (so the local rings' non-units show up). */
function randomSystem(seed: number, m: number, n: number, k: number, rank: number): { a: number[][]; b: number[] } {
  const rand = lcg(seed);
  const divisors = Array.from({ length: k }, (_, d) => d).filter((d) => d > 1 && k % d === 0);
  const entry = () => (rand(3) === 0 ? 0 : (rand(k) * (rand(2) ? 1 : (divisors[rand(divisors.length)] ?? 1))) % k);
  // a product of m x r and r x n factors: deficient rank makes kernels and unsolvable b common
  const left = Array.from({ length: m }, () => Array.from({ length: rank }, entry));
  const right = Array.from({ length: rank }, () => Array.from({ length: n }, entry));
  const a = left.map((row) =>
    Array.from({ length: n }, (_, j) => row.reduce((acc, v, t) => (acc + v * right[t]![j]!) % k, 0)),
  );
  const b = Array.from({ length: m }, () => (rand(2) ? entry() : 0));
  return { a, b };
}

const big = (v: number) => BigInt(v);
function times(a: number[][], x: ArrayLike<number>, k: number): number[] {
  return a.map((row) => Number(row.reduce((acc, v, j) => acc + big(v) * big(x[j]!), 0n) % big(k)));
}
function leftTimes(y: ArrayLike<number>, a: number[][], n: number, k: number): number[] {
  return Array.from({ length: n }, (_, j) =>
    Number(a.reduce((acc, row, i) => acc + big(y[i]!) * big(row[j]!), 0n) % big(k)),
  );
}
const dot = (y: ArrayLike<number>, b: ArrayLike<number>, k: number) =>
  Number(Array.from(b).reduce((acc, v, i) => acc + big(v) * big(y[i]!), 0n) % big(k));
const scaled = (g: ArrayLike<number>, t: number, k: number) => Array.from(g, (v) => (v * t) % k);

describe("solveModK: the Schur method agrees with the diagonal form and checks out", () => {
  const MODULI = [2, 3, 4, 6, 8, 9, 12, 16, 25, 27, 30, 36, 49, 121, 65536, 65521 * 4];
  it("random systems, square and rectangular, symmetric or not", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...MODULI),
        fc.constantFrom(1, 3, 9, 17, 33),
        fc.constantFrom(1, 4, 9, 16, 33),
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: 2 ** 30 }),
        fc.constantFrom<"wasm" | "ts">("wasm", "ts"),
        (k, m, n, rank, seed, engine) => {
          const { a, b } = randomSystem(seed, m, n, k, Math.max(1, rank));
          const schur = solveModK(a, b, k, { method: "schur", engine });
          const diagonal = solveModK(a, b, k, { method: "diagonal" });
          expect(schur.solvable).toBe(diagonal.solvable);
          expect(schur.kernelSize).toBe(diagonal.kernelSize);
          expect(schur.solutions).toBe(diagonal.solutions);
          if (schur.solvable) {
            expect(times(a, schur.x!, k)).toEqual(b);
          } else {
            const y = schur.certificate!;
            expect(leftTimes(y, a, n, k).every((v) => v === 0)).toBe(true);
            expect(dot(y, b, k)).not.toBe(0);
          }
          let product = 1n;
          for (const { generator, order } of schur.cyclic) {
            expect(times(a, generator, k).every((v) => v === 0)).toBe(true);
            expect(scaled(generator, order, k).every((v) => v === 0)).toBe(true);
            // exactly this order: every proper divisor order / p leaves it non-zero
            for (let p = 2; p <= order; p++) {
              if (order % p === 0 && [...Array(p).keys()].slice(2).every((d) => p % d !== 0)) {
                expect(scaled(generator, order / p, k).some((v) => v !== 0)).toBe(true);
              }
            }
            product *= BigInt(order);
          }
          expect(product).toBe(schur.kernelSize);
        },
      ),
      { numRuns: 150, seed: 11 },
    );
  });

  it("reports progress across the prime powers and can be cancelled", () => {
    const { a, b } = randomSystem(5, 200, 200, 36, 150);
    const seen: number[] = [];
    solveModK(a, b, 36, { method: "schur", onProgress: (f) => seen.push(f) });
    expect(seen.at(-1)).toBe(1);
    expect(seen.some((f) => f > 0 && f < 1)).toBe(true);
    const controller = new AbortController();
    controller.abort(new Error("no more"));
    expect(() => solveModK(a, b, 36, { method: "schur", signal: controller.signal })).toThrow("no more");
    expect(() => solveModK(a, b, 36, { method: "fast" as "auto" })).toThrow(
      /"method" expected "auto", "schur" or "diagonal", got "fast"/,
    );
  });
});

/** The press matrix of a board as rows (column j = the cells press j changes). */
function pressRows(board: Board): number[][] {
  const targets = neighbourhoods(board);
  const a = targets.map(() => new Array<number>(targets.length).fill(0));
  targets.forEach((t, j) => t.forEach((i) => (a[i]![j] = 1)));
  return a;
}

describe("multi-state boards that cannot be chased", () => {
  const boards: [string, Board][] = [
    ["9 x 9 torus", gridBoard(9, 9, { torus: true })],
    ["7 x 8 king", gridBoard(7, 8, { rule: "king" })],
    ["mask", maskBoard(["##.##", "#####", ".###.", "#####", "##.##"])],
    [
      "graph",
      graphBoard(12, [
        [0, 1],
        [1, 2],
        [2, 3],
        [3, 0],
        [4, 5],
        [5, 6],
        [6, 7],
        [7, 4],
        [0, 4],
        [8, 9],
        [9, 10],
        [10, 11],
        [11, 8],
        [2, 10],
      ]),
    ],
    [
      "asymmetric rule",
      gridBoard(6, 6, {
        rule: {
          offsets: [
            [0, 1],
            [2, 0],
          ],
        },
      }),
    ],
  ];
  for (const [name, board] of boards) {
    for (const k of [3, 4, 6, 9, 12]) {
      it(`${name} over Z_${k}: agrees with the diagonal form of the press matrix`, () => {
        const cells = neighbourhoods(board).length;
        const a = pressRows(board);
        for (const seed of [1, 2, 3]) {
          const rand = lcg(seed * 31 + k);
          const lights = Array.from({ length: cells }, () => rand(k));
          const s = solveLightsOut(board, lights, { states: k });
          const reference = solveModK(
            a,
            lights.map((v) => (k - v) % k),
            k,
            { method: "diagonal" },
          );
          expect(s.solvable).toBe(reference.solvable);
          expect(s.quietCount).toBe(reference.kernelSize);
          if (s.solvable) expect(pressed(board, lights, s.presses!, k).every((v) => v === 0)).toBe(true);
          else {
            expect(leftTimes(s.proof!, a, cells, k).every((v) => v === 0)).toBe(true);
            expect(dot(s.proof!, lights, k)).not.toBe(0);
          }
        }
      });
    }
  }

  it("a 48 x 48 torus (2304 cells) over Z_6 and a 3000-cell mask over Z_5: random puzzles solve", () => {
    for (const [board, k] of [
      [gridBoard(48, 48, { torus: true }), 6],
      [
        maskBoard(
          Array.from({ length: 60 }, (_, r) =>
            Array.from({ length: 52 }, (_, c) => ((r * 7 + c * 3) % 11 === 0 ? "." : "#")).join(""),
          ),
        ),
        5,
      ],
    ] as const) {
      const lights = randomPuzzle(board, { states: k, seed: 9 });
      const s = solveLightsOut(board, lights, { states: k });
      expect(s).toMatchObject({ solvable: true, method: "dense" });
      expect(pressed(board, lights, s.presses!, k).every((v) => v === 0)).toBe(true);
      // the quiet patterns are quiet
      for (const q of quietPatterns(board, { states: k })) {
        expect(pressed(board, new Uint32Array(q.length), q, k).every((v) => v === 0)).toBe(true);
      }
    }
  });

  it("two states go to the GF(2) engine: a 5000-vertex graph", () => {
    const n = 5000;
    const rand = lcg(77);
    const edges: [number, number][] = [];
    for (let i = 0; i < n; i++) for (let t = 0; t < 3; t++) edges.push([i, rand(n)]);
    const board = graphBoard(
      n,
      edges.filter(([u, v]) => u !== v),
    );
    const lights = Array.from({ length: n }, () => rand(2));
    const s = solveLightsOut(board, lights, { states: 2 });
    const reference = solveLightsOut(board, lights);
    expect(s.solvable).toBe(reference.solvable);
    expect(s.nullity).toBe(quietPatterns(board).length);
    if (s.solvable) expect(pressed(board, lights, s.presses!, 2).every((v) => v === 0)).toBe(true);
    else {
      // y A = 0: every press changes an even number of the cells y marks
      expect(neighbourhoods(board).every((t) => t.reduce((acc, i) => acc + s.proof![i]!, 0) % 2 === 0)).toBe(true);
      expect(dot(s.proof!, lights, 2)).toBe(1);
    }
  });

  it("long eliminations report progress and stop when aborted", () => {
    const board = gridBoard(30, 30, { torus: true });
    const lights = randomPuzzle(board, { states: 3, seed: 1 });
    const seen: number[] = [];
    solveLightsOut(board, lights, { states: 3, onProgress: (f) => seen.push(f) });
    expect(seen.at(-1)).toBe(1);
    const controller = new AbortController();
    expect(() =>
      solveLightsOut(board, lights, {
        states: 3,
        signal: controller.signal,
        onProgress: () => controller.abort(new Error("cancelled")),
      }),
    ).toThrow("cancelled");
  });
});
