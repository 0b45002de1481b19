/**
 * `@lightsout/core/fields`: finite fields GF(p) and GF(p^k) and dense
 * matrices over them (FieldMatrix).
 *
 * @module
 */
export type { Field } from "../fields/field.js";
export { PrimeField, primeField } from "../fields/prime.js";
export { ExtensionField, extensionField, findIrreducible, galoisField } from "../fields/extension.js";
export type { ExtensionOptions } from "../fields/extension.js";
export { FieldMatrix } from "../fields/matrix.js";
export type {
  FieldEchelon,
  FieldEchelonOptions,
  FieldRandomOptions,
  FieldSolution,
  FieldTransform,
} from "../fields/matrix.js";
