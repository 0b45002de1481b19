// Build's import: the CLI's text and JSON formats, with every size checked
// before the engine allocates the board (the text's length first, then the
// sizes a JSON board declares). Runs in the solver worker.

import { type Board, type GridOptions, parseBoard } from "@lightsout/core";
import { checkDeclaredSize, checkImportText, checkSize, MAX_STATES } from "./limits.js";

const JSON_FIELDS = ["board", "lights", "states"];

/** An imported board. */
export interface Imported {
  board: Board;
  lights: number[];
  states: number;
}

/**
 * Reads a board as text (rows of digits, `.` for no cell) or JSON
 * `{"board", "lights", "states"?}` (no other field; "states" an integer
 * 2..255, else `states` applies; the board's "topology" is kept); a
 * leading byte-order mark is skipped. Past 36 states the text's cells are
 * numbers between blanks.
 *
 * @param input - The text.
 * @param states - k for the text format and for JSON without "states".
 * @param grid - Rule, topology and self toggle for the text format.
 * @returns The board, its lights and k.
 * @throws {RangeError | TypeError | ParseError} for input beyond the limits or malformed.
 * @example
 * ```ts
 * importBoard("1 0\n0 1", 2, {}).lights; // [1, 0, 0, 1]
 * ```
 */
export function importBoard(input: string, states: number, grid: GridOptions): Imported {
  checkImportText(input);
  const text = input.startsWith("\uFEFF") ? input.slice(1) : input;
  let k = states;
  const start = text.trimStart()[0];
  if (start === "[")
    throw new TypeError(
      'import expected a JSON object {"board", "lights", "states"} or rows of digits, got a JSON array',
    );
  if (start === "{") {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      value = undefined; // parseBoard reports where the JSON breaks
    }
    if (value !== undefined && value !== null && typeof value === "object") {
      // What is exported comes back exactly: no field is dropped or carried along unread.
      const unknown = Object.keys(value).filter((key) => !JSON_FIELDS.includes(key));
      if (unknown.length)
        throw new TypeError(
          `import expected only the fields "board", "lights" and "states", got ${unknown.map((key) => JSON.stringify(key)).join(", ")}`,
        );
      checkDeclaredSize(value);
      if ("states" in value) {
        const declared = (value as { states: unknown }).states;
        if (typeof declared !== "number" || !Number.isInteger(declared) || declared < 2 || declared > MAX_STATES)
          throw new RangeError(`"states" expected an integer in 2..${MAX_STATES}, got ${JSON.stringify(declared)}`);
        k = declared;
      }
    }
  }
  const parsed = parseBoard(text, { source: "import", states: k, ...grid });
  const board = parsed.board;
  if (board.kind === "grid") checkSize(board);
  else checkSize({ vertices: board.vertices, edges: board.edges.length });
  return { board, lights: Array.from(parsed.lights), states: k };
}
