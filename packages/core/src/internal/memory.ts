// The configurable memory cap. A matrix that would pass it fails with a
// RangeError before anything is allocated or written.

import { checkInteger } from "./check.js";

/** wasm32 addresses 4 GiB; keep 64 MiB for the runtime and scratch tables. */
export const DEFAULT_MEMORY_LIMIT = 2 ** 32 - 2 ** 26;

export function formatBytes(bytes: number): string {
  const units = ["bytes", "KiB", "MiB", "GiB", "TiB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${bytes} bytes` : `${value.toFixed(value < 10 ? 2 : 1)} ${units[unit]}`;
}

class MemoryLimit {
  bytes = DEFAULT_MEMORY_LIMIT;

  /** Throws a RangeError naming `what` when `bytes` more would pass the cap with `inUse` bytes held. */
  check(what: string, bytes: number, inUse: number): void {
    if (bytes > this.bytes - inUse) {
      throw new RangeError(
        `${what} needs ${formatBytes(bytes)}, over the memory limit of ${formatBytes(this.bytes)} ` +
          `with ${formatBytes(inUse)} already in use (see setMemoryLimit)`,
      );
    }
  }
}

export const memoryLimit = new MemoryLimit();

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
