// Moving bits between matrices: block copies at any bit offset, and the
// null-space basis read off a reduced echelon form.

import { getBit, lowMask, putBit, read64, rowAt } from "./layout";
import { copyWords } from "./rows";
import { TransposeArgs } from "./transpose";

/**
 * The arguments of `copyBits`: two matrices as for a transpose, and the
 * `rows` x `cols` block of src at (sr, sc) that goes to dst at (dr, dc).
 */
@unmanaged export class CopyBitsArgs extends TransposeArgs {
  dr: i32;
  dc: i32;
  sr: i32;
  sc: i32;
}

/**
 * Copies the rows x cols block of src at (sr, sc) into dst at (dr, dc).
 * Bits of dst outside the block are kept.
 */
export function copyBits(args: CopyBitsArgs): void {
  const dst = args.dst, dstStride = args.dstStride, dr = args.dr, dc = args.dc;
  const src = args.src, srcStride = args.srcStride, sr = args.sr, sc = args.sc;
  const nrows = args.rows, ncols = args.cols;
  if (((dc | sc) & 63) == 0) {
    // whole words (PLE's windows and pivot rows): a memory copy, and the last word's bits
    const whole = <usize>(ncols >>> 6) << 3;
    const rest = ncols & 63;
    for (let i = 0; i < nrows; i++) {
      const s = rowAt(src, sr + i, srcStride) + (<usize>(sc >>> 6) << 3);
      const d = rowAt(dst, dr + i, dstStride) + (<usize>(dc >>> 6) << 3);
      // a v128 loop where the rows do not overlap (memory.copy on shared memory moves 8 bytes at a time)
      if (d + whole <= s || s + whole <= d) copyWords(d, s, <i32>(whole >>> 3));
      else memory.copy(d, s, whole);
      if (rest != 0) {
        const mask = lowMask(rest);
        store<u64>(d + whole, (load<u64>(d + whole) & ~mask) | (load<u64>(s + whole) & mask));
      }
    }
    return;
  }
  for (let i = 0; i < nrows; i++) {
    const s = rowAt(src, sr + i, srcStride);
    const d = rowAt(dst, dr + i, dstStride);
    let pos = 0;
    while (pos < ncols) {
      const bit = dc + pos;
      const shift = bit & 63;
      const n = min(64 - shift, ncols - pos);
      const mask = lowMask(n) << <u64>shift;
      const v = read64(s, sc + pos, srcStride) << <u64>shift;
      const p = d + (<usize>(bit >>> 6) << 3);
      store<u64>(p, (load<u64>(p) & ~mask) | (v & mask));
      pos += n;
    }
  }
}

/** The arguments of `nullspace`. */
@unmanaged export class NullspaceArgs {
  /** cols - r rows of `outStride` words, zeroed. */
  out: usize;
  outStride: i32;
  /** The reduced echelon form. */
  e: usize;
  stride: i32;
  /** Its rank. */
  r: i32;
  cols: i32;
  /** Its pivot columns (i32 each). */
  pivots: usize;
}

/**
 * Writes the null-space basis of a reduced echelon form E (rank r, pivot
 * columns in `pivots`) as the rows of `out` (cols - r rows, zeroed by the
 * caller): one row per free column f, with bit f set and bit pivots[t] equal
 * to E[t][f].
 */
export function nullspace(args: NullspaceArgs): void {
  const out = args.out, outStride = args.outStride, e = args.e, stride = args.stride;
  const r = args.r, cols = args.cols, pivots = args.pivots;
  let q = 0;
  let t = 0;
  for (let f = 0; f < cols; f++) {
    if (t < r && load<i32>(pivots + (<usize>t << 2)) == f) {
      t++;
      continue;
    }
    const row = rowAt(out, q, outStride);
    putBit(row, f, 1);
    for (let u = 0; u < r; u++) {
      if (getBit(rowAt(e, u, stride), f) != 0) putBit(row, load<i32>(pivots + (<usize>u << 2)), 1);
    }
    q++;
  }
}

/** The arguments of `backSubstitute`. */
@unmanaged export class BackSubstituteArgs {
  /** X, n x p, zeroed. */
  x: usize;
  xStride: i32;
  /** The row echelon form of [A | B]. */
  e: usize;
  stride: i32;
  /** Its rank. */
  r: i32;
  /** Columns of A. */
  n: i32;
  /** Columns of B. */
  p: i32;
  /** Its pivot columns (i32 each). */
  pivots: usize;
  /** One row of `stride` words. */
  scratch: usize;
}

/**
 * Back substitution on a row echelon form E of [A | B] (A has n columns,
 * rank r, pivot columns in `pivots`): for each right-hand side j < p, writes
 * into column j of X (n x p, zeroed by the caller) the solution of A x = B_j
 * with free variables 0. `scratch` holds one row of `stride` words.
 */
export function backSubstitute(args: BackSubstituteArgs): void {
  const x = args.x, xStride = args.xStride, e = args.e, stride = args.stride, r = args.r;
  const n = args.n, p = args.p, pivots = args.pivots, scratch = args.scratch;
  const bytes = <usize>stride << 3;
  for (let j = 0; j < p; j++) {
    memory.fill(scratch, 0, bytes);
    for (let t = r - 1; t >= 0; t--) {
      const row = rowAt(e, t, stride);
      // scratch holds x's bits at the pivots below row t, and zeros from
      // column n on, so the AND sees only columns of A
      let acc: u64 = 0;
      for (let w: usize = 0; w < bytes; w += 8) acc ^= load<u64>(row + w) & load<u64>(scratch + w);
      const bit = getBit(row, n + j) ^ (popcnt(acc) & 1);
      if (bit != 0) {
        const pivot = load<i32>(pivots + (<usize>t << 2));
        putBit(scratch, pivot, 1);
        putBit(rowAt(x, pivot, xStride), j, 1);
      }
    }
  }
}
