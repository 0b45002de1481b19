/**
 * Reading a sparse GF(2) matrix from bytes as they arrive: MatrixMarket
 * coordinate files (`pattern`, or `integer` taken mod 2; `general` or
 * `symmetric`) and edge lists (`u v` per line, as the incidence or the
 * adjacency matrix of the graph). Lines are parsed as bytes, chunk by chunk;
 * only the coordinates are kept, so the limits are on nonzeros and memory,
 * never on rows x cols.
 *
 * @module
 */
import { ParseError } from "../internal/errors.js";
import { doubled } from "../internal/grow.js";
import { getMemoryLimit } from "../internal/memory.js";
import { formatLimit } from "../internal/sizes.js";
import { checkChunkInput, concatBytes, decodeText, showToken, textColumn } from "../internal/text.js";
import { compressCoordinates, MAX_SPARSE_SIDE } from "../sparse/build.js";
import type { SparseBitMatrix } from "../sparse/matrix.js";

/**
 * Options of {@link readSparseMatrix}.
 *
 * @example
 * ```ts
 * const options: ReadSparseMatrixOptions = { source: "g.txt", format: "edge-list", graph: "incidence" };
 * ```
 */
export interface ReadSparseMatrixOptions {
  /** Name of the input in error messages; default `"<input>"`. */
  source?: string;
  /**
   * `"auto"` (default): MatrixMarket when the input starts with
   * `%%MatrixMarket`, else an edge list.
   */
  format?: "auto" | "matrix-market" | "edge-list";
  /** Which matrix an edge list gives: `"incidence"` (vertices x edges, the default) or `"adjacency"`. */
  graph?: "incidence" | "adjacency";
  /** The first vertex's number in an edge list: 0 (the default) or 1. */
  base?: 0 | 1;
  /** Vertices of an edge list; default the largest vertex + 1 (checked against each line when given). */
  vertices?: number;
  /** The most nonzeros accepted (entries stored, before duplicates cancel); default: what the memory limit holds. */
  maxNonzeros?: number;
  /** Called after each chunk with the bytes read so far. */
  onProgress?: (bytes: number) => void;
  /** Stops reading between chunks with the signal's reason. */
  signal?: AbortSignal;
}

/**
 * A matrix read by {@link readSparseMatrix}.
 *
 * @example
 * ```ts
 * const text = "%%MatrixMarket matrix coordinate pattern general\n2 2 2\n1 1\n2 2\n";
 * const { matrix, format }: ReadSparseMatrix = await readSparseMatrix([new TextEncoder().encode(text)]);
 * ```
 */
export interface ReadSparseMatrix {
  /** The matrix: rows sorted, duplicates added mod 2. */
  matrix: SparseBitMatrix;
  /** Which format the input was in. */
  format: "matrix-market" | "edge-list";
  /** Bytes read. */
  bytes: number;
}

/** Bytes held per stored coordinate while reading and compressing (two coordinates, two sorts). */
export const BYTES_PER_NONZERO = 16;
/** Bytes per row and per column of the compressed form and its sorts. */
const BYTES_PER_LINE = 12;

/** The longest line held while its chunks arrive. */
const MAX_LINE_BYTES = 2 ** 20;
const NEWLINE = 0x0a;
const RETURN = 0x0d;
const SPACE = 0x20;
const TAB = 0x09;
const PERCENT = 0x25;
const HASH = 0x23;
const PLUS = 0x2b;
const MINUS = 0x2d;
const DIGIT_0 = 0x30;
const DIGIT_9 = 0x39;

/**
 * The most nonzeros {@link readSparseMatrix} takes under the memory limit
 * (see `setMemoryLimit` in `@lightsout/core/gf2`), at 16 bytes each while reading.
 *
 * @returns The count: 264,241,152 under the default limit (4 GiB less 64 MiB).
 * @example
 * ```ts
 * `MatrixMarket files up to ${largestSparseNonzeros()} nonzeros`;
 * ```
 */
export function largestSparseNonzeros(): number {
  return Math.floor(getMemoryLimit() / BYTES_PER_NONZERO);
}

/** Coordinates that grow as they are read, up to a cap. */
class Coordinates {
  rows: Uint32Array = new Uint32Array(1024);
  cols: Uint32Array = new Uint32Array(1024);
  length = 0;

  push(r: number, c: number): void {
    if (this.length === this.rows.length) {
      this.rows = doubled(this.rows);
      this.cols = doubled(this.cols);
    }
    this.rows[this.length] = r;
    this.cols[this.length++] = c;
  }
}

/** A token of a line: byte offsets into the line. */
interface Span {
  start: number;
  end: number;
}

/** One line of bytes, with the helpers that turn a position into a ParseError. */
class Line {
  constructor(
    readonly bytes: Uint8Array,
    readonly number: number,
    readonly source: string,
  ) {}

  text(span: Span): string {
    return decodeText(this.bytes.subarray(span.start, span.end));
  }

  /** A ParseError at the byte `at` of the line (the column counts characters). */
  errorAt(at: number, reason: string): ParseError {
    const before = decodeText(this.bytes.subarray(0, at));
    return new ParseError(this.source, this.number, textColumn(before, before.length), reason);
  }

  /** The line's blank-separated tokens. */
  tokens(): Span[] {
    const out: Span[] = [];
    const b = this.bytes;
    let i = 0;
    while (i < b.length) {
      if (b[i] === SPACE || b[i] === TAB) {
        i++;
        continue;
      }
      const start = i;
      while (i < b.length && b[i] !== SPACE && b[i] !== TAB) i++;
      out.push({ start, end: i });
    }
    return out;
  }

  /** An unsigned integer token as a number (Infinity past 2^53), or NaN when it is not one. */
  integer(span: Span): number {
    let value = 0;
    let i = span.start;
    if (this.bytes[i] === PLUS) i++;
    if (i === span.end) return Number.NaN;
    for (; i < span.end; i++) {
      const d = this.bytes[i]! - DIGIT_0;
      if (d < 0 || d > 9) return Number.NaN;
      value = value * 10 + d;
    }
    return value > Number.MAX_SAFE_INTEGER ? Number.POSITIVE_INFINITY : value;
  }

  /** Whether a signed integer token is odd (its last digit), or undefined when it is not an integer. */
  parity(span: Span): number | undefined {
    let i = span.start;
    if (this.bytes[i] === PLUS || this.bytes[i] === MINUS) i++;
    if (i === span.end) return undefined;
    for (let k = i; k < span.end; k++) if (this.bytes[k]! < DIGIT_0 || this.bytes[k]! > DIGIT_9) return undefined;
    return (this.bytes[span.end - 1]! - DIGIT_0) & 1;
  }

  /** Reads token `span` as an index in 1..bound (base 1) or 0..bound-1 (base 0). */
  index(span: Span | undefined, what: string, bound: number, base: number): number {
    if (span === undefined) throw this.errorAt(this.bytes.length, `expected ${what}, got end of line`);
    const value = this.integer(span);
    if (Number.isNaN(value)) {
      throw this.errorAt(span.start, `expected ${what} (an integer), got ${showToken(this.text(span))}`);
    }
    if (value < base || value > bound - 1 + base) {
      throw this.errorAt(
        span.start,
        `expected ${what} in ${base}..${bound - 1 + base}, got ${showToken(this.text(span))}`,
      );
    }
    return value - base;
  }

  /** Throws unless the line has no token past `spans[used]`. */
  end(spans: Span[], used: number, what: string): void {
    const extra = spans[used];
    if (extra !== undefined) throw this.errorAt(extra.start, `expected ${what}, got ${showToken(this.text(extra))}`);
  }
}

/** What each format does with its lines. */
interface Format {
  line(line: Line): void;
  /** The matrix, once every line was seen; `last` is the last line (for errors at the end of the file). */
  end(last: Line): SparseBitMatrix;
}

function isSkippable(bytes: Uint8Array, comment: number): boolean {
  let i = 0;
  while (i < bytes.length && (bytes[i] === SPACE || bytes[i] === TAB)) i++;
  return i === bytes.length || bytes[i] === comment || bytes[i] === PERCENT;
}

/** The check of the nonzeros about to be held, against `maxNonzeros` and the memory limit. */
function checkRoom(line: Line, at: number, nonzeros: number, rows: number, cols: number, max: number): void {
  if (nonzeros > max) {
    throw line.errorAt(
      at,
      formatLimit({
        subject: "a sparse matrix",
        max,
        got: nonzeros,
        unit: ["nonzero", "nonzeros"],
        why: "maxNonzeros, or what the memory limit holds",
      }),
    );
  }
  const bytes = nonzeros * BYTES_PER_NONZERO + (rows + cols + 2) * BYTES_PER_LINE;
  if (bytes > getMemoryLimit()) {
    throw line.errorAt(
      at,
      formatLimit({
        subject: `a sparse ${rows} x ${cols} matrix with ${nonzeros} nonzeros`,
        max: getMemoryLimit(),
        got: bytes,
        unit: "bytes",
        why: "the memory limit",
        hint: "see setMemoryLimit",
      }),
    );
  }
}

/** A header word that must be one of `allowed` (any case), lower-cased; a ParseError naming them otherwise. */
function oneOf(line: Line, span: Span | undefined, allowed: string[], what: string, why: string): string {
  const text = span === undefined ? "" : line.text(span).toLowerCase();
  if (span === undefined || !allowed.includes(text)) {
    const got = span === undefined ? "end of line" : showToken(line.text(span));
    const expected = allowed.map((word) => `'${word}'`).join(" or ");
    throw line.errorAt(span?.start ?? line.bytes.length, `expected ${what} ${expected}${why}, got ${got}`);
  }
  return text;
}

/** MatrixMarket coordinate: header, size line, then `row column [value]` lines. */
class MatrixMarketFormat implements Format {
  private state: "header" | "size" | "entries" = "header";
  private pattern = true;
  private symmetric = false;
  private rows = 0;
  private cols = 0;
  private promised = 0;
  private seen = 0;
  private readonly coordinates = new Coordinates();

  constructor(private readonly maxNonzeros: number) {}

  line(line: Line): void {
    if (this.state === "header") return this.header(line);
    if (isSkippable(line.bytes, PERCENT)) return;
    if (this.state === "size") return this.size(line);
    const spans = line.tokens();
    if (this.seen === this.promised) {
      const extra = spans[0]!;
      throw line.errorAt(
        extra.start,
        `expected ${this.promised} entries (as the size line says), got more: ${showToken(line.text(extra))}`,
      );
    }
    const r = line.index(spans[0], "a row index", this.rows, 1);
    const c = line.index(spans[1], "a column index", this.cols, 1);
    let odd = 1;
    if (!this.pattern) {
      const value = spans[2];
      if (value === undefined) throw line.errorAt(line.bytes.length, "expected an integer value, got end of line");
      const parity = line.parity(value);
      if (parity === undefined)
        throw line.errorAt(value.start, `expected an integer value, got ${showToken(line.text(value))}`);
      odd = parity;
    }
    line.end(
      spans,
      this.pattern ? 2 : 3,
      `end of line (${this.pattern ? "a 'pattern' entry is 'row column'" : "an 'integer' entry is 'row column value'"})`,
    );
    if (this.symmetric && c > r) {
      throw line.errorAt(
        spans[0]!.start,
        `expected an entry on or below the diagonal (row >= column) in a symmetric file, got row ${r + 1}, column ${c + 1}`,
      );
    }
    this.seen++;
    if (odd === 0) return; // an even integer is 0 over GF(2)
    this.coordinates.push(r, c);
    if (this.symmetric && r !== c) this.coordinates.push(c, r);
  }

  private header(line: Line): void {
    const spans = line.tokens();
    const words = ["%%matrixmarket", "matrix", "coordinate"];
    const names = ["the banner '%%MatrixMarket'", "object 'matrix'", "format 'coordinate'"];
    for (let k = 0; k < 3; k++) {
      const span = spans[k];
      if (span === undefined) throw line.errorAt(line.bytes.length, `expected ${names[k]}, got end of line`);
      if (line.text(span).toLowerCase() !== words[k]) {
        const why = k === 2 ? " (the only MatrixMarket format supported)" : "";
        throw line.errorAt(span.start, `expected ${names[k]}${why}, got ${showToken(line.text(span))}`);
      }
    }
    const fieldText = oneOf(line, spans[3], ["pattern", "integer"], "field", " (entries over GF(2))");
    const symmetryText = oneOf(line, spans[4], ["general", "symmetric"], "symmetry", "");
    line.end(spans, 5, "end of the header line");
    this.pattern = fieldText === "pattern";
    this.symmetric = symmetryText === "symmetric";
    this.state = "size";
  }

  private size(line: Line): void {
    const spans = line.tokens();
    const read = (k: number, what: string, min: number, max: number): number => {
      const span = spans[k];
      const expected = `${what} (an integer in ${min}..${max})`;
      if (span === undefined) throw line.errorAt(line.bytes.length, `expected ${expected}, got end of line`);
      const value = line.integer(span);
      if (!(value >= min && value <= max)) {
        const beyond = value > max && k < 2 ? "; indices are 32-bit" : "";
        throw line.errorAt(span.start, `expected ${expected}${beyond}, got ${showToken(line.text(span))}`);
      }
      return value;
    };
    this.rows = read(0, "the number of rows", 1, MAX_SPARSE_SIDE);
    this.cols = read(1, "the number of columns", 1, MAX_SPARSE_SIDE);
    this.promised = read(2, "the number of entries", 0, Number.MAX_SAFE_INTEGER);
    line.end(spans, 3, "end of the size line 'rows cols entries'");
    if (this.symmetric && this.rows !== this.cols) {
      throw line.errorAt(
        spans[0]!.start,
        `expected a square matrix for symmetry 'symmetric', got ${this.rows} x ${this.cols}`,
      );
    }
    const stored = this.symmetric ? 2 * this.promised : this.promised;
    checkRoom(line, spans[2]!.start, stored, this.rows, this.cols, this.maxNonzeros);
    this.state = "entries";
  }

  end(last: Line): SparseBitMatrix {
    const atEnd = (reason: string) => last.errorAt(last.bytes.length, reason);
    if (this.state === "header") throw atEnd("expected the banner '%%MatrixMarket', got end of file");
    if (this.state === "size") throw atEnd("expected the size line 'rows cols entries', got end of file");
    if (this.seen < this.promised) {
      throw atEnd(`expected ${this.promised} entries (as the size line says), got ${this.seen}: the file ends early`);
    }
    const { rows, cols, length } = this.coordinates;
    return compressCoordinates(this.rows, this.cols, rows, cols, length);
  }
}

/** An edge list: `u v` per line; `#` and `%` start comments. */
class EdgeListFormat implements Format {
  private readonly coordinates = new Coordinates();
  private largest = -1;
  private edges = 0;

  constructor(
    private readonly graph: "incidence" | "adjacency",
    private readonly base: number,
    private readonly vertices: number | undefined,
    private readonly maxNonzeros: number,
  ) {}

  line(line: Line): void {
    if (isSkippable(line.bytes, HASH)) return;
    const spans = line.tokens();
    const bound = this.vertices ?? MAX_SPARSE_SIDE;
    const what = this.vertices === undefined ? "a vertex" : "a vertex of the graph";
    const u = line.index(spans[0], what, bound, this.base);
    const v = line.index(spans[1], what, bound, this.base);
    line.end(spans, 2, "end of line (an edge is 'u v')");
    if (this.coordinates.length + 2 > this.maxNonzeros) {
      checkRoom(line, spans[0]!.start, this.coordinates.length + 2, 0, 0, this.maxNonzeros);
    }
    this.largest = Math.max(this.largest, u, v);
    if (this.graph === "incidence") {
      // a loop's two ones cancel: a zero column, still an edge
      if (u !== v) {
        this.coordinates.push(u, this.edges);
        this.coordinates.push(v, this.edges);
      }
    } else {
      this.coordinates.push(u, v);
      if (u !== v) this.coordinates.push(v, u);
    }
    this.edges++;
  }

  end(last: Line): SparseBitMatrix {
    const vertices = this.vertices ?? this.largest + 1;
    const { rows, cols, length } = this.coordinates;
    checkRoom(last, last.bytes.length, length, vertices, this.edges, this.maxNonzeros);
    return this.graph === "incidence"
      ? compressCoordinates(vertices, this.edges, rows, cols, length)
      : compressCoordinates(vertices, vertices, rows, cols, length);
  }
}

/** Splits chunks into lines of bytes (without the `\n` and a final `\r`), carrying a partial line over. */
class LineSplitter {
  /** The pieces of a line cut by chunk boundaries (copied: a producer may reuse its buffers), joined at its end. */
  private parts: Uint8Array[] = [];
  private partBytes = 0;
  private number = 0;
  private lastLine: Line;

  constructor(
    private readonly source: string,
    private readonly take: (line: Line) => void,
  ) {
    this.lastLine = new Line(new Uint8Array(0), 1, source);
  }

  push(chunk: Uint8Array): void {
    let from = 0;
    for (;;) {
      const nl = chunk.indexOf(NEWLINE, from);
      if (nl < 0) break;
      let bytes = chunk.subarray(from, nl);
      if (this.parts.length > 0) {
        this.parts.push(bytes);
        bytes = concatBytes(this.parts, this.partBytes + bytes.length);
        this.parts = [];
        this.partBytes = 0;
      }
      this.emit(bytes);
      from = nl + 1;
    }
    if (from < chunk.length) {
      this.partBytes += chunk.length - from;
      // a line held across chunks is bounded: a file with no line breaks is not a matrix file
      if (this.partBytes > MAX_LINE_BYTES) {
        throw new ParseError(
          this.source,
          this.number + 1,
          1,
          `expected a line of at most ${MAX_LINE_BYTES} bytes (an entry, a comment), got more without a line break`,
        );
      }
      this.parts.push(chunk.slice(from));
    }
  }

  private emit(bytes: Uint8Array): void {
    const end = bytes.length > 0 && bytes[bytes.length - 1] === RETURN ? bytes.length - 1 : bytes.length;
    // a byte-order mark before the first line is not part of it
    const start = this.number === 0 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
    this.lastLine = new Line(bytes.subarray(start, end), ++this.number, this.source);
    this.take(this.lastLine);
  }

  /**
   * Emits the last line when the input does not end in a newline; returns
   * where the file ends: that line, or the empty line after the final newline.
   */
  end(): Line {
    if (this.parts.length > 0) this.emit(concatBytes(this.parts, this.partBytes));
    else this.lastLine = new Line(new Uint8Array(0), this.number + 1, this.source);
    return this.lastLine;
  }
}

const BANNER = "%%matrixmarket";

/**
 * Reads a sparse matrix over GF(2) from chunks of bytes: a MatrixMarket
 * coordinate file (field `pattern`, or `integer` with values taken mod 2;
 * symmetry `general` or `symmetric`, whose lower triangle is mirrored) or
 * an edge list (`u v` per line, `#` or `%` comments; the graph's incidence
 * matrix, vertices x edges, or its adjacency matrix). Entries listed twice
 * **add mod 2** (a coordinate given twice is a 0). Only the nonzeros are
 * held: the limits are `maxNonzeros` and the memory limit, whatever rows x
 * cols is (each up to 2^32 - 1).
 *
 * @param input - The bytes, in order: an async iterable (a Node stream, a web `ReadableStream`) or an iterable of chunks;
 *   a chunk is read before the next is asked for, so a producer may read each into the same buffer.
 * @param options - Source name, format, edge-list options, limits, progress and cancel.
 * @returns The matrix, its format and the bytes read.
 * @throws {@link ParseError} with line and column for malformed input: a bad
 *   header or size line, an index out of range or not an integer, more or
 *   fewer entries than the size line promises, a format other than
 *   coordinate; its message names what was expected and what was found.
 * @example
 * ```ts
 * // in Node: readSparseMatrix(createReadStream("a.mtx"), { source: "a.mtx" })
 * const text = "%%MatrixMarket matrix coordinate pattern general\n3 3 3\n1 2\n2 3\n3 1\n";
 * const { matrix } = await readSparseMatrix([new TextEncoder().encode(text)], { source: "a.mtx" });
 * matrix.rowStart[3]; // 3 nonzeros
 * ```
 */
export async function readSparseMatrix(
  input: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  options: ReadSparseMatrixOptions = {},
): Promise<ReadSparseMatrix> {
  checkChunkInput(input);
  const { source = "<input>", format = "auto", graph = "incidence", base = 0, vertices, onProgress, signal } = options;
  if (format !== "auto" && format !== "matrix-market" && format !== "edge-list") {
    throw new TypeError(`"format" expected "auto", "matrix-market" or "edge-list", got ${JSON.stringify(format)}`);
  }
  if (graph !== "incidence" && graph !== "adjacency") {
    throw new TypeError(`"graph" expected "incidence" or "adjacency", got ${JSON.stringify(graph)}`);
  }
  if (base !== 0 && base !== 1) throw new RangeError(`"base" expected 0 or 1, got ${String(base)}`);
  if (vertices !== undefined && !(Number.isInteger(vertices) && vertices >= 1 && vertices <= MAX_SPARSE_SIDE)) {
    throw new RangeError(`"vertices" expected an integer in 1..${MAX_SPARSE_SIDE}, got ${String(vertices)}`);
  }
  const maxNonzeros = Math.min(options.maxNonzeros ?? Number.POSITIVE_INFINITY, largestSparseNonzeros());
  if (!(maxNonzeros >= 0))
    throw new RangeError(`"maxNonzeros" expected a number >= 0, got ${String(options.maxNonzeros)}`);
  const sink = new SparseSink({ source, format, graph, base, vertices, maxNonzeros });
  let bytes = 0;
  for await (const chunk of input as AsyncIterable<Uint8Array>) {
    if (!(chunk instanceof Uint8Array)) {
      throw new TypeError(`"input" expected chunks of bytes (Uint8Array), got ${typeof chunk}`);
    }
    signal?.throwIfAborted();
    bytes += chunk.length;
    sink.push(chunk);
    onProgress?.(bytes);
  }
  signal?.throwIfAborted();
  const matrix = sink.end();
  return { matrix, format: sink.kind, bytes };
}

/** What a {@link SparseSink} is told: the checked options of {@link readSparseMatrix}. */
interface SinkOptions {
  source: string;
  format: "auto" | "matrix-market" | "edge-list";
  graph: "incidence" | "adjacency";
  base: number;
  vertices: number | undefined;
  maxNonzeros: number;
}

/**
 * The sparse reader as a sink that is pushed chunks: {@link readSparseMatrix}
 * drives it, and so does readBitMatrix for MatrixMarket files.
 */
export class SparseSink {
  private reader: Format | undefined;
  kind: "matrix-market" | "edge-list" = "edge-list";
  private readonly splitter: LineSplitter;

  constructor(private readonly options: SinkOptions) {
    const { source, format, graph, base, vertices, maxNonzeros } = options;
    this.splitter = new LineSplitter(source, (line) => {
      if (this.reader === undefined) {
        const head = decodeText(line.bytes.subarray(0, BANNER.length)).toLowerCase();
        this.kind = format === "auto" ? (head === BANNER ? "matrix-market" : "edge-list") : format;
        this.reader =
          this.kind === "matrix-market"
            ? new MatrixMarketFormat(maxNonzeros)
            : new EdgeListFormat(graph, base, vertices, maxNonzeros);
      }
      this.reader.line(line);
    });
  }

  push(chunk: Uint8Array): void {
    this.splitter.push(chunk);
  }

  /** The matrix, once every chunk was pushed. */
  end(): SparseBitMatrix {
    const last = this.splitter.end();
    if (this.reader === undefined) {
      if (this.options.format === "matrix-market") {
        throw last.errorAt(0, "expected the banner '%%MatrixMarket', got end of file");
      }
      const { graph, base, vertices, maxNonzeros } = this.options;
      this.reader = new EdgeListFormat(graph, base, vertices, maxNonzeros);
    }
    return this.reader.end(last);
  }
}
