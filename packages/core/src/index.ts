// The whole library in one module, for this repository's tests. Not an entry
// point of the package: consumers import src/entries/ through the export map
// ("@lightsout/core", "@lightsout/core/gf2", ...; docs/ARCHITECTURE.md).
export { BitMatrix } from "./gf2/bitmatrix.js";
export type {
  EchelonOptions,
  Echelon,
  EngineName,
  MatrixOptions,
  RandomOptions,
  SystemSolution,
  VectorSolution,
} from "./gf2/bitmatrix.js";
export { getMemoryLimit, setMemoryLimit } from "./internal/memory.js";
export { init } from "./internal/kernel.js";
export { endThreads, initThreads, threadsUnavailable } from "./internal/threads.js";
export { parseMatrix, ParseError } from "./io/matrix-text.js";
export type { ParsedMatrix, ParseMatrixOptions } from "./io/matrix-text.js";
export { formatPbm } from "./io/pbm.js";
export type { FormatPbmOptions } from "./io/pbm.js";
export { largestBitMatrixSide, readBitMatrix } from "./io/read-matrix.js";
export type { BitMatrixFormat, ReadBitMatrix, ReadBitMatrixOptions } from "./io/read-matrix.js";
export {
  adjacencyBoard,
  applyPresses,
  boardTopology,
  cellMap,
  checkBoard,
  graphBoard,
  gridBoard,
  isChaseableRectangle,
  maskBoard,
  MAX_STATES,
  parseRule,
  pressTargets,
  ruleOffsets,
} from "./lightsout/board.js";
export type {
  Board,
  CellMap,
  CellValues,
  StatesOptions,
  GraphBoard,
  GridBoard,
  GridOptions,
  Offset,
  Rule,
  RuleName,
  Topology,
} from "./lightsout/board.js";
export {
  allSolutions,
  pressMatrix,
  quietPatterns,
  solveLightsOut,
  winnabilityTest,
} from "./lightsout/solve.js";
export { randomPuzzle } from "./lightsout/random.js";
export type { RandomPuzzleOptions } from "./lightsout/random.js";
export type { LightsOutSolution, SolveOptions } from "./lightsout/solve.js";
export { formatBoard, formatBoardBytes, parseBoard } from "./io/board-text.js";
export type { BoardInput, FormatBoardOptions, ParseBoardOptions } from "./io/board-text.js";
export {
  cosetMinimum,
  defaultMaxNullity,
  fewestPresses,
  MAX_DISTRIBUTION_CELLS,
  MAX_DISTRIBUTION_WORK,
  MAX_ENUMERATED_NULLITY,
  optimalDistribution,
} from "./lightsout/fewest.js";
export type {
  CosetMinimum,
  DistributionOptions,
  FewestOptions,
  FewestPresses,
  FewestPressesOptions,
  OptimalDistribution,
} from "./lightsout/fewest.js";
export { poj1222, poj3279 } from "./lightsout/judges.js";
export { chaseMatrix, chaseTrace, firstRowLookup, solveGrid } from "./lightsout/chase.js";
export type {
  ChaseOptions,
  ChasePhase,
  ChaseStep,
  ChaseTrace,
  FirstRowLookup,
  GridSolution,
  SolveGridOptions,
} from "./lightsout/chase.js";
export { fewestPressesByIlp } from "./lightsout/ilp.js";
export type { IlpFewestPresses, IlpOptions } from "./lightsout/ilp.js";
export { GF2Poly, KARATSUBA_WORDS, MAX_POLY_DEGREE } from "./poly/gf2poly.js";
export type { PolyGcdOptions } from "./poly/gf2poly.js";
export { MAX_SEQUENCE_INDEX, sequencePolynomial } from "./poly/sequence.js";
export { gridNullity, squareNullity, torusNullity } from "./poly/nullity.js";
export type { NullityOptions } from "./poly/nullity.js";
export { MAX_SWEEP_RESULTS, nullitySweep, shardBounds, sweepSize } from "./poly/sweep.js";
export type { NullityResult, NullitySweep, SweepOptions, SweepWorker } from "./poly/sweep.js";
export { runNullityTask, serveNullityTasks } from "./poly/sweep-task.js";
export type { NullityTask } from "./poly/sweep-task.js";
export { factorModulus, MAX_MODULUS, solveModK } from "./rings/zk.js";
export type { CyclicGenerator, ModKSolution, SolveModKOptions } from "./rings/zk.js";
export {
  MAX_ENUMERATED_SOLUTIONS,
  MAX_MULTISTATE_DENSE_CELLS,
  MAX_MULTISTATE_DISTRIBUTION_BOARDS,
} from "./lightsout/multistate.js";
export type { Field } from "./fields/field.js";
export { MAX_FIELD_ORDER } from "./fields/field.js";
export { GF2, isPrime, primeField, PrimeField } from "./fields/prime.js";
export { extensionField, ExtensionField, findIrreducible, galoisField, isIrreducible } from "./fields/extension.js";
export type { ExtensionOptions } from "./fields/extension.js";
export { FieldMatrix } from "./fields/matrix.js";
export type {
  FieldEchelon,
  FieldEchelonOptions,
  FieldRandomOptions,
  FieldSolution,
  FieldTransform,
} from "./fields/matrix.js";
