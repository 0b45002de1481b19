// Cell orders for frontal (banded) elimination, and what each one costs.
//
// A sparse matrix with local rows (a press matrix) has a bandwidth that
// depends on how its unknowns are numbered. Each candidate order is scored
// by the work of a frontal elimination (assembly/banded.ts) in that order,
// read off the rows' first and last columns alone (a profile estimate), and
// the cheapest wins. Every matrix gets reverse Cuthill-McKee (E. Cuthill and
// J. McKee, "Reducing the bandwidth of sparse symmetric matrices", 1969;
// reversed as A. George proposed); callers add orders they know (a grid's
// rows or columns, lightsout/_banded-plan.ts).

import { inversePermutation, type SparseRows } from "./sparse.js";

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
  const position = inversePermutation(order);
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

/**
 * Reverse Cuthill-McKee on the pattern of A + A^T, in typed arrays (boards
 * have millions of cells): breadth-first from a pseudo-peripheral unknown
 * of each component, neighbours by increasing degree (the rows of A and
 * A^T together; ties by index), then reversed.
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

/**
 * The cheapest of some orders for banded elimination of `a`, and its cost.
 *
 * @param orders - Candidate orders (order[t] = the unknown placed at index t).
 * @param a - The matrix's rows.
 * @returns The order with the least estimated work (the first on ties) and its estimate.
 */
export function cheapestOrder(
  orders: readonly Int32Array[],
  a: SparseRows,
): { order: Int32Array; estimate: BandedEstimate } {
  let best: { order: Int32Array; estimate: BandedEstimate } | undefined;
  for (const order of orders) {
    const e = estimate(a, order);
    if (!best || e.work < best.estimate.work) best = { order, estimate: e };
  }
  return best!;
}
