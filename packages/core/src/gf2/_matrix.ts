// The WebAssembly engine of BitMatrix: matrices live in the kernel's linear
// memory, allocated through internal/kernel.ts (the memory owner); the
// kernels are assembly/echelon.ts, multiply.ts, transpose.ts, copy.ts and
// layout.ts's reverseByteBits (their TypeScript twin: _matrix-naive.ts).

import {
  allocate,
  backSubstituteKernel,
  callKernel,
  columnSlices,
  copyBitsKernel,
  echelonizeM4riKernel,
  echelonizeNaiveKernel,
  kernelCopy,
  kernelView,
  mulNaiveKernel,
  nullspaceKernel,
  reverseByteBitsKernel,
  release,
  runSlices,
  transposeKernel,
  wasmBytesInUse,
  withScratch,
} from "../internal/kernel.js";
import { matrixBytes, strideWords } from "../internal/layout.js";
import { MAX_MATRIX_BLOCK, memoryLimit } from "../internal/memory.js";
import { availableThreads, echelonizeThreaded, threadsNow, withThreadPool, zeroBlock } from "../internal/threads.js";
import type { EchelonOptions, Engine, M4riParameters, MulOptions, Store } from "./_engine.js";
import { MULTIPLY_DEFAULTS, type MultiplyOptions, multiplyBlocks, productWork } from "./_multiply.js";
import { PLE_TUNING, pleEchelon } from "./_ple.js";
import { sliceColumns } from "./_engine.js";

class WasmStore implements Store {
  readonly ptr: number;
  readonly bytes: number;
  #view: Uint32Array | undefined;
  constructor(ptr: number, bytes: number) {
    this.ptr = ptr;
    this.bytes = bytes;
  }
  words(): Uint32Array {
    this.#view = kernelView(Uint32Array, this.ptr, this.bytes / 4, this.#view);
    return this.#view;
  }
}

/**
 * Four Russians parameters by size (k x tables x steps). Deferring steps
 * (cache blocking) pays once the matrix leaves L2, as long as the pending
 * tables stay about L2-sized: CPU time of one thread (steadier than the wall
 * clock on a shared machine, docs/BENCHMARKS.md), fastest of 2-7:
 * N = 8192: 6x4x4 82 ms, 7x4x2 83 ms, 7x4x8 120 ms;
 * N = 16384: 6x4x4 772 ms, 6x4x8 943 ms, 7x4x8 1161 ms;
 * N = 32768: 6x4x4 7.9 s, 6x4x2 8.9 s.
 * From 2048 on, the largest k <= 8 whose step's four tables fit in 2
 * MiB, four steps deferred (8 MiB of pending tables; two while the matrix
 * fits the last-level cache, see DEFER_TWO_UP_TO, and on one thread one
 * where two steps' tables outgrow L2, see DEFER_ONE_UP_TO): 8 bits up to 16384
 * columns, 7 at 32768, 6 past that. A row reads a table row per k columns,
 * so 8-bit tables read a quarter fewer than 6-bit ones; once the tables
 * outgrow that, deferring more columns a sweep (smaller tables, more steps)
 * pays more than wider tables. Fastest of 2-12 interleaved runs on the
 * 2-core EPYC with 2 MiB of L2 (docs/BENCHMARKS.md, "8-bit tables, and
 * products on compact leaves"): N = 8192 6x4x4 103 ms, 8x4x4 91 ms; 16384
 * 918 / 743 ms (8x4x4), 7x4x8 902 ms; 32768 6x4x4 8.85 s, 8x4x2 7.20 s,
 * 7x4x4 6.68 s (two threads 4.73 / 4.22 s), 6x4x8 8.93 s.
 */
export function m4riParameters(rows: number, cols: number, stride = strideWords(cols), threads = 1): M4riParameters {
  const n = Math.min(rows, cols);
  if (n < 256) return { k: 4, tables: 2, steps: 1 };
  if (n < 2048) return { k: 6, tables: 4, steps: 1 };
  // threads wait for each other at every step's tables, which 6 bits keep small:
  // 4096 on two threads, 6x4x4 7.9-8.1 ms, 8x4x2 8.6-8.9 ms; see THREADS_SIX_BITS_UP_TO
  if (threads > 1 && (rows < 8192 || rows * stride * 8 <= THREADS_SIX_BITS_UP_TO)) return { k: 6, tables: 4, steps: 4 };
  let k = 8;
  while (k > 6 && 4 * 2 ** k * stride * 8 > 2 ** 21) k--;
  const bytes = rows * stride * 8;
  const stepTables = 4 * 2 ** k * stride * 8;
  if (threads === 1 && bytes <= DEFER_ONE_UP_TO && 2 * stepTables > L2_BYTES) return { k, tables: 4, steps: 1 };
  const steps = bytes <= DEFER_TWO_UP_TO ? 2 : threads > 1 && bytes > DEFER_SIX_FROM ? 6 : 4;
  return { k, tables: 4, steps };
}

/**
 * Threads that share the sweeps of a matrix past this many bytes defer six
 * steps: both stream the matrix from memory, once a sweep. Two threads,
 * interleaved, fastest of 2 (2026-12-02): N = 32768 7x4x4 3.12-3.18 s,
 * 7x4x6 2.76-2.88 s, 7x4x8 2.82 s, 8x4x4 3.02 s; 16384 8x4x4 339 ms, 8x4x6
 * 339 ms, 8x4x8 335 ms; 65536 6x4x4 27.5 s, 6x4x6 26.8 s, 6x4x8 26.4 s.
 */
const DEFER_SIX_FROM = 64 * 2 ** 20;

/**
 * Threads sharing the sweeps of a matrix up to this many bytes use 6-bit
 * tables with four steps deferred (a quarter of the table rows to build a
 * step, and each core reads all the tables from its own L2). Two threads,
 * interleaved in one process, fastest of 3-8 (2026-12-03): N = 8192 8x4x2
 * 74.9-76.3 ms, 6x4x4 58.8-59.7 ms, 6x4x2 61.6 ms, 7x4x2 63.0 ms, 6x4x6
 * 61.2 ms; 12288 8x4x2 195 ms, 6x4x4 181 ms, 7x4x4 183 ms; 16384 8x4x4
 * 425-439 ms, 6x4x4 399 ms, 7x4x4 389-401 ms, 6x4x6 414 ms. Past it the
 * tables of 6 bits read too many rows a column: 32768 7x4x6 2.90 s, 6x4x6
 * 3.04 s, 6x4x8 2.96 s.
 */
const THREADS_SIX_BITS_UP_TO = 32 * 2 ** 20;

/** The L2 cache of one core on the machine the parameters were measured on (the 2-core EPYC). */
const L2_BYTES = 2 ** 20;

/**
 * One thread defers no step (a sweep a step) while the matrix fits in the
 * last-level cache up to this many bytes and two steps' tables would
 * outgrow L2: each sweep is then cheap, and the tables of one step stay in
 * L2. Interleaved in one process, one thread, fastest of 8-16, repeated in
 * 2-3 processes (2026-12-03): N = 5120 8x4x2 21.8 ms, 8x4x1 21.0 ms; 6144
 * 34.4 / 32.2 ms; 7168 50.9 / 48.2 ms; 8192 77.3-80.5 / 69.9-74.3 ms
 * (7x6x1 70.1-73.9 ms, 7x4x2 73.2-75.0 ms); 9216 107.6 / 99.3 ms; 10240
 * (12.5 MiB) 142.3-143.3 / 134.1-137.3 ms; 10752 (14.1 MiB) 163.2 / 158.3
 * ms; 11264 (15.1 MiB) 281.5 / 321.0 ms; 12288 290.5 / 357.0 ms. The reduced
 * form at 8192: 124.0 / 118.9 ms. At 4096 two steps' tables fit L2 (1 MiB)
 * and two steps stay: 11.0-11.6 / 11.4-11.7 ms. Threads sharing the sweeps
 * keep two steps (8192: 8x4x2 79.7 ms, 8x4x1 82.3 ms; 10240 147 / 152 ms).
 */
const DEFER_ONE_UP_TO = 13 * 2 ** 20;

/**
 * Matrices up to this many bytes defer two steps a sweep, larger ones four:
 * while the matrix stays in the last-level cache (32 MiB on the EPYC) a
 * sweep is cheap and fewer pending tables read faster. Interleaved, one
 * thread, fastest of 3-20 (2026-12-02): N = 4096 8x4x2 10.7 ms, 8x4x4
 * 11.8 ms, 6x4x4 11.5 ms; 8192 69.5 / 76.2 ms (8x4x4), 6x4x4 77.5 ms;
 * 12000 232 / 242 ms; 14336 (24.5 MiB) 355-369 / 381-396 ms; 16384 (32
 * MiB) 788 / 697 ms.
 */
const DEFER_TWO_UP_TO = 28 * 2 ** 20;

/**
 * Whether `auto` takes the PLE route: a forward echelon form (rank) from
 * 24576 on, on one thread or more, while `room` (the bytes the memory limit
 * leaves beside the matrix) holds PLE's scratch (Four Russians works in
 * place). Measured with `lightsout rank --random N --method m4ri|ple`,
 * interleaved, three of each (2026-12-04, docs/BENCHMARKS.md, "threads on
 * pages of their own"), Four Russians / PLE, one thread: 12288 216-237 /
 * 305-313 ms, 16384 556-623 / 595-644 ms, 20480 1.20-1.22 / 1.15-1.32 s,
 * 24576 2.13-2.17 / 1.89-2.17 s, 32768 4.61-4.80 / 3.82-3.85 s; two
 * threads: 12288 174-180 / 219-225 ms, 16384 379-393 / 431-435 ms, 20480
 * 717-738 / 751-763 ms, 24576 1.19-1.22 / 1.16-1.17 s, 32768 2.60-2.63 /
 * 2.23-2.24 s, 49152 8.64 / 7.12 s.
 */
export function pleByDefault(rows: number, limit: number, stride: number, full: boolean, room: number): boolean {
  return !full && Math.min(rows, limit) >= PLE_FROM && rows * stride * 8 * PLE_SCRATCH <= room;
}
const PLE_FROM = 24576;
/**
 * PLE's scratch at its peak, in matrices, with some room: the spread E, the
 * product's temporary and the Strassen-Winograd temporaries of the top
 * level, about 3/4 of the matrix. At 131072 x 131072 (2 GiB of matrix) on
 * two threads the process held 3.77 GB at most, and took 184 s, where
 * Four Russians (in place, small tables) took 228 s and 2.19 GB.
 */
const PLE_SCRATCH = 0.8;

/** Tables a scratch slot holds: the kernel's loops read 1, 2, 4, 6 or 8. */
const slotTables = (tables: number) => (tables > 6 ? 8 : tables > 4 ? 6 : tables === 3 ? 4 : tables);

/** From this many bytes of matrix on, eliminations use every core unless told otherwise. */
const THREADS_FROM_BYTES = 2 * 2 ** 20;

/**
 * From this many bytes of matrix on, PLE uses every core unless told: below
 * it, its pivot searches and tables (on the leading thread, the helpers
 * waiting) outweigh the shared passes and products. PLE, alternating one
 * and two threads, fastest of 4-6 (2026-12-03): 4096 15.3-15.5 / 22.5-23.2
 * ms, 8192 95.7-97.7 / 91.9-93.6 ms, 12288 312 / 246 ms.
 */
const PLE_THREADS_FROM_BYTES = 8 * 2 ** 20;

/** Below this many rows or columns the naive kernel is as fast. */
const NAIVE_BELOW = 64;

const w64 = strideWords;

/**
 * C = A B for the engine (C m x p words, A m x n bits, B n rows of p words):
 * on threads the whole recursion runs on the pool, its large products and
 * sums shared in place; progress is told in rows of C.
 */
function multiplyOn(c: number, a: number, b: number, m: number, n: number, p: number, options: MulOptions): void {
  const largest = Math.max(m * p, m * w64(n), n * p) * 8;
  const wanted = threadsNow(options.threads ?? (largest >= THREADS_FROM_BYTES ? availableThreads() : 1));
  const { onProgress } = options;
  // the kernel products' reports add up to productWork of the whole
  const total = productWork(m, n, p);
  let done = 0;
  const onWork =
    onProgress &&
    ((words: number) => {
      done += words;
      onProgress(Math.min(m, Math.floor((done / total) * m)), m);
    });
  // one claim of C's rows a thread: B's tables built once a thread, not twice (two threads,
  // interleaved, 2026-12-03: 8192 103-105 against 115-119 ms, 16384 765-772 against 870 ms;
  // PLE keeps two, whose products are smaller and uneven: 32768 3.22-3.43 against 3.52-3.58 s)
  const tuning = { ...MULTIPLY_DEFAULTS, claimsPerThread: 1, signal: options.signal, onWork };
  const [cb, ab, bb] = [
    { ptr: c, stride: p },
    { ptr: a, stride: w64(n) },
    { ptr: b, stride: p },
  ];
  const run = (t: MultiplyOptions) => multiplyBlocks(cb, ab, bb, m, n, p, t);
  const pooled =
    wanted > 1 &&
    withThreadPool(wanted, (pool) => {
      run({ ...tuning, pool });
      return true;
    });
  if (!pooled) run(tuning);
  onProgress?.(m, m);
}

export const wasmEngine: Engine = {
  name: "wasm",
  create(rows, cols) {
    const bytes = matrixBytes(rows, cols);
    const ptr = allocate(`a ${rows} x ${cols} GF(2) matrix`, bytes, MAX_MATRIX_BLOCK);
    zeroBlock(ptr, bytes);
    return new WasmStore(ptr, bytes);
  },
  release(store) {
    release((store as WasmStore).ptr, store.bytes);
  },
  echelonize(a, rows, cols, pivotLimit, full, options: EchelonOptions) {
    const limit = Math.min(cols, pivotLimit);
    const stride = w64(cols);
    const method = options.method ?? "auto";
    // threads wanted (every core for large matrices unless told), as many as can run now
    const wanted = threadsNow(options.threads ?? (rows * stride * 8 >= THREADS_FROM_BYTES ? availableThreads() : 1));
    // the matrix is held already: PLE needs room for its scratch beside it
    const room = memoryLimit.bytes - wasmBytesInUse();
    if (method === "ple" || (method === "auto" && pleByDefault(rows, limit, stride, full, room))) {
      const pleThreads = options.threads === undefined && rows * stride * 8 < PLE_THREADS_FROM_BYTES ? 1 : wanted;
      const tuning = { ...PLE_TUNING, multiply: { ...PLE_TUNING.multiply, threads: pleThreads } };
      // a reduced form: Four Russians back substitution on the echelon form, the second half of the progress
      const { onProgress } = options;
      const half = (from: number) => (done: number, total: number) =>
        onProgress?.(Math.floor((from * total + done) / 2), total);
      const forward = pleEchelon(
        (a as WasmStore).ptr,
        rows,
        cols,
        full ? { ...options, onProgress: onProgress && half(0) } : options,
        tuning,
        limit,
      );
      if (!full) return forward;
      return this.echelonize(a, rows, cols, pivotLimit, true, {
        ...options,
        method: "m4ri",
        onProgress: onProgress && half(1),
      });
    }
    const naive = method === "naive" || (method === "auto" && Math.min(rows, limit) < NAIVE_BELOW);
    const threads = naive ? 1 : wanted;
    const { k: bits, tables, steps = 1 } = options.m4ri ?? m4riParameters(rows, limit, stride, threads);
    const scratchBytes = naive ? 16 : steps * slotTables(tables) * 2 ** bits * stride * 8;
    const slice = sliceColumns(limit, options);
    // the descriptor of both kernels (and of the threaded one, with its blocks in shared memory)
    const args = (a: number, pivots: number, scratch: number, versions: number) => ({
      a,
      rows,
      cols,
      stride,
      pivotLimit,
      full: full ? 1 : 0,
      pivots,
      k: bits,
      tables,
      steps,
      scratch,
      versions,
      r: 0,
      c: 0,
      cStop: 0,
    });
    const ptr = (a as WasmStore).ptr;
    if (threads > 1) {
      const { onProgress, signal } = options;
      const result = echelonizeThreaded({ a: ptr, args, scratchBytes, slice, onProgress, signal }, threads);
      if (result) return { ...result, threads };
    }
    const pivotCount = Math.min(rows, limit);
    return withScratch(
      "scratch space for elimination",
      [pivotCount * 4, scratchBytes, rows * 4],
      ([pivots, scratch, versions]) => {
        const state = args(ptr, pivots, scratch, versions);
        const kernel = naive ? echelonizeNaiveKernel : echelonizeM4riKernel;
        runSlices(kernel, state, columnSlices("elimination", limit, rows, slice, options));
        return { rank: state.r, pivots: kernelCopy(Int32Array, pivots, state.r), threads: 1 };
      },
    );
  },
  mul(c, a, b, m, n, p, options) {
    const [cp, ap, bp] = [c, a, b].map((s) => (s as WasmStore).ptr) as [number, number, number];
    if (n < 16) {
      options.signal?.throwIfAborted();
      callKernel("multiplication", mulNaiveKernel, {
        c: cp,
        cStride: w64(p),
        a: ap,
        aStride: w64(n),
        b: bp,
        bStride: w64(p),
        m,
        n,
      });
      options.onProgress?.(m, m);
      return;
    }
    multiplyOn(cp, ap, bp, m, n, w64(p), options);
  },
  transpose(dst, src, rows, cols) {
    const [d, s] = [(dst as WasmStore).ptr, (src as WasmStore).ptr];
    callKernel("transpose", transposeKernel, {
      dst: d,
      dstStride: w64(rows),
      src: s,
      srcStride: w64(cols),
      rows,
      cols,
    });
  },
  copyBits(dst, dstCols, dr, dc, src, srcCols, sr, sc, nrows, ncols) {
    const [d, s] = [(dst as WasmStore).ptr, (src as WasmStore).ptr];
    const args = {
      dst: d,
      dstStride: w64(dstCols),
      src: s,
      srcStride: w64(srcCols),
      rows: nrows,
      cols: ncols,
      dr,
      dc,
      sr,
      sc,
    };
    callKernel("copy", copyBitsKernel, args);
  },
  backSubstitute(x, e, rank, n, p, pivots) {
    const stride = w64(n + p);
    withScratch("scratch space for back substitution", [pivots.length * 4, stride * 8], ([pv, row]) => {
      kernelView(Int32Array, pv, pivots.length).set(pivots);
      const [xp, ep] = [(x as WasmStore).ptr, (e as WasmStore).ptr];
      const args = { x: xp, xStride: w64(p), e: ep, stride, r: rank, n, p, pivots: pv, scratch: row };
      callKernel("back substitution", backSubstituteKernel, args);
    });
  },
  nullspace(out, e, cols, rank, pivots) {
    withScratch("scratch space for the null space", [pivots.length * 4], ([pv]) => {
      kernelView(Int32Array, pv, pivots.length).set(pivots);
      const [op, ep] = [(out as WasmStore).ptr, (e as WasmStore).ptr];
      callKernel("null space", nullspaceKernel, {
        out: op,
        outStride: w64(cols),
        e: ep,
        stride: w64(cols),
        r: rank,
        cols,
        pivots: pv,
      });
    });
  },
  reverseByteBits(store, from, to) {
    const ptr = (store as WasmStore).ptr + from;
    callKernel("reading a PBM raster", reverseByteBitsKernel, { ptr, bytes: to - from });
  },
};
