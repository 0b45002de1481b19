// Random winnable puzzles, kept apart from the solvers: a page that only
// deals boards (the web app's first screen) loads this and not elimination.

import { describe } from "../internal/check.js";
import { xoshiro128 } from "../internal/random.js";
import { type Board, checkBoard } from "./board.js";
import { addPressesInOrder, cellCount } from "./_press-walk.js";

/**
 * A uniformly random winnable board: random presses applied to a dark board
 * (each winnable board is reached by the same number of press sets).
 *
 * @param board - Any board.
 * @param options - `seed` (default 0): the same seed gives the same puzzle.
 * @returns The lights, one 0/1 per cell.
 * @throws {TypeError | RangeError} for a malformed board or seed.
 * @example
 * ```ts
 * const lights = randomPuzzle(gridBoard(5, 5), { seed: 42 });
 * ```
 */
export function randomPuzzle(board: Board, options: { seed?: number } = {}): Uint8Array {
  const seed = options.seed ?? 0;
  if (typeof seed !== "number" || !Number.isSafeInteger(seed))
    throw new TypeError(`"seed" expected a safe integer, got ${describe(seed)}`);
  checkBoard(board);
  const next = xoshiro128(seed);
  const lights = new Uint8Array(cellCount(board));
  addPressesInOrder(board, 2, () => next() & 1, lights);
  return lights;
}
