// Eigenspaces of pressing the lit cells, checked without the elimination
// that found them: each vector c is pressed by the library's applyPresses
// and gives λ c; on boards of up to 10 cells every board is tried, and the
// boards with A c = λ c number k^dimension; λ = 0 has the quiet patterns'
// nullity (solveLightsOut).

import { applyPresses, gridBoard, solveLightsOut } from "@lightsout/core";
import { describe, expect, test } from "vitest";
import { eigenspaces, eigenText, shownEigenspace } from "./eigen.js";

describe("eigenspaces", () => {
  test("every vector c gives λ c when its lit cells are pressed; the dimensions count the boards that do", () => {
    for (const [rows, cols, states, torus] of [
      [2, 2, 2, false],
      [3, 3, 2, false],
      [2, 5, 2, true],
      [2, 3, 3, false],
      [1, 4, 5, false],
      [4, 4, 2, false],
    ] as const) {
      const board = gridBoard(rows, cols, { torus });
      const n = rows * cols;
      const dark = new Array<number>(n).fill(0);
      const press = (c: readonly number[]) => Array.from(applyPresses(board, dark, c, { states }));
      const spaces = eigenspaces(board, states);
      expect(spaces.map((s) => s.value)).toEqual(Array.from({ length: states }, (_, v) => v));
      for (const s of spaces) {
        if (s.vector === null) {
          expect(s.dimension).toBe(0);
          continue;
        }
        expect(s.vector.some((v) => v !== 0)).toBe(true);
        expect(press(s.vector)).toEqual(s.vector.map((v) => (v * s.value) % states));
      }
      expect(spaces[0]!.dimension).toBe(solveLightsOut(board, dark, { states }).nullity);
      if (states ** n <= 2 ** 10) {
        const count = new Array<number>(states).fill(0);
        for (let code = 0; code < states ** n; code++) {
          const c = Array.from({ length: n }, (_, i) => Math.floor(code / states ** i) % states);
          const p = press(c);
          for (let value = 0; value < states; value++) {
            if (p.every((x, i) => x === (c[i]! * value) % states)) count[value]!++;
          }
        }
        expect(count, `${rows} x ${cols}, k = ${states}`).toEqual(spaces.map((s) => states ** s.dimension));
      }
    }
  });

  test("the board shown, what is said, and the limits", () => {
    const spaces = eigenspaces(gridBoard(2, 2), 2);
    // 2 x 2: A + I is the 4-cycle's adjacency, of rank 2
    expect(spaces.map((s) => s.dimension)).toEqual([0, 2]);
    expect(shownEigenspace(spaces)?.value).toBe(1);
    expect(eigenText(spaces)).toMatch(
      /^Pressing the lit cells multiplies an eigenvector by λ\. Eigenspaces: λ = 1, dimension 2\./,
    );
    expect(() => eigenspaces(gridBoard(3, 3), 6)).toThrow(/must be prime, got 6/);
    expect(() => eigenspaces(gridBoard(33, 32), 2)).toThrow(/at most 1,024 cells, got 1,056/);
    expect(() => eigenspaces(gridBoard(32, 32), 251)).toThrow(/too long here/);
  });
});
