// randomPuzzle and randomPuzzle are random presses applied to a
// dark board: redone here with the same random source, plain loops and a set
// of targets per press, on boards where a rule's targets repeat or wrap onto
// the same cell (each distinct target is toggled once).
import { describe, expect, it } from "vitest";
import { xoshiro128 } from "../src/internal/random.js";
import { type Board, graphBoard, gridBoard, maskBoard, randomPuzzle, solveLightsOut } from "../src/index.js";

const RULES: Record<string, [number, number][]> = {
  plus: [
    [-1, 0],
    [1, 0],
    [0, -1],
    [0, 1],
  ],
  king: [
    [-1, -1],
    [-1, 0],
    [-1, 1],
    [0, -1],
    [0, 1],
    [1, -1],
    [1, 0],
    [1, 1],
  ],
  knight: [
    [-2, -1],
    [-2, 1],
    [-1, -2],
    [-1, 2],
    [1, -2],
    [1, 2],
    [2, -1],
    [2, 1],
  ],
};

/** Cells as [row, col] in row-major order, and each press's set of targets. */
function targetSets(board: Board): Set<number>[] {
  const self = board.selfToggle ?? true;
  if (board.kind === "graph") {
    const sets = Array.from({ length: board.vertices }, (_, v) => new Set<number>(self ? [v] : []));
    for (const [u, v] of board.edges) {
      sets[u]!.add(v);
      sets[v]!.add(u);
    }
    return sets;
  }
  const cells: [number, number][] = [];
  for (let r = 0; r < board.rows; r++)
    for (let c = 0; c < board.cols; c++) if (!board.mask || board.mask[r]![c] === "#") cells.push([r, c]);
  const offsets = typeof board.rule === "object" ? board.rule.offsets : RULES[board.rule ?? "plus"]!;
  return cells.map(([r, c], i) => {
    const set = new Set<number>(self ? [i] : []);
    for (const [dr, dc] of offsets) {
      let rr = r + dr;
      let cc = c + dc;
      if (board.topology === "torus") {
        rr = (rr + 100 * board.rows) % board.rows;
        cc = (cc + 100 * board.cols) % board.cols;
      }
      const j = cells.findIndex(([a, b]) => a === rr && b === cc);
      if (j >= 0 && (j !== i || self)) set.add(j);
    }
    return set;
  });
}

/** Press counts drawn cell by cell from the seed (uniform 0..k-1), added to a dark board. */
function expected(board: Board, seed: number, k: number): number[] {
  const sets = targetSets(board);
  const next = xoshiro128(seed);
  const bound = 2 ** 32 - (2 ** 32 % k);
  const lights = new Array<number>(sets.length).fill(0);
  for (const set of sets) {
    let x: number;
    if (k === 2) x = next() & 1;
    else {
      let r = next();
      while (r >= bound) r = next();
      x = r % k;
    }
    for (const j of set) lights[j] = (lights[j]! + x) % k;
  }
  return lights;
}

const BOARDS: [string, Board][] = [
  ["7 x 9", gridBoard(7, 9)],
  ["3 x 3 king torus (wraps meet)", gridBoard(3, 3, { torus: true, rule: "king" })],
  ["2 x 5 knight torus", gridBoard(2, 5, { torus: true, rule: "knight" })],
  ["1 x 1 torus", gridBoard(1, 1, { torus: true })],
  [
    "mask, repeated and zero offsets",
    maskBoard([".##.", "####", "#..#"], {
      rule: {
        offsets: [
          [0, 1],
          [0, 1],
          [0, 0],
          [1, -1],
        ],
      },
    }),
  ],
  ["4 x 4 without self toggle", gridBoard(4, 4, { selfToggle: false })],
  [
    "graph with a repeated edge",
    graphBoard(
      5,
      [
        [0, 1],
        [1, 0],
        [1, 2],
        [3, 4],
        [2, 4],
      ],
      { selfToggle: false },
    ),
  ],
];

describe("random puzzles: random presses on a dark board", () => {
  it.each(BOARDS)("%s: the presses drawn from the seed, each distinct target once", (_name, board) => {
    for (const seed of [0, 1, 42, -5, 2 ** 40 + 3]) {
      expect(Array.from(randomPuzzle(board, { seed }))).toEqual(expected(board, seed, 2));
      expect(Array.from(randomPuzzle(board, { seed, states: 5 }))).toEqual(expected(board, seed, 5));
    }
  });

  it("always winnable", () => {
    const board = gridBoard(9, 9, { torus: true });
    for (let seed = 0; seed < 10; seed++)
      expect(solveLightsOut(board, randomPuzzle(board, { seed })).solvable).toBe(true);
  });
});
