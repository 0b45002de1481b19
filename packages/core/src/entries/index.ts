/**
 * @lightsout/core: Lights Out and GF(2) linear algebra, exact and
 * WebAssembly-accelerated. The root entry point holds the everyday API:
 * boards, solving, fewest presses, random puzzles, board text, the n x n
 * nullity and BitMatrix. The rest lives in subpaths: `@lightsout/core/gf2`,
 * `/fields`, `/rings`, `/nullity`, `/lightsout` and `/io`.
 *
 * @packageDocumentation
 */
export { BitMatrix } from "../gf2/bitmatrix.js";
export type { Echelon, EchelonOptions, EngineName, MatrixOptions, MulOptions } from "../gf2/bitmatrix.js";
export type { RandomOptions, SystemSolution, VectorSolution } from "../gf2/bitmatrix.js";
export { init } from "../internal/kernel-instance.js";
export { ParseError } from "../internal/errors.js";
export { formatBytes, formatCount, formatLimit } from "../internal/sizes.js";
export type { Limit, LimitUnit } from "../internal/sizes.js";
export { applyPresses, checkBoard, graphBoard, gridBoard, maskBoard, parseRule } from "../lightsout/board.js";
export type { Board, CellValues, GraphBoard, GridBoard, GridOptions } from "../lightsout/board.js";
export type { Offset, Rule, RuleName, StatesOptions, Topology } from "../lightsout/board.js";
export { quietPatterns, solveLightsOut } from "../lightsout/solve.js";
export type { LightsOutSolution, SolveOptions } from "../lightsout/solve.js";
export type { PrimePower } from "../lightsout/counts.js";
export { fewestPresses } from "../lightsout/fewest.js";
export type { FewestPresses, FewestPressesOptions } from "../lightsout/fewest.js";
export { randomPuzzle } from "../lightsout/random.js";
export type { RandomPuzzleOptions } from "../lightsout/random.js";
export { formatBoard, parseBoard } from "../io/board-text.js";
export type { BoardInput, FormatBoardOptions, ParseBoardOptions } from "../io/board-text.js";
export { gridNullity } from "../poly/nullity.js";
export type { NullityOptions } from "../poly/nullity.js";
