// Block Wiedemann's rank against the dense route (BitMatrix) on matrices
// small enough for both: random sparse ones at word-boundary sides, square
// and rectangular, and singular ones whose nullity is built in (empty and
// duplicated columns). Every kernel vector is checked here again with plain
// loops, and their independence by the dense route.
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { endThreads } from "../src/index.js";
import {
  blockWiedemannGenerator,
  blockWiedemannKernel,
  blockWiedemannRank,
  blockWiedemannSequence,
  blockWiedemannSolutionShare,
  finishFromGenerator,
  wiedemannPlan,
} from "../src/sparse/wiedemann/index.js";
import type { SparseBitMatrix } from "../src/sparse/matrix.js";
import { randomSparse, singularSparse, sparseTimes, toDense, vectorRank } from "./_sparse.js";

afterAll(() => endThreads());

/** The result's claims, checked independently of the code that made them. */
function checkAgainstDense(matrix: SparseBitMatrix, options: Parameters<typeof blockWiedemannRank>[1] = {}) {
  const result = blockWiedemannRank(matrix, { threads: 1, ...options });
  const denseRank = toDense(matrix).rank();
  for (const vector of result.kernel) expect(sparseTimes(matrix, vector).every((bit) => bit === 0)).toBe(true);
  expect(vectorRank(result.kernel, matrix.cols)).toBe(result.kernel.length);
  // the proven part: never below the true rank
  expect(result.rankAtMost).toBeGreaterThanOrEqual(denseRank);
  expect(result.rank).toBe(Math.min(result.cols - result.kernel.length, result.rows));
  return { result, denseRank };
}

describe("block Wiedemann: rank equals the dense route's", () => {
  const SIDES = [63, 64, 65, 127, 128, 129, 200, 257];
  it.each(SIDES)("random %i x %i, 3 to 6 nonzeros a row", (n) => {
    for (const perRow of [3, 6]) {
      const { result, denseRank } = checkAgainstDense(randomSparse(n, n, perRow, n * 31 + perRow));
      if (result.errorBound < 1) expect(result.rank).toBe(denseRank);
    }
  });

  it.each([
    [200, 1, 0],
    [200, 0, 3],
    [129, 4, 4],
    [300, 2, 10],
  ])(
    "singular, side %i, built with %i empty and %i duplicated columns: the nullity found is at least that",
    (n, zero, duplicated) => {
      const matrix = singularSparse(n, 5, zero, duplicated, n + zero + duplicated);
      const { result, denseRank } = checkAgainstDense(matrix);
      expect(result.nullity).toBeGreaterThanOrEqual(zero + duplicated);
      expect(result.rank).toBe(denseRank);
      expect(result.errorBound).toBe(2 ** -40);
      expect(result.exact).toBe(false);
      expect(result.guarantee).toMatch(/proven.*probability >= 1 - 2\^-40/);
    },
  );

  it.each([
    [400, 30, 0],
    [400, 60, 2],
    [300, 200, 0],
  ])(
    "side %i with %i empty columns and %i duplicated: the empty columns are known kernel vectors, the bound covers the rest",
    (n, zero, duplicated) => {
      // A 64-wide block certifies a nullity of at most 23 found by the Krylov method; the unit
      // vectors of empty columns are kernel vectors known exactly, so they do not count against it.
      const matrix = singularSparse(n, 5, zero, duplicated, n * 7 + zero);
      const { result, denseRank } = checkAgainstDense(matrix);
      expect(result.rank).toBe(denseRank);
      expect(result.nullity).toBeGreaterThanOrEqual(zero + duplicated);
      expect(result.errorBound).toBe(2 ** -40);
      // the empty columns built in, and any the random rows left empty
      const empty = Number(/(\d+) of them empty columns/.exec(result.guarantee)?.[1]);
      expect(empty).toBeGreaterThanOrEqual(zero);
    },
  );

  it("a tall matrix: B's padding columns are known kernel vectors too", () => {
    // 300 x 240: B = [A | 0] has 60 zero columns, past what a 64-wide block certifies alone
    const { result, denseRank } = checkAgainstDense(randomSparse(300, 240, 5, 99));
    expect(result.rank).toBe(denseRank);
    expect(result.errorBound).toBe(2 ** -40);
  });

  it.each([
    [100, 110],
    [110, 100],
    [64, 65],
    [129, 128],
  ])("rectangular %i x %i", (rows, cols) => {
    const { result, denseRank } = checkAgainstDense(randomSparse(rows, cols, 4, rows * 1000 + cols));
    expect(result.rank).toBe(denseRank);
  });

  it("blocks of 128, the TypeScript twin and two threads give the same answer", () => {
    const matrix = singularSparse(300, 4, 3, 5, 77);
    const denseRank = toDense(matrix).rank();
    const answers = [
      blockWiedemannRank(matrix, { threads: 1 }),
      blockWiedemannRank(matrix, { threads: 1, blockWidth: 128 }),
      blockWiedemannRank(matrix, { threads: 1, engine: "ts" }),
      blockWiedemannRank(matrix, { threads: 2 }),
    ];
    for (const answer of answers) expect(answer.rank).toBe(denseRank);
    expect(answers[2]!.kernel).toEqual(answers[0]!.kernel);
    expect(answers[3]!.kernel).toEqual(answers[0]!.kernel);
    expect(answers[3]!.threads).toBe(2);
    expect(blockWiedemannKernel(matrix, { threads: 1 })).toEqual(answers[0]!.kernel);
  });

  it("random shapes and seeds (property): rank >= dense rank always, equal whenever a bound is claimed", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 160 }),
        fc.integer({ min: 1, max: 160 }),
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 0, max: 2 ** 32 - 1 }),
        (rows, cols, perRow, seed) => {
          const { result, denseRank } = checkAgainstDense(randomSparse(rows, cols, perRow, seed), { seed });
          if (result.errorBound < 1) expect(result.rank).toBe(denseRank);
        },
      ),
      { seed: 20261201, numRuns: 40 },
    );
  });

  it("a zero matrix is exact; progress reaches every phase; a cancelled run stops with the signal's reason", () => {
    const zero = blockWiedemannRank({ rows: 5, cols: 7, rowStart: new Uint32Array(6), colIndex: new Uint32Array(0) });
    expect(zero).toMatchObject({ rank: 0, nullity: 7, exact: true, errorBound: 0 });
    const phases = new Set<string>();
    const matrix = randomSparse(150, 150, 4, 3);
    blockWiedemannRank(matrix, { threads: 1, onProgress: (p) => phases.add(`${p.phase}:${p.done === p.total}`) });
    expect([...phases]).toEqual(expect.arrayContaining(["sequence:true", "berlekamp-massey:true", "solution:true"]));
    const controller = new AbortController();
    controller.abort(new Error("stopped by the test"));
    expect(() => blockWiedemannRank(matrix, { threads: 1, signal: controller.signal })).toThrow("stopped by the test");
  });
});

describe("block Wiedemann in shards: the sequence and the solution phase", () => {
  it.each([
    [64, 2],
    [64, 3],
    [128, 4],
  ] as const)("blocks of %i, %i solution shards: the shares add up to the single run's answer", (blockWidth, count) => {
    const matrix = singularSparse(300, 5, 3, 2, 4242 + count);
    const plan = wiedemannPlan(matrix, blockWidth, 9);
    const options = { threads: 1, blockWidth, seed: 9 };
    const single = blockWiedemannRank(matrix, options);
    // the sequence in shards too, then one generator, then the solution's shares
    const parts = Array.from({ length: count }, (_, index) =>
      blockWiedemannSequence(matrix, plan, { index, count }, { threads: 1 }),
    );
    const basis = blockWiedemannGenerator(plan, parts, { threads: 1 });
    const shares = Array.from({ length: count }, (_, index) =>
      blockWiedemannSolutionShare(matrix, plan, basis, { index, count }, { threads: index % 2 === 0 ? 1 : 2 }),
    );
    const merged = finishFromGenerator(matrix, plan, basis, shares, { threads: 1 });
    expect(merged.rank).toBe(single.rank);
    expect(merged.kernel).toEqual(single.kernel);
    expect(merged.guarantee).toBe(single.guarantee);
    expect(merged.rank).toBe(toDense(matrix).rank());
    // shares in another order add up the same; a missing share is refused by name
    expect(finishFromGenerator(matrix, plan, basis, [...shares].reverse(), { threads: 1 }).kernel).toEqual(
      single.kernel,
    );
    expect(() => finishFromGenerator(matrix, plan, basis, shares.slice(1), { threads: 1 })).toThrow(
      /solution shares leave out column 0/,
    );
  });
});
