import { describe, expect, test } from "vitest";
import { daily, decodeMoves, encodeMoves, MAX_LINK_MOVES, puzzleKey } from "./progress.js";

describe("progress", () => {
  test("moves round-trip through the link; bad moves are refused", () => {
    expect(decodeMoves(encodeMoves([4, 12, 56, 0]), 57)).toEqual([4, 12, 56, 0]);
    expect(decodeMoves("", 5)).toEqual([]);
    expect(() => decodeMoves("4.z", 25)).toThrow(/"p" expected cells 0..o \(base 36\), got "z" at move 2/);
    expect(() => decodeMoves("-1", 25)).toThrow(/got "-1" at move 1/);
    expect(() => decodeMoves(".".repeat(MAX_LINK_MOVES), 25)).toThrow(/at most 10,000 moves/);
  });

  test("the daily seed is the UTC date; puzzle keys differ for different links", () => {
    expect(daily(new Date("2026-11-30T23:59:00Z"))).toEqual({ date: "2026-11-30", seed: 20261130 });
    expect(puzzleKey("g=5x5&l=a")).not.toBe(puzzleKey("g=5x5&l=b"));
    expect(puzzleKey("g=5x5&l=a")).toMatch(/^[0-9a-f]{8}$/);
  });
});
