// torusNullity and torus sweeps against elimination of the torus press
// matrix: the closed form 2 s(n - 1) + 4 [3 | n] (OEIS A165738) for every
// n <= 64 here (65..200 in slow-torus-nullity.test.ts), m x n tori, sweeps
// in every shape, and bad input.
import { describe, expect, it } from "vitest";
import { type NullitySweep, nullitySweep, squareNullity, torusNullity } from "../src/index.js";
import { plainNullity } from "./_support.js";
import { eliminatedTorusNullity } from "./_torus.js";
import { gridBoard } from "../src/index.js";

async function collect(sweep: NullitySweep, workers = 1): Promise<number[]> {
  const out: number[] = [];
  for await (const r of nullitySweep(sweep, { workers })) out.push(r.nullity);
  return out;
}

describe("torusNullity", () => {
  it("small tori by hand: 1 x 1 and 2 x 2 (neighbours reached twice toggle once), 3 x 3, 5 x 5", () => {
    // 1 x 1: the press toggles its cell; 2 x 2: each press toggles its row and column (3 cells), rank 4
    expect([1, 2, 3, 4, 5].map((n) => torusNullity(n))).toEqual([0, 0, 4, 0, 8]);
    expect(plainNullity(gridBoard(3, 3, { torus: true }))).toBe(4); // every press toggles 5 of 9: 4-dim kernel
  });

  it("equals elimination of the press matrix for every n <= 64", () => {
    for (let n = 1; n <= 64; n++) expect([n, torusNullity(n)]).toEqual([n, eliminatedTorusNullity(n, n)]);
  }, 120_000);

  it("is the OEIS A165738 relation to the square grid: 2 s(n - 1), plus 4 when 3 divides n", () => {
    for (let n = 2; n <= 300; n++) expect(torusNullity(n)).toBe(2 * squareNullity(n - 1) + (n % 3 === 0 ? 4 : 0));
    expect(torusNullity(1000, 1000, { engine: "ts" })).toBe(torusNullity(1000));
  });

  it("m x n tori (m != n) by elimination agree with plain arrays, both ways round", () => {
    for (let m = 1; m <= 9; m++)
      for (let n = 1; n <= 9; n++)
        expect([m, n, torusNullity(m, n)]).toEqual([m, n, plainNullity(gridBoard(m, n, { torus: true }))]);
    expect(torusNullity(20, 34)).toBe(eliminatedTorusNullity(20, 34));
    expect(torusNullity(34, 20)).toBe(torusNullity(20, 34));
  });

  it("refuses bad sizes before work", () => {
    expect(() => torusNullity(0)).toThrow(RangeError);
    expect(() => torusNullity(1.5)).toThrow(TypeError);
    expect(() => torusNullity(2 ** 30 + 1)).toThrow(RangeError);
    expect(() => torusNullity(2000, 3000)).toThrow(/needs 4\.09 TiB, but at most .* fit \(the memory limit/);
  });
});

describe("nullitySweep with torus: true", () => {
  it("square sweeps equal torusNullity, from any start (the CLI tests run worker threads)", async () => {
    const expected = Array.from({ length: 40 }, (_, i) => torusNullity(i + 1));
    expect(await collect({ kind: "square", from: 1, to: 40, torus: true })).toEqual(expected);
    expect(await collect({ kind: "square", from: 17, to: 40, torus: true })).toEqual(expected.slice(16));
  });

  it("grid sweeps: the closed form on the diagonal, elimination elsewhere", async () => {
    const got = await collect({ kind: "grid", rows: { from: 1, to: 8 }, cols: { from: 3, to: 10 }, torus: true });
    const expected: number[] = [];
    for (let m = 1; m <= 8; m++) for (let n = 3; n <= 10; n++) expected.push(eliminatedTorusNullity(m, n));
    expect(got).toEqual(expected);
  });

  it("grid sweeps without torus are unchanged: grids, not tori", async () => {
    expect(await collect({ kind: "grid", rows: { from: 3, to: 3 }, cols: { from: 3, to: 3 } })).toEqual([0]);
    expect(await collect({ kind: "grid", rows: { from: 3, to: 3 }, cols: { from: 3, to: 3 }, torus: true })).toEqual([
      4,
    ]);
  });

  it("refuses a torus sweep too big to eliminate, and a torus flag that is not a boolean", async () => {
    const huge: NullitySweep = {
      kind: "grid",
      rows: { from: 1, to: 2000 },
      cols: { from: 3000, to: 3000 },
      torus: true,
    };
    await expect(collect(huge)).rejects.toThrow(/the 2000 x 3000 torus .* needs 4\.09 TiB/);
    const bad = { kind: "square", from: 1, to: 2, torus: "yes" } as unknown as NullitySweep;
    await expect(collect(bad)).rejects.toThrow(TypeError);
    // square tori have no such limit: the closed form
    expect(
      await collect({ kind: "grid", rows: { from: 5000, to: 5000 }, cols: { from: 5000, to: 5000 }, torus: true }),
    ).toEqual([torusNullity(5000)]);
  });
});
