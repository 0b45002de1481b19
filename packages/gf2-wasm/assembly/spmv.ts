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
}

/**
 * Y = A X on rows first .. end - 1: spmvRows's work on plain arguments (the
 * threads' chunks call it too). The projection X^T Y is a pass of its own
 * (projectRows): taken in this loop, row by row, it cost more than apart
 * (200,000 rows, 10 a row: 7.4 ms a product against 3.5 + 1.3 ms), the
 * table updates holding back the loads of the next rows.
 */
export function spmvRange(rowStart: usize, colIndex: usize, x: usize, y: usize, words: i32, first: i32, end: i32): void {
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
    }
  }
}

/** Y = A X on rows first .. end - 1 (one thread). */
export function spmvRows(args: SpmvArgs): void {
  spmvRange(args.rowStart, args.colIndex, args.x, args.y, args.words, args.first, args.end);
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
  tabulateF(args);
  blockMulAddRange(args, 0, args.rows);
}

/** Table g of args.table holds, at index x, the XOR of rows 8g + b of F for the bits b of x. */
export function tabulateF(args: BlockMulArgs): void {
  const words = args.words, table = args.table, f = args.f;
  const entry = <usize>words << 3;
  const groups = words << 3;
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
}

/** W ^= V F on rows first .. end - 1, from the tables of tabulateF. */
export function blockMulAddRange(args: BlockMulArgs, first: i32, end: i32): void {
  const table = args.table, v = args.v, w = args.w;
  if (args.words == 2) {
    for (let i = first; i < end; i++) {
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
    for (let i = first; i < end; i++) {
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
 * The arguments of `blockMulAddThreaded` (the shared-memory build,
 * threads.ts): those of blockMulAdd, with the rows claimed `chunk` at a
 * time by `threads` threads.
 */
@unmanaged export class ThreadedBlockMulArgs extends BlockMulArgs {
  chunk: i32;
  /** The control block (zeroed before the helpers start). */
  ctl: usize;
  /** Threads taking part, this one included. */
  threads: i32;
  /** 0: spin instead of sleeping (a browser's main thread may not block). */
  blocking: i32;
}

/**
 * The arguments of `projectRows`: out = X^T V, X being N x (64 * xWords)
 * dense random bits, given row by row (the caller generates them from the
 * run's seed, so that every shard and engine sees the same X).
 */
@unmanaged export class ProjectArgs {
  /** V: `words` u64 per row, `rows` rows. */
  v: usize;
  words: i32;
  rows: i32;
  /** X: `xWords` u64 per row, `rows` rows. */
  x: usize;
  /** 1: X has 64 columns; 2: 128. */
  xWords: i32;
  /** Room for 8 * xWords tables of 256 rows of `words` u64 (16-aligned). */
  tables: usize;
  /** X^T V: 64 * xWords rows of `words` u64. */
  out: usize;
}

/** Bytes of one thread's projection tables: 8 * xWords tables of 256 rows of `words` u64. */
@inline export function projectionTableBytes(words: i32, xWords: i32): usize {
  return (<usize>(xWords << 3) << 8) * (<usize>words << 3);
}

/** Table g (of 256 u64) at index byte g of x, ^= v. */
@inline function addEntry(tables: usize, g: i32, x: u64, v: u64): void {
  const t = tables + (<usize>(g << 8) << 3) + (<usize>((x >> (<u64>g << 3)) & 0xff) << 3);
  store<u64>(t, load<u64>(t) ^ v);
}

/** Adds row i of V (at `row`) to table g at index byte g of row i of X, for each byte g of X's row. */
@inline function addToTables(tables: usize, row: usize, words: i32, xRow: usize, xWords: i32): void {
  if (words == 1 && xWords == 1) {
    // the common case (blocks of 64), unrolled: eight independent read-modify-writes
    const x = load<u64>(xRow);
    const v = load<u64>(row);
    addEntry(tables, 0, x, v);
    addEntry(tables, 1, x, v);
    addEntry(tables, 2, x, v);
    addEntry(tables, 3, x, v);
    addEntry(tables, 4, x, v);
    addEntry(tables, 5, x, v);
    addEntry(tables, 6, x, v);
    addEntry(tables, 7, x, v);
    return;
  }
  const entry = <usize>words << 3;
  for (let h = 0; h < xWords; h++) {
    const x = load<u64>(xRow + (<usize>h << 3));
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
 * set bit), then folded (foldTables).
 */
export function projectRows(args: ProjectArgs): void {
  memory.fill(args.tables, 0, projectionTableBytes(args.words, args.xWords));
  projectRange(args, 0, args.rows, args.tables);
  foldTables(args.tables, 1, args.words, args.xWords, args.out);
}

/** Adds rows first .. end - 1 of V to the tables at `tables` (a thread's own). */
export function projectRange(args: ProjectArgs, first: i32, end: i32, tables: usize): void {
  const words = args.words, xWords = args.xWords, v = args.v, x = args.x;
  const entry = <usize>words << 3, xEntry = <usize>xWords << 3;
  for (let i = first; i < end; i++) addToTables(tables, v + <usize>i * entry, words, x + <usize>i * xEntry, xWords);
}

/**
 * The arguments of `projectThreaded` (the shared-memory build, threads.ts):
 * those of projectRows, with room for a set of tables a thread (back to
 * back), the rows claimed `chunk` at a time by `threads` threads.
 */
@unmanaged export class ThreadedProjectArgs extends ProjectArgs {
  chunk: i32;
  /** The control block (zeroed before the helpers start). */
  ctl: usize;
  /** Threads taking part, this one included. */
  threads: i32;
  /** 0: spin instead of sleeping (a browser's main thread may not block). */
  blocking: i32;
}
