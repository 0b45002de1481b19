/**
 * The raw exports of the shared-memory build (`build/threads.wasm`): Four
 * Russians elimination whose row sweeps are split among threads. Every
 * thread instantiates the module over the same shared memory.
 *
 * Rules: instantiate the module in every thread before the first `alloc`
 * (instantiation rewrites the module's static data), and allocate from one
 * thread only (the heap is not thread-safe). `@lightsout/core` follows them.
 *
 * @example
 * ```ts
 * const memory = createSharedMemory();
 * const k: Gf2ThreadsExports = instantiateThreads(memory, await compileThreadsModule());
 * // ...start helper workers that call k.threadHelper(ctl, i) on the same memory, then:
 * const a = k.alloc(16) >>> 0;
 * ```
 */
export interface Gf2ThreadsExports {
  /** The shared memory given at instantiation. */
  readonly memory: WebAssembly.Memory;
  /** As `Gf2Exports.alloc` (one thread only). */
  alloc(bytes: number): number;
  /** As `Gf2Exports.free` (one thread only). */
  free(ptr: number): void;
  /**
   * `Gf2Exports.echelonizeM4ri` (same first 14 arguments, same slicing) with
   * every sweep shared among `threads` threads: the caller and
   * `threads - 1` helpers waiting in `threadHelper` on the 128-byte control
   * block `ctl` (zeroed before the helpers start). `blocking` = 0 makes the
   * caller spin rather than `atomic.wait` (a browser's main thread may not block).
   */
  echelonizeM4riThreaded(
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
    ctl: number,
    threads: number,
    blocking: number,
  ): number;
  /**
   * The loop of helper `index` (1, 2, ...): waits on `ctl` for sweeps and
   * does its share; returns when the quit word (ctl + 8) is set and the
   * generation word (ctl + 0) is incremented and notified.
   */
  threadHelper(ctl: number, index: number): void;
  /**
   * Scans chunks first..end-1 of a coset scan with `threads` threads (the
   * caller and helpers in `threadHelper` on the 128-byte control block `ctl`).
   * The job block `job` (i32 each): +0 x0, +4 meta, +8 k, +12 words (as
   * `Gf2Exports.cosetScanLanes`), +16 chunk bits (chunk c is members
   * c << bits up to the next chunk), +20 scratch (thread i's `words` x 8
   * bytes at scratch + i x stride), +24 results (16 bytes per thread: i32
   * best weight preset to a bound, u64 first index at +8), +28 the scratch
   * stride in bytes (keep each thread's scratch on cache lines of its own:
   * it is written on every step), total members as f64 at +32.
   */
  cosetScanThreaded(ctl: number, job: number, first: number, end: number, threads: number, blocking: number): void;
}

/**
 * The shared-memory build's bytes.
 *
 * @example
 * ```ts
 * console.log(threadsWasmBytes.length);
 * ```
 */
export declare const threadsWasmBytes: Uint8Array<ArrayBuffer>;

/**
 * Maximum pages of the shared memory (64 KiB each: 4 GiB less 64 KiB).
 *
 * @example
 * ```ts
 * console.log(MAXIMUM_PAGES * 65536);
 * ```
 */
export declare const MAXIMUM_PAGES: number;

/**
 * Whether this realm can create a shared `WebAssembly.Memory` (browsers: only
 * on cross-origin-isolated pages, see `crossOriginIsolated`).
 *
 * @returns true when shared memory is available.
 * @example
 * ```ts
 * if (!threadsSupported()) console.log("one thread");
 * ```
 */
export declare function threadsSupported(): boolean;

/**
 * Compiles the shared-memory build once (asynchronously).
 *
 * @returns The module, to post to workers.
 * @example
 * ```ts
 * const module = await compileThreadsModule();
 * ```
 */
export declare function compileThreadsModule(): Promise<WebAssembly.Module>;

/**
 * A new shared memory of the size the module expects (2 pages, growing to
 * {@link MAXIMUM_PAGES}).
 *
 * @returns The memory.
 * @throws When shared memory is not available.
 * @example
 * ```ts
 * const memory = createSharedMemory();
 * ```
 */
export declare function createSharedMemory(): WebAssembly.Memory;

/**
 * Instantiates the shared-memory build over `memory` (synchronously).
 *
 * @param memory - From {@link createSharedMemory}.
 * @param module - A compiled module (default: the one compiled before, or the bytes).
 * @returns The exports.
 * @example
 * ```ts
 * const k = instantiateThreads(createSharedMemory());
 * ```
 */
export declare function instantiateThreads(memory: WebAssembly.Memory, module?: WebAssembly.Module): Gf2ThreadsExports;
