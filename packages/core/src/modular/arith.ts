// Modular arithmetic shared by fields/, rings/ and solvers/ (and the Z_m
// kernels here), and the primality test that tells a field from a ring.
//
// Arithmetic stays in doubles below 2^53: residues are below 2^31, and a
// product of two is split as a * b_hi * 2^16 + a * b_lo (each part < 2^47).

/**
 * The largest modulus anywhere in the library (Z_k, GF(p), Z_p matrices,
 * k light states): residues below 2^31 fit an i32 in the kernels and their
 * products stay exact in doubles here.
 */
export const MAX_MODULUS = 2 ** 31 - 1;

/** a * b mod m for residues below 2^31, exact. */
export function mulMod(a: number, b: number, m: number): number {
  if (m <= 94_906_265) return (a * b) % m; // m^2 < 2^53
  return (((a * (b >>> 16)) % m) * 65536 + a * (b & 0xffff)) % m;
}

/** The inverse of a unit u modulo m (extended Euclid). */
export function invMod(u: number, m: number): number {
  let [r0, r1] = [m, u % m];
  let [s0, s1] = [0, 1];
  while (r1 !== 0) {
    const q = Math.floor(r0 / r1);
    [r0, r1] = [r1, r0 - q * r1];
    [s0, s1] = [s1, s0 - q * s1];
  }
  if (r0 !== 1) throw new RangeError(`${u} has no inverse modulo ${m}`);
  return ((s0 % m) + m) % m;
}

/**
 * True when n is a prime (deterministic: trial division, n < 2^53).
 *
 * @param n - Any value; non-integers and integers below 2 are not prime.
 * @returns Whether n is a prime.
 * @example
 * ```ts
 * isPrime(65521); // true
 * isPrime(91);    // false (7 x 13)
 * ```
 */
export function isPrime(n: number): boolean {
  if (!Number.isSafeInteger(n) || n < 2) return false;
  return smallestFactor(n) === n;
}

/** The least prime factor of an integer n >= 2 (trial division by 2, 3 and 6k +- 1). */
export function smallestFactor(n: number): number {
  if (n % 2 === 0) return 2;
  if (n % 3 === 0) return 3;
  for (let d = 5; d * d <= n; d += 6) {
    if (n % d === 0) return d;
    if (n % (d + 2) === 0) return d + 2;
  }
  return n;
}
