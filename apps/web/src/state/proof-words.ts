// Why a board cannot be cleared, in words: the certificate of unsolvability
// explained. Apart from words.ts so that Play loads it only when asked
// "Is this winnable?" (it is not part of the first screen).

import { type Board, formatBoard } from "@lightsout/core";

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
