// Counts of solutions, quiet patterns and winnable boards as products of
// prime powers. Every such count of a board is k^something over Z_k: 2^nullity
// and 2^rank for two states, and for k states a product of the orders of the
// quiet patterns' cyclic generators (each a divisor of k) and k^cells over
// it. The exponents are exact and cost nothing at any size, while the
// integers themselves grow with the board: 2^rank of the 10000 x 10000 grid
// has 30 million decimal digits (V8 takes seconds to build 3^(10^8), and
// tens of seconds and gigabytes to write 2^(10^8) in decimal). So the
// solvers return the exponents, and the bigints only when they are read.

/**
 * A prime power p^e, one factor of a count.
 *
 * @example
 * ```ts
 * const f: PrimePower = { prime: 2, exponent: 23 }; // 2^23: the winnable boards of the 5 x 5 grid
 * ```
 */
export interface PrimePower {
  /** A prime. */
  readonly prime: number;
  /** Its exponent, at least 1. */
  readonly exponent: number;
}

/**
 * The prime factors of k (an integer 1..2^31), ascending.
 *
 * @param k - The integer.
 * @returns k as prime powers (`[]` for 1).
 */
export function primePowersOf(k: number): PrimePower[] {
  const out: PrimePower[] = [];
  let rest = k;
  for (let p = 2; p * p <= rest; p++) {
    let e = 0;
    for (; rest % p === 0; rest /= p) e++;
    if (e > 0) out.push({ prime: p, exponent: e });
  }
  if (rest > 1) out.push({ prime: rest, exponent: 1 });
  return out;
}

/**
 * The count of a product of prime powers, exactly: cheap while it is
 * small, and as long as the number is for a huge one (`2^(10^8)` is
 * 12.5 MB; writing it in decimal is much slower: see {@link formatPrimePowers}).
 *
 * @param factors - Prime powers (a prime may repeat).
 * @returns Their product (`1n` for none).
 * @example
 * ```ts
 * countValue([{ prime: 2, exponent: 3 }, { prime: 3, exponent: 2 }]); // 72n
 * countValue(solveLightsOut(gridBoard(5, 5), new Array(25).fill(1)).winnableBoardsFactors); // 8388608n
 * ```
 */
export function countValue(factors: readonly PrimePower[]): bigint {
  let value = 1n;
  for (const { prime, exponent } of factors) {
    value *= prime === 2 ? 1n << BigInt(exponent) : BigInt(prime) ** BigInt(exponent);
  }
  return value;
}

/** Counts at most this many bits long are written in decimal by {@link formatPrimePowers} (2^256 has 78 digits). */
export const DECIMAL_COUNT_BITS = 256;

/**
 * A count as text: exact decimal digits while it is at most 2^256 (78
 * digits), beyond that its prime powers, `2^99999998` or `2^4*3^1000`
 * (ascending primes, `*` between, `^e` left out for e = 1). Both are exact;
 * the power form is never longer than a few dozen characters per prime,
 * where the decimal digits of 2^(10^8) would be 30 million.
 *
 * @param factors - Prime powers (a prime may repeat; they are merged).
 * @param decimalBits - Largest count in decimal is 2^decimalBits (default {@link DECIMAL_COUNT_BITS}).
 * @returns The text.
 * @example
 * ```ts
 * formatPrimePowers([{ prime: 2, exponent: 23 }]);       // "8388608"
 * formatPrimePowers([{ prime: 2, exponent: 99999998 }]); // "2^99999998"
 * formatPrimePowers([{ prime: 3, exponent: 2 }, { prime: 2, exponent: 300 }]); // "2^300*3^2"
 * ```
 */
export function formatPrimePowers(factors: readonly PrimePower[], decimalBits = DECIMAL_COUNT_BITS): string {
  const merged = mergePowers(factors);
  // log2 of the count, a little above the truth (so a count at the bound is built and compared exactly)
  const bits = merged.reduce((sum, { prime, exponent }) => sum + exponent * Math.log2(prime), 0);
  if (bits <= decimalBits + 1) {
    const value = countValue(merged);
    if (value <= 1n << BigInt(decimalBits)) return value.toString();
  }
  return merged.map(({ prime, exponent }) => (exponent === 1 ? `${prime}` : `${prime}^${exponent}`)).join("*");
}

/**
 * Prime powers merged by prime, ascending, without zero exponents.
 *
 * @param factors - Prime powers, a prime possibly repeated.
 * @returns One entry per prime.
 */
export function mergePowers(factors: readonly PrimePower[]): PrimePower[] {
  const byPrime = new Map<number, number>();
  for (const { prime, exponent } of factors) byPrime.set(prime, (byPrime.get(prime) ?? 0) + exponent);
  return [...byPrime]
    .filter(([, exponent]) => exponent !== 0)
    .sort(([a], [b]) => a - b)
    .map(([prime, exponent]) => ({ prime, exponent }));
}

/** The count fields of a solution: the exponents, and the bigints built when first read. */
export interface SolutionCounts {
  solutions: bigint;
  quietCount: bigint;
  winnableBoards: bigint;
  quietCountFactors: readonly PrimePower[];
  winnableBoardsFactors: readonly PrimePower[];
}

/**
 * Adds the counts to a solution: `quietCountFactors` and
 * `winnableBoardsFactors` as they are, and `solutions`, `quietCount` and
 * `winnableBoards` as enumerable getters that build the bigint when first
 * read and then keep it (a plain property from then on). Spreading the
 * object reads them all.
 *
 * @param target - The solution without its counts.
 * @param solvable - Whether it is solvable (`solutions` is then quietCount, else 0).
 * @param quiet - The number of quiet patterns as prime powers.
 * @param winnable - The number of winnable boards as prime powers.
 * @returns `target`, with the counts.
 */
export function withCounts<T extends object>(
  target: T,
  solvable: boolean,
  quiet: readonly PrimePower[],
  winnable: readonly PrimePower[],
): T & SolutionCounts {
  const quietCountFactors = mergePowers(quiet);
  const winnableBoardsFactors = mergePowers(winnable);
  const out = Object.assign(target, { quietCountFactors, winnableBoardsFactors });
  const lazy = (name: "solutions" | "quietCount" | "winnableBoards", value: () => bigint) => {
    const settle = (v: bigint) => {
      Object.defineProperty(out, name, { value: v, writable: true, enumerable: true, configurable: true });
      return v;
    };
    Object.defineProperty(out, name, {
      get: () => settle(value()),
      set: settle,
      enumerable: true,
      configurable: true,
    });
  };
  lazy("quietCount", () => countValue(quietCountFactors));
  lazy("solutions", () => (solvable ? (out as unknown as SolutionCounts).quietCount : 0n));
  lazy("winnableBoards", () => countValue(winnableBoardsFactors));
  return out as T & SolutionCounts;
}
