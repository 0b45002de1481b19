// Sentences the screens show about boards and proofs, as plain text (the
// screens draw them).

import { type Board, formatBoard, formatCount } from "@lightsout/core";
import { boardTopology } from "@lightsout/core/lightsout";
import { MAX_DRAWN_EDGES, MAX_FORCE_VERTICES } from "./limits.js";

const RULE_REACH: Record<string, string> = {
  plus: "its orthogonal neighbours",
  x: "its diagonal neighbours",
  king: "its eight neighbours",
  knight: "the cells a knight's move away",
};

/**
 * What a press does on this board, as the screen's first instruction.
 *
 * @param board - Any board.
 * @param states - k.
 * @returns E.g. "Bring every cell to 0. A press adds 1 (mod 3) to the cell and the cells at offsets 0,2 and 0,-2."
 * @example
 * ```ts
 * pressRule(gridBoard(5, 5), 2); // "Switch every light off. Pressing a cell toggles it and its orthogonal neighbours."
 * ```
 */
export function pressRule(board: Board, states: number): string {
  const rule = board.kind === "graph" ? "plus" : (board.rule ?? "plus");
  const reach =
    board.kind === "graph"
      ? "the vertices joined to it"
      : typeof rule === "string"
        ? RULE_REACH[rule]!
        : `the cells at offsets ${rule.offsets.map(([dr, dc]) => `${dr},${dc}`).join("; ")} (rows down, columns right)`;
  const targets = board.selfToggle === false ? reach : `it and ${reach}`;
  const topology = board.kind === "grid" ? boardTopology(board) : "plane";
  const wrap =
    topology === "torus"
      ? ", wrapping around the edges"
      : topology === "projective"
        ? ", wrapping around the edges with a twist (projective plane: leaving the top at column j comes back at the bottom at column cols + 1 - j, and likewise for rows)"
        : "";
  return states === 2
    ? `Switch every light off. Pressing a cell toggles ${targets}${wrap}.`
    : `Bring every cell to 0. Pressing a cell adds 1 (mod ${states}) to ${targets}${wrap}.`;
}

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
    return `Graph of ${formatCount(board.vertices, "vertex", "vertices")} and ${formatCount(board.edges.length, "edge", "edges")}, ${k}${self}.${board.vertices > MAX_FORCE_VERTICES ? ` Drawn on a circle: beyond ${MAX_FORCE_VERTICES} vertices no layout keeps this picture readable; the arrow keys walk the vertices in order.` : ""}${board.edges.length > MAX_DRAWN_EDGES ? ` The edges are not drawn: beyond ${MAX_DRAWN_EDGES.toLocaleString("en-US")} they hide the vertices.` : ""}`;
  const topology = boardTopology(board);
  const shape = board.mask
    ? "irregular board in a"
    : { plane: "rectangle", torus: "torus", projective: "projective plane" }[topology];
  const rule = typeof board.rule === "object" ? "custom rule" : `${board.rule ?? "plus"} rule`;
  const wrap = { plane: "", torus: " (wrapping)", projective: " (projective plane: wrapping with a twist)" }[topology];
  const where = board.mask
    ? `${shape} ${board.rows} × ${board.cols} frame${wrap}`
    : `${board.rows} × ${board.cols} ${shape}`;
  return `${where[0]!.toUpperCase()}${where.slice(1)}, ${rule}, ${k}${self}.`;
}

/** Why a board cannot be cleared, in words: what its certificate is and why no press changes it. */
export type ProofExplained =
  /** The solver gave no certificate. */
  | { readonly kind: "none"; readonly text: string }
  /** Two states: a set of cells every press meets evenly; `quiet` when it is a quiet pattern too. */
  | { readonly kind: "parity"; readonly text: string; readonly quiet: string | null }
  /** k states: a weight per cell (`weights`, in the board's text format) that every press keeps at 0. */
  | { readonly kind: "weights"; readonly text: string; readonly weights: string };

/**
 * Explains a certificate of unsolvability: y with y A = 0 and y . b != 0 (mod k).
 *
 * @param board - The board.
 * @param states - k.
 * @param lights - The lights it was checked on.
 * @param proof - y, or null when the solver gave none.
 * @returns The sentences (and the weights when k > 2).
 * @example
 * ```ts
 * explainProof(gridBoard(4, 4), 2, lights, proof).kind; // "parity"
 * ```
 */
export function explainProof(
  board: Board,
  states: number,
  lights: readonly number[],
  proof: readonly number[] | null,
): ProofExplained {
  if (!proof)
    return {
      kind: "none",
      text: "The solver proved that no presses clear it, but has no short certificate to show for this board.",
    };
  let dot = 0;
  for (let i = 0; i < lights.length; i++) dot = (dot + proof[i]! * lights[i]!) % states;
  // A symmetric rule makes A symmetric, so y A = 0 also says A y = 0: pressing y changes nothing.
  const symmetric = board.kind === "graph" || typeof (board.rule ?? "plus") === "string";
  if (states === 2) {
    const lit = proof.reduce((n, y, i) => n + (y && lights[i] ? 1 : 0), 0);
    return {
      kind: "parity",
      text: `The proof: the outlined cells form a pattern that every press meets in an even number of cells, so no press changes whether an odd or even number of them are lit. Right now ${lit} of them ${lit === 1 ? "is" : "are"} lit, an odd number, and a dark board has 0: it can never be reached.`,
      quiet: symmetric ? "It is a quiet pattern too: pressing all the outlined cells changes no light." : null,
    };
  }
  return {
    kind: "weights",
    text: `The proof: give each cell the weight below (outlined cells have a non-zero weight). Every press adds 0 (mod ${states}) to the weighted sum of the lights, which is ${dot} now, and 0 on a dark board: it can never be reached.`,
    weights: formatBoard(board, proof),
  };
}
