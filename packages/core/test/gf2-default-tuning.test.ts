// The Four Russians kernel with the parameters it picks by size, at the sizes
// where they change (from 2048 on, the largest k <= 8 whose four tables a
// step fit in 2 MiB: 8, 7 or 6 bits by the row's width; two steps deferred
// up to 28 MiB of matrix, four past it, and on one thread none up to 13 MiB
// where two steps' tables would outgrow 1 MiB): its reduced
// echelon form, which is unique, must equal the one the PLE route reaches
// by another algorithm, and a solve must satisfy A x = b.
import { describe, expect, it } from "vitest";
import { m4riParameters, pleByDefault } from "../src/gf2/_matrix.js";
import { BitMatrix } from "../src/index.js";

const REGIMES = [
  { rows: 8192, cols: 8192, expected: { k: 8, tables: 4, steps: 1 } },
  { rows: 8192, cols: 20000, expected: { k: 7, tables: 4, steps: 2 } },
  { rows: 12288, cols: 12288, expected: { k: 8, tables: 4, steps: 2 } },
  { rows: 8192, cols: 40000, expected: { k: 6, tables: 4, steps: 4 } },
  { rows: 20000, cols: 12288, expected: { k: 8, tables: 4, steps: 4 } },
  { rows: 4096, cols: 4096, expected: { k: 8, tables: 4, steps: 2 } },
  { rows: 5120, cols: 5120, expected: { k: 8, tables: 4, steps: 1 } },
  { rows: 1024, cols: 4096, expected: { k: 6, tables: 4, steps: 1 } },
];

describe("the Four Russians parameters picked by size", () => {
  it("takes PLE for a forward form from 24576 on (one thread or more), while its scratch fits beside the matrix", () => {
    const stride = (n: number) => Math.ceil(n / 128) * 2;
    const gib = 2 ** 30;
    const room = 4 * gib - 64 * 2 ** 20; // the default memory limit, nothing held
    expect(pleByDefault(24576, 24576, stride(24576), false, room)).toBe(true);
    expect(pleByDefault(32768, 32768, stride(32768), false, room)).toBe(true);
    expect(pleByDefault(24575, 40000, stride(40000), false, room)).toBe(false);
    // below 24576 Four Russians was as fast or faster (on two threads, 20480: 717-738 against 751-763 ms)
    expect(pleByDefault(16384, 16384, stride(16384), false, room)).toBe(false);
    expect(pleByDefault(20480, 20480, stride(20480), false, room)).toBe(false);
    expect(pleByDefault(65536, 65536, stride(65536), false, room)).toBe(true);
    expect(pleByDefault(92000, 92000, stride(92000), false, room)).toBe(true);
    expect(pleByDefault(32768, 32768, stride(32768), true, room)).toBe(false);
    // 131072 x 131072 (2 GiB): its scratch (0.8 of it) fits beside it under the default limit, not under less
    expect(pleByDefault(131072, 131072, stride(131072), false, room - 2 * gib)).toBe(true);
    expect(pleByDefault(131072, 131072, stride(131072), false, 1.5 * gib)).toBe(false);
    // past what fits (150,000: 2.6 GiB), Four Russians, which works in place
    expect(pleByDefault(150000, 150000, stride(150000), false, room - 2.62 * gib)).toBe(false);
  });

  it("keeps 6-bit tables below 8192 rows or up to 32 MiB, and defers six steps past 64 MiB, when threads share the sweeps", () => {
    expect(m4riParameters(4096, 4096, undefined, 2)).toEqual({ k: 6, tables: 4, steps: 4 });
    expect(m4riParameters(8192, 8192, undefined, 2)).toEqual({ k: 6, tables: 4, steps: 4 });
    expect(m4riParameters(16384, 16384, undefined, 2)).toEqual({ k: 6, tables: 4, steps: 4 });
    expect(m4riParameters(16385, 16384, undefined, 2)).toEqual({ k: 8, tables: 4, steps: 4 });
    expect(m4riParameters(4096, 200000, undefined, 2)).toEqual({ k: 6, tables: 4, steps: 4 });
    // past 64 MiB, threads defer six steps (one thread four)
    expect(m4riParameters(32768, 32768, undefined, 2)).toEqual({ k: 7, tables: 4, steps: 6 });
    expect(m4riParameters(32768, 32768, undefined, 1)).toEqual({ k: 7, tables: 4, steps: 4 });
    expect(m4riParameters(65536, 65536, undefined, 2)).toEqual({ k: 6, tables: 4, steps: 6 });
  });

  for (const { rows, cols, expected } of REGIMES) {
    it(`${rows} x ${cols}: ${expected.k} bits x ${expected.tables} tables x ${expected.steps} steps, the PLE route's reduced form`, () => {
      expect(m4riParameters(rows, cols)).toEqual(expected);
      // a planted dependency: the last row is the sum of the first two
      using a = BitMatrix.random(rows, cols, { seed: rows + cols });
      for (let j = 0; j < cols; j++) a.set(rows - 1, j, a.get(0, j) !== a.get(1, j));
      using byM4ri = a.copy();
      using byPle = a.copy();
      const m = byM4ri.echelonize({ full: true, method: "m4ri", threads: 1 });
      const p = byPle.echelonize({ full: true, method: "ple", threads: 1 });
      expect(m.rank).toBe(p.rank);
      expect(m.rank).toBeLessThan(rows);
      expect(byM4ri.equals(byPle)).toBe(true);
    });
  }

  it("8192 x 8192: a solve of a consistent system satisfies A x = b", () => {
    using a = BitMatrix.random(8192, 8192, { seed: 3 });
    using x0 = BitMatrix.random(8192, 1, { seed: 4 });
    using b = a.mul(x0);
    const bits = Array.from({ length: 8192 }, (_, i) => b.get(i, 0));
    const solution = a.solve(bits, { threads: 1 });
    expect(solution.solvable).toBe(true);
    if (!solution.solvable) return;
    using x = BitMatrix.zeros(8192, 1);
    solution.x.forEach((v, i) => x.set(i, 0, v === 1));
    using ax = a.mul(x);
    expect(ax.equals(b)).toBe(true);
  });
});
