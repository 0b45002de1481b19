// Lights Out over GF(2) on any board, through the press matrix A (column j
// = the cells that pressing j toggles): solve A x = b, the quiet patterns
// ker A, winnability, every solution, random solvable puzzles.

import type { MatrixOptions } from "../gf2/bitmatrix.js";
import { BitMatrix } from "../gf2/bitmatrix.js";
import { xoshiro128 } from "../gf2/_random.js";
import { matrixBytes } from "../gf2/_layout.js";
import { memoryLimit } from "../gf2/_memory.js";
import { describe } from "../gf2/_check.js";
import { type Board, boardTopology, checkBoard, checkVector, type GridBoard, pressTargets } from "./board.js";
import { addPressesInOrder, cellCount } from "./_press-walk.js";
import { quietPatternsOnDemand, solveGrid } from "./chase.js";

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
 * @returns Solvability, one solution, counts, and a proof when unsolvable.
 * @throws {TypeError | RangeError} for a malformed board or lights of the wrong length.
 * @example
 * ```ts
 * const s = solveLightsOut(gridBoard(5, 5), new Array(25).fill(1));
 * s.solvable; // true; s.solutions === 4n
 * ```
 */
export function solveLightsOut(board: Board, lights: ArrayLike<number>): LightsOutSolution {
  checkBoard(board);
  if (chaseable(board)) {
    const cells = board.rows * board.cols;
    checkVector("lights", lights, cells);
    const g = chaseSolve(board, lights, false);
    const rank = cells - g.nullity;
    const counts = { rank, nullity: g.nullity, winnableBoards: 1n << BigInt(rank) };
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
 * @returns nullity vectors of 0/1 per cell (empty when every board is winnable).
 * @example
 * ```ts
 * quietPatterns(gridBoard(5, 5)).length; // 2
 * ```
 */
export function quietPatterns(board: Board): Uint8Array[] {
  checkBoard(board);
  if (chaseable(board)) return chaseSolve(board, new Uint8Array(board.rows * board.cols), true).quiet ?? [];
  using a = pressMatrix(board);
  using basis = a.nullspace();
  return basis.toRows();
}

/**
 * Prepares a winnability test that needs no solving per board: b is winnable
 * exactly when it is orthogonal to every y with y A = 0 (for symmetric rules,
 * every quiet pattern).
 *
 * @param board - Any board.
 * @returns A function of the lights: true when they can all be switched off.
 * @example
 * ```ts
 * const winnable = winnabilityTest(gridBoard(5, 5));
 * winnable(new Array(25).fill(1)); // true
 * ```
 */
export function winnabilityTest(board: Board): (lights: ArrayLike<number>) => boolean {
  using a = pressMatrix(board);
  using at = a.transpose();
  using left = at.nullspace();
  const checks = left.toRows();
  const n = a.rows;
  return (lights) => {
    checkVector("lights", lights, n);
    return checks.every((y) => {
      let dot = 0;
      for (let i = 0; i < n; i++) dot ^= y[i]! & lights[i]!;
      return dot === 0;
    });
  };
}

/**
 * Every solution of a board, lazily, in Gray-code order: x0, then each next
 * one differs from the previous by one quiet pattern. Quiet patterns are
 * built as the enumeration first needs them, so taking the first N solutions
 * of a big chased rectangle expands about log2(N) of them, not the whole basis.
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
      const all = quietPatterns(board);
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

/**
 * A uniformly random winnable board: random presses applied to a dark board
 * (each winnable board is reached by the same number of press sets).
 *
 * @param board - Any board.
 * @param options - `seed` (default 0): the same seed gives the same puzzle.
 * @returns The lights, one 0/1 per cell.
 * @throws {TypeError | RangeError} for a malformed board or seed.
 * @example
 * ```ts
 * const lights = randomPuzzle(gridBoard(5, 5), { seed: 42 });
 * ```
 */
export function randomPuzzle(board: Board, options: { seed?: number } = {}): Uint8Array {
  const seed = options.seed ?? 0;
  if (typeof seed !== "number" || !Number.isSafeInteger(seed))
    throw new TypeError(`"seed" expected a safe integer, got ${describe(seed)}`);
  checkBoard(board);
  const next = xoshiro128(seed);
  const lights = new Uint8Array(cellCount(board));
  addPressesInOrder(board, 2, () => next() & 1, lights);
  return lights;
}
