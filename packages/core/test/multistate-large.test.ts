// Large plain grids over Z_k by light chasing: the 256 x 256 board over Z_3
// and the 128 x 128 board over Z_4, each verified by applying the presses
// with the test's own loops (_support.ts), not core's applyMultiState.
import { describe, expect, it } from "vitest";
import { gridBoard, randomPuzzle, solveLightsOut } from "../src/index.js";
import { pressed } from "./_support.js";

describe("large grids over Z_k", () => {
  for (const [n, k] of [
    [256, 3],
    [128, 4],
  ] as const) {
    it(`${n} x ${n} over Z_${k}: a random puzzle and the all-ones board`, () => {
      const board = gridBoard(n, n);
      const puzzle = randomPuzzle(board, { states: k, seed: 2026 });
      const s = solveLightsOut(board, puzzle, { states: k });
      expect(s).toMatchObject({ method: "chasing", solvable: true });
      expect(pressed(board, puzzle, s.presses!, k).every((v) => v === 0)).toBe(true);
      // The all-ones board is winnable on both: the presses found clear it, applied here cell by cell.
      const ones = new Uint8Array(n * n).fill(1);
      const t = solveLightsOut(board, ones, { states: k });
      expect(t.solvable).toBe(true);
      expect(pressed(board, ones, t.presses!, k).every((v) => v === 0)).toBe(true);
      expect(t.quietCount).toBe(s.quietCount);
    });
  }
});
