// The Z_p elimination kernel (assembly/zp.ts, delayed reduction) against
// its TypeScript twin on seeded random matrices, sizes straddling the
// 4-entry SIMD lanes and the word sizes; guard bands around every buffer.
import { instantiate, invoke, zpEchelonKernel } from "@lightsout/gf2-wasm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FieldMatrix, primeField } from "../src/index.js";
import { zpEchelonNaive } from "../src/modular/zp-naive.js";
import { zpEchelon } from "../src/modular/zp.js";

// 46337 and 30011 take the delayed path with a reduction every 2 and 4 steps;
// 46349 and 65521 take the SIMD Barrett path (46349 is the first prime
// past the delayed range); 65537 is the first prime whose sums need 64 bits.
const PRIMES = [2, 3, 7, 30011, 46337, 46349, 65521, 65537, 2147483647];
const SIZES = [0, 1, 31, 32, 33, 63, 64, 65, 127, 128, 129, 200];

/** A seeded random rows x cols matrix over Z_p, of full rank or of rank at most `rank`. */
function randomEntries(p: number, rows: number, cols: number, seed: number, rank?: number): Uint32Array {
  const options = rank === undefined ? { seed } : { seed, rank: Math.min(rank, rows, cols) };
  return FieldMatrix.random(primeField(p), rows, cols, options).entries();
}

function both(a: Uint32Array, rows: number, cols: number, limit: number, p: number, unit = p, full = true) {
  const x = a.slice();
  const y = a.slice();
  const wasm = zpEchelon(x, rows, cols, limit, p, { unit, full });
  const ts = zpEchelonNaive(y, rows, cols, limit, p, { unit, full });
  return { wasm, ts, x, y };
}

describe("zpEchelon: WASM kernel = TypeScript twin", () => {
  it("square matrices of every boundary size, every prime, full and deficient rank", () => {
    const check = (n: number, p: number, seed: number, rank: number | undefined) => {
      const a = randomEntries(p, n, n, seed, rank);
      const { wasm, ts, x, y } = both(a, n, n, n, p);
      expect(wasm.rank).toBe(ts.rank);
      expect(wasm.pivots).toEqual(ts.pivots);
      expect(x).toEqual(y);
      if (rank !== undefined) expect(ts.rank).toBeLessThanOrEqual(rank);
    };
    // every boundary size up to 129 with every prime, at full rank; size 200 and deficient ranks
    // (each costs a matrix product to build) are sampled below
    SIZES.filter((n) => n <= 129).forEach((n, i) => {
      PRIMES.forEach((p, j) => check(n, p, 1 + i * 100 + j, undefined));
    });
    fc.assert(
      fc.property(
        fc.constantFrom(...SIZES),
        fc.constantFrom(...PRIMES),
        fc.integer({ min: 0, max: 2 ** 31 }),
        fc.option(fc.integer({ min: 0, max: 150 }), { nil: undefined }),
        check,
      ),
      { numRuns: 20, seed: 1 },
    );
  });

  it("tall and wide matrices, and augmented ones (pivots limited to the left part)", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(1, 3, 31, 33, 64, 65, 129),
        fc.constantFrom(1, 2, 5, 32, 63, 128, 200),
        fc.boolean(),
        fc.constantFrom(...PRIMES),
        fc.integer({ min: 0, max: 2 ** 31 }),
        fc.integer({ min: 0, max: 200 }),
        (m, n, transpose, p, seed, limit) => {
          const [rows, cols] = transpose ? [n, m] : [m, n];
          const a = randomEntries(
            p,
            rows,
            cols,
            seed,
            seed % 3 === 0 ? Math.floor(Math.min(rows, cols) / 2) : undefined,
          );
          const { wasm, ts, x, y } = both(a, rows, cols, limit, p);
          expect(wasm.rank).toBe(ts.rank);
          expect(wasm.pivots).toEqual(ts.pivots);
          expect(x).toEqual(y);
        },
      ),
      { numRuns: 80, seed: 2 },
    );
  });

  it("worst case for delayed reduction: all entries p - 1 in many steps", () => {
    for (const p of PRIMES) {
      const n = 129;
      const a = new Uint32Array(n * n);
      // Lower triangle p - 1 and diagonal 1: every step updates every row below.
      for (let i = 0; i < n; i++) for (let j = 0; j <= i; j++) a[i * n + j] = i === j ? 1 : p - 1;
      const { wasm, ts, x, y } = both(a, n, n, n, p);
      expect(wasm.rank).toBe(n);
      expect(ts.rank).toBe(n);
      expect(x).toEqual(y);
    }
  });

  it("empty matrices", () => {
    for (const [r, c] of [
      [0, 0],
      [0, 5],
      [5, 0],
    ] as const) {
      const { wasm, ts } = both(new Uint32Array(r * c), r, c, c, 7);
      expect(wasm.rank).toBe(0);
      expect(ts.rank).toBe(0);
    }
  });
});

describe("zpEchelon over Z_(p^e), pivots on units only", () => {
  const POWERS: [number, number][] = [
    [2, 2],
    [2, 3],
    [2, 5],
    [3, 2],
    [3, 3],
    [5, 2],
    [7, 2],
    [31, 2],
    [211, 2],
    [46337, 2],
  ];

  it("WASM kernel = TypeScript twin, and the rows past the rank are divisible by p", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...POWERS),
        fc.constantFrom(1, 5, 31, 32, 33, 65, 100),
        fc.constantFrom(1, 4, 31, 33, 64, 101),
        fc.integer({ min: 0, max: 2 ** 31 }),
        ([p, e], rows, cols, seed) => {
          const q = p ** e;
          // entries with many multiples of p, so that units are rare
          let s = seed;
          const a = Uint32Array.from({ length: rows * cols }, () => {
            s = (Math.imul(s, 1103515245) + 12345) >>> 0;
            const x = s % q;
            return (s >>> 16) % 3 === 0 ? x : (x * p) % q;
          });
          const { wasm, ts, x, y } = both(a, rows, cols, cols, q, p);
          expect(wasm.rank).toBe(ts.rank);
          expect(wasm.pivots).toEqual(ts.pivots);
          expect(x).toEqual(y);
          for (let i = ts.rank; i < rows; i++) {
            for (let j = 0; j < cols; j++) expect(y[i * cols + j]! % p).toBe(0);
          }
          // pivot columns are unit vectors: 1 in their echelon row, 0 elsewhere
          ts.pivots.forEach((c, r) => {
            for (let i = 0; i < rows; i++) expect(y[i * cols + c]).toBe(i === r ? 1 : 0);
          });
        },
      ),
      { numRuns: 80, seed: 3 },
    );
  });

  it("reports progress to the end and stops when aborted", () => {
    const n = 600; // 2^25 entry updates per slice: about 93 columns
    const a = randomEntries(65521, n, n, 5);
    const seen: number[] = [];
    zpEchelon(a.slice(), n, n, n, 65521, { onProgress: (done) => seen.push(done) });
    expect(seen.length).toBeGreaterThan(1);
    expect(seen.at(-1)).toBe(n);
    const controller = new AbortController();
    expect(() =>
      zpEchelon(a.slice(), n, n, n, 65521, {
        signal: controller.signal,
        onProgress: () => controller.abort(new Error("stop here")),
      }),
    ).toThrow("stop here");
  });
});

describe("zpEchelon on sparse and banded matrices (row extents)", () => {
  it("WASM kernel = TypeScript twin, with carried columns, over fields and prime powers", () => {
    fc.assert(
      fc.property(
        fc.constantFrom<[number, number]>(
          [3, 3],
          [7, 7],
          [46349, 46349],
          [65537, 65537],
          [9, 3],
          [8, 2],
          [49, 7],
          [4, 2],
        ),
        fc.constantFrom(1, 5, 31, 32, 33, 64, 65, 130),
        fc.constantFrom(0, 1, 2, 3, 5),
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: 2 ** 31 }),
        fc.boolean(),
        ([m, unit], n, carried, band, seed, full) => {
          // a banded n x n block (|i - j| <= band, some entries cleared) and `carried` dense columns
          let s = seed;
          const next = () => (s = (Math.imul(s, 1103515245) + 12345) >>> 0);
          const cols = n + carried;
          const a = new Uint32Array(n * cols);
          for (let i = 0; i < n; i++) {
            for (let j = 0; j < cols; j++) {
              const inBand = j >= n || Math.abs(i - j) <= band;
              if (inBand && next() % 4 !== 0) a[i * cols + j] = next() % m;
            }
          }
          // a few rows moved far from the diagonal, so that swaps carry long extents
          if (n > 4) a.copyWithin(0, (n - 1) * cols, n * cols);
          const { wasm, ts, x, y } = both(a, n, cols, n, m, unit, full);
          expect(wasm.rank).toBe(ts.rank);
          expect(wasm.pivots).toEqual(ts.pivots);
          expect(x).toEqual(y);
        },
      ),
      { numRuns: 200, seed: 7 },
    );
  });
});

describe("zpEchelon guard bands", () => {
  const k = instantiate();
  const GUARD = 256;
  const PATTERN = 0xa5;

  function region(bytes: number) {
    const base = k.alloc(bytes + 2 * GUARD);
    new Uint8Array(k.memory.buffer, base, bytes + 2 * GUARD).fill(PATTERN);
    return { base, ptr: base + GUARD, bytes };
  }
  function intact(r: { base: number; bytes: number }): boolean {
    const all = new Uint8Array(k.memory.buffer, r.base, r.bytes + 2 * GUARD);
    for (let i = 0; i < GUARD; i++) if (all[i] !== PATTERN || all[GUARD + r.bytes + i] !== PATTERN) return false;
    return true;
  }

  it.each(PRIMES)("never writes outside the matrix or the pivots (p = %i)", (p) => {
    for (const [rows, cols, stride] of [
      [1, 1, 1],
      [33, 31, 31],
      [31, 33, 36],
      [65, 65, 68],
      [64, 129, 129],
      [129, 64, 64],
    ]) {
      const a = randomEntries(p, rows!, cols!, rows! * 1000 + cols!);
      const m = region(rows! * stride! * 4);
      const pivots = region(Math.min(rows!, cols!) * 4);
      const view = new Uint32Array(k.memory.buffer, m.ptr, rows! * stride!);
      view.fill(0);
      for (let i = 0; i < rows!; i++) view.set(a.subarray(i * cols!, (i + 1) * cols!), i * stride!);
      const extents = region(rows! * 4);
      new Int32Array(k.memory.buffer, extents.ptr, rows!).fill(cols!);
      const shape = { a: m.ptr, rows: rows!, cols: cols!, stride: stride!, pivotLimit: cols!, m: p, unit: p };
      const args = { ...shape, pivots: pivots.ptr, full: 1, extents: extents.ptr };
      const state = { ...args, r: 0, c: 0, pending: 0, skipped: 0, cStop: 0 };
      // in slices of 7 columns, as the glue runs it for progress
      let rank = 0;
      while (state.c < cols!) {
        state.cStop = state.c + 7;
        rank = invoke(k, zpEchelonKernel, state);
      }
      expect(state.r).toBe(rank);
      expect(intact(m)).toBe(true);
      expect(intact(pivots)).toBe(true);
      expect(intact(extents)).toBe(true);
      k.free(extents.base);
      const expected = a.slice();
      const twin = zpEchelonNaive(expected, rows!, cols!, cols!, p);
      expect(rank).toBe(twin.rank);
      const out = new Uint32Array(k.memory.buffer, m.ptr, rows! * stride!);
      for (let i = 0; i < rows!; i++) {
        expect(Array.from(out.subarray(i * stride!, i * stride! + cols!))).toEqual(
          Array.from(expected.subarray(i * cols!, (i + 1) * cols!)),
        );
        for (let j = cols!; j < stride!; j++) expect(out[i * stride! + j]).toBe(0);
      }
      k.free(m.base);
      k.free(pivots.base);
    }
  });
});
