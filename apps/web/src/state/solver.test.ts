import { type Board, graphBoard, gridBoard, maskBoard } from "@lightsout/core";
import { describe, expect, test } from "vitest";
import { applyPresses, plusNeighbourhoods, seeded, solvableLights } from "../../e2e/_neighbourhoods.js";
import { analyse, nextPress, summarise } from "./solver.js";

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

/** The lights as one base-k number (cell 0 the lowest digit). */
function codeOf(lights: readonly number[], k: number): number {
  return lights.reduceRight((code, v) => code * k + v, 0);
}

/** The lights of a base-k code, one digit per cell. */
function lightsOf(code: number, cells: number, k: number): number[] {
  return Array.from({ length: cells }, () => {
    const v = code % k;
    code = Math.floor(code / k);
    return v;
  });
}

/**
 * Brute force over all k^cells press vectors: for each lights code, the fewest
 * presses (with multiplicity) that clear it, or null when none does.
 */
function fewestByBruteForce(targets: number[][], k: number): (number | null)[] {
  const cells = targets.length;
  const best = new Array<number | null>(k ** cells).fill(null);
  const dark = new Array<number>(cells).fill(0);
  for (let code = 0; code < k ** cells; code++) {
    const x = lightsOf(code, cells, k);
    // x clears the lights L with L + A x = 0, that is L = -A x (mod k).
    const lights = apply(targets, dark, x, k).map((v) => (k - v) % k);
    const count = x.reduce((a, b) => a + b, 0);
    const key = codeOf(lights, k);
    if (best[key] === null || count < best[key]!) best[key] = count;
  }
  return best;
}

/**
 * Lights (as codes) of a board against the brute force: a solvable analysis
 * is marked optimal and has the fewest count and presses that clear the board; an unsolvable one is
 * unsolvable by brute force too, and its proof holds. Returns how many were
 * unsolvable and how many of those came without a proof.
 */
function checkBoards(
  board: Board,
  targets: number[][],
  k: number,
  best: readonly (number | null)[],
  codes: Iterable<number>,
): { unsolvable: number; withoutProof: number } {
  const cells = targets.length;
  let unsolvable = 0;
  let withoutProof = 0;
  for (const code of codes) {
    const lights = lightsOf(code, cells, k);
    const a = analyse(board, lights, k);
    if (a.solvable) {
      expect(a.optimal).toBe(true); // every board here is small enough for the exact minimum
      expect(a.count).toBe(best[code]);
      expect(a.presses.reduce((s, x) => s + x, 0)).toBe(a.count);
      expect(apply(targets, lights, a.presses, k)).toEqual(new Array(cells).fill(0));
    } else {
      unsolvable++;
      expect(best[code]).toBeNull();
      if (a.proof) checkProof(targets, lights, a.proof, k);
      else withoutProof++;
    }
  }
  return { unsolvable, withoutProof };
}

/** {@link checkBoards} over all k^cells lights. */
function checkEveryBoard(board: Board, targets: number[][], k: number): { unsolvable: number; withoutProof: number } {
  const best = fewestByBruteForce(targets, k);
  return checkBoards(board, targets, k, best, best.keys());
}

function checkProof(targets: number[][], lights: number[], y: number[], k: number): void {
  // y A = 0: each press changes sum_i y_i lights_i by a multiple of k ...
  for (const t of targets) expect(t.reduce((s, i) => s + y[i]!, 0) % k).toBe(0);
  // ... and y . lights != 0, where a dark board has 0
  expect(lights.reduce((s, v, i) => s + v * y[i]!, 0) % k).not.toBe(0);
}

describe("solver", () => {
  test("all 512 boards of 3 x 3: fewest presses as brute force finds, applied they clear the board", () => {
    // 3 x 3 is full rank: every board is solvable, with one solution.
    expect(checkEveryBoard(gridBoard(3, 3), plusTargets(3, 3), 2)).toEqual({ unsolvable: 0, withoutProof: 0 });
    expect(analyse(gridBoard(3, 3), new Array(9).fill(1), 2)).toMatchObject({ optimal: true, count: 5 });
  });

  test("4 x 4: all 4096 winnable boards get the fewest presses; 16 boards of each unwinnable coset a checked proof", () => {
    // All 65,536 boards take about 20 s here; the winnable ones and every coset of the unwinnable ones are enough.
    const targets = plusTargets(4, 4);
    const best = fewestByBruteForce(targets, 2);
    const winnable = [...best.keys()].filter((code) => best[code] !== null);
    // Nullity 4 (OEIS A159257): 2^16 / 2^4 winnable boards, and 15 cosets of unwinnable ones.
    expect(winnable).toHaveLength(4096);
    const board = gridBoard(4, 4);
    expect(checkBoards(board, targets, 2, best, winnable)).toEqual({ unsolvable: 0, withoutProof: 0 });
    const covered = new Set(winnable);
    const unwinnable: number[] = [];
    for (let code = 0; code < 1 << 16; code++) {
      if (covered.has(code)) continue;
      for (const w of winnable) covered.add(code ^ w);
      // The coset code + winnable, sampled with a stride through the winnable boards.
      for (let i = 0; i < 4096; i += 256) unwinnable.push(code ^ winnable[i]!);
    }
    expect(unwinnable).toHaveLength(15 * 16);
    expect(checkBoards(board, targets, 2, best, unwinnable)).toEqual({ unsolvable: 15 * 16, withoutProof: 0 });
  });

  test("irregular masks: all 32 boards of the plus-shaped cross", () => {
    const mask = [".#.", "###", ".#."];
    const targets = plusTargets(3, 3, (r, c) => mask[r]![c] === "#");
    expect(checkEveryBoard(maskBoard(mask), targets, 2).withoutProof).toBe(0);
  });

  test("three and four states on 2 x 2 and 2 x 3: every board, fewest presses with multiplicity, or a proof", () => {
    for (const [rows, cols, k] of [
      [2, 2, 3],
      [2, 3, 3],
      [2, 2, 4],
    ] as const) {
      const { withoutProof } = checkEveryBoard(gridBoard(rows, cols), plusTargets(rows, cols), k);
      expect(withoutProof).toBe(0);
    }
  });

  test("graphs: all 32 boards of a 5-cycle", () => {
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
    expect(checkEveryBoard(board, targets, 2).withoutProof).toBe(0);
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

  test("projective planes and 255 states: the solutions clear the board, applied with plain loops", () => {
    const next = seeded(7);
    for (const [glue, k] of [
      ["projective", 2],
      ["projective", 3],
      ["projective", 255],
      ["plane", 255],
    ] as const) {
      const targets = plusNeighbourhoods(5, glue);
      const board = gridBoard(5, 5, { topology: glue });
      for (let trial = 0; trial < 5; trial++) {
        const made = Array.from({ length: 25 }, () => Math.floor(next() * k));
        const lights = solvableLights(targets, made, k);
        const a = analyse(board, lights, k);
        expect(a.solvable).toBe(true);
        if (!a.solvable) continue;
        expect(applyPresses(targets, lights, a.presses, k)).toEqual(new Array(25).fill(0));
        expect(a.count).toBe(a.presses.reduce((x, y) => x + y, 0));
      }
    }
  });

  test("the summary of two and three states: counts worked out by hand, winnability by brute force", () => {
    // 5 x 5 over GF(2): nullity 2 (two quiet patterns), so 2^23 of the 2^25 boards are winnable
    expect(summarise(gridBoard(5, 5), new Array(25).fill(1), 2)).toBe(
      "25 cells, nullity 2 (4 quiet patterns, pressing nothing included; 2^23 of the 2^25 boards are winnable, one in 4). These lights are winnable.",
    );
    expect(summarise(gridBoard(3, 3), new Array(9).fill(1), 2)).toBe(
      "9 cells, nullity 0 (1 quiet pattern, pressing nothing included; every board is winnable). These lights are winnable.",
    );
    // over Z_3: brute force over the 3^4 press vectors of the 2 x 2 torus (a press reaches its cell and the two
    // others in its row and column; the diagonal cell is not a neighbour): quiet patterns = 3^4 / winnable boards
    const torus = gridBoard(2, 2, { torus: true });
    const targets = [
      [0, 1, 2],
      [0, 1, 3],
      [0, 2, 3],
      [1, 2, 3],
    ];
    const best = fewestByBruteForce(targets, 3);
    const quiet = 81 / best.filter((b) => b !== null).length;
    expect(quiet).toBe(3);
    for (const lights of [
      [2, 2, 2, 2],
      [1, 0, 0, 0],
      [1, 1, 2, 0],
    ]) {
      const winnable = best[codeOf(lights, 3)] !== null;
      expect(summarise(torus, lights, 3)).toBe(
        `4 cells, nullity 1 over Z_3 (${quiet} quiet patterns, pressing nothing included; 3^3 of the 3^4 boards are winnable, one in 3). These lights are ${winnable ? "winnable" : "not winnable"}.`,
      );
    }
    expect(summarise(gridBoard(3, 3), new Array(9).fill(1), 3)).toBe(
      "9 cells, nullity 0 over Z_3 (1 quiet pattern, pressing nothing included; every board is winnable). These lights are winnable.",
    );
    // Z_4 is not a field: the 4 x 4 board's quiet patterns over Z_4, counted by the library, and the winnable share
    const z4 = summarise(gridBoard(4, 4), new Array(16).fill(0), 4);
    expect(z4).toMatch(
      /^16 cells, nullity \d+ over Z_4 \(\d+ quiet patterns, pressing nothing included; .+ of the 4\^16 boards are winnable, one in \d+\)\. These lights are winnable\.$/,
    );
  });
});
