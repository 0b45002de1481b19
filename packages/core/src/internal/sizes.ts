// Sizes and limits in messages: one way to write an amount of memory, a
// count, and the sentence that says a limit was passed, for the library,
// the CLI and the web app alike.

/** Binary units, as memory is counted (1 KiB = 1024 bytes). */
const UNITS = ["KiB", "MiB", "GiB", "TiB", "PiB"] as const;

/**
 * An amount of memory: whole bytes below 1 KiB, else binary units with
 * `significant` digits at most, trailing zeros dropped.
 *
 * @param bytes - A non-negative number of bytes.
 * @param significant - Significant digits past the unit (default 3).
 * @returns E.g. `"12 bytes"`, `"1 KiB"`, `"1.5 GiB"`, `"263 MiB"`.
 * @example
 * ```ts
 * formatBytes(2 ** 30); // "1 GiB"
 * formatBytes(1536);    // "1.5 KiB"
 * ```
 */
export function formatBytes(bytes: number, significant = 3): string {
  if (!Number.isFinite(bytes)) return String(bytes);
  if (Math.abs(bytes) < 1024) return `${bytes} ${Math.abs(bytes) === 1 ? "byte" : "bytes"}`;
  let value = bytes / 1024;
  let unit = 0;
  while (Math.abs(value) >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  // toPrecision keeps `significant` digits; Number() drops trailing zeros and the exponent form
  const shown = Number.isInteger(value) ? String(value) : String(Number(value.toPrecision(significant)));
  return `${shown} ${UNITS[unit]}`;
}

/** A whole number with thousands separated by commas: `268,435,456`. */
function grouped(value: number | bigint): string {
  return typeof value === "bigint" || Number.isSafeInteger(value) ? value.toLocaleString("en-US") : String(value);
}

/**
 * A count with its noun: `"1 cell"`, `"268,435,456 cells"`.
 *
 * @param count - The number (a bigint past 2^53).
 * @param singular - The noun for one.
 * @param plural - The noun for any other count (default: `singular` + "s").
 * @returns The count and the noun.
 * @example
 * ```ts
 * formatCount(1, "secret");                   // "1 secret"
 * formatCount(65536, "vertex", "vertices");   // "65,536 vertices"
 * ```
 */
export function formatCount(count: number | bigint, singular: string, plural = `${singular}s`): string {
  // exactly one is singular (1n too); 0, fractions and many are plural
  return `${grouped(count)} ${count === 1 || count === 1n ? singular : plural}`;
}

/**
 * Two amounts of memory written so that they differ when they do: more
 * digits until they part, then the exact number of bytes. A limit and the
 * amount that passed it never read alike ("needs 1.00 GiB, at most 1.00 GiB").
 */
function bytesApart(a: number, b: number): [string, string] {
  if (a === b) return [formatBytes(a), formatBytes(b)];
  for (let digits = 3; digits <= 7; digits++) {
    const x = formatBytes(a, digits);
    const y = formatBytes(b, digits);
    if (x !== y) return [x, y];
  }
  return [`${grouped(a)} bytes`, `${grouped(b)} bytes`];
}

/**
 * What a limit counts: `"bytes"` (memory, written in binary units) or a
 * noun as `[singular, plural]`, e.g. `["cell", "cells"]`.
 */
export type LimitUnit = "bytes" | readonly [singular: string, plural: string];

/**
 * A passed limit, for {@link formatLimit}.
 *
 * @example
 * ```ts
 * const limit: Limit = { subject: "a board", max: 2 ** 28, got: 2 ** 28 + 1, unit: ["cell", "cells"] };
 * ```
 */
export interface Limit {
  /** What is limited, as the sentence's subject: `"a 92672 x 92673 GF(2) matrix"`, `"--random"`. */
  subject: string;
  /** The largest amount accepted. */
  max: number;
  /**
   * The amount asked for; `"more"` when only a lower bound is known; or
   * the amount already written, with its noun, when it is no number
   * (`"2^300 solutions"`, a count past 2^53 kept as prime powers).
   */
  got: number | string;
  /** What is counted. */
  unit: LimitUnit;
  /** Why the limit is what it is: `"one block of WebAssembly memory"`. */
  why?: string;
  /** What to do instead: `"write big boards in the text format"`. */
  hint?: string;
}

/**
 * The sentence for a passed limit, the same everywhere. Memory:
 * `<subject> needs <got>, but at most <max> fit (<why>); <hint>`; counts:
 * `<subject> expected at most <max> (<why>), got <got>; <hint>`. Amounts of
 * memory are written so that the two never read alike.
 *
 * @param limit - The subject, the amounts, the unit, and optionally why and what to do.
 * @returns One line, without a final period.
 * @example
 * ```ts
 * formatLimit({ subject: "a JSON board", max: 2 ** 28, got: 300 * 2 ** 20, unit: "bytes",
 *   hint: "write big boards in the text format" });
 * // "a JSON board needs 300 MiB, but at most 256 MiB fit; write big boards in the text format"
 * formatLimit({ subject: "a matrix", max: 2 ** 30, got: 2 ** 30 + 2 ** 16, unit: "bytes", why: "one block" });
 * // "a matrix needs 1.0001 GiB, but at most 1 GiB fit (one block)"
 * formatLimit({ subject: "a 20000 x 20000 board", max: 2 ** 28, got: 4e8, unit: ["cell", "cells"] });
 * // "a 20000 x 20000 board expected at most 268,435,456 cells, got 400,000,000 cells"
 * ```
 */
export function formatLimit(limit: Limit): string {
  const { subject, max, got, unit, why, hint } = limit;
  const because = why ? ` (${why})` : "";
  const instead = hint ? `; ${hint}` : "";
  if (unit === "bytes") {
    const [maxText, gotText] =
      typeof got === "string"
        ? [formatBytes(max), got === "more" ? `more than ${formatBytes(max)}` : got]
        : bytesApart(max, got);
    return `${subject} needs ${gotText}, but at most ${maxText} fit${because}${instead}`;
  }
  const maxText = formatCount(max, unit[0], unit[1]);
  const gotText = typeof got === "string" ? got : formatCount(got, unit[0], unit[1]);
  return `${subject} expected at most ${maxText}${because}, got ${gotText}${instead}`;
}
