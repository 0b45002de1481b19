// The nullity of the m x n Lights Out grid (plus rule, plain rectangle)
// from polynomials, with no matrix at all.
//
// Theorem (K. Sutner, "The sigma-game and cellular automata", Amer. Math.
// Monthly 97 (1990); and "sigma-automata and Chebyshev polynomials",
// Theoretical Computer Science 230 (2000) 49-73):
// with f_0 = 1, f_1 = x, f_(k+1) = x f_k + f_(k-1) over GF(2),
//
//   dim ker A(m x n grid) = deg gcd(f_m(x), f_n(x + 1)).
//
// Why: light chasing makes the presses of row i a polynomial in the n x n
// band B = I + P_n (P_n the path's adjacency) applied to the first row:
// P_0 = I, P_1 = B, P_(i+1) = B P_i + P_(i-1), so the chase matrix is
// C = f_m(B) and the nullity is dim ker f_m(B). B is tridiagonal with
// non-zero off-diagonals, hence cyclic, so dim ker p(B) = deg gcd(p, chi_B);
// and chi_B(x) = det(x I + I + P_n) = f_n(x + 1), since f_n is the
// characteristic polynomial of P_n over GF(2) (same recurrence, expanding
// the determinant along the last row).
//
// Cost: f_m and f_n(x + 1) in O(n log n / 32) word operations (doubling,
// butterflies); squares peeled off both (f_(2k) = (f_k + f_(k-1))^2,
// f_(2k+1) = x f_k^2: half the degree, a quarter of the work, see
// _words.ts gcdDegreePeeled); then one Euclid in WebAssembly, quadratic in
// the degree.

import { checkInteger } from "../internal/check.js";
import { gridBoard } from "../lightsout/board.js";
import { pressMatrix } from "../lightsout/solve.js";
import { engineOption, gcdDegreeFast, type PolyGcdOptions } from "./gf2poly.js";
import * as W from "./_words.js";
import { MAX_SEQUENCE_INDEX, sequenceWords } from "./sequence.js";

/**
 * Options of {@link gridNullity} and {@link squareNullity}.
 *
 * @example
 * ```ts
 * const options: NullityOptions = { engine: "ts" };
 * gridNullity(5, 5, options); // 2
 * ```
 */
export type NullityOptions = PolyGcdOptions;

/**
 * Dimension of the space of quiet patterns (the kernel of the press matrix
 * over GF(2)) of the m x n Lights Out grid with the plus rule, by Sutner's
 * theorem: deg gcd(f_m(x), f_n(x + 1)) with f_0 = 1, f_1 = x,
 * f_(k+1) = x f_k + f_(k-1). The board has 2^(mn - nullity) winnable
 * configurations, each with 2^nullity solutions. Symmetric in m and n.
 * Fast for huge boards: n x n with n = 10^6 takes seconds and a few MB
 * (no quiet basis; for that see `quietPatterns` or the chase route, which
 * need an n x n chase matrix).
 *
 * @param m - rows, an integer in 1..2^30
 * @param n - columns, an integer in 1..2^30
 * @param options - `engine`: `"wasm"` (default) or `"ts"` for the gcd
 * @returns the nullity, 0..min(m, n)
 * @throws {RangeError} when `m` or `n` is out of range ({TypeError} when not an integer)
 * @example
 * ```ts
 * import { gridNullity } from "@lightsout/core";
 * gridNullity(5, 5); // 2: the classic 5 x 5 has 4 solutions per winnable board
 * gridNullity(4, 4); // 4
 * gridNullity(2, 3); // 2
 * ```
 */
export function gridNullity(m: number, n: number, options?: NullityOptions): number {
  checkInteger("m", m, 1, MAX_SEQUENCE_INDEX);
  checkInteger("n", n, 1, MAX_SEQUENCE_INDEX);
  const engine = engineOption(options);
  const f = sequenceWords(m);
  const g = m === n ? W.substituteXPlus1(f) : W.substituteXPlus1(sequenceWords(n));
  return gcdDegreeFast(f, g, engine);
}

/**
 * Nullity of the n x n Lights Out grid (plus rule): deg gcd(f_n(x), f_n(x + 1)),
 * see {@link gridNullity}. Always even. OEIS A159257 lists n = 1..25,000.
 *
 * @param n - the side, an integer in 1..2^30
 * @param options - `engine`: `"wasm"` (default) or `"ts"` for the gcd
 * @returns the nullity, 0..n
 * @throws {RangeError} when `n` is out of range ({TypeError} when not an integer)
 * @example
 * ```ts
 * import { squareNullity } from "@lightsout/core/nullity";
 * squareNullity(5);  // 2
 * squareNullity(19); // 16
 * ```
 */
export function squareNullity(n: number, options?: NullityOptions): number {
  checkInteger("n", n, 1, MAX_SEQUENCE_INDEX);
  return gridNullity(n, n, options);
}

/**
 * The n x n torus nullity from the (n-1) x (n-1) square nullity s:
 * 2 s, plus 4 when 3 divides n (OEIS A165738: a(n+1) = 2 A159257(n) + 4
 * when n = 2 mod 3, else 2 A159257(n)); s = 0 for n = 1.
 */
export function torusFromSquare(n: number, squareBelow: number): number {
  return 2 * squareBelow + (n % 3 === 0 ? 4 : 0);
}

/**
 * Nullity of the m x n Lights Out torus (plus rule, both edges wrapped; a
 * neighbour reached twice, as on a side of 1 or 2, is toggled once).
 *
 * Square tori use a closed form, so huge n is fast: the n x n torus has
 * nullity 2 s + 4 [3 divides n], where s is the nullity of the
 * (n - 1) x (n - 1) grid ({@link squareNullity}; 0 for n = 1). This is
 * OEIS A165738 (a(n+1) = 2 A159257(n) + 4 when n = 2 mod 3, otherwise
 * 2 A159257(n)), checked in the tests against elimination of the torus
 * press matrix. No closed form is used for m != n: those tori are
 * eliminated (the dense press matrix, so about 90,000 cells at most).
 *
 * @param m - rows, an integer in 1..2^30
 * @param n - columns, an integer in 1..2^30 (default m)
 * @param options - `engine`: `"wasm"` (default) or `"ts"` for the gcd of square tori
 * @returns the nullity, 0..m n
 * @throws {RangeError} when `m` or `n` is out of range, or an m x n torus (m != n) is too big to eliminate
 *   ({TypeError} when not an integer)
 * @example
 * ```ts
 * import { torusNullity } from "@lightsout/core/nullity";
 * torusNullity(5);       // 8
 * torusNullity(3);       // 4
 * torusNullity(100_000); // seconds: the closed form
 * torusNullity(3, 4);    // 4 (elimination of a 12 x 12 matrix)
 * ```
 */
export function torusNullity(m: number, n: number = m, options?: NullityOptions): number {
  checkInteger("m", m, 1, MAX_SEQUENCE_INDEX);
  checkInteger("n", n, 1, MAX_SEQUENCE_INDEX);
  const engine = engineOption(options);
  if (m === n) {
    const below = m === 1 ? 0 : gcdDegreeFast(sequenceWords(m - 1), W.substituteXPlus1(sequenceWords(m - 1)), engine);
    return torusFromSquare(m, below);
  }
  using a = pressMatrix(gridBoard(m, n, { torus: true }));
  return m * n - a.rank();
}
