/**
 * The two engines of the hot loop, behind one interface: the WebAssembly
 * kernel (`_wasm.ts`, SIMD, four codes per step) and its plain TypeScript
 * twin here, which computes exactly the same values (property-tested against
 * each other) and runs wherever the kernel does not (no SIMD, more than 8
 * pegs or 16 colours).
 *
 * @module
 */
import type { ScoreKernel } from "./_kernel.js";

/**
 * What a guess is worth to a strategy (lower is better), see
 * {@link GuessScorer.best}: the largest part (Knuth's minimax), the sum of
 * the squares of the parts (expected size times |S|), the sum of c ln c over
 * the parts (entropy), minus the number of parts (most parts).
 */
export const ValueMode = { Largest: 0, Squares: 1, Entropy: 2, Parts: 3 } as const;
/** One of {@link ValueMode}'s values. */
export type ValueMode = (typeof ValueMode)[keyof typeof ValueMode];

/** The result of {@link GuessScorer.best}. */
export interface BestResult {
  /** Position in the guess list of the best guess, or -1 when none beat the bound. */
  chosen: number;
  /** Its value (the bound when none). */
  value: number;
}

/** Scores guesses against one set of codes left. */
export interface GuessScorer {
  /** "wasm" or "ts". */
  readonly engine: "wasm" | "ts";
  /** Sets the codes left: `candidates[0..length)` (code indices). */
  setLeft(candidates: Uint32Array, length: number): void;
  /**
   * For each guess `guesses[q]` (q < count), the part sizes by score code in
   * `out[q scoreCount .. (q+1) scoreCount)`.
   */
  partitions(guesses: Uint32Array, count: number, out: Uint32Array): void;
  /**
   * The first guess of the list with the lowest value (within 1e-9), or
   * the first within 1e-9 of `perfect`; guesses not better than `bound` are
   * abandoned early. `terms[c]` = c ln c (mode Entropy).
   */
  best(
    guesses: Uint32Array,
    count: number,
    mode: ValueMode,
    terms: Float64Array,
    perfect: number,
    bound: number,
  ): BestResult;
  /**
   * For each guess, the bound of its partition for the optimal search:
   * |S| plus `lower[c]` for each part of c codes but the winning one
   * (0xffffffff when a part is all of S or a bound is 0xffffffff), and the
   * sum of the squares of the parts.
   */
  bounds(guesses: Uint32Array, count: number, lower: Uint32Array, bounds: Uint32Array, squares: Uint32Array): void;
}

/** A bound out of reach (a part that cannot be solved, or no progress). */
export const NO_BOUND = 0xffffffff;

const EPSILON = 1e-9;

/** The TypeScript twin of the kernel. */
export class TwinScorer implements GuessScorer {
  readonly engine = "ts" as const;
  private readonly kernel: ScoreKernel;
  private left: Uint32Array = new Uint32Array(0);
  private length = 0;
  private readonly row: Uint16Array;
  private readonly tally: Uint32Array;

  constructor(kernel: ScoreKernel) {
    this.kernel = kernel;
    this.row = new Uint16Array(kernel.size);
    this.tally = new Uint32Array(kernel.scoreCount);
  }

  setLeft(candidates: Uint32Array, length: number): void {
    this.left = candidates;
    this.length = length;
  }

  partitions(guesses: Uint32Array, count: number, out: Uint32Array): void {
    const { kernel, left, length, row } = this;
    const scoreCount = kernel.scoreCount;
    for (let q = 0; q < count; q++) {
      out.fill(0, q * scoreCount, (q + 1) * scoreCount);
      kernel.scoreRow(guesses[q]!, left, 0, length, row);
      for (let i = 0; i < length; i++) out[q * scoreCount + row[i]!]!++;
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
    let best = bound;
    let chosen = -1;
    for (let q = 0; q < count; q++) {
      const value = this.value(guesses[q]!, mode, terms, best + EPSILON);
      if (value < best - EPSILON || value <= perfect + EPSILON) {
        best = value;
        chosen = q;
        if (value <= perfect + EPSILON) break;
      }
    }
    return { chosen, value: best };
  }

  bounds(guesses: Uint32Array, count: number, lower: Uint32Array, bounds: Uint32Array, squares: Uint32Array): void {
    const { kernel, left, length, row, tally } = this;
    const { scoreCount, win } = kernel;
    for (let q = 0; q < count; q++) {
      kernel.scoreRow(guesses[q]!, left, 0, length, row);
      for (let i = 0; i < length; i++) tally[row[i]!]!++;
      let bound = length;
      let sq = 0;
      for (let t = 0; t < scoreCount; t++) {
        const c = tally[t]!;
        if (c === 0) continue;
        tally[t] = 0;
        sq += c * c;
        if (t !== win) bound += c === length ? NO_BOUND : lower[c]!;
      }
      bounds[q] = Math.min(bound, NO_BOUND);
      squares[q] = sq;
    }
  }

  /** The value of guess g, or any value above `limit` once g is known to exceed it. */
  private value(g: number, mode: ValueMode, terms: Float64Array, limit: number): number {
    const { kernel, left, length, tally } = this;
    const { packed, countId, matches, n } = kernel;
    const word = packed === undefined ? 0 : packed[g]!;
    const matchRow = countId === undefined ? 0 : countId[g]! * kernel.idCount;
    const stops = mode !== ValueMode.Parts;
    let value = 0;
    let scored = 0;
    // the kernel checks the bound every 4 codes; so does the twin, to abandon at the same point
    while (scored < length) {
      let t: number;
      const s = left[scored]!;
      if (packed !== undefined) {
        const x = word ^ packed[s]!;
        const differ = Math.imul((x | (x >>> 1) | (x >>> 2) | (x >>> 3)) & 0x11111111, 0x11111111) >>> 28;
        t = (n - differ) * n + matches![matchRow + countId![s]!]!;
      } else {
        t = kernel.score(g, s);
      }
      scored++;
      const c = tally[t]!++;
      if (mode === ValueMode.Largest) {
        if (c + 1 > value) value = c + 1;
      } else if (mode === ValueMode.Squares) value += 2 * c + 1;
      else if (mode === ValueMode.Entropy) value += terms[c + 1]! - terms[c]!;
      else if (c === 0) value -= 1;
      if (stops && (scored & 3) === 0 && scored <= (length & ~3) && value > limit) break;
    }
    // the entropy of a complete guess again from the parts, by score code (as the
    // kernel does: the same bits), so the running sum's drift splits no tie
    if (mode === ValueMode.Entropy && scored >= length) {
      value = 0;
      for (let t = 0; t < tally.length; t++) if (tally[t] !== 0) value += terms[tally[t]!]!;
    }
    tally.fill(0);
    return value;
  }
}
