import { graphBoard, gridBoard, maskBoard } from "@lightsout/core";
import { expect, test } from "vitest";
import { learnable, MAX_DENSE_CELLS, MAX_LEARN_SIDE, MAX_LEARN_STATES, tooBigToSolve } from "./limits.js";

test("Learn takes plain rectangles up to MAX_LEARN_SIDE a side and MAX_LEARN_STATES states", () => {
  expect(MAX_LEARN_SIDE).toBe(12);
  expect(learnable(gridBoard(12, 12), MAX_LEARN_STATES)).toBe(true);
  expect(learnable(gridBoard(1, 1), 2)).toBe(true);
  expect(learnable(gridBoard(13, 12), 2)).toBe(false);
  expect(learnable(gridBoard(12, 13), 2)).toBe(false);
  expect(learnable(gridBoard(5, 5), MAX_LEARN_STATES + 1)).toBe(false);
  for (const board of [
    gridBoard(5, 5, { torus: true }),
    gridBoard(5, 5, { topology: "projective" }),
    gridBoard(5, 5, { rule: "king" }),
    gridBoard(5, 5, { selfToggle: false }),
    maskBoard(["##", "#."]),
    graphBoard(3, [[0, 1]]),
  ]) {
    expect(learnable(board, 2)).toBe(false);
  }
});

test("plain rectangles are solved at any size here; other boards up to MAX_DENSE_CELLS cells", () => {
  expect(tooBigToSolve(gridBoard(256, 256), 65_536)).toBeNull();
  expect(tooBigToSolve(gridBoard(128, 128, { torus: true }), MAX_DENSE_CELLS)).toBeNull();
  expect(tooBigToSolve(gridBoard(129, 128, { torus: true }), 129 * 128)).toMatch(/^Solving a board of 16,512 cells/);
  expect(tooBigToSolve(gridBoard(200, 200, { rule: "x" }), 40_000)).toMatch(/up to 16,384 cells/);
});
