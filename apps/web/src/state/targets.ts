// The cells each press changes, per board: the engine walks the whole board
// for them, and boards are immutable values, so once per board is enough.
// Shared by the game (Play), links (every screen) and the solver worker.

import type { Board } from "@lightsout/core";
import { pressTargets } from "@lightsout/core/lightsout";

const targetsCache = new WeakMap<Board, Int32Array[]>();

/**
 * The cells a press of each cell changes, cached per board object.
 *
 * @param board - A board.
 * @returns One list of cell indices per cell.
 * @example
 * ```ts
 * targetsOf(gridBoard(1, 3))[0]; // Int32Array [0, 1]
 * ```
 */
export function targetsOf(board: Board): Int32Array[] {
  let targets = targetsCache.get(board);
  if (!targets) {
    targets = pressTargets(board);
    targetsCache.set(board, targets);
  }
  return targets;
}
