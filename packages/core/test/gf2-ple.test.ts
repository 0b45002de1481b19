// The PLE route (gf2/_ple.ts over assembly/ple.ts) against the TypeScript
// twin: the same rank and pivot columns, a true echelon form (rows below the
// rank zero, nothing left of a pivot), and the same row space (equal reduced
// forms), on dense, low-rank, repeated-row and sparse matrices at word
// boundaries, with windows, triangular-solve blocks and product cutoffs
// small enough that every level of the recursion runs.

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BitMatrix } from "../src/gf2/bitmatrix.js";
import { threadsUnavailable } from "../src/index.js";
import { availableThreads } from "../src/internal/threads.js";
import { MULTIPLY_DEFAULTS } from "../src/gf2/_multiply.js";
import { type PleTuning, pleEchelon } from "../src/gf2/_ple.js";
import { kernelCopy, kernelView, wasmBytesInUse, withScratch } from "../src/internal/kernel.js";
import { strideWords } from "../src/internal/layout.js";
import { DEFAULT_MEMORY_LIMIT, setMemoryLimit } from "../src/internal/memory.js";
import { seededWords } from "./_support.js";

// "gaps": runs of 8 free columns between runs of 16 that depend on the ones
// before them: the base case's pivot search runs out of rows between its
// blocks, and the rows catch up one block at a time
type Kind = "dense" | "lowrank" | "repeats" | "sparse" | "gaps";

/** Cells of a rows x cols matrix of the given kind (0/1 per cell). */
function cells(rows: number, cols: number, kind: Kind, seed: number): Uint8Array {
  const next = seededWords(seed);
  const out = new Uint8Array(rows * cols);
  if (kind === "lowrank") {
    const k = 1 + (next() % Math.max(1, Math.min(rows, cols) >>> 1));
    const u = Array.from({ length: rows * k }, () => next() & 1);
    const v = Array.from({ length: k * cols }, () => next() & 1);
    for (let i = 0; i < rows; i++)
      for (let j = 0; j < cols; j++) {
        let b = 0;
        for (let t = 0; t < k; t++) b ^= u[i * k + t]! & v[t * cols + j]!;
        out[i * cols + j] = b;
      }
    return out;
  }
  if (kind === "gaps") {
    for (let i = 0; i < rows; i++)
      for (let j = 0; j < cols; j++) {
        const at = i * cols + j;
        out[at] = j % 24 < 8 ? next() & 1 : out[at - 1]! ^ out[at - 8]!;
      }
    return out;
  }
  for (let i = 0; i < rows; i++) {
    const from = kind === "repeats" && i > 0 && next() % 3 === 0 ? next() % i : -1;
    for (let j = 0; j < cols; j++) {
      out[i * cols + j] = from >= 0 ? out[from * cols + j]! : kind === "sparse" ? +(next() % 97 === 0) : next() & 1;
    }
  }
  return out;
}

function pack(bits: Uint8Array, rows: number, cols: number): Uint32Array {
  const w32 = strideWords(cols) * 2;
  const words = new Uint32Array(rows * w32);
  for (let i = 0; i < rows; i++)
    for (let j = 0; j < cols; j++) if (bits[i * cols + j]) words[i * w32 + (j >>> 5)]! |= 1 << (j & 31);
  return words;
}

function unpack(words: Uint32Array, rows: number, cols: number): Uint8Array {
  const w32 = strideWords(cols) * 2;
  const bits = new Uint8Array(rows * cols);
  for (let i = 0; i < rows; i++)
    for (let j = 0; j < cols; j++) bits[i * cols + j] = (words[i * w32 + (j >>> 5)]! >>> (j & 31)) & 1;
  return bits;
}

/** PLE in the kernel's memory: the echelon form's cells, rank and pivots. */
function runPle(bits: Uint8Array, rows: number, cols: number, tuning?: PleTuning, limit = cols) {
  const words = pack(bits, rows, cols);
  return withScratch("a test elimination", [words.byteLength], ([p]) => {
    kernelView(Uint32Array, p, words.length).set(words);
    const { rank, pivots, threads } = pleEchelon(p, rows, cols, {}, tuning, limit);
    const echelon = unpack(kernelCopy(Uint32Array, p, words.length), rows, cols);
    return { rank, pivots: Array.from(pivots), echelon, threads };
  });
}

function check(rows: number, cols: number, kind: Kind, seed: number, tuning?: PleTuning, limit = cols): void {
  const bits = cells(rows, cols, kind, seed);
  const { rank, pivots, echelon } = runPle(bits, rows, cols, tuning, limit);
  using twin = BitMatrix.fromBits(rows, cols, bits, { engine: "ts" });
  const expected = twin.echelonize({ pivotLimit: limit });
  expect({ rank, pivots }).toEqual({ rank: expected.rank, pivots: Array.from(expected.pivots) });
  // an echelon form on the columns before the limit (rows below the rank keep what B became past it)
  for (let i = 0; i < rows; i++) {
    const first = echelon.subarray(i * cols, i * cols + limit).indexOf(1);
    expect(first, `row ${i}`).toBe(i < rank ? pivots[i] : -1);
  }
  using e = BitMatrix.fromBits(rows, cols, echelon, { engine: "ts" });
  using a = BitMatrix.fromBits(rows, cols, bits, { engine: "ts" });
  a.echelonize({ full: true });
  e.echelonize({ full: true });
  expect(e.equals(a)).toBe(true);
}

const side = fc.oneof(
  fc.constantFrom(1, 2, 63, 64, 65, 127, 128, 129, 255, 256, 257, 383, 384, 385, 511, 512, 513),
  fc.integer({ min: 1, max: 700 }),
);
const tuning = fc.record({
  base: fc.constantFrom(128, 256),
  trsmBase: fc.constantFrom(1, 2, 5, 64, 512),
  trsmPanel: fc.constantFrom(undefined, 2, 6, 1024),
  groups: fc.integer({ min: 1, max: 4 }),
  compact: fc.boolean(),
  multiply: fc.record({
    cutoff: fc.constantFrom(32, 64, 1 << 20),
    tables: fc.integer({ min: 1, max: 8 }),
    panel: fc.constantFrom(2, 4, 64),
    compactFrom: fc.constantFrom(1, 2, 1e9),
  }),
});
const kind = fc.constantFrom<Kind>("dense", "lowrank", "repeats", "sparse", "gaps");

describe("the PLE elimination", () => {
  it("gives the twin's rank and pivots, an echelon form, and the same row space", () => {
    fc.assert(
      fc.property(side, side, kind, tuning, fc.integer(), (rows, cols, k, t, seed) => check(rows, cols, k, seed, t)),
      { numRuns: 80, seed: 20261201 },
    );
  });

  it("clears groups of blocks with dependent columns between them", () => {
    for (const groups of [1, 2, 3, 4])
      for (const seed of [1, 2, 3])
        check(300, 700, "gaps", seed, { base: 256, trsmBase: 64, groups, multiply: MULTIPLY_DEFAULTS });
  });

  it("with pivots only before a limit: the columns past it follow the row operations (A | B)", () => {
    const cut = fc.oneof(fc.constantFrom(0, 1, 63, 64, 65, 127, 128, 129, 256, 257), fc.integer({ min: 0, max: 700 }));
    fc.assert(
      fc.property(side, side, cut, kind, tuning, fc.integer(), (rows, cols, at, k, t, seed) =>
        check(rows, cols, k, seed, t, Math.min(at, cols)),
      ),
      { numRuns: 80, seed: 20261202 },
    );
  });

  it("with its default tuning, past the base window and the product cutoff", () => {
    for (const [rows, cols] of [
      [1, 1],
      [3, 2000],
      [2000, 3],
    ] as const) {
      check(rows, cols, "dense", rows + cols);
      check(rows, cols, "sparse", rows + cols);
    }
    // the zero matrix and all ones: rank 0 and 1
    const zero = runPle(new Uint8Array(300 * 1500), 300, 1500);
    expect(zero.rank).toBe(0);
    const ones = runPle(new Uint8Array(300 * 1500).fill(1), 300, 1500);
    expect({ rank: ones.rank, pivots: ones.pivots }).toEqual({ rank: 1, pivots: [0] });
    check(700, 900, "dense", 1);
    check(900, 700, "lowrank", 2);
    check(600, 1300, "repeats", 3);
  });
});

describe("BitMatrix.echelonize({ method: 'ple' })", () => {
  it("gives the rank, pivots and reduced form of the other routes", () => {
    for (const [rows, cols, kind] of [
      [1200, 1100, "dense"],
      [1100, 1300, "lowrank"],
      [1500, 1030, "sparse"],
    ] as const) {
      const bits = cells(rows, cols, kind, rows);
      for (const full of [false, true]) {
        using ple = BitMatrix.fromBits(rows, cols, bits);
        using m4ri = BitMatrix.fromBits(rows, cols, bits);
        const a = ple.echelonize({ method: "ple", full });
        const b = m4ri.echelonize({ method: "m4ri", full, threads: 1 });
        expect(a.rank).toBe(b.rank);
        expect(Array.from(a.pivots)).toEqual(Array.from(b.pivots));
        if (full) expect(ple.equals(m4ri)).toBe(true);
      }
    }
  });

  it("solves and inverts as the other routes do (a pivot limit: [A | B])", () => {
    for (const [n, p, kind] of [
      [1100, 3, "dense"],
      [1300, 1, "lowrank"],
      [1030, 200, "repeats"],
    ] as const) {
      using a = BitMatrix.fromBits(n, n, cells(n, n, kind, n));
      using b = BitMatrix.fromBits(n, p, cells(n, p, "dense", p));
      using ple = a.solveMany(b, { method: "ple" });
      using m4ri = a.solveMany(b, { method: "m4ri", threads: 1 });
      expect({ rank: ple.rank, failing: ple.inconsistent }).toEqual({ rank: m4ri.rank, failing: m4ri.inconsistent });
      // the particular solution (free variables 0) is unique, and A X = B where solvable (independent check)
      expect(ple.x.equals(m4ri.x)).toBe(true);
      using ax = a.mul(ple.x);
      for (let j = 0; j < p; j++) {
        if (ple.inconsistent.some((f) => f.column === j)) continue;
        for (let i = 0; i < n; i++) expect(ax.get(i, j)).toBe(b.get(i, j));
      }
    }
    // the inverse from the transform of [A | I]: P A = I
    using square = BitMatrix.fromBits(1200, 1200, cells(1200, 1200, "dense", 77));
    const ple = square.transform({ method: "ple" });
    const m4ri = square.transform({ method: "m4ri", threads: 1 });
    expect(ple.rank).toBe(m4ri.rank);
    expect(ple.E.equals(m4ri.E)).toBe(true);
    using pa = ple.P.mul(square);
    expect(pa.equals(ple.E)).toBe(true);
    if (ple.rank === 1200) expect(ple.P.equals(m4ri.P)).toBe(true);
    for (const m of [ple.P, ple.E, m4ri.P, m4ri.E]) m.dispose();
  });

  it("reports progress by columns and stops on a signal", () => {
    using a = BitMatrix.random(2000, 3000, { seed: 5 });
    const seen: number[] = [];
    a.copy().echelonize({ method: "ple", onProgress: (done) => seen.push(done) });
    expect(seen.length).toBeGreaterThan(1);
    expect(seen.at(-1)).toBe(3000);
    expect([...seen].sort((x, y) => x - y)).toEqual(seen);
    // the reduced form: PLE, then Four Russians back substitution, one count going up (it went back to 0)
    const full: number[] = [];
    a.copy().echelonize({ method: "ple", full: true, onProgress: (done) => full.push(done) });
    expect(full.at(-1)).toBe(3000);
    expect([...full].sort((x, y) => x - y)).toEqual(full);
    const stop = new AbortController();
    stop.abort(new Error("stopped here"));
    expect(() => a.echelonize({ method: "ple", signal: stop.signal })).toThrow("stopped here");
  });

  it("counts progress in work, not columns: a long product moves it, and the estimate is the work done", () => {
    // before, the count moved only when a base window ended: during the products of the top level
    // (a quarter of the work of a square matrix, minutes at 131072) it stood still
    const n = 1536;
    using a = BitMatrix.random(n, n, { seed: 8 });
    const seen: number[] = [];
    const tuning = { base: 256, trsmBase: 64, multiply: { cutoff: 256, tables: 8, panel: 64 } };
    withScratch("a test elimination", [a.packedWords().byteLength], ([p]) => {
      kernelView(Uint32Array, p, a.packedWords().length).set(a.packedWords());
      pleEchelon(p, n, n, { onProgress: (done) => seen.push(done) }, tuning);
    });
    expect([...seen].sort((x, y) => x - y)).toEqual(seen);
    expect(seen.at(-1)).toBe(n);
    // the first half's columns are done after about an eighth of the work (a full-rank square's
    // left half costs (1/2)^3 of the whole, with the top update after it): reported as columns'
    // worth, the count is well short of n / 2 when the left half ends
    const distinct = new Set(seen).size;
    expect(distinct).toBeGreaterThan(20);
    // the count never jumps by more than a tenth at once (the largest product's leaves report as they end)
    for (let i = 1; i < seen.length; i++) expect(seen[i]! - seen[i - 1]!).toBeLessThanOrEqual(n / 10);
  });

  it("stops mid-way when the signal fires, and frees its scratch (in the threads' memory too)", () => {
    using a = BitMatrix.random(3000, 9000, { seed: 6 }); // base windows of at most 4096 columns: three or more;
    const rank = a.rank({ method: "m4ri", threads: 1 });
    for (const threads of [1, 2]) {
      using work = a.copy();
      const before = wasmBytesInUse();
      const stop = new AbortController();
      const onProgress = () => stop.abort(new Error("cancelled after the first window"));
      expect(() => work.echelonize({ method: "ple", threads, signal: stop.signal, onProgress })).toThrow(
        "cancelled after the first window",
      );
      expect(wasmBytesInUse(), `${threads} threads`).toBe(before);
      // the next elimination (fresh helpers after a cancel) is right
      expect(a.rank({ method: "ple", threads })).toBe(rank);
    }
  });

  it("runs on one thread by default below 8192 x 8192, where its threads do not pay, and as told", () => {
    using small = BitMatrix.random(4096, 4096, { seed: 31 });
    const rank = small.copy().rank({ method: "m4ri", threads: 1 });
    using byDefault = small.copy();
    const one = byDefault.echelonize({ method: "ple" });
    expect(one.rank).toBe(rank);
    expect(one.threads).toBe(1);
    if (threadsUnavailable() !== undefined || availableThreads() < 2) return;
    using asked = small.copy();
    const two = asked.echelonize({ method: "ple", threads: 2 });
    expect(two.threads).toBe(2);
    expect(asked.equals(byDefault)).toBe(true);
    using large = BitMatrix.random(8192, 8192, { seed: 32 });
    expect(large.echelonize({ method: "ple" }).threads).toBeGreaterThan(1);
  });

  it("refuses an unknown method by name", () => {
    using a = BitMatrix.random(4, 4, { seed: 1 });
    expect(() => a.echelonize({ method: "fast" as "ple" })).toThrow(
      /"method" expected "auto", "m4ri", "naive" or "ple", got "fast"/,
    );
  });
});

describe("PLE with its products shared among threads", () => {
  // Regression: when the matrix was copied into a memory of the threads' own, with room for the copy
  // but not for its scratch, the elimination failed with a RangeError where one thread had room.
  // Now the threads share the kernel's memory; where their tables do not fit, one thread's do.
  it("succeeds on threads under every memory limit where it succeeds on one thread", () => {
    using a = BitMatrix.random(300, 4096, { seed: 4 }); // one base window: its tables outweigh the matrix
    const rank = a.rank({ method: "ple", threads: 1 });
    const steps = 40;
    const copies = Array.from({ length: 2 * steps }, () => a.copy());
    const base = wasmBytesInUse();
    let both = 0;
    try {
      for (let step = 0; step < steps; step++) {
        setMemoryLimit(Math.max(2 ** 20, base + step * 24 * 1024));
        const seen: number[] = [];
        const attempt = (threads: number) => {
          try {
            const onProgress = (done: number) => seen.push(done);
            return copies[2 * step + threads - 1]!.echelonize({ method: "ple", threads, onProgress }).rank;
          } catch (error) {
            if (error instanceof RangeError) return undefined;
            throw error;
          }
        };
        const one = attempt(1);
        if (one === undefined) continue;
        expect(one).toBe(rank);
        seen.length = 0;
        expect(attempt(2), `${step * 24} KiB past the matrices`).toBe(rank);
        // its progress runs forward to the end
        expect([...seen].sort((x, y) => x - y)).toEqual(seen);
        expect(seen.at(-1)).toBe(4096);
        both++;
      }
    } finally {
      setMemoryLimit(DEFAULT_MEMORY_LIMIT);
      for (const c of copies) c.dispose();
    }
    // the limits run from too little for one thread to enough for both
    expect(both).toBeGreaterThan(0);
    expect(both).toBeLessThan(steps);
  });

  it("gives the one-thread rank, pivots and echelon form", () => {
    // the last with pivots only before a limit ([A | B], as solve eliminates): B follows the row operations
    for (const [rows, cols, kind, limit] of [
      [700, 1500, "dense", 1500],
      [1300, 900, "lowrank", 900],
      [1000, 1100, "gaps", 1100],
      [900, 1300, "dense", 700],
    ] as const) {
      const bits = cells(rows, cols, kind, cols);
      const one = runPle(bits, rows, cols, undefined, limit);
      // the whole recursion on the pool (base case passes, products and sums shared) and only its
      // products; the helpers' own tables and solves on copies, and the leader's tables and B in place;
      // groups of three blocks, whose fourth table's entry 0 each helper must clear in its own room
      for (const [inPool, own, groups] of [
        [true, true, 4],
        [true, true, 3],
        [true, false, 4],
        [false, true, 4],
      ] as const) {
        for (const threads of [2, 3]) {
          const tuning = {
            base: 128,
            trsmBase: 8,
            trsmPanel: 2,
            groups,
            inPool,
            helperTables: own,
            trsmCopies: own,
            multiply: { cutoff: 64, tables: 8, panel: 4, threads, threadedFrom: 1, sumsThreadedFrom: 1 },
          };
          const { echelon, ...got } = runPle(bits, rows, cols, tuning, limit);
          const what = `${rows} x ${cols} ${kind} (limit ${limit}), ${threads} threads, in the pool: ${inPool}, own tables and copies: ${own}, groups of ${groups}`;
          expect(got, what).toEqual({ rank: one.rank, pivots: one.pivots, threads });
          // deep equality of a million-entry array takes seconds: compare the bytes
          expect(Buffer.compare(echelon, one.echelon), what).toBe(0);
        }
      }
    }
  });
});

describe("progress of every route", () => {
  // Regression: a wide matrix's Four Russians and naive routes stopped counting when the rows ran out
  // (300 of 3000 columns: 10% at the end), and the reduced PLE form went back to 0 for its second pass.
  it("ends at the columns in all and never goes back, wide or tall, forward or reduced", () => {
    for (const [rows, cols] of [
      [300, 3000],
      [3000, 300],
    ] as const) {
      using a = BitMatrix.random(rows, cols, { seed: rows });
      using twin = BitMatrix.random(rows, cols, { seed: rows, engine: "ts" });
      const last: number[] = [];
      twin.copy().echelonize({ onProgress: (done, total) => last.push(done / total) });
      expect(last.at(-1), `${rows} x ${cols}, the TypeScript engine`).toBe(1);
      for (const method of ["naive", "m4ri", "ple"] as const) {
        for (const full of [false, true]) {
          const seen: number[] = [];
          using work = a.copy();
          work.echelonize({ method, full, threads: 1, onProgress: (done, total) => seen.push(done / total) });
          expect(seen.at(-1), `${rows} x ${cols} ${method} ${full}`).toBe(1);
          expect([...seen].sort((x, y) => x - y)).toEqual(seen);
        }
      }
    }
  });
});
