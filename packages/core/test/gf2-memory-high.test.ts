// The engine with its heap past 2 GiB and at the top of the 4 GiB address
// space. Untouched scratch blocks (withScratch does not write them) push
// everything allocated after them beyond 2 GiB at almost no cost in real
// memory; every kernel then runs on pointers above 2^31, and its answers
// are checked with plain loops. This file must run in a fresh realm: the
// fillers have to be the first blocks of the kernel's heap.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { wasmBytesInUse, withScratch } from "../src/internal/kernel.js";
import {
  BitMatrix,
  fewestPresses,
  getMemoryLimit,
  gridBoard,
  setMemoryLimit,
  solveLightsOut,
  squareNullity,
} from "../src/index.js";
import { apply, lightsOutMatrix, pressed } from "./_support.js";

const GiB = 2 ** 30;
const MiB = 2 ** 20;

const NULLITY = readFileSync(new URL("./vectors/nullity_square_1_300.txt", import.meta.url), "utf8")
  .trim()
  .split(/\s+/)
  .map(Number);

describe("WASM memory past 2 GiB", () => {
  it("every kernel answers correctly with its blocks beyond 2 GiB", () => {
    const held = wasmBytesInUse();
    withScratch("the filler", [GiB, GiB], ([low, high]) => {
      // the fillers are adjacent from the start of the heap: nothing fits below 2 GiB any more
      expect(low!).toBeLessThan(64 * 1024);
      expect(high! + GiB).toBeGreaterThan(2 * GiB);
      expect(wasmBytesInUse()).toBe(held + 2 * GiB);

      // a pattern written at the end of a matrix placed past 2 GiB reads back
      {
        using m = BitMatrix.zeros(300, 300);
        m.set(299, 299, 1);
        m.set(0, 0, 1);
        expect(m.get(299, 299)).toBe(1);
        expect(m.toRows().map((row) => row.reduce((s, v) => s + v, 0))).toEqual([1, ...new Array(298).fill(0), 1]);
      }
      // elimination and solving (naive and Four Russians sizes)
      for (const n of [6, 20]) {
        const a = lightsOutMatrix(n, n);
        using m = BitMatrix.fromRows(a.map((row) => row.join("")));
        const b = new Array(n * n).fill(1);
        const s = m.solve(b);
        expect(s.solvable).toBe(true);
        if (s.solvable) expect(apply(a, s.x)).toEqual(b);
        expect(m.rank()).toBe(n * n - NULLITY[n - 1]!);
      }
      {
        const a = lightsOutMatrix(5, 5);
        using m = BitMatrix.fromRows(a.map((row) => row.join("")));
        using ns = m.nullspace();
        expect(ns.rows).toBe(2);
        for (const v of ns.toRows()) expect(apply(a, v)).toEqual(new Array(25).fill(0));
        using p = m.mul(m);
        expect(p.rows).toBe(25);
      }
      // light chasing (a 48 x 48 board), the coset scan (5 x 5, nullity 2), Z_3 elimination, polynomial gcd
      const chased = solveLightsOut(gridBoard(48, 48), new Uint8Array(48 * 48).fill(1));
      expect(chased.presses).not.toBeNull();
      expect(pressed(gridBoard(48, 48), new Array(48 * 48).fill(1), chased.presses!).every((v) => v === 0)).toBe(true);
      const fewest = fewestPresses(gridBoard(5, 5), new Uint8Array(25).fill(1));
      expect(fewest.count).toBe(15);
      expect(pressed(gridBoard(5, 5), new Array(25).fill(1), fewest.presses!).every((v) => v === 0)).toBe(true);
      const lights = Array.from({ length: 36 }, (_, i) => (i * 7) % 3);
      const z3 = solveLightsOut(gridBoard(6, 6, { torus: true }), lights, { states: 3 });
      if (z3.presses)
        expect(pressed(gridBoard(6, 6, { torus: true }), lights, z3.presses, 3).every((v) => v === 0)).toBe(true);
      for (const n of [5, 9, 30, 299]) expect(squareNullity(n)).toBe(NULLITY[n - 1]);
    });
    expect(wasmBytesInUse()).toBe(held);
  });

  it("fails cleanly at the memory limit and where memory cannot grow, and stays usable", () => {
    const limit = getMemoryLimit();
    const held = wasmBytesInUse();
    try {
      withScratch("the filler", [GiB, GiB, GiB, GiB - 100 * MiB], () => {
        // the default limit (4 GiB less 64 MiB) comes first
        expect(() => BitMatrix.zeros(32768, 32768)).toThrow(
          /a 32768 x 32768 GF\(2\) matrix needs 128 MiB, but at most .* fit \(the memory limit of 3\.94 GiB, 3\.9 GiB of it in use\)/,
        );
        // with the limit at 4 GiB, the address space (65535 pages) runs out just below it
        setMemoryLimit(2 ** 32);
        let error: unknown;
        try {
          BitMatrix.zeros(102400, 8192);
        } catch (e) {
          error = e;
        }
        expect(error).toBeInstanceOf(RangeError);
        expect((error as Error).message).toMatch(
          /^a 102400 x 8192 GF\(2\) matrix needs 100 MiB, but WebAssembly memory could not grow to hold it \(3\.9 GiB in use, memory limit 4 GiB, /,
        );
        expect(wasmBytesInUse()).toBe(held + 4 * GiB - 100 * MiB);
        // what is left is still usable
        using m = BitMatrix.zeros(8192, 8192);
        m.set(8191, 8191, 1);
        expect(m.get(8191, 8191)).toBe(1);
      });
    } finally {
      setMemoryLimit(limit);
    }
    expect(wasmBytesInUse()).toBe(held);
    using r = BitMatrix.random(64, 64, { seed: 1 });
    using t = BitMatrix.random(64, 64, { seed: 1, engine: "ts" });
    expect(r.rank()).toBe(t.rank());
  });
});
