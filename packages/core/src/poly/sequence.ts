// The polynomials of the grid: f_0 = 1, f_1 = x, f_(k+1) = x f_k + f_(k-1)
// over GF(2) (Fibonacci polynomials mod 2; Sutner writes them as Chebyshev
// polynomials). f_k(x) is the characteristic polynomial of the k x k
// tridiagonal all-ones band of the plus rule, as a polynomial in it.

import { checkInteger } from "../internal/check.js";
import * as W from "./_words.js";
import { GF2Poly } from "./gf2poly.js";

/**
 * Largest index k accepted: f_k has degree k, well inside the i32 bit index.
 *
 * @example
 * ```ts
 * const n = 1_000_000;
 * n <= MAX_SEQUENCE_INDEX; // true: gridNullity(n, n) accepts it
 * ```
 */
export const MAX_SEQUENCE_INDEX = 2 ** 30;

/**
 * The pair (f_k, f_(k-1)) as trimmed words, k >= 1, by doubling from the
 * top bit of k. With A = f_k^2 and B = f_(k-1)^2 (squaring is linear):
 *
 *   f_(2k-1) = x B,   f_(2k) = A + B,   f_(2k+1) = x A
 *
 * so every step is two squarings, one addition and one shift: O(k / 32)
 * word operations in all (a geometric sum), no multiplication.
 */
export function sequencePairWords(k: number): [Uint32Array, Uint32Array] {
  let fk: Uint32Array = Uint32Array.of(2); // f_1 = x
  let fk1: Uint32Array = Uint32Array.of(1); // f_0 = 1
  for (let bit = 30 - Math.clz32(k); bit >= 0; bit--) {
    const a = W.square(fk);
    const b = W.square(fk1);
    const even = W.add(a, b);
    if ((k >>> bit) & 1) {
      fk = W.shiftLeft(a, 1);
      fk1 = even;
    } else {
      fk = even;
      fk1 = W.shiftLeft(b, 1);
    }
  }
  return [fk, fk1];
}

/** f_k as trimmed words. */
export function sequenceWords(k: number): Uint32Array {
  return k === 0 ? Uint32Array.of(1) : sequencePairWords(k)[0];
}

/**
 * The k-th polynomial of the sequence f_0 = 1, f_1 = x,
 * f_(k+1) = x f_k + f_(k-1) over GF(2), computed by the doubling formulas
 * f_(2k+1) = x f_k^2 and f_(2k) = f_k^2 + f_(k-1)^2 in O(k / 32) word
 * operations. f_k has degree k.
 *
 * @param k - an integer in 0..2^30
 * @returns f_k
 * @throws {RangeError} when `k` is out of range ({TypeError} when not an integer)
 * @example
 * ```ts
 * import { sequencePolynomial } from "@lightsout/core/nullity";
 * sequencePolynomial(3).toString(); // "x^3"
 * sequencePolynomial(5).toString(); // "x^5 + x"
 * ```
 */
export function sequencePolynomial(k: number): GF2Poly {
  checkInteger("k", k, 0, MAX_SEQUENCE_INDEX);
  return GF2Poly.fromWords(sequenceWords(k));
}

/**
 * f_k by the k-step recurrence, the slow twin of {@link sequencePolynomial}
 * for tests (O(k^2 / 32)).
 */
export function sequenceByRecurrence(k: number): GF2Poly {
  let prev: Uint32Array = W.EMPTY; // f_(-1) = 0 keeps f_1 = x f_0 + f_(-1)
  let cur: Uint32Array = Uint32Array.of(1);
  for (let i = 0; i < k; i++) [prev, cur] = [cur, W.add(W.shiftLeft(cur, 1), prev)];
  return GF2Poly.fromWords(cur);
}

/**
 * Steps through f_k(x) and g_k = f_k(x + 1) for consecutive k, each step
 * O(k / 32): f_(k+1) = x f_k + f_(k-1) and g_(k+1) = (x + 1) g_k + g_(k-1),
 * so no substitution is needed after the start. Buffers are reused: the
 * arrays a step exposes are valid until the next step.
 */
export class SequenceStepper {
  /** Current index k. */
  k: number;
  #f: Uint32Array;
  #fPrev: Uint32Array;
  #g: Uint32Array;
  #gPrev: Uint32Array;

  /** Starts at index `k` (>= 0), computing f_k and f_(k-1) by doubling. */
  constructor(k: number) {
    this.k = k;
    if (k === 0) {
      this.#f = Uint32Array.of(1);
      this.#fPrev = W.EMPTY;
    } else {
      [this.#f, this.#fPrev] = sequencePairWords(k);
    }
    this.#g = W.substituteXPlus1(this.#f);
    this.#gPrev = W.substituteXPlus1(this.#fPrev);
  }

  /** f_k (trimmed words). */
  get f(): Uint32Array {
    return this.#f;
  }

  /** g_k = f_k(x + 1) (trimmed words). */
  get g(): Uint32Array {
    return this.#g;
  }

  /** Moves to k + 1. */
  next(): void {
    this.#fPrev = nextTerm(this.#f, this.#fPrev, false);
    this.#gPrev = nextTerm(this.#g, this.#gPrev, true);
    [this.#f, this.#fPrev] = [this.#fPrev, this.#f];
    [this.#g, this.#gPrev] = [this.#gPrev, this.#g];
    this.k++;
  }
}

/** x p + q (plus p too when `plusOne`): the next term, in a new trimmed array. */
function nextTerm(p: Uint32Array, q: Uint32Array, plusOne: boolean): Uint32Array {
  const out = new Uint32Array(W.wordsFor(W.degreeOf(p) + 1));
  let carry = 0;
  for (let i = 0; i < p.length; i++) {
    const v = p[i]!;
    out[i] = (v << 1) | carry;
    carry = v >>> 31;
  }
  if (carry) out[p.length] = carry;
  for (let i = 0; i < q.length; i++) out[i]! ^= q[i]!;
  if (plusOne) for (let i = 0; i < p.length; i++) out[i]! ^= p[i]!;
  return out;
}
