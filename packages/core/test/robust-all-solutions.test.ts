// allSolutions expands quiet patterns only as the enumeration reaches them:
// the first solutions of a board whose whole quiet basis is too big to hold.
import { describe, expect, it } from "vitest";
import { allSolutions, gridBoard, maskBoard, quietPatterns } from "../src/index.js";

/** Lights after pressing `presses` on a plain rows x cols grid (plus rule), by plain loops. */
function pressGrid(rows: number, cols: number, lights: Uint8Array, presses: ArrayLike<number>): Uint8Array {
  const out = lights.slice();
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      if (!presses[r * cols + c]) continue;
      out[r * cols + c]! ^= 1;
      if (r > 0) out[(r - 1) * cols + c]! ^= 1;
      if (r + 1 < rows) out[(r + 1) * cols + c]! ^= 1;
      if (c > 0) out[r * cols + c - 1]! ^= 1;
      if (c + 1 < cols) out[r * cols + c + 1]! ^= 1;
    }
  }
  return out;
}

function take<T>(iterator: Iterable<T>, n: number): T[] {
  const out: T[] = [];
  for (const x of iterator) {
    if (out.length === n) break;
    out.push(x);
  }
  return out;
}

const key = (x: Uint8Array) => Buffer.from(x).toString("hex");

describe("allSolutions on boards chased lazily", () => {
  it("1535 x 511 (nullity 511, a basis of 400 MB): the first 20 solutions, each clearing the board", () => {
    const [rows, cols] = [1535, 511];
    const presses = new Uint8Array(rows * cols);
    presses[0] = 1;
    presses[700 * cols + 300] = 1;
    presses[(rows - 1) * cols + cols - 1] = 1;
    const lights = pressGrid(rows, cols, new Uint8Array(rows * cols), presses);
    const first = take(allSolutions(gridBoard(rows, cols), lights), 20);
    expect(first).toHaveLength(20);
    expect(new Set(first.map(key)).size).toBe(20);
    for (const x of first) expect(pressGrid(rows, cols, lights, x).every((v) => v === 0)).toBe(true);
  });

  for (const [rows, cols] of [
    [47, 15],
    [15, 47],
    [23, 23],
  ] as const) {
    it(`${rows} x ${cols}: the same solutions, in the same order, as from the whole basis`, () => {
      const board = gridBoard(rows, cols);
      const lights = pressGrid(
        rows,
        cols,
        new Uint8Array(rows * cols),
        Uint8Array.from({ length: rows * cols }, (_, i) => ((i * 7) % 5 === 0 ? 1 : 0)),
      );
      const basis = quietPatterns(board);
      expect(basis.length).toBeGreaterThan(2);
      const got = take(allSolutions(board, lights), 64);
      // Gray code over the whole basis, from the first solution
      const x = got[0]!.slice();
      const expected = [x.slice()];
      for (let i = 1; i < Math.min(64, 2 ** basis.length); i++) {
        const q = basis[31 - Math.clz32(i & -i)]!;
        for (let c = 0; c < x.length; c++) x[c]! ^= q[c]!;
        expected.push(x.slice());
      }
      expect(got.map(key)).toEqual(expected.map(key));
      for (const s of got) expect(pressGrid(rows, cols, lights, s).every((v) => v === 0)).toBe(true);
    });
  }

  it("boards that are not chased (a mask) still list every solution", () => {
    const board = maskBoard(["####", "####", "####", "####"]);
    const all = [...allSolutions(board, new Uint8Array(16))];
    expect(all).toHaveLength(16); // 4 x 4 has nullity 4
    expect(new Set(all.map(key)).size).toBe(16);
  });
});
