// Coset kernels for fewest presses: the TypeScript twins of
// packages/gf2-wasm/assembly/coset.ts, and the glue that runs the WASM ones.
//
// A coset x0 + span(basis) holds 2^k vectors. Member i of the Gray-code
// enumeration is x0 + sum of basis[t] over the bits t of i ^ (i >> 1); member
// i differs from member i - 1 by basis[ctz(i)], so each step is one XOR and
// one popcount. "Lexicographically smallest" reads a vector as the string
// v[0] v[1] ...: at the first index where two vectors differ, the one with a
// 0 there is smaller (POJ 3279's tie-break, the grid read row-major).
//
// Vectors cross into WASM in the packed layout of assembly/layout.ts: bit j
// at 64-bit word j >> 6, bit j & 63, rows padded to whole 128-bit lanes.

import type { Gf2Exports } from "@lightsout/gf2-wasm";
// one kernel instance (and linear memory) per realm, shared with the matrices
import { load, withScratch } from "../internal/kernel.js";
import { strideWords } from "../internal/layout.js";

/** The least weight in a coset and its lexicographically smallest member. */
export interface CosetBest {
  weight: number;
  vector: Uint8Array;
}

/** Slicing, cancellation and progress of a long enumeration. */
export interface ScanControl {
  /** Stops the enumeration between slices with the signal's reason. */
  signal?: AbortSignal | undefined;
  /** Called after each slice with members scanned and the total. */
  onProgress?: ((done: number, total: number) => void) | undefined;
}

/** Members per slice: about 10 ms of work on one lane (measured ~450 M/s). */
const SLICE = 2 ** 22;

function popcount32(v: number): number {
  v -= (v >>> 1) & 0x55555555;
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** 0/1 entries packed LSB-first into 32-bit words (`words32` of them). */
function pack32(v: ArrayLike<number>, words32: number, out = new Uint32Array(words32), offset = 0): Uint32Array {
  for (let j = 0; j < v.length; j++) if (v[j]) out[offset + (j >>> 5)]! |= 1 << (j & 31);
  return out;
}

function unpack32(words: Uint32Array, n: number, offset = 0): Uint8Array {
  const out = new Uint8Array(n);
  for (let j = 0; j < n; j++) out[j] = (words[offset + (j >>> 5)]! >>> (j & 31)) & 1;
  return out;
}

/** Lexicographic order of packed vectors (bit 0 first): a < b. */
function lexLess32(a: Uint32Array, b: Uint32Array): boolean {
  for (let j = 0; j < a.length; j++) {
    const d = a[j]! ^ b[j]!;
    if (d !== 0) return (a[j]! & (d & -d)) === 0;
  }
  return false;
}

/**
 * TypeScript twin of `cosetMinimum`: least weight over x0 + span(basis), and
 * the lexicographically smallest vector of that weight.
 */
export function cosetMinimumTs(
  x0: ArrayLike<number>,
  basis: readonly ArrayLike<number>[],
  control: ScanControl = {},
): CosetBest {
  const n = x0.length;
  const k = basis.length;
  const words = Math.max(1, Math.ceil(n / 32));
  const cur = pack32(x0, words);
  const rows = basis.map((b) => pack32(b, words));
  const best = cur.slice();
  let bestW = cur.reduce((s, w) => s + popcount32(w), 0);
  const total = 2 ** k;
  for (let start = 1; start < total; start += SLICE) {
    control.signal?.throwIfAborted();
    const end = Math.min(total, start + SLICE);
    for (let i = start; i < end; i++) {
      // i < 2^31 here (k <= 31): lowest set bit through 32-bit arithmetic
      const row = rows[31 - Math.clz32(i & -i)]!;
      let w = 0;
      for (let j = 0; j < words; j++) {
        const v = (cur[j]! ^= row[j]!);
        w += popcount32(v);
      }
      if (w < bestW || (w === bestW && lexLess32(cur, best))) {
        best.set(cur);
        bestW = w;
      }
    }
    control.onProgress?.(end, total);
  }
  return { weight: bestW, vector: unpack32(best, n) };
}

/** Runs `run` with blocks of the given byte sizes (freed afterwards); a trap becomes a clear error. */
function withBlocks<T>(operation: string, sizes: readonly number[], run: (k: Gf2Exports, ptrs: number[]) => T): T {
  const k = load();
  return withScratch(operation, sizes, (ptrs) => {
    try {
      return run(k, ptrs);
    } catch (error) {
      if (error instanceof WebAssembly.RuntimeError) {
        throw new Error(`internal error in the coset kernel during ${operation} (${error.message}); please report it`);
      }
      throw error;
    }
  });
}

/** The WASM `cosetMinimum`, sliced for progress and cancellation. */
export function cosetMinimumWasm(
  x0: ArrayLike<number>,
  basis: readonly ArrayLike<number>[],
  control: ScanControl = {},
): CosetBest {
  const n = x0.length;
  const k = basis.length;
  const words64 = strideWords(Math.max(1, n));
  const bytes = words64 * 8;
  const words32 = words64 * 2;
  return withBlocks("the coset scan", [bytes, bytes * Math.max(1, k), bytes, bytes, 16], (wasm, ptrs) => {
    const [x0p, basisp, curp, bestp, statep] = ptrs as [number, number, number, number, number];
    const mem = () => new Uint32Array(wasm.memory.buffer);
    let u = mem();
    u.fill(0, x0p >>> 2, (x0p + bytes) >>> 2);
    u.fill(0, basisp >>> 2, (basisp + bytes * k) >>> 2);
    u.fill(0, bestp >>> 2, (bestp + bytes) >>> 2);
    pack32(x0, words32, u, x0p >>> 2);
    basis.forEach((b, t) => pack32(b, words32, u, (basisp + t * bytes) >>> 2));
    u[statep >>> 2] = words64 * 64 + 1;
    const total = 2 ** k;
    for (let start = 0; start < total; start += SLICE) {
      control.signal?.throwIfAborted();
      const end = Math.min(total, start + SLICE);
      wasm.cosetMinimum(x0p, basisp, k, words64, start, end, curp, bestp, statep);
      control.onProgress?.(end, total);
    }
    u = mem();
    return { weight: u[statep >>> 2]!, vector: unpack32(u, n, bestp >>> 2) };
  });
}

/**
 * The cosets of a subspace of GF(2)^n (n <= 64) as the distribution kernels
 * take them: every member of the subspace, and the positions outside the
 * pivots of its reduced echelon form (the canonical representatives are the
 * vectors supported there: exactly one per coset).
 */
export interface CosetSplit {
  /** All 2^k members of the subspace, as n-bit bigints. */
  span: bigint[];
  /** The positions outside the pivots, increasing (n - k of them). */
  free: number[];
}

/** Reduces a basis (independent vectors) and lists its span and free positions. */
export function splitCosets(n: number, basis: readonly ArrayLike<number>[]): CosetSplit {
  const rows = basis.map((b) => {
    let v = 0n;
    for (let j = 0; j < n; j++) if (b[j]) v |= 1n << BigInt(j);
    return v;
  });
  const pivots: number[] = [];
  let r = 0;
  for (let c = 0; c < n && r < rows.length; c++) {
    const bit = 1n << BigInt(c);
    const p = rows.findIndex((v, i) => i >= r && (v & bit) !== 0n);
    if (p < 0) continue;
    [rows[r], rows[p]] = [rows[p]!, rows[r]!];
    for (let i = 0; i < rows.length; i++) if (i !== r && (rows[i]! & bit) !== 0n) rows[i] = rows[i]! ^ rows[r]!;
    pivots.push(c);
    r++;
  }
  if (r !== rows.length)
    throw new RangeError(`the basis expected independent vectors, got ${rows.length} of rank ${r}`);
  const span: bigint[] = [0n];
  for (const v of rows) {
    const size = span.length;
    for (let i = 0; i < size; i++) span.push(span[i]! ^ v);
  }
  const isPivot = new Set(pivots);
  const free = Array.from({ length: n }, (_, j) => j).filter((j) => !isPivot.has(j));
  return { span, free };
}

function popcountBig(v: bigint): number {
  let w = 0;
  for (; v !== 0n; v &= v - 1n) w++;
  return w;
}

/**
 * TypeScript twin of `cosetDistribution`: counts[w] = number of cosets whose
 * least weight is w (n + 1 slots).
 */
export function cosetDistributionTs(n: number, split: CosetSplit, control: ScanControl = {}): bigint[] {
  const counts = new Array<bigint>(n + 1).fill(0n);
  const total = 2 ** split.free.length;
  const units = split.free.map((j) => 1n << BigInt(j));
  let r = 0n;
  for (let i = 0; i < total; i++) {
    if (i > 0) {
      if (i % SLICE === 0) {
        control.signal?.throwIfAborted();
        control.onProgress?.(i, total);
      }
      // lowest set bit of i, for i up to 2^53
      let t = 0;
      while (Math.floor(i / 2 ** t) % 2 === 0) t++;
      r ^= units[t]!;
    }
    let m = n;
    for (const s of split.span) m = Math.min(m, popcountBig(r ^ s));
    counts[m]! += 1n;
  }
  control.onProgress?.(total, total);
  return counts;
}

/** Representatives per slice of the WASM distribution. */
const DISTRIBUTION_SLICE = 2 ** 21;

/** The WASM `cosetDistribution` (n <= 64), sliced for progress and cancellation. */
export function cosetDistributionWasm(n: number, split: CosetSplit, control: ScanControl = {}): bigint[] {
  if (n > 64) throw new RangeError(`the distribution kernel expected at most 64 cells, got ${n}`);
  const spanBytes = split.span.length * 8;
  const freeBytes = split.free.length * 8;
  return withBlocks("the distribution scan", [spanBytes, freeBytes, 65 * 8], (wasm, ptrs) => {
    const [spanp, freep, countsp] = ptrs as [number, number, number];
    const b = new BigUint64Array(wasm.memory.buffer);
    split.span.forEach((s, i) => (b[(spanp >>> 3) + i] = s));
    split.free.forEach((j, i) => (b[(freep >>> 3) + i] = 1n << BigInt(j)));
    b.fill(0n, countsp >>> 3, (countsp >>> 3) + 65);
    const total = 2 ** split.free.length;
    for (let start = 0; start < total; start += DISTRIBUTION_SLICE) {
      control.signal?.throwIfAborted();
      const end = Math.min(total, start + DISTRIBUTION_SLICE);
      wasm.cosetDistribution(spanp, split.span.length, freep, split.free.length, start, end, countsp);
      control.onProgress?.(end, total);
    }
    const out = new BigUint64Array(wasm.memory.buffer, countsp, n + 1);
    return Array.from(out);
  });
}
