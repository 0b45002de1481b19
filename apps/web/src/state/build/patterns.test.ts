// Build's preset patterns and transforms, against boards written out by hand.

import { describe, expect, test } from "vitest";
import { emptyDraft, paintCell, withStates } from "./draft.js";
import { pressedLit, transformed, withCellLights, withPattern } from "./patterns.js";

const grid = (rows: number, cols: number, lights: number[]) => ({ ...emptyDraft(rows, cols), lights });

describe("preset patterns", () => {
  test("corners, border, checkerboard, centre and all on, on a 4 x 5 frame", () => {
    const d = emptyDraft(4, 5);
    expect(withPattern(d, "corners").lights.join("")).toBe("10001" + "00000" + "00000" + "10001");
    expect(withPattern(d, "border").lights.join("")).toBe("11111" + "10001" + "10001" + "11111");
    expect(withPattern(d, "checkerboard").lights.join("")).toBe("10101" + "01010" + "10101" + "01010");
    // the centre of 4 rows is rows 2 and 3; of 5 columns, column 3
    expect(withPattern(d, "centre").lights.join("")).toBe("00000" + "00100" + "00100" + "00000");
    expect(withPattern(d, "on").lights.every((v) => v === 1)).toBe(true);
  });

  test("a pattern lights only cells: a hole stays at 0", () => {
    const holed = paintCell(emptyDraft(3, 3), 0); // the corner is no cell now
    expect(withPattern(holed, "corners").lights.join("")).toBe("001" + "000" + "101");
  });
});

describe("transforms", () => {
  test("shifts wrap around the frame", () => {
    const d = grid(2, 3, [1, 0, 0, 0, 0, 2]);
    expect(transformed(d, "right").lights).toEqual([0, 1, 0, 2, 0, 0]);
    expect(transformed(d, "left").lights).toEqual([0, 0, 1, 0, 2, 0]);
    expect(transformed(d, "down").lights).toEqual([0, 0, 2, 1, 0, 0]);
    expect(transformed(d, "up").lights).toEqual([0, 0, 2, 1, 0, 0]);
    // four shifts right on 4 columns come back
    let e = grid(1, 4, [1, 1, 0, 0]);
    for (let i = 0; i < 4; i++) e = transformed(e, "right") as typeof e;
    expect(e.lights).toEqual([1, 1, 0, 0]);
  });

  test("invert takes v to k - 1 - v; rotate adds 1 mod k; holes stay 0", () => {
    const three = withStates(grid(1, 3, [0, 1, 2]), 3);
    expect(transformed(three, "invert").lights).toEqual([2, 1, 0]);
    expect(transformed(three, "rotate").lights).toEqual([1, 2, 0]);
    expect(transformed(grid(1, 2, [1, 0]), "invert").lights).toEqual([0, 1]);
    const holed = paintCell(emptyDraft(1, 2), 0);
    expect(transformed(holed, "invert").lights).toEqual([0, 1]);
    expect(transformed({ ...grid(1, 2, [0, 1]), present: [false, true] }, "right").lights).toEqual([0, 0]);
  });
});

describe("the board the lit cells make", () => {
  test("pressing the lit centre of a dark 3 x 3 gives the plus; over Z_3 a cell at 2 is pressed twice", () => {
    const centre = withPattern(emptyDraft(3, 3), "centre");
    expect(pressedLit(centre).lights).toEqual([0, 1, 0, 1, 1, 1, 0, 1, 0]);
    const three = withStates(grid(1, 3, [2, 0, 0]), 3);
    expect(pressedLit(three).lights).toEqual([2, 2, 0]);
    // a hole: cells are counted in order, the hole skipped
    const holed = paintCell(emptyDraft(1, 3), 0);
    expect(withCellLights(holed, [1, 1]).lights).toEqual([0, 1, 1]);
    expect(pressedLit(withCellLights(holed, [1, 0])).lights).toEqual([0, 1, 1]);
  });
});
