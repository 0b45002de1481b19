// The sizes Play and Build accept, checked before anything is allocated: a
// link or a pasted file is untrusted input, and a board of 2^28 cells would
// take the tab with it. The screens state these limits in their help text.

import { type Board, formatLimit, type GridBoard, type Limit } from "@lightsout/core";
import { isChaseableRectangle } from "@lightsout/core/lightsout";

/** Largest side of a grid in Play and Build (256 x 256 = 65,536 cells). */
export const MAX_SIDE = 256;
/** Most vertices of a graph board. */
export const MAX_VERTICES = 4096;
/** Most edges of a graph board. */
export const MAX_EDGES = 65_536;
/** Most light states in Play and Build (a press adds 1 mod k, k = 2..255). */
export const MAX_STATES = 255;
/** Most light states in Learn: its tables and sentences show each state as one base-36 digit. */
export const MAX_LEARN_STATES = 36;
/** Largest side in Learn: the step-by-step board, the first-row table and the quiet-pattern gallery stay readable. */
export const MAX_LEARN_SIDE = 12;
/** Largest seed the seed fields take (a puzzle is the same for the same seed). */
export const MAX_SEED = 2 ** 31 - 1;
/** Longest text Build imports (a paste or a file): 2,000,000 characters. */
export const MAX_IMPORT_CHARS = 2_000_000;
/** Longest link query read: a 256 x 256 board with 255 states (two characters a cell) and a mask takes about 142,000. */
export const MAX_LINK_CHARS = 1_000_000;
/**
 * Most cells of a board solved by elimination on its press matrix (tori,
 * masks, other rules, graphs): cubic work, about a second at 16,384 cells
 * (128 x 128). Plain rectangles with the plus rule are solved by light
 * chasing at any size up to {@link MAX_SIDE}.
 */
export const MAX_DENSE_CELLS = 16_384;

/** Most vertices of a graph laid out by forces (quadratic work per step); bigger graphs go on a circle. */
export const MAX_FORCE_VERTICES = 200;
/** Graphs with more edges than this are drawn without them (the board's description says so). */
export const MAX_DRAWN_EDGES = 2000;

/** The limits as one sentence, for help texts. */
export const LIMITS_TEXT =
  `Boards up to ${MAX_SIDE} × ${MAX_SIDE} cells or ${MAX_VERTICES.toLocaleString("en-US")} vertices and ` +
  `${MAX_EDGES.toLocaleString("en-US")} edges; files up to ${MAX_IMPORT_CHARS.toLocaleString("en-US")} characters.`;

/**
 * Refuses a grid or graph beyond the limits, from its numbers alone (before
 * any array of its cells exists).
 *
 * @param spec - `rows` and `cols`, or `vertices` and the number of `edges`.
 * @throws {RangeError} naming the limit and what was got.
 * @example
 * ```ts
 * checkSize({ rows: 1024, cols: 1024 }); // throws: at most 256 x 256
 * ```
 */
export function checkSize(spec: { rows: number; cols: number } | { vertices: number; edges: number }): void {
  const over = (subject: string, max: number, got: number, unit: readonly [string, string], why?: string) => {
    if (got > max) throw new RangeError(formatLimit({ subject, max, got, unit, ...(why ? { why } : {}) }));
  };
  if ("rows" in spec) {
    const board = `a ${spec.rows} × ${spec.cols} board`;
    const why = `this app draws and solves boards up to ${MAX_SIDE} × ${MAX_SIDE}`;
    over(board, MAX_SIDE, spec.rows, ["row", "rows"], why);
    over(board, MAX_SIDE, spec.cols, ["column", "columns"], why);
  } else {
    over("a graph", MAX_VERTICES, spec.vertices, ["vertex", "vertices"]);
    over("a graph", MAX_EDGES, spec.edges, ["edge", "edges"]);
  }
}

/**
 * A limit as a sentence on the page: {@link formatLimit}'s words, capitalised, with a full stop.
 *
 * @param limit - The limit passed.
 * @returns E.g. "The pasted text expected at most 2,000,000 characters, got 25,000,000 characters."
 */
export function limitSentence(limit: Limit): string {
  const text = formatLimit(limit);
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

/**
 * Refuses an import text that is too long, before it is parsed.
 *
 * @param text - The text.
 * @throws {RangeError} beyond {@link MAX_IMPORT_CHARS}.
 * @example
 * ```ts
 * checkImportText("1 0\n0 1"); // fine
 * ```
 */
export function checkImportText(text: string): void {
  if (text.length > MAX_IMPORT_CHARS)
    throw new RangeError(
      formatLimit({ subject: "an import", max: MAX_IMPORT_CHARS, got: text.length, unit: ["character", "characters"] }),
    );
}

/**
 * Checks the sizes a JSON board declares (`rows`, `cols`, `vertices`,
 * `edges`) before the engine builds it: 80 bytes can declare 2^28 vertices.
 *
 * @param value - The parsed JSON.
 * @throws {RangeError} when a declared size is beyond the limits.
 * @example
 * ```ts
 * checkDeclaredSize({ board: { kind: "graph", vertices: 268435456, edges: [] } }); // throws
 * ```
 */
export function checkDeclaredSize(value: unknown): void {
  const board = (value as { board?: unknown } | null)?.board as Record<string, unknown> | undefined;
  if (typeof board !== "object" || board === null) return; // the engine reports the shape
  const n = (v: unknown) => (typeof v === "number" ? v : 0);
  if (board.kind === "graph")
    checkSize({ vertices: n(board.vertices), edges: Array.isArray(board.edges) ? board.edges.length : 0 });
  else checkSize({ rows: n(board.rows), cols: n(board.cols) });
}

/**
 * Whether the solver handles a board within a bounded time, and if not why.
 *
 * @param board - A board within {@link checkSize}.
 * @param cells - Its number of cells.
 * @returns Null when it can be solved here, else the reason as a sentence.
 * @example
 * ```ts
 * tooBigToSolve(gridBoard(256, 256, { torus: true }), 65536); // "Solving a board of 65,536 cells ..."
 * ```
 */
export function tooBigToSolve(board: Board, cells: number): string | null {
  if (isChaseableRectangle(board) || cells <= MAX_DENSE_CELLS) return null;
  return (
    `Solving a board of ${cells.toLocaleString("en-US")} cells that is not a plain rectangle takes elimination ` +
    `on its ${cells.toLocaleString("en-US")} × ${cells.toLocaleString("en-US")} press matrix; this app solves such boards ` +
    `up to ${MAX_DENSE_CELLS.toLocaleString("en-US")} cells (plain rectangles up to ${MAX_SIDE} × ${MAX_SIDE}).`
  );
}

/**
 * Whether Learn can show a board: a plain rectangle (the boards light
 * chasing solves) of at most {@link MAX_LEARN_SIDE} rows and columns, with at
 * most {@link MAX_LEARN_STATES} states.
 *
 * @param board - Any board.
 * @param states - Its number of light states.
 * @returns True when Learn chases it step by step.
 * @example
 * ```ts
 * learnable(gridBoard(5, 5), 3); // true
 * learnable(gridBoard(5, 5, { torus: true }), 2); // false: chasing needs edges
 * ```
 */
export function learnable(board: Board, states: number): board is GridBoard {
  return (
    isChaseableRectangle(board) &&
    states <= MAX_LEARN_STATES &&
    board.rows <= MAX_LEARN_SIDE &&
    board.cols <= MAX_LEARN_SIDE
  );
}
