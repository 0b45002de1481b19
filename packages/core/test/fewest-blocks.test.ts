// Fewest presses through independent blocks of the quiet patterns: against a
// brute force over the whole coset (its own elimination and enumeration,
// written here with plain word arrays), the presses applied with plain loops,
// the block split against planted direct sums, and the 20 x 20 torus with the
// x rule against a brute force over its two colour classes.
import { describe, expect, it } from "vitest";
import { minimiseSpan, splitBlocks } from "../src/solvers/blocks.js";
import {
  type Board,
  fewestPresses,
  fewestPressesByIlp,
  graphBoard,
  gridBoard,
  maskBoard,
  randomPuzzle,
} from "../src/index.js";
import { neighbourhoods, pressed } from "./_support.js";

/** Deterministic 0/1 vectors from a seed (a plain LCG). */
function bits(n: number, seed: number, density = 0.5): Uint8Array {
  let s = (seed * 2654435761) >>> 0 || 1;
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    out[i] = (s >>> 8) / 2 ** 24 < density ? 1 : 0;
  }
  return out;
}

const str = (v: ArrayLike<number>) => Array.from(v).join("");

/** Packs 0/1 entries into 32-bit words. */
function pack(v: ArrayLike<number>, words: number): Uint32Array {
  const out = new Uint32Array(words);
  for (let j = 0; j < v.length; j++) if (v[j]) out[j >>> 5]! |= 1 << (j & 31);
  return out;
}

const get = (w: Uint32Array, j: number) => (w[j >>> 5]! >>> (j & 31)) & 1;

/**
 * Solves M x = b over GF(2) (M given by its n columns as sets of rows) by
 * plain Gauss-Jordan on packed rows: one solution and a null-space basis,
 * or null when unsolvable.
 */
function solveGf2(columns: readonly (readonly number[])[], rows: number, b: ArrayLike<number>) {
  const n = columns.length;
  const words = Math.ceil((n + 1) / 32);
  const eq = Array.from({ length: rows }, () => new Uint32Array(words));
  columns.forEach((col, j) => {
    for (const i of col) eq[i]![j >>> 5]! ^= 1 << (j & 31);
  });
  for (let i = 0; i < rows; i++) if (b[i]) eq[i]![n >>> 5]! ^= 1 << (n & 31);
  const pivots: number[] = [];
  let r = 0;
  for (let c = 0; c < n && r < rows; c++) {
    const p = eq.findIndex((row, i) => i >= r && get(row, c) === 1);
    if (p < 0) continue;
    [eq[r], eq[p]] = [eq[p]!, eq[r]!];
    for (let i = 0; i < rows; i++)
      if (i !== r && get(eq[i]!, c)) for (let t = 0; t < words; t++) eq[i]![t]! ^= eq[r]![t]!;
    pivots.push(c);
    r++;
  }
  for (let i = r; i < rows; i++) if (get(eq[i]!, n)) return null;
  const x = new Uint8Array(n);
  pivots.forEach((c, i) => (x[c] = get(eq[i]!, n)));
  const isPivot = new Set(pivots);
  const basis: Uint8Array[] = [];
  for (let f = 0; f < n; f++) {
    if (isPivot.has(f)) continue;
    const v = new Uint8Array(n);
    v[f] = 1;
    pivots.forEach((c, i) => (v[c] = get(eq[i]!, f)));
    basis.push(v);
  }
  return { x, basis };
}

/** Every member of x + span(basis), in plain binary order: the least weight, then the least string. */
function bruteMinimum(x: Uint8Array, basis: readonly Uint8Array[]): { count: number; presses: string } {
  const n = x.length;
  const words = Math.max(1, Math.ceil(n / 32));
  const x0 = pack(x, words);
  const rows = basis.map((v) => pack(v, words));
  let best: Uint32Array | undefined;
  let bestW = Infinity;
  const cur = new Uint32Array(words);
  for (let mask = 0; mask < 2 ** basis.length; mask++) {
    cur.set(x0);
    rows.forEach((row, t) => {
      if ((mask >>> t) & 1) for (let i = 0; i < words; i++) cur[i]! ^= row[i]!;
    });
    let w = 0;
    for (let j = 0; j < n; j++) w += get(cur, j);
    if (w > bestW) continue;
    let less = w < bestW;
    if (!less) {
      for (let j = 0; j < n; j++) {
        const a = get(cur, j);
        const c = get(best!, j);
        if (a !== c) {
          less = a === 0;
          break;
        }
      }
    }
    if (less) {
      best = cur.slice();
      bestW = w;
    }
  }
  return { count: bestW, presses: str(Array.from({ length: n }, (_, j) => get(best!, j))) };
}

/** Lights after the presses, with plain loops over the cells each press toggles. */
function pressAll(targets: readonly Int32Array[], lights: ArrayLike<number>, presses: ArrayLike<number>): Uint8Array {
  const out = Uint8Array.from(lights);
  targets.forEach((t, j) => {
    if (presses[j]) for (const i of t) out[i]! ^= 1;
  });
  return out;
}

/** Boards of every kind whose nullity is at most 16 (checked by the brute force's own elimination). */
const BOARDS: [string, Board][] = [
  ["grid 4 x 4", gridBoard(4, 4)],
  ["grid 5 x 5", gridBoard(5, 5)],
  ["grid 9 x 9", gridBoard(9, 9)],
  ["grid 11 x 11", gridBoard(11, 11)],
  ["grid 16 x 16", gridBoard(16, 16)],
  ["grid 19 x 19", gridBoard(19, 19)],
  ["grid 4 x 5 no self toggle", gridBoard(4, 5, { selfToggle: false })],
  ["torus 5 x 5", gridBoard(5, 5, { torus: true })],
  ["torus 6 x 6", gridBoard(6, 6, { torus: true })],
  ["torus 12 x 12", gridBoard(12, 12, { torus: true })],
  ["x rule 6 x 6", gridBoard(6, 6, { rule: "x" })],
  ["x rule torus 8 x 8", gridBoard(8, 8, { torus: true, rule: "x" })],
  ["x rule torus 14 x 14", gridBoard(14, 14, { torus: true, rule: "x" })],
  ["king 5 x 5", gridBoard(5, 5, { rule: "king" })],
  ["king 6 x 8", gridBoard(6, 8, { rule: "king" })],
  ["king torus 4 x 6", gridBoard(4, 6, { torus: true, rule: "king" })],
  ["knight 5 x 5", gridBoard(5, 5, { rule: "knight" })],
  ["knight torus 6 x 6", gridBoard(6, 6, { torus: true, rule: "knight" })],
  [
    "offsets rule 6 x 6",
    gridBoard(6, 6, {
      rule: {
        offsets: [
          [0, 2],
          [0, -2],
          [1, 0],
          [-1, 0],
        ],
      },
    }),
  ],
  ["mask ring", maskBoard(["#####", "#...#", "#...#", "#####"])],
  ["mask cross", maskBoard([".##.", "####", "####", ".##."], { rule: "x" })],
  [
    "graph: two cycles and a path",
    graphBoard(
      14,
      [
        [0, 1],
        [1, 2],
        [2, 0],
        [3, 4],
        [4, 5],
        [5, 6],
        [6, 3],
        [7, 8],
        [8, 9],
        [9, 10],
        [10, 11],
        [11, 12],
        [12, 13],
      ],
      { selfToggle: false },
    ),
  ],
  ["graph: 12 isolated vertices, no self toggle", graphBoard(12, [], { selfToggle: false })],
  [
    "graph: random, 30 vertices",
    graphBoard(
      30,
      Array.from({ length: 45 }, (_, e) => [e % 30, (e * 7 + 3) % 30] as [number, number]).filter(([u, v]) => u !== v),
    ),
  ],
];

describe("fewestPresses through independent blocks, against brute force over the whole coset", () => {
  for (const [name, board] of BOARDS) {
    it(`${name}: least weight, then least string; the presses clear the board`, () => {
      const targets = neighbourhoods(board).map((t) => Int32Array.from(t));
      const n = targets.length;
      for (let seed = 1; seed <= 6; seed++) {
        // half random boards, half winnable ones (random presses applied to a dark board)
        const lights = seed % 2 ? bits(n, seed) : pressAll(targets, new Uint8Array(n), bits(n, seed));
        const exact = solveGf2(
          targets.map((t) => Array.from(t)),
          n,
          lights,
        );
        const r = fewestPresses(board, lights);
        expect(r.solvable).toBe(exact !== null);
        if (exact === null) continue;
        expect(exact.basis.length).toBeLessThanOrEqual(16);
        expect(r.nullity).toBe(exact.basis.length);
        const brute = bruteMinimum(exact.x, exact.basis);
        expect({ count: r.count, presses: str(r.presses!) }).toEqual(brute);
        expect(pressAll(targets, lights, r.presses!).every((v) => v === 0)).toBe(true);
        expect(fewestPresses(board, lights, { engine: "ts" })).toEqual(r);
      }
    });
  }
});

describe("splitBlocks", () => {
  it("never joins what a planted direct sum keeps apart, and keeps the whole span", () => {
    for (let seed = 1; seed <= 40; seed++) {
      const n = 20 + (seed % 50);
      // cells dealt to 1..4 parts; each part gets a few random vectors on its own cells
      const parts = 1 + (seed % 4);
      const partOf = Array.from({ length: n }, (_, j) => (j * 7 + seed) % parts);
      const vectors: Uint8Array[] = [];
      for (let p = 0; p < parts; p++) {
        const own = bits(n, seed * 10 + p, 0.6);
        for (let t = 0; t < 1 + ((seed + p) % 5); t++) {
          const v = bits(n, seed * 100 + p * 10 + t);
          vectors.push(v.map((b, j) => (partOf[j] === p ? b & own[j]! : 0)));
        }
      }
      // the reduced echelon form mixes vectors of one part only: the split must find the parts again
      const rows = rref(vectors, n);
      const blocks = splitBlocks(rows, n);
      expect(blocks.reduce((s, b) => s + b.basis.length, 0)).toBe(rows.length);
      for (const block of blocks) {
        expect(new Set(Array.from(block.cells, (j) => partOf[j])).size).toBe(1);
        for (const v of block.basis) expect(v.some((b) => b === 1)).toBe(true);
      }
      const cellsSeen = blocks.flatMap((b) => Array.from(b.cells));
      expect(new Set(cellsSeen).size).toBe(cellsSeen.length);
      // exactly the cells some vector touches are in a block
      for (let j = 0; j < n; j++) expect(cellsSeen.includes(j)).toBe(rows.some((r) => r[j] === 1));
    }
  });
});

describe("minimiseSpan: spans wider than one kernel call", () => {
  it("fixes the first vectors in every combination and keeps the least weight, then the least string", () => {
    // 33 vectors: 2 arbitrary ones, then unit vectors on cells 0..30, so that a stand-in kernel knows
    // its exact answer (clear cells 0..30); the 4 combinations of the first two decide the rest
    for (let seed = 1; seed <= 20; seed++) {
      const n = 40;
      const x0 = bits(n, seed);
      const heads = [bits(n, seed + 100), bits(n, seed + 200)];
      const units = Array.from({ length: 31 }, (_, t) => Uint8Array.from({ length: n }, (_, j) => (j === t ? 1 : 0)));
      const calls: number[] = [];
      const kernel = (y: Uint8Array, basis: readonly Uint8Array[]) => {
        calls.push(basis.length);
        const v = y.map((b, j) => (j < 31 ? 0 : b));
        return { weight: v.reduce((a, b) => a + b, 0), vector: v };
      };
      const r = minimiseSpan(x0, [...heads, ...units], kernel, {});
      expect(calls).toEqual([31, 31, 31, 31]);
      const candidates = [0, 1, 2, 3].map((h) => {
        const v = Uint8Array.from(x0);
        heads.forEach((u, t) => {
          if ((h >> t) & 1) for (let j = 0; j < n; j++) v[j]! ^= u[j]!;
        });
        return str(v.map((b, j) => (j < 31 ? 0 : b)));
      });
      const weightOf = (s: string) => s.split("").filter((c) => c === "1").length;
      candidates.sort((a, b) => weightOf(a) - weightOf(b) || (a < b ? -1 : a > b ? 1 : 0));
      expect({ weight: r.weight, vector: str(r.vector) }).toEqual({
        weight: weightOf(candidates[0]!),
        vector: candidates[0],
      });
    }
  });
});

/** Reduced row echelon form of a list of vectors (zero rows dropped), plain loops. */
function rref(vectors: readonly Uint8Array[], n: number): Uint8Array[] {
  const rows = vectors.map((v) => Uint8Array.from(v));
  let r = 0;
  for (let c = 0; c < n && r < rows.length; c++) {
    const p = rows.findIndex((row, i) => i >= r && row[c] === 1);
    if (p < 0) continue;
    [rows[r], rows[p]] = [rows[p]!, rows[r]!];
    for (let i = 0; i < rows.length; i++) {
      if (i !== r && rows[i]![c]) for (let j = 0; j < n; j++) rows[i]![j]! ^= rows[r]![j]!;
    }
    r++;
  }
  return rows.slice(0, r);
}

/**
 * The 20 x 20 torus with the x rule (nullity 32) by an independent route: a
 * diagonal press keeps the colour (i + j) mod 2 of a cell, so the board is
 * two boards of 200 cells; each is solved here by its own elimination and
 * all of its 2^16 solutions are enumerated. The neighbourhoods are built
 * from the geometry, not from the library's boards.
 */
function xTorusByColour(lights: ArrayLike<number>): number {
  const size = 20;
  let total = 0;
  for (const colour of [0, 1]) {
    const cells: number[] = [];
    for (let i = 0; i < size; i++) for (let j = 0; j < size; j++) if ((i + j) % 2 === colour) cells.push(i * size + j);
    const index = new Map(cells.map((c, t) => [c, t]));
    const columns = cells.map((c) => {
      const i = Math.floor(c / size);
      const j = c % size;
      return [
        [0, 0],
        [1, 1],
        [1, -1],
        [-1, 1],
        [-1, -1],
      ].map(([di, dj]) => index.get(((i + di! + size) % size) * size + ((j + dj! + size) % size))!);
    });
    const s = solveGf2(
      columns,
      cells.length,
      cells.map((c) => lights[c]!),
    );
    expect(s).not.toBeNull();
    expect(s!.basis.length).toBe(16);
    total += bruteMinimum(s!.x, s!.basis).count;
  }
  return total;
}

describe("20 x 20 torus, x rule (nullity 32: two blocks of 16)", () => {
  const board = gridBoard(20, 20, { torus: true, rule: "x" });
  const targets = neighbourhoods(board).map((t) => Int32Array.from(t));
  // all lights on: 80 presses; the random puzzle of seed 0 (`lightsout random --rows 20 --cols 20
  // --torus --rule x`): 147; both established by xTorusByColour above
  for (const [name, lights, expected] of [
    ["all on", new Uint8Array(400).fill(1), 80],
    ["random puzzle, seed 0", randomPuzzle(board, { seed: 0 }), 147],
  ] as const) {
    it(`${name}: exactly ${expected} presses, proven, as the colour-class brute force finds`, async () => {
      expect(xTorusByColour(lights)).toBe(expected);
      const r = fewestPresses(board, lights);
      expect(r).toMatchObject({ solvable: true, count: expected, optimal: true, nullity: 32 });
      expect(pressAll(targets, lights, r.presses!).every((v) => v === 0)).toBe(true);
      const ilp = await fewestPressesByIlp(board, lights);
      expect(ilp).toMatchObject({ count: expected, optimal: true, lowerBound: expected, status: "enumerated" });
      expect(str(ilp.presses!)).toBe(str(r.presses!));
    });
  }
});

describe("fewestPressesByIlp with blocks", () => {
  it("enumerates the blocks up to maxNullity and gives the others to HiGHS; the sum is the exact minimum", async () => {
    // a 5 x 5 grid (one block of 2) and a 4 x 4 grid (one block of 4) as one graph: maxNullity 3
    // sends the 4 x 4 block to HiGHS
    const edges: [number, number][] = [];
    const grid = (offset: number, size: number) => {
      for (let i = 0; i < size; i++) {
        for (let j = 0; j < size; j++) {
          const c = offset + i * size + j;
          if (j + 1 < size) edges.push([c, c + 1]);
          if (i + 1 < size) edges.push([c, c + size]);
        }
      }
    };
    grid(0, 5);
    grid(25, 4);
    const board = graphBoard(41, edges);
    const targets = neighbourhoods(board).map((t) => Int32Array.from(t));
    for (let seed = 1; seed <= 3; seed++) {
      const lights = pressAll(targets, new Uint8Array(41), bits(41, seed));
      const exact = solveGf2(
        targets.map((t) => Array.from(t)),
        41,
        lights,
      )!;
      const brute = bruteMinimum(exact.x, exact.basis).count;
      const r = await fewestPressesByIlp(board, lights, { maxNullity: 3, timeLimitMs: 60_000 });
      expect(r).toMatchObject({ count: brute, optimal: true, lowerBound: brute, status: "optimal" });
      expect(pressAll(targets, lights, r.presses!).every((v) => v === 0)).toBe(true);
      expect(pressed(board, lights, r.presses!).every((v) => v === 0)).toBe(true);
    }
  });

  it("with several blocks under a short limit, count and lower bound bracket the brute-force minimum", async () => {
    // a 4 x 4 grid (one block of 4) beside a 19 x 19 grid (one block of 16), both sent to HiGHS
    const edges: [number, number][] = [];
    for (const [offset, size] of [
      [0, 4],
      [16, 19],
    ] as const) {
      for (let i = 0; i < size; i++) {
        for (let j = 0; j < size; j++) {
          const c = offset + i * size + j;
          if (j + 1 < size) edges.push([c, c + 1]);
          if (i + 1 < size) edges.push([c, c + size]);
        }
      }
    }
    const n = 16 + 361;
    const board = graphBoard(n, edges);
    const targets = neighbourhoods(board).map((t) => Int32Array.from(t));
    const lights = pressAll(targets, new Uint8Array(n), bits(n, 7));
    const exact = solveGf2(
      targets.map((t) => Array.from(t)),
      n,
      lights,
    )!;
    expect(exact.basis.length).toBe(20);
    // the two grids are independent: the minimum is the sum of theirs (each brute-forced on its own cells)
    const part = (from: number, to: number) => {
      const s = solveGf2(
        targets.slice(from, to).map((t) => Array.from(t, (i) => i - from)),
        to - from,
        lights.slice(from, to),
      )!;
      return bruteMinimum(s.x, s.basis).count;
    };
    const minimum = part(0, 16) + part(16, n);
    for (const timeLimitMs of [50, 2_000]) {
      const r = await fewestPressesByIlp(board, lights, { maxNullity: 0, timeLimitMs });
      expect(pressAll(targets, lights, r.presses!).every((v) => v === 0)).toBe(true);
      expect(r.blocks).toEqual([16, 4]);
      expect(r.lowerBound).toBeLessThanOrEqual(minimum);
      expect(r.count).toBeGreaterThanOrEqual(minimum);
      if (r.optimal) expect(r.count).toBe(minimum);
    }
  });

  it("a block too big to enumerate: HiGHS's count and bound bracket, and the presses clear the board", async () => {
    // the 20 x 20 plain torus: one block of 32 dimensions on all 400 cells
    const board = gridBoard(20, 20, { torus: true });
    const targets = neighbourhoods(board).map((t) => Int32Array.from(t));
    const lights = randomPuzzle(board, { seed: 1 });
    const r = await fewestPressesByIlp(board, lights, { timeLimitMs: 300 });
    expect(pressAll(targets, lights, r.presses!).every((v) => v === 0)).toBe(true);
    expect(r.count).toBe(r.presses!.reduce((a, b) => a + b, 0));
    expect(r.lowerBound).toBeLessThanOrEqual(r.count!);
    if (!r.optimal) expect(r.status).toBe("time limit");
    else expect(r.lowerBound).toBe(r.count);
  });
});
