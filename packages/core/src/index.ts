/**
 * @lightsout/core: Lights Out and GF(2) linear algebra, exact and
 * WebAssembly-accelerated.
 *
 * @packageDocumentation
 */
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
export { getMemoryLimit, setMemoryLimit } from "./gf2/_memory.js";
export { init } from "./gf2/_engine-wasm.js";
export { parseMatrix, ParseError } from "./io/matrix-text.js";
export type { ParsedMatrix, ParseMatrixOptions } from "./io/matrix-text.js";
