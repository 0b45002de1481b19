// The kernel instance of this realm (thread), created on first use or by
// init(): the loading, its errors and nothing else, so that a page that only
// compiles the kernel ahead (the web app's first screen) does not carry the
// memory owner and the call protocol (kernel.ts), which use it.

import { compileModule, type Gf2Exports, instantiate } from "@lightsout/gf2-wasm";

let kernel: Gf2Exports | undefined;

/** The kernel of this realm, instantiated on first use (shared by every kernel caller, through kernel.ts). */
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
      // 64-bit V8 reserves about 10 GiB of address space per WebAssembly memory for the bounds checks
      // of its trap handler; Node 20.15+ turns them into inline checks with --disable-wasm-trap-handler
      // (https://nodejs.org/api/cli.html#--disable-wasm-trap-handler).
      throw new RangeError(
        `the GF(2) kernel could not reserve address space for its WebAssembly memory (${error.message}): ` +
          `64-bit V8 reserves about 10 GiB per WebAssembly memory for its trap handler; raise the limit on ` +
          `virtual memory (ulimit -v) to 12 GiB or more, start Node with --disable-wasm-trap-handler ` +
          `(Node 20.15+; also in NODE_OPTIONS), or use { engine: "ts" }`,
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

/** The kernel if it has been instantiated. */
export function loaded(): Gf2Exports | undefined {
  return kernel;
}
