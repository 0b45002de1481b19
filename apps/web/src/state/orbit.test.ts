// Tails and periods of pressing the lit cells again and again, against the
// sequence stepped and remembered here (small boards), and the words for them.

import { applyPresses, type Board, graphBoard, gridBoard } from "@lightsout/core";
import { describe, expect, test } from "vitest";
import { pressOrbit, stepOrbit } from "./orbit.js";
import { formatPeriod, orbitText } from "./orbit-text.js";

/** The first repeat of the sequence, found by remembering every board. */
function byMemory(board: Board, lights: number[], k: number): { tail: number; period: number } {
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

function seeded(start: number): (k: number) => number {
  let seed = start;
  return (k) => {
    seed = (seed * 1103515245 + 12345) >>> 0;
    return (seed >>> 16) % k;
  };
}

describe("the orbit of pressing the lit cells", () => {
  const cases = [
    [3, 3, 2], // invertible: no tail
    [4, 4, 2], // nullity 4: a tail is possible
    [5, 5, 2],
    [2, 3, 3],
    [3, 4, 3],
    [2, 3, 4], // a square factor: stepping only
    [2, 2, 6],
  ] as const;

  test("stepping matches the sequence remembered, on invertible and singular boards", () => {
    const random = seeded(1);
    for (const [rows, cols, k] of cases) {
      const board = gridBoard(rows, cols);
      for (let trial = 0; trial < 5; trial++) {
        const lights = Array.from({ length: rows * cols }, () => random(k));
        expect(stepOrbit(board, lights, k)).toEqual(byMemory(board, lights, k));
      }
    }
  });

  test("the Period tool: by algebra for squarefree k, by stepping for k = 4; both match the sequence", () => {
    const random = seeded(2);
    for (const [rows, cols, k] of cases) {
      const board = gridBoard(rows, cols);
      for (let trial = 0; trial < 5; trial++) {
        const lights = Array.from({ length: rows * cols }, () => random(k));
        const { tail, period } = byMemory(board, lights, k);
        const by = k === 4 ? "steps" : "algebra";
        expect(pressOrbit(board, lights, k)).toEqual({ exact: true, tail, period: BigInt(period), by });
      }
    }
  });

  test("a period no stepping reaches comes from the algebra", () => {
    // a random graph of 80 vertices: over GF(2) b = e_0 comes back every 549,688,688,642 steps
    let seed = 11;
    const next = () => {
      seed = (seed * 1103515245 + 12345) >>> 0;
      return seed >>> 16;
    };
    const edges: [number, number][] = [];
    while (edges.length < 160) {
      const u = next() % 80;
      const v = next() % 80;
      if (u !== v && !edges.some(([a, b]) => (a === u && b === v) || (a === v && b === u))) edges.push([u, v]);
    }
    const board = graphBoard(80, edges);
    const lights = Array.from({ length: 80 }, (_, i) => (i === 0 ? 1 : 0));
    expect(pressOrbit(board, lights, 2)).toEqual({ exact: true, tail: 0, period: 549_688_688_642n, by: "algebra" });
    expect(stepOrbit(board, lights, 2)).toBeNull();
  });

  test("an invertible board has no tail; a budget too small gives no answer by stepping", () => {
    const board = gridBoard(3, 3);
    const lights = [1, 0, 0, 0, 0, 0, 0, 0, 0];
    expect(stepOrbit(board, lights, 2)?.tail).toBe(0);
    expect(stepOrbit(board, lights, 2, 9)).toBeNull();
    // a dark board stays dark: period 1
    expect(stepOrbit(board, new Array(9).fill(0), 2)).toEqual({ tail: 0, period: 1 });
    // k = 4 with too small a budget: the algebra says why it did not run
    expect(pressOrbit(board, lights, 4, 9)).toEqual({
      exact: false,
      reason: "k = 4 has the square factor 2^2: Z_4 is no product of fields, so its period is not computed by algebra",
    });
    // past the algebra's 4,096 cells, stepping alone
    const big = Array.from({ length: 65 * 64 }, (_, i) => (i === 0 ? 1 : 0));
    expect(pressOrbit(gridBoard(65, 64), big, 2, 10)).toEqual({ exact: false });
  });

  test("when the algebra is not exact and stepping runs out, what the algebra knows is kept", () => {
    // over Z_(2^31 - 1) a random graph of 120 vertices passes the degree limit there
    const random = seeded(3);
    const edges: [number, number][] = Array.from({ length: 240 }, () => [random(120), random(120)]);
    const board = graphBoard(
      120,
      edges.filter(([u, v], i) => u !== v && edges.findIndex(([a, b]) => a === u && b === v) === i),
    );
    const lights = Array.from({ length: 120 }, () => random(65536));
    const orbit = pressOrbit(board, lights, 2 ** 31 - 1, 1000);
    expect(orbit).toMatchObject({ exact: false, reason: expect.stringMatching(/expected at most 81 degrees/) });
  });
});

describe("the orbit in words", () => {
  test("exact answers", () => {
    expect(orbitText({ exact: true, tail: 0, period: 1n, by: "steps" }, 9)).toBe(
      "Pressing the lit cells again and again, the board comes back every 1 step; its solution as a board walks the same cycle backwards.",
    );
    expect(orbitText({ exact: true, tail: 3, period: 4n, by: "steps" }, 16)).toMatch(
      /repeat every 4 steps after 3 steps first \(this board never comes back/,
    );
    expect(orbitText({ exact: true, tail: 0, period: 2n ** 61n - 1n, by: "algebra" }, 61)).toBe(
      "Pressing the lit cells again and again, the board comes back every 2,305,843,009,213,693,951 steps (about 2.31 × 10^18) (by algebra: the order of the minimal polynomial of these lights); its solution as a board walks the same cycle backwards.",
    );
  });

  test("what is known when not exact", () => {
    expect(orbitText({ exact: false }, 1000)).toMatch(
      /no board came back within 50,000 steps .*; the period is larger\.$/,
    );
    const text = orbitText(
      { exact: false, reason: "2^331 - 1 keeps a composite factor", tail: 2, periodDivides: 12n, periodMultipleOf: 4n },
      100,
    );
    expect(text).toMatch(/the algebra gives no exact period: 2\^331 - 1 keeps a composite factor\./);
    expect(text).toMatch(/The tail is 2 steps\. The period divides 12 and is a multiple of 4\.$/);
    const huge = orbitText(
      { exact: false, reason: "r", periodDivides: 3n * 10n ** 20n, periodMultipleOf: 999_999n },
      1,
    );
    expect(huge).toMatch(
      /divides 300,000,000,000,000,000,000 \(about 3\.00 × 10\^20\) and is a multiple of 999,999\.$/,
    );
  });

  test("periods in digits, and about a power of ten past 12 digits", () => {
    expect(formatPeriod(6n)).toBe("6 steps");
    expect(formatPeriod(999_999_999_999n)).toBe("999,999,999,999 steps");
    expect(formatPeriod(2n ** 100n)).toBe("1,267,650,600,228,229,401,496,703,205,376 steps (about 1.27 × 10^30)");
  });
});
