// Banded (frontal) elimination of a sparse square system whose rows, once
// the cells are well ordered, only touch a narrow band: one skeleton, and
// the row reduction of each ring, GF(2) (p = 2: rows of bits) or Z_p
// (p > 2 prime, at most 46337: rows of u32 residues).
//
// Rows enter the front when the elimination reaches their first column
// (the caller sorts them by it). At column c every row in the front is zero
// before c and ends before its `extent`, so it fits in a ring of `lanes`
// lanes of 128 columns indexed by (column >> 7) mod lanes: lanes are reused
// as the front moves right and nothing is ever shifted. A lane holds 128
// bits over GF(2) (16 bytes) and 128 residues over Z_p (512 bytes). Rows
// whose extent has passed are zero: they leave (the front keeps the order
// rows entered in), and one whose right-hand side is not 0 makes the system
// inconsistent.
//
// GF(2) goes 8 columns at a time (one byte of every row), the Four Russians
// way: up to 8 pivots are chosen on the rows' bytes alone (the first row of
// the front with the bit: the earliest to enter, about the shortest, which
// limits fill), reduced among themselves (Gauss-Jordan on the block), and the
// 2^m sums of those m pivot rows tabulated (Gray code), so that every other
// row of the front is cleared of the whole block by one XOR of a table entry
// over the pivots' span, instead of one XOR per pivot.
//
// Z_p goes one column at a time: the pivot is the first row of the front
// with an entry non-zero mod p; it is reduced, scaled to 1, and m = p - entry
// times it is added to each other row with a non-zero entry, over the
// pivot's span only, with i32x4 multiply-adds and no reduction (delayed
// reduction, as in zp.ts): each step adds at most (p - 1)^2, so a row is
// reduced mod p after K = (2^32 - p) / (p - 1)^2 steps (never for p = 3 in
// practice).
//
// Input, in the caller's numbering: row r has columns cols[start[r] ..
// start[r + 1]) (any order, no repeats), first column lo[r] (rows sorted
// by lo) and right-hand side rhs[r] (u8 0/1 over GF(2), u32 residues over Z_p).
//
// Front: `slots` rows of `lanes` lanes at `ring`, with i32 extent and i32
// rhs per slot, an i32 list of the front's slots and an i32 stack of free
// ones. Scratch: over GF(2) 256 table entries of a row each, then 256 i32
// right-hand sides, 256 i32 extents, 256 i32 indices and `slots` i32 bytes;
// over Z_p `slots` i32 steps since a row's last reduction.
//
// Output, per pivot row, appended at `out`: i32 column c, i32 extent, i32
// rhs, i32 length w, then the row: over GF(2) w 64-bit words from column
// (c >> 7) << 7 on; over Z_p w residues from column c & ~3 on, entry c
// being 1.
//
// State (BandedArgs): column c, next row to enter, front size, free slots,
// rank, inconsistent rows, bytes written at `out`.
// A call stops at the first step boundary at or past cStop, or early when
// `out` cannot hold one more step's pivot rows (returns 1: the caller
// empties it and calls again) or no slot is free (returns 2: the caller
// retries with more slots). 0 when c reached cStop or the end.

import { addMultipleLazy, invMod, mulMod, reduceRow } from "./modular";
import { xorInto, xorTo } from "./rows";

/** The call stopped at cStop or finished. */
const DONE = 0;
/** The output block is full. */
const OUT_FULL = 1;
/** The front needs more slots than given. */
const NO_SLOT = 2;

// The front of the current call (one call at a time: this build has no threads).
/** The ring: 2 for GF(2), else the prime p of Z_p. */
let prime: u32 = 2;
let ring: usize = 0;
let lanes: i32 = 0;
let laneBytes: usize = 0;
let rowBytes: usize = 0;
let extent: usize = 0;
let slotRhs: usize = 0;
let front: usize = 0;
let free: usize = 0;
let scratch: usize = 0;
let out: usize = 0;
let size: i32 = 0;
let freeCount: i32 = 0;
let rank: i32 = 0;
let bad: i32 = 0;
let used: i32 = 0;
/** Z_p: steps a row may take before it must be reduced. */
let zpLimit: i32 = 0;

@inline function at32(base: usize, i: i32): usize {
  return base + (<usize>i << 2);
}

/** Byte offset in a row of the lane holding column j. */
@inline function laneOf(j: i32): usize {
  return <usize>((j >> 7) % lanes) * laneBytes;
}

/** Address of slot s's row. */
@inline function rowOf(s: i32): usize {
  return ring + <usize>s * rowBytes;
}

/** The arguments of `bandedEchelon`. */
@unmanaged export class BandedArgs {
  /** Row r of the input has the columns cols[start[r] .. start[r + 1]) (i32 each). */
  start: usize;
  cols: usize;
  /** The first column of each row (i32; rows sorted by it). */
  lo: usize;
  /** The right-hand sides: a byte each over GF(2), u32 residues over Z_p. */
  rhs: usize;
  rowCount: i32;
  /** Columns (unknowns). */
  n: i32;
  /** 2 for GF(2), else the prime p of Z_p (at most 46337). */
  p: u32;
  /** The front: `slots` rows of `lanes` lanes (16 bytes a lane over GF(2), 512 over Z_p). */
  ring: usize;
  lanes: i32;
  slots: i32;
  /** i32 per slot: the extent, the right-hand side, the front's list of slots, the stack of free slots (0..slots-1 to start). */
  extent: usize;
  slotRhs: usize;
  front: usize;
  free: usize;
  /** GF(2): 256 x lanes x 16 + 3072 + 4 x slots bytes; Z_p: 4 x slots bytes. */
  scratch: usize;
  /** The pivot rows are appended here, `outBytes` bytes. */
  out: usize;
  outBytes: i32;
  /** State: the next column. */
  c: i32;
  /** State: the next row to enter the front. */
  next: i32;
  /** State: rows in the front. */
  size: i32;
  /** State: free slots (slots to start). */
  freeCount: i32;
  /** State: pivot rows written. */
  rank: i32;
  /** State: rows reduced to 0 = non-zero. */
  bad: i32;
  /** State: bytes written at `out` (the caller empties it and sets 0). */
  used: i32;
  /** This call stops at the first step boundary at or past this column. */
  cStop: i32;
}

/**
 * Eliminates from column c on until cStop (see above).
 *
 * @returns DONE (0), OUT_FULL (1) or NO_SLOT (2).
 */
export function bandedEchelon(args: BandedArgs): i32 {
  const n = args.n, p = args.p;
  prime = p;
  ring = args.ring;
  lanes = args.lanes;
  laneBytes = p == 2 ? 16 : 512;
  rowBytes = <usize>lanes * laneBytes;
  extent = args.extent;
  slotRhs = args.slotRhs;
  front = args.front;
  free = args.free;
  scratch = args.scratch;
  out = args.out;
  const q: u64 = <u64>(p - 1);
  zpLimit = <i32>min<u64>((<u64>0xffffffff - q) / (q * q), <u64>i32.MAX_VALUE);
  let c = args.c;
  let next = args.next;
  size = args.size;
  freeCount = args.freeCount;
  rank = args.rank;
  bad = args.bad;
  used = args.used;
  let status = DONE;
  // columns per step, and the most output one step writes
  const step = p == 2 ? 8 : 1;
  const need = step * (16 + <i32>rowBytes);
  const stop = min(args.cStop, n);
  while (c < stop) {
    const c1 = min(c + step, n);
    if (used + need > args.outBytes) {
      status = OUT_FULL;
      break;
    }
    // rows whose first column is in the step join the front
    while (next < args.rowCount && load<i32>(at32(args.lo, next)) < c1) {
      if (freeCount == 0) {
        status = NO_SLOT;
        break;
      }
      enter(args, next);
      next++;
    }
    if (status != DONE) break;
    const best = leave(c);
    if (p == 2) gf2Block(c, c1);
    else if (best >= 0) zpColumn(c, best);
    c = c1;
  }
  // every column done: what is left of the front is zero
  if (status == DONE && c >= n) leave(n);
  args.c = c;
  args.next = next;
  args.size = size;
  args.freeCount = freeCount;
  args.rank = rank;
  args.bad = bad;
  args.used = used;
  return status;
}

/** Row r of the input joins the front in a free slot. */
function enter(args: BandedArgs, r: i32): void {
  const start = args.start, cols = args.cols, rhs = args.rhs;
  const s = load<i32>(at32(free, --freeCount));
  const row = rowOf(s);
  memory.fill(row, 0, rowBytes);
  let end = 0;
  const a = load<i32>(at32(start, r));
  const b = load<i32>(at32(start, r + 1));
  for (let k = a; k < b; k++) {
    const j = load<i32>(at32(cols, k));
    const lane = row + laneOf(j);
    if (prime == 2) {
      const word = lane + ((<usize>(j >> 6) & 1) << 3);
      store<u64>(word, load<u64>(word) | (<u64>1 << <u64>(j & 63)));
    } else store<u32>(lane + (<usize>(j & 127) << 2), 1);
    if (j + 1 > end) end = j + 1;
  }
  store<i32>(at32(extent, s), end);
  store<u32>(at32(slotRhs, s), prime == 2 ? <u32>load<u8>(rhs + <usize>r) : load<u32>(at32(rhs, r)));
  if (prime != 2) store<i32>(at32(scratch, s), 0);
  store<i32>(at32(front, size++), s);
}

/**
 * Rows whose extent is at most c (zero rows) leave the front, which keeps
 * its order. In the same pass over the rows that stay (the front is the
 * longest loop of a step), GF(2) reads each one's byte of the block and
 * Z_p finds the first with a non-zero entry at c: returned, or -1.
 */
function leave(c: i32): i32 {
  const fronts = front;
  const extents = extent;
  const rows = ring;
  const bytes = rowBytes;
  const gf2 = prime == 2;
  const byteAt = rows + laneOf(c) + (<usize>(c & 127) >> 3);
  const entryAt = rows + laneOf(c) + (<usize>(c & 127) << 2);
  const gathered = bytesOf();
  const count = size;
  let kept = 0;
  let best = -1;
  for (let k = 0; k < count; k++) {
    const s = load<i32>(at32(fronts, k));
    if (load<i32>(at32(extents, s)) <= c) {
      if (load<u32>(at32(slotRhs, s)) % prime != 0) bad++;
      store<i32>(at32(free, freeCount++), s);
      continue;
    }
    if (gf2) store<i32>(at32(gathered, kept), <i32>load<u8>(byteAt + <usize>s * bytes));
    else if (best < 0 && load<u32>(entryAt + <usize>s * bytes) % prime != 0) best = kept;
    store<i32>(at32(fronts, kept++), s);
  }
  size = kept;
  return best;
}

/** Appends the header of slot s as the pivot row of column c (`length` units, `bytes` bytes after the header), frees the slot; returns where the row goes. */
@inline function emit(c: i32, s: i32, length: i32, bytes: i32): usize {
  const o = out + <usize>used;
  store<i32>(o, c);
  store<i32>(o, load<i32>(at32(extent, s)), 4);
  store<u32>(o, load<u32>(at32(slotRhs, s)), 8);
  store<i32>(o, length, 12);
  used += 16 + bytes;
  rank++;
  store<i32>(at32(free, freeCount++), s);
  return o + 16;
}

// ---------------------------------------------------------------------------
// GF(2): a block of up to 8 columns.

// The block's pivots, in the order chosen: front slot, column in the block, reduced byte.
const pivotSlots = memory.data(32);
const pivotColumns = memory.data(32);
const pivotBytes = memory.data(32);

// Scratch of a block: the table of 2^m sums (a row each), then their rhs,
// their extents, byte -> table entry, and the front's bytes of the block.
@inline function tableRhs(): usize {
  return scratch + 256 * rowBytes;
}

@inline function tableEnd(): usize {
  return tableRhs() + 1024;
}

@inline function indexOf(): usize {
  return tableEnd() + 1024;
}

@inline function bytesOf(): usize {
  return indexOf() + 1024;
}

/** Slot of the i-th pivot. */
@inline function pivotSlot(i: i32): i32 {
  return load<i32>(at32(pivotSlots, i));
}

/** Column (in the block) of the i-th pivot. */
@inline function pivotBit(i: i32): i32 {
  return load<i32>(at32(pivotColumns, i));
}

/** Eliminates columns c..c1-1 (c a multiple of 8), the front's bytes of the block gathered by leave(). */
function gf2Block(c: i32, c1: i32): void {
  const from = (c >> 7) % lanes;
  const bytes = bytesOf();
  const m = gf2Pivots(c1 - c);
  if (m == 0) return;
  gf2ReducePivots(c, m, from);
  const span = gf2Table(c, m, from);
  gf2Apply(m, from, span);
  // the pivot rows leave: written out lane by lane, in column order
  const first = c >> 7;
  for (let i = 0; i < m; i++) {
    const s = pivotSlot(i);
    const row = rowOf(s);
    const last = (load<i32>(at32(extent, s)) - 1) >> 7;
    const words = (last - first + 1) << 1;
    const to = emit(c + pivotBit(i), s, words, words << 3);
    for (let lane = first; lane <= last; lane++) {
      v128.store(to + (<usize>(lane - first) << 4), v128.load(row + laneOf(lane << 7)));
    }
  }
  // the front without its pivots, in order
  const fronts = front;
  const count = size;
  let kept = 0;
  for (let k = 0; k < count; k++) {
    if (load<i32>(at32(bytes, k)) < 0) continue;
    store<i32>(at32(fronts, kept++), load<i32>(at32(fronts, k)));
  }
  size = kept;
}

/**
 * Chooses the block's pivots on the bytes alone: for bit j, the first row
 * of the front whose byte, reduced by the pivots so far, has bit j. Marks
 * each pivot's byte negative; returns how many there are.
 */
function gf2Pivots(width: i32): i32 {
  const bytes = bytesOf();
  const count = size;
  let m = 0;
  for (let j = 0; j < width; j++) {
    let best = -1;
    let reduced = 0;
    for (let k = 0; k < count; k++) {
      let v = load<i32>(at32(bytes, k));
      if (v < 0) continue;
      for (let i = 0; i < m; i++) {
        if ((v >> load<i32>(at32(pivotColumns, i))) & 1) v ^= load<i32>(at32(pivotBytes, i));
      }
      if ((v >> j) & 1) {
        best = k;
        reduced = v;
        break;
      }
    }
    if (best < 0) continue;
    store<i32>(at32(bytes, best), -1 - j); // marked: a pivot leaves the front after the block
    store<i32>(at32(pivotSlots, m), load<i32>(at32(front, best)));
    store<i32>(at32(pivotColumns, m), j);
    store<i32>(at32(pivotBytes, m), reduced);
    m++;
  }
  return m;
}

/** The pivot rows reduced among themselves (Gauss-Jordan on the block), in the order chosen. */
function gf2ReducePivots(c: i32, m: i32, from: i32): void {
  const first = c >> 7;
  for (let i = 0; i < m; i++) {
    const si = pivotSlot(i);
    const ci = c + pivotBit(i);
    const ei = load<i32>(at32(extent, si));
    const at = laneOf(ci) + ((<usize>(ci >> 6) & 1) << 3);
    const mask: u64 = <u64>1 << <u64>(ci & 63);
    // the pivot's lanes, from the block's lane around the ring
    const count = ((ei - 1) >> 7) - first + 1;
    const run = min(count, lanes - from);
    const src = rowOf(si);
    for (let i2 = 0; i2 < m; i2++) {
      if (i2 == i) continue;
      const q = pivotSlot(i2);
      const dst = rowOf(q);
      if ((load<u64>(dst + at) & mask) == 0) continue;
      xorInto(dst + (<usize>from << 4), src + (<usize>from << 4), run << 1);
      xorInto(dst, src, (count - run) << 1);
      store<u32>(at32(slotRhs, q), load<u32>(at32(slotRhs, q)) ^ load<u32>(at32(slotRhs, si)));
      if (load<i32>(at32(extent, q)) < ei) store<i32>(at32(extent, q), ei);
    }
  }
}

/** The table of the 2^m sums of the pivot rows over their span (lanes), each entry from a smaller one; returns the span. */
function gf2Table(c: i32, m: i32, from: i32): i32 {
  const first = c >> 7;
  let span = 1;
  for (let i = 0; i < m; i++) span = max(span, ((load<i32>(at32(extent, pivotSlot(i))) - 1) >> 7) - first + 1);
  const spanBytes = <usize>span << 4;
  const run = min(span, lanes - from);
  const head = <usize>from << 4;
  const rest = <usize>run << 4;
  const table = scratch;
  const rows = ring;
  const rowSize = rowBytes;
  const rhs = tableRhs();
  const ends = tableEnd();
  memory.fill(table, 0, spanBytes);
  store<u32>(rhs, 0);
  store<i32>(ends, 0);
  for (let g = 1; g < 1 << m; g++) {
    const i = ctz(g);
    const prev = g ^ (1 << i);
    const s = pivotSlot(i);
    const dst = table + <usize>g * spanBytes;
    const src = table + <usize>prev * spanBytes;
    // the span in the ring: lanes from..lanes-1, then 0..
    const row = rows + <usize>s * rowSize;
    xorTo(dst, src, row + head, run << 1);
    xorTo(dst + rest, src + rest, row, (span - run) << 1);
    store<u32>(at32(rhs, g), load<u32>(at32(rhs, prev)) ^ load<u32>(at32(slotRhs, s)));
    store<i32>(at32(ends, g), max(load<i32>(at32(ends, prev)), load<i32>(at32(extent, s))));
  }
  return span;
}

/** Every other row of the front cleared of the block by one table entry. */
function gf2Apply(m: i32, from: i32, span: i32): void {
  const index = indexOf();
  const bytes = bytesOf();
  const rhs = tableRhs();
  const ends = tableEnd();
  const table = scratch;
  const rows = ring;
  const fronts = front;
  const extents = extent;
  const rowRhs = slotRhs;
  const rowSize = rowBytes;
  // byte of the block -> index of the table entry that clears it (bit i of the index: pivot i's column)
  for (let v = 0; v < 256; v++) store<i32>(at32(index, v), 0);
  for (let i = 0; i < m; i++) {
    const j = pivotBit(i);
    for (let v = 0; v < 256; v++) {
      if ((v >> j) & 1) store<i32>(at32(index, v), load<i32>(at32(index, v)) | (1 << i));
    }
  }
  const spanBytes = <usize>span << 4;
  const run = min(span, lanes - from);
  const head = <usize>from << 4;
  const tail = (span - run) << 1;
  const count = size;
  for (let k = 0; k < count; k++) {
    const b = load<i32>(at32(bytes, k));
    if (b <= 0) continue; // a pivot (marked negative), or nothing to clear
    const g = load<i32>(at32(index, b));
    if (g == 0) continue;
    const s = load<i32>(at32(fronts, k));
    const row = rows + <usize>s * rowSize;
    const entry = table + <usize>g * spanBytes;
    xorInto(row + head, entry, run << 1);
    xorInto(row, entry + (<usize>run << 4), tail);
    store<u32>(at32(rowRhs, s), load<u32>(at32(rowRhs, s)) ^ load<u32>(at32(rhs, g)));
    const e = load<i32>(at32(ends, g));
    if (load<i32>(at32(extents, s)) < e) store<i32>(at32(extents, s), e);
  }
}

// ---------------------------------------------------------------------------
// Z_p: one column.

/** Reduces entries of a row mod p over `count` columns from ring position `pos` (wrapping at the ring's width). */
@inline function reduceWrapped(row: usize, pos: i32, count: i32): void {
  const run = min(count, (lanes << 7) - pos);
  reduceRow(row, pos, pos + run, prime);
  reduceRow(row, 0, count - run, prime);
}

/** Eliminates column c with the pivot front[best], the first row of the front with a non-zero entry there. */
function zpColumn(c: i32, best: i32): void {
  const cAt = laneOf(c) + (<usize>(c & 127) << 2);
  const width = lanes << 7;
  const pv = load<i32>(at32(front, best));
  const pr = rowOf(pv);
  const end = load<i32>(at32(extent, pv));
  const first = c & ~3;
  const count = ((end + 3) & ~3) - first;
  const pos = first % width;
  // the pivot row exactly: residues, 1 at c
  reduceWrapped(pr, pos, count);
  const inv = invMod(load<u32>(pr + cAt), prime);
  for (let j = first; j < first + count; j++) {
    const at = pr + (<usize>(j % width) << 2);
    store<u32>(at, mulMod(load<u32>(at), inv, prime));
  }
  const prhs = mulMod(load<u32>(at32(slotRhs, pv)) % prime, inv, prime);
  store<u32>(at32(slotRhs, pv), prhs);
  const run = min(count, width - pos);
  for (let k = 0; k < size; k++) {
    if (k == best) continue;
    const s = load<i32>(at32(front, k));
    const row = rowOf(s);
    const v = load<u32>(row + cAt) % prime;
    if (v == 0) continue;
    const m = prime - v;
    addMultipleLazy(row, pr, m, pos, pos + run);
    addMultipleLazy(row, pr, m, 0, count - run);
    store<u32>(at32(slotRhs, s), (load<u32>(at32(slotRhs, s)) % prime) + m * prhs);
    if (load<i32>(at32(extent, s)) < end) store<i32>(at32(extent, s), end);
    const steps = load<i32>(at32(scratch, s)) + 1;
    if (steps >= zpLimit) {
      // the whole ring: positions past the span may hold old multiples of p that later columns reuse
      reduceRow(row, 0, width, prime);
      store<i32>(at32(scratch, s), 0);
    } else store<i32>(at32(scratch, s), steps);
  }
  // the pivot row leaves: written out, its slot freed, the front kept in order
  const to = emit(c, pv, count, count << 2);
  for (let j = 0; j < count; j++) store<u32>(to + (<usize>j << 2), load<u32>(pr + (<usize>((first + j) % width) << 2)));
  for (let k = best; k < size - 1; k++) store<i32>(at32(front, k), load<i32>(at32(front, k + 1)));
  size--;
}
