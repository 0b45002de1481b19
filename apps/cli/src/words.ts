/**
 * Counted nouns for what the CLI prints: `1 secret`, `2 secrets`.
 *
 * @module
 */

/**
 * A count and its noun, singular for exactly one.
 *
 * @param n - the count (a number, or a bigint or text already formatted)
 * @param noun - the singular, e.g. `secret`
 * @param nouns - the plural (default: the singular and `s`)
 * @returns e.g. `1 secret`, `0 secrets`, `2 guesses`
 * @example
 * ```ts
 * counted(1, "secret");              // "1 secret"
 * counted(3, "guess", "guesses");    // "3 guesses"
 * ```
 */
export function counted(n: number | bigint | string, noun: string, nouns = `${noun}s`): string {
  return `${n} ${String(n) === "1" ? noun : nouns}`;
}
