// Products over GF(2): A is m x n, B is n x p, C is m x p. mulNaive
// overwrites C; mulAddM4rm adds A B to a block of C and addBlocks adds
// blocks, the two steps of the Strassen-Winograd recursion in
// @lightsout/core (gf2/_multiply.ts) that runs over them.

import { getBit, lowMask, read64, rowAt } from "./layout";
import { xorInto, xorTableRows, xorTo } from "./rows";

/** The arguments of `mulNaive`. */
@unmanaged export class MulArgs {
  /** The product, m rows of `cStride` words (cStride = bStride: both have p columns). */
  c: usize;
  cStride: i32;
  /** A, m x n. */
  a: usize;
  aStride: i32;
  /** B, n x p. */
  b: usize;
  bStride: i32;
  m: i32;
  n: i32;
}

/** Row-by-row product: C_i = XOR of the rows B_j with A_ij = 1. */
export function mulNaive(args: MulArgs): void {
  const c = args.c, cStride = args.cStride, a = args.a, aStride = args.aStride;
  const b = args.b, bStride = args.bStride, m = args.m, n = args.n;
  const width = cStride; // == bStride: both have p columns
  for (let i = 0; i < m; i++) {
    const dst = rowAt(c, i, cStride);
    memory.fill(dst, 0, <usize>width << 3);
    const src = rowAt(a, i, aStride);
    for (let j = 0; j < n; j++) {
      if (getBit(src, j) != 0) xorInto(dst, rowAt(b, j, bStride), width);
    }
  }
}

/**
 * The arguments of `mulAddM4rm`: C ^= A B on blocks of matrices (the
 * Strassen-Winograd leaves): C is `m` rows of `p` words, A `m` rows of `n`
 * bits (from the first bit of its first word), B `n` rows of `p` words.
 */
@unmanaged export class MulAddArgs extends MulArgs {
  /** Words of the rows of B and C taken (even). */
  p: i32;
  /** Tables of 2^bits entries per pass over A's rows (1..8): bits * tables rows of B each. */
  tables: i32;
  /** Words of a panel (even): C and B are taken a panel of columns at a time. */
  panel: i32;
  /** Room for T * 2^bits * min(panel, p) words, T = tables rounded up to 1, 2, 4 or 8. */
  table: usize;
  /** Rows of B per table (1..8): fewer make cheaper tables, more make fewer passes. */
  bits: i32;
}

/**
 * The arguments of `mulAddThreaded`: those of mulAddM4rm (C ^= A B), with
 * `table` room for `threads` tables of `tableBytes` each (a thread's at
 * table + index * tableBytes), and the threads' (the shared-memory build: threads.ts).
 */
@unmanaged export class ThreadedMulAddArgs extends MulAddArgs {
  tableBytes: i32;
  /** Rows of C per claim. */
  chunk: i32;
  /** The control block (128 bytes, zeroed before the helpers start). */
  ctl: usize;
  /** Threads taking part, this one included. */
  threads: i32;
  /** 0: spin instead of sleeping (a browser's main thread may not block). */
  blocking: i32;
}

/**
 * Method of Four Russians multiplication (M4RM), accumulating: C ^= A B.
 * For each panel of `panel` words of B's columns and each group of
 * bits * tables rows of B, tabulates the 2^bits combinations of each
 * `bits` rows (their panel words only, so that the tables stay in cache),
 * then adds `tables` table rows to each row of C, one per `bits` bits of
 * A's row.
 */
export function mulAddM4rm(args: MulAddArgs): void {
  mulAddRows(
    args.c, args.cStride, args.a, args.aStride, args.b, args.bStride,
    args.m, args.n, args.p, args.tables, args.panel, args.table, args.bits,
  );
}

/** mulAddM4rm's work, on plain arguments (the threads' shares of a product call it too). */
export function mulAddRows(
  c: usize, cStride: i32, a: usize, aStride: i32, b: usize, bStride: i32,
  m: i32, n: i32, p: i32, tables: i32, panel: i32, table: usize, bits: i32,
): void {
  for (let pc = 0; pc < p; pc += panel) {
    const words = min(panel, p - pc);
    const entry = <usize>words << 3;
    const tableBytes = entry << <usize>bits;
    const off = <usize>pc << 3;
    for (let j0 = 0; j0 < n; j0 += bits * tables) {
      const span = min(bits * tables, n - j0);
      const groups = (span + bits - 1) / bits;
      for (let g = 0; g < groups; g++) {
        const t = table + <usize>g * tableBytes;
        const count = 1 << min(bits, span - g * bits);
        memory.fill(t, 0, entry);
        for (let idx = 1; idx < count; idx++) {
          // entry = entry without its lowest bit, plus that bit's row of B
          const row = rowAt(b, j0 + g * bits + ctz(idx), bStride) + off;
          xorTo(t + <usize>idx * entry, t + <usize>(idx & (idx - 1)) * entry, row, words);
        }
      }
      // the 4- and 8-way loops read entry 0 of the tables past the last group
      const allocated = groups > 4 ? 8 : groups > 2 ? 4 : groups;
      for (let g = groups; g < allocated; g++) memory.fill(table + <usize>g * tableBytes, 0, entry);
      const mask = lowMask(span);
      for (let i = 0; i < m; i++) {
        const x = read64(rowAt(a, i, aStride), j0, aStride) & mask;
        if (x != 0) xorTableRows(rowAt(c, i, cStride) + off, words, table, tableBytes, entry, x, bits, groups);
      }
    }
  }
}

/** The arguments of `addBlocks`: D = X ^ Y on blocks (D may be X or Y; X = Y = D clears D). */
@unmanaged export class AddArgs {
  d: usize;
  dStride: i32;
  x: usize;
  xStride: i32;
  y: usize;
  yStride: i32;
  rows: i32;
  /** Words per row (any count). */
  words: i32;
}

/** D = X ^ Y, `rows` rows of `words` words. */
export function addBlocks(args: AddArgs): void {
  const rows = args.rows, words = args.words;
  const lanes = words >> 1;
  for (let i = 0; i < rows; i++) {
    let d = rowAt(args.d, i, args.dStride);
    let x = rowAt(args.x, i, args.xStride);
    let y = rowAt(args.y, i, args.yStride);
    for (let l = 0; l < lanes; l++) {
      v128.store(d, v128.xor(v128.load(x), v128.load(y)));
      d += 16; x += 16; y += 16;
    }
    if (words & 1) store<u64>(d, load<u64>(x) ^ load<u64>(y));
  }
}
