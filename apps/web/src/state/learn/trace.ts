// The chase as Learn shows it: the core's trace; with more than two states,
// stopped at the last row when the first pass already left every cell at 0.

import { type ChaseTrace, chaseTrace } from "@lightsout/core/lightsout";

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
  const c: number[][] = Array.from({ length: cols }, () => new Array<number>(cols).fill(0));
  for (let j = 0; j < cols; j++) {
    const light = new Array<number>(rows * cols).fill(0);
    const press = (r: number, col: number, times: number) => {
      for (const [dr, dc] of [
        [0, 0],
        [-1, 0],
        [1, 0],
        [0, -1],
        [0, 1],
      ] as const) {
        const rr = r + dr;
        const cc = col + dc;
        if (rr >= 0 && rr < rows && cc >= 0 && cc < cols)
          light[rr * cols + cc] = (light[rr * cols + cc]! + times) % states;
      }
    };
    press(0, j, 1);
    for (let r = 0; r + 1 < rows; r++) {
      for (let col = 0; col < cols; col++) {
        const t = (states - light[r * cols + col]!) % states;
        if (t) press(r + 1, col, t);
      }
    }
    for (let i = 0; i < cols; i++) c[i]![j] = light[(rows - 1) * cols + i]!;
  }
  return c;
}
