// Lights Out on any board, through the press matrix A (column j = the cells
// that pressing j toggles): solve A x = b, the quiet patterns ker A,
// winnability, every solution. Two states (the default) are solved here over
// GF(2); `states: k` > 2 goes to the Z_k solvers of multistate.ts, so that
// callers use one function whatever k is.

import type { MatrixOptions } from "../gf2/bitmatrix.js";
import { BitMatrix } from "../gf2/bitmatrix.js";
import { matrixBytes } from "../internal/layout.js";
import { memoryLimit } from "../internal/memory.js";
import { describe } from "../internal/check.js";
import {
  type Board,
  type CellValues,
  checkBoard,
  checkLevels,
  checkStates,
  checkVector,
  type GridBoard,
  isChaseableRectangle,
  pressTargets,
  type StatesOptions,
} from "./board.js";
import {
  allMultiStateSolutions,
  type MultiStateOptions,
  multiStateQuietPatterns,
  solveMultiState,
} from "./multistate.js";
import { cellCount } from "./_press-walk.js";
import { quietPatternsOnDemand, solveGrid } from "./chase.js";
import {
  type BandedPlan,
  MAX_QUIET_BYTES,
  planBanded,
  quietBanded,
  quietBandedSource,
  solveBanded,
} from "./_banded.js";
import { checkMaxEntries, quietTooLarge } from "../solvers/quiet-limit.js";
import { type PrimePower, type SolutionCounts, withCounts } from "./counts.js";

/**
 * Plain rectangles (plus rule, no torus, no mask, self toggle) with at least
 * this many cells are solved by light chasing: an n x n chase matrix instead
 * of the (mn)^2-bit press matrix (4096 x 4096 in 0.6 s, 10000 x 10000 in 9 s).
 */
const CHASE_FROM_CELLS = 400;

function chaseable(board: Board): board is GridBoard {
  return isChaseableRectangle(board) && board.rows * board.cols >= CHASE_FROM_CELLS;
}

/** Below this many cells the dense press matrix is always cheap (under about 10 ms). */
const DENSE_BELOW_CELLS = 4096;

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

function checkSolveOptions(options: unknown): SolveOptions {
  if (options === undefined) return {};
  if (options === null || typeof options !== "object")
    throw new TypeError(`"options" expected an object, got ${describe(options)}`);
  const o = options as SolveOptions;
  if (o.method !== undefined && o.method !== "auto" && o.method !== "dense" && o.method !== "banded")
    throw new TypeError(`"method" expected "auto", "dense" or "banded", got ${describe(o.method)}`);
  if (o.onProgress !== undefined && typeof o.onProgress !== "function")
    throw new TypeError(`"onProgress" expected a function, got ${describe(o.onProgress)}`);
  if (o.signal !== undefined && !(o.signal instanceof AbortSignal))
    throw new TypeError(`"signal" expected an AbortSignal, got ${describe(o.signal)}`);
  return o;
}

/** Progress and cancellation of a dense elimination. */
function watchOf(o: SolveOptions): { onProgress?: (done: number, total: number) => void; signal?: AbortSignal } {
  return { ...(o.onProgress ? { onProgress: o.onProgress } : {}), ...(o.signal ? { signal: o.signal } : {}) };
}

/** The options of the k-state solvers (k > 2), progress as a fraction. */
function modK(o: SolveOptions, k: number): MultiStateOptions {
  const out: MultiStateOptions = { states: k };
  if (o.method !== undefined) out.method = o.method;
  const onProgress = o.onProgress;
  if (onProgress) out.onProgress = (fraction) => onProgress(fraction, 1);
  if (o.signal) out.signal = o.signal;
  return out;
}

/**
 * The route for a board: chasing for big plain rectangles; otherwise the
 * dense matrix unless the banded estimate is cheaper in work (the dense
 * kernel's Four Russians steps do about 8 row operations' work per lane
 * operation) or the dense matrix would not fit in a block.
 */
function route(board: Board, options: SolveOptions): "chasing" | "dense" | BandedPlan {
  const method = options.method ?? "auto";
  if (method === "dense") return "dense";
  if (method === "auto" && chaseable(board)) return "chasing";
  const n = cellCount(board);
  if (method === "auto" && n < DENSE_BELOW_CELLS) return "dense";
  const plan = planBanded(board);
  if (method === "banded") return plan;
  const denseBytes = n * Math.ceil(n / 64) * 8;
  return plan.estimate.work < n ** 3 / (128 * 8) || denseBytes > 2 ** 30 ? plan : "dense";
}

/** Transposes a row-major rows x cols array of cells. */
function transposeCells(values: ArrayLike<number>, rows: number, cols: number): Uint8Array {
  const out = new Uint8Array(rows * cols);
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) out[c * rows + r] = values[r * cols + c]!;
  return out;
}

/**
 * Solves a plain rectangle by chasing, along its longer side so that the
 * chase matrix is the smaller one (min(rows, cols) square).
 */
function chaseSolve(board: GridBoard, lights: ArrayLike<number>, quiet: boolean, maxQuietEntries?: number) {
  const { rows, cols } = board;
  const options = {
    quiet,
    ...(maxQuietEntries === undefined || maxQuietEntries === Number.POSITIVE_INFINITY ? {} : { maxQuietEntries }),
  };
  if (cols <= rows) return solveGrid(rows, cols, lights, options);
  const g = solveGrid(cols, rows, transposeCells(lights, rows, cols), options);
  const back = (v: Uint8Array) => transposeCells(v, cols, rows);
  const common = { rows, cols, rank: g.rank, nullity: g.nullity, ...(g.quiet ? { quiet: g.quiet.map(back) } : {}) };
  return g.solvable
    ? { ...common, solvable: true as const, presses: back(g.presses), firstRow: g.firstRow }
    : { ...common, solvable: false as const, certificate: back(g.certificate) };
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
  const cells = cellCount(checkBoard(board));
  // a board too big for its matrix fails here, before a list of targets per cell is built
  memoryLimit.check(`a ${cells} x ${cells} GF(2) matrix`, matrixBytes(cells, cells), 0);
  const targets = pressTargets(board);
  const n = targets.length;
  const a = BitMatrix.zeros(n, n, options);
  targets.forEach((t, j) => {
    for (const i of t) a.set(i, j, 1);
  });
  return a;
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
  const o = checkSolveOptions(options);
  const k = checkStates(o);
  if (k !== 2) return solveMultiState(board, lights, modK(o, k));
  return solveGf2(board, lights, o);
}

/** The two-state counts: 2^nullity quiet patterns and 2^rank winnable boards, as exponents (bigints when read). */
function gf2Counts<T extends { solvable: boolean; rank: number; nullity: number }>(s: T): T & SolutionCounts {
  const two = (exponent: number): PrimePower[] => (exponent === 0 ? [] : [{ prime: 2, exponent }]);
  return withCounts(s, s.solvable, two(s.nullity), two(s.rank));
}

/** The two-state route of solveLightsOut. */
function solveGf2(board: Board, lights: ArrayLike<number>, o: SolveOptions): LightsOutSolution<Uint8Array> {
  checkBoard(board);
  const way = route(board, o);
  if (typeof way === "object") {
    checkVector("lights", lights, way.rows.n);
    const s = solveBanded(way, lights, "wasm", o);
    const common = { states: 2, method: "banded" as const, rank: s.rank, nullity: s.nullity };
    return gf2Counts(
      s.solvable
        ? { solvable: true, presses: s.presses, ...common }
        : { solvable: false, presses: null, ...common, proof: s.proof! },
    );
  }
  if (way === "chasing" && chaseable(board)) {
    const cells = board.rows * board.cols;
    checkVector("lights", lights, cells);
    const g = chaseSolve(board, lights, false);
    const common = { states: 2, method: "chasing" as const, rank: cells - g.nullity, nullity: g.nullity };
    return gf2Counts(
      g.solvable
        ? { solvable: true, presses: g.presses, ...common }
        : { solvable: false, presses: null, ...common, proof: g.certificate },
    );
  }
  using a = pressMatrix(board);
  checkVector("lights", lights, a.rows);
  const r = a.solve(lights, watchOf(o));
  const common = { states: 2, method: "dense" as const, rank: r.rank, nullity: r.nullity };
  return gf2Counts(
    r.solvable
      ? { solvable: true, presses: r.x, ...common }
      : { solvable: false, presses: null, ...common, proof: r.certificate },
  );
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
  const o = checkSolveOptions(options);
  const k = checkStates(o);
  const maxEntries = checkMaxEntries("maxEntries", (o as QuietPatternsOptions).maxEntries);
  if (k !== 2) {
    const m = modK(o, k);
    if (maxEntries !== Number.POSITIVE_INFINITY) m.maxQuietEntries = maxEntries;
    return multiStateQuietPatterns(board, m);
  }
  checkBoard(board);
  const way = route(board, o);
  if (typeof way === "object") return quietBanded(way, "wasm", o, false, maxEntries);
  if (way === "chasing" && chaseable(board))
    return chaseSolve(board, new Uint8Array(board.rows * board.cols), true, maxEntries).quiet ?? [];
  using a = pressMatrix(board);
  using basis = a.nullspace(watchOf(o));
  // the nullity is known: the basis as bytes (1 per cell per pattern) is checked before it is built
  const bytes = basis.rows * basis.cols;
  const most = Math.min(MAX_QUIET_BYTES, maxEntries);
  if (bytes > most) {
    throw quietTooLarge(`this ${basis.cols}-cell board`, basis.rows, basis.cols, most);
  }
  return basis.toRows();
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
  const k = checkStates(options);
  checkBoard(board);
  if (k !== 2) return winnabilityModK(board, k);
  // chasing gives no left kernel: plain rectangles go dense when small, banded beyond
  const n = cellCount(board);
  const way = route(board, chaseable(board) ? { method: n < DENSE_BELOW_CELLS ? "dense" : "banded" } : {});
  const checks = typeof way === "object" ? quietBanded(way, "wasm", {}, true) : denseLeftKernel(board);
  return (lights) => {
    checkVector("lights", lights, n);
    return checks.every((y) => {
      let dot = 0;
      for (let i = 0; i < n; i++) dot ^= y[i]! & lights[i]!;
      return dot === 0;
    });
  };
}

/** The k-state winnability test: the quiet generators when A is symmetric, a solve per call otherwise. */
function winnabilityModK(board: Board, k: number): (lights: ArrayLike<number>) => boolean {
  const targets = pressTargets(board);
  const n = targets.length;
  if (!isSymmetric(targets)) {
    return (lights) => solveMultiState(board, lights, { states: k }).solvable;
  }
  const checks = multiStateQuietPatterns(board, { states: k });
  return (lights) => {
    checkLevels("lights", lights, n, k);
    return checks.every((y) => {
      let dot = 0;
      // residues below 2^31: a product can pass 2^53, so mulMod reduces it exactly
      for (let i = 0; i < n; i++) if (y[i] !== 0 && lights[i] !== 0) dot = (dot + mulMod(y[i]!, lights[i]!, k)) % k;
      return dot === 0;
    });
  };
}

/** a * b mod k for a, b < k < 2^31, exactly (a double holds 53 bits, so the product is split). */
function mulMod(a: number, b: number, k: number): number {
  if (a * b <= Number.MAX_SAFE_INTEGER) return (a * b) % k;
  const high = Math.floor(b / 65536);
  const low = b % 65536;
  return (((a * high) % k) * 65536 + a * low) % k;
}

/** Whether press j reaches cell i exactly when press i reaches cell j (A = A^T). */
function isSymmetric(targets: Int32Array[]): boolean {
  for (let j = 0; j < targets.length; j++) {
    for (const i of targets[j]!) {
      if (i === j) continue;
      const back = targets[i]!;
      // targets are sorted: binary search for j
      let lo = 0;
      let hi = back.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (back[mid]! < j) lo = mid + 1;
        else hi = mid;
      }
      if (back[lo] !== j) return false;
    }
  }
  return true;
}

/** A basis of the y with y A = 0, from the dense press matrix. */
function denseLeftKernel(board: Board): Uint8Array[] {
  using a = pressMatrix(board);
  using at = a.transpose();
  using left = at.nullspace();
  return left.toRows();
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
  const k = checkStates(options);
  if (k !== 2) {
    yield* allMultiStateSolutions(board, lights, { states: k });
    return;
  }
  const s = solveGf2(board, lights, {});
  if (!s.presses) return;
  const quiet = quietPatternSource(board);
  const x = s.presses.slice();
  yield x.slice();
  const total = 2 ** s.nullity;
  for (let i = 1; i < total; i++) {
    // Gray code: step i flips the basis vector of i's lowest set bit
    const q = quiet(lowestSetBit(i));
    for (let c = 0; c < x.length; c++) x[c]! ^= q[c]!;
    yield x.slice();
  }
}

/** Index of the lowest set bit of a positive integer below 2^53. */
function lowestSetBit(i: number): number {
  const low = i % 2 ** 32;
  if (low !== 0) return 31 - Math.clz32(low & -low);
  const high = Math.floor(i / 2 ** 32);
  return 32 + 31 - Math.clz32(high & -high);
}

/**
 * The i-th pattern of {@link quietPatterns}, built when first asked: the
 * first N solutions of a chased board need only log2(N) patterns expanded,
 * and the first one none.
 */
function quietPatternSource(board: Board): (i: number) => Uint8Array {
  const cache: Uint8Array[] = [];
  let source: ((i: number) => Uint8Array) | undefined;
  const open = (): ((i: number) => Uint8Array) => {
    if (!chaseable(board)) {
      const way = route(board, {});
      if (typeof way === "object") return quietBandedSource(way);
      const all = quietPatterns(board, { method: "dense" });
      return (i) => all[i]!;
    }
    // as chaseSolve: along the longer side
    const { rows, cols } = board;
    if (cols <= rows) return quietPatternsOnDemand(rows, cols).pattern;
    const across = quietPatternsOnDemand(cols, rows);
    return (i) => transposeCells(across.pattern(i), cols, rows);
  };
  return (i) => {
    source ??= open();
    cache[i] ??= source(i);
    return cache[i];
  };
}
