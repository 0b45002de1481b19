// How the cells of a board are drawn (Play's and Build's Cells select): the
// choices and the one kept in localStorage. Storage failures (private modes,
// quotas) fall back to the square cells and forget the choice.

import { readChoice, writeChoice } from "./stored-choice.js";

/** A rendering of the cells: every one keeps the state colours and the marks. */
export type CellStyle = "square" | "round" | "diamond" | "beveled";

/** The renderings, as the Cells select offers them. */
export const CELL_STYLES: readonly (readonly [CellStyle, string])[] = [
  ["square", "Square"],
  ["round", "Round"],
  ["diamond", "Diamond"],
  ["beveled", "Beveled"],
];

const KEY = "lightsout-cells";

/**
 * Whether a value is one of the renderings.
 *
 * @example
 * ```ts
 * isCellStyle("round"); // true
 * ```
 */
export function isCellStyle(value: unknown): value is CellStyle {
  return CELL_STYLES.some(([style]) => style === value);
}

/**
 * The rendering chosen last, or square cells.
 *
 * @example
 * ```ts
 * loadCellStyle(); // "square" on a first visit
 * ```
 */
export function loadCellStyle(): CellStyle {
  return readChoice(KEY, isCellStyle, "square");
}

/**
 * Keeps the rendering chosen.
 *
 * @example
 * ```ts
 * saveCellStyle("diamond");
 * ```
 */
export function saveCellStyle(style: CellStyle): void {
  writeChoice(KEY, style);
}
