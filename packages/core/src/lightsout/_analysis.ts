// The one driver behind every Lights Out question (solve, quiet patterns,
// winnability, every solution, fewest presses over Z_k, the chase trace's
// fix): a board, its lights and a ring (solvers/ring.ts, from `states`)
// go to one route, chosen by the board and the ring alike: light chasing
// for big plain rectangles, banded elimination (solvers/banded.ts: GF(2)
// or Z_p) when the ordered press matrix is cheaper to eliminate by its
// band, the dense press matrix (solvers/dense.ts: GF(2) bit-packed, any Z_k
// on residues) otherwise.

import type { BitMatrix, MatrixOptions } from "../gf2/bitmatrix.js";
import { describe } from "../internal/check.js";
import { matrixBytes } from "../internal/layout.js";
import { memoryLimit } from "../internal/memory.js";
import { formatLimit } from "../internal/sizes.js";
import type { CyclicGenerator } from "../rings/zk.js";
import { type BandedSystem, bandedKernel, bandedKernelSource, solveBanded } from "../solvers/banded.js";
import { bitMatrixOf, denseKernel, solveDense } from "../solvers/dense.js";
import { GF2_BITS, MAX_BANDED_PRIME, type Ring, zerosOf } from "../solvers/ring.js";
import { sameRows, transposeRows } from "../solvers/sparse.js";
import { planBanded, targetRows } from "./_banded-plan.js";
import { cellCount } from "./_press-walk.js";
import { type Board, type CellValues, checkBoard, checkValues, type GridBoard, isChaseableRectangle } from "./board.js";
import { chaseBoard, chasedQuietSource } from "./chase.js";

/**
 * Plain rectangles (plus rule, no torus, no mask, self toggle) with at least
 * this many cells are solved by light chasing: an n x n chase system instead
 * of the (mn)^2 press matrix (4096 x 4096 in 0.6 s, 10000 x 10000 in 9 s).
 */
const CHASE_FROM_CELLS = 400;

/** Whether `auto` solves a board by light chasing. */
export function chaseable(board: Board): board is GridBoard {
  return isChaseableRectangle(board) && board.rows * board.cols >= CHASE_FROM_CELLS;
}

/** Below this many cells the dense press matrix is always cheap (under about 10 ms over GF(2)). */
const DENSE_BELOW_CELLS = 4096;

/**
 * Largest board (k > 2, not a plain rectangle) solved through the full press
 * matrix: its residues must fit in one 1 GiB block of WebAssembly memory.
 * Elimination is cubic: on a 2-core AMD EPYC, 4096 cells over Z_3 take
 * about 5 s; 16,000 cells several minutes (see docs/BENCHMARKS.md).
 * Two states have no such limit beyond the GF(2) engine's own.
 *
 * @example
 * ```ts
 * const board = gridBoard(100, 100, { torus: true }); // 10,000 cells <= MAX_MULTISTATE_DENSE_CELLS
 * solveLightsOut(board, new Array(10_000).fill(1), { states: 4, method: "dense" }).method; // "dense"
 * ```
 */
export const MAX_MULTISTATE_DENSE_CELLS = 16_000;

/**
 * Largest prime number of light states the banded route takes (`method:
 * "banded"` with more than two states needs a prime up to this).
 *
 * @example
 * ```ts
 * const k = 7;
 * const banded = k <= MAX_BANDED_PRIME; // true: 7 is a prime up to 46337
 * ```
 */
export { MAX_BANDED_PRIME };

/** The route, its progress and cancellation, and the caller's cap on quiet patterns. */
export interface AnalysisOptions {
  method?: "auto" | "dense" | "banded";
  /** (done, total): columns over GF(2), (fraction, 1) over residues. */
  onProgress?: (done: number, total: number) => void;
  signal?: AbortSignal;
  /** Most entries (patterns x cells) of the quiet patterns, checked as soon as their number is known. */
  maxQuietEntries?: number;
}

/** Checks the route options (the messages every solver gives). */
export function checkAnalysisOptions<T extends AnalysisOptions>(options: unknown): T {
  if (options === undefined) return {} as T;
  if (options === null || typeof options !== "object")
    throw new TypeError(`"options" expected an object, got ${describe(options)}`);
  const o = options as T;
  if (o.method !== undefined && o.method !== "auto" && o.method !== "dense" && o.method !== "banded")
    throw new TypeError(`"method" expected "auto", "dense" or "banded", got ${describe(o.method)}`);
  if (o.onProgress !== undefined && typeof o.onProgress !== "function")
    throw new TypeError(`"onProgress" expected a function, got ${describe(o.onProgress)}`);
  if (o.signal !== undefined && !(o.signal instanceof AbortSignal))
    throw new TypeError(`"signal" expected an AbortSignal, got ${describe(o.signal)}`);
  return o;
}

/**
 * The route for a board over a ring: chasing for big plain rectangles; the
 * dense matrix for small boards and rings the banded kernel does not take;
 * otherwise banded, over GF(2) unless the estimate of work (the dense
 * kernel's Four Russians steps do about 8 row operations' work per lane
 * operation) or memory (a dense matrix past one block) favours dense.
 */
export function routeFor(
  board: Board,
  ring: Ring,
  method: "auto" | "dense" | "banded",
): "chasing" | "dense" | BandedSystem {
  if (method === "dense") return "dense";
  if (method === "auto" && chaseable(board)) return "chasing";
  if (method === "banded" && !ring.banded) {
    throw new RangeError(`method "banded" expected a prime number of states up to ${MAX_BANDED_PRIME}, got ${ring.k}`);
  }
  const n = cellCount(board);
  if (method === "auto" && (n < DENSE_BELOW_CELLS || !ring.banded)) return "dense";
  const plan = planBanded(board);
  if (method === "banded" || !ring.bits) return plan;
  const denseBytes = n * Math.ceil(n / 64) * 8;
  return plan.estimate.work < n ** 3 / (128 * 8) || denseBytes > 2 ** 30 ? plan : "dense";
}

/** Progress as the public functions report it: columns over GF(2), the fraction done as (fraction, 1) over residues. */
function progressOf(ring: Ring, o: AnalysisOptions): AnalysisOptions {
  const onProgress = o.onProgress;
  const watch: AnalysisOptions = o.signal ? { signal: o.signal } : {};
  if (onProgress) watch.onProgress = ring.bits ? onProgress : (done, total) => onProgress(done / total, 1);
  return watch;
}

/** What the driver answers for a board. */
export interface BoardAnswer {
  ring: Ring;
  cells: number;
  solvable: boolean;
  presses: CellValues | null;
  rank: number;
  nullity: number;
  method: "chasing" | "dense" | "banded";
  proof?: CellValues;
  lastRowProof?: Uint32Array;
  /**
   * Generators of the quiet patterns: always over residues (every residue
   * route finds them), over GF(2) when only they were asked for.
   */
  quiet?: CellValues[];
  /** Residues: the quiet patterns as a direct sum of cyclic groups. */
  cyclic?: CyclicGenerator[];
}

/** -b mod k per cell: residue routes solve A x = -b. */
function minus(lights: ArrayLike<number>, k: number): Uint32Array {
  return Uint32Array.from({ length: lights.length }, (_, i) => (lights[i]! === 0 ? 0 : k - lights[i]!));
}

/** The rows of the press matrix A (row i: the presses that change cell i). */
function pressRows(board: Board) {
  return transposeRows(targetRows(board));
}

/**
 * Solves a board over a ring: presses x with lights + A x = 0; with
 * `lights` null, only the quiet patterns (A x = 0), which the residue
 * routes give with every solve.
 *
 * @throws {TypeError | RangeError} for a malformed board, options or lights; {RangeError} when the route
 *   passes a memory limit, the quiet patterns the caller's cap or, with residues, the dense route's size.
 */
export function analyse(board: Board, lights: ArrayLike<number> | null, ring: Ring, options: unknown): BoardAnswer {
  const o = checkAnalysisOptions(options);
  checkBoard(board);
  const cells = cellCount(board);
  const given = lights ?? zerosOf(ring, cells);
  // residues are checked before the route; bits once it is chosen and, for a dense matrix, known to fit
  if (!ring.bits) checkValues("lights", given, cells, ring);
  const way = routeFor(board, ring, o.method ?? "auto");
  if (ring.bits && way === "dense") checkBitMatrix(cells);
  if (ring.bits) checkValues("lights", given, cells, ring);
  const watch = progressOf(ring, o);
  const most = o.maxQuietEntries ?? Number.POSITIVE_INFINITY;
  const quietOnly = ring.bits && lights === null;
  const base = { ring, cells };
  if (way === "chasing" && chaseable(board)) {
    const s = chaseBoard(board, given, ring, quietOnly, most);
    return { ...base, method: "chasing", ...s };
  }
  if (quietOnly) {
    const quiet =
      typeof way === "object" ? bandedKernel(way, 2, "wasm", watch, false, most) : denseQuiet(board, watch, most);
    return { ...base, method: typeof way === "object" ? "banded" : "dense", ...quietAnswer(cells, quiet) };
  }
  const b = ring.bits ? given : minus(given, ring.k);
  if (typeof way === "object") {
    const { x, kernel, ...s } = solveBanded(
      way,
      ring.k,
      b,
      "wasm",
      watch,
      ring.bits ? undefined : { maxEntries: most },
    );
    // over Z_p every generator has order p
    const cyclic = kernel?.map((generator) => ({ generator: generator as Uint32Array, order: ring.k }));
    return { ...base, method: "banded", ...s, presses: x, ...(kernel ? { quiet: kernel, cyclic } : {}) };
  }
  if (!ring.bits && cells > MAX_MULTISTATE_DENSE_CELLS) {
    throw new RangeError(
      formatLimit({
        subject: `a board with ${ring.k} states`,
        max: MAX_MULTISTATE_DENSE_CELLS,
        got: cells,
        unit: ["cell", "cells"],
        why: "dense elimination",
        hint: `plain rectangles are solved by chasing, and any board with a prime number of states up to ${MAX_BANDED_PRIME} by banded elimination`,
      }),
    );
  }
  const { x, kernel, ...s } = solveDense(pressRows(board), b, ring, watch, most);
  return { ...base, method: "dense", ...s, presses: x, ...(kernel ? { quiet: kernel } : {}) };
}

/** A quiet basis alone, as an answer (GF(2): every board winnable iff the basis is empty). */
function quietAnswer(cells: number, quiet: CellValues[]) {
  return {
    solvable: true,
    presses: null,
    rank: cells - quiet.length,
    nullity: quiet.length,
    quiet,
  };
}

/** Checks a cells x cells GF(2) matrix against the memory limit, before its press lists are built. */
function checkBitMatrix(cells: number): void {
  memoryLimit.check(`a ${cells} x ${cells} GF(2) matrix`, matrixBytes(cells, cells), 0);
}

/** The press matrix of a board over GF(2) (the caller disposes it). */
export function pressBitMatrix(board: Board, options?: MatrixOptions): BitMatrix {
  return bitMatrixOf(cellCount(board), () => pressRows(board), options);
}

function denseQuiet(board: Board, watch: AnalysisOptions, most: number): Uint8Array[] {
  using a = pressBitMatrix(board);
  return denseKernel(a, watch, false, most);
}

/**
 * What decides winnability with no solving per board: y with y A = 0 (b is
 * winnable exactly when y . b = 0 for each); null when the caller had
 * better solve each board (residues, a press matrix that is not symmetric).
 */
export function winnabilityChecks(board: Board, ring: Ring): CellValues[] | null {
  if (!ring.bits) return isSymmetric(board) ? analyse(board, null, ring, {}).quiet! : null;
  // chasing gives no left kernel: plain rectangles go dense when small, banded beyond
  const n = cellCount(board);
  const way = routeFor(board, ring, chaseable(board) ? (n < DENSE_BELOW_CELLS ? "dense" : "banded") : "auto");
  if (typeof way === "object") return bandedKernel(way, 2, "wasm", {}, true);
  using a = pressBitMatrix(board);
  return denseKernel(a, {}, true);
}

/** Whether the press matrix is symmetric (A = A^T): press j reaches cell i exactly when press i reaches cell j. */
function isSymmetric(board: Board): boolean {
  const t = targetRows(board);
  return sameRows(t, transposeRows(t));
}

/**
 * The i-th pattern of the GF(2) quiet basis, built when first asked: the
 * first N solutions of a chased board need only log2(N) patterns expanded,
 * and the first one none.
 */
export function quietSource(board: Board): (i: number) => Uint8Array {
  const cache: Uint8Array[] = [];
  let source: ((i: number) => Uint8Array) | undefined;
  const open = (): ((i: number) => Uint8Array) => {
    if (!chaseable(board)) {
      const way = routeFor(board, GF2_BITS, "auto");
      if (typeof way === "object") return bandedKernelSource(way, 2) as (i: number) => Uint8Array;
      const all = analyse(board, null, GF2_BITS, { method: "dense" }).quiet as Uint8Array[];
      return (i) => all[i]!;
    }
    return chasedQuietSource(board);
  };
  return (i) => {
    source ??= open();
    cache[i] ??= source(i);
    return cache[i];
  };
}
