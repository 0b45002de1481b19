// Boards as text, the format the CLI and the web app share:
//
//   # comment lines start with #
//   1 0 1        one row per line: a digit per cell (spaces optional),
//   0 . 1        `.` where an irregular board has no cell
//
// and as JSON: { "board": <Board>, "lights": [0, 1, ...] (one per cell) or
// ["101", "0.1"] (grid rows) }. With more than 10 states, cells are written
// as numbers separated by spaces, or digits then letters (a = 10 ... z = 35).

import { describe } from "../gf2/_check.js";
import { type Board, cellMap, checkBoard, type GridBoard, type GridOptions } from "../lightsout/board.js";
import { jsonErrorOffset } from "./_json-position.js";
import { ParseError } from "./matrix-text.js";

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
  /** One value per cell, 0..states-1. */
  lights: Uint8Array;
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
  /** Number of light states, 2..36 (default 2). */
  states?: number;
}

const DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz";

function cellValue(ch: string, states: number): number {
  const v = DIGITS.indexOf(ch.toLowerCase());
  return v >= 0 && v < states ? v : -1;
}

function expectedCell(states: number): string {
  const last = DIGITS[states - 1]!;
  return `a light 0..${last} or . (no cell)`;
}

/**
 * Reads a board and its lights from the text or JSON format.
 *
 * @param text - The input.
 * @param options - Source name, number of states, and (for text) the torus and rule.
 * @returns The board and its lights.
 * @throws {ParseError} with line:column for malformed text or JSON.
 * @example
 * ```ts
 * const { board, lights } = parseBoard("101\n0.1\n");
 * ```
 */
export function parseBoard(text: string, options: ParseBoardOptions = {}): BoardInput {
  const source = options.source ?? "<input>";
  const states = options.states ?? 2;
  if (!Number.isInteger(states) || states < 2 || states > 36) {
    throw new RangeError(`"states" expected an integer in 2..36, got ${describe(states)}`);
  }
  const { source: _s, states: _k, ...grid } = options;
  if (text.trimStart().startsWith("{")) return parseJsonBoard(text, source, states);
  const lines = text.split(/\r?\n/);
  const rows: { line: number; cells: string[]; columns: number[] }[] = [];
  lines.forEach((raw, index) => {
    const trimmed = raw.trim();
    if (trimmed === "" || trimmed.startsWith("#")) return;
    const spaced = /\s/.test(trimmed);
    const cells: string[] = [];
    const columns: number[] = [];
    if (spaced && states > 10) {
      const re = /\S+/g;
      for (let m = re.exec(raw); m; m = re.exec(raw)) {
        cells.push(m[0]);
        columns.push(m.index + 1);
      }
    } else {
      for (let i = 0; i < raw.length; i++) {
        if (raw[i] === " " || raw[i] === "\t") continue;
        cells.push(raw[i]!);
        columns.push(i + 1);
      }
    }
    rows.push({ line: index + 1, cells, columns });
  });
  if (rows.length === 0) throw new ParseError(source, 1, 1, `expected at least one row of lights, got an empty board`);
  const cols = rows[0]!.cells.length;
  const mask: string[] = [];
  const values: number[] = [];
  let holes = false;
  for (const row of rows) {
    if (row.cells.length !== cols) {
      const col = row.columns[Math.min(row.cells.length, cols)] ?? (row.columns.at(-1) ?? 0) + 1;
      throw new ParseError(
        source,
        row.line,
        col,
        `expected ${cols} cells (like line ${rows[0]!.line}), got ${row.cells.length}`,
      );
    }
    let maskRow = "";
    row.cells.forEach((cell, i) => {
      if (cell === ".") {
        holes = true;
        maskRow += ".";
        return;
      }
      const v = /^\d+$/.test(cell) && cell.length > 1 ? Number(cell) : cellValue(cell, states);
      if (v < 0 || v >= states)
        throw new ParseError(
          source,
          row.line,
          row.columns[i]!,
          `expected ${expectedCell(states)}, got ${JSON.stringify(cell)}`,
        );
      maskRow += "#";
      values.push(v);
    });
    mask.push(maskRow);
  }
  if (values.length === 0)
    throw new ParseError(source, rows[0]!.line, 1, `expected at least one cell, got only . (no cell)`);
  const board = checkBoard({ kind: "grid", rows: rows.length, cols, ...(holes ? { mask } : {}), ...grid }) as GridBoard;
  return { board, lights: Uint8Array.from(values) };
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
  const map = cellMap(board);
  if (!Array.isArray(rawLights)) return fail(`expected "lights" as an array, got ${describe(rawLights)}`);
  let values: number[];
  if (rawLights.every((r) => typeof r === "string") && board.kind === "grid" && rawLights.length === board.rows) {
    values = [];
    rawLights.forEach((row: string, r) => {
      const cells = row.replace(/\s/g, "");
      if (cells.length !== board.cols) fail(`expected "lights[${r}]" with ${board.cols} cells, got ${cells.length}`);
      for (let c = 0; c < board.cols; c++) {
        const present = map.index[r * board.cols + c]! >= 0;
        const ch = cells[c]!;
        if (!present) {
          if (ch !== ".")
            fail(`expected "." at "lights[${r}]" column ${c + 1} (no cell there), got ${JSON.stringify(ch)}`);
          continue;
        }
        const v = cellValue(ch, states);
        if (v < 0)
          fail(`expected ${expectedCell(states)} at "lights[${r}]" column ${c + 1}, got ${JSON.stringify(ch)}`);
        values.push(v);
      }
    });
  } else {
    if (rawLights.length !== map.count)
      fail(`expected "lights" with ${map.count} entries (one per cell), got ${rawLights.length}`);
    values = rawLights.map((v: unknown, i) => {
      if (typeof v !== "number" || !Number.isInteger(v) || v < 0 || v >= states) {
        return fail(`expected "lights[${i}]" in 0..${states - 1}, got ${describe(v)}`);
      }
      return v;
    });
  }
  return { board, lights: Uint8Array.from(values) };
}

/**
 * Writes one value per cell in the board's shape: rows of digits (letters
 * past 9) with `.` where a grid has no cell; a graph board as one line.
 *
 * @param board - The board.
 * @param values - One value per cell (0..35).
 * @returns The text, one row per line, without a final line break.
 * @example
 * ```ts
 * formatBoard(maskBoard(["#.", "##"]), [1, 0, 1]); // "1.\n01"
 * ```
 */
export function formatBoard(board: Board, values: ArrayLike<number>): string {
  const map = cellMap(board);
  if (values.length !== map.count)
    throw new RangeError(`"values" expected ${map.count} entries (one per cell), got ${values.length}`);
  if (board.kind === "graph") return Array.from(values, (v) => DIGITS[v] ?? "?").join("");
  const lines: string[] = [];
  for (let r = 0; r < board.rows; r++) {
    let line = "";
    for (let c = 0; c < board.cols; c++) {
      const i = map.index[r * board.cols + c]!;
      line += i < 0 ? "." : (DIGITS[values[i]!] ?? "?");
    }
    lines.push(line);
  }
  return lines.join("\n");
}
