// Polynomials over GF(2) on packed words (_words.ts) as the ring the order of
// a polynomial runs on (fields/poly-order.ts): 32 coefficients an operation,
// squaring in linear time, the gcd in WebAssembly. GF(2) is the classic game,
// so it gets the fast ring; every other p uses residue arrays.

import type { PolyRing } from "../fields/poly-order.js";
import { GF2Poly } from "./gf2poly.js";
import * as W from "./_words.js";

const ONE = Uint32Array.of(1);
const X = Uint32Array.of(2);

function rem(a: Uint32Array, modulus: Uint32Array): Uint32Array {
  return W.degreeOf(a) < W.degreeOf(modulus) ? a : W.trim(W.divmod(a, modulus).r);
}

/** The ring GF(2)[x] on packed words. */
export const gf2WordsRing: PolyRing<Uint32Array> = {
  p: 2,
  one: ONE,
  x: X,
  degree: (a) => W.degreeOf(a),
  sub: (a, b) => W.add(a, b),
  rem,
  mulRem: (a, b, modulus) => rem(a === b ? W.square(a) : W.mul(a, b), modulus),
  gcd: (a, b) => GF2Poly.fromWords(a).gcd(GF2Poly.fromWords(b)).words(),
  divExact: (a, b) => W.trim(W.divmod(a, b).q),
  // a = e^2 + x o^2, so a' = o^2 (the derivative of a square is zero in characteristic 2)
  derivative: (a) => W.square(W.evenOddRoots(a).o),
  pthRoot: (a) => W.evenOddRoots(a).e,
  frobenius: (modulus) => (a) => rem(W.square(a), modulus),
  isOne: (a) => a.length === 1 && a[0] === 1,
};

/** Coefficients 0/1, lowest degree first, as packed words. */
export function wordsOfBits(coefficients: readonly number[]): Uint32Array {
  const words = new Uint32Array(W.wordsFor(Math.max(0, coefficients.length - 1)));
  coefficients.forEach((c, i) => {
    if (c !== 0) words[i >>> 5]! |= 1 << (i & 31);
  });
  return W.trim(words);
}
