// Random winnable puzzles, kept apart from the solvers: a page that only
// deals boards (the web app's first screen) loads this and not elimination.

import { describe } from "../internal/check.js";
import { xoshiro128 } from "../internal/random.js";
import { type Board, type CellValues, checkBoard, checkStates, type StatesOptions } from "./board.js";
import { addPressesInOrder, cellCount } from "./_press-walk.js";
import { ringOf, zerosOf } from "../solvers/ring.js";

/**
 * Options of {@link randomPuzzle}.
 *
 * @example
 * ```ts
 * const options: RandomPuzzleOptions = { states: 3, seed: 7 };
 * randomPuzzle(gridBoard(4, 4), options).length; // 16
 * ```
 */
export interface RandomPuzzleOptions extends StatesOptions {
  /** The same seed (a safe integer, default 0) gives the same puzzle. */
  seed?: number;
}

/**
 * A uniformly random winnable board: a uniform random press count 0..k-1
 * per cell applied to a dark board (each winnable board is reached by the
 * same number of press vectors, so each is equally likely).
 *
 * @param board - Any board.
 * @param options - `states`: k (default 2); `seed` (default 0): the same seed gives the same puzzle.
 * @returns The lights, one state per cell: a Uint8Array of 0/1 for two states, a Uint32Array of 0..k-1 for more.
 * @throws {TypeError | RangeError} for a malformed board, k or seed.
 * @example
 * ```ts
 * const lights = randomPuzzle(gridBoard(5, 5), { seed: 42 }); // Uint8Array of 0/1
 * const levels = randomPuzzle(gridBoard(4, 4), { states: 3, seed: 7 }); // Uint32Array of 0..2
 * ```
 */
export function randomPuzzle(board: Board, options?: RandomPuzzleOptions & { states?: 2 }): Uint8Array;
/**
 * A uniformly random winnable board with k states (see the two-state signature).
 *
 * @param board - Any board.
 * @param options - `states`: k (default 2); `seed` (default 0).
 * @returns The lights: a Uint8Array for two states, a Uint32Array for more.
 * @example
 * ```ts
 * const k: number = 3;
 * randomPuzzle(gridBoard(4, 4), { states: k, seed: 7 }).length; // 16
 * ```
 */
export function randomPuzzle(board: Board, options?: RandomPuzzleOptions): CellValues;
export function randomPuzzle(board: Board, options: RandomPuzzleOptions = {}): CellValues {
  const k = checkStates(options);
  const seed = options.seed ?? 0;
  if (typeof seed !== "number" || !Number.isSafeInteger(seed))
    throw new TypeError(`"seed" expected a safe integer, got ${describe(seed)}`);
  checkBoard(board);
  const next = xoshiro128(seed);
  const lights = zerosOf(ringOf(k), cellCount(board));
  // rejection keeps every count equally likely (none is rejected for k = 2)
  const bound = 2 ** 32 - (2 ** 32 % k);
  const press = () => {
    let r = next();
    while (r >= bound) r = next();
    return r % k;
  };
  addPressesInOrder(board, k, press, lights);
  return lights;
}
