// The one owner of the kernel's WebAssembly memory (one kernel instance per
// JavaScript realm, kernel-instance.ts, created on first use). Every caller (matrices,
// the chase, coset, banded, Z_m and polynomial kernels) allocates through
// allocate/withScratch here, so the memory cap and the byte count hold for
// all of them; reads and writes the memory through the views handed out
// here (kernelView), so a view made stale by growth is this module's
// concern alone; and calls the kernels through callKernel and runSlices,
// the one call protocol: arguments by name in the kernel's descriptor,
// slices with progress and cancellation, traps turned into clear errors.
// Where threads can run, this memory is the one the helper threads share
// (kernel-instance.ts); their pool (threads.ts) takes its blocks from this
// heap and runs its kernels through the same loop (sliceLoop). The instance
// is loaded apart so that a page that only compiles the kernel ahead
// (init) does not load the rest.

import { invoke, type KernelBinding } from "@lightsout/gf2-wasm";
import { load, loaded } from "./kernel-instance.js";
import { MAX_BLOCK, memoryLimit } from "./memory.js";
import { formatBytes, formatLimit } from "./sizes.js";

// The kernels' bindings (transposeKernel, ...) and descriptor types, generated from the AssemblyScript
// sources: the callers name their kernel with them, and a bundle carries only those it calls.
export * from "@lightsout/gf2-wasm/kernels";
export { init } from "./kernel-instance.js";
export { MAX_BLOCK } from "./memory.js";

/** A kernel of the single-thread module taking descriptor A (its class in assembly/) and returning R. */
export type Kernel<A, R = number> = KernelBinding<"gf2", A, R>;

let inUse = 0;

/** Runs a kernel call; a trap becomes an Error that names the operation. */
export function guard<T>(operation: string, run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof WebAssembly.RuntimeError) {
      throw new Error(`internal error in the GF(2) kernel during ${operation} (${error.message}); please report it`);
    }
    throw error;
  }
}

/** How a kernel runs in slices: see {@link runSlices}. */
export interface Slicing<A> {
  /** Names the work in the error a trap becomes ("internal error in the GF(2) kernel during <operation> ..."). */
  operation: string;
  /**
   * Readies `args` for the next call (the slice's bounds, by name) and says
   * whether there is one. `last` is what the previous call returned
   * (undefined before the first).
   */
  next: (args: A, last: number | undefined) => boolean;
  /** After each call: takes its output, and returns the work done so far for onProgress (undefined: no report). */
  after?: (args: A, result: number) => number | undefined;
  /** The work in all, as onProgress reports it. */
  total?: number;
  /** Called with (done, total) after a call whose `after` reports work. */
  onProgress?: ((done: number, total: number) => void) | undefined;
  /** Checked before every call; its reason is thrown. */
  signal?: AbortSignal | undefined;
}

/**
 * The loop of every sliced kernel call, in either memory: while `next`
 * readies a slice, honour the signal, make the call (a trap becomes the
 * clear error), let `after` take the output and report progress.
 *
 * @param call - Calls the kernel with the descriptor (writes it, reads its state back).
 * @returns What the last call returned (undefined when there was none).
 */
export function sliceLoop<A>(call: (args: A) => number, args: A, slicing: Slicing<A>): number | undefined {
  let last: number | undefined;
  while (slicing.next(args, last)) {
    slicing.signal?.throwIfAborted();
    last = guard(slicing.operation, () => call(args));
    const done = slicing.after?.(args, last);
    if (done !== undefined) slicing.onProgress?.(done, slicing.total ?? done);
  }
  return last;
}

/**
 * The slices of an elimination by columns (the descriptor's `c`, `r` and
 * `cStop`): `slice` columns a call while the column is below `limit` and the
 * rank below `rows`; progress in columns.
 */
export function columnSlices(
  operation: string,
  limit: number,
  rows: number,
  slice: number,
  watch: Pick<Slicing<unknown>, "onProgress" | "signal">,
): Slicing<{ c: number; r: number; cStop: number }> {
  return {
    operation,
    next: (s) => {
      s.cStop = s.c + slice;
      return s.c < limit && s.r < rows;
    },
    // every row has its pivot: the columns left have nothing to do
    after: (s) => (s.r >= rows ? limit : Math.min(s.c, limit)),
    total: limit,
    onProgress: watch.onProgress,
    signal: watch.signal,
  };
}

/**
 * Runs a kernel in slices: before each call `slicing.next` sets the slice's
 * bounds in the descriptor by name; the call writes the descriptor into the
 * kernel's block and reads every field back, so its state (the next column,
 * the best weight so far) is read by name; between calls the signal is
 * honoured and progress reported; a trap becomes the clear error.
 *
 * @param kernel - The kernel's binding (`zpEchelonKernel`, ...).
 * @param args - Its descriptor, every field (typed from the AssemblyScript class); it holds the state after the run.
 * @param slicing - The slices, progress, cancellation and the operation's name.
 * @returns What the last call returned (undefined when `next` allowed none).
 * @throws The signal's reason on cancel, what `onProgress` throws, or an Error for a trap.
 */
export function runSlices<A>(kernel: Kernel<A, number | undefined>, args: A, slicing: Slicing<A>): number | undefined {
  const k = load();
  // a kernel that returns nothing reports its work through the descriptor
  return sliceLoop((a) => invoke(k, kernel, a) ?? 0, args, slicing);
}

/**
 * Calls a kernel once (a run of one slice): its descriptor written by name,
 * its fields read back into `args`, a trap turned into the clear error.
 *
 * @returns What the kernel returns.
 */
export function callKernel<A, R>(operation: string, kernel: Kernel<A, R>, args: A): R {
  const k = load();
  return guard(operation, () => invoke(k, kernel, args));
}

/** A typed array constructor over a buffer (the kinds of views the owners hand out). */
export type ViewType<T> = new (buffer: ArrayBuffer, byteOffset: number, length: number) => T;

/** Makes typed views on one memory: {@link kernelView} for the kernel's, a thread pool's own for its shared memory. */
export type Views = <T extends ArrayBufferView>(type: ViewType<T>, ptr: number, length: number) => T;

/**
 * A typed view of `length` elements at byte `ptr` of the kernel's memory.
 * Memory grows only in `alloc`, which detaches every view: a view holds
 * until the next allocation. `reuse` (a view made here before) comes back
 * as it is while it is current, so hot paths make one per growth.
 */
export function kernelView<T extends ArrayBufferView>(type: ViewType<T>, ptr: number, length: number, reuse?: T): T {
  const buffer = load().memory.buffer;
  if (reuse !== undefined && reuse.buffer === buffer) return reuse;
  return new type(buffer, ptr, length);
}

/**
 * Zeroes `bytes` bytes at byte `ptr` of the kernel's memory, in the kernel
 * (memory.fill). Where that memory is shared, a JavaScript `fill` of a view
 * goes element by element: 512 MiB took 36 ms in 32-bit elements and 137
 * ms in bytes, against 7-9 ms unshared.
 */
export function zeroBytes(ptr: number, bytes: number): void {
  load().zero(ptr, bytes);
}

/** A copy of `length` elements at byte `ptr` of the kernel's memory (for results that outlive the blocks). */
export function kernelCopy<T extends ArrayBufferView & { slice(): T }>(
  type: ViewType<T>,
  ptr: number,
  length: number,
): T {
  return kernelView(type, ptr, length).slice();
}

/**
 * The one way into the kernel's heap (matrices, scratch, every kernel's
 * buffers): checks the block size and the memory limit before allocating,
 * reads the pointer unsigned (blocks lie anywhere below 4 GiB), counts the
 * bytes, and turns a heap that cannot grow into a RangeError. A failed
 * request leaves the heap as it was. Blocks are at most `maxBlock` bytes:
 * 1 GiB unless the kernels that use the block address it unsigned
 * (GF(2) matrices: MAX_MATRIX_BLOCK).
 */
export function allocate(what: string, bytes: number, maxBlock = MAX_BLOCK): number {
  if (bytes > maxBlock) {
    throw new RangeError(
      formatLimit({ subject: what, max: maxBlock, got: bytes, unit: "bytes", why: "one block of WebAssembly memory" }),
    );
  }
  memoryLimit.check(what, bytes, inUse);
  const k = load();
  let ptr: number;
  try {
    ptr = k.alloc(bytes) >>> 0;
  } catch (error) {
    if (!(error instanceof WebAssembly.RuntimeError)) throw error;
    throw new RangeError(
      `${what} needs ${formatBytes(bytes)}, but WebAssembly memory could not grow to hold it ` +
        `(${formatBytes(inUse)} in use, memory limit ${formatBytes(memoryLimit.bytes)}, ` +
        `${formatBytes(k.memory.buffer.byteLength)} of memory)`,
      { cause: error },
    );
  }
  inUse += bytes;
  return ptr;
}

/** Frees a block from {@link allocate} and takes its bytes off the count. */
export function release(ptr: number, bytes: number): void {
  load().free(ptr);
  inUse -= bytes;
}

/**
 * Blocks of the given byte sizes (16-aligned, not zeroed) for one call,
 * freed afterwards whatever happens. Their total is checked against the
 * memory limit before the first is allocated.
 *
 * @param what - Names the operation in errors ("the coset scan").
 * @param sizes - Bytes of each block (at least 16 are given).
 * @param run - Gets the blocks' byte offsets, unsigned, in the order of `sizes`.
 * @returns What `run` returns.
 * @throws {RangeError} naming `what`, the bytes asked for, those in use and the limit, when the
 *   blocks pass the memory limit, one is over 1 GiB, or memory cannot grow.
 *   For example `withScratch("the polynomial gcd", [bytes, bytes], ([a, b]) => ...)`.
 */
export function withScratch<const S extends readonly number[], T>(
  what: string,
  sizes: S,
  run: (ptrs: { -readonly [K in keyof S]: number }) => T,
): T {
  const blocks = sizes.map((size) => Math.max(16, size));
  memoryLimit.check(
    what,
    blocks.reduce((sum, bytes) => sum + bytes, 0),
    inUse,
  );
  const ptrs: number[] = [];
  try {
    for (const bytes of blocks) ptrs.push(allocate(what, bytes));
    return run(ptrs as { -readonly [K in keyof S]: number });
  } finally {
    ptrs.forEach((ptr, i) => release(ptr, blocks[i]!));
  }
}

/** Bytes held by matrices and scratch in the kernel's memory (threaded jobs' blocks too). */
export function wasmBytesInUse(): number {
  return inUse;
}

/** Size of the kernel's linear memory in bytes (0 before first use). */
export function wasmMemoryBytes(): number {
  return loaded()?.memory.buffer.byteLength ?? 0;
}
