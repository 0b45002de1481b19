// Extension fields GF(p^r) = Z_p[x]/(h), h monic irreducible of degree r.
// An element c_0 + c_1 a + ... + c_{r-1} a^(r-1) (a the class of x) has the
// code c_0 + c_1 p + ... + c_{r-1} p^(r-1): its base-p digits are its
// coefficients, so codes run over 0..q-1 and 0, 1 are zero and one.

import { checkOptionsObject, describe } from "../internal/check.js";
import { checkElement, inverseOfZero, MAX_FIELD_ORDER, type Field } from "./field.js";
import { checkPrime, formatFactors, primeFactors, primeField, type PrimeField } from "./prime.js";
import * as Z from "./_zpoly.js";

/**
 * Options of {@link extensionField}.
 *
 * @example
 * ```ts
 * const gf8 = extensionField(2, 3, { modulus: "x^3+x+1", variable: "t" }); // or [1, 1, 0, 1], lowest degree first
 * gf8.format(gf8.mul(2, 4)); // "t+1": t * t^2 = t^3 = t + 1
 * ```
 */
export interface ExtensionOptions {
  /**
   * The modulus h: monic (or made monic), irreducible, of degree r, as text
   * in x (`"x^2+x+1"`) or as coefficients lowest degree first
   * (`[1, 1, 1]`). Default: {@link findIrreducible}`(p, r)`.
   */
  modulus?: string | readonly number[];
  /** The name of the generator in `format` and `parse` (one lowercase letter; default `"a"`). */
  variable?: string;
}

/** Fields up to this order multiply through log/antilog tables (built on first use). */
const TABLE_ORDER = 2 ** 16;

/**
 * GF(p^r) as Z_p[x]/(h): element codes are coefficient digits in base p,
 * text is a polynomial in the generator (`"2a^2+1"`). Obtain one with
 * {@link extensionField} or {@link galoisField}.
 *
 * @example
 * ```ts
 * const f = galoisField(9) as ExtensionField; // Z_3[x]/(x^2+1)
 * f.modulus;                       // [1, 0, 1]
 * f.format(f.mul(3, 3));           // "2" (a^2 = -1)
 * f.coefficients(f.parse("2a+1")); // [1, 2]
 * ```
 */
export class ExtensionField implements Field {
  readonly name: string;
  readonly order: number;
  readonly characteristic: number;
  readonly degree: number;
  readonly zero = 0;
  readonly one = 1;
  /** The monic irreducible modulus h, coefficients lowest degree first (length degree + 1). */
  readonly modulus: readonly number[];
  /** The generator's name in text (`"a"`). */
  readonly variable: string;
  #exp: Uint32Array | undefined;
  #log: Uint32Array | undefined;

  /** @internal Use {@link extensionField}. */
  constructor(p: number, r: number, h: readonly number[], variable: string) {
    this.characteristic = p;
    this.degree = r;
    this.order = p ** r;
    this.modulus = Object.freeze(h.slice());
    this.variable = variable;
    this.name = `GF(${p}^${r})`;
  }

  /** The coefficients of an element, lowest degree first, trimmed. */
  coefficients(a: number): number[] {
    const p = this.characteristic;
    const out: number[] = [];
    while (a > 0) {
      out.push(a % p);
      a = Math.floor(a / p);
    }
    return out;
  }

  /** The element with these coefficients (each in 0..p-1, at most `degree` of them). */
  fromCoefficients(c: readonly number[]): number {
    let code = 0;
    for (let k = c.length - 1; k >= 0; k--) code = code * this.characteristic + c[k]!;
    return code;
  }

  add(a: number, b: number): number {
    const p = this.characteristic;
    if (p === 2) return (a ^ b) >>> 0;
    let out = 0;
    let place = 1;
    while (a > 0 || b > 0) {
      const s = (a % p) + (b % p);
      out += (s >= p ? s - p : s) * place;
      a = Math.floor(a / p);
      b = Math.floor(b / p);
      place *= p;
    }
    return out;
  }
  neg(a: number): number {
    const p = this.characteristic;
    if (p === 2) return a;
    let out = 0;
    let place = 1;
    while (a > 0) {
      const d = a % p;
      if (d !== 0) out += (p - d) * place;
      a = Math.floor(a / p);
      place *= p;
    }
    return out;
  }
  sub(a: number, b: number): number {
    return this.add(a, this.neg(b));
  }
  mul(a: number, b: number): number {
    if (a === 0 || b === 0) return 0;
    if (this.order <= TABLE_ORDER) {
      const [exp, log] = this.#tables();
      return exp[log[a]! + log[b]!]!;
    }
    return this.#mulSlow(a, b);
  }
  inv(a: number): number {
    if (a === 0) throw inverseOfZero(this);
    if (this.order <= TABLE_ORDER) {
      const [exp, log] = this.#tables();
      const l = log[a]!;
      return exp[l === 0 ? 0 : this.order - 1 - l]!;
    }
    return this.pow(a, this.order - 2);
  }
  div(a: number, b: number): number {
    return this.mul(a, this.inv(b));
  }
  eq(a: number, b: number): boolean {
    return a === b;
  }
  /** a^e for an integer e >= 0 (a^0 = 1). */
  pow(a: number, e: number): number {
    const p = this.characteristic;
    return this.fromCoefficients(Z.powRem(this.coefficients(a), e, this.modulus as number[], p));
  }
  element(value: unknown, name = "element"): number {
    return checkElement(this, value, name);
  }
  /** A polynomial in the generator, as `format` writes it: `"2a^2+1"`, `"a+1"`, `"0"` (spaces and `*` allowed). */
  parse(text: string): number {
    if (typeof text !== "string") throw new TypeError(`"text" expected a string, got ${describe(text)}`);
    const p = this.characteristic;
    const v = this.variable;
    const c = Z.parsePoly(text, v, p);
    if (c === undefined) {
      throw new SyntaxError(
        `"text" expected an element of ${this.name} like "${v}+1" or "2${v}^2+1", got ${describe(text)}`,
      );
    }
    if (!Array.isArray(c)) {
      throw new RangeError(
        `"text" expected coefficients in 0..${p - 1} (an element of ${this.name}), got ${c.tooLarge} in ${describe(text)}`,
      );
    }
    return this.fromCoefficients(Z.rem(c, this.modulus as number[], p));
  }
  format(a: number): string {
    return Z.formatPoly(this.coefficients(a), this.variable);
  }

  #mulSlow(a: number, b: number): number {
    const p = this.characteristic;
    return this.fromCoefficients(Z.mulRem(this.coefficients(a), this.coefficients(b), this.modulus as number[], p));
  }

  /** exp (doubled, so exp[i + j] needs no modulo) and log, from a primitive element. */
  #tables(): [Uint32Array, Uint32Array] {
    if (this.#exp && this.#log) return [this.#exp, this.#log];
    const q = this.order;
    const orderFactors = [...new Set(primeFactors(q - 1))];
    let g = 2;
    while (!orderFactors.every((l) => this.pow(g, (q - 1) / l) !== 1)) g++;
    const exp = new Uint32Array(2 * (q - 1));
    const log = new Uint32Array(q);
    let x = 1;
    for (let i = 0; i < q - 1; i++) {
      exp[i] = x;
      exp[i + q - 1] = x;
      log[x] = i;
      x = this.#mulSlow(x, g);
    }
    this.#exp = exp;
    this.#log = log;
    return [exp, log];
  }
}

/** Checks p, r with r >= 2 and p^r < 2^31. */
function checkOrder(p: unknown, r: unknown): [number, number] {
  const prime = checkPrime("p", p);
  const most = Math.floor(Math.log(MAX_FIELD_ORDER) / Math.log(prime) + 1e-9);
  const expected = `"r" expected an integer in 2..${most} (so that ${prime}^r < 2^31)`;
  if (typeof r !== "number" || !Number.isInteger(r)) throw new TypeError(`${expected}, got ${describe(r)}`);
  if (most < 2)
    throw new RangeError(`"r" expected no extension of GF(${prime}): ${prime}^2 is not below 2^31, got ${r}`);
  if (r < 2 || prime ** r > MAX_FIELD_ORDER) throw new RangeError(`${expected}, got ${r}`);
  return [prime, r];
}

/**
 * True when the polynomial with these coefficients (lowest degree first,
 * each in 0..p-1) is irreducible over Z_p (Rabin's test; degree >= 1).
 *
 * @param p - A prime below 2^31.
 * @param coefficients - The polynomial, lowest degree first; trailing zeros are ignored.
 * @returns Whether it is irreducible (constants, zero included, are not).
 * @throws {TypeError | RangeError} when p is not a prime below 2^31 or a coefficient is not in 0..p-1.
 * @example
 * ```ts
 * isIrreducible(2, [1, 1, 1]); // true: x^2 + x + 1
 * isIrreducible(2, [1, 0, 1]); // false: x^2 + 1 = (x + 1)^2
 * ```
 */
export function isIrreducible(p: number, coefficients: readonly number[]): boolean {
  const prime = checkPrime("p", p);
  const h = checkCoefficients(coefficients, prime);
  const lead = h[h.length - 1];
  if (lead === undefined) return false;
  const inv = primeField(prime).inv(lead);
  return Z.irreducible(
    h.map((c) => primeField(prime).mul(c, inv)),
    prime,
  );
}

function checkCoefficients(coefficients: unknown, p: number): number[] {
  if (!Array.isArray(coefficients)) {
    throw new TypeError(`"modulus" expected a polynomial (text or coefficients), got ${describe(coefficients)}`);
  }
  coefficients.forEach((c, i) => {
    if (typeof c !== "number" || !Number.isInteger(c)) {
      throw new TypeError(`"modulus" coefficient ${i} expected an integer in 0..${p - 1}, got ${describe(c)}`);
    }
    if (c < 0 || c >= p)
      throw new RangeError(`"modulus" coefficient ${i} expected an integer in 0..${p - 1}, got ${c}`);
  });
  return Z.trim(coefficients.slice() as number[]);
}

/**
 * The first monic irreducible polynomial of degree r over Z_p in a fixed
 * order: x^r + g with the code of g (c_0 + c_1 p + ... + c_{r-1} p^(r-1))
 * as small as possible. x^2+x+1 for GF(4), x^3+x+1 for GF(8), x^2+1 for
 * GF(9), x^4+x+1 for GF(16).
 *
 * @param p - A prime below 2^31.
 * @param r - The degree, >= 2, with p^r < 2^31.
 * @returns Its coefficients, lowest degree first (length r + 1, last 1).
 * @throws {TypeError | RangeError} when p is not a prime or p^r is not below 2^31.
 * @example
 * ```ts
 * findIrreducible(2, 3); // [1, 1, 0, 1]: x^3 + x + 1
 * ```
 */
export function findIrreducible(p: number, r: number): number[] {
  const [prime, degree] = checkOrder(p, r);
  const h = new Array<number>(degree + 1).fill(0);
  h[degree] = 1;
  // Odometer over the lower coefficients, c_0 fastest; c_0 = 0 is never irreducible.
  for (;;) {
    let k = 0;
    while (h[k] === prime - 1) h[k++] = 0;
    h[k]! += 1;
    if (h[0] !== 0 && Z.irreducible(h, prime)) return h;
  }
}

const defaultFields = new Map<string, ExtensionField>();

/**
 * The field GF(p^r) = Z_p[x]/(h), elements coded 0..p^r-1 by their
 * coefficients as base-p digits (a + 1 is p + 1), written like `a+1` or
 * `2a^2+1`. Products use log tables up to 2^16 elements.
 *
 * @param p - A prime.
 * @param r - The degree, >= 2, with p^r < 2^31.
 * @param options - The modulus h (default: {@link findIrreducible}) and the generator's name.
 * @returns The field (cached for the default modulus and variable).
 * @throws {TypeError} for values of the wrong kind.
 * @throws {RangeError} when p is not a prime (with its factors), p^r is not
 *   below 2^31, h has the wrong degree or is reducible.
 * @example
 * ```ts
 * const f = extensionField(2, 2, { modulus: "x^2+x+1" }); // GF(4)
 * f.format(f.mul(f.parse("a"), f.parse("a"))); // "a+1"
 * extensionField(2, 2, { modulus: "x^2+1" }); // RangeError: reducible
 * ```
 */
export function extensionField(p: number, r: number, options: ExtensionOptions = {}): ExtensionField {
  const [prime, degree] = checkOrder(p, r);
  checkOptionsObject(options);
  const variable = options.variable ?? "a";
  if (typeof variable !== "string" || !/^[a-z]$/.test(variable) || variable === "x") {
    throw new TypeError(`"variable" expected one lowercase letter other than x, got ${describe(variable)}`);
  }
  const key = `${prime}^${degree}`;
  if (options.modulus === undefined) {
    const cached = defaultFields.get(key);
    if (cached && variable === "a") return cached;
    const field = new ExtensionField(prime, degree, findIrreducible(prime, degree), variable);
    if (variable === "a") defaultFields.set(key, field);
    return field;
  }
  let h: number[];
  if (typeof options.modulus === "string") {
    const parsed = Z.parsePoly(options.modulus, "x", prime);
    if (parsed === undefined) {
      throw new SyntaxError(`"modulus" expected a polynomial in x like "x^2+x+1", got ${describe(options.modulus)}`);
    }
    if (!Array.isArray(parsed)) {
      throw new RangeError(
        `"modulus" expected coefficients in 0..${prime - 1}, got ${parsed.tooLarge} in ${describe(options.modulus)}`,
      );
    }
    h = parsed;
  } else {
    h = checkCoefficients(options.modulus, prime);
  }
  if (h.length - 1 !== degree) {
    throw new RangeError(
      `"modulus" expected a polynomial of degree ${degree}, got ${Z.formatPoly(h, "x")} (degree ${h.length - 1})`,
    );
  }
  const f: PrimeField = primeField(prime);
  const inv = f.inv(h[degree]!);
  h = h.map((c) => f.mul(c, inv));
  if (!Z.irreducible(h, prime)) {
    throw new RangeError(
      `"modulus" expected an irreducible polynomial over GF(${prime}), got ${Z.formatPoly(h, "x")} (reducible)`,
    );
  }
  return new ExtensionField(prime, degree, h, variable);
}

/**
 * The finite field with q elements: {@link primeField} for a prime q,
 * {@link extensionField} with its default modulus for q = p^r, r >= 2.
 *
 * @param q - The order: a prime power below 2^31, as a number (`9`) or as text (`"3^2"`, `"7"`).
 * @returns The field.
 * @throws {TypeError} for a value of the wrong kind or text not of the form p or p^r.
 * @throws {RangeError} when q is not a prime power below 2^31 (the message gives its factors).
 * @example
 * ```ts
 * galoisField(4).name;      // "GF(2^2)"
 * galoisField("3^5").order; // 243
 * galoisField(12);          // RangeError: "q" expected a prime power below 2^31, got 12 (2^2 x 3)
 * ```
 */
export function galoisField(q: number | string): Field {
  if (typeof q === "string") {
    const m = /^\s*([0-9]+)\s*(?:\^\s*([0-9]+)\s*)?$/.exec(q);
    if (!m) throw new TypeError(`"q" expected a prime power like "7" or "2^3", got ${describe(q)}`);
    const p = Number(m[1]);
    const r = m[2] === undefined ? 1 : Number(m[2]);
    if (r === 1) return primeField(p);
    if (r === 0) throw new RangeError(`"r" expected an integer >= 1, got 0 in ${describe(q)}`);
    return extensionField(p, r);
  }
  const expected = `"q" expected a prime power below 2^31`;
  if (typeof q !== "number" || !Number.isInteger(q)) throw new TypeError(`${expected}, got ${describe(q)}`);
  if (q < 2 || q > MAX_FIELD_ORDER) throw new RangeError(`${expected}, got ${q}`);
  const factors = primeFactors(q);
  const p = factors[0]!;
  if (factors.some((f) => f !== p)) throw new RangeError(`${expected}, got ${q} (${formatFactors(q)})`);
  return factors.length === 1 ? primeField(p) : extensionField(p, factors.length);
}
