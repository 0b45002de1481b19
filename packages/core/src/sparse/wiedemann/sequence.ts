// The sequence phase of block Wiedemann: a_i = X^T B^i Y for i < length,
// for columns c0 .. c1 - 1 of Y (all of them in one process, a share of
// them in a shard: the columns are independent, as in CADO-NFS's bwc, where
// each job starts from its own block). One product by B per term; X^T is a
// few row reads (X's columns are sparse). A run can stop at any term and go
// on from a checkpoint: the term reached, the terms so far and the block.

import type { SparseBitMatrix } from "../matrix.js";
import type { BlockOperator } from "./operator.js";
import { fillStartBlock, projectionSeed, type WiedemannPlan } from "./plan.js";
import { type PhaseWatch, phaseReporter } from "./progress.js";

/** Where a sequence shard stands: enough to go on after an interruption. */
export interface SequenceCheckpoint {
  /** Terms computed: a_0 .. a_{done-1}. */
  done: number;
  /** The terms, `length * m * wordsPerRow` u32 (term i, row r of X^T, then the columns' bits). */
  terms: Uint32Array;
  /** B^done Y restricted to the shard's columns: the block to go on from (N rows of `words` u64, as u32 halves). */
  block: Uint32Array;
}

/** The part of the sequence for columns c0 .. c1 - 1 of Y. */
export interface SequencePart {
  c0: number;
  c1: number;
  /** `length * m * wordsPerRow(c1 - c0)` u32: term i, row r, the part's columns from bit 0. */
  terms: Uint32Array;
}

/** u32 words a row of a term of a part of `width` columns takes. */
export function wordsPerRow(width: number): number {
  return Math.ceil(width / 32);
}

/** u64 words a block row needs for `width` columns (the kernels take 1 or 2). */
export function blockWords(width: number): 1 | 2 {
  return width <= 64 ? 1 : 2;
}

/** A fresh checkpoint (nothing computed) for columns c0 .. c1 - 1. */
export function emptyCheckpoint(plan: WiedemannPlan, c0: number, c1: number): SequenceCheckpoint {
  const width = c1 - c0;
  const words = blockWords(width);
  const block = new Uint32Array(plan.side * 2 * words);
  fillStartBlock(plan, c0, c1, block, words);
  return { done: 0, terms: new Uint32Array(plan.length * plan.blockWidth * wordsPerRow(width)), block };
}

/** Options of {@link computeSequence}. */
export interface SequenceOptions extends PhaseWatch {
  /** Where to start (a checkpoint of the same plan and columns); default: the beginning. */
  resume?: SequenceCheckpoint | undefined;
  /** Called with the state every `checkpointEvery` terms (and not after the last: the part is returned then). */
  onCheckpoint?: ((state: SequenceCheckpoint) => void) | undefined;
  /** Terms between checkpoints (default 1000). */
  checkpointEvery?: number | undefined;
}

/**
 * Computes a_i = X^T B^i Y (i < plan.length) for columns c0 .. c1 - 1 of Y
 * (at most 128 of them) with the operator of `matrix`.
 *
 * @param operator - Made for the same matrix, with blocks of blockWords(c1 - c0) words and at least 2 blocks.
 * @returns The part of the sequence.
 * @throws The signal's reason on cancel.
 */
export function computeSequence(
  plan: WiedemannPlan,
  _matrix: SparseBitMatrix,
  operator: BlockOperator,
  c0: number,
  c1: number,
  options: SequenceOptions = {},
): SequencePart {
  const width = c1 - c0;
  const words = blockWords(width);
  if (operator.words !== words)
    throw new RangeError(`the operator has ${operator.words} words a row, the part needs ${words}`);
  const state = options.resume ?? emptyCheckpoint(plan, c0, c1);
  const m = plan.blockWidth;
  const rowWords = wordsPerRow(width);
  const seed = projectionSeed(plan);
  const xWords = (m / 64) as 1 | 2;
  const stride = 2 * words;
  let current = 0;
  new Uint32Array(operator.block(0).buffer, operator.block(0).byteOffset, plan.side * stride).set(state.block);
  const every = options.checkpointEvery ?? 1000;
  const report = phaseReporter("sequence", plan.length, options, state.done);
  const projection = { seed, xWords };
  // a_i = X^T B^i Y: the first term projected alone, the others with the product that makes them
  let projected = operator.project(current, seed, xWords);
  for (let i = state.done; i < plan.length; i++) {
    options.signal?.throwIfAborted();
    // the part's columns sit at bits 0 .. width - 1 of the block's rows
    const base = i * m * rowWords;
    for (let r = 0; r < m; r++) {
      for (let h = 0; h < rowWords; h++) state.terms[base + r * rowWords + h] = projected[r * stride + h]!;
    }
    state.done = i + 1;
    if (i + 1 < plan.length) {
      projected = operator.multiply(current, 1 - current, projection)!;
      current = 1 - current;
      if (options.onCheckpoint && (i + 1) % every === 0) {
        const next = operator.block(current);
        state.block = new Uint32Array(next.buffer, next.byteOffset, plan.side * stride).slice();
        options.onCheckpoint(state);
      }
    }
    report(i + 1);
  }
  return { c0, c1, terms: state.terms };
}

/**
 * Puts parts that cover columns 0 .. n - 1 together into the whole
 * sequence: `length * m * (n / 32)` u32.
 *
 * @throws {RangeError} when the parts overlap, leave a gap or have the wrong size.
 */
export function joinSequence(plan: WiedemannPlan, parts: readonly SequencePart[]): Uint32Array {
  const n = plan.blockWidth,
    m = plan.blockWidth;
  const full = new Uint32Array(plan.length * m * (n / 32));
  const sorted = [...parts].sort((a, b) => a.c0 - b.c0);
  let next = 0;
  for (const part of sorted) {
    if (part.c0 !== next)
      throw new RangeError(`the sequence parts ${part.c0 > next ? "leave out" : "overlap at"} column ${next}`);
    const rowWords = wordsPerRow(part.c1 - part.c0);
    if (part.terms.length !== plan.length * m * rowWords)
      throw new RangeError(`the part of columns ${part.c0}..${part.c1 - 1} has the wrong size`);
    for (let i = 0; i < plan.length; i++) {
      for (let r = 0; r < m; r++) {
        for (let c = part.c0; c < part.c1; c++) {
          const local = c - part.c0;
          const bit = (part.terms[(i * m + r) * rowWords + (local >> 5)]! >>> (local & 31)) & 1;
          if (bit) full[(i * m + r) * (n / 32) + (c >> 5)]! |= 1 << (c & 31);
        }
      }
    }
    next = part.c1;
  }
  if (next !== n) throw new RangeError(`the sequence parts cover columns 0..${next - 1}, not 0..${n - 1}`);
  return full;
}
