// Boards as text, the format the CLI and the web app share:
//
//   # comment lines start with #
//   1 0 1        one row per line: a digit per cell (spaces optional),
//   0 . 1        `.` where an irregular board has no cell
//
// and as JSON: { "board": <Board>, "lights": [0, 1, ...] (one per cell) or
// ["101", "0.1"] (grid rows) }. With more than 10 states, cells are written
// as numbers separated by spaces, or digits then letters (a = 10 ... z = 35).

import { describe } from "../internal/check.js";
import { ParseError } from "../internal/errors.js";
import { formatLimit } from "../internal/sizes.js";
import {
  byteColumn,
  decodeText,
  encodeText,
  showByteChar,
  showByteToken,
  showChar,
  showToken,
  textColumn,
  utf8CharLength,
} from "../internal/text.js";
import { type Board, checkBoard, type GridBoard, type GridOptions, MAX_CELLS, MAX_STATES } from "../lightsout/board.js";
import { jsonErrorOffset } from "./_json-position.js";

/** Cells of a checked board: vertices, or the grid's cells present in its mask. */
function cellCount(board: Board): number {
  if (board.kind === "graph") return board.vertices;
  if (!board.mask) return board.rows * board.cols;
  let count = 0;
  for (const line of board.mask) for (let c = 0; c < line.length; c++) if (line.charCodeAt(c) === 0x23) count++;
  return count;
}

/**
 * A board and its lights, read from text.
 *
 * @example
 * ```ts
 * const { board, lights }: BoardInput = parseBoard("101\n0.1\n");
 * lights; // Uint8Array [1, 0, 1, 0, 1]: five cells, the "." is not one
 * solveLightsOut(board, lights).solvable;
 * ```
 */
export interface BoardInput {
  /** The board: a grid (with a mask when some cells are missing) or a graph. */
  board: Board;
  /** One value per cell, 0..states-1: a Uint8Array up to 256 states, a Uint32Array beyond. */
  lights: Uint8Array | Uint32Array;
}

/**
 * Options of {@link parseBoard}.
 *
 * @example
 * ```ts
 * const options: ParseBoardOptions = { states: 3, source: "puzzle.txt" };
 * parseBoard("210\n102\n", options).lights; // Uint8Array [2, 1, 0, 1, 0, 2]
 * parseBoard("1x1\n", { source: "puzzle.txt" }); // throws ParseError "puzzle.txt:1:2: expected a light 0..1 ..."
 * ```
 */
export interface ParseBoardOptions extends GridOptions {
  /** Name of the input for error messages (default `<input>`). */
  source?: string;
  /** Number of light states, 2..2^31-1 (default 2). */
  states?: number;
}

const DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz";

/** Digits of the longest number a light is written with: 2^31 - 2 has 10. */
const MAX_NUMBER_DIGITS = 10;
/** Up to this many states a cell may be one digit or letter with no blank around it. */
const MAX_PACKED_STATES = 36;
/** Hole code in the 32-bit buffer used past 254 states (above every light). */
const WIDE_HOLE = 2 ** 32 - 1;
const LF = 0x0a;
const CR = 0x0d;
const TAB = 0x09;
const SPACE = 0x20;
const HASH = 0x23;
const DOT = 0x2e;
const DIGIT_0 = 0x30;
const DIGIT_9 = 0x39;
const OPEN_BRACE = 0x7b;

/** Cell codes besides the light values 0..35 (in the 8-bit buffer, up to 254 states). */
const HOLE = 254;
const NOT_A_CELL = 255;

/** The cell code of each byte: digits, letters of either case (a = 10), `.` for a hole. */
const CELL_OF_BYTE = (() => {
  const table = new Uint8Array(256).fill(NOT_A_CELL);
  for (let v = 0; v < DIGITS.length; v++) {
    table[DIGITS.charCodeAt(v)] = v;
    table[DIGITS.toUpperCase().charCodeAt(v)] = v;
  }
  table[DOT] = HOLE;
  return table;
})();

/** The byte of each light value 0..35. */
const BYTE_OF_LIGHT = Uint8Array.from(DIGITS, (ch) => ch.charCodeAt(0));

function cellValue(ch: string, states: number): number {
  const v = ch.length === 1 ? CELL_OF_BYTE[ch.charCodeAt(0)]! : NOT_A_CELL;
  return v < DIGITS.length && v < states ? v : -1;
}

function expectedCell(states: number): string {
  const last = states > MAX_PACKED_STATES ? `${states - 1} (numbers between blanks)` : DIGITS[states - 1]!;
  return `a light 0..${last} or . (no cell)`;
}

/** The lights array for `states`: bytes up to 256 states, 32 bits beyond. */
function lightsArray(states: number, length: number): Uint8Array | Uint32Array {
  return states <= 256 ? new Uint8Array(length) : new Uint32Array(length);
}

/** Blanks between cells: space and tab; at the ends of a line also CR, VT and FF. */
function isBlank(b: number): boolean {
  return b === SPACE || b === TAB;
}

function isEdgeBlank(b: number): boolean {
  return b === SPACE || (b >= TAB && b <= CR);
}

/**
 * Reads a board and its lights from the text or JSON format.
 *
 * Text is read straight from UTF-8 bytes into typed arrays (a file's bytes
 * can be passed as they are); a leading byte-order mark is skipped. A cell
 * is one digit or letter, or with more than 10 states a number or a letter
 * between blanks (always between blanks past 36 states); anything else
 * (`9a`, `ab`, a byte that is not UTF-8) is an error, never a value.
 *
 * @param text - The input: a string, or its UTF-8 bytes.
 * @param options - Source name, number of states, and (for text) the torus and rule.
 * @returns The board and its lights.
 * @throws {ParseError} with line:column for malformed text or JSON, and for a board over 2^28 cells.
 * @throws {TypeError} when `text` is neither a string nor a Uint8Array, or `options` is not an object.
 * @throws {RangeError} for `states` outside 2..2^31-1, or JSON over 256 MiB.
 * @example
 * ```ts
 * const { board, lights } = parseBoard("101\n0.1\n");
 * parseBoard(new TextEncoder().encode("10\n01"), { source: "big.txt" }); // bytes, e.g. a file's: no string of it
 * ```
 */
export function parseBoard(text: string | Uint8Array, options: ParseBoardOptions = {}): BoardInput {
  if (typeof text === "string") {
    const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
    // a JSON board stays a string: no bytes of it are made
    if (body.trimStart().startsWith("{")) return new BoardReader(options).json(body);
    const bytes = encodeText(body);
    const reader = new BoardReader(options, bytes.length);
    reader.push(bytes);
    return reader.end();
  }
  if (!(text instanceof Uint8Array))
    throw new TypeError(`"text" expected a string or a Uint8Array of UTF-8 text, got ${describe(text)}`);
  const reader = new BoardReader(options, text.length);
  reader.push(text);
  return reader.end();
}

/**
 * {@link parseBoard} over bytes as they arrive (a file stream, stdin, a
 * browser `File.stream()`): a text board is read line by line, and a board
 * past 2^28 cells, a row longer than the first or a bad cell is refused at
 * its line and column without reading on.
 *
 * @param input - The bytes, in order: an async iterable or an iterable of chunks; a chunk is read before
 *   the next is asked for, so a producer may read each into the same buffer.
 * @param options - As for {@link parseBoard}.
 * @returns The board and its lights.
 * @throws {ParseError} with line:column for malformed text or JSON, and for a board over 2^28 cells.
 * @throws {TypeError} when `input` is not an iterable of Uint8Array chunks, or `options` is not an object.
 * @throws {RangeError} for `states` outside 2..2^31-1, or JSON over 256 MiB.
 * @example
 * ```ts
 * // in Node: readBoard(createReadStream("board.txt"), { source: "board.txt" })
 * const { board, lights } = await readBoard([new TextEncoder().encode("10\n01\n")]);
 * ```
 */
export async function readBoard(
  input: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  options: ParseBoardOptions = {},
): Promise<BoardInput> {
  if (input === null || typeof input !== "object" || !(Symbol.asyncIterator in input || Symbol.iterator in input))
    throw new TypeError(`"input" expected an iterable of byte chunks, got ${describe(input)}`);
  const reader = new BoardReader(options);
  for await (const chunk of input as AsyncIterable<Uint8Array>) {
    if (!(chunk instanceof Uint8Array))
      throw new TypeError(`"input" expected chunks of bytes (Uint8Array), got ${describe(chunk)}`);
    reader.push(chunk);
  }
  return reader.end();
}

/** Largest JSON board, in bytes: JSON becomes a string and an array of values; big boards are text. */
const MAX_JSON_BYTES = 2 ** 28;

function jsonTooLarge(length: number): RangeError {
  return new RangeError(
    formatLimit({
      subject: "a JSON board",
      max: MAX_JSON_BYTES,
      got: length,
      unit: "bytes",
      hint: "write big boards in the text format",
    }),
  );
}

/** A growable byte buffer. */
class Bytes {
  data = new Uint8Array(256);
  length = 0;

  append(chunk: Uint8Array, from: number, to: number): void {
    const need = this.length + (to - from);
    if (need > this.data.length) {
      const grown = new Uint8Array(Math.max(need, this.data.length * 2));
      grown.set(this.data.subarray(0, this.length));
      this.data = grown;
    }
    this.data.set(chunk.subarray(from, to), this.length);
    this.length = need;
  }
}

/**
 * The text format, pushed in chunks and read a line at a time: a cell code
 * per grid position, then the lights and, when there are holes, the mask.
 * A line split by chunks is gathered; while it grows its cells are counted,
 * so a row past the limit is refused before its end is read.
 */
class BoardReader {
  readonly #source: string;
  readonly #states: number;
  readonly #grid: GridOptions;
  readonly #hole: number;
  /** "head" until the first byte that is not a blank tells JSON (`{`) from text. */
  #mode: "head" | "json" | "text" = "head";
  /** The first bytes, while they do not tell JSON from text. */
  #pending = new Bytes();
  /** The chunks of a JSON board (pushed chunks are not changed by the caller: a stream hands out new ones). */
  /** A JSON board's bytes, copied (a producer may read the next chunk into the same buffer). */
  readonly #json = new Bytes();
  /** The line being read when it began in an earlier chunk. */
  readonly #carry = new Bytes();
  /** The carried line is a comment: its bytes are dropped. */
  #carryComment = false;
  /** Cells counted in the carried line so far (a lower bound of its cells), and the bytes counted. */
  #carryBytes = 0;
  #carryTokens = 0;
  #carryCounted = 0;
  /** Offset of the first byte of the carried line that is never part of a cell, or -1. */
  #carryBad = -1;
  #codes: Uint8Array | Uint32Array;
  #positions = 0;
  #rows = 0;
  #cols = 0;
  #firstLine = 0;
  #holes = false;
  #lineNo = 0;
  /** The input's length when known: the first growth of the cell buffer goes straight to it. */
  #sizeHint: number;

  /**
   * @param options - As for parseBoard.
   * @param bytes - The input's length when it is known (one push): the cells are at most one a byte,
   *   so their buffer is made once (growing it by doubling copied 100 MB on a 10000 x 10000 board).
   */
  constructor(options: ParseBoardOptions, bytes = 0) {
    if (options === null || typeof options !== "object")
      throw new TypeError(`"options" expected an object, got ${describe(options)}`);
    const { source = "<input>", states = 2, ...grid } = options;
    if (!Number.isInteger(states) || states < 2 || states > MAX_STATES)
      throw new RangeError(`"states" expected an integer in 2..${MAX_STATES}, got ${describe(states)}`);
    this.#source = source;
    this.#states = states;
    this.#grid = grid;
    // a cell code per position; past 254 states lights need 32 bits, and the hole a code above them
    this.#codes = states <= 254 ? new Uint8Array(1024) : new Uint32Array(1024);
    this.#sizeHint = bytes;
    this.#hole = states <= 254 ? HOLE : WIDE_HOLE;
  }

  /** A JSON board given as a string. */
  json(text: string): BoardInput {
    if (text.length > MAX_JSON_BYTES) throw jsonTooLarge(text.length);
    return parseJsonBoard(text, this.#source, this.#states);
  }

  push(chunk: Uint8Array): void {
    if (this.#mode === "text") return this.#text(chunk, 0);
    if (this.#mode === "json") return this.#gatherJson(chunk);
    // the head: gathered only while it is too short to tell (a cut byte-order mark, leading blanks)
    let head = chunk;
    if (this.#pending.length > 0) {
      this.#pending.append(chunk, 0, chunk.length);
      head = this.#pending.data.subarray(0, this.#pending.length);
    }
    if (head.length < 3 && (head.length === 0 || head[0] === 0xef)) return this.#keepHead(head, chunk);
    const bom = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0;
    let first = bom;
    while (first < head.length && isEdgeBlank(head[first]!)) first++;
    if (first === head.length) return this.#keepHead(head, chunk);
    this.#pending = new Bytes();
    if (head[first] === OPEN_BRACE) {
      this.#mode = "json";
      return this.#gatherJson(head.subarray(bom));
    }
    this.#mode = "text";
    this.#text(head, bom);
  }

  /** Keeps the head for the next chunk (copied unless it is already the pending bytes). */
  #keepHead(head: Uint8Array, chunk: Uint8Array): void {
    if (head === chunk) this.#pending.append(chunk, 0, chunk.length);
  }

  /** A chunk of a JSON board, refused as soon as the whole would pass the limit. */
  #gatherJson(chunk: Uint8Array): void {
    const length = this.#json.length + chunk.length;
    if (length > MAX_JSON_BYTES) throw jsonTooLarge(length);
    this.#json.append(chunk, 0, chunk.length);
  }

  end(): BoardInput {
    if (this.#mode === "json") {
      const text = decodeText(this.#json.data.subarray(0, this.#json.length));
      return parseJsonBoard(text, this.#source, this.#states);
    }
    if (this.#mode === "head") {
      // blanks only (or nothing): read as text, which says the board is empty
      const head = this.#pending.data.subarray(0, this.#pending.length);
      this.#mode = "text";
      this.#text(head, head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0);
    }
    if (this.#carry.length > 0 || this.#carryComment) {
      this.#line(this.#carry.data, 0, this.#carry.length);
      this.#carry.length = 0;
    }
    return this.#result();
  }

  /** Text bytes from `from`: each whole line read, the rest carried. */
  #text(chunk: Uint8Array, from: number): void {
    const carry = this.#carry;
    for (;;) {
      const lf = chunk.indexOf(LF, from);
      const to = lf < 0 ? chunk.length : lf;
      if (lf >= 0 && carry.length === 0 && !this.#carryComment) {
        this.#line(chunk, from, to);
      } else {
        if (!this.#carryComment) {
          carry.append(chunk, from, to);
          this.#countCarry();
        }
        if (lf < 0) return;
        this.#line(carry.data, 0, carry.length);
        carry.length = 0;
        this.#carryComment = false;
        this.#carryBytes = 0;
        this.#carryTokens = 0;
        this.#carryCounted = 0;
        this.#carryBad = -1;
      }
      from = lf + 1;
    }
  }

  /**
   * Counts the cells of the new bytes of the carried line, a lower bound of
   * the line's cells whatever follows, and refuses the line as soon as it
   * has too many. Up to 10 states a cell is a byte; past 36 it is a token
   * between blanks; in between, tokens once a blank separated two of them,
   * else bytes once more than 10 (no number of 11 digits is a light).
   */
  #countCarry(): void {
    const { data, length } = this.#carry;
    let i = this.#carryCounted;
    if (i === 0) {
      let s = 0;
      while (s < length && isEdgeBlank(data[s]!)) s++;
      if (s === length) return;
      if (data[s] === HASH) {
        this.#carryComment = true;
        this.#carry.length = 0;
        return;
      }
    }
    let bytes = this.#carryBytes;
    let tokens = this.#carryTokens;
    let bad = this.#carryBad;
    let inToken = i > 0 && data[i - 1]! > SPACE;
    for (; i < length; i++) {
      const b = data[i]!;
      if (b > SPACE) {
        bytes++;
        if (!inToken) tokens++;
        inToken = true;
        // never part of a cell, whatever the line turns out to be
        if (bad < 0 && CELL_OF_BYTE[b] === NOT_A_CELL) bad = i;
      } else {
        inToken = false;
        // a control character: not a blank, and not CR, VT, FF (they may end the line)
        if (bad < 0 && b !== SPACE && b !== TAB && (b < TAB || b > CR)) bad = i;
      }
    }
    this.#carryBytes = bytes;
    this.#carryTokens = tokens;
    this.#carryBad = bad;
    this.#carryCounted = length;
    const states = this.#states;
    const byTokens = states > MAX_PACKED_STATES || (states > 10 && tokens >= 2);
    // a bad byte, once it is known whether cells are characters or tokens: the line is read up to its
    // token (or character), which reports it or a problem before it, without waiting for the line's end
    if (bad >= 0 && (states <= 10 || byTokens)) {
      let end = bad + Math.max(1, utf8CharLength(data, bad, length));
      if (byTokens) while (end < length && !isBlank(data[end]!)) end++;
      // only once the character (at most 4 bytes) or the token is whole, so that the message is the same however cut
      if (byTokens ? end < length : length - bad >= 4) {
        const [lineNo, rows, positions] = [this.#lineNo, this.#rows, this.#positions];
        this.#line(data, 0, end, byTokens); // throws; were it to read a row, it is forgotten and read again at the end
        [this.#lineNo, this.#rows, this.#positions] = [lineNo, rows, positions];
      }
    }
    if (bad >= 0) return; // the bad byte is the line's error, reported once whole
    const cells = byTokens ? tokens : states <= 10 || bytes > 10 ? bytes : 0;
    const limit = this.#rows === 0 ? MAX_CELLS : this.#cols;
    if (cells <= limit) return;
    // the first byte of cell number limit + 1
    let seen = 0;
    let at = 0;
    for (let inside = false; at < length; at++) {
      const b = data[at]!;
      const starts = b > SPACE && (!byTokens || !inside);
      inside = b > SPACE;
      if (starts && ++seen > limit) break;
    }
    this.#tooManyCells(this.#lineNo + 1, byteColumn(data, 0, at));
  }

  /** Refuses a row with more cells than the first row, or than a board may hold. */
  #tooManyCells(lineNo: number, column: number, got: number | "more" = "more"): never {
    const reason =
      this.#rows === 0
        ? formatLimit({ subject: "a row", max: MAX_CELLS, got, unit: ["cell", "cells"], why: "the largest board" })
        : `expected ${this.#cols} cells (like line ${this.#firstLine}), got ${got}`;
    throw new ParseError(this.#source, lineNo, column, reason);
  }

  /** A row of the whole line `s..e` is too long: refused at cell `at`, with the line's count of cells. */
  #tooLong(bytes: Uint8Array, lineStart: number, s: number, e: number, at: number, spaced: boolean): never {
    let cells = 0;
    for (let i = s, inside = false; i < e; i++) {
      const blank = isBlank(bytes[i]!);
      if (!blank && (!spaced || !inside)) cells++;
      inside = !blank;
    }
    return this.#tooManyCells(this.#lineNo, byteColumn(bytes, lineStart, at), cells);
  }

  /** Room for `count` more cell codes, within the largest board. */
  #reserve(count: number): Uint8Array | Uint32Array {
    const need = this.#positions + count;
    if (need <= this.#codes.length) return this.#codes;
    const size = Math.min(Math.max(need, this.#codes.length * 2, this.#sizeHint), MAX_CELLS + 1);
    this.#sizeHint = 0;
    const grown = this.#states <= 254 ? new Uint8Array(size) : new Uint32Array(size);
    grown.set(this.#codes.subarray(0, this.#positions));
    this.#codes = grown;
    return grown;
  }

  /**
   * One whole line, `s..e` of `bytes` (without its LF); `tokens` when the
   * start of a longer line is read and its blanks made cells tokens.
   */
  #line(bytes: Uint8Array, lineStart: number, lineEnd: number, tokens = false): void {
    this.#lineNo++;
    const states = this.#states;
    let s = lineStart;
    let e = lineEnd;
    while (s < e && isEdgeBlank(bytes[s]!)) s++;
    while (e > s && isEdgeBlank(bytes[e - 1]!)) e--;
    if (s === e || bytes[s] === HASH || this.#carryComment) return;
    const limit = this.#rows === 0 ? MAX_CELLS : this.#cols;
    // a code per cell: at most one per byte, and never past the limit plus one
    const codes = this.#reserve(e - s);
    const rowStart = this.#positions;
    let positions = rowStart;
    const bad = (at: number, shown: string): never => {
      throw new ParseError(
        this.#source,
        this.#lineNo,
        byteColumn(bytes, lineStart, at),
        `expected ${expectedCell(states)}, got ${shown}`,
      );
    };
    let spaced = tokens;
    if (states > MAX_PACKED_STATES) spaced = true;
    else if (states > 10) for (let i = s; i < e && !spaced; i++) spaced = isBlank(bytes[i]!);
    if (spaced) {
      // numbers, or single digits and letters, between blanks
      for (let i = s; i < e; ) {
        if (isBlank(bytes[i]!)) {
          i++;
          continue;
        }
        const t = i;
        let number = 0;
        let digits = true;
        for (; i < e && !isBlank(bytes[i]!); i++) {
          const b = bytes[i]!;
          if (b < DIGIT_0 || b > DIGIT_9) digits = false;
          else if (number < states) number = number * 10 + (b - DIGIT_0);
        }
        const code = i - t === 1 ? CELL_OF_BYTE[bytes[t]!]! : NOT_A_CELL;
        let v: number;
        if (code === HOLE) {
          this.#holes = true;
          v = this.#hole;
        } else if (
          i - t === 1 ? code < DIGITS.length && code < states : digits && i - t <= MAX_NUMBER_DIGITS && number < states
        ) {
          v = i - t === 1 ? code : number;
        } else {
          return bad(t, i - t === 1 ? showByteChar(bytes, t, e) : showByteToken(bytes, t, i));
        }
        if (positions - rowStart === limit) this.#tooLong(bytes, lineStart, s, e, t, true);
        codes[positions++] = v;
      }
    } else {
      // one character per cell, blanks optional; the count is checked after the loop (the hot one: a
      // compare per cell cost a quarter of the time on a 10000 x 10000 board), past the limit only on errors
      for (let i = s; i < e; i++) {
        const b = bytes[i]!;
        const v = CELL_OF_BYTE[b]!;
        if (v < states) {
          codes[positions++] = v;
          continue;
        }
        if (b === SPACE || b === TAB) continue;
        if (v !== HOLE) {
          if (positions - rowStart > limit) this.#tooLong(bytes, lineStart, s, e, cellStart(bytes, s, e, limit), false);
          bad(i, showByteChar(bytes, i, e));
        }
        this.#holes = true;
        codes[positions++] = this.#hole;
      }
      if (positions - rowStart > limit) this.#tooLong(bytes, lineStart, s, e, cellStart(bytes, s, e, limit), false);
    }
    const count = positions - rowStart;
    if (this.#rows === 0) {
      this.#cols = count;
      this.#firstLine = this.#lineNo;
    } else if (count < this.#cols) {
      // just after the last cell of the short row
      const column = byteColumn(bytes, lineStart, cellEnd(bytes, s, e, count - 1, spaced));
      throw new ParseError(
        this.#source,
        this.#lineNo,
        column,
        `expected ${this.#cols} cells (like line ${this.#firstLine}), got ${count}`,
      );
    }
    if ((this.#rows + 1) * this.#cols > MAX_CELLS) {
      const subject = `a board of ${this.#cols}-cell rows`;
      throw new ParseError(
        this.#source,
        this.#lineNo,
        byteColumn(bytes, lineStart, s),
        formatLimit({ subject, max: MAX_CELLS, got: (this.#rows + 1) * this.#cols, unit: ["cell", "cells"] }) +
          ` at row ${this.#rows + 1}`,
      );
    }
    this.#positions = positions;
    this.#rows++;
  }

  /** The board of the lines read. */
  #result(): BoardInput {
    const source = this.#source;
    const rows = this.#rows;
    const cols = this.#cols;
    const positions = this.#positions;
    const codes = this.#codes;
    const hole = this.#hole;
    const states = this.#states;
    if (rows === 0) throw new ParseError(source, 1, 1, `expected at least one row of lights, got an empty board`);
    let lights: Uint8Array | Uint32Array;
    let mask: string[] | undefined;
    if (this.#holes) {
      let present = 0;
      for (let p = 0; p < positions; p++) if (codes[p] !== hole) present++;
      if (present === 0)
        throw new ParseError(source, this.#firstLine, 1, `expected at least one cell, got only . (no cell)`);
      lights = lightsArray(states, present);
      mask = [];
      const row = new Uint8Array(cols);
      const decoder = new TextDecoder();
      for (let r = 0, i = 0; r < rows; r++) {
        for (let c = 0; c < cols; c++) {
          const v = codes[r * cols + c]!;
          row[c] = v === hole ? DOT : HASH;
          if (v !== hole) lights[i++] = v;
        }
        mask.push(decoder.decode(row));
      }
    } else if (states > 254 && states <= 256) {
      lights = Uint8Array.from(codes.subarray(0, positions)); // 255 and 256 states: bytes, read through 32 bits
    } else {
      // keep the buffer when little of it is unused
      lights = positions * 8 >= codes.length * 7 ? codes.subarray(0, positions) : codes.slice(0, positions);
    }
    const board = checkBoard({ kind: "grid", rows, cols, ...(mask ? { mask } : {}), ...this.#grid }) as GridBoard;
    return { board, lights };
  }
}

/** Offset of cell `k` (0-based) of the content `s..e` of a line of one character per cell: for messages only. */
function cellStart(bytes: Uint8Array, s: number, e: number, k: number): number {
  let seen = -1;
  for (let i = s; i < e; i++) if (!isBlank(bytes[i]!) && ++seen === k) return i;
  return e;
}

/** Offset just past cell `k` (0-based) of the line's content `s..e`: for messages only. */
function cellEnd(bytes: Uint8Array, s: number, e: number, k: number, spaced: boolean): number {
  let seen = -1;
  for (let i = s; i < e; i++) {
    if (isBlank(bytes[i]!)) continue;
    if (spaced) while (i + 1 < e && !isBlank(bytes[i + 1]!)) i++;
    if (++seen === k) return i + 1;
  }
  return s;
}

function parseJsonBoard(text: string, source: string, states: number): BoardInput {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    const offset = Math.max(0, jsonErrorOffset(text));
    let line = 1;
    for (let at = text.indexOf("\n"); at >= 0 && at < offset; at = text.indexOf("\n", at + 1)) line++;
    const lineStart = text.lastIndexOf("\n", offset - 1) + 1;
    const column = textColumn(text.slice(lineStart, offset), offset - lineStart);
    const got = offset < text.length ? showChar(text, offset) : "the end of the input";
    throw new ParseError(source, line, column, `expected valid JSON, got ${got}`);
  }
  const fail = (reason: string): never => {
    throw new ParseError(source, 1, 1, reason);
  };
  if (value === null || typeof value !== "object")
    fail(`expected a JSON object { "board", "lights" }, got ${describe(value)}`);
  const { board: rawBoard, lights: rawLights } = value as { board?: unknown; lights?: unknown };
  let board: Board;
  try {
    board = checkBoard(rawBoard);
  } catch (error) {
    return fail(`"board": ${(error as Error).message}`);
  }
  if (!Array.isArray(rawLights)) return fail(`expected "lights" as an array, got ${describe(rawLights)}`);
  const count = cellCount(board);
  const lights = lightsArray(states, count);
  if (rawLights.every((r) => typeof r === "string") && board.kind === "grid" && rawLights.length === board.rows) {
    let i = 0;
    rawLights.forEach((row: string, r) => {
      // numbers between blanks past 36 states (or past 10 when the row has blanks), else a character per cell
      const trimmed = row.trim();
      const spaced = states > MAX_PACKED_STATES || (states > 10 && /\s/.test(trimmed));
      const cells = spaced ? (trimmed === "" ? [] : trimmed.split(/\s+/)) : Array.from(row.replace(/\s/g, ""));
      if (cells.length !== board.cols) fail(`expected "lights[${r}]" with ${board.cols} cells, got ${cells.length}`);
      const mask = board.mask?.[r];
      for (let c = 0; c < board.cols; c++) {
        const ch = cells[c]!;
        if (mask !== undefined && mask.charCodeAt(c) !== HASH) {
          if (ch !== ".") fail(`expected "." at "lights[${r}]" column ${c + 1} (no cell there), got ${showToken(ch)}`);
          continue;
        }
        const v = ch.length > 1 && /^[0-9]+$/.test(ch) && Number(ch) < states ? Number(ch) : cellValue(ch, states);
        if (v < 0) fail(`expected ${expectedCell(states)} at "lights[${r}]" column ${c + 1}, got ${showToken(ch)}`);
        lights[i++] = v;
      }
    });
  } else {
    if (rawLights.length !== count)
      fail(`expected "lights" with ${count} entries (one per cell), got ${rawLights.length}`);
    for (let i = 0; i < count; i++) {
      const v: unknown = rawLights[i];
      if (typeof v !== "number" || !Number.isInteger(v) || v < 0 || v >= states)
        fail(`expected "lights[${i}]" in 0..${states - 1}, got ${describe(v)}`);
      lights[i] = v as number;
    }
  }
  return { board, lights };
}

/**
 * Options of {@link formatBoard} and {@link formatBoardBytes}.
 *
 * @example
 * ```ts
 * const options: FormatBoardOptions = { states: 300 };
 * formatBoard(gridBoard(1, 3), [0, 12, 299], options); // "  0  12 299"
 * ```
 */
export interface FormatBoardOptions {
  /**
   * Number of light states, 2..2^31-1: past 36, cells are written as numbers
   * between blanks (what {@link parseBoard} reads with the same `states`);
   * values must be below it. Without it, numbers are written only when a
   * value exceeds 35.
   */
  states?: number;
}

/**
 * Writes one value per cell in the board's shape: rows of digits (letters
 * past 9) with `.` where a grid has no cell; a graph board as one line.
 * Past 36 states (or, without `states`, when a value exceeds 35), every
 * cell is a number, right-aligned to the widest and separated by a blank.
 *
 * @param board - The board.
 * @param values - One value per cell (integers 0..35, or 0..states-1).
 * @param options - `states`: the number of light states.
 * @returns The text, one row per line, without a final line break.
 * @throws {TypeError} for a malformed board, or `values` that is not an array.
 * @throws {RangeError} when `values` has the wrong length or a value out of range, or `states` is outside 2..2^31-1.
 * @example
 * ```ts
 * formatBoard(maskBoard(["#.", "##"]), [1, 0, 1]); // "1.\n01"
 * formatBoard(maskBoard(["#.", "##"]), [100, 0, 1], { states: 101 }); // "100   .\n  0   1"
 * ```
 */
export function formatBoard(board: Board, values: ArrayLike<number>, options: FormatBoardOptions = {}): string {
  return new TextDecoder().decode(formatBoardBytes(board, values, options));
}

/**
 * {@link formatBoard} as bytes (ASCII, one per cell and line break), built
 * without an intermediate string: for big boards written to a file or a stream.
 *
 * @param board - The board.
 * @param values - One value per cell (integers 0..35, or 0..states-1).
 * @param options - `states`: the number of light states.
 * @returns The text's bytes, without a final line break.
 * @throws {TypeError} for a malformed board, or `values` that is not an array.
 * @throws {RangeError} when `values` has the wrong length or a value out of range, or `states` is outside 2..2^31-1.
 * @example
 * ```ts
 * const board = gridBoard(2, 2);
 * const bytes = formatBoardBytes(board, solveLightsOut(board, [1, 1, 1, 0]).presses!); // e.g. for a file
 * new TextDecoder().decode(bytes); // "01\n00"
 * ```
 */
export function formatBoardBytes(
  board: Board,
  values: ArrayLike<number>,
  options: FormatBoardOptions = {},
): Uint8Array {
  checkBoard(board);
  if (options === null || typeof options !== "object")
    throw new TypeError(`"options" expected an object, got ${describe(options)}`);
  const states = options.states;
  if (states !== undefined && (!Number.isInteger(states) || states < 2 || states > MAX_STATES))
    throw new RangeError(`"states" expected an integer in 2..${MAX_STATES}, got ${describe(states)}`);
  const top = (states ?? MAX_STATES) - 1;
  if (values === null || typeof values !== "object" || typeof values.length !== "number")
    throw new TypeError(`"values" expected an array of integers 0..${top}, one per cell, got ${describe(values)}`);
  const count = cellCount(board);
  if (values.length !== count)
    throw new RangeError(`"values" expected ${count} entries (one per cell), got ${values.length}`);
  const badValue = (i: number): never => {
    throw new RangeError(`"values[${i}]" expected an integer in 0..${top}, got ${describe(values[i])}`);
  };
  // up to 36 states, or none given: a character per cell, checked as it is written
  if (states === undefined || states <= MAX_PACKED_STATES) {
    const out = formatCharacters(board, values, BYTE_OF_LIGHT.subarray(0, states ?? DIGITS.length));
    if (typeof out !== "number") return out;
    if (states !== undefined) badValue(out);
  }
  let largest = 0;
  for (let i = 0; i < count; i++) {
    const v = values[i] as unknown;
    if (typeof v !== "number" || !Number.isInteger(v) || v < 0 || v > top) badValue(i);
    if ((v as number) > largest) largest = v as number;
  }
  return formatNumbers(board, values, largest);
}

/** One character per cell from `byteOf`, or the index of the first value it has none for. */
function formatCharacters(board: Board, values: ArrayLike<number>, byteOf: Uint8Array): Uint8Array | number {
  if (board.kind === "graph") {
    const out = new Uint8Array(board.vertices);
    for (let i = 0; i < out.length; i++) {
      const b = byteOf[values[i]!];
      if (b === undefined) return i;
      out[i] = b;
    }
    return out;
  }
  const { rows, cols, mask } = board;
  const out = new Uint8Array(rows * (cols + 1) - 1);
  for (let r = 0, i = 0, o = 0; r < rows; r++) {
    if (r > 0) out[o++] = LF;
    const line = mask?.[r];
    for (let c = 0; c < cols; c++) {
      if (line !== undefined && line.charCodeAt(c) !== HASH) {
        out[o++] = DOT;
        continue;
      }
      const b = byteOf[values[i]!];
      if (b === undefined) return i;
      out[o++] = b;
      i++;
    }
  }
  return out;
}

/** Checked values as decimal numbers, right-aligned to the widest, a blank between cells; `.` for holes. */
function formatNumbers(board: Board, values: ArrayLike<number>, largest: number): Uint8Array {
  const width = String(largest).length;
  const [rows, cols] = board.kind === "graph" ? [1, board.vertices] : [board.rows, board.cols];
  const mask = board.kind === "grid" ? board.mask : undefined;
  const out = new Uint8Array(rows * cols * (width + 1) - 1).fill(SPACE);
  for (let r = 0, i = 0, o = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++, o += width + 1) {
      if (c === cols - 1 && r < rows - 1) out[o + width] = LF;
      const line = mask?.[r];
      if (line !== undefined && line.charCodeAt(c) !== HASH) {
        out[o + width - 1] = DOT;
        continue;
      }
      // the digits from the right
      let v = values[i++]!;
      let at = o + width - 1;
      do {
        out[at--] = DIGIT_0 + (v % 10);
        v = Math.floor(v / 10);
      } while (v > 0);
    }
  }
  return out;
}
