/**
 * `@lightsout/core/wiedemann`: block Wiedemann over GF(2) for the rank and
 * kernel of large sparse matrices (compressed rows), whole or with its
 * sequence and solution phases cut into shards computed apart and merged.
 *
 * @module
 */
export {
  blockWiedemannGenerator,
  blockWiedemannKernel,
  blockWiedemannRank,
  blockWiedemannSequence,
  blockWiedemannSolutionShare,
  finishBlockWiedemann,
  finishFromGenerator,
  randomSparseMatrix,
  shardColumns,
  wiedemannPlan,
  wordsPerRow,
} from "../sparse/wiedemann/index.js";
export type {
  ApproximantBasis,
  BlockWiedemannOptions,
  FinishOptions,
  SequenceCheckpoint,
  SequencePart,
  SolutionShare,
  WiedemannPhase,
  WiedemannPlan,
  WiedemannProgress,
  WiedemannResult,
} from "../sparse/wiedemann/index.js";
export type { SparseBitMatrix } from "../sparse/matrix.js";
