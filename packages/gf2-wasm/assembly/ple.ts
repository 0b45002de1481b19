// The base case of the PLE decomposition (Albrecht, Bard, Pernet, "Efficient
// dense Gaussian elimination over the finite field with two elements",
// arXiv:1111.6549): elimination of a narrow window of columns that keeps the
// multipliers. The recursion above it (@lightsout/core, gf2/_ple.ts)
// updates the columns right of the window by triangular solves and products.
//
// Within the window [c0, c1) of rows r.., the matrix becomes P L E stored in
// place: pivot row t has its pivot bit at q_t, E's entries right of it and,
// at the pivot columns q_s (s < t) left of it, the multipliers L[t][s]; a
// row below the pivot rows keeps its multipliers at the pivot columns and
// zeros elsewhere in the window. Columns outside the window are not touched
// except by row swaps (whole rows move).
//
// Pivots come in blocks of up to 8 consecutive columns, as in the Method of
// Four Russians: the block's pivot rows are found by reducing candidates in
// a register (rows that do not become pivots are left as they are), and a
// table of the 2^kbar combinations of the block's rows clears the block from
// the rows below; up to four blocks (a group) are cleared in one pass.

import { firstSetColumn, getBit, lowMask, read64, rowAt } from "./layout";
import { copyRows, copyWords, swapRows, xorFourTableRows, xorInto, xorTableRows, xorTo, zeroWords } from "./rows";

/** The arguments of `pleBase`. */
@unmanaged export class PleBaseArgs {
  /** The matrix: `rows` rows of `stride` words. */
  a: usize;
  rows: i32;
  stride: i32;
  /** The first row of the window's rows. */
  r: i32;
  /** The window's columns c0..c1-1 (c0 a multiple of 64). */
  c0: i32;
  c1: i32;
  /**
   * Pivots only in columns c0..stop-1 (stop <= c1); the row operations still
   * span the window (eliminating [A | B] with pivots in A: the window's part
   * of B follows).
   */
  stop: i32;
  /** Where the pivot columns go (i32 each, room for c1 - c0). */
  pivots: usize;
  /**
   * 0, or where the row each pivot came from goes (i32 each, room for c1 -
   * c0): the window is then a compact copy of the matrix's, and the caller
   * applies the swaps to the rest of the rows (pleSwaps).
   */
  found: usize;
  /** Blocks of up to 8 pivots cleared together, in one pass over the rows below (1..4). */
  groups: i32;
  /**
   * Room for 32 u64, 2^10 bytes and (8 + T * 2^8) entries of (c1 - c0) / 64
   * + 2 words, T = groups, or 4 when groups is 3.
   */
  table: usize;
  /** Room for an i32 per row (`rows` of them). */
  versions: usize;
  /** Room for a u64 per row (`rows` of them): the rows' reduced bits while a block searches past a column without a pivot. */
  windows: usize;
}

/**
 * The arguments of `pleBaseThreaded` (the shared-memory build): those of
 * pleBase, and the threads that share its clearing passes.
 */
@unmanaged export class ThreadedPleBaseArgs extends PleBaseArgs {
  /**
   * 0: the helpers' passes read the leader's tables; else where each helper
   * builds the group's tables again for itself: helper i's room (laid out
   * as `table`) at rooms + (i - 1) * roomBytes.
   */
  rooms: usize;
  roomBytes: i32;
  /** The control block (128 bytes, zeroed before the helpers start). */
  ctl: usize;
  /** Threads taking part, this one included. */
  threads: i32;
  /** 0: spin instead of sleeping (a browser's main thread may not block). */
  blocking: i32;
}

/** Pivots per block (bits of a table index). */
const BLOCK = 8;
/** Most blocks in a group (the four-table loop of xorTableRows). */
const MAX_GROUPS = 4;

/** XORs `v` into the bits of `row` from column `c` on (v has at most 64 - (c & 63) + 63 bits). */
@inline function xorBitsAt(row: usize, c: i32, v: u64): void {
  const p = row + (<usize>(c >>> 6) << 3);
  const s = <u64>(c & 63);
  store<u64>(p, load<u64>(p) ^ (v << s));
  if (s != 0 && (v >> (64 - s)) != 0) store<u64>(p, load<u64>(p, 8) ^ (v >> (64 - s)), 8);
}

/** row[w0, w1) ^= src[w0, w1) & mask, where mask keeps the columns from..c1-1. */
@inline function xorMasked(row: usize, src: usize, w0: i32, w1: i32, from: i32, c1: i32): void {
  for (let w = w0; w < w1; w++) {
    const lo = w << 6;
    let m: u64 = <u64>-1;
    if (from > lo) m = from >= lo + 64 ? 0 : m << <u64>(from - lo);
    if (c1 < lo + 64) m &= c1 <= lo ? 0 : lowMask(c1 - lo);
    const p = row + (<usize>w << 3);
    store<u64>(p, load<u64>(p) ^ (load<u64>(src + (<usize>w << 3)) & m));
  }
}

// ---------------------------------------------------------------------------
// A group: up to MAX_GROUPS blocks found one after another, each tabulated as
// soon as it is found, and cleared from the rows below together, in one pass
// with one table row per block (as M4RI's PLE does with several tables), so
// that the rows stream through memory once per group rather than once per
// block. A row the pivot search reads before that is brought up to date
// block by block first (its version says how many blocks of the group it
// has had). Tables share one geometry: entries from the group's first lane
// (word gW0) to the window's end.
// ---------------------------------------------------------------------------

let gA: usize = 0;
let gStride: i32 = 0;
let gVersions: usize = 0;
let gWindows: usize = 0;
/** The positions of the block findBlock found last that have a pivot (bit j: column c + j). */
let blockMask: i32 = 0;
/** Version stamps of this group: gStamp * 8 + blocks applied (older stamps mean none). */
let gStamp: i32 = 0;
/** Blocks found so far in this group. */
let gBlocks: i32 = 0;
let gW0: i32 = 0;
let gWords: i32 = 0;
let gEntry: usize = 0;
let gTables: usize = 0;
let gCoefs: usize = 0;
/** The pivot chunks of the group's blocks (BLOCK u64 a block: the start of PleBaseArgs.table), and the window's end. */
let gChunks: usize = 0;
let gC1: i32 = 0;
// per block of the group: first column, columns spanned, which of them have a pivot (bit j: column + j), first pivot row
const blockInfo = memory.data(MAX_GROUPS * 16, 8);
// per block of the group and pattern x: entry[x]'s 64 bits from the group's first column
const strips = memory.data(MAX_GROUPS * 8 << BLOCK, 16);

@inline function blockColumn(b: i32): i32 {
  return load<i32>(blockInfo + (<usize>b << 4));
}
@inline function blockSpan(b: i32): i32 {
  return load<i32>(blockInfo + (<usize>b << 4), 4);
}
@inline function tableOf(b: i32): usize {
  return gTables + ((<usize>b * gEntry) << BLOCK);
}

/** Blocks of this group applied to row i. */
@inline function versionOf(i: i32): i32 {
  const s = load<i32>(gVersions + (<usize>i << 2));
  return s >>> 3 == gStamp ? s & 7 : 0;
}

/** Clears block b from `row` (its pattern there becomes the multipliers). */
function applyBlock(row: usize, b: i32): void {
  const c = blockColumn(b);
  const x = <i32>(read64(row, c, gStride) & lowMask(blockSpan(b)));
  if (x == 0) return;
  xorWords(row + (<usize>gW0 << 3), tableOf(b) + <usize>x * gEntry, gWords);
  xorBitsAt(row, c, <u64>(x ^ load<u8>(gCoefs + (<usize>b << BLOCK) + x)));
}

/** Applies to row i the group's blocks it has not had (one at a time). */
function bringCurrent(i: i32): void {
  const v = versionOf(i);
  if (v >= gBlocks) return;
  const row = rowAt(gA, i, gStride);
  for (let b = v; b < gBlocks; b++) applyBlock(row, b);
  store<i32>(gVersions + (<usize>i << 2), (gStamp << 3) | gBlocks);
}

/**
 * Row i's bits from column c (those of `mask`), up to date with the group:
 * worked out in a register from the strips when the group's columns and
 * c's block lie within 64 bits of its first column, leaving the row in
 * memory to the group's pass (a search that reads every row below then
 * writes none); else brought up to date in memory.
 */
function currentBits(i: i32, c: i32, mask: u64): u64 {
  const row = rowAt(gA, i, gStride);
  const v = versionOf(i);
  const first = blockColumn(0);
  if (v < gBlocks && c + BLOCK <= first + 64) {
    let bits = read64(row, first, gStride);
    for (let b = v; b < gBlocks; b++) {
      const xb = (bits >> <u64>(blockColumn(b) - first)) & lowMask(blockSpan(b));
      bits ^= load<u64>(strips + ((<usize>b << BLOCK) + <usize>xb << 3));
    }
    return (bits >> <u64>(c - first)) & mask;
  }
  bringCurrent(i);
  return read64(row, c, gStride) & mask;
}

/**
 * Clears the group's blocks from a row that has had none of them: the
 * patterns follow one another in a register (each block's from the row's
 * bits and the strips of the blocks before it), then one pass adds a table
 * row of every block and the multipliers replace the patterns. Such a row
 * was read by no pivot search of the group, so no search ran out of rows:
 * no column was skipped, and the blocks' columns are consecutive, at most
 * 4 * 8 of them (any wider group takes its blocks one by one).
 */
function clearGroup(i: i32): void {
  const first = blockColumn(0);
  const last = gBlocks - 1;
  if (blockColumn(last) + blockSpan(last) > first + 64) {
    bringCurrent(i);
    return;
  }
  const row = rowAt(gA, i, gStride);
  let bits = read64(row, first, gStride);
  let x: u64 = 0;
  let multipliers: u64 = 0;
  for (let b = 0; b < gBlocks; b++) {
    const shift = <u64>(blockColumn(b) - first);
    const xb = (bits >> shift) & lowMask(blockSpan(b));
    bits ^= load<u64>(strips + ((<usize>b << BLOCK) + <usize>xb << 3));
    x |= xb << (<u64>b << 3);
    multipliers |= (xb ^ <u64>load<u8>(gCoefs + (<usize>b << BLOCK) + <usize>xb)) << shift;
  }
  if (x == 0) return;
  // three or four blocks (the usual case) take the four-table loop without xorTableRows' dispatch
  if (gBlocks >= 3) xorFourTableRows(row + (<usize>gW0 << 3), gWords, gTables, gEntry << BLOCK, gEntry, x, BLOCK);
  else xorTableRows(row + (<usize>gW0 << 3), gWords, gTables, gEntry << BLOCK, gEntry, x, BLOCK, gBlocks);
  xorBitsAt(row, first, multipliers);
}

/**
 * Finds the block's pivots in columns c..c+kmax-1 among rows next.. and
 * moves them to next..: each candidate is brought up to date with the group
 * and reduced in a register against the pivots found so far (its 64 bits
 * from column c); the one that becomes a pivot is then reduced in memory
 * too, keeping its multipliers. A column without a pivot (every row below
 * is zero there once reduced by the block's pivots left of it) stays in the
 * block as a position without a row, so that a matrix whose columns depend
 * on the ones before still fills its blocks. Returns the pivots found (0:
 * none in the kmax columns); `blockMask` says at which positions, and
 * `chunks` receives each position's reduced bits (its own bit alone where
 * there is no pivot).
 */
function findBlock(rows: i32, next: i32, c: i32, kmax: i32, c1: i32, chunks: usize, record: usize): i32 {
  const a = gA, stride = gStride;
  const mask = lowMask(kmax);
  const w0 = c >>> 6;
  const w1 = (c1 + 63) >>> 6;
  let found = 0;
  // From a failed search on, the rows' bits from c, reduced by the positions before `kept`, are in gWindows.
  let kept = -1;
  blockMask = 0;
  for (let j = 0; j < kmax; j++) {
    let at = -1;
    let chunk: u64 = 0;
    for (let i = next + found; i < rows; i++) {
      const window = gWindows + (<usize>i << 3);
      let s = kept;
      if (kept < 0) {
        chunk = currentBits(i, c, mask);
        s = 0;
      } else {
        chunk = load<u64>(window);
      }
      // without branches: the bits are random, and the loop runs for every row a failed search reads
      for (; s < j; s++) chunk ^= load<u64>(chunks + (<usize>s << 3)) & (0 - ((chunk >> <u64>s) & 1));
      if ((chunk >> <u64>j) & 1) {
        at = i;
        break;
      }
      if (kept < 0) store<u64>(window, chunk);
    }
    if (at < 0) {
      store<u64>(chunks + (<usize>j << 3), <u64>1 << <u64>j);
      // every row below was read, brought up to date and its bits kept, reduced by the positions before j
      if (kept < 0) kept = j;
      continue;
    }
    bringCurrent(at);
    const p = next + found;
    const row = rowAt(a, p, stride);
    if (at != p) {
      if (kept >= 0) store<u64>(gWindows + (<usize>at << 3), load<u64>(gWindows + (<usize>p << 3)));
      swapRows(row, rowAt(a, at, stride), stride);
      const vp = gVersions + (<usize>p << 2);
      const va = gVersions + (<usize>at << 2);
      const t = load<i32>(vp);
      store<i32>(vp, load<i32>(va));
      store<i32>(va, t);
    }
    if (record != 0) store<i32>(record + (<usize>found << 2), at);
    // the same reduction in memory, the multipliers kept at the pivot columns
    let x = read64(row, c, stride) & mask;
    for (let s = 0, q = 0; s < j; s++) {
      if (((blockMask >>> s) & 1) == 0) continue;
      if ((x >> <u64>s) & 1) {
        xorMasked(row, rowAt(a, next + q, stride), w0, w1, c + s + 1, c1);
        x = read64(row, c, stride) & mask;
      }
      q++;
    }
    store<u64>(chunks + (<usize>j << 3), chunk);
    blockMask |= 1 << j;
    found++;
  }
  return found;
}

/**
 * Tabulates block b (columns c..c+span-1, a pivot at the positions of
 * `pivotMask`, their rows r, r+1, ... in order) as the group's table b:
 * for every pattern x of the block's columns, the multipliers coef[x] and
 * entry[x], the words the block's pivot rows add beyond the block; a row
 * with pattern x gets entry[x], and coef[x] in place of x. A position
 * without a pivot adds nothing and has no multiplier: the rows below are
 * zero there once reduced.
 */
function tabulate(b: i32, r: i32, c: i32, span: i32, pivotMask: i32, chunks: usize, masked: usize): void {
  const info = blockInfo + (<usize>b << 4);
  store<i32>(info, c);
  store<i32>(info, span, 4);
  store<i32>(info, pivotMask, 8);
  store<i32>(info, r, 12);
  tabulateEntries(b, gTables, masked);
  const coefs = gCoefs + (<usize>b << BLOCK);
  const count = 1 << span;
  store<u8>(coefs, 0);
  for (let j = span - 1; j >= 0; j--) {
    const u = <i32>(load<u64>(chunks + (<usize>j << 3)) & lowMask(span));
    const isPivot = (pivotMask >>> j) & 1;
    for (let x = 1 << j; x < count; x += 2 << j) {
      store<u8>(coefs + x, <u8>(<i32>load<u8>(coefs + (x ^ u)) | (isPivot << j)));
    }
  }
  gBlocks = b + 1;
  const entries = tableOf(b);
  const at = blockColumn(0) - (gW0 << 6);
  const strip = strips + (<usize>b << (BLOCK + 3));
  for (let x = 0; x < count; x++) store<u64>(strip + (<usize>x << 3), read64(entries + <usize>x * gEntry, at, gWords));
}

/**
 * The entries of block b's table (see tabulate), in the tables at `tables`,
 * its pivot rows masked in `masked` first. A helper builds tables of its
 * own with it (ThreadedPleBaseArgs.rooms).
 */
export function tabulateEntries(b: i32, tables: usize, masked: usize): void {
  const entry = gEntry, words = gWords, w0 = gW0;
  const info = blockInfo + (<usize>b << 4);
  const c = load<i32>(info), span = load<i32>(info, 4), pivotMask = load<i32>(info, 8), r = load<i32>(info, 12);
  const chunks = gChunks + (<usize>b << 6);
  // the block's pivot rows masked to the columns past the block
  const found = popcnt(pivotMask);
  for (let t = 0; t < found; t++) {
    const dst = masked + <usize>t * entry;
    zeroWords(dst, words);
    xorMasked(dst - (<usize>w0 << 3), rowAt(gA, r + t, gStride), w0, w0 + words, c + span, gC1);
  }
  const entries = tables + ((<usize>b * entry) << BLOCK);
  const count = 1 << span;
  zeroWords(entries, words);
  // x with lowest bit j: take position j, and x ^ (its bits in the block) has a higher lowest bit
  for (let j = span - 1; j >= 0; j--) {
    const u = load<u64>(chunks + (<usize>j << 3)) & lowMask(span);
    const isPivot = (pivotMask >>> j) & 1;
    const pivot = masked + <usize>popcnt(pivotMask & ((1 << j) - 1)) * entry;
    for (let x = 1 << j; x < count; x += 2 << j) {
      const dst = entries + <usize>x * entry;
      const src = entries + <usize>(<i32>(<u64>x ^ u)) * entry;
      if (isPivot) xorTo(dst, src, pivot, words);
      else copyWords(dst, src, words);
    }
  }
}

/** Clears the group's blocks from rows first..rows-1. */
function clearRows(first: i32, rows: i32): void {
  if (gBlocks == 0) return;
  zeroUnusedTables();
  clearShare(first, rows);
}

/** Entry 0 of the tables past the group's last block, which the four-table loop reads. */
function zeroUnusedTables(): void {
  for (let b = gBlocks; b < (gBlocks > 2 ? 4 : gBlocks); b++) memory.fill(tableOf(b), 0, gEntry);
}

/**
 * Where helpers build the group's tables for themselves: 0, or helper i's
 * room (laid out as PleBaseArgs.table) at gRooms + (i - 1) * gRoomBytes. A
 * helper that reads the leader's tables takes each line from the leader's
 * cache, and the leader's next tables then wait for those lines back
 * (16384 x 4096 on two threads: the leader's tables took three times as
 * long as on one thread, and the passes a quarter more in all).
 */
let gRooms: usize = 0;
let gRoomBytes: i32 = 0;

/** Sets where helpers build their own tables (rooms 0: they read the leader's). */
export function setHelperRooms(rooms: usize, roomBytes: i32): void {
  gRooms = rooms;
  gRoomBytes = roomBytes;
}

/** A helper's copy of the group's tables, rebuilt from the pivot rows in its room (gRoomBytes), which the passes then read. */
export function adoptTables(index: i32): void {
  if (gRooms == 0 || index == 0) return;
  const room = gRooms + <usize>(index - 1) * <usize>gRoomBytes;
  const tables = room + (gTables - gChunks); // gChunks: the leader's room
  for (let b = 0; b < gBlocks; b++) tabulateEntries(b, tables, tables - <usize>BLOCK * gEntry);
  gTables = tables;
  zeroUnusedTables();
}

/** Clears the group's blocks from rows first..end-1 (each row on its own: threads may share the range). */
export function clearRange(first: i32, end: i32): void {
  if (gBlocks == MAX_GROUPS && blockColumn(MAX_GROUPS - 1) + blockSpan(MAX_GROUPS - 1) <= blockColumn(0) + 64) {
    clearFourBlocks(first, end);
    return;
  }
  for (let i = first; i < end; i++) {
    if (gBlocks > 1 && versionOf(i) == 0) clearGroup(i);
    else bringCurrent(i);
  }
}

/**
 * clearRange for a group of four blocks within 64 bits of its first column
 * (the usual case): clearGroup's work with each block's shift, mask, strip
 * and multipliers read once a pass, into locals, not once a row.
 */
function clearFourBlocks(first: i32, end: i32): void {
  const c0 = blockColumn(0);
  const s1 = <u64>(blockColumn(1) - c0), s2 = <u64>(blockColumn(2) - c0), s3 = <u64>(blockColumn(3) - c0);
  const m0 = lowMask(blockSpan(0)), m1 = lowMask(blockSpan(1)), m2 = lowMask(blockSpan(2)), m3 = lowMask(blockSpan(3));
  // the last block's strip is not needed: no block after it reads the bits it leaves
  const strip1 = strips + (1 << (BLOCK + 3)), strip2 = strips + (2 << (BLOCK + 3));
  const coefs1 = gCoefs + (1 << BLOCK), coefs2 = gCoefs + (2 << BLOCK), coefs3 = gCoefs + (3 << BLOCK);
  const off = <usize>gW0 << 3;
  for (let i = first; i < end; i++) {
    if (versionOf(i) != 0) {
      bringCurrent(i);
      continue;
    }
    const row = rowAt(gA, i, gStride);
    // each block's pattern, from the row's bits and the strips of the blocks before it
    let bits = read64(row, c0, gStride);
    const x0 = bits & m0;
    bits ^= load<u64>(strips + (<usize>x0 << 3));
    const x1 = (bits >> s1) & m1;
    bits ^= load<u64>(strip1 + (<usize>x1 << 3));
    const x2 = (bits >> s2) & m2;
    bits ^= load<u64>(strip2 + (<usize>x2 << 3));
    const x3 = (bits >> s3) & m3;
    const x = x0 | (x1 << <u64>BLOCK) | (x2 << <u64>(2 * BLOCK)) | (x3 << <u64>(3 * BLOCK));
    if (x == 0) continue;
    xorFourTableRows(row + off, gWords, gTables, gEntry << BLOCK, gEntry, x, BLOCK);
    const multipliers = (x0 ^ <u64>load<u8>(gCoefs + <usize>x0))
      | ((x1 ^ <u64>load<u8>(coefs1 + <usize>x1)) << s1)
      | ((x2 ^ <u64>load<u8>(coefs2 + <usize>x2)) << s2)
      | ((x3 ^ <u64>load<u8>(coefs3 + <usize>x3)) << s3);
    xorBitsAt(row, c0, multipliers);
  }
}

/**
 * How clearRows clears its rows: clearRange here, shared among threads in
 * the shared-memory build (threads.ts, pleBaseThreaded), which takes the
 * group's state to the helpers with publishGroup and adoptGroup.
 */
export let clearShare: (first: i32, end: i32) => void = clearRange;

/**
 * Where the group's state goes for other threads: static data, at one
 * address in every instance over a shared memory (globals are per thread;
 * the blocks' columns and strips are static data already).
 */
const groupState = memory.data(56, 8);

/** Writes the group's state for other threads (see adoptGroup). */
export function publishGroup(): void {
  store<u32>(groupState, <u32>gA);
  store<i32>(groupState, gStride, 4);
  store<u32>(groupState, <u32>gVersions, 8);
  store<i32>(groupState, gStamp, 12);
  store<i32>(groupState, gBlocks, 16);
  store<i32>(groupState, gW0, 20);
  store<i32>(groupState, gWords, 24);
  store<u32>(groupState, <u32>gEntry, 28);
  store<u32>(groupState, <u32>gTables, 32);
  store<u32>(groupState, <u32>gCoefs, 36);
  store<u32>(groupState, <u32>gChunks, 40);
  store<i32>(groupState, gC1, 44);
  store<u32>(groupState, <u32>gRooms, 48);
  store<i32>(groupState, gRoomBytes, 52);
}

/** Takes on the group's state that publishGroup wrote. */
export function adoptGroup(): void {
  gA = load<u32>(groupState);
  gStride = load<i32>(groupState, 4);
  gVersions = load<u32>(groupState, 8);
  gStamp = load<i32>(groupState, 12);
  gBlocks = load<i32>(groupState, 16);
  gW0 = load<i32>(groupState, 20);
  gWords = load<i32>(groupState, 24);
  gEntry = load<u32>(groupState, 28);
  gTables = load<u32>(groupState, 32);
  gCoefs = load<u32>(groupState, 36);
  gChunks = load<u32>(groupState, 40);
  gC1 = load<i32>(groupState, 44);
  gRooms = load<u32>(groupState, 48);
  gRoomBytes = load<i32>(groupState, 52);
}

/**
 * Eliminates the window [c0, c1) of rows r.. in place, keeping the
 * multipliers (see the top of this file). Writes the pivot columns to
 * `pivots` and returns their number.
 */
export function pleBase(args: PleBaseArgs): i32 {
  const rows = args.rows, c1 = args.c1, stop = args.stop, pivots = args.pivots, from = args.found;
  const groups = max(1, min(MAX_GROUPS, args.groups));
  gA = args.a;
  gStride = args.stride;
  gVersions = args.versions;
  gWindows = args.windows;
  memory.fill(gVersions, 0, <usize>rows << 2);
  gStamp = 0;
  const chunks = args.table; // MAX_GROUPS * BLOCK u64
  gChunks = chunks;
  gC1 = c1;
  gCoefs = chunks + (MAX_GROUPS * BLOCK * 8);
  const masked = gCoefs + (MAX_GROUPS << BLOCK);
  // whole lanes: xorTableRows adds v128s (the window's last lane is the matrix's, or padding)
  const w1 = ((c1 + 127) >>> 7) << 1;
  let r = args.r;
  let c = args.c0;
  let rank = 0;
  while (c < stop && r < rows) {
    // a new group: tables from the lane of column c
    gStamp++;
    gBlocks = 0;
    gW0 = (c >>> 7) << 1;
    gWords = w1 - gW0;
    gEntry = <usize>gWords << 3;
    gTables = masked + <usize>BLOCK * gEntry;
    let empty = false;
    while (gBlocks < groups && c < stop && r < rows) {
      const kmax = min(BLOCK, stop - c);
      const record: usize = from == 0 ? 0 : from + (<usize>rank << 2);
      const chunkAt = chunks + (<usize>gBlocks << 6); // BLOCK u64 a block
      const found = findBlock(rows, r, c, kmax, c1, chunkAt, record);
      if (found == 0) {
        empty = true;
        break;
      }
      const pivotMask = blockMask;
      tabulate(gBlocks, r, c, kmax, pivotMask, chunkAt, masked);
      for (let j = 0, t = rank; j < kmax; j++) {
        if (((pivotMask >>> j) & 1) == 0) continue;
        store<i32>(pivots + (<usize>t << 2), c + j);
        t++;
      }
      rank += found;
      r += found;
      c += kmax;
    }
    clearRows(r, rows);
    // Columns c..c+kmax-1 have no pivot: with the group's pass every row
    // from r is up to date (multipliers sit left of c), and the next pivot
    // column is the next with a set bit (the searches may have left the
    // rows as they were).
    if (empty) c = firstSetColumn(gA, gStride, r, rows, c + 1, stop);
  }
  return rank;
}

/** The arguments of `pleSwaps`. */
@unmanaged export class PleSwapsArgs {
  a: usize;
  stride: i32;
  /** Pivot t of the window is row r + t; it came from row r + found[t] (i32 each). */
  r: i32;
  k: i32;
  found: usize;
  /** The window's words w0..w1-1 (even both) were swapped already, in its compact copy. */
  w0: i32;
  w1: i32;
}

/** The row swaps of a window eliminated in a compact copy (pleBase with `found`), on the rest of the rows, in order. */
export function pleSwaps(args: PleSwapsArgs): void {
  const a = args.a, stride = args.stride, r = args.r, w0 = args.w0, w1 = args.w1;
  for (let t = 0; t < args.k; t++) {
    const from = load<i32>(args.found + (<usize>t << 2));
    if (from == t) continue;
    const p = rowAt(a, r + t, stride);
    const q = rowAt(a, r + from, stride);
    if (w0 > 0) swapRows(p, q, w0);
    if (w1 < stride) swapRows(p + (<usize>w1 << 3), q + (<usize>w1 << 3), stride - w1);
  }
}

/** dst[0..words) ^= src[0..words), two words at a time (addresses 8-aligned). */
@inline function xorWords(dst: usize, src: usize, words: i32): void {
  const end = dst + (<usize>words << 3);
  while (dst + 16 <= end) {
    v128.store(dst, v128.xor(v128.load(dst), v128.load(src)));
    dst += 16;
    src += 16;
  }
  if (dst < end) store<u64>(dst, load<u64>(dst) ^ load<u64>(src));
}

/**
 * The arguments of `trsmM4r`: rows r..r+k-1 hold L (unit lower triangular)
 * at their pivot columns, and B in some of their words; the tables of the
 * Method of Four Russians solve B a panel of columns at a time.
 */
@unmanaged export class TrsmM4rArgs {
  a: usize;
  stride: i32;
  r: i32;
  k: i32;
  /** The k pivot columns (i32 each). */
  pivots: usize;
  /** The words b0..b0+words-1 of those rows are B (words even). */
  b0: i32;
  words: i32;
  /** Pivots a table takes (1..8). */
  bits: i32;
  /** Words of B per panel (even): a panel's k rows and its table stay in cache while it is solved. */
  panel: i32;
  /** Room for a table: 2^bits entries of `panel` words (on threads, one such room per thread). */
  table: usize;
}

/**
 * The arguments of `trsmM4rThreaded` (the shared-memory build): those of
 * trsmM4r, and the threads that share its panels.
 */
@unmanaged export class ThreadedTrsmM4rArgs extends TrsmM4rArgs {
  /** Bytes between one thread's room and the next's (thread i's at table + i * tableBytes). */
  tableBytes: i32;
  /**
   * 1: each panel is solved in a compact copy, k rows of `panel` words in
   * the thread's room after its table (room: 2^bits + k rows of `panel`
   * words); 0: in place. Threads solving panels of the same rows in place
   * slow each other down, by the cache lines their prefetches take from
   * the other (512 pivots over 512 words in two panels: one thread 2.85
   * ms; two in place 5.97 ms, on copies 1.71 ms).
   */
  copies: i32;
  /** The control block (128 bytes, zeroed before the helpers start). */
  ctl: usize;
  /** Threads taking part, this one included. */
  threads: i32;
  /** 0: spin instead of sleeping (a browser's main thread may not block). */
  blocking: i32;
}

/** The panels of `panel` words that B's words are cut into. */
export function trsmPanels(args: TrsmM4rArgs): i32 {
  return (args.words + args.panel - 1) / args.panel;
}

/**
 * B = L^-1 B by the Method of Four Russians (forward substitution in
 * blocks of pivots): the pivots are taken `bits` at a time; their rows are
 * solved among themselves, then a table of the 2^bits sums of those rows
 * clears them from every later row with one lookup each (about k / bits
 * lookups per row instead of k / 2 row additions). Columns of B are
 * independent, so each panel is solved whole before the next, and threads
 * may take panels of their own.
 */
export function trsmM4r(args: TrsmM4rArgs): void {
  const panels = trsmPanels(args);
  for (let p = 0; p < panels; p++) trsmPanel(args, p, args.table);
}

/** Solves panel `p` of B (trsmM4r), its tables built at `table`; with `copy`, on a compact copy of the panel there. */
export function trsmPanel(args: TrsmM4rArgs, p: i32, table: usize, copy: usize = 0): void {
  const a = args.a, stride = args.stride, r = args.r, k = args.k, pivots = args.pivots;
  const w0 = args.b0 + p * args.panel;
  const words = min(args.panel, args.words - p * args.panel);
  const entry = <usize>words << 3;
  // B's rows: in place (the panel's words of rows r.., `stride` words apart) or in the copy (`words` apart)
  const panelAt = rowAt(a, r, stride) + (<usize>w0 << 3);
  const b = copy != 0 ? copy : panelAt;
  const bStride = copy != 0 ? words : stride;
  if (copy != 0) copyRows(copy, words, panelAt, stride, k, words);
  for (let t0 = 0; t0 < k; t0 += args.bits) {
    const n = min(args.bits, k - t0);
    // the block's own rows, by forward substitution
    for (let t = t0 + 1; t < t0 + n; t++) {
      const row = rowAt(a, r + t, stride);
      for (let s = t0; s < t; s++) {
        if (getBit(row, load<i32>(pivots + (<usize>s << 2))) != 0) xorInto(rowAt(b, t, bStride), rowAt(b, s, bStride), words);
      }
    }
    if (t0 + n >= k) break;
    // entry i: the sum of the block's rows j with bit j of i set (each from an entry with one bit fewer)
    zeroWords(table, words);
    for (let i = 1; i < 1 << n; i++) {
      const j = ctz(i);
      xorTo(table + <usize>i * entry, table + <usize>(i & (i - 1)) * entry, rowAt(b, t0 + j, bStride), words);
    }
    const first = load<i32>(pivots + (<usize>t0 << 2));
    const runs = load<i32>(pivots + (<usize>(t0 + n - 1) << 2)) - first == n - 1;
    for (let t = t0 + n; t < k; t++) {
      const row = rowAt(a, r + t, stride);
      const i = runs ? <i32>(read64(row, first, stride) & lowMask(n)) : blockBits(row, pivots, t0, n);
      if (i != 0) xorInto(rowAt(b, t, bStride), table + <usize>i * entry, words);
    }
  }
  // the first pivot row's B does not change
  if (copy != 0) copyRows(rowAt(panelAt, 1, stride), stride, rowAt(copy, 1, words), words, k - 1, words);
}

/** The bits of `row` at pivots t0..t0+n-1 (bit j: pivot t0 + j's column). */
@inline function blockBits(row: usize, pivots: usize, t0: i32, n: i32): i32 {
  let i: u64 = 0;
  for (let j = 0; j < n; j++) i |= getBit(row, load<i32>(pivots + (<usize>(t0 + j) << 2))) << <u64>j;
  return <i32>i;
}

/** The arguments of `pleFinish`. */
@unmanaged export class PleFinishArgs {
  a: usize;
  rows: i32;
  stride: i32;
  rank: i32;
  /** The pivot columns (i32 each). */
  pivots: usize;
  /** The pivots were sought in columns 0..limit-1 (the rest, as B of [A | B], only followed the row operations). */
  limit: i32;
}

/**
 * Leaves E alone: clears the multipliers left of each pivot, and in the rows
 * below the rank the columns before `limit` (all of them when it covers the
 * row: with a smaller limit the rest is what B became).
 */
export function pleFinish(args: PleFinishArgs): void {
  const a = args.a, rows = args.rows, stride = args.stride, rank = args.rank, limit = args.limit;
  for (let t = 0; t < rank; t++) {
    const row = rowAt(a, t, stride);
    const q = load<i32>(args.pivots + (<usize>t << 2));
    memory.fill(row, 0, <usize>(q >>> 6) << 3);
    const p = row + (<usize>(q >>> 6) << 3);
    store<u64>(p, load<u64>(p) & ~lowMask(q & 63));
  }
  if (rank >= rows) return;
  if (limit >= stride << 6) {
    memory.fill(rowAt(a, rank, stride), 0, (<usize>(rows - rank) * <usize>stride) << 3);
    return;
  }
  for (let i = rank; i < rows; i++) {
    const row = rowAt(a, i, stride);
    memory.fill(row, 0, <usize>(limit >>> 6) << 3);
    const p = row + (<usize>(limit >>> 6) << 3);
    store<u64>(p, load<u64>(p) & ~lowMask(limit & 63));
  }
}
