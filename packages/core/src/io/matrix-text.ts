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
 *
 * @module
 */
import { ParseError } from "../internal/errors.js";
import { formatLimit } from "../internal/sizes.js";
import { showByteChar, showChar, showToken, textColumn } from "../internal/text.js";
import { MAX_MODULUS } from "../modular/arith.js";

export { ParseError };

/** Default limit on `rows * cols` (2^31 entries). */
const DEFAULT_MAX_ENTRIES = 2 ** 31;

const TAB = 0x09;
const SPACE = 0x20;
const HASH = 0x23;
const PERCENT = 0x25;
const DIGIT_0 = 0x30;
const DIGIT_9 = 0x39;

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
  const lines = body.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.endsWith("\r")) lines[i] = line.slice(0, -1);
  }
  return /^%%matrixmarket/i.test(body) ? parseMatrixMarket(lines, ctx) : parseDense(lines, ctx);
}

// ---------------------------------------------------------------------------
// Options and shared helpers

interface Context {
  readonly source: string;
  readonly modulus: number;
  readonly maxEntries: number;
}

function readOptions(options: ParseMatrixOptions): Context {
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

function isBlank(code: number): boolean {
  return code === SPACE || code === TAB;
}

/** Index of the first non-blank character of `line`, or `line.length`. */
function firstNonBlank(line: string): number {
  let i = 0;
  while (i < line.length && isBlank(line.charCodeAt(i))) i++;
  return i;
}

/** Index just past the last non-blank character of `line`. */
function endOfContent(line: string): number {
  let i = line.length;
  while (i > 0 && isBlank(line.charCodeAt(i - 1))) i--;
  return i;
}

/** `1 entry`, `3 entries`. */
function entries(count: number): string {
  return count === 1 ? "1 entry" : `${count} entries`;
}

function allocate(ctx: Context, rows: number, cols: number, where: string): Uint8Array | Uint32Array {
  const total = rows * cols;
  if (total > ctx.maxEntries) {
    throw new RangeError(
      `${where}: ${formatLimit({ subject: `a ${rows} x ${cols} matrix`, max: ctx.maxEntries, got: total, unit: ["entry", "entries"] })}`,
    );
  }
  return ctx.modulus <= 256 ? new Uint8Array(total) : new Uint32Array(total);
}

// ---------------------------------------------------------------------------
// Dense rows

function parseDense(lines: string[], ctx: Context): ParsedMatrix {
  const { source, modulus } = ctx;
  const dataLines: number[] = [];
  let cols = 0;
  // Pass 1: validate every row and find the size, without allocating.
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const start = firstNonBlank(line);
    if (start === line.length || line.charCodeAt(start) === HASH) continue;
    const count = scanDenseRow(line, i + 1, ctx, undefined, 0);
    if (dataLines.length === 0) {
      cols = count;
    } else if (count !== cols) {
      const first = dataLines[0]! + 1;
      const index = count < cols ? endOfContent(line) : denseEntryStart(line, modulus, cols);
      throw new ParseError(
        source,
        i + 1,
        textColumn(line, index),
        `expected ${entries(cols)} (like line ${first}), got ${count}`,
      );
    }
    dataLines.push(i);
  }
  if (dataLines.length === 0) {
    const last = lines.length;
    const lastLine = lines[last - 1] ?? "";
    const empty = lines.every((line) => firstNonBlank(line) === line.length);
    const what = modulus === 2 ? "0/1" : `entries 0..${modulus - 1}`;
    throw new ParseError(
      source,
      last,
      textColumn(lastLine, lastLine.length),
      `expected at least one row of ${what}, got ${empty ? "an empty file" : "only blank lines and # comments"}`,
    );
  }
  const rows = dataLines.length;
  const values = allocate(ctx, rows, cols, source);
  // Pass 2: fill; every row is known to be valid and `cols` long.
  for (let r = 0; r < rows; r++) {
    const i = dataLines[r]!;
    scanDenseRow(lines[i]!, i + 1, ctx, values, r * cols);
  }
  return { rows, cols, format: "dense", values };
}

function denseExpected(modulus: number): string {
  if (modulus === 2) return "a digit 0 or 1";
  return modulus <= 10 ? `a digit 0..${modulus - 1}` : `an integer 0..${modulus - 1}`;
}

/**
 * Validates one dense row and returns its number of entries; when `out` is
 * given, also writes the entries from `out[offset]` on.
 */
function scanDenseRow(
  line: string,
  lineNo: number,
  ctx: Context,
  out: Uint8Array | Uint32Array | undefined,
  offset: number,
): number {
  const { modulus } = ctx;
  let count = 0;
  if (modulus <= 10) {
    const maxDigit = DIGIT_0 + modulus - 1;
    for (let i = 0; i < line.length; i++) {
      const code = line.charCodeAt(i);
      if (code >= DIGIT_0 && code <= maxDigit) {
        if (out !== undefined) out[offset + count] = code - DIGIT_0;
        count++;
      } else if (!isBlank(code)) {
        throw new ParseError(
          ctx.source,
          lineNo,
          textColumn(line, i),
          `expected ${denseExpected(modulus)}, got ${showChar(line, i)}`,
        );
      }
    }
    return count;
  }
  for (let start = skipBlanks(line, 0); start < line.length; ) {
    const end = tokenEnd(line, start);
    let value = 0;
    let valid = true;
    for (let i = start; i < end; i++) {
      const code = line.charCodeAt(i);
      if (code < DIGIT_0 || code > DIGIT_9) valid = false;
      else if (valid && value < modulus) value = value * 10 + (code - DIGIT_0);
    }
    if (!valid || value >= modulus) {
      throw new ParseError(
        ctx.source,
        lineNo,
        textColumn(line, start),
        `expected ${denseExpected(modulus)}, got ${showToken(line.slice(start, end))}`,
      );
    }
    if (out !== undefined) out[offset + count] = value;
    count++;
    start = skipBlanks(line, end);
  }
  return count;
}

/** The index of the first character at or after i that is not blank. */
function skipBlanks(line: string, i: number): number {
  while (i < line.length && isBlank(line.charCodeAt(i))) i++;
  return i;
}

/** The index past the token (a run of characters that are not blank) that starts at i. */
function tokenEnd(line: string, i: number): number {
  while (i < line.length && !isBlank(line.charCodeAt(i))) i++;
  return i;
}

/** UTF-16 index where entry number `n` (0-based) of a valid dense row starts. */
function denseEntryStart(line: string, modulus: number, n: number): number {
  let seen = 0;
  for (let i = 0; i < line.length; i++) {
    if (isBlank(line.charCodeAt(i))) continue;
    if (seen === n) return i;
    seen++;
    if (modulus > 10) while (i + 1 < line.length && !isBlank(line.charCodeAt(i + 1))) i++;
  }
  return line.length;
}

// ---------------------------------------------------------------------------
// MatrixMarket coordinate files

interface Token {
  readonly text: string;
  /** UTF-16 index of the first character in its line. */
  readonly index: number;
}

function tokenize(line: string): Token[] {
  const tokens: Token[] = [];
  for (let start = skipBlanks(line, 0); start < line.length; ) {
    const end = tokenEnd(line, start);
    tokens.push({ text: line.slice(start, end), index: start });
    start = skipBlanks(line, end);
  }
  return tokens;
}

/** Reads tokens of one line and reports errors at the right column. */
class LineCursor {
  private readonly ctx: Context;
  private readonly line: string;
  private readonly lineNo: number;
  private readonly tokens: Token[];
  private next = 0;

  constructor(ctx: Context, line: string, lineNo: number) {
    this.ctx = ctx;
    this.line = line;
    this.lineNo = lineNo;
    this.tokens = tokenize(line);
  }

  /** The next token, or a ParseError "expected <what>, got end of line". */
  take(what: string): Token {
    const token = this.tokens[this.next];
    if (token === undefined) throw this.errorAt(this.line.length, `expected ${what}, got end of line`);
    this.next++;
    return token;
  }

  /** Throws unless every token was consumed. */
  end(what: string): void {
    const token = this.tokens[this.next];
    if (token !== undefined) throw this.error(token, `expected ${what}, got ${showToken(token.text)}`);
  }

  error(token: Token, reason: string): ParseError {
    return this.errorAt(token.index, reason);
  }

  errorAt(index: number, reason: string): ParseError {
    return new ParseError(this.ctx.source, this.lineNo, textColumn(this.line, index), reason);
  }
}

const INTEGER = /^[+-]?[0-9]+$/;
const UNSIGNED = /^[0-9]+$/;

/** Reads `token` as an index in 1..bound (`what` is "row" or "column"). */
function readIndex(cursor: LineCursor, token: Token, what: string, bound: number): number {
  if (!INTEGER.test(token.text)) {
    throw cursor.error(token, `expected an integer ${what} index, got ${showToken(token.text)}`);
  }
  const value = Number(token.text);
  if (!(value >= 1 && value <= bound)) {
    throw cursor.error(token, `expected a ${what} index in 1..${bound}, got ${showToken(token.text)}`);
  }
  return value;
}

/** Reads an integer token reduced into 0..modulus-1, digit by digit (any length). */
function readValue(cursor: LineCursor, token: Token, modulus: number): number {
  const text = token.text;
  if (!INTEGER.test(text)) throw cursor.error(token, `expected an integer value, got ${showToken(text)}`);
  const negative = text.charCodeAt(0) === 0x2d;
  let start = text.charCodeAt(0) === 0x2b || negative ? 1 : 0;
  let value = 0;
  // value * 10 + 9 < 2^35 stays exact in a double.
  for (; start < text.length; start++) value = (value * 10 + (text.charCodeAt(start) - DIGIT_0)) % modulus;
  return negative && value !== 0 ? modulus - value : value;
}

function isSkippable(line: string): boolean {
  const start = firstNonBlank(line);
  return start === line.length || line.charCodeAt(start) === PERCENT;
}

function parseMatrixMarket(lines: string[], ctx: Context): ParsedMatrix {
  const { source, modulus } = ctx;

  // Header: %%MatrixMarket matrix coordinate <field> <symmetry>
  const header = new LineCursor(ctx, lines[0]!, 1);
  const banner = header.take("the banner '%%MatrixMarket'");
  if (banner.text.toLowerCase() !== "%%matrixmarket") {
    throw header.error(banner, `expected the banner '%%MatrixMarket', got ${showToken(banner.text)}`);
  }
  const object = header.take("object 'matrix'");
  if (object.text.toLowerCase() !== "matrix") {
    throw header.error(object, `expected object 'matrix', got ${showToken(object.text)}`);
  }
  const format = header.take("format 'coordinate'");
  if (format.text.toLowerCase() !== "coordinate") {
    throw header.error(
      format,
      `expected format 'coordinate' (the only MatrixMarket format supported), got ${showToken(format.text)}`,
    );
  }
  const fieldToken = header.take("field 'pattern' or 'integer'");
  const field = fieldToken.text.toLowerCase();
  if (field !== "pattern" && field !== "integer") {
    throw header.error(fieldToken, `expected field 'pattern' or 'integer', got ${showToken(fieldToken.text)}`);
  }
  const symmetryToken = header.take("symmetry 'general' or 'symmetric'");
  const symmetry = symmetryToken.text.toLowerCase();
  if (symmetry !== "general" && symmetry !== "symmetric") {
    throw header.error(
      symmetryToken,
      `expected symmetry 'general' or 'symmetric', got ${showToken(symmetryToken.text)}`,
    );
  }
  header.end("end of the header line");

  // Size line: rows cols entries, after comments and blank lines.
  let i = 1;
  while (i < lines.length && isSkippable(lines[i]!)) i++;
  if (i === lines.length) {
    throw endOfFile(ctx, lines, "expected the size line 'rows cols entries', got end of file");
  }
  const sizeLine = new LineCursor(ctx, lines[i]!, i + 1);
  const readCount = (what: string, min: number): [number, Token] => {
    const expected = `${what} (an integer >= ${min})`;
    const token = sizeLine.take(expected);
    const value = UNSIGNED.test(token.text) ? Number(token.text) : NaN;
    if (!(value >= min)) throw sizeLine.error(token, `expected ${expected}, got ${showToken(token.text)}`);
    return [value, token];
  };
  const [rows, rowsToken] = readCount("the number of rows", 1);
  const [cols] = readCount("the number of columns", 1);
  const [nnz] = readCount("the number of entries", 0);
  sizeLine.end("end of the size line 'rows cols entries'");
  if (symmetry === "symmetric" && rows !== cols) {
    throw sizeLine.error(rowsToken, `expected a square matrix for symmetry 'symmetric', got ${rows} x ${cols}`);
  }
  const values = allocate(ctx, rows, cols, `${source}:${i + 1}:${textColumn(lines[i]!, rowsToken.index)}`);

  // Entries: row column [value], 1-based.
  const pattern = field === "pattern";
  const entryShape = pattern ? "a 'pattern' entry is 'row column'" : "an 'integer' entry is 'row column value'";
  const expectedCount = `${entries(nnz)} (as the size line says)`;
  let seen = 0;
  for (i++; i < lines.length; i++) {
    const line = lines[i]!;
    if (isSkippable(line)) continue;
    const cursor = new LineCursor(ctx, line, i + 1);
    if (seen === nnz) {
      const extra = cursor.take("an entry");
      throw cursor.error(extra, `expected ${expectedCount}, got more: ${showToken(extra.text)}`);
    }
    const r = readIndex(cursor, cursor.take("a row index"), "row", rows);
    const c = readIndex(cursor, cursor.take("a column index"), "column", cols);
    const value = pattern ? 1 : readValue(cursor, cursor.take("an integer value"), modulus);
    cursor.end(`end of line (${entryShape})`);
    if (symmetry === "symmetric" && c > r) {
      throw cursor.errorAt(
        firstNonBlank(line),
        `expected an entry on or below the diagonal (row >= column) in a symmetric file, got row ${r}, column ${c}`,
      );
    }
    const at = (r - 1) * cols + (c - 1);
    values[at] = (values[at]! + value) % modulus;
    if (symmetry === "symmetric" && r !== c) {
      const mirror = (c - 1) * cols + (r - 1);
      values[mirror] = (values[mirror]! + value) % modulus;
    }
    seen++;
  }
  if (seen < nnz) throw endOfFile(ctx, lines, `expected ${expectedCount}, got ${seen}`);
  return { rows, cols, format: "matrix-market", values };
}

function endOfFile(ctx: Context, lines: string[], reason: string): ParseError {
  const last = lines[lines.length - 1]!;
  return new ParseError(ctx.source, lines.length, textColumn(last, last.length), reason);
}

// ---------------------------------------------------------------------------
// Dense 0/1 rows read as bytes, straight into packed words

const LF = 0x0a;
const CR = 0x0d;

/**
 * Packed rows read by {@link DenseBitRows}: `rows` rows of `stride` 32-bit
 * words each, in the layout of a `BitMatrix` (bit j of a row at word
 * j >> 5, bit j & 31, zero padding).
 */
export interface PackedRows {
  rows: number;
  cols: number;
  stride: number;
  words: Uint32Array;
}

/**
 * Reads dense GF(2) text (the format of {@link parseMatrix} with modulus 2:
 * rows of `0`/`1`, spaces and tabs ignored, blank and `#` lines skipped,
 * LF or CRLF) from byte chunks, packing each row into 32-bit words as it
 * goes: no string of the whole input is ever made. Errors are the same
 * {@link ParseError}s, at the same lines and columns, as parseMatrix's.
 *
 * Every byte of a data line before an error is ASCII (anything else is the
 * error), so a column is a byte count there.
 */
export class DenseBitRows {
  readonly #source: string;
  readonly #maxEntries: number;
  readonly #maxBytes: number;
  #words: Uint32Array = new Uint32Array(1024);
  /** 32-bit words per row; 0 until the first row ends. */
  #stride = 0;
  #cols = 0;
  #rows = 0;
  #firstDataLine = 0;
  /** Global offset of the first byte of the chunk being read. */
  #chunkStart = 0;
  #line = 1;
  #lineStart = 0;
  #state: "start" | "row" | "comment" = "start";
  #count = 0;
  #word = 0;
  /** Global offset just past the last entry of the row. */
  #contentEnd = 0;
  /** Global offset of entry number `cols` of an overlong row, or -1. */
  #overflowAt = -1;
  /** Global offset of a CR not yet followed by its LF, or -1. */
  #crAt = -1;
  #sawComment = false;
  /** A bad character whose UTF-8 bytes were cut by the end of a chunk. */
  #cutChar: { at: number; bytes: Uint8Array } | undefined;
  /** Code points of the current line in the chunks before the last one, and the last byte read. */
  #linePoints = 0;
  #lastByte = -1;

  /**
   * @param source - name of the input for messages
   * @param maxEntries - largest accepted rows * cols
   * @param maxBytes - largest accepted size of the packed rows in bytes
   */
  constructor(source: string, maxEntries: number, maxBytes: number) {
    this.#source = source;
    this.#maxEntries = maxEntries;
    this.#maxBytes = maxBytes;
  }

  /**
   * Reads the next chunk.
   *
   * @param chunk - bytes that follow those already pushed
   * @throws {@link ParseError} at the first malformed line
   * @throws RangeError when the matrix passes `maxEntries` or `maxBytes`
   */
  push(chunk: Uint8Array): void {
    const start = this.#chunkStart;
    const n = chunk.length;
    if (this.#cutChar) {
      this.#cutCharError(chunk, false);
      this.#chunkStart = start + n;
      return;
    }
    const view = new DataView(chunk.buffer, chunk.byteOffset, n);
    let i = 0;
    if (this.#crAt >= 0 && n > 0) {
      if (chunk[0] !== LF) this.#error(this.#crAt, "expected a digit 0 or 1, got U+000D");
      this.#crAt = -1;
    }
    while (i < n) {
      if (this.#state === "comment") {
        const newline = chunk.indexOf(LF, i);
        if (newline < 0) break;
        i = newline;
        this.#newline(start + i);
        i++;
        continue;
      }
      if (this.#state === "row") {
        // The hot loop: entries of a data row, packed 32 to a word.
        const limit = this.#stride === 0 ? 0x7fffffff : this.#cols;
        const base = this.#rows * this.#stride;
        const before = this.#count;
        let count = before;
        let word = this.#word;
        let end = i;
        // Eight entries at a time while eight 0/1 bytes follow (the bulk of a file without spaces):
        // the low bits of the eight bytes, gathered by one multiply per four, make one byte of the row.
        if ((count & 7) === 0) {
          while (i + 8 <= n && count + 8 <= limit) {
            const lo = view.getUint32(i, true);
            const hi = view.getUint32(i + 4, true);
            // Each half on its own: or-ing them would let a blank (0x20) pass beside a '0' (0x30).
            if ((lo & 0xfefefefe) !== 0x30303030 || (hi & 0xfefefefe) !== 0x30303030) break;
            const bits =
              (Math.imul(lo & 0x01010101, 0x01020408) >>> 24) |
              ((Math.imul(hi & 0x01010101, 0x01020408) >>> 20) & 0xf0);
            word |= bits << (count & 31);
            count += 8;
            i += 8;
            end = i;
            if ((count & 31) === 0) word = this.#flush(base + (count >>> 5) - 1, word);
          }
        }
        // Four entries at a time in rows written "0 1 1 0 ...": digit, space, digit, space.
        if ((count & 3) === 0) {
          while (i + 8 <= n && count + 4 <= limit) {
            const lo = view.getUint32(i, true);
            const hi = view.getUint32(i + 4, true);
            if ((lo & 0xfffefffe) !== 0x20302030 || (hi & 0xfffefffe) !== 0x20302030) break;
            const bits = (lo & 1) | ((lo >>> 15) & 2) | ((hi & 1) << 2) | ((hi >>> 13) & 8);
            word |= bits << (count & 31);
            count += 4;
            i += 8;
            end = i - 1;
            if ((count & 31) === 0) word = this.#flush(base + (count >>> 5) - 1, word);
          }
        }
        while (i < n && count < limit) {
          const digit = chunk[i]! - DIGIT_0;
          if (digit >>> 0 > 1) break;
          word |= digit << (count & 31);
          count++;
          i++;
          end = i;
          if ((count & 31) === 0) word = this.#flush(base + (count >>> 5) - 1, word);
        }
        if (count !== before) this.#contentEnd = start + end;
        this.#count = count;
        this.#word = word;
        if (i === n) break;
      }
      const b = chunk[i]!;
      const at = start + i;
      if (b === DIGIT_0 || b === DIGIT_0 + 1) {
        if (this.#state === "start") {
          this.#beginRow(at);
          continue;
        }
        // Past the length of the first row: counted, then reported at the end of the line.
        if (this.#overflowAt < 0) this.#overflowAt = at;
        this.#count++;
        this.#contentEnd = at + 1;
        i++;
        continue;
      }
      if (b === SPACE || b === TAB) {
        i++;
        continue;
      }
      if (b === LF) {
        this.#newline(at);
        i++;
        continue;
      }
      if (b === CR) {
        if (i + 1 < n) {
          if (chunk[i + 1] !== LF) this.#error(at, "expected a digit 0 or 1, got U+000D");
        } else {
          this.#crAt = at;
        }
        i++;
        continue;
      }
      if (b === HASH && this.#state === "start") {
        this.#state = "comment";
        this.#sawComment = true;
        i++;
        continue;
      }
      if (i + utf8Length(b) > n) {
        // A character cut by the end of the chunk: named once the next chunk completes it.
        this.#cutChar = { at, bytes: chunk.slice(i) };
        this.#chunkStart = start + n;
        return;
      }
      this.#error(at, `expected a digit 0 or 1, got ${showByteChar(chunk, i)}`);
    }
    this.#chunkStart = start + n;
    if (n > 0) this.#lastByte = chunk[n - 1]!;
    // The part of the current line in this chunk, for the column of an error at the end of the input.
    const from = this.#lineStart - start;
    if (from <= 0) this.#linePoints += codePoints(chunk);
    else this.#linePoints = codePoints(chunk.subarray(from));
  }

  /**
   * Ends the input.
   *
   * @returns the packed rows
   * @throws {@link ParseError} for a malformed last line or an input without rows
   */
  end(): PackedRows {
    if (this.#cutChar) this.#cutCharError(new Uint8Array(0), true);
    const end = this.#chunkStart;
    this.#crAt = -1;
    if (this.#state === "row") this.#newline(end);
    if (this.#rows === 0) {
      const what = this.#sawComment ? "only blank lines and # comments" : "an empty file";
      throw new ParseError(
        this.#source,
        this.#line,
        this.#lastColumn(),
        `expected at least one row of 0/1, got ${what}`,
      );
    }
    return { rows: this.#rows, cols: this.#cols, stride: this.#stride, words: this.#words };
  }

  /** The first entry of a row: checks the size guard, then reads on in the hot loop. */
  #beginRow(at: number): void {
    if (this.#stride !== 0) {
      const rows = this.#rows + 1;
      if (rows * this.#cols > this.#maxEntries) {
        const subject = `a matrix of ${this.#cols} columns (${rows} rows so far)`;
        throw new RangeError(
          `${this.#source}:${this.#line}: ${formatLimit({ subject, max: this.#maxEntries, got: rows * this.#cols, unit: ["entry", "entries"] })}`,
        );
      }
      this.#grow(rows * this.#stride);
    }
    this.#state = "row";
    this.#count = 0;
    this.#word = 0;
    this.#overflowAt = -1;
    this.#contentEnd = at;
  }

  /** A line ends at global offset `at` (its LF, or the end of the input). */
  #newline(at: number): void {
    if (this.#state === "row") {
      const count = this.#count;
      if (this.#stride === 0) {
        this.#cols = count;
        this.#stride = Math.ceil(count / 128) * 4;
        this.#firstDataLine = this.#line;
        if (count > this.#maxEntries) {
          const limit = formatLimit({
            subject: "a row",
            max: this.#maxEntries,
            got: count,
            unit: ["entry", "entries"],
          });
          throw new RangeError(`${this.#source}:${this.#line}: ${limit}`);
        }
        this.#grow(this.#stride);
      } else if (count !== this.#cols) {
        const where = count < this.#cols ? this.#contentEnd : this.#overflowAt;
        this.#error(where, `expected ${entries(this.#cols)} (like line ${this.#firstDataLine}), got ${count}`);
      }
      if (count & 31) this.#words[this.#rows * this.#stride + (count >>> 5)] = this.#word;
      this.#rows++;
    }
    this.#state = "start";
    this.#line++;
    this.#lineStart = at + 1;
  }

  /** Makes room for `words` words, checking the byte limit first; returns the buffer. */
  /** Stores a full word of a row at index `at` (only the first row, of unknown length, outgrows the buffer); returns 0, the next word. */
  #flush(at: number, word: number): number {
    const words = at < this.#words.length ? this.#words : this.#grow(at + 1);
    words[at] = word;
    return 0;
  }

  #grow(words: number): Uint32Array {
    if (words <= this.#words.length) return this.#words;
    if (words * 4 > this.#maxBytes) {
      const rows = Math.max(1, this.#rows + 1);
      const subject = this.#stride === 0 ? "the first row" : `the matrix (${rows} rows so far)`;
      const limit = formatLimit({
        subject,
        max: this.#maxBytes,
        got: words * 4,
        unit: "bytes",
        why: "the memory limit",
      });
      throw new RangeError(`${this.#source}:${this.#line}: ${limit}`);
    }
    const grown = new Uint32Array(Math.min(Math.max(words, this.#words.length * 2), Math.floor(this.#maxBytes / 4)));
    grown.set(this.#words);
    this.#words = grown;
    return grown;
  }

  /**
   * Adds `next` to a bad character whose bytes began in an earlier chunk, and
   * throws its error once the character is whole (or the input has ended).
   */
  #cutCharError(next: Uint8Array, ended: boolean): void {
    const cut = this.#cutChar!;
    const need = utf8Length(cut.bytes[0]!);
    const joined = new Uint8Array(Math.min(need, cut.bytes.length + next.length));
    joined.set(cut.bytes.subarray(0, joined.length));
    if (joined.length > cut.bytes.length)
      joined.set(next.subarray(0, joined.length - cut.bytes.length), cut.bytes.length);
    cut.bytes = joined;
    if (joined.length < need && !ended) return;
    this.#error(cut.at, `expected a digit 0 or 1, got ${showByteChar(joined, 0)}`);
  }

  #error(at: number, reason: string): never {
    throw new ParseError(this.#source, this.#line, at - this.#lineStart + 1, reason, at);
  }

  /** Column just past the last line's text (which may hold non-ASCII comment text). */
  #lastColumn(): number {
    if (this.#lineStart === this.#chunkStart) return 1;
    // A CR ending the input is dropped, as from any line.
    return this.#linePoints + (this.#lastByte === CR ? 0 : 1);
  }
}

/** Bytes of the UTF-8 sequence that `lead` starts (1 for ASCII and for bytes that start none). */
function utf8Length(lead: number): number {
  if (lead >= 0xf0 && lead <= 0xf7) return 4;
  if (lead >= 0xe0) return lead <= 0xef ? 3 : 1;
  return lead >= 0xc0 ? 2 : 1;
}

/** Characters in UTF-8 bytes: the bytes that are not continuation bytes. */
function codePoints(bytes: Uint8Array): number {
  let points = 0;
  for (let i = 0; i < bytes.length; i++) if ((bytes[i]! & 0xc0) !== 0x80) points++;
  return points;
}
