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
import { type Board, checkBoard, type GridBoard, type GridOptions, MAX_STATES } from "../lightsout/board.js";
import { jsonErrorOffset } from "./_json-position.js";
import { ParseError } from "./matrix-text.js";

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

/** Longest excerpt of the input quoted in a message, in code points. */
const MAX_QUOTE = 24;

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

/** A token of the input for a message: JSON-quoted (escapes control characters), shortened when long. */
function quoteToken(token: string): string {
  const points = Array.from(token);
  return JSON.stringify(points.length > MAX_QUOTE ? `${points.slice(0, MAX_QUOTE).join("")}...` : token);
}

/** 1-based column of byte `at` in the line starting at byte `lineStart`, counted in code points. */
function columnOf(bytes: Uint8Array, lineStart: number, at: number): number {
  let column = 1;
  for (let i = lineStart; i < at; i++) if ((bytes[i]! & 0xc0) !== 0x80) column++;
  return column;
}

/** End of the UTF-8 character starting at byte `at` (continuation bytes belong to it). */
function characterEnd(bytes: Uint8Array, at: number, end: number): number {
  let i = at + 1;
  while (i < end && (bytes[i]! & 0xc0) === 0x80) i++;
  return i;
}

/** First byte of cell `k` (0-based) of the line's content `s..e`: for messages only. */
function cellStart(bytes: Uint8Array, s: number, e: number, k: number, spaced: boolean): number {
  let seen = -1;
  for (let i = s; i < e; i++) {
    const b = bytes[i]!;
    if (isBlank(b) || (!spaced && (b & 0xc0) === 0x80)) continue;
    if (++seen === k) return i;
    if (spaced) while (i + 1 < e && !isBlank(bytes[i + 1]!)) i++;
  }
  return e;
}

/**
 * Reads a board and its lights from the text or JSON format.
 *
 * Text is read straight from UTF-8 bytes into typed arrays (a file's bytes
 * can be passed as they are); a leading byte-order mark is skipped. A cell
 * is one digit or letter, or with more than 10 states a number or a letter
 * between blanks (always between blanks past 36 states); anything else
 * (`9a`, `ab`) is an error, never a value.
 *
 * @param text - The input: a string, or its UTF-8 bytes.
 * @param options - Source name, number of states, and (for text) the torus and rule.
 * @returns The board and its lights.
 * @throws {ParseError} with line:column for malformed text or JSON.
 * @throws {TypeError} when `text` is neither a string nor a Uint8Array, or `options` is not an object.
 * @throws {RangeError} for `states` outside 2..2^31-1, a board over 2^28 cells, or JSON over 256 MiB.
 * @example
 * ```ts
 * const { board, lights } = parseBoard("101\n0.1\n");
 * parseBoard(new TextEncoder().encode("10\n01"), { source: "big.txt" }); // bytes, e.g. a file's: no string of it
 * ```
 */
export function parseBoard(text: string | Uint8Array, options: ParseBoardOptions = {}): BoardInput {
  if (options === null || typeof options !== "object")
    throw new TypeError(`"options" expected an object, got ${describe(options)}`);
  const source = options.source ?? "<input>";
  const states = options.states ?? 2;
  if (!Number.isInteger(states) || states < 2 || states > MAX_STATES) {
    throw new RangeError(`"states" expected an integer in 2..${MAX_STATES}, got ${describe(states)}`);
  }
  const { source: _s, states: _k, ...grid } = options;
  if (typeof text === "string") {
    const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
    if (body.trimStart().startsWith("{")) {
      checkJsonSize(body.length);
      return parseJsonBoard(body, source, states);
    }
    return parseTextBoard(new TextEncoder().encode(body), 0, source, states, grid);
  }
  if (!(text instanceof Uint8Array))
    throw new TypeError(`"text" expected a string or a Uint8Array of UTF-8 text, got ${describe(text)}`);
  const start = text[0] === 0xef && text[1] === 0xbb && text[2] === 0xbf ? 3 : 0;
  let first = start;
  while (first < text.length && isEdgeBlank(text[first]!)) first++;
  if (text[first] === OPEN_BRACE) {
    checkJsonSize(text.length - start);
    return parseJsonBoard(new TextDecoder().decode(text.subarray(start)), source, states);
  }
  return parseTextBoard(text, start, source, states, grid);
}

/** Largest JSON board, in bytes: JSON becomes a string and an array of values; big boards are text. */
const MAX_JSON_BYTES = 2 ** 28;

function checkJsonSize(length: number): void {
  if (length > MAX_JSON_BYTES)
    throw new RangeError(
      `a JSON board expected at most ${MAX_JSON_BYTES} bytes (256 MiB), got ${length}; write big boards in the text format`,
    );
}

/**
 * The text format, in one pass over the bytes: a cell code per grid
 * position (at most one per byte, so the buffer never grows), then the
 * lights and, when there are holes, the mask.
 */
function parseTextBoard(
  bytes: Uint8Array,
  start: number,
  source: string,
  states: number,
  grid: GridOptions,
): BoardInput {
  const end = bytes.length;
  // a cell code per byte at most; past 254 states lights need 32 bits, and the hole a code above them
  const codes = states <= 254 ? new Uint8Array(end - start) : new Uint32Array(end - start);
  const hole = states <= 254 ? HOLE : WIDE_HOLE;
  let positions = 0;
  let rows = 0;
  let cols = 0;
  let firstLine = 0;
  let holes = false;
  let lineNo = 0;
  for (let pos = start; pos < end; ) {
    lineNo++;
    const lineStart = pos;
    let lineEnd = bytes.indexOf(LF, pos);
    if (lineEnd < 0) lineEnd = end;
    pos = lineEnd + 1;
    let s = lineStart;
    let e = lineEnd;
    while (s < e && isEdgeBlank(bytes[s]!)) s++;
    while (e > s && isEdgeBlank(bytes[e - 1]!)) e--;
    if (s === e || bytes[s] === HASH) continue;
    const rowStart = positions;
    let bad = -1; // first byte of the first cell that is not a light
    let badEnd = -1;
    let spaced = false;
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
        // -1: not a light (the hole and the error codes of one byte are not lights either)
        const code = i - t === 1 ? CELL_OF_BYTE[bytes[t]!]! : -1;
        let v = i - t === 1 ? (code >= HOLE ? -1 : code) : digits ? number : -1;
        if (code === HOLE) {
          holes = true;
          v = hole;
        } else if (v < 0 || v >= states) {
          if (bad < 0) [bad, badEnd] = [t, i];
          v = 0;
        }
        codes[positions++] = v;
      }
    } else {
      // one character per cell, blanks optional
      for (let i = s; i < e; i++) {
        const b = bytes[i]!;
        const v = CELL_OF_BYTE[b]!;
        if (v < states) {
          codes[positions++] = v;
          continue;
        }
        if (b === SPACE || b === TAB || (b & 0xc0) === 0x80) continue; // continuation bytes: part of the last cell
        if (v === HOLE) {
          holes = true;
          codes[positions++] = HOLE;
          continue;
        }
        if (bad < 0) [bad, badEnd] = [i, characterEnd(bytes, i, e)];
        codes[positions++] = 0;
      }
    }
    const count = positions - rowStart;
    if (rows === 0) {
      cols = count;
      firstLine = lineNo;
    } else if (count !== cols) {
      // after the last cell of a short row, or at the first cell too many
      const column =
        count < cols
          ? columnOf(bytes, lineStart, cellStart(bytes, s, e, count - 1, spaced)) + 1
          : columnOf(bytes, lineStart, cellStart(bytes, s, e, cols, spaced));
      throw new ParseError(source, lineNo, column, `expected ${cols} cells (like line ${firstLine}), got ${count}`);
    }
    if (bad >= 0) {
      const got = quoteToken(new TextDecoder().decode(bytes.subarray(bad, badEnd)));
      throw new ParseError(
        source,
        lineNo,
        columnOf(bytes, lineStart, bad),
        `expected ${expectedCell(states)}, got ${got}`,
      );
    }
    rows++;
  }
  if (rows === 0) throw new ParseError(source, 1, 1, `expected at least one row of lights, got an empty board`);
  let lights: Uint8Array | Uint32Array;
  let mask: string[] | undefined;
  if (holes) {
    let present = 0;
    for (let p = 0; p < positions; p++) if (codes[p] !== hole) present++;
    if (present === 0) throw new ParseError(source, firstLine, 1, `expected at least one cell, got only . (no cell)`);
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
    // keep the buffer when little of it is unused (a row per line, no blanks)
    lights = positions * 8 >= codes.length * 7 ? codes.subarray(0, positions) : codes.slice(0, positions);
  }
  const board = checkBoard({ kind: "grid", rows, cols, ...(mask ? { mask } : {}), ...grid }) as GridBoard;
  return { board, lights };
}

function parseJsonBoard(text: string, source: string, states: number): BoardInput {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    const offset = Math.max(0, jsonErrorOffset(text));
    const before = text.slice(0, offset).split(/\r?\n/);
    const got = offset < text.length ? JSON.stringify(text[offset]) : "the end of the input";
    throw new ParseError(source, before.length, (before.at(-1)?.length ?? 0) + 1, `expected valid JSON, got ${got}`);
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
          if (ch !== ".")
            fail(`expected "." at "lights[${r}]" column ${c + 1} (no cell there), got ${JSON.stringify(ch)}`);
          continue;
        }
        const v = ch.length > 1 && /^[0-9]+$/.test(ch) && Number(ch) < states ? Number(ch) : cellValue(ch, states);
        if (v < 0)
          fail(`expected ${expectedCell(states)} at "lights[${r}]" column ${c + 1}, got ${JSON.stringify(ch)}`);
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
