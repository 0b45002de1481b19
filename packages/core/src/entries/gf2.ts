/**
 * `@lightsout/core/gf2`: dense matrices over GF(2) (BitMatrix) and the
 * WebAssembly kernel's set-up: compiling it, the memory cap and threads.
 *
 * @module
 */
export { BitMatrix } from "../gf2/bitmatrix.js";
export type { Echelon, EchelonOptions, EngineName, MatrixOptions, MulOptions } from "../gf2/bitmatrix.js";
export type { RandomOptions, SystemSolution, VectorSolution } from "../gf2/bitmatrix.js";
export { init } from "../internal/kernel-instance.js";
export { getMemoryLimit, setMemoryLimit } from "../internal/memory.js";
export { endThreads, initThreads, threadsUnavailable } from "../internal/threads.js";
