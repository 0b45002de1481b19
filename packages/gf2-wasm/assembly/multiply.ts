// Products over GF(2): A is m x n, B is n x p, C is m x p. mulNaive
// overwrites C; mulAddM4rm adds A B to a block of C (or sets it to A B)
// and addBlocks and addTerms add blocks, the steps of the Strassen-Winograd
// recursion in @lightsout/core (gf2/_multiply.ts) that runs over them.

import { getBit, lowMask, read64, rowAt } from "./layout";
import { xorFourTableRows, xorFourTableRowsTwo, xorInto, xorTableRows, xorTo, zeroWords } from "./rows";

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
  /**
   * Room for T * 2^bits * min(panel, p) words, T = tables rounded up to 1,
   * 2, 4 or 8. Aligned to a table entry's bytes (a power of two), four
   * tables pass over two rows of C at once (pairedRows).
   */
  table: usize;
  /** Rows of B per table (1..8): fewer make cheaper tables, more make fewer passes. */
  bits: i32;
  /** Rows of C that go through every pass before the next rows do (0: ROW_BLOCK_BYTES' worth of a panel). */
  rowBlock: i32;
  /**
   * 1: C = A B, the first pass setting C's words rather than adding to them
   * (C need not be cleared first: a separate clearing pass streams C once
   * more); 0: C ^= A B.
   */
  init: i32;
}

/**
 * The arguments of `mulAddThreaded`: those of mulAddM4rm (C ^= A B), with
 * `table` room for `threads` tables of `tableBytes` each (a thread's at
 * table + index * tableBytes), and the threads' (the shared-memory build: threads.ts).
 */
@unmanaged export class ThreadedMulAddArgs extends MulAddArgs {
  tableBytes: i32;
  /**
   * Rows of C per claim. A claim is those rows of one panel of C's columns
   * (`panel` words): its tables are of that panel alone, so claims split by
   * panels build no table twice, and claims split by rows build theirs
   * again per claim.
   */
  chunk: i32;
  /** The control block (128 bytes, zeroed before the helpers start). */
  ctl: usize;
  /** Threads taking part, this one included. */
  threads: i32;
  /** 0: spin instead of sleeping (a browser's main thread may not block). */
  blocking: i32;
  /**
   * 0: each claim adds into C in place; else where in a thread's room
   * (after its tables: `tableBytes` then covers chunk rows of a panel's
   * words beyond) the claim's part of C is copied, multiplied and copied
   * back. Threads writing the same rows' pages in place slow each other
   * down: each one's prefetches take lines the other writes.
   */
  copyOffset: i32;
}

/**
 * The arguments of `mulAddBatchTermsThreaded` (the shared-memory build): a
 * batch of products C ^= A B that the threads claim whole, each with
 * tables of its own, and then the sums that read them (as
 * addTermsThreaded), in one job. The leaves of a level of Strassen-Winograd
 * are independent: a thread that takes a leaf whole builds its tables for
 * all of its rows (a leaf split among threads by rows builds them once per
 * share). A thread that has no product left takes rows of the sums whose
 * products are done, rather than waiting for the other threads' last
 * products to end the batch.
 *
 * The last product may be taken in groups of its passes instead (units
 * `groupsFrom` on: each C = A B over a part of A's columns and B's rows):
 * any thread takes any group, so the threads end within a group of each
 * other, and no table is built twice (a product split by rows builds its
 * tables once per part). Thread 0 adds its groups into the product's C,
 * thread t >= 1 into an accumulator of its own; the sums add them up, row
 * by row, before reading the product.
 */
@unmanaged export class ThreadedMulBatchTermsArgs {
  /** `count` descriptors of mulAddM4rm (MulAddArgs) back to back, their `table` unused. */
  leaves: usize;
  count: i32;
  /** The first unit that is a group of the last product's passes (`count`: none). Its C must be set (init), not added to. */
  groupsFrom: i32;
  /** Thread t >= 1 adds its groups at accumulators + (t - 1) * accumulatorBytes: the product's m rows of p words. */
  accumulators: usize;
  accumulatorBytes: i32;
  /** Room for `threads` tables of `tableBytes` each (a thread's at table + index * tableBytes). */
  table: usize;
  tableBytes: i32;
  /** The sums (an AddTermsArgs) that read the products. */
  sums: usize;
  /** Rows of the sums per claim. */
  chunk: i32;
  /**
   * Per unit of the batch, three i32 (SPAN_BYTES apart): the first and the
   * end of the rows of the sums it writes, and a flag set when it is done;
   * then an i32 per thread, set when the thread took a group (all zeroed by
   * the caller). Rows of the sums wait for the units whose rows they
   * overlap.
   */
  spans: usize;
  /** The control block (128 bytes, zeroed before the helpers start). */
  ctl: usize;
  /** Threads taking part, this one included. */
  threads: i32;
  /** 0: spin instead of sleeping (a browser's main thread may not block). */
  blocking: i32;
}

/** Bytes of a product's entry in ThreadedMulBatchTermsArgs.spans: first row, end row, done. */
export const SPAN_BYTES = 12;

/** Leaf `u` of a batch: its descriptor. */
export function leafOf(job: ThreadedMulBatchTermsArgs, u: i32): MulAddArgs {
  return changetype<MulAddArgs>(job.leaves + <usize>u * offsetof<MulAddArgs>());
}

/** Adds a leaf's product (its A B) into C at `c` (rows `cStride` words apart) with the tables at `table`; C = A B with `init`. */
export function mulAddLeafInto(leaf: MulAddArgs, c: usize, cStride: i32, init: i32, table: usize): void {
  mulAddRows(
    c, cStride, leaf.a, leaf.aStride, leaf.b, leaf.bStride,
    leaf.m, leaf.n, leaf.p, leaf.tables, leaf.panel, table, leaf.bits, leaf.rowBlock, init,
  );
}

/**
 * Method of Four Russians multiplication (M4RM), accumulating: C ^= A B
 * (with `init`, C = A B: the first pass sets each row of C).
 * For each panel of `panel` words of B's columns and each group of
 * bits * tables rows of B, tabulates the 2^bits combinations of each
 * `bits` rows (their panel words only, so that the tables stay in cache),
 * then adds `tables` table rows to each row of C, one per `bits` bits of
 * A's row.
 */
export function mulAddM4rm(args: MulAddArgs): void {
  mulAddRows(
    args.c, args.cStride, args.a, args.aStride, args.b, args.bStride,
    args.m, args.n, args.p, args.tables, args.panel, args.table, args.bits, args.rowBlock, args.init,
  );
}

/**
 * Bytes of C's rows (a panel's words of each) that go through every pass
 * of a product before the next rows do: a tall product then streams C
 * from the last-level cache, not from memory, once per pass (its tables
 * are built again per block of rows: 2^bits entries a table against the
 * block's rows). A leaf of up to 8192 rows of 64-word panels is one block.
 * One thread, C ^= A B, 61440 x 4096 x 4096 bits, fastest of 3: one block
 * 516 ms; blocks of 1 / 2 / 4 / 8 MiB 332 / 306-309 / 295-299 / 311 ms;
 * 4096 x 4096 x 4096 20.2-22.2 ms either way.
 */
const ROW_BLOCK_BYTES = 4 << 20;

/** mulAddM4rm's work, on plain arguments (the threads' shares of a product call it too). */
export function mulAddRows(
  c: usize, cStride: i32, a: usize, aStride: i32, b: usize, bStride: i32,
  m: i32, n: i32, p: i32, tables: i32, panel: i32, table: usize, bits: i32, rowBlock: i32, init: i32,
): void {
  for (let pc = 0; pc < p; pc += panel) {
    const words = min(panel, p - pc);
    const block = rowBlock > 0 ? rowBlock : max(1, ROW_BLOCK_BYTES / (words << 3));
    const off = <usize>pc << 3;
    for (let i0 = 0; i0 < m; i0 += block) {
      const rows = min(block, m - i0);
      const ci = rowAt(c, i0, cStride) + off;
      // C = A B with no columns in A: no pass clears C
      if (init != 0 && n == 0) for (let i = 0; i < rows; i++) zeroWords(rowAt(ci, i, cStride), words);
      mulAddPanel(ci, cStride, rowAt(a, i0, aStride), aStride, b + off, bStride, rows, n, words, tables, table, bits, init);
    }
  }
}

/** C ^= A B (C = A B with `init`) for `words` words of C's and B's rows (c and b point at them), m rows of C. */
function mulAddPanel(
  c: usize, cStride: i32, a: usize, aStride: i32, b: usize, bStride: i32,
  m: i32, n: i32, words: i32, tables: i32, table: usize, bits: i32, init: i32,
): void {
  const entry = <usize>words << 3;
  const tableBytes = entry << <usize>bits;
  for (let j0 = 0; j0 < n; j0 += bits * tables) {
    const span = min(bits * tables, n - j0);
    const groups = (span + bits - 1) / bits;
    for (let g = 0; g < groups; g++) {
      tabulateRows(table + <usize>g * tableBytes, b, bStride, 0, j0 + g * bits, min(bits, span - g * bits), words);
    }
    // the 4- and 8-way loops read entry 0 of the tables past the last group
    const allocated = groups > 4 ? 8 : groups > 2 ? 4 : groups;
    for (let g = groups; g < allocated; g++) memory.fill(table + <usize>g * tableBytes, 0, entry);
    const mask = lowMask(span);
    // the first pass of C = A B clears each row as it comes (the row is then in cache for its sum)
    const clear = init != 0 && j0 == 0;
    if (groups == 3 || groups == 4) {
      // the usual case, without xorTableRows' call and dispatch a row (8192 x 8192 on one
      // thread, pinned, alternating builds: 175.7-177.0 -> 166.6-170.9 ms)
      // two rows a step where the table entries are aligned to their size (a 4096-cubed leaf
      // on one thread, builds side by side, medians of nine processes: 21.5-25.5 -> 19.8-22.9
      // ms, each 8-12% faster)
      const paired = pairedRows(table, tableBytes, entry);
      const first = paired ? addRowPairs(c, cStride, a, aStride, m, words, j0, mask, clear, table, tableBytes, entry, bits) : 0;
      for (let i = first; i < m; i++) {
        const x = read64(rowAt(a, i, aStride), j0, aStride) & mask;
        if (clear) zeroWords(rowAt(c, i, cStride), words);
        if (x != 0) xorFourTableRows(rowAt(c, i, cStride), words, table, tableBytes, entry, x, bits);
      }
      continue;
    }
    for (let i = 0; i < m; i++) {
      const x = read64(rowAt(a, i, aStride), j0, aStride) & mask;
      if (clear) zeroWords(rowAt(c, i, cStride), words);
      if (x != 0) xorTableRows(rowAt(c, i, cStride), words, table, tableBytes, entry, x, bits, groups);
    }
  }
}

/**
 * Whether the four tables at `table` suit xorFourTableRowsTwo: entries of
 * a power of two bytes (at least two lanes), each aligned to its size.
 */
@inline function pairedRows(table: usize, tableBytes: usize, entry: usize): bool {
  return entry >= 32 && popcnt(entry) == 1 && ((table | tableBytes) & (entry - 1)) == 0;
}

/**
 * A pass of four tables over rows 0..m-1 of C, two rows at once (both
 * rows' table entries read in one loop, so that twice as many reads from
 * L2 are in flight); a row whose bits of A are all zero goes alone.
 * Returns the first row left (m, or m - 1 when m is odd).
 */
function addRowPairs(
  c: usize, cStride: i32, a: usize, aStride: i32, m: i32, words: i32, j0: i32, mask: u64, clear: bool,
  table: usize, tableBytes: usize, entry: usize, bits: i32,
): i32 {
  let i = 0;
  for (; i + 2 <= m; i += 2) {
    const x = read64(rowAt(a, i, aStride), j0, aStride) & mask;
    const y = read64(rowAt(a, i + 1, aStride), j0, aStride) & mask;
    const c0 = rowAt(c, i, cStride);
    const c1 = rowAt(c, i + 1, cStride);
    if (clear) {
      zeroWords(c0, words);
      zeroWords(c1, words);
    }
    if (x != 0 && y != 0) xorFourTableRowsTwo(c0, c1, table, tableBytes, entry, x, y, bits);
    else if (x != 0) xorFourTableRows(c0, words, table, tableBytes, entry, x, bits);
    else if (y != 0) xorFourTableRows(c1, words, table, tableBytes, entry, y, bits);
  }
  return i;
}

/**
 * The table of the 2^k combinations of rows j..j+k-1 of B (their `words`
 * words from byte `off`): entry x, `words` words at t + x * words * 8, is
 * the sum of the rows whose bits x has.
 */
@inline function tabulateRows(t: usize, b: usize, bStride: i32, off: usize, j: i32, k: i32, words: i32): void {
  const entry = <usize>words << 3;
  zeroWords(t, words);
  const count = 1 << k;
  for (let idx = 1; idx < count; idx++) {
    // entry = entry without its lowest bit, plus that bit's row of B
    const row = rowAt(b, j + ctz(idx), bStride) + off;
    xorTo(t + <usize>idx * entry, t + <usize>(idx & (idx - 1)) * entry, row, words);
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

/**
 * The arguments of `addBlocksThreaded` (the shared-memory build): those of
 * addBlocks, with the rows shared among the threads in claims of `chunk`.
 */
@unmanaged export class ThreadedAddArgs extends AddArgs {
  chunk: i32;
  /** The control block (128 bytes, zeroed before the helpers start). */
  ctl: usize;
  /** Threads taking part, this one included. */
  threads: i32;
  /** 0: spin instead of sleeping (a browser's main thread may not block). */
  blocking: i32;
}

/**
 * Bytes of a term of `addTerms`: eleven i32, D's first word and stride,
 * `keep`, then four sources' first words and strides.
 */
export const TERM_BYTES = 44;

/**
 * The arguments of `addTerms`: `count` sums over blocks of `rows` rows of
 * `words` words (any count), TERM_BYTES apart from `terms`. Term t is
 * D = S0 ^ S1 ^ S2 ^ S3, or D ^= S0 ^ S1 ^ S2 ^ S3 with `keep` (its third
 * i32) nonzero; a term of fewer sources takes a zero row (stride 0) for the
 * rest. No D may be a source of another term, nor of its own unless kept.
 */
@unmanaged export class AddTermsArgs {
  terms: usize;
  count: i32;
  rows: i32;
  words: i32;
}

/**
 * The arguments of `addTermsThreaded` (the shared-memory build): those of
 * addTerms, with the rows shared among the threads in claims of `chunk`.
 */
@unmanaged export class ThreadedAddTermsArgs extends AddTermsArgs {
  chunk: i32;
  /** The control block (128 bytes, zeroed before the helpers start). */
  ctl: usize;
  /** Threads taking part, this one included. */
  threads: i32;
  /** 0: spin instead of sleeping (a browser's main thread may not block). */
  blocking: i32;
}

/**
 * The sums of a Strassen-Winograd level taken row by row: the terms of a
 * row read their operands' rows from memory once, and the other terms
 * that take them read them from the L1 cache (a level's seven sums into C
 * pass over 33 blocks' worth of memory one by one, and 15 this way).
 */
export function addTerms(args: AddTermsArgs): void {
  addTermRows(args, 0, args.rows);
}

/** Rows first..end-1 of addTerms (the threads' shares of the sums call it too). */
export function addTermRows(args: AddTermsArgs, first: i32, end: i32): void {
  const terms = args.terms, count = args.count, words = args.words;
  for (let i = first; i < end; i++) {
    for (let t = 0; t < count; t++) {
      const term = terms + <usize>t * TERM_BYTES;
      const d = rowAt(load<u32>(term), i, load<i32>(term, 4));
      const s0 = rowAt(load<u32>(term, 12), i, load<i32>(term, 16));
      const s1 = rowAt(load<u32>(term, 20), i, load<i32>(term, 24));
      const s2 = rowAt(load<u32>(term, 28), i, load<i32>(term, 32));
      const s3 = rowAt(load<u32>(term, 36), i, load<i32>(term, 40));
      if (load<i32>(term, 8) != 0) xorFour(d, words, s0, s1, s2, s3);
      else setFour(d, words, s0, s1, s2, s3);
    }
  }
}

/** d[0..words) ^= s0 ^ s1 ^ s2 ^ s3 (any count of words). */
@inline function xorFour(d: usize, words: i32, s0: usize, s1: usize, s2: usize, s3: usize): void {
  const end = d + (<usize>words << 3);
  for (; d + 16 <= end; d += 16, s0 += 16, s1 += 16, s2 += 16, s3 += 16) {
    const x = v128.xor(v128.xor(v128.load(s0), v128.load(s1)), v128.xor(v128.load(s2), v128.load(s3)));
    v128.store(d, v128.xor(v128.load(d), x));
  }
  if (d < end) store<u64>(d, load<u64>(d) ^ load<u64>(s0) ^ load<u64>(s1) ^ load<u64>(s2) ^ load<u64>(s3));
}

/** d[0..words) = s0 ^ s1 ^ s2 ^ s3 (any count of words). */
@inline function setFour(d: usize, words: i32, s0: usize, s1: usize, s2: usize, s3: usize): void {
  const end = d + (<usize>words << 3);
  for (; d + 16 <= end; d += 16, s0 += 16, s1 += 16, s2 += 16, s3 += 16) {
    v128.store(d, v128.xor(v128.xor(v128.load(s0), v128.load(s1)), v128.xor(v128.load(s2), v128.load(s3))));
  }
  if (d < end) store<u64>(d, load<u64>(s0) ^ load<u64>(s1) ^ load<u64>(s2) ^ load<u64>(s3));
}

/** D = X ^ Y, `rows` rows of `words` words. */
export function addBlocks(args: AddArgs): void {
  addRows(args, 0, args.rows);
}

/** Rows first..end-1 of addBlocks (the threads' shares of a sum call it too). */
export function addRows(args: AddArgs, first: i32, end: i32): void {
  const words = args.words, d0 = args.d, dStride = args.dStride;
  const x0 = args.x, xStride = args.xStride, y0 = args.y, yStride = args.yStride;
  const lanes = words >> 1;
  for (let i = first; i < end; i++) {
    let d = rowAt(d0, i, dStride);
    let x = rowAt(x0, i, xStride);
    let y = rowAt(y0, i, yStride);
    for (let l = 0; l < lanes; l++) {
      v128.store(d, v128.xor(v128.load(x), v128.load(y)));
      d += 16; x += 16; y += 16;
    }
    if (words & 1) store<u64>(d, load<u64>(x) ^ load<u64>(y));
  }
}
