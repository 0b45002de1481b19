/**
 * `@lightsout/core/wiedemann`: block Wiedemann over GF(2) for the rank and
 * kernel of large sparse matrices (compressed rows), whole or with its
 * sequence phase cut into shards computed apart and merged.
 *
 * @module
 */
export {
  blockWiedemannKernel,
  blockWiedemannRank,
  blockWiedemannSequence,
  finishBlockWiedemann,
  randomSparseMatrix,
  shardColumns,
  wiedemannPlan,
  wordsPerRow,
} from "../sparse/wiedemann/index.js";
export type {
  BlockWiedemannOptions,
  FinishOptions,
  SequenceCheckpoint,
  SequencePart,
  WiedemannPhase,
  WiedemannPlan,
  WiedemannProgress,
  WiedemannResult,
} from "../sparse/wiedemann/index.js";
export type { SparseBitMatrix } from "../sparse/matrix.js";
