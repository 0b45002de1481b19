// Across the seam: the library's neighbourhoods on the projective plane, less
// the plane's, checked against the gluing written out by hand in
// e2e/_neighbourhoods.ts (leave the top at column j, come back at the bottom
// at column n - 1 - j; leave the left at row i, come back on the right at row n - 1 - i).

import { gridBoard, maskBoard } from "@lightsout/core";
import { expect, test } from "vitest";
import { plusNeighbourhoods } from "../../../e2e/_neighbourhoods.js";
import { seamsOf } from "./seam.js";

test("every cell of a projective 5 x 5 board reaches across the seam what the gluing says", () => {
  const n = 5;
  const seams = seamsOf(gridBoard(n, n, { topology: "projective" }));
  const glued = plusNeighbourhoods(n, "projective");
  const flat = plusNeighbourhoods(n, "plane");
  for (let p = 0; p < n * n; p++) {
    const expected = glued[p]!.filter((q) => !flat[p]!.includes(q)).sort((a, b) => a - b);
    expect(
      [...seams.across[p]!].sort((a, b) => a - b),
      `position ${p}`,
    ).toEqual(expected);
  }
  // the corner: up leads to the bottom row's far end, left to the right column's far end: both the far corner
  expect(seams.across[0]).toEqual([24]);
  expect(seams.across[12]).toEqual([]); // the centre is far from every edge
});

test("a torus wraps straight, a plane has no seam, holes reach nothing", () => {
  expect(seamsOf(gridBoard(3, 4, { topology: "torus" })).across[1]).toEqual([9]);
  expect(seamsOf(gridBoard(3, 4)).across.every((list) => list.length === 0)).toBe(true);
  const holed = seamsOf(maskBoard(["#.#", "###"], { topology: "projective" }));
  expect(holed.across[1]).toEqual([]);
  // (0, 0): up comes back at the bottom row, column 2
  expect(holed.across[0]).toContain(5);
});
