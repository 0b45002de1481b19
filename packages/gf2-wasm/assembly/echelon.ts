// Echelon forms over GF(2): the naive Gauss-Jordan kernel and the Method of
// Four Russians (M4RI). Both work in place and write the pivot column of
// echelon row t into pivots[t] (i32). `full` = 1 asks for the reduced form
// (rows above a pivot cleared too); 0 stops at a row echelon form, which is
// all that rank needs. Only columns < pivotLimit may hold pivots, but row
// operations run over the whole stride: that is how [A | I] yields P with
// P A = E, and [A | B] yields solutions.
//
// Both kernels run in slices so that the caller can report progress and
// cancel between calls: `state` points at two i32, the next echelon row r and
// the next column c; a call works on columns until c reaches `cStop` (or the
// rows run out), stores r and c back and returns r. Start from r = c = 0.

import { getBit, laneStart, lowMask, read64, rowAt } from "./layout";
import { swapRows, xorInto } from "./rows";

/** Naive Gauss(-Jordan) elimination, one column at a time. Returns the rank. */
export function echelonizeNaive(
  a: usize, rows: i32, cols: i32, stride: i32, pivotLimit: i32, full: i32, pivots: usize,
  state: usize, cStop: i32,
): i32 {
  const limit = min(min(cols, pivotLimit), cStop);
  let r = load<i32>(state);
  let c = load<i32>(state, 4);
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
  store<i32>(state, r);
  store<i32>(state, c, 4);
  return r;
}

/**
 * Finds pivots for the consecutive columns c, c+1, ... (at most `kmax`) among
 * rows r.., stopping at the first column that has none. Pivot rows end up at
 * r.. and form an identity in those columns (each is reduced against the
 * others). Candidate rows are reduced lazily against the pivots found so far,
 * which is a valid row operation whether or not they become pivots.
 * Returns the number of pivots found.
 */
function gaussBlock(
  a: usize, rows: i32, stride: i32, r: i32, c: i32, kmax: i32, pivots: usize,
): i32 {
  const lane = laneStart(c);
  const width = stride - lane;
  const off = <usize>lane << 3;
  let next = r;
  for (let j = c; j < c + kmax; j++) {
    const seen = j - c;
    const mask = lowMask(seen + 1);
    let found = false;
    for (let i = next; i < rows; i++) {
      const row = rowAt(a, i, stride);
      let bits = read64(row, c, stride) & mask;
      if (bits == 0) continue;
      // Pivot rows r..r+seen-1 are an identity on columns c..j-1, so each set
      // bit below `seen` calls for exactly one pivot row.
      let low = bits & lowMask(seen);
      while (low != 0) {
        const l = <i32>ctz(low);
        xorInto(row + off, rowAt(a, r + l, stride) + off, width);
        low &= low - 1;
      }
      if (getBit(row, j) == 0) continue;
      const pivotRow = rowAt(a, next, stride);
      if (i != next) swapRows(pivotRow + off, row + off, width);
      for (let l = r; l < next; l++) {
        const above = rowAt(a, l, stride);
        if (getBit(above, j) != 0) xorInto(above + off, pivotRow + off, width);
      }
      store<i32>(pivots + (<usize>next << 2), j);
      next++;
      found = true;
      break;
    }
    if (!found) break;
  }
  return next - r;
}

/**
 * Builds the 2^kg combinations of the pivot rows first..first+kg-1 (from word
 * `lane` on) at `table`, entry size `width` words: entry idx is the XOR of the
 * pivot rows whose bit is set in idx.
 */
function buildTable(
  table: usize, a: usize, stride: i32, first: i32, kg: i32, lane: i32, width: i32,
): void {
  const bytes = <usize>width << 3;
  memory.fill(table, 0, bytes);
  const off = <usize>lane << 3;
  const n = 1 << kg;
  for (let idx = 1; idx < n; idx++) {
    const low = ctz(idx);
    const dst = table + <usize>idx * bytes;
    const rest = table + <usize>(idx & (idx - 1)) * bytes;
    const src = rowAt(a, first + low, stride) + off;
    // entry = entry without its lowest bit, plus that bit's pivot row
    let d = dst, s = rest, p = src;
    const end = dst + bytes;
    while (d < end) {
      v128.store(d, v128.xor(v128.load(s), v128.load(p)));
      d += 16; s += 16; p += 16;
    }
  }
}

/** Clears the block's pivot columns in rows [from, to) with up to 8 tables. */
function applyTables(
  a: usize, stride: i32, from: i32, to: i32, c: i32, kbar: i32, k: i32,
  tables: usize, tableBytes: usize, lane: i32, width: i32,
): void {
  const off = <usize>lane << 3;
  const entry = <usize>width << 3;
  const groups = (kbar + k - 1) / k;
  const m = lowMask(k);
  const blockMask = lowMask(kbar);
  const t0 = tables, t1 = tables + tableBytes, t2 = t1 + tableBytes, t3 = t2 + tableBytes;
  for (let i = from; i < to; i++) {
    const row = rowAt(a, i, stride);
    const x = read64(row, c, stride) & blockMask;
    if (x == 0) continue;
    let d = row + off;
    const end = d + entry;
    // One pass over the row whatever the number of tables: the row is read
    // and written once, the table rows come from cache.
    if (groups == 1) {
      let s0 = t0 + <usize>x * entry;
      while (d < end) {
        v128.store(d, v128.xor(v128.load(d), v128.load(s0)));
        d += 16; s0 += 16;
      }
    } else if (groups == 2) {
      let s0 = t0 + <usize>(x & m) * entry;
      let s1 = t1 + <usize>((x >> <u64>k) & m) * entry;
      while (d < end) {
        v128.store(d, v128.xor(v128.load(d), v128.xor(v128.load(s0), v128.load(s1))));
        d += 16; s0 += 16; s1 += 16;
      }
    } else if (groups == 3) {
      let s0 = t0 + <usize>(x & m) * entry;
      let s1 = t1 + <usize>((x >> <u64>k) & m) * entry;
      let s2 = t2 + <usize>((x >> <u64>(2 * k)) & m) * entry;
      while (d < end) {
        const v = v128.xor(v128.load(s0), v128.xor(v128.load(s1), v128.load(s2)));
        v128.store(d, v128.xor(v128.load(d), v));
        d += 16; s0 += 16; s1 += 16; s2 += 16;
      }
    } else if (groups == 4) {
      let s0 = t0 + <usize>(x & m) * entry;
      let s1 = t1 + <usize>((x >> <u64>k) & m) * entry;
      let s2 = t2 + <usize>((x >> <u64>(2 * k)) & m) * entry;
      let s3 = t3 + <usize>((x >> <u64>(3 * k)) & m) * entry;
      while (d < end) {
        const v = v128.xor(v128.xor(v128.load(s0), v128.load(s1)), v128.xor(v128.load(s2), v128.load(s3)));
        v128.store(d, v128.xor(v128.load(d), v));
        d += 16; s0 += 16; s1 += 16; s2 += 16; s3 += 16;
      }
    } else {
      // 5..8 groups; missing ones read entry 0 of their table (all zeros).
      let s0 = t0 + <usize>(x & m) * entry;
      let s1 = t1 + <usize>((x >> <u64>k) & m) * entry;
      let s2 = t2 + <usize>((x >> <u64>(2 * k)) & m) * entry;
      let s3 = t3 + <usize>((x >> <u64>(3 * k)) & m) * entry;
      let s4 = t3 + tableBytes + <usize>((x >> <u64>(4 * k)) & m) * entry;
      let s5 = t3 + 2 * tableBytes + <usize>((x >> <u64>(5 * k)) & m) * entry;
      let s6 = t3 + 3 * tableBytes + <usize>((x >> <u64>(6 * k)) & m) * entry;
      let s7 = t3 + 4 * tableBytes + <usize>((x >> <u64>(7 * k)) & m) * entry;
      while (d < end) {
        const v = v128.xor(
          v128.xor(v128.xor(v128.load(s0), v128.load(s1)), v128.xor(v128.load(s2), v128.load(s3))),
          v128.xor(v128.xor(v128.load(s4), v128.load(s5)), v128.xor(v128.load(s6), v128.load(s7))),
        );
        v128.store(d, v128.xor(v128.load(d), v));
        d += 16; s0 += 16; s1 += 16; s2 += 16; s3 += 16; s4 += 16; s5 += 16; s6 += 16; s7 += 16;
      }
    }
  }
}

/**
 * Method of Four Russians elimination (M4RI). Each step finds up to
 * `k * tables` pivots in consecutive columns, tabulates the 2^k combinations
 * of each group of k pivot rows, and clears the block from every other row
 * with one table lookup per group: one pass per k*tables columns instead of
 * one per column.
 *
 * `scratch` must hold `tables * 2^k * stride` words (16-aligned), and with
 * more than 4 tables it must hold 8 (unused ones are read as zero rows);
 * 1 <= k, k * tables <= 64, 1 <= tables <= 8. Returns the rank.
 */
export function echelonizeM4ri(
  a: usize, rows: i32, cols: i32, stride: i32, pivotLimit: i32, full: i32, pivots: usize,
  k: i32, tables: i32, scratch: usize, state: usize, cStop: i32,
): i32 {
  const limit = min(cols, pivotLimit);
  const stop = min(limit, cStop);
  let r = load<i32>(state);
  let c = load<i32>(state, 4);
  while (c < stop && r < rows) {
    const kmax = min(k * tables, limit - c);
    const kbar = gaussBlock(a, rows, stride, r, c, kmax, pivots);
    if (kbar == 0) {
      c++;
      continue;
    }
    const lane = laneStart(c);
    const width = stride - lane;
    const groups = (kbar + k - 1) / k;
    const tableBytes = (<usize>width << 3) << <usize>k;
    for (let g = 0; g < groups; g++) {
      const kg = min(k, kbar - g * k);
      buildTable(scratch + <usize>g * tableBytes, a, stride, r + g * k, kg, lane, width);
    }
    if (groups > 4) {
      // the 8-way loop reads entry 0 of every table: keep the unused ones zero
      for (let g = groups; g < 8; g++) memory.fill(scratch + <usize>g * tableBytes, 0, <usize>width << 3);
    }
    if (full) applyTables(a, stride, 0, r, c, kbar, k, scratch, tableBytes, lane, width);
    applyTables(a, stride, r + kbar, rows, c, kbar, k, scratch, tableBytes, lane, width);
    r += kbar;
    c += kbar;
  }
  store<i32>(state, r);
  store<i32>(state, c, 4);
  return r;
}
