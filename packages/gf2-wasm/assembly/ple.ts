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
// a register (rows that do not become pivots are left as they are), then one
// table of the 2^kbar combinations of the block's rows clears the block from
// every row below in one pass.

import { getBit, lowMask, read64, rowAt } from "./layout";
import { swapRows, xorInto } from "./rows";

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
  /** Room for 8 u64, (8 + 2^8) entries of (c1 - c0) / 64 + 1 words, and 2^8 bytes. */
  table: usize;
}

/** Pivots per block (bits of a table index). */
const BLOCK = 8;

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

/**
 * Finds the block's pivots at columns c, c+1, ... (at most `kmax`) among
 * rows next.. and moves them to next..: each candidate is reduced in a
 * register against the pivots found so far (its 64 bits from column c);
 * the one that becomes a pivot is then reduced in memory too, keeping its
 * multipliers. Returns the number found (the block stops at the first
 * column without a pivot). `chunks` receives each pivot's reduced bits.
 */
function findBlock(
  a: usize, rows: i32, stride: i32, next: i32, c: i32, kmax: i32, c1: i32, chunks: usize, record: usize,
): i32 {
  const mask = lowMask(kmax);
  const w0 = c >>> 6;
  const w1 = (c1 + 63) >>> 6;
  let kbar = 0;
  for (; kbar < kmax; kbar++) {
    let found = -1;
    let chunk: u64 = 0;
    for (let i = next + kbar; i < rows; i++) {
      chunk = read64(rowAt(a, i, stride), c, stride) & mask;
      for (let s = 0; s < kbar; s++) {
        if ((chunk >> <u64>s) & 1) chunk ^= load<u64>(chunks + (<usize>s << 3));
      }
      if ((chunk >> <u64>kbar) & 1) {
        found = i;
        break;
      }
    }
    if (found < 0) break;
    const p = next + kbar;
    const row = rowAt(a, p, stride);
    if (found != p) swapRows(row, rowAt(a, found, stride), stride);
    if (record != 0) store<i32>(record + (<usize>kbar << 2), found);
    // the same reduction in memory, the multipliers kept at the pivot columns
    let x = read64(row, c, stride) & mask;
    for (let s = 0; s < kbar; s++) {
      if ((x >> <u64>s) & 1) {
        xorMasked(row, rowAt(a, next + s, stride), w0, w1, c + s + 1, c1);
        x = read64(row, c, stride) & mask;
      }
    }
    store<u64>(chunks + (<usize>kbar << 3), chunk);
  }
  return kbar;
}

/**
 * Eliminates the window [c0, c1) of rows r.. in place, keeping the
 * multipliers (see the top of this file). Writes the pivot columns to
 * `pivots` and returns their number.
 */
export function pleBase(args: PleBaseArgs): i32 {
  const a = args.a, rows = args.rows, stride = args.stride, c1 = args.c1, stop = args.stop, pivots = args.pivots;
  const table = args.table, found = args.found;
  const chunks = table; // BLOCK u64 before the entries
  const entries = table + (BLOCK << 3);
  let r = args.r;
  let c = args.c0;
  let rank = 0;
  while (c < stop && r < rows) {
    const kmax = min(BLOCK, stop - c);
    const record: usize = found == 0 ? 0 : found + (<usize>rank << 2);
    const kbar = findBlock(a, rows, stride, r, c, kmax, c1, chunks, record);
    if (kbar == 0) {
      c++;
      continue;
    }
    clearBlock(a, rows, stride, r, c, kbar, c1, chunks, entries);
    for (let s = 0; s < kbar; s++) store<i32>(pivots + (<usize>(rank + s) << 2), c + s);
    rank += kbar;
    r += kbar;
    c += kbar;
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
 * Tabulates, for every pattern x of the block's columns, the multipliers
 * coef[x] and the words the block's pivot rows add beyond the block, then
 * clears the block from rows r + kbar.. in one pass: a row with pattern x
 * gets entry[x] and coef[x] in place of x.
 */
function clearBlock(
  a: usize, rows: i32, stride: i32, r: i32, c: i32, kbar: i32, c1: i32, chunks: usize, scratch: usize,
): void {
  const w0 = c >>> 6;
  const words = ((c1 + 63) >>> 6) - w0;
  const entry = <usize>words << 3;
  // the block's pivot rows masked to the columns past the block, then the table, then the multipliers
  const masked = scratch;
  const entries = masked + (entry << 3);
  const coefs = entries + (entry << BLOCK);
  for (let j = 0; j < kbar; j++) {
    const dst = masked + <usize>j * entry;
    memory.fill(dst, 0, entry);
    xorMasked(dst - (<usize>w0 << 3), rowAt(a, r + j, stride), w0, w0 + words, c + kbar, c1);
  }
  const count = 1 << kbar;
  memory.fill(entries, 0, entry);
  store<u8>(coefs, 0);
  // x with lowest bit j: take pivot j, and x ^ (its bits in the block) has a higher lowest bit
  for (let j = kbar - 1; j >= 0; j--) {
    const u = load<u64>(chunks + (<usize>j << 3)) & lowMask(kbar);
    const pivot = masked + <usize>j * entry;
    for (let x = 1 << j; x < count; x += 2 << j) {
      const rest = <i32>(<u64>x ^ u);
      const dst = entries + <usize>x * entry;
      memory.copy(dst, entries + <usize>rest * entry, entry);
      xorWords(dst, pivot, words);
      store<u8>(coefs + x, <u8>(<i32>load<u8>(coefs + rest) | (1 << j)));
    }
  }
  const mask = lowMask(kbar);
  for (let i = r + kbar; i < rows; i++) {
    const row = rowAt(a, i, stride);
    const x = <i32>(read64(row, c, stride) & mask);
    if (x == 0) continue;
    xorWords(row + (<usize>w0 << 3), entries + <usize>x * entry, words);
    xorBitsAt(row, c, <u64>(x ^ load<u8>(coefs + x)));
  }
}

/** The arguments of `trsmBase`: rows r..r+k-1 hold L (unit lower triangular) at their pivot columns. */
@unmanaged export class TrsmBaseArgs {
  a: usize;
  stride: i32;
  r: i32;
  k: i32;
  /** The k pivot columns (i32 each). */
  pivots: usize;
  /** The words b0..b0+words-1 of those rows are B (words even). */
  b0: i32;
  words: i32;
}

/**
 * B = L^-1 B by forward substitution: row t of B gets row s for every
 * multiplier L[t][s] (s < t), in order.
 */
export function trsmBase(args: TrsmBaseArgs): void {
  const a = args.a, stride = args.stride, r = args.r, k = args.k, pivots = args.pivots, words = args.words;
  const off = <usize>args.b0 << 3;
  for (let t = 1; t < k; t++) {
    const row = rowAt(a, r + t, stride);
    for (let s = 0; s < t; s++) {
      if (getBit(row, load<i32>(pivots + (<usize>s << 2))) != 0) xorInto(row + off, rowAt(a, r + s, stride) + off, words);
    }
  }
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
