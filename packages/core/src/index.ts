// The whole library in one module, for this repository's tests. Not an entry
// point of the package: consumers import src/entries/ through the export map
// ("@lightsout/core", "@lightsout/core/gf2", ...; docs/ARCHITECTURE.md).
export * from "./entries/index.js";
export * from "./entries/gf2.js";
export * from "./entries/fields.js";
export * from "./entries/rings.js";
export * from "./entries/nullity.js";
export * from "./entries/lightsout.js";
export * from "./entries/io.js";
export * from "./entries/sparse.js";
export * from "./entries/format.js";
export * from "./entries/wiedemann.js";
// Internal to the package (tuning constants, worker plumbing, helpers) but
// exercised by its tests.
export { GF2 } from "./fields/prime.js";
export { isPrime } from "./modular/arith.js";
export { isIrreducible } from "./fields/extension.js";
export { MAX_FIELD_ORDER } from "./fields/field.js";
export { adjacencyBoard } from "./lightsout/board.js";
export { MAX_ENUMERATED_NULLITY, MAX_ENUMERATED_SOLUTIONS } from "./lightsout/fewest.js";
export { KARATSUBA_WORDS, MAX_POLY_DEGREE } from "./poly/gf2poly.js";
export { MAX_SEQUENCE_INDEX } from "./poly/sequence.js";
export { MAX_SWEEP_RESULTS } from "./poly/sweep.js";
export { runNullityTask } from "./poly/sweep-task.js";
export type { NullityTask } from "./poly/sweep-task.js";
export { factorModulus, MAX_MODULUS } from "./rings/zk.js";
