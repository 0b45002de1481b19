// How a cell's state and a board's edges show: shared by the button grid and the canvas.

import type { Board } from "@lightsout/core";
import { boardTopology } from "@lightsout/core/lightsout";

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
