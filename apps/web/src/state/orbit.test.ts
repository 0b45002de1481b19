// Tails and periods of pressing the lit cells again and again, against the
// sequence stepped and remembered here (small boards).

import { applyPresses, gridBoard } from "@lightsout/core";
import { describe, expect, test } from "vitest";
import { orbitText, pressOrbit } from "./orbit.js";

/** The first repeat of the sequence, found by remembering every board. */
function byMemory(board: ReturnType<typeof gridBoard>, lights: number[], k: number): { tail: number; period: number } {
  const seen = new Map<string, number>();
  let v: ArrayLike<number> = lights;
  const dark = new Array<number>(lights.length).fill(0);
  for (let i = 0; ; i++) {
    const key = Array.from(v).join(",");
    const first = seen.get(key);
    if (first !== undefined) return { tail: first, period: i - first };
    seen.set(key, i);
    v = applyPresses(board, dark, v, { states: k });
  }
}

describe("the orbit of pressing the lit cells", () => {
  test("matches the sequence remembered, on invertible and singular boards, two and three states", () => {
    let seed = 1;
    const random = (k: number) => {
      seed = (seed * 1103515245 + 12345) >>> 0;
      return (seed >>> 16) % k;
    };
    for (const [rows, cols, k] of [
      [3, 3, 2], // invertible: no tail
      [4, 4, 2], // nullity 4: a tail is possible
      [5, 5, 2],
      [2, 3, 3],
      [3, 4, 3],
    ] as const) {
      const board = gridBoard(rows, cols);
      for (let trial = 0; trial < 5; trial++) {
        const lights = Array.from({ length: rows * cols }, () => random(k));
        expect(pressOrbit(board, lights, k)).toEqual(byMemory(board, lights, k));
      }
    }
  });

  test("an invertible board has no tail; a budget too small gives no answer", () => {
    const board = gridBoard(3, 3);
    const lights = [1, 0, 0, 0, 0, 0, 0, 0, 0];
    expect(pressOrbit(board, lights, 2)?.tail).toBe(0);
    expect(pressOrbit(board, lights, 2, 9)).toBeNull();
    // a dark board stays dark: period 1
    expect(pressOrbit(board, new Array(9).fill(0), 2)).toEqual({ tail: 0, period: 1 });
  });
});

test("the orbit in words", () => {
  expect(orbitText({ tail: 0, period: 1 }, 9)).toBe(
    "Pressing the lit cells again and again, the board comes back every 1 step; its solution as a board walks the same cycle backwards.",
  );
  expect(orbitText({ tail: 3, period: 4 }, 16)).toMatch(/repeat every 4 steps after 3 steps first/);
  expect(orbitText(null, 1000)).toMatch(/within 50,000 steps/);
});
