// The Field interface: finite fields whose elements are the integers
// 0..order-1 ("element codes"), so that matrices over any of them are plain
// Uint32Arrays. Implementations: prime.ts (Z_p) and extension.ts (GF(p^r)).

import { describe } from "../internal/check.js";
import { MAX_MODULUS } from "../modular/arith.js";

/**
 * A finite field with `order` elements, coded as the integers 0..order-1.
 * `zero` is 0 and `one` is 1 (matrices rely on it). Arithmetic takes
 * element codes and does not check them (use {@link Field.parse} or
 * {@link Field.element} for input from outside).
 *
 * @example
 * ```ts
 * import { galoisField } from "@lightsout/core/fields";
 * const f = galoisField(4);            // GF(4) = Z_2[a]/(a^2+a+1)
 * f.format(f.mul(2, 2));              // "a+1"
 * f.mul(f.inv(3), 3) === f.one;       // true
 * ```
 */
export interface Field {
  /** A short name: `"GF(7)"`, `"GF(2^3)"`. */
  readonly name: string;
  /** Number of elements q = p^r. */
  readonly order: number;
  /** The prime p. */
  readonly characteristic: number;
  /** r, with order = characteristic^degree (1 for a prime field). */
  readonly degree: number;
  /** The additive identity (code 0). */
  readonly zero: number;
  /** The multiplicative identity (code 1). */
  readonly one: number;
  /** a + b. */
  add(a: number, b: number): number;
  /** a - b. */
  sub(a: number, b: number): number;
  /** -a. */
  neg(a: number): number;
  /** a b. */
  mul(a: number, b: number): number;
  /** a^-1; throws a RangeError for 0. */
  inv(a: number): number;
  /** a / b; throws a RangeError when b is 0. */
  div(a: number, b: number): number;
  /** True when a and b are the same element. */
  eq(a: number, b: number): boolean;
  /** Checks an element code (an integer in 0..order-1) and returns it. */
  element(value: unknown, name?: string): number;
  /** An element from its text (as {@link Field.format} writes it). */
  parse(text: string): number;
  /** The text of an element. */
  format(a: number): string;
}

/**
 * Largest field order accepted: element codes are u32 below 2^31.
 *
 * @example
 * ```ts
 * primeField(MAX_FIELD_ORDER).order; // 2147483647, a prime
 * ```
 */
export const MAX_FIELD_ORDER = MAX_MODULUS;

/** The shared element check: an integer code in 0..order-1. */
export function checkElement(field: Field, value: unknown, name: string): number {
  if (typeof value !== "number" || !Number.isInteger(value)) {
    throw new TypeError(
      `"${name}" expected an element of ${field.name} (an integer in 0..${field.order - 1}), got ${describe(value)}`,
    );
  }
  if (value < 0 || value >= field.order) {
    throw new RangeError(
      `"${name}" expected an element of ${field.name} (an integer in 0..${field.order - 1}), got ${value}`,
    );
  }
  return value;
}

export function inverseOfZero(field: Field): RangeError {
  return new RangeError(`0 has no inverse in ${field.name}`);
}
