// Light chasing, the chase matrix and huge grids, judged by independent
// mathematics: the published nullities of the n x n board (OEIS A159257,
// test/vectors), full elimination of the mn x mn press matrix, the closed
// form deg gcd(f_m(x), f_n(x + 1)) over GF(2) (Sutner, "sigma-automata and
// Chebyshev polynomials", Theoretical Computer Science 230, 2000), plain
// cell-by-cell chases written here, and every solution applied to its board.
import { readFileSync } from "node:fs";
import { chaseStepsKernel, instantiate, invoke } from "@lightsout/gf2-wasm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BitMatrix, chaseMatrix, chaseTrace, firstRowLookup, gridBoard, solveGrid } from "../src/index.js";
import { chaseSymbolic } from "../src/lightsout/_chase-symbolic.js";
import { packBoard, rowWords } from "../src/lightsout/_chase-bits.js";
import { neighbourhoods, plainRank, pressed, seededUnit } from "./_support.js";

const NULLITY = readFileSync(new URL("./vectors/nullity_square_1_300.txt", import.meta.url), "utf8")
  .trim()
  .split(/\s+/)
  .map(Number);

// Number of ones in the n x n chase matrix, n = 1..30 (recomputed by chases by hand in the test below).
const ONES_1_30 = [
  1, 2, 7, 0, 16, 12, 27, 20, 25, 28, 68, 36, 81, 56, 115, 66, 136, 60, 175, 80, 217, 126, 284, 126, 297, 180, 303, 204,
  400, 234,
];

const dark = (v: ArrayLike<number>) => Array.from(v).every((x) => x === 0);
const dot = (a: ArrayLike<number>, b: ArrayLike<number>) => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s ^= a[i]! & b[i]!;
  return s;
};

/** Index of the first word where two arrays differ (-1: none, -2: lengths differ). */
function firstDifference(a: Uint32Array, b: Uint32Array): number {
  if (a.length !== b.length) return -2;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return i;
  return -1;
}

/** Seeded 0/1 entries. */
function randomBits(length: number, seed: number, p = 0.5): Uint8Array {
  const next = seededUnit(seed);
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i++) out[i] = next() < p ? 1 : 0;
  return out;
}

/**
 * The chase by hand on an m x n board, with plain loops: press `first` on
 * the first row, then for each row but the last press below every lit cell.
 * Returns the lights and all presses.
 */
function chaseByHand(m: number, n: number, lights: ArrayLike<number>, first: ArrayLike<number>) {
  const state = Uint8Array.from(lights);
  const presses = new Uint8Array(m * n);
  const press = (r: number, c: number) => {
    presses[r * n + c]! ^= 1;
    for (const [rr, cc] of [
      [r, c],
      [r - 1, c],
      [r + 1, c],
      [r, c - 1],
      [r, c + 1],
    ] as const) {
      if (rr >= 0 && rr < m && cc >= 0 && cc < n) state[rr * n + cc]! ^= 1;
    }
  };
  for (let c = 0; c < n; c++) if (first[c]) press(0, c);
  for (let r = 0; r + 1 < m; r++) for (let c = 0; c < n; c++) if (state[r * n + c]) press(r + 1, c);
  return { state, presses };
}

/** Nullity of the full mn x mn press matrix, by elimination. */
function fullNullity(m: number, n: number): number {
  const targets = neighbourhoods(gridBoard(m, n));
  const bits = new Uint8Array(m * n * m * n);
  targets.forEach((t, j) => t.forEach((i) => (bits[i * m * n + j] = 1)));
  using a = BitMatrix.fromBits(m * n, m * n, bits);
  return m * n - a.rank();
}

/** deg gcd(f_m(x), f_n(x + 1)) over GF(2), polynomials as bigint bit sets. */
function closedFormNullity(m: number, n: number): number {
  const mulX = (p: bigint) => p << 1n;
  const mulX1 = (p: bigint) => (p << 1n) ^ p;
  const f = (k: number, times: (p: bigint) => bigint) => {
    let a = 1n; // f_0
    let b = times(1n); // f_1 = x (or x + 1)
    if (k === 0) return a;
    for (let i = 1; i < k; i++) [a, b] = [b, times(b) ^ a];
    return b;
  };
  const deg = (p: bigint) => p.toString(2).length - 1;
  let a = f(m, mulX);
  let b = f(n, mulX1);
  while (b !== 0n) {
    while (a !== 0n && deg(a) >= deg(b)) a ^= b << BigInt(deg(a) - deg(b));
    [a, b] = [b, a];
  }
  return deg(a);
}

describe("chase matrix: published and hand-computed facts", () => {
  it("nullity n - rank(C) of the n x n board matches OEIS A159257 for n = 1..300", () => {
    expect(NULLITY).toHaveLength(300);
    for (let n = 1; n <= 300; n++) {
      using c = chaseMatrix(n, n);
      expect(n - c.rank(), `n = ${n}`).toBe(NULLITY[n - 1]);
    }
  });

  it("counts of ones for n = 1..30: the pinned list, chaseMatrix and chases by hand agree", () => {
    const ones = [];
    const byHand = [];
    for (let n = 1; n <= 30; n++) {
      using c = chaseMatrix(n, n);
      ones.push(c.toRows().reduce((acc, row) => acc + row.reduce((a, b) => a + b, 0), 0));
      let count = 0;
      for (let i = 0; i < n; i++) {
        const first = new Uint8Array(n);
        first[i] = 1;
        const { state } = chaseByHand(n, n, new Uint8Array(n * n), first);
        for (let j = (n - 1) * n; j < n * n; j++) count += state[j]!;
      }
      byHand.push(count);
    }
    expect(ones).toEqual(ONES_1_30);
    expect(byHand).toEqual(ONES_1_30);
  });

  it("C is symmetric and centrosymmetric (squares and rectangles)", () => {
    const shapes: [number, number][] = [];
    for (let n = 1; n <= 40; n++) shapes.push([n, n]);
    shapes.push([3, 7], [7, 3], [1, 20], [20, 1], [13, 64], [64, 13], [100, 129], [129, 65]);
    for (const [m, n] of shapes) {
      using c = chaseMatrix(m, n);
      const rows = c.toRows();
      for (let i = 0; i < n; i++) {
        for (let j = 0; j < n; j++) {
          expect(rows[i]![j], `${m} x ${n} (${i}, ${j})`).toBe(rows[j]![i]);
          expect(rows[i]![j], `${m} x ${n} (${i}, ${j})`).toBe(rows[n - 1 - i]![n - 1 - j]);
        }
      }
    }
  });

  it("column i is what pressing first-row cell i and chasing by hand leaves in the last row", () => {
    for (let m = 1; m <= 7; m++) {
      for (let n = 1; n <= 7; n++) {
        using c = chaseMatrix(m, n);
        for (let i = 0; i < n; i++) {
          const first = new Uint8Array(n);
          first[i] = 1;
          const { state } = chaseByHand(m, n, new Uint8Array(m * n), first);
          const column = Array.from({ length: n }, (_, j) => c.get(j, i));
          expect(Array.from(state.slice((m - 1) * n)), `${m} x ${n}, column ${i}`).toEqual(column);
          expect(dark(state.slice(0, (m - 1) * n))).toBe(true);
        }
      }
    }
  });

  it("m x n nullity: chase route = full mn x mn elimination for all m, n <= 12", () => {
    for (let m = 1; m <= 12; m++) {
      for (let n = 1; n <= 12; n++) {
        using c = chaseMatrix(m, n);
        expect(n - c.rank(), `${m} x ${n}`).toBe(fullNullity(m, n));
      }
    }
  });

  it("m x n nullity: chase route = deg gcd(f_m(x), f_n(x + 1)) for m, n <= 40", () => {
    for (let m = 1; m <= 40; m++) {
      for (let n = 1; n <= 40; n++) {
        using c = chaseMatrix(m, n);
        expect(n - c.rank(), `${m} x ${n}`).toBe(closedFormNullity(m, n));
      }
    }
  });

  it("the 5 x 5 chase matrix has rank 3, and the 4 x 4 one is zero (nullity 4)", () => {
    using c5 = chaseMatrix(5, 5);
    expect(c5.rank()).toBe(3);
    using c4 = chaseMatrix(4, 4);
    expect(c4.toString()).toBe("0000\n0000\n0000\n0000");
  });

  it("plain 1 x n boards: C is the tridiagonal band T itself", () => {
    using c = chaseMatrix(1, 6);
    expect(c.toString()).toBe(["110000", "111000", "011100", "001110", "000111", "000011"].join("\n"));
  });
});

describe("chase kernel: WebAssembly and its TypeScript twin agree", () => {
  const SIZES = [1, 2, 31, 32, 33, 63, 64, 65, 127, 128, 129, 200];

  it.each(SIZES)("n = %i: chase matrices and affine columns for random heights and boards", (n) => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 70 }), fc.integer({ min: 1, max: 2 ** 31 - 1 }), (m, seed) => {
        const lights = packBoard("lights", m, n, randomBits(m * n, seed));
        for (const l of [undefined, lights]) {
          const w = chaseSymbolic(m, n, l, { engine: "wasm" });
          const t = chaseSymbolic(m, n, l, { engine: "ts" });
          expect(w.stride32).toBe(t.stride32);
          expect(firstDifference(w.words, t.words)).toBe(-1);
          // the layout's rule: nothing past the last column
          const width = l ? n + 1 : n;
          for (let j = 0; j < n; j++) {
            for (let k = 0; k < w.stride32; k++) {
              const lo = k * 32;
              const valid = Math.max(0, Math.min(32, width - lo));
              const mask = valid === 32 ? 0 : ~(2 ** valid - 1) >>> 0;
              expect((w.words[j * w.stride32 + k]! & mask) >>> 0).toBe(0);
            }
          }
        }
      }),
      { seed: n, numRuns: n > 100 ? 6 : 15 },
    );
  });

  it.each([513, 640, 1025, 1100])("n = %i: the mirrored half of a wide board matches the twin's full chase", (n) => {
    for (const m of [1, 2, 7, 40]) {
      const lights = packBoard("lights", m, n, randomBits(m * n, m + n));
      for (const l of [undefined, lights]) {
        const w = chaseSymbolic(m, n, l, { engine: "wasm" });
        const t = chaseSymbolic(m, n, l, { engine: "ts" });
        expect(firstDifference(w.words, t.words)).toBe(-1);
      }
    }
  });

  it("chaseMatrix on the ts engine equals the wasm one", () => {
    for (const [m, n] of [
      [1, 1],
      [5, 5],
      [33, 65],
      [64, 129],
    ] as const) {
      using a = chaseMatrix(m, n);
      using b = chaseMatrix(m, n, { engine: "ts" });
      expect(b.engine).toBe("ts");
      expect(a.equals(b)).toBe(true);
    }
  });

  it("chaseSteps writes nothing outside its matrices (guard bands)", () => {
    const k = instantiate();
    const GUARD = 256;
    for (const n of [1, 33, 64, 65, 129]) {
      const stride = Math.ceil((n + 1) / 128) * 2;
      const bytes = n * stride * 8;
      const steps = 9;
      const lightStride = Math.ceil(n / 128) * 2;
      const regions = [bytes, bytes, steps * lightStride * 8].map((size) => {
        const base = k.alloc(size + 2 * GUARD);
        new Uint8Array(k.memory.buffer, base, size + 2 * GUARD).fill(0xa5);
        new Uint8Array(k.memory.buffer, base + GUARD, size).fill(0);
        return { base, size };
      });
      const [a, b, l] = regions.map((r) => r.base + GUARD) as [number, number, number];
      const bw = new Uint32Array(k.memory.buffer, b, bytes / 4);
      for (let j = 0; j < n; j++) bw[j * stride * 2 + (j >>> 5)]! |= 1 << (j & 31);
      const lw = new Uint32Array(k.memory.buffer, l, (steps * lightStride * 8) / 4);
      const bits = randomBits(steps * n, n);
      for (let t = 0; t < steps; t++)
        for (let j = 0; j < n; j++) if (bits[t * n + j]) lw[t * lightStride * 2 + (j >>> 5)]! |= 1 << (j & 31);
      const lanes = { laneFrom: 0, laneTo: stride / 2, firstStep: 0 };
      invoke(k, chaseStepsKernel, {
        a,
        b,
        stride,
        n,
        steps,
        lights: l,
        lightsStride: lightStride,
        constCol: n,
        ...lanes,
      });
      for (const r of regions) {
        const all = new Uint8Array(k.memory.buffer, r.base, r.size + 2 * GUARD);
        for (let i = 0; i < GUARD; i++) {
          expect(all[i]).toBe(0xa5);
          expect(all[GUARD + r.size + i]).toBe(0xa5);
        }
      }
      regions.forEach((r) => k.free(r.base));
    }
  });
});

describe("solveGrid", () => {
  it("random boards: solutions applied go dark; proofs are quiet and meet the board oddly", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        (m, n, seed) => {
          const board = gridBoard(m, n);
          const lights = randomBits(m * n, seed);
          const s = solveGrid(m, n, lights, { quiet: true });
          expect(s.nullity).toBe(n - s.rank);
          expect(s.quiet).toHaveLength(s.nullity);
          for (const q of s.quiet!) expect(dark(pressed(board, new Uint8Array(m * n), q))).toBe(true);
          expect(plainRank(s.quiet!.map((q) => Array.from(q)))).toBe(s.nullity);
          if (s.solvable) {
            expect(dark(pressed(board, lights, s.presses))).toBe(true);
            expect(Array.from(s.presses.slice(0, n))).toEqual(Array.from(s.firstRow));
          } else {
            expect(dark(pressed(board, new Uint8Array(m * n), s.certificate))).toBe(true);
            expect(dot(s.certificate, lights)).toBe(1);
          }
        },
      ),
      { seed: 77, numRuns: 120 },
    );
  });

  it("boards made by pressing a dark board are always solvable", () => {
    for (const [m, n] of [
      [4, 4],
      [5, 5],
      [9, 9],
      [16, 16],
      [19, 19],
      [7, 30],
    ] as const) {
      const board = gridBoard(m, n);
      for (let seed = 1; seed <= 5; seed++) {
        const lights = pressed(board, new Uint8Array(m * n), randomBits(m * n, seed * 31 + m));
        const s = solveGrid(m, n, lights);
        expect(s.solvable).toBe(true);
        if (s.solvable) expect(dark(pressed(board, lights, s.presses))).toBe(true);
      }
    }
  });

  it("5 x 5 all-on: solvable, nullity 2, the solution clears it", () => {
    const lights = new Uint8Array(25).fill(1);
    const s = solveGrid(5, 5, lights, { quiet: true });
    expect(s).toMatchObject({ solvable: true, rank: 3, nullity: 2 });
    if (!s.solvable) return;
    expect(dark(pressed(gridBoard(5, 5), lights, s.presses))).toBe(true);
    // the well-known quiet basis of 5 x 5 (each checked quiet in gf2-lightsout-facts.test.ts) spans the same space
    const known = ["0111010101110111010101110", "1010110101000001010110101"];
    const ours = s.quiet!.map((q) => Array.from(q));
    expect(plainRank([...ours, ...known.map((t) => Array.from(t, Number))])).toBe(2);
  });

  it("all-on boards up to 64 x 64 (Sutner 1989: always solvable)", () => {
    for (const n of [1, 2, 3, 4, 16, 31, 33, 64]) {
      const lights = new Uint8Array(n * n).fill(1);
      const s = solveGrid(n, n, lights);
      expect(s.solvable).toBe(true);
      expect(s.nullity).toBe(NULLITY[n - 1]);
      if (s.solvable) expect(dark(pressed(gridBoard(n, n), lights, s.presses))).toBe(true);
    }
  });

  it("a 200 x 130 random board: nullity from the closed form, solution or proof checked", () => {
    const [m, n] = [200, 130];
    const board = gridBoard(m, n);
    const lights = randomBits(m * n, 5);
    const s = solveGrid(m, n, lights, { engine: "ts" });
    expect(s.nullity).toBe(closedFormNullity(m, n));
    if (s.solvable) expect(dark(pressed(board, lights, s.presses))).toBe(true);
    else {
      expect(dark(pressed(board, new Uint8Array(m * n), s.certificate))).toBe(true);
      expect(dot(s.certificate, lights)).toBe(1);
    }
  });

  it("reports progress and stops on an aborted signal", () => {
    const seen: number[] = [];
    solveGrid(300, 300, new Uint8Array(90000).fill(1), { onProgress: (done) => seen.push(done) });
    expect(seen.at(-1)).toBe(300);
    const controller = new AbortController();
    controller.abort(new Error("stop"));
    expect(() => solveGrid(30, 30, new Uint8Array(900), { signal: controller.signal })).toThrow("stop");
  });

  it("rejects bad sizes and boards with clear messages", () => {
    expect(() => solveGrid(0, 5, [])).toThrow(RangeError);
    expect(() => solveGrid(0, 5, [])).toThrow('"rows" expected an integer in 1..');
    expect(() => solveGrid(2.5, 5, [])).toThrow(TypeError);
    expect(() => solveGrid(2, 2, [1, 0, 1])).toThrow('"lights" expected 2 x 2 = 4 entries (one per cell), got 3');
    expect(() => solveGrid(2, 2, [1, 0, 2, 0])).toThrow('"lights[2]" expected 0 or 1, got 2');
    expect(() => solveGrid(2, 2, "1111" as unknown as number[])).toThrow(TypeError);
    expect(() => chaseMatrix(20000, 20000)).toThrow(
      "a 20000 x 20000 board expected at most 268,435,456 cells, got 400,000,000 cells",
    );
    // 2048 x 2048 has nullity 1056: its quiet basis would be 4 GiB
    expect(() => solveGrid(2048, 2048, new Uint8Array(2048 * 2048), { quiet: true })).toThrow(
      /^the quiet basis of the 2048 x 2048 board \(1,056 patterns of 4,194,304 cells\) expected at most /,
    );
  });
});

describe("chaseTrace", () => {
  it("5 x 5 all-on: chase, read, fix, chase again, dark", () => {
    const t = chaseTrace(5, 5, new Uint8Array(25).fill(1));
    expect(t.steps.map((s) => s.phase)).toEqual([
      "chase",
      "chase",
      "chase",
      "chase",
      "last-row",
      "fix",
      "chase-again",
      "chase-again",
      "chase-again",
      "chase-again",
    ]);
    expect(t.solvable).toBe(true);
    expect(dark(t.steps.at(-1)!.lights)).toBe(true);
    expect(dark(pressed(gridBoard(5, 5), t.lights, t.solution!))).toBe(true);
  });

  it("every step's lights are the previous lights with its presses applied", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 1, max: 1e9 }),
        (m, n, seed) => {
          const board = gridBoard(m, n);
          const lights = randomBits(m * n, seed);
          const t = chaseTrace(m, n, lights);
          let state: ArrayLike<number> = Uint8Array.from(lights);
          for (const step of t.steps) {
            state = pressed(board, state, step.presses);
            expect(Array.from(step.lights)).toEqual(Array.from(state));
            if (step.phase === "chase" || step.phase === "chase-again") {
              // after chasing row r, rows 0..r are dark
              expect(dark(Array.from(state).slice(0, (step.row + 1) * n))).toBe(true);
            }
          }
          expect(Array.from(t.lastRow)).toEqual(
            Array.from(t.steps.find((s) => s.phase === "last-row")!.lights.slice((m - 1) * n)),
          );
          expect(t.solvable).toBe(solveGrid(m, n, lights).solvable);
          if (t.solvable) {
            expect(dark(t.steps.at(-1)!.lights)).toBe(true);
            expect(dark(pressed(board, lights, t.solution!))).toBe(true);
          } else {
            expect(t.steps.at(-1)!.phase).toBe("last-row");
          }
        },
      ),
      { seed: 9, numRuns: 150 },
    );
  });

  it("refuses boards too large to trace", () => {
    expect(() => chaseTrace(200, 200, new Uint8Array(40000))).toThrow(RangeError);
  });
});

describe("firstRowLookup", () => {
  it("5 x 5: 8 last rows have a fix, each checked by chasing by hand", () => {
    const t = firstRowLookup(5, 5);
    expect(t).toMatchObject({ rank: 3, nullity: 2 });
    expect(t.entries).toHaveLength(8);
    expect(t.quietFirstRows).toHaveLength(2);
    const lastRows = new Set(t.entries!.map((e) => e.lastRow.join("")));
    expect(lastRows.size).toBe(8);
    // the classic table of the seven lit last rows
    for (const row of ["00111", "01010", "01101", "10001", "10110", "11011", "11100"])
      expect(lastRows.has(row)).toBe(true);
    for (const { lastRow, firstRow } of t.entries!) {
      const { state } = chaseByHand(5, 5, new Uint8Array(25), firstRow);
      expect(Array.from(state.slice(20))).toEqual(Array.from(lastRow));
    }
  });

  it("G d is a fix for every last row in the column space; quiet first rows start quiet patterns", () => {
    for (const [m, n] of [
      [5, 5],
      [4, 4],
      [9, 9],
      [3, 3],
      [6, 4],
      [11, 11],
      [2, 7],
    ] as const) {
      const t = firstRowLookup(m, n, { maxEntries: 4096 });
      expect(t.entries).toHaveLength(2 ** t.rank);
      for (const { lastRow, firstRow } of t.entries!) {
        const g = t.inverse.map((row) => dot(row, lastRow));
        expect(g).toEqual(Array.from(firstRow));
        // d has a fix iff it is orthogonal to the quiet first rows
        for (const q of t.quietFirstRows) expect(dot(q, lastRow)).toBe(0);
      }
      for (const q of t.quietFirstRows) {
        const { state, presses } = chaseByHand(m, n, new Uint8Array(m * n), q);
        expect(dark(state)).toBe(true);
        expect(dark(presses)).toBe(false);
      }
    }
  });

  it("invertible boards: G is the inverse of C, every last row has a fix", () => {
    const t = firstRowLookup(6, 6);
    expect(t.nullity).toBe(0);
    using c = chaseMatrix(6, 6);
    using g = BitMatrix.fromRows(t.inverse);
    expect(g.mul(c).equals(BitMatrix.identity(6))).toBe(true);
    expect(t.entries).toHaveLength(64);
  });

  it("leaves out the table when it would pass maxEntries", () => {
    const t = firstRowLookup(31, 31); // rank 31: 2^31 entries
    expect(t.entries).toBeUndefined();
    expect(t.inverse).toHaveLength(31);
    expect(firstRowLookup(5, 5, { maxEntries: 4 }).entries).toBeUndefined();
  });
});

describe("packed boards", () => {
  it("rowWords follows the GF(2) layout", () => {
    expect(rowWords(1)).toBe(4);
    expect(rowWords(128)).toBe(4);
    expect(rowWords(129)).toBe(8);
  });
});
