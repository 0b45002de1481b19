// The kernel instance of this realm (thread), created on first use or by
// init(): the loading, its errors and nothing else, so that a page that only
// compiles the kernel ahead (the web app's first screen) does not carry the
// memory owner and the call protocol (kernel.ts), which use it.
//
// Two builds hold every kernel: the single-thread module, and the
// shared-memory build. Where threads can run (threads.ts, once loaded,
// offers the shared build, and the realm has shared memory), the kernel is
// the shared build over a shared memory, and the helper threads instantiate
// the same module over the same memory: a matrix lives once, and the
// threads work on it in place. Elsewhere (a page that is not cross-origin
// isolated, or a bundle without threads.ts) it is the single-thread module,
// and the threads' bytes stay out of the bundle.

import { compileModule, type Gf2Exports, instantiate, simdSupported } from "@lightsout/gf2-wasm";

/** The shared-memory build, as threads.ts offers it. */
export interface SharedBuild {
  /** Why this realm cannot share memory among threads (a sentence), or undefined when it can. */
  unavailable(): string | undefined;
  compile(): Promise<WebAssembly.Module>;
  /** Compiles synchronously (Node, workers; a browser's main thread may refuse: init() first). */
  compileSync(): WebAssembly.Module;
  /** A new instance over a new shared memory. */
  instantiate(module: WebAssembly.Module): { exports: Gf2Exports; memory: WebAssembly.Memory };
}

/** The kernel's module and memory when it is the shared build (the helpers instantiate the same). */
export interface SharedKernel {
  module: WebAssembly.Module;
  memory: WebAssembly.Memory;
}

let kernel: Gf2Exports | undefined;
let shared: SharedKernel | undefined;
let sharedBuild: SharedBuild | undefined;
let compiledShared: WebAssembly.Module | undefined;
let singleThreadOnly = false;

/** Called by threads.ts as it loads: the kernel, when made, is the shared build where threads can run. */
export function offerSharedBuild(build: SharedBuild): void {
  sharedBuild ??= build;
}

/**
 * Makes this realm's kernel the single-thread module (threads then run
 * nothing): for tests of that build where threads could run. Call before
 * the kernel's first use.
 *
 * @throws When the kernel has been made already.
 */
export function useSingleThreadKernel(): void {
  if (kernel) throw new Error("useSingleThreadKernel must be called before the GF(2) kernel is first used");
  singleThreadOnly = true;
}

/**
 * The shared build when this realm's kernel is to be made from it. Not
 * without SIMD: the single-thread module's loader then names the
 * requirement (the shared build's compiler would only name an opcode).
 */
function sharedBuildHere(): SharedBuild | undefined {
  if (singleThreadOnly || !sharedBuild || sharedBuild.unavailable() !== undefined || !simdSupported()) {
    return undefined;
  }
  return sharedBuild;
}

/** The kernel of this realm, instantiated on first use (shared by every kernel caller, through kernel.ts). */
export function load(): Gf2Exports {
  if (kernel) return kernel;
  if (typeof WebAssembly !== "object") {
    throw new Error('the GF(2) kernel needs WebAssembly, which this environment lacks; use { engine: "ts" }');
  }
  try {
    const build = sharedBuildHere();
    if (build) {
      const module = compiledShared ?? build.compileSync();
      const made = build.instantiate(module);
      shared = { module, memory: made.memory };
      kernel = made.exports;
    } else {
      kernel = instantiate((message) => {
        throw new Error(`internal error in the GF(2) kernel: ${message}`);
      });
    }
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
  if (typeof WebAssembly === "object") {
    const build = sharedBuildHere();
    if (build) compiledShared ??= await build.compile();
    else await compileModule();
  }
  load();
}

/** The kernel if it has been instantiated. */
export function loaded(): Gf2Exports | undefined {
  return kernel;
}

/**
 * The kernel's module and memory when the kernel is the shared build (made
 * now if it was not yet), else undefined: threads need them.
 */
export function sharedKernel(): SharedKernel | undefined {
  load();
  return shared;
}
