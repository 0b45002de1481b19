// What Play says: status, par, best, the timer and the info panel's answers.

import { graphBoard, gridBoard, maskBoard } from "@lightsout/core";
import { describe, expect, test } from "vitest";
import {
  bestText,
  cellName,
  dailyLines,
  hintText,
  minutes,
  parText,
  resultText,
  seedRefused,
  solutionText,
  solverFailure,
  statusText,
  todayStatus,
  winnableText,
} from "./sentences.js";

const optimal = { solvable: true as const, presses: [1, 1, 0], count: 2, optimal: true };
const some = { ...optimal, optimal: false };

describe("status and the line above the board", () => {
  test("lights on, then solved against par", () => {
    expect(statusText([1, 0, 1], 0, null)).toBe("2 lights on");
    expect(statusText([0, 1, 0], 3, null)).toBe("1 light on");
    expect(statusText([0, 0], 0, null)).toBe("Lights out: this board is already dark.");
    expect(statusText([0, 0], 1, null)).toBe("Lights out! Solved in 1 move.");
    expect(statusText([0, 0], 2, optimal)).toBe("Lights out! Solved in 2 moves, the fewest possible.");
    expect(statusText([0, 0], 5, optimal)).toBe("Lights out! Solved in 5 moves (the fewest possible is 2).");
    expect(statusText([0, 0], 5, some)).toBe("Lights out! Solved in 5 moves.");
    expect(todayStatus("2026-11-30", "3 lights on")).toBe("Today's puzzle (2026-11-30): 3 lights on");
  });

  test("par when proven, the best result, the clock", () => {
    expect(parText(optimal)).toBe("Par: 2");
    expect(parText(some)).toBeNull();
    expect(parText({ solvable: false, proof: null })).toBeNull();
    expect(parText(null)).toBeNull();
    expect(bestText({ moves: 7, ms: 41_200 })).toBe("Best: 7 moves in 0:41");
    expect(bestText({ moves: 1, ms: null })).toBe("Best: 1 move");
    expect(bestText(null)).toBeNull();
    expect(minutes(0)).toBe("0:00");
    expect(minutes(75_400)).toBe("1:15");
    expect(minutes(3_600_000)).toBe("60:00");
  });
});

describe("the info panel", () => {
  test("cells are named by row and column, holes counted out, or as vertices", () => {
    expect(cellName(gridBoard(3, 3), 5)).toBe("row 2, column 3");
    expect(cellName(maskBoard(["#.", "##"]), 1)).toBe("row 2, column 1");
    expect(cellName(graphBoard(3, [[0, 1]]), 2)).toBe("vertex 3");
  });

  test("hint, solution and verdict", () => {
    const board = gridBoard(1, 3);
    expect(hintText(board, 0, optimal)).toBe(
      "Hint: press the highlighted cell (row 1, column 1). 2 presses to go, at best.",
    );
    expect(hintText(board, 1, some)).toBe("Hint: press the highlighted cell (row 1, column 2). 2 presses to go.");
    expect(hintText(board, null, { ...optimal, count: 0 })).toBe("Nothing to press: the board is dark.");
    expect(solutionText(optimal, 2)).toBe(
      "Press the marked cells: 2 presses, the fewest possible. The order does not matter.",
    );
    expect(solutionText(some, 3)).toBe(
      "Press the marked cells (the number: how many times): 2 presses. The order does not matter.",
    );
    expect(solutionText({ ...optimal, count: 0 }, 2)).toBe("The board is dark: nothing to press.");
    expect(solutionText({ solvable: false, proof: null }, 2)).toBe(
      "This board cannot be cleared, so there is no solution to show.",
    );
    expect(winnableText(optimal)).toBe("Yes: winnable, in 2 presses at best.");
    expect(winnableText({ ...some, count: 1 })).toBe("Yes: winnable, in 1 press.");
    expect(winnableText({ ...optimal, count: 0 })).toBe("Yes: the board is already dark.");
    expect(solverFailure(new Error("too big"), false)).toBe("Not solved: too big");
    expect(solverFailure(new Error("cancelled"), true)).toBe("Solving cancelled.");
  });
});

test("a refused seed says what is played instead", () => {
  const why = "The link's seed -1 is not a seed: a seed is a whole number from 0 to 2,147,483,647.";
  expect(seedRefused(why, 1)).toBe(`${why} Here is the puzzle of seed 1 instead.`);
  expect(seedRefused(why, null)).toBe(`${why} The link's lights are played without it.`);
});

test("results say when help was taken; the daily history is a line a day", () => {
  expect(resultText({ moves: 7, ms: 41_200, assisted: true })).toBe("7 moves in 0:41, with help");
  expect(bestText({ moves: 1, ms: null })).toBe("Best: 1 move");
  expect(dailyLines([{ date: "2026-12-01", moves: 9, ms: 30_000 }])).toEqual(["2026-12-01: 9 moves in 0:30"]);
  expect(statusText([0], 3, null, true)).toBe("Lights out! Solved in 3 moves with help.");
});
