// Large plain grids over Z_k by light chasing: the 256 x 256 board over Z_3
// and the 128 x 128 board over Z_4, each verified by applying the presses.
import { describe, expect, it } from "vitest";
import { applyMultiState, gridBoard, randomMultiStatePuzzle, solveMultiState } from "../src/index.js";

describe("large grids over Z_k", () => {
  for (const [n, k] of [
    [256, 3],
    [128, 4],
  ] as const) {
    it(`${n} x ${n} over Z_${k}: a random puzzle and the all-ones board`, () => {
      const board = gridBoard(n, n);
      const puzzle = randomMultiStatePuzzle(board, { states: k, seed: 2026 });
      const s = solveMultiState(board, puzzle, { states: k });
      expect(s).toMatchObject({ method: "chasing", solvable: true });
      expect(applyMultiState(board, puzzle, s.presses!, k).every((v) => v === 0)).toBe(true);
      const ones = new Uint8Array(n * n).fill(1);
      const t = solveMultiState(board, ones, { states: k });
      if (t.solvable) expect(applyMultiState(board, ones, t.presses!, k).every((v) => v === 0)).toBe(true);
      else expect(t.lastRowProof).toBeDefined();
      expect(t.quietCount).toBe(s.quietCount);
    });
  }
});
