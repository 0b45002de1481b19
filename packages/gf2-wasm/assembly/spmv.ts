// Sparse matrix times a block of vectors over GF(2), the inner step of block
// Wiedemann (Coppersmith 1994): Y = A X, where A is in compressed rows (u32
// row offsets, u32 column indices) and X, Y are blocks of 64 or 128 vectors
// stored row by row, one u64 or one v128 per row. Row i of Y is the XOR of
// the rows of X named by row i of A, so a nonzero costs one load and one XOR
// of a whole row of the block: 64 or 128 products at once.
//
// blockMulAdd is the other product of the solution phase: W ^= V F, where V
// and W are blocks like X and F is a small dense 64 x 64 or 128 x 128
// matrix, by the method of Four Russians (a table of the 256 combinations of
// each 8 rows of F).

/** The arguments of `spmvRows`: Y = A X for rows first .. end - 1 of A. */
@unmanaged export class SpmvArgs {
  /** rows + 1 u32 offsets into colIndex (row i: colIndex[rowStart[i] .. rowStart[i + 1])). */
  rowStart: usize;
  /** u32 column indices, increasing within a row. */
  colIndex: usize;
  /** X: `words` u64 per column of A (16-aligned when words = 2). */
  x: usize;
  /** Y: `words` u64 per row of A; rows first .. end - 1 are written. */
  y: usize;
  /** 1 (blocks of 64 vectors) or 2 (blocks of 128, v128). */
  words: i32;
  first: i32;
  end: i32;
  /**
   * 0, or room for the projection's tables (tableBytes each thread; see
   * projectRows): then out = X^T Y as well, X hashed from `seed`, with
   * 64 * xWords columns.
   */
  tables: usize;
  seed: u32;
  xWords: i32;
  /** X^T Y: 64 * xWords rows of `words` u64. */
  out: usize;
}

/**
 * Y = A X on rows first .. end - 1: spmvRows's work on plain arguments (the
 * threads' chunks call it too). With `tables`, each row of Y is also added
 * to the projection's tables while it is in a register: the hashing and the
 * table updates overlap the loads of the sparse product, which wait on
 * memory, so the projection costs little beside it.
 */
export function spmvRange(
  rowStart: usize, colIndex: usize, x: usize, y: usize, words: i32, first: i32, end: i32,
  tables: usize, seed: u32, xWords: i32,
): void {
  if (words == 2) {
    for (let i = first; i < end; i++) {
      let p = <usize>load<u32>(rowStart + (<usize>i << 2));
      const stop = <usize>load<u32>(rowStart + (<usize>(i + 1) << 2));
      // two accumulators: the loads of one row's nonzeros are independent, let them overlap
      let acc0 = i64x2.splat(0);
      let acc1 = i64x2.splat(0);
      for (; p + 1 < stop; p += 2) {
        const c0 = <usize>load<u32>(colIndex + (p << 2));
        const c1 = <usize>load<u32>(colIndex + (p << 2), 4);
        acc0 = v128.xor(acc0, v128.load(x + (c0 << 4)));
        acc1 = v128.xor(acc1, v128.load(x + (c1 << 4)));
      }
      if (p < stop) acc0 = v128.xor(acc0, v128.load(x + (<usize>load<u32>(colIndex + (p << 2)) << 4)));
      const row = y + (<usize>i << 4);
      v128.store(row, v128.xor(acc0, acc1));
      if (tables != 0) addToTables(tables, row, 2, seed, i, xWords);
    }
  } else {
    for (let i = first; i < end; i++) {
      let p = <usize>load<u32>(rowStart + (<usize>i << 2));
      const stop = <usize>load<u32>(rowStart + (<usize>(i + 1) << 2));
      let acc0: u64 = 0;
      let acc1: u64 = 0;
      for (; p + 1 < stop; p += 2) {
        acc0 ^= load<u64>(x + (<usize>load<u32>(colIndex + (p << 2)) << 3));
        acc1 ^= load<u64>(x + (<usize>load<u32>(colIndex + (p << 2), 4) << 3));
      }
      if (p < stop) acc0 ^= load<u64>(x + (<usize>load<u32>(colIndex + (p << 2)) << 3));
      const row = y + (<usize>i << 3);
      store<u64>(row, acc0 ^ acc1);
      if (tables != 0) addToTables(tables, row, 1, seed, i, xWords);
    }
  }
}

/** Y = A X on rows first .. end - 1 (one thread). */
export function spmvRows(args: SpmvArgs): void {
  const tables = args.tables, words = args.words, xWords = args.xWords;
  if (tables != 0) memory.fill(tables, 0, projectionTableBytes(words, xWords));
  spmvRange(args.rowStart, args.colIndex, args.x, args.y, words, args.first, args.end, tables, args.seed, xWords);
  if (tables != 0) foldTables(tables, 1, words, xWords, args.out);
}

/**
 * The arguments of `spmvThreaded` (the shared-memory build, threads.ts):
 * those of spmvRows, with rows first .. end - 1 claimed `chunk` rows at a
 * time by `threads` threads.
 */
@unmanaged export class ThreadedSpmvArgs extends SpmvArgs {
  /** Rows per claim. */
  chunk: i32;
  /** The control block (zeroed before the helpers start). */
  ctl: usize;
  /** Threads taking part, this one included. */
  threads: i32;
  /** 0: spin instead of sleeping (a browser's main thread may not block). */
  blocking: i32;
}

/** The arguments of `blockMulAdd`: W ^= V F on rows 0 .. rows - 1. */
@unmanaged export class BlockMulArgs {
  /** W: `words` u64 per row. */
  w: usize;
  /** V: `words` u64 per row. */
  v: usize;
  /** F: 64 * words rows of `words` u64 (row b is what bit b of a row of V adds). */
  f: usize;
  /** Room for 8 * words tables of 256 rows of `words` u64 (16-aligned). */
  table: usize;
  words: i32;
  rows: i32;
}

/** W ^= V F (Four Russians: one table lookup per byte of a row of V). */
export function blockMulAdd(args: BlockMulArgs): void {
  const words = args.words, table = args.table, f = args.f;
  const entry = <usize>words << 3;
  const groups = words << 3;
  // table g holds, at index x, the XOR of rows 8g + b of F for the bits b of x
  for (let g = 0; g < groups; g++) {
    const t = table + ((<usize>g << 8) * entry);
    memory.fill(t, 0, entry);
    for (let x = 1; x < 256; x++) {
      const low = x & (x - 1);
      const row = f + <usize>((g << 3) + ctz(x)) * entry;
      const dst = t + <usize>x * entry, src = t + <usize>low * entry;
      store<u64>(dst, load<u64>(src) ^ load<u64>(row));
      if (words == 2) store<u64>(dst, load<u64>(src, 8) ^ load<u64>(row, 8), 8);
    }
  }
  const rows = args.rows, v = args.v, w = args.w;
  if (words == 2) {
    for (let i = 0; i < rows; i++) {
      const at = <usize>i << 4;
      let acc = v128.load(w + at);
      const lo = load<u64>(v + at), hi = load<u64>(v + at, 8);
      for (let g = 0; g < 8; g++) {
        const byte = <usize>((lo >> (<u64>g << 3)) & 0xff);
        acc = v128.xor(acc, v128.load(table + ((<usize>g << 8) << 4) + (byte << 4)));
      }
      for (let g = 0; g < 8; g++) {
        const byte = <usize>((hi >> (<u64>g << 3)) & 0xff);
        acc = v128.xor(acc, v128.load(table + ((<usize>(g + 8) << 8) << 4) + (byte << 4)));
      }
      v128.store(w + at, acc);
    }
  } else {
    for (let i = 0; i < rows; i++) {
      const at = <usize>i << 3;
      let acc = load<u64>(w + at);
      const x = load<u64>(v + at);
      for (let g = 0; g < 8; g++) {
        acc ^= load<u64>(table + ((<usize>g << 8) << 3) + (<usize>((x >> (<u64>g << 3)) & 0xff) << 3));
      }
      store<u64>(w + at, acc);
    }
  }
}

/**
 * The arguments of `projectRows`: out = X^T V, X being N x (64 * xWords)
 * dense random bits, row i of X hashed from (seed, i) (see xBits), so that
 * it is never stored and every shard and engine sees the same X.
 */
@unmanaged export class ProjectArgs {
  /** V: `words` u64 per row, `rows` rows. */
  v: usize;
  words: i32;
  rows: i32;
  seed: u32;
  /** 1: X has 64 columns; 2: 128. */
  xWords: i32;
  /** Room for 8 * xWords tables of 256 rows of `words` u64 (16-aligned). */
  tables: usize;
  /** X^T V: 64 * xWords rows of `words` u64. */
  out: usize;
}

/** 32 random bits for (seed, k): a multiplicative step and the murmur3 finaliser (the twin computes the same). */
@inline export function hash32(seed: u32, k: u32): u32 {
  let z = k * 0x9e3779b9 + seed;
  z ^= z >>> 16;
  z *= 0x85ebca6b;
  z ^= z >>> 13;
  z *= 0xc2b2ae35;
  return z ^ (z >>> 16);
}

/** Word h of row i of X. */
@inline function xBits(seed: u32, i: i32, h: i32, xWords: i32): u64 {
  const k = <u32>(i * xWords + h) << 1;
  return <u64>hash32(seed, k) | (<u64>hash32(seed, k + 1) << 32);
}

/** Bytes of one thread's projection tables: 8 * xWords tables of 256 rows of `words` u64. */
@inline export function projectionTableBytes(words: i32, xWords: i32): usize {
  return (<usize>(xWords << 3) << 8) * (<usize>words << 3);
}

/** Adds row i of V (at `row`) to table g at index byte g of row i of X, for each byte g of X's row. */
@inline function addToTables(tables: usize, row: usize, words: i32, seed: u32, i: i32, xWords: i32): void {
  const entry = <usize>words << 3;
  for (let h = 0; h < xWords; h++) {
    const x = xBits(seed, i, h, xWords);
    for (let g = 0; g < 8; g++) {
      const t = tables + ((<usize>((h << 3) + g) << 8) + <usize>((x >> (<u64>g << 3)) & 0xff)) * entry;
      if (words == 2) v128.store(t, v128.xor(v128.load(t), v128.load(row)));
      else store<u64>(t, load<u64>(t) ^ load<u64>(row));
    }
  }
}

/**
 * out = X^T V from the tables of `threads` threads (back to back): row 8g +
 * b of out is the XOR of every table g's entries whose index has bit b.
 */
export function foldTables(tables: usize, threads: i32, words: i32, xWords: i32, out: usize): void {
  const entry = <usize>words << 3;
  const groups = xWords << 3;
  const tableBytes = projectionTableBytes(words, xWords);
  memory.fill(out, 0, <usize>(groups << 3) * entry);
  for (let thread = 0; thread < threads; thread++) {
    const base = tables + <usize>thread * tableBytes;
    for (let g = 0; g < groups; g++) {
      for (let index = 1; index < 256; index++) {
        const t = base + ((<usize>g << 8) + <usize>index) * entry;
        for (let b = 0; b < 8; b++) {
          if (((index >> b) & 1) == 0) continue;
          const o = out + <usize>((g << 3) + b) * entry;
          store<u64>(o, load<u64>(o) ^ load<u64>(t));
          if (words == 2) store<u64>(o, load<u64>(o, 8) ^ load<u64>(t, 8), 8);
        }
      }
    }
  }
}

/**
 * out = X^T V, by Four Russians on X's side: row i of V is added to table
 * g at index byte g of row i of X (8 * xWords additions a row, not one per
 * set bit), then folded (foldTables). The first term of the sequence; the
 * others come with the products (spmvRows with tables).
 */
export function projectRows(args: ProjectArgs): void {
  const words = args.words, xWords = args.xWords, seed = args.seed, rows = args.rows;
  const v = args.v, tables = args.tables;
  const entry = <usize>words << 3;
  memory.fill(tables, 0, projectionTableBytes(words, xWords));
  for (let i = 0; i < rows; i++) addToTables(tables, v + <usize>i * entry, words, seed, i, xWords);
  foldTables(tables, 1, words, xWords, args.out);
}
