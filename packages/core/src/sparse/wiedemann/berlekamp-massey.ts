// The matrix Berlekamp-Massey step of block Wiedemann in WebAssembly: the
// kernel berlekampMasseySteps runs the iteration of the twin
// (berlekamp-massey-naive.ts, which explains it) a slice of steps a call,
// over the terms and columns copied into the kernel's memory, so that
// progress and cancel come between slices, on one thread or on the
// pool's. Quadratic: the largest share of a run from N in the hundreds of
// thousands (docs/BENCHMARKS.md).

import {
  type BerlekampMasseyArgs,
  berlekampMasseyStepsKernel,
  berlekampMasseyStepsThreadedKernel,
  kernelView,
  runSlices,
  type Slicing,
  type Views,
  withScratch,
} from "../../internal/kernel.js";
import { withThreadPool } from "../../internal/threads.js";
import { type ApproximantBasis, initialBasis, matrixBerlekampMasseyNaive } from "./berlekamp-massey-naive.js";
import { type PhaseWatch, phaseReporter } from "./progress.js";

export type { ApproximantBasis } from "./berlekamp-massey-naive.js";

/** Work of a slice, in coefficient operations (columns x degree): about 0.1-0.2 s at 10-20 ns each (N = 100,000). */
const SLICE_WORK = 2 ** 23;

/**
 * Coefficients of every column a chunk of the kernel's pass takes: 128
 * columns x 256 x 16 bytes = 512 KiB (m = n = 64), within this machine's
 * 1 MiB of L2 a core. Measured at N = 100,000 (docs/BENCHMARKS.md).
 */
const CHUNK = 256;

/** How a run is made: threads, and internal tuning for tests that cross slice and chunk boundaries. */
export interface BerlekampMasseyRun {
  /** Threads for the passes over the columns (default 1; more need the thread pool). */
  threads?: number | undefined;
  /** Work of a slice (default SLICE_WORK). */
  sliceWork?: number | undefined;
  /** Coefficients a chunk (default: CHUNK on one thread, smaller on more, see chunkFor). */
  chunk?: number | undefined;
}

/**
 * Runs the iteration over a_0 .. a_{L-1} (see the twin for the layout).
 *
 * @param engine - "ts": the twin.
 * @param run - Threads; slices and chunks (tests only).
 * @throws The signal's reason on cancel; a RangeError when the columns do not fit in memory.
 */
export function matrixBerlekampMassey(
  sequence: Uint32Array,
  length: number,
  m: number,
  n: number,
  watch: PhaseWatch = {},
  engine: "wasm" | "ts" = "wasm",
  run: BerlekampMasseyRun = {},
): ApproximantBasis {
  if (engine === "ts") return matrixBerlekampMasseyNaive(sequence, length, m, n, watch);
  const { aCols, basis } = initialBasis(sequence, length, m, n);
  const count = m + n;
  // the helpers' discrepancies, each on 128-byte lines of its own (see threads.ts, cosetWork)
  const deltaStride = Math.ceil((count * (m / 8)) / 128) * 128;
  const sizes = (threads: number) => [
    aCols.byteLength,
    count * basis.columns[0]!.byteLength,
    count * 4,
    count * (m / 8),
    count * 4,
    m * 4,
    m * 4,
    count * m * 8 + count * 4, // a step's additions and pivot flags
    (length * m * n) / 2, // the terms' tables: 16 entries of m bits per 4 columns
    Math.max(16, (threads - 1) * deltaStride),
  ];
  const threads = run.threads ?? 1;
  if (threads > 1) {
    const shared = withThreadPool(threads, (pool) =>
      pool.withBlocks(sizes(pool.threads), (ptrs) =>
        iterate(
          ptrs,
          pool.view,
          { ctl: pool.ctl, threads: pool.threads, blocking: pool.blocking, deltaStride },
          (args, slicing) => pool.runSlices(berlekampMasseyStepsThreadedKernel, args, slicing),
        ),
      ),
    );
    if (shared !== undefined) return shared;
  }
  const what = `Berlekamp-Massey on ${length} terms of ${m} x ${n}`;
  return withScratch(what, sizes(1), (ptrs) =>
    iterate(ptrs, kernelView, undefined, (args, slicing) => runSlices(berlekampMasseyStepsKernel, args, slicing)),
  );

  /** The iteration on blocks `ptrs` (sizes above) in one memory or the other. */
  function iterate<A extends BerlekampMasseyArgs>(
    ptrs: number[],
    view: Views,
    threaded: { ctl: number; threads: number; blocking: number; deltaStride: number } | undefined,
    slices: (args: A, slicing: Slicing<A>) => unknown,
  ): ApproximantBasis {
    const [
      aPtr,
      columnsPtr,
      degreesPtr,
      deltaPtr,
      orderPtr,
      pivotColumnPtr,
      pivotRowPtr,
      additionsPtr,
      tablesPtr,
      deltasPtr,
    ] = ptrs as [number, number, number, number, number, number, number, number, number, number];
    const columnWords = basis.columns[0]!.length;
    view(Uint32Array, aPtr, aCols.length).set(aCols);
    const columnsView = view(Uint32Array, columnsPtr, count * columnWords);
    basis.columns.forEach((column, j) => columnsView.set(column, j * columnWords));
    view(Int32Array, degreesPtr, count).set(basis.degrees);
    const report = phaseReporter("berlekamp-massey", length, watch, 0, true);
    const args = {
      aCols: aPtr,
      columns: columnsPtr,
      columnBytes: columnWords * 4,
      degrees: degreesPtr,
      delta: deltaPtr,
      order: orderPtr,
      pivotColumn: pivotColumnPtr,
      pivotRow: pivotRowPtr,
      additions: additionsPtr,
      tables: tablesPtr,
      chunk: run.chunk ?? chunkFor(length, threaded?.threads ?? 1),
      m,
      n,
      t: 0,
      tStop: 0,
      passStep: 0,
      passAdded: 0,
      passLimit: 0,
      passChunks: 0,
      ...(threaded && { ...threaded, deltas: deltasPtr }),
    } as A;
    slices(args, {
      operation: "Berlekamp-Massey",
      next: (a) => {
        // step t costs about (m + n)(t / 2 + 1) coefficient lookups: slices of about equal work
        let stop = a.t;
        for (let work = 0; stop < length && work < (run.sliceWork ?? SLICE_WORK); stop++)
          work += count * (stop / 2 + 1);
        a.tStop = Math.max(stop, a.t + 1);
        return a.t < length;
      },
      after: (a) => {
        report(a.t);
        return undefined;
      },
      signal: watch.signal,
    });
    const columns = view(Uint32Array, columnsPtr, count * columnWords);
    return {
      m,
      n,
      degrees: view(Int32Array, degreesPtr, count).slice(),
      columns: basis.columns.map((_, j) => columns.slice(j * columnWords, (j + 1) * columnWords)),
    };
  }
}

/**
 * Coefficients a chunk: CHUNK on one thread; on more, small enough that
 * every thread gets about 4 chunks at the final degree (about length / 2),
 * for balance, but not under 32 (each chunk goes through every addition).
 */
function chunkFor(length: number, threads: number): number {
  if (threads <= 1) return CHUNK;
  return Math.max(32, Math.min(CHUNK, Math.ceil(length / 2 / (4 * threads))));
}
