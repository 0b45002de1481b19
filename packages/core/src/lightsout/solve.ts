// Lights Out on any board, through the press matrix A (column j = the cells
// that pressing j toggles): solve A x = b, the quiet patterns ker A,
// winnability, every solution. `states` becomes a ring once, here
// (solvers/ring.ts: GF(2) for two states, residues mod k beyond), and every
// question goes to the one driver, _analysis.ts, with that ring.

import type { MatrixOptions } from "../gf2/bitmatrix.js";
import type { BitMatrix } from "../gf2/bitmatrix.js";
import { mulMod } from "../modular/arith.js";
import { lowestSetBit } from "../solvers/bits.js";
import { odometer } from "../solvers/odometer.js";
import { checkMaxEntries } from "../solvers/quiet-limit.js";
import { type Ring, ringOf } from "../solvers/ring.js";
import type { CyclicGenerator } from "../rings/zk.js";
import { analyse, checkAnalysisOptions, pressBitMatrix, quietSource, winnabilityChecks } from "./_analysis.js";
import { cellCount } from "./_press-walk.js";
import { type Board, type CellValues, checkBoard, checkStates, checkValues, type StatesOptions } from "./board.js";
import { type PrimePower, primePowersOf, withCounts } from "./counts.js";

export { MAX_BANDED_PRIME, MAX_MULTISTATE_DENSE_CELLS } from "./_analysis.js";

/**
 * Options of {@link solveLightsOut} and {@link quietPatterns}: the number of
 * states, which route, progress and cancellation.
 *
 * @example
 * ```ts
 * const options: SolveOptions = { method: "banded", onProgress: (done, total) => console.log(done / total) };
 * solveLightsOut(gridBoard(300, 300, { torus: true }), new Array(90_000).fill(1), options).method; // "banded"
 * solveLightsOut(gridBoard(3, 3), new Array(9).fill(2), { states: 3 }).solvable; // true
 * ```
 */
export interface SolveOptions extends StatesOptions {
  /**
   * "dense": eliminate the full press matrix (two states: cells^2 bits,
   * cubic work, about 92,000 cells at most; more states: residues, at most
   * `MAX_MULTISTATE_DENSE_CELLS` cells). "banded": renumber the cells
   * so that the press matrix is banded and eliminate only the band (memory
   * about cells x bandwidth entries; any local board; more than two states
   * need a prime k up to 46337). "auto" (default): light chasing for plain
   * rectangles of 400 cells or more; with two states dense below 4096 cells,
   * otherwise whichever of dense and banded the estimate of work and memory
   * favours; with more states banded for a prime k on 4096 cells or more,
   * otherwise dense.
   */
  method?: "auto" | "dense" | "banded";
  /**
   * Called during an elimination with (done, total): two states report
   * columns (done of total) of the banded or dense elimination; more states
   * report the fraction done as (fraction, 1), for dense and banded
   * eliminations. Chasing does not report.
   */
  onProgress?: (done: number, total: number) => void;
  /** Cancels an elimination: the signal's reason is thrown, and its memory is freed. */
  signal?: AbortSignal;
}

/**
 * The answer to a Lights Out board. Press counts are 0/1 (a Uint8Array)
 * for two states, 0..k-1 (a Uint32Array) for k states.
 *
 * @example
 * ```ts
 * const s: LightsOutSolution = solveLightsOut(gridBoard(5, 5), new Array(25).fill(1));
 * s.rank;           // 23
 * s.solutions;      // 4n
 * s.winnableBoards; // 8388608n (2^23), built when read
 * s.winnableBoardsFactors; // [{ prime: 2, exponent: 23 }]: the same, exact at any size
 * const t: LightsOutSolution = solveLightsOut(gridBoard(4, 4), new Array(16).fill(1), { states: 3 });
 * t.quietCount;     // 9n: two quiet generators of order 3
 * ```
 */
export interface LightsOutSolution<P extends CellValues = CellValues> {
  /** Number of light states k (2 unless asked otherwise). */
  states: number;
  /** Whether every light can be brought to 0 (switched off). */
  solvable: boolean;
  /** One solution: how many times to press each cell, 0..k-1 (0/1 for two states); null when unsolvable. */
  presses: P | null;
  /**
   * cells - nullity: for two states (and any prime k) the rank of the press
   * matrix over the field.
   */
  rank: number;
  /**
   * The fewest generators of the quiet patterns: for two states (and any
   * prime k) the dimension of the null space of the press matrix.
   */
  nullity: number;
  /**
   * Number of press vectors that solve the board: quietCount, or 0 when
   * unsolvable. Built when first read (see `quietCountFactors`).
   */
  solutions: bigint;
  /**
   * Number of quiet patterns (press vectors that change nothing, pressing
   * nothing included): 2^nullity for two states. Built when first read.
   */
  quietCount: bigint;
  /**
   * Number of winnable boards: k^cells / quietCount (2^rank for two
   * states). Built when first read: 2^rank of a 10000 x 10000 grid is a
   * 12.5 MB bigint (and 3^cells over Z_3 takes seconds), so a caller that
   * only needs the size reads `winnableBoardsFactors` instead.
   */
  winnableBoards: bigint;
  /**
   * quietCount as prime powers, ascending primes, exact at any size and
   * free to compute: `[{ prime: 2, exponent: nullity }]` for two states
   * (`[]` when the count is 1); over Z_k a product of powers of the primes
   * of k. `solutions` is this count when solvable, else 0.
   */
  quietCountFactors: readonly PrimePower[];
  /** winnableBoards as prime powers, ascending primes: `[{ prime: 2, exponent: rank }]` for two states. */
  winnableBoardsFactors: readonly PrimePower[];
  /** How it was solved: light chasing, the dense press matrix, or banded elimination. */
  method: "chasing" | "dense" | "banded";
  /**
   * When unsolvable: y (0..k-1 per cell) with y A = 0 and y . b != 0
   * (mod k), the proof that no presses clear the board. For two states and
   * symmetric rules (all the named ones) y is a quiet pattern that covers an
   * odd number of lit cells. Always present for two states and after an
   * elimination; after chasing with more states, present when the quiet
   * pattern built from `lastRowProof` checks out.
   */
  proof?: P;
  /**
   * Chasing with more than two states, when unsolvable: y over the cells of
   * the last chased row with y C = 0 and y . d != 0 (mod k), where C z = -d
   * is the chase system of the first-row presses z.
   */
  lastRowProof?: P;
}

/**
 * The press matrix A of a board: A[i][j] = 1 when pressing cell j toggles cell i.
 *
 * @param board - Any board.
 * @param options - Engine of the matrix.
 * @returns A cells x cells matrix (the caller disposes it).
 * @throws {TypeError | RangeError} for a malformed board; RangeError, before anything is allocated,
 *   when the matrix would pass the memory limit (see setMemoryLimit).
 * @example
 * ```ts
 * using a = pressMatrix(gridBoard(5, 5));
 * a.rank(); // 23
 * ```
 */
export function pressMatrix(board: Board, options?: MatrixOptions): BitMatrix {
  // a board too big for its matrix fails before its press lists are built
  return pressBitMatrix(checkBoard(board), options);
}

/**
 * Solves a board: how many times to press each cell so that every light
 * goes to 0. Two states (the default) are solved over GF(2), bit-packed:
 * light chasing on plain rectangles of 400 cells or more (10000 x 10000 in
 * about 9 s), the dense press matrix, or banded elimination. With `states:
 * k` a press adds 1 (mod k) to its cell and its targets, and the board is
 * solved exactly over Z_k for any k, prime or composite: light chasing on
 * plain rectangles (256 x 256 over Z_3 in about 0.45 s), banded elimination
 * for a prime k up to 46337 on 4096 cells or more, otherwise elimination
 * of the full press matrix in WebAssembly (cubic, at most
 * `MAX_MULTISTATE_DENSE_CELLS` cells).
 *
 * @param board - Any board.
 * @param lights - One state 0..k-1 per cell (cells are numbered row-major over the cells present).
 * @param options - `states` (default 2), the route (`method`), `onProgress` and `signal`.
 * @returns Solvability, one solution, counts, the route taken, and a proof when unsolvable.
 * @throws {TypeError | RangeError} for a malformed board, bad options, k outside 2..`MAX_STATES`, or
 *   lights of the wrong length or range.
 * @throws {RangeError} naming the memory needed when the route chosen would pass the memory limit
 *   (checked before anything large is allocated); with more than two states, for a composite k (or a prime
 *   above 46337) on a board that is neither a plain rectangle nor at most
 *   `MAX_MULTISTATE_DENSE_CELLS` cells.
 * @throws The signal's reason when aborted.
 * @example
 * ```ts
 * const s = solveLightsOut(gridBoard(5, 5), new Array(25).fill(1));
 * s.solvable; // true; s.solutions === 4n
 * const t = solveLightsOut(gridBoard(3, 3), [2, 1, 1, 1, 1, 2, 0, 2, 1], { states: 3 });
 * applyPresses(gridBoard(3, 3), [2, 1, 1, 1, 1, 2, 0, 2, 1], t.presses!, { states: 3 }); // all 0
 * ```
 */
export function solveLightsOut(
  board: Board,
  lights: ArrayLike<number>,
  options?: SolveOptions & { states?: 2 },
): LightsOutSolution<Uint8Array>;
/**
 * Solves a board with k states (see the two-state signature).
 *
 * @param board - Any board.
 * @param lights - One state 0..k-1 per cell.
 * @param options - `states` (default 2), the route (`method`), `onProgress` and `signal`.
 * @returns Solvability, one solution (a Uint8Array for two states, a Uint32Array for more), counts, the route,
 *   and a proof when unsolvable.
 * @example
 * ```ts
 * const k: number = 3;
 * solveLightsOut(gridBoard(4, 4), new Array(16).fill(1), { states: k }).quietCount; // 9n
 * ```
 */
export function solveLightsOut(board: Board, lights: ArrayLike<number>, options?: SolveOptions): LightsOutSolution;
export function solveLightsOut(board: Board, lights: ArrayLike<number>, options?: SolveOptions): LightsOutSolution {
  const o = checkAnalysisOptions<SolveOptions>(options);
  return solveOver(board, lights, ringOf(checkStates(o)), o);
}

/** {@link solveLightsOut} over a ring (residues at k = 2 too: tests cross-check the engines so). */
export function solveOver(
  board: Board,
  lights: ArrayLike<number>,
  ring: Ring,
  options: SolveOptions,
): LightsOutSolution {
  const s = analyse(board, lights, ring, options);
  const { quietCountFactors, winnableBoardsFactors } = countFactors(s.ring.k, s.cells, s.nullity, s.cyclic);
  const common = { states: s.ring.k, method: s.method, rank: s.rank, nullity: s.nullity };
  const proofs = {
    ...(s.proof ? { proof: s.proof } : {}),
    ...(s.lastRowProof ? { lastRowProof: s.lastRowProof } : {}),
  };
  return withCounts(
    { solvable: s.solvable, presses: s.presses, ...common, ...proofs },
    s.solvable,
    quietCountFactors,
    winnableBoardsFactors,
  );
}

/**
 * The counts of a board as powers of the primes of k: the quiet patterns
 * number the product of the cyclic generators' orders (each a divisor of
 * k; over a field k^nullity), the winnable boards k^cells over that.
 */
export function countFactors(k: number, cells: number, nullity: number, cyclic?: readonly CyclicGenerator[]) {
  const primes = primePowersOf(k);
  const quiet = primes.map(({ prime }) => ({ prime, exponent: 0 }));
  if (!cyclic) quiet[0]!.exponent = nullity; // a prime k: every generator has order k
  for (const { order } of cyclic ?? []) {
    let rest = order;
    for (const f of quiet) {
      for (; rest % f.prime === 0; rest /= f.prime) f.exponent++;
    }
  }
  const winnable = primes.map(({ prime, exponent }, i) => ({ prime, exponent: exponent * cells - quiet[i]!.exponent }));
  return {
    quietCountFactors: quiet.filter((f) => f.exponent > 0),
    winnableBoardsFactors: winnable.filter((f) => f.exponent > 0),
  };
}

/**
 * Generators of the quiet patterns: press vectors that change no light
 * (ker A). Every quiet pattern is a combination of them (for two states a
 * sum; for k states with coefficients 0..k-1), and adding one to a solution
 * gives another. For two states, and any prime k, they are a basis of the
 * null space; for a composite k as few generators as possible.
 *
 * @param board - Any board.
 * @param options - `states` (default 2), the route (`method`), `onProgress` and `signal`, as for
 *   {@link solveLightsOut}; `maxEntries`, a cap on the basis (patterns x cells).
 * @returns nullity vectors of press counts per cell (empty when every board is winnable).
 * @throws {RangeError} when the basis would take more than 1 GiB (nullity x cells bytes) or `maxEntries`,
 *   naming its size, before any pattern is built; as {@link solveLightsOut} for bad input and sizes.
 * @example
 * ```ts
 * quietPatterns(gridBoard(5, 5)).length; // 2
 * quietPatterns(gridBoard(4, 4), { states: 3 }).length; // 2
 * ```
 */
export function quietPatterns(board: Board, options?: QuietPatternsOptions & { states?: 2 }): Uint8Array[];
/**
 * Generators of the quiet patterns with k states (see the two-state signature).
 *
 * @param board - Any board.
 * @param options - `states` (default 2), the route (`method`), `onProgress` and `signal`.
 * @returns The generators: Uint8Arrays for two states, Uint32Arrays for more.
 * @example
 * ```ts
 * const k: number = 3;
 * quietPatterns(gridBoard(4, 4), { states: k }).length; // 2
 * ```
 */
export function quietPatterns(board: Board, options?: QuietPatternsOptions): CellValues[];
export function quietPatterns(board: Board, options?: QuietPatternsOptions): CellValues[] {
  const o = checkAnalysisOptions<QuietPatternsOptions>(options);
  const ring = ringOf(checkStates(o));
  const maxQuietEntries = checkMaxEntries("maxEntries", o.maxEntries);
  return analyse(board, null, ring, { ...o, maxQuietEntries }).quiet ?? [];
}

/**
 * Options of {@link quietPatterns}: those of {@link solveLightsOut} and a
 * cap on the basis.
 *
 * @example
 * ```ts
 * const options: QuietPatternsOptions = { maxEntries: 2 ** 28 }; // at most 256 MiB of patterns
 * quietPatterns(gridBoard(1200, 1200, { torus: true }), options); // RangeError: 192 patterns of 1440000 cells
 * ```
 */
export interface QuietPatternsOptions extends SolveOptions {
  /**
   * Most entries (patterns x cells) the basis may hold. Over it, a
   * RangeError naming the sizes comes as soon as the nullity is known,
   * before any pattern is built: after the elimination (the smaller part of
   * the work on big boards: building 192 patterns of the 1200 x 1200 torus
   * takes about 6 times as long as eliminating it). Default: no cap of the
   * caller's; each route's own limit applies anyway (1 GiB of patterns).
   */
  maxEntries?: number;
}

/**
 * Prepares a winnability test that needs no solving per board: b is winnable
 * exactly when it is orthogonal to every y with y A = 0 (for symmetric rules,
 * every quiet pattern). Over Z_k as over GF(2): the image of A is exactly
 * the set of b with y . b = 0 (mod k) for every such y (Z_k is a Frobenius
 * ring; in the Smith normal form A = U D V a board is winnable when each
 * entry of U^-1 b is a multiple of gcd(d_i, k)). With more than two states
 * the y are the quiet generators when A is symmetric (every named rule and
 * every graph); a board whose press matrix is not symmetric (some custom
 * offsets) is solved per call instead.
 *
 * @param board - Any board (big local boards by the banded route, as {@link solveLightsOut}).
 * @param options - `states`: k (default 2).
 * @returns A function of the lights (one state 0..k-1 per cell): true when they can all be brought to 0.
 * @throws {RangeError} when the press matrix or the basis of the y would not fit in memory, naming the size;
 *   as {@link solveLightsOut} for a bad board or k.
 * @example
 * ```ts
 * const winnable = winnabilityTest(gridBoard(5, 5));
 * winnable(new Array(25).fill(1)); // true
 * winnabilityTest(gridBoard(4, 4), { states: 3 })(new Array(16).fill(1)); // true
 * ```
 */
export function winnabilityTest(board: Board, options?: StatesOptions): (lights: ArrayLike<number>) => boolean {
  const ring = ringOf(checkStates(options));
  checkBoard(board);
  const n = cellCount(board);
  const checks = winnabilityChecks(board, ring);
  // no checks to hand (residues, a press matrix that is not symmetric): solved per call
  if (!checks) return (lights) => analyse(board, lights, ring, {}).solvable;
  const { k } = ring;
  return (lights) => {
    checkValues("lights", lights, n, ring);
    return checks.every((y) => {
      let dot = 0;
      // residues below 2^31: a product can pass 2^53, so mulMod reduces it exactly
      for (let i = 0; i < n; i++) if (y[i] !== 0 && lights[i] !== 0) dot = (dot + mulMod(y[i]!, lights[i]!, k)) % k;
      return dot === 0;
    });
  };
}

/**
 * Every solution of a board, lazily. Two states: in Gray-code order, x0,
 * then each next one differs from the previous by one quiet pattern; quiet
 * patterns are built as the enumeration first needs them, so taking the
 * first N solutions of a big chased rectangle (or of a board on the banded
 * route) expands about log2(N) of them, not the whole basis. More states:
 * odometer steps over the cyclic decomposition of the quiet patterns (each
 * step adds one generator).
 *
 * @param board - Any board.
 * @param lights - One state 0..k-1 per cell.
 * @param options - `states` (default 2).
 * @returns An iterator of press vectors (empty when unsolvable); `solutions` of them in all.
 * @throws {TypeError | RangeError} as {@link solveLightsOut}, at the first step.
 * @example
 * ```ts
 * for (const presses of allSolutions(gridBoard(5, 5), new Array(25).fill(1))) console.log(presses);
 * Array.from(allSolutions(gridBoard(4, 4), new Array(16).fill(1), { states: 3 })).length; // 9
 * ```
 */
export function allSolutions(
  board: Board,
  lights: ArrayLike<number>,
  options?: StatesOptions & { states?: 2 },
): Generator<Uint8Array, void, undefined>;
/**
 * Every solution of a board with k states (see the two-state signature).
 *
 * @param board - Any board.
 * @param lights - One state 0..k-1 per cell.
 * @param options - `states` (default 2).
 * @returns An iterator of press vectors: Uint8Arrays for two states, Uint32Arrays for more.
 * @example
 * ```ts
 * const k: number = 3;
 * Array.from(allSolutions(gridBoard(4, 4), new Array(16).fill(1), { states: k })).length; // 9
 * ```
 */
export function allSolutions(
  board: Board,
  lights: ArrayLike<number>,
  options?: StatesOptions,
): Generator<CellValues, void, undefined>;
export function* allSolutions(
  board: Board,
  lights: ArrayLike<number>,
  options?: StatesOptions,
): Generator<CellValues, void, undefined> {
  const ring = ringOf(checkStates(options));
  const s = analyse(board, lights, ring, {});
  if (!s.presses) return;
  if (ring.bits) yield* grayWalk(s.presses as Uint8Array, s.nullity, quietSource(board));
  else yield* odometer(s.presses as Uint32Array, s.cyclic!, ring.k);
}

/**
 * x, then in Gray-code order every x + a sum of quiet patterns: each next
 * one differs from the previous by one pattern, built as first needed.
 */
function* grayWalk(
  start: Uint8Array,
  nullity: number,
  quiet: (i: number) => Uint8Array,
): Generator<Uint8Array, void, undefined> {
  const x = start.slice();
  yield x.slice();
  const total = 2 ** nullity;
  for (let i = 1; i < total; i++) {
    // step i flips the basis vector of i's lowest set bit
    const q = quiet(lowestSetBit(i));
    for (let c = 0; c < x.length; c++) x[c]! ^= q[c]!;
    yield x.slice();
  }
}
