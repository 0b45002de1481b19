// Sentences the screens show about boards and proofs.

import { type Board, formatBoard } from "@lightsout/core";
import { h } from "./dom.js";

/**
 * One line about a board: its shape, rule and states.
 *
 * @param board - Any board.
 * @param states - k.
 * @returns E.g. "5 x 5 torus, king rule, 3 states".
 * @example
 * ```ts
 * describeBoard(gridBoard(5, 5), 2); // "5 × 5 rectangle, plus rule, 2 states (on/off)"
 * ```
 */
export function describeBoard(board: Board, states: number): string {
  const k = states === 2 ? "2 states (on/off)" : `${states} states (a press adds 1 mod ${states})`;
  const self = board.selfToggle === false ? ", a press leaves its own cell alone" : "";
  if (board.kind === "graph")
    return `Graph of ${board.vertices} vertices and ${board.edges.length} edges, ${k}${self}.`;
  const shape = board.mask ? "irregular board in a" : board.torus ? "torus" : "rectangle";
  const rule = typeof board.rule === "object" ? "custom rule" : `${board.rule ?? "plus"} rule`;
  const where = board.mask
    ? `${shape} ${board.rows} × ${board.cols} frame${board.torus ? " (wrapping)" : ""}`
    : `${board.rows} × ${board.cols} ${shape}`;
  return `${where[0]!.toUpperCase()}${where.slice(1)}, ${rule}, ${k}${self}.`;
}

/**
 * Explains a certificate of unsolvability: y with y A = 0 and y . b != 0 (mod k).
 *
 * @param board - The board.
 * @param states - k.
 * @param lights - The lights it was checked on.
 * @param proof - y, or null when the solver gave none.
 * @returns A paragraph's content (text and the weights when k > 2).
 * @example
 * ```ts
 * info.append(proofExplanation(board, 2, lights, proof));
 * ```
 */
export function proofExplanation(
  board: Board,
  states: number,
  lights: readonly number[],
  proof: readonly number[] | null,
): Node {
  if (!proof)
    return h(
      "p",
      {},
      "The solver proved that no presses clear it, but has no short certificate to show for this board.",
    );
  let dot = 0;
  for (let i = 0; i < lights.length; i++) dot = (dot + proof[i]! * lights[i]!) % states;
  const symmetric = board.kind === "graph" || typeof (board.rule ?? "plus") === "string";
  if (states === 2) {
    const lit = proof.reduce((n, y, i) => n + (y && lights[i] ? 1 : 0), 0);
    return h(
      "div",
      {},
      h(
        "p",
        {},
        `The proof: the outlined cells form a pattern that every press meets in an even number of cells, so no press changes whether an odd or even number of them are lit. Right now ${lit} of them ${lit === 1 ? "is" : "are"} lit, an odd number, and a dark board has 0: it can never be reached.`,
      ),
      symmetric
        ? h("p", { class: "muted" }, "It is a quiet pattern too: pressing all the outlined cells changes no light.")
        : null,
    );
  }
  return h(
    "div",
    {},
    h(
      "p",
      {},
      `The proof: give each cell the weight below (outlined cells have a non-zero weight). Every press adds 0 (mod ${states}) to the weighted sum of the lights, which is ${dot} now, and 0 on a dark board: it can never be reached.`,
    ),
    h("pre", { class: "proof-weights", "aria-label": "Weights of the proof" }, formatBoard(board, proof)),
  );
}
