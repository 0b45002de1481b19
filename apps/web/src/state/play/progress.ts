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

/**
 * A result: the moves, the time of that game in ms (null when not timed), and whether it was
 * assisted (a hint asked for, or the solution shown, during the game).
 */
export interface Best {
  moves: number;
  ms: number | null;
  /** Hint or Show solution was used: such a result never beats one found alone. */
  assisted?: boolean;
}

const BEST_PREFIX = "lightsout-best-";

function readJson(key: string): unknown {
  try {
    return JSON.parse(localStorage.getItem(key) ?? "null");
  } catch {
    return null;
  }
}

function writeJson(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // not remembered
  }
}

/** A stored result, if it is one (storage is the user's: it may hold anything). */
function asResult(value: unknown): Best | null {
  const v = value as Best | null;
  if (!v || typeof v !== "object" || !Number.isSafeInteger(v.moves)) return null;
  return { moves: v.moves, ms: typeof v.ms === "number" ? v.ms : null, ...(v.assisted ? { assisted: true } : {}) };
}

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
  return asResult(readJson(BEST_PREFIX + key));
}

/**
 * Whether a result beats the best: one found alone beats any assisted one; otherwise fewer
 * moves, or as few in less time.
 *
 * @example
 * ```ts
 * beats({ moves: 9, ms: 1000, assisted: true }, { moves: 12, ms: 5000 }); // false
 * ```
 */
export function beats(result: Best, best: Best | null): boolean {
  if (!best) return true;
  if (Boolean(result.assisted) !== Boolean(best.assisted)) return !result.assisted;
  return result.moves < best.moves || (result.moves === best.moves && (result.ms ?? Infinity) < (best.ms ?? Infinity));
}

/**
 * Keeps a result when it beats the best ({@link beats}).
 *
 * @param key - From {@link puzzleKey}.
 * @param result - This game's moves, time and whether it was assisted.
 * @returns The best after this game.
 * @example
 * ```ts
 * recordBest(key, { moves: 9, ms: 30000 });
 * ```
 */
export function recordBest(key: string, result: Best): Best {
  const best = loadBest(key);
  if (!beats(result, best)) return best!;
  writeJson(BEST_PREFIX + key, result);
  return result;
}

/** A day's result of today's puzzle. */
export interface DailyResult extends Best {
  /** YYYY-MM-DD (UTC). */
  date: string;
}

const DAILY_KEY = "lightsout-daily";
/** Days of daily results kept. */
export const MAX_DAILY_DAYS = 366;

/**
 * The history of daily results with this one: one entry a day (the best of it, by
 * {@link beats}), newest first, at most {@link MAX_DAILY_DAYS}.
 *
 * @example
 * ```ts
 * withDaily([], { date: "2026-12-01", moves: 9, ms: 30000 }); // [{ date: "2026-12-01", ... }]
 * ```
 */
export function withDaily(history: readonly DailyResult[], result: DailyResult): DailyResult[] {
  const same = history.find((d) => d.date === result.date);
  const kept = same && !beats(result, same) ? same : result;
  return [kept, ...history.filter((d) => d.date !== result.date)]
    .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0))
    .slice(0, MAX_DAILY_DAYS);
}

/**
 * The daily results kept, newest first.
 *
 * @example
 * ```ts
 * loadDaily(); // [{ date: "2026-12-01", moves: 9, ms: 30000 }, ...]
 * ```
 */
export function loadDaily(): DailyResult[] {
  const value = readJson(DAILY_KEY);
  if (!Array.isArray(value)) return [];
  return value.flatMap((d) => {
    const r = asResult(d);
    const date = (d as DailyResult).date;
    return r && typeof date === "string" && /^\d{4}-\d{2}-\d{2}$/.test(date) ? [{ ...r, date }] : [];
  });
}

/**
 * Keeps a daily result in the history.
 *
 * @returns The history after it.
 * @example
 * ```ts
 * recordDaily({ date: "2026-12-01", moves: 9, ms: 30000 });
 * ```
 */
export function recordDaily(result: DailyResult): DailyResult[] {
  const history = withDaily(loadDaily(), result);
  writeJson(DAILY_KEY, history);
  return history;
}

/** The clock of the game in progress, kept so that a reload does not restart it at 0:00. */
export interface SavedClock {
  /** The puzzle, from {@link puzzleKey}. */
  key: string;
  /** Moves made when it was saved. */
  moves: number;
  /** Time played, in ms. */
  ms: number;
  assisted: boolean;
}

const CLOCK_KEY = "lightsout-clock";

/**
 * The clock saved for this puzzle, if any (one game is kept: the last one played).
 *
 * @param key - From {@link puzzleKey}.
 * @example
 * ```ts
 * loadClock(key); // { key, moves: 4, ms: 61000, assisted: false } or null
 * ```
 */
export function loadClock(key: string): SavedClock | null {
  const v = readJson(CLOCK_KEY) as SavedClock | null;
  if (!v || v.key !== key || !Number.isSafeInteger(v.moves) || typeof v.ms !== "number" || !(v.ms >= 0)) return null;
  return { key, moves: v.moves, ms: v.ms, assisted: v.assisted === true };
}

/**
 * Keeps the clock of the game in progress.
 *
 * @example
 * ```ts
 * saveClock({ key, moves: 4, ms: 61000, assisted: false });
 * ```
 */
export function saveClock(clock: SavedClock): void {
  writeJson(CLOCK_KEY, clock);
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
