// Presses applied cell by cell with typed arrays only: no list or set of
// targets per cell, so boards of 10^8 cells cost their lights (and, for a
// mask, an index of the grid positions), not gigabytes of small objects.

import { type Board, boardTopology, type GridBoard, ruleOffsets, wrapPosition } from "./board.js";

/** The number of cells of a checked board, without building its cell map. */
export function cellCount(board: Board): number {
  if (board.kind === "graph") return board.vertices;
  if (!board.mask) return board.rows * board.cols;
  let count = 0;
  for (const line of board.mask) for (let c = 0; c < line.length; c++) if (line.charCodeAt(c) === 0x23) count++;
  return count;
}

/**
 * Visits the cells of a checked board in order (row-major over the cells
 * present); for each, `pressOf(cell)` gives its press count x, and x is
 * added mod k to every distinct cell the press toggles (the cell itself
 * unless `selfToggle` is false). `pressOf` is called exactly once per cell,
 * in order, so a random source draws the same sequence as a loop over cells.
 */
export function addPressesInOrder(
  board: Board,
  k: number,
  pressOf: (cell: number) => number,
  lights: Uint8Array | Uint32Array,
): void {
  if (board.kind === "graph")
    addGraphPresses(board.vertices, board.edges, board.selfToggle ?? true, k, pressOf, lights);
  else addGridPresses(board, k, pressOf, lights);
}

function addGridPresses(
  board: GridBoard,
  k: number,
  pressOf: (cell: number) => number,
  lights: Uint8Array | Uint32Array,
): void {
  const { rows, cols, mask } = board;
  const topology = boardTopology(board);
  const self = board.selfToggle ?? true;
  const offsets = ruleOffsets(board.rule ?? "plus");
  const dr = Int32Array.from(offsets, (o) => o[0]);
  const dc = Int32Array.from(offsets, (o) => o[1]);
  let index: Int32Array | undefined;
  if (mask) {
    index = new Int32Array(rows * cols);
    for (let r = 0, i = 0; r < rows; r++) {
      const line = mask[r]!;
      for (let c = 0; c < cols; c++) index[r * cols + c] = line.charCodeAt(c) === 0x23 ? i++ : -1;
    }
  }
  // the distinct targets of one press: a rule's offsets may repeat or wrap onto the same cell
  const targets = new Int32Array(offsets.length + 1);
  for (let r = 0, i = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      if (index && index[r * cols + c]! < 0) continue;
      const x = pressOf(i);
      if (x !== 0) {
        let t = 0;
        if (self) targets[t++] = i;
        for (let o = 0; o < dr.length; o++) {
          const p = wrapPosition(topology, rows, cols, r + dr[o]!, c + dc[o]!);
          if (p < 0) continue;
          const j = index ? index[p]! : p;
          if (j < 0 || (j === i && !self)) continue;
          let q = 0;
          while (q < t && targets[q] !== j) q++;
          if (q === t) targets[t++] = j;
        }
        for (let q = 0; q < t; q++) {
          const j = targets[q]!;
          lights[j] = (lights[j]! + x) % k;
        }
      }
      i++;
    }
  }
}

function addGraphPresses(
  n: number,
  edges: readonly (readonly [number, number])[],
  self: boolean,
  k: number,
  pressOf: (cell: number) => number,
  lights: Uint8Array | Uint32Array,
): void {
  // neighbours in compressed rows; a repeated edge is skipped by the stamp below
  const start = new Int32Array(n + 1);
  for (const [u, v] of edges) {
    start[u + 1]!++;
    start[v + 1]!++;
  }
  for (let v = 0; v < n; v++) start[v + 1]! += start[v]!;
  const fill = start.slice(0, n);
  const adjacent = new Int32Array(start[n]!);
  for (const [u, v] of edges) {
    adjacent[fill[u]!++] = v;
    adjacent[fill[v]!++] = u;
  }
  const stamp = new Int32Array(n).fill(-1);
  for (let v = 0; v < n; v++) {
    const x = pressOf(v);
    if (x === 0) continue;
    if (self) lights[v] = (lights[v]! + x) % k;
    for (let e = start[v]!; e < start[v + 1]!; e++) {
      const u = adjacent[e]!;
      if (stamp[u] === v) continue;
      stamp[u] = v;
      lights[u] = (lights[u]! + x) % k;
    }
  }
}
