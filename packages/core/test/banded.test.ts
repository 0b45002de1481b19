// The banded GF(2) route against the dense route and against plain loops:
// every answer is checked by pressing with independent neighbourhoods
// (_support.ts), every proof by computing y A and y . b here, and the
// WebAssembly front against its TypeScript twin row for row. Board sizes
// straddle the 64-bit word and 128-bit lane boundaries.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { wasmBytesInUse } from "../src/internal/kernel.js";
import {
  type Board,
  getMemoryLimit,
  graphBoard,
  gridBoard,
  maskBoard,
  pressTargets,
  allSolutions,
  quietPatterns,
  type RuleName,
  randomPuzzle,
  winnabilityTest,
  setMemoryLimit,
  solveLightsOut,
} from "../src/index.js";
import { planBanded, targetRows } from "../src/lightsout/_banded-plan.js";
import { type BandedEchelon, bandedEchelon } from "../src/solvers/banded.js";
import { isDark, neighbourhoods, plainRank, pressed, seededUnit } from "./_support.js";

const RUNS = { seed: 20261130, numRuns: 60 };
const WIDTHS = [1, 2, 3, 31, 32, 33, 63, 64, 65, 127, 128, 129];
const RULES: RuleName[] = ["plus", "x", "king", "knight"];

/** y A over GF(2) with plain loops: entry j is the parity of y over the cells press j changes. */
function leftProduct(board: Board, y: ArrayLike<number>): number[] {
  return neighbourhoods(board).map((cells) => cells.reduce((acc, i) => acc ^ (y[i]! & 1), 0));
}

function dot(y: ArrayLike<number>, b: ArrayLike<number>): number {
  let d = 0;
  for (let i = 0; i < y.length; i++) d ^= y[i]! & b[i]! & 1;
  return d;
}

/** Deterministic bits from a seed (xorshift, written here). */
function bits(n: number, seed: number, density = 0.5): Uint8Array {
  const next = seededUnit(seed);
  return Uint8Array.from({ length: n }, () => (next() < density ? 1 : 0));
}

const gridArb = fc
  .record({
    rows: fc.integer({ min: 1, max: 14 }),
    cols: fc.constantFrom(...WIDTHS),
    torus: fc.boolean(),
    rule: fc.constantFrom<RuleName | "custom">(...RULES, "custom"),
    selfToggle: fc.boolean(),
    masked: fc.boolean(),
    transpose: fc.boolean(),
    seed: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
  })
  .map(({ rows, cols, torus, rule, selfToggle, masked, transpose, seed }): Board => {
    const [r, c] = transpose ? [cols, rows] : [rows, cols];
    // a custom rule that is not symmetric: its press matrix differs from its transpose
    const ruleValue = rule === "custom" ? { offsets: [[0, 1] as const, [2, -1] as const, [-1, 0] as const] } : rule;
    if (!masked) return gridBoard(r, c, { torus, rule: ruleValue, selfToggle });
    const keep = bits(r * c, seed, 0.8);
    const mask = Array.from({ length: r }, (_, i) =>
      Array.from({ length: c }, (_, j) => (keep[i * c + j] || (i === 0 && j === 0) ? "#" : ".")).join(""),
    );
    return maskBoard(mask, { torus, rule: ruleValue, selfToggle });
  });

const graphArb = fc
  .record({
    vertices: fc.constantFrom(1, 5, 63, 64, 65, 128, 129, 300),
    density: fc.constantFrom(0.005, 0.02, 0.3),
    selfToggle: fc.boolean(),
    seed: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
  })
  .map(({ vertices, density, selfToggle, seed }): Board => {
    const coin = bits(vertices * vertices, seed, density);
    const edges: [number, number][] = [];
    for (let u = 0; u < vertices; u++)
      for (let v = u + 1; v < vertices; v++) if (coin[u * vertices + v]) edges.push([u, v]);
    return graphBoard(vertices, edges, { selfToggle });
  });

const boardArb = fc.oneof(gridArb, gridArb, graphArb);

/** Lights of three kinds: random, winnable (random presses), and winnable plus one light (often not). */
function lightsFor(board: Board, kind: number, seed: number): Uint8Array {
  const n = pressTargets(board).length;
  if (kind === 0) return bits(n, seed);
  const lights = randomPuzzle(board, { seed });
  if (kind === 2) lights[seed % n]! ^= 1;
  return lights;
}

function checkAnswer(board: Board, lights: Uint8Array) {
  const dense = solveLightsOut(board, lights, { method: "dense" });
  const banded = solveLightsOut(board, lights, { method: "banded" });
  expect(banded.method).toBe("banded");
  expect(banded.solvable).toBe(dense.solvable);
  expect(banded.rank).toBe(dense.rank);
  expect(banded.nullity).toBe(dense.nullity);
  expect(banded.solutions).toBe(dense.solutions);
  expect(banded.winnableBoards).toBe(dense.winnableBoards);
  if (banded.solvable) {
    expect(isDark(pressed(board, lights, banded.presses!))).toBe(true);
  } else {
    expect(banded.presses).toBeNull();
    const y = banded.proof!;
    expect(leftProduct(board, y).every((v) => v === 0)).toBe(true);
    expect(dot(y, lights)).toBe(1);
  }
}

/** The pivot rows as plain values, for comparing the kernel and the twin. */
function rowsOf(e: BandedEchelon): { col: number; rhs: number; words: number[] }[] {
  return Array.from(e.col, (col, t) => {
    const block = e.blocks[e.block[t]!]!;
    const words = Array.from(block.subarray(e.offset[t]!, e.offset[t]! + e.words[t]!));
    return { col, rhs: e.rhs[t]!, words };
  });
}

describe("banded route", () => {
  it("agrees with the dense route on every board kind, solvable and not", () => {
    fc.assert(
      fc.property(boardArb, fc.integer({ min: 0, max: 2 }), fc.integer({ min: 1, max: 2 ** 30 }), (board, kind, seed) =>
        checkAnswer(board, lightsFor(board, kind, seed)),
      ),
      RUNS,
    );
  });

  it("builds the press targets of grids without sets, the same as pressTargets", () => {
    fc.assert(
      fc.property(boardArb, (board) => {
        const t = targetRows(board);
        const rows = Array.from({ length: t.n }, (_, j) => Array.from(t.idx.subarray(t.start[j]!, t.start[j + 1]!)));
        expect(rows).toEqual(pressTargets(board).map((x) => Array.from(x)));
      }),
      RUNS,
    );
  });

  it("has a TypeScript twin that writes the same pivot rows, growing a too small front alike", () => {
    fc.assert(
      fc.property(
        boardArb,
        fc.integer({ min: 1, max: 2 ** 30 }),
        fc.constantFrom(1, 3, undefined),
        (board, seed, slots) => {
          const plan = planBanded(board);
          const lights = bits(plan.rows.n, seed);
          const options = slots === undefined ? {} : { slots };
          const wasm = bandedEchelon(plan, 2, lights, "wasm", options);
          const ts = bandedEchelon(plan, 2, lights, "ts", options);
          expect(ts.rank).toBe(wasm.rank);
          expect(ts.inconsistent).toBe(wasm.inconsistent);
          expect(rowsOf(ts)).toEqual(rowsOf(wasm));
        },
      ),
      RUNS,
    );
  });

  it("finds a basis of the quiet patterns: quiet, independent, as many as the nullity", () => {
    fc.assert(
      fc.property(boardArb, (board) => {
        const n = pressTargets(board).length;
        const basis = quietPatterns(board, { method: "banded" });
        expect(basis.length).toBe(quietPatterns(board, { method: "dense" }).length);
        const dark = new Uint8Array(n);
        for (const q of basis) expect(isDark(pressed(board, dark, q))).toBe(true);
        if (basis.length > 0) expect(plainRank(basis.map((q) => Array.from(q)))).toBe(basis.length);
      }),
      { ...RUNS, numRuns: 30 },
    );
  });

  it("solves tori of every size 1..40 and a 200 x 200 torus, checked by pressing", () => {
    for (let n = 1; n <= 40; n++) {
      const board = gridBoard(n, n, { torus: true });
      checkAnswer(board, new Uint8Array(n * n).fill(1));
    }
    const big = gridBoard(200, 200, { torus: true, rule: "king" });
    const lights = bits(40_000, 7);
    const s = solveLightsOut(big, lights);
    expect(s.method).toBe("banded");
    if (s.solvable) expect(isDark(pressed(big, lights, s.presses!))).toBe(true);
    else {
      expect(leftProduct(big, s.proof!).every((v) => v === 0)).toBe(true);
      expect(dot(s.proof!, lights)).toBe(1);
    }
  });

  it("enumerates the first solutions of a big board from a few quiet patterns, each one clearing it", () => {
    // 128 x 128 king rule: banded, nullity 255
    const board = gridBoard(128, 128, { rule: "king" });
    const lights = new Uint8Array(128 * 128).fill(1);
    expect(solveLightsOut(board, lights).method).toBe("banded");
    const seen = new Set<string>();
    for (const x of allSolutions(board, lights)) {
      expect(isDark(pressed(board, lights, x))).toBe(true);
      seen.add(x.join(""));
      if (seen.size === 6) break;
    }
    expect(seen.size).toBe(6);
  });

  it("tests winnability of big boards, asymmetric rules too, as the solver decides it", () => {
    const boards = [
      gridBoard(100, 100, { torus: true }),
      // asymmetric: a press toggles the cells right of and below it only; nothing ever toggles the corner
      gridBoard(70, 70, { rule: { offsets: [[0, 1] as const, [1, 0] as const] }, selfToggle: false }),
      gridBoard(80, 80),
    ];
    for (const board of boards) {
      const n = pressTargets(board).length;
      const winnable = winnabilityTest(board);
      for (let seed = 1; seed <= 6; seed++) {
        const lights = seed % 2 ? bits(n, seed) : randomPuzzle(board, { seed });
        expect(winnable(lights)).toBe(solveLightsOut(board, lights, { method: "dense" }).solvable);
      }
    }
  });

  it("is chosen automatically for big local boards and not for small ones", () => {
    expect(solveLightsOut(gridBoard(10, 10, { torus: true }), new Uint8Array(100)).method).toBe("dense");
    expect(solveLightsOut(gridBoard(100, 100, { torus: true }), new Uint8Array(10_000)).method).toBe("banded");
    expect(solveLightsOut(gridBoard(30, 30), new Uint8Array(900)).method).toBe("chasing");
  });

  it("reports progress and cancels, leaving no kernel memory behind", () => {
    const board = gridBoard(120, 120, { torus: true });
    const lights = new Uint8Array(14_400).fill(1);
    const seen: number[] = [];
    solveLightsOut(board, lights, { method: "banded", onProgress: (done, total) => seen.push(done / total) });
    expect(seen.length).toBeGreaterThan(1);
    expect(seen.at(-1)).toBe(1);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);

    const before = wasmBytesInUse();
    const controller = new AbortController();
    const stop = new Error("stopped");
    expect(() =>
      solveLightsOut(board, lights, {
        method: "banded",
        signal: controller.signal,
        onProgress: () => controller.abort(stop),
      }),
    ).toThrow(stop);
    expect(wasmBytesInUse()).toBe(before);
    const aborted = AbortSignal.abort(new Error("already"));
    expect(() => quietPatterns(board, { method: "banded", signal: aborted })).toThrow("already");
  });
});

describe("banded route: bad input", () => {
  it("rejects unknown methods and malformed options", () => {
    const board = gridBoard(3, 3);
    const lights = new Uint8Array(9);
    expect(() => solveLightsOut(board, lights, { method: "sparse" as never })).toThrow(TypeError);
    expect(() => solveLightsOut(board, lights, { method: "sparse" as never })).toThrow(
      /"method" expected "auto", "dense" or "banded"/,
    );
    expect(() => solveLightsOut(board, lights, 5 as never)).toThrow(TypeError);
    expect(() => solveLightsOut(board, lights, { onProgress: 1 as never })).toThrow(TypeError);
    expect(() => quietPatterns(board, { signal: {} as never })).toThrow(TypeError);
  });

  it("refuses a board beyond the memory limit with a RangeError naming the memory, before allocating", () => {
    const limit = getMemoryLimit();
    const before = wasmBytesInUse();
    setMemoryLimit(2 ** 20);
    try {
      const board = gridBoard(300, 300, { torus: true });
      expect(() => solveLightsOut(board, new Uint8Array(90_000), { method: "banded" })).toThrow(RangeError);
      expect(() => solveLightsOut(board, new Uint8Array(90_000))).toThrow(
        /banded elimination of a 300 x 300 board needs [\d.]+ MiB, but at most 1 MiB fit \(the memory limit\)/,
      );
      // a graph (a long path) is checked once its system is ordered, before the elimination allocates
      const path = graphBoard(
        90_000,
        Array.from({ length: 89_999 }, (_, i) => [i, i + 1] as [number, number]),
      );
      expect(() => solveLightsOut(path, new Uint8Array(90_000), { method: "banded" })).toThrow(
        /banded elimination of a 90000-cell board needs [\d.]+ MiB, but at most 1 MiB fit \(the memory limit\)/,
      );
      expect(wasmBytesInUse()).toBe(before);
    } finally {
      setMemoryLimit(limit);
    }
  });

  it("refuses a huge grid from its shape alone, before building its press lists", () => {
    // 2^28 cells: the press lists alone would take gigabytes
    const board = gridBoard(16_384, 16_384, { torus: true, rule: "king" });
    expect(() => solveLightsOut(board, new Uint8Array(0))).toThrow(
      /^the banded elimination of a 16384 x 16384 board needs [\d.]+ TiB, but at most .* fit \(the memory limit/,
    );
  });

  it("refuses a quiet-pattern basis too large to return, naming its size", () => {
    // 33,000 isolated vertices without self toggle: every press is quiet
    const board = graphBoard(33_000, [], { selfToggle: false });
    expect(() => quietPatterns(board, { method: "banded" })).toThrow(
      /^the quiet basis of this 33000-cell board \(33,000 patterns of 33,000 cells\) expected at most 1,073,741,824 entries, got 1,089,000,000 entries/,
    );
    const s = solveLightsOut(board, new Uint8Array(33_000), { method: "banded" });
    expect(s.nullity).toBe(33_000);
    expect(s.solutions).toBe(2n ** 33_000n);
  });
});
