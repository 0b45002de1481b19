import { formatBoard, type GridBoard, gridBoard } from "@lightsout/core";
import { boardTopology } from "@lightsout/core/lightsout";
import { describe, expect, test } from "vitest";
import { importBoard } from "./import.js";

describe("importBoard", () => {
  test("reads text and JSON; a byte-order mark is skipped", () => {
    expect(importBoard("\uFEFF1 0\n0 1", 2, {}).lights).toEqual([1, 0, 0, 1]);
    const json = JSON.stringify({ board: gridBoard(1, 3), lights: [2, 0, 1], states: 3 });
    expect(importBoard(json, 2, {})).toMatchObject({ lights: [2, 0, 1], states: 3 });
  });

  test("sizes beyond the limits are refused before the board is built", () => {
    const hostile = '{"board":{"kind":"graph","vertices":268435456,"edges":[]},"lights":[1]}';
    expect(() => importBoard(hostile, 2, {})).toThrow(
      "a graph expected at most 4,096 vertices, got 268,435,456 vertices",
    );
    expect(() => importBoard('{"board":{"kind":"grid","rows":100000,"cols":3},"lights":[]}', 2, {})).toThrow(
      /^a 100000 × 3 board expected at most 256 rows \(this app draws and solves boards up to 256 × 256\), got 100,000 rows$/,
    );
    const wide = `${"0".repeat(300)}\n`;
    expect(() => importBoard(wide, 2, {})).toThrow(/a 1 × 300 board expected at most 256 columns .*, got 300 columns$/);
    expect(() => importBoard("1".repeat(2_000_001), 2, {})).toThrow(/at most 2,000,000 characters, got 2,000,001/);
  });
});

describe("importBoard, exactly what was exported", () => {
  test('"states" must be an integer 2..255, unknown fields are refused, an array is not the text format', () => {
    const board = gridBoard(1, 2);
    expect(importBoard(JSON.stringify({ board, lights: [1, 0], states: 2 }), 3, {}).states).toBe(2);
    expect(() => importBoard(JSON.stringify({ board, lights: [1, 0], states: "3" }), 2, {})).toThrow(
      /"states" expected an integer in 2..255, got "3"/,
    );
    expect(() => importBoard(JSON.stringify({ board, lights: [1, 0], states: 256 }), 2, {})).toThrow(
      /"states" expected an integer in 2..255, got 256/,
    );
    expect(() => importBoard(JSON.stringify({ board, lights: [1, 0], colour: "red" }), 2, {})).toThrow(
      /expected only the fields "board", "lights" and "states", got "colour"/,
    );
    expect(() => importBoard("[1,2,3]", 2, {})).toThrow(/got a JSON array/);
  });
});

describe("importBoard, topologies and many states", () => {
  test("JSON keeps the board's topology; the text format takes it from the options", () => {
    const board = gridBoard(2, 3, { topology: "projective", rule: "king" });
    const json = importBoard(JSON.stringify({ board, lights: [1, 0, 0, 0, 0, 1], states: 2 }), 2, {});
    expect(boardTopology(json.board as GridBoard)).toBe("projective");
    const text = importBoard("100\n001", 2, { topology: "projective" });
    expect(boardTopology(text.board as GridBoard)).toBe("projective");
    expect(boardTopology(importBoard("100\n001", 2, {}).board as GridBoard)).toBe("plane");
  });

  test("past 36 states the text is numbers between blanks, and it comes back exactly", () => {
    const board = gridBoard(2, 3);
    const lights = [0, 254, 36, 100, 7, 35];
    const text = formatBoard(board, lights, { states: 255 });
    expect(importBoard(text, 255, {})).toEqual({ board, lights, states: 255 });
    expect(importBoard("254 0\n1 200", 255, {}).lights).toEqual([254, 0, 1, 200]);
    expect(() => importBoard("255 0", 255, {})).toThrow(/expected/);
  });
});
