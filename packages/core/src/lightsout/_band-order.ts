// A cell order that keeps a press matrix banded: reverse Cuthill-McKee on
// the board's graph (i ~ j when a press of one changes the other). Breadth-
// first levels from a far-out cell become consecutive runs of indices, so
// every press links cells whose indices differ by at most about two levels'
// width: a grid or a torus of side n gets a band of O(n) instead of O(n^2)
// (a torus in row-major order links row 0 to row n-1). The elimination
// kernel skips what lies beyond each row's extent, so its work falls from
// cells^3 to cells * band^2.

/** A permutation: order[t] is the cell placed at index t. */
export function bandOrder(targets: readonly ArrayLike<number>[]): Int32Array {
  const n = targets.length;
  // the symmetric closure, as adjacency lists
  const neighbours: number[][] = Array.from({ length: n }, () => []);
  targets.forEach((t, j) => {
    for (let x = 0; x < t.length; x++) {
      const i = t[x]!;
      if (i === j) continue;
      neighbours[i]!.push(j);
      neighbours[j]!.push(i);
    }
  });
  const degree = neighbours.map((list) => new Set(list).size);
  const seen = new Uint8Array(n);
  const order = new Int32Array(n);
  let placed = 0;
  /** Breadth-first from `root`, neighbours by increasing degree; returns the last cell reached. */
  const sweep = (root: number, mark: Uint8Array, out: Int32Array | null, at: number): [number, number] => {
    const queue = [root];
    mark[root] = 1;
    let head = 0;
    while (head < queue.length) {
      const v = queue[head++]!;
      if (out) out[at++] = v;
      const next = neighbours[v]!.filter((u) => !mark[u]).sort((x, y) => degree[x]! - degree[y]!);
      for (const u of next) {
        if (mark[u]) continue;
        mark[u] = 1;
        queue.push(u);
      }
    }
    return [queue[queue.length - 1]!, at];
  };
  for (let start = 0; start < n; start++) {
    if (seen[start]) continue;
    // a pseudo-peripheral root: the cell a breadth-first search from `start` reaches last
    const [far] = sweep(start, seen.slice(), null, 0);
    [, placed] = sweep(far, seen, order, placed);
  }
  return order.reverse();
}
