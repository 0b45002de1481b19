// Integer factoring with BigInt for the orders of polynomials over GF(p):
// the order of an irreducible polynomial of degree d divides p^d - 1, so the
// primes of p^d - 1 are needed (Lidl & Niederreiter, "Finite Fields", 2nd
// ed., Theorem 3.3 and Section 3.1). p^d - 1 splits first into the values
// Phi_m(p) of the cyclotomic polynomials, m | d (x^d - 1 = prod_{m | d}
// Phi_m(x), ibid. Theorem 2.45); each value then by trial division, Pollard's
// rho in Brent's form (R. P. Brent, "An improved Monte Carlo factorization
// algorithm", BIT 20 (1980)) within a budget, and the Miller-Rabin test.

import { xoshiro128 } from "../internal/random.js";
import { smallestFactor } from "./arith.js";

/**
 * Bases that make Miller-Rabin deterministic below 3,317,044,064,679,887,385,961,981
 * (the first 13 primes; J. Sorenson and J. Webster, "Strong pseudoprimes to twelve
 * prime bases", Math. Comp. 86 (2017)).
 */
const DETERMINISTIC_BASES = [2n, 3n, 5n, 7n, 11n, 13n, 17n, 19n, 23n, 29n, 31n, 37n, 41n];
const DETERMINISTIC_BELOW = 3_317_044_064_679_887_385_961_981n;
/** Random bases above that bound: a composite passes each with probability at most 1/4. */
const RANDOM_BASES = 40;
/** Trial division runs over the odd numbers up to this bound. */
const TRIAL_DIVISION_BOUND = 10_000n;
/**
 * Work Pollard-Brent may do for one computation, over all its cofactors, in
 * steps on numbers of 128 bits; a step on b bits costs (b / 128)^2 of them
 * (schoolbook products). About a second.
 */
export const RHO_BUDGET = 1_000_000;

/** b^e mod m, for e >= 0 and m >= 1. */
export function powModBig(b: bigint, e: bigint, m: bigint): bigint {
  let result = 1n % m;
  let base = ((b % m) + m) % m;
  let rest = e;
  while (rest > 0n) {
    if (rest & 1n) result = (result * base) % m;
    rest >>= 1n;
    if (rest > 0n) base = (base * base) % m;
  }
  return result;
}

export function gcdBig(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

export function lcmBig(a: bigint, b: bigint): bigint {
  return a === 0n || b === 0n ? 0n : (a / gcdBig(a, b)) * b;
}

/** One strong-probable-prime round of Miller-Rabin: n odd > 2, n - 1 = d 2^s. */
function strongProbablePrime(n: bigint, base: bigint, d: bigint, s: number): boolean {
  let x = powModBig(base, d, n);
  if (x === 1n || x === n - 1n) return true;
  for (let i = 1; i < s; i++) {
    x = (x * x) % n;
    if (x === n - 1n) return true;
  }
  return false;
}

/**
 * Whether n is prime: proven below 3.3 x 10^24 (deterministic bases), a
 * "probable prime" above (40 seeded random bases besides: a composite passes
 * with probability below 4^-40).
 */
export function isProbablePrime(n: bigint): boolean {
  if (n < 2n) return false;
  for (const q of DETERMINISTIC_BASES) {
    if (n === q) return true;
    if (n % q === 0n) return false;
  }
  let d = n - 1n;
  let s = 0;
  while ((d & 1n) === 0n) {
    d >>= 1n;
    s++;
  }
  for (const base of DETERMINISTIC_BASES) if (!strongProbablePrime(n, base, d, s)) return false;
  if (n < DETERMINISTIC_BELOW) return true;
  const next = xoshiro128(Number(n % 0xffffffffn));
  for (let i = 0; i < RANDOM_BASES; i++) {
    const r = (BigInt(next()) << 64n) | (BigInt(next()) << 32n) | BigInt(next());
    if (!strongProbablePrime(n, 2n + (r % (n - 3n)), d, s)) return false;
  }
  return true;
}

/** A budget of rho steps shared by the cofactors of one computation. */
export interface RhoBudget {
  steps: number;
}

/**
 * A nontrivial factor of an odd composite n by Pollard's rho in Brent's
 * form (products of 128 differences between gcds), or undefined when the
 * budget runs out first. The budget is decremented by the steps taken.
 */
export function pollardBrentRho(n: bigint, budget: RhoBudget, seed = 1): bigint | undefined {
  const next = xoshiro128(seed);
  const batch = 128;
  const cost = Math.ceil(n.toString(2).length / 128) ** 2;
  while (budget.steps > 0) {
    const c = 1n + (BigInt(next()) % (n - 1n));
    const f = (v: bigint) => (v * v + c) % n;
    let y = BigInt(next()) % n;
    let x = y;
    let ys = y;
    let g = 1n;
    let q = 1n;
    for (let r = 1; g === 1n && budget.steps > 0; r *= 2) {
      x = y;
      for (let i = 0; i < r; i++) y = f(y);
      budget.steps -= r * cost;
      for (let k = 0; k < r && g === 1n; k += batch) {
        ys = y;
        const m = Math.min(batch, r - k);
        for (let i = 0; i < m; i++) {
          y = f(y);
          q = (q * (x > y ? x - y : y - x)) % n;
        }
        budget.steps -= m * cost;
        g = gcdBig(q, n);
      }
    }
    if (g === n) {
      // the batch overshot: step back one difference at a time
      do {
        ys = f(ys);
        g = gcdBig(x > ys ? x - ys : ys - x, n);
      } while (g === 1n);
    }
    if (g !== 1n && g !== n) return g;
  }
  return undefined;
}

/** A factorization: primes with exponents, and the composites no method split within the budget. */
export interface Factorization {
  primes: Map<bigint, number>;
  unsplit: bigint[];
}

function addPrime(into: Factorization, q: bigint, times = 1): void {
  into.primes.set(q, (into.primes.get(q) ?? 0) + times);
}

/** Splits n >= 1 into primes (trial division, then rho and Miller-Rabin), adding to `into`. */
export function factorInto(n: bigint, into: Factorization, budget: RhoBudget): void {
  let rest = n;
  for (let q = 2n; q <= TRIAL_DIVISION_BOUND && q * q <= rest; q += q === 2n ? 1n : 2n) {
    while (rest % q === 0n) {
      addPrime(into, q);
      rest /= q;
    }
  }
  const pending = rest > 1n ? [rest] : [];
  while (pending.length > 0) {
    const m = pending.pop()!;
    if (m <= TRIAL_DIVISION_BOUND * TRIAL_DIVISION_BOUND || isProbablePrime(m)) {
      addPrime(into, m);
      continue;
    }
    const root = perfectPowerRoot(m);
    if (root) {
      for (let i = 0; i < root.power; i++) pending.push(root.base);
      continue;
    }
    const found = pollardBrentRho(m, budget, pending.length + 1);
    if (found === undefined) into.unsplit.push(m);
    else pending.push(found, m / found);
  }
}

/** n = base^power with power >= 2, if so (rho cannot split a prime power). */
function perfectPowerRoot(n: bigint): { base: bigint; power: number } | undefined {
  const bits = n.toString(2).length;
  for (let power = 2; power <= bits; power++) {
    if (smallestFactor(power) !== power) continue; // a composite power is a prime power too
    const base = integerRoot(n, power, bits);
    if (base ** BigInt(power) === n) return { base, power };
  }
  return undefined;
}

/** floor(n^(1/k)) by Newton's method. */
function integerRoot(n: bigint, k: number, bits: number): bigint {
  const big = BigInt(k);
  let x = 1n << BigInt(Math.ceil(bits / k) + 1);
  for (;;) {
    const y = ((big - 1n) * x + n / x ** (big - 1n)) / big;
    if (y >= x) return x;
    x = y;
  }
}

/** The Moebius function of a small n. */
function moebius(n: number): number {
  let sign = 1;
  let rest = n;
  for (let q = 2; q * q <= rest; q++) {
    if (rest % q !== 0) continue;
    rest /= q;
    if (rest % q === 0) return 0;
    sign = -sign;
  }
  return rest > 1 ? -sign : sign;
}

/** Phi_m(p) = prod_{d | m} (p^d - 1)^mu(m/d) (Lidl & Niederreiter, Theorem 3.27). */
export function cyclotomicValue(m: number, p: bigint): bigint {
  let numerator = 1n;
  let denominator = 1n;
  for (let d = 1; d <= m; d++) {
    if (m % d !== 0) continue;
    const mu = moebius(m / d);
    if (mu === 1) numerator *= p ** BigInt(d) - 1n;
    else if (mu === -1) denominator *= p ** BigInt(d) - 1n;
  }
  return numerator / denominator;
}

/**
 * The prime factors of p^d - 1 through the values Phi_m(p), m | d, each
 * factored once for the whole computation (`cache`, keyed by m).
 */
export function factorPowerMinusOne(
  p: number,
  d: number,
  budget: RhoBudget,
  cache: Map<number, Factorization>,
): Factorization {
  const out: Factorization = { primes: new Map(), unsplit: [] };
  for (let m = 1; m <= d; m++) {
    if (d % m !== 0) continue;
    let part = cache.get(m);
    if (!part) {
      part = { primes: new Map(), unsplit: [] };
      factorInto(cyclotomicValue(m, BigInt(p)), part, budget);
      cache.set(m, part);
    }
    for (const [q, e] of part.primes) addPrime(out, q, e);
    out.unsplit.push(...part.unsplit);
  }
  return out;
}
