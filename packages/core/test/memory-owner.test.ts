// One owner of WebAssembly memory: every kernel path that allocates goes
// through internal/kernel.ts, so the memory cap holds for each and the byte
// count comes back to where it was. For each path: with 1 MiB held and the
// cap set to what is held, the call fails with a RangeError naming the
// memory limit and leaves the count as it was; with the cap restored, the
// same call works and its answer is checked by plain loops or hand algebra.

import { afterAll, describe, expect, it } from "vitest";
import { wasmBytesInUse } from "../src/internal/kernel.js";
import { getMemoryLimit, setMemoryLimit } from "../src/internal/memory.js";
import { primeField } from "../src/fields/prime.js";
import { FieldMatrix } from "../src/fields/matrix.js";
import { BitMatrix } from "../src/gf2/bitmatrix.js";
import { endThreads, initThreads } from "../src/internal/threads.js";
import { gridBoard } from "../src/lightsout/board.js";
import { chaseMatrix } from "../src/lightsout/chase.js";
import { laneScan, laneSizes, leastInCoset } from "../src/solvers/coset.js";
import { solveLightsOut } from "../src/lightsout/solve.js";
import { gcdOfWords } from "../src/poly/_gcd.js";
import { pressed } from "./_support.js";

/** Runs `call` with 1 MiB held and no room left under the cap; returns what it threw. */
function atTheCap(call: () => unknown): unknown {
  const limit = getMemoryLimit();
  const hold = BitMatrix.zeros(8192, 1024); // 1 MiB: the cap may not go below 1 MiB
  const held = wasmBytesInUse();
  try {
    setMemoryLimit(held);
    try {
      call();
    } catch (error) {
      expect(wasmBytesInUse()).toBe(held);
      return error;
    }
    return undefined;
  } finally {
    setMemoryLimit(limit);
    hold.dispose();
  }
}

function expectCapError(call: () => unknown, what: RegExp): void {
  const before = wasmBytesInUse();
  const error = atTheCap(call);
  expect(error).toBeInstanceOf(RangeError);
  expect((error as Error).message).toMatch(what);
  expect((error as Error).message).toMatch(
    /, but at most .* fit \(the memory limit of .*, .* of it in use\); see setMemoryLimit$/,
  );
  expect(wasmBytesInUse()).toBe(before);
}

describe("every kernel path allocates through the memory owner", () => {
  it("BitMatrix", () => {
    expectCapError(() => BitMatrix.zeros(64, 64), /a 64 x 64 GF\(2\) matrix needs/);
    using m = BitMatrix.fromRows(["110", "011", "101"]);
    expect(m.rank()).toBe(2); // row 3 = row 1 + row 2
  });

  it("the chase kernel", () => {
    expectCapError(() => chaseMatrix(5, 5), /the chase of a 5 x 5 board needs/);
    // the classic 5 x 5 has nullity 2 (OEIS A159257): its 5 x 5 chase matrix has rank 3
    using c = chaseMatrix(5, 5);
    expect(c.rank()).toBe(3);
  });

  it("the coset scan", () => {
    const x0 = [1, 1, 0, 1, 0, 0, 1, 1];
    const basis = [
      [1, 0, 1, 1, 0, 0, 0, 1],
      [0, 1, 1, 0, 1, 0, 0, 1],
      [0, 0, 0, 1, 1, 1, 1, 0],
    ];
    expectCapError(() => leastInCoset(x0, basis), /the coset scan needs/);
    // the least weight of x0 + span(basis), by plain enumeration of the 8 members
    let least = Number.POSITIVE_INFINITY;
    for (let mask = 0; mask < 8; mask++) {
      const v = x0.slice();
      basis.forEach((b, t) => {
        if ((mask >> t) & 1) b.forEach((bit, j) => (v[j]! ^= bit));
      });
      least = Math.min(
        least,
        v.reduce((a, b) => a + b, 0),
      );
    }
    expect(leastInCoset(x0, basis).weight).toBe(least);
  });

  it("the banded GF(2) route", () => {
    const board = gridBoard(20, 20, { torus: true });
    const lights = Array.from({ length: 400 }, (_, i) => ((i * 7) % 3 === 0 ? 1 : 0));
    expectCapError(() => solveLightsOut(board, lights, { method: "banded" }), /banded elimination of a .* needs/);
    const s = solveLightsOut(board, lights, { method: "banded" });
    if (s.solvable)
      expect(pressed(gridBoard(20, 20, { torus: true }), lights, s.presses!).every((v) => v === 0)).toBe(true);
    else expect(s.solvable).toBe(false);
    const dark = solveLightsOut(board, new Array(400).fill(0), { method: "banded" });
    expect(dark.solvable).toBe(true);
  });

  it("the banded Z_p route", () => {
    // a 64 x 64 torus (4096 cells) over Z_3 goes by the banded route
    const board = gridBoard(64, 64, { torus: true });
    const presses0 = Array.from({ length: 4096 }, (_, i) => (i * 5 + 1) % 3);
    // lights that presses0 clears: a solvable puzzle built by plain loops
    const lights = pressed(gridBoard(64, 64, { torus: true }), new Array(4096).fill(0), presses0, 3).map(
      (v) => (3 - v) % 3,
    );
    expectCapError(
      () => solveLightsOut(board, lights, { states: 3 }),
      /the banded elimination of a 64 x 64 board needs/,
    );
    const s = solveLightsOut(board, lights, { states: 3 });
    expect(s.presses).not.toBeNull();
    expect(pressed(gridBoard(64, 64, { torus: true }), lights, s.presses!, 3).every((v) => v === 0)).toBe(true);
  });

  it("Z_p eliminations of FieldMatrix", () => {
    const f = primeField(7);
    expectCapError(
      () =>
        FieldMatrix.fromRows(f, [
          [1, 2],
          [2, 4],
        ]).rank(),
      /a 2 x 2 matrix over Z_7 needs/,
    );
    expect(
      FieldMatrix.fromRows(f, [
        [1, 2],
        [2, 4],
      ]).rank(),
    ).toBe(1); // row 2 = 2 row 1
    expect(
      FieldMatrix.fromRows(f, [
        [1, 2],
        [2, 3],
      ]).rank(),
    ).toBe(2); // det = 3 - 4 = -1, a unit mod 7
  });

  it("the polynomial gcd", () => {
    const xPlus1Squared = new Uint32Array([0b101]); // x^2 + 1 = (x + 1)^2 over GF(2)
    const xCubedPlus1 = new Uint32Array([0b1001]); // x^3 + 1 = (x + 1)(x^2 + x + 1)
    expectCapError(() => gcdOfWords(xPlus1Squared, xCubedPlus1, true), /the polynomial gcd needs/);
    const g = gcdOfWords(xPlus1Squared, xCubedPlus1, true);
    expect(g.degree).toBe(1);
    expect([...(g.words ?? [])]).toEqual([0b11]); // x + 1
    // x^2 + x + 1 and x^3 + x + 1 are distinct irreducibles: gcd 1
    expect(gcdOfWords(new Uint32Array([0b111]), new Uint32Array([0b1011]), false).degree).toBe(0);
  });

  it("the threaded elimination: the threads work on the matrix where it is (no copy), and their blocks count", async () => {
    await initThreads(2);
    const mib = 2 ** 20;
    const bits = Array.from({ length: 4096 * 4096 }, (_, i) => ((i * 2654435761) >>> 7) & 1);
    // the rank by one thread, the reference
    using ref = BitMatrix.fromBits(4096, 4096, bits);
    const rank = ref.echelonize({ threads: 1 }).rank;

    using m = BitMatrix.fromBits(4096, 4096, bits); // 2 MiB
    const held = wasmBytesInUse();
    let peak = 0;
    const onProgress = () => {
      peak = Math.max(peak, wasmBytesInUse());
    };
    for (const method of ["m4ri", "ple"] as const) {
      peak = 0;
      using c = m.copy();
      const result = c.echelonize({ threads: 2, method, onProgress });
      expect(result.rank).toBe(rank);
      expect(result.threads).toBe(2);
      // past the copy c (2 MiB): the tables, pivots and scratch of the threads, not a second
      // copy of the matrix in another memory (that made it 4 MiB and more)
      expect(peak).toBeGreaterThanOrEqual(held + 2 * mib);
      expect(peak).toBeLessThan(held + 2 * mib + 2 * mib);
    }
    expect(wasmBytesInUse()).toBe(held);

    const limit = getMemoryLimit();
    try {
      // room for the copy and the scratch of either thread count, no more: two threads run
      setMemoryLimit(held + 2 * mib + mib);
      peak = 0;
      using c = m.copy();
      const result = c.echelonize({ threads: 2, onProgress });
      expect(result.rank).toBe(rank);
      expect(result.threads).toBe(2);
      expect(peak).toBeLessThanOrEqual(held + 3 * mib);
    } finally {
      setMemoryLimit(limit);
    }
    expect(wasmBytesInUse()).toBe(held);
  });

  it("the threaded lane scan: its blocks in shared memory count, and over the cap one thread works instead", async () => {
    await initThreads(2);
    const n = 4000;
    const k = 18;
    const bits = (seed: number) => Array.from({ length: n }, (_, i) => ((i * 2654435761 + seed * 40503) >>> 9) & 1);
    const x0 = bits(0);
    const basis = Array.from({ length: k }, (_, g) => bits(g + 1));
    const one = laneScan(x0, basis);
    const shared = laneSizes(n, k, 2).sizes.reduce((a, b) => a + b, 0);
    const held = wasmBytesInUse();
    let peak = 0;
    let reports = 0;
    const onProgress = () => {
      reports++;
      peak = Math.max(peak, wasmBytesInUse());
    };
    expect(laneScan(x0, basis, { threads: 2, onProgress })).toEqual(one);
    expect(reports).toBeGreaterThan(0);
    expect(peak).toBeGreaterThanOrEqual(held + shared);
    expect(wasmBytesInUse()).toBe(held);

    const limit = getMemoryLimit();
    const hold = BitMatrix.zeros(8192, 1024); // 1 MiB: the cap may not go below 1 MiB
    try {
      // room for the one-thread blocks in the kernel's memory, not for the shared ones
      const oneThread = laneSizes(n, k, 1).sizes.reduce((a, b) => a + Math.max(16, b), 0);
      expect(oneThread + 64).toBeLessThan(shared);
      setMemoryLimit(wasmBytesInUse() + oneThread + 64);
      peak = 0;
      expect(laneScan(x0, basis, { threads: 2, onProgress })).toEqual(one);
      expect(peak).toBeLessThanOrEqual(getMemoryLimit());
    } finally {
      setMemoryLimit(limit);
      hold.dispose();
    }
    expect(wasmBytesInUse()).toBe(held);
  });
});

afterAll(() => endThreads());
