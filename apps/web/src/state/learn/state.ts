// Learn's state as a plain value: the board being chased, its lights at the
// start, the chase's trace and the step shown; what editing, stepping and the
// board buttons do to it; and its link. The screen (screens/learn) draws it.

import { gridBoard, type GridBoard, randomPuzzle } from "@lightsout/core";
import type { ChaseTrace } from "@lightsout/core/lightsout";
import { learnable, MAX_LEARN_SIDE, MAX_LEARN_STATES } from "../limits.js";
import { decodeBoard, encodeBoard, readSeed } from "../url.js";
import { describeBoard } from "../words.js";
import { chaseSentence, multiStateChaseSentence } from "./sentences.js";
import { learnChase } from "./trace.js";

/** Learn's state. */
export interface LearnState {
  readonly board: GridBoard;
  readonly states: number;
  /** The lights at step 0, one state per cell. */
  readonly lights: readonly number[];
  /** Two states: the whole chase, which the lookup table follows; k states: cut where chasing alone solved it. */
  readonly trace: ChaseTrace;
  /** 0 is the start; step i > 0 shows trace.steps[i - 1]. */
  readonly step: number;
}

/**
 * A board to chase, at step 0.
 *
 * @param board - A plain rectangle.
 * @param states - k, 2..36.
 * @param lights - One state per cell.
 * @returns The state.
 * @example
 * ```ts
 * lesson(gridBoard(5, 5), 2, new Array(25).fill(1)).trace.steps.length; // 10
 * ```
 */
export function lesson(board: GridBoard, states: number, lights: readonly number[]): LearnState {
  return { board, states, lights: [...lights], trace: learnChase(board.rows, board.cols, lights, states), step: 0 };
}

/**
 * The state for a board of the form's size and states: the same board object while they
 * are unchanged (so the view is kept), a new one otherwise.
 *
 * @param state - The state now (undefined at first).
 * @param rows - Rows asked for.
 * @param cols - Columns asked for.
 * @param states - k asked for.
 * @param lights - The lights.
 * @returns The state, and whether the board's shape or states changed (the view is drawn anew).
 * @example
 * ```ts
 * reshaped(undefined, 3, 3, 2, new Array(9).fill(0)).changed; // true
 * ```
 */
export function reshaped(
  state: LearnState | undefined,
  rows: number,
  cols: number,
  states: number,
  lights: readonly number[],
): { state: LearnState; changed: boolean } {
  const changed = !state || rows !== state.board.rows || cols !== state.board.cols || states !== state.states;
  const board = changed ? gridBoard(rows, cols) : state.board;
  return { state: lesson(board, states, lights), changed };
}

/**
 * A click on a cell before the chase starts: its state goes up by one (mod k). Once the chase runs, its
 * trace is fixed and a click does nothing.
 *
 * @returns The new state (at step 0), or null when the click does nothing.
 * @example
 * ```ts
 * edited(lesson(gridBoard(1, 2), 3, [2, 0]), 0)?.lights; // [0, 0]
 * ```
 */
export function edited(state: LearnState, cell: number): LearnState | null {
  if (state.step !== 0) return null;
  const lights = state.lights.slice();
  lights[cell] = (lights[cell]! + 1) % state.states;
  return lesson(state.board, state.states, lights);
}

/**
 * The state at another step (kept within 0..the last step).
 *
 * @example
 * ```ts
 * stepped(state, 99).step === state.trace.steps.length; // true
 * ```
 */
export function stepped(state: LearnState, target: number): LearnState {
  return { ...state, step: Math.max(0, Math.min(state.trace.steps.length, target)) };
}

/** Whether the last step is shown. */
export function atEnd(state: LearnState): boolean {
  return state.step === state.trace.steps.length;
}

/**
 * A random winnable board from a seed.
 *
 * @example
 * ```ts
 * randomLights(3, 3, 2, 1).length; // 9
 * ```
 */
export function randomLights(rows: number, cols: number, states: number, seed: number): number[] {
  return Array.from(randomPuzzle(gridBoard(rows, cols), { states, seed }));
}

/**
 * Every cell in one state (all on: 1, all off: 0).
 *
 * @example
 * ```ts
 * filledLights(2, 2, 1); // [1, 1, 1, 1]
 * ```
 */
export function filledLights(rows: number, cols: number, state: number): number[] {
  return new Array<number>(rows * cols).fill(state);
}

/** What a Learn link opens: the board to chase (null: the all-on 5 x 5 board), the seed to show, and what was refused. */
export interface LearnLink {
  readonly shared: { rows: number; cols: number; states: number; lights: number[] } | null;
  /** The link's seed, when it dealt the board. */
  readonly seed: number | null;
  /** Why the link's board or seed was not taken, as sentences; null when all was. */
  readonly note: string | null;
}

/**
 * The board a Learn link holds, when Learn can chase it. A board with a seed and no lights
 * (`g=5x5&k=3&seed=2`) is dealt that seed's puzzle, as in Play. A board Learn does not chase
 * (`g=13x13`, `k=37`, a torus), an unreadable board and a bad seed are explained, not dropped.
 *
 * @example
 * ```ts
 * opened(new URLSearchParams("g=2x2&l=8")).shared; // { rows: 2, cols: 2, states: 2, lights: [1, 0, 0, 0] }
 * opened(new URLSearchParams("g=13x13")).note; // "Learn chases plain rectangles up to 12 × 12 ..."
 * ```
 */
export function opened(params: URLSearchParams): LearnLink {
  const read = readSeed(params);
  const notes: string[] = [];
  let shared: LearnLink["shared"] = null;
  let seed: number | null = null;
  try {
    const link = decodeBoard(params);
    if (link && learnable(link.board, link.states)) {
      const { rows, cols } = link.board;
      let lights = link.lights;
      if (!params.has("l") && read.seed !== null) {
        seed = read.seed;
        lights = randomLights(rows, cols, link.states, seed);
      }
      shared = { rows, cols, states: link.states, lights: [...lights] };
    } else if (link) {
      notes.push(
        `Learn chases plain rectangles (no wrapping edges, the plus rule) up to ${MAX_LEARN_SIDE} × ${MAX_LEARN_SIDE} ` +
          `with 2 to ${MAX_LEARN_STATES} states. The link's board is not one of them: ${describeBoard(link.board, link.states)} Play takes it.`,
      );
    }
  } catch (error) {
    notes.push(`The link's board could not be read: ${(error as Error).message}.`);
  }
  if (read.error) notes.push(read.error);
  if (notes.length) notes.push("Here is the 5 × 5 board with every light on instead.");
  return { shared: notes.length ? null : shared, seed, note: notes.length ? notes.join(" ") : null };
}

/** The link of the board being chased (its lights at the start). */
export function linkOf(state: LearnState): URLSearchParams {
  return encodeBoard({ board: state.board, states: state.states, lights: [...state.lights] });
}

/** What the chase shows at the current step. */
export interface StepShown {
  /** The lights after the step (the start at step 0). */
  readonly lights: readonly number[];
  /** The step's presses (highlighted; with k > 2 their counts are shown too), null at step 0. */
  readonly presses: readonly number[] | null;
  readonly sentence: string;
  /** "Step 3 of 9". */
  readonly counter: string;
  readonly canBack: boolean;
  readonly canNext: boolean;
  /** Past the first chase: the first-row fix applies (its table row or system is current). */
  readonly pastChase: boolean;
  /** The last row after the first chase, as the lookup table's rows are keyed. */
  readonly lastRow: string;
}

/**
 * What the chase shows at the state's step.
 *
 * @example
 * ```ts
 * shownStep(lesson(gridBoard(5, 5), 2, new Array(25).fill(1))).counter; // "Step 0 of 10"
 * ```
 */
export function shownStep(state: LearnState): StepShown {
  const { trace, step } = state;
  const s = step === 0 ? null : trace.steps[step - 1]!;
  return {
    lights: s ? Array.from(s.lights) : state.lights,
    presses: s ? Array.from(s.presses) : null,
    sentence: trace.states > 2 ? multiStateChaseSentence(trace, state.lights, step) : chaseSentence(trace, step),
    counter: `Step ${step} of ${trace.steps.length}`,
    canBack: step > 0,
    canNext: step < trace.steps.length,
    pastChase: s !== null && s.phase !== "chase",
    lastRow: trace.lastRow.join(""),
  };
}

/**
 * The hint above the board: how a click edits it.
 *
 * @example
 * ```ts
 * editHint(2); // "Click cells to switch lights before you start (at step 0)."
 * ```
 */
export function editHint(states: number): string {
  return states === 2
    ? "Click cells to switch lights before you start (at step 0)."
    : `Click cells to change their state before you start (at step 0): each click adds 1, mod ${states}.`;
}
