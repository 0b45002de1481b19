// The kernels' types are generated from the AssemblyScript sources
// (scripts/bindings.mjs). The shared-memory build's exports: every kernel of
// the single-thread module, their threaded forms (Four Russians elimination
// whose row sweeps are split among threads, the threaded lane scan, shared
// products, sums and PLE base cases), and threadHelper(ctl, index), where
// helper threads wait. Call its kernels with `invoke` from
// `@lightsout/gf2-wasm`.
//
// Rules: allocate from one thread only (the heap is not thread-safe). The
// module assumes its memory starts zeroed and writes only constant data
// when instantiated, so a helper may instantiate it over a memory in use.
// `@lightsout/core` makes its kernel from this build where threads can run.
export type { Gf2ThreadsExports, Gf2ThreadsKernels, LaneScanJob, ThreadedEchelonArgs } from "./kernels.js";
import type { Gf2ThreadsExports } from "./kernels.js";

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
 * Instantiates the shared-memory build over `memory` (synchronously), with
 * its imports: the memory and `env.wait(ptr, value)`, where a thread sleeps
 * (the host's `Atomics.wait`; the module does not use memory.atomic.wait32,
 * which V8 11.3's baseline compiler miscompiles). A helper thread that
 * instantiates the module itself supplies the same two.
 *
 * @param memory - From {@link createSharedMemory}.
 * @param module - A compiled module (default: the one compiled before, or the bytes).
 * @param watch - Called every 100 ms while this instance sleeps (a leader waiting for its
 *   helpers); what it throws ends the kernel call, so that a helper that failed mid-job
 *   cannot leave its leader waiting for ever. Default: none (sleep until woken).
 * @returns The exports.
 * @example
 * ```ts
 * const k = instantiateThreads(createSharedMemory());
 * ```
 */
export declare function instantiateThreads(
  memory: WebAssembly.Memory,
  module?: WebAssembly.Module,
  watch?: () => void,
): Gf2ThreadsExports;
