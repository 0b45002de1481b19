// Arrow-key moves on a grid: skipping holes, stopping at an edge, wrapping on a torus.

import { describe, expect, test } from "vitest";
import { ARROW_STEPS, walk } from "./grid-walk.js";

const all = () => true;

describe("walk", () => {
  test("one step each way inside a 3 x 3 grid", () => {
    expect(walk(4, ARROW_STEPS.ArrowUp!, 3, 3, false, all)).toBe(1);
    expect(walk(4, ARROW_STEPS.ArrowDown!, 3, 3, false, all)).toBe(7);
    expect(walk(4, ARROW_STEPS.ArrowLeft!, 3, 3, false, all)).toBe(3);
    expect(walk(4, ARROW_STEPS.ArrowRight!, 3, 3, false, all)).toBe(5);
  });

  test("holes are skipped; past the last usable position there is none", () => {
    const usable = (p: number) => p !== 1 && p !== 2;
    expect(walk(0, [0, 1], 1, 4, false, usable)).toBe(3);
    expect(walk(3, [0, 1], 1, 4, false, usable)).toBe(-1);
    expect(walk(0, [0, 1], 1, 3, false, usable)).toBe(-1);
  });

  test("an edge stops the walk; a torus wraps around to the other side", () => {
    expect(walk(2, [0, 1], 3, 3, false, all)).toBe(-1);
    expect(walk(2, [0, 1], 3, 3, true, all)).toBe(0);
    expect(walk(1, [-1, 0], 3, 3, true, all)).toBe(7);
    // wrapping past a hole to the far side
    expect(walk(0, [0, -1], 1, 3, true, (p) => p !== 2)).toBe(1);
  });

  test("a grid with nothing else usable leaves the walk nowhere, even on a torus", () => {
    expect(walk(0, [0, 1], 2, 2, true, (p) => p === 0)).toBe(0);
    expect(walk(0, [0, 1], 2, 2, false, (p) => p === 0)).toBe(-1);
  });
});
