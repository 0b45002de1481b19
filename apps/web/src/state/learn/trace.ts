// The chase as Learn shows it: the core's trace; with more than two states,
// stopped at the last row when the first pass already left every cell at 0.

import { gridBoard } from "@lightsout/core";
import { type ChaseTrace, chaseTrace } from "@lightsout/core/lightsout";
import { targetsOf } from "../targets.js";

/**
 * Light chasing for Learn. With more than two states, when the first pass
 * leaves the last row at 0 the board is solved by chasing alone, and the
 * trace is cut after "last-row" (the empty fix and second pass would only
 * repeat the board); its solution is the first pass's presses. Two states
 * keep the whole trace, which the first-row lookup table follows.
 *
 * @param rows - Rows of the plain rectangle.
 * @param cols - Columns.
 * @param lights - One state 0..k-1 per cell, row-major.
 * @param states - k, 2..36.
 * @returns The trace to step through.
 * @example
 * ```ts
 * learnChase(3, 3, [2, 1, 1, 1, 1, 2, 0, 2, 1], 3).steps.map((s) => s.phase); // ["chase", "chase", "last-row"]
 * ```
 */
export function learnChase(rows: number, cols: number, lights: ArrayLike<number>, states: number): ChaseTrace {
  const trace = chaseTrace(rows, cols, lights, { states });
  if (states <= 2 || !trace.solvable || trace.lastRow.some((v) => v !== 0)) return trace;
  const end = trace.steps.findIndex((s) => s.phase === "last-row");
  const steps = trace.steps.slice(0, end + 1);
  const solution = new Uint32Array(rows * cols);
  for (const s of steps) s.presses.forEach((x, i) => (solution[i] = (solution[i]! + x) % states));
  return { ...trace, steps, firstRow: new Uint32Array(cols), solution };
}

/**
 * The chase matrix over Z_k: column j is the last row left on a dark
 * rows x cols board by pressing first-row cell j once and chasing down (each
 * cell of rows 1..rows-1 brought to 0 by the cell below it). The first-row
 * fix z of a board whose first chase leaves last row d solves C z = −d (mod k).
 *
 * @param rows - Rows, >= 1.
 * @param cols - Columns, >= 1.
 * @param states - k, >= 2.
 * @returns C as cols rows of cols entries 0..k-1 (row i: last-row cell i).
 * @example
 * ```ts
 * chaseMatrixModK(1, 3, 3); // [[1, 1, 0], [1, 1, 1], [0, 1, 1]]: a 1-row board is its own last row
 * ```
 */
export function chaseMatrixModK(rows: number, cols: number, states: number): number[][] {
  const targets = targetsOf(gridBoard(rows, cols));
  const c: number[][] = Array.from({ length: cols }, () => new Array<number>(cols).fill(0));
  for (let j = 0; j < cols; j++) {
    // One press of first-row cell j on a dark board (the engine's press targets, each now at 1;
    // not applyPresses, which would add its checks to the first screen's shared chunk), chased
    // down by the engine: its first pass ends at the last row.
    const lights = new Array<number>(rows * cols).fill(0);
    for (const i of targets[j]!) lights[i] = 1;
    const { lastRow } = chaseTrace(rows, cols, lights, { states });
    for (let i = 0; i < cols; i++) c[i]![j] = lastRow[i]!;
  }
  return c;
}
