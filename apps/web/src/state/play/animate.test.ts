// "Play the solution" without a page: the sequence of presses holds each
// cell as often as the solution says, in reading order or shuffled by its
// seed, and pressing it in either order clears the board (checked by the
// game's own presses, the solution from the solver).

import { gridBoard, randomPuzzle } from "@lightsout/core";
import { describe, expect, test } from "vitest";
import { analyse } from "../solver.js";
import { solutionPace, solutionSequence } from "./animate.js";
import { isDark, newGame, press } from "./game.js";

describe("solutionSequence", () => {
  test("each cell as many times as its presses; reading order, or a seeded shuffle", () => {
    const presses = [1, 0, 2, 0, 1, 3, 0, 1];
    const inOrder = solutionSequence(presses, "in-order", 1);
    expect(inOrder).toEqual([0, 2, 2, 4, 5, 5, 5, 7]);
    const shuffled = solutionSequence(presses, "random", 5);
    expect([...shuffled].sort((a, b) => a - b)).toEqual(inOrder);
    expect(solutionSequence(presses, "random", 5)).toEqual(shuffled);
    // some seed of the first few moves a press out of reading order
    const seeds = [1, 2, 3, 4, 5].map((seed) => solutionSequence(presses, "random", seed).join());
    expect(seeds.some((s) => s !== inOrder.join())).toBe(true);
    expect(solutionSequence([0, 0, 0], "random", 3)).toEqual([]);
  });

  test("either order clears the board: 5 x 5 with 2 states, 4 x 4 with 3, 3 x 5 with 5", () => {
    for (const [rows, cols, states] of [
      [5, 5, 2],
      [4, 4, 3],
      [3, 5, 5],
    ] as const) {
      const board = gridBoard(rows, cols);
      for (let seed = 1; seed <= 4; seed++) {
        const lights = Array.from(randomPuzzle(board, { seed, states }));
        const a = analyse(board, lights, states);
        expect(a.solvable).toBe(true);
        if (!a.solvable) continue;
        for (const order of ["in-order", "random"] as const) {
          let game = newGame(board, lights, states);
          const steps = solutionSequence(a.presses, order, seed);
          expect(steps.length).toBe(a.count);
          for (const cell of steps) game = press(game, cell);
          expect(isDark(game), `${rows} x ${cols}, ${states} states, seed ${seed}, ${order}`).toBe(true);
        }
      }
    }
  });

  test("the pace: about 4 s in all, 40 to 400 ms a redraw, at most 100 redraws however long", () => {
    expect(solutionPace(1)).toEqual({ batch: 1, delayMs: 400 });
    expect(solutionPace(10)).toEqual({ batch: 1, delayMs: 400 });
    expect(solutionPace(20)).toEqual({ batch: 1, delayMs: 200 });
    expect(solutionPace(100)).toEqual({ batch: 1, delayMs: 40 });
    expect(solutionPace(101)).toEqual({ batch: 2, delayMs: 78 });
    expect(solutionPace(20_000)).toEqual({ batch: 200, delayMs: 40 });
    expect(solutionPace(0)).toEqual({ batch: 1, delayMs: 400 });
  });
});
