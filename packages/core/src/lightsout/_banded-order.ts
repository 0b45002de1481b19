// Cell orders for banded elimination, and what each one would cost.
//
// A press matrix is local, but its bandwidth depends on how the cells are
// numbered. Candidates: row-major and column-major for grids (the band is
// about the shorter side), the same with the rows (or columns) folded
// 0, n-1, 1, n-2, ... for tori (the wrap-around rows become neighbours:
// band 2n instead of n^2), and reverse Cuthill-McKee for graphs. Each is
// scored by the work and memory of a frontal elimination (assembly/banded.ts)
// in that order, read off the rows' first and last columns alone, and the
// cheapest wins. On 2-D grids this profile score picks row- or column-major
// over reverse Cuthill-McKee, whose diagonal fronts are up to twice as wide.

import { type Board, cellMap } from "./board.js";
import { bandOrder } from "./_band-order.js";

/** A sparse square 0/1 matrix as row lists: row i has columns idx[start[i] .. start[i + 1]). */
export interface SparseRows {
  n: number;
  start: Int32Array;
  idx: Int32Array;
}

/** The cost of eliminating one ordered system, from its profile. */
export interface BandedEstimate {
  /** 128-bit lane operations, an upper bound (rows in the front x lanes of the span, summed over columns). */
  work: number;
  /** Bytes of the pivot rows kept for back substitution, an upper bound. */
  pivotBytes: number;
  /** Most rows in the front at once (before dependent rows pile up). */
  front: number;
  /** 128-bit lanes a front row needs. */
  lanes: number;
}

/** The rows of the press matrix A (row i: the presses j that change cell i), from the press targets. */
export function pressRows(targets: readonly ArrayLike<number>[]): SparseRows {
  const n = targets.length;
  const start = new Int32Array(n + 1);
  for (const t of targets) for (let x = 0; x < t.length; x++) start[t[x]! + 1]!++;
  for (let i = 0; i < n; i++) start[i + 1]! += start[i]!;
  const idx = new Int32Array(start[n]!);
  const fill = start.slice(0, n);
  targets.forEach((t, j) => {
    for (let x = 0; x < t.length; x++) idx[fill[t[x]!]!++] = j;
  });
  return { n, start, idx };
}

/** The rows of A^T: row j holds the cells that press j changes. */
export function targetRows(targets: readonly ArrayLike<number>[]): SparseRows {
  const n = targets.length;
  const start = new Int32Array(n + 1);
  targets.forEach((t, j) => (start[j + 1] = start[j]! + t.length));
  const idx = new Int32Array(start[n]!);
  targets.forEach((t, j) => idx.set(Array.from(t), start[j]!));
  return { n, start, idx };
}

/** Whether A is symmetric (every named rule and every graph is): then ker A^T = ker A. */
export function isSymmetric(targets: readonly ArrayLike<number>[]): boolean {
  const has = (t: ArrayLike<number>, v: number) => {
    for (let x = 0; x < t.length; x++) if (t[x] === v) return true;
    return false;
  };
  return targets.every((t, j) => {
    for (let x = 0; x < t.length; x++) if (!has(targets[t[x]!]!, j)) return false;
    return true;
  });
}

/** First and last column (in the new numbering) of every row in the new numbering; -1 for empty rows. */
function profile(a: SparseRows, order: Int32Array, position: Int32Array): { lo: Int32Array; hi: Int32Array } {
  const { n, start, idx } = a;
  const lo = new Int32Array(n).fill(-1);
  const hi = new Int32Array(n).fill(-1);
  for (let t = 0; t < n; t++) {
    const i = order[t]!;
    let low = n;
    let high = -1;
    for (let k = start[i]!; k < start[i + 1]!; k++) {
      const j = position[idx[k]!]!;
      if (j < low) low = j;
      if (j > high) high = j;
    }
    if (high >= 0) {
      lo[t] = low;
      hi[t] = high;
    }
  }
  return { lo, hi };
}

/** Scores an order: a frontal elimination's work and memory, read off the profile. */
export function estimate(a: SparseRows, order: Int32Array): BandedEstimate {
  const n = a.n;
  const position = inverse(order);
  const { lo, hi } = profile(a, order, position);
  // entering[c]: rows whose first column is c; end[c]: 1 + the last column any of them reaches
  const entering = new Int32Array(n);
  const end = new Int32Array(n);
  for (let t = 0; t < n; t++) {
    if (lo[t]! < 0) continue;
    entering[lo[t]!]!++;
    if (hi[t]! + 1 > end[lo[t]!]!) end[lo[t]!] = hi[t]! + 1;
  }
  let work = 0;
  let pivotBytes = 0;
  let front = 0;
  let lanes = 1;
  let rowsIn = 0;
  let reach = 0;
  for (let c = 0; c < n; c++) {
    rowsIn += entering[c]!;
    reach = Math.max(reach, end[c]!, c + 1);
    // as if each earlier column had taken a pivot out of the front
    const f = Math.max(1, rowsIn - c);
    const l = ((reach - 1) >> 7) - (c >> 7) + 1;
    work += f * l;
    pivotBytes += 16 + 16 * l;
    if (f > front) front = f;
    if (l > lanes) lanes = l;
  }
  return { work, pivotBytes, front, lanes };
}

/** position[cell] = index of the cell in `order`. */
export function inverse(order: Int32Array): Int32Array {
  const position = new Int32Array(order.length);
  order.forEach((cell, t) => (position[cell] = t));
  return position;
}

/** Cells sorted by a key (stable), as an order. */
function sortedBy(count: number, key: (i: number) => number): Int32Array {
  const keys = Float64Array.from({ length: count }, (_, i) => key(i));
  return Int32Array.from({ length: count }, (_, i) => i).sort((x, y) => keys[x]! - keys[y]! || x - y);
}

/** 0, n-1, 1, n-2, ...: position of r in the folded sequence, so that r and r +- 1 (mod n) are at most 2 apart. */
const fold = (r: number, n: number) => (r <= (n - 1) / 2 ? 2 * r : 2 * (n - 1 - r) + 1);

/** The candidate orders of a board's cells. */
function candidates(board: Board, count: number): Int32Array[] {
  const identity = Int32Array.from({ length: count }, (_, i) => i);
  if (board.kind === "graph") return [identity];
  const { row, col } = cellMap(board);
  const { rows, cols } = board;
  const out = [identity, sortedBy(count, (i) => col[i]! * rows + row[i]!)];
  if (board.torus) {
    out.push(sortedBy(count, (i) => fold(row[i]!, rows) * cols + col[i]!));
    out.push(sortedBy(count, (i) => fold(col[i]!, cols) * rows + row[i]!));
  }
  return out;
}

/**
 * The cheapest order of a board's cells for banded elimination, and its cost.
 *
 * @param board - The board (grids get row/column orders, graphs reverse Cuthill-McKee).
 * @param targets - Its press targets.
 * @param a - The system's rows (the press matrix, or its transpose).
 * @returns The order (order[t] = cell at index t) and its estimate.
 */
export function chooseOrder(
  board: Board,
  targets: readonly ArrayLike<number>[],
  a: SparseRows,
): { order: Int32Array; estimate: BandedEstimate } {
  const list = candidates(board, a.n);
  if (board.kind === "graph") list.push(bandOrder(targets));
  let best: { order: Int32Array; estimate: BandedEstimate } | undefined;
  for (const order of list) {
    const e = estimate(a, order);
    if (!best || e.work < best.estimate.work) best = { order, estimate: e };
  }
  return best!;
}
