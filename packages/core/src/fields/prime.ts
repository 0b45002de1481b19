// Prime fields Z_p = GF(p) for primes p < 2^31, elements 0..p-1, and the
// integer helpers they need: factoring for error messages (the primality
// test and products mod p are modular/arith.ts's).

import { describe } from "../internal/check.js";
import { invMod, mulMod, smallestFactor } from "../modular/arith.js";
import { checkElement, inverseOfZero, MAX_FIELD_ORDER, type Field } from "./field.js";

/** The prime factors of n >= 2 with multiplicity, ascending. */
export function primeFactors(n: number): number[] {
  const out: number[] = [];
  while (n > 1) {
    const d = smallestFactor(n);
    out.push(d);
    n /= d;
  }
  return out;
}

/** "7 x 13", "2^3 x 3": a factorization for messages. */
export function formatFactors(n: number): string {
  const factors = primeFactors(n);
  const parts: string[] = [];
  for (let i = 0; i < factors.length; ) {
    let j = i;
    while (factors[j] === factors[i]) j++;
    parts.push(j - i > 1 ? `${factors[i]}^${j - i}` : String(factors[i]));
    i = j;
  }
  return parts.join(" x ");
}

/** Checks a prime p < 2^31 named `name`; the message factors a composite. */
export function checkPrime(name: string, p: unknown): number {
  const expected = `"${name}" expected a prime below 2^31`;
  if (typeof p !== "number" || !Number.isInteger(p)) throw new TypeError(`${expected}, got ${describe(p)}`);
  if (p < 2 || p > MAX_FIELD_ORDER) throw new RangeError(`${expected}, got ${p}`);
  const d = smallestFactor(p);
  if (d !== p) throw new RangeError(`${expected}, got ${p} (${formatFactors(p)})`);
  return p;
}

/**
 * Z_p: the integers mod a prime p, elements 0..p-1 written in decimal.
 * Products are exact for every p < 2^31. Obtain one with {@link primeField}.
 *
 * @example
 * ```ts
 * const f = primeField(2147483647);
 * f.mul(f.parse("-1"), f.parse("-1")); // 1
 * f instanceof PrimeField;             // true
 * ```
 */
export class PrimeField implements Field {
  readonly name: string;
  readonly order: number;
  readonly characteristic: number;
  readonly degree = 1;
  readonly zero = 0;
  readonly one = 1;

  /** @internal Use {@link primeField}. */
  constructor(p: number) {
    this.order = p;
    this.characteristic = p;
    this.name = `GF(${p})`;
  }

  add(a: number, b: number): number {
    const s = a + b;
    return s >= this.order ? s - this.order : s;
  }
  sub(a: number, b: number): number {
    const d = a - b;
    return d < 0 ? d + this.order : d;
  }
  neg(a: number): number {
    return a === 0 ? 0 : this.order - a;
  }
  mul(a: number, b: number): number {
    return mulMod(a, b, this.order);
  }
  inv(a: number): number {
    if (a === 0) throw inverseOfZero(this);
    return invMod(a, this.order);
  }
  div(a: number, b: number): number {
    return this.mul(a, this.inv(b));
  }
  eq(a: number, b: number): boolean {
    return a === b;
  }
  element(value: unknown, name = "element"): number {
    return checkElement(this, value, name);
  }
  /** A decimal integer, optionally negative, taken mod p ("-1" is p - 1). */
  parse(text: string): number {
    if (typeof text !== "string") throw new TypeError(`"text" expected a string, got ${describe(text)}`);
    const t = text.trim();
    if (!/^-?[0-9]+$/.test(t))
      throw new SyntaxError(`"text" expected an integer (an element of ${this.name}), got ${describe(text)}`);
    const negative = t.startsWith("-");
    let v = 0;
    for (const ch of negative ? t.slice(1) : t) v = (v * 10 + Number(ch)) % this.order;
    return negative ? this.neg(v) : v;
  }
  format(a: number): string {
    return String(a);
  }
}

const primeFields = new Map<number, PrimeField>();

/**
 * The prime field Z_p = GF(p), elements 0..p-1 (cached: one object per p).
 *
 * @param p - A prime below 2^31.
 * @returns The field.
 * @throws {TypeError} when p is not an integer.
 * @throws {RangeError} when p is not a prime below 2^31 (the message gives its factors).
 * @example
 * ```ts
 * const f = primeField(7);
 * f.mul(3, 5); // 1
 * f.inv(3);    // 5
 * primeField(91); // RangeError: "p" expected a prime below 2^31, got 91 (7 x 13)
 * ```
 */
export function primeField(p: number): PrimeField {
  const cached = primeFields.get(p);
  if (cached) return cached;
  const field = new PrimeField(checkPrime("p", p));
  primeFields.set(p, field);
  return field;
}

/**
 * GF(2) as a {@link Field} (elements 0 and 1). Bit-packed matrices over
 * GF(2) are {@link BitMatrix}; `FieldMatrix` over this field computes
 * ranks through it.
 *
 * @example
 * ```ts
 * GF2.add(1, 1); // 0
 * ```
 */
export const GF2: PrimeField = primeField(2);
