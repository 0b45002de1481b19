// The multi-state chase as Learn shows it: the core's trace, stopped at the
// last row when the first pass already left every cell at 0.

import { multiStateChaseTrace, type MultiStateChaseTrace } from "@lightsout/core";

/**
 * Light chasing over Z_k for Learn. When the first pass leaves the last row
 * at 0 the board is solved by chasing alone; the core would still press the
 * first row of some solution (any one, possibly differing by a quiet
 * pattern) and chase again, so the trace is cut after "last-row" and its
 * solution is the first pass's presses.
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
export function learnChase(rows: number, cols: number, lights: ArrayLike<number>, states: number): MultiStateChaseTrace {
  const trace = multiStateChaseTrace(rows, cols, lights, { states });
  if (!trace.solvable || trace.lastRow.some((v) => v !== 0)) return trace;
  const end = trace.steps.findIndex((s) => s.phase === "last-row");
  const steps = trace.steps.slice(0, end + 1);
  const solution = new Uint32Array(rows * cols);
  for (const s of steps) s.presses.forEach((x, i) => (solution[i] = (solution[i]! + x) % states));
  return { ...trace, steps, firstRow: new Uint32Array(cols), solution };
}
