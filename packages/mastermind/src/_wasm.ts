/**
 * The WebAssembly engine of the hot loop, and the owner of the Mastermind
 * module's memory: the only file of this package that imports
 * `@lightsout/gf2-wasm` or makes a view on a WebAssembly memory
 * (tools/check-imports.mjs keeps it so). Kernels are called through the
 * generated bindings with `invoke` (the repository's call protocol: one
 * descriptor per kernel, written by name).
 *
 * The kernel takes codes packed 4 bits per position and 16 colour counts per
 * code: n <= 8 and k <= 16 (the TypeScript twin takes the rest).
 *
 * @module
 */
import {
  type BestGuessArgs,
  instantiateMastermind,
  invoke,
  type MastermindExports,
  mastermindBestGuessKernel,
  mastermindBoundsKernel,
  mastermindGatherKernel,
  mastermindPartitionsKernel,
} from "@lightsout/gf2-wasm/mastermind";
import type { ScoreKernel } from "./_kernel.js";
import type { BestResult, GuessScorer, ValueMode } from "./_twin.js";
import type { BoundArgs } from "@lightsout/gf2-wasm/mastermind";

let instance: MastermindExports | undefined | null;

/** The realm's instance, or null when this engine has no WebAssembly SIMD. */
function moduleOrNull(): MastermindExports | null {
  if (instance === undefined) {
    try {
      instance = instantiateMastermind();
    } catch {
      instance = null;
    }
  }
  return instance;
}

/** Whether the kernel can score this code space (WebAssembly SIMD, n <= 8, k <= 16). */
export function wasmAvailable(kernel: ScoreKernel): boolean {
  return kernel.packed !== undefined && kernel.k <= 16 && kernel.n <= 8 && moduleOrNull() !== null;
}

/** The kernel's tolerance for a perfect value (assembly/mastermind-score.ts, EPSILON). */
const PERFECT_EPSILON = 1e-9;

/** Bytes of a block, aligned to 16. */
const align = (bytes: number): number => Math.ceil(bytes / 16) * 16;

/** The kernel engine over one code space: its tables and buffers allocated once. */
export class WasmScorer implements GuessScorer {
  readonly engine = "wasm" as const;
  private readonly k: MastermindExports;
  private readonly kernel: ScoreKernel;
  private readonly args: BestGuessArgs;
  private readonly boundArgs: BoundArgs;
  /** Addresses: every code (packed, counts), the codes left (indices, packed, counts), guesses, terms, tally. */
  private readonly at: {
    codes: number;
    codeCounts: number;
    left: number;
    leftCounts: number;
    guesses: number;
    candidates: number;
    terms: number;
    lower: number;
    bounds: number;
    squares: number;
    out: number;
  };
  private outBytes: number;
  private buffer: ArrayBuffer | undefined;
  private u8 = new Uint8Array(0);
  private u32 = new Uint32Array(0);
  private f64 = new Float64Array(0);
  private termsLoaded = 0;

  constructor(kernel: ScoreKernel) {
    const k = moduleOrNull();
    if (k === null || !wasmAvailable(kernel))
      throw new RangeError("the Mastermind kernel needs WebAssembly SIMD, n <= 8, k <= 16");
    this.k = k;
    this.kernel = kernel;
    const size = kernel.size;
    const alloc = (bytes: number): number => k.alloc(align(Math.max(bytes, 16))) >>> 0;
    this.outBytes = align(kernel.scoreCount * 4 * 64);
    this.at = {
      codes: alloc(size * 4),
      codeCounts: alloc(size * 16),
      left: alloc(size * 4 + 16),
      leftCounts: alloc(size * 16 + 64),
      guesses: alloc(size * 4),
      candidates: alloc(size * 4),
      lower: alloc((size + 1) * 4),
      bounds: alloc(size * 4),
      squares: alloc(size * 4),
      terms: alloc((size + 2) * 8),
      out: alloc(this.outBytes),
    };
    this.views();
    this.u32.set(kernel.packed!, this.at.codes >>> 2);
    const { n, digits } = kernel;
    const counts = this.u8.subarray(this.at.codeCounts, this.at.codeCounts + size * 16);
    counts.fill(0);
    for (let i = 0; i < size; i++) for (let p = 0; p < n; p++) counts[i * 16 + digits[i * n + p]!]!++;
    // the fields both descriptors share: the codes, the set left, the guesses, the output
    const common = {
      codes: this.at.codes,
      codeCounts: this.at.codeCounts,
      left: this.at.left,
      leftCounts: this.at.leftCounts,
      length: 0,
      guesses: this.at.guesses,
      guessCount: 0,
      pegs: n,
      scoreCount: kernel.scoreCount,
      out: this.at.out,
      candidates: this.at.candidates,
    };
    this.args = { ...common, mode: 0, terms: this.at.terms, perfect: 0, best: 0, chosen: -1 };
    this.boundArgs = {
      ...common,
      lower: this.at.lower,
      win: kernel.win,
      bounds: this.at.bounds,
      squares: this.at.squares,
    };
  }

  bounds(guesses: Uint32Array, count: number, lower: Uint32Array, bounds: Uint32Array, squares: Uint32Array): void {
    const b = this.boundArgs;
    b.length = this.args.length;
    // the buffers hold a guess per code: a longer list (guesses repeated) goes in parts
    const chunk = this.kernel.size;
    for (let from = 0; from < count; from += chunk) {
      const to = Math.min(count, from + chunk);
      this.views();
      const { u32, at } = this;
      u32.set(lower.subarray(0, b.length + 1), at.lower >>> 2);
      u32.set(guesses.subarray(from, to), at.guesses >>> 2);
      b.guessCount = to - from;
      invoke(this.k, mastermindBoundsKernel, b);
      bounds.set(u32.subarray(at.bounds >>> 2, (at.bounds >>> 2) + to - from), from);
      squares.set(u32.subarray(at.squares >>> 2, (at.squares >>> 2) + to - from), from);
    }
  }

  /** Views on the module's memory, made again when it has grown. */
  private views(): void {
    const buffer = this.k.memory.buffer;
    if (buffer === this.buffer && this.u8.length !== 0) return;
    this.buffer = buffer;
    this.u8 = new Uint8Array(buffer);
    this.u32 = new Uint32Array(buffer);
    this.f64 = new Float64Array(buffer);
  }

  setLeft(candidates: Uint32Array, length: number): void {
    this.views();
    this.u32.set(candidates.subarray(0, length), this.at.candidates >>> 2);
    this.args.length = length;
    invoke(this.k, mastermindGatherKernel, this.args);
  }

  partitions(guesses: Uint32Array, count: number, out: Uint32Array): void {
    const scoreCount = this.kernel.scoreCount;
    const chunk = Math.floor(this.outBytes / (scoreCount * 4));
    for (let from = 0; from < count; from += chunk) {
      const to = Math.min(count, from + chunk);
      this.views();
      this.u32.set(guesses.subarray(from, to), this.at.guesses >>> 2);
      this.args.guessCount = to - from;
      invoke(this.k, mastermindPartitionsKernel, this.args);
      const o = this.at.out >>> 2;
      out.set(this.u32.subarray(o, o + (to - from) * scoreCount), from * scoreCount);
    }
  }

  best(
    guesses: Uint32Array,
    count: number,
    mode: ValueMode,
    terms: Float64Array,
    perfect: number,
    bound: number,
  ): BestResult {
    this.views();
    const need = Math.min(terms.length, this.kernel.size + 2);
    if (mode === 2 && this.termsLoaded < need) {
      this.f64.set(terms.subarray(0, need), this.at.terms >>> 3);
      this.termsLoaded = need;
    }
    this.u32.fill(0, this.at.out >>> 2, (this.at.out >>> 2) + this.kernel.scoreCount);
    const a = this.args;
    a.mode = mode;
    a.perfect = perfect;
    // the buffer holds a guess per code: a longer list (guesses repeated) goes in parts, the best carried on
    const chunk = this.kernel.size;
    let best: BestResult = { chosen: -1, value: bound };
    for (let from = 0; from < count; from += chunk) {
      const to = Math.min(count, from + chunk);
      this.u32.set(guesses.subarray(from, to), this.at.guesses >>> 2);
      a.guessCount = to - from;
      a.best = best.value;
      a.chosen = -1;
      invoke(this.k, mastermindBestGuessKernel, a);
      if (a.chosen < 0) continue;
      best = { chosen: from + a.chosen, value: a.best };
      if (a.best <= perfect + PERFECT_EPSILON) break;
    }
    return best;
  }
}
