// Multi-state Lights Out over Z_k: worked examples, brute force over
// every press vector on tiny boards of every kind, k = 2 against the GF(2)
// engine, fewest presses, random puzzles and errors.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  allSolutions,
  applyPresses,
  type Board,
  fewestPresses,
  graphBoard,
  gridBoard,
  maskBoard,
  quietPatterns,
  randomPuzzle,
  solveLightsOut,
} from "../src/index.js";
import { neighbourhoods, pressed } from "./_support.js";
import { chaseModK } from "../src/lightsout/_chase-residues.js";

const digits = (rows: string[]) => rows.join("").split("").map(Number);
const MODULI = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 17, 19, 23, 29, 31];

/** Lights after presses, with plain loops over the targets (independent of applyPresses). */
function lightsAfter(
  targets: readonly (readonly number[])[],
  lights: ArrayLike<number>,
  presses: ArrayLike<number>,
  k: number,
): number[] {
  const out = Array.from(lights);
  targets.forEach((t, j) => t.forEach((i) => (out[i] = (out[i]! + presses[j]!) % k)));
  return out;
}

/** Every press vector of a tiny board: how many clear b, how many are quiet, how many boards are reachable, the fewest presses. */
function brute(board: Board, lights: ArrayLike<number>, k: number) {
  const targets = neighbourhoods(board);
  const n = targets.length;
  const x = new Array<number>(n).fill(0);
  let solutions = 0,
    quiet = 0,
    fewest = Infinity;
  const reachable = new Set<string>();
  for (let t = 0; t < k ** n; t++) {
    let v = t;
    for (let j = 0; j < n; j++) {
      x[j] = v % k;
      v = Math.floor(v / k);
    }
    const fromDark = lightsAfter(targets, new Array(n).fill(0), x, k);
    reachable.add(fromDark.join(","));
    if (fromDark.every((l) => l === 0)) quiet++;
    if (lightsAfter(targets, lights, x, k).every((l) => l === 0)) {
      solutions++;
      fewest = Math.min(
        fewest,
        x.reduce((a, b) => a + b, 0),
      );
    }
  }
  return { solutions, quiet, winnable: reachable.size, fewest };
}

/** Tiny boards of every kind: 1..5 cells. */
const TINY: Board[] = [
  gridBoard(1, 1),
  gridBoard(1, 3),
  gridBoard(2, 2),
  gridBoard(1, 4),
  gridBoard(2, 2, { torus: true }),
  gridBoard(2, 2, { rule: "x" }),
  gridBoard(2, 2, { rule: "king", selfToggle: false }),
  gridBoard(1, 5, {
    rule: {
      offsets: [
        [0, 1],
        [0, 2],
      ],
    },
  }), // not symmetric
  maskBoard([".#.", "###", ".#."]),
  maskBoard(["#.", "##"]),
  graphBoard(4, [
    [0, 1],
    [1, 2],
    [2, 3],
    [3, 0],
  ]),
  graphBoard(
    5,
    [
      [0, 1],
      [0, 2],
      [0, 3],
      [0, 4],
    ],
    { selfToggle: false },
  ),
  graphBoard(3, []),
];

describe("worked examples, checked by applying the presses", () => {
  it("3 x 3 over Z_3: 211 / 112 / 021 is cleared by 000 / 122 / 200", () => {
    const board = gridBoard(3, 3);
    const lights = digits(["211", "112", "021"]);
    const seed = digits(["000", "122", "200"]);
    const s = solveLightsOut(board, lights, { states: 3 });
    expect(s.solvable).toBe(true);
    expect(Array.from(pressed(board, lights, s.presses!, 3))).toEqual(new Array(9).fill(0));
    expect(Array.from(pressed(board, lights, seed, 3))).toEqual(new Array(9).fill(0));
    const all = [...allSolutions(board, lights, { states: 3 })].map((x) => Array.from(x).join(""));
    expect(all).toHaveLength(Number(s.solutions));
    expect(all).toContain(seed.join(""));
  });

  it("4 x 4 over Z_3 (rank 14): 2222 / 2012 / 1111 / 1110 is cleared by 1001 / 0000 / 0020 / 2000", () => {
    const board = gridBoard(4, 4);
    const lights = digits(["2222", "2012", "1111", "1110"]);
    const seed = digits(["1001", "0000", "0020", "2000"]);
    const s = solveLightsOut(board, lights, { states: 3 });
    expect(s).toMatchObject({
      solvable: true,
      rank: 14,
      nullity: 2,
      solutions: 9n,
      quietCount: 9n,
      winnableBoards: 3n ** 14n,
    });
    expect(Array.from(pressed(board, lights, s.presses!, 3))).toEqual(new Array(16).fill(0));
    const all = [...allSolutions(board, lights, { states: 3 })].map((x) => Array.from(x).join(""));
    expect(new Set(all).size).toBe(9);
    expect(all).toContain(seed.join(""));
    const quiet = quietPatterns(board, { states: 3 });
    expect(quiet).toHaveLength(2);
    for (const q of quiet)
      expect(Array.from(pressed(board, new Array(16).fill(0), q, 3))).toEqual(new Array(16).fill(0));
  });

  it("the 4-level GF(4) game (0 -> 1 -> a+1 -> a -> 0) is the Z_4 game after relabelling", () => {
    // GF(4) = Z_2[x]/(x^2 + x + 1), elements as 2-bit words (bit 1 = a): 0, 1, a = 2, a+1 = 3
    const cycle = [0, 1, 3, 2]; // the GF(4) game's press order: 0 -> 1 -> a+1 -> a -> 0
    const step = (v: number) => cycle[(cycle.indexOf(v) + 1) % 4]!;
    const toZ4 = (v: number) => cycle.indexOf(v);
    const board = gridBoard(3, 3);
    const targets = neighbourhoods(board);
    for (let seed = 0; seed < 20; seed++) {
      const z4 = randomPuzzle(board, { states: 4, seed });
      const gf4 = Array.from(z4, (v) => cycle[v]!); // the same board in GF(4) labels
      const s = solveLightsOut(board, Array.from(gf4, toZ4), { states: 4 });
      expect(s.solvable).toBe(true);
      // play the GF(4) game itself: each press applies the 4-cycle to every target
      const lights = gf4.slice();
      targets.forEach((t, j) => {
        for (let p = 0; p < s.presses![j]!; p++) for (const i of t) lights[i] = step(lights[i]!);
      });
      expect(lights).toEqual(new Array(9).fill(0));
    }
    // one press on a dark 1 x 2 board: both lights 0 -> 1; again: 1 -> a+1 (= 3 as bits), Z_4 label 2
    expect(Array.from(pressed(gridBoard(1, 2), [0, 0], [2, 0], 4), (v) => cycle[v])).toEqual([3, 3]);
  });
});

describe("brute force over every press vector on tiny boards", () => {
  for (const k of MODULI) {
    it(`Z_${k}: solvability, counts, proofs, quiet generators and fewest presses on every board kind`, () => {
      let seed = k * 1000;
      for (const board of TINY) {
        const targets = neighbourhoods(board);
        const n = targets.length;
        if (k ** n > 20_000) continue;
        for (let trial = 0; trial < 3; trial++) {
          const rand = fc.sample(fc.array(fc.integer({ min: 0, max: k - 1 }), { minLength: n, maxLength: n }), {
            seed: seed++,
            numRuns: 1,
          })[0]!;
          const lights = trial === 0 ? Array.from(randomPuzzle(board, { states: k, seed })) : rand;
          const s = solveLightsOut(board, lights, { states: k });
          const truth = brute(board, lights, k);
          expect(s.solvable).toBe(truth.solutions > 0);
          expect(s.solutions).toBe(BigInt(truth.solutions));
          expect(s.quietCount).toBe(BigInt(truth.quiet));
          expect(s.winnableBoards).toBe(BigInt(truth.winnable));
          if (trial === 0) expect(s.solvable).toBe(true);
          if (s.solvable) {
            expect(lightsAfter(targets, lights, s.presses!, k).every((v) => v === 0)).toBe(true);
            const fewest = fewestPresses(board, lights, { states: k });
            expect(fewest.count).toBe(truth.fewest);
            expect(lightsAfter(targets, lights, fewest.presses!, k).every((v) => v === 0)).toBe(true);
            const all = [...allSolutions(board, lights, { states: k })];
            expect(new Set(all.map((x) => x.join(","))).size).toBe(truth.solutions);
            for (const x of all) expect(lightsAfter(targets, lights, x, k).every((v) => v === 0)).toBe(true);
          } else {
            // y A = 0 and y . b != 0 (mod k)
            const y = s.proof!;
            const ya = new Array<number>(n).fill(0);
            targets.forEach((t, j) => t.forEach((i) => (ya[j] = (ya[j]! + y[i]!) % k)));
            expect(ya.every((v) => v === 0)).toBe(true);
            expect(lights.reduce((acc, v, i) => acc + v * y[i]!, 0) % k).not.toBe(0);
            expect(fewestPresses(board, lights, { states: k })).toMatchObject({
              solvable: false,
              count: null,
            });
          }
          for (const q of quietPatterns(board, { states: k })) {
            expect(lightsAfter(targets, new Array(n).fill(0), q, k).every((v) => v === 0)).toBe(true);
          }
        }
      }
    });
  }
});

describe("property: random boards of every kind over Z_2..Z_12 and primes up to 31", () => {
  const boardArb = fc.oneof(
    fc
      .record({
        rows: fc.integer({ min: 1, max: 4 }),
        cols: fc.integer({ min: 1, max: 4 }),
        torus: fc.boolean(),
        rule: fc.constantFrom("plus", "x", "king", "knight"),
        self: fc.boolean(),
      })
      .map(
        ({ rows, cols, torus, rule, self }) =>
          gridBoard(rows, cols, { torus, rule: rule as "plus", selfToggle: self }) as Board,
      ),
    fc
      .array(fc.constantFrom("#", "."), { minLength: 9, maxLength: 9 })
      .filter((cells) => cells.includes("#"))
      .map(
        (cells) =>
          maskBoard([cells.slice(0, 3).join(""), cells.slice(3, 6).join(""), cells.slice(6).join("")]) as Board,
      ),
    fc
      .tuple(fc.integer({ min: 1, max: 6 }), fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 10 }))
      .map(([n, pairs]) => {
        const edges = new Map<string, [number, number]>();
        for (const [a, b] of pairs) {
          const u = a % n,
            v = b % n;
          if (u !== v) edges.set(`${Math.min(u, v)},${Math.max(u, v)}`, [u, v]);
        }
        return graphBoard(n, [...edges.values()]) as Board;
      }),
  );
  it("every solution clears the board; unsolvable boards carry a proof; counts match brute force when small", () => {
    fc.assert(
      fc.property(boardArb, fc.constantFrom(...MODULI), fc.integer({ min: 0, max: 2 ** 31 - 1 }), (board, k, seed) => {
        const targets = neighbourhoods(board);
        const n = targets.length;
        const rand = fc.sample(fc.array(fc.integer({ min: 0, max: k - 1 }), { minLength: n, maxLength: n }), {
          seed,
          numRuns: 1,
        })[0]!;
        const s = solveLightsOut(board, rand, { states: k });
        if (s.solvable) expect(lightsAfter(targets, rand, s.presses!, k).every((v) => v === 0)).toBe(true);
        else {
          const y = s.proof!;
          const ya = new Array<number>(n).fill(0);
          targets.forEach((t, j) => t.forEach((i) => (ya[j] = (ya[j]! + y[i]!) % k)));
          expect(ya.every((v) => v === 0)).toBe(true);
          expect(rand.reduce((acc, v, i) => acc + v * y[i]!, 0) % k).not.toBe(0);
        }
        if (k ** n <= 5000) {
          const truth = brute(board, rand, k);
          expect(s.solutions).toBe(BigInt(truth.solutions));
          expect(s.quietCount).toBe(BigInt(truth.quiet));
        }
      }),
      { numRuns: 300, seed: 42 },
    );
  });
});

describe("k = 2 agrees with the GF(2) engine", () => {
  const boards: Board[] = [
    gridBoard(5, 5),
    gridBoard(4, 4),
    gridBoard(6, 5, { torus: true }),
    gridBoard(5, 6, { rule: "knight" }),
    maskBoard(["##.##", "#####", ".###.", "#####"]),
    graphBoard(6, [
      [0, 1],
      [1, 2],
      [1, 3],
      [2, 4],
      [3, 4],
      [4, 5],
    ]),
    gridBoard(20, 20), // chasing in both engines
    gridBoard(17, 31),
  ];
  it("solvable, counts and a clearing solution on every board", () => {
    for (const board of boards) {
      const n = neighbourhoods(board).length;
      for (let seed = 0; seed < 4; seed++) {
        const lights = fc.sample(fc.array(fc.integer({ min: 0, max: 1 }), { minLength: n, maxLength: n }), {
          seed,
          numRuns: 1,
        })[0]!;
        const two = solveLightsOut(board, lights);
        const s = solveLightsOut(board, lights, { states: 2 });
        expect({
          solvable: s.solvable,
          solutions: s.solutions,
          nullity: s.nullity,
          rank: s.rank,
          winnable: s.winnableBoards,
        }).toEqual({
          solvable: two.solvable,
          solutions: two.solutions,
          nullity: two.nullity,
          rank: two.rank,
          winnable: two.winnableBoards,
        });
        if (s.solvable) expect(Array.from(pressed(board, lights, s.presses!, 2))).toEqual(new Array(n).fill(0));
      }
    }
  });
});

describe("chasing over Z_k agrees with elimination", () => {
  it("small rectangles: counts and clearing solutions match the full press matrix", () => {
    for (const k of [2, 3, 4, 5, 6, 9, 12]) {
      for (const [m, n] of [
        [1, 1],
        [1, 4],
        [3, 3],
        [4, 4],
        [4, 3],
        [3, 5],
        [5, 5],
        [6, 2],
      ] as const) {
        const board = gridBoard(m, n);
        for (let seed = 0; seed < 3; seed++) {
          const lights = fc.sample(
            fc.array(fc.integer({ min: 0, max: k - 1 }), { minLength: m * n, maxLength: m * n }),
            { seed, numRuns: 1 },
          )[0]!;
          const dense = solveLightsOut(board, lights, { states: k }); // under 400 cells: elimination
          expect(dense.method).toBe("dense");
          const chased = chaseModK(m, n, k, lights);
          expect(chased.solvable).toBe(dense.solvable);
          expect(chased.solutions).toBe(dense.solutions);
          expect(chased.kernelSize).toBe(dense.quietCount);
          expect(chased.kernel).toHaveLength(dense.nullity);
          if (chased.solvable)
            expect(Array.from(pressed(board, lights, chased.presses!, k))).toEqual(new Array(m * n).fill(0));
          for (const q of chased.kernel)
            expect(Array.from(pressed(board, new Array(m * n).fill(0), q, k))).toEqual(new Array(m * n).fill(0));
        }
      }
    }
  });

  it("plain rectangles from 400 cells chase, both orientations", () => {
    for (const [m, n, k] of [
      [20, 20, 3],
      [40, 12, 6],
      [12, 40, 4],
      [25, 30, 7],
    ] as const) {
      const board = gridBoard(m, n);
      const lights = randomPuzzle(board, { states: k, seed: m + n });
      const s = solveLightsOut(board, lights, { states: k });
      expect(s).toMatchObject({ method: "chasing", solvable: true });
      expect(Array.from(pressed(board, lights, s.presses!, k)).every((v) => v === 0)).toBe(true);
      const bad = Array.from(lights);
      if (s.nullity > 0) {
        // break winnability: find a cell whose change is caught by the proof
        let found = false;
        for (let i = 0; i < bad.length && !found; i++) {
          bad[i] = (bad[i]! + 1) % k;
          const t = solveLightsOut(board, bad, { states: k });
          if (!t.solvable) {
            expect(t.lastRowProof).toBeDefined();
            expect(t.solutions).toBe(0n);
            // the board-level proof: a quiet pattern meeting the lights in a non-zero sum
            const y = t.proof!;
            expect(Array.from(pressed(board, new Array(m * n).fill(0), y, k)).every((v) => v === 0)).toBe(true);
            expect(bad.reduce((acc, v, j) => acc + v * y[j]!, 0) % k).not.toBe(0);
            found = true;
          }
          bad[i] = lights[i]!;
        }
        expect(found).toBe(true);
      }
    }
  });
});

describe("random puzzles, fewest presses bound and errors", () => {
  it("random puzzles are solvable, in range and reproducible", () => {
    const board = gridBoard(4, 5, { torus: true });
    const a = randomPuzzle(board, { states: 7, seed: 3 });
    expect(Array.from(a)).toEqual(Array.from(randomPuzzle(board, { states: 7, seed: 3 })));
    expect(Array.from(a).every((v) => v >= 0 && v < 7)).toBe(true);
    expect(solveLightsOut(board, a, { states: 7 }).solvable).toBe(true);
  });

  it("fewest presses names the number of solutions and the limit beyond it", () => {
    const board = graphBoard(8, [], { selfToggle: false }); // every press vector is quiet: 3^8 solutions
    expect(() => fewestPresses(board, new Array(8).fill(0), { states: 3, limit: 1000 })).toThrow(
      "fewest presses over Z_3 (8 quiet generators) expected at most 1,000 solutions (every solution is enumerated), got 6561 solutions",
    );
    expect(fewestPresses(board, new Array(8).fill(0), { states: 3 })).toMatchObject({
      count: 0,
      solutions: 6561n,
    });
  });

  it("rejects bad states, lights and presses", () => {
    const board = gridBoard(2, 2);
    expect(() => solveLightsOut(board, [0, 0, 0, 0], { states: 1 })).toThrow(RangeError);
    expect(() => solveLightsOut(board, [0, 0, 0, 0], { states: 2 ** 31 })).toThrow(RangeError);
    expect(() => solveLightsOut(board, [0, 0, 0, 0], { states: 2.5 })).toThrow(TypeError);
    expect(() => solveLightsOut(board, [0, 0, 0, 0], { states: "3" as unknown as number })).toThrow(
      /"states" expected an integer in 2\.\.2147483647, got "3"/,
    );
    expect(() => solveLightsOut(board, [0, 0, 0, 0], { states: 3, method: "fast" as "auto" })).toThrow(
      /"method" expected "auto", "dense" or "banded"/,
    );
    expect(() => solveLightsOut(board, [0, 0, 3, 0], { states: 3 })).toThrow(
      /"lights\[2\]" expected an integer in 0\.\.2, got 3/,
    );
    expect(() => solveLightsOut(board, [0, 0, 0], { states: 3 })).toThrow(/expected 4 entries/);
    expect(() => applyPresses(board, [0, 0, 0, 0], [0, 5, 0, 0], { states: 5 })).toThrow(RangeError);
    expect(() => randomPuzzle(board, { states: 3, seed: 0.5 })).toThrow(TypeError);
    expect(() => solveLightsOut(gridBoard(130, 130, { torus: true }), new Array(16900).fill(0), { states: 4 })).toThrow(
      /^a board with 4 states expected at most 16,000 cells \(dense elimination\), got 16,900 cells; plain rectangles are solved by chasing, and any board with a prime number of states up to \d+ by banded elimination$/,
    );
    expect(() => solveLightsOut(board, [0, 0, 0, 0], { states: 3, signal: "stop" as unknown as AbortSignal })).toThrow(
      /"signal" expected an AbortSignal/,
    );
    expect(() => solveLightsOut(board, [0, 0, 0, 0], { states: 3, onProgress: 1 as unknown as () => void })).toThrow(
      /"onProgress" expected a function/,
    );
  });
});
