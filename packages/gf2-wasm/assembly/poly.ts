// Polynomials over GF(2): the Euclidean gcd, the hot loop of the nullity of
// huge Lights Out grids (packages/core/src/poly/).
//
// Layout: a polynomial is an array of 64-bit words, bit i of word w is the
// coefficient of x^(64 w + i) (little-endian, so a Uint32Array view in the
// glue reads the same bits two 32-bit words at a time). Buffers hold
// `words` words, an even number, and every word above the polynomial's top
// word is zero. The gcd needs three words of such zero headroom above the
// higher of the two degrees: its vector loop reads and writes up to two
// words past the top of the shifted divisor.

/** Index of the highest non-zero word at or below `top`, or -1. */
@inline function topWord(p: usize, top: i32): i32 {
  while (top >= 0 && load<u64>(p + (<usize>top << 3)) == 0) top--;
  return top;
}

/** Degree of the polynomial whose highest non-zero word is `top` (-1: zero). */
@inline function degreeAt(p: usize, top: i32): i32 {
  if (top < 0) return -1;
  return (top << 6) + 63 - <i32>clz(load<u64>(p + (<usize>top << 3)));
}

/**
 * a += x^s b, for b of top word `topB` (b's words above it are zero).
 * With s = 64 q + r, word q + j of a takes (b[j] << r) | (b[j - 1] >> (64 - r)):
 * a funnel shift of two neighbouring words, two 64-bit lanes per v128.
 * Word 0 (no lower neighbour) goes first on its own; the vector loop then
 * covers words 1..topB + 1 in pairs (topB + 1 catches the bits shifted out
 * of the top word, and may run one word further over zeros).
 */
function addShifted(a: usize, b: usize, topB: i32, s: i32): void {
  const q = <usize>(s >>> 6);
  const r = s & 63;
  const dst = a + (q << 3);
  if (r == 0) {
    // Aligned: a plain XOR, two lanes per step (b's padding keeps it in bounds).
    for (let j: i32 = 0; j <= topB; j += 2) {
      const o = <usize>j << 3;
      v128.store(dst + o, v128.xor(v128.load(dst + o), v128.load(b + o)));
    }
    return;
  }
  store<u64>(dst, load<u64>(dst) ^ (load<u64>(b) << <u64>r));
  const back = 64 - r;
  for (let j: i32 = 1; j <= topB + 1; j += 2) {
    const o = <usize>j << 3;
    const hi = i64x2.shl(v128.load(b + o), r);
    const lo = i64x2.shr_u(v128.load(b + o - 8), back);
    v128.store(dst + o, v128.xor(v128.load(dst + o), v128.or(hi, lo)));
  }
}

/** The arguments of `polyGcd`. */
@unmanaged export class PolyGcdArgs {
  /** The two polynomials, `words` 64-bit words each (even), with three zero words above the higher degree. */
  a: usize;
  b: usize;
  words: i32;
  /** Steps per call, 0 for no limit. */
  maxSteps: i32;
}

/**
 * The gcd of the polynomials at `a` and `b` (each `words` words, with three
 * words of zero headroom above the higher degree), by Euclid's algorithm
 * one leading term at a time: the polynomial of higher degree takes x^s
 * times the other, s the difference of degrees, so its leading term
 * cancels. Returns the degree of the gcd (-1 when both are zero), which
 * is then at `a` (the rest of `a`, and all of `b`, zero).
 *
 * At most `maxSteps` steps run per call (0: no limit); when they run out
 * the call returns -2 with the two buffers holding a pair of the same gcd,
 * and the caller calls again. Slicing matters: V8 first runs a WebAssembly
 * function in its baseline compiler and swaps in the optimised code only
 * for later calls. Measured on the 2-core EPYC, `lightsout nullity 1000000`
 * (whole process, a gcd of degree 5 x 10^5 once the glue has peeled the
 * squares): 3.55 s in one call, 1.65 s in slices of 2^25 words of work.
 *
 * Each step costs one pass over the lower polynomial's words: a 64-bit
 * funnel shift per word, two words per v128. Warm, f_n and f_n(x + 1) at
 * degree 10^6 (about 10^6 steps) took 2.8 s.
 */
export function polyGcd(args: PolyGcdArgs): i32 {
  const a = args.a, b = args.b, words = args.words, maxSteps = args.maxSteps;
  let ta = topWord(a, words - 1);
  let tb = topWord(b, words - 1);
  let da = degreeAt(a, ta);
  let db = degreeAt(b, tb);
  let pa = a;
  let pb = b;
  let steps = 0;
  while (db >= 0) {
    if (maxSteps > 0 && steps++ >= maxSteps) return -2;
    if (da < db) {
      const p = pa; pa = pb; pb = p;
      const t = ta; ta = tb; tb = t;
      const d = da; da = db; db = d;
    }
    addShifted(pa, pb, tb, da - db);
    ta = topWord(pa, ta);
    da = degreeAt(pa, ta);
  }
  // The gcd is at pa (pb is zero); move it to a.
  if (pa != a) {
    memory.copy(a, pa, <usize>words << 3);
    memory.fill(pa, 0, <usize>words << 3);
  }
  return da;
}
