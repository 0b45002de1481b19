// The plain parts of the Explore screen: the chart's ticks and the picture
// size of the all-on solve. (The sweep itself is core's nullitySweep.)

import { describe, expect, test } from "vitest";
import { ticks } from "./chart.js";
import { pictureSide } from "../../state/explore/protocol.js";

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
