// Fewest presses: the coset kernel against its twin and against brute force,
// guard bands around the raw WASM kernel, fewestPresses on boards, and the
// distribution of minimum press counts against brute force over all presses.
import fc from "fast-check";
import { cosetDistributionKernel, cosetMinimumKernel, instantiate, invoke } from "@lightsout/gf2-wasm";
import { describe, expect, it } from "vitest";
import {
  allSolutions,
  cosetMinimum,
  defaultMaxNullity,
  fewestPresses,
  graphBoard,
  gridBoard,
  maskBoard,
  optimalDistribution,
  type Board,
} from "../src/index.js";
import { neighbourhoods, plainNullity, pressed } from "./_support.js";

/** Deterministic 0/1 vectors from a seed (a plain LCG, independent of the code under test). */
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
const weight = (v: ArrayLike<number>) => Array.from(v).reduce((a, b) => a + b, 0);

/** Brute force: every subset of the basis, in plain binary order; least weight, then least string. */
function bruteCoset(x0: ArrayLike<number>, basis: readonly ArrayLike<number>[]): { weight: number; vector: string } {
  let best: { weight: number; vector: string } | undefined;
  for (let mask = 0; mask < 2 ** basis.length; mask++) {
    const v = Array.from(x0);
    basis.forEach((b, t) => {
      if ((mask >> t) & 1) for (let j = 0; j < v.length; j++) v[j]! ^= b[j]!;
    });
    const cand = { weight: weight(v), vector: str(v) };
    if (!best || cand.weight < best.weight || (cand.weight === best.weight && cand.vector < best.vector)) best = cand;
  }
  return best!;
}

const LENGTHS = [1, 2, 31, 32, 33, 63, 64, 65, 127, 128, 129, 255, 256, 257, 400];

describe("cosetMinimum: WASM kernel, TypeScript twin, brute force", () => {
  it("agree exactly (weight and vector) across word-boundary lengths", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LENGTHS),
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 0, max: 2 ** 30 }),
        fc.constantFrom(0.05, 0.3, 0.5, 0.9),
        (n, k, seed, density) => {
          const x0 = bits(n, seed, density);
          const basis = Array.from({ length: k }, (_, t) => bits(n, seed + 1 + t, density));
          const w = cosetMinimum(x0, basis);
          const t = cosetMinimum(x0, basis, { engine: "ts" });
          expect(w.weight).toBe(t.weight);
          expect(str(w.vector)).toBe(str(t.vector));
          expect(weight(w.vector)).toBe(w.weight);
          if (k <= 6) expect({ weight: w.weight, vector: str(w.vector) }).toEqual(bruteCoset(x0, basis));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("breaks ties lexicographically (entry 0 first), with many tied members", () => {
    // basis of unit-pair vectors: every member has the same weight parity; many ties
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 140 }),
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 0, max: 1e9 }),
        (n, k, seed) => {
          const x0 = bits(n, seed, 0.5);
          const basis = Array.from({ length: k }, (_, t) => {
            const v = new Uint8Array(n);
            v[(seed + t * 7) % n] = 1;
            v[(seed + t * 13 + 1) % n]! ^= 1;
            return v;
          });
          const expected = bruteCoset(x0, basis);
          for (const engine of ["wasm", "ts"] as const) {
            const r = cosetMinimum(x0, basis, { engine });
            expect({ weight: r.weight, vector: str(r.vector) }).toEqual(expected);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it("breaks ties past the first lanes (vectors equal on their first 64, 128, 256 bits)", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(64, 128, 192, 256),
        fc.integer({ min: 1, max: 140 }),
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 0, max: 1e9 }),
        (lo, extra, k, seed) => {
          const n = lo + extra;
          const x0 = bits(n, seed, 0.5);
          const basis = Array.from({ length: k }, (_, t) => {
            // supported above bit lo only: every member shares x0's first lo bits
            const v = new Uint8Array(n);
            v[lo + ((seed + t * 7) % extra)] = 1;
            v[lo + ((seed + t * 13 + 1) % extra)]! ^= 1;
            return v;
          });
          const expected = bruteCoset(x0, basis);
          for (const engine of ["wasm", "ts"] as const) {
            const r = cosetMinimum(x0, basis, { engine });
            expect({ weight: r.weight, vector: str(r.vector) }).toEqual(expected);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it("handles dependent and zero basis vectors (a spanning list is enough)", () => {
    const x0 = [1, 1, 0, 1];
    const basis = [
      [1, 1, 0, 0],
      [1, 1, 0, 0],
      [0, 0, 0, 0],
      [0, 1, 0, 1],
    ];
    expect(str(cosetMinimum(x0, basis).vector)).toBe(bruteCoset(x0, basis).vector);
    expect(cosetMinimum(x0, basis).weight).toBe(1);
  });

  it("k = 0 returns x0; the empty vector works", () => {
    expect(cosetMinimum([0, 1, 1], [])).toEqual({ weight: 2, vector: Uint8Array.from([0, 1, 1]) });
    expect(cosetMinimum([], [[], []])).toEqual({ weight: 0, vector: new Uint8Array(0) });
  });

  it("agrees with the twin over several slices (k = 23) and reports progress", () => {
    const n = 100;
    const x0 = bits(n, 5);
    const basis = Array.from({ length: 23 }, (_, t) => bits(n, 100 + t));
    const seen: number[] = [];
    const w = cosetMinimum(x0, basis, { onProgress: (done, total) => seen.push(done / total) });
    const t = cosetMinimum(x0, basis, { engine: "ts" });
    expect(str(w.vector)).toBe(str(t.vector));
    expect(w.weight).toBe(t.weight);
    expect(seen.length).toBeGreaterThan(1);
    expect(seen.at(-1)).toBe(1);
  });

  it("stops on an aborted signal", () => {
    const controller = new AbortController();
    controller.abort();
    expect(() => cosetMinimum([1, 0], [[1, 1]], { signal: controller.signal })).toThrow();
  });

  it("rejects bad arguments with clear messages", () => {
    expect(() => cosetMinimum([1, 0], [[1]])).toThrow(/"basis\[0\]" expected 2 entries/);
    expect(() => cosetMinimum([1, 2], [])).toThrow(/"x0\[1\]" expected 0 or 1/);
    expect(() =>
      cosetMinimum(
        [1],
        Array.from({ length: 32 }, () => [1]),
      ),
    ).toThrow(RangeError);
    expect(() => cosetMinimum([1], [], { engine: "gpu" as never })).toThrow(/"engine" expected/);
  });
});

describe("raw WASM kernels: guard bands", () => {
  const PATTERN = 0xa5;

  it("cosetMinimum writes only cur and best", () => {
    const k = instantiate();
    for (const words of [2, 4, 6]) {
      const bytes = words * 8;
      const kk = 5;
      const guard = 64;
      // layout: guard | x0 | guard | basis | guard | cur | guard | best | guard
      const total = guard * 5 + bytes * (3 + kk);
      const base = k.alloc(total);
      const mem = new Uint8Array(k.memory.buffer, base, total);
      mem.fill(PATTERN);
      const at = (offset: number) => base + offset;
      let off = guard;
      const x0 = off;
      off += bytes + guard;
      const basis = off;
      off += bytes * kk + guard;
      const cur = off;
      off += bytes + guard;
      const best = off;
      const rnd = bits(bytes * 8 * (kk + 1), words);
      const put = (offset: number, v: Uint8Array) => {
        mem.fill(0, offset, offset + bytes);
        v.forEach((b, j) => (mem[offset + (j >> 3)]! |= b << (j & 7)));
      };
      const n = words * 64 - 7; // padding bits stay zero
      const vx = rnd.subarray(0, n);
      put(x0, vx);
      const vb = Array.from({ length: kk }, (_, t) => rnd.subarray((t + 1) * n, (t + 2) * n));
      vb.forEach((v, t) => put(basis + t * bytes, v));
      mem.fill(0, best, best + bytes);
      const args = { x0: at(x0), basis: at(basis), k: kk, words, start: 0, end: 2 ** kk, cur: at(cur), best: at(best) };
      const scan = { ...args, bestWeight: 1 << 30 };
      const w = invoke(k, cosetMinimumKernel, scan);
      expect(w).toBe(bruteCoset(vx, vb).weight);
      expect(scan.bestWeight).toBe(w); // the state comes back by name
      const outside = [
        [0, x0],
        [x0 + bytes, basis],
        [basis + bytes * kk, cur],
        [cur + bytes, best],
        [best + bytes, total],
      ] as const;
      for (const [a, b] of outside) for (let i = a; i < b; i++) expect(mem[i]).toBe(PATTERN);
      k.free(base);
    }
  });

  it("cosetDistribution writes only counts", () => {
    const k = instantiate();
    const guard = 32;
    const total = guard * 4 + 4 * 8 + 2 * 8 + 65 * 8;
    const base = k.alloc(total);
    const mem = new Uint8Array(k.memory.buffer, base, total);
    mem.fill(PATTERN);
    const span = guard;
    const free = span + 32 + guard;
    const counts = free + 16 + guard;
    const view = new DataView(k.memory.buffer);
    // subspace {0, 0b0011, 0b0110, 0b0101} of GF(2)^4 (pivots 0, 1); free positions 2, 3
    [0n, 3n, 6n, 5n].forEach((v, i) => view.setBigUint64(base + span + i * 8, v, true));
    [4n, 8n].forEach((v, i) => view.setBigUint64(base + free + i * 8, v, true));
    mem.fill(0, counts, counts + 65 * 8);
    const args = { span: base + span, spanCount: 4, free: base + free, nfree: 2, start: 0, end: 4 };
    invoke(k, cosetDistributionKernel, { ...args, counts: base + counts });
    // cosets: {0,3,6,5} -> 0; {4,7,2,1} -> 1; {8,b,e,d} -> 1; {c,f,a,9} -> 2
    expect([0, 1, 2, 3].map((w) => view.getBigUint64(base + counts + w * 8, true))).toEqual([1n, 2n, 1n, 0n]);
    const outside = [
      [0, span],
      [span + 32, free],
      [free + 16, counts],
      [counts + 65 * 8, total],
    ] as const;
    for (const [a, b] of outside) for (let i = a; i < b; i++) expect(mem[i]).toBe(PATTERN);
    k.free(base);
  });
});

/** Applies presses with plain loops over the press targets. */
function goesDark(board: Board, lights: ArrayLike<number>, presses: ArrayLike<number>): boolean {
  return pressed(board, lights, presses).every((v) => v === 0);
}

describe("fewestPresses", () => {
  it("5 x 5 all-on needs exactly 15 presses", () => {
    const lights = new Array(25).fill(1);
    const r = fewestPresses(gridBoard(5, 5), lights);
    expect(r).toMatchObject({ solvable: true, count: 15, optimal: true, nullity: 2 });
    expect(goesDark(gridBoard(5, 5), lights, r.presses!)).toBe(true);
  });

  it("is the least weight over all solutions, then the smallest string, on many boards", () => {
    const boards: Board[] = [
      gridBoard(4, 4),
      gridBoard(5, 5),
      gridBoard(3, 5, { torus: true }),
      gridBoard(4, 5, { rule: "king" }),
      gridBoard(5, 4, { rule: "x" }),
      maskBoard([".##.", "####", "####", ".##."]),
      graphBoard(6, [
        [0, 1],
        [1, 2],
        [1, 3],
        [2, 4],
        [3, 4],
        [4, 5],
      ]),
      gridBoard(9, 9),
    ];
    for (const board of boards) {
      const cells = neighbourhoods(board).length;
      const solutionCount = 2 ** plainNullity(board);
      for (let seed = 1; seed <= 12; seed++) {
        // half random boards, half winnable ones (random presses applied to a dark board)
        const lights = seed % 2 ? bits(cells, seed) : pressed(board, new Uint8Array(cells), bits(cells, seed));
        const r = fewestPresses(board, lights);
        const all = [...allSolutions(board, lights)];
        expect(r.solvable).toBe(all.length > 0);
        // allSolutions is the whole solution set: distinct solutions, 2^nullity of them by plain elimination
        if (all.length) expect(new Set(all.map(str)).size).toBe(solutionCount);
        for (const x of all) expect(goesDark(board, lights, x)).toBe(true);
        if (!r.solvable) {
          expect(r.presses).toBeNull();
          expect(r.count).toBeNull();
          continue;
        }
        const best = all
          .map(str)
          .sort(
            (a, b) => weight(a.split("").map(Number)) - weight(b.split("").map(Number)) || (a < b ? -1 : a > b ? 1 : 0),
          )[0]!;
        expect(str(r.presses!)).toBe(best);
        expect(r.count).toBe(weight(r.presses!));
        expect(goesDark(board, lights, r.presses!)).toBe(true);
        expect(fewestPresses(board, lights, { engine: "ts" })).toEqual(r);
      }
    }
  });

  it("refuses a block above the limit with a RangeError naming its dimension, cells and the limit", () => {
    expect(() => fewestPresses(gridBoard(5, 5), new Array(25).fill(1), { maxNullity: 1 })).toThrow(
      /a block on 20 cells of this board \(nullity 2\) expected at most 1 dimension \(maxNullity, at most \d+\), got 2 dimensions; use fewestPressesByIlp .*HiGHS/,
    );
    // 40 isolated vertices, no self toggle: A = 0, nullity 40, but 40 blocks of one cell each
    const empty = graphBoard(40, [], { selfToggle: false });
    expect(fewestPresses(empty, new Array(40).fill(0))).toMatchObject({ count: 0, nullity: 40, optimal: true });
    // unsolvable needs no enumeration: answered whatever the nullity
    expect(fewestPresses(empty, [1, ...new Array(39).fill(0)])).toEqual({
      solvable: false,
      presses: null,
      count: null,
      optimal: true,
      nullity: 40,
      solutions: 0n,
    });
    // the 20 x 20 plain torus: one block of 32 dimensions on all 400 cells
    expect(() => fewestPresses(gridBoard(20, 20, { torus: true }), new Array(400).fill(0))).toThrow(
      /a block on 400 cells of this board \(nullity 32\) expected at most 26 dimensions .*, got 32 dimensions/,
    );
    // K(29, 29) without self toggle: two blocks of 28 (each side: even sums), at the limit for 29 cells;
    // three copies are six blocks, over the default budget of four; maxNullity lifts the budget
    const bipartite = (copies: number) => {
      const edges: [number, number][] = [];
      for (let c = 0; c < copies; c++)
        for (let i = 0; i < 29; i++) for (let j = 0; j < 29; j++) edges.push([c * 58 + i, c * 58 + 29 + j]);
      return graphBoard(58 * copies, edges, { selfToggle: false });
    };
    expect(() => fewestPresses(bipartite(3), new Array(174).fill(0))).toThrow(
      /has 6 blocks that together cost 6\.0 enumerations at the default limit, above 4/,
    );
    expect(() => fewestPresses(bipartite(3), new Array(174).fill(0), { maxNullity: 27 })).toThrow(
      /a block on 29 cells of this board \(nullity 168\) expected at most 27 dimensions .*, got 28 dimensions/,
    );
    expect(() => fewestPresses(gridBoard(2, 2), [1, 1, 1, 1], { maxNullity: 40 })).toThrow(
      /"maxNullity" expected an integer in 0..31/,
    );
  });

  it("default limit: 28 up to 128 cells, lower for longer vectors", () => {
    expect(defaultMaxNullity(25)).toBe(28);
    expect(defaultMaxNullity(128)).toBe(28);
    expect(defaultMaxNullity(129)).toBe(27);
    expect(defaultMaxNullity(512)).toBe(26);
  });

  it("checks its lights", () => {
    expect(() => fewestPresses(gridBoard(2, 2), [1, 1, 1])).toThrow(/"lights" expected 4 entries/);
  });
});

/** Brute force: the least weight of x for every board b = A x, over all 2^cells press vectors. */
function bruteDistribution(board: Board): bigint[] {
  const targets = neighbourhoods(board);
  const n = targets.length;
  const col = targets.map((t) => t.reduce((acc, i) => acc | (1 << i), 0));
  const best = new Uint8Array(2 ** n).fill(255);
  for (let x = 0; x < 2 ** n; x++) {
    let b = 0;
    let w = 0;
    for (let j = 0; j < n; j++)
      if ((x >>> j) & 1) {
        b ^= col[j]!;
        w++;
      }
    if (w < best[b]!) best[b] = w;
  }
  const counts: bigint[] = [];
  for (const w of best) if (w !== 255) counts[w] = (counts[w] ?? 0n) + 1n;
  return Array.from(counts, (c) => c ?? 0n);
}

describe("optimalDistribution", () => {
  it("5 x 5: all 2^23 winnable boards, maximum 15 presses", () => {
    const d = optimalDistribution(gridBoard(5, 5));
    expect(d).toMatchObject({ cells: 25, rank: 23, nullity: 2 });
    expect(d.counts.reduce((a, b) => a + b, 0n)).toBe(2n ** 23n);
    expect(d.counts.length - 1).toBe(15);
    expect(d.counts[0]).toBe(1n);
    expect(d.counts[1]).toBe(25n);
    expect(d.counts[15]! > 0n).toBe(true);
    expect(fewestPresses(gridBoard(5, 5), new Array(25).fill(1)).count).toBe(15);
  });

  const SMALL: [number, number, object?][] = [
    [1, 1],
    [2, 2],
    [3, 3],
    [4, 4],
    [2, 5],
    [5, 2],
    [3, 4],
    [4, 5],
    [1, 7],
    [2, 3],
    [3, 3, { torus: true }],
    [4, 4, { torus: true }],
    [3, 5, { rule: "king" }],
    [4, 4, { rule: "x" }],
  ];
  for (const [rows, cols, options] of SMALL) {
    it(`${rows} x ${cols}${options ? ` ${JSON.stringify(options)}` : ""} matches brute force over all 2^${rows * cols} presses`, () => {
      const d = optimalDistribution(gridBoard(rows, cols, options));
      expect(d.counts).toEqual(bruteDistribution(gridBoard(rows, cols, options)));
      expect(d.counts.reduce((a, b) => a + b, 0n)).toBe(2n ** BigInt(d.rank));
      expect(optimalDistribution(gridBoard(rows, cols, options), { engine: "ts" }).counts).toEqual(d.counts);
    });
  }

  it("invertible grids give binomial coefficients", () => {
    const d = optimalDistribution(gridBoard(6, 6));
    expect(d.nullity).toBe(0);
    expect(d.counts[18]).toBe(9075135300n);
    expect(d.counts.reduce((a, b) => a + b, 0n)).toBe(2n ** 36n);
  });

  it("refuses sizes it cannot enumerate", () => {
    expect(() => optimalDistribution(gridBoard(9, 9))).toThrow(
      "a 9 x 9 board of nullity 8 expected at most 64 cells (when the nullity is not 0), got 81 cells",
    );
    expect(() => optimalDistribution(gridBoard(100, 100))).toThrow(/at most 4,096 cells, got 10,000 cells$/);
    expect(() => optimalDistribution({ kind: "grid", rows: 0, cols: 5 })).toThrow(/"rows" expected an integer/);
    expect(() => optimalDistribution(gridBoard(3, 3), { states: 1 })).toThrow(
      /"states" expected an integer in 2\.\.2147483647, got 1/,
    );
  });
});
