// The matrix Berlekamp-Massey step of block Wiedemann in WebAssembly: the
// kernel berlekampMasseySteps runs the iteration of the twin
// (berlekamp-massey-naive.ts, which explains it) a slice of steps a call,
// over the terms and columns copied into the kernel's memory, so that
// progress and cancel come between slices. Quadratic: it dominates the run
// from N in the tens of thousands (docs/BENCHMARKS.md).

import { allocate, berlekampMasseyStepsKernel, kernelView, release, runSlices } from "../../internal/kernel.js";
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

/** Internal tuning, for tests that cross slice and chunk boundaries. */
export interface BerlekampMasseyTuning {
  /** Work of a slice (default SLICE_WORK). */
  sliceWork?: number;
  /** Coefficients a chunk (default CHUNK). */
  chunk?: number;
}

/**
 * Runs the iteration over a_0 .. a_{L-1} (see the twin for the layout).
 *
 * @param engine - "ts": the twin.
 * @param tuning - Slices and chunks (tests only).
 * @throws The signal's reason on cancel; a RangeError when the columns do not fit in memory.
 */
export function matrixBerlekampMassey(
  sequence: Uint32Array,
  length: number,
  m: number,
  n: number,
  watch: PhaseWatch = {},
  engine: "wasm" | "ts" = "wasm",
  tuning: BerlekampMasseyTuning = {},
): ApproximantBasis {
  if (engine === "ts") return matrixBerlekampMasseyNaive(sequence, length, m, n, watch);
  const { aCols, basis } = initialBasis(sequence, length, m, n);
  const count = m + n;
  const columnBytes = basis.columns[0]!.byteLength;
  // the terms' tables: half a byte per bit of a term (16 entries of m bits per 4 columns)
  const tableBytes = (length * m * n) / 2;
  const additionBytes = count * m * 8 + count * 4;
  const sizes = [
    aCols.byteLength,
    count * columnBytes,
    count * 4,
    count * (m / 8),
    count * 4,
    m * 4,
    m * 4,
    additionBytes,
    tableBytes,
  ];
  // one block for the columns (the largest), the rest small: allocate them apart so that a refusal names the columns
  const what = `Berlekamp-Massey on ${length} terms of ${m} x ${n}`;
  const ptrs: number[] = [];
  try {
    for (const size of sizes) ptrs.push(allocate(what, Math.max(16, size)));
    const [aPtr, columnsPtr, degreesPtr, deltaPtr, orderPtr, pivotColumnPtr, pivotRowPtr, additionsPtr, tablesPtr] =
      ptrs as [number, number, number, number, number, number, number, number, number];
    kernelView(Uint32Array, aPtr, aCols.length).set(aCols);
    const columnWords = columnBytes / 4;
    const columnsView = kernelView(Uint32Array, columnsPtr, count * columnWords);
    basis.columns.forEach((column, j) => columnsView.set(column, j * columnWords));
    kernelView(Int32Array, degreesPtr, count).set(basis.degrees);
    const report = phaseReporter("berlekamp-massey", length, watch, 0, true);
    const args = {
      aCols: aPtr,
      columns: columnsPtr,
      columnBytes,
      degrees: degreesPtr,
      delta: deltaPtr,
      order: orderPtr,
      pivotColumn: pivotColumnPtr,
      pivotRow: pivotRowPtr,
      additions: additionsPtr,
      tables: tablesPtr,
      chunk: tuning.chunk ?? CHUNK,
      m,
      n,
      t: 0,
      tStop: 0,
    };
    runSlices(berlekampMasseyStepsKernel, args, {
      operation: "Berlekamp-Massey",
      next: (a) => {
        // step t costs about (m + n)(t / 2 + 1) coefficient lookups: slices of about equal work
        let stop = a.t;
        for (let work = 0; stop < length && work < (tuning.sliceWork ?? SLICE_WORK); stop++)
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
    const columns = kernelView(Uint32Array, columnsPtr, count * columnWords);
    return {
      m,
      n,
      degrees: kernelView(Int32Array, degreesPtr, count).slice(),
      columns: basis.columns.map((_, j) => columns.slice(j * columnWords, (j + 1) * columnWords)),
    };
  } finally {
    ptrs.forEach((ptr, i) => release(ptr, Math.max(16, sizes[i]!)));
  }
}
