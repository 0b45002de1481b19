// Stability (after LightsOutWeb's view of that name): while "Solution as
// board" is pressed again and again, the cells whose state never changed
// from one board to the next since the first press; "lit stability" keeps
// those of them that are lit now. Any other change of the lights starts the
// count again (at the next press of "Solution as board").

/** What the stability view marks. */
export type StabilityView = "off" | "stable" | "lit";

/** The stability view's options: value, label. */
export const STABILITY_VIEWS: readonly (readonly [StabilityView, string])[] = [
  ["off", "Stability: off"],
  ["stable", "Stable cells"],
  ["lit", "Stable lit cells"],
];

/** The cells that kept their state through `steps` boards in a row, ending on `lights`. */
export interface Stability {
  lights: readonly number[];
  stable: readonly boolean[];
  steps: number;
}

/**
 * The stability after one more step from `before` to `after`: the cells
 * equal in both stay stable. It starts again (every cell stable) when there
 * is none yet or the lights were changed since the last step.
 *
 * @param previous - The stability so far, or null.
 * @param before - The lights before the step.
 * @param after - The lights after it.
 * @returns The new stability.
 * @example
 * ```ts
 * stepStability(null, [1, 0, 1], [1, 1, 0]).stable; // [true, false, false]
 * ```
 */
export function stepStability(
  previous: Stability | null,
  before: readonly number[],
  after: readonly number[],
): Stability {
  const fresh = previous === null || !same(previous.lights, before);
  const stable = before.map((v, i) => (fresh || previous.stable[i] === true) && v === after[i]);
  return { lights: after, stable, steps: fresh ? 1 : previous.steps + 1 };
}

/**
 * The cells to mark (1) for the view, or null when it is off or the lights
 * changed since the last step (the marks would be about another board).
 *
 * @param s - The stability, or null.
 * @param lights - The lights shown.
 * @param view - What to mark.
 * @returns One 0 or 1 per cell, or null.
 * @example
 * ```ts
 * stabilityMarks({ lights: [1, 0], stable: [true, true], steps: 1 }, [1, 0], "lit"); // [1, 0]
 * ```
 */
export function stabilityMarks(s: Stability | null, lights: readonly number[], view: StabilityView): number[] | null {
  if (view === "off" || s === null || !same(s.lights, lights)) return null;
  return s.stable.map((on, i) => (on && (view === "stable" || lights[i] !== 0) ? 1 : 0));
}

/**
 * What the view says: how many cells are stable (and lit), over how many steps.
 *
 * @param s - The stability, or null.
 * @param lights - The lights shown.
 * @returns A sentence.
 * @example
 * ```ts
 * stabilityText({ lights: [1, 0], stable: [true, false], steps: 2 }, [1, 0]);
 * // "1 of 2 cells kept their state through 2 steps of Solution as board (1 of them lit)."
 * ```
 */
export function stabilityText(s: Stability | null, lights: readonly number[]): string {
  if (s === null || !same(s.lights, lights)) {
    return "Press Solution as board (again and again): the cells that keep their state are marked.";
  }
  const stable = s.stable.filter(Boolean).length;
  const lit = s.stable.filter((on, i) => on && lights[i] !== 0).length;
  const steps = s.steps === 1 ? "1 step" : `${s.steps} steps`;
  return `${stable} of ${lights.length} cells kept their state through ${steps} of Solution as board (${lit} of them lit).`;
}

function same(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}
