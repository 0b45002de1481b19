// The product in the kernel's memory (gf2/_multiply.ts: Strassen-Winograd
// over the Four Russians kernel) against a plain bit-by-bit product, at word
// boundaries and with cutoffs low enough that the recursion runs two or three
// levels deep on small matrices, every table count and several panel widths.

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BitMatrix } from "../src/gf2/bitmatrix.js";
import {
  addTerms,
  batchUnits,
  claimRows,
  MULTIPLY_DEFAULTS,
  type MultiplyOptions,
  multiplyBlocks,
  productWork,
} from "../src/gf2/_multiply.js";
import { callKernel, kernelView, mulAddM4rmKernel, withScratch } from "../src/internal/kernel.js";
import { strideWords } from "../src/internal/layout.js";
import { withThreadPool } from "../src/internal/threads.js";
import { seededWords } from "./_support.js";

/** A random rows x cols matrix as packed 32-bit words (rows of strideWords(cols) 64-bit words). */
function randomBits(rows: number, cols: number, seed: number): Uint32Array {
  const w32 = strideWords(cols) * 2;
  const words = new Uint32Array(rows * w32);
  const next = seededWords(seed);
  for (let i = 0; i < rows; i++) {
    for (let j = 0; j < cols; j++) {
      if (next() & 1) words[i * w32 + (j >>> 5)]! |= 1 << (j & 31);
    }
  }
  return words;
}

const bit = (w: Uint32Array, w32: number, i: number, j: number) => (w[i * w32 + (j >>> 5)]! >>> (j & 31)) & 1;

/** C = A B one bit at a time. */
function plainProduct(a: Uint32Array, b: Uint32Array, m: number, n: number, p: number): Uint32Array {
  const [aw, bw] = [strideWords(n) * 2, strideWords(p) * 2];
  const c = new Uint32Array(m * bw);
  for (let i = 0; i < m; i++) {
    for (let k = 0; k < n; k++) {
      if (!bit(a, aw, i, k)) continue;
      for (let x = 0; x < bw; x++) c[i * bw + x]! ^= b[k * bw + x]!;
    }
  }
  return c;
}

/** The junk C's block holds before a product: a product overwrites it, a sum adds to it. */
const JUNK = 0xdeadbeef;

/** Writes A and B, fills C with JUNK, runs multiplyBlocks on the blocks at `ptrs` (seen through `words`), reads C. */
function productIn(
  words: (ptr: number, length: number) => Uint32Array,
  [pa, pb, pc]: readonly [number, number, number],
  [a, b, m, n, p]: readonly [Uint32Array, Uint32Array, number, number, number],
  t: MultiplyOptions,
  sum: boolean,
): Uint32Array {
  const [an, bp] = [strideWords(n), strideWords(p)];
  words(pa, a.length).set(a);
  words(pb, b.length).set(b);
  words(pc, m * bp * 2).fill(JUNK);
  multiplyBlocks({ ptr: pc, stride: bp }, { ptr: pa, stride: an }, { ptr: pb, stride: bp }, m, n, bp, t, sum);
  return words(pc, m * bp * 2).slice();
}

/** The product by multiplyBlocks with `t` (the sum into C with `sum`), in the kernel's memory. */
function kernelMul(a: Uint32Array, b: Uint32Array, m: number, n: number, p: number, t: MultiplyOptions, sum = false) {
  const bytes = [a.byteLength, b.byteLength, m * strideWords(p) * 8] as const;
  const words = (ptr: number, length: number) => kernelView(Uint32Array, ptr, length);
  return withScratch("a test product", bytes, (ptrs) => productIn(words, ptrs, [a, b, m, n, p], t, sum));
}

/** kernelMul in a thread pool's shared memory: its threads share the products and sums in place. */
function poolMul(a: Uint32Array, b: Uint32Array, m: number, n: number, p: number, t: MultiplyOptions, sum = false) {
  const bytes = [a.byteLength, b.byteLength, m * strideWords(p) * 8] as const;
  return withThreadPool(t.threads ?? 2, (pool) =>
    pool.withBlocks(bytes, (ptrs) => {
      const words = (ptr: number, length: number) => pool.view(Uint32Array, ptr, length);
      return productIn(words, ptrs, [a, b, m, n, p], { ...t, pool }, sum);
    }),
  );
}

const side = fc.oneof(
  fc.constantFrom(1, 63, 64, 65, 127, 128, 129, 191, 192, 255, 256, 257, 320, 383, 384, 385),
  fc.integer({ min: 1, max: 420 }),
);
const tuning = fc.record({
  cutoff: fc.constantFrom(32, 64, 100, 256, 1 << 20),
  tables: fc.integer({ min: 1, max: 8 }),
  bits: fc.integer({ min: 1, max: 8 }),
  panel: fc.constantFrom(2, 4, 6, 8, 16, 64),
  compactFrom: fc.constantFrom(1, 2, 1e9),
  rowBlock: fc.constantFrom(undefined, 1, 3, 64),
  // on threads: each claim of a shared leaf on a compact copy of its part of C, or in place
  poolCopies: fc.boolean(),
});

describe("the product in the kernel's memory", () => {
  it("equals the bit-by-bit product (Strassen-Winograd levels, borders, tables and their bits, panels)", () => {
    fc.assert(
      fc.property(side, side, side, tuning, fc.integer(), (m, n, p, t, seed) => {
        const a = randomBits(m, n, seed);
        const b = randomBits(n, p, seed ^ 0x5bd1e995);
        expect(kernelMul(a, b, m, n, p, t)).toEqual(plainProduct(a, b, m, n, p));
      }),
      { numRuns: 60, seed: 20261201 },
    );
  });

  // The kernel passes over two rows of C at once when the tables' entries are
  // a power of two bytes aligned to their size (multiply.ts, pairedRows), and a
  // row whose bits of a pass are all zero then goes alone; else a row at a time.
  it("passes over rows two at a time or one, with rows of zero bits and odd counts, to the same product", () => {
    const n = 100;
    for (const [m, p, panel, tables, offset] of [
      [65, 64, 64, 4, 0],
      [64, 64, 64, 4, 16],
      [7, 8, 8, 4, 0],
      [7, 8, 8, 3, 0],
      [33, 66, 64, 4, 0],
      [1, 4, 4, 4, 0],
      [2, 4, 4, 4, 48],
    ] as const) {
      const a = randomBits(m, n, m * p);
      const w32 = strideWords(n) * 2;
      for (let i = 0; i < m; i++) {
        if (i % 3 === 1) a.fill(0, i * w32, (i + 1) * w32); // no bits in any pass
        if (i % 4 === 2) a[i * w32] = 0; // none in the first pass (32 bits of A)
      }
      const b = randomBits(n, p * 64, p + 1);
      const plain = plainProduct(a, b, m, n, p * 64);
      for (const init of [0, 1]) {
        const tableBytes = 4 * 2 ** 8 * Math.min(panel, p) * 8;
        const bytes = [a.byteLength, b.byteLength, m * p * 8, tableBytes + 1024] as const;
        const c = withScratch("a test product", bytes, ([pa, pb, pc, pt]) => {
          kernelView(Uint32Array, pa, a.length).set(a);
          kernelView(Uint32Array, pb, b.length).set(b);
          kernelView(Uint32Array, pc, m * p * 2).fill(JUNK);
          const table = Math.ceil(pt / 512) * 512 + offset;
          const blocks = { c: pc, cStride: p, a: pa, aStride: strideWords(n), b: pb, bStride: p };
          const shape = { m, n, p, tables, panel, table, bits: 8, rowBlock: 0, init };
          callKernel("a test product", mulAddM4rmKernel, { ...blocks, ...shape });
          return kernelView(Uint32Array, pc, m * p * 2).slice();
        });
        expect(c).toEqual(init ? plain : plain.map((w) => w ^ JUNK));
      }
    }
  });

  it("overwrites C whatever it held: with no columns in A, on compact leaves, on threads", () => {
    for (const t of [
      { cutoff: 1 << 20, tables: 4, panel: 4 },
      { cutoff: 1 << 20, tables: 4, panel: 4, compactFrom: 1 },
      { cutoff: 32, tables: 4, panel: 4, compactFrom: 1 },
      { cutoff: 32, tables: 4, panel: 4, compactFrom: 1, threads: 2, threadedFrom: 1 },
      { cutoff: 32, tables: 3, bits: 5, panel: 4, threads: 2, threadedFrom: 1 },
    ]) {
      const empty = kernelMul(new Uint32Array(0), new Uint32Array(0), 70, 0, 130, t);
      expect(empty.every((w) => w === 0)).toBe(true);
      const a = randomBits(150, 140, 5);
      const b = randomBits(140, 200, 6);
      expect(kernelMul(a, b, 150, 140, 200, t)).toEqual(plainProduct(a, b, 150, 140, 200));
    }
  });

  it("reports work that adds up to the classical product's, whatever the recursion (progress)", () => {
    fc.assert(
      fc.property(side, side, side, tuning, (m, n, p, t) => {
        let reported = 0;
        const a = randomBits(m, n, 1);
        const b = randomBits(n, p, 2);
        kernelMul(a, b, m, n, p, { ...t, onWork: (words) => (reported += words) });
        expect(reported).toBeCloseTo(productWork(m, n, strideWords(p)), 6);
      }),
      { numRuns: 40, seed: 20261203 },
    );
  });

  // in the kernel's memory (the blocks copied to the threads' and back) and in the threads' (in place)
  it.each([false, true])("shares C among threads with the same result (in the threads' memory: %s)", (inPool) => {
    fc.assert(
      fc.property(
        side,
        side,
        side,
        tuning,
        // 2 and 3 threads: six of a level's seven leaves whole; 4: four; 8: none (every leaf in parts)
        fc.constantFrom(2, 3, 4, 8),
        fc.integer(),
        fc.constantFrom(undefined, 1, 3),
        (m, n, p, t, threads, seed, claimsPerThread) => {
          const a = randomBits(m, n, seed);
          const b = randomBits(n, p, seed ^ 0x5bd1e995);
          const shared = { ...t, threads, threadedFrom: 1, sumsThreadedFrom: 1, claimsPerThread };
          const product = inPool ? poolMul(a, b, m, n, p, shared) : kernelMul(a, b, m, n, p, shared);
          expect(product).toEqual(plainProduct(a, b, m, n, p));
        },
      ),
      { numRuns: 25, seed: inPool ? 20261204 : 20261202 },
    );
  });

  it("shares a wide product by whole panels, claimed a run apart, with the same result", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 8, max: 150 }),
        side,
        fc.integer({ min: 1000, max: 4200 }),
        fc.constantFrom(2, 4),
        fc.constantFrom(2, 3, 4),
        fc.integer(),
        fc.boolean(),
        fc.boolean(),
        (m, n, p, panel, threads, seed, inPool, poolCopies) => {
          const a = randomBits(m, n, seed);
          const b = randomBits(n, p, seed ^ 0x5bd1e995);
          // no Strassen-Winograd level: the product is one leaf, its panels (16-66 words) the claims
          const shared = { cutoff: 1 << 20, tables: 4, panel, threads, threadedFrom: 1, poolCopies };
          const product = inPool ? poolMul(a, b, m, n, p, shared) : kernelMul(a, b, m, n, p, shared);
          expect(product).toEqual(plainProduct(a, b, m, n, p));
        },
      ),
      { numRuns: 30, seed: 20261207 },
    );
  });

  it("adds A B into C with a sum, whatever C held (one thread, and threads sharing it in place)", () => {
    fc.assert(
      fc.property(side, side, side, tuning, fc.integer(), fc.constantFrom(1, 2, 3), (m, n, p, t, seed, threads) => {
        const a = randomBits(m, n, seed);
        const b = randomBits(n, p, seed ^ 0x5bd1e995);
        const expected = plainProduct(a, b, m, n, p).map((w) => w ^ JUNK);
        const shared = { ...t, threads, threadedFrom: 1, sumsThreadedFrom: 1 };
        const sum = threads > 1 ? poolMul(a, b, m, n, p, shared, true) : kernelMul(a, b, m, n, p, t, true);
        expect(sum).toEqual(expected);
      }),
      { numRuns: 40, seed: 20261208 },
    );
  });

  // A product twice as tall as it is deep or wide (or twice as wide) is taken
  // a block of rows (columns) at a time, below the sizes the other tests take.
  it.each(["rows", "columns"])("takes a long product a block of %s at a time, with the same result", (long) => {
    const short = fc.integer({ min: 128, max: 300 });
    const length = fc.integer({ min: 800, max: 1600 });
    fc.assert(
      fc.property(
        long === "rows" ? length : fc.integer({ min: 64, max: 300 }),
        short,
        long === "rows" ? fc.integer({ min: 129, max: 300 }) : length,
        tuning,
        fc.constantFrom(32, 64),
        fc.constantFrom(1, 2),
        fc.boolean(),
        fc.integer(),
        (m, n, p, t, cutoff, threads, sum, seed) => {
          const a = randomBits(m, n, seed);
          const b = randomBits(n, p, seed ^ 0x5bd1e995);
          const plain = plainProduct(a, b, m, n, p);
          const expected = sum ? plain.map((w) => w ^ JUNK) : plain;
          const shared = { ...t, cutoff, threads, threadedFrom: 1, sumsThreadedFrom: 1 };
          const product = threads > 1 ? poolMul(a, b, m, n, p, shared, sum) : kernelMul(a, b, m, n, p, shared, sum);
          expect(product).toEqual(expected);
        },
      ),
      { numRuns: 12, seed: long === "rows" ? 20261209 : 20261210 },
    );
  });

  it("batches a level's seven leaves: each row and word of each once, whole ones first, the threads' share even", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 16 }),
        fc.integer({ min: 1, max: 300 }),
        fc.integer({ min: 1, max: 80 }),
        (threads, m2, nw) => {
          const units = batchUnits(threads, m2, nw);
          const cells = Array.from({ length: 7 }, () => new Array<number>(m2 * nw).fill(0));
          let splitSeen = false;
          for (const { product, first, end, word, words, group } of units) {
            const whole = first === 0 && end === m2 && word === 0 && words === nw && !group;
            if (whole) expect(splitSeen).toBe(false);
            else splitSeen = true;
            // groups of passes: the one product left over, all of its rows
            if (group) expect([product, first, end]).toEqual([6, 0, m2]);
            for (let i = first; i < end; i++) for (let w = word; w < word + words; w++) cells[product]![i * nw + w]!++;
          }
          for (const counts of cells) expect(counts.every((c) => c === 1)).toBe(true);
          // the threads end together: whole leaves a multiple of the threads, the rest in parts or groups
          const whole = units.filter((u) => !u.group && u.first === 0 && u.end === m2).length;
          expect(whole % threads === 0 || threads === 1 || m2 < threads).toBe(true);
          if (7 % threads === 1 && threads > 1)
            expect(units.filter((u) => u.group).length).toBe(Math.min(nw, units.length - 6));
        },
      ),
      { numRuns: 300, seed: 20261206 },
    );
  });

  // A level's seven leaves and the sums into C that read them run as one job
  // on a pool (the kernel's mulAddBatchTermsThreaded): a thread done with its
  // last product goes on to rows of the sums, which must wait for the
  // products still under way. Leaves of 512-700 rows end within microseconds
  // of each other, so a sum that did not wait would read a product half done.
  it("adds a level's products into C only once each is done, on 2 and 3 threads", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1024, max: 1400 }),
        fc.integer({ min: 1024, max: 1100 }),
        fc.integer({ min: 1024, max: 1200 }),
        fc.constantFrom(2, 3),
        fc.boolean(),
        fc.integer(),
        (m, n, p, threads, sum, seed) => {
          const a = randomBits(m, n, seed);
          const b = randomBits(n, p, seed ^ 0x5bd1e995);
          const plain = plainProduct(a, b, m, n, p);
          const expected = sum ? plain.map((w) => w ^ JUNK) : plain;
          // one Strassen-Winograd level, its leaves a batch: C's rows wider than a quadrant's, or not
          const t = { ...MULTIPLY_DEFAULTS, cutoff: 1024, threads, threadedFrom: 1, compactFrom: seed & 1 ? 1 : 1e9 };
          expect(poolMul(a, b, m, n, p, t, sum)).toEqual(expected);
        },
      ),
      { numRuns: 16, seed: 20261213 },
    );
  });

  // Two threads on neighbouring panels of the same rows of C ran slower than
  // one thread alone (docs/BENCHMARKS.md, "Threaded products claim rows"):
  // claims are numbered row chunk first, so enough chunks keep the threads
  // that work at once on rows of their own; a product of a panel a thread
  // or more is claimed by whole panels, a run apart (each on a copy of its
  // part of C).
  it("splits a shared product's rows into at least a chunk a thread and a block's rows at most, or claims whole panels", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 8 }),
        fc.integer({ min: 0, max: 2 ** 17 }),
        fc.integer({ min: 1, max: 4096 }),
        fc.constantFrom(2, 16, 64),
        fc.constantFrom(undefined, 1, 2, 3),
        (threads, extra, p, panel, perThread) => {
          const m = threads * threads + extra;
          const chunk = claimRows(m, p, panel, threads, perThread);
          if (Math.ceil(p / panel) >= threads) {
            expect(chunk).toBe(m);
            return;
          }
          const chunks = Math.ceil(m / chunk);
          expect(chunks).toBeGreaterThanOrEqual(threads);
          const claims = chunks * Math.ceil(p / panel);
          expect(claims).toBeGreaterThanOrEqual(Math.min(m, (perThread ?? 2) * threads) - threads);
          // a claim is no larger than the kernel's block of rows (4 MiB of a panel's words), which builds its tables once
          const rowBytes = Math.min(panel, p) * 8;
          expect(chunk * rowBytes).toBeLessThanOrEqual(4 * 2 ** 20 + rowBytes);
        },
      ),
      { numRuns: 300, seed: 20261205 },
    );
  });

  // The sums of a Strassen-Winograd level, taken row by row (the kernel's
  // addTerms), against XORs of whole blocks: set or kept, sources shared by
  // several terms, odd word counts, rows wider than the sum (their words
  // past it untouched), on one thread and shared by a pool's threads.
  it("adds a level's sums row by row as XORs of whole blocks do", () => {
    const term = fc.record({
      keep: fc.boolean(),
      sources: fc.uniqueArray(fc.integer({ min: 0, max: 4 }), { minLength: 1, maxLength: 4 }),
    });
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 300 }),
        fc.integer({ min: 1, max: 9 }),
        fc.array(term, { minLength: 1, maxLength: 7 }),
        fc.constantFrom(1, 2, 3),
        fc.integer(),
        (rows, words, terms, threads, seed) => {
          // five sources, then a block per term, each `stride` words a row (at least one word more than the sum)
          const stride = words + 1 + (seed & 3);
          const blocks = 5 + terms.length;
          const next = seededWords(seed);
          const start = Uint32Array.from({ length: blocks * rows * stride * 2 }, () => next());
          const run = (ptr: number, view: (ptr: number, length: number) => Uint32Array, t: MultiplyOptions) => {
            view(ptr, start.length).set(start);
            const block = (i: number) => ({ ptr: ptr + i * rows * stride * 8, stride });
            const list = terms.map(({ keep, sources }, i) => ({ d: block(5 + i), keep, sources: sources.map(block) }));
            addTerms(list, rows, words, t);
            return view(ptr, start.length).slice();
          };
          const expected = start.slice();
          const w32 = rows * stride * 2;
          terms.forEach(({ keep, sources }, i) => {
            for (let r = 0; r < rows; r++) {
              for (let x = 0; x < words * 2; x++) {
                const at = (b: number) => b * w32 + r * stride * 2 + x;
                let sum = keep ? start[at(5 + i)]! : 0;
                for (const s of sources) sum ^= start[at(s)]!;
                expected[at(5 + i)] = sum;
              }
            }
          });
          const t = { ...MULTIPLY_DEFAULTS, sumsThreadedFrom: 1 };
          const got =
            threads === 1
              ? withScratch("a test sum", [start.length * 4], ([ptr]) =>
                  run(ptr, (p, n) => kernelView(Uint32Array, p, n), t),
                )
              : withThreadPool(threads, (pool) =>
                  pool.withBlocks([start.length * 4], ([ptr]) =>
                    run(ptr, (p, n) => pool.view(Uint32Array, p, n), { ...t, pool }),
                  ),
                );
          expect(got).toEqual(expected);
        },
      ),
      { numRuns: 60, seed: 20261211 },
    );
  });

  it("BitMatrix.mul agrees with the TypeScript engine, and (A B) C = A (B C)", () => {
    for (const [m, n, p] of [
      [1, 1, 1],
      [65, 200, 129],
      [300, 17, 260],
    ] as const) {
      using a = BitMatrix.random(m, n, { seed: m });
      using b = BitMatrix.random(n, p, { seed: n });
      using c = BitMatrix.random(p, 70, { seed: p });
      using at = BitMatrix.random(m, n, { seed: m, engine: "ts" });
      using bt = BitMatrix.random(n, p, { seed: n, engine: "ts" });
      using ab = a.mul(b);
      using abt = at.mul(bt);
      expect(ab.toString()).toBe(abt.toString());
      using left = ab.mul(c);
      using bc = b.mul(c);
      using right = a.mul(bc);
      expect(left.equals(right)).toBe(true);
    }
  });
});
