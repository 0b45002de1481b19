// The plain parts of the Explore screen: how a sweep is cut into tasks, the
// chart's ticks and the picture size of the all-on solve.

import { describe, expect, test } from "vitest";
import { ticks } from "./chart.js";
import { pictureSide } from "./protocol.js";
import { nextTask } from "./sweep.js";

describe("nextTask", () => {
  test.each([
    [1, 300],
    [1, 10_000],
    [9_990, 30_000],
    [77, 77],
  ])("cuts n = %i..%i into contiguous runs covering every n once", (from, to) => {
    const covered: number[] = [];
    for (let n = from; n <= to; ) {
      const task = nextTask(n, to);
      if (task.from !== n || task.to < n || task.to > to)
        throw new Error(`bad task ${JSON.stringify(task)} at n = ${n}`);
      covered.push(task.to - task.from + 1);
      n = task.to + 1;
    }
    expect(covered.reduce((a, b) => a + b, 0)).toBe(to - from + 1);
  });

  test("small n go many to a task, large n one each", () => {
    expect(nextTask(1, 10_000).to).toBe(2048);
    const large = nextTask(100_000, 200_000);
    expect(large).toEqual({ from: 100_000, to: 100_000 });
  });
});

describe("ticks", () => {
  test("round values inside the range", () => {
    expect(ticks(1, 10_000, 6)).toEqual([2000, 4000, 6000, 8000, 10_000]);
    expect(ticks(0, 16, 5)).toEqual([0, 5, 10, 15]);
    expect(ticks(1, 300, 6)).toEqual([50, 100, 150, 200, 250, 300]);
  });
});

describe("pictureSide", () => {
  test("at most `side` pixels, whole cells per pixel", () => {
    expect(pictureSide(2048, 512)).toEqual({ scale: 4, size: 512 });
    expect(pictureSide(1000, 512)).toEqual({ scale: 2, size: 500 });
    expect(pictureSide(300, 512)).toEqual({ scale: 1, size: 300 });
    expect(pictureSide(2047, 512)).toEqual({ scale: 4, size: 512 });
  });
});
