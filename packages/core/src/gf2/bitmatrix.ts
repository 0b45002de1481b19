import { checkDimension, checkInteger, checkOptionsObject, describe } from "../internal/check.js";
import type { EchelonOptions, Engine, EngineName, MulOptions, Store } from "./_engine.js";
import { tsEngine } from "./_matrix-naive.js";
import { wasmEngine } from "./_matrix.js";
import { strideWords } from "../internal/layout.js";
import { getBit, putBit } from "./_matrix-naive.js";
import { xoshiro128 } from "../internal/random.js";

export type { EchelonOptions, EngineName, MulOptions } from "./_engine.js";

/**
 * Where a matrix lives and which kernels run on it.
 *
 * @example
 * ```ts
 * const options: MatrixOptions = { engine: "ts" }; // no WebAssembly needed
 * BitMatrix.identity(4, options).rank(); // 4
 * ```
 */
export interface MatrixOptions {
  /** `"wasm"` (default): WebAssembly SIMD kernels. `"ts"`: the plain TypeScript twin. */
  engine?: EngineName;
}

/**
 * Options of {@link BitMatrix.random}.
 *
 * @example
 * ```ts
 * const a = BitMatrix.random(64, 64, { seed: 7 });
 * a.equals(BitMatrix.random(64, 64, { seed: 7, engine: "ts" })); // true: same seed, same matrix
 * ```
 */
export interface RandomOptions extends MatrixOptions {
  /** Seed of the generator (any integer; default 0): the same seed gives the same matrix. */
  seed?: number;
}

/**
 * An echelon form: its rank and the pivot column of each of its first `rank` rows.
 *
 * @example
 * ```ts
 * const e: Echelon = BitMatrix.fromRows(["110", "011", "101"]).echelonize({ full: true });
 * e.rank;         // 2
 * [...e.pivots];  // [0, 1]
 * ```
 */
export interface Echelon {
  /** Number of non-zero rows of the echelon form: the rank of the matrix. */
  rank: number;
  /** Pivot column of echelon row i, for i < rank, increasing. */
  pivots: Int32Array;
  /**
   * Threads that eliminated (WebAssembly engine): more than 1 when the helper threads shared the
   * sweeps, 1 when one thread did (small matrices, no helper threads, or over the shared-memory cap).
   */
  threads?: number;
}

/**
 * The answer to `A x = b` for one right-hand side.
 *
 * @example
 * ```ts
 * const a = BitMatrix.fromRows(["110", "011", "101"]);
 * const s: VectorSolution = a.solve([1, 0, 0]);
 * if (s.solvable) console.log(s.x);
 * else console.log(s.certificate); // Uint8Array [1, 1, 1]: the rows sum to 0, b's entries to 1
 * ```
 */
export type VectorSolution =
  | {
      /** The system has a solution. */
      solvable: true;
      /** One solution (free variables set to 0), one entry 0/1 per column of A. */
      x: Uint8Array;
      /** Rank of A. */
      rank: number;
      /** Dimension of the null space: the solutions are x + null space, 2^nullity of them. */
      nullity: number;
    }
  | {
      /** The system has no solution. */
      solvable: false;
      /** A proof: y with y A = 0 and y . b = 1 (one entry per row of A). */
      certificate: Uint8Array;
      /** Rank of A. */
      rank: number;
      /** Dimension of the null space of A. */
      nullity: number;
    };

/**
 * The answer to `A X = B` for many right-hand sides (the columns of B).
 *
 * @example
 * ```ts
 * const a = BitMatrix.fromRows(["110", "011", "101"]);
 * const s: SystemSolution = a.solveMany(BitMatrix.fromRows(["10", "10", "01"]));
 * s.x.toString();  // "00\n10\n00": column 0 solves A x = (1, 1, 0)
 * s.inconsistent;  // [{ column: 1, certificate: Uint8Array [1, 1, 1] }]
 * ```
 */
export interface SystemSolution {
  /** cols(A) x cols(B): column j solves A x = B_j (zero where that column has no solution). */
  x: BitMatrix;
  /** Rank of A. */
  rank: number;
  /** Dimension of the null space of A: each solvable column has 2^nullity solutions. */
  nullity: number;
  /** Columns of B with no solution, each with y such that y A = 0 and y . B_j = 1. */
  inconsistent: {
    /** Index of the column of B. */
    column: number;
    /** y, one entry per row of A. */
    certificate: Uint8Array;
  }[];
}

function checkEchelonOptions(options: EchelonOptions): void {
  checkOptionsObject(options);
  const method = options.method ?? "auto";
  if (method !== "auto" && method !== "m4ri" && method !== "naive" && method !== "ple") {
    throw new TypeError(`"method" expected "auto", "m4ri", "naive" or "ple", got ${describe(method)}`);
  }
  if (options.m4ri) {
    checkInteger("m4ri.k", options.m4ri.k, 1, 12);
    checkInteger("m4ri.tables", options.m4ri.tables, 1, Math.min(8, Math.floor(64 / options.m4ri.k)));
    if (options.m4ri.steps !== undefined) checkInteger("m4ri.steps", options.m4ri.steps, 1, 16);
  }
  if (options.threads !== undefined) checkInteger("threads", options.threads, 1, 256);
}

function checkMulOptions(options: MulOptions): void {
  checkOptionsObject(options);
  if (options.threads !== undefined) checkInteger("threads", options.threads, 1, 256);
}

/** Up to this many right-hand sides, solveMany back-substitutes. */
const BACK_SUBSTITUTION_MAX = 64;

const engines: Record<EngineName, Engine> = { wasm: wasmEngine, ts: tsEngine };

function engineOf(options: MatrixOptions | undefined): Engine {
  const name = options?.engine ?? "wasm";
  const engine = engines[name];
  if (!engine) throw new TypeError(`"engine" expected "wasm" or "ts", got ${describe(name)}`);
  return engine;
}

// Frees the memory of matrices that were dropped without dispose().
const finalizer = new FinalizationRegistry<{ engine: Engine; store: Store }>(({ engine, store }) =>
  engine.release(store),
);

/** Set in BitMatrix's static block: the live packed words of a matrix, for this package only. */
let liveWordsOf: (m: BitMatrix) => Uint32Array;

/**
 * The packed words of `m` as a live view into its engine's memory, for
 * readers and writers inside this package that use it at once (filling a
 * matrix from a file, formatting one): the view is valid only until the
 * next allocation, so it never leaves the package (see
 * {@link BitMatrix.packedWords} for the public copy).
 *
 * @internal
 */
export function liveWords(m: BitMatrix): Uint32Array {
  return liveWordsOf(m);
}

/** Set in BitMatrix's static block: reverseByteBits on a matrix's storage. */
let reverseByteBitsOf: (m: BitMatrix, from: number, to: number) => void;

/**
 * Reverses the bits of each byte from byte `from` to byte `to` of the
 * matrix's packed words, in its engine (the WebAssembly one with v128
 * shuffles): a PBM raster copied into the rows becomes the matrix.
 *
 * @internal
 */
export function reverseByteBits(m: BitMatrix, from: number, to: number): void {
  reverseByteBitsOf(m, from, to);
}

/**
 * A dense matrix over GF(2), bit-packed (64 columns per word, rows padded to
 * 128-bit SIMD lanes). By default it lives in WebAssembly memory and its
 * operations run there; call {@link BitMatrix.dispose} (or declare it with
 * `using`) to give the memory back at once rather than at garbage collection.
 *
 * @example
 * ```ts
 * using a = BitMatrix.fromRows(["110", "011", "101"]);
 * a.rank(); // 2
 * const s = a.solve([1, 1, 0]); // { solvable: true, x: Uint8Array [0, 1, 0], ... }
 * ```
 */
export class BitMatrix implements Disposable {
  static {
    liveWordsOf = (m) => m.#words();
    reverseByteBitsOf = (m, from, to) => m.#engine.reverseByteBits(m.#live(), from, to);
  }

  /** Number of rows. */
  readonly rows: number;
  /** Number of columns. */
  readonly cols: number;
  readonly #engine: Engine;
  #store: Store | undefined;

  private constructor(rows: number, cols: number, engine: Engine) {
    this.rows = rows;
    this.cols = cols;
    this.#engine = engine;
    this.#store = engine.create(rows, cols);
    finalizer.register(this, { engine, store: this.#store }, this);
  }

  /**
   * A rows x cols matrix of zeros.
   *
   * @param rows - Number of rows, an integer >= 0.
   * @param cols - Number of columns, an integer >= 0.
   * @param options - Engine choice.
   * @returns A new zero matrix.
   * @throws {TypeError} when a size is not an integer.
   * @throws {RangeError} when a size is negative or the matrix would pass the memory limit.
   * @example
   * ```ts
   * const z = BitMatrix.zeros(2, 3); // "000\n000"
   * ```
   */
  static zeros(rows: number, cols: number, options?: MatrixOptions): BitMatrix {
    return new BitMatrix(checkDimension("rows", rows), checkDimension("cols", cols), engineOf(options));
  }

  /**
   * The n x n identity matrix.
   *
   * @param n - Size, an integer >= 0.
   * @param options - Engine choice.
   * @returns A new identity matrix.
   * @throws {TypeError | RangeError} as {@link BitMatrix.zeros}.
   * @example
   * ```ts
   * BitMatrix.identity(2).toString(); // "10\n01"
   * ```
   */
  static identity(n: number, options?: MatrixOptions): BitMatrix {
    const m = BitMatrix.zeros(n, n, options);
    const w = m.#words();
    const s = strideWords(n) * 2;
    for (let i = 0; i < n; i++) putBit(w, s, i, i, 1);
    return m;
  }

  /**
   * A matrix from its rows: strings of `0`/`1` (spaces ignored) or arrays of 0/1.
   *
   * @param rows - The rows, all of one length.
   * @param options - Engine choice.
   * @returns A new matrix.
   * @throws {TypeError} when a row is not a string or array, or holds anything but 0 and 1 (NaN, -1, "1"):
   *   `entry (row, column) expected 0 or 1, got NaN`.
   * @throws {RangeError} when rows differ in length.
   * @example
   * ```ts
   * const a = BitMatrix.fromRows(["10 1", [0, 1, 1]]);
   * ```
   */
  static fromRows(rows: readonly (string | ArrayLike<number>)[], options?: MatrixOptions): BitMatrix {
    if (!Array.isArray(rows)) throw new TypeError(`"rows" expected an array of rows, got ${describe(rows)}`);
    const parsed = rows.map((row, i) => {
      if (typeof row === "string") {
        const digits = row.replace(/[ \t]/g, "");
        const bad = digits.search(/[^01]/);
        if (bad >= 0) {
          throw new TypeError(
            `row ${i} expected only 0, 1 and spaces, got ${JSON.stringify(digits[bad])} in ${describe(row)}`,
          );
        }
        return Array.from(digits, (ch) => (ch === "1" ? 1 : 0));
      }
      const length = (row as ArrayLike<number> | null)?.length;
      if (row === null || typeof row !== "object" || !(Number.isSafeInteger(length) && length! >= 0)) {
        throw new TypeError(`row ${i} expected a string or an array of 0/1, got ${describe(row)}`);
      }
      // checked here, as fromBits words it: the copy into bytes below would turn NaN into 0 and -1 into 255
      for (let j = 0; j < length!; j++) {
        const v = row[j];
        if (v !== 0 && v !== 1) throw new TypeError(`entry (${i}, ${j}) expected 0 or 1, got ${describe(v)}`);
      }
      return row;
    });
    const cols = parsed[0]?.length ?? 0;
    parsed.forEach((row, i) => {
      if (row.length !== cols)
        throw new RangeError(`row ${i} expected ${cols} entries (like row 0), got ${row.length}`);
    });
    const bits = new Uint8Array(rows.length * cols);
    parsed.forEach((row, i) => {
      for (let j = 0; j < cols; j++) bits[i * cols + j] = row[j] as number;
    });
    return BitMatrix.fromBits(rows.length, cols, bits, options);
  }

  /**
   * A matrix from row-major entries, each 0 or 1.
   *
   * @param rows - Number of rows.
   * @param cols - Number of columns.
   * @param bits - rows * cols entries, row by row.
   * @param options - Engine choice.
   * @returns A new matrix.
   * @throws {RangeError} when `bits` has the wrong length; {TypeError} for an entry other than 0/1.
   * @example
   * ```ts
   * BitMatrix.fromBits(2, 2, [1, 0, 1, 1]).toString(); // "10\n11"
   * ```
   */
  static fromBits(rows: number, cols: number, bits: ArrayLike<number>, options?: MatrixOptions): BitMatrix {
    checkDimension("rows", rows);
    checkDimension("cols", cols);
    if (bits === null || typeof bits !== "object" || typeof bits.length !== "number") {
      throw new TypeError(`"bits" expected an array of 0/1, got ${describe(bits)}`);
    }
    if (bits.length !== rows * cols) {
      throw new RangeError(`"bits" expected ${rows} x ${cols} = ${rows * cols} entries, got ${bits.length}`);
    }
    for (let k = 0; k < bits.length; k++) {
      const v = bits[k];
      if (v !== 0 && v !== 1) {
        throw new TypeError(`entry (${Math.floor(k / cols)}, ${k % cols}) expected 0 or 1, got ${describe(v)}`);
      }
    }
    const m = BitMatrix.zeros(rows, cols, options);
    const w = m.#words();
    const s = strideWords(cols) * 2;
    for (let i = 0; i < rows; i++) {
      for (let j = 0; j < cols; j++) if (bits[i * cols + j]) w[i * s + (j >>> 5)]! |= 1 << (j & 31);
    }
    return m;
  }

  /**
   * A uniformly random matrix from a seeded generator: the same seed gives
   * the same matrix on every engine and platform.
   *
   * @param rows - Number of rows.
   * @param cols - Number of columns.
   * @param options - Seed and engine.
   * @returns A new matrix.
   * @throws {TypeError | RangeError} as {@link BitMatrix.zeros}, or for a non-integer seed.
   * @example
   * ```ts
   * const a = BitMatrix.random(4096, 4096, { seed: 1 });
   * ```
   */
  static random(rows: number, cols: number, options?: RandomOptions): BitMatrix {
    const seed = options?.seed ?? 0;
    if (typeof seed !== "number" || !Number.isSafeInteger(seed)) {
      throw new TypeError(`"seed" expected a safe integer, got ${describe(seed)}`);
    }
    const m = BitMatrix.zeros(rows, cols, options);
    const next = xoshiro128(seed);
    const w = m.#words();
    const s = strideWords(cols) * 2;
    const full = cols >>> 5;
    const tail = cols & 31;
    for (let i = 0; i < rows; i++) {
      const base = i * s;
      for (let k = 0; k < full; k++) w[base + k] = next();
      if (tail) w[base + full] = next() & ((1 << tail) - 1);
    }
    return m;
  }

  /** The engine this matrix lives on. */
  get engine(): EngineName {
    return this.#engine.name;
  }

  /** True once {@link BitMatrix.dispose} has run. */
  get disposed(): boolean {
    return this.#store === undefined;
  }

  #live(): Store {
    if (!this.#store) throw new TypeError("this BitMatrix was disposed");
    return this.#store;
  }

  #words(): Uint32Array {
    return this.#live().words();
  }

  #s(): number {
    return strideWords(this.cols) * 2;
  }

  #index(name: string, value: number, size: number): number {
    return checkInteger(name, value, 0, Math.max(0, size - 1));
  }

  #same(other: unknown, what: string): BitMatrix {
    if (!(other instanceof BitMatrix)) throw new TypeError(`${what} expected a BitMatrix, got ${describe(other)}`);
    other.#live();
    if (other.#engine !== this.#engine) {
      throw new TypeError(`${what} expected a matrix on the "${this.engine}" engine, got one on "${other.engine}"`);
    }
    return other;
  }

  /** A new zero matrix on this engine (after checking that this one is live). */
  #like(rows: number, cols: number): BitMatrix {
    this.#live();
    return new BitMatrix(rows, cols, this.#engine);
  }

  /**
   * Entry (i, j).
   *
   * @param i - Row index.
   * @param j - Column index.
   * @returns 0 or 1.
   * @throws {RangeError} for an index out of range.
   * @example
   * ```ts
   * BitMatrix.identity(3).get(1, 1); // 1
   * ```
   */
  get(i: number, j: number): 0 | 1 {
    this.#index("i", i, this.rows);
    this.#index("j", j, this.cols);
    return getBit(this.#words(), this.#s(), i, j) as 0 | 1;
  }

  /**
   * Sets entry (i, j).
   *
   * @param i - Row index.
   * @param j - Column index.
   * @param value - 0 or 1 (or a boolean).
   * @throws {RangeError} for an index out of range; {TypeError} for another value.
   * @example
   * ```ts
   * const m = BitMatrix.zeros(2, 2); m.set(0, 1, 1);
   * ```
   */
  set(i: number, j: number, value: 0 | 1 | boolean): void {
    this.#index("i", i, this.rows);
    this.#index("j", j, this.cols);
    if (value !== 0 && value !== 1 && value !== true && value !== false) {
      throw new TypeError(`"value" expected 0, 1 or a boolean, got ${describe(value)}`);
    }
    putBit(this.#words(), this.#s(), i, j, value ? 1 : 0);
  }

  /**
   * Row i as 0/1 entries.
   *
   * @param i - Row index.
   * @returns A new array of `cols` entries.
   * @throws {RangeError} for an index out of range.
   * @example
   * ```ts
   * BitMatrix.fromRows(["101"]).row(0); // Uint8Array [1, 0, 1]
   * ```
   */
  row(i: number): Uint8Array {
    this.#index("i", i, this.rows);
    const w = this.#words();
    const s = this.#s();
    const out = new Uint8Array(this.cols);
    for (let j = 0; j < this.cols; j++) out[j] = getBit(w, s, i, j);
    return out;
  }

  /**
   * All rows as arrays of 0/1.
   *
   * @returns `rows` arrays of `cols` entries.
   * @example
   * ```ts
   * BitMatrix.identity(2).toRows(); // [Uint8Array [1, 0], Uint8Array [0, 1]]
   * ```
   */
  toRows(): Uint8Array[] {
    return Array.from({ length: this.rows }, (_, i) => this.row(i));
  }

  /**
   * Rows of `0`/`1` characters, one line per row (the format `fromRows` and the CLI read).
   *
   * @returns The text.
   * @example
   * ```ts
   * BitMatrix.identity(2).toString(); // "10\n01"
   * ```
   */
  toString(): string {
    return this.toRows()
      .map((row) => row.join(""))
      .join("\n");
  }

  /**
   * A copy of this matrix, on the same engine.
   *
   * @returns A new matrix.
   * @example
   * ```ts
   * const b = a.copy();
   * ```
   */
  copy(): BitMatrix {
    const m = this.#like(this.rows, this.cols);
    m.#words().set(this.#words());
    return m;
  }

  /**
   * A copy of the same matrix on another engine.
   *
   * @param engine - `"wasm"` or `"ts"`.
   * @returns A new matrix.
   * @example
   * ```ts
   * const twin = a.to("ts");
   * ```
   */
  to(engine: EngineName): BitMatrix {
    this.#live();
    const m = new BitMatrix(this.rows, this.cols, engineOf({ engine }));
    m.#words().set(this.#words());
    return m;
  }

  /**
   * The block of rows [r0, r1) and columns [c0, c1).
   *
   * @param r0 - First row.
   * @param r1 - End row (exclusive).
   * @param c0 - First column (default 0).
   * @param c1 - End column (default: all columns).
   * @returns A new matrix of (r1 - r0) x (c1 - c0).
   * @throws {RangeError} unless 0 <= r0 <= r1 <= rows and 0 <= c0 <= c1 <= cols.
   * @example
   * ```ts
   * BitMatrix.identity(4).slice(1, 3, 1, 3).toString(); // "10\n01"
   * ```
   */
  slice(r0: number, r1: number, c0 = 0, c1 = this.cols): BitMatrix {
    checkInteger("r0", r0, 0, this.rows);
    checkInteger("r1", r1, r0, this.rows);
    checkInteger("c0", c0, 0, this.cols);
    checkInteger("c1", c1, c0, this.cols);
    const m = this.#like(r1 - r0, c1 - c0);
    this.#engine.copyBits(m.#live(), m.cols, 0, 0, this.#live(), this.cols, r0, c0, m.rows, m.cols);
    return m;
  }

  /**
   * `[this | other]`: the columns of `other` appended to this matrix's.
   *
   * @param other - A matrix with as many rows, on the same engine.
   * @returns A new rows x (cols + other.cols) matrix.
   * @throws {RangeError} when the row counts differ.
   * @example
   * ```ts
   * a.augment(BitMatrix.identity(a.rows)); // [A | I]
   * ```
   */
  augment(other: BitMatrix): BitMatrix {
    this.#same(other, "augment");
    if (other.rows !== this.rows) {
      throw new RangeError(`augment expected a matrix with ${this.rows} rows, got ${other.rows}`);
    }
    const m = this.#like(this.rows, this.cols + other.cols);
    this.#engine.copyBits(m.#live(), m.cols, 0, 0, this.#live(), this.cols, 0, 0, this.rows, this.cols);
    this.#engine.copyBits(m.#live(), m.cols, 0, this.cols, other.#live(), other.cols, 0, 0, other.rows, other.cols);
    return m;
  }

  /**
   * True when both matrices have the same shape and entries (engines may differ).
   *
   * @param other - Any matrix.
   * @returns Whether they are equal.
   * @example
   * ```ts
   * a.mul(BitMatrix.identity(a.cols)).equals(a); // true
   * ```
   */
  equals(other: BitMatrix): boolean {
    if (!(other instanceof BitMatrix)) throw new TypeError(`equals expected a BitMatrix, got ${describe(other)}`);
    if (other.rows !== this.rows || other.cols !== this.cols) return false;
    const a = this.#words();
    const b = other.#words();
    const n = this.rows * this.#s();
    for (let k = 0; k < n; k++) if (a[k] !== b[k]) return false;
    return true;
  }

  /**
   * Brings this matrix to (reduced) row echelon form in place.
   *
   * @param options - `full: true` for the reduced form (default: plain echelon
   *   form, enough for the rank); `pivotLimit`: pivots only in columns below it
   *   (row operations still span every column: eliminating [A | B] with
   *   pivotLimit = cols(A) solves A X = B); kernel choice, progress callback and
   *   abort signal. If aborted, the matrix holds a row-equivalent intermediate form.
   * @returns The rank and the pivot columns.
   * @throws The signal's reason when aborted.
   * @example
   * ```ts
   * const { rank, pivots } = m.echelonize({ full: true });
   * ```
   */
  echelonize(options: EchelonOptions & { full?: boolean; pivotLimit?: number } = {}): Echelon {
    const limit =
      options.pivotLimit === undefined ? this.cols : checkInteger("pivotLimit", options.pivotLimit, 0, this.cols);
    return this.#reduce(this, limit, options.full ?? false, options);
  }

  /** Eliminates `target` in place, with pivots only in columns < pivotLimit. */
  #reduce(target: BitMatrix, pivotLimit: number, full: boolean, options: EchelonOptions): Echelon {
    checkEchelonOptions(options);
    return this.#engine.echelonize(target.#live(), target.rows, target.cols, pivotLimit, full, options);
  }

  /**
   * The rank (this matrix is left unchanged).
   *
   * @param options - Kernel choice, progress and abort signal.
   * @returns The rank over GF(2).
   * @example
   * ```ts
   * BitMatrix.fromRows(["11", "11"]).rank(); // 1
   * ```
   */
  rank(options: EchelonOptions = {}): number {
    using work = this.copy();
    return work.echelonize(options).rank;
  }

  /**
   * The reduced row echelon form (this matrix is left unchanged).
   *
   * @param options - Kernel choice, progress and abort signal.
   * @returns The form E, its rank and pivot columns.
   * @example
   * ```ts
   * const { matrix: e, rank, pivots } = a.rref();
   * ```
   */
  rref(options: EchelonOptions = {}): Echelon & {
    /** The reduced row echelon form (a new matrix). */
    matrix: BitMatrix;
  } {
    const matrix = this.copy();
    try {
      return { matrix, ...matrix.echelonize({ ...options, full: true }) };
    } catch (error) {
      matrix.dispose();
      throw error;
    }
  }

  /**
   * The transform of Gauss-Jordan elimination: an invertible P with P A = E,
   * E the reduced echelon form. The last rows - rank rows of P span the left
   * null space { y : y A = 0 }.
   *
   * @param options - Kernel choice, progress and abort signal.
   * @returns P (rows x rows), E (rows x cols), rank and pivots.
   * @example
   * ```ts
   * const { P, E } = a.transform(); // P.mul(a).equals(E)
   * ```
   */
  transform(options: EchelonOptions = {}): Echelon & {
    /** The invertible transition matrix: P A = E. */
    P: BitMatrix;
    /** The reduced row echelon form of A. */
    E: BitMatrix;
  } {
    using eye = this.#like(this.rows, this.rows);
    const w = eye.#words();
    const s = eye.#s();
    for (let i = 0; i < this.rows; i++) putBit(w, s, i, i, 1);
    using aug = this.augment(eye);
    const result = this.#reduce(aug, this.cols, true, options);
    return { ...result, E: aug.slice(0, this.rows, 0, this.cols), P: aug.slice(0, this.rows, this.cols, aug.cols) };
  }

  /**
   * A basis of the null space { x : A x = 0 }, one vector per row.
   *
   * @param options - Kernel choice, progress and abort signal.
   * @returns A (cols - rank) x cols matrix whose rows are independent and span the null space.
   * @example
   * ```ts
   * BitMatrix.fromRows(["11", "11"]).nullspace().toString(); // "11"
   * ```
   */
  nullspace(options: EchelonOptions = {}): BitMatrix {
    using e = this.copy();
    const { rank, pivots } = e.echelonize({ ...options, full: true });
    const out = this.#like(this.cols - rank, this.cols);
    this.#engine.nullspace(out.#live(), e.#live(), this.cols, rank, pivots);
    return out;
  }

  /**
   * Solves A x = b for one right-hand side.
   *
   * @param b - One entry 0/1 per row of A.
   * @param options - Kernel choice, progress and abort signal.
   * @returns A solution, or a certificate y (y A = 0, y . b = 1) that none exists.
   * @throws {RangeError} when b's length is not rows; {TypeError} for entries other than 0/1.
   * @example
   * ```ts
   * const r = a.solve([1, 0, 1]);
   * if (r.solvable) console.log(r.x); else console.log("no solution:", r.certificate);
   * ```
   */
  solve(b: ArrayLike<number>, options: EchelonOptions = {}): VectorSolution {
    if (b === null || typeof b !== "object" || typeof b.length !== "number") {
      throw new TypeError(`"b" expected an array of 0/1, got ${describe(b)}`);
    }
    if (b.length !== this.rows)
      throw new RangeError(`"b" expected ${this.rows} entries (one per row), got ${b.length}`);
    using rhs = BitMatrix.fromBits(this.rows, 1, b, { engine: this.engine });
    using all = this.solveMany(rhs, options);
    const { rank, nullity } = all;
    const failed = all.inconsistent[0];
    if (failed) return { solvable: false, certificate: failed.certificate, rank, nullity };
    const x = new Uint8Array(this.cols);
    const w = all.x.#words();
    const s = all.x.#s();
    for (let j = 0; j < this.cols; j++) x[j] = getBit(w, s, j, 0);
    return { solvable: true, x, rank, nullity };
  }

  /**
   * Solves A X = B: one system per column of B, with one elimination.
   *
   * @param rhs - B, with as many rows as A, on the same engine.
   * @param options - Kernel choice, progress and abort signal.
   * @returns X (cols(A) x cols(B)), rank, nullity, and the inconsistent columns with certificates.
   *   The result is disposable (it disposes X).
   * @throws {RangeError} when the row counts differ.
   * @example
   * ```ts
   * using sol = a.solveMany(b);
   * sol.inconsistent.length === 0 && a.mul(sol.x).equals(b); // true
   * ```
   */
  solveMany(rhs: BitMatrix, options: EchelonOptions = {}): SystemSolution & Disposable {
    this.#same(rhs, "solveMany");
    if (rhs.rows !== this.rows) throw new RangeError(`solveMany expected B with ${this.rows} rows, got ${rhs.rows}`);
    const n = this.cols;
    const p = rhs.cols;
    using aug = this.augment(rhs);
    // Few right-hand sides: forward elimination and back substitution (about
    // half the work of the reduced form); many: the reduced form, read off.
    const backward = p <= BACK_SUBSTITUTION_MAX;
    const { rank, pivots } = this.#reduce(aug, n, !backward, options);
    const x = this.#like(n, p);
    if (backward) this.#engine.backSubstitute(x.#live(), aug.#live(), rank, n, p, pivots);
    else
      for (let t = 0; t < rank; t++)
        this.#engine.copyBits(x.#live(), p, pivots[t]!, 0, aug.#live(), aug.cols, t, n, 1, p);
    const failing: number[] = [];
    const w = aug.#words();
    const s = aug.#s();
    for (let j = 0; j < p; j++) {
      for (let t = rank; t < this.rows; t++) {
        if (getBit(w, s, t, n + j)) {
          failing.push(j);
          break;
        }
      }
    }
    const inconsistent = failing.length ? this.#certificates(rhs, failing, options) : [];
    for (const { column } of inconsistent) for (let i = 0; i < n; i++) x.set(i, column, 0);
    return { x, rank, nullity: n - rank, inconsistent, [Symbol.dispose]: () => x.dispose() };
  }

  /**
   * For each failing column j: a vector y of the left null space (y A = 0)
   * with y . B_j = 1. One exists because b is outside the column space,
   * which is exactly the set of vectors orthogonal to the left null space.
   */
  #certificates(
    rhs: BitMatrix,
    columns: number[],
    options: EchelonOptions,
  ): { column: number; certificate: Uint8Array }[] {
    using at = this.transpose();
    using left = at.nullspace(options);
    using dots = left.mul(rhs);
    return columns.map((column) => {
      let q = 0;
      while (!dots.get(q, column)) q++;
      return { column, certificate: left.row(q) };
    });
  }

  /**
   * The product A B: Strassen-Winograd down to 8192, the Method of Four
   * Russians below (the `wasm` engine), on every core for large matrices.
   *
   * @param other - B, with as many rows as A has columns, on the same engine.
   * @param options - Threads, progress and cancel (see {@link MulOptions}).
   * @returns A new rows(A) x cols(B) matrix.
   * @throws {RangeError} when the shapes do not chain or the product does not fit in memory.
   * @throws The signal's reason when it is aborted (the product's memory is given back).
   * @example
   * ```ts
   * a.mul(BitMatrix.identity(a.cols)).equals(a); // true
   * a.mul(b, { threads: 2, onProgress: (done, total) => console.log(`${done}/${total} rows`) });
   * ```
   */
  mul(other: BitMatrix, options: MulOptions = {}): BitMatrix {
    this.#same(other, "mul");
    checkMulOptions(options);
    if (other.rows !== this.cols) {
      throw new RangeError(`mul expected a matrix with ${this.cols} rows (the columns of A), got ${other.rows}`);
    }
    const c = this.#like(this.rows, other.cols);
    try {
      this.#engine.mul(c.#live(), this.#live(), other.#live(), this.rows, this.cols, other.cols, options);
    } catch (error) {
      c.dispose();
      throw error;
    }
    return c;
  }

  /**
   * The transpose.
   *
   * @returns A new cols x rows matrix.
   * @example
   * ```ts
   * BitMatrix.fromRows(["110"]).transpose().toString(); // "1\n1\n0"
   * ```
   */
  transpose(): BitMatrix {
    const t = this.#like(this.cols, this.rows);
    this.#engine.transpose(t.#live(), this.#live(), this.rows, this.cols);
    return t;
  }

  /**
   * A copy of the packed words (see the layout in the package README): row
   * i starts at word `i * strideWords * 2`, column j is bit `j % 32` of word
   * `j >>> 5` of its row, and the padding bits are zero. A copy, so it stays
   * valid whatever happens to the matrix or the engine's memory afterwards.
   *
   * @returns 32-bit words, {@link BitMatrix.strideWords} * 2 per row.
   * @example
   * ```ts
   * const words = BitMatrix.identity(2).packedWords(); // 8 words: 4 per row
   * words[0]; // 1
   * ```
   */
  packedWords(): Uint32Array {
    return this.#words().slice();
  }

  /** 64-bit words per row in the packed layout (always even). */
  get strideWords(): number {
    return strideWords(this.cols);
  }

  /**
   * Gives the matrix's memory back now. Further use throws a TypeError;
   * disposing twice is harmless.
   *
   * @example
   * ```ts
   * const m = BitMatrix.zeros(10, 10); m.dispose();
   * ```
   */
  dispose(): void {
    if (!this.#store) return;
    finalizer.unregister(this);
    this.#engine.release(this.#store);
    this.#store = undefined;
  }

  /** `using m = ...` disposes at the end of the block. */
  [Symbol.dispose](): void {
    this.dispose();
  }
}
