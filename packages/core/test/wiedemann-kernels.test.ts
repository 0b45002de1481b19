// The block products of block Wiedemann in WebAssembly (spmvRows,
// spmvThreaded, blockMulAdd, projectRows) against their TypeScript twin
// (operator-naive.ts) and against plain loops written here, on seeded random
// inputs whose sides straddle the 64-bit word and 128-bit lane boundaries,
// for blocks of 64 and 128 vectors, and padded shapes (rows != cols).
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { endThreads, setMemoryLimit, getMemoryLimit } from "../src/index.js";
import { matrixBerlekampMassey } from "../src/sparse/wiedemann/berlekamp-massey.js";
import { withBlockOperator } from "../src/sparse/wiedemann/operator.js";
import { withBlockOperatorNaive } from "../src/sparse/wiedemann/operator-naive.js";
import { uniform, randomSparse } from "./_sparse.js";

const SIDES = [1, 31, 32, 33, 63, 64, 65, 127, 128, 129, 200];
const RUNS = { seed: 20261201, numRuns: 30 };

/** A random block sequence of `length` terms (width x width bits each), dense, sparse or zero. */
function randomSequence(width: number, length: number, seed: number, kind: "random" | "sparse" | "zero"): Uint32Array {
  const random = uniform(seed);
  const sequence = new Uint32Array(length * width * (width / 32));
  for (let i = 0; i < sequence.length; i++) {
    const word = Math.floor(random() * 2 ** 32);
    sequence[i] = kind === "zero" ? 0 : kind === "sparse" ? word & (word >>> 7) & (word >>> 13) : word;
  }
  return sequence;
}

afterAll(() => endThreads());

type Case = { rows: number; cols: number; perRow: number; words: 1 | 2; seed: number };

const cases = fc.record({
  rows: fc.constantFrom(...SIDES),
  cols: fc.constantFrom(...SIDES),
  perRow: fc.integer({ min: 0, max: 12 }),
  words: fc.constantFrom<1 | 2>(1, 2),
  seed: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
});

/** Random 64-bit words from a seed. */
function randomWords(count: number, seed: number): BigUint64Array {
  const random = uniform(seed);
  const out = new BigUint64Array(count);
  for (let i = 0; i < count; i++) {
    out[i] = (BigInt(Math.floor(random() * 2 ** 32)) << 32n) | BigInt(Math.floor(random() * 2 ** 32));
  }
  return out;
}

/** Runs the same products on one engine: B X, W ^= V F, X^T V; returns copies. */
function products(engine: typeof withBlockOperator, c: Case, threads: number) {
  const matrix = randomSparse(c.rows, c.cols, c.perRow, c.seed);
  const side = Math.max(c.rows, c.cols);
  const x = randomWords(side * c.words, c.seed + 1);
  const v = randomWords(side * c.words, c.seed + 2);
  const f = randomWords(64 * c.words * c.words, c.seed + 3);
  return engine(matrix, c.words, 4, threads, (op) => {
    op.block(0).set(x);
    const fused = op.multiply(0, 1, { seed: c.seed >>> 0, xWords: c.words });
    const bx = op.block(1).slice();
    // the projection computed with the product is the projection of the product
    expect(fused).toEqual(op.project(1, c.seed >>> 0, c.words));
    op.block(2).set(v);
    op.block(3).set(x);
    op.mulAdd(3, 2, f);
    const mul = op.block(3).slice();
    const projected = op.project(2, c.seed >>> 0, c.words);
    return { matrix, x, bx, fused, mul, projected, v, f, threads: op.threads };
  });
}

describe("block Wiedemann's block products: kernel = twin = plain loops", () => {
  it("B X, W ^= V F and X^T V agree on one thread", () => {
    fc.assert(
      fc.property(cases, (c) => {
        const wasm = products(withBlockOperator, c, 1);
        const twin = products(withBlockOperatorNaive, c, 1);
        expect(wasm.bx).toEqual(twin.bx);
        expect(wasm.mul).toEqual(twin.mul);
        expect(wasm.projected).toEqual(twin.projected);
        expect(wasm.fused).toEqual(twin.fused);
        // and B X row by row, as written here: row i is the XOR of X's rows at the row's columns
        const { matrix, x } = twin;
        for (let i = 0; i < Math.max(c.rows, c.cols); i++) {
          for (let w = 0; w < c.words; w++) {
            let acc = 0n;
            if (i < matrix.rows)
              for (let p = matrix.rowStart[i]!; p < matrix.rowStart[i + 1]!; p++)
                acc ^= x[matrix.colIndex[p]! * c.words + w]!;
            expect(twin.bx[i * c.words + w]).toBe(acc);
          }
        }
      }),
      RUNS,
    );
  });

  it("the threaded product equals the single-thread one", () => {
    fc.assert(
      fc.property(cases, (c) => {
        const one = products(withBlockOperator, c, 1);
        const two = products(withBlockOperator, c, 2);
        expect(two.threads).toBe(2);
        expect(two.bx).toEqual(one.bx);
        expect(two.mul).toEqual(one.mul);
        expect(two.projected).toEqual(one.projected);
        expect(two.fused).toEqual(one.fused);
      }),
      { ...RUNS, numRuns: 10 },
    );
  });

  it("Berlekamp-Massey: the kernel's columns and degrees equal the twin's, bit for bit, on 1 to 3 threads", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(64, 128),
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.constantFrom("random", "sparse", "zero"),
        // the kernel's chunks of coefficients (1 .. 8, or the default) and slices of steps (down to one step a call)
        fc.option(fc.integer({ min: 1, max: 8 }), { nil: undefined }),
        fc.option(fc.integer({ min: 1, max: 5000 }), { nil: undefined }),
        fc.constantFrom(1, 2, 3),
        (width, length, seed, kind, chunk, sliceWork, threads) => {
          const sequence = randomSequence(width, length, seed, kind);
          const wasm = matrixBerlekampMassey(sequence, length, width, width, {}, "wasm", { chunk, sliceWork, threads });
          const twin = matrixBerlekampMassey(sequence, length, width, width, {}, "ts");
          expect(wasm.degrees).toEqual(twin.degrees);
          expect(wasm.columns).toEqual(twin.columns);
        },
      ),
      { ...RUNS, numRuns: 40 },
    );
  });

  it("Berlekamp-Massey: past the default chunk of coefficients and the blocks of terms, still the twin's", () => {
    // degrees reach about length / 2: 280 here, past one chunk (256) and many blocks of 16 terms
    const length = 560;
    const sequence = randomSequence(64, length, 7, "random");
    const twin = matrixBerlekampMassey(sequence, length, 64, 64, {}, "ts");
    expect(Math.max(...twin.degrees)).toBeGreaterThan(256);
    for (const threads of [1, 2]) {
      const wasm = matrixBerlekampMassey(sequence, length, 64, 64, {}, "wasm", { sliceWork: 300_000, threads });
      expect(wasm.degrees).toEqual(twin.degrees);
      expect(wasm.columns).toEqual(twin.columns);
    }
  });

  it("a matrix past the memory limit is refused before anything is allocated, the limit named", () => {
    const limit = getMemoryLimit();
    setMemoryLimit(2 ** 20);
    try {
      const big = randomSparse(40_000, 40_000, 2, 5);
      expect(() => withBlockOperator(big, 2, 4, 1, () => 0)).toThrow(
        /block Wiedemann on 40,000 rows.*needs .*but at most .* fit .*memory limit/,
      );
    } finally {
      setMemoryLimit(limit);
    }
  });
});
