// The configurable memory cap. A matrix that would pass it fails with a
// RangeError before anything is allocated or written.

import { checkInteger } from "./check.js";
import { formatBytes, formatLimit } from "./sizes.js";

/**
 * The largest block of the kernel's heap handed out for scratch and for
 * matrices other than GF(2) ones: 1 GiB. Kernels index those with signed
 * 32-bit offsets in places; a larger block is given only to the storage below.
 * Here, not in kernel.ts: the size limits of readers need it without the kernel.
 */
export const MAX_BLOCK = 2 ** 30;

/** wasm32 addresses 4 GiB; keep 64 MiB for the runtime and scratch tables. */
export const DEFAULT_MEMORY_LIMIT = 2 ** 32 - 2 ** 26;

/**
 * The largest block for a GF(2) matrix (BitMatrix): as much as the heap
 * holds (assembly/heap.ts), since every GF(2) kernel addresses rows with
 * unsigned 32-bit byte offsets (assembly/layout.ts, rowAt). A 131072 x
 * 131072 matrix takes 2 GiB.
 */
export const MAX_MATRIX_BLOCK = DEFAULT_MEMORY_LIMIT;

class MemoryLimit {
  bytes = DEFAULT_MEMORY_LIMIT;

  /** Throws a RangeError naming `what` when `bytes` more would pass the cap with `inUse` bytes held. */
  check(what: string, bytes: number, inUse: number): void {
    if (bytes > this.bytes - inUse) {
      const why =
        inUse > 0
          ? `the memory limit of ${formatBytes(this.bytes)}, ${formatBytes(inUse)} of it in use`
          : "the memory limit";
      throw new RangeError(
        formatLimit({
          subject: what,
          max: this.bytes - inUse,
          got: bytes,
          unit: "bytes",
          why,
          hint: "see setMemoryLimit",
        }),
      );
    }
  }
}

export const memoryLimit = new MemoryLimit();

/** Room kept beside the largest matrix for its elimination (Four Russians tables, pivots, row versions). */
const ELIMINATION_ROOM = 128 * 2 ** 20;

/**
 * Bytes a GF(2) matrix may take when nothing else is held: the memory limit
 * (see `setMemoryLimit` in `@lightsout/core/gf2`) less room for an
 * elimination's tables and pivots, within one block of WebAssembly memory.
 * The file readers and the sparse routes' dense finish size themselves by it.
 */
export function matrixRoom(): number {
  const cap = Math.min(memoryLimit.bytes, MAX_MATRIX_BLOCK);
  return Math.max(0, cap - Math.min(ELIMINATION_ROOM, cap / 16));
}

/**
 * Sets the cap on memory held by matrices (both engines). A matrix that would
 * pass it fails with a `RangeError` before anything is allocated.
 *
 * @param bytes - The cap in bytes, 1 MiB .. 4 GiB.
 * @throws {RangeError} when `bytes` is outside 1 MiB .. 4 GiB.
 * @example
 * ```ts
 * setMemoryLimit(512 * 2 ** 20); // matrices may hold at most 512 MiB
 * ```
 */
export function setMemoryLimit(bytes: number): void {
  memoryLimit.bytes = checkInteger("bytes", bytes, 2 ** 20, 2 ** 32);
}

/**
 * The current memory cap in bytes.
 *
 * @returns The cap set by {@link setMemoryLimit} (default: 4 GiB less 64 MiB).
 * @example
 * ```ts
 * console.log(getMemoryLimit());
 * ```
 */
export function getMemoryLimit(): number {
  return memoryLimit.bytes;
}
