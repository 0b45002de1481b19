// How a cell shows, in every board view (buttons, canvas, SVG): its colour,
// the state as text, its accessible label, and the class of the board's edges.

import type { Board } from "@lightsout/core";
import { boardTopology } from "@lightsout/core/lightsout";
import type { BoardMarks } from "./board-types.js";

const PALETTE_HUES = [48, 200, 330, 130, 275, 20, 170, 90, 240];

/**
 * The colour of a light state: 0 is off, k = 2 uses the "on" token, more
 * states get distinct hues.
 *
 * @param state - 0..k-1.
 * @param states - k.
 * @returns A CSS colour.
 * @example
 * ```ts
 * stateColor(1, 2); // "var(--light-on)"
 * ```
 */
export function stateColor(state: number, states: number): string {
  if (state === 0) return "var(--light-off)";
  if (states === 2) return "var(--light-on)";
  const hue = PALETTE_HUES[(state - 1) % PALETTE_HUES.length]! + 13 * Math.floor((state - 1) / PALETTE_HUES.length);
  return `hsl(${hue} 85% ${state <= PALETTE_HUES.length ? 58 : 42}%)`;
}

/**
 * The state as the board writes it in a cell: a base-36 digit up to 36
 * states (one character), the decimal number beyond.
 *
 * @param state - 0..k-1.
 * @param states - k.
 * @returns The text, or "" for state 0 and for two states (colour and the label say it).
 * @example
 * ```ts
 * stateText(11, 12); // "b"
 * stateText(200, 255); // "200"
 * ```
 */
export function stateText(state: number, states: number): string {
  if (states === 2 || state === 0) return "";
  return states > 36 ? String(state) : state.toString(36);
}

function describeState(state: number, states: number): string {
  if (states === 2) return state ? "on" : "off";
  return `state ${state} of ${states - 1}`;
}

/**
 * A cell's accessible label: where it is, its state and the marks on it.
 *
 * @param row - 1-based row.
 * @param col - 1-based column.
 * @param state - The cell's state.
 * @param states - k.
 * @param marks - The marks drawn.
 * @param cell - The cell's index (what the marks are indexed by).
 * @returns E.g. "Row 2, column 3, on, hint: press this".
 * @example
 * ```ts
 * cellLabel(1, 1, 2, 3, { solution: [1] }, 0); // "Row 1, column 1, state 2 of 2, press 1 times in the solution"
 * ```
 */
export function cellLabel(
  row: number,
  col: number,
  state: number,
  states: number,
  marks: BoardMarks,
  cell: number,
): string {
  let label = `Row ${row}, column ${col}, ${describeState(state, states)}`;
  const x = marks.solution?.[cell] ?? 0;
  if (x) label += states === 2 ? ", press in the solution" : `, press ${x} times in the solution`;
  if (marks.hint === cell) label += ", hint: press this";
  if (marks.proof?.[cell]) label += ", part of the proof";
  return label;
}

/**
 * The class naming how a grid's edges are glued ("torus", "projective"), or "".
 *
 * @param board - Any board.
 * @returns The class.
 * @example
 * ```ts
 * topologyClass(gridBoard(3, 3, { torus: true })); // "torus"
 * ```
 */
export function topologyClass(board: Board): string {
  if (board.kind !== "grid") return "";
  const topology = boardTopology(board);
  return topology === "plane" ? "" : topology;
}
