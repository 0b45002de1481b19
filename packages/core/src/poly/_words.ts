// Word-level arithmetic on polynomials over GF(2): the plain TypeScript
// layer under GF2Poly, and the twin of the WebAssembly gcd.
//
// Layout (the same bits as assembly/poly.ts, read 32 bits at a time):
//
//   words:   [   w0   ][   w1   ] ...
//   bit i of word w  =  coefficient of x^(32 w + i)
//
// A *trimmed* array has no zero top word (the zero polynomial is empty).
// Every function here takes trimmed arrays and returns trimmed arrays,
// except the `...Into` helpers, which work in place on scratch buffers.

/** The empty (zero) polynomial. */
export const EMPTY = new Uint32Array(0);

/** Index of the highest non-zero word at or below `top`, or -1. */
export function topWord(w: Uint32Array, top = w.length - 1): number {
  while (top >= 0 && w[top] === 0) top--;
  return top;
}

/** Degree given the top word (-1 for zero). */
export function degreeAt(w: Uint32Array, top: number): number {
  return top < 0 ? -1 : top * 32 + 31 - Math.clz32(w[top]!);
}

/** Degree of a trimmed array. */
export function degreeOf(w: Uint32Array): number {
  return degreeAt(w, w.length - 1);
}

/** `w` without zero top words (a view when nothing is cut). */
export function trim(w: Uint32Array): Uint32Array {
  const top = topWord(w);
  return top === w.length - 1 ? w : w.slice(0, top + 1);
}

/** Words needed for degree `d` (d >= -1). */
export const wordsFor = (degree: number): number => (degree + 32) >>> 5;

/** a + b. */
export function add(a: Uint32Array, b: Uint32Array): Uint32Array {
  const [long, short] = a.length >= b.length ? [a, b] : [b, a];
  const out = long.slice();
  for (let i = 0; i < short.length; i++) out[i]! ^= short[i]!;
  return long.length === short.length ? trim(out) : out;
}

/**
 * dst += x^s src, src's bits at or below word `top`; dst must have room for
 * degree(src) + s. With s = 32 q + r, word q + j of dst takes
 * (src[j] << r) | (src[j - 1] >>> (32 - r)), a funnel shift.
 */
export function addShiftedInto(dst: Uint32Array, src: Uint32Array, top: number, s: number): void {
  const q = s >>> 5;
  const r = s & 31;
  if (r === 0) {
    for (let j = 0; j <= top; j++) dst[q + j]! ^= src[j]!;
    return;
  }
  const back = 32 - r;
  let carry = 0;
  for (let j = 0; j <= top; j++) {
    const v = src[j]!;
    dst[q + j]! ^= (v << r) | carry;
    carry = v >>> back;
  }
  if (carry !== 0) dst[q + top + 1]! ^= carry;
}

/** x^s a (s >= 0). */
export function shiftLeft(a: Uint32Array, s: number): Uint32Array {
  if (a.length === 0) return EMPTY;
  const out = new Uint32Array(wordsFor(degreeOf(a) + s));
  addShiftedInto(out, a, a.length - 1, s);
  return out;
}

/** floor(a / x^s): the terms of degree >= s, lowered by s. */
export function shiftRight(a: Uint32Array, s: number): Uint32Array {
  const d = degreeOf(a);
  if (d < s) return EMPTY;
  const out = new Uint32Array(wordsFor(d - s));
  const q = s >>> 5;
  const r = s & 31;
  for (let j = 0; j < out.length; j++) {
    const lo = a[q + j] ?? 0;
    const hi = a[q + j + 1] ?? 0;
    out[j] = r === 0 ? lo : (lo >>> r) | (hi << (32 - r));
  }
  return out;
}

/** The 8 bits of a byte spread to the even positions of 16 bits. */
const SPREAD = (() => {
  const t = new Uint16Array(256);
  for (let v = 0; v < 256; v++) {
    let s = 0;
    for (let i = 0; i < 8; i++) if ((v >>> i) & 1) s |= 1 << (2 * i);
    t[v] = s;
  }
  return t;
})();

/**
 * a^2. Squaring is linear over GF(2) (the cross terms come in pairs), so
 * a^2 = sum a_i x^(2 i): spread every bit to twice its position.
 */
export function square(a: Uint32Array): Uint32Array {
  if (a.length === 0) return EMPTY;
  const out = new Uint32Array(2 * a.length);
  for (let i = 0; i < a.length; i++) {
    const v = a[i]!;
    out[2 * i] = SPREAD[v & 0xff]! | (SPREAD[(v >>> 8) & 0xff]! << 16);
    out[2 * i + 1] = SPREAD[(v >>> 16) & 0xff]! | (SPREAD[v >>> 24]! << 16);
  }
  return trim(out);
}

/** out += a b by schoolbook, one set bit of a at a time; out has room. */
function mulSchoolInto(out: Uint32Array, a: Uint32Array, b: Uint32Array): void {
  const topB = b.length - 1;
  for (let i = 0; i < a.length; i++) {
    let v = a[i]!;
    while (v !== 0) {
      const t = 31 - Math.clz32(v & -v);
      v &= v - 1;
      addShiftedInto(out, b, topB, 32 * i + t);
    }
  }
}

/**
 * Below this many words (of the shorter factor) Karatsuba falls back to the
 * schoolbook product. Measured (Node 20 on the shared 2-core EPYC, random
 * factors of n words each, threshold 32 / 8 / schoolbook only):
 * n = 64: 178 / 623 / 493 us; n = 256: 1.55 / 1.86 / 3.16 ms;
 * n = 1024: 17.8 / 22.4 / 51.2 ms. 16 and 64 were within noise of 32.
 *
 * @example
 * ```ts
 * KARATSUBA_WORDS; // 32: factors of 32 words (1024 coefficients) and more multiply by Karatsuba
 * ```
 */
export const KARATSUBA_WORDS = 32;

/** The words lo..hi-1 of a, trimmed. */
const part = (a: Uint32Array, lo: number, hi: number) =>
  trim(a.subarray(Math.min(lo, a.length), Math.min(hi, a.length)));

/** a b, trimmed; Karatsuba above {@link KARATSUBA_WORDS} words. */
export function mul(a: Uint32Array, b: Uint32Array, threshold = KARATSUBA_WORDS): Uint32Array {
  if (a.length === 0 || b.length === 0) return EMPTY;
  // Room for the Karatsuba partial products, which may reach past the
  // product's own top word before they cancel.
  const out = new Uint32Array(2 * Math.max(a.length, b.length) + 2);
  mulInto(out, a, b, threshold);
  return trim(out);
}

/** out += a b (a, b trimmed); out has room for 2 max(a.length, b.length) + 2 words. */
function mulInto(out: Uint32Array, a: Uint32Array, b: Uint32Array, threshold: number): void {
  if (a.length === 0 || b.length === 0) return;
  if (Math.min(a.length, b.length) < Math.max(threshold, 2)) {
    mulSchoolInto(out, a.length <= b.length ? a : b, a.length <= b.length ? b : a);
    return;
  }
  // a = a0 + X a1, b = b0 + X b1 with X = x^(32 h):
  // a b = a0 b0 (1 + X) + a1 b1 (X + X^2) + (a0 + a1)(b0 + b1) X.
  const h = Math.ceil(Math.max(a.length, b.length) / 2);
  const a0 = part(a, 0, h),
    a1 = part(a, h, a.length);
  const b0 = part(b, 0, h),
    b1 = part(b, h, b.length);
  const low = mul(a0, b0, threshold);
  const high = mul(a1, b1, threshold);
  const mid = mul(add(a0, a1), add(b0, b1), threshold);
  for (let i = 0; i < low.length; i++) {
    out[i]! ^= low[i]!;
    out[i + h]! ^= low[i]!;
  }
  for (let i = 0; i < high.length; i++) {
    out[i + h]! ^= high[i]!;
    out[i + 2 * h]! ^= high[i]!;
  }
  for (let i = 0; i < mid.length; i++) out[i + h]! ^= mid[i]!;
}

/** Quotient and remainder of a / b (b non-zero): a = q b + r, deg r < deg b. */
export function divmod(a: Uint32Array, b: Uint32Array): { q: Uint32Array; r: Uint32Array } {
  const db = degreeOf(b);
  let da = degreeOf(a);
  if (da < db) return { q: EMPTY, r: a };
  const r = a.slice();
  const q = new Uint32Array(wordsFor(da - db));
  const topB = b.length - 1;
  let ta = r.length - 1;
  while (da >= db) {
    const s = da - db;
    q[s >>> 5]! |= 1 << (s & 31);
    addShiftedInto(r, b, topB, s);
    ta = topWord(r, ta);
    da = degreeAt(r, ta);
  }
  return { q: trim(q), r: r.slice(0, ta + 1) };
}

/** Within a word, bit i with bit h of i clear, for h = 1, 2, 4, 8, 16. */
const LOW_HALVES = [0x55555555, 0x33333333, 0x0f0f0f0f, 0x00ff00ff, 0x0000ffff] as const;

/**
 * a(x + 1), in place. The substitution matrix is Pascal's triangle mod 2,
 * the Kronecker product of [[1, 1], [0, 1]] over the bits of the exponent,
 * so it factors into one butterfly per bit h: c_i += c_(i + h) for every i
 * with bit h of i clear (this is p(x + 1) = lo(x + 1) + (x^h + 1) hi(x + 1)
 * with (x + 1)^h = x^h + 1 for h a power of two, done for all blocks at once).
 * The levels commute; h < 32 run inside words with masks, h >= 32 between
 * whole words. O(n log n / 32) word operations for degree n (f_n by
 * doubling and f_n(x + 1) together: 3.8 ms at n = 10^6, bench suite nullity).
 */
export function substituteXPlus1Into(a: Uint32Array): void {
  for (let i = 0; i < a.length; i++) {
    let v = a[i]!;
    for (let l = 0; l < 5; l++) v ^= (v >>> (1 << l)) & LOW_HALVES[l]!;
    a[i] = v;
  }
  for (let h = 1; h < a.length; h <<= 1) {
    for (let base = 0; base < a.length; base += 2 * h) {
      const end = Math.min(base + h, a.length - h);
      for (let i = base; i < end; i++) a[i]! ^= a[i + h]!;
    }
  }
}

/** a(x + 1) (the degree is unchanged). */
export function substituteXPlus1(a: Uint32Array): Uint32Array {
  const out = a.slice();
  substituteXPlus1Into(out);
  return out;
}

/** The coefficient of x^i. */
export function bitAt(a: Uint32Array, i: number): number {
  return ((a[i >>> 5] ?? 0) >>> (i & 31)) & 1;
}

/** Equality of trimmed arrays. */
export function equal(a: Uint32Array, b: Uint32Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The bits at even positions of a 32-bit word, packed into its low 16 bits. */
function evenBits(v: number): number {
  v &= 0x55555555;
  v = (v | (v >>> 1)) & 0x33333333;
  v = (v | (v >>> 2)) & 0x0f0f0f0f;
  v = (v | (v >>> 4)) & 0x00ff00ff;
  return (v | (v >>> 8)) & 0x0000ffff;
}

/**
 * The even and odd parts: a = e^2 + x o^2 (Frobenius: e(x)^2 = e(x^2) over
 * GF(2)), e and o trimmed.
 */
export function evenOddRoots(a: Uint32Array): { e: Uint32Array; o: Uint32Array } {
  const half = (a.length + 1) >>> 1;
  const e = new Uint32Array(half);
  const o = new Uint32Array(half);
  for (let i = 0; i < a.length; i++) {
    const v = a[i]!;
    const shift = (i & 1) << 4;
    e[i >>> 1]! |= evenBits(v) << shift;
    o[i >>> 1]! |= evenBits(v >>> 1) << shift;
  }
  return { e: trim(e), o: trim(o) };
}

/** Multiplicity of the factor x (trailing zero bits); a non-zero. */
export function valuationX(a: Uint32Array): number {
  let i = 0;
  while (a[i] === 0) i++;
  const v = a[i]!;
  return 32 * i + 31 - Math.clz32(v & -v);
}

/**
 * a = u A^2 with u one of 1, x, x + 1 (as 0, 1, 2), when a has that form:
 * odd part zero (u = 1), even part zero (u = x), or equal parts
 * ((x + 1) A^2 = A^2 + x A^2). Undefined otherwise.
 */
function squareForm(a: Uint32Array): { u: 0 | 1 | 2; root: Uint32Array } | undefined {
  const { e, o } = evenOddRoots(a);
  if (o.length === 0) return { u: 0, root: e };
  if (e.length === 0) return { u: 1, root: o };
  if (equal(e, o)) return { u: 2, root: e };
  return undefined;
}

/**
 * Below this many words Euclid goes straight on: peeling costs more than it
 * saves. Measured (WASM Euclid, grid polynomials, per gcd): degree 64:
 * 1.8 us plain, 3.0 us peeled; 256: 4.6 / 4.5 us; 1000: 16 / 12 us;
 * 4000: 124 / 76 us; 16,000: 1.5 ms / 0.56 ms.
 */
const PEEL_FROM_WORDS = 8;

/**
 * deg gcd(a, b), peeling squares first: when a = u A^2 and b = v B^2 with
 * u, v in {1, x, x + 1}, every irreducible factor p other than x and x + 1
 * has multiplicity 2 min(v_p(A), v_p(B)) in the gcd, so
 *
 *   deg gcd(a, b) = 2 deg gcd(A, B)
 *     + sum over p in {x, x + 1} of min(e_p(u) + 2 v_p(A), e_p(v) + 2 v_p(B)) - 2 min(v_p(A), v_p(B))
 *
 * (v_(x+1)(A) = v_x(A(x + 1))). Half the degree is a quarter of the Euclid.
 * The grid's polynomials always have this form (f_(2k) = (f_k + f_(k-1))^2,
 * f_(2k+1) = x f_k^2), and n x n boards with odd n peel again and again.
 * What cannot be peeled goes to `euclid`.
 */
export function gcdDegreePeeled(
  a: Uint32Array,
  b: Uint32Array,
  euclid: (a: Uint32Array, b: Uint32Array) => number,
  peelFromWords = PEEL_FROM_WORDS,
): number {
  if (a.length === 0) return degreeOf(b);
  if (b.length === 0) return degreeOf(a);
  if (degreeOf(a) === 0 || degreeOf(b) === 0) return 0;
  if (Math.max(a.length, b.length) < peelFromWords) return euclid(a, b);
  const fa = squareForm(a);
  const fb = fa && squareForm(b);
  if (!fa || !fb) return euclid(a, b);
  const A = fa.root,
    B = fb.root;
  let extra = 0;
  // p = x: e_x(u) = 1 for u = x; p = x + 1: e_(x+1)(u) = 1 for u = x + 1.
  const ax = valuationX(A),
    bx = valuationX(B);
  extra += Math.min((fa.u === 1 ? 1 : 0) + 2 * ax, (fb.u === 1 ? 1 : 0) + 2 * bx) - 2 * Math.min(ax, bx);
  const ay = valuationX(substituteXPlus1(A)),
    by = valuationX(substituteXPlus1(B));
  extra += Math.min((fa.u === 2 ? 1 : 0) + 2 * ay, (fb.u === 2 ? 1 : 0) + 2 * by) - 2 * Math.min(ay, by);
  return 2 * gcdDegreePeeled(A, B, euclid, peelFromWords) + extra;
}
