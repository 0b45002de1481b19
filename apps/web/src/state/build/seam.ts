// Across the seam of a glued board: the cells a press reaches through a glued
// edge, found from the library's neighbourhoods (the board's own, less those
// of the same board on the plane), never worked out again here.

import type { GridBoard } from "@lightsout/core";
import { cellMap } from "@lightsout/core/lightsout";
import { targetsOf } from "../targets.js";

/** For each grid position of a board, the positions its press reaches across a glued edge. */
export interface Seams {
  readonly rows: number;
  readonly cols: number;
  /** One list of grid positions per grid position (empty for a hole, and for a cell far from the edges). */
  readonly across: readonly (readonly number[])[];
}

/**
 * What each cell's press reaches across the glued edges: its targets on the board, less its targets on the
 * same board with no edge glued (both from the library's `pressTargets`).
 *
 * @param board - A grid board (a torus or a projective plane; a plane board has no seam).
 * @returns The seams, by grid position.
 * @example
 * ```ts
 * seamsOf(gridBoard(5, 5, { topology: "projective" })).across[0]; // [24]: up and left both lead to the far corner
 * ```
 */
export function seamsOf(board: GridBoard): Seams {
  const map = cellMap(board);
  const glued = targetsOf(board);
  const flat = targetsOf({ ...board, topology: "plane" });
  const position = (cell: number) => map.row[cell]! * board.cols + map.col[cell]!;
  const across: number[][] = Array.from({ length: board.rows * board.cols }, () => []);
  for (let cell = 0; cell < map.count; cell++) {
    const near = new Set(flat[cell]);
    across[position(cell)] = [...glued[cell]!].filter((t) => !near.has(t)).map(position);
  }
  return { rows: board.rows, cols: board.cols, across };
}
