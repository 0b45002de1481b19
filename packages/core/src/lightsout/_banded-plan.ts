// The banded route's plan for a board: the press matrix as sparse rows
// (built for grids without a list per cell), the candidate cell orders a
// grid offers beside reverse Cuthill-McKee (row-major and column-major, the
// band about the shorter side; on glued edges the rows or columns folded 0,
// n-1, 1, n-2, ..., so that the wrap-around rows become neighbours: band 2n
// instead of n^2), and the cheapest of them; a grid's memory is checked
// from its shape before anything is built.
// Measured on 256 x 256 boards: the king rule goes row-major (half the
// estimated work of reverse Cuthill-McKee, whose diagonal fronts are wider),
// while tori and disks go by reverse Cuthill-McKee (about half the work of
// folded rows).

import { wasmBytesInUse } from "../internal/kernel.js";
import { memoryLimit } from "../internal/memory.js";
import type { BandedSystem } from "../solvers/banded.js";
import { cheapestOrder, reverseCuthillMcKee } from "../solvers/order.js";
import { sameRows, sparseRows, type SparseRows, transposeRows } from "../solvers/sparse.js";
import {
  type Board,
  boardTopology,
  cellMap,
  type GridBoard,
  pressTargets,
  ruleOffsets,
  wrapPosition,
} from "./board.js";

/**
 * The press targets as rows of A^T (row j: the cells press j changes,
 * sorted, without repeats; as {@link pressTargets}), built for grids
 * without a set per cell: a 2000 x 2000 board has 4 million cells.
 */
export function targetRows(board: Board): SparseRows {
  if (board.kind === "graph") return sparseRows(pressTargets(board));
  const { rows, cols } = board;
  const topology = boardTopology(board);
  const self = board.selfToggle ?? true;
  const { count, row, col, index } = cellMap(board);
  const offsets = ruleOffsets(board.rule ?? "plus");
  const start = new Int32Array(count + 1);
  const idx = new Int32Array(count * (offsets.length + 1));
  const scratch = new Int32Array(offsets.length + 1);
  let at = 0;
  for (let i = 0; i < count; i++) {
    let k = 0;
    if (self) scratch[k++] = i;
    for (const [dr, dc] of offsets) {
      // the board's own gluing (plane, torus, projective plane), as pressTargets applies it
      const p = wrapPosition(topology, rows, cols, row[i]! + dr, col[i]! + dc);
      if (p < 0) continue;
      const j = index[p]!;
      if (j >= 0 && (j !== i || self)) scratch[k++] = j;
    }
    // sorted, repeats dropped (a small torus or projective plane reaches a cell twice)
    const list = scratch.subarray(0, k).sort();
    for (let x = 0; x < k; x++) if (x === 0 || list[x] !== list[x - 1]) idx[at++] = list[x]!;
    start[i + 1] = at;
  }
  return { n: count, start, idx: idx.slice(0, at) };
}

/** 0, n-1, 1, n-2, ...: the rows of a torus in an order where r and r +- 1 (mod n) are at most 2 apart. */
function folded(n: number): Int32Array {
  return Int32Array.from({ length: n }, (_, t) => (t % 2 === 0 ? t / 2 : n - 1 - (t - 1) / 2));
}

/** The cells present, visiting rows in `rowOrder` and, within each, columns in `colOrder` (or columns outer). */
function traverse(
  index: Int32Array,
  cols: number,
  count: number,
  outer: Int32Array,
  inner: Int32Array,
  byRows: boolean,
) {
  const order = new Int32Array(count);
  let t = 0;
  for (const a of outer) {
    for (const b of inner) {
      const cell = byRows ? index[a * cols + b]! : index[b * cols + a]!;
      if (cell >= 0) order[t++] = cell;
    }
  }
  return order;
}

/** The candidate orders of a board's cells. */
function candidates(board: Board, count: number): Int32Array[] {
  const identity = Int32Array.from({ length: count }, (_, i) => i);
  if (board.kind === "graph") return [identity];
  const { rows, cols } = board;
  // glued edges (torus, projective plane) make the first and last rows neighbours: fold them together
  const glued = boardTopology(board) !== "plane";
  const { index } = cellMap(board);
  const straight = (n: number) => Int32Array.from({ length: n }, (_, i) => i);
  const [r, c] = glued ? [folded(rows), folded(cols)] : [straight(rows), straight(cols)];
  const out = [
    traverse(index, cols, count, r, straight(cols), true),
    traverse(index, cols, count, c, straight(rows), false),
  ];
  if (!glued) out[0] = identity;
  return out;
}

/**
 * A board's press matrix ordered for banded elimination: its rows, its
 * transpose, the cheapest of the grid orders and reverse Cuthill-McKee.
 *
 * @param board - A checked board.
 * @returns The system (rows, targets, symmetric, order, estimate).
 * @throws {RangeError} for a grid whose banded elimination cannot fit in memory, from its shape
 *   alone, before anything is built.
 */
export function planBanded(board: Board): BandedSystem {
  if (board.kind === "grid") {
    const bytes = gridBytesAtLeast(board);
    memoryLimit.check(`the banded elimination of a ${board.rows} x ${board.cols} board`, bytes, wasmBytesInUse());
  }
  const targets = targetRows(board);
  const rows = transposeRows(targets);
  const { order, estimate } = cheapestOrder([...candidates(board, rows.n), reverseCuthillMcKee(rows, targets)], rows);
  return { rows, targets, symmetric: sameRows(targets, rows), order, estimate };
}

/**
 * What a grid's banded elimination needs at the least, from its shape alone
 * (checked before the system is built): the press lists and their
 * transpose, and a pivot row per cell as wide as the band, which is at
 * least the shorter side times the rule's reach (twice that with glued edges).
 */
function gridBytesAtLeast(board: GridBoard): number {
  const { rows, cols } = board;
  const offsets = ruleOffsets(board.rule ?? "plus");
  const reachRows = Math.max(0, ...offsets.map(([dr]) => Math.abs(dr)));
  const reachCols = Math.max(0, ...offsets.map(([, dc]) => Math.abs(dc)));
  const band =
    Math.min(cols * reachRows + reachCols, rows * reachCols + reachRows) * (boardTopology(board) === "plane" ? 1 : 2);
  const cells = board.mask ? board.mask.reduce((sum, line) => sum + line.split("#").length - 1, 0) : rows * cols;
  return cells * ((offsets.length + 1) * 8 + 16 + 16 * Math.ceil(band / 128));
}
