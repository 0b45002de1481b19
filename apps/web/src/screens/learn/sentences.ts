// One sentence per step of a light chase, from the trace's plain values.

import type { ChaseTrace } from "@lightsout/core";

function columns(presses: Uint8Array, from: number, cols: number): number[] {
  const out: number[] = [];
  for (let c = 0; c < cols; c++) if (presses[from + c]) out.push(c + 1);
  return out;
}

function list(values: readonly number[]): string {
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
    const lit = trace.lights.reduce((n, v) => n + v, 0);
    return `Start: ${lit} ${lit === 1 ? "light" : "lights"} on. Light chasing clears the board row by row, from the top: a lit cell is switched off by pressing the cell right below it.`;
  }
  const s = trace.steps[step - 1]!;
  const last = step === trace.steps.length;
  const pressed = s.presses.reduce((n, v) => n + v, 0);
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
    const total = trace.solution!.reduce((n, v) => n + v, 0);
    text += ` The board is dark: all the presses together, ${total} of them, are one solution.`;
  }
  return text;
}
