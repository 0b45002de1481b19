// The triangular solve of the PLE recursion's base case (assembly/ple.ts,
// trsmM4r: Four Russians over panels of B; trsmM4rThreaded: the panels
// shared among a pool's threads) against the twin (gf2/_matrix-naive.ts,
// trsmLower), on seeded matrices: pivots in one run (a block's bits read at
// once) or scattered (read bit by bit), counts and widths across word and
// lane boundaries, every table size, panels that do not divide B. The twin
// itself is checked against the definition: L X = B.
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { endThreads, threadsUnavailable } from "../src/index.js";
import { getBit, trsmLower } from "../src/gf2/_matrix-naive.js";
import {
  callKernel,
  kernelCopy,
  kernelView,
  trsmM4rKernel,
  trsmM4rThreadedKernel,
  withScratch,
} from "../src/internal/kernel.js";
import { withThreadPool } from "../src/internal/threads.js";
import { seededWords } from "./_support.js";

afterAll(() => endThreads());

interface Case {
  /** The first pivot row. */
  r: number;
  pivots: number[];
  /** 64-bit words per row; B is words b0..b0+words-1 of rows r.. */
  stride: number;
  b0: number;
  words: number;
  bits: number;
  panel: number;
  cells: Uint32Array;
}

const count = fc.oneof(fc.constantFrom(1, 2, 7, 8, 9, 63, 64, 65, 127, 128, 129), fc.integer({ min: 1, max: 200 }));
const setting = fc.record({
  k: count,
  scattered: fc.boolean(),
  r: fc.integer({ min: 0, max: 3 }),
  words: fc.integer({ min: 1, max: 24 }).map((w) => 2 * w),
  gap: fc.constantFrom(0, 2, 4),
  bits: fc.integer({ min: 1, max: 8 }),
  panel: fc.constantFrom(2, 4, 6, 10, 64),
  seed: fc.integer(),
});
type Setting = typeof setting extends fc.Arbitrary<infer S> ? S : never;

/** Random rows: L's pivot columns first (one run from a random column, or scattered), a gap, B, two more words. */
function makeCase(t: Setting): Case {
  const next = seededWords(t.seed);
  const pivots: number[] = [];
  let c = t.scattered ? next() % 3 : next() % 70;
  for (let i = 0; i < t.k; i++) {
    pivots.push(c);
    c += t.scattered ? 1 + (next() % 3) : 1;
  }
  const b0 = 2 * Math.ceil(c / 128) + t.gap;
  const stride = b0 + t.words + 2;
  const cells = new Uint32Array((t.r + t.k + 2) * stride * 2);
  for (let i = 0; i < cells.length; i++) cells[i] = next();
  return { r: t.r, pivots, stride, b0, words: t.words, bits: t.bits, panel: t.panel, cells };
}

/** The twin's solve, on a copy. */
function twinSolve(c: Case): Uint32Array {
  const out = c.cells.slice();
  trsmLower(out, 2 * c.stride, c.r, c.pivots, c.b0, c.words);
  return out;
}

/** The descriptor of a case, at the given addresses. */
const argsOf = (c: Case, a: number, pivots: number, table: number) => ({
  a,
  stride: c.stride,
  r: c.r,
  k: c.pivots.length,
  pivots,
  b0: c.b0,
  words: c.words,
  bits: c.bits,
  panel: c.panel,
  table,
});

/** trsmM4r on a copy in the kernel's memory. */
function kernelSolve(c: Case): Uint32Array {
  const sizes = [c.cells.byteLength, c.pivots.length * 4, 2 ** c.bits * c.panel * 8] as const;
  return withScratch("a test triangular solve", sizes, ([a, p, table]) => {
    kernelView(Uint32Array, a, c.cells.length).set(c.cells);
    kernelView(Int32Array, p, c.pivots.length).set(c.pivots);
    callKernel("a test triangular solve", trsmM4rKernel, argsOf(c, a, p, table));
    return kernelCopy(Uint32Array, a, c.cells.length);
  });
}

/**
 * trsmM4rThreaded on a copy in a pool's memory, its panels shared among
 * `threads` threads, in place or each on a compact copy after its table.
 */
function poolSolve(c: Case, threads: number, copies: boolean): Uint32Array | undefined {
  const tableBytes = (2 ** c.bits + (copies ? c.pivots.length : 0)) * c.panel * 8;
  return withThreadPool(threads, (pool) =>
    pool.withBlocks([c.cells.byteLength, c.pivots.length * 4, threads * tableBytes] as const, ([a, p, table]) => {
      pool.view(Uint32Array, a, c.cells.length).set(c.cells);
      pool.view(Int32Array, p, c.pivots.length).set(c.pivots);
      const control = { ctl: pool.ctl, threads: pool.threads, blocking: pool.blocking };
      pool.call("a test triangular solve", trsmM4rThreadedKernel, {
        ...argsOf(c, a, p, table),
        tableBytes,
        copies: copies ? 1 : 0,
        ...control,
      });
      return pool.view(Uint32Array, a, c.cells.length).slice();
    }),
  );
}

describe("the twin's triangular solve", () => {
  it("gives X with L X = B, and leaves everything but B alone", () => {
    fc.assert(
      fc.property(setting, (t) => {
        const c = makeCase(t);
        const x = twinSolve(c);
        const s = 2 * c.stride;
        const [from, to] = [2 * c.b0, 2 * (c.b0 + c.words)];
        for (let i = 0; i < c.cells.length / s; i++) {
          for (let k = 0; k < s; k++) {
            const t0 = i - c.r;
            if (t0 < 0 || t0 >= c.pivots.length || k < from || k >= to) {
              expect(x[i * s + k]).toBe(c.cells[i * s + k]);
              continue;
            }
            // row t of L X: X's row t plus X's rows q < t with L[t][q] set
            let sum = x[i * s + k]!;
            for (let q = 0; q < t0; q++) if (getBit(c.cells, s, i, c.pivots[q]!)) sum ^= x[(c.r + q) * s + k]!;
            expect(sum >>> 0).toBe(c.cells[i * s + k]);
          }
        }
      }),
      { numRuns: 40, seed: 20261203 },
    );
  });
});

describe("the kernel's triangular solve by Four Russians", () => {
  it("gives the twin's B, on one thread", () => {
    fc.assert(
      fc.property(setting, (t) => {
        const c = makeCase(t);
        expect(kernelSolve(c)).toEqual(twinSolve(c));
      }),
      { numRuns: 200, seed: 20261203 },
    );
  });

  it.skipIf(threadsUnavailable() !== undefined)(
    "gives the twin's B with its panels shared among 2, 3 and 4 threads, in place or on copies",
    () => {
      fc.assert(
        fc.property(setting, fc.constantFrom(2, 3, 4), fc.boolean(), (t, threads, copies) => {
          const c = makeCase(t);
          expect(poolSolve(c, threads, copies)).toEqual(twinSolve(c));
        }),
        { numRuns: 60, seed: 20261203 },
      );
    },
  );
});
