// What Learn's two panels under the chase show, as plain values: the quiet
// patterns of the board (with their sentences and captions), and the
// first-row fix: the lookup table for two states, the C z = −d system over
// Z_k for more.

import { type GridBoard, quietPatterns, solveLightsOut } from "@lightsout/core";
import { type ChaseTrace, firstRowLookup } from "@lightsout/core/lightsout";
import { chaseMatrixModK } from "./trace.js";
import { quietCountText } from "../words.js";

/** The quiet-pattern gallery. */
export interface Gallery {
  readonly intro: string;
  /** How many there are, and what that means for solutions. */
  readonly note: string;
  readonly patterns: readonly {
    /** Press counts per cell. */
    readonly cells: readonly number[];
    /** The picture's accessible name. */
    readonly label: string;
    readonly caption: string;
  }[];
  /** Whether the pictures write each count as a digit (k > 2; two states are colour and label only). */
  readonly digits: boolean;
}

/** A board with no quiet pattern: every board of its size is winnable, in one way. */
function noQuietPattern(intro: string, where: string, digits: boolean): Gallery {
  return {
    intro,
    note: `${where} has ${quietCountText("1")}: every board of this size is winnable, in exactly one way.`,
    patterns: [],
    digits,
  };
}

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}

/**
 * The quiet patterns of a board: press sets that change no light.
 *
 * @param board - A plain rectangle.
 * @param states - k.
 * @returns The gallery.
 * @example
 * ```ts
 * quietGallery(gridBoard(5, 5), 2).patterns.length; // 2
 * ```
 */
export function quietGallery(board: GridBoard, states: number): Gallery {
  return states > 2 ? multiStateGallery(board, states) : twoStateGallery(board);
}

function twoStateGallery(board: GridBoard): Gallery {
  const intro =
    "Press sets that change no light at all. Adding one to a solution gives another solution, and a board is winnable exactly when it meets every quiet pattern in an even number of lit cells.";
  const patterns = quietPatterns(board);
  const size = `The ${board.rows} × ${board.cols} board`;
  if (patterns.length === 0) return noQuietPattern(intro, size, false);
  return {
    intro,
    note: `${size} has ${quietCountText(String(2 ** patterns.length))}, all sums of these ${patterns.length}; so every winnable board has ${2 ** patterns.length} solutions.`,
    patterns: patterns.map((q, i) => {
      const count = q.reduce((n, v) => n + v, 0);
      return {
        cells: Array.from(q),
        label: `Quiet pattern ${i + 1}: ${count} presses`,
        caption: `Pattern ${i + 1}: ${count} presses`,
      };
    }),
    digits: false,
  };
}

function multiStateGallery(board: GridBoard, k: number): Gallery {
  const intro =
    `Press counts (0 to ${k - 1} per cell) that bring every light back to where it was: each cell gets a multiple of ${k}. ` +
    `Adding one to a solution gives another solution, and a board is winnable exactly when, for every quiet pattern, the sum over the cells of count × state is a multiple of ${k}.`;
  const patterns = quietPatterns(board, { states: k });
  const where = `The ${board.rows} × ${board.cols} board over Z_${k}`;
  if (patterns.length === 0) return noQuietPattern(intro, where, true);
  const count = solveLightsOut(board, new Array<number>(board.rows * board.cols).fill(0), { states: k }).quietCount;
  return {
    intro,
    note:
      `${where} has ${quietCountText(String(count))}, all combinations of ${patterns.length === 1 ? "this one" : `these ${patterns.length}`} ` +
      `(each added 0 to ${k - 1} times, counts mod ${k}); so every winnable board has ${count} solutions. The digits are press counts.`,
    patterns: patterns.map((pattern, i) => {
      const q = Array.from(pattern);
      const presses = q.reduce((n, v) => n + v, 0);
      // Added to itself this many times, the pattern is back to nothing (k when its counts share no factor with k).
      const order =
        k /
        gcd(
          k,
          q.reduce((g, v) => gcd(g, v), 0),
        );
      return {
        cells: q,
        label: `Quiet pattern ${i + 1}: press counts ${q.join(" ")}`,
        caption: `Pattern ${i + 1}: ${presses} presses${order < k ? `, back to nothing after adding it ${order} times` : ""}`,
      };
    }),
    digits: true,
  };
}

/** The two-state first-row lookup: its sentences, and its table or, when too long to list, the inverse's rows. */
export interface Lookup {
  readonly title: string;
  readonly intro: string;
  /** The chase matrix's rank and what it means for the table. */
  readonly summary: string;
  /** Last row -> first-row presses, as 0/1 strings; null when there are too many to list. */
  readonly entries: readonly { readonly lastRow: string; readonly firstRow: string }[] | null;
  /** When there is no table: why, and each first-row press as a sum of last-row lights. */
  readonly instead: { readonly note: string; readonly rows: string } | null;
}

/**
 * The first-row lookup table of a board (two states).
 *
 * @example
 * ```ts
 * lookupTable(gridBoard(5, 5)).entries?.length; // 8
 * ```
 */
export function lookupTable(board: GridBoard): Lookup {
  const t = firstRowLookup(board.rows, board.cols, { maxEntries: 256 });
  const summary =
    `${board.cols} columns: the chase matrix has rank ${t.rank}, so ${2 ** t.rank} of the ${2 ** board.cols} last rows can be cleared` +
    (t.nullity
      ? `, each by ${2 ** t.nullity} different first rows (the table shows the one with free presses 0).`
      : `, each by exactly one first row.`);
  return {
    title: "The first-row lookup",
    intro:
      "After the first chase only the last row can be lit. Which first-row presses clear it depends on that last row alone: this table lists them.",
    summary,
    entries: t.entries ? t.entries.map((e) => ({ lastRow: e.lastRow.join(""), firstRow: e.firstRow.join("") })) : null,
    instead: t.entries
      ? null
      : {
          note: `${2 ** t.rank} entries are too many to list; first-row press i is the sum (mod 2) of the last-row lights marked in row i:`,
          rows: t.inverse.map((r, i) => `press ${String(i + 1).padStart(2)}: ${Array.from(r).join("")}`).join("\n"),
        },
  };
}

/** The k-state first-row fix of the board chased: its sentences, the last row and fix, and the system they solve. */
export interface Fix {
  readonly title: string;
  readonly intro: string;
  readonly cols: number;
  readonly lastRow: readonly number[];
  /** The first-row presses, or null when no first row works. */
  readonly firstRow: readonly number[] | null;
  readonly verdict: string;
  /** The system's title and what its symbols mean. */
  readonly system: string;
  readonly about: string;
  /** C: row i, column j is last-row cell i after one press of first-row cell j. */
  readonly matrix: readonly (readonly number[])[];
  /** −d: the last row's opposite, mod k. */
  readonly minusLastRow: readonly number[];
}

/**
 * The first-row fix of a traced board over Z_k.
 *
 * @example
 * ```ts
 * firstRowFix(learnChase(3, 3, lights, 3)).matrix.length; // 3
 * ```
 */
export function firstRowFix(t: ChaseTrace): Fix {
  const k = t.states;
  const n = t.cols;
  const firstRow = t.firstRow ? Array.from(t.firstRow) : null;
  return {
    title: "The first-row fix",
    intro:
      `After the first chase only the last row can have cells not at 0, and which first-row presses clear it depends on that last row alone. ` +
      `With ${k} states a lookup table would need one line per possible last row, ${k}^${n}${k ** n <= 1e6 ? ` = ${(k ** n).toLocaleString("en")}` : ""} of them, ` +
      `so instead the first row is found by solving a small ${n} × ${n} system over Z_${k}: column j of its matrix is the last row that chasing one press of ` +
      `first-row cell j leaves on a dark board, and the presses z must give C z = −(last row), mod ${k}.`,
    cols: n,
    lastRow: Array.from(t.lastRow),
    firstRow,
    verdict: firstRow
      ? `For this board: press the first row ${firstRow.join(" ")} (times per column), then chase again.`
      : `For this board no first row works: the ${n} × ${n} system has no solution, so the board cannot be cleared.`,
    system: `The ${n} × ${n} system over Z_${k}`,
    about: `C z = −d (mod ${k}): column j of C is the last row left by one press of first-row cell j, z the first-row presses, d the last row.`,
    // C from chasing single first-row presses, z the fix, −d the last row's opposite
    matrix: chaseMatrixModK(t.rows, n, k),
    minusLastRow: Array.from(t.lastRow, (d) => (k - d) % k),
  };
}
