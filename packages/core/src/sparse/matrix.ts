// Sparse 0/1 matrices over GF(2) in compressed form, the shape every sparse
// route (structured elimination, block Wiedemann, the file readers) shares:
// typed arrays with 32-bit indices, so a million rows cost a few arrays, not
// a million objects.

/**
 * A rows x cols matrix over GF(2) in compressed sparse rows: row i holds a 1
 * in the columns `colIndex[rowStart[i] .. rowStart[i + 1])`, sorted and
 * distinct (duplicates were added mod 2 when it was built).
 */
export interface SparseBitMatrix {
  readonly rows: number;
  readonly cols: number;
  /** rows + 1 offsets into `colIndex`; `rowStart[rows]` is the number of nonzeros. */
  readonly rowStart: Uint32Array;
  /** The column of each nonzero, row by row, increasing within a row. */
  readonly colIndex: Uint32Array;
}
