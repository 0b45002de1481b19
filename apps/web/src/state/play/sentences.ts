// What Play says, from its plain values: the status line, par, the best
// result, the timer, and the info panel's answers (hint, solution, verdict).

import type { Board } from "@lightsout/core";
import { formatCount } from "@lightsout/core";
import { cellMap } from "@lightsout/core/lightsout";
import type { Analysis } from "../solver.js";
import type { Best, DailyResult } from "./progress.js";

/**
 * A duration as the timer shows it.
 *
 * @param ms - Milliseconds.
 * @returns m:ss.
 * @example
 * ```ts
 * minutes(75_400); // "1:15"
 * ```
 */
export function minutes(ms: number): string {
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/**
 * The status line: lights on while playing; solved, in how many moves against par, once dark.
 *
 * @param lights - The lights now.
 * @param moves - Presses made.
 * @param fewest - The analysis of the start (par), if known.
 * @param assisted - Whether a hint or the solution was used ("with help").
 * @returns E.g. "3 lights on", "Lights out! Solved in 7 moves, the fewest possible.".
 * @example
 * ```ts
 * statusText([0, 0], 2, null); // "Lights out! Solved in 2 moves."
 * ```
 */
export function statusText(
  lights: readonly number[],
  moves: number,
  fewest: Analysis | null,
  assisted = false,
): string {
  if (lights.every((v) => v === 0)) {
    const least = fewest?.solvable && fewest.optimal ? fewest.count : null;
    if (moves === 0) return "Lights out: this board is already dark.";
    const help = assisted ? " with help" : "";
    return (
      `Lights out! Solved in ${formatCount(moves, "move", "moves")}${help}` +
      (least !== null ? (moves <= least ? ", the fewest possible." : ` (the fewest possible is ${least}).`) : ".")
    );
  }
  const lit = lights.filter((v) => v !== 0).length;
  return `${formatCount(lit, "light", "lights")} on`;
}

/**
 * The status line of today's puzzle when it starts.
 *
 * @example
 * ```ts
 * todayStatus("2026-11-30", "25 lights on"); // "Today's puzzle (2026-11-30): 25 lights on"
 * ```
 */
export function todayStatus(date: string, status: string): string {
  return `Today's puzzle (${date}): ${status}`;
}

/**
 * Par: the fewest presses of the start, when the solver proved it.
 *
 * @param fewest - The analysis of the start.
 * @returns "Par: 7", or null (not proven, or not solvable).
 * @example
 * ```ts
 * parText({ solvable: true, presses: [1], count: 1, optimal: true }); // "Par: 1"
 * ```
 */
export function parText(fewest: Analysis | null): string | null {
  return fewest?.solvable && fewest.optimal ? `Par: ${fewest.count}` : null;
}

/**
 * The best result kept for the puzzle.
 *
 * @example
 * ```ts
 * bestText({ moves: 7, ms: 41_200 }); // "Best: 7 moves in 0:41"
 * ```
 */
export function bestText(best: Best | null): string | null {
  if (!best) return null;
  return `Best: ${resultText(best)}`;
}

/**
 * A result in words: moves, time when timed, and "with help" when a hint or the solution was used.
 *
 * @example
 * ```ts
 * resultText({ moves: 7, ms: 41_200, assisted: true }); // "7 moves in 0:41, with help"
 * ```
 */
export function resultText(result: Best): string {
  const time = result.ms !== null ? ` in ${minutes(result.ms)}` : "";
  return `${formatCount(result.moves, "move", "moves")}${time}${result.assisted ? ", with help" : ""}`;
}

/**
 * The history of daily results, a line a day, newest first.
 *
 * @example
 * ```ts
 * dailyLines([{ date: "2026-12-01", moves: 9, ms: 30_000 }]); // ["2026-12-01: 9 moves in 0:30"]
 * ```
 */
export function dailyLines(history: readonly DailyResult[]): string[] {
  return history.map((d) => `${d.date}: ${resultText(d)}`);
}

/**
 * Where a cell is, for sentences: its row and column (holes of a mask counted out), or a graph's vertex.
 *
 * @param board - Any board.
 * @param cell - A cell index.
 * @returns E.g. "row 2, column 3" or "vertex 4".
 * @example
 * ```ts
 * cellName(maskBoard(["#.", "##"]), 1); // "row 2, column 1"
 * ```
 */
export function cellName(board: Board, cell: number): string {
  if (board.kind === "graph") return `vertex ${cell + 1}`;
  const map = cellMap(board);
  const row = map.row[cell];
  return row === undefined ? `cell ${cell + 1}` : `row ${row + 1}, column ${map.col[cell]! + 1}`;
}

/**
 * The hint's sentence.
 *
 * @param board - The board.
 * @param hint - The cell to press next, or null when the board is dark.
 * @param analysis - The (solvable) analysis the hint comes from.
 * @example
 * ```ts
 * hintText(gridBoard(1, 3), 0, analysis); // "Hint: press the highlighted cell (row 1, column 1). 1 press to go, at best."
 * ```
 */
export function hintText(board: Board, hint: number | null, analysis: Analysis & { solvable: true }): string {
  if (hint === null) return "Nothing to press: the board is dark.";
  return `Hint: press the highlighted cell (${cellName(board, hint)}). ${formatCount(analysis.count, "press", "presses")} to go${analysis.optimal ? ", at best" : ""}.`;
}

/**
 * What the solution overlay shows, in a sentence.
 *
 * @param analysis - The analysis of the lights now.
 * @param states - k (counts are shown when k > 2).
 * @example
 * ```ts
 * solutionText({ solvable: false, proof: null }, 2); // "This board cannot be cleared, so there is no solution to show."
 * ```
 */
export function solutionText(analysis: Analysis, states: number): string {
  if (!analysis.solvable) return "This board cannot be cleared, so there is no solution to show.";
  if (analysis.count === 0) return "The board is dark: nothing to press.";
  return `Press the marked cells${states > 2 ? " (the number: how many times)" : ""}: ${formatCount(analysis.count, "press", "presses")}${analysis.optimal ? ", the fewest possible" : ""}. The order does not matter.`;
}

/**
 * The answer to "Is this winnable?" for a solvable board (an unsolvable one gets the proof).
 *
 * @example
 * ```ts
 * winnableText({ solvable: true, presses: [1, 1], count: 2, optimal: true }); // "Yes: winnable, in 2 presses at best."
 * ```
 */
export function winnableText(analysis: Analysis & { solvable: true }): string {
  return analysis.count === 0
    ? "Yes: the board is already dark."
    : `Yes: winnable, in ${formatCount(analysis.count, "press", "presses")}${analysis.optimal ? " at best" : ""}.`;
}

/** The answer to "Is this winnable?" when it is not (the proof follows it). */
export const NOT_WINNABLE = "No: this board cannot be cleared.";

/**
 * Why the solver gave no answer.
 *
 * @param error - What it threw.
 * @param cancelled - Whether that was a cancel (the page's own doing, not an error).
 * @example
 * ```ts
 * solverFailure(new Error("too big"), false); // "Not solved: too big"
 * ```
 */
export function solverFailure(error: unknown, cancelled: boolean): string {
  return cancelled ? "Solving cancelled." : `Not solved: ${(error as Error).message}`;
}

/**
 * What Play says about a link's bad seed: why it is not a seed, and what is played instead.
 *
 * @param why - From the link reader ("The link's seed -1 is not a seed: ...").
 * @param dealt - The seed whose puzzle is played instead, or null when the link's own lights are.
 * @example
 * ```ts
 * seedRefused("The link's seed -1 is not a seed: a seed is a whole number from 0 to 2,147,483,647.", 1);
 * // "... Here is the puzzle of seed 1 instead."
 * ```
 */
export function seedRefused(why: string, dealt: number | null): string {
  return `${why} ${dealt === null ? "The link's lights are played without it." : `Here is the puzzle of seed ${dealt} instead.`}`;
}
