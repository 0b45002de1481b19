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
 * @param why - where the limits come from, added to the message in parentheses
 * @returns the value
 * @throws {@link CliError} (exit 2) `--random expected an integer >= 1, got 'abc'`
 */
export function parseIntegerOption(
  option: string,
  text: string,
  min: number,
  max = Number.MAX_SAFE_INTEGER,
  why?: string,
): number {
  const value = /^[+-]?[0-9]+$/.test(text) ? Number(text) : NaN;
  if (!(Number.isSafeInteger(value) && value >= min && value <= max)) {
    const range = max === Number.MAX_SAFE_INTEGER ? `>= ${min}` : `in ${min}..${max}`;
    const shown = text.length > 40 ? `${text.slice(0, 40)}...` : text;
    throw usageError(`${option} expected an integer ${range}, got '${shown}'${why === undefined ? "" : ` (${why})`}`);
  }
  return value;
}

/**
 * Reads a `--seed` of the core's generators (`random`, `rank --random`): any
 * safe integer, negative ones included, exactly as the library takes them.
 *
 * @param text - the value as typed
 * @returns the seed
 * @throws {@link CliError} (exit 2) `--seed expected an integer with |s| < 2^53, got '1.5'`
 * @example
 * ```ts
 * parseSeed("-7"); // -7
 * ```
 */
export function parseSeed(text: string): number {
  const value = /^[+-]?[0-9]+$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(value)) throw usageError(`--seed expected an integer with |s| < 2^53, got '${text}'`);
  return value;
}

/** A finite field GF(p^r). */
export interface Field {
  /** The characteristic, a prime. */
  p: number;
  /** The degree, at least 1. */
  r: number;
}

/** Largest field order accepted, exclusive: the core's fields are below 2^31. */
const FIELD_LIMIT = 2 ** 31;

/**
 * Reads `--field q` or `--field p^r`: a prime power below 2^31, written
 * whole (`4`, `65521`) or as a power (`2^8`, `3^2`).
 *
 * @param text - the value as typed, e.g. `2`, `3`, `4`, `2^8`
 * @returns the field, as its prime p and degree r (4 gives p = 2, r = 2)
 * @throws {@link CliError} (exit 2) when the text is not a prime power, or it is 2^31 or more
 * @example
 * ```ts
 * parseField("4");   // { p: 2, r: 2 }
 * parseField("3^2"); // { p: 3, r: 2 }
 * ```
 */
export function parseField(text: string): Field {
  const match = /^([0-9]+)(?:\^([0-9]+))?$/.exec(text);
  const base = match ? Number(match[1]) : NaN;
  const exponent = match?.[2] === undefined ? 1 : Number(match[2]);
  if (base >= FIELD_LIMIT || (base >= 2 && exponent >= 1 && base ** exponent >= FIELD_LIMIT))
    throw usageError(`--field expected p^r below 2^31, got '${text}'`);
  const power = Number.isInteger(base) && Number.isInteger(exponent) && exponent >= 1 ? primePower(base) : undefined;
  if (!power) {
    throw usageError(
      `--field expected a prime power q = p^r below 2^31, written q or p^r (like 2, 4, 3^2 or 65521), got '${text}'`,
    );
  }
  return { p: power.p, r: power.r * exponent };
}

/**
 * Whether n (below 2^31) is a prime, by trial division.
 *
 * @param n - an integer
 * @returns true for a prime
 */
export function isPrime(n: number): boolean {
  return primePower(n)?.r === 1;
}

/** n = p^r for a prime p, or undefined (n < 2^31: trial division is quick). */
function primePower(n: number): Field | undefined {
  if (n < 2) return undefined;
  let p = n;
  for (let d = 2; d * d <= n; d++) {
    if (n % d === 0) {
      p = d;
      break;
    }
  }
  let r = 0;
  let rest = n;
  for (; rest % p === 0; rest /= p) r++;
  return rest === 1 ? { p, r } : undefined;
}
