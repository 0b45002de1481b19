// The banded route on every topology: tori given as `topology: "torus"` as
// well as `torus: true`, and the projective plane, for every rule, against
// the dense route and the test's own neighbourhoods (_support.ts). The banded
// route once built its press lists from `torus` alone and answered these
// boards as plain grids.
import { describe, expect, it } from "vitest";
import { type Board, gridBoard, type RuleName, solveLightsOut } from "../src/index.js";
import { isDark, neighbourhoods, pressed } from "./_support.js";

/** Seeded 0..k-1 lights (a plain LCG). */
function lightsOf(n: number, seed: number, k = 2): Uint8Array {
  let s = seed >>> 0 || 1;
  return Uint8Array.from({ length: n }, () => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return (s >>> 16) % k;
  });
}

/** y A = 0 and y . b = 1 over GF(2), with A from the test's own neighbourhoods. */
function isProof(board: Board, lights: ArrayLike<number>, y: ArrayLike<number>): boolean {
  const reach = neighbourhoods(board);
  const column = new Uint8Array(reach.length);
  reach.forEach((cells, j) => {
    for (const i of cells) column[j]! ^= y[i]! & 1;
  });
  let dot = 0;
  for (let i = 0; i < lights.length; i++) dot ^= lights[i]! & y[i]! & 1;
  return column.every((v) => v === 0) && dot === 1;
}

const RULES: RuleName[] = ["plus", "x", "king", "knight"];

describe("banded route, glued edges", () => {
  for (const topology of ["torus", "projective"] as const) {
    for (const rule of RULES) {
      it(`${topology}, ${rule} rule: the same answers as the dense route, checked independently`, () => {
        for (const [rows, cols] of [
          [5, 5],
          [6, 9],
          [11, 7],
          [16, 17],
        ] as const) {
          const board = gridBoard(rows, cols, { topology, rule });
          for (let seed = 1; seed <= 3; seed++) {
            const lights = lightsOf(rows * cols, seed * 31 + rows);
            const dense = solveLightsOut(board, lights, { method: "dense" });
            const banded = solveLightsOut(board, lights, { method: "banded" });
            expect(banded.method).toBe("banded");
            expect([banded.solvable, banded.nullity, banded.rank]).toEqual([dense.solvable, dense.nullity, dense.rank]);
            if (banded.solvable) expect(isDark(pressed(board, lights, banded.presses!))).toBe(true);
            else expect(isProof(board, lights, banded.proof!)).toBe(true);
          }
        }
      });
    }
  }

  it("a projective board over Z_3 by the banded Z_p route: presses clear it, or the proof holds", () => {
    const board = gridBoard(64, 64, { topology: "projective" });
    const lights = lightsOf(64 * 64, 7, 3);
    const s = solveLightsOut(board, lights, { states: 3 });
    if (s.solvable) expect(isDark(pressed(board, lights, s.presses!, 3))).toBe(true);
    else {
      // y A = 0 and y . b != 0 (mod 3), A from the test's own neighbourhoods
      const y = s.proof!;
      const reach = neighbourhoods(board);
      expect(reach.every((cells) => cells.reduce((sum, i) => sum + y[i]!, 0) % 3 === 0)).toBe(true);
      expect(Array.from(lights).reduce((sum, v, i) => sum + v * y[i]!, 0) % 3).not.toBe(0);
    }
  });
});
