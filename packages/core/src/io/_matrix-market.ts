// MatrixMarket coordinate files (text starting with `%%MatrixMarket`): the
// `coordinate` format with field `pattern` or `integer` and symmetry
// `general` or `symmetric`. Integer values are reduced mod the modulus,
// duplicates are added, symmetric files store the lower triangle and are
// mirrored. A file lists only its nonzero entries, so it is read as one
// string, line by line.

import { ParseError } from "../internal/errors.js";
import { formatLimit } from "../internal/sizes.js";
import { showToken, textColumn } from "../internal/text.js";
import { entries } from "./_dense-text.js";

const TAB = 0x09;
const SPACE = 0x20;
const PERCENT = 0x25;
const DIGIT_0 = 0x30;

/** What a reader of matrix text is asked for: the name of the input, the modulus, the largest rows * cols. */
export interface MatrixContext {
  readonly source: string;
  readonly modulus: number;
  readonly maxEntries: number;
}

/** A matrix read: its size and `rows * cols` entries in 0..modulus-1, row-major. */
export interface MatrixEntries {
  rows: number;
  cols: number;
  values: Uint8Array | Uint32Array;
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

function allocate(ctx: MatrixContext, rows: number, cols: number, where: string): Uint8Array | Uint32Array {
  const total = rows * cols;
  if (total > ctx.maxEntries) {
    throw new RangeError(
      `${where}: ${formatLimit({ subject: `a ${rows} x ${cols} matrix`, max: ctx.maxEntries, got: total, unit: ["entry", "entries"] })}`,
    );
  }
  return ctx.modulus <= 256 ? new Uint8Array(total) : new Uint32Array(total);
}

interface Token {
  readonly text: string;
  /** UTF-16 index of the first character in its line. */
  readonly index: number;
}

function tokenize(line: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < line.length) {
    if (isBlank(line.charCodeAt(i))) {
      i++;
      continue;
    }
    const start = i;
    while (i < line.length && !isBlank(line.charCodeAt(i))) i++;
    tokens.push({ text: line.slice(start, i), index: start });
  }
  return tokens;
}

/** Reads tokens of one line and reports errors at the right column. */
class LineCursor {
  private readonly ctx: MatrixContext;
  private readonly line: string;
  private readonly lineNo: number;
  private readonly tokens: Token[];
  private next = 0;

  constructor(ctx: MatrixContext, line: string, lineNo: number) {
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

/**
 * Reads a MatrixMarket coordinate file (the text past a byte-order mark),
 * line by line.
 */
export function parseMatrixMarket(text: string, ctx: MatrixContext): MatrixEntries {
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.endsWith("\r")) lines[i] = line.slice(0, -1);
  }
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
  return { rows, cols, values };
}

function endOfFile(ctx: MatrixContext, lines: string[], reason: string): ParseError {
  const last = lines[lines.length - 1]!;
  return new ParseError(ctx.source, lines.length, textColumn(last, last.length), reason);
}
