// The torus in three dimensions: the patches cover every cell, the nearest
// is painted last, and the point under the pointer finds the nearest cell.

import { expect, test } from "vitest";
import { patchesPerSide, positionAtPoint, project, torusPatches } from "./torus-geometry.js";

const camera = { yaw: 0, pitch: 1, width: 400, height: 400 };

test("every cell has its patches, painted back to front", () => {
  const patches = torusPatches(4, 6, camera);
  const k = patchesPerSide(4, 6);
  expect(patches).toHaveLength(4 * 6 * k * k);
  expect(new Set(patches.map((p) => p.position)).size).toBe(24);
  for (let i = 1; i < patches.length; i++) expect(patches[i]!.depth).toBeGreaterThanOrEqual(patches[i - 1]!.depth);
});

test("the point under the pointer is the nearest cell there; the hole in the middle is no cell", () => {
  const patches = torusPatches(6, 8, camera);
  expect(positionAtPoint(patches, 200, 200)).toBe(-1); // the hole of the ring
  // the ring's point at u = 0 on the outside of the tube (v = 0): row 0, column 0
  const outside = project(0.01, 0.01, camera);
  expect(positionAtPoint(patches, outside.x, outside.y)).toBe(0);
  // turning by a column's angle brings the next column's cell... to where column 0 was: the last column
  const turned = torusPatches(6, 8, { ...camera, yaw: (2 * Math.PI) / 8 });
  expect(positionAtPoint(turned, outside.x, outside.y)).toBe(7);
});
