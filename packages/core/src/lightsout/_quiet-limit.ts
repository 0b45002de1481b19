// The caller's cap on a basis of quiet patterns (`maxEntries` of
// quietPatterns, `maxQuietEntries` of solveGrid): each route checks it, with
// its own limit, as soon as it knows the nullity and before it builds a
// pattern.

import { describe } from "../internal/check.js";

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
 * A count and its noun, for messages: `1 quiet pattern`, `2 quiet patterns`.
 *
 * @param n - The count.
 * @param noun - The singular.
 * @returns The words.
 */
export function counted(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}
