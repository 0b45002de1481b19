// Lights Out on arbitrary graphs: the dense route (press matrix, GF(2)
// elimination) at 20,000 vertices, verified by applying the presses.
import { applyPresses, graphBoard } from "@lightsout/core";
import { solveLightsOut } from "@lightsout/core";
import { fmtMs } from "./stats.js";

export interface GraphRow {
  vertices: number;
  edges: number;
  ms: number;
  rank: number;
  verified: boolean;
  peakRssMiB: number;
}

function randomGraph(n: number, edgeCount: number, seed: number) {
  let s = seed >>> 0 || 1;
  const rnd = () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  const edges: [number, number][] = [];
  while (edges.length < edgeCount) {
    const u = Math.floor(rnd() * n),
      v = Math.floor(rnd() * n);
    if (u !== v) edges.push([u, v]);
  }
  return graphBoard(n, edges);
}

/** All-on boards of random graphs (Sutner: always winnable), solved and checked. */
export function runGraph(options: { sizes: number[]; log: (line: string) => void }): GraphRow[] {
  const rows: GraphRow[] = [];
  for (const n of options.sizes) {
    for (const degree of [6, 50]) {
      const board = randomGraph(n, (n * degree) / 2, n + degree);
      const lights = new Uint8Array(n).fill(1);
      const t0 = performance.now();
      const s = solveLightsOut(board, lights);
      const ms = performance.now() - t0;
      const verified = s.solvable && applyPresses(board, lights, s.presses!).every((v) => v === 0);
      const row = {
        vertices: n,
        edges: board.edges.length,
        ms,
        rank: s.rank,
        verified,
        peakRssMiB: Math.round(process.memoryUsage().rss / 2 ** 20),
      };
      rows.push(row);
      options.log(
        `  graph ${String(n).padStart(6)} vertices, ${String(row.edges).padStart(7)} edges (mean degree ${degree}): ` +
          `${fmtMs(ms).padStart(9)}  rank ${s.rank}  ${verified ? "verified dark" : "NOT VERIFIED"}  rss ${row.peakRssMiB} MiB`,
      );
    }
  }
  return rows;
}
