/**
 * `@lightsout/core/lightsout`: the whole Lights Out API: boards and rules,
 * solving with two or more states, the chase, fewest presses and their
 * distribution, random puzzles and the online-judge formats.
 *
 * @module
 */
export {
  applyPresses,
  boardTopology,
  cellMap,
  checkBoard,
  graphBoard,
  gridBoard,
  isChaseableRectangle,
  maskBoard,
  MAX_CELLS,
  MAX_STATES,
  parseRule,
  pressTargets,
  ruleOffsets,
} from "../lightsout/board.js";
export type { Board, CellMap, CellValues, GraphBoard, GridBoard, GridOptions } from "../lightsout/board.js";
export type { Offset, Rule, RuleName, StatesOptions, Topology } from "../lightsout/board.js";
export { allSolutions, pressMatrix, quietPatterns, solveLightsOut, winnabilityTest } from "../lightsout/solve.js";
export { countValue, DECIMAL_COUNT_BITS, formatPrimePowers } from "../lightsout/counts.js";
export type { PrimePower } from "../lightsout/counts.js";
export type { LightsOutSolution, QuietPatternsOptions, SolveOptions } from "../lightsout/solve.js";
export { randomPuzzle } from "../lightsout/random.js";
export type { RandomPuzzleOptions } from "../lightsout/random.js";
export {
  cosetMinimum,
  defaultMaxNullity,
  fewestPresses,
  MAX_DISTRIBUTION_CELLS,
  MAX_DISTRIBUTION_WORK,
  optimalDistribution,
} from "../lightsout/fewest.js";
export type {
  CosetMinimum,
  DistributionOptions,
  FewestOptions,
  FewestPresses,
  FewestPressesOptions,
  OptimalDistribution,
} from "../lightsout/fewest.js";
export { fewestPressesByIlp } from "../lightsout/ilp.js";
export type { IlpFewestPresses, IlpOptions } from "../lightsout/ilp.js";
export { chaseMatrix, firstRowLookup, solveGrid } from "../lightsout/chase.js";
export type { ChaseOptions, FirstRowLookup, GridSolution, SolveGridOptions } from "../lightsout/chase.js";
export { chaseTrace } from "../lightsout/chase-trace.js";
export type { ChasePhase, ChaseStep, ChaseTrace } from "../lightsout/chase-trace.js";
export { MAX_BANDED_PRIME, MAX_MULTISTATE_DENSE_CELLS } from "../lightsout/solve.js";
export { MAX_MULTISTATE_DISTRIBUTION_BOARDS } from "../lightsout/fewest.js";
export { poj1222, poj3279 } from "../lightsout/judges.js";
export { MAX_PERIOD_CELLS, pressPeriod } from "../poly/period.js";
export type { PressPeriod, PressPeriodOptions } from "../poly/period.js";
