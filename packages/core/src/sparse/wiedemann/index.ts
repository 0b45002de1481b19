// Block Wiedemann over GF(2) (Coppersmith 1994) for the rank and kernel of
// a sparse matrix: the sequence a_i = X^T B^i Y (sequence.ts, shardable by
// columns of Y), the matrix Berlekamp-Massey step (berlekamp-massey.ts,
// quadratic), kernel vectors from the generator (solution.ts). B is A
// padded to N x N (N = max(rows, cols)) with zero rows or columns, so
// rank(B) = rank(A) and ker A is ker B cut to A's columns.
//
// What is proven and what is not. Every kernel vector returned is checked by
// one more product (A v = 0) and the vectors are independent, so
// rank(A) <= cols - k is proven. That the kernel found is all of it, hence
// rank(A) = cols - k, is the Monte Carlo part: Y's n random columns reach
// the whole kernel of B unless an n x d random matrix is rank-deficient,
// which has probability at most 2^(d - n), d being the nullity beyond what
// is known exactly (the unit vectors of B's zero columns: A's empty columns
// and the padding); we claim 2^-40 only while d is at most n - 41 (n = 64:
// up to 23; n = 128: up to 87). The projection X is assumed generic, as in Kaltofen
// 1995 and Villard 1997's analyses; over GF(2) that assumption is the part
// the bound does not cover. Past n - 41 the result is an upper bound only.
// Kernel vectors are looked for in the spans of U, B U, ..., B^3 U
// (solution.ts): a nilpotent part of B of index above 4 (which Kaltofen and
// Saunders' preconditioning would remove; not done here) can hide some, and
// the rank is then too high. Every failure mode errs upward, never below
// the true rank.

import { availableCores } from "../../internal/cores.js";
import { checkInteger } from "../../internal/check.js";
import type { SparseBitMatrix } from "../matrix.js";
import { type ApproximantBasis, matrixBerlekampMassey } from "./berlekamp-massey.js";
import { type BlockOperator, withBlockOperator } from "./operator.js";
import { withBlockOperatorNaive } from "./operator-naive.js";
import { type WiedemannPlan, wiedemannPlan } from "./plan.js";
import type { PhaseWatch } from "./progress.js";
import { blockWords, computeSequence, joinSequence, type SequenceCheckpoint, type SequencePart } from "./sequence.js";
import { kernelFromSolution, solutionPart, solveFromGenerator } from "./solution.js";

export type { WiedemannPhase, WiedemannProgress, PhaseWatch } from "./progress.js";
export type { SequenceCheckpoint, SequencePart } from "./sequence.js";
export type { ApproximantBasis } from "./berlekamp-massey.js";
export type { WiedemannPlan } from "./plan.js";
export { wiedemannPlan } from "./plan.js";
export { emptyCheckpoint, wordsPerRow } from "./sequence.js";

/** log2 of the error bound claimed when it is claimed. */
const CLAIMED_ERROR_LOG2 = -40;

/** Options of {@link blockWiedemannRank}. */
export interface BlockWiedemannOptions extends PhaseWatch {
  /**
   * m = n, the rows of X and columns of Y: 64 (default) or 128. The
   * nullity the error bound covers is n - 41; Berlekamp-Massey costs about
   * twice as much at 128; the products are as fast per nonzero.
   */
  blockWidth?: 64 | 128;
  /** Threads of the sparse products (default: every core). */
  threads?: number;
  /** Seed of X and Y (default 1): the same seed, the same run, bit for bit. */
  seed?: number;
  /** "wasm" (default) or "ts", the plain TypeScript twin of the products. */
  engine?: "wasm" | "ts";
  /** Checkpoints of the sequence phase: where to resume, and a callback every `every` terms. */
  checkpoint?: {
    resume?: SequenceCheckpoint;
    save?: (state: SequenceCheckpoint) => void;
    every?: number;
  };
}

/** The answer of block Wiedemann, with what of it is proven. */
export interface WiedemannResult {
  rows: number;
  cols: number;
  /** min(cols - kernel.length, rows): proven an upper bound, equal to the rank with probability >= 1 - errorBound. */
  rank: number;
  /** cols - rank. */
  nullity: number;
  /**
   * Independent kernel vectors (A v = 0, each checked by a product): bit j
   * of vector v is `(v[j >> 5] >>> (j & 31)) & 1`, j < cols.
   */
  kernel: Uint32Array[];
  /** rank <= rankAtMost is proven (by the kernel vectors). */
  rankAtMost: number;
  /** Whether rank is proven exact (only trivially: a zero matrix). */
  exact: boolean;
  /** Probability that rank is too high (the kernel found is not all of it): 2^-40, or 1 when no bound is claimed. */
  errorBound: number;
  /** The guarantee in one sentence, for output. */
  guarantee: string;
  blockWidth: 64 | 128;
  seed: number;
  /** Terms of the sequence. */
  sequenceLength: number;
  /** Threads the products used. */
  threads: number;
  timings: { sequenceMs: number; berlekampMasseyMs: number; solutionMs: number };
}

/** Options of the merge step ({@link finishBlockWiedemann}). */
export type FinishOptions = Omit<BlockWiedemannOptions, "blockWidth" | "seed" | "checkpoint">;

function operatorRunner(engine: "wasm" | "ts" | undefined): typeof withBlockOperator {
  return engine === "ts" ? withBlockOperatorNaive : withBlockOperator;
}

function threadsOf(options: { threads?: number }): number {
  return options.threads === undefined ? availableCores() : checkInteger("threads", options.threads, 1, 256);
}

/**
 * The columns c0 .. c1 - 1 of Y that shard `index` (0-based) of `count`
 * computes: the n columns cut into `count` nearly equal runs.
 *
 * @throws {RangeError} when count is not in 1 .. n or index not in 0 .. count - 1.
 */
export function shardColumns(plan: WiedemannPlan, index: number, count: number): { c0: number; c1: number } {
  checkInteger("shard count", count, 1, plan.blockWidth);
  checkInteger("shard index", index, 0, count - 1);
  const n = plan.blockWidth;
  return { c0: Math.floor((index * n) / count), c1: Math.floor(((index + 1) * n) / count) };
}

/**
 * The sequence phase of one shard: terms a_i = X^T B^i Y for its columns
 * of Y (see {@link shardColumns}), resumable from a checkpoint.
 *
 * @returns The shard's part of the sequence, for {@link finishBlockWiedemann}.
 * @throws The signal's reason on cancel; a RangeError when the matrix does not fit in memory.
 */
export function blockWiedemannSequence(
  matrix: SparseBitMatrix,
  plan: WiedemannPlan,
  shard: { index: number; count: number },
  options: Omit<BlockWiedemannOptions, "blockWidth" | "seed"> = {},
): SequencePart {
  const { c0, c1 } = shardColumns(plan, shard.index, shard.count);
  return operatorRunner(options.engine)(matrix, blockWords(c1 - c0), 2, threadsOf(options), (operator) =>
    computeSequence(plan, matrix, operator, c0, c1, {
      resume: options.checkpoint?.resume,
      onCheckpoint: options.checkpoint?.save,
      checkpointEvery: options.checkpoint?.every,
      onProgress: options.onProgress,
      signal: options.signal,
    }),
  );
}

/**
 * The merge step: Berlekamp-Massey on the whole sequence (the parts of
 * every shard), then the solution phase, the kernel basis and its check.
 *
 * @param parts - Parts covering columns 0 .. n - 1 of Y, from runs of the same plan.
 * @throws {RangeError} when the parts do not cover the columns exactly.
 */
export function finishBlockWiedemann(
  matrix: SparseBitMatrix,
  plan: WiedemannPlan,
  parts: readonly SequencePart[],
  options: FinishOptions = {},
  sequenceMs = 0,
): WiedemannResult {
  const began = performance.now();
  const basis = blockWiedemannGenerator(plan, parts, options);
  const berlekampMasseyMs = performance.now() - began;
  return finishFromGenerator(matrix, plan, basis, undefined, options, { sequenceMs, berlekampMasseyMs });
}

/**
 * Berlekamp-Massey on the whole sequence (the parts of every shard): the
 * generator the solution phase starts from, in one process or in shards
 * ({@link blockWiedemannSolutionShare}).
 *
 * @throws {RangeError} when the parts do not cover the columns exactly.
 */
export function blockWiedemannGenerator(
  plan: WiedemannPlan,
  parts: readonly SequencePart[],
  options: FinishOptions = {},
): ApproximantBasis {
  const sequence = joinSequence(plan, parts);
  const n = plan.blockWidth;
  return matrixBerlekampMassey(sequence, plan.length, n, n, options, options.engine, { threads: threadsOf(options) });
}

/** A shard's share of the solution phase: the candidates' block U from columns c0 .. c1 - 1 of Y. */
export interface SolutionShare {
  c0: number;
  c1: number;
  /** N rows of 2 * words u32 (words = 1 for blocks of 64, 2 for 128). */
  block: Uint32Array;
}

/**
 * The solution phase of one shard: its columns of Y (the same as its
 * sequence shard's, see {@link shardColumns}) times the generator's
 * coefficients, one product by A a coefficient. The shares of all the
 * columns add up (XOR) to what one process computes.
 */
export function blockWiedemannSolutionShare(
  matrix: SparseBitMatrix,
  plan: WiedemannPlan,
  basis: ApproximantBasis,
  shard: { index: number; count: number },
  options: FinishOptions = {},
): SolutionShare {
  const columns = shardColumns(plan, shard.index, shard.count);
  const words = blockWords(plan.blockWidth);
  return operatorRunner(options.engine)(matrix, words, 4, threadsOf(options), (operator) => ({
    ...columns,
    block: solutionPart(plan, basis, operator, columns, options),
  }));
}

/**
 * The end of a run from its generator: the solution phase (in this process,
 * or the shares of every column of Y added up), the kernel vectors, their
 * check and the rank.
 *
 * @param shares - Shares covering columns 0 .. n - 1 of Y, or undefined to compute the solution here.
 * @throws {RangeError} when the shares do not cover the columns exactly.
 */
export function finishFromGenerator(
  matrix: SparseBitMatrix,
  plan: WiedemannPlan,
  basis: ApproximantBasis,
  shares: readonly SolutionShare[] | undefined,
  options: FinishOptions = {},
  timings: { sequenceMs: number; berlekampMasseyMs: number } = { sequenceMs: 0, berlekampMasseyMs: 0 },
): WiedemannResult {
  const solutionBegan = performance.now();
  const words = blockWords(plan.blockWidth);
  return operatorRunner(options.engine)(matrix, words, 4, threadsOf(options), (operator) => {
    const found = shares
      ? kernelFromSolution(plan, basis, operator, addShares(plan, shares, words), options)
      : solveFromGenerator(plan, basis, operator, options);
    const result = kernelResult(plan, operator, found, zeroColumns(matrix, plan.side));
    return {
      ...result,
      threads: operator.threads,
      timings: { ...timings, solutionMs: performance.now() - solutionBegan },
    };
  });
}

/** The XOR of shares that cover columns 0 .. n - 1 of Y exactly once. */
function addShares(plan: WiedemannPlan, shares: readonly SolutionShare[], words: 1 | 2): Uint32Array {
  const sum = new Uint32Array(plan.side * 2 * words);
  let next = 0;
  for (const share of [...shares].sort((a, b) => a.c0 - b.c0)) {
    if (share.c0 !== next)
      throw new RangeError(`the solution shares ${share.c0 > next ? "leave out" : "overlap at"} column ${next}`);
    if (share.block.length !== sum.length)
      throw new RangeError(`the solution share of columns ${share.c0}..${share.c1 - 1} has the wrong size`);
    for (let i = 0; i < sum.length; i++) sum[i]! ^= share.block[i]!;
    next = share.c1;
  }
  if (next !== plan.blockWidth)
    throw new RangeError(`the solution shares cover columns 0..${next - 1}, not 0..${plan.blockWidth - 1}`);
  return sum;
}

/**
 * The rank of a sparse matrix over GF(2) by block Wiedemann, with kernel
 * vectors: Monte Carlo, with what is proven said in the result.
 *
 * Proven: `rank <= rankAtMost` (the `kernel` vectors are independent and
 * each was checked, A v = 0). Probabilistic: `rank` equals the true rank
 * with probability at least `1 - errorBound` (2^-40 while the nullity found
 * beyond the empty columns is at most blockWidth - 41; otherwise no bound,
 * errorBound = 1), assuming
 * the projection X generic (Kaltofen 1995). A wrong answer is always too
 * high, never too low.
 *
 * Cost: N/32 products by A for the sequence (m = n = 64), N/64 more for the
 * solution, and a quadratic Berlekamp-Massey (step t works on t/2
 * coefficients of each of 128 columns: about 32 L^2 coefficient operations
 * for the L = N/32 terms): the largest share from N in the hundreds of
 * thousands.
 *
 * @param matrix - The matrix in compressed rows (any shape).
 * @param options - Block width, threads, seed, engine, progress, signal, checkpoints of the sequence phase.
 * @returns The rank, the kernel vectors and the guarantee.
 * @throws The signal's reason on cancel; a RangeError naming the limit when the matrix does not fit in memory.
 * @example
 * ```ts
 * const matrix = randomSparseMatrix(20_000, 20_000, 10, 1);
 * const result = blockWiedemannRank(matrix, { seed: 7, onProgress: (p) => console.log(p.phase, p.fraction) });
 * console.log(result.rank, result.guarantee);
 * ```
 */
export function blockWiedemannRank(matrix: SparseBitMatrix, options: BlockWiedemannOptions = {}): WiedemannResult {
  const blockWidth = options.blockWidth ?? 64;
  if (blockWidth !== 64 && blockWidth !== 128)
    throw new RangeError(`"blockWidth" expected 64 or 128, got ${String(blockWidth)}`);
  const seed = options.seed === undefined ? 1 : checkInteger("seed", options.seed, 0, 2 ** 32 - 1);
  const plan = wiedemannPlan(matrix, blockWidth, seed);
  if (plan.nonzeros === 0) return zeroMatrixResult(plan);
  const began = performance.now();
  const part = blockWiedemannSequence(matrix, plan, { index: 0, count: 1 }, options);
  return finishBlockWiedemann(matrix, plan, [part], options, performance.now() - began);
}

/**
 * Kernel vectors of a sparse matrix by block Wiedemann: {@link blockWiedemannRank}'s
 * `kernel` (independent, each checked A v = 0; all of the kernel with the
 * probability its result states).
 */
export function blockWiedemannKernel(matrix: SparseBitMatrix, options: BlockWiedemannOptions = {}): Uint32Array[] {
  return blockWiedemannRank(matrix, options).kernel;
}

function zeroMatrixResult(plan: WiedemannPlan): WiedemannResult {
  return {
    rows: plan.rows,
    cols: plan.cols,
    rank: 0,
    nullity: plan.cols,
    kernel: [],
    rankAtMost: 0,
    exact: true,
    errorBound: 0,
    guarantee: "exact: the matrix has no nonzero (every vector is in the kernel; none is listed)",
    blockWidth: plan.blockWidth,
    seed: plan.seed,
    sequenceLength: 0,
    threads: 1,
    timings: { sequenceMs: 0, berlekampMasseyMs: 0, solutionMs: 0 },
  };
}

/**
 * Reduces vectors of `bits` bits to an independent set spanning the same
 * space (echelon by lowest set bit, in order).
 */
export function independentVectors(vectors: readonly Uint32Array[], bits: number): Uint32Array[] {
  const words = Math.ceil(bits / 32);
  const basis: { vector: Uint32Array; pivot: number }[] = [];
  for (const original of vectors) {
    const vector = original.slice(0, words);
    if (bits % 32 !== 0) vector[words - 1]! &= (1 << (bits % 32)) - 1;
    for (const { vector: b, pivot } of basis) {
      if (((vector[pivot >> 5]! >>> (pivot & 31)) & 1) === 0) continue;
      for (let w = 0; w < words; w++) vector[w]! ^= b[w]!;
    }
    const first = vector.findIndex((w) => w !== 0);
    if (first < 0) continue;
    const word = vector[first]!;
    basis.push({ vector, pivot: first * 32 + 31 - Math.clz32(word & -word) });
  }
  return basis.map((b) => b.vector);
}

/**
 * The columns of B that are zero: A's empty columns and, when A has more
 * rows than columns, the padding. Their unit vectors are kernel vectors
 * known exactly, whatever the random blocks.
 */
function zeroColumns(matrix: SparseBitMatrix, side: number): number[] {
  const used = new Uint8Array(side);
  const end = matrix.rowStart[matrix.rows] ?? 0;
  for (let p = 0; p < end; p++) used[matrix.colIndex[p]!] = 1;
  const zero: number[] = [];
  for (let j = 0; j < side; j++) if (used[j] === 0) zero.push(j);
  return zero;
}

/** The unit vector e_j of `bits` bits. */
function unitVector(j: number, bits: number): Uint32Array {
  const v = new Uint32Array(Math.ceil(bits / 32));
  v[j >> 5] = 1 << (j & 31);
  return v;
}

/**
 * The basis of the kernel: the unit vectors of B's zero columns (known),
 * then the vectors found, checked by a product; and the guarantee.
 *
 * The bound: the random start block Y reaches all of ker B unless an n x d
 * random matrix is rank-deficient, d the dimension left to find. Known
 * kernel vectors take their dimensions out of d (what Y must reach is the
 * kernel modulo them), so d = nullity of B - zero columns. Without them,
 * a matrix with many empty columns (or a tall one, padded) claimed no
 * bound, and its kernel found could miss many of them (300 x 300 with 200
 * empty columns: rank 237 found, true rank 100).
 */
function kernelResult(
  plan: WiedemannPlan,
  operator: BlockOperator,
  found: Uint32Array[],
  zero: readonly number[],
): Omit<WiedemannResult, "threads" | "timings"> {
  const known = zero.map((j) => unitVector(j, plan.side));
  const ofB = independentVectors([...known, ...found], plan.side);
  // B = [A | 0] when rows > cols: a kernel vector of B cut to A's columns is one of A
  const kernel = plan.cols === plan.side ? ofB : independentVectors(ofB, plan.cols);
  checkKernel(plan, operator, kernel);
  const rank = Math.min(plan.cols - kernel.length, plan.side - ofB.length, plan.rows);
  const searched = ofB.length - known.length;
  const claimed = searched <= plan.blockWidth - 41;
  const vectors = `${kernel.length} independent kernel vector${kernel.length === 1 ? "" : "s"}, each checked`;
  const empty = zero.filter((j) => j < plan.cols).length;
  const ofThem = empty > 0 ? `, ${empty} of them empty columns` : "";
  const guarantee = claimed
    ? `rank <= ${rank} proven (${vectors}${ofThem}); rank = ${rank} with ` +
      `probability >= 1 - 2^-40 (Monte Carlo: a ${plan.blockWidth}-wide start block, projection assumed generic)`
    : `rank <= ${rank} proven (${vectors}${ofThem}); the nullity found beyond the zero columns is past ` +
      `what a ${plan.blockWidth}-wide block certifies (${plan.blockWidth - 41}), so no error bound is claimed: ` +
      `use blockWidth 128 or the structured elimination`;
  return {
    rows: plan.rows,
    cols: plan.cols,
    rank,
    nullity: plan.cols - rank,
    kernel,
    rankAtMost: rank,
    exact: false,
    errorBound: claimed ? 2 ** CLAIMED_ERROR_LOG2 : 1,
    guarantee,
    blockWidth: plan.blockWidth,
    seed: plan.seed,
    sequenceLength: plan.length,
  };
}

/**
 * Checks A v = 0 for every vector by one product: the vectors as columns
 * of a block, times B, must give zero.
 *
 * @throws {Error} when one is not in the kernel (a bug: they were found as such).
 */
function checkKernel(plan: WiedemannPlan, operator: BlockOperator, kernel: readonly Uint32Array[]): void {
  const stride = 2 * operator.words;
  const capacity = 64 * operator.words;
  for (let first = 0; first < kernel.length; first += capacity) {
    const batch = kernel.slice(first, first + capacity);
    const view = operator.block(0);
    const block = new Uint32Array(view.buffer, view.byteOffset, plan.side * stride);
    block.fill(0);
    batch.forEach((vector, c) => {
      for (let i = 0; i < plan.cols; i++) {
        if (((vector[i >> 5]! >>> (i & 31)) & 1) !== 0) block[i * stride + (c >> 5)]! |= 1 << (c & 31);
      }
    });
    operator.multiply(0, 1);
    const product = operator.block(1);
    const out = new Uint32Array(product.buffer, product.byteOffset, plan.side * stride);
    if (out.some((word) => word !== 0)) {
      throw new Error(
        "internal error in block Wiedemann: a kernel vector failed its check (A v != 0); please report it",
      );
    }
  }
}

export { computeSequence, joinSequence } from "./sequence.js";
export { randomSparseMatrix } from "./random.js";
