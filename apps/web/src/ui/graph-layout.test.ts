import { describe, expect, test } from "vitest";
import { MAX_FORCE_VERTICES } from "../state/limits.js";
import { graphLayout } from "./graph-layout.js";

describe("graphLayout", () => {
  test("a path of 12 vertices: inside the square, no two vertices on top of each other", () => {
    const edges = Array.from({ length: 11 }, (_, i) => [i, i + 1] as const);
    const { points, forces } = graphLayout(12, edges, 320, 24);
    expect(forces).toBe(true);
    for (const [x, y] of points) {
      expect(x).toBeGreaterThanOrEqual(24);
      expect(x).toBeLessThanOrEqual(296);
      expect(y).toBeGreaterThanOrEqual(24);
      expect(y).toBeLessThanOrEqual(296);
    }
    let closest = Number.POSITIVE_INFINITY;
    for (let u = 0; u < 12; u++)
      for (let v = u + 1; v < 12; v++)
        closest = Math.min(closest, Math.hypot(points[u]![0] - points[v]![0], points[u]![1] - points[v]![1]));
    expect(closest).toBeGreaterThan(10);
  });

  test("beyond the limit: the circle", () => {
    expect(graphLayout(MAX_FORCE_VERTICES + 1, [], 320, 24).forces).toBe(false);
  });
});
