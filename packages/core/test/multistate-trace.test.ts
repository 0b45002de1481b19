// Light chasing over Z_k step by step: every step is checked by redoing it
// by hand (the presses it lists, applied to the lights before it, give the
// lights after it), chase steps clear their row, and winnable boards end dark.
import { describe, expect, it } from "vitest";
import { gridBoard, chaseTrace, randomPuzzle, solveLightsOut } from "../src/index.js";
import { pressed } from "./_support.js";

describe("chaseTrace", () => {
  for (const [rows, cols, k] of [
    [3, 3, 3],
    [4, 4, 3],
    [5, 7, 4],
    [6, 5, 6],
    [1, 4, 5],
    [4, 1, 7],
  ] as const) {
    it(`${rows} x ${cols} over Z_${k}: each step redone by hand, winnable boards end dark`, () => {
      const board = gridBoard(rows, cols);
      for (const seed of [1, 2, 3]) {
        const puzzle = randomPuzzle(board, { states: k, seed });
        // an unwinnable variant when the board has quiet patterns: bump one light
        const variants = [puzzle, puzzle.map((v, i) => (i === 0 ? (v + 1) % k : v))];
        for (const lights of variants) {
          const t = chaseTrace(rows, cols, lights, { states: k });
          expect(t.solvable).toBe(solveLightsOut(board, lights, { states: k }).solvable);
          let before: ArrayLike<number> = Uint32Array.from(lights);
          for (const step of t.steps) {
            expect(Array.from(pressed(board, before, step.presses, k))).toEqual(Array.from(step.lights));
            if (step.phase === "chase" || step.phase === "chase-again") {
              expect(
                Array.from(step.lights.subarray(step.row * cols, step.row * cols + cols)).every((v) => v === 0),
              ).toBe(true);
            }
            before = step.lights;
          }
          if (t.solvable) {
            expect(t.steps.at(-1)!.lights.every((v) => v === 0)).toBe(true);
            expect(pressed(board, lights, t.solution!, k).every((v) => v === 0)).toBe(true);
          } else {
            expect(t.steps.at(-1)!.phase).toBe("last-row");
            expect(t.firstRow).toBeUndefined();
          }
        }
      }
    });
  }

  it("3 x 3 over Z_3, 211 / 112 / 021: the first pass clears it, so the fix presses nothing", () => {
    const t = chaseTrace(3, 3, [2, 1, 1, 1, 1, 2, 0, 2, 1], { states: 3 });
    expect(t.steps.map((s) => s.phase)).toEqual(["chase", "chase", "last-row", "fix", "chase-again", "chase-again"]);
    expect(Array.from(t.lastRow)).toEqual([0, 0, 0]);
    expect(Array.from(t.firstRow!)).toEqual([0, 0, 0]);
    expect(t.steps.slice(3).every((s) => s.presses.every((v) => v === 0))).toBe(true);
    expect(t.steps.at(-1)!.lights.every((v) => v === 0)).toBe(true);
  });

  it("rejects bad sizes and lights", () => {
    expect(() => chaseTrace(0, 3, [], { states: 3 })).toThrow(/"rows" expected an integer >= 1, got 0/);
    expect(() => chaseTrace(200, 200, new Array(40000).fill(0), { states: 3 })).toThrow(
      "a chase trace of a 200 x 200 board expected at most 16,384 cells, got 40,000 cells",
    );
    expect(() => chaseTrace(2, 2, [0, 0, 0, 3], { states: 3 })).toThrow(
      /"lights\[3\]" expected an integer in 0\.\.2, got 3/,
    );
  });
});
