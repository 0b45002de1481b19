// Fewest presses: the minimum-weight solution of a board (exact: over
// GF(2) the coset x0 + ker A split into independent blocks, each enumerated
// in Gray-code order in WASM; over Z_k every solution), and the
// distribution of minimum press counts over all winnable boards of a board.

import type { EngineName } from "../gf2/bitmatrix.js";
import { checkInteger, describe } from "../internal/check.js";
import { strideWords } from "../internal/layout.js";
import { formatCount, formatLimit } from "../internal/sizes.js";
import { lexLess } from "../solvers/bits.js";
import { type CosetBlock, MAX_SPLIT_ENTRIES, minimiseBlocks, planCoset } from "../solvers/blocks.js";
import { type CosetBest, cosetDistribution, leastInCoset, type ScanControl, splitCosets } from "../solvers/coset.js";
import { cosetDistributionNaive, leastInCosetNaive } from "../solvers/coset-naive.js";
import { odometerStep } from "../solvers/odometer.js";
import { type Ring, ringOf } from "../solvers/ring.js";
import { analyse } from "./_analysis.js";
import { cellCount } from "./_press-walk.js";
import {
  type Board,
  type CellValues,
  checkBoard,
  checkStates,
  checkVector,
  pressTargets,
  type StatesOptions,
} from "./board.js";
import { countValue, formatPrimePowers } from "./counts.js";
import { countFactors, pressMatrix } from "./solve.js";

/**
 * Largest nullity the enumeration accepts at all: Gray-code indices are 32-bit.
 *
 * @example
 * ```ts
 * // Accept up to 2^31 candidate solutions, whatever the time it takes.
 * fewestPresses(gridBoard(5, 5), new Array(25).fill(1), { maxNullity: MAX_ENUMERATED_NULLITY });
 * ```
 */
export const MAX_ENUMERATED_NULLITY = 31;

/**
 * Default nullity limit of {@link fewestPresses} for a board of `cells`
 * cells: 28 up to 128 cells, one less for each doubling of the vector length
 * beyond. Measured (release WASM, 2-core EPYC, Node 20): 2^28 members take
 * 0.6 s at 1 lane (<= 128 cells, ~450 M members/s), 1.0 s at 2 lanes
 * (<= 256 cells), 2.6 s at 4 lanes, 4.5 s at 8 lanes (1024 cells), so the
 * default keeps the worst case near half a second to a second.
 *
 * @param cells - Number of cells of the board.
 * @returns The default `maxNullity`.
 * @example
 * ```ts
 * defaultMaxNullity(25); // 28
 * ```
 */
export function defaultMaxNullity(cells: number): number {
  const lanes = strideWords(Math.max(1, cells)) / 2;
  return Math.max(10, 28 - Math.ceil(Math.log2(lanes)));
}

/**
 * Without `maxNullity`, fewestPresses takes blocks whose costs, each counted
 * as 2^(dimension - defaultMaxNullity(cells)), add up to at most this: a few
 * seconds of enumeration, however many blocks there are.
 */
const DEFAULT_BLOCK_BUDGET = 4;

/**
 * Options of {@link cosetMinimum} and {@link fewestPresses}.
 *
 * @example
 * ```ts
 * const options: FewestOptions = { engine: "ts", onProgress: (done, total) => console.log(done, total) };
 * cosetMinimum([1, 1, 0], [[1, 1, 1]], options).weight; // 1
 * ```
 */
export interface FewestOptions extends ScanControl {
  /** "wasm" (default) or the TypeScript twin "ts". */
  engine?: EngineName;
}

/**
 * The least weight in a coset and its lexicographically smallest member.
 *
 * @example
 * ```ts
 * const best: CosetMinimum = cosetMinimum([1, 1, 0], [[1, 1, 1]]); // the coset {110, 001}
 * best.weight; // 1
 * best.vector; // Uint8Array [0, 0, 1]
 * ```
 */
export type CosetMinimum = CosetBest;

function checkEngine(engine: unknown): EngineName {
  if (engine === undefined) return "wasm";
  if (engine !== "wasm" && engine !== "ts")
    throw new TypeError(`"engine" expected "wasm" or "ts", got ${describe(engine)}`);
  return engine;
}

/**
 * The least weight in the coset `x0 + span(basis)` over GF(2), and among the
 * vectors of that weight the lexicographically smallest (compare entry 0
 * first; a 0 is smaller than a 1). Enumerates all 2^k members in Gray-code
 * order: one XOR and one popcount per member.
 *
 * @param x0 - One 0/1 entry per coordinate.
 * @param basis - k vectors of the same length (any spanning list; duplicates cost time, not correctness).
 * @param options - Engine ("wasm" default, or "ts"), abort signal, progress callback.
 * @returns `{ weight, vector }`.
 * @throws {RangeError} when lengths differ or k > 31; {TypeError} for entries other than 0/1.
 * @example
 * ```ts
 * cosetMinimum([1, 1, 1], [[1, 1, 0]]); // { weight: 1, vector: Uint8Array [0, 0, 1] }
 * ```
 */
export function cosetMinimum(
  x0: ArrayLike<number>,
  basis: readonly ArrayLike<number>[],
  options: FewestOptions = {},
): CosetMinimum {
  const engine = checkEngine(options.engine);
  if (x0 === null || typeof x0 !== "object" || typeof x0.length !== "number") {
    throw new TypeError(`"x0" expected an array of 0/1, got ${describe(x0)}`);
  }
  checkVector("x0", x0, x0.length);
  if (!Array.isArray(basis)) throw new TypeError(`"basis" expected an array of vectors, got ${describe(basis)}`);
  if (basis.length > MAX_ENUMERATED_NULLITY) {
    throw new RangeError(
      formatLimit({
        subject: '"basis"',
        max: MAX_ENUMERATED_NULLITY,
        got: basis.length,
        unit: ["vector", "vectors"],
        why: "its 2^k members are enumerated",
      }),
    );
  }
  basis.forEach((b, i) => checkVector(`basis[${i}]`, b, x0.length));
  return engine === "ts" ? leastInCosetNaive(x0, basis, options) : leastInCoset(x0, basis, options);
}

/**
 * Options of {@link fewestPresses}.
 *
 * @example
 * ```ts
 * const options: FewestPressesOptions = { maxNullity: 20, signal: AbortSignal.timeout(5_000) };
 * fewestPresses(gridBoard(5, 5), new Array(25).fill(1), options).count; // 15
 * fewestPresses(gridBoard(4, 4), new Array(16).fill(1), { states: 3, limit: 1000 }).count;
 * ```
 */
export interface FewestPressesOptions extends FewestOptions, StatesOptions {
  /**
   * Two states: largest dimension of one independent block of the quiet
   * patterns to enumerate (2^dimension members); default
   * {@link defaultMaxNullity} of the block's cells; at most 31.
   */
  maxNullity?: number;
  /**
   * More than two states: most solutions to enumerate (default
   * 2^20).
   */
  limit?: number;
}

/**
 * A minimum-press solution.
 *
 * @example
 * ```ts
 * const best: FewestPresses = fewestPresses(gridBoard(5, 5), new Array(25).fill(1));
 * best.count;   // 15, the least of the 4 solutions
 * best.optimal; // true
 * ```
 */
export interface FewestPresses<P extends CellValues = CellValues> {
  /** Whether the board can be switched off at all. */
  solvable: boolean;
  /**
   * The fewest presses, 0..k-1 per cell (0/1 for two states); among all
   * minimum solutions the lexicographically smallest (cell 0 first). Null
   * when unsolvable.
   */
  presses: P | null;
  /** Number of presses of `presses`, counted with multiplicity (pressing a cell 2 times counts 2); null when unsolvable. */
  count: number | null;
  /** Always true: the minimum is proven by exhaustive enumeration. */
  optimal: true;
  /** The fewest generators of the quiet patterns (two states: the dimension, 2^nullity solutions). */
  nullity: number;
  /** Number of solutions (all of them searched); 0 when unsolvable. */
  solutions: bigint;
}

/**
 * The exact minimum-press solution of a board. Two states: the solutions form the coset
 * x0 + Q of the quiet patterns Q, which splits into independent blocks:
 * subspaces of Q on disjoint sets of cells (the connected components of the
 * reduced echelon basis of Q, rows linked when they share a cell; no basis
 * splits finer). The number of presses is the sum over the blocks, so each
 * block's 2^dimension members are enumerated on their own, in Gray-code
 * order in WASM, over the block's cells only: a board whose quiet patterns
 * fall into two blocks of 16 (the 20 x 20 torus with the x rule, nullity 32)
 * costs 2 x 2^16 members, not 2^32. The minimum is returned, and among the
 * minimum solutions the lexicographically smallest (cell 0 first, as POJ
 * 3279 asks). More states (`states: k`): presses count with multiplicity
 * (pressing a cell 2 times counts 2), and every solution is enumerated
 * (odometer steps over the cyclic decomposition of the quiet patterns), at
 * most `limit` of them.
 *
 * @param board - Any board.
 * @param lights - One state 0..k-1 per cell.
 * @param options - `states` (default 2); `limit` (more states: most solutions to enumerate, default
 *   2^20); `maxNullity`: the largest block dimension to enumerate (default
 *   {@link defaultMaxNullity} of the block's cells: 28 for up to 128 cells, and the blocks together
 *   at most 4 enumerations at their limits), engine, abort signal, progress callback (members
 *   scanned over all blocks).
 * @returns `{ solvable, presses, count, optimal: true, nullity, solutions }`.
 * @throws {RangeError} when a solvable board has a block of dimension above `maxNullity`, or by default
 *   blocks that together cost more than 4 enumerations at their limits (beyond them, use
 *   `fewestPressesByIlp`: the same blocks, enumerated while the time allows, then
 *   integer programming with HiGHS, under a time limit), or when nullity x cells exceeds 2^26 (the
 *   quiet basis is not built); with more states when the board has more solutions than `limit`, naming
 *   both; {TypeError | RangeError} for a bad board, k or lights.
 * @example
 * ```ts
 * fewestPresses(gridBoard(5, 5), new Array(25).fill(1)).count; // 15
 * fewestPresses(gridBoard(20, 20, { torus: true, rule: "x" }), new Array(400).fill(1)).count; // 80: 2 blocks of 16
 * fewestPresses(gridBoard(1, 3), [2, 2, 2], { states: 3 }).count; // 1: press the middle cell once
 * ```
 */
export function fewestPresses(
  board: Board,
  lights: ArrayLike<number>,
  options?: FewestPressesOptions & { states?: 2 },
): FewestPresses<Uint8Array>;
/**
 * The exact minimum-press solution of a board with k states (see the two-state signature).
 *
 * @param board - Any board.
 * @param lights - One state 0..k-1 per cell.
 * @param options - `states` (default 2), `limit` (more states), `maxNullity`, engine and progress (two states),
 *   abort signal.
 * @returns `{ solvable, presses, count, optimal: true, nullity, solutions }`: presses a Uint8Array for two
 *   states, a Uint32Array for more.
 * @example
 * ```ts
 * const k: number = 3;
 * fewestPresses(gridBoard(1, 3), [2, 2, 2], { states: k }).count; // 1
 * ```
 */
export function fewestPresses(board: Board, lights: ArrayLike<number>, options?: FewestPressesOptions): FewestPresses;
export function fewestPresses(
  board: Board,
  lights: ArrayLike<number>,
  options: FewestPressesOptions = {},
): FewestPresses {
  return fewestOver(board, lights, ringOf(checkStates(options)), options);
}

/**
 * The driver of {@link fewestPresses} over a ring. GF(2): the coset x0 + Q
 * split into independent blocks, each enumerated in Gray-code order (the
 * kernel, or its twin with `engine: "ts"`). Residues: every solution, by
 * odometer steps over the cyclic decomposition of the quiet patterns, the
 * weight kept up to date per changed entry.
 */
export function fewestOver(
  board: Board,
  lights: ArrayLike<number>,
  ring: Ring,
  options: FewestPressesOptions,
): FewestPresses {
  if (!ring.bits) return fewestByEnumeration(board, lights, ring, options);
  checkBoard(board);
  const engine = checkEngine(options.engine);
  using a = pressMatrix(board);
  const cells = a.rows;
  checkVector("lights", lights, cells);
  const limit =
    options.maxNullity === undefined
      ? undefined
      : checkInteger("maxNullity", options.maxNullity, 0, MAX_ENUMERATED_NULLITY);
  const plan = planCoset(a, lights);
  // an unsolvable board needs no enumeration, whatever its nullity
  if (!plan.solvable)
    return { solvable: false, presses: null, count: null, optimal: true, nullity: plan.nullity, solutions: 0n };
  if (plan.blocks === null) {
    throw new RangeError(
      `fewestPresses splits the solutions into independent blocks, and this board's nullity ${plan.nullity}` +
        ` x ${cells} cells exceeds the ${MAX_SPLIT_ENTRIES} entries of quiet basis it builds; use fewestPressesByIlp`,
    );
  }
  checkBlockBudget(plan.nullity, plan.blocks, limit);
  const x = plan.x;
  minimiseBlocks(x, plan.blocks, engine === "ts" ? leastInCosetNaive : leastInCoset, options);
  let count = 0;
  for (const v of x) count += v;
  return {
    solvable: true,
    presses: x,
    count,
    optimal: true,
    nullity: plan.nullity,
    solutions: 1n << BigInt(plan.nullity),
  };
}

/** Throws when a block passes the enumeration limit, or (by default) the blocks together cost too much. */
function checkBlockBudget(nullity: number, blocks: readonly CosetBlock[], limit: number | undefined): void {
  let budget = 0;
  for (const block of blocks) {
    const dim = block.basis.length;
    const max = limit ?? defaultMaxNullity(block.cells.length);
    if (dim > max) {
      throw new RangeError(
        formatLimit({
          subject:
            `fewestPresses enumerates each independent block of solutions: a block on ${formatCount(block.cells.length, "cell")}` +
            ` of this board (nullity ${nullity})`,
          max,
          got: dim,
          unit: ["dimension", "dimensions"],
          why: `maxNullity, at most ${MAX_ENUMERATED_NULLITY}`,
          hint: "use fewestPressesByIlp (longer enumeration, then integer programming with HiGHS, under a time limit)",
        }),
      );
    }
    budget += 2 ** (dim - max);
  }
  // by default the blocks share the time of a few enumerations at the limit, not one each
  if (limit === undefined && budget > DEFAULT_BLOCK_BUDGET) {
    throw new RangeError(
      `fewestPresses enumerates each independent block of solutions, and this board (nullity ${nullity})` +
        ` has ${blocks.length} blocks that together cost ${budget.toFixed(1)} enumerations at the default limit,` +
        ` above ${DEFAULT_BLOCK_BUDGET}; pass maxNullity to allow them, or use fewestPressesByIlp (under a time limit)`,
    );
  }
}

/**
 * Largest number of solutions that {@link fewestPresses} enumerates by
 * default with more than two states (its `limit`).
 *
 * @example
 * ```ts
 * fewestPresses(gridBoard(4, 4), new Array(16).fill(0), { states: 3, limit: MAX_ENUMERATED_SOLUTIONS }).count; // 0
 * ```
 */
export const MAX_ENUMERATED_SOLUTIONS = 1 << 20;

/** Residues: the least count over every solution (at most `limit`), ties to the lexicographically smallest. */
function fewestByEnumeration(
  board: Board,
  lights: ArrayLike<number>,
  ring: Ring,
  options: FewestPressesOptions,
): FewestPresses {
  const limit = options.limit ?? MAX_ENUMERATED_SOLUTIONS;
  if (typeof limit !== "number" || !Number.isSafeInteger(limit) || limit < 1) {
    throw new RangeError(`"limit" expected a positive safe integer, got ${describe(limit)}`);
  }
  const a = analyse(board, lights, ring, options.signal ? { signal: options.signal } : {});
  const { k } = ring;
  if (!a.presses)
    return { solvable: false, presses: null, count: null, optimal: true, nullity: a.nullity, solutions: 0n };
  // the count from its exponents: a huge one is neither built nor written in decimal
  const { quietCountFactors } = countFactors(k, a.cells, a.nullity, a.cyclic);
  const bits = quietCountFactors.reduce((sum, f) => sum + f.exponent * Math.log2(f.prime), 0);
  const solutions = bits < 60 ? Number(countValue(quietCountFactors)) : Number.POSITIVE_INFINITY;
  if (solutions > limit) {
    throw new RangeError(
      formatLimit({
        subject: `fewest presses over Z_${k} (${formatCount(a.nullity, "quiet generator")})`,
        max: limit,
        // the count may be past 2^53: written from its prime powers
        got: `${formatPrimePowers(quietCountFactors)} solutions`,
        unit: ["solution", "solutions"],
        why: "every solution is enumerated",
      }),
    );
  }
  const x = (a.presses as Uint32Array).slice();
  let weight = x.reduce((acc, v) => acc + v, 0);
  let best = x.slice();
  let count = weight;
  const digits = new Array<number>(a.cyclic!.length).fill(0);
  for (
    let delta = odometerStep(x, digits, a.cyclic!, k);
    delta !== null;
    delta = odometerStep(x, digits, a.cyclic!, k)
  ) {
    weight += delta;
    if (weight < count || (weight === count && lexLess(x, best))) {
      best = x.slice();
      count = weight;
    }
  }
  return { solvable: true, presses: best, count, optimal: true, nullity: a.nullity, solutions: BigInt(solutions) };
}

/**
 * Options of {@link optimalDistribution}.
 *
 * @example
 * ```ts
 * const options: DistributionOptions = { engine: "ts" };
 * optimalDistribution(gridBoard(3, 3, { torus: true }), options).counts; // [1n, 9n, 15n, 7n]
 * optimalDistribution(gridBoard(2, 2), { states: 3 }).counts[0]; // 1n: only the dark board needs no press
 * ```
 */
export interface DistributionOptions extends ScanControl, StatesOptions {
  /** Two states: "wasm" (default) or the TypeScript twin "ts" (slow; for tests). */
  engine?: EngineName;
}

/**
 * How many winnable boards need each minimum number of presses.
 *
 * @example
 * ```ts
 * const d: OptimalDistribution = optimalDistribution(gridBoard(4, 4));
 * d.rank;   // 12: 4096 winnable boards ...
 * d.counts; // [1n, 16n, 120n, 560n, 1387n, 1440n, 540n, 32n]: ... none needs more than 7 presses
 * ```
 */
export interface OptimalDistribution {
  /** Number of light states k. */
  states: number;
  /**
   * counts[p] = number of winnable boards whose fewest presses (counted with
   * multiplicity) is p, up to the maximum (no trailing zeros).
   */
  counts: bigint[];
  /** Number of cells. */
  cells: number;
  /** cells - nullity: for two states, the rank of the press matrix. */
  rank: number;
  /** The fewest generators of the quiet patterns (two states: their dimension). */
  nullity: number;
  /** Number of winnable boards: the sum of counts (2^rank for two states). */
  winnableBoards: bigint;
}

/**
 * Largest work exponent of {@link optimalDistribution}: 2^rank boards x
 * 2^nullity solutions popcounts. Measured (release WASM, 2-core EPYC): 5 x 5
 * (2^25) 0.11 s; 5 x 6 through the kernel (2^30) 4.2 s; 6 x 6 (2^36) 298 s.
 * 2^34 is about a minute.
 *
 * @example
 * ```ts
 * // Boards with quiet patterns cost 2^(rank + nullity) = 2^cells popcounts:
 * 5 * 6 <= MAX_DISTRIBUTION_WORK; // true: optimalDistribution(gridBoard(5, 6)) runs (nullity 0 boards always do)
 * ```
 */
export const MAX_DISTRIBUTION_WORK = 34;

/** C(n, w) for w = 0..n. */
function binomials(n: number): bigint[] {
  const row = [1n];
  for (let i = 1; i <= n; i++) row.push((row[i - 1]! * BigInt(n - i + 1)) / BigInt(i));
  return row;
}

/**
 * Largest board {@link optimalDistribution} builds the press matrix of (two states).
 *
 * @example
 * ```ts
 * optimalDistribution(gridBoard(20, 20)).counts.length; // 401: invertible, so the binomial coefficients C(400, p)
 * optimalDistribution(gridBoard(65, 64)); // throws RangeError: more than MAX_DISTRIBUTION_CELLS cells
 * ```
 */
export const MAX_DISTRIBUTION_CELLS = 4096;

/** A board as error messages name it: "5 x 6 = 30" for a plain grid, else its cells. */
function sizeOf(board: Board, cells: number): string {
  return board.kind === "grid" && !board.mask ? `a ${board.rows} x ${board.cols} board` : `a board of ${cells} cells`;
}

/**
 * The distribution of minimum press counts over all winnable boards of a
 * board. Two states (5 x 5: all 2^23 boards, in about 0.1 s): invertible
 * boards give the binomial coefficients (one solution per board). Every
 * press vector lies in exactly one coset of the quiet patterns, and each
 * coset is one winnable board; the canonical representatives (zero at the
 * pivots of the reduced quiet basis) are enumerated in Gray-code order in
 * WASM, each with the least weight over its 2^nullity members. More states
 * (`states: k`): a breadth-first search from the dark board where each edge
 * is one press (adds 1 mod k to a cell and its targets), so a board's depth
 * is its fewest presses counted with multiplicity, and the boards reached
 * are exactly the winnable ones (k^cells at most
 * {@link MAX_MULTISTATE_DISTRIBUTION_BOARDS}).
 *
 * @param board - Any board.
 * @param options - `states` (default 2); engine (two states); abort signal and progress.
 * @returns The counts indexed by press count, with rank, nullity, cells and the number of winnable boards.
 * @throws {RangeError} with two states for more than {@link MAX_DISTRIBUTION_CELLS} cells, more than 64 cells
 *   with nullity > 0, or more than 2^{@link MAX_DISTRIBUTION_WORK} popcounts of work (2^rank boards x
 *   2^nullity solutions); with more states when k^cells is too large to index, naming both;
 *   {TypeError | RangeError} for a bad board or k.
 * @example
 * ```ts
 * const d = optimalDistribution(gridBoard(5, 5));
 * d.counts.length - 1; // 15: the all-on board needs 15 presses, no board more
 * d.counts[15];         // 7350n
 * optimalDistribution(gridBoard(3, 3), { states: 3 }).winnableBoards; // 19683n: invertible over Z_3
 * ```
 */
export function optimalDistribution(board: Board, options: DistributionOptions = {}): OptimalDistribution {
  const ring = ringOf(checkStates(options));
  const engine = checkEngine(options.engine);
  return ring.bits ? distributionByCosets(board, engine, options) : distributionBySearch(board, ring, options);
}

/** GF(2): the least weight of every coset of the quiet patterns (the kernel, or its twin). */
function distributionByCosets(board: Board, engine: EngineName, options: DistributionOptions): OptimalDistribution {
  const cells = cellCount(checkBoard(board));
  if (cells > MAX_DISTRIBUTION_CELLS) {
    throw new RangeError(
      formatLimit({
        subject: sizeOf(board, cells),
        max: MAX_DISTRIBUTION_CELLS,
        got: cells,
        unit: ["cell", "cells"],
      }),
    );
  }
  using a = pressMatrix(board);
  using q = a.nullspace();
  const basis = q.toRows();
  const nullity = basis.length;
  const rank = cells - nullity;
  const result = (counts: bigint[]) => ({
    states: 2,
    counts,
    cells,
    rank,
    nullity,
    winnableBoards: 1n << BigInt(rank),
  });
  // Invertible: each board has one solution, so p presses <-> C(cells, p) boards.
  if (nullity === 0) return result(binomials(cells));
  if (cells > 64) {
    throw new RangeError(
      formatLimit({
        subject: `${sizeOf(board, cells)} of nullity ${nullity}`,
        max: 64,
        got: cells,
        unit: ["cell", "cells"],
        why: "when the nullity is not 0",
      }),
    );
  }
  if (rank + nullity > MAX_DISTRIBUTION_WORK) {
    const name = board.kind === "grid" && !board.mask ? `${board.rows} x ${board.cols}` : `${cells} cells`;
    throw new RangeError(
      `optimalDistribution needs 2^${rank} boards x 2^${nullity} solutions = 2^${rank + nullity} popcounts for ${name}; ` +
        `the limit is 2^${MAX_DISTRIBUTION_WORK}`,
    );
  }
  const split = splitCosets(cells, basis);
  const counts =
    engine === "ts" ? cosetDistributionNaive(cells, split, options) : cosetDistribution(cells, split, options);
  while (counts.length > 1 && counts[counts.length - 1] === 0n) counts.pop();
  return result(counts);
}

/**
 * Largest k^cells that {@link optimalDistribution} indexes with more than
 * two states (one byte per possible board).
 *
 * @example
 * ```ts
 * 3 ** 16 <= MAX_MULTISTATE_DISTRIBUTION_BOARDS; // true: the 4 x 4 board over Z_3 fits
 * ```
 */
export const MAX_MULTISTATE_DISTRIBUTION_BOARDS = 2 ** 27;

/**
 * Residues (any ring, GF(2) on residues too): a breadth-first search from
 * the dark board where each edge is one press (adds 1 mod k to a cell and
 * its targets), so a board's depth is its fewest presses counted with
 * multiplicity, and the boards reached are exactly the winnable ones.
 */
export function distributionBySearch(board: Board, ring: Ring, options: ScanControl): OptimalDistribution {
  const { k } = ring;
  const targets = pressTargets(checkBoard(board));
  const cells = targets.length;
  const size = k ** cells;
  if (size > MAX_MULTISTATE_DISTRIBUTION_BOARDS) {
    throw new RangeError(
      `a distribution over Z_${k} expected k^cells <= 2^27, got ${k}^${cells}` +
        (cells * Math.log2(k) < 60 ? ` = ${k ** cells}` : ""),
    );
  }
  const power = Array.from({ length: cells }, (_, i) => k ** i);
  const seen = new Uint8Array(size);
  let frontier = new Float64Array([0]);
  seen[0] = 1;
  const counts = [1];
  let winnable = 1;
  const dark = analyse(board, new Uint32Array(cells), ring, {});
  const total = Number(countValue(countFactors(k, cells, dark.nullity, dark.cyclic).winnableBoardsFactors));
  while (frontier.length > 0) {
    options.signal?.throwIfAborted();
    const next: number[] = [];
    for (const code of frontier) {
      for (const t of targets) {
        let c = code;
        for (const i of t) c += Math.floor(code / power[i]!) % k === k - 1 ? -(k - 1) * power[i]! : power[i]!;
        if (seen[c]) continue;
        seen[c] = 1;
        next.push(c);
      }
    }
    if (next.length === 0) break;
    counts.push(next.length);
    winnable += next.length;
    frontier = Float64Array.from(next);
    options.onProgress?.(winnable, total);
  }
  return {
    states: k,
    counts: counts.map(BigInt),
    cells,
    rank: dark.rank,
    nullity: dark.nullity,
    winnableBoards: BigInt(winnable),
  };
}
