// FieldMatrix: dense matrices over any Field, entries as element codes in a
// row-major Uint32Array. Elimination runs in the Z_p kernel (WebAssembly by
// default, or its TypeScript twin) for prime fields, and in plain
// TypeScript through the field's arithmetic for any other Field.

import { checkDimension, checkInteger, checkOptionsObject, describe, MAX_DIMENSION } from "../internal/check.js";
import type { EngineName } from "../gf2/bitmatrix.js";
import { xoshiro128 } from "../internal/random.js";
import { BitMatrix } from "../gf2/bitmatrix.js";
import { checkElement, type Field } from "./field.js";
import { PrimeField } from "./prime.js";
import { zpEchelonNaive } from "../modular/zp-naive.js";
import { zpEchelon } from "../modular/zp.js";

/**
 * Options of the eliminations of {@link FieldMatrix}.
 *
 * @example
 * ```ts
 * const a = FieldMatrix.random(primeField(3), 300, 300, { seed: 1 });
 * a.rank({ engine: "ts", onProgress: (done, total) => console.log(done, "/", total) });
 * ```
 */
export interface FieldEchelonOptions {
  /**
   * For prime fields: `"wasm"` (default) runs the WebAssembly Z_p kernel,
   * `"ts"` its TypeScript twin. Other fields always eliminate in TypeScript.
   */
  engine?: EngineName;
  /**
   * Called as the elimination advances with (columns done, columns in all).
   * Prime fields and GF(2) report as they go; extension fields report once, at the end.
   */
  onProgress?: (done: number, total: number) => void;
  /** Cancels a long elimination between slices of columns: the signal's reason is thrown. */
  signal?: AbortSignal;
}

/**
 * Options of {@link FieldMatrix.random}.
 *
 * @example
 * ```ts
 * FieldMatrix.random(primeField(7), 10, 10, { seed: 4, rank: 3 }).rank(); // 3
 * ```
 */
export interface FieldRandomOptions {
  /** Seed of the generator (any safe integer; default 0): the same seed gives the same matrix. */
  seed?: number;
  /** When given, the matrix is a product of random rows x rank and rank x cols matrices, so its rank is at most this. */
  rank?: number;
}

/**
 * A reduced row echelon form E of A, its rank and the pivot column of each of its first `rank` rows.
 *
 * @example
 * ```ts
 * const e: FieldEchelon = FieldMatrix.fromRows(primeField(5), [[2, 4], [1, 2]]).rref();
 * e.rank; // 1
 * e.pivots; // Int32Array [0]
 * ```
 */
export interface FieldEchelon {
  /** E: pivots 1, zeros above and below them, zero rows last. */
  matrix: FieldMatrix;
  /** The rank of A: the number of non-zero rows of E. */
  rank: number;
  /** The pivot column of each of the first `rank` rows of E. */
  pivots: Int32Array;
}

/**
 * An invertible P (rows x rows) with P A = E, E the reduced row echelon form of A.
 *
 * @example
 * ```ts
 * const a = FieldMatrix.fromRows(primeField(3), [[0, 1], [1, 1]]);
 * const t: FieldTransform = a.transform();
 * t.transform.mul(a).equals(t.matrix); // true
 * ```
 */
export interface FieldTransform extends FieldEchelon {
  /** P, invertible (rows x rows), with P A = E. */
  transform: FieldMatrix;
}

/**
 * The answer to A x = b over a field.
 *
 * @example
 * ```ts
 * const s: FieldSolution = FieldMatrix.fromRows(primeField(3), [[1, 1], [2, 2]]).solve([1, 1]);
 * if (!s.solvable) s.certificate; // y with y A = 0 and y . b != 0
 * ```
 */
export type FieldSolution =
  | {
      /** A x = b has a solution. */
      solvable: true;
      /** One solution (free variables 0), one element per column of A. */
      x: Uint32Array;
      /** The rank of A. */
      rank: number;
      /** Dimension of the null space: the solutions are x + null space, q^nullity of them. */
      nullity: number;
    }
  | {
      /** No x solves A x = b. */
      solvable: false;
      /** A proof: y with y A = 0 and y b = 1 (one element per row of A). */
      certificate: Uint32Array;
      /** The rank of A. */
      rank: number;
      /** Dimension of the null space of A. */
      nullity: number;
    };

const REQUIRED = ["add", "sub", "neg", "mul", "inv", "eq", "parse", "format"] as const;

function checkField(field: unknown): Field {
  const f = field as Field;
  if (
    f === null ||
    typeof f !== "object" ||
    !Number.isInteger(f.order) ||
    f.order < 2 ||
    f.zero !== 0 ||
    f.one !== 1 ||
    REQUIRED.some((name) => typeof f[name] !== "function")
  ) {
    throw new TypeError(`"field" expected a Field (like primeField(3) or galoisField(4)), got ${describe(field)}`);
  }
  return f;
}

/** The progress callback and abort signal of the options, checked. */
function progressOptions(options: FieldEchelonOptions | undefined): Pick<FieldEchelonOptions, "onProgress" | "signal"> {
  const { onProgress, signal } = options ?? {};
  if (onProgress !== undefined && typeof onProgress !== "function") {
    throw new TypeError(`"onProgress" expected a function, got ${describe(onProgress)}`);
  }
  if (signal !== undefined && !(signal instanceof AbortSignal)) {
    throw new TypeError(`"signal" expected an AbortSignal, got ${describe(signal)}`);
  }
  return { ...(onProgress ? { onProgress } : {}), ...(signal ? { signal } : {}) };
}

function engineOf(options: FieldEchelonOptions | undefined): EngineName {
  if (options !== undefined) checkOptionsObject(options);
  const engine = options?.engine ?? "wasm";
  if (engine !== "wasm" && engine !== "ts")
    throw new TypeError(`"engine" expected "wasm" or "ts", got ${describe(engine)}`);
  return engine;
}

/** Gauss-Jordan through the field's arithmetic, in place (stride = cols). */
function echelonGeneric(
  f: Field,
  a: Uint32Array,
  rows: number,
  cols: number,
  pivotLimit: number,
): { rank: number; pivots: Int32Array } {
  const limit = Math.min(cols, pivotLimit);
  const pivots = new Int32Array(Math.min(rows, limit));
  let r = 0;
  for (let c = 0; c < limit && r < rows; c++) {
    let found = r;
    while (found < rows && a[found * cols + c] === 0) found++;
    if (found === rows) continue;
    const pr = r * cols;
    if (found !== r) {
      const saved = a.slice(pr, pr + cols);
      a.copyWithin(pr, found * cols, found * cols + cols);
      a.set(saved, found * cols);
    }
    const inv = f.inv(a[pr + c]!);
    for (let j = c; j < cols; j++) a[pr + j] = f.mul(a[pr + j]!, inv);
    pivots[r] = c;
    for (let i = 0; i < rows; i++) {
      const row = i * cols;
      const m = a[row + c]!;
      if (i === r || m === 0) continue;
      for (let j = c; j < cols; j++) a[row + j] = f.sub(a[row + j]!, f.mul(m, a[pr + j]!));
    }
    r++;
  }
  return { rank: r, pivots: pivots.slice(0, r) };
}

/**
 * A dense rows x cols matrix over a finite {@link Field}, entries stored as
 * element codes (row-major `Uint32Array`). Eliminations return new
 * matrices; only {@link FieldMatrix.set} changes one in place.
 *
 * @example
 * ```ts
 * import { FieldMatrix, primeField } from "@lightsout/core/fields";
 * const f = primeField(3);
 * const a = FieldMatrix.fromRows(f, [[1, 2, 0], [2, 1, 0], [0, 0, 1]]);
 * a.rank(); // 2 (over the rationals it would be 3)
 * a.solve([1, 2, 1]); // { solvable: true, x: Uint32Array [1, 0, 1], rank: 2, nullity: 1 }
 * ```
 */
export class FieldMatrix {
  /** The field of the entries. */
  readonly field: Field;
  /** Number of rows. */
  readonly rows: number;
  /** Number of columns. */
  readonly cols: number;
  readonly #data: Uint32Array;

  private constructor(field: Field, rows: number, cols: number, data?: Uint32Array) {
    this.field = field;
    this.rows = rows;
    this.cols = cols;
    if (rows * cols > MAX_DIMENSION) {
      throw new RangeError(`a ${rows} x ${cols} matrix over ${field.name} has more than 2^30 entries`);
    }
    this.#data = data ?? new Uint32Array(rows * cols);
  }

  /**
   * A rows x cols matrix of zeros.
   *
   * @param field - The field of the entries.
   * @param rows - Number of rows, an integer >= 0.
   * @param cols - Number of columns, an integer >= 0.
   * @returns A new zero matrix.
   * @throws {TypeError} when field is not a Field or a size is not an integer.
   * @throws {RangeError} when a size is negative or rows x cols passes 2^30.
   * @example
   * ```ts
   * FieldMatrix.zeros(primeField(5), 2, 3).toString(); // "0 0 0\n0 0 0"
   * ```
   */
  static zeros(field: Field, rows: number, cols: number): FieldMatrix {
    return new FieldMatrix(checkField(field), checkDimension("rows", rows), checkDimension("cols", cols));
  }

  /**
   * The n x n identity matrix.
   *
   * @param field - The field of the entries.
   * @param n - Size, an integer >= 0.
   * @returns A new identity matrix.
   * @throws {TypeError | RangeError} as {@link FieldMatrix.zeros}.
   * @example
   * ```ts
   * FieldMatrix.identity(galoisField(4), 2).toString(); // "1 0\n0 1"
   * ```
   */
  static identity(field: Field, n: number): FieldMatrix {
    const m = FieldMatrix.zeros(field, n, n);
    for (let i = 0; i < n; i++) m.#data[i * n + i] = field.one;
    return m;
  }

  /**
   * A matrix from its rows: each entry an element code (integer 0..q-1) or
   * text for `field.parse` (`"a+1"`).
   *
   * @param field - The field of the entries.
   * @param rows - The rows, all of one length.
   * @returns A new matrix.
   * @throws {TypeError} when a row is not an array or an entry is neither an integer nor text.
   * @throws {RangeError} when rows differ in length or a code is outside 0..q-1.
   * @throws {SyntaxError} when `field.parse` refuses a text entry.
   * @example
   * ```ts
   * const f = galoisField(4);
   * FieldMatrix.fromRows(f, [["a", "a+1"], [1, 0]]).get(0, 1); // 3
   * ```
   */
  static fromRows(field: Field, rows: readonly (readonly (number | string)[])[]): FieldMatrix {
    const f = checkField(field);
    if (!Array.isArray(rows)) throw new TypeError(`"rows" expected an array of rows, got ${describe(rows)}`);
    const cols = (rows[0] as readonly unknown[] | undefined)?.length ?? 0;
    const m = FieldMatrix.zeros(f, rows.length, cols);
    rows.forEach((row, i) => {
      if (!Array.isArray(row)) throw new TypeError(`row ${i} expected an array of elements, got ${describe(row)}`);
      if (row.length !== cols)
        throw new RangeError(`row ${i} expected ${cols} entries (like row 0), got ${row.length}`);
      row.forEach((v: unknown, j) => {
        m.#data[i * cols + j] = typeof v === "string" ? f.parse(v) : checkElement(f, v, `entry (${i}, ${j})`);
      });
    });
    return m;
  }

  /**
   * A matrix from row-major element codes.
   *
   * @param field - The field of the entries.
   * @param rows - Number of rows.
   * @param cols - Number of columns.
   * @param entries - rows x cols integers in 0..q-1.
   * @returns A new matrix.
   * @throws {TypeError} when an entry is not an integer.
   * @throws {RangeError} when entries has the wrong length or an entry is outside 0..q-1.
   * @example
   * ```ts
   * FieldMatrix.fromEntries(primeField(7), 2, 2, [1, 2, 3, 4]).rank(); // 2
   * ```
   */
  static fromEntries(field: Field, rows: number, cols: number, entries: ArrayLike<number>): FieldMatrix {
    const m = FieldMatrix.zeros(field, rows, cols);
    if (entries === null || typeof entries !== "object" || typeof entries.length !== "number") {
      throw new TypeError(`"entries" expected an array of elements, got ${describe(entries)}`);
    }
    if (entries.length !== rows * cols) {
      throw new RangeError(`"entries" expected ${rows * cols} elements (${rows} x ${cols}), got ${entries.length}`);
    }
    for (let k = 0; k < entries.length; k++) {
      m.#data[k] = checkElement(
        m.field,
        entries[k],
        `entry (${Math.floor(k / Math.max(cols, 1))}, ${k % Math.max(cols, 1)})`,
      );
    }
    return m;
  }

  /**
   * A seeded random matrix, uniform entries (or of rank at most `rank`).
   *
   * @param field - The field of the entries.
   * @param rows - Number of rows.
   * @param cols - Number of columns.
   * @param options - Seed (default 0) and an optional bound on the rank.
   * @returns A new matrix; the same seed gives the same matrix.
   * @throws {TypeError | RangeError} for bad sizes, seed or rank.
   * @example
   * ```ts
   * FieldMatrix.random(primeField(7), 5, 5, { seed: 1, rank: 3 }).rank(); // at most 3
   * ```
   */
  static random(field: Field, rows: number, cols: number, options: FieldRandomOptions = {}): FieldMatrix {
    const m = FieldMatrix.zeros(field, rows, cols);
    const seed = options.seed ?? 0;
    if (typeof seed !== "number" || !Number.isSafeInteger(seed)) {
      throw new TypeError(`"seed" expected a safe integer, got ${describe(seed)}`);
    }
    const q = m.field.order;
    const next = xoshiro128(seed);
    const draw = () => Math.floor((next() * q) / 2 ** 32);
    if (options.rank === undefined) {
      for (let k = 0; k < m.#data.length; k++) m.#data[k] = draw();
      return m;
    }
    const k = checkInteger("rank", options.rank, 0, Math.min(rows, cols));
    const left = FieldMatrix.zeros(field, rows, k);
    const right = FieldMatrix.zeros(field, k, cols);
    for (let i = 0; i < left.#data.length; i++) left.#data[i] = draw();
    for (let i = 0; i < right.#data.length; i++) right.#data[i] = draw();
    return left.mul(right);
  }

  /**
   * One entry.
   *
   * @param i - Row, 0..rows-1.
   * @param j - Column, 0..cols-1.
   * @returns Its element code.
   * @throws {TypeError | RangeError} when an index is not an integer in range.
   * @example
   * ```ts
   * FieldMatrix.identity(primeField(3), 2).get(1, 1); // 1
   * ```
   */
  get(i: number, j: number): number {
    this.#index(i, j);
    return this.#data[i * this.cols + j]!;
  }

  /**
   * Sets one entry in place.
   *
   * @param i - Row, 0..rows-1.
   * @param j - Column, 0..cols-1.
   * @param value - An element code, 0..q-1.
   * @throws {TypeError | RangeError} when an index or the value is out of range.
   * @example
   * ```ts
   * const m = FieldMatrix.zeros(primeField(3), 1, 1);
   * m.set(0, 0, 2);
   * ```
   */
  set(i: number, j: number, value: number): void {
    this.#index(i, j);
    this.#data[i * this.cols + j] = checkElement(this.field, value, "value");
  }

  /**
   * The entries, row-major (a copy).
   *
   * @returns rows x cols element codes.
   * @example
   * ```ts
   * FieldMatrix.identity(primeField(3), 2).entries(); // Uint32Array [1, 0, 0, 1]
   * ```
   */
  entries(): Uint32Array {
    return this.#data.slice();
  }

  /**
   * The rows as arrays of element codes.
   *
   * @returns rows arrays of cols numbers.
   * @example
   * ```ts
   * FieldMatrix.identity(primeField(3), 2).toRows(); // [[1, 0], [0, 1]]
   * ```
   */
  toRows(): number[][] {
    return Array.from({ length: this.rows }, (_, i) =>
      Array.from(this.#data.subarray(i * this.cols, (i + 1) * this.cols)),
    );
  }

  /**
   * The matrix as text: one line per row, entries as `field.format` writes them, separated by spaces.
   *
   * @returns The text (empty for no rows).
   * @example
   * ```ts
   * FieldMatrix.fromRows(galoisField(4), [["a", "a+1"]]).toString(); // "a a+1"
   * ```
   */
  toString(): string {
    return this.toRows()
      .map((row) => row.map((v) => this.field.format(v)).join(" "))
      .join("\n");
  }

  /**
   * True when both matrices have the same field, shape and entries.
   *
   * @param other - Another matrix.
   * @returns Whether they are equal.
   * @example
   * ```ts
   * const f = primeField(3);
   * FieldMatrix.identity(f, 2).equals(FieldMatrix.identity(f, 2)); // true
   * ```
   */
  equals(other: FieldMatrix): boolean {
    if (!(other instanceof FieldMatrix)) return false;
    if (other.field !== this.field || other.rows !== this.rows || other.cols !== this.cols) return false;
    return this.#data.every((v, k) => v === other.#data[k]);
  }

  /**
   * The product A B.
   *
   * @param other - B, over the same field, with as many rows as A has columns.
   * @returns A new rows(A) x cols(B) matrix.
   * @throws {TypeError} when other is not a FieldMatrix over the same field.
   * @throws {RangeError} when the shapes do not match.
   * @example
   * ```ts
   * const f = primeField(5);
   * FieldMatrix.fromRows(f, [[2]]).mul(FieldMatrix.fromRows(f, [[3]])).get(0, 0); // 1
   * ```
   */
  mul(other: FieldMatrix): FieldMatrix {
    if (!(other instanceof FieldMatrix)) throw new TypeError(`"other" expected a FieldMatrix, got ${describe(other)}`);
    if (other.field !== this.field) {
      throw new TypeError(`"other" expected a matrix over ${this.field.name}, got one over ${other.field.name}`);
    }
    if (other.rows !== this.cols) {
      throw new RangeError(`"other" expected ${this.cols} rows (the columns of A), got ${other.rows}`);
    }
    const f = this.field;
    const [m, n, p] = [this.rows, this.cols, other.cols];
    const out = FieldMatrix.zeros(f, m, p);
    const a = this.#data;
    const b = other.#data;
    const c = out.#data;
    for (let i = 0; i < m; i++) {
      for (let k = 0; k < n; k++) {
        const v = a[i * n + k]!;
        if (v === 0) continue;
        for (let j = 0; j < p; j++) c[i * p + j] = f.add(c[i * p + j]!, f.mul(v, b[k * p + j]!));
      }
    }
    return out;
  }

  /**
   * The reduced row echelon form E (pivots 1, zeros above and below them).
   *
   * @param options - Engine choice for prime fields.
   * @returns E, the rank and the pivot columns.
   * @throws {TypeError} for bad options.
   * @example
   * ```ts
   * const e = FieldMatrix.fromRows(primeField(3), [[2, 1], [1, 2]]).rref();
   * e.matrix.toString(); // "1 2\n0 0"
   * ```
   */
  rref(options?: FieldEchelonOptions): FieldEchelon {
    const data = this.#data.slice();
    const { rank, pivots } = this.#eliminate(data, this.rows, this.cols, this.cols, options);
    return { matrix: new FieldMatrix(this.field, this.rows, this.cols, data), rank, pivots };
  }

  /**
   * The rank (over GF(2) with the default engine, by the bit-packed {@link BitMatrix} kernel).
   *
   * @param options - Engine choice for prime fields.
   * @returns The rank.
   * @throws {TypeError} for bad options.
   * @example
   * ```ts
   * FieldMatrix.fromRows(primeField(3), [[1, 2], [2, 1]]).rank(); // 1
   * ```
   */
  rank(options?: FieldEchelonOptions): number {
    const engine = engineOf(options);
    if (engine === "wasm" && this.field instanceof PrimeField && this.field.order === 2) {
      using bits = BitMatrix.fromBits(this.rows, this.cols, this.#data);
      return bits.rank(progressOptions(options));
    }
    return this.rref(options).rank;
  }

  /**
   * An invertible P with P A = E, E the reduced row echelon form (from [A | I]).
   *
   * @param options - Engine choice for prime fields.
   * @returns P (rows x rows) as `transform`, E as `matrix`, the rank and the pivots.
   * @throws {TypeError} for bad options.
   * @example
   * ```ts
   * const a = FieldMatrix.fromRows(primeField(7), [[0, 3], [2, 0]]);
   * const { transform, matrix } = a.transform();
   * transform.mul(a).equals(matrix); // true
   * ```
   */
  transform(options?: FieldEchelonOptions): FieldTransform {
    const { rows, cols } = this;
    const width = cols + rows;
    const aug = this.#augmented(width);
    for (let i = 0; i < rows; i++) aug[i * width + cols + i] = this.field.one;
    const { rank, pivots } = this.#eliminate(aug, rows, width, cols, options);
    return {
      matrix: this.#block(aug, width, 0, cols),
      transform: this.#block(aug, width, cols, rows),
      rank,
      pivots,
    };
  }

  /**
   * Solves A x = b.
   *
   * @param b - One element code per row of A.
   * @param options - Engine choice for prime fields.
   * @returns One solution (free variables 0), or a certificate y with y A = 0 and y b = 1.
   * @throws {TypeError} when b is not an array of integers.
   * @throws {RangeError} when b's length is not rows or an entry is outside 0..q-1.
   * @example
   * ```ts
   * const a = FieldMatrix.fromRows(primeField(3), [[1, 1], [1, 1]]);
   * a.solve([1, 2]); // { solvable: false, certificate: Uint32Array [2, 1], rank: 1, nullity: 1 }
   * ```
   */
  solve(b: ArrayLike<number>, options?: FieldEchelonOptions): FieldSolution {
    const f = this.field;
    const { rows, cols } = this;
    if (b === null || typeof b !== "object" || typeof b.length !== "number") {
      throw new TypeError(`"b" expected an array of ${rows} elements, got ${describe(b)}`);
    }
    if (b.length !== rows) throw new RangeError(`"b" expected ${rows} elements (one per row), got ${b.length}`);
    // [A | b | I]: eliminating the A part gives E, P b and P at once.
    const width = cols + 1 + rows;
    const aug = this.#augmented(width);
    for (let i = 0; i < rows; i++) {
      aug[i * width + cols] = checkElement(f, b[i], `b[${i}]`);
      aug[i * width + cols + 1 + i] = f.one;
    }
    const { rank, pivots } = this.#eliminate(aug, rows, width, cols, options);
    const nullity = cols - rank;
    for (let i = rank; i < rows; i++) {
      const c = aug[i * width + cols]!;
      if (c === 0) continue;
      const scale = f.inv(c);
      const certificate = new Uint32Array(rows);
      for (let k = 0; k < rows; k++) certificate[k] = f.mul(scale, aug[i * width + cols + 1 + k]!);
      return { solvable: false, certificate, rank, nullity };
    }
    const x = new Uint32Array(cols);
    for (let k = 0; k < rank; k++) x[pivots[k]!] = aug[k * width + cols]!;
    return { solvable: true, x, rank, nullity };
  }

  /**
   * A basis of the null space { x : A x = 0 }, one vector per row: for each
   * free (non-pivot) column f in order, the solution with x_f = 1 and the
   * other free variables 0.
   *
   * @param options - Engine choice for prime fields.
   * @returns A (cols - rank) x cols matrix.
   * @throws {TypeError} for bad options.
   * @example
   * ```ts
   * FieldMatrix.fromRows(primeField(3), [[1, 1]]).nullspace().toString(); // "2 1"
   * ```
   */
  nullspace(options?: FieldEchelonOptions): FieldMatrix {
    const f = this.field;
    const { matrix, rank, pivots } = this.rref(options);
    const e = matrix.#data;
    const cols = this.cols;
    const isPivot = new Uint8Array(cols);
    pivots.forEach((c) => (isPivot[c] = 1));
    const free = Array.from({ length: cols }, (_, j) => j).filter((j) => !isPivot[j]);
    const out = FieldMatrix.zeros(f, free.length, cols);
    free.forEach((fc, t) => {
      out.#data[t * cols + fc] = f.one;
      for (let k = 0; k < rank; k++) out.#data[t * cols + pivots[k]!] = f.neg(e[k * cols + fc]!);
    });
    return out;
  }

  /** A copy of the entries with rows widened to `width` (zeros on the right). */
  #augmented(width: number): Uint32Array {
    if (this.rows * width > MAX_DIMENSION) {
      throw new RangeError(
        `a ${this.rows} x ${width} augmented matrix over ${this.field.name} has more than 2^30 entries`,
      );
    }
    const out = new Uint32Array(this.rows * width);
    for (let i = 0; i < this.rows; i++) out.set(this.#data.subarray(i * this.cols, (i + 1) * this.cols), i * width);
    return out;
  }

  /** Columns from..from+count-1 of a rows x width array, as a matrix. */
  #block(a: Uint32Array, width: number, from: number, count: number): FieldMatrix {
    const out = FieldMatrix.zeros(this.field, this.rows, count);
    for (let i = 0; i < this.rows; i++)
      out.#data.set(a.subarray(i * width + from, i * width + from + count), i * count);
    return out;
  }

  #eliminate(
    a: Uint32Array,
    rows: number,
    cols: number,
    pivotLimit: number,
    options: FieldEchelonOptions | undefined,
  ): { rank: number; pivots: Int32Array } {
    const f = this.field;
    const engine = engineOf(options);
    const watch = progressOptions(options);
    if (f.order === 2 && engine === "wasm") {
      // GF(2): the bit-packed Four Russians kernel, 32x less memory than residues
      using bits = BitMatrix.fromBits(rows, cols, a);
      const result = bits.echelonize({ full: true, pivotLimit, ...watch });
      bits.toRows().forEach((row, i) => a.set(row, i * cols));
      return result;
    }
    if (f instanceof PrimeField) {
      return engine === "ts"
        ? zpEchelonNaive(a, rows, cols, pivotLimit, f.order, watch)
        : zpEchelon(a, rows, cols, pivotLimit, f.order, watch);
    }
    watch.signal?.throwIfAborted();
    const result = echelonGeneric(f, a, rows, cols, pivotLimit);
    const limit = Math.min(cols, pivotLimit);
    watch.onProgress?.(limit, limit);
    return result;
  }

  #index(i: number, j: number): void {
    checkInteger("i", i, 0, this.rows - 1);
    checkInteger("j", j, 0, this.cols - 1);
  }
}
