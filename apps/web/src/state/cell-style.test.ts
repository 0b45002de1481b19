// The Cells select's choice: kept, read back, and a stored value that is no
// rendering (or no storage at all) reads as square cells.

import { afterEach, expect, test, vi } from "vitest";
import { CELL_STYLES, isCellStyle, loadCellStyle, saveCellStyle } from "./cell-style.js";

afterEach(() => {
  vi.unstubAllGlobals();
});

test("a choice is kept and read back; anything else is square", () => {
  const stored = new Map<string, string>();
  vi.stubGlobal("localStorage", {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, value),
  });
  expect(loadCellStyle()).toBe("square");
  saveCellStyle("diamond");
  expect(loadCellStyle()).toBe("diamond");
  stored.set("lightsout-cells", "hexagon");
  expect(loadCellStyle()).toBe("square");
  expect(CELL_STYLES.map(([style]) => style)).toEqual(["square", "round", "diamond", "beveled"]);
  expect(isCellStyle("beveled")).toBe(true);
});

test("no storage: square cells, and saving does not throw", () => {
  vi.stubGlobal("localStorage", {
    getItem: () => {
      throw new Error("storage disabled");
    },
    setItem: () => {
      throw new Error("storage disabled");
    },
  });
  expect(loadCellStyle()).toBe("square");
  expect(() => saveCellStyle("round")).not.toThrow();
});
