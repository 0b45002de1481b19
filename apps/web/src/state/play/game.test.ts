import { graphBoard, gridBoard, maskBoard } from "@lightsout/core";
import { describe, expect, test } from "vitest";
import { isDark, newGame, press, redo, replay, reset, undo } from "./game.js";

describe("game", () => {
  test("a press toggles the cell and its orthogonal neighbours", () => {
    const g = press(newGame(gridBoard(3, 3), new Array(9).fill(0)), 4);
    expect(g.lights).toEqual([0, 1, 0, 1, 1, 1, 0, 1, 0]);
    expect(press(newGame(gridBoard(3, 3), new Array(9).fill(0)), 0).lights).toEqual([1, 1, 0, 1, 0, 0, 0, 0, 0]);
  });

  test("torus, masks and graphs follow their own neighbourhoods", () => {
    // on a 3 x 3 torus the corner's neighbours wrap to the far edges
    expect(press(newGame(gridBoard(3, 3, { torus: true }), new Array(9).fill(0)), 0).lights).toEqual([
      1, 1, 1, 1, 0, 0, 1, 0, 0,
    ]);
    // the plus-shaped mask: the centre (cell 2) reaches all five cells
    expect(press(newGame(maskBoard([".#.", "###", ".#."]), [0, 0, 0, 0, 0]), 2).lights).toEqual([1, 1, 1, 1, 1]);
    // a path 0-1-2: pressing the end toggles two vertices
    expect(
      press(
        newGame(
          graphBoard(3, [
            [0, 1],
            [1, 2],
          ]),
          [0, 0, 0],
        ),
        2,
      ).lights,
    ).toEqual([0, 1, 1]);
  });

  test("k states: a press adds 1 mod k", () => {
    let g = newGame(gridBoard(1, 2), [2, 0], 3);
    g = press(g, 0);
    expect(g.lights).toEqual([0, 1]);
    g = press(press(g, 1), 1);
    expect(g.lights).toEqual([2, 0]);
  });

  test("undo and redo walk the history; a new press clears the redo list", () => {
    const start = newGame(gridBoard(2, 2), [1, 0, 0, 1], 3);
    const a = press(press(start, 0), 3);
    expect(a.history).toEqual([0, 3]);
    const b = undo(a);
    expect(b.lights).toEqual(press(start, 0).lights);
    expect(b.future).toEqual([3]);
    expect(redo(b)).toEqual(a);
    expect(undo(undo(a)).lights).toEqual(start.lights);
    expect(undo(start)).toBe(start);
    expect(redo(start)).toBe(start);
    expect(press(b, 1).future).toEqual([]);
    expect(reset(a)).toEqual(start);
  });

  test("states are plain values: pressing never changes the game it was given", () => {
    const g = newGame(gridBoard(2, 2), [0, 0, 0, 0]);
    const frozen = JSON.stringify(g);
    press(g, 1);
    expect(JSON.stringify(g)).toBe(frozen);
  });

  test("dark means every light at 0", () => {
    expect(isDark(newGame(gridBoard(1, 3), [0, 0, 0]))).toBe(true);
    expect(isDark(press(newGame(gridBoard(1, 3), [1, 1, 0]), 0))).toBe(true);
  });

  test("bad input is refused with what was expected and got", () => {
    expect(() => newGame(gridBoard(2, 2), [0, 0, 0])).toThrow(/expected 4 entries.*got 3/);
    expect(() => newGame(gridBoard(1, 2), [0, 2])).toThrow(/lights\[1\] expected 0..1, got 2/);
    expect(() => newGame(gridBoard(1, 2), [0, 0], 1)).toThrow(/states expected an integer in 2..255, got 1/);
    expect(() => newGame(gridBoard(1, 2), [0, 0], 256)).toThrow(/states expected an integer in 2..255, got 256/);
    expect(() => press(newGame(gridBoard(1, 2), [0, 0]), 2)).toThrow(/cell expected an integer in 0..1, got 2/);
  });

  test("replay makes the same presses as pressing one by one", () => {
    const start = newGame(gridBoard(3, 4), [1, 0, 2, 0, 0, 1, 1, 2, 0, 0, 2, 1], 3);
    const cells = [0, 5, 5, 11, 3, 7];
    const oneByOne = cells.reduce((g, c) => press(g, c), start);
    const all = replay(start, cells);
    expect(all.lights).toEqual(oneByOne.lights);
    expect(all.history).toEqual(cells);
    expect(() => replay(start, [12])).toThrow(RangeError);
  });
});
