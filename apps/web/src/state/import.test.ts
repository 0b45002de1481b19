import { gridBoard } from "@lightsout/core";
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
    expect(() => importBoard(hostile, 2, {})).toThrow(/graph expected at most 4,096 vertices, got 268435456/);
    expect(() => importBoard('{"board":{"kind":"grid","rows":100000,"cols":3},"lights":[]}', 2, {})).toThrow(
      /at most 256 × 256 cells, got 100000 × 3/,
    );
    const wide = `${"0".repeat(300)}\n`;
    expect(() => importBoard(wide, 2, {})).toThrow(/at most 256 × 256 cells, got 1 × 300/);
    expect(() => importBoard("1".repeat(2_000_001), 2, {})).toThrow(/at most 2,000,000 characters, got 2,000,001/);
  });
});

describe("importBoard, exactly what was exported", () => {
  test('"states" must be an integer 2..36, unknown fields are refused, an array is not the text format', () => {
    const board = gridBoard(1, 2);
    expect(importBoard(JSON.stringify({ board, lights: [1, 0], states: 2 }), 3, {}).states).toBe(2);
    expect(() => importBoard(JSON.stringify({ board, lights: [1, 0], states: "3" }), 2, {})).toThrow(
      /"states" expected an integer in 2..36, got "3"/,
    );
    expect(() => importBoard(JSON.stringify({ board, lights: [1, 0], colour: "red" }), 2, {})).toThrow(
      /expected only the fields "board", "lights" and "states", got "colour"/,
    );
    expect(() => importBoard("[1,2,3]", 2, {})).toThrow(/got a JSON array/);
  });
});
