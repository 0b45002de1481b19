// The caller's cap on a basis of quiet patterns (`maxEntries` of
// quietPatterns, `maxQuietEntries` of solveGrid): each route checks it, with
// its own limit, as soon as it knows the nullity and before it builds a
// pattern.

import { describe } from "../internal/check.js";
import { formatCount, formatLimit } from "../internal/sizes.js";

/**
 * Reads a cap on the entries (patterns x cells) of a quiet basis.
 *
 * @param name - The option's name, for the message.
 * @param value - The option: undefined (no cap of the caller's) or a positive safe integer.
 * @returns The cap, Infinity when there is none.
 * @throws {RangeError} for anything but a positive safe integer.
 */
export function checkMaxEntries(name: string, value: unknown): number {
  if (value === undefined) return Number.POSITIVE_INFINITY;
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 1)
    throw new RangeError(`"${name}" expected a positive safe integer, got ${describe(value)}`);
  return value;
}

/**
 * The error for a quiet basis past a cap, the same from every route.
 *
 * @param board - The board, for the message: `"the 1200 x 1200 board"`, `"this 90000-cell board over Z_3"`.
 * @param patterns - The patterns of the basis (its nullity, or generators).
 * @param cells - The entries of each pattern.
 * @param most - The largest number of entries (patterns x cells) allowed.
 * @returns The RangeError to throw.
 */
export function quietTooLarge(board: string, patterns: number, cells: number, most: number): RangeError {
  return new RangeError(
    formatLimit({
      subject: `the quiet basis of ${board} (${formatCount(patterns, "pattern")} of ${formatCount(cells, "cell")})`,
      max: most,
      got: patterns * cells,
      unit: ["entry", "entries"],
      hint: "ask for the nullity instead, or for the patterns of a smaller board",
    }),
  );
}
