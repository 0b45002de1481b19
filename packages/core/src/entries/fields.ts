/**
 * `@lightsout/core/fields`: finite fields GF(p) and GF(p^k) and dense
 * matrices over them (FieldMatrix).
 *
 * @module
 */
export type { Field } from "../fields/field.js";
export { primeField } from "../fields/prime.js";
export type { PrimeField } from "../fields/prime.js";
export { extensionField, findIrreducible, galoisField } from "../fields/extension.js";
export type { ExtensionField, ExtensionOptions } from "../fields/extension.js";
export { FieldMatrix } from "../fields/matrix.js";
export type {
  FieldEchelon,
  FieldEchelonOptions,
  FieldRandomOptions,
  FieldSolution,
  FieldTransform,
} from "../fields/matrix.js";
