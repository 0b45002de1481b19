// Glue for the Z_m kernel (assembly/zp.ts) in the one shared WebAssembly
// instance: copies a row-major matrix into scratch rows padded to a
// multiple of 4 entries (the kernel's SIMD path), runs it in slices of
// columns (progress, cancellation), copies back.

import {
  columnSlices,
  kernelCopy,
  kernelView,
  MAX_BLOCK,
  runSlices,
  withScratch,
  zpEchelonKernel,
  zeroBytes,
} from "../internal/kernel.js";
import { formatLimit } from "../internal/sizes.js";

/** Entry updates per slice: about 10-30 ms of kernel time between progress reports. */
const SLICE_WORK = 2 ** 25;

/** Entries per padded row: cols rounded up to a multiple of 4. */
export const zpStride = (cols: number): number => Math.max(4, Math.ceil(cols / 4) * 4);

/** Options of a Z_m elimination. */
export interface ZpEchelonOptions {
  /** Pivots only on entries not divisible by this (default: the modulus, i.e. any non-zero entry). */
  unit?: number;
  /** false: clear only below the pivots (row echelon form, pivots 1); default true (reduced form). */
  full?: boolean;
  /**
   * Per row, 1 + the last column below the pivot limit where it is non-zero
   * (0 for none), when the caller knows it (a sparse matrix); otherwise it is
   * found by scanning. Only the WebAssembly kernel uses it.
   */
  extents?: Int32Array;
  /** Called after each slice of columns with (columns done, columns in all). */
  onProgress?: (done: number, total: number) => void;
  /** Checked between slices; its reason is thrown when aborted. */
  signal?: AbortSignal;
}

/** The result of an elimination over Z_m. */
export interface ZpEchelon {
  rank: number;
  /** The pivot column of each of the first `rank` rows. */
  pivots: Int32Array;
  /** Per row, 1 + the last column below the limit where it may be non-zero (an upper bound). */
  extents: Int32Array;
  /** Over Z_(p^e): the first column without a unit pivot (rows may be non-zero there, left of their pivots); -1 if none. */
  skipped: number;
}

/** The bytes the WebAssembly kernel needs for a rows x cols matrix. */
export function zpBytes(rows: number, cols: number): number {
  return rows * zpStride(cols) * 4;
}

/** Throws a RangeError naming the size when a rows x cols matrix cannot fit in one WebAssembly block. */
export function checkZpSize(rows: number, cols: number, what: string): void {
  const bytes = zpBytes(rows, cols);
  if (bytes > MAX_BLOCK) {
    throw new RangeError(
      formatLimit({ subject: what, max: MAX_BLOCK, got: bytes, unit: "bytes", why: "one block of WebAssembly memory" }),
    );
  }
}

/**
 * Reduced (or with full: false, plain) row echelon form over Z_m in place (stride = cols in `a`), pivots
 * only in columns below pivotLimit and only on entries not divisible by
 * `options.unit`.
 */
export function zpEchelon(
  a: Uint32Array,
  rows: number,
  cols: number,
  pivotLimit: number,
  m: number,
  options: ZpEchelonOptions = {},
): ZpEchelon {
  const limit = Math.min(cols, pivotLimit);
  const pivotCount = Math.min(rows, limit);
  if (pivotCount === 0)
    return { rank: 0, pivots: new Int32Array(0), extents: new Int32Array(rows).fill(limit), skipped: -1 };
  const what = `a ${rows} x ${cols} matrix over Z_${m}`;
  checkZpSize(rows, cols, what);
  const stride = zpStride(cols);
  const unit = options.unit ?? m;
  const full = options.full === false ? 0 : 1;
  return withScratch(what, [rows * stride * 4, pivotCount * 4, rows * 4], ([mat, pivots, ext]) => {
    zeroBytes(mat, rows * stride * 4);
    const view = kernelView(Uint32Array, mat, rows * stride);
    const extents = kernelView(Int32Array, ext, rows);
    for (let i = 0; i < rows; i++) {
      const row = a.subarray(i * cols, (i + 1) * cols);
      view.set(row, i * stride);
      if (options.extents) continue;
      // 1 + the last non-zero column below the limit: sparse rows are added over their extent only
      let last = limit;
      while (last > 0 && row[last - 1] === 0) last--;
      extents[i] = last;
    }
    if (options.extents) extents.set(options.extents);
    const slice = Math.max(1, Math.floor(SLICE_WORK / (rows * stride)));
    const state = {
      a: mat,
      rows,
      cols,
      stride,
      pivotLimit,
      m,
      unit,
      pivots,
      full,
      extents: ext,
      r: 0,
      c: 0,
      pending: 0,
      skipped: 0,
      cStop: 0,
    };
    // the kernel moves the column to the limit when the rows run out
    runSlices(zpEchelonKernel, state, columnSlices("Z_m elimination", limit, rows, slice, options));
    const out = kernelView(Uint32Array, mat, rows * stride);
    for (let i = 0; i < rows; i++) a.set(out.subarray(i * stride, i * stride + cols), i * cols);
    return {
      rank: state.r,
      pivots: kernelCopy(Int32Array, pivots, state.r),
      extents: kernelCopy(Int32Array, ext, rows),
      skipped: state.skipped - 1,
    };
  });
}
