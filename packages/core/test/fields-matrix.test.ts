// FieldMatrix over prime and extension fields: every result is checked by
// arithmetic written here (A x = b, y A = 0 with y b = 1, A n = 0, P A = E,
// E in reduced echelon form), and ranks against an independent BigInt
// elimination for prime fields.
import { describe, expect, it } from "vitest";
import { BitMatrix, FieldMatrix, galoisField, GF2, primeField, type EngineName, type Field } from "../src/index.js";
import { lightsOutMatrix } from "./_support.js";

const FIELDS: Field[] = [
  GF2,
  primeField(3),
  primeField(7),
  primeField(65521),
  primeField(2147483647),
  galoisField(4),
  galoisField(8),
  galoisField(9),
  galoisField(25),
  galoisField("3^5"),
];
const ENGINES: EngineName[] = ["wasm", "ts"];
/** rows, cols, rank bound (undefined: uniform). */
const SHAPES: [number, number, number | undefined][] = [
  [0, 0, undefined],
  [0, 4, undefined],
  [4, 0, undefined],
  [1, 1, undefined],
  [5, 3, undefined],
  [3, 5, undefined],
  [8, 8, 5],
  [20, 13, undefined],
  [13, 20, 7],
  [33, 33, 0],
  [40, 40, 17],
  [70, 65, undefined],
];

/** y A (a row vector times a matrix) with the field's arithmetic. */
function leftApply(f: Field, y: ArrayLike<number>, a: number[][], cols: number): number[] {
  const out = new Array<number>(cols).fill(0);
  a.forEach((row, i) => row.forEach((v, j) => (out[j] = f.add(out[j]!, f.mul(y[i]!, v)))));
  return out;
}

/** A x with the field's arithmetic. */
function apply(f: Field, a: number[][], x: ArrayLike<number>): number[] {
  return a.map((row) => row.reduce((acc, v, j) => f.add(acc, f.mul(v, x[j]!)), 0));
}

function isRref(e: number[][], rank: number, pivots: Int32Array): boolean {
  for (let k = 0; k < e.length; k++) {
    const row = e[k]!;
    const lead = row.findIndex((v) => v !== 0);
    if (k >= rank) {
      if (lead !== -1) return false;
      continue;
    }
    if (lead !== pivots[k] || row[lead] !== 1) return false;
    if (k > 0 && pivots[k]! <= pivots[k - 1]!) return false;
    for (let i = 0; i < e.length; i++) if (i !== k && e[i]![lead] !== 0) return false;
  }
  return true;
}

/** Rank over Z_p by BigInt Gaussian elimination: independent of the kernels. */
function bigRank(a: number[][], p: number): number {
  const P = BigInt(p);
  const m = a.map((row) => row.map(BigInt));
  const cols = m[0]?.length ?? 0;
  let r = 0;
  for (let c = 0; c < cols && r < m.length; c++) {
    const i = m.findIndex((row, k) => k >= r && row[c]! % P !== 0n);
    if (i < 0) continue;
    [m[r], m[i]] = [m[i]!, m[r]!];
    const pr = m[r]!;
    for (let k = r + 1; k < m.length; k++) {
      const f = m[k]![c]!;
      if (f === 0n) continue;
      m[k] = m[k]!.map((v, j) => (((v * pr[c]! - f * pr[j]!) % P) + P) % P);
    }
    r++;
  }
  return r;
}

describe.each(FIELDS.map((f) => [f.name, f] as const))("FieldMatrix over %s", (_, f) => {
  describe.each(ENGINES)("engine %s", (engine) => {
    it.each(SHAPES)("%i x %i (rank <= %s): RREF, transform, null space, solve", (rows, cols, bound) => {
      for (const seed of [1, 2]) {
        const a = FieldMatrix.random(f, rows, cols, bound === undefined ? { seed } : { seed, rank: bound });
        const rowsA = a.toRows();
        const { matrix: e, rank, pivots } = a.rref({ engine });
        expect(isRref(e.toRows(), rank, pivots)).toBe(true);
        if (bound !== undefined) expect(rank).toBeLessThanOrEqual(bound);
        if (f.degree === 1 && rows > 0) expect(rank).toBe(bigRank(rowsA, f.order));
        expect(a.rank({ engine })).toBe(rank);

        const t = a.transform({ engine });
        expect(t.rank).toBe(rank);
        expect(t.matrix.equals(e)).toBe(true);
        expect(t.transform.mul(a).equals(e)).toBe(true);
        expect(t.transform.rank({ engine })).toBe(rows); // P is invertible

        const n = a.nullspace({ engine });
        expect(n.rows).toBe(cols - rank);
        expect(n.cols).toBe(cols);
        for (const v of n.toRows()) expect(apply(f, rowsA, v).every((x) => x === 0)).toBe(true);
        expect(n.rank({ engine })).toBe(cols - rank);

        // A consistent right-hand side: b = A x0.
        const x0 = FieldMatrix.random(f, 1, cols, { seed: seed + 100 }).entries();
        const b = apply(f, rowsA, x0);
        const s = a.solve(b, { engine });
        expect(s.solvable).toBe(true);
        if (s.solvable) expect(apply(f, rowsA, s.x)).toEqual(b);
        expect(s.nullity).toBe(cols - rank);

        // A random right-hand side: a solution or a certificate.
        const c = FieldMatrix.random(f, 1, rows, { seed: seed + 200 }).entries();
        const u = a.solve(c, { engine });
        if (u.solvable) {
          expect(apply(f, rowsA, u.x)).toEqual(Array.from(c));
        } else {
          expect(rank).toBeLessThan(rows);
          expect(leftApply(f, u.certificate, rowsA, cols).every((v) => v === 0)).toBe(true);
          expect(u.certificate.reduce((acc, y, i) => f.add(acc, f.mul(y, c[i]!)), 0)).toBe(1);
        }
      }
    });
  });
});

describe("FieldMatrix facts by mathematics", () => {
  it("rank 2 over Z_3, 3 over the rationals (det = -3)", () => {
    const rows = [
      [1, 2, 0],
      [2, 1, 0],
      [0, 0, 1],
    ];
    expect(FieldMatrix.fromRows(primeField(3), rows).rank()).toBe(2);
    expect(FieldMatrix.fromRows(primeField(5), rows).rank()).toBe(3);
    expect(FieldMatrix.fromRows(primeField(3), rows).nullspace().toRows()).toEqual([[1, 1, 0]]);
  });

  it("a Vandermonde matrix on distinct points is invertible; on a repeated point it drops rank", () => {
    const f = primeField(7);
    const vandermonde = (xs: number[]) => xs.map((x) => xs.map((_, k) => Number(BigInt(x) ** BigInt(k) % 7n)));
    expect(FieldMatrix.fromRows(f, vandermonde([0, 1, 2, 3, 4, 5, 6])).rank()).toBe(7);
    expect(FieldMatrix.fromRows(f, vandermonde([1, 2, 3, 8])).rank()).toBe(3); // 8 = 1 mod 7
  });

  it("3 x 3 Lights Out over Z_3: A y = b, x = -y clears b = 211/112/021", () => {
    const f = primeField(3);
    const a = FieldMatrix.fromRows(f, lightsOutMatrix(3, 3));
    const b = [2, 1, 1, 1, 1, 2, 0, 2, 1];
    const s = a.solve(b);
    expect(s.solvable).toBe(true);
    if (!s.solvable) return;
    const x = Array.from(s.x, (v) => f.neg(v));
    const after = apply(f, a.toRows(), x).map((v, i) => f.add(v, b[i]!));
    expect(after.every((v) => v === 0)).toBe(true);
    if (s.nullity === 0) expect(x).toEqual([0, 0, 0, 1, 2, 2, 2, 0, 0]);
  });

  it("the 4 x 4 Lights Out matrix has rank 14 over Z_3 (as plain elimination finds)", () => {
    expect(bigRank(lightsOutMatrix(4, 4), 3)).toBe(14);
    expect(FieldMatrix.fromRows(primeField(3), lightsOutMatrix(4, 4)).rank()).toBe(14);
  });

  it("GF(2) ranks agree with BitMatrix; both engines agree", () => {
    for (const seed of [1, 2, 3]) {
      const a = FieldMatrix.random(GF2, 50, 70, { seed, rank: 30 });
      const bits = BitMatrix.fromBits(50, 70, a.entries());
      expect(a.rank()).toBe(bits.rank());
      expect(a.rank({ engine: "ts" })).toBe(bits.rank());
      bits.dispose();
    }
  });

  it("identity over GF(4) and products with it", () => {
    const f = galoisField(4);
    const i = FieldMatrix.identity(f, 4);
    const a = FieldMatrix.fromRows(f, [
      ["a", "a+1", 0, 1],
      [1, 1, "a", 0],
      [0, 0, 1, "a"],
      ["a", "a", "a", "a"],
    ]);
    expect(i.rank()).toBe(4);
    expect(i.mul(a).equals(a)).toBe(true);
    expect(a.mul(i).equals(a)).toBe(true);
    expect(a.toString().split("\n")[0]).toBe("a a+1 0 1");
  });

  it("products are associative", () => {
    const f = galoisField(9);
    const a = FieldMatrix.random(f, 4, 5, { seed: 1 });
    const b = FieldMatrix.random(f, 5, 6, { seed: 2 });
    const c = FieldMatrix.random(f, 6, 3, { seed: 3 });
    expect(
      a
        .mul(b)
        .mul(c)
        .equals(a.mul(b.mul(c))),
    ).toBe(true);
  });
});

describe("FieldMatrix errors", () => {
  const f = primeField(5);
  it("says what was expected and what was got", () => {
    expect(() => FieldMatrix.fromRows(f, [[1, 5]])).toThrow(
      new RangeError('"entry (0, 1)" expected an element of GF(5) (an integer in 0..4), got 5'),
    );
    expect(() => FieldMatrix.fromRows(f, [[1, 2], [3]])).toThrow(
      new RangeError("row 1 expected 2 entries (like row 0), got 1"),
    );
    expect(() => FieldMatrix.fromRows(f, [[1.5]])).toThrow(TypeError);
    expect(() => FieldMatrix.zeros({} as Field, 1, 1)).toThrow(TypeError);
    expect(() => FieldMatrix.zeros(f, -1, 1)).toThrow(RangeError);
    const a = FieldMatrix.identity(f, 2);
    expect(() => a.solve([1])).toThrow(new RangeError('"b" expected 2 elements (one per row), got 1'));
    expect(() => a.mul(FieldMatrix.identity(primeField(7), 2))).toThrow(TypeError);
    expect(() => a.mul(FieldMatrix.identity(f, 3))).toThrow(RangeError);
    expect(() => a.rank({ engine: "gpu" as EngineName })).toThrow(TypeError);
    expect(() => a.get(2, 0)).toThrow(RangeError);
    expect(() => FieldMatrix.fromEntries(f, 2, 2, [1, 2, 3])).toThrow(RangeError);
    expect(() => FieldMatrix.fromRows(galoisField(4), [["b"]])).toThrow(SyntaxError);
  });
});
