// Slow suite (LIGHTSOUT_SLOW=1 pnpm test): the dense route at 20,000 vertices.
import { expect, it } from "vitest";
import { graphBoard, solveLightsOut } from "../src/index.js";
import { pressed } from "./_support.js";

it("a 20,000-vertex graph solves, and the presses switch it off", () => {
  const n = 20_000;
  let s = 99;
  const rnd = () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  const edges: [number, number][] = [];
  while (edges.length < 3 * n) {
    const u = Math.floor(rnd() * n),
      v = Math.floor(rnd() * n);
    if (u !== v) edges.push([u, v]);
  }
  const board = graphBoard(n, edges);
  const lights = new Uint8Array(n).fill(1);
  const r = solveLightsOut(board, lights);
  expect(r.solvable).toBe(true);
  expect(pressed(board, lights, r.presses!).every((v) => v === 0)).toBe(true);
});
