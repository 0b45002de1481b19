// Coset scans for fewest presses: the glue that runs the kernels of
// packages/gf2-wasm/assembly/coset.ts (their TypeScript twins are in
// coset-naive.ts).
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

// one kernel instance (and linear memory) per realm, shared with the matrices
import {
  cosetDistributionKernel,
  cosetMinimumKernel,
  cosetScanLanesKernel,
  cosetScanThreadedKernel,
  kernelCopy,
  kernelView,
  runSlices,
  type Views,
  withScratch,
} from "../internal/kernel.js";
import { strideWords } from "../internal/layout.js";
import { type ThreadPoolView, withThreadPool } from "../internal/threads.js";
import { formatLimit } from "../internal/sizes.js";
import { packBits, unpackBits } from "./bits.js";

/** The least weight in a coset and its lexicographically smallest member. */
export interface CosetBest {
  weight: number;
  vector: Uint8Array;
}

/** A scan of the coset x0 + span(basis) (one 0/1 entry per cell each): every driver here and its twin. */
export type CosetScan<O, R> = (x0: ArrayLike<number>, basis: readonly ArrayLike<number>[], options?: O) => R;

/** Slicing, cancellation and progress of a long enumeration. */
export interface ScanControl {
  /** Stops the enumeration between slices with the signal's reason. */
  signal?: AbortSignal | undefined;
  /** Called after each slice with members scanned and the total. */
  onProgress?: ((done: number, total: number) => void) | undefined;
}

/** Members per slice: about 10 ms of work on one lane (measured ~450 M/s). */
export const SLICE = 2 ** 22;

/**
 * Slices of a scan over members 0..total-1, `size` members a call: the
 * bounds go into the descriptor's `start` and `end`; the members done are
 * the progress.
 */
function memberSlices(operation: string, total: number, size: number, control: ScanControl) {
  return {
    operation,
    next: (s: { start: number; end: number }) => {
      s.start = s.end;
      s.end = Math.min(total, s.start + size);
      return s.start < total;
    },
    after: (s: { end: number }) => s.end,
    total,
    onProgress: control.onProgress,
    signal: control.signal,
  };
}

/**
 * The least weight over x0 + span(basis) (at most 31 vectors), and the
 * lexicographically smallest vector of that weight: the kernel's Gray-code
 * walk, sliced for progress and cancellation.
 */
export const leastInCoset: CosetScan<ScanControl, CosetBest> = (x0, basis, control = {}) => {
  const n = x0.length;
  const k = basis.length;
  const words64 = strideWords(Math.max(1, n));
  const bytes = words64 * 8;
  const words32 = words64 * 2;
  return withScratch("the coset scan", [bytes, bytes * Math.max(1, k), bytes, bytes], ([x0p, basisp, cur, best]) => {
    const rows = kernelView(Uint32Array, basisp, words32 * k);
    rows.fill(0);
    basis.forEach((b, t) => packBits(b, words32, rows, t * words32));
    kernelView(Uint32Array, best, words32).fill(0);
    const start = kernelView(Uint32Array, x0p, words32);
    start.fill(0);
    packBits(x0, words32, start);
    const scan = {
      x0: x0p,
      basis: basisp,
      k,
      words: words64,
      start: 0,
      end: 0,
      cur,
      best,
      bestWeight: words64 * 64 + 1,
    };
    runSlices(cosetMinimumKernel, scan, memberSlices("the coset scan", 2 ** k, SLICE, control));
    return { weight: scan.bestWeight, vector: unpackBits(kernelView(Uint32Array, best, words32), n) };
  });
};

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

/** Representatives per slice of the WASM distribution. */
const DISTRIBUTION_SLICE = 2 ** 21;

/**
 * counts[w] = the number of cosets of span(split) whose least weight is w
 * (n <= 64), by the kernel, sliced for progress and cancellation.
 */
export function cosetDistribution(n: number, split: CosetSplit, control: ScanControl = {}): bigint[] {
  if (n > 64)
    throw new RangeError(formatLimit({ subject: "the distribution kernel", max: 64, got: n, unit: ["cell", "cells"] }));
  const spanBytes = split.span.length * 8;
  const freeBytes = split.free.length * 8;
  return withScratch("the distribution scan", [spanBytes, freeBytes, 65 * 8], ([span, free, counts]) => {
    kernelView(BigUint64Array, span, split.span.length).set(split.span);
    kernelView(BigUint64Array, free, split.free.length).set(split.free.map((j) => 1n << BigInt(j)));
    kernelView(BigUint64Array, counts, 65).fill(0n);
    const args = { span, spanCount: split.span.length, free, nfree: split.free.length, start: 0, end: 0, counts };
    const slices = memberSlices("the distribution scan", 2 ** split.free.length, DISTRIBUTION_SLICE, control);
    runSlices(cosetDistributionKernel, args, slices);
    return Array.from(kernelCopy(BigUint64Array, counts, n + 1));
  });
}

// ---------------------------------------------------------------------------
// The lane scan: least weight over x0 + span(basis) for spans too large for
// the register kernels (hundreds of cells, 2^32 members and more), on one or
// more threads. Member i is x0 + the generators at the set bits of
// i ^ (i >> 1), in the generator order of the layout; each step XORs one
// generator in over the 128-bit lanes where it is nonzero and updates the
// weight by |g| - 2 |cur & g|. The layout puts the generators used most
// (generator t: every 2^(t+1)-th step) on the fewest lanes: generator 0 is a
// lightest one, each next one adds the fewest new cells, and the cells are
// numbered in that order. The answer is the least weight and, among the
// members of that weight, the one of least index: the same on any number of
// threads (each thread claims chunks in increasing order and keeps the first
// index of its least weight; the results are merged by weight, then index).

/** The generator order and cell order of a lane scan. */
export interface LaneLayout {
  /** Kernel generator t is basis[gens[t]]. */
  gens: Int32Array;
  /** Position p of the packed vectors holds cell cells[p]. */
  cells: Int32Array;
  /** For kernel generator t: byte offsets of its first nonzero lane and past its last (16-byte lanes). */
  lo: Int32Array;
  hi: Int32Array;
  /** For kernel generator t: its weight. */
  weight: Int32Array;
}

/** Orders generators and cells so that the generators used most sit on the fewest lanes. */
export function laneLayout(n: number, basis: readonly ArrayLike<number>[]): LaneLayout {
  const k = basis.length;
  const supports = basis.map((b) => {
    const s: number[] = [];
    for (let j = 0; j < n; j++) if (b[j]) s.push(j);
    return s;
  });
  const position = new Int32Array(n).fill(-1);
  const cells: number[] = [];
  const gens = new Int32Array(k);
  const taken = new Uint8Array(k);
  for (let t = 0; t < k; t++) {
    // the generator adding the fewest new cells (ties: lighter, then earlier)
    let pick = -1;
    let pickNew = Infinity;
    for (let g = 0; g < k; g++) {
      if (taken[g]) continue;
      let fresh = 0;
      for (const j of supports[g]!) if (position[j]! < 0) fresh++;
      if (fresh < pickNew || (fresh === pickNew && supports[g]!.length < supports[pick]!.length)) {
        pick = g;
        pickNew = fresh;
      }
    }
    taken[pick] = 1;
    gens[t] = pick;
    for (const j of supports[pick]!) {
      if (position[j]! < 0) {
        position[j] = cells.length;
        cells.push(j);
      }
    }
  }
  for (let j = 0; j < n; j++) if (position[j]! < 0) cells.push(j);
  const lo = new Int32Array(k);
  const hi = new Int32Array(k);
  const weight = new Int32Array(k);
  gens.forEach((g, t) => {
    let first = n;
    let last = -1;
    for (const j of supports[g]!) {
      first = Math.min(first, position[j]!);
      last = Math.max(last, position[j]!);
    }
    weight[t] = supports[g]!.length;
    lo[t] = last < 0 ? 0 : (first >>> 7) << 4;
    hi[t] = last < 0 ? 0 : ((last >>> 7) + 1) << 4;
  });
  return { gens, cells: Int32Array.from(cells), lo, hi, weight };
}

/** What a lane scan found: the least weight below the bound and its member, or the bound and null. */
export interface LaneScanResult {
  weight: number;
  /** The member (one entry per cell, original order), or null when none is lighter than the bound. */
  vector: Uint8Array | null;
}

/** Options of a lane scan. */
export interface LaneScanOptions extends ScanControl {
  /** Only members strictly lighter count (default: cells + 1, so the minimum is always found). */
  bound?: number | undefined;
  /** Threads, the caller included (default 1; fewer when threads are unavailable). */
  threads?: number | undefined;
}

/** x0 + the kernel generators at the set bits of gray(index), in original cell order. */
export function laneMember(
  x0: ArrayLike<number>,
  basis: readonly ArrayLike<number>[],
  gens: Int32Array,
  index: number,
): Uint8Array {
  const v = Uint8Array.from(x0);
  for (let t = 0; t < gens.length; t++) {
    // bit t of index ^ (index >> 1), index < 2^53
    const bit = (Math.floor(index / 2 ** t) + Math.floor(index / 2 ** (t + 1))) % 2;
    if (bit === 1) {
      const b = basis[gens[t]!]!;
      for (let j = 0; j < v.length; j++) v[j]! ^= b[j]!;
    }
  }
  return v;
}

/** Largest span a lane scan takes: 2^48 members would take days; chunk numbers stay 32-bit. */
export const MAX_LANE_DIMENSION = 48;

export function checkLaneScan(n: number, k: number): void {
  if (k > MAX_LANE_DIMENSION) {
    throw new RangeError(
      formatLimit({ subject: "the lane scan", max: MAX_LANE_DIMENSION, got: k, unit: ["generator", "generators"] }),
    );
  }
  if (n < 1) throw new RangeError(`the lane scan expected at least one cell, got ${n}`);
}

/** Members per slice of a lane scan on one thread. */
const LANE_SLICE = 2 ** 24;

/**
 * Alignment and granule of the threads' scratch vectors. Each thread writes
 * its own on every step, so no two may share a cache line, nor a pair of
 * them (adjacent-line prefetchers fetch 128-byte pairs). Packed back to
 * back (16-byte blocks, 128 bytes each at 961 cells), one thread's first
 * lanes, written every other step, shared a line with the other's last:
 * 2 threads took 3.5x the CPU time per member of one.
 */
const SCRATCH_ALIGN = 128;

/**
 * Where each thread's scratch vector of `bytes` bytes lies in a scratch
 * block at `ptr` (laneSizes' size for `threads`): thread i's at
 * base + i x stride, each on whole 128-byte units of its own inside the block.
 */
export function laneScratch(ptr: number, bytes: number, threads: number): { base: number; stride: number } {
  if (threads <= 1) return { base: ptr, stride: bytes };
  return {
    base: Math.ceil(ptr / SCRATCH_ALIGN) * SCRATCH_ALIGN,
    stride: Math.ceil(bytes / SCRATCH_ALIGN) * SCRATCH_ALIGN,
  };
}

/** Bytes of each part of a lane scan's data in WASM memory. */
export function laneSizes(
  n: number,
  k: number,
  threads: number,
): { words64: number; sizes: readonly [number, number, number, number, number] } {
  const words64 = strideWords(n);
  const bytes = words64 * 8;
  // x0, rows, meta, scratch (one per thread; on threads, room to align and space them: laneScratch),
  // results (16 bytes per thread); the job itself is the kernel's descriptor
  const scratch = threads > 1 ? laneScratch(0, bytes, threads).stride * threads + SCRATCH_ALIGN - 16 : bytes;
  return { words64, sizes: [bytes, bytes * Math.max(1, k), 16 * Math.max(1, k), scratch, 16 * threads] };
}

/** Writes x0, the rows and the meta of a lane scan (blocks from laneSizes) into the memory of `view`. */
export function writeLaneScan(
  view: Views,
  ptrs: readonly [number, number, number, ...number[]],
  x0: ArrayLike<number>,
  basis: readonly ArrayLike<number>[],
  layout: LaneLayout,
  words64: number,
): void {
  const [x0p, rowsp, metap] = ptrs;
  const words32 = words64 * 2;
  const k = layout.gens.length;
  const permuted = (v: ArrayLike<number>) => Uint8Array.from(layout.cells, (c) => v[c]!);
  const start = view(Uint32Array, x0p, words32);
  start.fill(0);
  packBits(permuted(x0), words32, start);
  const rows = view(Uint32Array, rowsp, words32 * k);
  rows.fill(0);
  const meta = view(Uint32Array, metap, 4 * k);
  layout.gens.forEach((g, t) => {
    packBits(permuted(basis[g]!), words32, rows, t * words32);
    meta.set([layout.lo[t]!, layout.hi[t]!, layout.weight[t]!, rowsp + t * words64 * 8], t * 4);
  });
}

/** A thread's result: i32 best weight, then (at +8) the u64 index of its first member of that weight. */
const RESULT_BYTES = 16;

/** Reads and merges per-thread results (weight, then index). */
function mergeResults(view: Views, resultsp: number, threads: number): { weight: number; index: number } {
  const words = view(Int32Array, resultsp, (threads * RESULT_BYTES) / 4);
  const indices = view(BigUint64Array, resultsp, (threads * RESULT_BYTES) / 8);
  let weight = Infinity;
  let index = -1;
  for (let t = 0; t < threads; t++) {
    const w = words[(t * RESULT_BYTES) / 4]!;
    const i = Number(indices[(t * RESULT_BYTES) / 8 + 1]!);
    if (w < weight || (w === weight && i < index)) {
      weight = w;
      index = i;
    }
  }
  return { weight, index };
}

/** Presets every thread's result to the bound with no index. */
export function presetResults(view: Views, resultsp: number, threads: number, bound: number): void {
  const words = view(Int32Array, resultsp, (threads * RESULT_BYTES) / 4);
  const indices = view(BigUint64Array, resultsp, (threads * RESULT_BYTES) / 8);
  for (let t = 0; t < threads; t++) {
    words[(t * RESULT_BYTES) / 4] = bound;
    // "no index yet": larger than any, so the merge prefers a real one of equal weight
    indices[(t * RESULT_BYTES) / 8 + 1] = 0xffffffffffffffffn;
  }
}

/**
 * The lane scan in WASM: least weight over x0 + span(basis) strictly below
 * the bound, and its member of least index (see above). On `threads` > 1 it
 * shares chunks among the threads of the shared-memory pool; without threads
 * (unavailable, or 1) it runs on this one. Progress in members after each
 * slice; cancellation between slices.
 */
export const laneScan: CosetScan<LaneScanOptions, LaneScanResult> = (x0, basis, options = {}) => {
  const n = x0.length;
  const k = basis.length;
  checkLaneScan(n, k);
  const layout = laneLayout(n, basis);
  const bound = options.bound ?? n + 1;
  const wanted = options.threads ?? 1;
  const finish = (r: { weight: number; index: number }): LaneScanResult =>
    r.weight < bound && r.index >= 0
      ? { weight: r.weight, vector: laneMember(x0, basis, layout.gens, r.index) }
      : { weight: bound, vector: null };
  if (wanted > 1) {
    const threaded = withThreadPool(wanted, (pool) => scanThreaded(pool, x0, basis, layout, bound, options));
    // the caller's signal or progress stopped it between slices (the helpers idle): the pool stays
    if (threaded !== undefined && "stopped" in threaded) throw threaded.stopped;
    if (threaded !== undefined) return finish(threaded);
  }
  const { words64, sizes } = laneSizes(n, k, 1);
  return withScratch("the lane scan", sizes, (ptrs) => {
    writeLaneScan(kernelView, ptrs, x0, basis, layout, words64);
    const [x0p, , meta, cur, result] = ptrs;
    presetResults(kernelView, result, 1, bound);
    const args = { x0: x0p, meta, k, words: words64, start: 0, end: 0, cur, result };
    runSlices(cosetScanLanesKernel, args, memberSlices("the lane scan", 2 ** k, LANE_SLICE, options));
    return finish(mergeResults(kernelView, result, 1));
  });
};

/**
 * Members per thread between two returns to JavaScript on threads: each
 * return waits for the last chunk of every thread, and on a busy machine a
 * helper may hold one while descheduled, so these are 4x the one-thread
 * slices (about 0.2 s of work per thread).
 */
const THREADED_SLICE = 4 * LANE_SLICE;

/** Members per chunk claimed by one thread (2^16: about a millisecond). */
const CHUNK_BITS = 16;

/** The threaded lane scan on a started pool; frees what it allocates. */
function scanThreaded(
  pool: ThreadPoolView,
  x0: ArrayLike<number>,
  basis: readonly ArrayLike<number>[],
  layout: LaneLayout,
  bound: number,
  control: ScanControl,
): { weight: number; index: number } | { stopped: unknown } | undefined {
  const n = x0.length;
  const k = basis.length;
  const { ctl, threads, blocking, view } = pool;
  const { words64, sizes } = laneSizes(n, k, threads);
  // the pool's blocks (the kernel's memory, which its threads share), counted under the cap; none to be had: one thread
  return pool.withBlocks(sizes, (ptrs) => {
    writeLaneScan(view, ptrs, x0, basis, layout, words64);
    const [x0p, , meta, scratchp, results] = ptrs;
    presetResults(view, results, threads, bound);
    const total = 2 ** k;
    const bits = Math.max(Math.min(k, CHUNK_BITS), k - 30);
    const { base, stride } = laneScratch(scratchp, words64 * 8, threads);
    const chunks = Math.ceil(total / 2 ** bits);
    // THREADED_SLICE members per thread between two looks at progress and cancellation, or an
    // eighth of a smaller scan
    const slice = Math.max(1, Math.min(Math.floor((THREADED_SLICE * threads) / 2 ** bits), Math.floor(chunks / 8)));
    const job = {
      x0: x0p,
      meta,
      k,
      words: words64,
      bits,
      scratch: base,
      results,
      scratchStride: stride,
      total,
      ctl,
      first: 0,
      end: 0,
      threads,
      blocking,
    };
    // the caller's signal and progress stop the scan between slices, the helpers idle: the pool stays
    let stopped: { stopped: unknown } | undefined;
    pool.runSlices(cosetScanThreadedKernel, job, {
      operation: "the threaded lane scan",
      next: (s) => {
        if (control.signal?.aborted) stopped = { stopped: control.signal.reason };
        s.first = s.end;
        s.end = Math.min(chunks, s.first + slice);
        return stopped === undefined && s.first < chunks;
      },
      after: (s) => {
        try {
          control.onProgress?.(Math.min(total, s.end * 2 ** bits), total);
        } catch (error) {
          stopped = { stopped: error };
        }
        return undefined;
      },
    });
    return stopped ?? mergeResults(view, results, threads);
  });
}
