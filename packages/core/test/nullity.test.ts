// gridNullity / squareNullity (Sutner's closed form) against the published
// n x n nullities (OEIS A159257, test/vectors), against Gaussian elimination of the press matrix and
// the chase matrix, and against its own symmetry. Larger grids: slow-nullity.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { chaseMatrix, gridBoard, gridNullity, pressMatrix, sequencePolynomial, squareNullity } from "../src/index.js";

const SQUARE_1_300 = readFileSync(new URL("./vectors/nullity_square_1_300.txt", import.meta.url), "utf8")
  .trim()
  .split(/\s+/)
  .map(Number);

/** Nullity by elimination of the mn x mn press matrix. */
function byElimination(m: number, n: number): number {
  const a = pressMatrix(gridBoard(m, n));
  try {
    return m * n - a.rank();
  } finally {
    a.dispose();
  }
}

describe("gridNullity (deg gcd(f_m(x), f_n(x + 1)))", () => {
  it("n x n for n = 1..300 equals vectors/nullity_square_1_300.txt", () => {
    expect(SQUARE_1_300).toHaveLength(300);
    const got = SQUARE_1_300.map((_, i) => squareNullity(i + 1));
    expect(got).toEqual(SQUARE_1_300);
  });

  it("the TypeScript gcd twin agrees on n = 1..300", () => {
    const got = SQUARE_1_300.map((_, i) => squareNullity(i + 1, { engine: "ts" }));
    expect(got).toEqual(SQUARE_1_300);
  });

  it("equals elimination of the press matrix for all m, n <= 12", () => {
    for (let m = 1; m <= 12; m++) {
      for (let n = 1; n <= 12; n++) expect([m, n, gridNullity(m, n)]).toEqual([m, n, byElimination(m, n)]);
    }
  });

  it("equals n - rank of the chase matrix for m, n <= 40", () => {
    for (let m = 1; m <= 40; m += 3) {
      for (let n = 1; n <= 40; n++) {
        const c = chaseMatrix(m, n);
        try {
          expect([m, n, gridNullity(m, n)]).toEqual([m, n, n - c.rank()]);
        } finally {
          c.dispose();
        }
      }
    }
  });

  it("is symmetric, bounded by min(m, n), and even on squares", () => {
    for (let m = 1; m <= 60; m++) {
      for (let n = m; n <= 60; n++) {
        const v = gridNullity(m, n);
        expect(gridNullity(n, m)).toBe(v);
        expect(v).toBeLessThanOrEqual(Math.min(m, n));
      }
      expect(squareNullity(m) % 2).toBe(0);
    }
  });

  it("documented values and a large square", () => {
    expect([gridNullity(5, 5), gridNullity(4, 4), gridNullity(2, 3), squareNullity(19)]).toEqual([2, 4, 2, 16]);
    expect(squareNullity(5000)).toBe(squareNullity(5000, { engine: "ts" }));
  });

  it("peeling squares changes nothing: = plain Euclid on f_m and f_n(x + 1)", () => {
    const pairs = [
      [511, 511],
      [1023, 1025],
      [2047, 700],
      [3000, 3001],
      [4095, 4095],
      [1365, 2730],
      [2001, 999],
      [4097, 4096],
    ];
    for (const [m, n] of pairs as [number, number][]) {
      const plain = sequencePolynomial(m).gcdDegree(sequencePolynomial(n).substituteXPlus1());
      expect([m, n, gridNullity(m, n)]).toEqual([m, n, plain]);
      expect(gridNullity(m, n, { engine: "ts" })).toBe(plain);
    }
  });

  it("rejects bad sizes with messages that say what was expected", () => {
    expect(() => gridNullity(0, 3)).toThrow(new RangeError('"m" expected an integer in 1..1073741824, got 0'));
    expect(() => gridNullity(3, 1.5)).toThrow(new TypeError('"n" expected an integer in 1..1073741824, got 1.5'));
    expect(() => squareNullity(2 ** 31)).toThrow(RangeError);
    expect(() => gridNullity(3, 3, { engine: "cuda" as "ts" })).toThrow(TypeError);
  });
});
