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

/** The arguments of `cosetMinimum`. */
@unmanaged export class CosetMinimumArgs {
  /** The coset's offset, `words` words. */
  x0: usize;
  /** k rows of `words` words, back to back. */
  basis: usize;
  /** Basis vectors, at most 31. */
  k: i32;
  /** 64-bit words per vector (even). */
  words: i32;
  /** This call scans the members of Gray-code index start..end-1 (end <= 2^k). */
  start: u32;
  end: u32;
  /** Scratch of `words` words. */
  cur: usize;
  /** The best member so far (`words` words). */
  best: usize;
  /** State: the best weight so far (set above words * 64 before the first slice). */
  bestWeight: i32;
}

/**
 * Scans members start..end-1 (Gray-code indices, end <= 2^k) of the coset
 * x0 + span(basis) and keeps the best one seen: least weight, then
 * lexicographically smallest. The best so far lives in memory so that a
 * caller can scan in slices: `best` (words words) and the state `bestWeight`.
 * Returns the best weight.
 */
export function cosetMinimum(args: CosetMinimumArgs): i32 {
  const x0 = args.x0, basis = args.basis, k = args.k, words = args.words;
  const start = args.start, end = args.end, cur = args.cur, best = args.best;
  const bytes = <usize>words << 3;
  let bestW = args.bestWeight;
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
  args.bestWeight = bestW;
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

/** The arguments of `cosetDistribution`. */
@unmanaged export class CosetDistributionArgs {
  /** Every member of the subspace (u64 each). */
  span: usize;
  spanCount: i32;
  /** The unit vectors of the free positions (u64 each). */
  free: usize;
  nfree: i32;
  /** This call scans representatives start..end-1 (Gray-code indices, end <= 2^nfree; f64 to pass 2^32). */
  start: f64;
  end: f64;
  /** 65 u64 counters, by least weight. */
  counts: usize;
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
export function cosetDistribution(args: CosetDistributionArgs): void {
  const span = args.span, spanCount = args.spanCount, free = args.free, nfree = args.nfree;
  const counts = args.counts;
  const first = <u64>args.start;
  const last = <u64>args.end;
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

/** XORs the row into `cur` on byte offsets lo..hi-1 (whole lanes); returns the change of weight. */
@inline function laneStep(cur: usize, lo: usize, hi: usize, row: usize, weight: i32): i32 {
  let both: i32 = 0;
  for (let o = lo; o < hi; o += 16) {
    const c = v128.load(cur + o);
    const q = v128.load(row + o);
    both += weightV(v128.and(c, q));
    v128.store(cur + o, v128.xor(c, q));
  }
  return weight - (both << 1);
}

/** The arguments of `cosetScanLanes`. */
@unmanaged export class LaneScanArgs {
  /** The coset's offset, `words` words. */
  x0: usize;
  /** 4 i32 per generator: first lane's byte offset, byte end of the last, weight, row address. */
  meta: usize;
  /** Generators. */
  k: i32;
  /** 64-bit words per vector (whole lanes). */
  words: i32;
  /** This call scans the members of Gray-code index start..end-1 (u64 as f64, end <= 2^53). */
  start: f64;
  end: f64;
  /** Scratch of `words` words. */
  cur: usize;
  /** The best weight (i32 at +0, preset to a bound) and its first index (u64 at +8). */
  result: usize;
}

/**
 * The arguments of `cosetScanThreaded` (the shared-memory build, threads.ts),
 * and the job its helpers read while it runs (its address goes into the
 * control block).
 */
@unmanaged export class LaneScanJob {
  /** The lane scan (as LaneScanArgs): offset, generator meta, generators, words per vector. */
  x0: usize;
  meta: usize;
  k: i32;
  words: i32;
  /** Chunk c is members c << bits up to the next chunk (capped at the total). */
  bits: i32;
  /** Thread i's scratch vector is at scratch + i x scratchStride (bytes). */
  scratch: usize;
  /** 16 bytes per thread: i32 best weight (preset to a bound), u64 first index at +8. */
  results: usize;
  scratchStride: i32;
  /** Members in all (u64 as f64). */
  total: f64;
  /** The control block. */
  ctl: usize;
  /** This call scans chunks first..end-1. */
  first: i32;
  end: i32;
  /** Threads taking part, this one included. */
  threads: i32;
  /** 0: spin instead of sleeping. */
  blocking: i32;
}

/** Scans members start..end-1 of the lane scan `args` (see scanLanes). Returns the best weight. */
export function cosetScanLanes(args: LaneScanArgs): i32 {
  return scanLanes(args.x0, args.meta, args.k, args.words, args.start, args.end, args.cur, args.result);
}

/**
 * The least weight over members start..end-1 (Gray-code indices, u64 passed
 * as f64; end <= 2^53) of x0 + span(basis), and the first index reaching it.
 * Each step XORs generator t = ctz(i) into `cur` on the lanes where t is
 * nonzero only, and updates the weight by |g| - 2 |cur & g|: the caller
 * orders the cells so that the generators used most (t = 0, 1, ...) sit in
 * the first lanes, which makes most steps one or two lanes long whatever the
 * vector length.
 *
 * `meta` holds 4 i32 per generator: byte offset of its first nonzero lane,
 * byte end of its last, its weight, and the address of its row (`words`
 * 64-bit words each, whole lanes). `result` holds the best weight (i32 at
 * +0; the caller sets it to a bound: only members strictly lighter count)
 * and its index (u64 at +8; untouched when nothing beats the bound).
 * `cur` is scratch of `words` words. Returns the best weight.
 */
export function scanLanes(
  x0: usize, meta: usize, k: i32, words: i32, start: f64, end: f64, cur: usize, result: usize,
): i32 {
  const first = <u64>start;
  const last = <u64>end;
  let bestW = load<i32>(result);
  if (first >= last) return bestW;
  const bytes = <usize>words << 3;
  memory.copy(cur, x0, bytes);
  const g = first ^ (first >> 1);
  for (let t = 0; t < k; t++) {
    if (((g >> <u64>t) & 1) != 0) {
      const b = <usize>load<u32>(meta + (<usize>t << 4), 12);
      for (let j: usize = 0; j < bytes; j += 8) store<u64>(cur + j, load<u64>(cur + j) ^ load<u64>(b + j));
    }
  }
  let w = weightOf(cur, words);
  let bestI = load<u64>(result, 8);
  if (w < bestW) {
    bestW = w;
    bestI = first;
  }
  // generators 0 and 1 take 3 steps of every 4: their lanes and rows are
  // hoisted, and the steps run 4 at a time (g0, g1, g0, then ctz(i) >= 2)
  const lo0 = <usize>load<u32>(meta);
  const hi0 = <usize>load<u32>(meta, 4);
  const wt0 = load<i32>(meta, 8);
  const row0 = <usize>load<u32>(meta, 12);
  const lo1 = k > 1 ? <usize>load<u32>(meta, 16) : 0;
  const hi1 = k > 1 ? <usize>load<u32>(meta, 20) : 0;
  const wt1 = k > 1 ? load<i32>(meta, 24) : 0;
  const row1 = k > 1 ? <usize>load<u32>(meta, 28) : 0;
  let i = first + 1;
  while (i < last) {
    if ((i & 3) == 1 && last - i >= 4) {
      w += laneStep(cur, lo0, hi0, row0, wt0);
      if (w < bestW) {
        bestW = w;
        bestI = i;
      }
      w += laneStep(cur, lo1, hi1, row1, wt1);
      if (w < bestW) {
        bestW = w;
        bestI = i + 1;
      }
      w += laneStep(cur, lo0, hi0, row0, wt0);
      if (w < bestW) {
        bestW = w;
        bestI = i + 2;
      }
      const m = meta + (<usize>ctz(i + 3) << 4);
      w += laneStep(cur, <usize>load<u32>(m), <usize>load<u32>(m, 4), <usize>load<u32>(m, 12), load<i32>(m, 8));
      if (w < bestW) {
        bestW = w;
        bestI = i + 3;
      }
      i += 4;
      continue;
    }
    const m = meta + (<usize>ctz(i) << 4);
    w += laneStep(cur, <usize>load<u32>(m), <usize>load<u32>(m, 4), <usize>load<u32>(m, 12), load<i32>(m, 8));
    if (w < bestW) {
      bestW = w;
      bestI = i;
    }
    i++;
  }
  store<i32>(result, bestW);
  store<u64>(result, bestI, 8);
  return bestW;
}

/** The arguments of `infoSetTail`. */
@unmanaged export class InfoSetArgs {
  /** The vector the subsets are added to, `words` words. */
  v: usize;
  /** r rows of `words` words, back to back. */
  rows: usize;
  /** Subsets of rows from..r-1. */
  from: i32;
  r: i32;
  /** 64-bit words per vector (whole lanes). */
  words: i32;
  /** Rows per subset (at least 1). */
  s: i32;
  /** Scratch of s rows. */
  acc: usize;
  /** Scratch of s i32. */
  chosen: usize;
  /** The first member lighter than `bestWeight` (`words` words). */
  best: usize;
  /** State: the best weight (preset by the caller: only strictly lighter members count). */
  bestWeight: i32;
}

/**
 * One step of the information-set search (see solvers/infosets.ts in
 * @lightsout/core): weighs v + the sum of every s-subset of rows
 * from..r-1 (s >= 1; `rows` back to back, `words` 64-bit words each, whole
 * lanes), in lexicographic order of the subsets, and keeps the first member
 * strictly lighter than the best so far: its weight in `bestWeight` and the
 * member in `best`. Returns the number of members weighed (f64: it may pass
 * 2^31).
 */
export function infoSetTail(args: InfoSetArgs): f64 {
  const v = args.v, rows = args.rows, from = args.from, r = args.r, words = args.words, s = args.s;
  const acc = args.acc, chosen = args.chosen, best = args.best;
  const bytes = <usize>words << 3;
  let bestW = args.bestWeight;
  let weighed: f64 = 0;
  if (s < 1 || r - from < s) return 0;
  // acc row d holds v + the rows chosen at positions 0..d-1 (row 0: v itself)
  memory.copy(acc, v, bytes);
  let depth = 0;
  store<i32>(chosen, from - 1);
  for (;;) {
    if (depth == s - 1) {
      // the last position: every row after the previous choice, weighed without storing
      const base = acc + <usize>depth * bytes;
      const start = depth == 0 ? from : load<i32>(chosen + (<usize>(depth - 1) << 2)) + 1;
      for (let j = start; j < r; j++) {
        const row = rows + <usize>j * bytes;
        let w: i32 = 0;
        for (let o: usize = 0; o < bytes; o += 16) w += weightV(v128.xor(v128.load(base + o), v128.load(row + o)));
        if (w < bestW) {
          bestW = w;
          for (let o: usize = 0; o < bytes; o += 16) v128.store(best + o, v128.xor(v128.load(base + o), v128.load(row + o)));
        }
      }
      weighed += <f64>(r - start);
      if (depth == 0) break;
      depth--;
    }
    // the next row at this position, leaving room for the positions after it; else back up
    const slot = chosen + (<usize>depth << 2);
    const next = load<i32>(slot) + 1;
    if (next > r - (s - depth)) {
      if (depth == 0) break;
      depth--;
      continue;
    }
    store<i32>(slot, next);
    const from_ = acc + <usize>depth * bytes;
    const to = from_ + bytes;
    const row = rows + <usize>next * bytes;
    for (let o: usize = 0; o < bytes; o += 16) v128.store(to + o, v128.xor(v128.load(from_ + o), v128.load(row + o)));
    depth++;
    store<i32>(chosen + (<usize>depth << 2), next);
  }
  args.bestWeight = bestW;
  return weighed;
}
