// The tail and period of b, A b, A^2 b, ... (A the press matrix over Z_k) by
// algebra rather than by stepping. Over GF(p) the sequence is governed by the
// minimal polynomial mu of b with respect to A: A^(t + e) b = A^t b exactly
// when mu | x^t (x^e - 1). With mu = x^t nu, nu(0) != 0, the tail is t and
// the period is the order of nu (Lidl & Niederreiter, "Finite Fields", 2nd
// ed., Section 3.1; fields/poly-order.ts). mu comes from Wiedemann's method
// (D. H. Wiedemann, "Solving sparse linear equations over finite fields",
// IEEE Trans. Inform. Theory 32 (1986)): Berlekamp-Massey on projections
// u . A^i b, the lcm over tries, until f(A) b = 0 checks exactly, so the
// polynomial is mu itself (a multiple of mu that divides it). A squarefree k
// is its primes put together (Chinese remainder theorem): the largest tail,
// the lcm of the periods.

import { describe } from "../internal/check.js";
import { xoshiro128 } from "../internal/random.js";
import { formatLimit } from "../internal/sizes.js";
import {
  checkBoard,
  checkStates,
  checkValues,
  type Board,
  pressTargets,
  type StatesOptions,
} from "../lightsout/board.js";
import { factorModulus } from "../rings/zk.js";
import { ringOf } from "../solvers/ring.js";
import { mulMod } from "../modular/arith.js";
import { type Factorization, lcmBig, RHO_BUDGET } from "../modular/factor.js";
import {
  BerlekampMassey,
  mulZ,
  residue,
  splitDot,
  type OrderBounds,
  type OrderContext,
  polynomialOrder,
  type ZPoly,
  zpolyRing,
} from "../fields/poly-order.js";
import { gf2WordsRing, wordsOfBits } from "./_period-gf2.js";

/**
 * Largest board {@link pressPeriod} takes: the minimal polynomial costs up
 * to 2 n products by the press matrix and a Berlekamp-Massey of 2 n terms
 * (2 to 5 s at 4,096 cells when its degree is near n; far less when short).
 */
export const MAX_PERIOD_CELLS = 4096;

/**
 * Largest degree of the polynomial whose order {@link pressPeriod} computes
 * for two states (packed GF(2) arithmetic; a random graph of 2,048 vertices,
 * an irreducible factor of degree near 2,000, takes about 1.2 s in all).
 */
export const MAX_PERIOD_DEGREE_GF2 = 2048;

/**
 * Work allowed to the order over GF(p), p > 2, in units of degree^3 x bits
 * of p: the distinct-degree factorization and the powers x^e mod F_d grow as
 * the cube of the degree, the powers also with the bits of p^d. Past 2^26 or
 * so residue products no longer add up exactly in doubles and each is
 * reduced at once, about 16 times slower: counted so. Degree 512 for p = 3,
 * 447 for p = 5 and 7, 81 for p = 2^31 - 1: a second or three each (see the CHANGELOG).
 */
const MAX_PERIOD_WORK = 2 ** 28;
const UNEXACT_SUMS_COST = 16;

/** The largest degree whose order is computed over GF(p). */
export function maxPeriodDegree(p: number): number {
  if (p === 2) return MAX_PERIOD_DEGREE_GF2;
  const bits = Math.ceil(Math.log2(p));
  const work = (degree: number) => degree ** 3 * bits * ((p - 1) ** 2 * (degree + 1) < 2 ** 53 ? 1 : UNEXACT_SUMS_COST);
  let degree = 1;
  while (work(degree + 1) <= MAX_PERIOD_WORK) degree++;
  return degree;
}

/**
 * Options of {@link pressPeriod}.
 *
 * @example
 * ```ts
 * const options: PressPeriodOptions = { states: 3, onProgress: (done, total) => console.log(done / total) };
 * ```
 */
export interface PressPeriodOptions extends StatesOptions {
  /** Stops the computation (checked between its steps). */
  signal?: AbortSignal;
  /** Called with the fraction of the work done, as `(done, 1)`. */
  onProgress?: (done: number, total: number) => void;
}

/**
 * The tail and period of b, A b, A^2 b, ...: exact, or what is known.
 *
 * @example
 * ```ts
 * const answer: PressPeriod = pressPeriod(gridBoard(1, 3), [1, 0, 0]);
 * if (answer.exact) console.log(answer.tail, answer.period); // 0 4n: b comes back every 4 steps
 * ```
 */
export type PressPeriod =
  | {
      /** The tail and period are exact. */
      exact: true;
      /** Steps before the sequence cycles (A^tail b is the first board that comes back). */
      tail: number;
      /** The least e >= 1 with A^(tail + e) b = A^tail b. */
      period: bigint;
    }
  | {
      /** Not found by algebra: `reason` says why; whatever is known is given. */
      exact: false;
      /** Why not, in one sentence. */
      reason: string;
      /** The tail, when known (it is exact). */
      tail?: number;
      /** The period divides this, when known. */
      periodDivides?: bigint;
      /** The period is a multiple of this, when known. */
      periodMultipleOf?: bigint;
    };

/** out = A v over Z_p: cell i gets the sum of v_j over the presses j that target it (each target once, as applyPresses). */
export function pressProduct(targets: readonly Int32Array[], v: ArrayLike<number>, p: number): Float64Array {
  const out = new Float64Array(targets.length);
  for (let j = 0; j < targets.length; j++) {
    const x = v[j]!;
    if (x === 0) continue;
    const t = targets[j]!;
    for (let e = 0; e < t.length; e++) out[t[e]!]! += x;
  }
  // each sum is below n p < 2^53
  for (let i = 0; i < out.length; i++) out[i] = residue(out[i]!, p);
  return out;
}

/** f(A) b by Horner's rule, exactly over Z_p. */
function evaluateAt(
  targets: readonly Int32Array[],
  f: ZPoly,
  b: ArrayLike<number>,
  p: number,
): Float64Array<ArrayBufferLike> {
  let w: Float64Array<ArrayBufferLike> = new Float64Array(b.length);
  for (let d = f.length - 1; d >= 0; d--) {
    w = pressProduct(targets, w, p);
    const c = f[d]!;
    if (c === 1) for (let i = 0; i < w.length; i++) w[i] = residue(w[i]! + b[i]!, p);
    else if (c !== 0) for (let i = 0; i < w.length; i++) w[i] = residue(w[i]! + mulMod(c, b[i]!, p), p);
  }
  return w;
}

/** Random projections a pass of Wiedemann's method takes at once (the Krylov vectors are shared). */
const PROJECTIONS = 3;
/** Passes before giving up: each misses a factor of mu with probability at most 1/p^PROJECTIONS. */
const MAX_PASSES = 40;
/** Terms past twice the recurrence's length before a projection is taken as done (then checked exactly). */
const SETTLE_TERMS = 16;

interface Watch {
  signal?: AbortSignal | undefined;
  progress: (fraction: number) => void;
}

/** u . v over Z_p. */
function dot(u: Float64Array, v: ArrayLike<number>, p: number, lazy: boolean): number {
  let sum = 0;
  if (lazy) {
    for (let j = 0; j < u.length; j++) sum += u[j]! * v[j]!;
    return residue(sum, p);
  }
  return splitDot(u, 0, v, 0, 1, u.length, p);
}

/**
 * One pass of Wiedemann's method: the sequences u_s . A^i b, grown until each
 * has twice its recurrence's length and more (or 2 n terms). `exactFrom(d)`
 * grows them to 2 d terms: then Berlekamp-Massey gives each sequence's own
 * minimal polynomial, a divisor of mu, once an annihilator of b of degree d
 * bounds their degrees (J. L. Massey, 1969: the recurrence is unique after 2 L terms).
 */
function krylovPass(targets: readonly Int32Array[], b: ArrayLike<number>, p: number, next: () => number, watch: Watch) {
  const n = targets.length;
  const lazy = (p - 1) * (p - 1) * n < 2 ** 53;
  const projections = Array.from({ length: PROJECTIONS }, () => Float64Array.from({ length: n }, () => next() % p));
  const machines = projections.map(() => new BerlekampMassey(p));
  let terms = 0;
  let v: ArrayLike<number> = b;
  const grow = (wanted: number) => {
    for (; terms < Math.min(wanted, 2 * n); terms++) {
      if (terms % 64 === 0) {
        watch.signal?.throwIfAborted();
        watch.progress(terms / (2 * n));
      }
      projections.forEach((u, s) => machines[s]!.push(dot(u, v, p, lazy)));
      v = pressProduct(targets, v, p);
    }
  };
  const settledAt = () => 2 * Math.max(...machines.map((m) => m.length)) + SETTLE_TERMS;
  return {
    /** The sequences' polynomials once they look settled (guesses, to be checked). */
    settled(): ZPoly[] {
      while (terms < Math.min(2 * n, settledAt())) grow(Math.max(settledAt(), terms + 1));
      return machines.map((m) => m.polynomial());
    },
    /** The sequences' own minimal polynomials, knowing an annihilator of degree `degree`. */
    exactFrom(degree: number): ZPoly[] {
      grow(2 * degree);
      return machines.map((m) => m.polynomial());
    },
  };
}

/**
 * The minimal polynomial of b with respect to A over GF(p), monic, verified:
 * an lcm of the sequences' minimal polynomials (each a divisor of mu) that
 * annihilates b is mu.
 */
function minimalPolynomial(targets: readonly Int32Array[], b: ArrayLike<number>, p: number, watch: Watch): ZPoly {
  const ring = zpolyRing(p);
  // lcm(f, g) = f (g / gcd(f, g)): mostly g divides f (each projection gives mu), and nothing is multiplied
  const lcm = (polynomials: ZPoly[], start: ZPoly) =>
    polynomials.reduce((f, g) => {
      const rest = ring.divExact(g, ring.gcd(f, g));
      return rest.length === 1 ? f : mulZ(f, rest, p);
    }, start);
  const annihilates = (f: ZPoly) => evaluateAt(targets, f, b, p).every((x) => x === 0);
  const same = (f: ZPoly, g: ZPoly) => f.length === g.length && f.every((c, i) => c === g[i]);
  const next = xoshiro128(p);
  let mu: ZPoly = [1]; // a divisor of mu, grown pass by pass
  if (Array.prototype.every.call(b, (v: number) => v === 0)) return mu;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const krylov = krylovPass(targets, b, p, next, watch);
    const guess = lcm(krylov.settled(), mu);
    const guessAnnihilates = annihilates(guess);
    // an annihilator bounds the sequences' degrees; without one, all 2 n terms
    const exact = lcm(krylov.exactFrom(guessAnnihilates ? guess.length - 1 : targets.length), mu);
    if (guessAnnihilates && same(exact, guess)) return exact;
    mu = exact;
    if (annihilates(mu)) return mu;
  }
  throw new Error(`internal error in pressPeriod: no annihilator verified after ${MAX_PASSES} passes`);
}

/** What one prime of k gives: the tail, and the period's bounds (or why none). */
type PrimeAnswer = { tail: number } & (OrderBounds | { reason: string });

function periodOverPrime(
  targets: readonly Int32Array[],
  lights: ArrayLike<number>,
  p: number,
  context: OrderContext,
  progress: (fraction: number) => void,
  wantOrder: boolean,
): PrimeAnswer {
  const b = Float64Array.from(lights, (v) => v % p);
  const mu = minimalPolynomial(targets, b, p, { signal: context.signal, progress: (f) => progress(f / 2) });
  let tail = 0;
  while (tail < mu.length - 1 && mu[tail] === 0) tail++;
  const nu = mu.slice(tail);
  if (!wantOrder) return { tail, reason: "" };
  const degree = nu.length - 1;
  const limit = maxPeriodDegree(p);
  if (degree > limit) {
    const reason = formatLimit({
      subject: `the polynomial whose order is the period over GF(${p})`,
      max: limit,
      got: degree,
      unit: ["degree", "degrees"],
      why: "the work grows as the cube of the degree",
    });
    return { tail, reason };
  }
  context.onDegrees = (done) => progress(0.5 + done / (2 * Math.max(1, degree)));
  const bounds =
    p === 2 ? polynomialOrder(gf2WordsRing, wordsOfBits(nu), context) : polynomialOrder(zpolyRing(p), nu, context);
  return { tail, ...bounds };
}

function checkOptions(options: unknown): PressPeriodOptions {
  if (options === undefined) return {};
  if (options === null || typeof options !== "object")
    throw new TypeError(`"options" expected an object, got ${describe(options)}`);
  const o = options as PressPeriodOptions;
  if (o.signal !== undefined && !(o.signal instanceof AbortSignal))
    throw new TypeError(`"signal" expected an AbortSignal, got ${describe(o.signal)}`);
  if (o.onProgress !== undefined && typeof o.onProgress !== "function")
    throw new TypeError(`"onProgress" expected a function, got ${describe(o.onProgress)}`);
  return o;
}

/**
 * The tail and period of pressing the lit cells again and again, by
 * algebra: the boards b, A b, A^2 b, ... (A the press matrix over Z_k; each
 * step presses every cell as many times as its state, from a dark board)
 * are eventually periodic, and this finds after how many steps (the tail)
 * and how often (the period) without stepping: from the minimal polynomial
 * mu = x^tail nu of b with respect to A (Wiedemann's method, verified
 * exactly), the period is the order of nu over GF(p) (the least e with
 * nu | x^e - 1; Lidl & Niederreiter, "Finite Fields", ch. 3). k prime or
 * squarefree (Chinese remainder theorem: the largest tail, the lcm of the
 * periods).
 *
 * The period needs the primes of p^d - 1 for the degrees d of nu's
 * irreducible factors: trial division, Pollard-Brent rho within a budget
 * (a second or so), Miller-Rabin (a proof below 3.3 x 10^24, a "probable
 * prime" above: 40 random bases). When a number cannot be split, the answer
 * is not exact and says what is known (the period divides `periodDivides`
 * and is a multiple of `periodMultipleOf`); it is never a guess.
 *
 * Not exact either, with the reason (and the tail): k with a square factor
 * (Z_(p^2) is no product of fields; step instead), and nu of a degree past
 * the limit of its field: 2,048 over GF(2) (packed words), and over GF(p) as
 * much as degree^3 x bits of p <= 2^28 allows (512 for p = 3, 447 for 5 and
 * 7, 256 for 65,521, 81 for 2^31 - 1). Deterministic: the random
 * projections are seeded.
 *
 * @param board - Any board of at most {@link MAX_PERIOD_CELLS} cells.
 * @param lights - b, one state 0..k-1 per cell.
 * @param options - `states` k (default 2), `signal`, `onProgress(done, 1)`.
 * @returns `{ exact: true, tail, period }` (period a bigint: it can pass 2^100), or
 *   `{ exact: false, reason, tail?, periodDivides?, periodMultipleOf? }`.
 * @throws {TypeError | RangeError} for a bad board, lights or options, or a board of more than 4,096 cells.
 * @example
 * ```ts
 * pressPeriod(gridBoard(3, 3), [1, 0, 0, 0, 0, 0, 0, 0, 0]); // { exact: true, tail: 0, period: 4n }
 * pressPeriod(gridBoard(4, 4), new Array(16).fill(1), { states: 4 }).exact; // false: 4 = 2^2
 * ```
 */
export function pressPeriod(board: Board, lights: ArrayLike<number>, options?: PressPeriodOptions): PressPeriod {
  const checked = checkBoard(board);
  const k = checkStates(options);
  const { signal, onProgress } = checkOptions(options);
  const targets = pressTargets(checked);
  if (targets.length > MAX_PERIOD_CELLS) {
    throw new RangeError(
      formatLimit({
        subject: "pressPeriod's board",
        max: MAX_PERIOD_CELLS,
        got: targets.length,
        unit: ["cell", "cells"],
        why: "the minimal polynomial takes 2 n products by the press matrix",
      }),
    );
  }
  checkValues("lights", lights, targets.length, ringOf(k));
  const primes = factorModulus(k);
  const square = primes.find(([, e]) => e > 1);
  if (square) {
    return {
      exact: false,
      reason: `k = ${k} has the square factor ${square[0]}^2: Z_${k} is no product of fields, so its period is not computed by algebra`,
    };
  }
  const context: OrderContext = {
    budget: { steps: RHO_BUDGET },
    cyclotomic: new Map<number, Factorization>(),
    unsplit: [],
    signal,
  };
  let tail = 0;
  let divides = 1n;
  let multipleOf = 1n;
  let refused: string | undefined;
  let reported = 0;
  for (let index = 0; index < primes.length; index++) {
    const p = primes[index]![0];
    context.cyclotomic = new Map(); // the factorizations of p^d - 1 belong to one p
    // a second pass of Wiedemann's method starts its terms again: never report going back
    const progress = (f: number) => {
      reported = Math.max(reported, (index + f) / primes.length);
      onProgress?.(reported, 1);
    };
    // after a refusal only the tails are still wanted
    const answer = periodOverPrime(targets, lights, p, context, progress, refused === undefined);
    tail = Math.max(tail, answer.tail);
    if ("reason" in answer) refused ??= answer.reason;
    else {
      divides = lcmBig(divides, answer.divides);
      multipleOf = lcmBig(multipleOf, answer.multipleOf);
    }
  }
  onProgress?.(1, 1);
  if (refused !== undefined) return { exact: false, reason: refused, tail };
  if (divides === multipleOf) return { exact: true, tail, period: divides };
  const [first] = context.unsplit;
  return {
    exact: false,
    reason: `${first ? `${first.p}^${first.degree} - 1` : "a number p^d - 1"} keeps a composite factor of ${first?.digits ?? "many"} digits that Pollard-Brent rho did not split within its budget, so the period is known only to divide one number and be a multiple of another`,
    tail,
    periodDivides: divides,
    periodMultipleOf: multipleOf,
  };
}
