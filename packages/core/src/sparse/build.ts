// Building sparse GF(2) matrices and the plain operations on them: from
// coordinates or row lists, the transpose (compressed columns), the product
// with a vector, and conversions to and from the dense BitMatrix.

import { BitMatrix, liveWords, type MatrixOptions } from "../gf2/bitmatrix.js";
import { describe } from "../internal/check.js";
import type { SparseBitMatrix } from "./matrix.js";

/** Largest number of rows or columns: indices are 32-bit, so 0 .. 2^32 - 1. */
export const MAX_SPARSE_SIDE = 2 ** 32 - 1;

/**
 * Checks that `m` has the {@link SparseBitMatrix} shape: the public entry
 * points call it first, so a malformed matrix is refused with a message
 * instead of reading past an array (bad input never crashes).
 *
 * @param m - A value that should be a sparse matrix.
 * @returns `m`, typed.
 * @throws TypeError for the wrong kind of value; RangeError for offsets or
 *   columns out of range, columns not increasing within a row.
 * @example
 * ```ts
 * checkSparseMatrix(sparseFromRows(3, [[0, 2], [1]])); // passes
 * ```
 */
export function checkSparseMatrix(m: unknown): SparseBitMatrix {
  if (m === null || typeof m !== "object") throw new TypeError(`expected a SparseBitMatrix, got ${describe(m)}`);
  const { rows, cols, rowStart, colIndex } = m as SparseBitMatrix;
  for (const [name, value] of [
    ["rows", rows],
    ["cols", cols],
  ] as const) {
    if (typeof value !== "number" || !Number.isInteger(value) || value < 0 || value > MAX_SPARSE_SIDE) {
      throw new RangeError(`"${name}" expected an integer in 0..${MAX_SPARSE_SIDE}, got ${describe(value)}`);
    }
  }
  if (!(rowStart instanceof Uint32Array) || !(colIndex instanceof Uint32Array)) {
    throw new TypeError(
      `"rowStart" and "colIndex" expected Uint32Arrays, got ${describe(rowStart)} and ${describe(colIndex)}`,
    );
  }
  if (rowStart.length !== rows + 1) {
    throw new RangeError(`"rowStart" expected ${rows + 1} offsets (rows + 1), got ${rowStart.length}`);
  }
  if (rowStart[0] !== 0 || rowStart[rows] !== colIndex.length) {
    throw new RangeError(
      `"rowStart" expected to run from 0 to ${colIndex.length} (the nonzeros), got ${rowStart[0]} .. ${rowStart[rows]}`,
    );
  }
  for (let i = 0; i < rows; i++) {
    const from = rowStart[i]!;
    const to = rowStart[i + 1]!;
    if (to < from)
      throw new RangeError(`"rowStart" expected non-decreasing offsets, got ${from} then ${to} at row ${i}`);
    let last = -1;
    for (let k = from; k < to; k++) {
      const c = colIndex[k]!;
      if (c >= cols || c <= last) {
        throw new RangeError(
          `row ${i} expected increasing columns in 0..${cols - 1}, got ${c}${last >= 0 ? ` after ${last}` : ""}`,
        );
      }
      last = c;
    }
  }
  return m as SparseBitMatrix;
}

/** The number of ones. */
export function nonzeros(m: SparseBitMatrix): number {
  return m.rowStart[m.rows]!;
}

/**
 * A sparse matrix from coordinates `(rowOf[k], colOf[k])`, 0-based, in any
 * order. **Duplicates add mod 2**: a coordinate listed twice is a 0, three
 * times a 1 (the sum over GF(2), as MatrixMarket files are read).
 *
 * @param rows - Rows, 0..2^32 - 1.
 * @param cols - Columns, 0..2^32 - 1.
 * @param rowOf - The row of each coordinate.
 * @param colOf - The column of each coordinate (same length as `rowOf`).
 * @returns The matrix, rows sorted and duplicates cancelled.
 * @throws RangeError for a coordinate out of range or lists of different lengths.
 * @example
 * ```ts
 * const m = sparseFromCoordinates(2, 3, [0, 1, 0, 0], [2, 0, 1, 1]);
 * [...m.colIndex]; // [2, 0]: (0, 1) was listed twice and cancelled
 * ```
 */
export function sparseFromCoordinates(
  rows: number,
  cols: number,
  rowOf: ArrayLike<number>,
  colOf: ArrayLike<number>,
): SparseBitMatrix {
  checkSide("rows", rows);
  checkSide("cols", cols);
  if (rowOf.length !== colOf.length) {
    throw new RangeError(`expected as many rows as columns of coordinates, got ${rowOf.length} and ${colOf.length}`);
  }
  for (let k = 0; k < rowOf.length; k++) {
    const r = rowOf[k]!;
    const c = colOf[k]!;
    if (!(Number.isInteger(r) && r >= 0 && r < rows && Number.isInteger(c) && c >= 0 && c < cols)) {
      throw new RangeError(`coordinate ${k} expected (0..${rows - 1}, 0..${cols - 1}), got (${r}, ${c})`);
    }
  }
  return compressCoordinates(rows, cols, rowOf, colOf, rowOf.length);
}

/**
 * The compressed rows of `count` checked coordinates: two counting sorts
 * (by column, then stably by row) leave each row's columns increasing, in
 * O(nonzeros + rows + cols) with no comparison sort; equal neighbours then
 * cancel in pairs.
 */
export function compressCoordinates(
  rows: number,
  cols: number,
  rowOf: ArrayLike<number>,
  colOf: ArrayLike<number>,
  count: number,
): SparseBitMatrix {
  const colStart = new Uint32Array(cols + 1);
  for (let k = 0; k < count; k++) colStart[colOf[k]! + 1]!++;
  for (let c = 0; c < cols; c++) colStart[c + 1]! += colStart[c]!;
  const byColumn = new Uint32Array(count);
  const fill = colStart.slice(0, cols);
  for (let k = 0; k < count; k++) byColumn[fill[colOf[k]!]!++] = k;
  const rowStart = new Uint32Array(rows + 1);
  for (let k = 0; k < count; k++) rowStart[rowOf[k]! + 1]!++;
  for (let r = 0; r < rows; r++) rowStart[r + 1]! += rowStart[r]!;
  const at = rowStart.slice(0, rows);
  const sorted = new Uint32Array(count);
  for (let t = 0; t < count; t++) {
    const k = byColumn[t]!;
    sorted[at[rowOf[k]!]!++] = colOf[k]!;
  }
  return cancelPairs(rows, cols, rowStart, sorted);
}

/** Rows with increasing columns that may repeat: a column kept when it occurs an odd number of times. */
function cancelPairs(rows: number, cols: number, rowStart: Uint32Array, sorted: Uint32Array): SparseBitMatrix {
  const outStart = new Uint32Array(rows + 1);
  let w = 0;
  for (let r = 0; r < rows; r++) {
    const end = rowStart[r + 1]!;
    let k = rowStart[r]!;
    while (k < end) {
      const c = sorted[k]!;
      let run = 1;
      while (k + run < end && sorted[k + run] === c) run++;
      if (run & 1) sorted[w++] = c;
      k += run;
    }
    outStart[r + 1] = w;
  }
  return { rows, cols, rowStart: outStart, colIndex: w === sorted.length ? sorted : sorted.slice(0, w) };
}

function checkSide(name: string, value: number): void {
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0 || value > MAX_SPARSE_SIDE) {
    throw new RangeError(`"${name}" expected an integer in 0..${MAX_SPARSE_SIDE}, got ${describe(value)}`);
  }
}

/**
 * A sparse matrix whose row i has ones in the columns `lists[i]` (any
 * order; a column listed twice cancels, as in {@link sparseFromCoordinates}).
 *
 * @param cols - Columns.
 * @param lists - One list of column indices per row.
 * @returns The matrix.
 * @example
 * ```ts
 * const m = sparseFromRows(3, [[0, 1], [1, 2], [0, 2]]);
 * sparseRank(m).rank; // 2
 * ```
 */
export function sparseFromRows(cols: number, lists: readonly ArrayLike<number>[]): SparseBitMatrix {
  let count = 0;
  for (const list of lists) count += list.length;
  const rowOf = new Uint32Array(count);
  const colOf = new Float64Array(count);
  let k = 0;
  lists.forEach((list, i) => {
    for (let t = 0; t < list.length; t++, k++) {
      rowOf[k] = i;
      colOf[k] = list[t]!;
    }
  });
  return sparseFromCoordinates(lists.length, cols, rowOf, colOf);
}

/**
 * The transpose: its compressed rows are the compressed columns of `m`
 * (column j of `m` lists, increasing, the rows holding a 1 in it).
 *
 * @param m - A sparse matrix.
 * @returns The cols x rows transpose.
 * @example
 * ```ts
 * const t = transposeSparse(sparseFromRows(2, [[1], [0, 1]]));
 * Array.from(t.colIndex); // [1, 0, 1]
 * ```
 */
export function transposeSparse(m: SparseBitMatrix): SparseBitMatrix {
  const { rows, cols, rowStart, colIndex } = m;
  const start = new Uint32Array(cols + 1);
  for (let k = 0; k < colIndex.length; k++) start[colIndex[k]! + 1]!++;
  for (let c = 0; c < cols; c++) start[c + 1]! += start[c]!;
  const fill = start.slice(0, cols);
  const index = new Uint32Array(colIndex.length);
  for (let r = 0; r < rows; r++) {
    for (let k = rowStart[r]!; k < rowStart[r + 1]!; k++) index[fill[colIndex[k]!]!++] = r;
  }
  return { rows: cols, cols: rows, rowStart: start, colIndex: index };
}

/**
 * The product A x over GF(2) for a 0/1 vector x.
 *
 * @param m - A, rows x cols.
 * @param x - cols entries 0/1 (any other value counts by its lowest bit).
 * @returns A x, one entry 0/1 per row.
 * @throws RangeError when x does not have `cols` entries.
 * @example
 * ```ts
 * multiplySparse(sparseFromRows(3, [[0, 1], [1, 2]]), [1, 1, 1]); // Uint8Array [0, 0]
 * ```
 */
export function multiplySparse(m: SparseBitMatrix, x: ArrayLike<number>): Uint8Array {
  if (x.length !== m.cols) throw new RangeError(`"x" expected ${m.cols} entries (one per column), got ${x.length}`);
  const out = new Uint8Array(m.rows);
  const { rowStart, colIndex } = m;
  for (let r = 0; r < m.rows; r++) {
    let bit = 0;
    for (let k = rowStart[r]!; k < rowStart[r + 1]!; k++) bit ^= x[colIndex[k]!]! & 1;
    out[r] = bit;
  }
  return out;
}

/**
 * The same matrix as a dense {@link BitMatrix} (for small ones: it takes
 * rows x cols bits, checked against the memory limit).
 *
 * @param m - A sparse matrix.
 * @param options - The engine of the result.
 * @returns A new BitMatrix (dispose it).
 * @example
 * ```ts
 * using d = sparseToBitMatrix(sparseFromRows(2, [[0], [0, 1]]));
 * d.toString(); // "10\n11"
 * ```
 */
export function sparseToBitMatrix(m: SparseBitMatrix, options?: MatrixOptions): BitMatrix {
  return sparseRowsToBitMatrix(m, null, m.cols, options);
}

/**
 * Rows `pick` (all when null) of `m`, their columns renumbered by `column`
 * (-1 drops one; identity when `column` is omitted) into a dense matrix
 * with `width` columns; what the structured elimination hands over to the
 * dense kernel.
 */
export function sparseRowsToBitMatrix(
  m: SparseBitMatrix,
  pick: ArrayLike<number> | null,
  width: number,
  options?: MatrixOptions,
  column?: Int32Array,
): BitMatrix {
  const count = pick === null ? m.rows : pick.length;
  const out = BitMatrix.zeros(count, width, options);
  try {
    // a live view: nothing is allocated in the kernel's memory while it is written
    const words = liveWords(out);
    const stride = out.strideWords * 2;
    for (let t = 0; t < count; t++) {
      const r = pick === null ? t : pick[t]!;
      const base = t * stride;
      for (let k = m.rowStart[r]!; k < m.rowStart[r + 1]!; k++) {
        const c = column === undefined ? m.colIndex[k]! : column[m.colIndex[k]!]!;
        if (c >= 0) words[base + (c >>> 5)]! ^= 1 << (c & 31);
      }
    }
  } catch (error) {
    out.dispose();
    throw error;
  }
  return out;
}

/**
 * The ones of a dense {@link BitMatrix} as a sparse matrix.
 *
 * @param d - A dense matrix (left as it is).
 * @returns Its compressed rows.
 * @example
 * ```ts
 * using d = BitMatrix.fromRows(["101", "010"]);
 * Array.from(sparseFromBitMatrix(d).colIndex); // [0, 2, 1]
 * ```
 */
export function sparseFromBitMatrix(d: BitMatrix): SparseBitMatrix {
  const words = liveWords(d);
  const stride = d.strideWords * 2;
  const rowStart = new Uint32Array(d.rows + 1);
  const found: number[] = [];
  for (let r = 0; r < d.rows; r++) {
    for (let w = 0; w < stride; w++) {
      let word = words[r * stride + w]!;
      while (word !== 0) {
        const low = word & -word;
        const c = w * 32 + 31 - Math.clz32(low);
        if (c < d.cols) found.push(c);
        word ^= low;
      }
    }
    rowStart[r + 1] = found.length;
  }
  return { rows: d.rows, cols: d.cols, rowStart, colIndex: Uint32Array.from(found) };
}
