// The canvas board's zoom and pan as plain values: fit, zoom about a point,
// reveal a cell, the cell under a point, the cells in view.

import { describe, expect, test } from "vitest";
import {
  broughtIntoView,
  fitScale,
  fitted,
  MAX_CELL,
  MIN_CELL,
  positionAt,
  revealed,
  type Viewport,
  visibleCells,
  zoomedAt,
} from "./viewport.js";

const view = (v: Partial<Viewport> = {}): Viewport => ({ scale: 10, ox: 0, oy: 0, width: 100, height: 100, ...v });

describe("viewport", () => {
  test("fit: the whole grid, centred, never below a quarter of the smallest cell", () => {
    expect(fitted(view({ scale: 9, ox: 5, oy: 5, height: 50 }), { rows: 10, cols: 10 })).toEqual(
      view({ scale: 5, ox: 25, oy: 0, height: 50 }),
    );
    expect(fitScale(view({ width: 256, height: 256 }), { rows: 2048, cols: 2048 })).toBe(MIN_CELL / 4);
  });

  test("zoom keeps the point under the pointer over the same spot, within its bounds", () => {
    const grid = { rows: 100, cols: 100 };
    const zoomed = zoomedAt(view({ scale: 4, ox: 10, oy: 20 }), grid, 50, 60, 2);
    expect(zoomed.scale).toBe(8);
    // the grid point under (50, 60) before: ((50 - 10) / 4, (60 - 20) / 4) = (10, 10); after: the same
    expect([(50 - zoomed.ox) / zoomed.scale, (60 - zoomed.oy) / zoomed.scale]).toEqual([10, 10]);
    expect(zoomedAt(view({ scale: 40 }), grid, 0, 0, 4).scale).toBe(MAX_CELL);
    // out to the fitting scale (1 px a cell here) and no further
    expect(zoomedAt(view({ scale: 4 }), grid, 0, 0, 1 / 100).scale).toBe(1);
  });

  test("reveal pans by as little as brings the cell wholly into view", () => {
    const grid = { rows: 20, cols: 20 };
    expect(revealed(view(), grid, 15 * 20 + 15)).toEqual(view({ ox: -60, oy: -60 }));
    expect(revealed(view({ ox: -60, oy: -60 }), grid, 0)).toEqual(view());
    expect(revealed(view(), grid, 5 * 20 + 5)).toEqual(view());
  });

  test("the cell under a point, and none outside the grid", () => {
    const grid = { rows: 5, cols: 5 };
    expect(positionAt(view(), grid, 15, 25)).toBe(11);
    expect(positionAt(view({ ox: 20 }), grid, 15, 25)).toBe(-1);
    expect(positionAt(view(), grid, 55, 5)).toBe(-1);
  });

  test("only the rows and columns at least partly in view", () => {
    expect(visibleCells(view({ ox: -25, width: 50, height: 50 }), { rows: 9, cols: 9 })).toEqual({
      r0: 0,
      r1: 5,
      c0: 2,
      c1: 8,
    });
  });
});

test("a hinted cell is brought into view: zoomed in around it when cells are tiny, else panned", () => {
  const grid = { rows: 256, cols: 256 };
  const tiny = { scale: 2.3, ox: 0, oy: 0, width: 600, height: 600 };
  const far = 200 * 256 + 250;
  const zoomed = broughtIntoView(tiny, grid, far);
  expect(zoomed.scale).toBe(16);
  expect(positionAt(zoomed, grid, 300, 300)).toBe(far); // the hint at the centre
  const big = { scale: 20, ox: 0, oy: 0, width: 600, height: 600 };
  const panned = broughtIntoView(big, grid, far);
  expect(panned.scale).toBe(20);
  const x = panned.ox + 250 * 20;
  const y = panned.oy + 200 * 20;
  expect(x >= 0 && x + 20 <= 600 && y >= 0 && y + 20 <= 600).toBe(true);
});
