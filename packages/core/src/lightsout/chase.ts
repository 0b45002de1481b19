// Light chasing on the plain m x n rectangle (plus rule, self toggle, no
// torus, no mask): the first-row lookup, the chase matrix C, the solver for
// huge grids that never builds the mn x mn matrix, and the chasing route of
// every ring (chaseBoard: GF(2) bit-sliced here, residues in
// _chase-residues.ts). The bit-sliced recurrence itself lives in
// _chase-symbolic.ts (WebAssembly, with its twin _chase-symbolic-naive.ts);
// packed boards in _chase-bits.ts; the step-by-step trace in chase-trace.ts.

import { BitMatrix, liveWords, type MatrixOptions } from "../gf2/bitmatrix.js";
import { checkInteger } from "../internal/check.js";
import { matrixBytes } from "../internal/layout.js";
import { memoryLimit } from "../internal/memory.js";
import type { CyclicGenerator } from "../rings/zk.js";
import { type Ring, zerosOf } from "../solvers/ring.js";
import { boardTooLarge, type CellValues, type GridBoard, MAX_CELLS } from "./board.js";
import { chaseModK } from "./_chase-residues.js";
import { chaseSymbolic, type ChaseRunOptions, type ChaseWords } from "./_chase-symbolic.js";
import { applyPacked, chaseNumeric, flipRows, isZero, packBoard, rowWords, unpackBoard } from "./_chase-bits.js";
import { checkMaxEntries, quietTooLarge } from "../solvers/quiet-limit.js";

/**
 * Options of {@link chaseMatrix}.
 *
 * @example
 * ```ts
 * const c = chaseMatrix(2000, 2000, {
 *   onProgress: (done, total) => console.log(`${done} / ${total} rows chased`),
 *   signal: AbortSignal.timeout(60_000),
 * });
 * ```
 */
export interface ChaseOptions extends MatrixOptions {
  /** Called now and then with board rows chased and rows in all. */
  onProgress?: (done: number, total: number) => void;
  /** Stops the chase between slices with the signal's reason. */
  signal?: AbortSignal;
}

/**
 * Options of {@link solveGrid} (progress is reported during the chase, the bulk of the work).
 *
 * @example
 * ```ts
 * const s = solveGrid(5, 5, new Array(25).fill(1), { quiet: true });
 * s.quiet?.length; // 2: the two quiet patterns of the 5 x 5 board
 * ```
 */
export interface SolveGridOptions extends ChaseOptions {
  /** Also return a basis of the quiet patterns (default false; at most 2^28 bytes of them). */
  quiet?: boolean;
  /**
   * With `quiet`: most entries (nullity x cells) the basis may hold, at
   * most the default 2^28; a RangeError as soon as the nullity is known,
   * before any pattern is chased out.
   */
  maxQuietEntries?: number;
}

/**
 * The answer of {@link solveGrid}.
 *
 * @example
 * ```ts
 * const s: GridSolution = solveGrid(5, 5, new Array(25).fill(1));
 * if (s.solvable) s.firstRow; // Uint8Array [1, 1, 0, 0, 0]: press these, then chase
 * const t = solveGrid(4, 4, [1, ...new Array(15).fill(0)]);
 * t.solvable; // false: t.certificate is a quiet pattern meeting the lit corner
 * ```
 */
export type GridSolution = {
  /** Rows of the board. */
  rows: number;
  /** Columns of the board. */
  cols: number;
  /** Rank of the chase matrix C (cols x cols). */
  rank: number;
  /** Dimension of the space of quiet patterns: cols - rank; 2^nullity solutions when solvable. */
  nullity: number;
  /** With `quiet: true`: nullity independent quiet patterns (rows * cols entries each). */
  quiet?: Uint8Array[];
} & (
  | {
      /** The board can be switched off. */
      solvable: true;
      /** One solution: rows * cols entries, row-major, 1 = press. */
      presses: Uint8Array;
      /** Its first row (cols entries): the rest follows by chasing. */
      firstRow: Uint8Array;
    }
  | {
      /** The board cannot be switched off. */
      solvable: false;
      /** A proof: a quiet pattern (rows * cols entries) that meets the lit cells an odd number of times. */
      certificate: Uint8Array;
    }
);

/**
 * The table of the first-row fix, from {@link firstRowLookup}.
 *
 * @example
 * ```ts
 * const table: FirstRowLookup = firstRowLookup(5, 5);
 * table.nullity; // 2: two first-row presses are free
 * ```
 */
export interface FirstRowLookup {
  /** Rows of the board. */
  rows: number;
  /** Columns of the board (and the size of C). */
  cols: number;
  /** Rank of the chase matrix C. */
  rank: number;
  /** cols - rank: how many first-row presses are free. */
  nullity: number;
  /**
   * G, cols rows of cols entries: for every last row d that can be cleared,
   * the first row G d (free presses 0) clears it, i.e. C G d = d. When C is
   * invertible G is its inverse. Row i of G says which last-row lights
   * decide first-row press i (the "first row in terms of the last row"
   * formulas of light chasing, one per cell).
   */
  inverse: Uint8Array[];
  /**
   * A basis (nullity rows of cols entries) of the first rows of the quiet
   * patterns, the null space of C. Since C is symmetric, a last row d can be
   * cleared exactly when it is orthogonal to every one of them; adding any of
   * them to a fix gives another fix.
   */
  quietFirstRows: Uint8Array[];
  /**
   * The table itself, when 2^rank <= `maxEntries`: one entry per last row
   * that can be cleared (2^rank of them, the all-dark row included), sorted
   * by last row, with the first-row fix whose free presses are 0. Last rows
   * outside the column space of C have no entry: those boards are not
   * winnable. Undefined when the table would be larger.
   */
  entries?: {
    /** A last row that can be cleared (cols entries). */
    lastRow: Uint8Array;
    /** The first-row presses that clear it (cols entries). */
    firstRow: Uint8Array;
  }[];
}

export function checkSize(rows: unknown, cols: unknown): [number, number] {
  const m = checkInteger("rows", rows, 1, MAX_CELLS);
  const n = checkInteger("cols", cols, 1, MAX_CELLS);
  if (m * n > MAX_CELLS) throw new RangeError(boardTooLarge(m, n));
  return [m, n];
}

function runOptions(options: ChaseOptions | undefined): ChaseRunOptions {
  const out: ChaseRunOptions = { engine: options?.engine ?? "wasm" };
  if (options?.onProgress) out.onProgress = options.onProgress;
  if (options?.signal) out.signal = options.signal;
  return out;
}

/** Copies the first `cols` columns of P_m into a new cols x cols BitMatrix. */
function toMatrix(p: ChaseWords, n: number, options: MatrixOptions | undefined): BitMatrix {
  const c = BitMatrix.zeros(n, n, options);
  const dst = liveWords(c);
  const s = c.strideWords * 2;
  if (s === p.stride32) dst.set(p.words.subarray(0, n * s));
  else for (let j = 0; j < n; j++) dst.set(p.words.subarray(j * p.stride32, j * p.stride32 + s), j * s);
  if (p.width > n && n >>> 5 < s) {
    // the constant column n lies in the padding of C's rows: clear it
    const mask = ~(1 << (n & 31));
    for (let j = 0; j < n; j++) dst[j * s + (n >>> 5)]! &= mask;
  }
  return c;
}

/**
 * The chase matrix C of the rows x cols rectangle (plus rule): press only
 * first-row cell i of a dark board, chase the lights down (for every row
 * but the last, press the cell below each lit cell), and column i of C is
 * what is left lit in the extra row below the board. C is cols x cols,
 * symmetric and centrosymmetric, and the board's nullity is cols - rank(C).
 *
 * Computed bit-sliced, never one chase per column: every cell of a row
 * carries its press as a vector over the cols first-row presses, so a row
 * costs O(cols^2 / 64) word XORs (WebAssembly SIMD, or the TypeScript twin
 * with `engine: "ts"`).
 *
 * @param rows - Rows of the board, >= 1.
 * @param cols - Columns of the board (the size of C), >= 1.
 * @param options - Engine of the result (and of the chase), progress, abort signal.
 * @returns C as a new cols x cols matrix.
 * @throws {TypeError | RangeError} for sizes that are not integers >= 1, or a board over 2^28 cells.
 * @throws The signal's reason when aborted.
 * @example
 * ```ts
 * using c = chaseMatrix(5, 5);
 * c.rank(); // 3: the 5 x 5 board has nullity 5 - 3 = 2
 * ```
 */
export function chaseMatrix(rows: number, cols: number, options?: ChaseOptions): BitMatrix {
  const [m, n] = checkSize(rows, cols);
  const p = chaseSymbolic(m, n, undefined, runOptions(options));
  return toMatrix(p, n, options);
}

/** Chases a packed first row on a dark board: the quiet pattern it starts. */
function chaseFirstRow(m: number, n: number, first: Uint8Array): { presses: Uint32Array; residual: Uint32Array } {
  const presses = new Uint32Array(m * rowWords(n));
  const residual = chaseNumeric(m, n, undefined, packBoard("first row", 1, n, first), presses);
  return { presses, residual };
}

/**
 * Solves the rows x cols rectangle (plus rule) for the lit board `lights`
 * by light chasing, without ever building the mn x mn matrix: one symbolic
 * chase with the first row as cols unknowns and the board as one extra
 * column gives [C | d]; C x = d is solved with the GF(2) kernel; one more
 * chase from the first row x gives every press. Memory: O(cols^2) bits plus
 * the board. The solution is checked by applying it before it is returned.
 *
 * @param rows - Rows, >= 1.
 * @param cols - Columns, >= 1 (rows * cols <= 2^28).
 * @param lights - rows * cols entries 0/1, row-major (1 = lit).
 * @param options - `quiet: true` for a basis of the quiet patterns; engine, progress, abort signal.
 * @returns Solvable with one solution (and its first row), or not solvable with a
 *   quiet pattern that proves it; rank of C and nullity in both cases.
 * @throws {TypeError} for an entry of `lights` other than 0/1; {RangeError} for its length or the sizes,
 *   or for a quiet basis over 2^28 bytes (nullity * rows * cols).
 * @throws The signal's reason when aborted.
 * @example
 * ```ts
 * const s = solveGrid(1000, 1000, new Uint8Array(1000 * 1000).fill(1));
 * if (s.solvable) console.log(s.presses.reduce((a, b) => a + b, 0), "presses");
 * ```
 */
export function solveGrid(
  rows: number,
  cols: number,
  lights: ArrayLike<number>,
  options?: SolveGridOptions,
): GridSolution {
  const [m, n] = checkSize(rows, cols);
  // the packed board (rows of whole 128-bit lanes) is checked before it is built: 2^28 x 1 needs 4 GiB
  memoryLimit.check(`a ${m} x ${n} GF(2) matrix`, matrixBytes(m, n), 0);
  const packed = packBoard("lights", m, n, lights);
  const p = chaseSymbolic(m, n, packed, runOptions(options));
  const d = new Uint8Array(n);
  for (let j = 0; j < n; j++) d[j] = (p.words[j * p.stride32 + (n >>> 5)]! >>> (n & 31)) & 1;
  const engine = { engine: options?.engine ?? "wasm" } as const;
  using c = toMatrix(p, n, engine);
  const solved = c.solve(d);
  const { rank, nullity } = solved;
  const base = { rows: m, cols: n, rank, nullity };
  const most = Math.min(QUIET_MAX_BYTES, checkMaxEntries("maxQuietEntries", options?.maxQuietEntries));
  if (options?.quiet && nullity * m * n > most) {
    throw quietTooLarge(`the ${m} x ${n} board`, nullity, m * n, most);
  }
  const quiet = options?.quiet ? quietPatterns(m, n, c) : undefined;
  const extra = quiet ? { quiet } : {};
  if (!solved.solvable) {
    // y C = 0 and y . d = 1. The quiet pattern started by first row y,
    // mirrored top to bottom, has last row y; its dot product with the board
    // is y . d (the board equals A x + d on the last row, and A is symmetric).
    const { presses } = chaseFirstRow(m, n, solved.certificate);
    return { ...base, ...extra, solvable: false, certificate: unpackBoard(m, n, flipRows(m, n, presses)) };
  }
  const first = packBoard("first row", 1, n, solved.x);
  const presses = new Uint32Array(m * rowWords(n));
  const residual = chaseNumeric(m, n, packed, first, presses);
  if (!isZero(residual) || !isZero(applyPacked(m, n, packed, presses))) {
    throw new Error(`internal error: the chase solution of the ${m} x ${n} board does not clear it; please report it`);
  }
  return { ...base, ...extra, solvable: true, presses: unpackBoard(m, n, presses), firstRow: solved.x };
}

/** Largest quiet basis solveGrid returns: nullity * cells bytes. */
const QUIET_MAX_BYTES = 2 ** 28;

/** The quiet patterns started by a basis of null(C). */
function quietPatterns(m: number, n: number, c: BitMatrix): Uint8Array[] {
  using basis = c.nullspace();
  return basis.toRows().map((first) => quietPatternOf(m, n, first));
}

/** The quiet pattern that a null vector of C starts, chased down the board. */
function quietPatternOf(m: number, n: number, first: Uint8Array): Uint8Array {
  const { presses, residual } = chaseFirstRow(m, n, first);
  if (!isZero(residual))
    throw new Error("internal error: a null vector of C does not start a quiet pattern; please report it");
  return unpackBoard(m, n, presses);
}

/**
 * The quiet patterns of the rows x cols rectangle (plus rule), each chased
 * from its first row only when asked: the patterns of solveGrid's `quiet`,
 * in the same order, for the cost of null(C) (cols^2 bits) and one chase per
 * pattern taken. Lets every-solution enumerations that stop early expand a
 * few patterns of a board whose whole basis would not fit.
 *
 * @param rows - Rows, >= 1.
 * @param cols - Columns, >= 1.
 * @returns The nullity and the i-th pattern (rows * cols entries), for i in 0..nullity-1.
 */
export function quietPatternsOnDemand(rows: number, cols: number): { nullity: number; pattern(i: number): Uint8Array } {
  const [m, n] = checkSize(rows, cols);
  using c = chaseMatrix(m, n, { engine: "wasm" });
  using basis = c.nullspace();
  const firstRows = basis.toRows();
  return { nullity: firstRows.length, pattern: (i) => quietPatternOf(m, n, firstRows[i]!) };
}

/**
 * The first-row lookup of light chasing for the rows x cols rectangle: which
 * first-row presses clear a given lit last row (after chasing the lights
 * down). It is the solution of C x = d for the chase matrix C, given three
 * ways: the matrix G with x = G d, the condition for d to have a fix at all
 * (orthogonal to the quiet first rows), and, when small enough, the table
 * of every last row that has a fix. For singular boards (C not invertible)
 * only last rows in the column space of C have an entry.
 *
 * @param rows - Rows, >= 1.
 * @param cols - Columns, >= 1 (rows * cols <= 2^28; G has cols^2 entries).
 * @param options - `maxEntries`: largest table to list (default 1024).
 * @returns G, the quiet first rows, rank, nullity and (if 2^rank <= maxEntries) the entries.
 * @throws {TypeError | RangeError} for bad sizes or maxEntries.
 * @example
 * ```ts
 * const t = firstRowLookup(5, 5);
 * t.rank; // 3: 8 last rows have a fix, 4 first rows each (2 quiet first rows)
 * t.entries?.length; // 8
 * ```
 */
export function firstRowLookup(rows: number, cols: number, options: { maxEntries?: number } = {}): FirstRowLookup {
  const [m, n] = checkSize(rows, cols);
  const maxEntries = checkInteger("maxEntries", options.maxEntries ?? 1024, 0, 2 ** 24);
  using c = chaseMatrix(m, n);
  const { P, E, rank, pivots } = c.transform();
  E.dispose();
  using pm = P;
  const inverse: Uint8Array[] = Array.from({ length: n }, () => new Uint8Array(n));
  for (let t = 0; t < rank; t++) inverse[pivots[t]!] = pm.row(t);
  using nul = c.nullspace();
  const quietFirstRows = nul.toRows();
  const result: FirstRowLookup = { rows: m, cols: n, rank, nullity: n - rank, inverse, quietFirstRows };
  if (2 ** rank <= maxEntries) {
    // first rows supported on the pivot columns: each last row of the
    // column space once, with its free presses 0
    const columns = Array.from({ length: rank }, (_, t) => columnOf(c, pivots[t]!));
    const entries: { lastRow: Uint8Array; firstRow: Uint8Array }[] = [];
    for (let mask = 0; mask < 2 ** rank; mask++) {
      const firstRow = new Uint8Array(n);
      const lastRow = new Uint8Array(n);
      for (let t = 0; t < rank; t++) {
        if ((mask >>> t) & 1) {
          firstRow[pivots[t]!] = 1;
          const col = columns[t]!;
          for (let j = 0; j < n; j++) lastRow[j]! ^= col[j]!;
        }
      }
      entries.push({ lastRow, firstRow });
    }
    entries.sort((a, b) => compareRows(a.lastRow, b.lastRow));
    result.entries = entries;
  }
  return result;
}

function columnOf(c: BitMatrix, i: number): Uint8Array {
  const col = new Uint8Array(c.rows);
  for (let j = 0; j < c.rows; j++) col[j] = c.get(j, i);
  return col;
}

function compareRows(a: Uint8Array, b: Uint8Array): number {
  for (let j = 0; j < a.length; j++) if (a[j] !== b[j]) return a[j]! - b[j]!;
  return 0;
}

/** What light chasing answers for a plain rectangle, over either ring, in its own cell order. */
export interface ChaseAnswer {
  solvable: boolean;
  presses: CellValues | null;
  rank: number;
  nullity: number;
  /** With `quiet` (GF(2)), or always (residues): generators of the quiet patterns. */
  quiet?: CellValues[];
  /** Residues: the quiet patterns as a direct sum of cyclic groups. */
  cyclic?: CyclicGenerator[];
  proof?: CellValues;
  lastRowProof?: Uint32Array;
}

/** A row-major rows x cols array of values, transposed (into the same element type). */
function transposeValues<T extends CellValues>(values: ArrayLike<number>, rows: number, cols: number, out: T): T {
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) out[c * rows + r] = values[r * cols + c]!;
  return out;
}

/**
 * Solves a plain rectangle by light chasing over a ring, along its longer
 * side so that the chase system is the smaller one (min(rows, cols)
 * square): GF(2) by the bit-sliced chase ({@link solveGrid}), residues by
 * the affine chase over Z_k (_chase-residues.ts).
 *
 * @param quiet - GF(2): also the quiet patterns (residues always have them).
 * @param maxQuietEntries - The caller's cap on the quiet patterns (count x cells).
 */
export function chaseBoard(
  board: GridBoard,
  lights: ArrayLike<number>,
  ring: Ring,
  quiet: boolean,
  maxQuietEntries = Number.POSITIVE_INFINITY,
): ChaseAnswer {
  const { rows, cols } = board;
  const flip = cols > rows;
  const [m, n] = flip ? [cols, rows] : [rows, cols];
  const values = flip ? transposeValues(lights, rows, cols, zerosOf(ring, rows * cols)) : lights;
  const back = <T extends CellValues>(v: T): T =>
    flip ? transposeValues(v, cols, rows, zerosOf(ring, v.length) as T) : v;
  if (ring.bits) {
    const most = maxQuietEntries === Number.POSITIVE_INFINITY ? {} : { maxQuietEntries };
    const g = solveGrid(m, n, values, { quiet, ...most });
    const common = {
      rank: rows * cols - g.nullity,
      nullity: g.nullity,
      ...(g.quiet ? { quiet: g.quiet.map(back) } : {}),
    };
    return g.solvable
      ? { solvable: true, presses: back(g.presses), ...common }
      : { solvable: false, presses: null, ...common, proof: back(g.certificate) };
  }
  const s = chaseModK(m, n, ring.k, values, maxQuietEntries);
  return {
    solvable: s.solvable,
    presses: s.presses && back(s.presses),
    rank: rows * cols - s.kernel.length,
    nullity: s.kernel.length,
    quiet: s.kernel.map(back),
    cyclic: s.cyclic.map((g) => ({ generator: back(g.generator), order: g.order })),
    ...(s.certificate ? { proof: back(s.certificate) } : {}),
    ...(s.lastRowCertificate ? { lastRowProof: s.lastRowCertificate } : {}),
  };
}

/**
 * The quiet patterns of a plain rectangle one at a time, chased along its
 * longer side as {@link chaseBoard} does ({@link quietPatternsOnDemand}).
 */
export function chasedQuietSource(board: GridBoard): (i: number) => Uint8Array {
  const { rows, cols } = board;
  if (cols <= rows) return quietPatternsOnDemand(rows, cols).pattern;
  const across = quietPatternsOnDemand(cols, rows);
  return (i) => transposeValues(across.pattern(i), cols, rows, new Uint8Array(rows * cols));
}
