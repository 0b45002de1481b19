// The order of a polynomial over GF(p): the least e >= 1 with f | x^e - 1,
// for f(0) != 0 (Lidl & Niederreiter, "Finite Fields", 2nd ed., Section 3.1).
// Written once over an interface of polynomial arithmetic (PolyRing), so the
// same algorithm runs on residue arrays (any p, zpolyRing below) and on
// packed GF(2) words (poly/ supplies that ring):
//
// * squarefree decomposition f = prod g_i^i (Yun's algorithm with the p-th
//   roots characteristic p needs: von zur Gathen & Gerhard, "Modern Computer
//   Algebra", Section 14.6);
// * distinct-degree factorization of each g_i into F_d, the products of its
//   irreducible factors of degree d (gcd(x^(p^d) - x, g): ibid. Algorithm
//   14.3; x^(p^d) by the Frobenius map a -> a^p, linear over GF(p));
// * the order of F_d divides p^d - 1 (Theorems 3.3 and 3.9: the lcm of its
//   factors' orders, each dividing p^d - 1): the least divisor e of p^d - 1
//   with x^e = 1 mod F_d, its q-part for each prime q found as the order of
//   x^((p^d - 1) / q^a) (the same answer as dividing out each q from p^d - 1
//   while x^(e/q) = 1, with fewer powers: a product tree over the primes);
// * a factor of multiplicity m multiplies its order by p^t, p^t >= m the least
//   (Theorem 3.8), and coprime factors take the lcm (Theorem 3.9).

import { type Factorization, factorPowerMinusOne, isProbablePrime, lcmBig, type RhoBudget } from "../modular/factor.js";
import { invMod, mulMod } from "../modular/arith.js";
import { gcd, trim, type ZPoly } from "./_zpoly.js";

export type { ZPoly };

/** The arithmetic the order needs; moduli are monic, gcds come back monic. */
export interface PolyRing<P> {
  readonly p: number;
  readonly one: P;
  readonly x: P;
  degree(a: P): number;
  sub(a: P, b: P): P;
  rem(a: P, modulus: P): P;
  mulRem(a: P, b: P, modulus: P): P;
  /** Monic gcd (gcd(a, 0) = a made monic). */
  gcd(a: P, b: P): P;
  /** a / b, b dividing a. */
  divExact(a: P, b: P): P;
  derivative(a: P): P;
  /** The p-th root of a polynomial in x^p (over GF(p), a^p = a for each coefficient). */
  pthRoot(a: P): P;
  /** a -> a^p mod `modulus` (linear over GF(p): worth preparing once per modulus). */
  frobenius(modulus: P): (a: P) => P;
  isOne(a: P): boolean;
}

/** What is known of an order: exact when `divides === multipleOf`. */
export interface OrderBounds {
  /** The order divides this. */
  divides: bigint;
  /** The order is a multiple of this. */
  multipleOf: bigint;
}

/** Shared state of one computation: the rho budget, the factorizations of p^d - 1 met so far, watching. */
export interface OrderContext {
  budget: RhoBudget;
  cyclotomic: Map<number, Factorization>;
  /** The numbers p^d - 1 whose composite cofactor (of so many digits) was not split. */
  unsplit: { p: number; degree: number; digits: number }[];
  signal?: AbortSignal | undefined;
  /** Degrees of the polynomial done so far, of its total (the distinct-degree factorization dominates). */
  onDegrees?: ((done: number) => void) | undefined;
}

/** a^e mod `modulus` (e >= 0) by squaring, from the top bit. */
export function powRem<P>(ring: PolyRing<P>, a: P, e: bigint, modulus: P): P {
  if (e === 0n) return ring.rem(ring.one, modulus);
  const bits = e.toString(2);
  const base = ring.rem(a, modulus);
  let out = base;
  for (let i = 1; i < bits.length; i++) {
    out = ring.mulRem(out, out, modulus);
    if (bits[i] === "1") out = ring.mulRem(out, base, modulus);
  }
  return out;
}

/** The squarefree parts g_i of a monic f = prod g_i^i, with their multiplicities. */
export function squarefreeParts<P>(ring: PolyRing<P>, f: P): { part: P; multiplicity: number }[] {
  const out: { part: P; multiplicity: number }[] = [];
  const split = (g: P, scale: number): void => {
    let c = ring.gcd(g, ring.derivative(g));
    let w = ring.divExact(g, c);
    for (let i = 1; ring.degree(w) > 0; i++) {
      const y = ring.gcd(w, c);
      const part = ring.divExact(w, y);
      if (ring.degree(part) > 0) out.push({ part, multiplicity: i * scale });
      w = y;
      c = ring.divExact(c, y);
    }
    // what is left is a p-th power
    if (ring.degree(c) > 0) split(ring.pthRoot(c), scale * ring.p);
  };
  split(f, 1);
  return out;
}

/** The products F_d of the irreducible factors of degree d of a monic squarefree g. */
export function distinctDegreeParts<P>(
  ring: PolyRing<P>,
  g: P,
  context: OrderContext,
  degreesBefore: number,
): { degree: number; product: P }[] {
  const out: { degree: number; product: P }[] = [];
  const frobenius = ring.frobenius(g);
  const x = ring.rem(ring.x, g);
  let power = x; // x^(p^d) mod g
  let rest = g;
  for (let d = 1; 2 * d <= ring.degree(rest); d++) {
    context.signal?.throwIfAborted();
    power = frobenius(power);
    const product = ring.gcd(ring.sub(power, x), rest);
    if (ring.degree(product) > 0) {
      out.push({ degree: d, product });
      rest = ring.divExact(rest, product);
    }
    context.onDegrees?.(degreesBefore + Math.min(ring.degree(g), 2 * d));
  }
  if (ring.degree(rest) > 0) out.push({ degree: ring.degree(rest), product: rest });
  return out;
}

/**
 * The order of y mod `modulus`, knowing y^n = 1 for n the product of the
 * prime powers given. Split in halves n = n1 n2 (coprime): the order's n1
 * part is the order of y^n2, and so on down (a product tree: about
 * log(n) log(#primes) products rather than log(n) #primes, which matters
 * for p^d - 1 with dozens of primes).
 */
function orderDividing<P>(
  ring: PolyRing<P>,
  y: P,
  primes: readonly [bigint, number][],
  modulus: P,
  signal: AbortSignal | undefined,
): bigint {
  signal?.throwIfAborted();
  if (primes.length === 0) return 1n;
  if (primes.length === 1) {
    const [q] = primes[0]!;
    let order = 1n;
    for (let z = y; !ring.isOne(z); z = powRem(ring, z, q, modulus)) order *= q;
    return order;
  }
  const half = primes.length >> 1;
  const product = (list: readonly [bigint, number][]) => list.reduce((m, [q, a]) => m * q ** BigInt(a), 1n);
  const [first, second] = [primes.slice(0, half), primes.slice(half)];
  return (
    orderDividing(ring, powRem(ring, y, product(second), modulus), first, modulus, signal) *
    orderDividing(ring, powRem(ring, y, product(first), modulus), second, modulus, signal)
  );
}

/**
 * The order of x modulo F, a squarefree product of irreducibles of degree d.
 * When p^d - 1 keeps a composite cofactor C that was not split, the part of
 * the order prime to C is still exact (the order of x^C); the rest is 1 when
 * x^(that part) = 1, else an unknown divisor > 1 of C: bounds, not a guess.
 */
export function orderOfX<P>(ring: PolyRing<P>, product: P, d: number, context: OrderContext): OrderBounds {
  const p = ring.p;
  const known = factorPowerMinusOne(p, d, context.budget, context.cyclotomic);
  const primes = new Map(known.primes);
  let unsplit = 1n;
  for (let c of known.unsplit) {
    // a prime found elsewhere may divide a cofactor: keep the cofactor prime to the known part
    for (const q of [...primes.keys()]) {
      while (c % q === 0n) {
        c /= q;
        primes.set(q, primes.get(q)! + 1);
      }
    }
    if (c > 1n && isProbablePrime(c)) primes.set(c, (primes.get(c) ?? 0) + 1);
    else unsplit *= c;
  }
  const x = ring.rem(ring.x, product);
  const knownPart = orderDividing(ring, powRem(ring, x, unsplit, product), [...primes], product, context.signal);
  if (unsplit === 1n || ring.isOne(powRem(ring, x, knownPart, product))) {
    return { divides: knownPart, multipleOf: knownPart };
  }
  context.unsplit.push({ p, degree: d, digits: unsplit.toString().length });
  return { divides: knownPart * unsplit, multipleOf: knownPart };
}

/**
 * The order of a monic f with f(0) != 0 over GF(p) (1 for f = 1), or bounds
 * on it when a number p^d - 1 could not be factored within the budget.
 */
export function polynomialOrder<P>(ring: PolyRing<P>, f: P, context: OrderContext): OrderBounds {
  let divides = 1n;
  let multipleOf = 1n;
  let degreesDone = 0;
  for (const { part, multiplicity } of squarefreeParts(ring, f)) {
    // p^t >= multiplicity, the least
    let scale = 1n;
    while (scale < BigInt(multiplicity)) scale *= BigInt(ring.p);
    for (const { degree, product } of distinctDegreeParts(ring, part, context, degreesDone)) {
      context.signal?.throwIfAborted();
      const bounds = orderOfX(ring, product, degree, context);
      divides = lcmBig(divides, bounds.divides * scale);
      multipleOf = lcmBig(multipleOf, bounds.multipleOf * scale);
    }
    degreesDone += ring.degree(part);
    context.onDegrees?.(degreesDone);
  }
  return { divides, multipleOf };
}

/**
 * The minimal polynomial (monic) of a linearly recurrent sequence over GF(p)
 * by Berlekamp-Massey (J. L. Massey, "Shift-register synthesis and BCH
 * decoding", IEEE Trans. Inform. Theory 15 (1969)), fed a term at a time:
 * the shortest recurrence so far, written as x^L c(1/x) so that a factor x
 * shows a tail. Exact once the sequence has twice the recurrence's length.
 */
export class BerlekampMassey {
  readonly #p: number;
  readonly #lazy: (terms: number) => boolean;
  readonly #terms: number[] = [];
  #c: number[] = [1];
  #b: number[] = [1];
  #length = 0;
  #shift = 1;
  #lastDiscrepancy = 1;

  constructor(p: number) {
    this.#p = p;
    this.#lazy = (terms) => exactSums(p, terms);
  }

  /** L, the length of the shortest recurrence of the terms so far. */
  get length(): number {
    return this.#length;
  }

  /** Takes the next term (a residue mod p). */
  push(term: number): void {
    const p = this.#p;
    const s = this.#terms;
    const n = s.length;
    s.push(term);
    const c = this.#c;
    let discrepancy = term;
    const top = Math.min(this.#length, c.length - 1);
    if (this.#lazy(top + 1)) {
      for (let i = 1; i <= top; i++) discrepancy += c[i]! * s[n - i]!;
      discrepancy = residue(discrepancy, p);
    } else discrepancy = (discrepancy + splitDot(c, 1, s, n - 1, -1, top, p)) % p;
    if (discrepancy === 0) {
      this.#shift++;
      return;
    }
    const factor = p - mulMod(discrepancy, invMod(this.#lastDiscrepancy, p), p);
    const previous = 2 * this.#length <= n ? c.slice() : undefined;
    const b = this.#b;
    const shift = this.#shift;
    while (c.length < b.length + shift) c.push(0);
    for (let i = 0; i < b.length; i++) c[i + shift] = addMod(c[i + shift]!, mulMod(factor, b[i]!, p), p);
    if (previous) {
      this.#length = n + 1 - this.#length;
      this.#b = previous;
      this.#lastDiscrepancy = discrepancy;
      this.#shift = 1;
    } else this.#shift++;
  }

  /** The minimal polynomial of the terms so far: coefficient of x^(L - i) is c_i. */
  polynomial(): ZPoly {
    const length = this.#length;
    const out = new Array<number>(length + 1).fill(0);
    for (let i = 0; i <= length; i++) out[length - i] = this.#c[i] ?? 0;
    return out;
  }
}

/** The minimal polynomial of a whole sequence (see {@link BerlekampMassey}). */
export function berlekampMassey(sequence: ArrayLike<number>, p: number): ZPoly {
  const machine = new BerlekampMassey(p);
  for (let i = 0; i < sequence.length; i++) machine.push(sequence[i]!);
  return machine.polynomial();
}

/**
 * x mod p for 0 <= x < 2^53: the quotient x / p, correctly rounded, cannot
 * reach the next integer below 2^53, and this is 3 times faster than `%`
 * on doubles (V8 calls fmod).
 */
export function residue(x: number, p: number): number {
  return x - Math.floor(x / p) * p;
}

/** a + b mod p for residues a, b. */
function addMod(a: number, b: number, p: number): number {
  const sum = a + b;
  return sum >= p ? sum - p : sum;
}

/**
 * sum_{i < count} a[aStart + i] b[bStart + i step] mod p for residues below
 * 2^31 whose products do not add up exactly in doubles: a's entries split in
 * 16-bit halves, two sums of products below 2^47 each, reduced every 32 terms.
 */
export function splitDot(
  a: ArrayLike<number>,
  aStart: number,
  b: ArrayLike<number>,
  bStart: number,
  step: number,
  count: number,
  p: number,
): number {
  let high = 0;
  let low = 0;
  for (let done = 0; done < count; ) {
    const end = Math.min(count, done + 32);
    for (let i = done; i < end; i++) {
      const x = a[aStart + i]!;
      const y = b[bStart + i * step]!;
      high += (x >>> 16) * y;
      low += (x & 0xffff) * y;
    }
    high %= p;
    low %= p;
    done = end;
  }
  return (((high * 65536) % p) + low) % p;
}

/** Whether sums of `terms` products of residues below p stay exact in doubles. */
function exactSums(p: number, terms: number): boolean {
  return (p - 1) * (p - 1) * terms + p < 2 ** 53;
}

/** a b (no reduction by a modulus). */
export function mulZ(a: ZPoly, b: ZPoly, p: number): ZPoly {
  if (a.length === 0 || b.length === 0) return [];
  const out = new Float64Array(a.length + b.length - 1);
  const lazy = exactSums(p, Math.min(a.length, b.length));
  for (let i = 0; i < a.length; i++) {
    const ai = a[i]!;
    if (ai === 0) continue;
    if (lazy) for (let j = 0; j < b.length; j++) out[i + j]! += ai * b[j]!;
    else for (let j = 0; j < b.length; j++) out[i + j] = addMod(out[i + j]!, mulMod(ai, b[j]!, p), p);
  }
  return trim(Array.from(out, (v) => residue(v, p)));
}

/** a mod h for a monic h, and the quotient when asked (`quotient` gets its coefficients). */
export function remMonicZ(a: ArrayLike<number>, h: ZPoly, p: number, quotient?: number[]): ZPoly {
  const db = h.length - 1;
  const out = Float64Array.from(a as ArrayLike<number>);
  if (out.length <= db) return trim(Array.from(out));
  const negated = h.map((c) => (c === 0 ? 0 : p - c));
  const lazy = exactSums(p, db + 1);
  if (quotient) quotient.length = out.length - db;
  for (let i = out.length - 1; i >= db; i--) {
    const c = residue(out[i]!, p);
    if (quotient) quotient[i - db] = c;
    if (c === 0) continue;
    const base = i - db;
    if (lazy) for (let j = 0; j < db; j++) out[base + j]! += c * negated[j]!;
    else for (let j = 0; j < db; j++) out[base + j] = addMod(out[base + j]!, mulMod(c, negated[j]!, p), p);
  }
  return trim(Array.from(out.subarray(0, db), (v) => residue(v, p)));
}

/** a made monic (zero stays zero). */
export function monicZ(a: ZPoly, p: number): ZPoly {
  if (a.length === 0 || a[a.length - 1] === 1) return a;
  const inverse = invMod(a[a.length - 1]!, p);
  return a.map((c) => mulMod(c, inverse, p));
}

/** The Frobenius map a -> a^p mod g as a matrix: row j is x^(p j) mod g (Berlekamp's Q). */
function frobeniusMatrix(g: ZPoly, p: number): (a: ZPoly) => ZPoly {
  const degree = g.length - 1;
  if (degree <= 0) return () => [];
  const xp = powRem(zpolyRing(p), [0, 1], BigInt(p), g);
  const rows: Float64Array[] = [];
  let row: ZPoly = remMonicZ([1], g, p);
  for (let j = 0; j < degree; j++) {
    const dense = new Float64Array(degree);
    dense.set(row);
    rows.push(dense);
    row = remMonicZ(mulZ(row, xp, p), g, p);
  }
  const lazy = exactSums(p, degree);
  return (a) => {
    const out = new Float64Array(degree);
    for (let j = 0; j < a.length; j++) {
      const aj = a[j]!;
      if (aj === 0) continue;
      const r = rows[j]!;
      if (lazy) for (let i = 0; i < degree; i++) out[i]! += aj * r[i]!;
      else for (let i = 0; i < degree; i++) out[i] = addMod(out[i]!, mulMod(aj, r[i]!, p), p);
    }
    return trim(Array.from(out, (v) => residue(v, p)));
  };
}

/** Polynomials over GF(p) as residue arrays, lowest degree first (fields/_zpoly.ts). */
export function zpolyRing(p: number): PolyRing<ZPoly> {
  const ring: PolyRing<ZPoly> = {
    p,
    one: [1],
    x: [0, 1],
    degree: (a) => a.length - 1,
    sub: (a, b) => {
      const out = new Array<number>(Math.max(a.length, b.length)).fill(0);
      for (let i = 0; i < out.length; i++) out[i] = ((a[i] ?? 0) - (b[i] ?? 0) + p) % p;
      return trim(out);
    },
    rem: (a, h) => remMonicZ(a, h, p),
    mulRem: (a, b, h) => remMonicZ(mulZ(a, b, p), h, p),
    gcd: (a, b) => monicZ(gcd(a, b, p), p),
    divExact: (a, b) => {
      const made = monicZ(b, p);
      const quotient: number[] = [];
      remMonicZ(a, made, p, quotient);
      // a / b = (a / made) / lead(b)
      const scale = invMod(b[b.length - 1]!, p);
      return trim(quotient.map((c) => mulMod(c, scale, p)));
    },
    derivative: (a) => trim(a.slice(1).map((c, i) => mulMod(c, (i + 1) % p, p))),
    pthRoot: (a) => a.filter((_, i) => i % p === 0),
    frobenius: (g) => frobeniusMatrix(g, p),
    isOne: (a) => a.length === 1 && a[0] === 1,
  };
  return ring;
}
