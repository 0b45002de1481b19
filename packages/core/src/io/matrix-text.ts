/**
 * Text formats for matrices over Z/mZ (GF(2) by default).
 *
 * Two formats are read, detected from the first bytes of the text:
 *
 * - **dense**: one row per line, e.g. `0110` or `0 1 1 0`. Blank lines and
 *   lines starting with `#` are ignored; LF and CRLF line ends both work.
 *   For a modulus up to 10 each entry is one digit and separators are
 *   optional; above 10 entries are decimal numbers separated by spaces/tabs.
 * - **MatrixMarket** (text starting with `%%MatrixMarket`): the `coordinate`
 *   format with field `pattern` or `integer` and symmetry `general` or
 *   `symmetric`. Integer values are reduced mod the modulus, duplicates are
 *   added, symmetric files store the lower triangle and are mirrored.
 *
 * Every syntax error is a {@link ParseError} with a 1-based line and column.
 * The dense grammar has one reader (`_dense-text.ts`), which readBitMatrix
 * streams too; MatrixMarket is read in `_matrix-market.ts`.
 *
 * @module
 */
import { ParseError } from "../internal/errors.js";
import { encodeText } from "../internal/text.js";
import { MAX_MODULUS } from "../modular/arith.js";
import { DenseReader } from "./_dense-text.js";
import { type MatrixContext, type MatrixEntries, parseMatrixMarket } from "./_matrix-market.js";

export { ParseError };

/** Default limit on `rows * cols` (2^31 entries). */
const DEFAULT_MAX_ENTRIES = 2 ** 31;

/**
 * A matrix read from text.
 *
 * @example
 * ```ts
 * const p: ParsedMatrix = parseMatrix("110\n011\n");
 * p.format; // "dense"
 * BitMatrix.fromBits(p.rows, p.cols, p.values).rank(); // 2
 * ```
 */
export interface ParsedMatrix {
  /** Number of rows (at least 1). */
  rows: number;
  /** Number of columns (at least 1). */
  cols: number;
  /** Which format the text was in. */
  format: "dense" | "matrix-market";
  /**
   * `rows * cols` entries in row-major order, each in `0..modulus-1`:
   * a `Uint8Array` when the modulus is at most 256, else a `Uint32Array`.
   */
  values: Uint8Array | Uint32Array;
}

/**
 * Options of {@link parseMatrix}.
 *
 * @example
 * ```ts
 * const options: ParseMatrixOptions = { modulus: 3, source: "a.txt" };
 * parseMatrix("1 2\n2 1\n", options).values; // Uint8Array [1, 2, 2, 1]
 * ```
 */
export interface ParseMatrixOptions {
  /** Name of the input used in error messages; default `"<input>"`. */
  source?: string;
  /** Entries are integers mod `modulus`, an integer in 2..2^31-1; default 2. */
  modulus?: number;
  /** Largest accepted `rows * cols`, a positive integer; default 2^31. */
  maxEntries?: number;
}

/**
 * Parses a matrix over Z/mZ from dense text or a MatrixMarket coordinate file.
 *
 * Text starting with `%%MatrixMarket` is read as MatrixMarket, anything else
 * as dense rows. A leading byte-order mark is skipped.
 *
 * @param text - the whole input
 * @param options - `source` (name for messages), `modulus` (default 2),
 *   `maxEntries` (default 2^31)
 * @returns the size, the detected format and the row-major entries, each
 *   already reduced into `0..modulus-1`
 * @throws {@link ParseError} on malformed text, with line and column
 * @throws RangeError when `rows * cols` exceeds `maxEntries` (checked before
 *   allocating), or when `modulus`/`maxEntries` is out of range
 * @throws TypeError when an argument has the wrong type
 * @example
 * ```ts
 * parseMatrix("110\n011\n101\n");
 * // { rows: 3, cols: 3, format: "dense", values: Uint8Array [1,1,0, 0,1,1, 1,0,1] }
 * parseMatrix("%%MatrixMarket matrix coordinate pattern general\n2 2 1\n1 2\n");
 * // { rows: 2, cols: 2, format: "matrix-market", values: Uint8Array [0,1, 0,0] }
 * parseMatrix("0 1 2\n2 1 0\n", { modulus: 3 });
 * ```
 */
export function parseMatrix(text: string, options: ParseMatrixOptions = {}): ParsedMatrix {
  if (typeof text !== "string") {
    throw new TypeError(`"text" expected a string, got ${describeValue(text)}`);
  }
  const ctx = readOptions(options);
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const format = /^%%matrixmarket/i.test(body) ? "matrix-market" : "dense";
  const { rows, cols, values } = format === "dense" ? parseDense(body, ctx) : parseMatrixMarket(body, ctx);
  return { rows, cols, format, values };
}

/**
 * Dense text through the one reader of its grammar (the one readBitMatrix
 * streams), as bytes: every syntax error first, then the size limit.
 */
function parseDense(text: string, ctx: MatrixContext): MatrixEntries {
  const reader = new DenseReader({ ...ctx, maxBytes: Number.POSITIVE_INFINITY, limit: "end", text });
  reader.push(encodeText(text));
  const read = reader.end();
  if (read.kind === "values") return { rows: read.rows, cols: read.cols, values: read.values };
  // GF(2): the packed rows, one byte per entry
  const { rows, cols, stride, words } = read;
  const values = new Uint8Array(rows * cols);
  for (let r = 0; r < rows; r++) {
    const row = r * stride;
    for (let c = 0; c < cols; c++) values[r * cols + c] = (words[row + (c >>> 5)]! >>> (c & 31)) & 1;
  }
  return { rows, cols, values };
}

function readOptions(options: ParseMatrixOptions): MatrixContext {
  if (typeof options !== "object" || options === null) {
    throw new TypeError(`"options" expected an object, got ${describeValue(options)}`);
  }
  const { source = "<input>", modulus = 2, maxEntries = DEFAULT_MAX_ENTRIES } = options;
  if (typeof source !== "string") {
    throw new TypeError(`"source" expected a string, got ${describeValue(source)}`);
  }
  if (typeof modulus !== "number" || !Number.isInteger(modulus)) {
    throw new TypeError(`"modulus" expected an integer in 2..${MAX_MODULUS}, got ${describeValue(modulus)}`);
  }
  if (modulus < 2 || modulus > MAX_MODULUS) {
    throw new RangeError(`"modulus" expected an integer in 2..${MAX_MODULUS}, got ${modulus}`);
  }
  if (typeof maxEntries !== "number" || !Number.isInteger(maxEntries)) {
    throw new TypeError(`"maxEntries" expected a positive integer, got ${describeValue(maxEntries)}`);
  }
  if (maxEntries < 1) {
    throw new RangeError(`"maxEntries" expected a positive integer, got ${maxEntries}`);
  }
  return { source, modulus, maxEntries };
}

function describeValue(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}...` : value);
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") return String(value);
  return value === null ? "null" : typeof value;
}
