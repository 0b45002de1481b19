// Slow cross-checks of gridNullity (LIGHTSOUT_SLOW=1): elimination of the
// press matrix for all m <= n <= 64 (the fast suite checks the symmetry),
// the chase matrix for all m, n <= 64, and the two gcd engines on large
// squares.
import { describe, expect, it } from "vitest";
import { chaseMatrix, gridBoard, gridNullity, pressMatrix, squareNullity } from "../src/index.js";

describe("gridNullity, slow", () => {
  it("equals elimination of the press matrix for all m <= n <= 64", () => {
    for (let m = 1; m <= 64; m++) {
      for (let n = m; n <= 64; n++) {
        const a = pressMatrix(gridBoard(m, n));
        try {
          expect([m, n, gridNullity(m, n)]).toEqual([m, n, m * n - a.rank()]);
        } finally {
          a.dispose();
        }
      }
    }
  }, 600_000);

  it("equals n - rank of the chase matrix for all m, n <= 64", () => {
    for (let m = 1; m <= 64; m++) {
      for (let n = 1; n <= 64; n++) {
        const c = chaseMatrix(m, n);
        try {
          expect([m, n, gridNullity(m, n)]).toEqual([m, n, n - c.rank()]);
        } finally {
          c.dispose();
        }
      }
    }
  }, 600_000);

  it("WASM and TypeScript gcds agree on large squares", () => {
    for (const n of [20_000, 30_000, 65_535, 65_536])
      expect([n, squareNullity(n)]).toEqual([n, squareNullity(n, { engine: "ts" })]);
  }, 600_000);
});
