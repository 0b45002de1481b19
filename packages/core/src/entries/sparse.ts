/**
 * `@lightsout/core/sparse`: sparse matrices over GF(2) (compressed rows,
 * 32-bit indices) built from coordinates, row lists, graphs and boards, and
 * their rank, kernel vectors and solutions by structured Gaussian
 * elimination with a dense finish. Files: `readSparseMatrix` in
 * `@lightsout/core/io`.
 *
 * @module
 */
export type { SparseBitMatrix } from "../sparse/matrix.js";
export {
  checkSparseMatrix,
  multiplySparse,
  sparseFromBitMatrix,
  sparseFromCoordinates,
  sparseFromRows,
  sparseToBitMatrix,
  transposeSparse,
} from "../sparse/build.js";
export { adjacencyMatrix, incidenceMatrix, sparsePressMatrix } from "../sparse/graph.js";
export { sparseKernel, sparseRank, sparseSolve } from "../sparse/solve.js";
export type {
  SparseKernelResult,
  SparseMethod,
  SparseOptions,
  SparseRankResult,
  SparseSolution,
} from "../sparse/solve.js";
export type { SparsePhase, SparseProgress, StructuredStats } from "../sparse/structured.js";
