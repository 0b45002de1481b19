import { type GridBoard, gridBoard, maskBoard } from "@lightsout/core";
import { boardTopology, cellMap, pressTargets } from "@lightsout/core/lightsout";
import { describe, expect, test } from "vitest";
import { boardOf, cycleLight, draftOf, emptyDraft, paintCell, resize, withStates } from "./draft.js";

describe("draft", () => {
  test("a full rectangle has no mask; painting one position out makes one", () => {
    expect(boardOf(emptyDraft(2, 3)).board).toEqual({ kind: "grid", rows: 2, cols: 3 });
    const d = paintCell(emptyDraft(2, 3), 4);
    const { board, lights } = boardOf(d);
    expect(board).toEqual({ kind: "grid", rows: 2, cols: 3, mask: ["###", "#.#"] });
    expect(lights).toHaveLength(5);
    // painting it back in restores the rectangle
    expect(boardOf(paintCell(d, 4)).board).toEqual({ kind: "grid", rows: 2, cols: 3 });
  });

  test("lights follow their positions through holes, resizing and back", () => {
    let d = paintCell(emptyDraft(3, 3), 1);
    d = cycleLight(d, 2) as typeof d;
    d = cycleLight(d, 1) as typeof d; // no cell there: unchanged
    d = cycleLight(d, 8) as typeof d;
    const { board, lights } = boardOf(d);
    expect(lights).toEqual([0, 1, 0, 0, 0, 0, 0, 1]);
    const back = draftOf(board, lights, 2);
    expect(back).toEqual(d);
    const bigger = resize(d as Parameters<typeof resize>[0], 4, 2);
    expect(bigger.present).toEqual([true, false, true, true, true, true, true, true]);
    expect(bigger.lights).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
  });

  test("the board agrees with the engine's mask board", () => {
    const mask = [".#.", "###", ".#."];
    const d = draftOf(maskBoard(mask), [1, 0, 1, 0, 1], 2);
    const { board, lights } = boardOf(d);
    expect(board).toEqual({ kind: "grid", rows: 3, cols: 3, mask });
    expect(cellMap(board).count).toBe(5);
    expect(pressTargets(board)[2]).toEqual(Int32Array.from([0, 1, 2, 3, 4]));
    expect(lights).toEqual([1, 0, 1, 0, 1]);
  });

  test("states wrap lights; cycling wraps at k", () => {
    let d = withStates(emptyDraft(1, 1), 3);
    d = cycleLight(cycleLight(d, 0), 0) as typeof d;
    expect(d.lights).toEqual([2]);
    expect(cycleLight(d, 0).lights).toEqual([0]);
    expect(withStates(d, 2).lights).toEqual([0]);
  });

  test("an empty frame is refused with a clear message", () => {
    expect(() => boardOf(paintCell(emptyDraft(1, 1), 0))).toThrow(/at least one cell/);
  });

  test("the topology survives draftOf and boardOf: projective planes stay projective, tori stay tori", () => {
    for (const topology of ["plane", "torus", "projective"] as const) {
      const board = gridBoard(3, 4, { topology });
      const draft = draftOf(board, new Array(12).fill(1), 2);
      expect(draft).toMatchObject({ topology });
      expect(boardTopology(boardOf(draft).board as GridBoard)).toBe(topology);
      const holed = paintCell(draft as Parameters<typeof paintCell>[0], 5);
      expect(boardTopology(boardOf(holed).board as GridBoard)).toBe(topology);
    }
  });
});
