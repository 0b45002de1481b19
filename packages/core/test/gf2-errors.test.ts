// Bad input: clear TypeError / RangeError messages, never a raw trap.
import { describe, expect, it } from "vitest";
import { BitMatrix } from "../src/index.js";

describe("bad input", () => {
  it("sizes", () => {
    expect(() => BitMatrix.zeros(-1, 2)).toThrow(new RangeError('"rows" expected an integer in 0..1073741824, got -1'));
    expect(() => BitMatrix.zeros(2.5, 2)).toThrow(
      new TypeError('"rows" expected an integer in 0..1073741824, got 2.5'),
    );
    expect(() => BitMatrix.zeros(2, "3" as unknown as number)).toThrow(
      new TypeError('"cols" expected an integer in 0..1073741824, got "3"'),
    );
    expect(() => BitMatrix.random(2, 2, { seed: 1.5 })).toThrow(/"seed" expected a safe integer, got 1.5/);
  });

  it("rows", () => {
    expect(() => BitMatrix.fromRows(["101", "10"])).toThrow(
      new RangeError("row 1 expected 3 entries (like row 0), got 2"),
    );
    expect(() => BitMatrix.fromRows(["1x1"])).toThrow(
      new TypeError('row 0 expected only 0, 1 and spaces, got "x" in "1x1"'),
    );
    expect(() => BitMatrix.fromRows([[1, 2]])).toThrow(new TypeError("entry (0, 1) expected 0 or 1, got 2"));
    expect(() => BitMatrix.fromRows("101" as unknown as string[])).toThrow(/expected an array of rows, got "101"/);
    expect(() => BitMatrix.fromBits(2, 2, [1, 0, 1])).toThrow(
      new RangeError('"bits" expected 2 x 2 = 4 entries, got 3'),
    );
    expect(BitMatrix.fromRows([]).rows).toBe(0);
  });

  it("indices and shapes", () => {
    const m = BitMatrix.zeros(3, 4);
    expect(() => m.get(3, 0)).toThrow(new RangeError('"i" expected an integer in 0..2, got 3'));
    expect(() => m.set(0, 0, 2 as 1)).toThrow(/"value" expected 0, 1 or a boolean, got 2/);
    expect(() => m.mul(BitMatrix.zeros(3, 3))).toThrow(/mul expected a matrix with 4 rows \(the columns of A\), got 3/);
    expect(() => m.augment(BitMatrix.zeros(2, 2))).toThrow(/augment expected a matrix with 3 rows, got 2/);
    expect(() => m.solve([1, 0])).toThrow(/"b" expected 3 entries \(one per row\), got 2/);
    expect(() => m.solve([1, 0, 5])).toThrow(/expected 0 or 1, got 5/);
    expect(() => m.slice(2, 1)).toThrow(/"r1" expected an integer in 2..3, got 1/);
    expect(() => m.mul(BitMatrix.zeros(4, 1, { engine: "ts" }))).toThrow(/on the "wasm" engine, got one on "ts"/);
    expect(() => m.echelonize({ method: "fast" as "m4ri" })).toThrow(
      /"method" expected "auto", "m4ri", "naive" or "ple", got "fast"/,
    );
    expect(() => m.echelonize({ m4ri: { k: 20, tables: 1 } })).toThrow(/"m4ri.k" expected an integer in 1..12, got 20/);
    expect(() => BitMatrix.zeros(1, 1, { engine: "gpu" as "ts" })).toThrow(
      /"engine" expected "wasm" or "ts", got "gpu"/,
    );
    expect(() => m.echelonize({ pivotLimit: 5 })).toThrow(
      new RangeError('"pivotLimit" expected an integer in 0..4, got 5'),
    );
  });

  it("empty matrices work everywhere", () => {
    for (const [r, c] of [
      [0, 0],
      [0, 5],
      [5, 0],
    ] as const) {
      const m = BitMatrix.zeros(r, c);
      expect(m.rank()).toBe(0);
      expect(m.nullspace().rows).toBe(c);
      expect(m.transpose().rows).toBe(c);
      expect(m.mul(BitMatrix.zeros(c, 3)).rows).toBe(r);
      expect(m.toString()).toBe(new Array(r).fill("0".repeat(c)).join("\n"));
    }
  });
});
