// Row echelon form by block-recursive PLE decomposition (Albrecht, Bard,
// Pernet, "Efficient dense Gaussian elimination over the finite field with
// two elements", arXiv:1111.6549), in the kernel's memory:
//
//   ple(window [c0, c1) of rows r..):
//     left half:  ple(r, [c0, mid))                  -> k1 pivot rows, L kept
//     right half of the window, rows r..:
//       the pivot rows:  B = L11^-1 B                 (triangular solve)
//       the rows below:  B ^= L21 E                   (a product: Strassen-Winograd)
//     right half: ple(r + k1, [mid, c1))
//
// The base case (assembly/ple.ts, pleBase) eliminates windows of BASE
// columns by the Method of Four Russians, keeping the multipliers L at the
// pivot columns. L21 multiplies E "spread": a matrix with E's row t at row
// q_t - origin and zero rows at the columns without a pivot, so that L21 is
// the rows' window as stored (its bits at other columns are zero) and no
// column needs compressing. The work is that of the products, O(n^omega)
// with Strassen-Winograd, where the Four Russians elimination streams the
// whole matrix once per few dozen columns.
//
// The twin is the elimination of gf2/_matrix-naive.ts: a forward echelon
// form is not unique, but its rank and pivot columns are, and so is the
// reduced form (tests compare those).

import {
  copyBitsKernel,
  type CopyBitsArgs,
  callKernel,
  firstSetColumnInKernel,
  type PleBaseArgs,
  pleBaseKernel,
  pleBaseThreadedKernel,
  pleFinishKernel,
  pleSwapsKernel,
  trsmM4rKernel,
  trsmM4rThreadedKernel,
  withScratch,
  kernelView,
} from "../internal/kernel.js";
import { strideWords } from "../internal/layout.js";
import { type ThreadPoolView, withThreadPool } from "../internal/threads.js";
import {
  type Block,
  clearBlock,
  copyBlockInPool,
  MULTIPLY_DEFAULTS,
  type MultiplyOptions,
  multiplyBlocks,
  productWork,
} from "./_multiply.js";

/** Tuning of the recursion (docs/BENCHMARKS.md, "PLE"). */
export interface PleTuning {
  /** Columns of the base case's windows (a multiple of 128). */
  base: number;
  /** Pivots of the triangular solve's base case (Four Russians, assembly/ple.ts trsmM4r). */
  trsmBase: number;
  /** Words of B per panel in the triangular solve's base case (even; default TRSM_PANEL). */
  trsmPanel?: number;
  /** On threads, panels of B per thread at least in the triangular solve's base case (narrower panels then; default 2). */
  trsmClaims?: number;
  /** On threads, whether each panel of B is solved in a compact copy (default true). */
  trsmCopies?: boolean;
  /** On threads, whether the base case's helpers build the tables again for themselves (default true). */
  helperTables?: boolean;
  multiply: MultiplyOptions;
  /** Whether base windows narrower than the matrix are eliminated in a compact copy (default true). */
  compact?: boolean;
  /**
   * When set, a window is a base case while its rows left times its width
   * stay within this many bits (and its width within `maxBase`), at least
   * `base` wide: lower windows, with fewer rows, are wider.
   */
  blockBits?: number;
  maxBase?: number;
  /** Blocks of 8 pivots the base case clears from the rows below in one pass (1..4, default 4). */
  groups?: number;
  /**
   * On threads (`multiply.threads` > 1), whether the whole recursion runs on
   * the thread pool (default true: the base case's passes, the products and
   * the sums are shared, in place in the memory the threads share); false
   * shares only the products past 2^29 m n p.
   */
  inPool?: boolean;
}

/**
 * Measured under load, one thread (docs/BENCHMARKS.md, "PLE: compact base
 * windows"): base windows of 1024 columns in place took 173 / 1596 / 10993
 * ms at 8192 / 16384 / 32768; compact ones of 8 MiB (4096, 4096 and 2048
 * columns wide) 148 / 1184 / 7685 ms. The triangular solves of up to
 * 512 pivots by Four Russians, their panels of B on the threads, rather
 * than in halves down to 64 pivots solved by forward substitution: at
 * 65536 on two threads they took 430-450 ms instead of 640 ms
 * (docs/BENCHMARKS.md, "the triangular solve's base case by Four
 * Russians").
 */
export const PLE_TUNING: PleTuning = {
  base: 1024,
  trsmBase: 512,
  multiply: MULTIPLY_DEFAULTS,
  blockBits: 2 ** 26,
  maxBase: 4096,
};

/** The widest window eliminated as a base case with `rows` rows left (whole lanes of 128 columns). */
function baseWidth(tuning: PleTuning, rows: number): number {
  if (tuning.blockBits === undefined) return tuning.base;
  const fit = Math.floor(tuning.blockBits / Math.max(1, rows) / 128) * 128;
  return Math.min(tuning.maxBase ?? tuning.base, Math.max(tuning.base, fit));
}

/** Progress and cancel of a long elimination. */
export interface PleWatch {
  /** Columns' worth of work done, out of the columns where pivots are sought (estimated: see Job.work). */
  onProgress?: ((done: number, total: number) => void) | undefined;
  signal?: AbortSignal | undefined;
}

/** The matrix being eliminated: rows x cols in the packed layout at `ptr`, pivots in columns below `limit`. */
interface Job {
  /** The thread pool whose threads share the work (in place: the kernel's memory is theirs), if any. */
  pool?: ThreadPoolView | undefined;
  ptr: number;
  rows: number;
  cols: number;
  limit: number;
  stride: number;
  tuning: PleTuning;
  watch: PleWatch;
  /**
   * Progress in word operations: those done, and those a full-rank matrix
   * would take (estimated up front). Reported as columns' worth of work,
   * so that a product of minutes moves the count too.
   */
  work: { done: number; total: number };
}

const OPERATION = "elimination (PLE)";

/** The words of columns [b0, b1) (b0 a multiple of 128; the last block takes the padding too, so always even). */
const wordsOf = (job: Job, b0: number, b1: number) => (b1 >= job.cols ? job.stride : b1 / 64) - b0 / 64;

/** The block of `job`'s matrix from row `r`, word `w`. */
const blockAt = (job: Job, r: number, w: number): Block => ({
  ptr: job.ptr + (r * job.stride + w) * 8,
  stride: job.stride,
});

/**
 * A forward row echelon form of the rows x cols matrix at `ptr`, in place:
 * returns the rank, the pivot columns (row t's pivot is pivots[t]) and the
 * most threads a product ran on. With `limit` below `cols`, pivots are
 * sought only in the columns before it and the rest follows the row
 * operations, as B does when [A | B] is eliminated to solve A X = B (the
 * windows past the limit get their triangular solves and products, and are
 * not searched).
 */
export function pleEchelon(
  ptr: number,
  rows: number,
  cols: number,
  watch: PleWatch = {},
  tuning: PleTuning = PLE_TUNING,
  limit = cols,
): { rank: number; pivots: Int32Array; threads: number } {
  const threads = tuning.multiply.threads ?? 1;
  if (threads > 1 && tuning.inPool !== false) {
    // the threads share the kernel's memory: the matrix is eliminated where it is
    const done = withThreadPool(threads, (pool) => pleIn(pool, ptr, rows, cols, watch, tuning, limit));
    if (done) return done;
  }
  return pleIn(undefined, ptr, rows, cols, watch, tuning, limit);
}

/** pleEchelon, its work shared among the threads of `pool` when given. */
function pleIn(
  pool: ThreadPoolView | undefined,
  ptr: number,
  rows: number,
  cols: number,
  watch: PleWatch,
  tuning: PleTuning,
  limit: number,
): { rank: number; pivots: Int32Array; threads: number } {
  // the products check the signal too (the largest take seconds), and say on how many threads they ran
  let threads = 1;
  const used = (n: number) => {
    threads = Math.max(threads, n);
  };
  const work = { done: 0, total: 0 };
  const multiply: MultiplyOptions = { ...tuning.multiply, signal: watch.signal, used, pool };
  const stride = strideWords(cols);
  const job: Job = { pool, ptr, rows, cols, limit, stride, tuning: { ...tuning, multiply }, watch, work };
  if (watch.onProgress) {
    multiply.onWork = (words) => worked(job, words);
    work.total = estimateWork(job, rows, 0, cols);
  }
  const pivots = ple(job, 0, 0, cols);
  watch.onProgress?.(limit, limit);
  const list = Int32Array.from(pivots);
  withScratch(OPERATION, [list.length * 4], ([p]) => {
    kernelView(Int32Array, p, list.length).set(list);
    callKernel(OPERATION, pleFinishKernel, { a: ptr, rows, stride: job.stride, rank: list.length, pivots: p, limit });
  });
  return { rank: list.length, pivots: list, threads: pool ? Math.max(threads, pool.threads) : threads };
}

/** Pivot columns of the window [c0, c1) of rows r.. (their rows r, r + 1, ...), L kept below and left. */
function ple(job: Job, r: number, c0: number, c1: number): number[] {
  job.watch.signal?.throwIfAborted();
  if (r >= job.rows || c0 >= c1 || c0 >= job.limit) return [];
  // rows r.. are up to date in the window: all zero there (the rank is used up), nothing to do or copy
  const stop = Math.min(c1, job.limit);
  const found = { a: job.ptr, stride: job.stride, first: r, end: job.rows, from: c0, limit: stop };
  if (callKernel(OPERATION, firstSetColumnInKernel, found) >= stop) return [];
  if (c1 - c0 <= baseWidth(job.tuning, job.rows - r)) return pleBase(job, r, c0, c1);
  const mid = splitAt(c0, c1);
  const left = ple(job, r, c0, mid);
  const k1 = left.length;
  if (k1 > 0) {
    trsm(job, r, left, c0, mid, c1);
    const below = job.rows - r - k1;
    if (below > 0) {
      const p = wordsOf(job, mid, c1);
      const c = blockAt(job, r + k1, mid / 64);
      const runs = pivotRuns(left);
      if (gathers(runs, k1, mid - c0)) {
        // few pivots: the product's inner dimension is the rank, not the window
        withGathered(job, r + k1, below, left, runs, (l) => {
          multiplyBlocks(c, l, blockAt(job, r, mid / 64), below, k1, p, job.tuning.multiply, true);
        });
      } else {
        withSpread(job, r, left, c0, mid - c0, mid, c1, (spread) => {
          multiplyBlocks(c, blockAt(job, r + k1, c0 / 64), spread, below, mid - c0, p, job.tuning.multiply, true);
        });
      }
    }
  }
  return left.concat(ple(job, r + k1, mid, c1));
}

/**
 * The base case in the kernel. A window narrower than the rows is copied to
 * a compact block first (its rows contiguous, as M4RI's PLE does below its
 * cutoff): the passes over the rows then stream one block instead of
 * touching a page per row of a wide matrix; the row swaps are applied to
 * the rest of the rows afterwards (pleSwaps).
 */
function pleBase(job: Job, r: number, c0: number, c1: number): number[] {
  const width = c1 - c0;
  const words = wordsOf(job, c0, c1);
  const rows = job.rows - r;
  const groups = job.tuning.groups ?? 4;
  const entryBytes = (Math.floor(width / 64) + 2) * 8;
  // the kernel's pivot chunks and multipliers, then its masked pivot rows and tables (PleBaseArgs.table)
  const tableBytes = 256 + 1024 + (8 + (groups === 3 ? 4 : groups) * 256) * entryBytes;
  const stop = Math.min(c1, job.limit);
  const compact = job.tuning.compact !== false && words < job.stride;
  const sizes = [
    width * 4,
    tableBytes,
    (compact ? rows : job.rows) * 4,
    (compact ? rows : job.rows) * 8,
    compact ? width * 4 : 16,
    compact ? rows * words * 8 : 16,
  ] as const;
  const found = withScratch(OPERATION, sizes, ([pivots, table, versions, windows, moved, block]) => {
    const kernel = { pivots, table, versions, windows, groups };
    if (!compact) {
      const args = { a: job.ptr, rows: job.rows, stride: job.stride, r, c0, c1, stop, ...kernel, found: 0 };
      const k = baseCase(job, args, tableBytes);
      return Array.from(kernelView(Int32Array, pivots, k));
    }
    const window = { rows, cols: words * 64 };
    const copy = {
      dst: block,
      dstStride: words,
      src: job.ptr,
      srcStride: job.stride,
      ...window,
      dr: 0,
      dc: 0,
      sr: r,
      sc: c0,
    };
    copyWindow(job, copy);
    const args = {
      a: block,
      rows,
      stride: words,
      r: 0,
      c0: 0,
      c1: width,
      stop: stop - c0,
      ...kernel,
      found: moved,
    };
    const k = baseCase(job, args, tableBytes);
    const back = {
      dst: job.ptr,
      dstStride: job.stride,
      src: block,
      srcStride: words,
      ...window,
      dr: r,
      dc: c0,
      sr: 0,
      sc: 0,
    };
    copyWindow(job, back);
    const w0 = c0 / 64;
    callKernel(OPERATION, pleSwapsKernel, { a: job.ptr, stride: job.stride, r, k, found: moved, w0, w1: w0 + words });
    return Array.from(kernelView(Int32Array, pivots, k), (q) => q + c0);
  });
  worked(job, baseWork(rows, found.length, words));
  return found;
}

/**
 * Copies a base window to or from its compact block (whole words: windows
 * start at a multiple of 128 columns): on a pool, by its threads (a copy
 * in one thread left the other idle for 220 ms of PLE at 65536).
 */
function copyWindow(job: Job, copy: CopyBitsArgs): void {
  if (!job.pool) {
    callKernel(OPERATION, copyBitsKernel, copy);
    return;
  }
  const words = copy.cols / 64;
  const dst = { ptr: copy.dst + (copy.dr * copy.dstStride + copy.dc / 64) * 8, stride: copy.dstStride };
  const src = { ptr: copy.src + (copy.sr * copy.srcStride + copy.sc / 64) * 8, stride: copy.srcStride };
  copyBlockInPool(dst, src, copy.rows, words, job.tuning.multiply);
}

/**
 * Runs the base case's kernel: its clearing passes shared among the pool's
 * threads when the job has them (`tableBytes`: the size of args.table).
 */
function baseCase(job: Job, args: PleBaseArgs, tableBytes: number): number {
  const pool = job.pool;
  if (!pool || pool.threads <= 1) return callKernel(OPERATION, pleBaseKernel, args);
  const control = { ctl: pool.ctl, threads: pool.threads, blocking: pool.blocking };
  const run = (rooms: number) =>
    pool.call(OPERATION, pleBaseThreadedKernel, { ...args, rooms, roomBytes: tableBytes, ...control });
  // each helper builds the tables again in a room of its own (ThreadedPleBaseArgs.rooms) where they fit
  if (job.tuning.helperTables !== false) {
    const done = pool.withBlocks([(pool.threads - 1) * tableBytes], ([rooms]) => ({ rank: run(rooms) }));
    if (done) return done.rank;
  }
  return run(0);
}

/** The left half of a window: whole lanes of 128 columns, about half of it. */
const splitAt = (c0: number, c1: number) => c0 + Math.max(128, Math.floor((c1 - c0) / 256) * 128);

/** A base case's word operations: a pass over the rows' window per block of 8 pivots (one, to find none). */
const baseWork = (rows: number, pivots: number, words: number) => Math.max(1, Math.ceil(pivots / 8)) * rows * words;

/** A triangular solve's word operations for k pivots over `words` words (as trsm splits it). */
function trsmWork(job: Job, k: number, words: number): number {
  if (k <= 1) return 0;
  if (k <= job.tuning.trsmBase) return trsmBaseCost(k, trsmBits(k)) * words;
  const h = k >>> 1;
  return trsmWork(job, h, words) + productWork(k - h, h, words) + trsmWork(job, k - h, words);
}

/** The word operations of ple(job, r, c0, c1) with m = rows - r rows if every column had a pivot while rows last. */
function estimateWork(job: Job, m: number, c0: number, c1: number): number {
  if (m <= 0 || c0 >= c1 || c0 >= job.limit) return 0;
  if (c1 - c0 <= baseWidth(job.tuning, m))
    return baseWork(m, Math.min(m, Math.min(c1, job.limit) - c0), wordsOf(job, c0, c1));
  const mid = splitAt(c0, c1);
  const k1 = Math.min(m, Math.min(mid, job.limit) - c0);
  const p = wordsOf(job, mid, c1);
  const update = trsmWork(job, k1, p) + productWork(m - k1, mid - c0, p);
  return estimateWork(job, m, c0, mid) + update + estimateWork(job, m - k1, mid, c1);
}

/**
 * Counts work done and reports it as columns' worth of the pivot columns
 * (short of all of them until the end: a rank-deficient matrix does less
 * than the estimate, and the last report comes when everything is done).
 */
function worked(job: Job, words: number): void {
  const { work, limit } = job;
  if (!job.watch.onProgress || work.total === 0) return;
  work.done += words;
  job.watch.onProgress(Math.min(limit - 1, Math.floor((limit * work.done) / work.total)), limit);
}

/**
 * Columns [b0, b1) of the pivot rows r.. (pivots `piv`, multipliers in
 * their windows from `origin` on) become L^-1 times themselves: halves of
 * the pivots solved in turn, the second half less L21 times the first's.
 */
function trsm(job: Job, r: number, piv: readonly number[], origin: number, b0: number, b1: number): void {
  const k = piv.length;
  if (k <= 1) return;
  const words = wordsOf(job, b0, b1);
  if (k <= job.tuning.trsmBase) {
    trsmBase(job, r, piv, b0 / 64, words);
    worked(job, trsmWork(job, k, words));
    return;
  }
  const h = k >>> 1;
  const cm = piv[h]!; // the first half's pivots lie left of it
  trsm(job, r, piv.slice(0, h), origin, b0, b1);
  withSpread(job, r, piv.slice(0, h), origin, cm - origin, b0, b1, (spread) => {
    multiplyBlocks(
      blockAt(job, r + h, b0 / 64),
      blockAt(job, r + h, origin / 64),
      spread,
      k - h,
      cm - origin,
      words,
      job.tuning.multiply,
      true,
    );
  });
  trsm(job, r + h, piv.slice(h), Math.floor(cm / 64) * 64, b0, b1);
}

/**
 * Words of B per panel of the triangular solve's base case (a table of 2^6
 * entries then takes 512 KiB). Measured on 512 pivots over 4096 words
 * (tables of 2^6 entries), one thread: 29.2 / 25.4 / 23.8 / 22.6 / 21.8 ms
 * in panels of 64 / 128 / 256 / 512 / 1024 words (forward substitution:
 * 52 ms).
 */
const TRSM_PANEL = 1024;

/** Row operations per word of B of the base case for k pivots, b a table (tables, then a lookup per later row and table). */
const trsmBaseCost = (k: number, b: number) => Math.ceil(k / b) * (2 ** b + k / 2);

/**
 * Pivots a table of the triangular solve's base case takes for k pivots:
 * per word of B it costs 2^b entries to build and saves about k / 2 row
 * additions per b pivots, (k / b) (2^b + k / 2) in all: b = 4 at k = 64, 6 at 512.
 */
function trsmBits(k: number): number {
  let best = 1;
  for (let b = 2; b <= 8; b++) if (trsmBaseCost(k, b) < trsmBaseCost(k, best)) best = b;
  return best;
}

/**
 * The base case of trsm: B = L^-1 B for the k pivot rows r.. (pivots
 * `piv`) over words w0.. of `words` words, by the Method of Four Russians,
 * B's panels shared among the pool's threads when the job has them, each
 * solved in a compact copy where the memory has room for them (threads on
 * panels of the same rows in place slowed each other down: 512 pivots
 * over 512 words took 2.85 ms on one thread, 5.97 ms on two in place, 1.71
 * ms on two with copies).
 */
function trsmBase(job: Job, r: number, piv: readonly number[], w0: number, words: number): void {
  const k = piv.length;
  const bits = trsmBits(k);
  const pool = job.pool;
  const threads = pool?.threads ?? 1;
  let panel = Math.min(job.tuning.trsmPanel ?? TRSM_PANEL, words);
  // on threads, panels enough for each to take two, so that a slowed thread leaves one to the others (down to
  // 8 words: narrower ones pay a lookup per few words). With copies, wider panels did better (PLE 32768 on two
  // threads, solves of up to 512 pivots: 77-101 ms with one panel a thread, 87-122 with two, 131-144 with four)
  const perThread = job.tuning.trsmClaims ?? 2;
  while (panel > 8 && Math.ceil(words / panel) < perThread * threads) panel = Math.max(8, 2 * Math.ceil(panel / 4));
  const tableBytes = 2 ** bits * panel * 8;
  withScratch(OPERATION, [k * 4], ([p]) => {
    kernelView(Int32Array, p, k).set(piv);
    const args = { a: job.ptr, stride: job.stride, r, k, pivots: p, b0: w0, words, bits, panel };
    if (pool === undefined || threads <= 1 || words <= panel) {
      withScratch(OPERATION, [tableBytes], ([table]) => callKernel(OPERATION, trsmM4rKernel, { ...args, table }));
      return;
    }
    const control = { ctl: pool.ctl, threads, blocking: pool.blocking };
    const run = (table: number, room: number, copies: number) =>
      pool.call(OPERATION, trsmM4rThreadedKernel, { ...args, table, tableBytes: room, copies, ...control });
    // each thread solves its panels in compact copies after its table (trsmM4rThreaded's `copies`) where they fit
    const room = tableBytes + k * panel * 8;
    const copied =
      job.tuning.trsmCopies !== false &&
      pool.withBlocks([threads * room], ([table]) => {
        run(table, room, 1);
        return true;
      });
    if (!copied) withScratch(OPERATION, [threads * tableBytes], ([table]) => run(table, tableBytes, 0));
  });
}

/** Runs of consecutive columns among the pivots `piv`: [first index, length] each. */
function pivotRuns(piv: readonly number[]): [number, number][] {
  const runs: [number, number][] = [];
  for (let t = 0; t < piv.length; ) {
    let end = t + 1;
    while (end < piv.length && piv[end] === piv[end - 1]! + 1) end++;
    runs.push([t, end - t]);
    t = end;
  }
  return runs;
}

/** At most this many runs of pivot columns are gathered (a copy over the rows below each). */
const GATHER_RUNS = 64;

/**
 * Whether the update below a window of `width` columns multiplies by its
 * pivots' multipliers gathered into a compact block (withGathered) rather
 * than by the window's spread pivot rows: when the window has at most half
 * as many pivots as columns (a rank-deficient matrix), in a few runs. With
 * the spread rows the product's inner dimension is the window's width
 * whatever the rank: a 16384 x 16384 matrix of rank 32 spent 55% of its PLE
 * in Strassen-Winograd's sums and products of zero rows.
 */
function gathers(runs: readonly [number, number][], pivots: number, width: number): boolean {
  return 2 * pivots <= width && runs.length <= GATHER_RUNS;
}

/**
 * Runs `use` with L gathered: rows r.. (`height` of them) of the pivot
 * columns `piv`, column t of the block being pivot t's multipliers. Times
 * the pivot rows (in the order of `piv`) it is L times E.
 */
function withGathered<T>(
  job: Job,
  r: number,
  height: number,
  piv: readonly number[],
  runs: readonly [number, number][],
  use: (l: Block) => T,
): T {
  // run [t, t + length) of pivot columns becomes columns t.. of every row
  const copy = ([t, length]: [number, number]) => ({ rows: height, cols: length, dr: 0, dc: t, sr: r, sc: piv[t]! });
  return withCopies(job, height, strideWords(piv.length), runs, copy, use);
}

/**
 * Runs `use` with a zeroed scratch block of `height` rows of `words` words
 * into which each run of consecutive pivots (`runs`, from pivotRuns) has been copied
 * from the matrix, as `copy` places it.
 */
function withCopies<T>(
  job: Job,
  height: number,
  words: number,
  runs: readonly [number, number][],
  copy: (run: [number, number]) => { rows: number; cols: number; dr: number; dc: number; sr: number; sc: number },
  use: (block: Block) => T,
): T {
  return withScratch(OPERATION, [height * words * 8], ([ptr]) => {
    clearBlock({ ptr, stride: words }, height, words, job.tuning.multiply);
    for (const run of runs) {
      callKernel(OPERATION, copyBitsKernel, {
        dst: ptr,
        dstStride: words,
        src: job.ptr,
        srcStride: job.stride,
        ...copy(run),
      });
    }
    return use({ ptr, stride: words });
  });
}

/**
 * Runs `use` with E spread: `height` rows of columns [b0, b1), where row
 * q - origin is pivot row r + t's (q = piv[t]) and the rest are zero.
 */
function withSpread<T>(
  job: Job,
  r: number,
  piv: readonly number[],
  origin: number,
  height: number,
  b0: number,
  b1: number,
  use: (spread: Block) => T,
): T {
  const words = wordsOf(job, b0, b1);
  // pivots in the columns origin, origin + 1, ... (a full-rank window): E is the pivot rows where they are
  if (piv.length === height && piv[0] === origin && piv[height - 1] === origin + height - 1)
    return use(blockAt(job, r, b0 / 64));
  // runs of consecutive pivots are runs of rows
  const copy = ([t, length]: [number, number]) => ({
    rows: length,
    cols: words * 64,
    dr: piv[t]! - origin,
    dc: 0,
    sr: r + t,
    sc: b0,
  });
  return withCopies(job, height, words, pivotRuns(piv), copy, use);
}
