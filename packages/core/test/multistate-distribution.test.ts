// The distribution of fewest presses over Z_k against an independent brute
// force: every press vector in 0..k-1 per cell, its board by plain
// arithmetic, the least weight per board.
import { describe, expect, it } from "vitest";
import { type Board, fewestPresses, graphBoard, gridBoard, optimalDistribution } from "../src/index.js";
import { distributionBySearch } from "../src/lightsout/fewest.js";
import { residueRing } from "../src/solvers/ring.js";
import { neighbourhoods } from "./_support.js";

function bruteForce(board: Board, k: number): number[] {
  const targets = neighbourhoods(board);
  const n = targets.length;
  const best = new Map<string, number>();
  const x = new Array<number>(n).fill(0);
  for (let code = 0; code < k ** n; code++) {
    let c = code;
    for (let i = 0; i < n; i++) {
      x[i] = c % k;
      c = Math.floor(c / k);
    }
    const lights = new Array<number>(n).fill(0);
    targets.forEach((t, j) => t.forEach((i) => (lights[i] = (lights[i]! + x[j]!) % k)));
    const key = lights.join(",");
    const weight = x.reduce((a, b) => a + b, 0);
    if (!best.has(key) || best.get(key)! > weight) best.set(key, weight);
  }
  const counts: number[] = [];
  for (const w of best.values()) counts[w] = (counts[w] ?? 0) + 1;
  return Array.from(counts, (v) => v ?? 0);
}

describe("optimalDistribution", () => {
  const boards: [string, Board][] = [
    ["2 x 2", gridBoard(2, 2)],
    ["2 x 3", gridBoard(2, 3)],
    ["3 x 3", gridBoard(3, 3)],
    ["2 x 2 torus", gridBoard(2, 2, { torus: true })],
    [
      "5-cycle",
      graphBoard(5, [
        [0, 1],
        [1, 2],
        [2, 3],
        [3, 4],
        [4, 0],
      ]),
    ],
  ];
  for (const [name, board] of boards) {
    for (const k of [2, 3, 4, 6]) {
      const cells = neighbourhoods(board).length;
      if (k ** cells > 600_000) continue;
      it(`${name} over Z_${k}: brute force agrees`, () => {
        const d = optimalDistribution(board, { states: k });
        expect(d.counts).toEqual(bruteForce(board, k).map(BigInt));
        expect(d.winnableBoards).toBe(d.counts.reduce((a, b) => a + b, 0n));
      });
    }
  }

  it("two states: the GF(2) cosets agree with the breadth-first search over Z_2 (4 x 4), and depths agree with fewestPresses", () => {
    const d = distributionBySearch(gridBoard(4, 4), residueRing(2), {});
    expect(d.counts.map(BigInt)).toEqual(optimalDistribution(gridBoard(4, 4)).counts);
    const lights = [1, 2, 0, 1, 0, 0, 2, 1, 1];
    const count = fewestPresses(gridBoard(3, 3), lights, { states: 3 }).count!;
    expect(optimalDistribution(gridBoard(3, 3), { states: 3 }).counts[count]).toBeGreaterThan(0);
  });

  it("refuses boards it cannot index", () => {
    expect(() => optimalDistribution(gridBoard(5, 5), { states: 3 })).toThrow(
      /expected k\^cells <= 2\^27, got 3\^25 = 847288609443/,
    );
  });
});
