// The parameters every phase of one block Wiedemann run shares, and the
// random blocks they imply: the start block Y (N x n) and the projection X
// (N x m), both dense random. Both are generated
// from the seed column group by column group, so a shard that computes
// columns c0 .. c1 of the sequence sees exactly the columns of Y the whole
// run would: the sharded sequence is the single-process one, cut.

import { xoshiro128 } from "../../internal/random.js";
import type { SparseBitMatrix } from "../matrix.js";
import { checkOperatorSide } from "./operator.js";

/** Terms of the sequence beyond N/m + N/n: the margin that separates true generators from the rest. */
export const SEQUENCE_MARGIN = 16;

/** What one run is: the matrix's shape and the random choices; shards of a run share it exactly. */
export interface WiedemannPlan {
  readonly rows: number;
  readonly cols: number;
  /** N = max(rows, cols): the side of the square matrix B (A padded with zero rows or columns). */
  readonly side: number;
  readonly nonzeros: number;
  /** m = n: rows of X^T, columns of Y (64 or 128). */
  readonly blockWidth: 64 | 128;
  readonly seed: number;
  /** Terms a_0 .. a_{length-1} of the sequence a_i = X^T B^i Y. */
  readonly length: number;
}

/**
 * The plan of a run on `matrix`: the sequence length is N/m + N/n plus a
 * margin, rounded up (Coppersmith 1994: the generator of the block
 * sequence has degree about N/n, and N/m more terms pin it down).
 */
export function wiedemannPlan(matrix: SparseBitMatrix, blockWidth: 64 | 128, seed: number): WiedemannPlan {
  const side = checkOperatorSide(matrix);
  return {
    rows: matrix.rows,
    cols: matrix.cols,
    side,
    nonzeros: matrix.rowStart[matrix.rows] ?? 0,
    blockWidth,
    seed: seed >>> 0,
    length: 2 * Math.ceil(side / blockWidth) + SEQUENCE_MARGIN,
  };
}

/** The seed of one random stream of a run (Y's column group g is stream g + 1, X is stream 0). */
function streamSeed(seed: number, stream: number): number {
  return (Math.imul(seed ^ 0x5bd1e995, 0x9e3779b1) + Math.imul(stream + 1, 0x85ebca6b)) >>> 0;
}

/**
 * Writes columns c0 .. c1 - 1 of Y into a block (bit c - c0 of each row),
 * as 32-bit halves of its words (`block32[i * 2 * words + h]`).
 */
export function fillStartBlock(plan: WiedemannPlan, c0: number, c1: number, block32: Uint32Array, words: number): void {
  block32.fill(0);
  const stride = 2 * words;
  for (let group = Math.floor(c0 / 32); group * 32 < c1; group++) {
    const random = xoshiro128(streamSeed(plan.seed, group + 1));
    // the bits of this group that the range takes, moved down to bit 0, and where they land
    const from = Math.max(c0, group * 32),
      to = Math.min(c1, group * 32 + 32);
    const down = from - group * 32;
    const count = to - from;
    const mask = count === 32 ? 0xffffffff : (1 << count) - 1;
    const word = (from - c0) >> 5,
      bit = (from - c0) & 31;
    for (let i = 0; i < plan.side; i++) {
      const bits = (random() >>> down) & mask;
      if (bits === 0) continue;
      const at = i * stride + word;
      block32[at] = (block32[at]! | (bits << bit)) >>> 0;
      if (bit !== 0 && bits >>> (32 - bit) !== 0) block32[at + 1] = (block32[at + 1]! | (bits >>> (32 - bit))) >>> 0;
    }
  }
}

/**
 * The seed of the projection X: dense random bits, row i hashed from it
 * and i (fillProjection), so that every shard and engine sees the same X.
 * Dense, not a few unit vectors: a kernel vector with few nonzeros (an
 * empty column, two equal columns) is invisible to a sparse X with high
 * probability, and the generator then misses it.
 */
export function projectionSeed(plan: WiedemannPlan): number {
  return streamSeed(plan.seed, 0);
}
