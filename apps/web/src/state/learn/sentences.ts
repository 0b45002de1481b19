// One sentence per step of a light chase, from the trace's plain values:
// lights on and off for two states, counts and "not yet at 0" for k states.

import type { ChaseTrace } from "@lightsout/core/lightsout";

function columns(presses: ArrayLike<number>, from: number, cols: number): number[] {
  const out: number[] = [];
  for (let c = 0; c < cols; c++) if (presses[from + c]) out.push(c + 1);
  return out;
}

function list(values: readonly (number | string)[]): string {
  if (values.length <= 1) return values.join("");
  return `${values.slice(0, -1).join(", ")} and ${values.at(-1)}`;
}

function bits(row: ArrayLike<number>): string {
  return Array.from(row).join("");
}

/**
 * What happens at a step of a chase (step 0 is the start; step i > 0 is trace.steps[i - 1]).
 *
 * @param trace - From chaseTrace.
 * @param step - 0..steps.length.
 * @returns One or two sentences.
 * @example
 * ```ts
 * chaseSentence(chaseTrace(5, 5, lights), 0); // "Start: 25 lights on. ..."
 * ```
 */
export function chaseSentence(trace: ChaseTrace, step: number): string {
  const { cols } = trace;
  if (step === 0) {
    const lit = sum(trace.lights);
    return `Start: ${lit} ${lit === 1 ? "light" : "lights"} on. Light chasing clears the board row by row, from the top: a lit cell is switched off by pressing the cell right below it.`;
  }
  const s = trace.steps[step - 1]!;
  const last = step === trace.steps.length;
  const pressed = sum(s.presses);
  let text: string;
  switch (s.phase) {
    case "chase":
    case "chase-again": {
      const where = columns(s.presses, (s.row + 1) * cols, cols);
      const again = s.phase === "chase-again" ? "Chase again: " : "";
      text = where.length
        ? `${again}row ${s.row + 1} has lights on in column${where.length === 1 ? "" : "s"} ${list(where)}; pressing the cell${where.length === 1 ? "" : "s"} below, in row ${s.row + 2}, switches ${where.length === 1 ? "it" : "them"} off. Row ${s.row + 1} is now dark.`
        : `${again}row ${s.row + 1} is already dark: nothing to press in row ${s.row + 2}.`;
      break;
    }
    case "last-row": {
      const lastRow = bits(trace.lastRow);
      text = /1/.test(lastRow)
        ? `Every row above the last is dark, and the last row reads ${lastRow}. Chasing cannot reach it: no row lies below. `
        : `The last row is dark too: chasing alone solved the board.`;
      if (/1/.test(lastRow)) {
        text += trace.solvable
          ? `The trick: choose presses in the first row that, chased down, end with exactly this last row, then chase again.`
          : `No first row chases down to this last row (it is not in the column space of the chase matrix), so this board can never be cleared.`;
      }
      break;
    }
    case "fix": {
      const where = columns(s.presses, 0, cols);
      text = `The first-row lookup says: for last row ${bits(trace.lastRow)}, press column${where.length === 1 ? "" : "s"} ${list(where)} of the first row (${pressed} ${pressed === 1 ? "press" : "presses"}).`;
      break;
    }
  }
  if (last && trace.solvable && s.phase !== "last-row") {
    const total = sum(trace.solution!);
    text += ` The board is dark: all the presses together, ${total} of them, are one solution.`;
  }
  return text;
}

function times(n: number): string {
  return n === 1 ? "once" : `${n} times`;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : word.endsWith("s") ? "es" : "s"}`;
}

function sum(values: ArrayLike<number>): number {
  let n = 0;
  for (let i = 0; i < values.length; i++) n += values[i]!;
  return n;
}

/** A row of states as numbers (k may exceed 10, so no digit strings). */
function states(row: ArrayLike<number>): string {
  return Array.from(row).join(" ");
}

/**
 * What happens at a step of a chase over Z_k (k lights states, a press adds
 * 1 mod k to the cell and its plus-neighbours), in counts: "press the cell
 * below 2 times", "cells not yet at 0". Step 0 is the start; step i > 0 is
 * trace.steps[i - 1].
 *
 * @param trace - From chaseTrace with `states` (or learnChase).
 * @param start - The lights at step 0, one state 0..k-1 per cell.
 * @param step - 0..steps.length.
 * @returns A few sentences.
 * @example
 * ```ts
 * const lights = [2, 1, 1, 1, 1, 2, 0, 2, 1];
 * multiStateChaseSentence(learnChase(3, 3, lights, 3), lights, 0); // "Start: 8 cells not yet at 0 ..."
 * ```
 */
export function multiStateChaseSentence(trace: ChaseTrace, start: ArrayLike<number>, step: number): string {
  const { cols, states: k } = trace;
  if (step === 0) {
    let waiting = 0;
    for (let i = 0; i < start.length; i++) if (start[i] !== 0) waiting++;
    return (
      `Start: ${plural(waiting, "cell")} not yet at 0 (states 0 to ${k - 1}; a press adds 1, mod ${k}, to the cell and its neighbours). ` +
      `Light chasing clears the board row by row, from the top: a cell at state s is brought to 0 by pressing the cell right below it ${k} − s times.`
    );
  }
  const s = trace.steps[step - 1]!;
  const last = step === trace.steps.length;
  const system = `${cols} × ${cols} system over Z_${k}`;
  let text: string;
  switch (s.phase) {
    case "chase":
    case "chase-again": {
      const below = (s.row + 1) * cols;
      const where: { col: number; count: number }[] = [];
      for (let c = 0; c < cols; c++) if (s.presses[below + c]) where.push({ col: c + 1, count: s.presses[below + c]! });
      const row = `${s.phase === "chase-again" ? "Chase again: row" : "Row"} ${s.row + 1}`;
      if (where.length === 0) {
        text = `${row} is already all 0: nothing to press in row ${s.row + 2}.`;
      } else if (where.length === 1) {
        const { col, count } = where[0]!;
        text =
          `${row} has 1 cell not yet at 0: column ${col}, at ${k - count}. A press adds 1 (mod ${k}), so press the cell below it, in row ${s.row + 2}, ` +
          `${k} − ${k - count} = ${times(count)}. Row ${s.row + 1} is now all 0.`;
      } else {
        text =
          `${row} has ${where.length} cells not yet at 0: ${list(where.map((w) => `column ${w.col} at ${k - w.count}`))}. ` +
          `A press adds 1 (mod ${k}), so the cell below each is pressed ${k} minus its state times: in row ${s.row + 2}, press ` +
          `${list(where.map((w) => `${times(w.count)} below column ${w.col}`))}. Row ${s.row + 1} is now all 0.`;
      }
      break;
    }
    case "last-row": {
      const waiting = Array.from(trace.lastRow).some((v) => v !== 0);
      if (!waiting) {
        text = `The last row is at 0 too: chasing alone solved the board.`;
        break;
      }
      const opposite = Array.from(trace.lastRow, (v) => (k - v) % k);
      text = `Every row above the last is at 0, and the last row reads ${states(trace.lastRow)}. Chasing cannot reach it: no row lies below. `;
      text += trace.solvable
        ? `The trick: find first-row presses that, chased down a dark board, leave the last row at ${states(opposite)} (${k} minus each state, mod ${k}); ` +
          `pressing them now and chasing again cancels the last row. They are found by solving a small ${system}.`
        : `No first row cancels this last row (the ${system} has no solution), so this board can never be cleared.`;
      break;
    }
    case "fix": {
      const where: string[] = [];
      for (let c = 0; c < cols; c++) if (s.presses[c]) where.push(`${times(s.presses[c]!)} in column ${c + 1}`);
      const pressed = sum(s.presses.subarray(0, cols));
      text = where.length
        ? `Solving the ${system} for the last row ${states(trace.lastRow)} gives the first-row presses: press ${list(where)} (${plural(pressed, "press")} in all).`
        : `Solving the ${system} for the last row ${states(trace.lastRow)}: nothing to press in the first row.`;
      break;
    }
  }
  if (last && trace.solvable) {
    text += ` Every cell is at 0: the presses of all the steps, added up per cell (mod ${k}), are one solution of ${plural(sum(trace.solution!), "press")}.`;
  }
  return text;
}
