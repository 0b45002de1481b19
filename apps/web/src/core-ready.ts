// The WebAssembly kernels compile asynchronously once, before any matrix
// work: Chromium refuses synchronous compiles of large modules on the main thread.

import { init } from "@lightsout/core";

let ready: Promise<void> | undefined;

/**
 * Resolves once @lightsout/core's WebAssembly is compiled (shared by every screen).
 *
 * @returns A promise, the same one on every call.
 * @example
 * ```ts
 * await coreReady();
 * solveLightsOut(board, lights);
 * ```
 */
export function coreReady(): Promise<void> {
  ready ??= Promise.resolve(init()).then(() => undefined);
  return ready;
}
