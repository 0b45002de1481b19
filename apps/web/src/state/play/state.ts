// Play's state as a plain value: the game, where the puzzle came from, the
// marks on the board (hint, solution overlay, proof), par, the timer and the
// best result; and what each action does to it. The screen (screens/play)
// draws it and runs the solver; nothing here touches the DOM.

import { type Board, gridBoard, randomPuzzle, type RuleName, type Topology } from "@lightsout/core";
import { boardTopology } from "@lightsout/core/lightsout";
import type { Analysis } from "../solver.js";
import { decodeBoard, encodeBoard, readSeed, type SharedBoard } from "../url.js";
import { type Game, isDark, newGame } from "./game.js";
import { type Best, encodeMoves } from "./progress.js";

/** Where a puzzle came from: its seed, and the date when it is the daily puzzle. */
export interface Origin {
  readonly seed: number | null;
  readonly daily: string | null;
}

/** A puzzle of unknown origin (a link without a seed). */
export const NO_ORIGIN: Origin = { seed: null, daily: null };

/** Everything Play shows besides its form. */
export interface PlayState {
  readonly game: Game;
  readonly origin: Origin;
  /** Whether the solution overlay is on (it follows the lights). */
  readonly showSolution: boolean;
  /** The cell to press next, until the lights change. */
  readonly hint: number | null;
  /** The certificate outlined: it stays a proof whatever is pressed, so presses keep it. */
  readonly proof: readonly number[] | null;
  /** The analysis of the start: par, once asked for. */
  readonly fewest: Analysis | null;
  /** The clock's reading (performance.now()) at the first press; null before it. */
  readonly startedAt: number | null;
  /** The time the game took, once the board is dark; null while playing. */
  readonly finishedMs: number | null;
  /** The best result kept for this puzzle. */
  readonly best: Best | null;
  /** Whether a hint was asked for or the solution shown in this game: its result is marked assisted. */
  readonly assisted: boolean;
}

/**
 * A new puzzle: no marks, no par, the timer at 0.
 *
 * @param game - Its game, with no presses made (or some, replayed from a link, by {@link played} after).
 * @param origin - Its seed and date.
 * @param best - The best result kept for it.
 * @returns The state.
 * @example
 * ```ts
 * const state = started(newGame(gridBoard(5, 5), lights), { seed: 1, daily: null }, null);
 * ```
 */
export function started(game: Game, origin: Origin, best: Best | null): PlayState {
  return {
    game,
    origin,
    showSolution: false,
    hint: null,
    proof: null,
    fewest: null,
    startedAt: null,
    finishedMs: null,
    best,
    assisted: false,
  };
}

/**
 * The state with the clock of a game resumed (after a reload or a Back): the time already played
 * runs on from there, and help taken before stays marked.
 *
 * @param state - The state before the moves are replayed.
 * @param ms - Time played before.
 * @param assisted - Whether the game was assisted before.
 * @param now - The clock (performance.now()).
 * @example
 * ```ts
 * elapsed(played(resumed(state, 60_000, false, 0), game, 0, true).state, 5_000); // 65_000
 * ```
 */
export function resumed(state: PlayState, ms: number, assisted: boolean, now: number): PlayState {
  return { ...state, startedAt: now - ms, assisted: state.assisted || assisted };
}

/**
 * Whether the lights changed from one game to the next (a press, undo, redo or reset):
 * then what was said about the lights before (a hint, a verdict, a count) is stale.
 *
 * @example
 * ```ts
 * lightsChanged(game, press(game, 0)); // true
 * lightsChanged(game, game); // false
 * ```
 */
export function lightsChanged(before: Game | undefined, next: Game): boolean {
  return next.history.length !== before?.history.length || next.lights !== before?.lights;
}

/**
 * The state after a move (or the same game again, to redraw): a stale hint goes, the timer runs.
 *
 * @param state - Before.
 * @param game - The game after the move.
 * @param now - The clock (performance.now()).
 * @param timed - Whether the timer is shown (a hidden timer records no time).
 * @returns The state, and the result to keep when this move cleared the board (else null).
 * @example
 * ```ts
 * played(state, press(state.game, 4), performance.now(), true).state.game.history; // [4]
 * ```
 */
export function played(
  state: PlayState,
  game: Game,
  now: number,
  timed: boolean,
): { state: PlayState; result: Best | null } {
  const moves = game.history.length;
  let { startedAt, finishedMs } = state;
  if (moves > 0 && startedAt === null) startedAt = now;
  if (moves === 0) {
    startedAt = null;
    finishedMs = null;
  }
  const hint = lightsChanged(state.game, game) ? null : state.hint;
  const next: PlayState = { ...state, game, hint, startedAt, finishedMs };
  const dark = isDark(game);
  if (dark && moves > 0 && finishedMs === null) {
    const ms = elapsed(next, now);
    const result: Best = { moves, ms: timed ? ms : null, ...(state.assisted ? { assisted: true } : {}) };
    return { state: { ...next, finishedMs: ms }, result };
  }
  return { state: dark ? next : { ...next, finishedMs: null }, result: null };
}

/**
 * Whether the game is won: the board dark after at least one move. A won board is locked (presses
 * do nothing, the counter and the clock stop) until Undo, Reset or a new puzzle.
 *
 * @example
 * ```ts
 * won(played(state, press(state.game, 4), 0, true).state); // true when that press cleared it
 * ```
 */
export function won(state: PlayState): boolean {
  return state.game.history.length > 0 && isDark(state.game);
}

/**
 * The time on the clock: the finished game's, else since the first press.
 *
 * @example
 * ```ts
 * elapsed({ ...state, startedAt: 1000, finishedMs: null }, 3500); // 2500
 * ```
 */
export function elapsed(state: PlayState, now: number): number {
  return state.finishedMs ?? (state.startedAt === null ? 0 : Math.round(now - state.startedAt));
}

/**
 * Whether to ask the solver for par now: at the first move (so the first screen starts no
 * worker) and again at the end; boards too big to solve play without it.
 *
 * @example
 * ```ts
 * wantsPar(played(state, press(state.game, 0), 0, true).state); // true: the first move
 * ```
 */
export function wantsPar(state: PlayState): boolean {
  const moves = state.game.history.length;
  return !state.fewest && moves > 0 && (moves === 1 || isDark(state.game));
}

/**
 * The marks the board shows: the hint, the proof, and with the overlay on, the solution
 * of the lights now (when it is known). An unsolvable analysis brings its proof along.
 *
 * @param state - The state.
 * @param analysis - The analysis of the lights now, if known.
 * @returns The marks, and the state with the proof it now outlines.
 * @example
 * ```ts
 * boardMarks({ ...state, showSolution: true }, analysis).marks.solution; // analysis.presses
 * ```
 */
export function boardMarks(
  state: PlayState,
  analysis: Analysis | undefined,
): {
  state: PlayState;
  marks: { solution: readonly number[] | null; hint: number | null; proof: readonly number[] | null };
} {
  let solution: readonly number[] | null = null;
  let proof = state.proof;
  if (state.showSolution && analysis) {
    if (analysis.solvable) solution = analysis.presses;
    else proof ??= analysis.proof;
  }
  return { state: proof === state.proof ? state : { ...state, proof }, marks: { solution, hint: state.hint, proof } };
}

/**
 * The puzzle's link: its board, states and starting lights, with its seed and date.
 *
 * @example
 * ```ts
 * puzzleParams(game, { seed: 7, daily: null }).toString(); // "g=5x5&l=...&seed=7"
 * ```
 */
export function puzzleParams(game: Game, origin: Origin): URLSearchParams {
  const p = encodeBoard({ board: game.board, states: game.states, lights: [...game.start] });
  if (origin.seed !== null) p.set("seed", String(origin.seed));
  if (origin.daily !== null) p.set("daily", origin.daily);
  return p;
}

/**
 * The URL of the game: the puzzle and the moves made, so that reload and Back keep the game.
 *
 * @example
 * ```ts
 * gameParams(state).get("p"); // "4.c" after pressing cells 4 and 12
 * ```
 */
export function gameParams(state: PlayState): URLSearchParams {
  const p = puzzleParams(state.game, state.origin);
  if (state.game.history.length) p.set("p", encodeMoves(state.game.history));
  return p;
}

/**
 * The board as it is now, for Build and Learn.
 *
 * @example
 * ```ts
 * boardParams(game).get("l"); // the lights now, not the start's
 * ```
 */
export function boardParams(game: Game): URLSearchParams {
  return encodeBoard({ board: game.board, states: game.states, lights: [...game.lights] });
}

/** What a Play link holds: the board (or why it could not be read), the seed, the date and the moves. */
export interface PlayLink {
  readonly shared: SharedBoard | null;
  /** Why the link's board could not be read, else null. */
  readonly error: string | null;
  /** Why the link's seed is not a seed (a sentence), else null. */
  readonly seedError: string | null;
  readonly origin: Origin;
  /** The moves, as the `p` parameter. */
  readonly moves: string;
}

/**
 * Reads a Play link. A board without lights (`l`) and with a seed is dealt that seed's puzzle
 * (`g=5x5&t=1&seed=3` is the puzzle "seed 3" on the 5 x 5 torus); a bad seed is refused with a
 * sentence saying why, and the board then gets the puzzle of seed 1. An unreadable date is
 * dropped; an unreadable board is an error.
 *
 * @example
 * ```ts
 * readLink(new URLSearchParams("g=2x2&l=A&seed=3")).origin; // { seed: 3, daily: null }
 * ```
 */
export function readLink(params: URLSearchParams): PlayLink {
  let shared: SharedBoard | null = null;
  let error: string | null = null;
  const read = readSeed(params);
  let seed = read.seed;
  try {
    shared = decodeBoard(params);
    if (shared && !params.has("l") && (seed !== null || read.error !== null)) {
      seed ??= 1;
      shared = { ...shared, lights: Array.from(randomPuzzle(shared.board, { states: shared.states, seed })) };
    }
  } catch (e) {
    error = (e as Error).message;
  }
  const daily = /^\d{4}-\d{2}-\d{2}$/.test(params.get("daily") ?? "") ? params.get("daily") : null;
  return { shared, error, seedError: read.error, origin: { seed, daily }, moves: params.get("p") ?? "" };
}

/** The new-puzzle form's values. */
export interface PuzzleForm {
  /** "rect", "torus", "projective", or "keep" (the board played). */
  readonly shape: string;
  readonly rows: number;
  readonly cols: number;
  readonly states: number;
  /** A rule name, or "custom" (the board played's offsets). */
  readonly rule: string;
  readonly seed: number;
}

/**
 * The board the form asks for.
 *
 * @param form - The form's values.
 * @param current - The board played ("keep", and "custom" takes its offsets).
 * @returns The board.
 * @example
 * ```ts
 * puzzleBoard({ shape: "torus", rows: 4, cols: 6, states: 2, rule: "king", seed: 1 }); // a 4 x 6 king torus
 * ```
 */
export function puzzleBoard(form: PuzzleForm, current?: Board): Board {
  if (form.shape === "keep" && current) return current;
  return gridBoard(form.rows, form.cols, {
    topology: form.shape === "rect" ? "plane" : (form.shape as Topology),
    rule: form.rule === "custom" && current?.kind === "grid" && current.rule ? current.rule : (form.rule as RuleName),
  });
}

/**
 * The seed "Next seed" and "Next puzzle" deal: the one after the puzzle's, but after today's puzzle
 * seed 1 (the seed after today's date is tomorrow's puzzle, which it would give away).
 *
 * @example
 * ```ts
 * nextSeed({ seed: 20261201, daily: "2026-12-01" }, 20261201); // 1
 * nextSeed({ seed: 7, daily: null }, 7); // 8
 * ```
 */
export function nextSeed(origin: Origin, seed: number): number {
  return origin.daily !== null ? 1 : seed + 1;
}

/**
 * Today's puzzle: the same 7 x 7 board for everyone on a UTC day, its seed the date.
 *
 * @param seed - The date as YYYYMMDD (`daily(now).seed`).
 * @returns The game.
 * @example
 * ```ts
 * dailyGame(daily(new Date()).seed).board; // 7 x 7
 * ```
 */
export function dailyGame(seed: number): Game {
  const board = gridBoard(7, 7);
  return newGame(board, randomPuzzle(board, { seed }), 2);
}

/**
 * The form's fields that follow the board played (its size, rule and states).
 *
 * @returns `rows`, `cols` and `rule` for grids (with whether "This board's rule" is offered), and `states`.
 * @example
 * ```ts
 * formFor(gridBoard(3, 4, { rule: "x" }), 2); // { rows: 3, cols: 4, rule: "x", customRule: false, states: 2 }
 * ```
 */
export function formFor(
  board: Board,
  states: number,
): { states: number; grid?: { rows: number; cols: number; rule: string; customRule: boolean } } {
  if (board.kind !== "grid") return { states };
  const custom = typeof board.rule === "object";
  return {
    states,
    grid: { rows: board.rows, cols: board.cols, rule: custom ? "custom" : (board.rule ?? "plus"), customRule: custom },
  };
}

/**
 * The form's shape for a board opened from a link: "keep" for graphs and masks (no form
 * makes them), its edges for tori and projective planes, null for a rectangle (left as is).
 *
 * @example
 * ```ts
 * linkShape(gridBoard(5, 5, { torus: true })); // "torus"
 * ```
 */
export function linkShape(board: Board): string | null {
  if (board.kind === "graph" || board.mask) return "keep";
  const topology = boardTopology(board);
  return topology === "plane" ? null : topology;
}

/** The keys of a keyboard event that decide a shortcut. */
export interface Keys {
  readonly key: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly altKey: boolean;
  readonly shiftKey: boolean;
}

/**
 * Undo and redo from the keyboard: Ctrl (or Cmd) + Z undoes; + Y, or + Shift + Z, redoes.
 *
 * @returns The action, or null for any other key.
 * @example
 * ```ts
 * shortcut({ key: "z", ctrlKey: true, metaKey: false, altKey: false, shiftKey: false }); // "undo"
 * ```
 */
export function shortcut(keys: Keys): "undo" | "redo" | null {
  if (!(keys.ctrlKey || keys.metaKey) || keys.altKey) return null;
  const key = keys.key.toLowerCase();
  if (key === "z" && !keys.shiftKey) return "undo";
  if (key === "y" || (key === "z" && keys.shiftKey)) return "redo";
  return null;
}

/**
 * The analysis after one move, worked out from the analysis before it when
 * that needs no solver, so the overlay never blinks off while the worker runs.
 * Two cases are exact. A board that cannot be cleared stays so after any press
 * (y A = 0 keeps y . lights), and its proof still holds. Pressing a cell that a
 * solution presses leaves that solution less one press, and when the solution
 * was a fewest-press one so is the rest: a shorter one for the new lights plus
 * that press would beat it. Anything else (undo, an unmarked press) is left to
 * the solver: undefined.
 *
 * @example
 * ```ts
 * // 1 x 3, lights 110: press cell 0 of the solution [1, 0, 0]
 * afterMove(game, press(game, 0), { solvable: true, presses: [1, 0, 0], count: 1, optimal: true });
 * // { solvable: true, presses: [0, 0, 0], count: 0, optimal: true }
 * ```
 */
export function afterMove(before: Game, after: Game, analysis: Analysis | undefined): Analysis | undefined {
  if (!analysis || after.start !== before.start || after.board !== before.board) return undefined;
  const step = after.history.length - before.history.length;
  if (Math.abs(step) !== 1) return undefined;
  if (!analysis.solvable) return analysis;
  const cell = after.history.at(-1)!;
  if (step !== 1 || analysis.presses[cell] === 0) return undefined;
  const presses = analysis.presses.slice();
  presses[cell]! -= 1;
  return { ...analysis, presses, count: analysis.count - 1 };
}

/**
 * A bounded memo of analyses by lights: the same lights (after an undo, a redo, a reset)
 * need no second trip to the worker.
 */
export class AnalysisCache {
  readonly #entries = new Map<string, Analysis>();

  /** The analysis of these lights, if known. */
  get(lights: readonly number[]): Analysis | undefined {
    return this.#entries.get(lights.join(""));
  }

  /** Keeps an analysis (forgetting all when there are many: a game revisits few lights). */
  set(lights: readonly number[], analysis: Analysis): void {
    if (this.#entries.size > 200) this.#entries.clear();
    this.#entries.set(lights.join(""), analysis);
  }

  clear(): void {
    this.#entries.clear();
  }
}
