// The painted rule without a page: the grid shows the offsets within 3 cells
// (the others counted), and a click adds or removes one offset of the text.

import { parseRule } from "@lightsout/core";
import { describe, expect, test } from "vitest";
import { paintedOffsets, RULE_REACH, toggleOffset } from "./rule-grid.js";

describe("the painted rule", () => {
  test("shows the offsets within reach and counts the others; a name is its offsets; bad text is none", () => {
    expect(RULE_REACH).toBe(3);
    expect(paintedOffsets("0,1;0,9;-3,3;4,0")).toEqual({ on: new Set(["0,1", "-3,3"]), beyond: 2 });
    expect(paintedOffsets("plus")).toEqual({ on: new Set(["-1,0", "1,0", "0,-1", "0,1"]), beyond: 0 });
    expect(paintedOffsets("knight")?.on.size).toBe(8);
    expect(paintedOffsets("0,x")).toBeNull();
  });

  test("a click paints an offset in, or out when it was in; the rest keep their order", () => {
    expect(toggleOffset("-1,0;1,0", 2, 1)).toBe("-1,0;1,0;2,1");
    expect(toggleOffset("-1,0;1,0;2,1", 1, 0)).toBe("-1,0;2,1");
    expect(toggleOffset("plus", 0, 1)).toBe("-1,0;1,0;0,-1");
    expect(toggleOffset("not a rule", -2, 3)).toBe("-2,3");
    // painting in and out again gives the rule back, and the text is always a rule the engine reads
    let text = "x";
    for (const [dr, dc] of [
      [0, 2],
      [-3, -3],
      [0, 2],
      [1, 1],
    ] as const) {
      text = toggleOffset(text, dr, dc);
      expect(parseRule(text)).toEqual({ offsets: expect.any(Array) });
    }
    expect(paintedOffsets(text)).toEqual({ on: new Set(["-1,-1", "-1,1", "1,-1", "-3,-3"]), beyond: 0 });
  });
});
