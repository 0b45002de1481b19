import { describe, expect, test } from "vitest";
import {
  beats,
  daily,
  decodeMoves,
  encodeMoves,
  loadClock,
  loadDaily,
  MAX_LINK_MOVES,
  puzzleKey,
  withDaily,
} from "./progress.js";

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

describe("fair records", () => {
  test("a result found alone beats any assisted one; otherwise fewer moves, then less time", () => {
    expect(beats({ moves: 9, ms: 1000, assisted: true }, { moves: 12, ms: 5000 })).toBe(false);
    expect(beats({ moves: 12, ms: 5000 }, { moves: 9, ms: 1000, assisted: true })).toBe(true);
    expect(beats({ moves: 9, ms: 5000 }, { moves: 12, ms: 1000 })).toBe(true);
    expect(beats({ moves: 9, ms: 5000 }, { moves: 9, ms: 1000 })).toBe(false);
    expect(beats({ moves: 9, ms: 500 }, { moves: 9, ms: null })).toBe(true);
    expect(beats({ moves: 9, ms: 500 }, null)).toBe(true);
  });

  test("the daily history keeps the best of each day, newest first", () => {
    let h = withDaily([], { date: "2026-11-30", moves: 9, ms: 30_000 });
    h = withDaily(h, { date: "2026-12-01", moves: 12, ms: 9_000, assisted: true });
    h = withDaily(h, { date: "2026-11-30", moves: 11, ms: 10_000 }); // worse: the 9 stays
    expect(h).toEqual([
      { date: "2026-12-01", moves: 12, ms: 9_000, assisted: true },
      { date: "2026-11-30", moves: 9, ms: 30_000 },
    ]);
    h = withDaily(h, { date: "2026-12-01", moves: 14, ms: 20_000 }); // alone beats assisted
    expect(h[0]).toEqual({ date: "2026-12-01", moves: 14, ms: 20_000 });
    // without storage (Node) nothing is kept, nothing fails
    expect(loadDaily()).toEqual([]);
    expect(loadClock("abcd0123")).toBeNull();
  });
});
