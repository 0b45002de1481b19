// Fewest presses by integer programming (HiGHS), against exhaustive search.
// maxNullity: 0 sends every block of the quiet patterns to HiGHS (without
// it, these small blocks would be enumerated).
import { describe, expect, it } from "vitest";
import { allSolutions, fewestPressesByIlp, gridBoard, randomPuzzle, type Board } from "../src/index.js";
import { plainNullity, pressed } from "./_support.js";

const weight = (v: Uint8Array) => v.reduce((a, b) => a + b, 0);

/** The least weight over every solution, after checking that they are all of them: 2^nullity distinct ones that go dark. */
function bestByEnumeration(board: Board, lights: Uint8Array): number {
  const all = [...allSolutions(board, lights)];
  expect(new Set(all.map((x) => x.join(""))).size).toBe(2 ** plainNullity(board));
  for (const x of all) expect(pressed(board, lights, x).every((v) => v === 0)).toBe(true);
  return Math.min(...all.map(weight));
}

describe("fewest presses by integer programming", () => {
  it("5 x 5 all-on needs exactly 15 presses, proven", async () => {
    const r = await fewestPressesByIlp(gridBoard(5, 5), new Array(25).fill(1), { timeLimitMs: 60_000, maxNullity: 0 });
    expect(r).toMatchObject({ count: 15, optimal: true, lowerBound: 15, status: "optimal" });
    expect(pressed(gridBoard(5, 5), new Array(25).fill(1), r.presses!).every((v) => v === 0)).toBe(true);
  });

  it("all lights on the 20 x 20 torus (one block of 32): 80 presses, the counting bound", async () => {
    // each press switches 5 lights, so 400 lights need at least 80 presses: a solution of 80 is the minimum
    const board = gridBoard(20, 20, { torus: true });
    const lights = new Array(400).fill(1);
    const r = await fewestPressesByIlp(board, lights, { timeLimitMs: 600_000 });
    expect(r).toMatchObject({ count: 80, optimal: true, lowerBound: 80, blocks: [32] });
    expect(pressed(board, lights, r.presses!).every((v) => v === 0)).toBe(true);
  });

  it("matches exhaustive search over the quiet space on random boards", async () => {
    for (const [board, seeds] of [
      [gridBoard(4, 4), 4],
      [gridBoard(5, 5), 2],
      [gridBoard(3, 3, { torus: true }), 2],
    ] as const) {
      for (let seed = 1; seed <= seeds; seed++) {
        const lights = randomPuzzle(board, { seed });
        const r = await fewestPressesByIlp(board, lights, { timeLimitMs: 60_000, maxNullity: 0 });
        expect(r.optimal).toBe(true);
        expect(r.count).toBe(bestByEnumeration(board, lights));
        expect(pressed(board, lights, r.presses!).every((v) => v === 0)).toBe(true);
      }
    }
  });

  it("unsolvable boards and a tiny time limit are answered honestly", async () => {
    const lone = new Array(25).fill(0);
    lone[0] = 1;
    expect(await fewestPressesByIlp(gridBoard(5, 5), lone)).toMatchObject({
      presses: null,
      count: null,
      status: "unsolvable",
    });
    const board = gridBoard(19, 19); // nullity 16
    const lights = randomPuzzle(board, { seed: 3 });
    const r = await fewestPressesByIlp(board, lights, { timeLimitMs: 1, maxNullity: 0 });
    expect(pressed(board, lights, r.presses!).every((v) => v === 0)).toBe(true);
    expect(r.lowerBound).toBeLessThanOrEqual(r.count!);
    if (!r.optimal) expect(r.status).toBe("time limit");
    await expect(fewestPressesByIlp(board, lights, { timeLimitMs: 0 })).rejects.toThrow(
      /"timeLimitMs" expected a positive number/,
    );
  });
});
