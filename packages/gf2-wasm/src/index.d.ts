// The kernels' bindings and types are generated from the AssemblyScript
// sources (scripts/bindings.mjs): every descriptor, a binding per kernel
// (transposeKernel, ...), Gf2Exports, Gf2Kernels.
export * from "./kernels.js";
import type { Gf2Exports, Gf2ThreadsExports, KernelBinding, MastermindExports } from "./kernels.js";

/**
 * Calls a kernel. Every pointer is a byte offset into the module's memory;
 * every GF(2) matrix uses the packed layout documented in
 * `assembly/layout.ts`: row-major, `stride` 64-bit words per row (always
 * even, so rows are whole 128-bit lanes), bit j of a row at word j >> 6,
 * bit j & 63, and zero padding past the last column. Callers own all
 * memory: nothing allocates but `alloc`.
 *
 * A kernel takes the address of its descriptor (an `@unmanaged` class of
 * named fields in its AssemblyScript source: `EchelonArgs` for the
 * eliminations, ...). `invoke` writes `args` into the module's descriptor
 * block by name with the kernel's binding (`echelonizeNaiveKernel`, ...,
 * generated with the types), calls the kernel, and reads every field back
 * into `args`: a kernel's state between slices (the next column, the best
 * weight so far) comes back by name. The first call of a kernel on a module
 * checks its descriptor's layout against the module's own table.
 *
 * Use `@lightsout/core` rather than this package: it owns the memory, checks
 * every argument, slices long calls and turns traps into clear errors.
 *
 * @param k - The module's exports, from `instantiate` (or `instantiateThreads` for the threads' kernels).
 * @param kernel - The kernel's binding.
 * @param args - Every field of its descriptor; updated from the block after the call.
 * @returns What the kernel returns.
 * @throws TypeError when a field is missing or not a number, or the module lacks the kernel; Error when the
 *   module lays out the descriptor otherwise than the binding.
 * @example
 * ```ts
 * const k = instantiate();
 * const a = k.alloc(32) >>> 0, b = k.alloc(32) >>> 0;
 * new BigUint64Array(k.memory.buffer, a, 4).set([0b101n, 0n, 0n, 0n]); // x^2 + 1
 * new BigUint64Array(k.memory.buffer, b, 4).set([0b011n, 0n, 0n, 0n]); // x + 1
 * invoke(k, polyGcdKernel, { a, b, words: 4, maxSteps: 0 }); // 1: the gcd is x + 1
 * ```
 */
export declare function invoke<A, R>(k: Gf2Exports, kernel: KernelBinding<"gf2", A, R>, args: A): R;
export declare function invoke<A, R>(k: Gf2ThreadsExports, kernel: KernelBinding<"threads", A, R>, args: A): R;
export declare function invoke<A, R>(k: MastermindExports, kernel: KernelBinding<"mastermind", A, R>, args: A): R;

/**
 * The release binary (optimised, SIMD), as bytes: inlined in this module as
 * base64, so bundlers need no loader. The same file is exported as
 * `@lightsout/gf2-wasm/gf2.wasm` for tools that want a URL.
 *
 * @example
 * ```ts
 * WebAssembly.validate(wasmBytes); // true where SIMD is supported
 * ```
 */
export declare const wasmBytes: Uint8Array<ArrayBuffer>;

/**
 * Whether this engine supports WebAssembly fixed-width SIMD, which the kernel
 * needs: `WebAssembly.validate` of a tiny SIMD module, run once.
 *
 * @returns True when the kernel can be compiled here.
 * @example
 * ```ts
 * if (!simdSupported()) console.warn("no WebAssembly SIMD: use @lightsout/core with { engine: \"ts\" }");
 * ```
 */
export declare function simdSupported(): boolean;

/**
 * Compiles the kernel asynchronously, once. Browsers may refuse to compile
 * large modules synchronously on the main thread (Chrome did above 4 KB
 * until it raised the limit); after this resolves, `instantiate` uses the
 * compiled module and never compiles synchronously.
 *
 * @returns The compiled module.
 * @throws WebAssembly.CompileError naming the requirement when the engine lacks SIMD.
 * @example
 * ```ts
 * await compileModule(); // in a browser's main thread, before instantiate()
 * const k = instantiate();
 * ```
 */
export declare function compileModule(): Promise<WebAssembly.Module>;

/**
 * Instantiates the kernel synchronously (compiling it first unless
 * `compileModule` has run): a fresh instance with its own memory.
 *
 * @param abort - Called when the AssemblyScript runtime aborts (it should throw).
 * @returns The kernel's exports.
 * @throws WebAssembly.CompileError naming the requirement when the engine lacks SIMD.
 * @example
 * ```ts
 * const k = instantiate((message) => {
 *   throw new Error(`gf2 kernel: ${message}`);
 * });
 * k.memory.buffer.byteLength; // 65536 or more
 * ```
 */
export declare function instantiate(abort?: (message: string) => never): Gf2Exports;
