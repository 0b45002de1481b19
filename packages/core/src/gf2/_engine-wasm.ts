// The WebAssembly engine: one kernel instance per JavaScript realm (thread),
// created on first use. Matrices live in its linear memory; this file owns
// every allocation and view, and turns any trap into a clear error.

import { compileModule, instantiate, type Gf2Exports } from "@lightsout/gf2-wasm";
import type { EchelonOptions, Engine, M4riParameters, Store } from "./_engine.js";
import { sliceColumns } from "./_engine.js";
import { matrixBytes, strideWords } from "./_layout.js";
import { formatBytes, memoryLimit } from "./_memory.js";
import { availableThreads, echelonizeThreaded } from "./_threads.js";

/** The kernel's heap hands out blocks of at most 1 GiB (assembly/heap.ts). */
export const MAX_BLOCK = 2 ** 30;

let kernel: Gf2Exports | undefined;
let inUse = 0;

/** The kernel of this realm, instantiated on first use (poly/ shares it). */
export function load(): Gf2Exports {
  if (kernel) return kernel;
  if (typeof WebAssembly !== "object") {
    throw new Error('the GF(2) kernel needs WebAssembly, which this environment lacks; use { engine: "ts" }');
  }
  try {
    kernel = instantiate((message) => {
      throw new Error(`internal error in the GF(2) kernel: ${message}`);
    });
  } catch (error) {
    if (error instanceof RangeError && /main thread/.test(error.message)) {
      throw new Error(
        `this browser will not compile the GF(2) kernel synchronously on the main thread; ` +
          `call "await init()" from @lightsout/core once before using matrices (${error.message})`,
      );
    }
    if (error instanceof RangeError && /out of memory|cannot allocate/i.test(error.message)) {
      // 64-bit V8 reserves about 10 GiB of address space per WebAssembly memory (guard regions)
      throw new RangeError(
        `the GF(2) kernel could not reserve address space for its WebAssembly memory (${error.message}); ` +
          `a limit on virtual memory (ulimit -v) must allow about 12 GiB, or use { engine: "ts" }`,
        { cause: error },
      );
    }
    if (error instanceof WebAssembly.CompileError) {
      throw new Error(
        `the GF(2) kernel needs WebAssembly with 128-bit SIMD (Node 16.4+, Chrome 91+, Firefox 89+, Safari 16.4+), ` +
          `which this engine refused (${error.message}); use { engine: "ts" }`,
      );
    }
    throw error;
  }
  return kernel;
}

/**
 * Compiles the kernel asynchronously. Optional in Node and in workers; in a
 * browser's main thread call it once before the first matrix, since some
 * browsers refuse to compile synchronously there.
 *
 * @returns A promise that resolves once the kernel is ready.
 * @throws When WebAssembly or its SIMD extension is missing.
 * @example
 * ```ts
 * import { init, BitMatrix } from "@lightsout/core";
 * await init();
 * BitMatrix.identity(3).rank(); // 3
 * ```
 */
export async function init(): Promise<void> {
  if (kernel) return;
  if (typeof WebAssembly === "object") await compileModule();
  load();
}

/** Runs a kernel call; a trap becomes an Error that names the operation (also used by poly/). */
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

class WasmStore implements Store {
  readonly ptr: number;
  readonly bytes: number;
  #view: Uint32Array | undefined;
  constructor(ptr: number, bytes: number) {
    this.ptr = ptr;
    this.bytes = bytes;
  }
  words(): Uint32Array {
    const buffer = load().memory.buffer;
    if (this.#view?.buffer !== buffer) this.#view = new Uint32Array(buffer, this.ptr, this.bytes / 4);
    return this.#view;
  }
}

/**
 * The one way into the kernel's heap (matrices, scratch, every kernel's
 * buffers): checks the block size and the memory limit before allocating,
 * reads the pointer unsigned (blocks lie anywhere below 4 GiB), counts the
 * bytes, and turns a heap that cannot grow into a RangeError. A failed
 * request leaves the heap as it was.
 */
function allocate(what: string, bytes: number): number {
  if (bytes > MAX_BLOCK) {
    throw new RangeError(
      `${what} needs ${formatBytes(bytes)}, but at most ${formatBytes(MAX_BLOCK)} fit in one block of WebAssembly memory`,
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

function release(ptr: number, bytes: number): void {
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
 *   For example `withScratch("the polynomial gcd", [bytes, bytes], ([pa, pb]) => k.polyGcd(pa!, pb!, words, steps))`.
 */
export function withScratch<T>(what: string, sizes: readonly number[], run: (ptrs: number[]) => T): T {
  const blocks = sizes.map((size) => Math.max(16, size));
  memoryLimit.check(
    what,
    blocks.reduce((sum, bytes) => sum + bytes, 0),
    inUse,
  );
  const ptrs: number[] = [];
  try {
    for (const bytes of blocks) ptrs.push(allocate(what, bytes));
    return run(ptrs);
  } finally {
    ptrs.forEach((ptr, i) => release(ptr, blocks[i]!));
  }
}

/**
 * Four Russians parameters by size (k x tables x steps). Deferring steps
 * (cache blocking) pays once the matrix leaves L2, as long as the pending
 * tables stay about L2-sized: CPU time of one thread (steadier than the wall
 * clock on a shared machine, docs/BENCHMARKS.md), fastest of 2-7:
 * N = 8192: 6x4x4 82 ms, 7x4x2 83 ms, 7x4x8 120 ms;
 * N = 16384: 6x4x4 772 ms, 6x4x8 943 ms, 7x4x8 1161 ms;
 * N = 32768: 6x4x4 7.9 s, 6x4x2 8.9 s.
 */
export function m4riParameters(rows: number, cols: number): M4riParameters {
  const n = Math.min(rows, cols);
  if (n < 256) return { k: 4, tables: 2, steps: 1 };
  if (n < 2048) return { k: 6, tables: 4, steps: 1 };
  return { k: 6, tables: 4, steps: 4 };
}

/** Tables a scratch slot holds: the kernel's loops read 1, 2, 4 or 8. */
const slotTables = (tables: number) => (tables > 4 ? 8 : tables === 3 ? 4 : tables);

/** From this many bytes of matrix on, eliminations use every core unless told otherwise. */
const THREADS_FROM_BYTES = 2 * 2 ** 20;

/** Below this many rows or columns the naive kernel is as fast. */
const NAIVE_BELOW = 64;

const w64 = strideWords;

export const wasmEngine: Engine = {
  name: "wasm",
  create(rows, cols) {
    const bytes = matrixBytes(rows, cols);
    const ptr = allocate(`a ${rows} x ${cols} GF(2) matrix`, bytes);
    const store = new WasmStore(ptr, bytes);
    store.words().fill(0);
    return store;
  },
  release(store) {
    release((store as WasmStore).ptr, store.bytes);
  },
  echelonize(a, rows, cols, pivotLimit, full, options: EchelonOptions) {
    const k = load();
    const limit = Math.min(cols, pivotLimit);
    const stride = w64(cols);
    const method = options.method ?? "auto";
    const naive = method === "naive" || (method === "auto" && Math.min(rows, limit) < NAIVE_BELOW);
    const { k: bits, tables, steps = 1 } = options.m4ri ?? m4riParameters(rows, limit);
    const scratchBytes = naive ? 16 : steps * slotTables(tables) * 2 ** bits * stride * 8;
    const threads = naive ? 1 : (options.threads ?? (rows * stride * 8 >= THREADS_FROM_BYTES ? availableThreads() : 1));
    if (threads > 1) {
      const store = a as WasmStore;
      const result = echelonizeThreaded(
        {
          source: () => new Uint8Array(k.memory.buffer, store.ptr, store.bytes),
          rows,
          cols,
          stride,
          pivotLimit,
          full,
          k: bits,
          tables,
          steps,
          scratchBytes,
          slice: sliceColumns(limit, options),
          onProgress: options.onProgress,
          signal: options.signal,
        },
        threads,
      );
      if (result) return result;
    }
    const pivotCount = Math.min(rows, limit);
    return withScratch(
      "scratch space for elimination",
      [pivotCount * 4, 8, scratchBytes, rows * 4],
      ([pivots, state, scratch, versions]) => {
        new Int32Array(k.memory.buffer, state!, 2).fill(0);
        const ptr = (a as WasmStore).ptr;
        const slice = sliceColumns(limit, options);
        let c = 0;
        let rank = 0;
        while (c < limit && rank < rows) {
          options.signal?.throwIfAborted();
          const stop = c + slice;
          rank = guard("elimination", () =>
            naive
              ? k.echelonizeNaive(ptr, rows, cols, stride, pivotLimit, full ? 1 : 0, pivots!, state!, stop)
              : k.echelonizeM4ri(
                  ptr,
                  rows,
                  cols,
                  stride,
                  pivotLimit,
                  full ? 1 : 0,
                  pivots!,
                  bits,
                  tables,
                  steps,
                  scratch!,
                  versions!,
                  state!,
                  stop,
                ),
          );
          c = new Int32Array(k.memory.buffer, state!, 2)[1]!;
          options.onProgress?.(Math.min(c, limit), limit);
        }
        return { rank, pivots: new Int32Array(k.memory.buffer, pivots!, rank).slice() };
      },
    );
  },
  mul(c, a, b, m, n, p) {
    const k = load();
    const [cp, ap, bp] = [c, a, b].map((s) => (s as WasmStore).ptr) as [number, number, number];
    const bits = 8;
    if (n < 2 * bits) {
      guard("multiplication", () => k.mulNaive(cp, w64(p), ap, w64(n), bp, w64(p), m, n));
      return;
    }
    withScratch("scratch space for multiplication", [2 ** bits * w64(p) * 8], ([table]) =>
      guard("multiplication", () => k.mulM4rm(cp, w64(p), ap, w64(n), bp, w64(p), m, n, bits, table!)),
    );
  },
  transpose(dst, src, rows, cols) {
    const k = load();
    guard("transpose", () =>
      k.transpose((dst as WasmStore).ptr, w64(rows), (src as WasmStore).ptr, w64(cols), rows, cols),
    );
  },
  copyBits(dst, dstCols, dr, dc, src, srcCols, sr, sc, nrows, ncols) {
    const k = load();
    guard("copy", () =>
      k.copyBits(
        (dst as WasmStore).ptr,
        w64(dstCols),
        dr,
        dc,
        (src as WasmStore).ptr,
        w64(srcCols),
        sr,
        sc,
        nrows,
        ncols,
      ),
    );
  },
  backSubstitute(x, e, rank, n, p, pivots) {
    const k = load();
    const stride = w64(n + p);
    withScratch("scratch space for back substitution", [pivots.length * 4, stride * 8], ([pv, row]) => {
      new Int32Array(k.memory.buffer, pv!, pivots.length).set(pivots);
      guard("back substitution", () =>
        k.backSubstitute((x as WasmStore).ptr, w64(p), (e as WasmStore).ptr, stride, rank, n, p, pv!, row!),
      );
    });
  },
  nullspace(out, e, cols, rank, pivots) {
    const k = load();
    withScratch("scratch space for the null space", [pivots.length * 4], ([p]) => {
      new Int32Array(k.memory.buffer, p!, pivots.length).set(pivots);
      guard("null space", () =>
        k.nullspace((out as WasmStore).ptr, w64(cols), (e as WasmStore).ptr, w64(cols), rank, cols, p!),
      );
    });
  },
};

/** Bytes held by matrices and scratch in the kernel's memory. */
export function wasmBytesInUse(): number {
  return inUse;
}

/** Size of the kernel's linear memory in bytes (0 before first use). */
export function wasmMemoryBytes(): number {
  return kernel ? kernel.memory.buffer.byteLength : 0;
}
