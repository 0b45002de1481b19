// Light chasing step by step on the plain rows x cols rectangle (plus rule),
// for display and teaching, over any ring: chase down, read the last row,
// press the first-row fix, chase again; every step carries the presses it
// made and the lights after it.

import { describe } from "../internal/check.js";
import { formatLimit } from "../internal/sizes.js";
import { type Ring, ringOf, zerosOf } from "../solvers/ring.js";
import { analyse } from "./_analysis.js";
import { packBoard } from "./_chase-bits.js";
import { type CellValues, checkStates, checkValues, gridBoard, type StatesOptions } from "./board.js";
import { chaseMatrix, checkSize } from "./chase.js";

/**
 * What happens in one step of a {@link chaseTrace}.
 *
 * @example
 * ```ts
 * chaseTrace(3, 3, [1, 0, 0, 0, 0, 0, 0, 0, 0]).steps.map((s) => s.phase);
 * // ["chase", "chase", "last-row", "fix", "chase-again", "chase-again"]
 * ```
 */
export type ChasePhase = "chase" | "last-row" | "fix" | "chase-again";

/**
 * One step of a chase, as plain values a UI can animate.
 *
 * @example
 * ```ts
 * const [first] = chaseTrace(3, 3, [1, 0, 0, 0, 0, 0, 0, 0, 0]).steps;
 * first!.phase;   // "chase": the lit cell of row 0 ...
 * first!.presses; // Uint8Array [0, 0, 0, 1, 0, 0, 0, 0, 0]: ... is cleared by the press below it
 * const [again] = chaseTrace(2, 2, [1, 0, 0, 0], { states: 3 }).steps;
 * again!.presses; // Uint32Array [0, 0, 2, 0]: twice below the cell at 1
 * ```
 */
export interface ChaseStep<P extends CellValues = CellValues> {
  /**
   * `chase`: the cells below the cells of `row` not at 0 are pressed, each
   * k - light times (first pass); `last-row`: nothing pressed, the last row
   * is read; `fix`: the first-row presses that clear that last row;
   * `chase-again`: as `chase`, after the fix.
   */
  phase: ChasePhase;
  /** The row whose lights are cleared (chase), read (last-row), or pressed (fix: 0). */
  row: number;
  /** Presses made in this step: rows * cols entries, how many times each cell is pressed (0..k-1). */
  presses: P;
  /** The lights after this step: rows * cols entries. */
  lights: P;
}

/**
 * The whole chase of one board, from {@link chaseTrace}.
 *
 * @example
 * ```ts
 * const t: ChaseTrace = chaseTrace(5, 5, new Array(25).fill(1));
 * t.lastRow;  // Uint8Array [1, 0, 0, 0, 1]: lit after the first pass
 * t.firstRow; // Uint8Array [1, 1, 0, 0, 0]: the fix
 * t.solution; // every press of the trace: switches the board off
 * ```
 */
export interface ChaseTrace<P extends CellValues = CellValues> {
  /** Rows of the board. */
  rows: number;
  /** Columns of the board. */
  cols: number;
  /** Number of light states k. */
  states: number;
  /** The board at the start (rows * cols entries). */
  lights: P;
  /** Every step in order: the first pass, the last row, the fix, the second pass. */
  steps: ChaseStep<P>[];
  /** The last row after the first pass (cols entries). */
  lastRow: P;
  /** Whether the board can be cleared: some first row clears the last row (C z = -d has a solution). */
  solvable: boolean;
  /** The first-row fix (cols entries), when solvable. */
  firstRow?: P;
  /** Every press of all steps summed (mod k; XOR for two states), rows * cols entries: a solution, when solvable. */
  solution?: P;
}

/** Largest board a trace covers: each step holds two copies of the board. */
const TRACE_MAX_CELLS = 16384;

/** The sizes and lights of a trace, checked with the messages each ring always gave. */
function checkTrace(rows: number, cols: number, lights: ArrayLike<number>, ring: Ring): [number, number] {
  const [m, n] = ring.bits ? checkSize(rows, cols) : checkSides(rows, cols);
  if (m * n > TRACE_MAX_CELLS) {
    throw new RangeError(
      formatLimit({
        subject: ring.bits ? `chaseTrace: a ${m} x ${n} board` : `a chase trace of a ${m} x ${n} board`,
        max: TRACE_MAX_CELLS,
        got: m * n,
        unit: ["cell", "cells"],
      }),
    );
  }
  if (ring.bits) packBoard("lights", m, n, lights);
  else checkValues("lights", lights, m * n, ring);
  return [m, n];
}

function checkSides(rows: number, cols: number): [number, number] {
  for (const [name, v] of [
    ["rows", rows],
    ["cols", cols],
  ] as const) {
    if (typeof v !== "number" || !Number.isSafeInteger(v) || v < 1)
      throw new RangeError(`"${name}" expected an integer >= 1, got ${describe(v)}`);
  }
  return [rows, cols];
}

/**
 * The first-row presses that clear `lastRow` after the first pass, or null:
 * over GF(2) the chase matrix's solution with its free presses 0; over
 * residues the first row of the board's solution (chasing from it forces
 * the rest), none when the last row is already dark.
 */
function firstRowFix(
  m: number,
  n: number,
  lights: ArrayLike<number>,
  lastRow: CellValues,
  ring: Ring,
): CellValues | null {
  if (ring.bits) {
    using c = chaseMatrix(m, n);
    const fix = c.solve(lastRow);
    return fix.solvable ? fix.x : null;
  }
  const s = analyse(gridBoard(m, n), lights, ring, {});
  if (!s.solvable) return null;
  return lastRow.every((v) => v === 0) ? zerosOf(ring, n) : s.presses!.slice(0, n);
}

/**
 * Light chasing step by step, for display and teaching, on the rows x cols
 * rectangle (plus rule): chase down (for rows 0..rows-2, press the cell
 * below every cell not at 0, k - light times: one step per row), read the
 * last row, press the first-row fix from the chase matrix, chase again.
 * Every step carries the presses it made and the lights after it; on a
 * winnable board the last step leaves it dark. On a board that cannot be
 * cleared the trace stops after reading the last row (`solvable: false`).
 *
 * @param rows - Rows, >= 1.
 * @param cols - Columns, >= 1, with rows * cols <= 16384.
 * @param lights - rows * cols entries 0..k-1, row-major.
 * @param options - `states`: k (default 2).
 * @returns The steps, the last row read, the fix and the overall solution.
 * @throws {TypeError} for an entry that is not an integer; {RangeError} for sizes, lengths, k and entries
 *   out of range.
 * @example
 * ```ts
 * const t = chaseTrace(5, 5, new Uint8Array(25).fill(1));
 * t.steps.map((s) => s.phase); // ["chase" x4, "last-row", "fix", "chase-again" x4]
 * t.lastRow; // Uint8Array [1, 0, 0, 0, 1]: what the first pass leaves lit
 * t.firstRow; // Uint8Array [1, 1, 0, 0, 0]: the first-row presses that fix it
 * t.steps.at(-1)!.lights.every((v) => v === 0); // true
 * chaseTrace(3, 3, [2, 1, 1, 1, 1, 2, 0, 2, 1], { states: 3 }).solvable; // true
 * ```
 */
export function chaseTrace(
  rows: number,
  cols: number,
  lights: ArrayLike<number>,
  options?: StatesOptions & { states?: 2 },
): ChaseTrace<Uint8Array>;
/**
 * Light chasing step by step with k states (see the two-state signature).
 *
 * @param rows - Rows, >= 1.
 * @param cols - Columns, >= 1, with rows * cols <= 16384.
 * @param lights - rows * cols entries 0..k-1, row-major.
 * @param options - `states`: k (default 2).
 * @returns The trace: Uint8Arrays for two states, Uint32Arrays for more.
 * @example
 * ```ts
 * const k: number = 3;
 * chaseTrace(3, 3, [2, 1, 1, 1, 1, 2, 0, 2, 1], { states: k }).steps.at(-1)!.lights.every((v) => v === 0); // true
 * ```
 */
export function chaseTrace(rows: number, cols: number, lights: ArrayLike<number>, options?: StatesOptions): ChaseTrace;
export function chaseTrace(rows: number, cols: number, lights: ArrayLike<number>, options?: StatesOptions): ChaseTrace {
  const ring = ringOf(checkStates(options));
  const [m, n] = checkTrace(rows, cols, lights, ring);
  const { k } = ring;
  const start = zerosOf(ring, m * n);
  start.set(Array.from({ length: m * n }, (_, i) => lights[i]!));
  const state = start.slice();
  const solution = zerosOf(ring, m * n);
  const steps: ChaseStep[] = [];
  /** Presses each cell x times (mod k): its own light and its four neighbours'. */
  const press = (presses: CellValues) => {
    for (let i = 0; i < m * n; i++) {
      const x = presses[i]!;
      if (x === 0) continue;
      solution[i] = (solution[i]! + x) % k;
      const r = Math.floor(i / n);
      const c = i % n;
      for (const j of [i, r > 0 ? i - n : -1, r + 1 < m ? i + n : -1, c > 0 ? i - 1 : -1, c + 1 < n ? i + 1 : -1]) {
        if (j >= 0) state[j] = (state[j]! + x) % k;
      }
    }
  };
  const chasePass = (phase: "chase" | "chase-again") => {
    for (let r = 0; r + 1 < m; r++) {
      const presses = zerosOf(ring, m * n);
      for (let c = 0; c < n; c++) presses[(r + 1) * n + c] = (k - state[r * n + c]!) % k;
      press(presses);
      steps.push({ phase, row: r, presses, lights: state.slice() });
    }
  };
  chasePass("chase");
  const lastRow = state.slice((m - 1) * n);
  steps.push({ phase: "last-row", row: m - 1, presses: zerosOf(ring, m * n), lights: state.slice() });
  const firstRow = firstRowFix(m, n, start, lastRow, ring);
  if (!firstRow) return { rows: m, cols: n, states: k, lights: start, steps, lastRow, solvable: false };
  const fix = zerosOf(ring, m * n);
  fix.set(firstRow);
  press(fix);
  steps.push({ phase: "fix", row: 0, presses: fix, lights: state.slice() });
  chasePass("chase-again");
  if (state.some((v) => v !== 0))
    throw new Error("internal error: the chase did not clear the board; please report it");
  return { rows: m, cols: n, states: k, lights: start, steps, lastRow, solvable: true, firstRow, solution };
}
