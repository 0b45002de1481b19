// The engine's answers as the screens need them: a fewest-press solution,
// the next press of it, and the proof when a board cannot be cleared. The
// engine takes the number of states and picks its arithmetic (GF(2) for
// two, Z_k beyond).

import { type Board, fewestPresses, solveLightsOut } from "@lightsout/core";
import { formatPrimePowers } from "@lightsout/core/lightsout";
import { targetsOf } from "./targets.js";
import { tooBigToSolve } from "./limits.js";
import { quietCountText } from "./words.js";

/** What the solvers say about some lights. */
export type Analysis =
  | {
      solvable: true;
      /** Presses per cell (how many times, 0..k-1) that clear the board. */
      presses: number[];
      /** Total presses, counted with multiplicity. */
      count: number;
      /** Whether `presses` is proven to be a fewest-press solution. */
      optimal: boolean;
    }
  | {
      solvable: false;
      /**
       * y with y A = 0 and y . lights != 0 (mod k): every press leaves
       * y . lights unchanged, so it never reaches 0. Null when the solver
       * gave no certificate (some multi-state boards solved by chasing).
       */
      proof: number[] | null;
    };

// Above 2^20 solutions (two states: in one independent block) the exhaustive minimum would freeze the
// page; one solution is still exact.
const MAX_NULLITY = 20;
const MAX_SOLUTIONS = 1 << 20;
const MAX_BLOCK_PLANNING = 2 ** 26;

/**
 * Solves lights on a board: a fewest-press solution when one can be found
 * quickly (2^20 solutions enumerated at most), any solution otherwise, or
 * the proof of unsolvability.
 *
 * @param board - Any board.
 * @param lights - One state per cell.
 * @param states - k, 2..36.
 * @returns The analysis.
 * @throws {TypeError | RangeError} from the engine for a malformed board or lights; RangeError for a board
 *   too big to solve in bounded time ({@link tooBigToSolve}).
 * @example
 * ```ts
 * analyse(gridBoard(5, 5), new Array(25).fill(1), 2); // { solvable: true, count: 15, optimal: true, ... }
 * ```
 */
export function analyse(board: Board, lights: ArrayLike<number>, states: number): Analysis {
  const tooBig = tooBigToSolve(board, targetsOf(board).length);
  if (tooBig) throw new RangeError(tooBig);
  // One solution first (light chasing on rectangles): it gives the nullity and the number of
  // solutions, and the enumeration of them only runs when that is small.
  const s = solveLightsOut(board, lights, { states });
  if (!s.solvable) return { solvable: false, proof: s.proof ? Array.from(s.proof) : null };
  // Two states split the solutions into independent blocks and enumerate each on its own, so the
  // bound there is on a block's dimension (maxNullity); finding the blocks costs about nullity^2 x
  // cells bit operations (24 s for nullity 144 on 256 x 256), so it is bounded too. More states
  // enumerate every solution, at most `limit`.
  if (s.nullity > 0 && s.nullity ** 2 * lights.length <= MAX_BLOCK_PLANNING) {
    try {
      const f = fewestPresses(board, lights, { states, maxNullity: MAX_NULLITY, limit: MAX_SOLUTIONS });
      if (f.solvable) return { solvable: true, presses: Array.from(f.presses!), count: f.count!, optimal: true };
    } catch (error) {
      if (!(error instanceof RangeError) || !/maxNullity|solutions to enumerate/.test(error.message)) throw error;
    }
  }
  const presses = Array.from(s.presses!);
  return { solvable: true, presses, count: sum(presses), optimal: s.quietCount === 1n };
}

function sum(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

/**
 * The next press of a solution: the first cell it presses (a fewest-press
 * solution stays one after pressing any of its cells).
 *
 * @param analysis - From {@link analyse}.
 * @returns The cell index, or null when the board is dark or unsolvable.
 * @example
 * ```ts
 * nextPress(analyse(gridBoard(1, 3), [1, 1, 0], 2)); // 0
 * ```
 */
export function nextPress(analysis: Analysis): number | null {
  if (!analysis.solvable) return null;
  const i = analysis.presses.findIndex((x) => x > 0);
  return i < 0 ? null : i;
}

/**
 * The summary Build shows: the cells, the nullity (the fewest generators of the quiet patterns,
 * over GF(2) or Z_k), the quiet patterns counted (pressing nothing included), the share of
 * winnable boards (one in that count), and whether these lights are winnable.
 *
 * @param board - Any board.
 * @param lights - One state per cell.
 * @param states - k.
 * @returns One sentence.
 * @throws {RangeError} for a board too big to solve here ({@link tooBigToSolve}), or from the engine.
 * @example
 * ```ts
 * summarise(gridBoard(5, 5), new Array(25).fill(0), 2); // "25 cells, nullity 2 (4 quiet patterns, ...). These lights are winnable."
 * ```
 */
export function summarise(board: Board, lights: ArrayLike<number>, states: number): string {
  const cells = lights.length;
  const tooBig = tooBigToSolve(board, cells);
  if (tooBig) throw new RangeError(tooBig);
  const s = solveLightsOut(board, lights, { states });
  // counts as prime powers: past 2^256 a power, never thousands of digits (255^4096 has 9,858)
  const quiet = formatPrimePowers(s.quietCountFactors);
  const w = s.winnableBoardsFactors;
  // over a field (k prime) the winnable boards are k^rank; over Z_k their count as prime powers
  const winnable =
    w.length === 0
      ? "1"
      : w.length === 1 && w[0]!.prime === states
        ? `${states}^${w[0]!.exponent}`
        : formatPrimePowers(w);
  const share =
    quiet === "1"
      ? "every board is winnable"
      : `${winnable} of the ${states}^${cells} boards are winnable, one in ${quiet}`;
  const over = states === 2 ? "" : ` over Z_${states}`;
  return `${cells} cells, nullity ${s.nullity}${over} (${quietCountText(quiet)}; ${share}). These lights are ${s.solvable ? "winnable" : "not winnable"}.`;
}
