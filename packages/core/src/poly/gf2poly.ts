// GF2Poly: immutable polynomials over GF(2), bit-packed in 32-bit words
// (layout in _words.ts). Arithmetic runs in plain TypeScript; the gcd, the
// one quadratic hot loop, runs in WebAssembly by default.

import { checkInteger, checkOptionsObject, describe } from "../internal/check.js";
import type { EngineName } from "../gf2/bitmatrix.js";
import * as W from "./_words.js";
import { gcdOfWords } from "./_gcd.js";
import { gcdNaive } from "./_gcd-naive.js";

/**
 * Options of {@link GF2Poly.gcd}.
 *
 * @example
 * ```ts
 * const options: PolyGcdOptions = { engine: "ts" };
 * GF2Poly.parse("x^2 + 1").gcd(GF2Poly.parse("x^3 + 1"), options).toString(); // "x + 1"
 * ```
 */
export interface PolyGcdOptions {
  /** `"wasm"` (default): the WebAssembly SIMD kernel. `"ts"`: the plain TypeScript twin. */
  engine?: EngineName;
}

/**
 * Largest degree accepted where one is given as a number (2^31 - 2, an i32 bit index).
 *
 * @example
 * ```ts
 * GF2Poly.monomial(MAX_POLY_DEGREE + 1); // throws RangeError: "k" expected an integer in 0..2147483646
 * ```
 */
export const MAX_POLY_DEGREE = 2 ** 31 - 2;

function checkPoly(name: string, value: unknown): GF2Poly {
  if (!(value instanceof GF2Poly)) throw new TypeError(`"${name}" expected a GF2Poly, got ${describe(value)}`);
  return value;
}

/** Checks the engine option and returns its value. */
export function engineOption(options: PolyGcdOptions | undefined): EngineName {
  if (options !== undefined) checkOptionsObject(options);
  const engine = options?.engine ?? "wasm";
  if (engine !== "wasm" && engine !== "ts") {
    throw new TypeError(`"engine" expected "wasm" or "ts", got ${describe(engine)}`);
  }
  return engine;
}

/** Degree of gcd(a, b) of trimmed words by Euclid alone, on either engine. */
export function gcdDegreeOfWords(a: Uint32Array, b: Uint32Array, engine: EngineName): number {
  return engine === "ts" ? W.degreeOf(gcdNaive(a, b)) : gcdOfWords(a, b, false).degree;
}

/** Degree of gcd(a, b), square factors peeled first (W.gcdDegreePeeled), then Euclid. */
export function gcdDegreeFast(a: Uint32Array, b: Uint32Array, engine: EngineName): number {
  return W.gcdDegreePeeled(a, b, (x, y) => gcdDegreeOfWords(x, y, engine));
}

/**
 * A polynomial over GF(2) = {0, 1}: an immutable value, bit-packed (bit i
 * of word w is the coefficient of x^(32 w + i)). Addition is XOR, so
 * `p.add(p)` is zero and subtraction is addition.
 *
 * @example
 * ```ts
 * import { GF2Poly } from "@lightsout/core/nullity";
 * const p = GF2Poly.parse("x^3 + x + 1");
 * p.mul(p).toString();                  // "x^6 + x^2 + 1"
 * p.gcd(GF2Poly.parse("x^2 + 1")).degree; // 0
 * p.substituteXPlus1().toString();      // "x^3 + x^2 + 1"
 * ```
 */
export class GF2Poly {
  /** Trimmed words: no zero top word; empty for the zero polynomial. */
  readonly #words: Uint32Array;
  /** The degree; -1 for the zero polynomial. */
  readonly degree: number;

  private constructor(words: Uint32Array) {
    this.#words = words;
    this.degree = W.degreeOf(words);
  }

  /** The zero polynomial. */
  static readonly ZERO = new GF2Poly(W.EMPTY);
  /** The constant 1. */
  static readonly ONE = new GF2Poly(Uint32Array.of(1));
  /** The polynomial x. */
  static readonly X = new GF2Poly(Uint32Array.of(2));

  /**
   * A polynomial from packed words (copied).
   *
   * @param words - bit i of `words[w]` is the coefficient of x^(32 w + i); zero top words are allowed
   * @returns the polynomial
   * @throws {TypeError} when `words` is not a Uint32Array
   * @example
   * ```ts
   * GF2Poly.fromWords(Uint32Array.of(0b1011)).toString(); // "x^3 + x + 1"
   * ```
   */
  static fromWords(words: Uint32Array): GF2Poly {
    if (!(words instanceof Uint32Array)) throw new TypeError(`"words" expected a Uint32Array, got ${describe(words)}`);
    return new GF2Poly(W.trim(words.slice()));
  }

  /**
   * x^k.
   *
   * @param k - the exponent, an integer in 0..2^31 - 2
   * @returns the monomial
   * @throws {RangeError} when `k` is out of range ({TypeError} when not an integer)
   * @example
   * ```ts
   * GF2Poly.monomial(40).degree; // 40
   * ```
   */
  static monomial(k: number): GF2Poly {
    checkInteger("k", k, 0, MAX_POLY_DEGREE);
    const words = new Uint32Array(W.wordsFor(k));
    words[k >>> 5] = 1 << (k & 31);
    return new GF2Poly(words);
  }

  /**
   * The polynomial whose coefficient of x^i is bit i of `value`.
   *
   * @param value - a non-negative bigint
   * @returns the polynomial
   * @throws {TypeError} when `value` is not a bigint; {RangeError} when negative
   * @example
   * ```ts
   * GF2Poly.fromBigInt(0b111n).toString(); // "x^2 + x + 1"
   * ```
   */
  static fromBigInt(value: bigint): GF2Poly {
    if (typeof value !== "bigint") throw new TypeError(`"value" expected a bigint, got ${describe(value)}`);
    if (value < 0n) throw new RangeError(`"value" expected a bigint >= 0, got ${value}`);
    const words: number[] = [];
    for (let v = value; v > 0n; v >>= 32n) words.push(Number(v & 0xffffffffn));
    return new GF2Poly(Uint32Array.from(words));
  }

  /**
   * Reads a sum of terms `1`, `x`, `x^k` joined by `+` (spaces optional,
   * a repeated term cancels), or `0`. This is the format of
   * {@link GF2Poly.toString}.
   *
   * @param text - e.g. `"x^3 + x + 1"`
   * @returns the polynomial
   * @throws {TypeError} when `text` is not a string; {SyntaxError} when a term is malformed
   * @example
   * ```ts
   * GF2Poly.parse("x^2 + x + x").toString(); // "x^2"
   * ```
   */
  static parse(text: string): GF2Poly {
    if (typeof text !== "string") throw new TypeError(`"text" expected a string, got ${describe(text)}`);
    const terms = text.split("+").map((t) => t.trim());
    if (terms.length === 1 && terms[0] === "0") return GF2Poly.ZERO;
    const exponents: number[] = [];
    for (const term of terms) {
      const match = /^(?:(1)|x(?:\^([0-9]+))?)$/.exec(term);
      const exponent = match === null ? NaN : match[1] ? 0 : match[2] === undefined ? 1 : Number(match[2]);
      if (!(Number.isSafeInteger(exponent) && exponent <= MAX_POLY_DEGREE)) {
        throw new SyntaxError(
          `expected a term 1, x or x^k (k <= ${MAX_POLY_DEGREE}) in a polynomial, got ${describe(term)}`,
        );
      }
      exponents.push(exponent);
    }
    const words = new Uint32Array(W.wordsFor(Math.max(...exponents)));
    for (const e of exponents) words[e >>> 5]! ^= 1 << (e & 31);
    return new GF2Poly(W.trim(words));
  }

  /**
   * The packed words (a copy; trimmed: no zero top word).
   *
   * @returns bit i of word w is the coefficient of x^(32 w + i)
   */
  words(): Uint32Array {
    return this.#words.slice();
  }

  /** @returns true for the zero polynomial */
  isZero(): boolean {
    return this.degree < 0;
  }

  /**
   * The coefficient of x^i.
   *
   * @param i - a non-negative integer
   * @returns 0 or 1
   * @throws {RangeError} when `i` is negative ({TypeError} when not an integer)
   */
  coefficient(i: number): 0 | 1 {
    checkInteger("i", i, 0, Number.MAX_SAFE_INTEGER);
    return W.bitAt(this.#words, i) as 0 | 1;
  }

  /** @returns the coefficients as a bigint (bit i = coefficient of x^i) */
  toBigInt(): bigint {
    let v = 0n;
    for (let i = this.#words.length - 1; i >= 0; i--) v = (v << 32n) | BigInt(this.#words[i]!);
    return v;
  }

  /**
   * The sum `this + other` (= the difference).
   *
   * @param other - a polynomial
   * @returns the sum
   * @throws {TypeError} when `other` is not a GF2Poly
   */
  add(other: GF2Poly): GF2Poly {
    return new GF2Poly(W.add(this.#words, checkPoly("other", other).#words));
  }

  /**
   * Multiplies by x^s (s >= 0), or divides by x^-s dropping the terms of
   * degree below -s (s < 0).
   *
   * @param s - an integer in -(2^31 - 2)..2^31 - 2; the result's degree must stay within 2^31 - 2
   * @returns the shifted polynomial
   * @throws {RangeError} when `s` or the resulting degree is out of range
   * @example
   * ```ts
   * GF2Poly.parse("x + 1").shift(3).toString(); // "x^4 + x^3"
   * ```
   */
  shift(s: number): GF2Poly {
    checkInteger("s", s, -MAX_POLY_DEGREE, MAX_POLY_DEGREE);
    if (s >= 0) {
      if (this.degree + s > MAX_POLY_DEGREE) {
        throw new RangeError(
          `"s" expected a shift keeping the degree <= ${MAX_POLY_DEGREE}, got ${s} (degree ${this.degree})`,
        );
      }
      return new GF2Poly(W.shiftLeft(this.#words, s));
    }
    return new GF2Poly(W.shiftRight(this.#words, -s));
  }

  /**
   * The product: schoolbook below `KARATSUBA_WORDS` (32) words, Karatsuba above.
   *
   * @param other - a polynomial
   * @returns the product
   * @throws {TypeError} when `other` is not a GF2Poly
   */
  mul(other: GF2Poly): GF2Poly {
    return new GF2Poly(W.mul(this.#words, checkPoly("other", other).#words));
  }

  /**
   * The square, in linear time: over GF(2), (sum a_i x^i)^2 = sum a_i x^(2 i).
   *
   * @returns the square
   */
  square(): GF2Poly {
    return new GF2Poly(W.square(this.#words));
  }

  /**
   * Division with remainder: `this = quotient * divisor + remainder`,
   * deg remainder < deg divisor.
   *
   * @param divisor - a non-zero polynomial
   * @returns the quotient and the remainder
   * @throws {RangeError} when `divisor` is zero ({TypeError} when not a GF2Poly)
   * @example
   * ```ts
   * const { quotient, remainder } = GF2Poly.parse("x^3 + 1").divmod(GF2Poly.parse("x + 1"));
   * quotient.toString(); // "x^2 + x + 1"; remainder is zero
   * ```
   */
  divmod(divisor: GF2Poly): {
    /** q with this = q * divisor + r. */
    quotient: GF2Poly;
    /** r, of degree below the divisor's. */
    remainder: GF2Poly;
  } {
    checkPoly("divisor", divisor);
    if (divisor.isZero()) throw new RangeError(`"divisor" expected a non-zero polynomial, got 0`);
    const { q, r } = W.divmod(this.#words, divisor.#words);
    return { quotient: new GF2Poly(q), remainder: new GF2Poly(r) };
  }

  /**
   * The remainder of the division by `divisor`.
   *
   * @param divisor - a non-zero polynomial
   * @returns the remainder, of degree below that of `divisor`
   * @throws {RangeError} when `divisor` is zero
   */
  mod(divisor: GF2Poly): GF2Poly {
    return this.divmod(divisor).remainder;
  }

  /**
   * The greatest common divisor (monic, as every non-zero polynomial over
   * GF(2) is; zero only when both are zero), by Euclid's algorithm in
   * WebAssembly (or its TypeScript twin). Quadratic: degree 10^6 takes
   * seconds.
   *
   * @param other - a polynomial
   * @param options - `engine`: `"wasm"` (default) or `"ts"`
   * @returns the gcd
   * @throws {TypeError} when `other` is not a GF2Poly or the engine is unknown
   * @example
   * ```ts
   * GF2Poly.parse("x^2 + 1").gcd(GF2Poly.parse("x^3 + 1")).toString(); // "x + 1"
   * ```
   */
  gcd(other: GF2Poly, options?: PolyGcdOptions): GF2Poly {
    checkPoly("other", other);
    const engine = engineOption(options);
    if (engine === "ts") return new GF2Poly(gcdNaive(this.#words, other.#words));
    const { words } = gcdOfWords(this.#words, other.#words, true);
    return new GF2Poly(words!);
  }

  /**
   * The degree of the gcd without building it (-1 when both are zero).
   *
   * @param other - a polynomial
   * @param options - `engine`: `"wasm"` (default) or `"ts"`
   * @returns deg gcd(this, other)
   * @throws {TypeError} when `other` is not a GF2Poly or the engine is unknown
   */
  gcdDegree(other: GF2Poly, options?: PolyGcdOptions): number {
    checkPoly("other", other);
    return gcdDegreeOfWords(this.#words, other.#words, engineOption(options));
  }

  /**
   * p(x + 1): the substitution x -> x + 1, in O(n log n / 32) word
   * operations by butterflies (see _words.ts): p(x + 1) = lo(x + 1) +
   * (x^h + 1) hi(x + 1), since (x + 1)^h = x^h + 1 when h is a power of two.
   *
   * @returns the polynomial p(x + 1), of the same degree
   * @example
   * ```ts
   * GF2Poly.parse("x^2").substituteXPlus1().toString(); // "x^2 + 1"
   * ```
   */
  substituteXPlus1(): GF2Poly {
    return new GF2Poly(W.substituteXPlus1(this.#words));
  }

  /**
   * Equality of values.
   *
   * @param other - any value
   * @returns true when `other` is a GF2Poly with the same coefficients
   */
  equals(other: unknown): boolean {
    return other instanceof GF2Poly && W.equal(this.#words, other.#words);
  }

  /**
   * The terms from the highest degree down, e.g. `"x^3 + x + 1"`; `"0"` for zero.
   * Readable by {@link GF2Poly.parse}.
   *
   * @returns the text
   */
  toString(): string {
    if (this.degree < 0) return "0";
    const terms: string[] = [];
    for (let i = this.degree; i >= 0; i--) {
      if (W.bitAt(this.#words, i)) terms.push(i === 0 ? "1" : i === 1 ? "x" : `x^${i}`);
    }
    return terms.join(" + ");
  }
}

export { KARATSUBA_WORDS } from "./_words.js";
