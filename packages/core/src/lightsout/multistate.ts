// Lights Out with k > 2 states, behind the public functions (solveLightsOut,
// quietPatterns, allSolutions, fewestPresses, chaseTrace,
// optimalDistribution with `states`), which send two states to the GF(2)
// engine and everything else here. Every light has k states 0..k-1 and a
// press adds 1 (mod k) to its cell and to each of its targets (the same
// targets as the two-state game, `pressTargets`). Presses x in 0..k-1 per
// cell clear lights b when b + A x = 0 (mod k), i.e. A x = -b over the ring
// Z_k, solved exactly for any k (composite too): plain rectangles of 400
// cells or more by light chasing over Z_k; a prime k up to 46337 on boards
// of 4096 cells or more by the banded route over Z_p (_banded-zp.ts: memory
// cells x bandwidth); other boards by the unit-pivot elimination of the full
// press matrix in WebAssembly (rings/_schur.ts).

import { describe } from "../internal/check.js";
import { checkZpSize } from "../modular/zp-kernel.js";
import { type CyclicGenerator, type RingMatrix, solveFlatModK } from "../rings/zk.js";
import {
  type Board,
  checkBoard,
  checkLevels,
  checkStates,
  type GridBoard,
  gridBoard,
  isChaseableRectangle,
  pressTargets,
} from "./board.js";
import { bandOrder } from "./_band-order.js";
import { chaseModK } from "./_multistate-chase.js";
import { cellCount } from "./_press-walk.js";
import { isPrime } from "../fields/prime.js";
import { planBanded } from "./_banded.js";
import { MAX_BANDED_PRIME, solveBandedModP } from "./_banded-zp.js";
import { formatCount, formatLimit } from "../internal/sizes.js";
import { countValue, formatPrimePowers, type PrimePower, primePowersOf, withCounts } from "./counts.js";
import { quietTooLarge } from "../solvers/quiet-limit.js";

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

/** Boards of at least this many cells with a prime number of states go by the banded route (memory cells x band). */
const BANDED_FROM_CELLS = 4096;

/**
 * Options of the k-state solvers: k, the route, progress (the fraction
 * done, 0..1, of an elimination; light chasing does not report) and
 * cancellation.
 */
export interface MultiStateOptions {
  /** Number of light states k, 2..2^31-1 (the public functions send two states to the GF(2) engine; 2 works here too, for cross-checks). */
  states: number;
  /** "auto" (default): chasing, banded or dense as below; "dense" or "banded" forces that elimination. */
  method?: "auto" | "dense" | "banded";
  /** Called as an elimination advances, with the fraction done (0..1). */
  onProgress?: (fraction: number) => void;
  /** Cancels a long elimination: the signal's reason is thrown. */
  signal?: AbortSignal;
  /** Most entries (generators x cells) of the quiet generators, checked as soon as their number is known. */
  maxQuietEntries?: number;
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
 * solveLightsOut(board, new Array(10_000).fill(1), { states: 4, method: "dense" }).method; // "dense"
 * ```
 */
export const MAX_MULTISTATE_DENSE_CELLS = 16_000;

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

/** The answer to a k-state board (the fields of the public LightsOutSolution). */
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
  /** Number of press vectors that clear the board: quietCount when solvable, else 0 (built when read). */
  solutions: bigint;
  /** Number of quiet patterns: press vectors that change nothing (the kernel's size; built when read). */
  quietCount: bigint;
  /** Number of winnable boards: k^cells / quietCount (built when read: k^cells of a huge board takes seconds). */
  winnableBoards: bigint;
  /** quietCount as powers of the primes of k, ascending. */
  quietCountFactors: readonly PrimePower[];
  /** winnableBoards as powers of the primes of k, ascending. */
  winnableBoardsFactors: readonly PrimePower[];
  /** How it was solved: light chasing on a plain rectangle, the full press matrix, or banded elimination. */
  method: "chasing" | "dense" | "banded";
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

/** The full analysis, with the kernel as a direct sum of cyclic groups, and the counts as prime powers only. */
interface Analysis extends Omit<MultiStateSolution, "solutions" | "quietCount" | "winnableBoards"> {
  quiet: Uint32Array[];
  cyclic: CyclicGenerator[];
}

/**
 * The counts of a k-state board as powers of the primes of k: the quiet
 * patterns number the product of the cyclic generators' orders (each a
 * divisor of k), the winnable boards k^cells over that.
 */
function countFactors(k: number, cells: number, orders: readonly number[]) {
  const primes = primePowersOf(k);
  const quiet = primes.map(({ prime }) => ({ prime, exponent: 0 }));
  for (let order of orders) {
    for (const f of quiet) {
      for (; order % f.prime === 0; order /= f.prime) f.exponent++;
    }
  }
  const winnable = primes.map(({ prime, exponent }, i) => ({ prime, exponent: exponent * cells - quiet[i]!.exponent }));
  return {
    quietCountFactors: quiet.filter((f) => f.exponent > 0),
    winnableBoardsFactors: winnable.filter((f) => f.exponent > 0),
  };
}

function chaseable(board: Board): board is GridBoard {
  return isChaseableRectangle(board) && board.rows * board.cols >= CHASE_FROM_CELLS;
}

function transpose(values: ArrayLike<number>, rows: number, cols: number): Uint32Array {
  const out = new Uint32Array(rows * cols);
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) out[c * rows + r] = values[r * cols + c]!;
  return out;
}

function analyse(board: Board, lights: unknown, options: MultiStateOptions): Analysis {
  const k = checkStates(options);
  const method = options.method ?? "auto";
  if (method !== "auto" && method !== "dense" && method !== "banded")
    throw new TypeError(`"method" expected "auto", "dense" or "banded", got ${describe(method)}`);
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
    quiet: Uint32Array[],
    cyclic: CyclicGenerator[],
    method: "chasing" | "dense" | "banded",
    proof?: { proof?: Uint32Array; lastRowProof?: Uint32Array },
  ): Analysis => ({
    states: k,
    solvable,
    presses,
    nullity: quiet.length,
    rank: cells - quiet.length,
    ...countFactors(
      k,
      cells,
      cyclic.map((g) => g.order),
    ),
    method,
    ...proof,
    quiet,
    cyclic,
  });
  if (method === "auto" && chaseable(board)) {
    const { rows, cols } = board;
    const flip = cols > rows; // chase along the longer side: the n x n system is the smaller one
    const most = options.maxQuietEntries;
    const s = flip ? chaseModK(cols, rows, k, transpose(b, rows, cols), most) : chaseModK(rows, cols, k, b, most);
    const back = (v: Uint32Array) => (flip ? transpose(v, cols, rows) : v);
    return finish(
      s.solvable,
      s.presses && back(s.presses),
      s.kernel.map(back),
      s.cyclic.map((g) => ({ generator: back(g.generator), order: g.order })),
      "chasing",
      s.lastRowCertificate
        ? { ...(s.certificate ? { proof: back(s.certificate) } : {}), lastRowProof: s.lastRowCertificate }
        : {},
    );
  }
  if (method === "banded" && (k > MAX_BANDED_PRIME || !isPrime(k))) {
    throw new RangeError(`method "banded" expected a prime number of states up to ${MAX_BANDED_PRIME}, got ${k}`);
  }
  if (method === "banded" || (method === "auto" && cells >= BANDED_FROM_CELLS && k <= MAX_BANDED_PRIME && isPrime(k))) {
    const plan = planBanded(board);
    const r = Uint32Array.from({ length: cells }, (_, i) => (b[i]! === 0 ? 0 : k - b[i]!));
    const onProgress = options.onProgress;
    const s = solveBandedModP(
      plan,
      k,
      r,
      "wasm",
      {
        ...(onProgress ? { onProgress: (done: number, total: number) => onProgress(done / total) } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      },
      options.maxQuietEntries,
    );
    return finish(
      s.solvable,
      s.x,
      s.kernel,
      s.kernel.map((generator) => ({ generator, order: k })),
      "banded",
      s.certificate ? { proof: s.certificate } : {},
    );
  }
  if (cells > MAX_MULTISTATE_DENSE_CELLS) {
    throw new RangeError(
      formatLimit({
        subject: `a board with ${k} states`,
        max: MAX_MULTISTATE_DENSE_CELLS,
        got: cells,
        unit: ["cell", "cells"],
        why: "dense elimination",
        hint: `plain rectangles are solved by chasing, and any board with a prime number of states up to ${MAX_BANDED_PRIME} by banded elimination`,
      }),
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
  // at most 16,000 cells: the generators come out of the elimination, checked before they are renumbered
  if (s.kernel.length * cells > (options.maxQuietEntries ?? Number.POSITIVE_INFINITY)) {
    throw quietTooLarge(`this ${cells}-cell board over Z_${k}`, s.kernel.length, cells, options.maxQuietEntries!);
  }
  const back = (v: Uint32Array): Uint32Array => {
    const out = new Uint32Array(cells);
    order.forEach((cell, t) => (out[cell] = v[t]!));
    return out;
  };
  return finish(
    s.solvable,
    s.x && back(s.x),
    s.kernel.map(back),
    s.cyclic.map((g) => ({ generator: back(g.generator), order: g.order })),
    "dense",
    s.certificate ? { proof: back(s.certificate) } : {},
  );
}

function strip(a: Analysis): MultiStateSolution {
  const { quiet: _q, cyclic: _c, ...rest } = a;
  return withCounts(rest, rest.solvable, rest.quietCountFactors, rest.winnableBoardsFactors);
}

/** Solves a k-state board (k > 2): the k-state route of solveLightsOut. */
export function solveMultiState(
  board: Board,
  lights: ArrayLike<number>,
  options: MultiStateOptions,
): MultiStateSolution {
  return strip(analyse(board, lights, options));
}

/**
 * As few generators of the quiet patterns over Z_k as possible (for a prime
 * k, a basis of the null space): the k-state route of quietPatterns.
 */
export function multiStateQuietPatterns(board: Board, options: MultiStateOptions): Uint32Array[] {
  return analyse(board, new Uint32Array(cellCount(checkBoard(board))), options).quiet;
}

/**
 * Every solution of a k-state board, lazily: the first solution, then
 * odometer steps over the cyclic decomposition of the quiet patterns (each
 * step adds one generator). The k-state route of allSolutions.
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

/** The answer of {@link fewestMultiStatePresses}. */
export interface FewestMultiStatePresses {
  /** Whether any presses clear the board. */
  solvable: boolean;
  /** A solution with the fewest presses (sum of the counts); ties go to the lexicographically smallest vector. Null when unsolvable. */
  presses: Uint32Array | null;
  /** Its number of presses, sum of x_i; null when unsolvable. */
  count: number | null;
  /** The fewest generators of the quiet patterns. */
  nullity: number;
  /** Number of solutions searched (all of them). */
  solutions: bigint;
}

/**
 * Fewest presses on a k-state board, counted with multiplicity (pressing a
 * cell 2 times counts 2): exact, by enumerating every solution (at most
 * `limit`, default MAX_ENUMERATED_SOLUTIONS, else a RangeError naming
 * both). The k-state route of fewestPresses.
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
  if (!a.presses) return { solvable: false, presses: null, count: null, nullity: a.nullity, solutions: 0n };
  // the count from its exponents: a huge one is neither built nor written in decimal
  const bits = a.quietCountFactors.reduce((sum, f) => sum + f.exponent * Math.log2(f.prime), 0);
  const solutions = bits < 60 ? Number(countValue(a.quietCountFactors)) : Number.POSITIVE_INFINITY;
  if (solutions > limit) {
    // the count may be past 2^53: written from its prime powers, not by formatLimit's numbers
    throw new RangeError(
      `fewest presses expected at most ${formatCount(limit, "solution")} to enumerate, got ` +
        `${formatPrimePowers(a.quietCountFactors)} (states ${a.states}, ${formatCount(a.nullity, "quiet generator")})`,
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
  return { solvable: true, presses: best, count: bestCount, nullity: a.nullity, solutions: BigInt(solutions) };
}

function lexLess(a: Uint32Array, b: Uint32Array): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! < b[i]!;
  return false;
}

/** One step of {@link multiStateChaseTrace}: the phases of the two-state trace, with press counts. */
export interface MultiStateChaseStep {
  /** `chase`, `last-row`, `fix` or `chase-again`, as in the two-state trace. */
  phase: "chase" | "last-row" | "fix" | "chase-again";
  /** The row whose lights are cleared (chase), read (last-row), or pressed (fix: 0). */
  row: number;
  /** How many times each cell is pressed in this step (0..k-1), rows * cols entries. */
  presses: Uint32Array;
  /** The lights after this step. */
  lights: Uint32Array;
}

/** Light chasing over Z_k step by step, from {@link multiStateChaseTrace}. */
export interface MultiStateChaseTrace {
  /** Rows of the board. */
  rows: number;
  /** Columns of the board. */
  cols: number;
  /** Number of light states k. */
  states: number;
  /** The board at the start. */
  lights: Uint32Array;
  /** Whether some first row clears the last row (then the trace ends dark). */
  solvable: boolean;
  /** Every step in order: chase, last-row, then (when solvable) fix and chase-again. */
  steps: MultiStateChaseStep[];
  /** The last row after the first pass. */
  lastRow: Uint32Array;
  /** The first-row presses that clear it, when some do. */
  firstRow?: Uint32Array;
  /** Every press of the trace summed mod k: a solution, when solvable. */
  solution?: Uint32Array;
}

/** Largest board a trace is drawn for (one copy of the lights per step). */
const MULTISTATE_TRACE_MAX_CELLS = 16384;

/**
 * Light chasing over Z_k step by step on the plain rows x cols rectangle
 * (at most 16384 cells): chase down (press the cell below each cell k -
 * light times, one step per row), read the last row, press the first-row
 * fix (the first row of any solution: the rest of a solution is forced by
 * it), chase again. On a winnable board the last step leaves every light at
 * 0. The k-state route of chaseTrace.
 */
export function multiStateChaseTrace(
  rows: number,
  cols: number,
  lights: ArrayLike<number>,
  options: { states: number },
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
      formatLimit({
        subject: `a chase trace of a ${rows} x ${cols} board`,
        max: MULTISTATE_TRACE_MAX_CELLS,
        got: cells,
        unit: ["cell", "cells"],
      }),
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
  const start = Uint32Array.from(b);
  if (!s.solvable) return { rows, cols, states: k, lights: start, solvable: false, steps, lastRow };
  // a last row already at 0 needs no fix; otherwise any solution's first row
  // does (chasing from it forces the rest)
  const firstRow = lastRow.every((v) => v === 0) ? new Uint32Array(cols) : s.presses!.slice(0, cols);
  const fix = new Uint32Array(cells);
  for (let c = 0; c < cols; c++) if (firstRow[c] !== 0) press(fix, 0, c, firstRow[c]!);
  steps.push({ phase: "fix", row: 0, presses: fix, lights: state.slice() });
  chaseDown("chase-again");
  if (state.some((v) => v !== 0))
    throw new Error("internal error: the chase over Z_k did not clear the board; please report it");
  return { rows, cols, states: k, lights: start, solvable: true, steps, lastRow, firstRow, solution: total };
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

/** The answer of {@link multiStateDistribution}. */
export interface MultiStateDistribution {
  /** counts[p] = number of winnable boards whose fewest presses (with multiplicity) is p. */
  counts: number[];
  /** Number of winnable boards: the sum of counts. */
  winnable: number;
  /** Number of light states k. */
  states: number;
  /** Number of cells of the board. */
  cells: number;
  /** The fewest generators of the quiet patterns. */
  nullity: number;
  /** cells - nullity. */
  rank: number;
}

/**
 * The distribution of fewest presses over every winnable board of a k-state
 * board (k^cells at most MAX_MULTISTATE_DISTRIBUTION_BOARDS): a
 * breadth-first search from the dark board where each edge is one press
 * (adds 1 mod k to a cell and its targets), so a board's depth is its
 * fewest presses counted with multiplicity, and the boards reached are
 * exactly the winnable ones. The k-state route of optimalDistribution.
 */
export function multiStateDistribution(
  board: Board,
  options: { states: number; onProgress?: (done: number, total: number) => void; signal?: AbortSignal },
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
  const dark = solveMultiState(board, new Uint32Array(cells), { states: k });
  const total = Number(dark.winnableBoards);
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
  return { counts, winnable, states: k, cells, nullity: dark.nullity, rank: dark.rank };
}
