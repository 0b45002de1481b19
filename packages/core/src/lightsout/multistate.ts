// Multi-state Lights Out: every light has k states 0..k-1 and a press adds 1
// (mod k) to its cell and to each of its targets (the same targets as the
// two-state game, `pressTargets`). Presses x in 0..k-1 per cell clear lights
// b when b + A x = 0 (mod k), i.e. A x = -b over the ring Z_k, solved
// exactly for any k (composite too): plain rectangles of 400 cells or more
// by light chasing over Z_k; k = 2 by the GF(2) engine (bit-packed, any
// board it handles); a prime k up to 46337 on boards of 4096 cells or more
// by the banded route over Z_p (_banded-zp.ts: memory cells x bandwidth);
// other boards by the unit-pivot elimination of the full press matrix in
// WebAssembly (rings/_schur.ts).

import { describe } from "../internal/check.js";
import { xoshiro128 } from "../internal/random.js";
import { checkZpSize } from "../modular/zp-kernel.js";
import { type CyclicGenerator, MAX_MODULUS, type RingMatrix, solveFlatModK } from "../rings/zk.js";
import { type Board, boardTopology, checkBoard, type GridBoard, gridBoard, pressTargets } from "./board.js";
import { quietPatterns, solveLightsOut } from "./solve.js";
import { bandOrder } from "./_band-order.js";
import { chaseModK } from "./_multistate-chase.js";
import { addPressesInOrder, cellCount } from "./_press-walk.js";
import { isPrime } from "../fields/prime.js";
import { planBanded } from "./_banded.js";
import { MAX_BANDED_PRIME, solveBandedModP } from "./_banded-zp.js";

/** Boards of at least this many cells with a prime number of states go by the banded route (memory cells x band). */
const BANDED_FROM_CELLS = 4096;

/**
 * Options naming the number of light states.
 *
 * @example
 * ```ts
 * const options: StatesOptions = { states: 3 };
 * solveMultiState(gridBoard(3, 3), new Array(9).fill(1), options).solvable; // true
 * ```
 */
export interface StatesOptions {
  /** Number of light states k, 2..2^31-1 (a press adds 1 mod k). */
  states: number;
}

/**
 * Options of the multi-state solvers that eliminate: progress and cancellation.
 *
 * @example
 * ```ts
 * const controller = new AbortController();
 * const options: MultiStateOptions = { states: 5, signal: controller.signal, onProgress: (f) => console.log(f) };
 * solveMultiState(gridBoard(40, 40, { torus: true }), new Array(1600).fill(1), options);
 * ```
 */
export interface MultiStateOptions extends StatesOptions {
  /**
   * Called as the elimination of the full press matrix advances, with the
   * fraction done (0..1). Light chasing and k = 2 do not report.
   */
  onProgress?: (fraction: number) => void;
  /** Cancels a long elimination: the signal's reason is thrown. */
  signal?: AbortSignal;
}

/** Plain rectangles with at least this many cells are solved by chasing (as in GF(2)). */
const CHASE_FROM_CELLS = 400;

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
 * solveMultiState(board, new Array(10_000).fill(1), { states: 3 }).method; // "elimination"
 * ```
 */
export const MAX_MULTISTATE_DENSE_CELLS = 16_000;

/**
 * Largest number of solutions that {@link fewestMultiStatePresses} enumerates by default.
 *
 * @example
 * ```ts
 * fewestMultiStatePresses(gridBoard(4, 4), new Array(16).fill(0), { states: 3, limit: MAX_ENUMERATED_SOLUTIONS }).count; // 0
 * ```
 */
export const MAX_ENUMERATED_SOLUTIONS = 1 << 20;

/**
 * The answer to a multi-state board.
 *
 * @example
 * ```ts
 * const s: MultiStateSolution = solveMultiState(gridBoard(4, 4), new Array(16).fill(1), { states: 3 });
 * s.quietCount; // 9n: two quiet generators of order 3
 * ```
 */
export interface MultiStateSolution {
  /** Number of light states k. */
  states: number;
  /** Whether every light can be brought to 0. */
  solvable: boolean;
  /** Presses per cell (0..k-1, how many times to press) that clear the board; null when unsolvable. */
  presses: Uint32Array | null;
  /**
   * The fewest generators of the quiet patterns (for a prime k the nullity
   * of the press matrix over the field Z_k).
   */
  nullity: number;
  /** cells - nullity (for a prime k the rank over Z_k). */
  rank: number;
  /** Number of press vectors that clear the board: quietCount when solvable, else 0. */
  solutions: bigint;
  /** Number of quiet patterns: press vectors that change nothing (the kernel's size). */
  quietCount: bigint;
  /** Number of winnable boards: k^cells / quietCount. */
  winnableBoards: bigint;
  /** How it was solved: the full press matrix, or light chasing on a plain rectangle. */
  method: "elimination" | "chasing";
  /**
   * When unsolvable: y (0..k-1 per cell) with y A = 0 and y . b != 0
   * (mod k), the proof that no presses clear the board. Always present after
   * elimination; after chasing, present when the quiet pattern built from
   * `lastRowProof` checks out (it is verified before it is returned).
   */
  proof?: Uint32Array;
  /**
   * When unsolvable by chasing: y over the cells of the last chased row
   * with y C = 0 and y . d != 0 (mod k), where C z = -d is the chase system
   * of the first-row presses z: no first row clears the board, and every
   * solution is determined by its first row.
   */
  lastRowProof?: Uint32Array;
}

/** The full analysis, with the kernel as a direct sum of cyclic groups. */
interface Analysis extends MultiStateSolution {
  quiet: Uint32Array[];
  cyclic: CyclicGenerator[];
}

function checkStates(options: unknown): number {
  const k = (options as StatesOptions | undefined)?.states;
  if (typeof k !== "number" || !Number.isInteger(k))
    throw new TypeError(`"states" expected an integer in 2..${MAX_MODULUS}, got ${describe(k)}`);
  if (k < 2 || k > MAX_MODULUS) throw new RangeError(`"states" expected an integer in 2..${MAX_MODULUS}, got ${k}`);
  return k;
}

/** Checks one value 0..k-1 per cell. */
function checkLevels(name: string, v: unknown, cells: number, k: number): ArrayLike<number> {
  if (v === null || typeof v !== "object" || typeof (v as ArrayLike<number>).length !== "number") {
    throw new TypeError(`"${name}" expected an array of integers 0..${k - 1}, one per cell, got ${describe(v)}`);
  }
  const a = v as ArrayLike<number>;
  if (a.length !== cells) throw new RangeError(`"${name}" expected ${cells} entries (one per cell), got ${a.length}`);
  for (let i = 0; i < cells; i++) {
    const x = a[i];
    if (typeof x !== "number" || !Number.isInteger(x))
      throw new TypeError(`"${name}[${i}]" expected an integer in 0..${k - 1}, got ${describe(x)}`);
    if (x < 0 || x >= k) throw new RangeError(`"${name}[${i}]" expected an integer in 0..${k - 1}, got ${x}`);
  }
  return a;
}

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

function transpose(values: ArrayLike<number>, rows: number, cols: number): Uint32Array {
  const out = new Uint32Array(rows * cols);
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) out[c * rows + r] = values[r * cols + c]!;
  return out;
}

function analyse(board: Board, lights: unknown, options: MultiStateOptions): Analysis {
  const k = checkStates(options);
  if (options.onProgress !== undefined && typeof options.onProgress !== "function") {
    throw new TypeError(`"onProgress" expected a function, got ${describe(options.onProgress)}`);
  }
  if (options.signal !== undefined && !(options.signal instanceof AbortSignal)) {
    throw new TypeError(`"signal" expected an AbortSignal, got ${describe(options.signal)}`);
  }
  checkBoard(board);
  const cells = board.kind === "grid" && !board.mask ? board.rows * board.cols : pressTargets(board).length;
  const b = checkLevels("lights", lights, cells, k);
  const finish = (
    solvable: boolean,
    presses: Uint32Array | null,
    quietCount: bigint,
    quiet: Uint32Array[],
    cyclic: CyclicGenerator[],
    method: "elimination" | "chasing",
    proof?: { proof?: Uint32Array; lastRowProof?: Uint32Array },
  ): Analysis => ({
    states: k,
    solvable,
    presses,
    nullity: quiet.length,
    rank: cells - quiet.length,
    solutions: solvable ? quietCount : 0n,
    quietCount,
    winnableBoards: BigInt(k) ** BigInt(cells) / quietCount,
    method,
    ...proof,
    quiet,
    cyclic,
  });
  if (chaseable(board)) {
    const { rows, cols } = board;
    const flip = cols > rows; // chase along the longer side: the n x n system is the smaller one
    const s = flip ? chaseModK(cols, rows, k, transpose(b, rows, cols)) : chaseModK(rows, cols, k, b);
    const back = (v: Uint32Array) => (flip ? transpose(v, cols, rows) : v);
    return finish(
      s.solvable,
      s.presses && back(s.presses),
      s.kernelSize,
      s.kernel.map(back),
      s.cyclic.map((g) => ({ generator: back(g.generator), order: g.order })),
      "chasing",
      s.lastRowCertificate
        ? { ...(s.certificate ? { proof: back(s.certificate) } : {}), lastRowProof: s.lastRowCertificate }
        : {},
    );
  }
  if (k === 2) {
    // the classic game: the bit-packed GF(2) engine reaches far larger boards
    const s = solveLightsOut(board, b);
    const quiet = quietPatterns(board).map((v) => Uint32Array.from(v));
    return finish(
      s.solvable,
      s.presses && Uint32Array.from(s.presses),
      2n ** BigInt(quiet.length),
      quiet,
      quiet.map((generator) => ({ generator, order: 2 })),
      "elimination",
      s.proof ? { proof: Uint32Array.from(s.proof) } : {},
    );
  }
  if (cells >= BANDED_FROM_CELLS && k <= MAX_BANDED_PRIME && isPrime(k)) {
    const plan = planBanded(board);
    const r = Uint32Array.from({ length: cells }, (_, i) => (b[i]! === 0 ? 0 : k - b[i]!));
    const onProgress = options.onProgress;
    const s = solveBandedModP(plan, k, r, "wasm", {
      ...(onProgress ? { onProgress: (done: number, total: number) => onProgress(done / total) } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    return finish(
      s.solvable,
      s.x,
      BigInt(k) ** BigInt(s.kernel.length),
      s.kernel,
      s.kernel.map((generator) => ({ generator, order: k })),
      "elimination",
      s.certificate ? { proof: s.certificate } : {},
    );
  }
  if (cells > MAX_MULTISTATE_DENSE_CELLS) {
    throw new RangeError(
      `multi-state boards with more than 2 states expected at most ${MAX_MULTISTATE_DENSE_CELLS} cells ` +
        `(or a plain rectangle, solved by chasing, or a prime number of states up to ${MAX_BANDED_PRIME}), got ${cells}`,
    );
  }
  checkZpSize(cells, cells + 1, `a ${cells}-cell board over Z_${k}`);
  // cells renumbered so that the press matrix is banded (same order for rows and columns)
  const targets = pressTargets(board);
  const order = bandOrder(targets);
  const index = new Int32Array(cells);
  order.forEach((cell, t) => (index[cell] = t));
  // row i of the press matrix: the presses that change cell i (its column j holds a one when press j reaches i)
  const rows: number[][] = Array.from({ length: cells }, () => []);
  targets.forEach((t, j) => {
    for (const i of t) rows[index[i]!]!.push(index[j]!);
  });
  const a: RingMatrix = { kind: "ones", rows: cells, cols: cells, ones: rows.map((r) => Int32Array.from(r)) };
  const minusB = Uint32Array.from(order, (cell) => (b[cell]! === 0 ? 0 : k - b[cell]!));
  const watch: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {};
  if (options.onProgress) watch.onProgress = options.onProgress;
  if (options.signal) watch.signal = options.signal;
  const s = solveFlatModK(a, minusB, k, watch);
  const back = (v: Uint32Array): Uint32Array => {
    const out = new Uint32Array(cells);
    order.forEach((cell, t) => (out[cell] = v[t]!));
    return out;
  };
  return finish(
    s.solvable,
    s.x && back(s.x),
    s.kernelSize,
    s.kernel.map(back),
    s.cyclic.map((g) => ({ generator: back(g.generator), order: g.order })),
    "elimination",
    s.certificate ? { proof: back(s.certificate) } : {},
  );
}

function strip(a: Analysis): MultiStateSolution {
  const { quiet: _q, cyclic: _c, ...rest } = a;
  return rest;
}

/**
 * Solves a multi-state board: how many times to press each cell (0..k-1)
 * so that every light returns to 0, where a press adds 1 (mod k) to the
 * cell and its targets. Exact for every k, prime or composite, on every
 * board kind (grids, torus, masks, rules, graphs); plain rectangles of 400
 * cells or more are solved by light chasing over Z_k, in
 * O(rows * cols * min(rows, cols)) time (256 x 256 over Z_3 in about 0.45 s,
 * 512 x 512 in about 2 s); two states by the GF(2) engine (any board it
 * handles); a prime k up to 46337 on boards of 4096 cells or more by banded
 * elimination (cells renumbered so that the press matrix is banded; memory
 * about cells x bandwidth entries: a 256 x 256 torus over Z_3 in about 2.5 s
 * of CPU); other boards by elimination of the full press matrix in
 * WebAssembly, cubic in the cells (up to {@link MAX_MULTISTATE_DENSE_CELLS}).
 * Eliminations report progress and stop on the signal.
 *
 * @param board - Any board.
 * @param lights - One state 0..k-1 per cell (cells row-major over the cells present).
 * @param options - `states`: k; `onProgress` and `signal` for long eliminations.
 * @returns Solvability, one solution, counts of solutions, quiet patterns and winnable boards, and a proof when unsolvable.
 * @throws {TypeError | RangeError} for a malformed board, k outside 2..2^31-1, or lights of the wrong length or range.
 * @throws {RangeError} for a composite k (or a prime above 46337) on a board that is neither a plain
 *   rectangle nor at most {@link MAX_MULTISTATE_DENSE_CELLS} cells.
 * @throws The signal's reason when aborted.
 * @example
 * ```ts
 * const s = solveMultiState(gridBoard(3, 3), [2, 1, 1, 1, 1, 2, 0, 2, 1], { states: 3 });
 * s.solvable; // true
 * applyMultiState(gridBoard(3, 3), [2, 1, 1, 1, 1, 2, 0, 2, 1], s.presses!, 3); // all 0
 * ```
 */
export function solveMultiState(
  board: Board,
  lights: ArrayLike<number>,
  options: MultiStateOptions,
): MultiStateSolution {
  return strip(analyse(board, lights, options));
}

/**
 * Generators of the quiet patterns over Z_k: press vectors that change no
 * light; every quiet pattern is a combination of them with coefficients in
 * Z_k, and adding one to a solution gives another.
 *
 * @param board - Any board (limits as in {@link solveMultiState}).
 * @param options - `states`: k.
 * @returns As few generators as possible (for a prime k, a basis of the null space over Z_k).
 * @throws {TypeError | RangeError} as {@link solveMultiState}.
 * @example
 * ```ts
 * multiStateQuietPatterns(gridBoard(4, 4), { states: 3 }).length; // 2
 * ```
 */
export function multiStateQuietPatterns(board: Board, options: MultiStateOptions): Uint32Array[] {
  return analyse(board, new Uint32Array(cellCount(checkBoard(board))), options).quiet;
}

/**
 * Applies presses to multi-state lights: pressing cell j x_j times adds
 * x_j (mod k) to each of its targets.
 *
 * @param board - The board.
 * @param lights - One state 0..k-1 per cell (not modified).
 * @param presses - One press count 0..k-1 per cell.
 * @param states - k, 2..2^31-1.
 * @returns The new lights.
 * @throws {TypeError | RangeError} for k out of range or vectors of the wrong length or range.
 * @example
 * ```ts
 * applyMultiState(gridBoard(1, 3), [2, 2, 2], [0, 1, 0], 3); // Uint32Array [0, 0, 0]
 * ```
 */
export function applyMultiState(
  board: Board,
  lights: ArrayLike<number>,
  presses: ArrayLike<number>,
  states: number,
): Uint32Array {
  const k = checkStates({ states });
  const targets = pressTargets(checkBoard(board));
  checkLevels("lights", lights, targets.length, k);
  checkLevels("presses", presses, targets.length, k);
  const out = Uint32Array.from(lights);
  targets.forEach((t, j) => {
    const x = presses[j]!;
    if (x !== 0) for (const i of t) out[i] = (out[i]! + x) % k;
  });
  return out;
}

/**
 * A uniformly random winnable multi-state board: uniform random press counts
 * 0..k-1 applied to a dark board (every winnable board is reached by the
 * same number of press vectors).
 *
 * @param board - Any board.
 * @param options - `states`: k; `seed` (default 0): the same seed gives the same puzzle.
 * @returns The lights, one state 0..k-1 per cell.
 * @throws {TypeError | RangeError} for a malformed board, k or seed.
 * @example
 * ```ts
 * const lights = randomMultiStatePuzzle(gridBoard(4, 4), { states: 3, seed: 7 });
 * ```
 */
export function randomMultiStatePuzzle(board: Board, options: StatesOptions & { seed?: number }): Uint32Array {
  const k = checkStates(options);
  const seed = options.seed ?? 0;
  if (typeof seed !== "number" || !Number.isSafeInteger(seed))
    throw new TypeError(`"seed" expected a safe integer, got ${describe(seed)}`);
  checkBoard(board);
  const next = xoshiro128(seed);
  const bound = 2 ** 32 - (2 ** 32 % k); // rejection keeps every count equally likely
  const lights = new Uint32Array(cellCount(board));
  addPressesInOrder(
    board,
    k,
    () => {
      let r = next();
      while (r >= bound) r = next();
      return r % k;
    },
    lights,
  );
  return lights;
}

/**
 * Every solution of a multi-state board, lazily: the first solution, then
 * odometer steps over the cyclic decomposition of the quiet patterns (each
 * step adds one generator).
 *
 * @param board - Any board.
 * @param lights - One state 0..k-1 per cell.
 * @param options - `states`: k.
 * @returns An iterator of press vectors; `solutions` of them in all (none when unsolvable).
 * @throws {TypeError | RangeError} as {@link solveMultiState}.
 * @example
 * ```ts
 * for (const x of allMultiStateSolutions(gridBoard(4, 4), lights, { states: 3 })) console.log(x);
 * ```
 */
export function* allMultiStateSolutions(
  board: Board,
  lights: ArrayLike<number>,
  options: MultiStateOptions,
): Generator<Uint32Array, void, undefined> {
  const a = analyse(board, lights, options);
  if (!a.presses) return;
  yield* odometer(a.presses, a.cyclic, a.states);
}

function* odometer(start: Uint32Array, cyclic: CyclicGenerator[], k: number): Generator<Uint32Array, void, undefined> {
  const x = start.slice();
  const digits = new Array<number>(cyclic.length).fill(0);
  yield x.slice();
  for (;;) {
    let d = 0;
    for (; d < cyclic.length; d++) {
      const g = cyclic[d]!.generator;
      for (let i = 0; i < x.length; i++) if (g[i] !== 0) x[i] = (x[i]! + g[i]!) % k;
      if (++digits[d]! < cyclic[d]!.order) break;
      digits[d] = 0; // order * g = 0: x is back where this digit started; carry
    }
    if (d === cyclic.length) return;
    yield x.slice();
  }
}

/**
 * The answer of {@link fewestMultiStatePresses}.
 *
 * @example
 * ```ts
 * const f: FewestMultiStatePresses = fewestMultiStatePresses(gridBoard(1, 3), [2, 2, 2], { states: 3 });
 * f.count; // 1: press the middle cell once
 * ```
 */
export interface FewestMultiStatePresses {
  /** Whether any presses clear the board. */
  solvable: boolean;
  /** A solution with the fewest presses (sum of the counts); ties go to the lexicographically smallest vector. Null when unsolvable. */
  presses: Uint32Array | null;
  /** Its number of presses, sum of x_i; null when unsolvable. */
  count: number | null;
  /** Number of solutions searched (all of them). */
  solutions: bigint;
}

/**
 * Fewest presses on a multi-state board, counted with multiplicity (pressing
 * a cell 2 times counts 2): exact, by enumerating every solution.
 *
 * @param board - Any board.
 * @param lights - One state 0..k-1 per cell.
 * @param options - `states`: k; `limit`: most solutions to enumerate (default 2^20).
 * @returns The fewest presses and their count, or solvable false.
 * @throws {RangeError} when the board has more solutions than `limit`, naming both; otherwise as {@link solveMultiState}.
 * @example
 * ```ts
 * fewestMultiStatePresses(gridBoard(4, 4), lights, { states: 3 }).count;
 * ```
 */
export function fewestMultiStatePresses(
  board: Board,
  lights: ArrayLike<number>,
  options: MultiStateOptions & { limit?: number },
): FewestMultiStatePresses {
  const limit = options.limit ?? MAX_ENUMERATED_SOLUTIONS;
  if (typeof limit !== "number" || !Number.isSafeInteger(limit) || limit < 1) {
    throw new RangeError(`"limit" expected a positive safe integer, got ${describe(limit)}`);
  }
  const a = analyse(board, lights, options);
  if (!a.presses) return { solvable: false, presses: null, count: null, solutions: 0n };
  if (a.solutions > BigInt(limit)) {
    throw new RangeError(
      `fewest presses expected at most ${limit} solutions to enumerate, got ${a.solutions} (states ${a.states}, ${a.nullity} quiet generators)`,
    );
  }
  // odometer over the cyclic decomposition, the weight kept up to date per changed entry
  const { cyclic, states: k } = a;
  const x = a.presses.slice();
  let weight = x.reduce((acc, v) => acc + v, 0);
  let best = x.slice();
  let bestCount = weight;
  const digits = new Array<number>(cyclic.length).fill(0);
  for (;;) {
    let d = 0;
    for (; d < cyclic.length; d++) {
      const g = cyclic[d]!.generator;
      for (let i = 0; i < x.length; i++) {
        const gi = g[i]!;
        if (gi === 0) continue;
        const old = x[i]!;
        const v = old + gi >= k ? old + gi - k : old + gi;
        x[i] = v;
        weight += v - old;
      }
      if (++digits[d]! < cyclic[d]!.order) break;
      digits[d] = 0;
    }
    if (d === cyclic.length) break;
    if (weight < bestCount || (weight === bestCount && lexLess(x, best))) {
      best = x.slice();
      bestCount = weight;
    }
  }
  return { solvable: true, presses: best, count: bestCount, solutions: a.solutions };
}

function lexLess(a: Uint32Array, b: Uint32Array): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! < b[i]!;
  return false;
}

/**
 * One step of {@link multiStateChaseTrace}: the phases of the two-state trace, with press counts.
 *
 * @example
 * ```ts
 * const [first]: MultiStateChaseStep[] = multiStateChaseTrace(2, 2, [1, 0, 0, 0], { states: 3 }).steps;
 * first!.presses; // Uint32Array [0, 0, 2, 0]: twice below the cell at 1
 * ```
 */
export interface MultiStateChaseStep {
  /** `chase`, `last-row`, `fix` or `chase-again`, as in {@link chaseTrace}. */
  phase: "chase" | "last-row" | "fix" | "chase-again";
  /** The row whose lights are cleared (chase), read (last-row), or pressed (fix: 0). */
  row: number;
  /** How many times each cell is pressed in this step (0..k-1), rows * cols entries. */
  presses: Uint32Array;
  /** The lights after this step. */
  lights: Uint32Array;
}

/**
 * Light chasing over Z_k step by step, from {@link multiStateChaseTrace}.
 *
 * @example
 * ```ts
 * const t: MultiStateChaseTrace = multiStateChaseTrace(4, 4, new Array(16).fill(2), { states: 3 });
 * t.solvable ? t.solution : t.lastRow;
 * ```
 */
export interface MultiStateChaseTrace {
  /** Rows of the board. */
  rows: number;
  /** Columns of the board. */
  cols: number;
  /** Number of light states k. */
  states: number;
  /** Whether some first row clears the last row (then the trace ends dark). */
  solvable: boolean;
  /** Every step in order: chase, last-row, then (when solvable) fix and chase-again. */
  steps: MultiStateChaseStep[];
  /** The last row after the first pass. */
  lastRow: Uint32Array;
  /** The first-row presses that clear it, or null when none do. */
  firstRow: Uint32Array | null;
  /** Every press of the trace summed mod k: a solution, or null. */
  solution: Uint32Array | null;
}

/** Largest board a trace is drawn for (one copy of the lights per step). */
const MULTISTATE_TRACE_MAX_CELLS = 16384;

/**
 * Light chasing over Z_k step by step on the plain rows x cols rectangle:
 * chase down (press the cell below each unlit-to-be cell k - light times,
 * one step per row), read the last row, press the first-row fix (the first
 * row of any solution: the rest of a solution is forced by it), chase again.
 * On a winnable board the last step leaves every light at 0.
 *
 * @param rows - Rows, >= 1.
 * @param cols - Columns, >= 1, rows * cols <= 16384.
 * @param lights - One state 0..k-1 per cell, row-major.
 * @param options - `states`: k.
 * @returns The steps, the last row, the fix and the whole solution.
 * @throws {TypeError | RangeError} for sizes, k or lights out of range.
 * @example
 * ```ts
 * const t = multiStateChaseTrace(3, 3, [2, 1, 1, 1, 1, 2, 0, 2, 1], { states: 3 });
 * t.steps.map((s) => s.phase); // ["chase", "chase", "last-row", "fix", "chase-again", "chase-again"]
 * t.steps.at(-1)!.lights.every((v) => v === 0); // true
 * ```
 */
export function multiStateChaseTrace(
  rows: number,
  cols: number,
  lights: ArrayLike<number>,
  options: StatesOptions,
): MultiStateChaseTrace {
  const k = checkStates(options);
  for (const [name, v] of [
    ["rows", rows],
    ["cols", cols],
  ] as const) {
    if (typeof v !== "number" || !Number.isSafeInteger(v) || v < 1)
      throw new RangeError(`"${name}" expected an integer >= 1, got ${describe(v)}`);
  }
  const cells = rows * cols;
  if (cells > MULTISTATE_TRACE_MAX_CELLS) {
    throw new RangeError(
      `a chase trace expected at most ${MULTISTATE_TRACE_MAX_CELLS} cells, got ${rows} x ${cols} = ${cells}`,
    );
  }
  const b = checkLevels("lights", lights, cells, k);
  const state = Uint32Array.from(b);
  const total = new Uint32Array(cells);
  const press = (x: Uint32Array, r: number, c: number, times: number) => {
    const i = r * cols + c;
    x[i] = (x[i]! + times) % k;
    total[i] = (total[i]! + times) % k;
    for (const [dr, dc] of [
      [0, 0],
      [-1, 0],
      [1, 0],
      [0, -1],
      [0, 1],
    ] as const) {
      const rr = r + dr;
      const cc = c + dc;
      if (rr >= 0 && rr < rows && cc >= 0 && cc < cols) state[rr * cols + cc] = (state[rr * cols + cc]! + times) % k;
    }
  };
  const steps: MultiStateChaseStep[] = [];
  const chaseDown = (phase: "chase" | "chase-again") => {
    for (let r = 0; r + 1 < rows; r++) {
      const presses = new Uint32Array(cells);
      for (let c = 0; c < cols; c++) {
        const t = (k - state[r * cols + c]!) % k;
        if (t !== 0) press(presses, r + 1, c, t);
      }
      steps.push({ phase, row: r, presses, lights: state.slice() });
    }
  };
  chaseDown("chase");
  const lastRow = state.slice((rows - 1) * cols);
  steps.push({ phase: "last-row", row: rows - 1, presses: new Uint32Array(cells), lights: state.slice() });
  const s = solveMultiState(gridBoard(rows, cols), b, { states: k });
  if (!s.solvable) return { rows, cols, states: k, solvable: false, steps, lastRow, firstRow: null, solution: null };
  // a last row already at 0 needs no fix; otherwise any solution's first row
  // does (chasing from it forces the rest)
  const firstRow = lastRow.every((v) => v === 0) ? new Uint32Array(cols) : s.presses!.slice(0, cols);
  const fix = new Uint32Array(cells);
  for (let c = 0; c < cols; c++) if (firstRow[c] !== 0) press(fix, 0, c, firstRow[c]!);
  steps.push({ phase: "fix", row: 0, presses: fix, lights: state.slice() });
  chaseDown("chase-again");
  if (state.some((v) => v !== 0))
    throw new Error("internal error: the chase over Z_k did not clear the board; please report it");
  return { rows, cols, states: k, solvable: true, steps, lastRow, firstRow, solution: total };
}

/**
 * Largest k^cells that {@link multiStateDistribution} indexes (one byte per possible board).
 *
 * @example
 * ```ts
 * 3 ** 16 <= MAX_MULTISTATE_DISTRIBUTION_BOARDS; // true: the 4 x 4 board over Z_3 fits
 * ```
 */
export const MAX_MULTISTATE_DISTRIBUTION_BOARDS = 2 ** 27;

/**
 * The answer of {@link multiStateDistribution}.
 *
 * @example
 * ```ts
 * const d: MultiStateDistribution = multiStateDistribution(gridBoard(2, 2), { states: 3 });
 * d.counts[0]; // 1: only the dark board needs no press
 * ```
 */
export interface MultiStateDistribution {
  /** counts[p] = number of winnable boards whose fewest presses (with multiplicity) is p. */
  counts: number[];
  /** Number of winnable boards: the sum of counts. */
  winnable: number;
  /** Number of light states k. */
  states: number;
  /** Number of cells of the board. */
  cells: number;
}

/**
 * The distribution of fewest presses over every winnable board of a
 * multi-state board: a breadth-first search from the dark board where each
 * edge is one press (adds 1 mod k to a cell and its targets), so a board's
 * depth is its fewest presses counted with multiplicity, and the boards
 * reached are exactly the winnable ones.
 *
 * @param board - Any board with k^cells at most {@link MAX_MULTISTATE_DISTRIBUTION_BOARDS}.
 * @param options - `states`: k; `onProgress(done, total)` over winnable boards found; `signal`.
 * @returns The counts indexed by press count.
 * @throws {RangeError} when k^cells is too large to index, naming both; as {@link solveMultiState} for bad input.
 * @example
 * ```ts
 * const d = multiStateDistribution(gridBoard(3, 3), { states: 3 });
 * d.winnable; // 19683: the 3 x 3 board is invertible over Z_3
 * ```
 */
export function multiStateDistribution(
  board: Board,
  options: StatesOptions & { onProgress?: (done: number, total: number) => void; signal?: AbortSignal },
): MultiStateDistribution {
  const k = checkStates(options);
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
  const total = Number(solveMultiState(board, new Uint32Array(cells), { states: k }).winnableBoards);
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
  return { counts, winnable, states: k, cells };
}
