// The Mastermind module: scoring and partitions of [n,k]-Mastermind codes
// (n <= 8 positions, k <= 16 colours), four codes per v128 step. Its kernels'
// types are generated from the AssemblyScript sources (scripts/bindings.mjs);
// call them with `invoke`. `@lightsout/mastermind` owns its memory.
export type { BestGuessArgs, BoundArgs, MastermindExports, MastermindKernels, PartitionArgs } from "./kernels.js";
export {
  mastermindBestGuessKernel,
  mastermindBoundsKernel,
  mastermindGatherKernel,
  mastermindPartitionsKernel,
} from "./kernels.js";
import type { KernelBinding, MastermindExports } from "./kernels.js";

/**
 * Calls a kernel of the Mastermind module: writes `args` into the module's
 * descriptor block by name, calls the kernel and reads every field back into
 * `args`.
 *
 * @param k - An instance ({@link instantiateMastermind}).
 * @param kernel - The kernel's binding ({@link mastermindPartitionsKernel}, ...).
 * @param args - The descriptor's fields.
 * @returns What the kernel returns.
 * @example
 * ```ts
 * const k = instantiateMastermind();
 * const args: PartitionArgs = { codes: 0, codeCounts: 0, left: 0, leftCounts: 0, length: 0, guesses: 0,
 *   guessCount: 0, pegs: 4, scoreCount: 21, out: 0, candidates: 0 };
 * invoke(k, mastermindPartitionsKernel, args); // no guesses: nothing written
 * ```
 */
export declare function invoke<A, R>(k: MastermindExports, kernel: KernelBinding<"mastermind", A, R>, args: A): R;

/**
 * The Mastermind module's bytes.
 *
 * @example
 * ```ts
 * console.log(mastermindWasmBytes.length);
 * ```
 */
export declare const mastermindWasmBytes: Uint8Array<ArrayBuffer>;

/**
 * A fresh instance of the Mastermind module (synchronous; compiled once).
 * Needs WebAssembly SIMD: throws a `WebAssembly.CompileError` without it.
 *
 * @returns The exports.
 * @example
 * ```ts
 * const k = instantiateMastermind();
 * ```
 */
export declare function instantiateMastermind(): MastermindExports;
