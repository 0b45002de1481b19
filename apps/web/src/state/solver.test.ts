import { type Board, graphBoard, gridBoard, maskBoard } from "@lightsout/core";
import { describe, expect, test } from "vitest";
import { analyse, nextPress } from "./solver.js";

// Independent of the engine: neighbourhoods written out by hand, and brute force over every press vector.
function plusTargets(rows: number, cols: number, present: (r: number, c: number) => boolean = () => true): number[][] {
  const index = new Map<string, number>();
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) if (present(r, c)) index.set(`${r},${c}`, index.size);
  const out: number[][] = [];
  for (const key of index.keys()) {
    const [r, c] = key.split(",").map(Number) as [number, number];
    out.push(
      [
        [0, 0],
        [1, 0],
        [-1, 0],
        [0, 1],
        [0, -1],
      ]
        .map(([dr, dc]) => index.get(`${r + dr!},${c + dc!}`))
        .filter((i): i is number => i !== undefined),
    );
  }
  return out;
}

function apply(targets: number[][], lights: number[], presses: number[], k: number): number[] {
  const out = lights.slice();
  presses.forEach((x, j) => {
    for (const i of targets[j]!) out[i] = (out[i]! + x) % k;
  });
  return out;
}

/** The fewest presses by trying all k^cells press vectors (null when none clears the board). */
function bruteForce(targets: number[][], lights: number[], k: number): number | null {
  const n = targets.length;
  let best: number | null = null;
  const x = new Array<number>(n).fill(0);
  for (let code = 0; code < k ** n; code++) {
    let rest = code;
    for (let j = 0; j < n; j++) {
      x[j] = rest % k;
      rest = Math.floor(rest / k);
    }
    if (apply(targets, lights, x, k).every((v) => v === 0)) {
      const count = x.reduce((a, b) => a + b, 0);
      if (best === null || count < best) best = count;
    }
  }
  return best;
}

function checkProof(targets: number[][], lights: number[], y: number[], k: number): void {
  // y A = 0: each press changes sum_i y_i lights_i by a multiple of k ...
  for (const t of targets) expect(t.reduce((s, i) => s + y[i]!, 0) % k).toBe(0);
  // ... and y . lights != 0, where a dark board has 0
  expect(lights.reduce((s, v, i) => s + v * y[i]!, 0) % k).not.toBe(0);
}

describe("solver", () => {
  test("all 512 boards of 3 x 3: fewest presses as brute force finds, applied they clear the board", () => {
    const board = gridBoard(3, 3);
    const targets = plusTargets(3, 3);
    for (let code = 0; code < 512; code += 7) {
      const lights = Array.from({ length: 9 }, (_, i) => (code >> i) & 1);
      const a = analyse(board, lights, 2);
      expect(a.solvable).toBe(true); // 3 x 3 is full rank
      if (!a.solvable) continue;
      expect(a.optimal).toBe(true);
      expect(a.count).toBe(bruteForce(targets, lights, 2));
      expect(apply(targets, lights, a.presses, 2)).toEqual(new Array(9).fill(0));
    }
  });

  test("the 4 x 4 board has unwinnable lights, each with a checked proof", () => {
    const board = gridBoard(4, 4);
    const targets = plusTargets(4, 4);
    let unsolvable = 0;
    for (let code = 1; code < 2 ** 16; code += 3001) {
      const lights = Array.from({ length: 16 }, (_, i) => (code >> i) & 1);
      const a = analyse(board, lights, 2);
      const best = bruteForce(targets, lights, 2);
      if (a.solvable) {
        expect(a.count).toBe(best);
      } else {
        unsolvable++;
        expect(best).toBeNull();
        expect(a.proof).not.toBeNull();
        checkProof(targets, lights, a.proof!, 2);
      }
    }
    expect(unsolvable).toBeGreaterThan(0);
  });

  test("irregular masks: the plus-shaped cross", () => {
    const mask = [".#.", "###", ".#."];
    const targets = plusTargets(3, 3, (r, c) => mask[r]![c] === "#");
    for (let code = 0; code < 32; code++) {
      const lights = Array.from({ length: 5 }, (_, i) => (code >> i) & 1);
      const a = analyse(maskBoard(mask), lights, 2);
      const best = bruteForce(targets, lights, 2);
      if (a.solvable) expect(a.count).toBe(best);
      else {
        expect(best).toBeNull();
        checkProof(targets, lights, a.proof!, 2);
      }
    }
  });

  test("three and four states on 2 x 2 and 2 x 3: fewest presses with multiplicity, or a proof", () => {
    for (const [rows, cols, k] of [
      [2, 2, 3],
      [2, 3, 3],
      [2, 2, 4],
    ] as const) {
      const board = gridBoard(rows, cols);
      const targets = plusTargets(rows, cols);
      const n = rows * cols;
      for (let code = 0; code < k ** n; code += 11) {
        let rest = code;
        const lights = Array.from({ length: n }, () => {
          const v = rest % k;
          rest = Math.floor(rest / k);
          return v;
        });
        const a = analyse(board, lights, k);
        const best = bruteForce(targets, lights, k);
        if (a.solvable) {
          expect(a.count).toBe(best);
          expect(apply(targets, lights, a.presses, k).every((v) => v === 0)).toBe(true);
        } else {
          expect(best).toBeNull();
          if (a.proof) checkProof(targets, lights, a.proof, k);
        }
      }
    }
  });

  test("graphs: a 5-cycle", () => {
    const board: Board = graphBoard(5, [
      [0, 1],
      [1, 2],
      [2, 3],
      [3, 4],
      [4, 0],
    ]);
    const targets = [
      [0, 1, 4],
      [1, 0, 2],
      [2, 1, 3],
      [3, 2, 4],
      [4, 3, 0],
    ];
    for (let code = 0; code < 32; code++) {
      const lights = Array.from({ length: 5 }, (_, i) => (code >> i) & 1);
      const a = analyse(board, lights, 2);
      const best = bruteForce(targets, lights, 2);
      if (a.solvable) expect(a.count).toBe(best);
      else checkProof(targets, lights, a.proof!, 2);
    }
  });

  test("the next press belongs to a fewest-press solution, and is null on a dark board", () => {
    const board = gridBoard(3, 3);
    const lights = [0, 1, 0, 1, 1, 1, 0, 1, 0];
    expect(nextPress(analyse(board, lights, 2))).toBe(4);
    expect(nextPress(analyse(board, new Array(9).fill(0), 2))).toBeNull();
  });

  test("beyond 2^20 solutions in one block: still a solution that clears the board, not claimed optimal", () => {
    // the 14 x 18 torus: nullity 28, one independent block of 28
    const torus = gridBoard(14, 18, { torus: true });
    expect(analyse(torus, new Array(252).fill(0), 2)).toMatchObject({ solvable: true, optimal: false });
    // 24 vertices, no edges, presses toggle nothing: nullity 24, but 24 independent blocks of one: exact
    const board = graphBoard(24, [], { selfToggle: false });
    const a = analyse(board, new Array(24).fill(0), 2);
    expect(a).toMatchObject({ solvable: true, optimal: true, count: 0 });
    // with self toggles but a 1 x 24 knight board (no knight move fits in one row): nullity 0 again, and optimal
    const b = analyse(gridBoard(1, 24, { rule: "knight" }), new Array(24).fill(1), 2);
    expect(b).toMatchObject({ solvable: true, optimal: true, count: 24 });
  });
});
