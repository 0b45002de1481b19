// The boards that pressing the lit cells makes, again and again: b, A b,
// A^2 b, ... (A the press matrix over Z_k) is eventually periodic. For k
// prime or squarefree and boards within the library's limits the tail and
// period come from algebra (pressPeriod: the order of a polynomial, exact
// however large: 2^61 - 1 steps and more); where the algebra is refused or
// not exact, Brent's cycle detection steps within a budget, each step the
// library's applyPresses. When A is invertible the sequence has no tail, and
// the solution as a board (A^-1 b) walks the same cycle backwards: the same
// period. (LightsOutWeb shows such periods; written here from the definition.)

import { applyPresses, type Board } from "@lightsout/core";
import { MAX_PERIOD_CELLS, type PressPeriod, pressPeriod } from "@lightsout/core/lightsout";

/** A tail and period found by stepping, or null beyond the budget. */
export type SteppedOrbit = { tail: number; period: number } | null;

/** What the Period tool found: the worker's answer (plain, structured-cloneable values: bigints clone). */
export type Orbit =
  /** Exact: by algebra or by stepping. */
  | { exact: true; tail: number; period: bigint; by: "algebra" | "steps" }
  /** Not exact: what the algebra knows (if it ran), and that stepping ran out of its budget. */
  | {
      exact: false;
      /** Why the algebra gave no exact answer; absent when it did not run (too many cells). */
      reason?: string;
      tail?: number;
      periodDivides?: bigint;
      periodMultipleOf?: bigint;
    };

/** Most cell updates an orbit may take by stepping (steps times cells): about a second in a worker. */
export const ORBIT_BUDGET = 50_000_000;

/**
 * The tail and period of b, A b, A^2 b, ... by stepping (each step presses the lit cells of the
 * last board, each as many times as its state, from a dark board).
 *
 * @param board - Any board.
 * @param lights - b, one state per cell.
 * @param states - k.
 * @param budget - Most cell updates (steps x cells) before giving up.
 * @returns `{ tail, period }`, exact, or null when the budget ran out first.
 * @example
 * ```ts
 * stepOrbit(gridBoard(1, 1), [1], 2); // { tail: 0, period: 1 }: pressing the one lit cell keeps it lit
 * ```
 */
export function stepOrbit(
  board: Board,
  lights: readonly number[],
  states: number,
  budget = ORBIT_BUDGET,
): SteppedOrbit {
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
 * The tail and period of pressing the lit cells again and again: by algebra for boards of at most
 * 4,096 cells (the library refuses k with a square factor, and says when it is not exact), else,
 * or when the algebra is not exact, by stepping within `budget`.
 *
 * @param board - Any board.
 * @param lights - b, one state per cell.
 * @param states - k.
 * @param budget - Most cell updates for stepping.
 * @returns The orbit, exact or with what is known.
 * @example
 * ```ts
 * pressOrbit(gridBoard(3, 3), [1, 0, 0, 0, 0, 0, 0, 0, 0], 2); // { exact: true, tail: 0, period: 4n, by: "algebra" }
 * ```
 */
export function pressOrbit(board: Board, lights: readonly number[], states: number, budget = ORBIT_BUDGET): Orbit {
  const algebra: PressPeriod | undefined =
    lights.length <= MAX_PERIOD_CELLS ? pressPeriod(board, lights, { states }) : undefined;
  if (algebra?.exact) return { exact: true, tail: algebra.tail, period: algebra.period, by: "algebra" };
  const stepped = stepOrbit(board, lights, states, budget);
  if (stepped) return { exact: true, tail: stepped.tail, period: BigInt(stepped.period), by: "steps" };
  if (!algebra) return { exact: false };
  const { reason, tail, periodDivides, periodMultipleOf } = algebra;
  return {
    exact: false,
    reason,
    ...(tail === undefined ? {} : { tail }),
    ...(periodDivides === undefined ? {} : { periodDivides }),
    ...(periodMultipleOf === undefined ? {} : { periodMultipleOf }),
  };
}
