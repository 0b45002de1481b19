/**
 * `@lightsout/core/rings`: linear systems over Z/kZ for any modulus k
 * (prime powers by a diagonal form, joined by the Chinese remainder theorem).
 *
 * @module
 */
export { solveModK } from "../rings/zk.js";
export type { CyclicGenerator, ModKSolution, SolveModKOptions } from "../rings/zk.js";
