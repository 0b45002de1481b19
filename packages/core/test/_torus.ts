// Nullity of the m x n torus by elimination of its press matrix, built from
// the test's own neighbourhoods (not core's pressTargets) and ranked by
// BitMatrix: independent of the closed form and of the sweep under test.
import { BitMatrix, gridBoard } from "../src/index.js";
import { neighbourhoods } from "./_support.js";

export function eliminatedTorusNullity(m: number, n: number): number {
  const reach = neighbourhoods(gridBoard(m, n, { torus: true }));
  using a = BitMatrix.zeros(reach.length, reach.length);
  reach.forEach((cells, j) => {
    for (const i of cells) a.set(i, j, 1);
  });
  return reach.length - a.rank();
}
