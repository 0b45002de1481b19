// Structured Gaussian elimination over GF(2), exact: the sparse part of a
// matrix is eliminated pivot by pivot, cheapest first, and what is left (the
// "active part", smaller and denser) goes to the dense kernel once it is
// dense enough that bits beat lists.
//
// The pivot order follows LaMacchia & Odlyzko, "Solving large sparse linear
// systems over finite fields" (CRYPTO 1990) and Bouillaguet & Delaplace,
// "Sparse Gaussian elimination modulo p: an update" (CASC 2016): pivots that
// cause no fill first (rows of weight 1, columns of count 1), then doubletons
// (a column in two rows merges them; a row of weight 2 merges its two
// columns), then a Markowitz choice: among the columns of least count, the
// pivot with the least (count - 1) (weight - 1), the bound on its fill.
//
// Only row operations are used, so the right kernel and the solutions of
// A x = b are those of the eliminated system. A pivot (r, c) is eliminated
// from the other active rows only, so pivot row r keeps columns pivoted
// later; back substitution in reverse pivot order reads each x[c] off its row.
//
// Rows are sorted Uint32Arrays while short and Sets once long: adding the
// lighter pivot row into a long row then costs the pivot row's length, not
// the long one's (contracting a graph's incidence matrix merges small rows
// into a giant one a million times).

import type { EngineName } from "../gf2/bitmatrix.js";
import { doubled } from "../internal/grow.js";
import { matrixRoom } from "../internal/memory.js";
import { matrixBytes } from "../internal/layout.js";
import { formatLimit } from "../internal/sizes.js";
import { sparseRowsToBitMatrix, transposeSparse } from "./build.js";
import type { SparseBitMatrix } from "./matrix.js";

/**
 * The phases a sparse computation reports: `structured` (the sparse
 * elimination), `dense` (the dense kernel on what is left), `back-substitution`
 * (solutions and kernel vectors read off the pivot rows).
 */
export type SparsePhase =
  | "structured"
  | "dense"
  | "back-substitution"
  // block Wiedemann's phases
  | "sequence"
  | "berlekamp-massey"
  | "solution";

/**
 * Progress of a sparse computation.
 *
 * @example
 * ```ts
 * const show = (p: SparseProgress) => console.log(`${p.phase} ${p.done}/${p.total}, ${p.secondsLeft ?? "?"} s left`);
 * ```
 */
export interface SparseProgress {
  /** What runs now. */
  phase: SparsePhase;
  /** Units done in this phase (rows eliminated, columns reduced, vectors written). */
  done: number;
  /** Units in this phase. */
  total: number;
  /**
   * An estimate of the seconds left in this phase, from its rate so far;
   * undefined at the start. Structured elimination slows down as fill grows,
   * so its estimate is a lower bound.
   */
  secondsLeft: number | undefined;
}

/**
 * The density (ones / (rows x cols)) of the active part at which the
 * structured elimination hands over to the dense kernel. Measured on this
 * project's machine (docs/BENCHMARKS.md, "Sparse GF(2)"): on random
 * matrices of 5,000 to 20,000 rows the total time is least for a hand-over
 * at 0.2% and grows past it (Markowitz pivots on rows of a few hundred ones
 * cost more than the bit-packed kernel's share of the same work); matrices
 * with structure (graphs) shed most rows by singletons and doubletons
 * before their density gets there.
 */
export const DEFAULT_HAND_OVER_DENSITY = 0.002;

/** Below this many rows x cols the active part goes to the dense kernel at once (all of it is a few kilobytes). */
const SMALL_ACTIVE = 64 * 64;

/** Rows longer than this are kept as Sets. */
const LONG_ROW = 48;

/** Pivots between checks of the clock, the signal and the progress callback. */
const CHECK_EVERY = 256;

/**
 * Default bound on the ones held by the active part (fill-in). Measured at
 * about 76 bytes a one (rows, long rows as Sets, column lists): 2^24 ones
 * are about 1.3 GB, what a browser tab can spare.
 */
export const DEFAULT_MAX_NONZEROS = 2 ** 24;

/** Options of the structured elimination. */
export interface StructuredOptions {
  /** Called now and then with the phase, the work done and an estimate of the time left. */
  onProgress?: ((progress: SparseProgress) => void) | undefined;
  /** Stops the work with the signal's reason (checked between pivots and between dense slices). */
  signal?: AbortSignal | undefined;
  /**
   * Density of the active part at which the dense kernel takes over; default
   * {@link DEFAULT_HAND_OVER_DENSITY}. 0 hands over at once; above 1 never
   * (the elimination stays sparse to the end).
   */
  handOverDensity?: number | undefined;
  /**
   * The most ones the active part may hold (fill-in); past it the dense kernel
   * takes the active part if it fits, else a RangeError. Default {@link DEFAULT_MAX_NONZEROS}.
   */
  maxNonzeros?: number | undefined;
  /** The dense kernel's route for the hand-over (BitMatrix's `method`). */
  denseMethod?: "auto" | "m4ri" | "ple" | "naive" | undefined;
  /** Threads of the dense kernel (BitMatrix's `threads`). */
  threads?: number | undefined;
  /** Engine of the dense kernel; default `"wasm"`. */
  engine?: EngineName | undefined;
}

/** What the structured elimination did, for reports and benchmarks. */
export interface StructuredStats {
  /** Pivots that caused no fill: rows of weight 1, columns of count 1. */
  singletonPivots: number;
  /** Pivots in a column of count 2 or a row of weight 2. */
  doubletonPivots: number;
  /** Other pivots, chosen by the Markowitz bound. */
  markowitzPivots: number;
  /** Rows that became zero (dependent rows). */
  zeroRows: number;
  /** The most ones the active part held at any time (the original ones included). */
  peakNonzeros: number;
  /** The active part handed to the dense kernel: its size and ones; undefined when none was left. */
  handOver: { rows: number; cols: number; nonzeros: number; density: number; rank: number } | undefined;
}

/** What is asked of one elimination. */
export interface StructuredRequest {
  /** Right-hand side to carry along (one entry per row), or null. */
  rhs: Uint8Array | null;
  /** Kernel vectors wanted (0 for none). */
  kernelLimit: number;
}

/** The result of one elimination. */
export interface StructuredResult {
  rank: number;
  stats: StructuredStats;
  /** A x = rhs solvable (true when no rhs). */
  consistent: boolean;
  /** One solution when rhs was given and consistent. */
  x: Uint8Array | undefined;
  /** Up to `kernelLimit` independent vectors of the right kernel. */
  kernel: Uint8Array[];
}

/** Progress and cancel of one phase: elapsed time, rate, throttling. */
class Watch {
  private readonly start = performance.now();
  // the first tick always reports: performance.now() counts from the realm's start, which a
  // fresh process or worker may have passed less than 50 ms before
  private last = -Infinity;
  constructor(
    private readonly options: StructuredOptions,
    private readonly phase: SparsePhase,
    private readonly total: number,
  ) {}

  /** Checks the signal and, at most every 50 ms, reports `done`. */
  tick(done: number): void {
    this.options.signal?.throwIfAborted();
    const report = this.options.onProgress;
    if (report === undefined) return;
    const now = performance.now();
    if (now - this.last < 50 && done < this.total) return;
    this.last = now;
    const seconds = (now - this.start) / 1000;
    const secondsLeft = done > 0 && seconds > 0.05 ? ((this.total - done) * seconds) / done : undefined;
    report({ phase: this.phase, done, total: this.total, secondsLeft });
  }
}

type Row = Uint32Array | Set<number>;

/**
 * The rows that gained each column by fill, as linked lists in one pool of
 * typed arrays: a fill adds a node, not a small array per column (a
 * million of those kept the garbage collector busy for a third of the time).
 * A column's nodes go back to the pool when its count falls to 0.
 */
class GainedRows {
  readonly head: Int32Array;
  row: Int32Array = new Int32Array(1024);
  next: Int32Array = new Int32Array(1024);
  private size = 0;
  private free = -1;

  constructor(cols: number) {
    this.head = new Int32Array(cols).fill(-1);
  }

  add(c: number, r: number): void {
    let node = this.free;
    if (node !== -1) this.free = this.next[node]!;
    else {
      if (this.size === this.row.length) {
        this.row = doubled(this.row);
        this.next = doubled(this.next);
      }
      node = this.size++;
    }
    this.row[node] = r;
    this.next[node] = this.head[c]!;
    this.head[c] = node;
  }

  /** Gives column c's nodes back to the pool. */
  clear(c: number): void {
    let node = this.head[c]!;
    if (node === -1) return;
    while (this.next[node] !== -1) node = this.next[node]!;
    this.next[node] = this.free;
    this.free = this.head[c]!;
    this.head[c] = -1;
  }
}

function rowHas(row: Row, c: number): boolean {
  if (row instanceof Set) return row.has(c);
  let lo = 0;
  let hi = row.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const v = row[mid]!;
    if (v === c) return true;
    if (v < c) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

/** The row's columns, increasing (the merge of two rows walks them in order). */
function rowArray(row: Row): Uint32Array {
  return row instanceof Set ? Uint32Array.from(row).sort() : row;
}

/** A stack of ints per key, with lazy deletion by the caller (a bucket queue over column counts). */
class Buckets {
  private readonly stacks: number[][] = [];
  min = Number.POSITIVE_INFINITY;

  push(key: number, value: number): void {
    (this.stacks[key] ??= []).push(value);
    if (key < this.min) this.min = key;
  }

  /** The stack of the least key holding anything, or undefined. */
  least(): number[] | undefined {
    while (this.min < this.stacks.length) {
      const stack = this.stacks[this.min];
      if (stack !== undefined && stack.length > 0) return stack;
      this.min++;
    }
    return undefined;
  }
}

/**
 * The state of one elimination: rows, column counts and lists, queues.
 * Column lists are the original columns plus rows that gained the column
 * by fill; an entry is stale once its row left or lost the column, and is
 * checked when read.
 */
class Eliminator {
  readonly rows: (Row | null)[];
  readonly weight: Int32Array;
  readonly count: Int32Array;
  readonly pivotOfColumn: Int32Array;
  readonly colStart: Uint32Array;
  readonly colRows: Uint32Array;
  readonly gained: GainedRows;
  readonly stamp: Int32Array;
  /** The pivot that last changed each column's count, and the columns the current pivot changed. */
  readonly columnStamp: Int32Array;
  readonly changed: number[] = [];
  pivotStamp = 0;
  /** Scratch for merging two sorted rows. */
  private merged = new Uint32Array(256);
  readonly buckets = new Buckets();
  readonly lightRows: number[] = [];
  readonly pivotRows: number[] = [];
  readonly pivotCols: number[] = [];
  readonly pivotRowArrays: Uint32Array[] = [];
  readonly rhs: Uint8Array | null;
  activeRows: number;
  activeCols: number;
  activeNonzeros: number;
  inconsistent = false;
  stepStamp = 0;
  readonly stats: StructuredStats;

  constructor(
    readonly m: SparseBitMatrix,
    rhs: Uint8Array | null,
    private readonly maxNonzeros: number,
  ) {
    const { rows, cols, rowStart, colIndex } = m;
    this.rhs = rhs === null ? null : rhs.slice();
    this.rows = new Array<Row | null>(rows);
    this.weight = new Int32Array(rows);
    this.activeRows = 0;
    for (let r = 0; r < rows; r++) {
      const w = rowStart[r + 1]! - rowStart[r]!;
      this.weight[r] = w;
      if (w === 0) {
        this.rows[r] = null;
        if (this.rhs !== null && this.rhs[r] === 1) this.inconsistent = true;
        continue;
      }
      this.rows[r] = colIndex.subarray(rowStart[r]!, rowStart[r + 1]!);
      this.activeRows++;
      if (w <= 2) this.lightRows.push(r);
    }
    const t = transposeSparse(m);
    this.colStart = t.rowStart;
    this.colRows = t.colIndex;
    this.gained = new GainedRows(cols);
    this.count = new Int32Array(cols);
    this.pivotOfColumn = new Int32Array(cols).fill(-1);
    this.activeCols = 0;
    for (let c = 0; c < cols; c++) {
      const k = t.rowStart[c + 1]! - t.rowStart[c]!;
      this.count[c] = k;
      if (k > 0) {
        this.activeCols++;
        this.buckets.push(k, c);
      }
    }
    this.activeNonzeros = colIndex.length;
    this.stamp = new Int32Array(rows);
    this.columnStamp = new Int32Array(cols);
    this.stats = {
      singletonPivots: 0,
      doubletonPivots: 0,
      markowitzPivots: 0,
      zeroRows: rows - this.activeRows,
      peakNonzeros: colIndex.length,
      handOver: undefined,
    };
  }

  /** The active rows holding column c, each once (stale list entries skipped). */
  rowsOf(c: number): number[] {
    const out: number[] = [];
    const s = ++this.stepStamp;
    const visit = (r: number): void => {
      if (this.stamp[r] === s) return;
      const row = this.rows[r];
      if (row === null || row === undefined || !rowHas(row, c)) return;
      this.stamp[r] = s;
      out.push(r);
    };
    for (let k = this.colStart[c]!; k < this.colStart[c + 1]!; k++) visit(this.colRows[k]!);
    for (let node = this.gained.head[c]!; node !== -1; node = this.gained.next[node]!) visit(this.gained.row[node]!);
    return out;
  }

  /**
   * Counts change by one many times in a pivot (down as the pivot row
   * leaves, up or down in each row it is added to); the bucket of a column
   * is set once, at the end of the pivot, from its final count.
   */
  private countChanged(c: number, by: number): void {
    const k = (this.count[c]! += by);
    if (k === 0) {
      this.activeCols--;
      this.gained.clear(c);
    } else if (k === 1 && by > 0) this.activeCols++; // a column whose only row was the pivot row comes back by fill
    if (this.columnStamp[c] !== this.pivotStamp) {
      this.columnStamp[c] = this.pivotStamp;
      this.changed.push(c);
    }
  }

  /** Puts each column changed by the last pivot in the bucket of its count. */
  private rebucket(): void {
    for (const c of this.changed) {
      const k = this.count[c]!;
      if (k > 0) this.buckets.push(k, c);
    }
    this.changed.length = 0;
  }

  private weightChanged(r: number, w: number): void {
    this.weight[r] = w;
    if (w === 0) {
      this.rows[r] = null;
      this.activeRows--;
      this.stats.zeroRows++;
      if (this.rhs !== null && this.rhs[r] === 1) this.inconsistent = true;
    } else if (w <= 2) this.lightRows.push(r);
  }

  /** Row `into` += row `pivot` (mod 2), keeping counts, lists and the rhs. */
  private addRow(pivot: Uint32Array, pivotRow: number, into: number): void {
    const target = this.rows[into]!;
    if (this.rhs !== null) this.rhs[into]! ^= this.rhs[pivotRow]!;
    let w = this.weight[into]!;
    if (target instanceof Set) {
      for (let k = 0; k < pivot.length; k++) {
        const c = pivot[k]!;
        if (target.delete(c)) {
          this.countChanged(c, -1);
          w--;
        } else {
          target.add(c);
          this.gained.add(c, into);
          this.countChanged(c, 1);
          w++;
        }
      }
      this.activeNonzeros += w - this.weight[into]!;
      this.weightChanged(into, w);
      if (w > 0 && w <= LONG_ROW / 2) this.rows[into] = Uint32Array.from(target).sort();
      return;
    }
    if (this.merged.length < target.length + pivot.length) {
      this.merged = new Uint32Array(2 * (target.length + pivot.length));
    }
    const out = this.merged;
    let i = 0;
    let j = 0;
    let n = 0;
    while (i < target.length || j < pivot.length) {
      const a = i < target.length ? target[i]! : 0xffffffff;
      const b = j < pivot.length ? pivot[j]! : 0xffffffff;
      if (a === b) {
        this.countChanged(a, -1);
        i++;
        j++;
      } else if (a < b) {
        out[n++] = a;
        i++;
      } else {
        out[n++] = b;
        this.gained.add(b, into);
        this.countChanged(b, 1);
        j++;
      }
    }
    this.activeNonzeros += n - w;
    w = n;
    this.rows[into] = n > LONG_ROW ? new Set(out.subarray(0, n)) : out.slice(0, n);
    this.weightChanged(into, w);
  }

  /** Pivots on (r, c): c leaves every other active row; row r leaves the active part. */
  pivot(r: number, c: number, others: number[]): void {
    this.pivotStamp++;
    const row = rowArray(this.rows[r]!);
    this.rows[r] = null;
    this.activeRows--;
    this.activeNonzeros -= row.length;
    for (let k = 0; k < row.length; k++) this.countChanged(row[k]!, -1);
    for (const r2 of others) if (r2 !== r) this.addRow(row, r, r2);
    this.rebucket();
    this.pivotRows.push(r);
    this.pivotCols.push(c);
    this.pivotRowArrays.push(row);
    this.pivotOfColumn[c] = this.pivotRows.length - 1;
    if (this.activeNonzeros > this.stats.peakNonzeros) this.stats.peakNonzeros = this.activeNonzeros;
  }

  /** Whether the fill-in passed `maxNonzeros`. */
  overfull(): boolean {
    return this.activeNonzeros > this.maxNonzeros;
  }

  /** The error of a fill-in past `maxNonzeros` whose active part does not fit the dense kernel either. */
  fillError(): RangeError {
    return new RangeError(
      formatLimit({
        subject: "structured elimination's active part",
        max: this.maxNonzeros,
        got: this.activeNonzeros,
        unit: ["nonzero", "nonzeros"],
        why: `fill-in after ${this.pivotRows.length} pivots, ${this.activeRows} x ${this.activeCols} left, too large for the dense kernel too`,
        hint: "raise maxNonzeros, or use method 'wiedemann', whose memory does not grow",
      }),
    );
  }

  /** The next pivot that causes little fill, a light row first; false when none is left. */
  step(): boolean {
    while (this.lightRows.length > 0) {
      const r = this.lightRows.pop()!;
      const row = this.rows[r];
      if (row === null || row === undefined || this.weight[r]! > 2) continue;
      let c = rowArray(row)[0]!;
      if (this.weight[r] === 2) {
        const d = rowArray(row)[1]!;
        // a row {c, d}: pivot on the column in fewer rows (its rows gain d or c)
        if (this.count[d]! < this.count[c]!) c = d;
        this.stats.doubletonPivots++;
      } else this.stats.singletonPivots++;
      this.pivot(r, c, this.rowsOf(c));
      return true;
    }
    for (;;) {
      const stack = this.buckets.least();
      if (stack === undefined) return false;
      const chosen = this.markowitz(stack);
      if (chosen === undefined) continue;
      const [c, r, rows] = chosen;
      const k = this.count[c]!;
      if (k === 1) this.stats.singletonPivots++;
      else if (k === 2) this.stats.doubletonPivots++;
      else this.stats.markowitzPivots++;
      this.pivot(r, c, rows);
      return true;
    }
  }

  /**
   * Markowitz: among up to four live columns of least count, the pivot with
   * the least (count - 1) (weight - 1); the others go back to their bucket.
   * Undefined when the stack held only stale entries.
   */
  private markowitz(stack: number[]): [column: number, row: number, rows: number[]] | undefined {
    let best: [number, number, number[]] | undefined;
    let bestCost = Number.POSITIVE_INFINITY;
    const passed: number[] = [];
    // doubletons (count 2) fill by the lighter row whichever is taken: the first live one will do
    const candidates = this.buckets.min <= 2 ? 1 : 4;
    for (let tries = 0; tries < candidates && stack.length > 0; ) {
      const c = stack.pop()!;
      if (this.pivotOfColumn[c] !== -1 || this.count[c] !== this.buckets.min) continue;
      tries++;
      const rows = this.rowsOf(c);
      let light = rows[0]!;
      for (const r of rows) if (this.weight[r]! < this.weight[light]!) light = r;
      const cost = (rows.length - 1) * (this.weight[light]! - 1);
      if (cost < bestCost) {
        if (best !== undefined) passed.push(best[0]);
        best = [c, light, rows];
        bestCost = cost;
      } else passed.push(c);
      if (cost === 0) break;
    }
    for (const c of passed) this.buckets.push(this.count[c]!, c);
    return best;
  }

  density(): number {
    return this.activeRows === 0 ? 1 : this.activeNonzeros / (this.activeRows * this.activeCols);
  }
}

/**
 * Whether the active part as bits (plus a column for a right-hand side) fits
 * half the room for a GF(2) matrix: the threaded elimination keeps a copy of
 * it in shared memory, and beyond half it would run on one thread.
 */
function denseFits(rows: number, cols: number): boolean {
  return matrixBytes(rows, cols + 1) <= matrixRoom() / 2;
}

/**
 * Structured elimination of `m`, then the dense kernel on the active part;
 * the rank, and on request a solution of A x = rhs and kernel vectors.
 */
export function structuredEliminate(
  m: SparseBitMatrix,
  request: StructuredRequest,
  options: StructuredOptions,
): StructuredResult {
  const threshold = options.handOverDensity ?? DEFAULT_HAND_OVER_DENSITY;
  const e = new Eliminator(m, request.rhs, options.maxNonzeros ?? DEFAULT_MAX_NONZEROS);
  const watch = new Watch(options, "structured", m.rows);
  watch.tick(0);
  let steps = 0;
  for (;;) {
    if (e.activeRows === 0) break;
    // past 1 the elimination stays sparse to the end
    const small = threshold <= 1 && e.activeRows * e.activeCols <= SMALL_ACTIVE;
    if ((small || e.density() >= threshold) && denseFits(e.activeRows, e.activeCols)) break;
    if (!e.step()) break;
    // past the bound on fill-in, the dense kernel takes what is left if it can, whatever its density
    if (e.overfull()) {
      if (denseFits(e.activeRows, e.activeCols)) break;
      throw e.fillError();
    }
    if (++steps % CHECK_EVERY === 0) watch.tick(m.rows - e.activeRows);
  }
  watch.tick(m.rows - e.activeRows);
  const dense = finishDense(e, options, request);
  const rank = e.pivotRows.length + dense.rank;
  const consistent = !e.inconsistent && dense.consistent;
  const back = new BackSubstitution(e, dense);
  const want = Math.min(request.kernelLimit, m.cols - rank);
  const progress = new Watch(options, "back-substitution", want + (request.rhs !== null ? 1 : 0));
  let x: Uint8Array | undefined;
  if (request.rhs !== null && consistent) x = back.solution();
  const kernel: Uint8Array[] = [];
  if (want > 0) {
    let done = 0;
    for (let c = 0; c < m.cols && kernel.length < want; c++) {
      if (e.pivotOfColumn[c] !== -1 || dense.pivotColumns.has(c)) continue;
      kernel.push(back.kernelVector(c));
      progress.tick(++done);
    }
  }
  return { rank, stats: e.stats, consistent, x, kernel };
}

/** The dense kernel's answer on the active part. */
interface DenseFinish {
  rank: number;
  consistent: boolean;
  /** Global column of each dense pivot, in order. */
  pivotColumns: Map<number, number>;
  /** Per dense pivot t: its reduced row over the active columns (global column indices set), and the rhs bit. */
  reducedRows: Uint32Array[];
  rhsBits: Uint8Array;
}

function finishDense(e: Eliminator, options: StructuredOptions, request: StructuredRequest): DenseFinish {
  const none: DenseFinish = {
    rank: 0,
    consistent: true,
    pivotColumns: new Map(),
    reducedRows: [],
    rhsBits: new Uint8Array(0),
  };
  if (e.activeRows === 0) return none;
  const { m } = e;
  const pick: number[] = [];
  for (let r = 0; r < m.rows; r++) if (e.rows[r] !== null) pick.push(r);
  const columns: number[] = [];
  const denseColumn = new Int32Array(m.cols).fill(-1);
  for (let c = 0; c < m.cols; c++) {
    if (e.count[c]! > 0 && e.pivotOfColumn[c] === -1) {
      denseColumn[c] = columns.length;
      columns.push(c);
    }
  }
  const width = columns.length;
  const handOver = { rows: pick.length, cols: width, nonzeros: e.activeNonzeros, density: e.density(), rank: 0 };
  e.stats.handOver = handOver;
  if (!denseFits(pick.length, width)) {
    throw new RangeError(
      formatLimit({
        subject: `the ${pick.length} x ${width} active part left by structured elimination`,
        max: matrixRoom() / 2,
        got: matrixBytes(pick.length, width + 1),
        unit: "bytes",
        why: "the dense kernel's share of the memory limit",
        hint: "use method 'wiedemann'",
      }),
    );
  }
  const withRhs = e.rhs !== null;
  const active = activeRowsMatrix(e, pick);
  const engine = options.engine === undefined ? {} : { engine: options.engine };
  using d = sparseRowsToBitMatrix(active, null, width + (withRhs ? 1 : 0), engine, denseColumn);
  if (withRhs) for (let t = 0; t < pick.length; t++) if (e.rhs![pick[t]!]) d.set(t, width, 1);
  const wantRows = request.kernelLimit > 0 || withRhs;
  const progress = new Watch(options, "dense", width);
  const echelon = d.echelonize({
    full: wantRows,
    pivotLimit: width,
    ...(options.denseMethod === undefined ? {} : { method: options.denseMethod }),
    ...(options.threads === undefined ? {} : { threads: options.threads }),
    ...(options.signal === undefined ? {} : { signal: options.signal }),
    // a callback slices the kernel: pass one only when someone listens
    ...(options.onProgress === undefined ? {} : { onProgress: (done: number) => progress.tick(done) }),
  });
  handOver.rank = echelon.rank;
  let consistent = true;
  if (withRhs) for (let t = echelon.rank; t < pick.length && consistent; t++) if (d.get(t, width)) consistent = false;
  const pivotColumns = new Map<number, number>();
  const reducedRows: Uint32Array[] = [];
  const rhsBits = new Uint8Array(echelon.rank);
  for (let t = 0; t < echelon.rank; t++) {
    pivotColumns.set(columns[echelon.pivots[t]!]!, t);
    if (!wantRows) continue;
    const bits = d.row(t);
    const set: number[] = [];
    for (let j = 0; j < width; j++) if (bits[j]) set.push(columns[j]!);
    reducedRows.push(Uint32Array.from(set));
    if (withRhs) rhsBits[t] = bits[width]!;
  }
  return { rank: echelon.rank, consistent, pivotColumns, reducedRows, rhsBits };
}

/** The active rows as a sparse matrix over the original columns. */
function activeRowsMatrix(e: Eliminator, pick: number[]): SparseBitMatrix {
  const rowStart = new Uint32Array(pick.length + 1);
  const arrays = pick.map((r) => {
    const row = e.rows[r]!;
    return row instanceof Set ? Uint32Array.from(row) : row;
  });
  arrays.forEach((a, t) => (rowStart[t + 1] = rowStart[t]! + a.length));
  const colIndex = new Uint32Array(rowStart[pick.length]!);
  arrays.forEach((a, t) => colIndex.set(a, rowStart[t]!));
  return { rows: pick.length, cols: e.m.cols, rowStart, colIndex };
}

/** Solutions and kernel vectors read off the dense reduced rows, then the sparse pivot rows in reverse. */
class BackSubstitution {
  constructor(
    private readonly e: Eliminator,
    private readonly dense: DenseFinish,
  ) {}

  /** x[c] for the dense pivots, given the free columns already set in x. */
  private denseValues(x: Uint8Array, rhs: boolean): void {
    const { pivotColumns, reducedRows, rhsBits } = this.dense;
    for (const [c, t] of pivotColumns) {
      let bit = rhs ? rhsBits[t]! : 0;
      const row = reducedRows[t]!;
      for (let k = 0; k < row.length; k++) if (row[k] !== c) bit ^= x[row[k]!]!;
      x[c] = bit;
    }
  }

  private sparseValues(x: Uint8Array, rhs: boolean): void {
    const { pivotRows, pivotCols, pivotRowArrays } = this.e;
    const b = this.e.rhs;
    for (let p = pivotRows.length - 1; p >= 0; p--) {
      const c = pivotCols[p]!;
      const row = pivotRowArrays[p]!;
      let bit = rhs && b !== null ? b[pivotRows[p]!]! : 0;
      for (let k = 0; k < row.length; k++) if (row[k] !== c) bit ^= x[row[k]!]!;
      x[c] = bit;
    }
  }

  /** One solution of A x = rhs: free columns 0. */
  solution(): Uint8Array {
    const x = new Uint8Array(this.e.m.cols);
    this.denseValues(x, true);
    this.sparseValues(x, true);
    return x;
  }

  /** The kernel vector with free column f set and every other free column 0. */
  kernelVector(f: number): Uint8Array {
    const x = new Uint8Array(this.e.m.cols);
    x[f] = 1;
    this.denseValues(x, false);
    this.sparseValues(x, false);
    return x;
  }
}
