// Banded (frontal) elimination over Z_p, p prime and at most 46341, of a
// sparse square system: the frontal scheme of banded.ts with one 32-bit
// entry per column instead of one bit.
//
// Rows enter the front when the elimination reaches their first column
// (the caller sorts them by it) and live in a ring of W entries (W a
// multiple of 4, at least the band's span plus 4), column j at j mod W.
// The pivot of column c is the first row of the front (the earliest to
// enter) whose entry there is non-zero mod p; it is reduced, scaled to 1,
// and m = p - entry times it is added to each other row with a non-zero
// entry, over the pivot's span only, with i32x4 multiply-adds and no
// reduction (delayed reduction, as in zp.ts): each step adds at most
// (p - 1)^2, so a row is reduced mod p after K = (2^32 - p) / (p - 1)^2
// steps (never for p = 3 in practice). Rows whose extent has passed are
// zero and leave; one with a right-hand side non-zero mod p makes the
// system inconsistent.
//
// Input: as banded.ts, with u32 right-hand sides (residues).
// Front: `slots` rows of W u32 at `ring`, with i32 extent, u32 rhs and i32
// steps since the last reduction per slot, an i32 list of the front's slots
// (in the order they entered) and an i32 stack of free ones.
//
// Output, per pivot row, appended at `out`: i32 column c, i32 extent, u32
// rhs, i32 number of entries e, then e residues: columns (c & ~3) on,
// entry c being 1.
//
// State (i32 each): 0 column c, 1 next row to enter, 2 front size, 3 free
// slots, 4 rank, 5 inconsistent rows, 6 bytes written at `out`. Returns 0
// when c reached cStop or n, 1 when `out` cannot take one more row, 2 when
// no slot is free.

const DONE = 0;
const OUT_FULL = 1;
const NO_SLOT = 2;

/** The inverse of a unit a mod p (extended Euclid). */
function inverse(a: u32, p: u32): u32 {
  let r0: i64 = <i64>p;
  let r1: i64 = <i64>a;
  let t0: i64 = 0;
  let t1: i64 = 1;
  while (r1 != 0) {
    const q = r0 / r1;
    const r2 = r0 - q * r1;
    r0 = r1;
    r1 = r2;
    const t2 = t0 - q * t1;
    t0 = t1;
    t1 = t2;
  }
  if (t0 < 0) t0 += <i64>p;
  return <u32>t0;
}

/** Reduces entries of a slot mod p over columns [from, to) (ring positions wrap at width). */
function reduceSpan(row: usize, width: i32, from: i32, to: i32, p: u32): void {
  for (let j = from; j < to; j++) {
    const at = row + (<usize>(j % width) << 2);
    store<u32>(at, load<u32>(at) % p);
  }
}

/** row += m * pivot over `count` entries from ring position `pos` (multiples of 4; wraps at width). */
@inline function addMultiple(row: usize, pivot: usize, m: u32, width: i32, pos: i32, count: i32): void {
  const mm = i32x4.splat(<i32>m);
  const run = min(count, width - pos);
  let x = row + (<usize>pos << 2);
  let y = pivot + (<usize>pos << 2);
  let end = x + (<usize>run << 2);
  while (x < end) {
    v128.store(x, i32x4.add(v128.load(x), i32x4.mul(mm, v128.load(y))));
    x += 16;
    y += 16;
  }
  x = row;
  y = pivot;
  end = row + (<usize>(count - run) << 2);
  while (x < end) {
    v128.store(x, i32x4.add(v128.load(x), i32x4.mul(mm, v128.load(y))));
    x += 16;
    y += 16;
  }
}

/**
 * Eliminates columns c..cStop-1 (see above).
 *
 * @returns DONE (0), OUT_FULL (1) or NO_SLOT (2).
 */
export function bandedZpEchelon(
  start: usize, cols: usize, lo: usize, rhs: usize, rowCount: i32, n: i32, p: u32,
  ring: usize, width: i32, slots: i32, extent: usize, slotRhs: usize, steps: usize, front: usize, free: usize,
  out: usize, outBytes: i32, state: usize, cStop: i32,
): i32 {
  let c = load<i32>(state);
  let next = load<i32>(state, 4);
  let size = load<i32>(state, 8);
  let freeCount = load<i32>(state, 12);
  let rank = load<i32>(state, 16);
  let bad = load<i32>(state, 20);
  let used = load<i32>(state, 24);
  let status = DONE;
  const q: u64 = <u64>(p - 1);
  const limit: i32 = q == 0 ? i32.MAX_VALUE : <i32>min<u64>((<u64>0xffffffff - q) / (q * q), <u64>i32.MAX_VALUE);
  const rowBytes = <usize>width << 2;
  const stop = min(cStop, n);
  while (c < stop) {
    if (used + 16 + <i32>rowBytes > outBytes) {
      status = OUT_FULL;
      break;
    }
    while (next < rowCount && load<i32>(lo + (<usize>next << 2)) <= c) {
      if (freeCount == 0) {
        status = NO_SLOT;
        break;
      }
      const s = load<i32>(free + (<usize>(--freeCount) << 2));
      const row = ring + <usize>s * rowBytes;
      memory.fill(row, 0, rowBytes);
      let end = 0;
      const a = load<i32>(start + (<usize>next << 2));
      const b = load<i32>(start + (<usize>(next + 1) << 2));
      for (let k = a; k < b; k++) {
        const j = load<i32>(cols + (<usize>k << 2));
        store<u32>(row + (<usize>(j % width) << 2), 1);
        if (j + 1 > end) end = j + 1;
      }
      store<i32>(extent + (<usize>s << 2), end);
      store<u32>(slotRhs + (<usize>s << 2), load<u32>(rhs + (<usize>next << 2)));
      store<i32>(steps + (<usize>s << 2), 0);
      store<i32>(front + (<usize>(size++) << 2), s);
      next++;
    }
    if (status != DONE) break;
    // rows that have ended leave (the front keeps its order); the pivot is the first with a non-zero entry at c
    const cAt = <usize>(c % width) << 2;
    let kept = 0;
    let best = -1;
    for (let k = 0; k < size; k++) {
      const s = load<i32>(front + (<usize>k << 2));
      if (load<i32>(extent + (<usize>s << 2)) <= c) {
        if (load<u32>(slotRhs + (<usize>s << 2)) % p != 0) bad++;
        store<i32>(free + (<usize>(freeCount++) << 2), s);
        continue;
      }
      if (best < 0 && load<u32>(ring + <usize>s * rowBytes + cAt) % p != 0) best = kept;
      store<i32>(front + (<usize>(kept++) << 2), s);
    }
    size = kept;
    if (best < 0) {
      c++;
      continue;
    }
    const pv = load<i32>(front + (<usize>best << 2));
    const pr = ring + <usize>pv * rowBytes;
    const end = load<i32>(extent + (<usize>pv << 2));
    const first = c & ~3;
    const count = ((end + 3) & ~3) - first;
    // the pivot row exactly: residues, 1 at c
    reduceSpan(pr, width, first, first + count, p);
    const inv = inverse(load<u32>(pr + cAt), p);
    for (let j = first; j < first + count; j++) {
      const at = pr + (<usize>(j % width) << 2);
      store<u32>(at, <u32>((<u64>load<u32>(at) * <u64>inv) % <u64>p));
    }
    const prhs = <u32>((<u64>(load<u32>(slotRhs + (<usize>pv << 2)) % p) * <u64>inv) % <u64>p);
    const pos = first % width;
    for (let k = 0; k < size; k++) {
      if (k == best) continue;
      const s = load<i32>(front + (<usize>k << 2));
      const row = ring + <usize>s * rowBytes;
      const v = load<u32>(row + cAt) % p;
      if (v == 0) continue;
      const m = p - v;
      addMultiple(row, pr, m, width, pos, count);
      const rAt = slotRhs + (<usize>s << 2);
      store<u32>(rAt, (load<u32>(rAt) % p) + m * prhs);
      const eAt = extent + (<usize>s << 2);
      if (load<i32>(eAt) < end) store<i32>(eAt, end);
      const sAt = steps + (<usize>s << 2);
      const done = load<i32>(sAt) + 1;
      if (done >= limit) {
        // the whole ring: positions past the span may hold old multiples of p that later columns reuse
        reduceSpan(row, width, 0, width, p);
        store<i32>(sAt, 0);
      } else store<i32>(sAt, done);
    }
    // the pivot row leaves: written out, its slot freed, the front kept in order
    const o = out + <usize>used;
    store<i32>(o, c);
    store<i32>(o, end, 4);
    store<u32>(o, prhs, 8);
    store<i32>(o, count, 12);
    for (let j = 0; j < count; j++) {
      store<u32>(o + 16 + (<usize>j << 2), load<u32>(pr + (<usize>((first + j) % width) << 2)));
    }
    used += 16 + (count << 2);
    rank++;
    store<i32>(free + (<usize>(freeCount++) << 2), pv);
    for (let k = best; k < size - 1; k++) store<i32>(front + (<usize>k << 2), load<i32>(front + (<usize>(k + 1) << 2)));
    size--;
    c++;
  }
  if (status == DONE && c >= n) {
    for (let k = 0; k < size; k++) {
      const s = load<i32>(front + (<usize>k << 2));
      if (load<u32>(slotRhs + (<usize>s << 2)) % p != 0) bad++;
      store<i32>(free + (<usize>(freeCount++) << 2), s);
    }
    size = 0;
  }
  store<i32>(state, c);
  store<i32>(state, next, 4);
  store<i32>(state, size, 8);
  store<i32>(state, freeCount, 12);
  store<i32>(state, rank, 16);
  store<i32>(state, bad, 20);
  store<i32>(state, used, 24);
  return status;
}
