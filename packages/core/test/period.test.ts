// pressPeriod (the tail and period of b, A b, A^2 b, ... by algebra) judged
// by facts found without it: a walk that remembers every board, matrix powers
// over GF(2) written here with BigInt rows, the Mersenne primes, the published
// factorization of 2^67 - 1 and primitive polynomials from published tables
// (their orders checked here with BigInt polynomial arithmetic of the test's own).

import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  applyPresses,
  type Board,
  graphBoard,
  gridBoard,
  MAX_PERIOD_CELLS,
  maskBoard,
  pressPeriod,
  pressTargets,
} from "../src/index.js";
import { polynomialOrder, zpolyRing } from "../src/fields/poly-order.js";
import { cyclotomicValue, factorInto, isProbablePrime, pollardBrentRho } from "../src/modular/factor.js";
import { xoshiro128 } from "../src/internal/random.js";
import { pressProduct } from "../src/poly/period.js";
import { gf2WordsRing, wordsOfBits } from "../src/poly/_period-gf2.js";

const RUNS = { seed: 20261202, numRuns: 60 };

/** The first repeat of b, A b, A^2 b, ..., found by remembering every board. */
function walk(board: Board, lights: readonly number[], k: number): { tail: number; period: bigint } {
  const seen = new Map<string, number>();
  let v: ArrayLike<number> = lights;
  const dark = new Array<number>(lights.length).fill(0);
  for (let i = 0; ; i++) {
    const key = Array.from(v).join(",");
    const first = seen.get(key);
    if (first !== undefined) return { tail: first, period: BigInt(i - first) };
    seen.set(key, i);
    v = applyPresses(board, dark, v, { states: k });
  }
}

function cellsOf(board: Board): number {
  return pressTargets(board).length;
}

function randomGraph(vertices: number, edges: number, seed: number, selfToggle = true): Board {
  const next = xoshiro128(seed);
  const seen = new Set<string>();
  const list: [number, number][] = [];
  while (list.length < edges) {
    const u = next() % vertices;
    const v = next() % vertices;
    const key = u < v ? `${u},${v}` : `${v},${u}`;
    if (u === v || seen.has(key)) continue;
    seen.add(key);
    list.push([u, v]);
  }
  return graphBoard(vertices, list, { selfToggle });
}

describe("pressPeriod against the walk that remembers every board", () => {
  const boards: [string, Board][] = [
    ["3 x 3", gridBoard(3, 3)],
    ["4 x 4 (singular)", gridBoard(4, 4)],
    ["5 x 5", gridBoard(5, 5)],
    ["1 x 7", gridBoard(1, 7)],
    ["3 x 3 torus", gridBoard(3, 3, { torus: true })],
    ["3 x 4 torus, king", gridBoard(3, 4, { torus: true, rule: "king" })],
    ["projective 3 x 3", gridBoard(3, 3, { topology: "projective" })],
    ["mask", maskBoard([".##.", "####", "#..#"])],
    ["no self toggle", gridBoard(3, 3, { selfToggle: false })],
    [
      "one-way offsets",
      gridBoard(2, 4, {
        rule: {
          offsets: [
            [0, 1],
            [1, -1],
          ],
        },
      }),
    ],
    [
      "two triangles at a vertex, and a pendant",
      graphBoard(6, [
        [0, 1],
        [1, 2],
        [2, 0],
        [2, 3],
        [3, 4],
        [4, 2],
        [4, 5],
      ]),
    ],
    [
      "graph without self toggle",
      graphBoard(
        5,
        [
          [0, 1],
          [1, 2],
          [2, 3],
          [3, 4],
          [4, 0],
        ],
        { selfToggle: false },
      ),
    ],
  ];
  for (const k of [2, 3, 5, 6, 7]) {
    test(`k = ${k}`, () => {
      const next = xoshiro128(k);
      for (const [name, board] of boards) {
        const cells = cellsOf(board);
        // the walk remembers up to k^cells boards: keep it small for the larger k
        if (k > 3 && cells > 9) continue;
        for (let trial = 0; trial < 4; trial++) {
          const lights = Array.from({ length: cells }, () => next() % k);
          const expected = walk(board, lights, k);
          expect(pressPeriod(board, lights, { states: k }), `${name}, b = ${lights.join("")}`).toEqual({
            exact: true,
            ...expected,
          });
        }
      }
    });
  }

  test("property: random graphs and grids, k in 2, 3, 5, 6, 7, 10", () => {
    const boardArb = fc.oneof(
      fc
        .record({ vertices: fc.integer({ min: 1, max: 8 }), density: fc.integer({ min: 0, max: 3 }), seed: fc.nat() })
        .map(({ vertices, density, seed }) =>
          randomGraph(vertices, Math.min((vertices * (vertices - 1)) / 2, density * vertices), seed, seed % 2 === 0),
        ),
      fc
        .record({ rows: fc.integer({ min: 1, max: 3 }), cols: fc.integer({ min: 1, max: 3 }), torus: fc.boolean() })
        .map(({ rows, cols, torus }) => gridBoard(rows, cols, { torus })),
    );
    fc.assert(
      fc.property(boardArb, fc.constantFrom(2, 3, 5, 6, 7, 10), fc.nat(), (board, k, seed) => {
        const next = xoshiro128(seed);
        const lights = Array.from({ length: cellsOf(board) }, () => next() % k);
        expect(pressPeriod(board, lights, { states: k })).toEqual({ exact: true, ...walk(board, lights, k) });
      }),
      RUNS,
    );
  });

  test("1 x n rows over GF(2), lit at one end, up to 128 cells (their periods are short enough to walk)", () => {
    for (let n = 1; n <= 128; n = n < 16 ? n + 1 : 2 * n) {
      const lights = Array.from({ length: n }, (_, i) => (i === 0 ? 1 : 0));
      expect(pressPeriod(gridBoard(1, n), lights), `1 x ${n}`).toEqual({
        exact: true,
        ...walk(gridBoard(1, n), lights, 2),
      });
    }
  });

  test("the dark board: tail 0, period 1; a board that dies out: period 1 after its tail", () => {
    expect(pressPeriod(gridBoard(4, 4), new Array(16).fill(0))).toEqual({ exact: true, tail: 0, period: 1n });
    // one-way presses along a row are nilpotent without self toggle: every board goes dark
    const board = gridBoard(1, 5, { selfToggle: false, rule: { offsets: [[0, 1]] } });
    expect(pressPeriod(board, [1, 0, 0, 0, 0])).toEqual({ exact: true, tail: 5, period: 1n });
  });

  test("the product by the press matrix agrees with applyPresses, repeated targets and all", () => {
    // offsets that land twice on one cell of a small torus: pressTargets lists it once, as applyPresses counts it
    const boards = [
      gridBoard(2, 2, {
        torus: true,
        rule: {
          offsets: [
            [0, 1],
            [0, -1],
            [0, 3],
          ],
        },
      }),
      gridBoard(3, 3, { topology: "projective", rule: "king" }),
      randomGraph(12, 30, 3),
    ];
    const next = xoshiro128(9);
    for (const board of boards) {
      const cells = cellsOf(board);
      for (const k of [2, 5, 2 ** 31 - 1]) {
        const v = Array.from({ length: cells }, () => next() % k);
        const expected = applyPresses(board, new Array(cells).fill(0), v, { states: k });
        expect(Array.from(pressProduct(pressTargets(board), v, k))).toEqual(Array.from(expected));
      }
    }
  });
});

/** GF(2) polynomials as BigInt bit masks, for checks independent of the library. */
const gf2 = {
  mulMod(a: bigint, b: bigint, m: bigint): bigint {
    const degree = m.toString(2).length - 1;
    let out = 0n;
    let shifted = a;
    for (let rest = b; rest > 0n; rest >>= 1n) {
      if (rest & 1n) out ^= shifted;
      shifted <<= 1n;
      if ((shifted >> BigInt(degree)) & 1n) shifted ^= m;
    }
    return out;
  },
  powX(e: bigint, m: bigint): bigint {
    let out = 1n;
    let base = 2n; // x
    for (let rest = e; rest > 0n; rest >>= 1n) {
      if (rest & 1n) out = gf2.mulMod(out, base, m);
      base = gf2.mulMod(base, base, m);
    }
    return out;
  },
};

/** x^a + ... + 1 from its exponents, as a BigInt mask and as coefficients. */
function polynomial(exponents: number[]): { mask: bigint; coefficients: number[] } {
  const coefficients = new Array<number>(Math.max(...exponents) + 1).fill(0);
  for (const e of exponents) coefficients[e] = 1;
  return { mask: exponents.reduce((m, e) => m | (1n << BigInt(e)), 0n), coefficients };
}

describe("orders of polynomials from published tables", () => {
  // Primitive trinomials and pentanomials over GF(2) (e.g. W. Stahnke, "Primitive binary
  // polynomials", Math. Comp. 27 (1973); the tables of Lidl & Niederreiter, ch. 10): order 2^n - 1.
  const primitive: [number[], bigint[]][] = [
    [[31, 3, 0], [2147483647n]],
    [[61, 5, 2, 1, 0], [2305843009213693951n]],
    [
      [64, 4, 3, 1, 0],
      [3n, 5n, 17n, 257n, 641n, 65537n, 6700417n],
    ],
    [
      [67, 5, 2, 1, 0],
      [193707721n, 761838257287n],
    ],
    [[89, 38, 0], [618970019642690137449562111n]],
  ];
  for (const [exponents, primes] of primitive) {
    test(`x^${exponents.join(" + x^")} has order 2^${exponents[0]} - 1`, () => {
      const { mask, coefficients } = polynomial(exponents);
      const order = (1n << BigInt(exponents[0]!)) - 1n;
      const context = { budget: { steps: 1_000_000 }, cyclotomic: new Map(), unsplit: [] };
      expect(polynomialOrder(gf2WordsRing, wordsOfBits(coefficients), context)).toEqual({
        divides: order,
        multipleOf: order,
      });
      // the same by residue arithmetic
      expect(polynomialOrder(zpolyRing(2), coefficients, { ...context, cyclotomic: new Map() }).divides).toBe(order);
      // independently: x^order = 1, and no x^(order / q) = 1 for the published primes q of the order
      expect(primes.reduce((a, q) => a * q, 1n)).toBe(order);
      expect(gf2.powX(order, mask)).toBe(1n);
      for (const q of primes) expect(gf2.powX(order / q, mask)).not.toBe(1n);
    });
  }

  test("repeated and mixed factors: (x^2 + x + 1)^3 (x + 1) has order 3 x 4 = 12", () => {
    // x^12 - 1 = (x^3 - 1)^4 over GF(2): (x^2 + x + 1)^3 divides it, and no smaller x^e - 1 (hand-checked)
    const cube = gf2.mulMod(gf2.mulMod(0b111n, 0b111n, 1n << 64n), 0b111n, 1n << 64n);
    const mask = gf2.mulMod(cube, 0b11n, 1n << 64n);
    const coefficients = Array.from({ length: mask.toString(2).length }, (_, i) => Number((mask >> BigInt(i)) & 1n));
    expect(coefficients.length).toBe(8);
    const context = { budget: { steps: 1000 }, cyclotomic: new Map(), unsplit: [] };
    expect(polynomialOrder(gf2WordsRing, wordsOfBits(coefficients), context).divides).toBe(12n);
    for (let e = 1n; e < 12n; e++) expect(gf2.powX(e, mask), `x^${e}`).not.toBe(1n);
    expect(gf2.powX(12n, mask)).toBe(1n);
  });

  test("over GF(3): x^2 + x + 2 is primitive (order 8), (x + 1)^4 has order 2 x 3^2 = 18; p-th powers", () => {
    const context = () => ({ budget: { steps: 1000 }, cyclotomic: new Map(), unsplit: [] });
    expect(polynomialOrder(zpolyRing(3), [2, 1, 1], context()).divides).toBe(8n);
    // (x + 1)^4 = x^4 + x^3 + 0 x^2 + x + 1 over GF(3) (binomials 1 4 6 4 1 mod 3)
    expect(polynomialOrder(zpolyRing(3), [1, 1, 0, 1, 1], context()).divides).toBe(18n);
    // p-th powers (a zero derivative): (x + 1)^3 = x^3 + 1 over GF(3) has order 2 x 3 = 6,
    // (x^2 + x + 1)^2 = x^4 + x^2 + 1 over GF(2) has order 3 x 2 = 6 (x^6 - 1 = (x^3 - 1)^2)
    expect(polynomialOrder(zpolyRing(3), [1, 0, 0, 1], context()).divides).toBe(6n);
    expect(polynomialOrder(zpolyRing(2), [1, 0, 1, 0, 1], context()).divides).toBe(6n);
    expect(polynomialOrder(gf2WordsRing, wordsOfBits([1, 0, 1, 0, 1]), context()).divides).toBe(6n);
  });
});

/** M^e over GF(2) for a square matrix given as BigInt rows (bit j of row i is M[i][j]). */
function matrixPower(rows: bigint[], e: bigint): bigint[] {
  const n = rows.length;
  const multiply = (a: bigint[], b: bigint[]) =>
    a.map((row) => {
      let out = 0n;
      for (let j = 0; j < n; j++) if ((row >> BigInt(j)) & 1n) out ^= b[j]!;
      return out;
    });
  let result = rows.map((_, i) => 1n << BigInt(i));
  let base = rows;
  for (let rest = e; rest > 0n; rest >>= 1n) {
    if (rest & 1n) result = multiply(result, base);
    base = multiply(base, base);
  }
  return result;
}

/** The press matrix's rows as BigInt masks: row i has bit j when pressing j toggles i. */
function pressRows(board: Board): bigint[] {
  const targets = pressTargets(board);
  const rows = targets.map(() => 0n);
  targets.forEach((t, j) => {
    for (const i of t) rows[i]! |= 1n << BigInt(j);
  });
  return rows;
}

function applyRows(rows: bigint[], b: bigint): bigint {
  return rows.reduce((out, row, i) => {
    let parity = row & b;
    let bit = 0n;
    while (parity) {
      bit ^= parity & 1n;
      parity >>= 1n;
    }
    return out | (bit << BigInt(i));
  }, 0n);
}

/**
 * A board whose press matrix is the transposed companion matrix of
 * x^n + sum_{t in taps} x^t: press j toggles j - 1, and the presses of the taps
 * toggle cell n - 1 as well. The cells lie on a monotone lattice path (each a
 * step right or down from the last), so the offsets left and up reach exactly
 * the cell before; the feedback offsets are searched (seeded) until no other
 * cell lands on the path with them. The test checks the targets it gets.
 */
function companionBoard(n: number, taps: number[]): Board {
  const next = xoshiro128(n);
  for (let attempt = 0; attempt < 10_000; attempt++) {
    const path: [number, number][] = [[0, 0]];
    while (path.length < n) {
      const [r, c] = path.at(-1)!;
      path.push(next() % 2 === 0 ? [r, c + 1] : [r + 1, c]);
    }
    const on = new Map(path.map(([r, c], i) => [`${r},${c}`, i]));
    const [lastR, lastC] = path[n - 1]!;
    const feedback = taps.map((t): [number, number] => [lastR - path[t]![0], lastC - path[t]![1]]);
    // the feedback offsets must land on the path only from the taps, and only on the last cell
    const clean = feedback.every(([dr, dc]) =>
      path.every(([r, c], i) => {
        const hit = on.get(`${r + dr},${c + dc}`);
        return hit === undefined || (taps.includes(i) && hit === n - 1);
      }),
    );
    if (!clean) continue;
    const cols = Math.max(...path.map(([, c]) => c)) + 1;
    const mask = Array.from({ length: lastR + 1 }, (_, r) =>
      Array.from({ length: cols }, (_, c) => (on.has(`${r},${c}`) ? "#" : ".")).join(""),
    );
    const offsets: [number, number][] = [[0, -1], [-1, 0], ...feedback];
    return maskBoard(mask, { rule: { offsets }, selfToggle: false });
  }
  throw new Error("no path found");
}

describe("periods that no stepping reaches", () => {
  // x^31 + x^3 + 1 and x^61 + x^5 + x^2 + x + 1 are primitive (published tables), and 2^31 - 1,
  // 2^61 - 1 are Mersenne primes: every nonzero b comes back after exactly 2^n - 1 steps. Checked
  // here without the library's algebra too: A^(2^n - 1) b = b and A b != b by matrix powers, and the
  // period divides the prime 2^n - 1.
  for (const [n, taps] of [
    [31, [0, 3]],
    [61, [0, 1, 2, 5]],
  ] as const) {
    test(`a companion matrix of degree ${n}: period 2^${n} - 1`, () => {
      const board = companionBoard(n, [...taps]);
      const targets = pressTargets(board).map((t) => Array.from(t));
      targets.forEach((t, j) => {
        const expected = [...(j > 0 ? [j - 1] : []), ...((taps as readonly number[]).includes(j) ? [n - 1] : [])];
        expect(t, `targets of ${j}`).toEqual(expected.sort((a, b) => a - b));
      });
      const order = (1n << BigInt(n)) - 1n;
      expect(isProbablePrime(order)).toBe(true);
      const rows = pressRows(board);
      const next = xoshiro128(n + 1);
      const lights = Array.from({ length: n }, () => next() % 2);
      const b = lights.reduce((mask, v, i) => mask | (BigInt(v) << BigInt(i)), 0n);
      expect(applyRows(rows, b)).not.toBe(b);
      expect(applyRows(matrixPower(rows, order), b)).toBe(b);
      expect(pressPeriod(board, lights)).toEqual({ exact: true, tail: 0, period: order });
      // and over GF(3) the same board is answered too (no table here: the walk cannot follow it)
      expect(pressPeriod(board, lights, { states: 3 }).exact).toBe(true);
    });
  }
});

describe("integers", () => {
  test("Miller-Rabin: Mersenne primes and composites, Carmichael numbers, the deterministic bound", () => {
    for (const e of [31n, 61n, 89n, 107n, 127n, 521n]) expect(isProbablePrime((1n << e) - 1n), `2^${e} - 1`).toBe(true);
    for (const e of [11n, 23n, 29n, 37n, 67n, 101n]) expect(isProbablePrime((1n << e) - 1n), `2^${e} - 1`).toBe(false);
    for (const n of [561n, 1105n, 1729n, 41041n, 3215031751n]) expect(isProbablePrime(n)).toBe(false);
    // 3317044064679887385961981 is the least strong pseudoprime to the first 12 prime bases
    expect(isProbablePrime(3317044064679887385961981n)).toBe(false);
    expect(isProbablePrime(2n)).toBe(true);
    expect(isProbablePrime(1n)).toBe(false);
  });

  test("Pollard-Brent rho splits 2^67 - 1 = 193707721 x 761838257287 (Cole, 1903)", () => {
    const n = (1n << 67n) - 1n;
    const factor = pollardBrentRho(n, { steps: 1_000_000 });
    expect(factor === 193707721n || factor === 761838257287n).toBe(true);
    const into = { primes: new Map<bigint, number>(), unsplit: [] as bigint[] };
    factorInto(n, into, { steps: 1_000_000 });
    expect(into).toEqual({
      primes: new Map([
        [193707721n, 1],
        [761838257287n, 1],
      ]),
      unsplit: [],
    });
  });

  test("a budget too small leaves the cofactor unsplit, never guessed", () => {
    const n = 193707721n * 761838257287n;
    const into = { primes: new Map<bigint, number>(), unsplit: [] as bigint[] };
    factorInto(n, into, { steps: 10 });
    expect(into.unsplit).toEqual([n]);
    // prime powers are split without rho
    factorInto(65537n ** 3n, into, { steps: 0 });
    expect(into.primes.get(65537n)).toBe(3);
  });

  test("cyclotomic values split p^d - 1", () => {
    expect(cyclotomicValue(1, 2n)).toBe(1n);
    expect(cyclotomicValue(6, 2n)).toBe(3n);
    expect(cyclotomicValue(12, 3n)).toBe(73n); // 3^4 - 3^2 + 1
    for (const d of [12, 30, 64]) {
      let product = 1n;
      for (let m = 1; m <= d; m++) if (d % m === 0) product *= cyclotomicValue(m, 5n);
      expect(product).toBe(5n ** BigInt(d) - 1n);
    }
  });
});

describe("what is not computed, and bad input", () => {
  test("k with a square factor is not done by algebra", () => {
    const answer = pressPeriod(gridBoard(3, 3), new Array(9).fill(1), { states: 12 });
    expect(answer.exact).toBe(false);
    if (!answer.exact) expect(answer.reason).toMatch(/k = 12 has the square factor 2\^2: .*not computed by algebra/);
  });

  test("a polynomial past the degree limit: not exact, with the tail", () => {
    const board = randomGraph(120, 240, 4);
    const next = xoshiro128(4);
    const answer = pressPeriod(
      board,
      Array.from({ length: 120 }, () => next() % 2147483647),
      {
        states: 2147483647,
      },
    );
    expect(answer).toMatchObject({ exact: false, tail: expect.any(Number) });
    if (!answer.exact)
      expect(answer.reason).toMatch(
        /GF\(2147483647\) expected at most 81 degrees \(the work grows as the cube of the degree\), got \d+ degrees/,
      );
  });

  test("a cofactor rho cannot split: bounds, not a guess", () => {
    // a 2^d - 1 with a hard composite part: the period over GF(2) of a random graph of 512 vertices
    const board = randomGraph(512, 1024, 1);
    const next = xoshiro128(5);
    const answer = pressPeriod(
      board,
      Array.from({ length: 512 }, () => next() % 2),
    );
    expect(answer.exact).toBe(false);
    if (answer.exact) return;
    expect(answer.reason).toMatch(/^2\^\d+ - 1 keeps a composite factor of \d+ digits/);
    expect(answer.periodDivides! % answer.periodMultipleOf!).toBe(0n);
    expect(answer.periodDivides! > answer.periodMultipleOf!).toBe(true);
  });

  test("limits and wrong values", () => {
    expect(() => pressPeriod(gridBoard(65, 64), new Array(65 * 64).fill(0))).toThrow(
      new RangeError(
        `pressPeriod's board expected at most 4,096 cells (the minimal polynomial takes 2 n products by the press matrix), got 4,160 cells`,
      ),
    );
    expect(MAX_PERIOD_CELLS).toBe(4096);
    expect(() => pressPeriod(gridBoard(2, 2), [0, 1, 2, 0])).toThrow(/"lights\[2\]" expected 0 or 1, got 2/);
    expect(() => pressPeriod(gridBoard(2, 2), [0, 1, 2, 0], { states: 2 ** 31 })).toThrow(/"states" expected/);
    expect(() => pressPeriod(gridBoard(2, 2), [0, 1, 0])).toThrow(/expected 4 entries/);
    expect(() => pressPeriod(gridBoard(2, 2), [0, 1, 0, 0], { signal: "stop" as unknown as AbortSignal })).toThrow(
      /"signal" expected an AbortSignal/,
    );
    const controller = new AbortController();
    controller.abort();
    expect(() => pressPeriod(gridBoard(2, 2), [0, 1, 0, 0], { signal: controller.signal })).toThrow(/abort/i);
  });

  test("progress runs from 0 to 1", () => {
    const seen: number[] = [];
    pressPeriod(randomGraph(200, 400, 2), new Array(200).fill(1), { states: 6, onProgress: (done) => seen.push(done) });
    expect(seen.at(-1)).toBe(1);
    expect(seen.every((v, i) => v >= 0 && v <= 1 && (i === 0 || v >= seen[i - 1]! - 1e-12))).toBe(true);
  });
});
