import { gridBoard, randomPuzzle } from "@lightsout/core";
import { chaseTrace, type ChaseTrace } from "@lightsout/core/lightsout";
import { expect, test } from "vitest";
import { chaseSentence, multiStateChaseSentence } from "./sentences.js";
import { chaseMatrixModK, learnChase } from "./trace.js";

/** Lights after presses on a rows x cols grid over Z_k, each press adding to its cell and the 4 orthogonal ones (plain loops, not the engine). */
function pressGrid(
  rows: number,
  cols: number,
  lights: ArrayLike<number>,
  presses: ArrayLike<number>,
  k: number,
): number[] {
  const out = Array.from(lights);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const x = presses[r * cols + c]!;
      for (const [rr, cc] of [
        [r, c],
        [r - 1, c],
        [r + 1, c],
        [r, c - 1],
        [r, c + 1],
      ] as const) {
        if (rr >= 0 && rr < rows && cc >= 0 && cc < cols) out[rr * cols + cc] = (out[rr * cols + cc]! + x) % k;
      }
    }
  }
  return out;
}

test("a sentence per phase of the 5 x 5 all-on chase", () => {
  const trace = chaseTrace(5, 5, new Uint8Array(25).fill(1));
  const text = Array.from({ length: trace.steps.length + 1 }, (_, i) => chaseSentence(trace, i));
  expect(text[0]).toMatch(/^Start: 25 lights on/);
  expect(text[1]).toMatch(/^row 1 has lights on in columns 1, 2, 3, 4 and 5; pressing the cells below, in row 2/);
  expect(text[5]).toMatch(/last row reads 10001/);
  expect(text[6]).toMatch(/press columns 1 and 2 of the first row \(2 presses\)/);
  expect(text[7]).toMatch(/^Chase again: /);
  expect(text[10]).toMatch(/The board is dark: all the presses together, 15 of them, are one solution/);
});

test("a dark row, a dark last row, and a board that cannot be cleared", () => {
  const dark = chaseTrace(3, 3, new Uint8Array(9));
  expect(chaseSentence(dark, 1)).toMatch(/row 1 is already dark: nothing to press in row 2/);
  expect(chaseSentence(dark, 3)).toMatch(/The last row is dark too/);
  const corner = new Uint8Array(25);
  corner[0] = 1;
  const stuck = chaseTrace(5, 5, corner);
  expect(stuck.solvable).toBe(false);
  expect(chaseSentence(stuck, stuck.steps.length)).toMatch(/can never be cleared/);
});

const all = (trace: ChaseTrace, start: number[]) =>
  Array.from({ length: trace.steps.length + 1 }, (_, i) => multiStateChaseSentence(trace, start, i));

test("k states: a 3 x 3 board over Z_3 that the first chase alone clears", () => {
  const start = [2, 1, 1, 1, 1, 2, 0, 2, 1];
  const trace = learnChase(3, 3, start, 3);
  expect(trace.steps.map((s) => s.phase)).toEqual(["chase", "chase", "last-row"]);
  const text = all(trace, start);
  expect(text[0]).toMatch(/^Start: 8 cells not yet at 0 \(states 0 to 2; a press adds 1, mod 3/);
  expect(text[0]).toMatch(/pressing the cell right below it 3 − s times/);
  // row 1 reads 2 1 1: the cells below need 1, 2 and 2 presses (each adds 1 mod 3)
  expect(text[1]).toMatch(/^Row 1 has 3 cells not yet at 0: column 1 at 2, column 2 at 1 and column 3 at 1\./);
  expect(text[1]).toMatch(
    /in row 2, press once below column 1, 2 times below column 2 and 2 times below column 3\. Row 1 is now all 0\./,
  );
  expect(text[3]).toMatch(/^The last row is at 0 too: chasing alone solved the board\. Every cell is at 0/);
  // the summed presses really clear the board (independent of the trace: apply them)
  expect(pressGrid(3, 3, start, trace.solution!, 3)).toEqual(new Array(9).fill(0));
  const total = Array.from(trace.solution!).reduce((n, v) => n + v, 0);
  expect(text[3]).toContain(`one solution of ${total} presses`);
  expect(text.join(" ")).not.toMatch(/lights? on|switch/);
});

test("k states: one cell, the last row, the first-row fix over Z_3 and the second chase", () => {
  const start = [1, 0, 0, 0, 0, 0, 0, 0, 0];
  const trace = learnChase(3, 3, start, 3);
  expect(trace.steps.map((s) => s.phase)).toEqual(["chase", "chase", "last-row", "fix", "chase-again", "chase-again"]);
  const text = all(trace, start);
  expect(text[0]).toMatch(/^Start: 1 cell not yet at 0/);
  expect(text[1]).toMatch(
    /^Row 1 has 1 cell not yet at 0: column 1, at 1\. A press adds 1 \(mod 3\), so press the cell below it, in row 2, 3 − 1 = 2 times\./,
  );
  const last = Array.from(trace.lastRow);
  expect(last.some((v) => v !== 0)).toBe(true);
  expect(text[3]).toContain(`the last row reads ${last.join(" ")}`);
  expect(text[3]).toContain(`leave the last row at ${last.map((v) => (3 - v) % 3).join(" ")}`);
  expect(text[3]).toMatch(/solving a small 3 × 3 system over Z_3/);
  const first = Array.from(trace.firstRow!);
  const words = first.flatMap((x, c) => (x ? [`${x === 1 ? "once" : `${x} times`} in column ${c + 1}`] : []));
  expect(text[4]).toContain(words.at(-1)!);
  expect(text[4]).toContain(`(${first.reduce((n, v) => n + v, 0)} presses in all)`);
  expect(text[5]).toMatch(/^Chase again: row 1 /);
  expect(text[6]).toMatch(
    /Every cell is at 0: the presses of all the steps, added up per cell \(mod 3\), are one solution/,
  );
  expect(pressGrid(3, 3, start, trace.solution!, 3)).toEqual(new Array(9).fill(0));
  // a dark row says so in counts, not lights
  const dark = learnChase(2, 2, [0, 0, 0, 1], 5);
  expect(multiStateChaseSentence(dark, [0, 0, 0, 1], 1)).toBe("Row 1 is already all 0: nothing to press in row 2.");
});

test("k states: a 4 x 4 board over Z_3 that can never be cleared stops after the last row", () => {
  const start = new Array(16).fill(0);
  start[0] = 1;
  const trace = learnChase(4, 4, start, 3);
  expect(trace.solvable).toBe(false);
  expect(trace.steps.at(-1)!.phase).toBe("last-row");
  expect(multiStateChaseSentence(trace, start, trace.steps.length)).toMatch(
    /No first row cancels this last row \(the 4 × 4 system over Z_3 has no solution\), so this board can never be cleared\.$/,
  );
});

test("learnChase: a board cleared by chasing alone ends at the last row, with the chase's own presses", () => {
  // presses p outside the first row: chasing with an empty first row is forced to press -p, and the last row ends at 0
  const k = 3;
  const p = [0, 0, 0, 0, 1, 2, 0, 1, 0, 0, 2, 1, 1, 0, 1, 2];
  const lights = pressGrid(4, 4, new Array(16).fill(0), p, k);
  const trace = learnChase(4, 4, lights, k);
  expect(trace.steps.at(-1)!.phase).toBe("last-row");
  expect(Array.from(trace.steps.at(-1)!.lights)).toEqual(new Array(16).fill(0));
  expect(Array.from(trace.solution!)).toEqual(p.map((x) => (k - x) % k));
  expect(Array.from(trace.firstRow!)).toEqual([0, 0, 0, 0]);
});

test("chaseMatrixModK: the fix of every trace solves C z = −(last row) mod k", () => {
  // k = 2 agrees with the classic 5 x 5 chase: the last row 1 0 0 0 1 is cleared by the first row 1 1 0 0 0
  const c2 = chaseMatrixModK(5, 5, 2);
  const z = [1, 1, 0, 0, 0];
  expect(c2.map((row) => row.reduce((n, v, j) => n + v * z[j]!, 0) % 2)).toEqual([1, 0, 0, 0, 1]);
  for (const [rows, cols, k, seed] of [
    [3, 3, 3, 1],
    [4, 4, 3, 3],
    [4, 5, 4, 2],
    [5, 3, 7, 9],
    [6, 6, 5, 4],
  ] as const) {
    const lights = randomPuzzle(gridBoard(rows, cols), { states: k, seed });
    const trace = learnChase(rows, cols, lights, k);
    const c = chaseMatrixModK(rows, cols, k);
    const cz = c.map((row) => row.reduce((n, v, j) => n + v * trace.firstRow![j]!, 0) % k);
    expect(cz).toEqual(Array.from(trace.lastRow, (d) => (k - d) % k));
  }
});
