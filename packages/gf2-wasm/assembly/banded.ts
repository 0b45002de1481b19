// Banded (frontal) elimination over GF(2) of a sparse square system whose
// rows, once the cells are well ordered, only touch a narrow band.
//
// Rows enter the front when the elimination reaches their first column
// (the caller sorts them by it). At column c every row in the front is zero
// before c and ends before its `extent`, so it fits in a ring of P lanes of
// 128 bits indexed by (column >> 7) mod P: lanes are reused as the front
// moves right and nothing is ever shifted. Rows whose extent has passed are
// zero: they leave, and one with a right-hand side of 1 makes the system
// inconsistent.
//
// Columns go in blocks of 8 (one byte of every row), the Four Russians way:
// up to 8 pivots are chosen on the rows' bytes alone (the first row of the
// front with the bit: rows stay in the order they entered, so it is about
// the shortest, which limits fill), reduced among themselves (Gauss-Jordan on
// the block), and the 2^m sums of those m pivot rows tabulated (Gray code),
// so that every other row of the front is cleared of the whole block by
// one XOR of a table entry over the pivots' span, instead of one XOR per
// pivot. The pivot rows are then written out and leave.
//
// Input, in the caller's numbering: row r has columns cols[start[r] ..
// start[r + 1]) (any order, no repeats), first column lo[r] (rows sorted
// by lo) and right-hand side rhs[r] (0/1, one byte each).
//
// Front: `slots` rows of P lanes at `ring`, with i32 extent and i32 rhs
// per slot, an i32 list of the front's slots and an i32 stack of free ones.
// Scratch at `table`: 256 entries of P lanes, then 256 i32 right-hand
// sides, 256 i32 extents, 256 i32 indices and `slots` i32 bytes.
//
// Output, per pivot row, appended at `out`: i32 column c, i32 extent,
// i32 rhs, i32 number of 64-bit words w, then w words: the row's bits from
// column (c >> 7) << 7 on.
//
// State (i32 each): 0 column c, 1 next row to enter, 2 front size,
// 3 free slots, 4 rank, 5 inconsistent rows, 6 bytes written at `out`.
// A call stops at the first block boundary at or past cStop, or early when
// `out` cannot hold 8 more pivot rows (returns 1: the caller empties it and
// calls again) or no slot is free (returns 2: the caller retries with more
// slots). 0 when c reached cStop or the end.

/** The call stopped at cStop or finished. */
const DONE = 0;
/** The output block is full. */
const OUT_FULL = 1;
/** The front needs more slots than given. */
const NO_SLOT = 2;

@inline function ringLane(ring: usize, slot: i32, lanes: i32, lane: i32): usize {
  return ring + ((<usize>slot * <usize>lanes + <usize>(lane % lanes)) << 4);
}

/** Slot `dst` ^= slot `src` over `count` lanes from ring position `from` (wrapping at `lanes`). */
@inline function xorLanes(ring: usize, dst: i32, src: i32, lanes: i32, from: i32, count: i32): void {
  const laneBytes = <usize>lanes << 4;
  const d0 = ring + <usize>dst * laneBytes;
  const s0 = ring + <usize>src * laneBytes;
  const run = min(count, lanes - from);
  let x = d0 + (<usize>from << 4);
  let y = s0 + (<usize>from << 4);
  let end = x + (<usize>run << 4);
  while (x < end) {
    v128.store(x, v128.xor(v128.load(x), v128.load(y)));
    x += 16;
    y += 16;
  }
  x = d0;
  y = s0;
  end = d0 + (<usize>(count - run) << 4);
  while (x < end) {
    v128.store(x, v128.xor(v128.load(x), v128.load(y)));
    x += 16;
    y += 16;
  }
}

/**
 * Eliminates the blocks of columns from c until cStop (see above).
 *
 * @returns DONE (0), OUT_FULL (1) or NO_SLOT (2).
 */
export function bandedEchelon(
  start: usize, cols: usize, lo: usize, rhs: usize, rowCount: i32, n: i32,
  ring: usize, lanes: i32, slots: i32, extent: usize, slotRhs: usize, front: usize, free: usize,
  table: usize, out: usize, outBytes: i32, state: usize, cStop: i32,
): i32 {
  let c = load<i32>(state);
  let next = load<i32>(state, 4);
  let size = load<i32>(state, 8);
  let freeCount = load<i32>(state, 12);
  let rank = load<i32>(state, 16);
  let bad = load<i32>(state, 20);
  let used = load<i32>(state, 24);
  let status = DONE;
  const laneBytes = <usize>lanes << 4;
  const tableRhs = table + 256 * laneBytes;
  const tableEnd = tableRhs + 1024;
  const indexOf = tableEnd + 1024;
  const bytes = indexOf + 1024;
  const pivots = memory.data(32);
  const pivotColumns = memory.data(32);
  const pivotBytes = memory.data(32);
  const stop = min(cStop, n);
  while (c < stop) {
    const c1 = min(c + 8, n);
    if (used + 8 * (16 + <i32>laneBytes) > outBytes) {
      status = OUT_FULL;
      break;
    }
    // rows whose first column is in the block join the front
    while (next < rowCount && load<i32>(lo + (<usize>next << 2)) < c1) {
      if (freeCount == 0) {
        status = NO_SLOT;
        break;
      }
      const s = load<i32>(free + (<usize>(--freeCount) << 2));
      memory.fill(ring + <usize>s * laneBytes, 0, laneBytes);
      let end = 0;
      const a = load<i32>(start + (<usize>next << 2));
      const b = load<i32>(start + (<usize>(next + 1) << 2));
      for (let k = a; k < b; k++) {
        const j = load<i32>(cols + (<usize>k << 2));
        const at = ringLane(ring, s, lanes, j >> 7) + ((<usize>(j >> 6) & 1) << 3);
        store<u64>(at, load<u64>(at) | (<u64>1 << <u64>(j & 63)));
        if (j + 1 > end) end = j + 1;
      }
      store<i32>(extent + (<usize>s << 2), end);
      store<i32>(slotRhs + (<usize>s << 2), <i32>load<u8>(rhs + <usize>next));
      store<i32>(front + (<usize>(size++) << 2), s);
      next++;
    }
    if (status != DONE) break;
    // rows that have ended leave; the others' bytes of the block (bits c..c+7, one byte: c is a multiple of 8)
    const from = (c >> 7) % lanes;
    const byteAt = ring + (<usize>from << 4) + (<usize>(c & 127) >> 3);
    for (let k = 0; k < size; k++) {
      const s = load<i32>(front + (<usize>k << 2));
      if (load<i32>(extent + (<usize>s << 2)) <= c) {
        bad += load<i32>(slotRhs + (<usize>s << 2));
        store<i32>(free + (<usize>(freeCount++) << 2), s);
        store<i32>(front + (<usize>k << 2), load<i32>(front + (<usize>(--size) << 2)));
        k--;
        continue;
      }
      store<i32>(bytes + (<usize>k << 2), <i32>load<u8>(byteAt + <usize>s * laneBytes));
    }
    // choose the pivots on the bytes alone: for bit j, the first row of the
    // front (the earliest to enter: about the shortest) whose byte, reduced
    // by the pivots so far, has bit j
    let m = 0;
    for (let j = 0; j < c1 - c; j++) {
      let best = -1;
      let reduced = 0;
      for (let k = 0; k < size; k++) {
        let v = load<i32>(bytes + (<usize>k << 2));
        if (v < 0) continue;
        for (let i = 0; i < m; i++) {
          if ((v >> load<i32>(pivotColumns + (<usize>i << 2))) & 1) v ^= load<i32>(pivotBytes + (<usize>i << 2));
        }
        if ((v >> j) & 1) {
          best = k;
          reduced = v;
          break;
        }
      }
      if (best < 0) continue;
      store<i32>(bytes + (<usize>best << 2), -1 - j); // a pivot: its column, negated
      store<i32>(pivots + (<usize>m << 2), best);
      store<i32>(pivotColumns + (<usize>m << 2), j);
      store<i32>(pivotBytes + (<usize>m << 2), reduced);
      m++;
    }
    if (m > 0) {
      const first = c >> 7;
      // the pivot rows reduced among themselves (Gauss-Jordan on the block), in the order chosen
      for (let i = 0; i < m; i++) {
        const pi = load<i32>(front + (<usize>load<i32>(pivots + (<usize>i << 2)) << 2));
        const ci = c + (-1 - load<i32>(bytes + (<usize>load<i32>(pivots + (<usize>i << 2)) << 2)));
        const ei = load<i32>(extent + (<usize>pi << 2));
        const at = ringLane(ring, 0, lanes, ci >> 7) - ring + ((<usize>(ci >> 6) & 1) << 3);
        const mask: u64 = <u64>1 << <u64>(ci & 63);
        for (let i2 = 0; i2 < m; i2++) {
          if (i2 == i) continue;
          const q = load<i32>(front + (<usize>load<i32>(pivots + (<usize>i2 << 2)) << 2));
          if ((load<u64>(ring + <usize>q * laneBytes + at) & mask) == 0) continue;
          xorLanes(ring, q, pi, lanes, from, ((ei - 1) >> 7) - first + 1);
          store<i32>(slotRhs + (<usize>q << 2), load<i32>(slotRhs + (<usize>q << 2)) ^ load<i32>(slotRhs + (<usize>pi << 2)));
          if (load<i32>(extent + (<usize>q << 2)) < ei) store<i32>(extent + (<usize>q << 2), ei);
        }
      }
      // the table of the 2^m sums over the pivots' span, each entry from a smaller one
      let span = 1;
      for (let i = 0; i < m; i++) {
        const e = load<i32>(extent + (<usize>load<i32>(front + (<usize>load<i32>(pivots + (<usize>i << 2)) << 2)) << 2));
        span = max(span, ((e - 1) >> 7) - first + 1);
      }
      const spanBytes = <usize>span << 4;
      memory.fill(table, 0, spanBytes);
      store<i32>(tableRhs, 0);
      store<i32>(tableEnd, 0);
      for (let g = 1; g < (1 << m); g++) {
        const i = ctz(g);
        const prev = g ^ (1 << i);
        const p = load<i32>(front + (<usize>load<i32>(pivots + (<usize>i << 2)) << 2));
        const dst = table + <usize>g * spanBytes;
        const src = table + <usize>prev * spanBytes;
        const base = ring + <usize>p * laneBytes;
        // the span in the ring: lanes from..lanes-1, then 0.. (no division in the loop)
        const run = min(span, lanes - from);
        for (let l = 0; l < run; l++) {
          const at = <usize>l << 4;
          v128.store(dst + at, v128.xor(v128.load(src + at), v128.load(base + (<usize>(from + l) << 4))));
        }
        for (let l = run; l < span; l++) {
          const at = <usize>l << 4;
          v128.store(dst + at, v128.xor(v128.load(src + at), v128.load(base + (<usize>(l - run) << 4))));
        }
        store<i32>(tableRhs + (<usize>g << 2), load<i32>(tableRhs + (<usize>prev << 2)) ^ load<i32>(slotRhs + (<usize>p << 2)));
        store<i32>(tableEnd + (<usize>g << 2), max(load<i32>(tableEnd + (<usize>prev << 2)), load<i32>(extent + (<usize>p << 2))));
      }
      // byte of the block -> index of the table entry that clears it
      for (let v = 0; v < 256; v++) {
        let g = 0;
        for (let i = 0; i < m; i++) {
          const j = -1 - load<i32>(bytes + (<usize>load<i32>(pivots + (<usize>i << 2)) << 2));
          g |= ((v >> j) & 1) << i;
        }
        store<i32>(indexOf + (<usize>v << 2), g);
      }
      // every other row: one table entry
      for (let k = 0; k < size; k++) {
        if (load<i32>(bytes + (<usize>k << 2)) < 0) continue;
        const s = load<i32>(front + (<usize>k << 2));
        const g = load<i32>(indexOf + (<usize>load<u8>(byteAt + <usize>s * laneBytes) << 2));
        if (g == 0) continue;
        const row = ring + <usize>s * laneBytes;
        const entry = table + <usize>g * spanBytes;
        const run = min(span, lanes - from);
        let x = row + (<usize>from << 4);
        let y = entry;
        let end = x + (<usize>run << 4);
        while (x < end) {
          v128.store(x, v128.xor(v128.load(x), v128.load(y)));
          x += 16;
          y += 16;
        }
        x = row;
        end = row + (<usize>(span - run) << 4);
        while (x < end) {
          v128.store(x, v128.xor(v128.load(x), v128.load(y)));
          x += 16;
          y += 16;
        }
        store<i32>(slotRhs + (<usize>s << 2), load<i32>(slotRhs + (<usize>s << 2)) ^ load<i32>(tableRhs + (<usize>g << 2)));
        const e = load<i32>(tableEnd + (<usize>g << 2));
        if (load<i32>(extent + (<usize>s << 2)) < e) store<i32>(extent + (<usize>s << 2), e);
      }
      // the pivot rows leave: written out lane by lane, in column order
      for (let i = 0; i < m; i++) {
        const k = load<i32>(pivots + (<usize>i << 2));
        const p = load<i32>(front + (<usize>k << 2));
        const ci = c + (-1 - load<i32>(bytes + (<usize>k << 2)));
        const e = load<i32>(extent + (<usize>p << 2));
        const last = (e - 1) >> 7;
        const words = (last - first + 1) << 1;
        const o = out + <usize>used;
        store<i32>(o, ci);
        store<i32>(o, e, 4);
        store<i32>(o, load<i32>(slotRhs + (<usize>p << 2)), 8);
        store<i32>(o, words, 12);
        for (let lane = first; lane <= last; lane++) {
          v128.store(o + 16 + (<usize>(lane - first) << 4), v128.load(ringLane(ring, p, lanes, lane)));
        }
        used += 16 + (words << 3);
        rank++;
        store<i32>(free + (<usize>(freeCount++) << 2), p);
      }
      // the front without its pivots, in order
      let kept = 0;
      for (let k = 0; k < size; k++) {
        if (load<i32>(bytes + (<usize>k << 2)) < 0) continue;
        store<i32>(front + (<usize>(kept++) << 2), load<i32>(front + (<usize>k << 2)));
      }
      size = kept;
    }
    c = c1;
  }
  if (status == DONE && c >= n) {
    // every column done: what is left of the front is zero
    for (let k = 0; k < size; k++) {
      const s = load<i32>(front + (<usize>k << 2));
      bad += load<i32>(slotRhs + (<usize>s << 2));
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
