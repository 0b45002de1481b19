// The boards that pressing the lit cells makes, again and again: b, A b,
// A^2 b, ... (A the press matrix over Z_k) is eventually periodic. Its tail
// and period are found by Brent's cycle detection, each step the library's
// applyPresses, within a budget of steps: an exact answer, or none. When A is
// invertible the sequence has no tail, and the solution as a board (A^-1 b)
// walks the same cycle backwards: the same period. (LightsOutWeb shows such
// periods; written here from the definition.)

import { applyPresses, type Board, formatCount } from "@lightsout/core";

/** The sequence's tail (steps before it cycles) and period, or null beyond the budget. */
export type Orbit = { tail: number; period: number } | null;

/** Most cell updates an orbit may take (steps times cells): about a second in a worker. */
export const ORBIT_BUDGET = 50_000_000;

/**
 * The tail and period of b, A b, A^2 b, ... (each step presses the lit cells of the last board,
 * each as many times as its state, from a dark board).
 *
 * @param board - Any board.
 * @param lights - b, one state per cell.
 * @param states - k.
 * @param budget - Most cell updates (steps x cells) before giving up.
 * @returns `{ tail, period }`, exact, or null when the budget ran out first.
 * @example
 * ```ts
 * pressOrbit(gridBoard(1, 1), [1], 2); // { tail: 0, period: 1 }: pressing the one lit cell keeps it lit
 * ```
 */
export function pressOrbit(board: Board, lights: readonly number[], states: number, budget = ORBIT_BUDGET): Orbit {
  const cells = Math.max(1, lights.length);
  let steps = Math.floor(budget / cells);
  const dark = new Array<number>(lights.length).fill(0);
  const next = (v: ArrayLike<number>): ArrayLike<number> => {
    steps--;
    return applyPresses(board, dark, v, { states });
  };
  const same = (a: ArrayLike<number>, b: ArrayLike<number>) => {
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
    return true;
  };
  // Brent: the period, by a tortoise that jumps to the hare at powers of two
  let power = 1;
  let period = 1;
  let tortoise: ArrayLike<number> = lights;
  let hare = next(lights);
  while (!same(tortoise, hare)) {
    if (steps <= 0) return null;
    if (power === period) {
      tortoise = hare;
      power *= 2;
      period = 0;
    }
    hare = next(hare);
    period++;
  }
  // the tail: two walkers a period apart meet where the cycle starts
  tortoise = lights;
  hare = lights;
  for (let i = 0; i < period; i++) hare = next(hare);
  let tail = 0;
  while (!same(tortoise, hare)) {
    if (steps <= 0) return null;
    tortoise = next(tortoise);
    hare = next(hare);
    tail++;
  }
  return { tail, period };
}

/**
 * The orbit in words.
 *
 * @param orbit - From {@link pressOrbit}.
 * @param cells - The board's cells (for the budget, in steps).
 * @example
 * ```ts
 * orbitText({ tail: 0, period: 6 }, 9); // "Pressing the lit cells again and again, the board comes back every 6 steps ..."
 * ```
 */
export function orbitText(orbit: Orbit, cells: number): string {
  if (!orbit) {
    const steps = Math.floor(ORBIT_BUDGET / Math.max(1, cells)).toLocaleString("en-US");
    return `Pressing the lit cells again and again, no board came back within ${steps} steps (the budget of this page); the period is larger.`;
  }
  const every = `every ${formatCount(orbit.period, "step")}`;
  return orbit.tail === 0
    ? `Pressing the lit cells again and again, the board comes back ${every}; its solution as a board walks the same cycle backwards.`
    : `Pressing the lit cells again and again, the boards repeat ${every} after ${formatCount(orbit.tail, "step")} first (this board never comes back: the press matrix is singular).`;
}
