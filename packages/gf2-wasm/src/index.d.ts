/**
 * The raw WebAssembly exports of the GF(2) kernel.
 *
 * Every pointer is a byte offset into `memory`; every matrix uses the packed
 * layout documented in `assembly/layout.ts`: row-major, `stride` 64-bit words
 * per row (always even, so rows are whole 128-bit lanes), bit j of a row at
 * word j >> 6, bit j & 63, and zero padding past the last column.
 * Callers own all memory: nothing here allocates except `alloc`.
 *
 * Use `@lightsout/core` rather than this package: it owns the views, checks
 * every argument and turns traps into clear errors.
 *
 * @example
 * ```ts
 * const k: Gf2Exports = instantiate();
 * const row = k.alloc(16) >>> 0;                         // one 128-bit row
 * new BigUint64Array(k.memory.buffer, row, 2).fill(0n);
 * k.anyBits(row, 2);                                     // 0: all zero
 * k.free(row);
 * ```
 */
export interface Gf2Exports {
  /** The kernel's linear memory; views over it go stale when it grows. */
  readonly memory: WebAssembly.Memory;
  /**
   * 16-aligned block of `bytes` bytes (not zeroed), at most 1 GiB. The
   * pointer comes back as a signed i32: read it with `>>> 0` (blocks lie
   * anywhere below 4 GiB). Traps when `bytes` is over 1 GiB or memory
   * cannot grow, leaving the heap unchanged.
   */
  alloc(bytes: number): number;
  /** Returns a block from `alloc` for reuse (0 is ignored; a second free traps). */
  free(ptr: number): void;
  /**
   * Naive Gauss-Jordan elimination in place, in slices: `state` points at two
   * i32 (next echelon row r, next column c; start at 0, 0); each call goes on
   * until column `cStop`, stores r and c back and returns r (the rank so far).
   * Pivot columns are written at `pivots` (i32 each).
   */
  echelonizeNaive(
    a: number,
    rows: number,
    cols: number,
    stride: number,
    pivotLimit: number,
    full: number,
    pivots: number,
    state: number,
    cStop: number,
  ): number;
  /**
   * Four Russians elimination with deferred (cache-blocked) row updates,
   * sliced like `echelonizeNaive`. `scratch` holds `steps` slots of
   * `slotTables * 2^k * stride` words, slotTables = tables rounded up to
   * 1, 2, 4 or 8; `versions` holds one i32 per row.
   * 1 <= k, k * tables <= 64, 1 <= tables <= 8, 1 <= steps <= 16.
   */
  echelonizeM4ri(
    a: number,
    rows: number,
    cols: number,
    stride: number,
    pivotLimit: number,
    full: number,
    pivots: number,
    k: number,
    tables: number,
    steps: number,
    scratch: number,
    versions: number,
    state: number,
    cStop: number,
  ): number;
  /** C = A B with A m x n; C and B have the same stride. */
  mulNaive(
    c: number,
    cStride: number,
    a: number,
    aStride: number,
    b: number,
    bStride: number,
    m: number,
    n: number,
  ): void;
  /** C = A B by Four Russians; `table` holds `2^k * bStride` words. */
  mulM4rm(
    c: number,
    cStride: number,
    a: number,
    aStride: number,
    b: number,
    bStride: number,
    m: number,
    n: number,
    k: number,
    table: number,
  ): void;
  /** dst (cols x rows) = transpose of src (rows x cols). */
  transpose(dst: number, dstStride: number, src: number, srcStride: number, rows: number, cols: number): void;
  /** Copies an nrows x ncols block from src (sr, sc) to dst (dr, dc). */
  copyBits(
    dst: number,
    dstStride: number,
    dr: number,
    dc: number,
    src: number,
    srcStride: number,
    sr: number,
    sc: number,
    nrows: number,
    ncols: number,
  ): void;
  /** Null-space basis of a reduced echelon form into zeroed `out` (cols - r rows). */
  nullspace(out: number, outStride: number, e: number, stride: number, r: number, cols: number, pivots: number): void;
  /**
   * Back substitution on a row echelon form of [A | B] (A: n columns, rank r):
   * column j of X (n x p, zeroed) gets a solution of A x = B_j; `scratch`
   * holds one row of `stride` words.
   */
  backSubstitute(
    x: number,
    xStride: number,
    e: number,
    stride: number,
    r: number,
    n: number,
    p: number,
    pivots: number,
    scratch: number,
  ): void;
  /** 1 when any of `words` words from `row` is non-zero. */
  anyBits(row: number, words: number): number;
  /**
   * Scans Gray-code members start..end-1 (end <= 2^k, k <= 31) of the coset
   * x0 + span(basis) (k rows of `words` words, back to back) and keeps the
   * best: least weight, then lexicographically smallest (bit 0 first).
   * `best` (words words) and `state` (i32 best weight, set above words * 64
   * before the first slice) carry the result across slices; `cur` is
   * scratch of `words` words. Returns the best weight.
   */
  cosetMinimum(
    x0: number,
    basis: number,
    k: number,
    words: number,
    start: number,
    end: number,
    cur: number,
    best: number,
    state: number,
  ): number;
  /**
   * Scans Gray-code members start..end-1 (end <= 2^53) of x0 + span of k
   * generators, each step touching only the lanes where its generator is
   * nonzero. `meta` holds 4 i32 per generator: byte offset of its first
   * nonzero 16-byte lane, byte end of its last, its weight, and its row's
   * address (`words` 64-bit words, whole lanes). `result`: best weight (i32
   * at +0, preset to a bound: only strictly lighter members count) and the
   * first index reaching it (u64 at +8, untouched when none does). `cur` is
   * scratch of `words` words. Returns the best weight.
   */
  cosetScanLanes(
    x0: number,
    meta: number,
    k: number,
    words: number,
    start: number,
    end: number,
    cur: number,
    result: number,
  ): number;
  /**
   * Weighs v + the sum of every s-subset of rows from..r-1 (`words` 64-bit
   * words each, whole lanes, back to back), subsets in lexicographic order,
   * and keeps the first member strictly lighter than the weight at `result`
   * (i32, preset): its weight there and the member at `best`. `acc` is
   * scratch of s rows, `chosen` of s i32. Returns the members weighed.
   */
  infoSetTail(
    v: number,
    rows: number,
    from: number,
    r: number,
    words: number,
    s: number,
    acc: number,
    chosen: number,
    result: number,
    best: number,
  ): number;
  /**
   * For representatives start..end-1 (Gray-code indices over the `nfree` u64
   * unit vectors at `free`), adds 1 to counts[w] (u64 each, 65 slots), w the
   * least weight of r + s over the `spanCount` u64 members s at `span`.
   * Vectors of at most 64 bits.
   */
  cosetDistribution(
    span: number,
    spanCount: number,
    free: number,
    nfree: number,
    start: number,
    end: number,
    counts: number,
  ): void;
  /**
   * Light chasing on a plain rectangle, bit-sliced over the first-row
   * variables (see assembly/chase.ts): runs `steps` board rows of
   * a[j] ^= b[j-1] ^ b[j] ^ b[j+1] (j < n) on two n-row matrices of `stride`
   * words per row, swapping their roles after each step; the newest is `a`
   * after an odd number of steps, `b` after an even one. `lights` (0 for
   * none) points at `steps` packed board rows of `lightsStride` words: bit j
   * of row t flips bit `constCol` of row j of what step t writes. Only lanes
   * `laneFrom..laneTo-1` (columns 128 * laneFrom ..) are computed.
   * `firstStep` >= 0 says the chase started from P_{-1} = 0, P_0 = I and
   * this call begins at that step, so rows off the band of each strip are
   * skipped; -1 for any other start.
   */
  chaseSteps(
    a: number,
    b: number,
    stride: number,
    n: number,
    steps: number,
    lights: number,
    lightsStride: number,
    constCol: number,
    laneFrom: number,
    laneTo: number,
    firstStep: number,
  ): void;
  /**
   * Euclid's gcd of two polynomials over GF(2) (see assembly/poly.ts): `a`
   * and `b` hold `words` 64-bit words each (even), bit i of word w the
   * coefficient of x^(64 w + i), with at least three zero words above the
   * higher degree. Both are overwritten; the gcd is left at `a`. Returns
   * its degree, -1 when both are zero; or -2 after `maxSteps` steps (0: no
   * limit) with the buffers holding a pair of the same gcd: call again.
   */
  polyGcd(a: number, b: number, words: number, maxSteps: number): number;
  /**
   * Reduced row echelon form over Z_m (2 <= m < 2^31) in place, by
   * Gauss-Jordan with delayed reduction (see assembly/zp.ts), pivots only on
   * entries not divisible by `unit` (m itself for a prime field Z_p; p for
   * the ring Z_(p^e), whose pivots are then its units). `a` holds rows x
   * `stride` u32 residues (row-major, stride >= cols, zero past cols; a
   * multiple of 4 enables the SIMD path). Pivots only in columns below
   * `pivotLimit`; the pivot column of each echelon row is written at
   * `pivots` (i32 each, room for min(rows, cols)). `full` = 0 clears only
   * below the pivots (row echelon form, pivots 1). `extents` (one i32 per
   * row) holds 1 + the last column below the limit where the row may be
   * non-zero (0 for an empty row); the kernel keeps it up to date and
   * skips the zeros beyond it (banded matrices cost n * bandwidth^2).
   * Sliced: `state` (16
   * bytes, zeroed to start) holds the next row and column and the pending
   * reduction count; a call handles the columns up to `cStop` and returns
   * the rank so far; the work is done when the column in `state` reaches
   * min(cols, pivotLimit).
   */
  zpEchelon(
    a: number,
    rows: number,
    cols: number,
    stride: number,
    pivotLimit: number,
    m: number,
    unit: number,
    pivots: number,
    full: number,
    extents: number,
    state: number,
    cStop: number,
  ): number;
  /**
   * Banded (frontal) elimination of a sparse square system (see
   * assembly/banded.ts), over GF(2) when `p` is 2 and over Z_p for a prime
   * p up to 46337: rows given as column lists (`start`, `cols`, i32), sorted
   * by their first column (`lo`, i32), with right-hand sides `rhs` (one byte
   * each over GF(2), u32 residues over Z_p); a front of `slots` rows, each a
   * ring of `lanes` lanes of 128 columns at `ring` (16 bytes a lane over
   * GF(2), 512 over Z_p), with i32 `extent`, `slotRhs`, `front` and `free`
   * arrays of `slots` entries (`free` holding 0..slots-1 and state[3] =
   * slots to start), and `scratch`: over GF(2) 256 x lanes x 16 + 3072 + 4 x
   * slots bytes (the Four Russians table of each block of 8 columns), over
   * Z_p 4 x slots bytes (steps since each row's last reduction). Pivot rows
   * are appended at `out` (16-byte header: column, extent, rhs, length; then
   * the row: 64-bit words from column (c >> 7) << 7 over GF(2), residues
   * from column c & ~3 over Z_p). `state` (28 bytes): column, next row,
   * front size, free slots, rank, inconsistent rows, bytes written. Returns
   * 0 when the column reached `cStop` (rounded up to a block of 8 over
   * GF(2)) or n, 1 when `out` cannot take one more step's rows (empty it:
   * set state[6] to 0), 2 when the front needs more slots.
   */
  bandedEchelon(
    start: number,
    cols: number,
    lo: number,
    rhs: number,
    rowCount: number,
    n: number,
    p: number,
    ring: number,
    lanes: number,
    slots: number,
    extent: number,
    slotRhs: number,
    front: number,
    free: number,
    scratch: number,
    out: number,
    outBytes: number,
    state: number,
    cStop: number,
  ): number;
}

/**
 * The release binary (optimised, SIMD), as bytes: inlined in this module as
 * base64, so bundlers need no loader. The same file is exported as
 * `@lightsout/gf2-wasm/gf2.wasm` for tools that want a URL.
 *
 * @example
 * ```ts
 * WebAssembly.validate(wasmBytes); // true where SIMD is supported
 * ```
 */
export declare const wasmBytes: Uint8Array<ArrayBuffer>;

/**
 * Whether this engine supports WebAssembly fixed-width SIMD, which the kernel
 * needs: `WebAssembly.validate` of a tiny SIMD module, run once.
 *
 * @returns True when the kernel can be compiled here.
 * @example
 * ```ts
 * if (!simdSupported()) console.warn("no WebAssembly SIMD: use @lightsout/core with { engine: \"ts\" }");
 * ```
 */
export declare function simdSupported(): boolean;

/**
 * Compiles the kernel asynchronously, once. Browsers may refuse to compile
 * large modules synchronously on the main thread (Chrome did above 4 KB
 * until it raised the limit); after this resolves, `instantiate` uses the
 * compiled module and never compiles synchronously.
 *
 * @returns The compiled module.
 * @throws WebAssembly.CompileError naming the requirement when the engine lacks SIMD.
 * @example
 * ```ts
 * await compileModule(); // in a browser's main thread, before instantiate()
 * const k = instantiate();
 * ```
 */
export declare function compileModule(): Promise<WebAssembly.Module>;

/**
 * Instantiates the kernel synchronously (compiling it first unless
 * `compileModule` has run): a fresh instance with its own memory.
 *
 * @param abort - Called when the AssemblyScript runtime aborts (it should throw).
 * @returns The kernel's exports.
 * @throws WebAssembly.CompileError naming the requirement when the engine lacks SIMD.
 * @example
 * ```ts
 * const k = instantiate((message) => {
 *   throw new Error(`gf2 kernel: ${message}`);
 * });
 * k.memory.buffer.byteLength; // 65536 or more
 * ```
 */
export declare function instantiate(abort?: (message: string) => never): Gf2Exports;
