// Square sparse 0/1 matrices as row lists (compressed rows), the form the
// banded and dense drivers take a press matrix in: typed arrays only, since
// boards of millions of cells would not afford a list per row.

/** A sparse square 0/1 matrix as row lists: row i has columns idx[start[i] .. start[i + 1]). */
export interface SparseRows {
  n: number;
  start: Int32Array;
  idx: Int32Array;
}

/** The matrix whose row i lists the columns `lists[i]`. */
export function sparseRows(lists: readonly ArrayLike<number>[]): SparseRows {
  const n = lists.length;
  const start = new Int32Array(n + 1);
  lists.forEach((l, i) => (start[i + 1] = start[i]! + l.length));
  const idx = new Int32Array(start[n]!);
  lists.forEach((l, i) => idx.set(l, start[i]!));
  return { n, start, idx };
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

/** position[i] = the index of i in `order` (the inverse permutation). */
export function inversePermutation(order: Int32Array): Int32Array {
  const position = new Int32Array(order.length);
  order.forEach((cell, t) => (position[cell] = t));
  return position;
}
