// A game's progress outside the page: the moves in the URL (so reload and
// Back keep them), the daily puzzle's seed, and the best results and whether
// the timer is shown, kept in localStorage. Plain functions; storage failures (private modes, quotas)
// only mean nothing is remembered.

import { formatLimit } from "@lightsout/core";
/** Most moves a link carries. */
export const MAX_LINK_MOVES = 10_000;

/**
 * The moves as a URL parameter: cell indices in base 36, dot-separated.
 *
 * @param moves - Cell indices.
 * @returns E.g. "4.c.1k".
 * @example
 * ```ts
 * encodeMoves([4, 12, 56]); // "4.c.1k"
 * ```
 */
export function encodeMoves(moves: readonly number[]): string {
  return moves.map((m) => m.toString(36)).join(".");
}

/**
 * Reads {@link encodeMoves}.
 *
 * @param text - The parameter.
 * @param cells - Number of cells of the board (indices must be below).
 * @returns The cell indices.
 * @throws {RangeError} for more than {@link MAX_LINK_MOVES} moves or a move that is not a cell.
 * @example
 * ```ts
 * decodeMoves("4.c", 25); // [4, 12]
 * ```
 */
export function decodeMoves(text: string, cells: number): number[] {
  if (text === "") return [];
  // Counted before splitting: the text is untrusted.
  let count = 1;
  for (let i = 0; i < text.length; i++) if (text[i] === ".") count++;
  if (count > MAX_LINK_MOVES)
    throw new RangeError(
      formatLimit({ subject: "the moves of the link (p=)", max: MAX_LINK_MOVES, got: count, unit: ["move", "moves"] }),
    );
  return text.split(".").map((part, i) => {
    const cell = /^[0-9a-z]{1,6}$/.test(part) ? Number.parseInt(part, 36) : -1;
    if (cell < 0 || cell >= cells)
      throw new RangeError(
        `"p" expected cells 0..${(cells - 1).toString(36)} (base 36), got ${JSON.stringify(part)} at move ${i + 1}`,
      );
    return cell;
  });
}

/**
 * A short key for a puzzle (FNV-1a of its link), for the best results.
 *
 * @param link - The puzzle's link parameters.
 * @returns Eight hex digits.
 * @example
 * ```ts
 * puzzleKey("g=5x5&l=VVVVV"); // "a1b2c3d4"-like
 * ```
 */
export function puzzleKey(link: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < link.length; i++) {
    hash ^= link.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, "0");
}

/**
 * The daily puzzle's date (UTC) and seed.
 *
 * @param now - The moment.
 * @returns `date` as YYYY-MM-DD and `seed` as the number YYYYMMDD.
 * @example
 * ```ts
 * daily(new Date("2026-11-30T12:00:00Z")); // { date: "2026-11-30", seed: 20261130 }
 * ```
 */
export function daily(now: Date): { date: string; seed: number } {
  const date = now.toISOString().slice(0, 10);
  return { date, seed: Number(date.replaceAll("-", "")) };
}

/** A best result: the fewest moves, and the time of that game in ms (null when not timed). */
export interface Best {
  moves: number;
  ms: number | null;
}

const BEST_PREFIX = "lightsout-best-";

/**
 * The best result kept for a puzzle.
 *
 * @param key - From {@link puzzleKey}.
 * @returns The best, or null when none is kept.
 * @example
 * ```ts
 * loadBest(puzzleKey(link)); // { moves: 7, ms: 41200 } or null
 * ```
 */
export function loadBest(key: string): Best | null {
  try {
    const value = JSON.parse(localStorage.getItem(BEST_PREFIX + key) ?? "null") as Best | null;
    return value && Number.isSafeInteger(value.moves) ? value : null;
  } catch {
    return null;
  }
}

/**
 * Keeps a result when it beats the best (fewer moves, or as few in less time).
 *
 * @param key - From {@link puzzleKey}.
 * @param result - This game's moves and time.
 * @returns The best after this game.
 * @example
 * ```ts
 * recordBest(key, { moves: 9, ms: 30000 });
 * ```
 */
export function recordBest(key: string, result: Best): Best {
  const best = loadBest(key);
  const better =
    !best ||
    result.moves < best.moves ||
    (result.moves === best.moves && (result.ms ?? Infinity) < (best.ms ?? Infinity));
  if (!better) return best;
  try {
    localStorage.setItem(BEST_PREFIX + key, JSON.stringify(result));
  } catch {
    // not remembered
  }
  return result;
}

const TIMER_KEY = "lightsout-timer-hidden";

/**
 * Whether the timer is shown: it is, unless it was hidden (the choice is kept).
 *
 * @returns False once the player hid it.
 * @example
 * ```ts
 * loadTimerShown(); // true on a first visit
 * ```
 */
export function loadTimerShown(): boolean {
  try {
    return localStorage.getItem(TIMER_KEY) !== "1";
  } catch {
    return true;
  }
}

/**
 * Keeps whether the timer is shown.
 *
 * @param shown - The choice.
 * @example
 * ```ts
 * saveTimerShown(false);
 * ```
 */
export function saveTimerShown(shown: boolean): void {
  try {
    localStorage.setItem(TIMER_KEY, shown ? "0" : "1");
  } catch {
    // not remembered
  }
}
