// The WebAssembly engine of BitMatrix: matrices live in the kernel's linear
// memory, allocated through internal/kernel.ts (the memory owner); the
// kernels are assembly/echelon.ts, multiply.ts, transpose.ts and copy.ts
// (their TypeScript twin: _matrix-naive.ts).

import { allocate, guard, load, release, withScratch } from "../internal/kernel.js";
import { matrixBytes, strideWords } from "../internal/layout.js";
import { availableThreads, echelonizeThreaded } from "../internal/threads.js";
import type { EchelonOptions, Engine, M4riParameters, Store } from "./_engine.js";
import { sliceColumns } from "./_engine.js";

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
