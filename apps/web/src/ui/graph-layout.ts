// Where to draw the vertices of a graph board: a force-directed layout
// (Fruchterman and Reingold, "Graph drawing by force-directed placement",
// Software: Practice and Experience 21(11), 1991) for graphs small enough to
// read, the circle beyond. Deterministic: it starts from the circle.

import { MAX_FORCE_VERTICES } from "../state/limits.js";

const STEPS = 200;

/**
 * Positions for the vertices inside a `size` x `size` square (with a margin).
 *
 * @param n - Number of vertices.
 * @param edges - Pairs of vertex indices.
 * @param size - Side of the square.
 * @param margin - Space kept free at the edges.
 * @returns x and y per vertex, and whether forces were used.
 * @example
 * ```ts
 * graphLayout(4, [[0, 1], [1, 2], [2, 3], [3, 0]], 320, 24).points.length; // 4
 * ```
 */
export function graphLayout(
  n: number,
  edges: readonly (readonly [number, number])[],
  size: number,
  margin: number,
): { points: [number, number][]; forces: boolean } {
  const centre = size / 2;
  const radius = n === 1 ? 0 : centre - margin;
  const points: [number, number][] = Array.from({ length: n }, (_, v) => {
    const a = (2 * Math.PI * v) / n - Math.PI / 2;
    return [centre + radius * Math.cos(a), centre + radius * Math.sin(a)];
  });
  if (n < 3 || n > MAX_FORCE_VERTICES) return { points, forces: false };
  const k = Math.sqrt((size - 2 * margin) ** 2 / n); // the ideal edge length
  let temperature = size / 10;
  const dx = new Float64Array(n);
  const dy = new Float64Array(n);
  for (let step = 0; step < STEPS; step++) {
    dx.fill(0);
    dy.fill(0);
    for (let u = 0; u < n; u++) {
      for (let v = u + 1; v < n; v++) {
        const x = points[u]![0] - points[v]![0];
        const y = points[u]![1] - points[v]![1];
        const d = Math.max(0.01, Math.hypot(x, y));
        const push = (k * k) / d / d;
        dx[u]! += x * push;
        dy[u]! += y * push;
        dx[v]! -= x * push;
        dy[v]! -= y * push;
      }
    }
    for (const [u, v] of edges) {
      if (u === v) continue;
      const x = points[u]![0] - points[v]![0];
      const y = points[u]![1] - points[v]![1];
      const d = Math.max(0.01, Math.hypot(x, y));
      const pull = d / k;
      dx[u]! -= x * pull;
      dy[u]! -= y * pull;
      dx[v]! += x * pull;
      dy[v]! += y * pull;
    }
    for (let v = 0; v < n; v++) {
      const d = Math.max(0.01, Math.hypot(dx[v]!, dy[v]!));
      const move = Math.min(d, temperature);
      const p = points[v]!;
      p[0] = Math.min(size - margin, Math.max(margin, p[0] + (dx[v]! / d) * move));
      p[1] = Math.min(size - margin, Math.max(margin, p[1] + (dy[v]! / d) * move));
    }
    temperature *= 0.97;
  }
  return { points, forces: true };
}
