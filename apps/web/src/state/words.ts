// Sentences the screens show about boards and proofs, as plain text (the
// screens draw them).

import { type Board, formatCount } from "@lightsout/core";
import { boardTopology } from "@lightsout/core/lightsout";
import { MAX_DRAWN_EDGES, MAX_FORCE_VERTICES } from "./limits.js";

const RULE_REACH: Record<string, string> = {
  plus: "its orthogonal neighbours",
  x: "its diagonal neighbours",
  king: "its eight neighbours",
  knight: "the cells a knight's move away",
};

/** Most offsets of a custom rule written out in a sentence; the rest are counted. */
export const MAX_OFFSETS_SHOWN = 24;

/**
 * A custom rule's offsets in words: each distinct offset once (a press reaches a cell once however
 * often its offset is listed), at most {@link MAX_OFFSETS_SHOWN} of them, the rest counted.
 *
 * @example
 * ```ts
 * offsetsText([[0, 1], [0, 1]]); // "the cells at offsets 0,1 (rows down, columns right; the rule lists 2 offsets, 1 distinct)"
 * ```
 */
export function offsetsText(offsets: readonly (readonly [number, number])[]): string {
  const distinct = [...new Set(offsets.map(([dr, dc]) => `${dr},${dc}`))];
  const shown = distinct.slice(0, MAX_OFFSETS_SHOWN).join("; ");
  const more =
    distinct.length > MAX_OFFSETS_SHOWN
      ? ` and ${formatCount(distinct.length - MAX_OFFSETS_SHOWN, "more offset")}`
      : "";
  const copies =
    distinct.length < offsets.length
      ? `; the rule lists ${formatCount(offsets.length, "offset")}, ${distinct.length.toLocaleString("en-US")} distinct`
      : "";
  return `the cells at offsets ${shown}${more} (rows down, columns right${copies})`;
}

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
        : offsetsText(rule.offsets);
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

/**
 * The number of quiet patterns, said the same way on every screen: the count includes pressing
 * nothing (the pattern every board has), and says so.
 *
 * @param count - The count as text (a number, or prime powers like "2^300").
 * @returns E.g. "4 quiet patterns, pressing nothing included".
 * @example
 * ```ts
 * quietCountText("1"); // "1 quiet pattern, pressing nothing included"
 * ```
 */
export function quietCountText(count: string): string {
  return `${count} quiet pattern${count === "1" ? "" : "s"}, pressing nothing included`;
}
