// How the app writes a count in a sentence: one notation everywhere.

/**
 * A count with its noun: "1 edge", "2 edges", "1,024 cells".
 *
 * @param n - The count.
 * @param one - The noun for 1.
 * @param many - The noun for any other count.
 * @returns The phrase.
 * @example
 * ```ts
 * count(1, "edge", "edges"); // "1 edge"
 * ```
 */
export function count(n: number, one: string, many: string): string {
  return `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
}
