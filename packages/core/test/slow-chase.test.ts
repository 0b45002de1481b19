// Slow checks of the chase route (opt-in: LIGHTSOUT_SLOW=1): the full
// n^2 x n^2 elimination route against OEIS A159257 up to n = 40, the
// TypeScript twin over the whole table, and large boards applied cell by cell.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { BitMatrix, chaseMatrix, gridBoard, solveGrid } from "../src/index.js";
import { neighbourhoods, pressed } from "./_support.js";

const NULLITY = readFileSync(new URL("./vectors/nullity_square_1_300.txt", import.meta.url), "utf8")
  .trim()
  .split(/\s+/)
  .map(Number);

describe("slow: chase route", () => {
  it("full n^2 x n^2 elimination matches OEIS A159257 for n = 1..40", () => {
    for (let n = 1; n <= 40; n++) {
      const targets = neighbourhoods(gridBoard(n, n));
      const N = n * n;
      const bits = new Uint8Array(N * N);
      targets.forEach((t, j) => t.forEach((i) => (bits[i * N + j] = 1)));
      using a = BitMatrix.fromBits(N, N, bits);
      expect(N - a.rank(), `n = ${n}`).toBe(NULLITY[n - 1]);
    }
  });

  it("the TypeScript twin gives OEIS A159257 for n = 1..300", () => {
    for (let n = 1; n <= 300; n++) {
      using c = chaseMatrix(n, n, { engine: "ts" });
      expect(n - c.rank(), `n = ${n}`).toBe(NULLITY[n - 1]);
    }
  });

  it("large all-on and random boards: solutions applied cell by cell (test/_support.ts) go dark", () => {
    for (const [m, n] of [
      [500, 500],
      [300, 777],
      [1000, 1000],
    ] as const) {
      const board = gridBoard(m, n);
      for (const kind of ["all-on", "pressed"] as const) {
        let lights: ArrayLike<number> = new Uint8Array(m * n).fill(1);
        if (kind === "pressed") {
          const x = new Uint8Array(m * n);
          for (let k = 0; k < x.length; k++) x[k] = (k * 2654435761) % 7 < 3 ? 1 : 0;
          lights = pressed(board, new Uint8Array(m * n), x);
        }
        const s = solveGrid(m, n, lights);
        expect(s.solvable).toBe(true);
        if (s.solvable) expect(pressed(board, lights, s.presses).every((v) => v === 0)).toBe(true);
      }
    }
  });
});
