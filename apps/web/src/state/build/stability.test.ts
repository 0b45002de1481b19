// Stability without a page: the cells equal from each board to the next of
// a run of steps, started again when the lights changed in between; its
// marks (all stable cells, or the lit ones) and its sentence.

import { describe, expect, test } from "vitest";
import { stabilityMarks, stabilityText, stepStability } from "./stability.js";

describe("stability", () => {
  test("keeps the cells equal through every step, and starts again after an edit", () => {
    const boards = [
      [1, 0, 1, 1, 0],
      [1, 1, 1, 0, 0],
      [1, 1, 0, 0, 0],
    ];
    let s = stepStability(null, boards[0]!, boards[1]!);
    expect(s).toEqual({ lights: boards[1], stable: [true, false, true, false, true], steps: 1 });
    s = stepStability(s, boards[1]!, boards[2]!);
    expect(s).toEqual({ lights: boards[2], stable: [true, false, false, false, true], steps: 2 });
    // an edit between two steps: the next step starts the count again
    const edited = [0, 1, 0, 0, 0];
    expect(stepStability(s, edited, [0, 1, 1, 0, 1])).toEqual({
      lights: [0, 1, 1, 0, 1],
      stable: [true, true, false, true, false],
      steps: 1,
    });
  });

  test("marks the stable cells, or the stable lit ones, only while the lights are the last step's", () => {
    const s = { lights: [1, 0, 2, 0], stable: [true, true, true, false], steps: 3 };
    expect(stabilityMarks(s, [1, 0, 2, 0], "stable")).toEqual([1, 1, 1, 0]);
    expect(stabilityMarks(s, [1, 0, 2, 0], "lit")).toEqual([1, 0, 1, 0]);
    expect(stabilityMarks(s, [1, 0, 2, 0], "off")).toBeNull();
    expect(stabilityMarks(s, [1, 1, 2, 0], "stable")).toBeNull();
    expect(stabilityMarks(null, [1], "stable")).toBeNull();
    expect(stabilityText(s, [1, 0, 2, 0])).toBe(
      "3 of 4 cells kept their state through 3 steps of Solution as board (2 of them lit).",
    );
    expect(stabilityText(s, [0, 0, 0, 0])).toMatch(/^Press Solution as board/);
  });
});
