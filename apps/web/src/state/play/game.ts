// The game as a plain value: the board, the lights, and the presses made
// (history) and undone (future). Every function here returns a new value and
// never touches the DOM, so undo, replay, URLs and tests need nothing else.

import type { Board } from "@lightsout/core";
import { MAX_STATES } from "../limits.js";
import { targetsOf } from "../targets.js";

/** A game in progress. */
export interface Game {
  readonly board: Board;
  /** Number of light states k (a press adds 1 mod k); 2 is the classic game. */
  readonly states: number;
  /** The lights the game started from (reset returns here). */
  readonly start: readonly number[];
  /** The lights now, one state 0..k-1 per cell. */
  readonly lights: readonly number[];
  /** The cells pressed, in order. */
  readonly history: readonly number[];
  /** Presses undone, the next one to redo last. */
  readonly future: readonly number[];
}

/**
 * Starts a game.
 *
 * @param board - Any board of the engine.
 * @param lights - One state 0..states-1 per cell.
 * @param states - k, 2..255.
 * @returns The game with no presses made.
 * @throws {RangeError} when the lights do not fit the board or the states.
 * @example
 * ```ts
 * const game = newGame(gridBoard(3, 3), [0, 1, 0, 1, 1, 1, 0, 1, 0], 2);
 * ```
 */
export function newGame(board: Board, lights: ArrayLike<number>, states = 2): Game {
  if (!Number.isInteger(states) || states < 2 || states > MAX_STATES) {
    throw new RangeError(`states expected an integer in 2..${MAX_STATES}, got ${states}`);
  }
  const cells = targetsOf(board).length;
  if (lights.length !== cells)
    throw new RangeError(`lights expected ${cells} entries (one per cell), got ${lights.length}`);
  const start = Array.from(lights);
  start.forEach((v, i) => {
    if (!Number.isInteger(v) || v < 0 || v >= states)
      throw new RangeError(`lights[${i}] expected 0..${states - 1}, got ${v}`);
  });
  return { board, states, start, lights: start, history: [], future: [] };
}

function step(game: Game, cell: number, direction: 1 | -1): number[] {
  const lights = game.lights.slice();
  const k = game.states;
  for (const i of targetsOf(game.board)[cell]!) lights[i] = (lights[i]! + direction + k) % k;
  return lights;
}

function checkCell(game: Game, cell: number): void {
  if (!Number.isInteger(cell) || cell < 0 || cell >= game.lights.length) {
    throw new RangeError(`cell expected an integer in 0..${game.lights.length - 1}, got ${cell}`);
  }
}

/**
 * Presses a cell: it and its neighbours advance by one state. Clears the redo list.
 *
 * @param game - The game.
 * @param cell - Cell index (row-major over the cells present).
 * @returns The game after the press.
 * @throws {RangeError} for a cell outside the board.
 * @example
 * ```ts
 * press(newGame(gridBoard(1, 3), [1, 1, 0]), 0).lights; // [0, 0, 0]
 * ```
 */
export function press(game: Game, cell: number): Game {
  checkCell(game, cell);
  return { ...game, lights: step(game, cell, 1), history: [...game.history, cell], future: [] };
}

/**
 * Makes many presses at once (a game resumed from a link): one copy of the
 * lights for all of them, where {@link press} copies them per press.
 *
 * @param game - The game.
 * @param cells - Cell indices, in order.
 * @returns The game after those presses, with an empty redo list.
 * @throws {RangeError} for a cell outside the board.
 * @example
 * ```ts
 * replay(newGame(gridBoard(1, 3), [1, 1, 0]), [0, 0]).lights; // [1, 1, 0]
 * ```
 */
export function replay(game: Game, cells: readonly number[]): Game {
  for (const cell of cells) checkCell(game, cell);
  const lights = game.lights.slice();
  const k = game.states;
  const targets = targetsOf(game.board);
  for (const cell of cells) for (const i of targets[cell]!) lights[i] = (lights[i]! + 1) % k;
  return { ...game, lights, history: [...game.history, ...cells], future: [] };
}

/**
 * Takes back the last press (a no-op when there is none).
 *
 * @param game - The game.
 * @returns The game before its last press, with that press ready to redo.
 * @example
 * ```ts
 * undo(press(game, 4)).lights; // game.lights
 * ```
 */
export function undo(game: Game): Game {
  const cell = game.history.at(-1);
  if (cell === undefined) return game;
  return { ...game, lights: step(game, cell, -1), history: game.history.slice(0, -1), future: [...game.future, cell] };
}

/**
 * Makes the last undone press again (a no-op when there is none).
 *
 * @param game - The game.
 * @returns The game with that press made.
 * @example
 * ```ts
 * redo(undo(press(game, 4))).lights; // press(game, 4).lights
 * ```
 */
export function redo(game: Game): Game {
  const cell = game.future.at(-1);
  if (cell === undefined) return game;
  return { ...game, lights: step(game, cell, 1), history: [...game.history, cell], future: game.future.slice(0, -1) };
}

/**
 * Back to the starting lights with no presses made.
 *
 * @param game - The game.
 * @returns A fresh game over the same board and start.
 * @example
 * ```ts
 * reset(press(game, 0)).lights; // game.start
 * ```
 */
export function reset(game: Game): Game {
  return { ...game, lights: game.start, history: [], future: [] };
}

/**
 * Whether every light is off (state 0).
 *
 * @param game - The game.
 * @returns True when the board is dark.
 * @example
 * ```ts
 * isDark(newGame(gridBoard(2, 2), [0, 0, 0, 0])); // true
 * ```
 */
export function isDark(game: Game): boolean {
  return game.lights.every((v) => v === 0);
}
