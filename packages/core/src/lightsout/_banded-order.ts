// Cell orders for banded elimination, and what each one would cost.
//
// A press matrix is local, but its bandwidth depends on how the cells are
// numbered. Candidates: row-major and column-major for grids (the band is
// about the shorter side), the same with the rows (or columns) folded
// 0, n-1, 1, n-2, ... on tori (the wrap-around rows become neighbours:
// band 2n instead of n^2), and reverse Cuthill-McKee for every board. Each
// is scored by the work of a frontal elimination (assembly/banded.ts) in
// that order, read off the rows' first and last columns alone (a profile
// estimate), and the cheapest wins. Measured on 256 x 256 boards: the king
// rule goes row-major (half the estimated work of reverse Cuthill-McKee,
// whose diagonal fronts are wider), while tori and disks go by reverse
// Cuthill-McKee (about half the work of folded rows).

import { type Board, boardTopology, cellMap, pressTargets, ruleOffsets, wrapPosition } from "./board.js";

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

/**
 * The press targets as rows of A^T (row j: the cells press j changes,
 * sorted, without repeats; as {@link pressTargets}), built for grids
 * without a set per cell: a 2000 x 2000 board has 4 million cells.
 */
export function targetRows(board: Board): SparseRows {
  if (board.kind === "graph") {
    const targets = pressTargets(board);
    const start = new Int32Array(targets.length + 1);
    targets.forEach((t, j) => (start[j + 1] = start[j]! + t.length));
    const idx = new Int32Array(start[targets.length]!);
    targets.forEach((t, j) => idx.set(t, start[j]!));
    return { n: targets.length, start, idx };
  }
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

/** The transpose of a square sparse 0/1 matrix (rows come out sorted). */
export function transposeRows(a: SparseRows): SparseRows {
  const { n, start, idx } = a;
  const out = new Int32Array(n + 1);
  for (let k = 0; k < idx.length; k++) out[idx[k]! + 1]!++;
  for (let i = 0; i < n; i++) out[i + 1]! += out[i]!;
  const fill = out.slice(0, n);
  const to = new Int32Array(idx.length);
  for (let j = 0; j < n; j++) for (let k = start[j]!; k < start[j + 1]!; k++) to[fill[idx[k]!]!++] = j;
  return { n, start: out, idx: to };
}

/** Whether two sparse matrices with sorted rows are equal (A = A^T for every named rule and every graph). */
export function sameRows(a: SparseRows, b: SparseRows): boolean {
  if (a.n !== b.n || a.idx.length !== b.idx.length) return false;
  for (let i = 0; i <= a.n; i++) if (a.start[i] !== b.start[i]) return false;
  for (let k = 0; k < a.idx.length; k++) if (a.idx[k] !== b.idx[k]) return false;
  return true;
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

/**
 * Reverse Cuthill-McKee on the pattern of A + A^T, in typed arrays (as
 * bandOrder in _band-order.ts, without its per-cell lists: boards here have
 * millions of cells): breadth-first from a pseudo-peripheral cell of each
 * component, neighbours by increasing degree, then reversed.
 */
export function reverseCuthillMcKee(a: SparseRows, t: SparseRows): Int32Array {
  const n = a.n;
  const degree = new Int32Array(n);
  for (let i = 0; i < n; i++) degree[i] = a.start[i + 1]! - a.start[i]! + t.start[i + 1]! - t.start[i]!;
  const order = new Int32Array(n);
  const queue = new Int32Array(n);
  const seen = new Uint8Array(n);
  const mark = new Uint8Array(n);
  let widest = 0;
  for (let i = 0; i < n; i++) widest = Math.max(widest, degree[i]!);
  const scratch = new Int32Array(widest);
  /** Puts the unmarked, unseen neighbours of v from `rows` into scratch from `k`; returns the new count. */
  const gather = (rows: SparseRows, v: number, m: Uint8Array, k: number): number => {
    for (let x = rows.start[v]!; x < rows.start[v + 1]!; x++) {
      const u = rows.idx[x]!;
      if (m[u] || seen[u]) continue;
      m[u] = 1;
      // insertion by (degree, index): lists are short
      let at = k++;
      while (
        at > 0 &&
        (degree[scratch[at - 1]!]! > degree[u]! || (degree[scratch[at - 1]!] === degree[u] && scratch[at - 1]! > u))
      ) {
        scratch[at] = scratch[at - 1]!;
        at--;
      }
      scratch[at] = u;
    }
    return k;
  };
  /** Breadth-first from root over unseen cells, marking in `m`; fills queue[from..], returns its end. */
  const sweep = (root: number, m: Uint8Array, from: number): number => {
    let head = from;
    let tail = from;
    queue[tail++] = root;
    m[root] = 1;
    while (head < tail) {
      const v = queue[head++]!;
      const count = gather(t, v, m, gather(a, v, m, 0));
      for (let k = 0; k < count; k++) queue[tail++] = scratch[k]!;
    }
    return tail;
  };
  let placed = 0;
  for (let start = 0; start < n; start++) {
    if (seen[start]) continue;
    // a pseudo-peripheral root: the last cell a first sweep reaches (its marks undone after)
    const end = sweep(start, mark, placed);
    const far = queue[end - 1]!;
    for (let k = placed; k < end; k++) mark[queue[k]!] = 0;
    const stop = sweep(far, seen, placed);
    order.set(queue.subarray(placed, stop), placed);
    placed = stop;
  }
  return order.reverse();
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
 * The cheapest order of a board's cells for banded elimination, and its cost.
 *
 * @param board - The board (grids also get row/column orders).
 * @param a - The press matrix's rows.
 * @param t - Its transpose's rows (the press targets).
 * @returns The order (order[t] = cell at index t) and its estimate.
 */
export function chooseOrder(
  board: Board,
  a: SparseRows,
  t: SparseRows,
): { order: Int32Array; estimate: BandedEstimate } {
  const list = [...candidates(board, a.n), reverseCuthillMcKee(a, t)];
  let best: { order: Int32Array; estimate: BandedEstimate } | undefined;
  for (const order of list) {
    const e = estimate(a, order);
    if (!best || e.work < best.estimate.work) best = { order, estimate: e };
  }
  return best!;
}
