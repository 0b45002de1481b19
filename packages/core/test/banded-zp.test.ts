// The banded route over Z_p (multi-state boards with a prime number of
// states) against the dense Z_k route and plain loops: presses checked by
// pressing (_support.ts), certificates by computing y A and y . b here,
// kernels by pressing a dark board; the WebAssembly front against its
// TypeScript twin row for row.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type Board,
  graphBoard,
  gridBoard,
  maskBoard,
  type RuleName,
  randomPuzzle,
  solveLightsOut,
} from "../src/index.js";
import { wasmBytesInUse } from "../src/internal/kernel.js";
import { getMemoryLimit, setMemoryLimit } from "../src/index.js";
import { planBanded } from "../src/lightsout/_banded-plan.js";
import { bandedEchelon, solveBanded } from "../src/solvers/banded.js";
import { isDark, neighbourhoods, pressed, seededUnit } from "./_support.js";

const RUNS = { seed: 20261130, numRuns: 40 };
const PRIMES = [3, 5, 7, 31, 257, 46_337];

function bits(n: number, seed: number, density = 0.5): Uint8Array {
  const next = seededUnit(seed);
  return Uint8Array.from({ length: n }, () => (next() < density ? 1 : 0));
}

/** y A mod k with plain loops: entry j sums y over the cells press j changes. */
function leftProduct(board: Board, y: ArrayLike<number>, k: number): number[] {
  return neighbourhoods(board).map((cells) => cells.reduce((acc, i) => (acc + y[i]!) % k, 0));
}

const boardArb = fc.oneof(
  fc
    .record({
      rows: fc.integer({ min: 1, max: 9 }),
      cols: fc.constantFrom(1, 2, 3, 4, 5, 31, 33, 63, 65),
      torus: fc.boolean(),
      rule: fc.constantFrom<RuleName | "custom">("plus", "x", "king", "knight", "custom"),
      selfToggle: fc.boolean(),
      masked: fc.boolean(),
      seed: fc.integer({ min: 1, max: 2 ** 30 }),
    })
    .map(({ rows, cols, torus, rule, selfToggle, masked, seed }): Board => {
      const ruleValue = rule === "custom" ? { offsets: [[0, 1] as const, [2, -1] as const] } : rule;
      if (!masked) return gridBoard(rows, cols, { torus, rule: ruleValue, selfToggle });
      const keep = bits(rows * cols, seed, 0.8);
      const mask = Array.from({ length: rows }, (_, i) =>
        Array.from({ length: cols }, (_, j) => (keep[i * cols + j] || (i === 0 && j === 0) ? "#" : ".")).join(""),
      );
      return maskBoard(mask, { torus, rule: ruleValue, selfToggle });
    }),
  fc
    .record({ vertices: fc.constantFrom(1, 6, 40, 130), seed: fc.integer({ min: 1, max: 2 ** 30 }) })
    .map(({ vertices, seed }) => {
      const coin = bits(vertices * vertices, seed, 0.05);
      const edges: [number, number][] = [];
      for (let u = 0; u < vertices; u++)
        for (let v = u + 1; v < vertices; v++) if (coin[u * vertices + v]) edges.push([u, v]);
      return graphBoard(vertices, edges);
    }),
);

function lightsFor(board: Board, k: number, kind: number, seed: number): Uint32Array {
  const n = neighbourhoods(board).length;
  if (kind === 0) return Uint32Array.from(bits(n, seed), (v, i) => (v * (i + seed)) % k);
  const lights = Uint32Array.from(randomPuzzle(board, { states: k, seed }));
  if (kind === 2) lights[seed % n] = (lights[seed % n]! + 1) % k;
  return lights;
}

describe("banded route over Z_p", () => {
  it("agrees with the dense route: solvability, nullity, presses that clear, certificates and kernels", () => {
    fc.assert(
      fc.property(
        boardArb,
        fc.constantFrom(...PRIMES),
        fc.integer({ min: 0, max: 2 }),
        fc.integer({ min: 1, max: 2 ** 30 }),
        fc.constantFrom<"wasm" | "ts">("wasm", "ts"),
        (board, k, kind, seed, engine) => {
          const lights = lightsFor(board, k, kind, seed);
          const n = lights.length;
          const dense = solveLightsOut(board, lights, { states: k });
          const r = Uint32Array.from(lights, (v) => (v === 0 ? 0 : k - v));
          const s = solveBanded(planBanded(board), k, r, engine, {}, { maxEntries: Number.POSITIVE_INFINITY });
          expect(s.solvable).toBe(dense.solvable);
          expect(s.kernel!.length).toBe(dense.nullity);
          for (const g of s.kernel!) expect(isDark(pressed(board, new Uint32Array(n), g, k))).toBe(true);
          if (s.solvable) expect(isDark(pressed(board, lights, s.x!, k))).toBe(true);
          else {
            const y = s.proof!;
            expect(leftProduct(board, y, k).every((v) => v === 0)).toBe(true);
            let dot = 0;
            for (let i = 0; i < n; i++) dot = (dot + y[i]! * lights[i]!) % k;
            expect(dot).not.toBe(0);
          }
        },
      ),
      RUNS,
    );
  });

  it("has a TypeScript twin that writes the same pivot rows, growing a too small front alike", () => {
    fc.assert(
      fc.property(
        boardArb,
        fc.constantFrom(...PRIMES),
        fc.integer({ min: 1, max: 2 ** 30 }),
        fc.constantFrom(1, 2, undefined),
        (board, k, seed, slots) => {
          const plan = planBanded(board);
          const r = lightsFor(board, k, 0, seed);
          const options = slots === undefined ? {} : { slots };
          const a = bandedEchelon(plan, k, r, "wasm", options);
          const b = bandedEchelon(plan, k, r, "ts", options);
          const rows = (e: typeof a) =>
            Array.from(e.col, (col, t) => ({
              col,
              rhs: e.rhs[t],
              entries: Array.from(e.blocks[e.block[t]!]!.subarray(e.offset[t]!, e.offset[t]! + e.words[t]!)),
            }));
          expect(b.rank).toBe(a.rank);
          expect(b.inconsistent).toBe(a.inconsistent);
          expect(rows(b)).toEqual(rows(a));
        },
      ),
      RUNS,
    );
  });

  it("reports progress, cancels leaving no kernel memory behind, and refuses boards past the memory limit", () => {
    const board = gridBoard(70, 70, { torus: true });
    const lights = new Array(4900).fill(1);
    const seen: number[] = [];
    solveLightsOut(board, lights, { states: 3, onProgress: (f) => seen.push(f) });
    expect(seen.length).toBeGreaterThan(1);
    expect(seen.at(-1)).toBe(1);
    const before = wasmBytesInUse();
    const controller = new AbortController();
    const stop = new Error("stopped");
    expect(() =>
      solveLightsOut(board, lights, {
        states: 3,
        signal: controller.signal,
        onProgress: () => controller.abort(stop),
      }),
    ).toThrow(stop);
    expect(wasmBytesInUse()).toBe(before);
    const limit = getMemoryLimit();
    setMemoryLimit(2 ** 20);
    try {
      expect(() => solveLightsOut(board, lights, { states: 7 })).toThrow(
        /banded elimination of a (70 x 70|4900-cell) board.* needs [\d.]+ MiB, but at most 1 MiB fit \(the memory limit\); see setMemoryLimit$/,
      );
    } finally {
      setMemoryLimit(limit);
    }
  });

  it("solves big boards with a prime number of states through solveLightsOut, checked by pressing", () => {
    // 120 x 120 torus over Z_3 (14,400 cells) and a 100 x 100 king board over Z_5: the banded route
    for (const [board, k] of [
      [gridBoard(120, 120, { torus: true }), 3],
      [gridBoard(100, 100, { rule: "king" }), 5],
    ] as const) {
      const n = board.rows * board.cols;
      const lights = randomPuzzle(board, { states: k, seed: 3 });
      const s = solveLightsOut(board, lights, { states: k });
      expect(s.solvable).toBe(true);
      expect(isDark(pressed(board, lights, s.presses!, k))).toBe(true);
      expect(s.rank + s.nullity).toBe(n);
    }
  });
});
