// Threaded Four Russians elimination, and the pool of helper threads that
// every threaded job runs on. Where threads can run, the kernel itself is
// the shared-memory build (@lightsout/gf2-wasm/threads) over a shared
// memory (kernel-instance.ts; this module offers that build as it loads),
// and each helper instantiates the same module over the same memory: the
// calling thread leads, the matrix stays where it is, and the threads claim
// the rows of each sweep in chunks (assembly/threads.ts). Other jobs run on
// the pool through withThreadPool (the PLE recursion, products, the coset
// scan, Wiedemann). Blocks for a job come from the kernel's heap, allocated
// by the leader only (withPoolBlocks, counted under the same cap); calls go
// through the loop of kernel.ts (sliceLoop).
//
// Helpers are Node worker_threads (run from source text, no file to find) or
// module Web Workers (threads-worker.ts). They block in Atomics.wait, so they are
// started ahead: synchronously in Node (the parent may block while they start),
// by `await initThreads()` in browsers (a blocked page cannot start workers).
// The pool is ended (helpers terminated) on cancel, on error and by endThreads().

import { type EchelonArgs, type Gf2Exports, invoke, type KernelBinding } from "@lightsout/gf2-wasm";
import {
  compileThreadsModule,
  createSharedMemory,
  type Gf2ThreadsExports,
  instantiateThreads,
  threadsSupported,
  threadsWasmBytes,
} from "@lightsout/gf2-wasm/threads";
import { checkInteger } from "./check.js";
import { availableCores } from "./cores.js";
import {
  addBlocksThreadedKernel,
  allocate,
  columnSlices,
  echelonizeM4riThreadedKernel,
  guard,
  kernelCopy,
  kernelView,
  release,
  type Slicing,
  sliceLoop,
  type Views,
  wasmBytesInUse,
  zeroBytes,
} from "./kernel.js";
import { MAX_MATRIX_BLOCK, memoryLimit } from "./memory.js";
import { init, load, loaded, offerSharedBuild, type SharedKernel, sharedKernel } from "./kernel-instance.js";
import { type HelperReply, type HelperStart, nodeHelperSource } from "./threads-helper.js";

/** Threads an elimination uses by default: every core (cores.ts counts them for every caller). */
export { availableCores as availableThreads };

/** The handshake words (a small SharedArrayBuffer of their own; threads-helper.ts uses the same). */
const READY = 0;
const CONTROL = 1;
const FAILED = 2;
const STOPPED = 3;

/** The control block of assembly/threads.ts: generation +0, quit +8, job +64. */
const CONTROL_BYTES = 128;
const GENERATION_WORD = 0;
const QUIT_WORD = 2;

/** Longest wait for helpers to start before giving up (a safety net, not a tuning). */
const START_TIMEOUT_MS = 60_000;

/**
 * Longest wait, when a pool ends, for its helpers to leave the memory (a
 * safety net: a helper finishes the chunk it holds, microseconds to
 * milliseconds, then sees the quit).
 */
const STOP_TIMEOUT_MS = 2_000;

interface Helper {
  terminate(): void;
  /** Lets the process exit while the helper waits (Node; once it is up). */
  unref(): void;
}

interface Pool {
  /** Threads including the leader. */
  size: number;
  /** The kernel's memory and module (kernel-instance.ts), which the helpers instantiate too. */
  memory: WebAssembly.Memory;
  module: WebAssembly.Module;
  /** The kernel: this thread's instance, the leader's. */
  kernel: Gf2ThreadsExports;
  sync: Int32Array;
  ctl: number;
  helpers: Helper[];
}

type NodeWorker = {
  on(event: "message", f: (reply: HelperReply) => void): void;
  on(event: "error", f: (error: Error) => void): void;
  on(event: "exit", f: () => void): void;
  terminate(): Promise<number>;
  unref(): void;
};
type NodeThreads = {
  Worker: new (
    source: string,
    options: { eval: true; workerData: HelperStart; resourceLimits: { codeRangeSizeMb: number } },
  ) => NodeWorker;
};

/**
 * Code range of a Node helper, in MiB. V8 reserves 512 MiB of address space
 * per thread for compiled JavaScript by default; a helper compiles one small
 * function (the kernel is WebAssembly, whose code lives apart, and 1.6 MiB
 * go to V8's own builtins), and under a limit on address space (ulimit -v)
 * the default reservations of a few helpers stop the process.
 */
const HELPER_CODE_RANGE_MB = 8;
type NodeProcess = { versions?: { node?: string }; getBuiltinModule?: (name: string) => unknown };

const nodeProcess = (globalThis as { process?: NodeProcess }).process;
const isNode = nodeProcess?.versions?.node !== undefined;

let pool: Pool | undefined;
/** Jobs running on the pool (a progress callback between the slices of one may make a matrix). */
let jobs = 0;
/** Node helpers that have not exited yet (tests check that none stay behind). */
const liveNodeHelpers = new Set<NodeWorker>();
let onAllExited: (() => void)[] = [];

/**
 * Resolves once no Node helper thread is running (at once in browsers,
 * where terminate is immediate).
 *
 * @returns A promise that resolves when the last helper has exited.
 */
export function helpersExited(): Promise<void> {
  if (liveNodeHelpers.size === 0) return Promise.resolve();
  return new Promise((resolve) => onAllExited.push(resolve));
}
let starting: Promise<Pool | undefined> | undefined;

/** A Node built-in module, loaded synchronously (Node 20.16+; threadsUnavailable checks). */
function nodeBuiltin(name: string): unknown {
  const get = nodeProcess?.getBuiltinModule;
  if (!get) throw new Error(`threads need process.getBuiltinModule (Node 20.16 or later) to load ${name}`);
  return get(name);
}

/** Whether this thread may block in Atomics.wait (not a browser's main thread). */
function canBlock(): boolean {
  return isNode || typeof (globalThis as { WorkerGlobalScope?: unknown }).WorkerGlobalScope !== "undefined";
}

/**
 * Why this realm cannot run threaded eliminations, or undefined when it can.
 *
 * @returns A sentence (for a note on the page), or undefined.
 * @example
 * ```ts
 * import { threadsUnavailable } from "@lightsout/core/gf2";
 * const why = threadsUnavailable();
 * if (why) console.log(`one thread: ${why}`);
 * ```
 */
export function threadsUnavailable(): string | undefined {
  const why = sharedMemoryUnavailable();
  if (why !== undefined) return why;
  if (loaded() !== undefined && sharedKernel() === undefined) {
    return "the GF(2) kernel of this realm was made without shared memory (useSingleThreadKernel)";
  }
  return undefined;
}

/**
 * The threads a job asking for `wanted` runs on if it starts now: 1 where
 * threads cannot run, and in a browser until `initThreads` has started a
 * pool (then at most its size); Node starts a pool when asked. Tuning by
 * thread count (tables, routes) goes by this, not by what was asked.
 */
export function threadsNow(wanted: number): number {
  if (wanted <= 1 || threadsUnavailable() !== undefined) return 1;
  if (isNode) return wanted;
  return pool ? Math.min(wanted, pool.size) : 1;
}

/** Why this realm has no memory that threads can share, or undefined. */
function sharedMemoryUnavailable(): string | undefined {
  if (typeof WebAssembly !== "object") return "WebAssembly is missing";
  if (isNode && !nodeProcess?.getBuiltinModule) return "this Node is older than 20.16 (no process.getBuiltinModule)";
  if (threadsSupported()) return undefined;
  if ((globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated === false) {
    return "the page is not cross-origin isolated (it needs the headers Cross-Origin-Opener-Policy: same-origin and Cross-Origin-Embedder-Policy: require-corp)";
  }
  return "this engine has no shared WebAssembly memory";
}

/**
 * While the leader sleeps on its helpers: a helper that failed (it set
 * FAILED as it stopped) will not finish the units it claimed, so the job
 * ends with an error instead of waiting for ever.
 */
function watchHelpers(): void {
  if (pool && Atomics.load(pool.sync, FAILED) !== 0) {
    throw new Error("a helper thread failed during a threaded job; its threads are started again on the next");
  }
}

offerSharedBuild({
  unavailable: sharedMemoryUnavailable,
  compile: compileThreadsModule,
  compileSync: () => new WebAssembly.Module(threadsWasmBytes),
  instantiate(module) {
    const memory = createSharedMemory();
    // every kernel of the single-thread module is in this build too
    return { memory, exports: instantiateThreads(memory, module, watchHelpers) as unknown as Gf2Exports };
  },
});

/** A new pool over the kernel's memory, its handshake ready (helpers not started yet). */
function newPool(size: number, shared: SharedKernel): Pool {
  const sync = new Int32Array(new SharedArrayBuffer(16));
  const kernel = load() as unknown as Gf2ThreadsExports;
  return { size, memory: shared.memory, module: shared.module, kernel, sync, ctl: 0, helpers: [] };
}

function startHelper(p: Pool, index: number, onReply: (reply: HelperReply) => void): Helper {
  const data: HelperStart = { module: p.module, memory: p.memory, sync: p.sync, index };
  if (isNode) {
    const { Worker } = nodeBuiltin("node:worker_threads") as NodeThreads;
    const worker = new Worker(nodeHelperSource(), {
      eval: true,
      workerData: data,
      resourceLimits: { codeRangeSizeMb: HELPER_CODE_RANGE_MB },
    });
    worker.on("message", onReply);
    worker.on("error", (error) => onReply({ error: error.message }));
    liveNodeHelpers.add(worker);
    worker.on("exit", () => {
      liveNodeHelpers.delete(worker);
      if (liveNodeHelpers.size > 0) return;
      for (const resolve of onAllExited) resolve();
      onAllExited = [];
    });
    return { terminate: () => void worker.terminate(), unref: () => worker.unref() };
  }
  // Written out in full so that bundlers (Vite, webpack 5) see and bundle the worker.
  const worker = new Worker(new URL("./threads-worker.js", import.meta.url), { type: "module" });
  worker.onmessage = (event: MessageEvent<HelperReply>) => onReply(event.data);
  worker.onerror = (event) => onReply({ error: event.message || "the helper script failed to load" });
  worker.postMessage(data);
  return { terminate: () => worker.terminate(), unref: () => {} };
}

/** All helpers are up: hands them their control block. */
function openPool(p: Pool): Pool {
  // idle helpers must not keep the process alive
  for (const helper of p.helpers) helper.unref();
  // Each pool has a control block of its own, never freed and not counted (128 bytes): a helper
  // of an ended pool may still wake on its old block while it is being terminated, and must not
  // find another pool's jobs, or any other data, there.
  p.ctl = p.kernel.alloc(CONTROL_BYTES) >>> 0;
  zeroBytes(p.ctl, CONTROL_BYTES);
  Atomics.store(p.sync, CONTROL, p.ctl);
  Atomics.notify(p.sync, CONTROL);
  return p;
}

/**
 * Ends a pool: tells its helpers to quit, waits until they have left the
 * memory, and terminates them. Termination is asynchronous, and the
 * helpers share the kernel's memory: a helper still finishing its chunk
 * of a job that failed (a trap) must not write into blocks that are freed
 * and handed out again.
 */
function closePool(p: Pool): void {
  if (p.ctl !== 0) {
    const words = new Int32Array(p.memory.buffer, p.ctl, CONTROL_BYTES / 4);
    Atomics.store(words, QUIT_WORD, 1);
    Atomics.add(words, GENERATION_WORD, 1);
    Atomics.notify(words, GENERATION_WORD);
    const deadline = Date.now() + STOP_TIMEOUT_MS;
    for (;;) {
      const stopped = Atomics.load(p.sync, STOPPED);
      const left = deadline - Date.now();
      if (stopped >= p.helpers.length || left <= 0) break;
      if (canBlock()) Atomics.wait(p.sync, STOPPED, stopped, left);
    }
  }
  lastEnd = { helpers: p.helpers.length, stopped: Atomics.load(p.sync, STOPPED) };
  for (const helper of p.helpers) helper.terminate();
  p.helpers = [];
}

let lastEnd = { helpers: 0, stopped: 0 };

/** The helpers of the last pool ended, and how many had left the memory when they were terminated (tests). */
export function lastPoolEnd(): { helpers: number; stopped: number } {
  return { ...lastEnd };
}

/**
 * Ends the helper threads (they are started again when next needed).
 * Matrices are unaffected.
 *
 * @example
 * ```ts
 * import { endThreads } from "@lightsout/core/gf2";
 * endThreads(); // before a test checks that no worker is left
 * ```
 */
export function endThreads(): void {
  if (pool) closePool(pool);
  pool = undefined;
}

/** Starts a pool of `size` threads synchronously (Node): blocks until the helpers are up. */
function startPoolSync(size: number, shared: SharedKernel): Pool {
  const p = newPool(size, shared);
  let failure: string | undefined;
  for (let i = 1; i < size; i++) {
    p.helpers.push(
      startHelper(p, i, (reply) => {
        if ("error" in reply) failure ??= reply.error;
      }),
    );
  }
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    const ready = Atomics.load(p.sync, READY);
    if (Atomics.load(p.sync, FAILED) !== 0 || failure !== undefined) break;
    if (ready === size - 1) return openPool(p);
    const left = deadline - Date.now();
    if (left <= 0) break;
    Atomics.wait(p.sync, READY, ready, left);
  }
  closePool(p);
  throw new Error(`could not start ${size - 1} helper threads for the elimination${failure ? ` (${failure})` : ""}`);
}

/** Starts a pool of `size` threads, waiting for each helper's reply (any platform); undefined without a shared kernel. */
async function startPool(size: number): Promise<Pool | undefined> {
  await init();
  const shared = sharedKernel();
  if (!shared) return undefined;
  const p = newPool(size, shared);
  try {
    await Promise.all(
      Array.from(
        { length: size - 1 },
        (_, i) =>
          new Promise<void>((resolve, reject) => {
            p.helpers.push(
              startHelper(p, i + 1, (reply) => {
                if ("error" in reply) reject(new Error(`a helper thread failed: ${reply.error}`));
                else resolve();
              }),
            );
          }),
      ),
    );
  } catch (error) {
    closePool(p);
    throw error;
  }
  return openPool(p);
}

/**
 * Starts helper threads for the elimination ahead of time. Browsers need it:
 * a page or worker cannot start threads while it computes, so without it
 * matrices use one thread there. In Node it is optional (threads start on
 * first use). Threads need shared WebAssembly memory: a browser page must be
 * cross-origin isolated (see the README).
 *
 * @param threads - Threads wanted, the caller included: 1..256 (default: every core).
 * @returns The number of threads an elimination may use from now on: 1 when threads are
 *   unavailable (see {@link threadsUnavailable}).
 * @throws {RangeError} when `threads` is out of range; an Error when a helper fails to start.
 * @example
 * ```ts
 * import { initThreads, BitMatrix } from "@lightsout/core/gf2";
 * const threads = await initThreads();
 * BitMatrix.random(8192, 8192).rank({ threads }); // every core
 * ```
 */
export async function initThreads(threads?: number): Promise<number> {
  const size = threads === undefined ? availableCores() : checkInteger("threads", threads, 1, 256);
  if (size === 1 || threadsUnavailable() !== undefined) return 1;
  if (pool && pool.size >= size) return size;
  await starting;
  if (pool && pool.size >= size) return size;
  endThreads();
  starting = startPool(size);
  try {
    pool = await starting;
  } finally {
    starting = undefined;
  }
  return pool ? size : 1;
}

/**
 * A pool of at least `size` threads for an elimination now, or undefined
 * when threads are unavailable (no shared memory; in a browser, not started
 * by initThreads).
 */
function acquire(size: number): Pool | undefined {
  if (pool && pool.size >= size) return pool;
  if (!isNode || starting || threadsUnavailable() !== undefined) return pool;
  const shared = sharedKernel();
  if (!shared) return pool;
  endThreads();
  pool = startPoolSync(size, shared);
  return pool;
}

/** A kernel of the shared-memory build taking descriptor A (see Kernel in kernel.ts). */
export type PoolKernel<A> = KernelBinding<"threads", A, number | undefined>;

/** Runs a kernel of the shared-memory build in slices: runSlices of kernel.ts, on the pool's module. */
function runPoolSlices<A>(p: Pool, kernel: PoolKernel<A>, args: A, slicing: Slicing<A>): number | undefined {
  return sliceLoop((a) => invoke(p.kernel, kernel, a) ?? 0, args, slicing);
}

/** What the threaded elimination needs from the engine. */
export interface ThreadedJob {
  /** The matrix in the kernel's memory (eliminated in place). */
  a: number;
  /** The elimination's descriptor over the matrix and its blocks (its shape and tuning, the state at 0). */
  args: (a: number, pivots: number, scratch: number, versions: number) => EchelonArgs;
  scratchBytes: number;
  /** Columns per slice (progress and cancel between slices). */
  slice: number;
  onProgress?: ((done: number, total: number) => void) | undefined;
  signal?: AbortSignal | undefined;
}

/**
 * Runs the Four Russians elimination of `job` with `threads` threads, in
 * place. Returns undefined (nothing done) when threads are unavailable or
 * its blocks (pivots, tables, row versions) do not fit: the caller then
 * uses one thread. On cancel or error the helpers are ended before the
 * error goes on.
 *
 * @param job - The matrix, its shape, the tuning, progress and signal.
 * @param threads - Threads wanted, the caller included (at least 2).
 * @returns The rank and the pivot columns, or undefined.
 * @throws The signal's reason on cancel, what onProgress throws, or an Error for a kernel trap.
 */
export function echelonizeThreaded(
  job: ThreadedJob,
  threads: number,
): { rank: number; pivots: Int32Array } | undefined {
  const p = acquire(threads);
  if (!p) return undefined;
  // the shape, from the descriptor the job makes (its addresses are placeholders here)
  const { rows, cols, pivotLimit } = job.args(0, 0, 0, 0);
  const pivotCount = Math.min(rows, cols, pivotLimit);
  const sizes = [Math.max(16, pivotCount * 4), Math.max(16, job.scratchBytes), Math.max(16, rows * 4)] as const;
  const a = job.a;
  return withPoolBlocks(sizes, ([pivots, scratch, versions]) => {
    jobs++;
    try {
      const control = { ctl: p.ctl, threads: Math.min(threads, p.size), blocking: canBlock() ? 1 : 0 };
      const state = Object.assign(job.args(a, pivots, scratch, versions), control);
      const limit = Math.min(cols, pivotLimit);
      runPoolSlices(
        p,
        echelonizeM4riThreadedKernel,
        state,
        columnSlices("threaded elimination", limit, rows, job.slice, job),
      );
      return { rank: state.r, pivots: kernelCopy(Int32Array, pivots, state.r) };
    } catch (error) {
      // cancelled or failed: no helper stays behind
      endThreads();
      throw error;
    } finally {
      jobs--;
    }
  });
}

/**
 * Blocks of the given byte sizes (at least 16 each) in the kernel's memory
 * for one call, counted under the memory cap and freed afterwards. Returns
 * undefined, holding nothing, when they would pass the cap or the memory
 * cannot grow: the caller then works on one thread.
 */
function withPoolBlocks<const S extends readonly number[], T>(
  sizes: S,
  run: (ptrs: { -readonly [K in keyof S]: number }) => T,
): T | undefined {
  const blocks = sizes.map((size) => Math.max(16, size));
  if (blocks.reduce((sum, bytes) => sum + bytes, 0) > memoryLimit.bytes - wasmBytesInUse()) return undefined;
  const ptrs: number[] = [];
  const freeAll = () => ptrs.forEach((ptr, i) => release(ptr, blocks[i]!));
  try {
    for (const bytes of blocks) ptrs.push(allocate("the blocks of a threaded job", bytes, MAX_MATRIX_BLOCK));
  } catch (error) {
    freeAll();
    if (error instanceof RangeError) return undefined;
    throw error;
  }
  try {
    return run(ptrs as { -readonly [K in keyof S]: number });
  } finally {
    freeAll();
  }
}

/** A started pool as a job other than elimination sees it: its memory reached only through the methods here. */
export interface ThreadPoolView {
  /** The control block to pass to the shared-memory kernels. */
  ctl: number;
  /** Threads the job may use, the caller included. */
  threads: number;
  /** 1 when this thread may block in Atomics.wait, else 0 (spin). */
  blocking: number;
  /** Typed views on the pool's shared memory (valid until its next allocation). */
  view: Views;
  /** Blocks in the pool's shared memory for one call, as withPoolBlocks (undefined when they do not fit). */
  withBlocks<const S extends readonly number[], T>(
    sizes: S,
    run: (ptrs: { -readonly [K in keyof S]: number }) => T,
  ): T | undefined;
  /** Runs a kernel of the shared-memory build in slices, as runSlices does in the kernel's memory. */
  runSlices<A>(kernel: PoolKernel<A>, args: A, slicing: Slicing<A>): number | undefined;
  /** Calls a kernel of the shared-memory build once, as callKernel does in the kernel's memory. */
  call<A, R>(operation: string, kernel: KernelBinding<"threads", A, R>, args: A): R;
}

/**
 * Runs `run` on a pool of up to `threads` threads (the caller included), or
 * returns undefined when threads are unavailable. On cancel or error the
 * helpers are ended before the error goes on (a helper may be mid-job).
 *
 * @param threads - Threads wanted (at least 2).
 * @param run - The job; it owns what it allocates in the pool's memory.
 * @returns What `run` returns, or undefined.
 */
export function withThreadPool<T>(threads: number, run: (view: ThreadPoolView) => T): T | undefined {
  const p = acquire(threads);
  if (!p) return undefined;
  const size = Math.min(threads, p.size);
  const call = <A, R>(operation: string, kernel: KernelBinding<"threads", A, R>, args: A): R => {
    poolCalls++;
    return guard(operation, () => invoke(p.kernel, kernel, args));
  };
  jobs++;
  try {
    return run({
      ctl: p.ctl,
      threads: size,
      blocking: canBlock() ? 1 : 0,
      view: kernelView,
      withBlocks: withPoolBlocks,
      runSlices: (kernel, args, slicing) => runPoolSlices(p, kernel, args, slicing),
      call,
    });
  } catch (error) {
    endThreads();
    throw error;
  } finally {
    jobs--;
  }
}

/**
 * Bytes from which a new block is zeroed by a started pool's threads.
 * Zeroing fresh memory is mostly its first touch, a page fault a page
 * (about 10 us each on the KVM guest of docs/BENCHMARKS.md), and two
 * threads fault in parallel: 128 MiB took 340-350 ms on one thread and
 * 190 ms on two.
 */
const ZERO_SHARED_FROM = 2 ** 24;
/** The shared zeroing's rows: a page each, claimed 64 at a time. */
const ZERO_ROW_WORDS = 512;
const ZERO_CHUNK = 64;

/**
 * Zeroes `bytes` at `ptr` in the kernel's memory, with the threads of a
 * pool that is already up when the block is large (no pool is started for
 * it, and none is used from within another pool job).
 *
 * @param ptr - The block's first byte.
 * @param bytes - Its length.
 */
export function zeroBlock(ptr: number, bytes: number): void {
  const p = pool;
  const rows = Math.floor(bytes / (ZERO_ROW_WORDS * 8));
  if (!p || p.size < 2 || jobs > 0 || bytes < ZERO_SHARED_FROM) {
    zeroBytes(ptr, bytes);
    return;
  }
  jobs++;
  try {
    // x ^ x: the sums' kernel with the block as all three operands
    const [d, x, y] = [ptr, ptr, ptr];
    const stride = ZERO_ROW_WORDS;
    const control = { ctl: p.ctl, threads: p.size, blocking: canBlock() ? 1 : 0, chunk: ZERO_CHUNK };
    const args = { d, dStride: stride, x, xStride: stride, y, yStride: stride, rows, words: stride, ...control };
    guard("zeroing a matrix", () => invoke(p.kernel, addBlocksThreadedKernel, args));
  } catch (error) {
    endThreads();
    throw error;
  } finally {
    jobs--;
  }
  const done = rows * ZERO_ROW_WORDS * 8;
  zeroBytes(ptr + done, bytes - done);
  zeroedOnThreads += done;
}

let zeroedOnThreads = 0;
let poolCalls = 0;

/** Kernel calls shared among a pool's threads so far (tests). */
export function poolKernelCalls(): number {
  return poolCalls;
}

/** Bytes zeroed by pools' threads so far (tests). */
export function bytesZeroedOnThreads(): number {
  return zeroedOnThreads;
}
