// Minimum-weight members of a coset x0 + span(basis), by Gray code: member
// number i of the enumeration is x0 + sum of basis[t] over the bits t of
// gray(i) = i ^ (i >> 1), so consecutive members differ by one basis vector
// (the one of i's lowest set bit) and each step costs one row XOR and one
// popcount.
//
// Vectors use the packed layout of layout.ts with `words` 64-bit words
// (even: whole v128 lanes), padding bits zero. The basis is k such rows,
// back to back. "Lexicographically smallest" reads a vector as the string
// bit 0, bit 1, ...: at the first bit where two vectors differ, the one with
// a 0 there is smaller.

/** Popcount of the `words` words at `p`. */
@inline function weightOf(p: usize, words: i32): i32 {
  let w: i32 = 0;
  const end = p + (<usize>words << 3);
  while (p < end) {
    w += <i32>popcnt(load<u64>(p));
    p += 8;
  }
  return w;
}

/** True when the vector at `a` is lexicographically smaller than the one at `b`. */
@inline function lexLess(a: usize, b: usize, words: i32): bool {
  for (let j = 0; j < words; j++) {
    const x = load<u64>(a + (<usize>j << 3));
    const d = x ^ load<u64>(b + (<usize>j << 3));
    if (d != 0) return (x & (d & (~d + 1))) == 0;
  }
  return false;
}

/** Two-lane version of lexLess for vectors held in registers. */
@inline function lexLessV(a: v128, b: v128): bool {
  const a0 = i64x2.extract_lane(a, 0);
  const d0 = a0 ^ i64x2.extract_lane(b, 0);
  if (d0 != 0) return (a0 & (d0 & (~d0 + 1))) == 0;
  const a1 = i64x2.extract_lane(a, 1);
  const d1 = a1 ^ i64x2.extract_lane(b, 1);
  return d1 != 0 && (a1 & (d1 & (~d1 + 1))) == 0;
}

@inline function weightV(v: v128): i32 {
  return <i32>(popcnt(i64x2.extract_lane(v, 0)) + popcnt(i64x2.extract_lane(v, 1)));
}

/**
 * Scans members start..end-1 (Gray-code indices, end <= 2^k) of the coset
 * x0 + span(basis) and keeps the best one seen: least weight, then
 * lexicographically smallest. The best so far lives in memory so that a
 * caller can scan in slices: `best` (words words) and `state` (i32 best
 * weight; the caller sets it above `words * 64` before the first slice).
 * `cur` is scratch of `words` words. Returns the best weight.
 */
export function cosetMinimum(
  x0: usize, basis: usize, k: i32, words: i32, start: u32, end: u32, cur: usize, best: usize, state: usize,
): i32 {
  const bytes = <usize>words << 3;
  let bestW = load<i32>(state);
  if (start >= end) return bestW;
  // the member of index start
  memory.copy(cur, x0, bytes);
  const g = start ^ (start >> 1);
  for (let t = 0; t < k; t++) {
    if (((g >> <u32>t) & 1) != 0) {
      const b = basis + <usize>t * bytes;
      for (let j: usize = 0; j < bytes; j += 8) store<u64>(cur + j, load<u64>(cur + j) ^ load<u64>(b + j));
    }
  }
  if (words == 2) {
    bestW = scanOneLane(basis, start, end, cur, best, bestW);
  } else if (words == 4) {
    bestW = scanTwoLanes(basis, start, end, cur, best, bestW);
  } else {
    let w = weightOf(cur, words);
    if (w < bestW || (w == bestW && lexLess(cur, best, words))) {
      memory.copy(best, cur, bytes);
      bestW = w;
    }
    for (let i = start + 1; i < end; i++) {
      const b = basis + <usize>ctz(i) * bytes;
      // XOR the basis vector in and count the result, one lane at a time
      let p = cur;
      let q = b;
      const stop = cur + bytes;
      w = 0;
      while (p < stop) {
        const v = v128.xor(v128.load(p), v128.load(q));
        v128.store(p, v);
        w += weightV(v);
        p += 16;
        q += 16;
      }
      if (w <= bestW) {
        if (w < bestW || lexLess(cur, best, words)) {
          memory.copy(best, cur, bytes);
          bestW = w;
        }
      }
    }
  }
  store<i32>(state, bestW);
  return bestW;
}

/**
 * The one-lane case (vectors of up to 128 bits, every board up to 11 x 11):
 * the current and best vectors stay in registers.
 */
function scanOneLane(basis: usize, start: u32, end: u32, cur: usize, best: usize, bestW: i32): i32 {
  let c = v128.load(cur);
  let b = v128.load(best);
  let w = weightV(c);
  if (w < bestW || (w == bestW && lexLessV(c, b))) {
    b = c;
    bestW = w;
  }
  for (let i = start + 1; i < end; i++) {
    c = v128.xor(c, v128.load(basis + (<usize>ctz(i) << 4)));
    w = weightV(c);
    if (w <= bestW) {
      if (w < bestW || lexLessV(c, b)) {
        b = c;
        bestW = w;
      }
    }
  }
  v128.store(cur, c);
  v128.store(best, b);
  return bestW;
}

/**
 * The two-lane case (129..256 bits: every POJ 3279 board up to 15 x 15 and
 * all grids up to 16 x 16), in registers like scanOneLane. Measured at 225
 * bits, 2^28 members: 1.46 s through memory (the general loop), 1.04 s here.
 */
function scanTwoLanes(basis: usize, start: u32, end: u32, cur: usize, best: usize, bestW: i32): i32 {
  let c0 = v128.load(cur);
  let c1 = v128.load(cur, 16);
  let b0 = v128.load(best);
  let b1 = v128.load(best, 16);
  let w = weightV(c0) + weightV(c1);
  if (w < bestW || (w == bestW && lexLess2(c0, c1, b0, b1))) {
    b0 = c0;
    b1 = c1;
    bestW = w;
  }
  for (let i = start + 1; i < end; i++) {
    const q = basis + (<usize>ctz(i) << 5);
    c0 = v128.xor(c0, v128.load(q));
    c1 = v128.xor(c1, v128.load(q, 16));
    w = weightV(c0) + weightV(c1);
    if (w <= bestW) {
      if (w < bestW || lexLess2(c0, c1, b0, b1)) {
        b0 = c0;
        b1 = c1;
        bestW = w;
      }
    }
  }
  v128.store(cur, c0);
  v128.store(cur, c1, 16);
  v128.store(best, b0);
  v128.store(best, b1, 16);
  return bestW;
}

/** Lexicographic order of two-lane vectors (a0, a1) < (b0, b1). */
@inline function lexLess2(a0: v128, a1: v128, b0: v128, b1: v128): bool {
  if (v128.any_true(v128.xor(a0, b0))) return lexLessV(a0, b0);
  return lexLessV(a1, b1);
}

/**
 * Minimum weights of whole cosets, for the distribution of minimum press
 * counts. Vectors have at most 64 bits (one u64 each). The cosets are
 * r + span, where `span` lists all `spanCount` members of the subspace and
 * r runs over the canonical representatives: the vectors that are zero
 * outside the `nfree` positions whose unit vectors are given in `free`
 * (u64 each). Representatives start..end-1 (Gray-code indices, end <=
 * 2^nfree; f64 so that indices past 2^32 pass through) are scanned, and
 * counts[w] (u64 each, 65 of them) is incremented for each one's minimum
 * weight w.
 */
export function cosetDistribution(
  span: usize, spanCount: i32, free: usize, nfree: i32, start: f64, end: f64, counts: usize,
): void {
  const first = <u64>start;
  const last = <u64>end;
  if (first >= last) return;
  const g = first ^ (first >> 1);
  let r: u64 = 0;
  for (let t = 0; t < nfree; t++) {
    if (((g >> <u64>t) & 1) != 0) r ^= load<u64>(free + (<usize>t << 3));
  }
  const spanEnd = span + (<usize>spanCount << 3);
  for (let i = first; i < last; i++) {
    if (i != first) r ^= load<u64>(free + (<usize>ctz(i) << 3));
    let m: u64 = 64;
    for (let p = span; p < spanEnd; p += 8) {
      const w = popcnt(r ^ load<u64>(p));
      if (w < m) m = w;
    }
    const slot = counts + (<usize>m << 3);
    store<u64>(slot, load<u64>(slot) + 1);
  }
}
