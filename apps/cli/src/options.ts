/**
 * Parsers for option values. Each throws a usage error (exit 2) that names
 * the option, what was expected and what was got.
 *
 * @module
 */
import { usageError } from "./errors.js";

/**
 * Reads a decimal integer option value in `min..max`.
 *
 * @param option - the flag, e.g. `--random`
 * @param text - the value as typed
 * @param min - smallest accepted value
 * @param max - largest accepted value; when it is `Number.MAX_SAFE_INTEGER`
 *   the message only says `>= min`
 * @returns the value
 * @throws {@link CliError} (exit 2) `--random expected an integer >= 1, got 'abc'`
 */
export function parseIntegerOption(option: string, text: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const value = /^[+-]?[0-9]+$/.test(text) ? Number(text) : NaN;
  if (!(Number.isSafeInteger(value) && value >= min && value <= max)) {
    const range = max === Number.MAX_SAFE_INTEGER ? `>= ${min}` : `in ${min}..${max}`;
    throw usageError(`${option} expected an integer ${range}, got '${text}'`);
  }
  return value;
}

/** A finite field GF(p^r). */
export interface Field {
  /** The characteristic, a prime. */
  p: number;
  /** The degree, at least 1. */
  r: number;
}

/**
 * Reads `--field p` or `--field p^r` (p prime, r >= 1).
 *
 * @param text - the value as typed, e.g. `2`, `3`, `2^8`
 * @returns the field
 * @throws {@link CliError} (exit 2) when the text is not a prime power
 */
export function parseField(text: string): Field {
  const match = /^([0-9]+)(?:\^([0-9]+))?$/.exec(text);
  const p = match ? Number(match[1]) : NaN;
  const r = match?.[2] === undefined ? 1 : Number(match[2]);
  if (!(Number.isSafeInteger(p) && isPrime(p) && Number.isSafeInteger(r) && r >= 1)) {
    throw usageError(`--field expected a prime p or a prime power p^r (like 2, 3 or 2^8), got '${text}'`);
  }
  return { p, r };
}

function isPrime(n: number): boolean {
  if (n < 2) return false;
  for (let d = 2; d * d <= n; d++) if (n % d === 0) return false;
  return true;
}
