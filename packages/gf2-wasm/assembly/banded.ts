// Banded (frontal) elimination over GF(2) of a sparse square system whose
// rows, once the cells are well ordered, only touch a narrow band.
//
// Rows enter the front when the elimination reaches their first column
// (the caller sorts them by it). At column c every row in the front is zero
// before c and ends before its `extent`, so it fits in a ring of P lanes of
// 128 bits indexed by (column >> 7) mod P: lanes are reused as the front
// moves right and nothing is ever shifted. A pivot is a front row with bit c
// set (the shortest one, to limit fill); it is XORed into the other rows
// with bit c set over its own span only, then written out and leaves.
// Rows whose extent has passed are zero: they leave too, and one with a
// right-hand side of 1 makes the system inconsistent.
//
// Input, in the caller's numbering: row r has columns cols[start[r] ..
// start[r + 1]) (any order, no repeats), first column lo[r] (rows sorted
// by lo) and right-hand side rhs[r] (0/1, one byte each).
//
// Front: `slots` rows of P lanes at `ring`, with i32 extent and i32 rhs
// per slot, an i32 list of the front's slots and an i32 stack of free ones.
//
// Output, per pivot row, appended at `out`: i32 column c, i32 extent,
// i32 rhs, i32 number of 64-bit words w, then w words: the row's bits from
// column (c >> 7) << 7 on.
//
// State (i32 each): 0 column c, 1 next row to enter, 2 front size,
// 3 free slots, 4 rank, 5 inconsistent rows, 6 bytes written at `out`.
// A call stops at column cStop, or early when `out` cannot hold the next
// pivot row (returns 1: the caller empties it and calls again) or no slot
// is free (returns 2: the caller retries with more slots). 0 when c
// reached cStop or the end.

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
 * Eliminates columns c..cStop-1 of the system described above.
 *
 * @returns DONE (0), OUT_FULL (1) or NO_SLOT (2).
 */
export function bandedEchelon(
  start: usize, cols: usize, lo: usize, rhs: usize, rowCount: i32, n: i32,
  ring: usize, lanes: i32, slots: i32, extent: usize, slotRhs: usize, front: usize, free: usize,
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
  const laneBytes = <usize>lanes << 4;
  const stop = min(cStop, n);
  while (c < stop) {
    // rows whose first column is c join the front
    while (next < rowCount && load<i32>(lo + (<usize>next << 2)) <= c) {
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
    // the pivot: the shortest row with bit c; rows that have ended leave.
    // Bit c sits at the same place in every slot: lane (c >> 7) mod lanes.
    const from = (c >> 7) % lanes;
    const bitAt = ring + (<usize>from << 4) + ((<usize>(c >> 6) & 1) << 3);
    const mask: u64 = <u64>1 << <u64>(c & 63);
    let best = -1;
    let bestEnd = i32.MAX_VALUE;
    for (let k = 0; k < size; k++) {
      const s = load<i32>(front + (<usize>k << 2));
      const end = load<i32>(extent + (<usize>s << 2));
      if (end <= c) {
        bad += load<i32>(slotRhs + (<usize>s << 2));
        store<i32>(free + (<usize>(freeCount++) << 2), s);
        store<i32>(front + (<usize>k << 2), load<i32>(front + (<usize>(--size) << 2)));
        k--;
        continue;
      }
      if (end < bestEnd && (load<u64>(bitAt + <usize>s * laneBytes) & mask) != 0) {
        best = k;
        bestEnd = end;
      }
    }
    if (best < 0) {
      c++;
      continue;
    }
    const p = load<i32>(front + (<usize>best << 2));
    const first = c >> 7;
    const last = (bestEnd - 1) >> 7;
    const words = (last - first + 1) << 1;
    const need = 16 + (words << 3);
    if (used + need > outBytes) {
      status = OUT_FULL;
      break;
    }
    const pr = load<i32>(slotRhs + (<usize>p << 2));
    for (let k = 0; k < size; k++) {
      if (k == best) continue;
      const s = load<i32>(front + (<usize>k << 2));
      if ((load<u64>(bitAt + <usize>s * laneBytes) & mask) == 0) continue;
      xorLanes(ring, s, p, lanes, from, last - first + 1);
      store<i32>(slotRhs + (<usize>s << 2), load<i32>(slotRhs + (<usize>s << 2)) ^ pr);
      if (load<i32>(extent + (<usize>s << 2)) < bestEnd) store<i32>(extent + (<usize>s << 2), bestEnd);
    }
    // the pivot row leaves: written out lane by lane, its slot freed
    const o = out + <usize>used;
    store<i32>(o, c);
    store<i32>(o, bestEnd, 4);
    store<i32>(o, pr, 8);
    store<i32>(o, words, 12);
    for (let lane = first; lane <= last; lane++) {
      v128.store(o + 16 + (<usize>(lane - first) << 4), v128.load(ringLane(ring, p, lanes, lane)));
    }
    used += need;
    rank++;
    store<i32>(free + (<usize>(freeCount++) << 2), p);
    store<i32>(front + (<usize>best << 2), load<i32>(front + (<usize>(--size) << 2)));
    c++;
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
