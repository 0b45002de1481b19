// Lights Out over GF(2) on any board, through the press matrix A (column j
// = the cells that pressing j toggles): solve A x = b, the quiet patterns
// ker A, winnability, every solution, random solvable puzzles.

import type { MatrixOptions } from "../gf2/bitmatrix.js";
import { BitMatrix } from "../gf2/bitmatrix.js";
import { matrixBytes } from "../internal/layout.js";
import { memoryLimit } from "../internal/memory.js";
import { describe } from "../internal/check.js";
import { type Board, boardTopology, checkBoard, checkVector, type GridBoard, pressTargets } from "./board.js";
import { cellCount } from "./_press-walk.js";
import { quietPatternsOnDemand, solveGrid } from "./chase.js";
import { type BandedPlan, planBanded, quietBanded, quietBandedSource, solveBanded } from "./_banded.js";

/**
 * Plain rectangles (plus rule, no torus, no mask, self toggle) with at least
 * this many cells are solved by light chasing: an n x n chase matrix instead
 * of the (mn)^2-bit press matrix (4096 x 4096 in 0.6 s, 10000 x 10000 in 9 s).
 */
const CHASE_FROM_CELLS = 400;

function chaseable(board: Board): board is GridBoard {
  return (
    board.kind === "grid" &&
    boardTopology(board) === "plane" &&
    !board.mask &&
    (board.rule === undefined || board.rule === "plus") &&
    board.selfToggle !== false &&
    board.rows * board.cols >= CHASE_FROM_CELLS
  );
}

/** Below this many cells the dense press matrix is always cheap (under about 10 ms). */
const DENSE_BELOW_CELLS = 4096;

/**
 * Options of {@link solveLightsOut} and {@link quietPatterns}: which route,
 * progress and cancellation.
 *
 * @example
 * ```ts
 * const options: SolveOptions = { method: "banded", onProgress: (done, total) => console.log(done / total) };
 * solveLightsOut(gridBoard(300, 300, { torus: true }), new Array(90_000).fill(1), options).method; // "banded"
 * ```
 */
export interface SolveOptions {
  /**
   * "dense": eliminate the full press matrix (cells^2 bits, cubic work;
   * about 92,000 cells at most). "banded": renumber the cells so that the
   * press matrix is banded and eliminate only the band (memory about cells x
   * bandwidth bits, work cells x bandwidth^2 / 128 lane operations; any local
   * board). "auto" (default): light chasing for plain rectangles of 400
   * cells or more, dense below 4096 cells, otherwise whichever of dense and
   * banded the estimate of work and memory favours.
   */
  method?: "auto" | "dense" | "banded";
  /** Called during a banded elimination with (columns done, columns in all). */
  onProgress?: (done: number, total: number) => void;
  /** Cancels a banded elimination: the signal's reason is thrown, and its memory is freed. */
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
function chaseSolve(board: GridBoard, lights: ArrayLike<number>, quiet: boolean) {
  const { rows, cols } = board;
  if (cols <= rows) return solveGrid(rows, cols, lights, { quiet });
  const g = solveGrid(cols, rows, transposeCells(lights, rows, cols), { quiet });
  const back = (v: Uint8Array) => transposeCells(v, cols, rows);
  const common = { rows, cols, rank: g.rank, nullity: g.nullity, ...(g.quiet ? { quiet: g.quiet.map(back) } : {}) };
  return g.solvable
    ? { ...common, solvable: true as const, presses: back(g.presses), firstRow: g.firstRow }
    : { ...common, solvable: false as const, certificate: back(g.certificate) };
}

/**
 * The answer to a Lights Out board.
 *
 * @example
 * ```ts
 * const s: LightsOutSolution = solveLightsOut(gridBoard(5, 5), new Array(25).fill(1));
 * s.rank;           // 23
 * s.solutions;      // 4n
 * s.winnableBoards; // 8388608n (2^23)
 * ```
 */
export interface LightsOutSolution {
  /** Whether the lights can all be switched off. */
  solvable: boolean;
  /** One set of presses (0/1 per cell) that switches them off; null when unsolvable. */
  presses: Uint8Array | null;
  /** Rank of the press matrix over GF(2). */
  rank: number;
  /** Dimension of the quiet patterns: cells - rank. */
  nullity: number;
  /** Number of press sets that solve the board: 2^nullity, or 0 when unsolvable. */
  solutions: bigint;
  /** Number of winnable boards: 2^rank. */
  winnableBoards: bigint;
  /** How it was solved: light chasing, the dense press matrix, or banded elimination. */
  method: "chasing" | "dense" | "banded";
  /**
   * When unsolvable: y with y A = 0 and y . b = 1, the proof. For symmetric
   * rules (all the named ones) y is a quiet pattern that covers an odd number
   * of lit cells.
   */
  proof?: Uint8Array;
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
 * Solves a board: which cells to press to switch every light off.
 *
 * @param board - Any board.
 * @param lights - One 0/1 per cell (cells are numbered row-major over the cells present).
 * @param options - The route (`method`), `onProgress` and `signal`.
 * @returns Solvability, one solution, counts, the route taken, and a proof when unsolvable.
 * @throws {TypeError | RangeError} for a malformed board, bad options or lights of the wrong length.
 * @throws {RangeError} naming the memory needed when the route chosen would pass the memory limit
 *   (checked before anything large is allocated).
 * @throws The signal's reason when aborted.
 * @example
 * ```ts
 * const s = solveLightsOut(gridBoard(5, 5), new Array(25).fill(1));
 * s.solvable; // true; s.solutions === 4n
 * ```
 */
export function solveLightsOut(board: Board, lights: ArrayLike<number>, options?: SolveOptions): LightsOutSolution {
  checkBoard(board);
  const o = checkSolveOptions(options);
  const way = route(board, o);
  if (typeof way === "object") {
    checkVector("lights", lights, way.rows.n);
    const s = solveBanded(way, lights, "wasm", o);
    const counts = {
      method: "banded" as const,
      rank: s.rank,
      nullity: s.nullity,
      winnableBoards: 1n << BigInt(s.rank),
    };
    return s.solvable
      ? { solvable: true, presses: s.presses, ...counts, solutions: 1n << BigInt(s.nullity) }
      : { solvable: false, presses: null, ...counts, solutions: 0n, proof: s.proof! };
  }
  if (way === "chasing" && chaseable(board)) {
    const cells = board.rows * board.cols;
    checkVector("lights", lights, cells);
    const g = chaseSolve(board, lights, false);
    const rank = cells - g.nullity;
    const counts = { method: "chasing" as const, rank, nullity: g.nullity, winnableBoards: 1n << BigInt(rank) };
    return g.solvable
      ? { solvable: true, presses: g.presses, ...counts, solutions: 1n << BigInt(g.nullity) }
      : { solvable: false, presses: null, ...counts, solutions: 0n, proof: g.certificate };
  }
  using a = pressMatrix(board);
  checkVector("lights", lights, a.rows);
  const r = a.solve(lights);
  const winnableBoards = 1n << BigInt(r.rank);
  if (!r.solvable) {
    return {
      solvable: false,
      presses: null,
      method: "dense",
      rank: r.rank,
      nullity: r.nullity,
      solutions: 0n,
      winnableBoards,
      proof: r.certificate,
    };
  }
  return {
    solvable: true,
    presses: r.x,
    method: "dense",
    rank: r.rank,
    nullity: r.nullity,
    solutions: 1n << BigInt(r.nullity),
    winnableBoards,
  };
}

/**
 * A basis of the quiet patterns: press sets that change no light (ker A).
 *
 * @param board - Any board.
 * @param options - The route (`method`), `onProgress` and `signal`, as for {@link solveLightsOut}.
 * @returns nullity vectors of 0/1 per cell (empty when every board is winnable).
 * @throws {RangeError} when the basis would take more than 1 GiB (nullity x cells bytes), naming its size.
 * @example
 * ```ts
 * quietPatterns(gridBoard(5, 5)).length; // 2
 * ```
 */
export function quietPatterns(board: Board, options?: SolveOptions): Uint8Array[] {
  checkBoard(board);
  const o = checkSolveOptions(options);
  const way = route(board, o);
  if (typeof way === "object") return quietBanded(way, "wasm", o);
  if (way === "chasing" && chaseable(board))
    return chaseSolve(board, new Uint8Array(board.rows * board.cols), true).quiet ?? [];
  using a = pressMatrix(board);
  using basis = a.nullspace();
  return basis.toRows();
}

/**
 * Prepares a winnability test that needs no solving per board: b is winnable
 * exactly when it is orthogonal to every y with y A = 0 (for symmetric rules,
 * every quiet pattern).
 *
 * @param board - Any board (big local boards by the banded route, as {@link solveLightsOut}).
 * @returns A function of the lights: true when they can all be switched off.
 * @throws {RangeError} when the press matrix or the basis of the y would not fit in memory, naming the size.
 * @example
 * ```ts
 * const winnable = winnabilityTest(gridBoard(5, 5));
 * winnable(new Array(25).fill(1)); // true
 * ```
 */
export function winnabilityTest(board: Board): (lights: ArrayLike<number>) => boolean {
  checkBoard(board);
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

/** A basis of the y with y A = 0, from the dense press matrix. */
function denseLeftKernel(board: Board): Uint8Array[] {
  using a = pressMatrix(board);
  using at = a.transpose();
  using left = at.nullspace();
  return left.toRows();
}

/**
 * Every solution of a board, lazily, in Gray-code order: x0, then each next
 * one differs from the previous by one quiet pattern. Quiet patterns are
 * built as the enumeration first needs them, so taking the first N solutions
 * of a big chased rectangle (or of a board on the banded route) expands
 * about log2(N) of them, not the whole basis.
 *
 * @param board - Any board.
 * @param lights - One 0/1 per cell.
 * @returns An iterator of press sets (empty when unsolvable); 2^nullity in all.
 * @example
 * ```ts
 * for (const presses of allSolutions(gridBoard(5, 5), new Array(25).fill(1))) console.log(presses);
 * ```
 */
export function* allSolutions(board: Board, lights: ArrayLike<number>): Generator<Uint8Array, void, undefined> {
  const s = solveLightsOut(board, lights);
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
