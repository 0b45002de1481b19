// The Period tool's answer in words (apart from orbit.ts, so that the page
// does not load the stepping and the algebra, which run in the worker).

import { formatCount } from "@lightsout/core";
import { ORBIT_BUDGET, type Orbit } from "./orbit.js";

/** Past this many digits a period is also written as a power of ten. */
const APPROXIMATE_FROM_DIGITS = 13;

/** " (about a × 10^e)" past 12 digits, three significant digits rounded half up on the digits themselves. */
function aboutPowerOfTen(value: bigint): string {
  const digits = value.toString();
  if (digits.length < APPROXIMATE_FROM_DIGITS) return "";
  let lead = Number(digits.slice(0, 3)) + (Number(digits[3]) >= 5 ? 1 : 0);
  let exponent = digits.length - 1;
  if (lead === 1000) {
    lead = 100;
    exponent++;
  }
  return ` (about ${Math.floor(lead / 100)}.${String(lead % 100).padStart(2, "0")} × 10^${exponent})`;
}

/**
 * A period in steps: every digit, in groups of three, and past 12 digits also about a × 10^e.
 *
 * @param period - A number of steps.
 * @returns `"2,147,483,647 steps"`, or `"2,305,843,009,213,693,951 steps (about 2.31 × 10^18)"`.
 * @example
 * ```ts
 * formatPeriod(6n); // "6 steps"
 * ```
 */
export function formatPeriod(period: bigint): string {
  return formatCount(period, "step") + aboutPowerOfTen(period);
}

/** A large number as a period bound: every digit, and about a power of ten. */
function formatBound(value: bigint): string {
  return value.toLocaleString("en-US") + aboutPowerOfTen(value);
}

/** The stepping budget in steps, for a board of `cells`. */
function budgetSteps(cells: number): string {
  return Math.floor(ORBIT_BUDGET / Math.max(1, cells)).toLocaleString("en-US");
}

/**
 * The orbit in words.
 *
 * @param orbit - From {@link pressOrbit}.
 * @param cells - The board's cells (for the budget, in steps).
 * @example
 * ```ts
 * orbitText({ exact: true, tail: 0, period: 6n, by: "steps" }, 9); // "Pressing the lit cells again and again, the board comes back every 6 steps ..."
 * ```
 */
export function orbitText(orbit: Orbit, cells: number): string {
  const ranOut = `no board came back within ${budgetSteps(cells)} steps (the stepping budget of this page)`;
  if (!orbit.exact) {
    const lead = "Pressing the lit cells again and again,";
    if (orbit.reason === undefined) return `${lead} ${ranOut}; the period is larger.`;
    const tail = orbit.tail === undefined ? "" : ` The tail is ${formatCount(orbit.tail, "step")}.`;
    const bounds =
      orbit.periodDivides !== undefined && orbit.periodMultipleOf !== undefined
        ? ` The period divides ${formatBound(orbit.periodDivides)} and is a multiple of ${formatBound(orbit.periodMultipleOf)}.`
        : "";
    return `${lead} ${ranOut}, and the algebra gives no exact period: ${orbit.reason}.${tail}${bounds}`;
  }
  const every = `every ${formatPeriod(orbit.period)}`;
  const how = orbit.by === "algebra" ? " (by algebra: the order of the minimal polynomial of these lights)" : "";
  return orbit.tail === 0
    ? `Pressing the lit cells again and again, the board comes back ${every}${how}; its solution as a board walks the same cycle backwards.`
    : `Pressing the lit cells again and again, the boards repeat ${every} after ${formatCount(orbit.tail, "step")} first${how} (this board never comes back: the press matrix is singular).`;
}
