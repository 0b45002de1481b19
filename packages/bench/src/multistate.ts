// Multi-state Lights Out over Z_k: plain N x N grids solved by light chasing
// over Z_k (symbolic chase with the first row as N unknowns, the N x N
// system over Z_k, a numeric chase), and boards that cannot be chased (torus,
// king rule, a mask, a random graph) through the full press matrix: unit-pivot
// elimination over each prime power of k in WebAssembly, cells renumbered so
// that the matrix is banded. Two-state rows go through the same call
// (solveLightsOut with `states: 2`), which takes the bit-packed GF(2) engine.
// Random winnable boards (seed 1); each solution is verified here by applying
// it, outside the timing.
import { applyPresses, type Board, graphBoard, gridBoard, randomPuzzle, solveLightsOut } from "@lightsout/core";
import { fmtMs, median, timeRepeats } from "./stats.js";

export interface MultiStateRow {
  board: string;
  states: number;
  method: string;
  /** Median of the repeats, ms. */
  ms: number;
  /** Fastest repeat, ms. */
  bestMs: number;
  repeats: number;
  nullity: number;
  quietCount: string;
}

export interface MultiStateOptions {
  quick: boolean;
  log: (line: string) => void;
}

/** The cases: the two required chasing sizes, and elimination on a torus. */
function cases(quick: boolean): { name: string; board: Board; states: number }[] {
  const out: { name: string; board: Board; states: number }[] = [
    { name: "256 x 256", board: gridBoard(256, 256), states: 3 },
    { name: "128 x 128", board: gridBoard(128, 128), states: 4 },
    { name: "128 x 128", board: gridBoard(128, 128), states: 6 },
    { name: "30 x 30 torus", board: gridBoard(30, 30, { torus: true }), states: 6 },
    { name: "64 x 64 torus", board: gridBoard(64, 64, { torus: true }), states: 3 },
    { name: "64 x 64 torus", board: gridBoard(64, 64, { torus: true }), states: 6 },
  ];
  if (!quick) {
    out.push(
      { name: "512 x 512", board: gridBoard(512, 512), states: 3 },
      { name: "100 x 100 torus", board: gridBoard(100, 100, { torus: true }), states: 3 },
      { name: "100 x 100 king", board: gridBoard(100, 100, { rule: "king" }), states: 3 },
      { name: "3000-node graph", board: randomGraph(3000, 3, 5), states: 3 },
    );
  }
  // two states through the same call: the GF(2) engine (chasing, banded or dense)
  out.push(
    { name: "256 x 256", board: gridBoard(256, 256), states: 2 },
    { name: "64 x 64 torus", board: gridBoard(64, 64, { torus: true }), states: 2 },
  );
  if (!quick) {
    out.push(
      { name: "512 x 512", board: gridBoard(512, 512), states: 2 },
      { name: "100 x 100 torus", board: gridBoard(100, 100, { torus: true }), states: 2 },
      { name: "3000-node graph", board: randomGraph(3000, 3, 5), states: 2 },
    );
  }
  return out;
}

/** A seeded random graph: each vertex linked to `degree` random others. */
function randomGraph(n: number, degree: number, seed: number): Board {
  let s = seed >>> 0;
  const next = () => (s = (Math.imul(s, 1103515245) + 12345) >>> 0) % n;
  const edges: [number, number][] = [];
  for (let v = 0; v < n; v++) {
    for (let t = 0; t < degree; t++) {
      const u = next();
      if (u !== v) edges.push([v, u]);
    }
  }
  return graphBoard(n, edges);
}

export function runMultiState(options: MultiStateOptions): MultiStateRow[] {
  const rows: MultiStateRow[] = [];
  for (const { name, board, states } of cases(options.quick)) {
    const lights = randomPuzzle(board, { states, seed: 1 });
    const repeats = options.quick ? 1 : 3;
    const { ms, last } = timeRepeats(
      repeats,
      () => lights,
      (l) => solveLightsOut(board, l, { states }),
    );
    if (!last.solvable || !applyPresses(board, lights, last.presses!, { states }).every((v) => v === 0)) {
      throw new Error(`the solution of the ${name} board over Z_${states} does not clear it`);
    }
    const row: MultiStateRow = {
      board: name,
      states,
      method: last.method,
      ms: median(ms),
      bestMs: Math.min(...ms),
      repeats,
      nullity: last.nullity,
      quietCount: last.quietCount.toString(),
    };
    rows.push(row);
    options.log(
      `  ${name.padEnd(16)} Z_${String(states).padEnd(3)} ${last.method.padEnd(11)} median ${fmtMs(row.ms).padStart(9)}` +
        `   best ${fmtMs(row.bestMs).padStart(9)} (${repeats} runs after a warm-up)   quiet generators ${last.nullity}   verified`,
    );
  }
  return rows;
}
