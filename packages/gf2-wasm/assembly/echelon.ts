// Echelon forms over GF(2): the naive Gauss-Jordan kernel and the Method of
// Four Russians (M4RI). Both work in place and write the pivot column of
// echelon row t into pivots[t] (i32). `full` = 1 asks for the reduced form
// (rows above a pivot cleared too); 0 stops at a row echelon form, which is
// all that rank needs. Only columns < pivotLimit may hold pivots, but row
// operations run over the whole stride: that is how [A | I] yields P with
// P A = E, and [A | B] yields solutions.
//
// Both kernels run in slices so that the caller can report progress and
// cancel between calls: the descriptor's state is the next echelon row r and
// the next column c; a call works on columns until c reaches `cStop` (or the
// rows run out), stores r and c back and returns r. Start from r = c = 0.

import { firstSetColumn, getBit, laneStart, lowMask, read64, rowAt } from "./layout";
import { copyWords, swapRows, xorFourTableRows, xorInto, xorTableRows, xorTo, zeroWords } from "./rows";

/** The arguments of `echelonizeNaive` and `echelonizeM4ri` (the naive kernel ignores the Four Russians fields). */
@unmanaged export class EchelonArgs {
  /** The matrix: `rows` rows of `stride` 64-bit words (packed layout, layout.ts). */
  a: usize;
  rows: i32;
  cols: i32;
  stride: i32;
  /** Pivots only in columns below this one (the others are carried along). */
  pivotLimit: i32;
  /** 1: the reduced form (rows above a pivot cleared too); 0: a row echelon form. */
  full: i32;
  /** Where the pivot column of echelon row t goes (i32 each, room for min(rows, cols)). */
  pivots: usize;
  /** Four Russians: bits per table (1 <= k, k * tables <= 64). */
  k: i32;
  /** Four Russians: tables per step, 1..8. */
  tables: i32;
  /** Four Russians: steps deferred before a sweep, 1..16. */
  steps: i32;
  /** Four Russians: `steps` slots of slotTables * 2^k * stride words (slotTables: tables rounded up to 1, 2, 4, 6 or 8). */
  scratch: usize;
  /** Four Russians: one i32 per row. */
  versions: usize;
  /** State: the next echelon row (the rank so far). */
  r: i32;
  /** State: the next column. */
  c: i32;
  /** This call stops at this column. */
  cStop: i32;
}

/** The arguments of `echelonizeM4riThreaded` (the shared-memory build, threads.ts): those of `echelonizeM4ri`, and the threads'. */
@unmanaged export class ThreadedEchelonArgs extends EchelonArgs {
  /** The control block (128 bytes, zeroed before the helpers start). */
  ctl: usize;
  /** Threads taking part, this one included. */
  threads: i32;
  /** 0: spin instead of sleeping (a browser's main thread may not block). */
  blocking: i32;
}

/** Naive Gauss(-Jordan) elimination, one column at a time. Returns the rank. */
export function echelonizeNaive(args: EchelonArgs): i32 {
  const a = args.a, rows = args.rows, stride = args.stride, full = args.full, pivots = args.pivots;
  const limit = min(min(args.cols, args.pivotLimit), args.cStop);
  let r = args.r;
  let c = args.c;
  for (; c < limit && r < rows; c++) {
    let p = r;
    while (p < rows && getBit(rowAt(a, p, stride), c) == 0) p++;
    if (p == rows) continue;
    const lane = laneStart(c);
    const width = stride - lane;
    const pivotRow = rowAt(a, r, stride);
    if (p != r) swapRows(pivotRow + (<usize>lane << 3), rowAt(a, p, stride) + (<usize>lane << 3), width);
    const src = pivotRow + (<usize>lane << 3);
    for (let i = full ? 0 : r + 1; i < rows; i++) {
      if (i == r) continue;
      const row = rowAt(a, i, stride);
      if (getBit(row, c) != 0) xorInto(row + (<usize>lane << 3), src, width);
    }
    store<i32>(pivots + (<usize>r << 2), c);
    r++;
  }
  args.r = r;
  args.c = c;
  return r;
}

// ---------------------------------------------------------------------------
// Method of Four Russians (M4RI), with deferred updates.
//
// Each step finds the pivots of up to k * tables consecutive columns (a
// column without a pivot among them counts as a pivot with a zero row: see
// gaussBlock), tabulates the 2^k combinations of each group of k of those
// rows, and clears the block from every other row with one table lookup per
// group: one pass per k * tables columns instead of one per column.
//
// Cache blocking: a step's tables are kept, and rows are brought up to date
// lazily. A row is updated only when the pivot search reads it, or in a sweep
// once `steps` steps are pending; the sweep applies all of them to one row
// while it sits in L1, so the matrix streams through memory once per `steps`
// steps rather than once per step. Each row records the global number of
// steps applied to it (its version); pivot rows of the reduced form skip
// their own step, and in the plain echelon form they are final (DONE).
//
// A block's pivot rows are made an identity on its pivot columns in two
// halves: gaussBlock reduces each against the pivots before it (as it must,
// to find its pivot), and record() finishes them while it builds the
// tables, the last group first: a group's rows are cleared at the later
// groups' pivots by one entry of each of their tables, then within the
// group. With 4 groups of 8, about 3 row operations a pivot instead of the
// 8 of reducing it against each pivot after it as that one is found.
// ---------------------------------------------------------------------------

const DONE: i32 = i32.MAX_VALUE;
const MAX_STEPS = 16;
// per pending step (32 bytes): first column c, span (columns its tables cover), first
// word lane, its tables (+12), the u64 mask of the span's columns that have a pivot
// (+16) and the u64 mask of the span (+24)
const stepInfo = memory.data(MAX_STEPS * 32, 16);

@inline function stepAt(slot: i32): usize {
  return stepInfo + (<usize>slot << 5);
}

// The elimination in progress (one at a time). Sweeps may be shared out among
// threads (threads.ts), which take these over with adoptState.
let gA: usize = 0;
let gStride: i32 = 0;
let gK: i32 = 0;
let gScratch: usize = 0;
let gSlotBytes: usize = 0;
let gVersions: usize = 0;
let gBase: i32 = 0; // global number of the first pending step
let gPending: i32 = 0;
// gaussBlock's block: columns c..c+gSpan-1 hold its pivots, at the positions set in gPivotMask
let gSpan: i32 = 0;
let gPivotMask: u64 = 0;

@inline function versionAt(i: i32): usize {
  return gVersions + (<usize>i << 2);
}

/** XORs into `row` the table rows that clear pending step `slot`'s block. */
function applyStep(row: usize, slot: i32): void {
  const info = stepAt(slot);
  const c = load<i32>(info);
  const lane = load<i32>(info, 8);
  const x = read64(row, c, gStride) & load<u64>(info, 24);
  if (x == 0) return;
  const width = gStride - lane;
  const entry = <usize>width << 3;
  const t0 = gScratch + <usize>slot * gSlotBytes;
  const groups = load<i32>(info, 12);
  const dst = row + (<usize>lane << 3);
  // three or four tables (the usual case) skip xorTableRows' dispatch; a missing fourth group reads
  // entry 0 of its table (zeroed in record())
  if (groups == 3 || groups == 4) xorFourTableRows(dst, width, t0, entry << <usize>gK, entry, x, gK);
  else xorTableRows(dst, width, t0, entry << <usize>gK, entry, x, gK, groups);
}

/** Applies to row i every pending step it has not had yet. */
function bringCurrent(i: i32): void {
  const p = versionAt(i);
  const v = load<i32>(p);
  const now = gBase + gPending;
  if (v >= now) return; // current, or DONE
  const row = rowAt(gA, i, gStride);
  for (let g = v; g < now; g++) applyStep(row, g - gBase);
  store<i32>(p, now);
}

// Where sweepRange's early reads go, so that they are not optimized away.
let gTouched: u64 = 0;

/** Reads row i + 1's word at byte `ahead` if it is before `end` (see sweepRange). */
@inline function touchNext(i: i32, end: i32, ahead: usize): void {
  if (i + 1 < end) gTouched ^= load<u64>(rowAt(gA, i + 1, gStride) + ahead);
}

/**
 * Brings rows first..end-1 up to date: one thread's share of a sweep.
 * Steps of three or four tables (the defaults' from 256 columns) take the
 * four-table loop from the sweep's own loop, not through applyStep's call
 * and dispatch a row. One thread, pinned, alternating builds, fastest of
 * 30 / 8 / 3 a process (2026-12-03): 4096 10.5-11.3 -> 9.3-9.8 ms, 8192
 * 70.1-72.4 -> 62.7-65.5 ms, 16384 671-694 -> 620-655 ms.
 */
export function sweepRange(first: i32, end: i32): void {
  if (fourTablesEach()) {
    if (gPending <= 2) sweepTwoSteps(first, end);
    else if (gPending <= 4) sweepFourSteps(first, end);
    else sweepFourTables(first, end);
    return;
  }
  // The first read of a row waits for the last-level cache (the matrix has
  // left L2): reading the next row's first bits before this row's update
  // lets the two overlap.
  const ahead = <usize>load<i32>(stepAt(0), 8) << 3; // the first pending step's lane
  for (let i = first; i < end; i++) {
    touchNext(i, end, ahead);
    bringCurrent(i);
  }
}

/** Whether every pending step has three or four tables (the four-table loop's case). */
function fourTablesEach(): bool {
  for (let s = 0; s < gPending; s++) {
    const groups = load<i32>(stepAt(s), 12);
    if (groups != 3 && groups != 4) return false;
  }
  return true;
}

/** applyStep for a step of three or four tables, from what a sweep read of it: column c, first lane, span mask, tables at t. */
@inline function applyFourTables(row: usize, c: i32, lane: i32, mask: u64, t: usize): void {
  const x = read64(row, c, gStride) & mask;
  if (x == 0) return;
  const width = gStride - lane;
  const entry = <usize>width << 3;
  xorFourTableRows(row + (<usize>lane << 3), width, t, entry << <usize>gK, entry, x, gK);
}

/**
 * sweepFourTables for one or two pending steps (the defaults' up to 8192
 * columns on one thread): each step's column, lane and mask are read once
 * a sweep, into locals (8192: 62.7-65.5 ms, against 65.7-67.9 ms read
 * from the step's record a row).
 */
function sweepTwoSteps(first: i32, end: i32): void {
  const base = gBase;
  const now = base + gPending;
  const info0 = stepAt(0);
  const c0 = load<i32>(info0), lane0 = load<i32>(info0, 8), m0 = load<u64>(info0, 24);
  // one step pending: the second set of locals is read and never used
  const two = gPending == 2;
  const info1 = stepAt(two ? 1 : 0);
  const c1 = load<i32>(info1), lane1 = load<i32>(info1, 8), m1 = load<u64>(info1, 24);
  const t1 = gScratch + <usize>gSlotBytes;
  const ahead = <usize>lane0 << 3;
  for (let i = first; i < end; i++) {
    touchNext(i, end, ahead);
    const p = versionAt(i);
    const v = load<i32>(p);
    if (v >= now) continue;
    const row = rowAt(gA, i, gStride);
    // a row at base + 1 has had step 0 (read by the search for step 1's pivots, or one of step 0's pivot rows)
    if (v == base) applyFourTables(row, c0, lane0, m0, gScratch);
    if (two) applyFourTables(row, c1, lane1, m1, t1);
    store<i32>(p, now);
  }
}

/**
 * sweepTwoSteps for three or four pending steps (one thread from 16384
 * columns, two threads up to 32 MiB of matrix). One thread, pinned,
 * alternating builds: 16384 636-649 -> 607-629 ms, 24576 2.30-2.32 ->
 * 2.24-2.25 s, against reading the steps' records a row (sweepFourTables).
 */
function sweepFourSteps(first: i32, end: i32): void {
  const base = gBase, pending = gPending;
  const now = base + pending;
  // three steps pending: the fourth set of locals is read (from step 2) and never used
  const i0 = stepAt(0), i1 = stepAt(1), i2 = stepAt(2), i3 = stepAt(pending - 1);
  const c0 = load<i32>(i0), l0 = load<i32>(i0, 8), m0 = load<u64>(i0, 24);
  const c1 = load<i32>(i1), l1 = load<i32>(i1, 8), m1 = load<u64>(i1, 24);
  const c2 = load<i32>(i2), l2 = load<i32>(i2, 8), m2 = load<u64>(i2, 24);
  const c3 = load<i32>(i3), l3 = load<i32>(i3, 8), m3 = load<u64>(i3, 24);
  const slot = <usize>gSlotBytes;
  const t1 = gScratch + slot, t2 = t1 + slot, t3 = t2 + slot;
  const four = pending == 4;
  const ahead = <usize>l0 << 3;
  for (let i = first; i < end; i++) {
    touchNext(i, end, ahead);
    const p = versionAt(i);
    const v = load<i32>(p);
    if (v < now) {
      const row = rowAt(gA, i, gStride);
      if (v <= base) applyFourTables(row, c0, l0, m0, gScratch);
      if (v <= base + 1) applyFourTables(row, c1, l1, m1, t1);
      if (v <= base + 2) applyFourTables(row, c2, l2, m2, t2);
      if (four) applyFourTables(row, c3, l3, m3, t3);
      store<i32>(p, now);
    }
  }
}

/** sweepRange when every pending step has three or four tables, more than four of them (see sweepRange). */
function sweepFourTables(first: i32, end: i32): void {
  const ahead = <usize>load<i32>(stepAt(0), 8) << 3;
  for (let i = first; i < end; i++) {
    touchNext(i, end, ahead);
    bringCurrentFourTables(i);
  }
}

/** bringCurrent when every pending step has three or four tables. */
@inline function bringCurrentFourTables(i: i32): void {
  const p = versionAt(i);
  const v = load<i32>(p);
  const now = gBase + gPending;
  if (v >= now) return; // current, or DONE
  const row = rowAt(gA, i, gStride);
  for (let slot = v - gBase; slot < gPending; slot++) {
    const info = stepAt(slot);
    applyFourTables(row, load<i32>(info), load<i32>(info, 8), load<u64>(info, 24), gScratch + <usize>slot * gSlotBytes);
  }
  store<i32>(p, now);
}

/** How a sweep runs: here in one thread; threads.ts splits it among threads. */
export let sweepRows: (first: i32, end: i32) => void = sweepRange;

/** Writes the elimination state (32 bytes) at `dst` for other threads (see adoptState). */
export function publishState(dst: usize): void {
  store<u32>(dst, <u32>gA);
  store<i32>(dst, gStride, 4);
  store<i32>(dst, gK, 8);
  store<u32>(dst, <u32>gScratch, 12);
  store<u32>(dst, <u32>gSlotBytes, 16);
  store<u32>(dst, <u32>gVersions, 20);
  store<i32>(dst, gBase, 24);
  store<i32>(dst, gPending, 28);
}

/** Takes on the state that publishState wrote (module globals are per thread). */
export function adoptState(src: usize): void {
  gA = load<u32>(src);
  gStride = load<i32>(src, 4);
  gK = load<i32>(src, 8);
  gScratch = load<u32>(src, 12);
  gSlotBytes = load<u32>(src, 16);
  gVersions = load<u32>(src, 20);
  gBase = load<i32>(src, 24);
  gPending = load<i32>(src, 28);
}

/**
 * Brings every row from `first` on up to date and empties the queue of
 * pending steps (rows before `first` are final pivot rows).
 */
function sweep(first: i32, rows: i32): void {
  if (gPending == 0) return;
  sweepRows(first, rows);
  gBase += gPending;
  gPending = 0;
}

// gaussBlock's pivot rows, columns c..c+63, by the position of their pivot in the block (kept in
// step with the rows).
const pivotBits = memory.data(64 * 8, 8);

/** Swaps the u64s at p and q. */
@inline function swapWords(p: usize, q: usize): void {
  const t = load<u64>(p);
  store<u64>(p, load<u64>(q));
  store<u64>(q, t);
}

/**
 * Clears the bit at `pos` with the new pivot's bits from the kept windows
 * at kept[0..count); returns the OR of the windows (the columns still set).
 */
function clearKept(kept: usize, count: i32, pos: i32, bits: u64): u64 {
  let seen: u64 = 0;
  for (let i = 0; i < count; i++) {
    const p = kept + (<usize>i << 3);
    let v = load<u64>(p);
    if (((v >> <u64>pos) & 1) != 0) {
      v ^= bits;
      store<u64>(p, v);
    }
    seen |= v;
  }
  return seen;
}

// The block's bits of its pivot rows as gaussBlock leaves them (reduced against the
// pivots before, not after), by pivot position, for record() to finish them.
const triangularBits = memory.data(64 * 8, 8);

/** The row of the pivot at position `pos` of the block whose pivot rows start at r, its pivots at the bits of `mask`. */
@inline function pivotRowAt(r: i32, mask: u64, pos: i32): usize {
  return rowAt(gA, r + <i32>popcnt(mask & lowMask(pos)), gStride);
}

/**
 * Clears from `row` (words from byte `off` on, `width` of them) the block's
 * pivot columns found so far, its block bits being `bits`. The pivot rows
 * are triangular (each clear at the pivots before its own), so they are
 * taken lowest first, as each may set bits of the ones after it.
 */
function reduceAgainstPivots(row: usize, off: usize, bits: u64, r: i32, width: i32): void {
  for (let l = bits & gPivotMask; l != 0; l = bits & gPivotMask) {
    const pos = <i32>ctz(l);
    xorInto(row + off, pivotRowAt(r, gPivotMask, pos) + off, width);
    bits ^= load<u64>(triangularBits + (<usize>pos << 3));
  }
}

/**
 * Finds pivots among rows r.. for the columns c..c+kmax-1, in order; the
 * pivot rows end up at r.., each reduced against the pivots before it (a
 * triangle on the pivot columns, which record() makes an identity: see
 * finishGroup). Candidate rows are brought up to
 * date; whether one has a pivot is decided on its 64 bits from column c
 * reduced against the pivots found so far (their bits are kept in
 * pivotBits), so only the row that becomes a pivot is reduced over its
 * whole width.
 *
 * A column without a pivot does not end the block: once the block's pivots
 * clear the rows below, that column is zero in all of them, so the table of
 * the block may treat it as a pivot whose row is zero (the rows' bits there
 * are a function of their bits at the pivot columns). Its failed search has
 * read every row below, and keeps their reduced bits (in the next step's
 * table slot, free until record(), when they fit): from then on the block
 * goes on in those words alone, the next column with a pivot being the
 * lowest set bit of their OR, and each new pivot clearing its bit from
 * them. Without this a matrix with dependent columns between independent
 * ones (every other column, say) got blocks of one pivot, or a search of
 * every row for each column without a pivot.
 *
 * Returns the number of pivots; gSpan is the columns up to the last pivot,
 * gPivotMask the positions of the pivots among them.
 */
function gaussBlock(rows: i32, r: i32, c: i32, kmax: i32, pivots: usize): i32 {
  const a = gA, stride = gStride;
  const lane = laneStart(c);
  const width = stride - lane;
  const off = <usize>lane << 3;
  const window = lowMask(kmax);
  // the reduced bits of row i at cache + (i - r) * 8, valid for rows from `next` once `cached`
  const cache = gScratch + <usize>gPending * gSlotBytes;
  const useCache = <usize>(rows - r) << 3 <= gSlotBytes;
  let cached = false;
  let next = r;
  gPivotMask = 0;
  gSpan = 0;
  let pos = 0;
  while (pos < kmax) {
    let found = -1;
    let bits: u64 = 0;
    if (!cached) {
      let seen: u64 = 0;
      for (let i = next; i < rows; i++) {
        bringCurrent(i);
        bits = read64(rowAt(a, i, stride), c, stride);
        // the pivot rows are an identity on the pivot columns: each set bit there calls for one
        for (let l = bits & gPivotMask; l != 0; l &= l - 1) bits ^= load<u64>(pivotBits + (<usize>ctz(l) << 3));
        if (useCache) store<u64>(cache + (<usize>(i - r) << 3), bits);
        if (((bits >> <u64>pos) & 1) != 0) {
          found = i;
          break;
        }
        seen |= bits;
      }
      if (found < 0) {
        // column c + pos has no pivot; neither has any column before the next set bit of `seen`
        const rest = seen & window & ~lowMask(pos + 1);
        if (rest == 0) break;
        pos = <i32>ctz(rest);
        cached = useCache;
        if (!cached) continue;
      }
    }
    if (cached && found < 0) {
      for (let i = next; i < rows; i++) {
        if (((load<u64>(cache + (<usize>(i - r) << 3)) >> <u64>pos) & 1) != 0) {
          found = i;
          break;
        }
      }
      bits = load<u64>(cache + (<usize>(found - r) << 3));
    }
    // row `found` becomes the pivot of column c + pos, reduced over its width
    const row = rowAt(a, found, stride);
    reduceAgainstPivots(row, off, read64(row, c, stride), r, width);
    const pivotRow = rowAt(a, next, stride);
    if (found != next) {
      swapRows(pivotRow + off, row + off, width);
      const vi = load<i32>(versionAt(found));
      store<i32>(versionAt(found), load<i32>(versionAt(next)));
      store<i32>(versionAt(next), vi);
      if (cached) swapWords(cache + (<usize>(found - r) << 3), cache + (<usize>(next - r) << 3));
    }
    // the search's bits are kept reduced; the rows are finished in record()
    for (let m = gPivotMask; m != 0; m &= m - 1) {
      const l = <i32>ctz(m);
      const above = pivotBits + (<usize>l << 3);
      const aboveBits = load<u64>(above);
      if (((aboveBits >> <u64>pos) & 1) != 0) store<u64>(above, aboveBits ^ bits);
    }
    store<u64>(pivotBits + (<usize>pos << 3), bits);
    store<u64>(triangularBits + (<usize>pos << 3), bits);
    gPivotMask |= <u64>1 << <u64>pos;
    store<i32>(pivots + (<usize>next << 2), c + pos);
    next++;
    gSpan = pos + 1;
    if (!cached) {
      pos++;
      continue;
    }
    // clear the new pivot's bit from the kept rows; the next column is the lowest bit left
    const seen = clearKept(cache + (<usize>(next - r) << 3), rows - next, pos, bits);
    const rest = seen & window & ~lowMask(pos + 1);
    if (rest == 0) break;
    pos = <i32>ctz(rest);
  }
  return next - r;
}

/**
 * Tabulates the new step's block (pivot rows from r, columns c..c+span-1,
 * the pivots at the positions set in `mask`) into the next free slot: for
 * each group of k columns, the 2^kg XORs of their rows (from word `lane`
 * on; a column without a pivot has a zero row), entry idx = the columns
 * whose bit is set in idx.
 */
function record(r: i32, c: i32, span: i32, mask: u64, tables: i32): void {
  const slot = gPending;
  const lane = laneStart(c);
  const width = gStride - lane;
  const info = stepAt(slot);
  // what applyStep needs of a row, worked out once a step: the tables (a division) and the block's bits
  const groups = (span + gK - 1) / gK;
  store<i32>(info, c);
  store<i32>(info, span, 4);
  store<i32>(info, lane, 8);
  store<i32>(info, groups, 12);
  store<u64>(info, mask, 16);
  store<u64>(info, lowMask(span), 24);
  tabulateLanes(slot, r, width >> 1);
  // The 4-, 6- and 8-way loops read entry 0 of tables past the last group.
  const entry = <usize>width << 3;
  const tableBytes = entry << <usize>gK;
  const base = gScratch + <usize>slot * gSlotBytes;
  const allocated = tables > 6 ? 8 : tables > 4 ? 6 : tables == 3 ? 4 : tables;
  for (let g = groups; g < allocated; g++) memory.fill(base + <usize>g * tableBytes, 0, entry);
  gPending++;
}

/**
 * Builds the 128-bit lanes first..end-1 (counted from the step's first
 * lane) of pending step `slot`'s tables, its pivot rows from row r: one
 * thread's share of record(). The step's pivot rows are finished in the
 * same lanes (finishGroup), which only this thread touches.
 */
export function tabulateRange(slot: i32, r: i32, first: i32, end: i32): void {
  const info = stepAt(slot);
  const span = load<i32>(info, 4);
  const lane = load<i32>(info, 8);
  const mask = load<u64>(info, 16);
  const entry = <usize>(gStride - lane) << 3;
  const tableBytes = entry << <usize>gK;
  const base = gScratch + <usize>slot * gSlotBytes;
  const off = (<usize>lane << 3) + (<usize>first << 4);
  const from = <usize>first << 4;
  const words = (end - first) << 1;
  const groups = load<i32>(info, 12);
  // the last table first, each once its group's rows are finished (finishGroup)
  for (let g = groups - 1; g >= 0; g--) {
    const table = base + <usize>g * tableBytes + from;
    finishGroup(base + from, tableBytes, entry, g, groups, span, mask, r, off, words);
    const count = 1 << min(gK, span - g * gK);
    zeroWords(table, words);
    for (let idx = 1; idx < count; idx++) {
      // entry = entry without its lowest bit, plus that bit's column's pivot row (none: a copy)
      const to = table + <usize>idx * entry;
      const without = table + <usize>(idx & (idx - 1)) * entry;
      const pos = g * gK + <i32>ctz(idx);
      if (((mask >> <u64>pos) & 1) == 0) copyWords(to, without, words);
      else xorTo(to, without, pivotRowAt(r, mask, pos) + off, words);
    }
  }
}

/**
 * Reduces group g's pivot rows of a step (their words from byte
 * `off`, `words` of them) to an identity on the step's pivot columns: at
 * the later groups' columns by the entries of those groups' tables (built,
 * at `tables`; zero at group g's columns) that their bits there call for,
 * then within the group, the last row first. gaussBlock left them reduced
 * against the pivots before them, with the bits kept in triangularBits.
 */
function finishGroup(
  tables: usize, tableBytes: usize, entry: usize, g: i32, groups: i32, span: i32, mask: u64, r: i32, off: usize,
  words: i32,
): void {
  const spanMask = lowMask(span);
  const m = (<u64>1 << <u64>gK) - 1;
  const group = mask & lowMask(min(span, (g + 1) * gK)) & ~lowMask(g * gK);
  for (let pivots = group; pivots != 0; pivots &= pivots - 1) {
    const pos = <i32>ctz(pivots);
    const row = pivotRowAt(r, mask, pos) + off;
    const bits = load<u64>(triangularBits + (<usize>pos << 3)) & spanMask;
    for (let h = g + 1; h < groups; h++) {
      const idx = (bits >> <u64>(h * gK)) & m;
      if (idx != 0) xorInto(row, tables + <usize>h * tableBytes + <usize>idx * entry, words);
    }
  }
  for (let pivots = group; pivots != 0; pivots ^= <u64>1 << (63 - clz(pivots))) {
    const pos = 63 - <i32>clz(pivots);
    const row = pivotRowAt(r, mask, pos) + off;
    const later = load<u64>(triangularBits + (<usize>pos << 3)) & group & ~lowMask(pos + 1);
    for (let l = later; l != 0; l &= l - 1) xorInto(row, pivotRowAt(r, mask, <i32>ctz(l)) + off, words);
  }
}

/** Builds all `lanes` lanes of pending step `slot`'s tables in this thread. */
export function tabulateAll(slot: i32, r: i32, lanes: i32): void {
  tabulateRange(slot, r, 0, lanes);
}

/** How a step's tables are built: here in one thread; threads.ts splits their lanes among threads. */
export let tabulateLanes: (slot: i32, r: i32, lanes: i32) => void = tabulateAll;

/**
 * Four Russians elimination with deferred (cache-blocked) row updates.
 * `scratch` holds `steps` slots of `slotTables(tables) * 2^k * stride`
 * words (16-aligned), where slotTables rounds 3 up to 4, 5 up to 6 and 7 up to 8;
 * `versions` holds one i32 per row. 1 <= k, k * tables <= 64,
 * 1 <= tables <= 8, 1 <= steps <= 16. Returns the rank (sliced as
 * `echelonizeNaive`: see the top of assembly/echelon.ts).
 */
export function echelonizeM4ri(args: EchelonArgs): i32 {
  const a = args.a, rows = args.rows, stride = args.stride, full = args.full, pivots = args.pivots;
  const k = args.k, tables = args.tables, steps = args.steps, versions = args.versions;
  const limit = min(args.cols, args.pivotLimit);
  const stop = min(limit, args.cStop);
  let r = args.r;
  let c = args.c;
  const slotTables = tables > 6 ? 8 : tables > 4 ? 6 : tables == 3 ? 4 : tables;
  gA = a;
  gStride = stride;
  gK = k;
  gScratch = args.scratch;
  gSlotBytes = (<usize>slotTables << <usize>k) * (<usize>stride << 3);
  gVersions = versions;
  gBase = 0;
  gPending = 0;
  // Rows of earlier slices are current; pivot rows of the plain form are final.
  memory.fill(versions, 0, <usize>rows << 2);
  if (!full) for (let i = 0; i < r; i++) store<i32>(versionAt(i), DONE);
  while (c < stop && r < rows) {
    const kmax = min(k * tables, limit - c);
    const kbar = gaussBlock(rows, r, c, kmax, pivots);
    if (kbar == 0) {
      // No column of the window has a pivot, and the search brought every row
      // from r up to date: the next column with a pivot is the first with a
      // set bit there.
      c = firstSetColumn(a, stride, r, rows, c + 1, limit);
      continue;
    }
    record(r, c, gSpan, gPivotMask, tables);
    const own = full ? gBase + gPending : DONE;
    for (let i = r; i < r + kbar; i++) store<i32>(versionAt(i), own);
    r += kbar;
    // the window's columns past the last pivot have none once the block is cleared
    c += kmax;
    if (gPending == steps) sweep(full ? 0 : r, rows);
  }
  sweep(full ? 0 : r, rows);
  args.r = r;
  args.c = c;
  return r;
}
