// Build's state without a page: what a click and each control do to the
// draft, what is drawn, linked and exported, and what an import is refused.

import { graphBoard, gridBoard, parseBoard } from "@lightsout/core";
import { describe, expect, test } from "vitest";
import { MAX_IMPORT_CHARS } from "../limits.js";
import { decodeBoard } from "../url.js";
import { draftOf, emptyDraft, type GraphDraft, paintCell } from "./draft.js";
import {
  allOff,
  clicked,
  controlsOf,
  DEFAULT_OFFSETS,
  downloadFile,
  drawnBoard,
  drawnFrame,
  drawnLights,
  drawnShape,
  exported,
  exportNote,
  fileRefusal,
  filled,
  imported,
  importOptions,
  linkOf,
  opened,
  pasteRefusal,
  sharedOf,
  withDraft,
  withOffsets,
  withRule,
  withSelfToggle,
  withTopology,
} from "./state.js";

const graph = draftOf(graphBoard(3, [[0, 1]]), [0, 1, 0], 2) as GraphDraft;

describe("clicks and controls", () => {
  test("a click paints the position in or out, or cycles its light; a graph only has lights", () => {
    const draft = emptyDraft(1, 3);
    expect(clicked({ draft, mode: "lights" }, 1).lights).toEqual([0, 1, 0]);
    const painted = clicked({ draft, mode: "cells" }, 1);
    expect(painted.kind === "grid" && painted.present).toEqual([true, false, true]);
    // a light of a hole stays off
    expect(clicked({ draft: painted, mode: "lights" }, 1)).toBe(painted);
    expect(clicked({ draft: graph, mode: "cells" }, 2).lights).toEqual([0, 1, 1]);
    expect(withDraft({ draft, mode: "cells" }, graph).mode).toBe("lights");
    expect(withDraft({ draft: graph, mode: "cells" }, draft).mode).toBe("cells");
  });

  test("rule, offsets, edges and self toggle; grids only where a graph has none", () => {
    const draft = emptyDraft(2, 2);
    expect(withRule(draft, "king")).toMatchObject({ rule: "king" });
    expect(withRule(graph, "king")).toBe(graph);
    expect(withOffsets(draft, "0,1;0,-1")).toEqual({
      draft: {
        ...draft,
        rule: {
          offsets: [
            [0, 1],
            [0, -1],
          ],
        },
      },
      error: null,
    });
    expect(withOffsets(draft, "knight").draft).toMatchObject({ rule: "knight" });
    expect(withOffsets(draft, DEFAULT_OFFSETS).error).toBeNull();
    const bad = withOffsets(draft, "0,1;x");
    expect(bad.draft).toBe(draft);
    expect(bad.error).toMatch(/x/);
    expect(withOffsets(graph, "0,1")).toEqual({ draft: graph, error: null });
    expect(withTopology(draft, "projective")).toMatchObject({ topology: "projective" });
    expect(withTopology(graph, "torus")).toBe(graph);
    expect(withSelfToggle(draft, false)).toMatchObject({ selfToggle: false });
    expect(withSelfToggle(graph, false)).toMatchObject({ board: { selfToggle: false } });
  });

  test("all lights off; fill the frame", () => {
    const draft = clicked({ draft: paintCell(emptyDraft(1, 3), 0), mode: "lights" }, 2);
    expect(allOff(draft).lights).toEqual([0, 0, 0]);
    expect(allOff(graph).lights).toEqual([0, 0, 0]);
    const full = filled(draft);
    expect(full.kind === "grid" && full.present).toEqual([true, true, true]);
    expect(filled(graph)).toBe(graph);
  });

  test("the controls show the draft: a custom rule's offsets, a graph's self toggle", () => {
    expect(controlsOf(emptyDraft(3, 4))).toEqual({
      states: 2,
      selfToggle: true,
      grid: { rows: 3, cols: 4, rule: "plus", offsets: null, topology: "plane" },
    });
    expect(controlsOf(withOffsets(emptyDraft(2, 2), "0,2;0,-2").draft).grid).toMatchObject({
      rule: "custom",
      offsets: "0,2;0,-2",
    });
    expect(controlsOf(withSelfToggle(graph, false))).toEqual({ states: 2, selfToggle: false, grid: null });
  });
});

describe("what is drawn", () => {
  test("a grid as a mask of its whole frame, with the lights of its cells", () => {
    const draft = clicked({ draft: paintCell(emptyDraft(2, 2), 1), mode: "lights" }, 3);
    expect(drawnBoard(draft)).toEqual({ kind: "grid", rows: 2, cols: 2, topology: "plane", mask: ["#.", "##"] });
    expect(drawnLights(draft)).toEqual([0, 0, 1]);
    expect(drawnBoard(graph)).toBe(graph.board);
    expect(drawnLights(graph)).toEqual([0, 1, 0]);
  });

  test("lights alone keep the drawn shape; painting a cell keeps the frame", () => {
    const draft = emptyDraft(4, 4);
    const lit = clicked({ draft, mode: "lights" }, 5);
    const painted = paintCell(draft, 5);
    expect(drawnShape(lit)).toBe(drawnShape(draft));
    expect(drawnShape(painted)).not.toBe(drawnShape(draft));
    expect(drawnFrame(painted)).toBe("4x4");
    expect(drawnFrame(graph)).toBe("graph");
  });
});

describe("links, exports and imports", () => {
  test("a board without cells has no link, no export", () => {
    const none = paintCell(emptyDraft(1, 1), 0);
    expect(sharedOf(none)).toBeNull();
    expect(linkOf(none).toString()).toBe("");
    expect(exported(none, "text")).toBeNull();
    expect(linkOf(emptyDraft(2, 3)).toString()).toBe("g=2x3&l=A");
  });

  test("text and JSON exports read back; JSON keeps the states, text takes them from the fields", () => {
    const draft = withTopology(clicked({ draft: emptyDraft(2, 2), mode: "lights" }, 0), "torus");
    expect(Array.from(parseBoard(exported(draft, "text")!).lights)).toEqual([1, 0, 0, 0]);
    const json = JSON.parse(exported(draft, "json")!);
    expect(json).toEqual({ board: sharedOf(draft)!.board, lights: [1, 0, 0, 0], states: 2 });
    expect(exportNote("text")).toMatch(/not part of it/);
    expect(downloadFile("json")).toEqual({ name: "board.json", type: "application/json" });
    expect(importOptions(draft)).toEqual({ topology: "torus", rule: "plus", selfToggle: true });
    expect(importOptions(graph)).toEqual({});
  });

  test("an import becomes the draft; a paste or file over the limit is refused first", () => {
    const got = imported({ board: gridBoard(2, 2), lights: [1, 0, 0, 1], states: 3 });
    expect(got.message).toBe("Imported a board of 4 cells.");
    expect(got.draft).toMatchObject({ kind: "grid", lights: [1, 0, 0, 1], states: 3 });
    expect(pasteRefusal(10, MAX_IMPORT_CHARS - 10)).toBeNull();
    expect(pasteRefusal(0, 25_000_000)).toBe(
      "The pasted text expected at most 2,000,000 characters, got 25,000,000 characters.",
    );
    expect(fileRefusal("a.txt", MAX_IMPORT_CHARS)).toBeNull();
    expect(fileRefusal("big.txt", 3_000_000)).toBe(
      'The file "big.txt" expected at most 2,000,000 bytes, got 3,000,000 bytes.',
    );
  });

  test("a link opens its board; a bad one leaves an empty 5 x 5 frame and says why", () => {
    const link = linkOf(withTopology(emptyDraft(2, 3), "torus"));
    const { state, error } = opened(link);
    expect(error).toBeNull();
    expect(state.mode).toBe("lights");
    expect(decodeBoard(linkOf(state.draft))).toEqual(decodeBoard(link));
    const bad = opened(new URLSearchParams("g=0x3"));
    expect(bad.state.draft).toEqual(emptyDraft(5, 5));
    expect(bad.error).toMatch(/^The link's board could not be read: g=0x3 expected at least 1 row, got 0$/);
    expect(opened(new URLSearchParams()).state.draft).toEqual(emptyDraft(5, 5));
  });
});
