// Random sparse matrices for benchmarks and examples: each row takes
// `perRow` columns drawn uniformly (with replacement, so a column drawn
// twice cancels, as duplicates add mod 2), seeded by the library's
// generator so that a seed means the same matrix in the CLI, the
// benchmarks and the tests.

import { checkInteger } from "../../internal/check.js";
import { xoshiro128 } from "../../internal/random.js";
import { formatLimit } from "../../internal/sizes.js";
import type { SparseBitMatrix } from "../matrix.js";
import { MAX_OPERATOR_SIDE } from "./operator.js";

/**
 * A random rows x cols sparse matrix with about `perRow` nonzeros a row.
 *
 * @throws {RangeError} when a size is out of range or the nonzeros pass 2^32 - 1.
 * @example
 * ```ts
 * const a = randomSparseMatrix(200_000, 200_000, 10, 1); // the benchmark's matrix
 * ```
 */
export function randomSparseMatrix(rows: number, cols: number, perRow: number, seed: number): SparseBitMatrix {
  checkInteger("rows", rows, 1, MAX_OPERATOR_SIDE);
  checkInteger("cols", cols, 1, MAX_OPERATOR_SIDE);
  checkInteger("perRow", perRow, 0, 1024);
  if (rows * perRow > 2 ** 32 - 1) {
    const subject = `a random ${rows} x ${cols} sparse matrix with ${perRow} ones a row`;
    const why = "32-bit indices of the nonzeros";
    throw new RangeError(
      formatLimit({ subject, max: 2 ** 32 - 1, got: rows * perRow, unit: ["nonzero", "nonzeros"], why }),
    );
  }
  const random = xoshiro128(seed);
  const rowStart = new Uint32Array(rows + 1);
  const colIndex = new Uint32Array(rows * perRow);
  const row = new Uint32Array(perRow);
  let at = 0;
  for (let i = 0; i < rows; i++) {
    for (let k = 0; k < perRow; k++) row[k] = Math.floor((random() / 2 ** 32) * cols);
    row.sort();
    for (let k = 0; k < perRow; ) {
      // a column drawn an even number of times cancels
      let same = 1;
      while (k + same < perRow && row[k + same] === row[k]) same++;
      if (same % 2 === 1) colIndex[at++] = row[k]!;
      k += same;
    }
    rowStart[i + 1] = at;
  }
  return { rows, cols, rowStart, colIndex: colIndex.slice(0, at) };
}
