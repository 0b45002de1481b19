// What BitMatrix needs from a backend: zeroed storage in the packed layout
// (internal/layout.ts) and the kernels. Two engines implement it: WebAssembly
// (_matrix.ts, the default) and its plain TypeScript twin (_matrix-naive.ts).
// Dimensions are checked before an engine is called.

/**
 * Which implementation runs a matrix's kernels.
 *
 * @example
 * ```ts
 * const engine: EngineName = typeof WebAssembly === "object" ? "wasm" : "ts";
 * BitMatrix.identity(3, { engine }).rank(); // 3
 * ```
 */
export type EngineName = "wasm" | "ts";

/** Tuning of the Four Russians kernel. */
export interface M4riParameters {
  /** Bits per table: 1..12. */
  k: number;
  /** Tables applied per pass: 1..8, with k * tables <= 64. */
  tables: number;
  /** Steps deferred before a sweep over all rows (cache blocking): 1..16, default 1. */
  steps?: number;
}

/**
 * Options of a (possibly long) elimination.
 *
 * @example
 * ```ts
 * const a = BitMatrix.random(4096, 4096, { seed: 1 });
 * a.echelonize({
 *   onProgress: (done, total) => console.log(`${done} / ${total} columns`),
 *   signal: AbortSignal.timeout(10_000),
 * });
 * ```
 */
export interface EchelonOptions {
  /**
   * Route: the Method of Four Russians (`m4ri`), naive Gauss (`naive`), the
   * block-recursive PLE decomposition with Strassen-Winograd products
   * (`ple`: on `threads`, eliminated in place in the memory they share, its
   * products, sums and base-case passes shared among them; a reduced
   * form is finished by Four Russians back substitution; with a pivot
   * limit, as in solve, the columns past it follow), or chosen by size
   * (`auto`, the default: naive below 64; PLE for a forward form from 24576
   * on, while the memory limit leaves room for
   * its scratch (0.8 of the matrix) beside it: to 131072 x 131072; else Four
   * Russians, whose sweeps threads share). Every route gives the same rank, pivot columns
   * and reduced form.
   */
  method?: "auto" | "m4ri" | "naive" | "ple";
  /** Four Russians tuning (default: chosen by size). */
  m4ri?: M4riParameters;
  /**
   * Called now and then with columns done and columns in all (the PLE route:
   * columns' worth of its estimated work, so that a product of minutes moves
   * it too).
   */
  onProgress?: (done: number, total: number) => void;
  /** Stops the elimination between slices with the signal's reason. */
  signal?: AbortSignal;
  /**
   * Threads for a Four Russians elimination (its sweeps) and for the PLE
   * route (its large products), the caller included: 1 = this thread only. Default: every core for matrices of 2 MiB and more (4096 x
   * 4096), one thread below; for the PLE route from 8 MiB (8192 x 8192). Results are the same whatever the number. Needs
   * shared WebAssembly memory (a browser page must be cross-origin isolated)
   * and, in browsers, `await initThreads()` first; without them one thread
   * runs. The `wasm` engine only.
   */
  threads?: number;
}

/** How a product runs (BitMatrix.mul). */
export interface MulOptions {
  /**
   * Called now and then with the product's rows' worth of work done and its
   * rows in all (its kernel products report as they finish, so a product of
   * minutes moves it).
   */
  onProgress?: (done: number, total: number) => void;
  /** Stops the product between its kernel products with the signal's reason. */
  signal?: AbortSignal;
  /**
   * Threads the caller included: 1 = this thread only. Default: every core
   * when A, B or the product holds 2 MiB or more (4096 x 4096), one thread
   * below. The large kernel products and sums are shared among them, in
   * place. Results are the same whatever the number. Needs shared
   * WebAssembly memory (a browser page must be cross-origin isolated) and,
   * in browsers, `await initThreads()` first; without them one thread runs.
   * The `wasm` engine only.
   */
  threads?: number;
}

/** A matrix's words. The view may change when WASM memory grows: ask again. */
export interface Store {
  readonly bytes: number;
  words(): Uint32Array;
}

export interface Engine {
  readonly name: EngineName;
  /** Zeroed storage for a rows x cols matrix; RangeError when it cannot fit. */
  create(rows: number, cols: number): Store;
  release(store: Store): void;
  /** In place; pivot columns may only be < pivotLimit. */
  echelonize(
    a: Store,
    rows: number,
    cols: number,
    pivotLimit: number,
    full: boolean,
    options: EchelonOptions,
  ): { rank: number; pivots: Int32Array };
  /** c (zeroed, m x p) = a (m x n) b (n x p). */
  mul(c: Store, a: Store, b: Store, m: number, n: number, p: number, options: MulOptions): void;
  /** dst (cols x rows), zeroed, = transpose of src (rows x cols). */
  transpose(dst: Store, src: Store, rows: number, cols: number): void;
  copyBits(
    dst: Store,
    dstCols: number,
    dr: number,
    dc: number,
    src: Store,
    srcCols: number,
    sr: number,
    sc: number,
    nrows: number,
    ncols: number,
  ): void;
  /** Solutions of A x = B_j into zeroed x (n x p) from a row echelon form e of [A | B] with n + p columns. */
  backSubstitute(x: Store, e: Store, rank: number, n: number, p: number, pivots: Int32Array): void;
  /** Null-space basis of the reduced form e (rank r) into zeroed out ((cols - r) x cols). */
  nullspace(out: Store, e: Store, cols: number, rank: number, pivots: Int32Array): void;
  /** Reverses the bits of each byte from byte `from` to byte `to` of the storage (a PBM raster into rows). */
  reverseByteBits(store: Store, from: number, to: number): void;
}

/** Splits the columns of an elimination into slices for progress and cancel. */
export function sliceColumns(limit: number, options: EchelonOptions): number {
  if (!options.onProgress && !options.signal) return limit;
  return Math.max(64, Math.ceil(limit / 100));
}
