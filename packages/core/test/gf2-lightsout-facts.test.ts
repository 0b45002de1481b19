// Known facts about the Lights Out matrix A (the linear model of Anderson and
// Feil, "Turning Lights Out with linear algebra", Mathematics Magazine 71(4),
// 1998), checked with the GF(2) kernel: the 5 x 5 board's rank and quiet
// patterns, which n x n boards are invertible (OEIS A076436) and the nullity
// of n x n boards (OEIS A159257, test/vectors).
import { describe, expect, it } from "vitest";
import { BitMatrix } from "../src/index.js";
import { apply, lightsOutMatrix } from "./_support.js";

const grid = (n: number) => BitMatrix.fromRows(lightsOutMatrix(n, n));

describe("the 5 x 5 board", () => {
  it("has rank 23 (nullity 2) on both engines", () => {
    expect(grid(5).rank()).toBe(23);
    expect(BitMatrix.fromRows(lightsOutMatrix(5, 5), { engine: "ts" }).rank()).toBe(23);
  });

  it("has the two well-known quiet patterns as its null space", () => {
    const quiet = ["0111010101110111010101110", "1010110101000001010110101"].map((s) => Array.from(s, Number));
    const a = lightsOutMatrix(5, 5);
    for (const q of quiet) expect(apply(a, q).every((v) => v === 0)).toBe(true);
    const basis = grid(5).nullspace();
    expect(basis.rows).toBe(2);
    // the two spans agree: each quiet pattern is in the span and the ranks match
    const together = BitMatrix.fromRows([...basis.toRows(), ...quiet]);
    expect(together.rank()).toBe(2);
  });

  it("winnable boards: 2^23 of them, each with 4 solutions", () => {
    const a = grid(5);
    const allOn = a.solve(new Array(25).fill(1));
    expect(allOn.solvable).toBe(true);
    expect(allOn.nullity).toBe(2);
    const one = new Array(25).fill(0);
    one[0] = 1; // a single lit corner is not winnable on 5 x 5
    expect(a.solve(one).solvable).toBe(false);
  });
});

describe("invertibility of the n x n board (OEIS A076436, n = 2..20)", () => {
  const invertible = new Set([2, 3, 6, 7, 8, 10, 12, 13, 15, 18, 20]);
  for (let n = 2; n <= 20; n++) {
    it(`n = ${n}: ${invertible.has(n) ? "invertible" : "singular"}`, () => {
      expect(grid(n).rank() === n * n).toBe(invertible.has(n));
    });
  }
});

describe("nullity of n x n boards matches OEIS A159257 (elimination route)", () => {
  it("n = 1..30", async () => {
    const { readFileSync } = await import("node:fs");
    const text = readFileSync(new URL("./vectors/nullity_square_1_300.txt", import.meta.url), "utf8");
    const values = text.match(/\d+/g)!.map(Number);
    for (let n = 1; n <= 30; n++) expect(n * n - grid(n).rank()).toBe(values[n - 1]);
  });
});
