// C = A B over GF(2) in the kernel's memory: Strassen-Winograd recursion
// (seven half-size products and fifteen additions instead of eight
// products) down to a cutoff, and the Method of Four Russians below it
// (assembly/multiply.ts: mulAddM4rm adds A B to a block, addBlocks adds
// blocks). Over GF(2) subtraction is addition, so every step is an XOR.
// Every product is a sum into C (a product into a block is a sum into it
// cleared, or set by the kernel's first pass): Winograd's seven products
// are ordered so that each is added into C's quadrants as it comes, with
// three temporaries per level (X, Y, Z of a quadrant's size) as in the
// overwriting schedule of Douglas, Heroux, Slishman and Smith, "GEMMW: a
// portable level 3 BLAS Winograd variant of Strassen's matrix-matrix
// multiply algorithm" (J. Comput. Phys. 110, 1994), which M4RI's mzd_mul
// runs (Albrecht, Bard, Hart, "Algorithm 898", ACM TOMS 37, 2010), and no
// temporary of C's size.
//
// The TypeScript twin of the product is gf2/_matrix-naive.ts's mul.

import {
  addBlocksKernel,
  addBlocksThreadedKernel,
  addTermsKernel,
  addTermsThreadedKernel,
  callKernel,
  kernelView,
  withScratch,
  zeroBytes,
  type MulAddArgs,
  mulAddBatchTermsThreadedKernel,
  mulAddM4rmKernel,
  mulAddThreadedKernel,
} from "../internal/kernel.js";
import { type ThreadPoolView, withThreadPool } from "../internal/threads.js";

/** A block of a packed matrix in the kernel's memory: its first word, and its rows' distance in words. */
export interface Block {
  ptr: number;
  stride: number;
}

/** How a product runs: its tuning (docs/BENCHMARKS.md, "Multiplication"), threads and signal. */
export interface MultiplyOptions {
  /** Below this many rows, columns of A or 64 x words of B, the Four Russians kernel multiplies. */
  cutoff: number;
  /** Tables per pass of the kernel, 1..8. */
  tables: number;
  /** Bits of A a table takes (1..8; default: by the rows of the product, see tableBits). */
  bits?: number;
  /** Words per panel of the kernel (even). */
  panel: number;
  /**
   * Threads for the kernel's products from `threadedFrom` on, the caller
   * included (default 1): the parts of C are shared among them, in place
   * (the kernel's memory is the one the threads share).
   */
  threads?: number;
  /**
   * m n p (p in words) from which a product is shared among threads
   * (default 2^29, about 12 ms of work, for a product on its own;
   * POOL_THREADED_FROM within a job that runs on the pool).
   */
  threadedFrom?: number;
  /** Checked before each of the kernel's products; its reason is thrown. */
  signal?: AbortSignal | undefined;
  /** Told the threads each product shared among threads ran on. */
  used?: (threads: number) => void;
  /**
   * Told, after each of the kernel's products, the work it stands for: the
   * word operations of the Four Russians product it replaces without
   * Strassen-Winograd (m n p / 8 for m x n bits times n rows of p words: a
   * row of p words per 8 bits of A), so that the reports of one product add
   * up to that whatever the recursion did (progress).
   */
  onWork?: (words: number) => void;
  /**
   * A leaf whose A or C rows lie this many times their width apart or more
   * is multiplied on compact copies of A and C (default: never). Rows a page
   * apart cost a TLB miss each on every pass of the kernel over them.
   */
  compactFrom?: number;
  /**
   * Claims of a shared product a thread takes, about (default 2): more
   * balance the threads when one is slowed, fewer build B's tables fewer
   * times (each claim of rows tabulates its panel of B again).
   */
  claimsPerThread?: number;
  /** Whether a leaf shared by the pool's threads works on compact copies of their claims of C (default true). */
  poolCopies?: boolean;
  /**
   * Rows of C that go through all of a leaf's passes before the next rows
   * do (default: 4 MiB of a panel's words, the kernel's ROW_BLOCK_BYTES;
   * tests set a few rows to cross block boundaries on small matrices).
   */
  rowBlock?: number;
  /** The classical work one kernel word operation stands for here: (8/7)^depth under Strassen-Winograd. */
  weight?: number;
  /**
   * The thread pool whose shared memory holds the blocks (default: none,
   * they are in the kernel's memory). Its threads then share the large
   * products and sums in place, and `threads` is ignored.
   */
  pool?: ThreadPoolView | undefined;
  /** Words of a sum from which a pool's threads share it (default ADD_THREADED_FROM; tests lower it). */
  sumsThreadedFrom?: number;
}

/** Word operations of the Four Russians product of m x n bits by n rows of p words: a row of B's width per 8 bits of A. */
export const productWork = (m: number, n: number, p: number) => (m * n * p) / 8;

/**
 * Measured on the 2-core EPYC (docs/BENCHMARKS.md, "Multiplication" and
 * "8-bit tables, and products on compact leaves"): the kernel alone on a
 * 4096 x 4096 product took 27 ms with four tables a pass against 32 ms
 * with eight (eight tables of 2^8 rows of a 64-word panel, 1 MiB, do not
 * stay in L2 beside C); an 8192 x 8192 product 226-249 ms with one
 * Strassen-Winograd level (leaves of 4096: cutoff 8192), 260-278 ms with
 * two, 277 ms or more with none; leaves copied to compact blocks: 16384 x
 * 16384 1.99 s against 2.11 s in place, 8192 x 8192 218-228 ms against
 * 234-242 ms.
 */
export const MULTIPLY_DEFAULTS: MultiplyOptions = { cutoff: 8192, tables: 4, panel: 64, compactFrom: 2 };

/**
 * Bits a table takes for a product with m rows: a table costs 2^k rows of B
 * to build and saves the product a pass per k bits of A's rows, so wide
 * tables pay only with enough rows (per bit of A, a pass costs about 1.5 m
 * lane operations and a table 3 2^k: k = 8 from 1536 rows, 7 from 512, 6
 * below). Measured (fastest of 5-10, k = 8 / 7 / 6): m x 1024 x 16384 bits
 * at m = 256 3.10 / 2.46 / 2.26 ms, 512 4.44 / 3.96 / 3.93 ms, 1024 7.37 /
 * 7.11 / 7.57 ms; 2048 x 2048 x 16384 26.6 / 27.4 / 29.4 ms; 4096 cubed
 * 22.0 / 23.3 / 26.5 ms. PLE's triangular solves make many such products.
 */
export const tableBits = (m: number) => (m >= 1536 ? 8 : m >= 512 ? 7 : 6);

/** The block `rows` rows and `words` words into `b`. */
const at = (b: Block, rows: number, words: number): Block => ({
  ptr: b.ptr + (rows * b.stride + words) * 8,
  stride: b.stride,
});

/** Word counts made even (rows of whole v128 lanes). */
const even = (words: number) => words + (words & 1);

/**
 * m n p from which a product whose blocks are in a pool's memory is shared
 * (about 0.4 ms of work). PLE at 32768 on two threads, fastest of 3
 * interleaved: from 2^29 3.05 s, 2^27 3.00 s, 2^25 2.72-2.85 s, 2^23 2.73
 * s, 2^21 2.90 s.
 */
const POOL_THREADED_FROM = 2 ** 24;

/**
 * Words of a sum from which a pool's threads share it (rows of C in
 * claims of ADD_CHUNK): about 30 us of streaming, ten times what waking
 * a spinning helper costs.
 */
const ADD_THREADED_FROM = 2 ** 15;
const ADD_CHUNK = 64;

/**
 * The pool and its control block for sums over `rows` rows that stream
 * `words` words in all, when the pool's threads share them; else undefined.
 */
function sharedSums(t: MultiplyOptions, rows: number, words: number) {
  const pool = t.pool;
  const from = t.sumsThreadedFrom ?? ADD_THREADED_FROM;
  if (!pool || pool.threads <= 1 || rows < 2 * ADD_CHUNK || words < from) return undefined;
  return { pool, control: { ctl: pool.ctl, threads: pool.threads, blocking: pool.blocking, chunk: ADD_CHUNK } };
}

/** D = X ^ Y on `rows` x `words` blocks. */
function add(d: Block, x: Block, y: Block, rows: number, words: number, t: MultiplyOptions): void {
  if (rows === 0 || words === 0) return;
  const args = { d: d.ptr, dStride: d.stride, x: x.ptr, xStride: x.stride, y: y.ptr, yStride: y.stride, rows, words };
  const shared = sharedSums(t, rows, rows * words);
  if (shared) shared.pool.call("multiplication", addBlocksThreadedKernel, { ...args, ...shared.control });
  else callKernel("multiplication", addBlocksKernel, args);
}

/** A sum into `d` of up to four blocks, added to what `d` holds with `keep` (a term of the kernel's addTerms). */
export interface Term {
  d: Block;
  keep: boolean;
  sources: readonly Block[];
}

/** i32 words of a term of the kernel's addTerms (assembly/multiply.ts, TERM_BYTES): D and its stride, keep, four sources. */
const TERM_WORDS = 11;

/**
 * The terms' sums over blocks of `rows` x `words`, row by row: a block the
 * terms share is read from memory once (addTerms), on a pool by its threads
 * when large. No term's `d` may be a source of another, nor its own.
 */
export function addTerms(terms: readonly Term[], rows: number, words: number, t: MultiplyOptions): void {
  if (rows === 0 || words === 0 || terms.length === 0) return;
  withTermList(terms, words, t, (list) => {
    const args = { terms: list, count: terms.length, rows, words };
    const shared = sharedSums(t, rows, rows * words * terms.length);
    if (shared) shared.pool.call("multiplication", addTermsThreadedKernel, { ...args, ...shared.control });
    else callKernel("multiplication", addTermsKernel, args);
  });
}

/** Runs `body` with the terms written as the kernel's list (TERM_WORDS i32 each) in scratch space. */
function withTermList<T>(terms: readonly Term[], words: number, t: MultiplyOptions, body: (list: number) => T): T {
  const pool = t.pool;
  const length = terms.length * TERM_WORDS;
  return withScratch("scratch space for multiplication", [length * 4, words * 8], ([list, zero]) => {
    zeroBytes(zero, words * 8);
    const view = pool ? pool.view(Int32Array, list, length) : kernelView(Int32Array, list, length);
    // a term of fewer than four sources takes a zero row for the rest (stride 0: the same row for every row)
    const padded = (sources: readonly Block[]) => [0, 1, 2, 3].map((i) => sources[i] ?? { ptr: zero, stride: 0 });
    terms.forEach(({ d, keep, sources }, i) => {
      const fields = [d.ptr, d.stride, keep ? 1 : 0, ...padded(sources).flatMap((b) => [b.ptr, b.stride])];
      view.set(fields, i * TERM_WORDS);
    });
    return body(list);
  });
}

/** Zeroes `rows` x `words` of `block`: on a pool by its threads (x ^ x = 0), else by memory.fill. */
export function clearBlock(block: Block, rows: number, words: number, t: MultiplyOptions): void {
  if (t.pool) add(block, block, block, rows, words, t);
  else zeroBytes(block.ptr, ((rows - 1) * block.stride + words) * 8);
}

/**
 * Copies `rows` x `words` of `src` to `dst` on a pool, by its threads when
 * large: dst = src ^ a zero row (read with stride 0 for every row).
 */
export function copyBlockInPool(dst: Block, src: Block, rows: number, words: number, t: MultiplyOptions): void {
  withScratch("multiplication", [words * 8], ([zero]) => {
    zeroBytes(zero, words * 8);
    add(dst, src, { ptr: zero, stride: 0 }, rows, words, t);
  });
}

/**
 * Panels of B per thread from which a shared product is claimed by whole
 * panels (all its rows), a run apart, rather than by rows. Each claim of
 * rows tabulates its panel of B again; a claim of a whole panel, once.
 * Since each claim works on a compact copy of its part of C (copyOffset),
 * a panel a thread is enough: two threads on neighbouring panels no longer
 * write the same rows' lines as they go. Two threads, C's and A's rows 8
 * KiB apart, fastest of 5-6, from four panels a thread / from one
 * (2026-12-04): 4096 x 4096 x 8192 bits 28.5-32.4 / 25.0-25.4 ms, 2048 x
 * 2048 x 16384 16.3-18.3 / 14.4-15.0 ms, 8192 x 4096 x 16384 99.6-100.3 /
 * 89.9-98.4 ms; PLE at 32768, alternating, 2374-2705 / 2316-2415 ms (five
 * runs each), and from two panels a thread 2338-2919 ms against 2321-2904.
 */
const PANELS_A_THREAD = 1;

/**
 * Rows of C per claim in a shared product, whose claims are rows of one
 * panel of C's columns (assembly/threads.ts, mulWork, numbers them row
 * chunk first): all of them when the product has PANELS_A_THREAD panels a
 * thread (mulWork then hands out whole panels a run apart); else at least
 * `perThread` claims a thread (default 2) and never fewer row chunks than
 * threads, so that threads working at once work on rows of their own. Two
 * threads on neighbouring panels of the same rows in place ran slower than
 * one thread, each prefetching lines the other writes (2026-12-03, before
 * the claims' copies; whole panels in order / row chunks / one thread:
 * 4096 x 4096 x 8192 bits 86-90 / 25-28 / 46-61 ms, 8192 x 8192 x 16384
 * 430-440 / 187-197 / 340 ms). A claim of rows tabulates its panel of B
 * again, so small claims multiply the tables' work (PLE at 32768 on two
 * threads, rows only: claims of m / 2 rows 3.72 s, m / 4 3.66 s, m / 8
 * 4.13 s).
 */
export function claimRows(m: number, p: number, panel: number, threads: number, perThread = 2): number {
  const panels = Math.ceil(p / panel);
  if (panels >= PANELS_A_THREAD * threads) return m;
  const chunks = Math.max(threads, Math.ceil((perThread * threads) / panels));
  // a claim of rows builds its tables once per block of them: claims of a block cost no more tables
  // (their count a multiple of the threads': the threads take as many)
  const blocks = Math.ceil((m * Math.min(panel, p) * 8) / KERNEL_ROW_BLOCK_BYTES);
  return Math.ceil(m / (Math.ceil(Math.max(chunks, blocks) / threads) * threads));
}

/**
 * Bytes of C's rows (a panel's words of each) that the kernel takes
 * through all the passes of a product before the next rows, building its
 * tables again for each such block (assembly/multiply.ts, ROW_BLOCK_BYTES).
 * A tall product's claims of rows are no larger: a thread the host slows
 * then holds up the others by a block at most (a 61440-row product on two
 * threads was claimed in four claims of 15360 rows, eight blocks' tables;
 * now eight claims, the same tables).
 */
const KERNEL_ROW_BLOCK_BYTES = 4 << 20;

/** C ^= A B with the Four Russians kernel (A: m x n bits, B: n rows of p words); C = A B with `init`. */
function mulAddLeaf(
  c: Block,
  a: Block,
  b: Block,
  m: number,
  n: number,
  p: number,
  t: MultiplyOptions,
  init = false,
): void {
  if (m === 0 || p === 0 || (n === 0 && !init)) return;
  t.signal?.throwIfAborted();
  // the kernel's descriptor (MulAddArgs), its tables to come
  const blocks = { c: c.ptr, cStride: c.stride, a: a.ptr, aStride: a.stride, b: b.ptr, bStride: b.stride };
  const threads = t.pool?.threads ?? t.threads ?? 1;
  const from = t.threadedFrom ?? (t.pool ? POOL_THREADED_FROM : 2 ** 29);
  const shared = threads > 1 && m >= 2 * threads && m * n * p >= from;
  // each claim of rows tabulates B for itself: the tables pay by its rows
  const bits = t.bits ?? tableBits(shared ? claimRows(m, p, t.panel, threads, t.claimsPerThread) : m);
  const shape = { m, n, p, tables: t.tables, panel: t.panel, table: 0, bits, rowBlock: t.rowBlock ?? 0 };
  const leaf = { ...blocks, ...shape, init: init ? 1 : 0 };
  const tableBytes = leafTableBytes(t, bits, p);
  if (shared && !t.pool) {
    // the threads share the kernel's memory: the product runs in place
    const done = withThreadPool(threads, (pool) => {
      mulAddInPool(pool, leaf, tableBytes, t);
      return pool.threads;
    });
    if (done) {
      t.used?.(done);
      t.onWork?.(productWork(m, n, p) * (t.weight ?? 1));
      return;
    }
  }
  const pool = shared ? t.pool : undefined;
  const product = (args: MulAddArgs) => {
    if (pool) mulAddInPool(pool, args, tableBytes, t);
    else {
      withTables(t, tableBytes, (table) => callKernel("multiplication", mulAddM4rmKernel, { ...args, table }));
    }
  };
  const aWords = Math.ceil(n / 64);
  const wide = (block: Block, words: number) => block.stride >= (t.compactFrom ?? Infinity) * words;
  // a product of one or two passes over C stays in place: the copies in and out of C would outweigh it;
  // so does a shared product of C rows wider than a panel, whose passes touch a page a row even on
  // copies (the pool's products with rows 4 KiB apart, in place / on copies: 4096 x 4096 x 16384 bits
  // 62-68 / 61-68 ms, 28672 x 4096 x 4096 104-152 / 84-90 ms; PLE at 65536 on two threads with every
  // wide leaf copied 16.3-18.3 s, with the leaves of a panel 16.1 s, none 16.3-17.7 s)
  const passes = Math.ceil(n / (bits * t.tables));
  const copies = passes > 2 && (!pool || p <= t.panel) && (wide(a, even(aWords)) || wide(c, p));
  if (copies) compactLeaf(leaf, a, c, m, aWords, p, t, product);
  else product(leaf);
  if (pool) t.used?.(pool.threads);
  t.onWork?.(productWork(m, n, p) * (t.weight ?? 1));
}

/** Bytes of one thread's tables for a leaf of p words with `bits`-bit tables (the kernel's 4- and 8-way loops read 4 or 8). */
function leafTableBytes(t: MultiplyOptions, bits: number, p: number): number {
  const tables = t.tables > 4 ? 8 : t.tables > 2 ? 4 : t.tables;
  return tables * 2 ** bits * Math.min(t.panel, p) * 8;
}

/**
 * The alignment of a product's tables: a table entry's bytes (a panel of
 * B's words) rounded up to a power of two. The kernel passes over two rows
 * of C at once only when each entry is aligned to its size (multiply.ts,
 * pairedRows); the heap's blocks are 16-aligned, so tables take this many
 * bytes more and start at the next multiple.
 */
const tableAlign = (t: MultiplyOptions) => 2 ** Math.ceil(Math.log2(t.panel * 8));

/** `ptr` rounded up to a multiple of `to` (addresses pass 2^31: no bitwise operators). */
const alignUp = (ptr: number, to: number) => Math.ceil(ptr / to) * to;

/** Runs `use` with one set of tables of `tableBytes` in scratch space, aligned as tableAlign says. */
function withTables<T>(t: MultiplyOptions, tableBytes: number, use: (table: number) => T): T {
  const align = tableAlign(t);
  return withScratch("scratch space for multiplication", [tableBytes + align], ([block]) => use(alignUp(block, align)));
}

/**
 * Runs `product` (C ^= A B or C = A B, as `args`) on compact copies of A
 * and C (C copied in only for a sum): a leaf of a large matrix has its rows
 * pages apart, and the kernel passes over all of them once per 32 or 64
 * columns of A (a TLB miss a row).
 */
function compactLeaf(
  args: MulAddArgs,
  a: Block,
  c: Block,
  m: number,
  aWords: number,
  p: number,
  t: MultiplyOptions,
  product: (args: MulAddArgs) => void,
): void {
  const aStride = even(aWords);
  const widest = Math.max(aStride, p);
  withScratch("scratch space for multiplication", [m * aStride * 8, m * p * 8, widest * 8], ([pa, pc, pz]) => {
    // a copy is an addition of a zero row (stride 0) to every row
    const zero = { ptr: pz, stride: 0 };
    const [ca, cc] = [
      { ptr: pa, stride: aStride },
      { ptr: pc, stride: p },
    ];
    add(zero, zero, zero, 1, widest, t);
    add(ca, a, zero, m, aWords, t);
    if (!args.init) add(cc, c, zero, m, p, t);
    product({ ...args, a: pa, aStride, c: pc, cStride: p });
    add(c, cc, zero, m, p, t);
  });
}

/**
 * The kernel's product `leaf` on the pool: parts of C (rows of a panel of
 * columns) claimed by the threads, each with tables of its own, and each
 * part copied out of C and back where the memory has room for the copies
 * (threads writing the same rows' pages in place slowed each other down:
 * 2048 x 2048 x 32768 bits on two threads, C's rows 8 KiB apart, 28.9 ms
 * in place, 25.2 ms on copies; one thread 51.1 ms). Where the memory cap
 * leaves room for one thread's tables only, this thread does it alone (as
 * it would on one thread: a RangeError when even those do not fit).
 */
function mulAddInPool(pool: ThreadPoolView, leaf: MulAddArgs, tableBytes: number, t: MultiplyOptions): void {
  const control = { ctl: pool.ctl, threads: pool.threads, blocking: pool.blocking };
  const chunk = claimRows(leaf.m, leaf.p, leaf.panel, pool.threads, t.claimsPerThread);
  const align = tableAlign(t);
  // each thread's room a multiple of an entry: every thread's tables aligned as the first's
  const run = (room: number, copyOffset: number) =>
    pool.withBlocks([pool.threads * room + align], ([block]) => {
      pool.call("multiplication", mulAddThreadedKernel, {
        ...leaf,
        table: alignUp(block, align),
        tableBytes: room,
        chunk,
        copyOffset,
        ...control,
      });
      return true;
    });
  // each claim's part of C in a compact copy after the thread's tables (ThreadedMulAddArgs.copyOffset)
  const copyBytes = chunk * Math.min(leaf.panel, leaf.p) * 8;
  if (t.poolCopies !== false && run(tableBytes + copyBytes, tableBytes)) return;
  if (run(tableBytes, 0)) return;
  withTables(t, tableBytes, (table) => callKernel("multiplication", mulAddM4rmKernel, { ...leaf, table }));
}

/**
 * C = A B, or C ^= A B with `sum`: A is m x n bits (from a word boundary), B
 * is n rows of p words (even), C is m rows of p words. C may not overlap A
 * or B. A product is a sum into C cleared first.
 */
export function multiplyBlocks(
  c: Block,
  a: Block,
  b: Block,
  m: number,
  n: number,
  p: number,
  t: MultiplyOptions = MULTIPLY_DEFAULTS,
  sum = false,
): void {
  if (m === 0 || p === 0) return;
  multiplyAdd(c, a, b, m, n, p, t, !sum);
}

/**
 * C ^= A B (as multiplyBlocks): Strassen-Winograd on the largest part whose
 * halves are whole words of A's columns and whole lanes of B's; the borders
 * (A's last row, its last columns, B's last lanes) are added by the kernel.
 * A product with twice as many rows as columns of A or B, or the reverse, is
 * taken a block of rows or columns at a time, so that its temporaries are
 * of a block's size: a first touch of memory costs a page fault (1 GiB
 * took 2.8 s on the 2-core EPYC guest of docs/BENCHMARKS.md), and the
 * temporaries of a 57344 x 8192 x 8192 product in PLE at 65536 were 252 MiB.
 */
function multiplyAdd(
  c: Block,
  a: Block,
  b: Block,
  m: number,
  n: number,
  p: number,
  t: MultiplyOptions,
  init: boolean,
): void {
  if (m === 0 || p === 0 || (n === 0 && !init)) return;
  const { m2, n2, p2 } = halves(m, n, p);
  if (!splits(m2, n2, p2, t)) {
    mulAddLeaf(c, a, b, m, n, p, t, init);
    return;
  }
  if (m >= 2 * Math.max(n, p * 64)) {
    const rows = Math.ceil(m / Math.floor(m / Math.max(n, p * 64)));
    for (let i = 0; i < m; i += rows) multiplyAdd(at(c, i, 0), at(a, i, 0), b, Math.min(rows, m - i), n, p, t, init);
    return;
  }
  if (p * 64 >= 2 * Math.max(m, n)) {
    const words = even(Math.ceil(p / Math.floor((p * 64) / Math.max(m, n))));
    for (let j = 0; j < p; j += words) multiplyAdd(at(c, 0, j), a, at(b, 0, j), m, n, Math.min(words, p - j), t, init);
    return;
  }
  if (init) add(c, c, c, 2 * m2, 2 * p2, t); // x ^ x = 0: winograd adds into C
  winograd(c, a, b, m2, n2, p2, t);
  mulAddLeaf(c, at(a, 0, (2 * n2) / 64), at(b, 2 * n2, 0), 2 * m2, n - 2 * n2, 2 * p2, t);
  multiplyAdd(at(c, 0, 2 * p2), a, at(b, 0, 2 * p2), 2 * m2, n, p - 2 * p2, t, init);
  multiplyAdd(at(c, 2 * m2, 0), at(a, 2 * m2, 0), b, m - 2 * m2, n, p, t, init);
}

/** The halves Strassen-Winograd takes of m x n bits times n x p words: whole words of A's columns, whole lanes of B's. */
const halves = (m: number, n: number, p: number) => ({
  m2: m >>> 1,
  n2: Math.floor(n / 128) * 64,
  p2: Math.floor(p / 4) * 2,
});

/** The four quadrants of `block` split after `rows` rows and `words` words: 11, 12, 21, 22. */
const quadrants = (block: Block, rows: number, words: number) =>
  [at(block, 0, 0), at(block, 0, words), at(block, rows, 0), at(block, rows, words)] as const;

/** Whether a product with these halves takes a Strassen-Winograd level (else the kernel multiplies it whole). */
const splits = (m2: number, n2: number, p2: number, t: MultiplyOptions) =>
  m2 * 2 >= t.cutoff && n2 * 2 >= t.cutoff && p2 * 128 >= t.cutoff;

/**
 * C ^= A B on the 2 m2 x 2 n2 core of A and the 2 n2 x 2 p2 words of B:
 * seven products of quadrants through three temporaries (X like a quadrant
 * of A, Y of B, Z of C), in an order that adds them into C as they come,
 * so that no temporary of C's size is needed (the comments name
 * Winograd's sums S, T and products P; over GF(2), C11 += P1 + P2, C12 +=
 * P1 + P3 + P5 + P6, C21 += P1 + P4 + P6 + P7, C22 += P1 + P5 + P6 + P7).
 */
function winograd(c: Block, a: Block, b: Block, m2: number, n2: number, p2: number, outer: MultiplyOptions): void {
  // seven products stand for eight: each reports 8/7 of its work
  const t = outer.onWork ? { ...outer, weight: ((outer.weight ?? 1) * 8) / 7 } : outer;
  const pool = t.pool;
  const below = halves(m2, n2, p2);
  if (pool && pool.threads > 1 && !splits(below.m2, below.n2, below.p2, t)) {
    // the seven products are leaves: the threads take them whole
    if (winogradBatch(pool, c, a, b, m2, n2, p2, t)) return;
  }
  const nw = n2 / 64;
  const [a11, a12, a21, a22] = quadrants(a, m2, nw);
  const [b11, b12, b21, b22] = quadrants(b, n2, p2);
  const [c11, c12, c21, c22] = quadrants(c, m2, p2);
  const xs = even(nw);
  withScratch("scratch space for multiplication", [m2 * xs * 8, n2 * p2 * 8, m2 * p2 * 8], ([px, py, pz]) => {
    const [x, y, z] = [
      { ptr: px, stride: xs },
      { ptr: py, stride: p2 },
      { ptr: pz, stride: p2 },
    ];
    const mul = (d: Block, l: Block, r: Block, sum: boolean) => multiplyBlocks(d, l, r, m2, n2, p2, t, sum);
    const addA = (d: Block, l: Block, r: Block) => add(d, l, r, m2, nw, t);
    const addB = (d: Block, l: Block, r: Block) => add(d, l, r, n2, p2, t);
    const addC = (d: Block, r: Block) => add(d, d, r, m2, p2, t);
    addA(x, a21, a22); // S1
    addB(y, b12, b11); // T1
    mul(z, x, y, false); // P5
    addC(c12, z);
    addC(c22, z);
    mul(z, a11, b11, false); // P1
    addC(c11, z);
    addA(x, x, a11); // S2 = S1 + A11
    addB(y, b22, y); // T2 = B22 + T1
    mul(z, x, y, true); // U2 = P1 + P6
    addC(c12, z);
    addA(x, a12, x); // S4 = A12 + S2
    mul(c12, x, b22, true); // P3
    addB(y, y, b21); // T4 = T2 + B21
    mul(c21, a22, y, true); // P4
    addA(x, a11, a21); // S3
    addB(y, b22, b12); // T3
    mul(z, x, y, true); // U3 = U2 + P7
    addC(c21, z);
    addC(c22, z);
    mul(c11, a12, b21, true); // P2
  });
}

/**
 * winograd on a pool when its seven products are leaves: the sums of A's
 * and B's quadrants first, into temporaries of their own (S1-S4, T1-T4),
 * then the seven products as one batch that the threads claim whole, and
 * the sums into C, in one job (the kernel's mulAddBatchTermsThreaded). A
 * leaf shared by rows builds its tables once per share (a 4096-row leaf of
 * two threads in claims of 1024 rows spends as much on tables as on adding
 * their rows); taken whole, once. Two threads then multiply as two
 * processes do on their own (4096 x 4096 x 4096 bits: each 20.2-20.9 ms
 * side by side, against 13.2 ms for one shared by rows). The last products
 * are split so that the threads end together (batchUnits: seven on two
 * threads, six whole and the last in groups of its passes). Returns false
 * when the pool's memory cannot hold the threads' tables.
 *
 * The leaves run on compact blocks: A's quadrants are copied, and the
 * products go to temporaries added into C afterwards. A quadrant's rows lie
 * at least twice its width apart (a matrix's rows at 65536 bits: 8 KiB, a
 * page each), and the kernel passes over all of them once per 32 bits of A
 * (the pool's 16384 product with rows 8 KiB apart: 820-963 ms in place,
 * 658-664 ms on copies).
 */
function winogradBatch(
  pool: ThreadPoolView,
  c: Block,
  a: Block,
  b: Block,
  m2: number,
  n2: number,
  p2: number,
  t: MultiplyOptions,
): boolean {
  const nw = n2 / 64;
  const [a11, a12, a21, a22] = quadrants(a, m2, nw);
  const [b11, b12, b21, b22] = quadrants(b, n2, p2);
  const [c11, c12, c21, c22] = quadrants(c, m2, p2);
  const xs = even(nw);
  const [aBytes, bBytes, cBytes] = [m2 * xs * 8, n2 * p2 * 8, m2 * p2 * 8];
  const tableBytes = leafTableBytes(t, t.bits ?? tableBits(m2), p2);
  const units = batchUnits(pool.threads, m2, nw);
  const groupsFrom = units.findIndex(({ group }) => group);
  const leafBytes = mulAddM4rmKernel.descriptor.size;
  const wide = (block: Block, words: number) => block.stride >= (t.compactFrom ?? Infinity) * words;
  // copies of A11, A12, A22; temporaries for P2, P3, P4 (else they are added into C11, C12, C21 in place)
  const [copiesA, copiesC] = [wide(a, xs) ? 3 : 0, wide(c, p2) ? 3 : 0];
  t.signal?.throwIfAborted();
  const scratch = [(4 + copiesA) * aBytes, 4 * bBytes, (4 + copiesC) * cBytes] as const;
  const align = tableAlign(t);
  const blocks = [
    pool.threads * tableBytes + align,
    units.length * leafBytes,
    addTermsKernel.descriptor.size,
    (units.length * SPAN_WORDS + pool.threads) * 4,
    // an accumulator a thread but the first for the groups of the last product's passes
    Math.max(16, groupsFrom < 0 ? 0 : (pool.threads - 1) * cBytes),
  ] as const;
  const done = pool.withBlocks(blocks, ([tables, leaves, sumsArgs, spans, accumulators]) =>
    withScratch("scratch space for multiplication", scratch, ([ps, pt, pz]) => {
      const table = alignUp(tables, align);
      const sa = (i: number) => ({ ptr: ps + i * aBytes, stride: xs });
      const tb = (i: number) => ({ ptr: pt + i * bBytes, stride: p2 });
      const zc = (i: number) => ({ ptr: pz + i * cBytes, stride: p2 });
      const [s1, s2, s3, s4, t1, t2, t3, t4] = [sa(0), sa(1), sa(2), sa(3), tb(0), tb(1), tb(2), tb(3)];
      const [z1, z6, z7, z5] = [zc(0), zc(1), zc(2), zc(3)]; // P1, P6, P7, P5
      const [x11, x12, x22] = copiesA ? [sa(4), sa(5), sa(6)] : [a11, a12, a22];
      const [z2, z3, z4] = copiesC ? [zc(4), zc(5), zc(6)] : [c11, c12, c21];
      // Winograd's sums of A's and B's quadrants (S1-S4, T1-T4), and the copies of A's, in one pass over each
      const copy = (d: Block, source: Block): Term[] => (copiesA ? [{ d, keep: false, sources: [source] }] : []);
      const sumsOfA: Term[] = [
        { d: s1, keep: false, sources: [a21, a22] },
        { d: s2, keep: false, sources: [a11, a21, a22] }, // S1 + A11
        { d: s3, keep: false, sources: [a11, a21] },
        { d: s4, keep: false, sources: [a12, a11, a21, a22] }, // A12 + S2
        ...copy(x11, a11),
        ...copy(x12, a12),
        ...copy(x22, a22),
      ];
      addTerms(sumsOfA, m2, nw, t);
      const sumsOfB: Term[] = [
        { d: t1, keep: false, sources: [b12, b11] },
        { d: t2, keep: false, sources: [b22, b12, b11] }, // B22 + T1
        { d: t3, keep: false, sources: [b22, b12] },
        { d: t4, keep: false, sources: [b22, b12, b11, b21] }, // T2 + B21
      ];
      addTerms(sumsOfB, n2, p2, t);
      // claimed in this order, so that threads working at once write different rows: two threads
      // on C11 and C12 at once (the same rows' adjacent columns) each prefetch lines the other
      // writes (the pool's 16384 product: 611-629 ms in the order P1..P7, 587-598 ms in this one)
      // the products into temporaries set them (C = A B: no clearing pass), those into C add to it
      const products: Leaf[] = [
        [z2, x12, b21, !!copiesC], // P2
        [z5, s1, t1, true], // P5
        [z3, s4, b22, !!copiesC], // P3
        [z4, x22, t4, !!copiesC], // P4
        [z1, x11, b11, true], // P1
        [z6, s2, t2, true], // P6
        [z7, s3, t3, true], // P7
      ];
      writeLeaves(pool, leaves, products, units, p2, t);
      // C11 += P1 + P2, C12 += P1 + P6 + P5 + P3, C21 += P1 + P6 + P7 + P4, C22 += P1 + P6 + P7 + P5, where
      // P2, P3 and P4 went into C11, C12 and C21 unless they are in temporaries of their own (copiesC)
      const own = (z: Block) => (copiesC ? [z] : []);
      const sumsIntoC: Term[] = [
        { d: c11, keep: true, sources: [z1, ...own(z2)] },
        { d: c12, keep: true, sources: [z1, z6, z5, ...own(z3)] },
        { d: c21, keep: true, sources: [z1, z6, z7, ...own(z4)] },
        { d: c22, keep: true, sources: [z1, z6, z7, z5] },
      ];
      // the products, then the sums into C, in one job: a thread done with its last product takes
      // rows of the sums whose products are done
      withTermList(sumsIntoC, p2, t, (list) => {
        const sums = { terms: list, count: sumsIntoC.length, rows: m2, words: p2 };
        writeSpans(pool, spans, units);
        const count = units.length;
        const groups = { groupsFrom: groupsFrom < 0 ? count : groupsFrom, accumulators, accumulatorBytes: cBytes };
        const fields = { leaves, count, table, tableBytes, ...groups, sums: sumsArgs, chunk: ADD_CHUNK, spans };
        const descriptor = addTermsKernel.descriptor;
        descriptor.write(descriptorViews(pool, sumsArgs, descriptor.size), 0, sums);
        const control = { ctl: pool.ctl, threads: pool.threads, blocking: pool.blocking };
        pool.call("multiplication", mulAddBatchTermsThreadedKernel, { ...fields, ...control });
      });
      t.used?.(pool.threads);
      t.onWork?.(7 * productWork(m2, n2, p2) * (t.weight ?? 1)); // one report: the batch ends as one
      return true;
    }),
  );
  return done === true;
}

/**
 * A unit of a batch that a thread claims: rows first..end-1 of product
 * `product` over `words` of A's words from `word` (its rows of B), a group
 * of the product's passes with `group` (C set by its first group on each
 * thread, the threads' parts added up by the sums after the batch).
 */
export interface BatchUnit {
  product: number;
  first: number;
  end: number;
  word: number;
  words: number;
  group: boolean;
}

/**
 * Groups of passes a thread when a batch's last product is taken in
 * groups: a group of a 4096-cubed leaf on two threads (eight of them) is
 * 16 passes, about 3 ms.
 */
const GROUPS_A_THREAD = 4;

/**
 * The units of a batch of seven m2-row products over nw words of A on
 * `threads` threads, claimed in order: the first products whole, the last
 * 7 mod threads of them (all seven from eight threads on) split so that
 * the threads end together. One product left over (two, three or six
 * threads) is cut into groups of its passes, which any thread takes: the
 * threads then end within a group of each other, whatever speed the host
 * gives each, and no table is built twice. More are cut into a part of
 * rows a thread (each part builds its tables again: a 4096-cubed leaf in
 * two halves of rows took 12.4 + 12.5 ms on one thread, in two groups of
 * passes 11.6 + 11.6 ms, whole 22.8 ms).
 */
export function batchUnits(threads: number, m2: number, nw: number): BatchUnit[] {
  const whole = threads <= 7 ? 7 - (7 % threads) : 0;
  const units: BatchUnit[] = [];
  for (let i = 0; i < whole; i++) units.push({ product: i, first: 0, end: m2, word: 0, words: nw, group: false });
  if (whole === 6) {
    const size = Math.ceil(nw / Math.min(GROUPS_A_THREAD * threads, nw));
    for (let word = 0; word < nw; word += size) {
      units.push({ product: 6, first: 0, end: m2, word, words: Math.min(size, nw - word), group: true });
    }
    return units;
  }
  const chunk = Math.ceil(m2 / threads);
  for (let i = whole; i < 7; i++) {
    for (let first = 0; first < m2; first += chunk) {
      units.push({ product: i, first, end: Math.min(first + chunk, m2), word: 0, words: nw, group: false });
    }
  }
  return units;
}

/** A leaf of a batch: C, A, B, and whether it sets C (C = A B) rather than adds to it. */
type Leaf = readonly [Block, Block, Block, boolean];

/** Writes the batch's descriptors (MulAddArgs, back to back at `leaves`): each unit's part of its product. */
function writeLeaves(
  pool: ThreadPoolView,
  leaves: number,
  products: readonly Leaf[],
  units: readonly BatchUnit[],
  p2: number,
  t: MultiplyOptions,
): void {
  const descriptor = mulAddM4rmKernel.descriptor;
  const views = descriptorViews(pool, leaves, units.length * descriptor.size);
  units.forEach(({ product, first, end, word, words, group }, u) => {
    const [d, l, r, init] = products[product]!;
    // a group's C is set by its thread's first group: the product must set C, not add to it
    if (group && !init) throw new Error("internal: a batch's groups of passes must set their product");
    const m = end - first;
    const [c, a, b] = [at(d, first, 0), at(l, first, word), at(r, word * 64, 0)];
    const bits = t.bits ?? tableBits(m);
    const leaf = { c: c.ptr, cStride: c.stride, a: a.ptr, aStride: a.stride, b: b.ptr, bStride: b.stride };
    const shape = {
      m,
      n: words * 64,
      p: p2,
      tables: t.tables,
      panel: t.panel,
      table: 0,
      bits,
      rowBlock: t.rowBlock ?? 0,
    };
    descriptor.write(views, u * descriptor.size, { ...leaf, ...shape, init: init ? 1 : 0 });
  });
}

/** The views a kernel's descriptor is written through, over `bytes` of the pool's memory from `at`. */
function descriptorViews(pool: ThreadPoolView, at: number, bytes: number) {
  return {
    i32: pool.view(Int32Array, at, bytes >>> 2),
    u32: pool.view(Uint32Array, at, bytes >>> 2),
    f64: pool.view(Float64Array, at, bytes >>> 3),
  };
}

/** i32 of a unit's entry in the kernel's spans (assembly/multiply.ts, SPAN_BYTES): first row, end row, done. */
const SPAN_WORDS = 3;

/**
 * Writes each unit's rows and a cleared done flag at `spans`, then a
 * cleared flag a thread (ThreadedMulBatchTermsArgs.spans): the rows of the
 * sums after the batch wait for the units whose rows they overlap.
 */
function writeSpans(pool: ThreadPoolView, spans: number, units: readonly BatchUnit[]): void {
  const view = pool.view(Int32Array, spans, units.length * SPAN_WORDS + pool.threads);
  view.fill(0);
  units.forEach(({ first, end }, u) => view.set([first, end], u * SPAN_WORDS));
}
