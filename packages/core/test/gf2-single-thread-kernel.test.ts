// The single-thread module: where threads can run (here, Node), the kernel is
// the shared-memory build, so this file makes its realm's kernel the
// single-thread module first (vitest gives each file a realm of its own)
// and checks that build through the public API against the TypeScript twin
// and independent facts. Asking for threads there runs one.
import { describe, expect, it } from "vitest";
import { BitMatrix, threadsUnavailable } from "../src/index.js";
import { loaded, useSingleThreadKernel } from "../src/internal/kernel-instance.js";
import { threadsNow } from "../src/internal/threads.js";
import { makeBits } from "./_support.js";

useSingleThreadKernel();

describe("the single-thread module", () => {
  it("is this realm's kernel, on memory that is not shared, and says why threads do not run", () => {
    BitMatrix.identity(3).rank();
    const memory = loaded()?.memory;
    expect(memory?.buffer instanceof SharedArrayBuffer).toBe(false);
    expect(threadsUnavailable()).toMatch(/without shared memory/);
    expect(() => useSingleThreadKernel()).toThrow(/before the GF\(2\) kernel is first used/);
    // tuning by thread count (Four Russians' tables, the route) goes by the one thread that runs
    expect(threadsNow(8)).toBe(1);
  });

  it.each([63, 64, 65, 129, 300, 700])("eliminates %i x (%i + 7) as the TypeScript twin does, on each route", (n) => {
    const bits = makeBits(n, n + 7, "lowrank", n);
    using ts = BitMatrix.fromBits(n, n + 7, bits, { engine: "ts" });
    const expected = ts.echelonize({ full: true });
    for (const method of ["m4ri", "ple", "naive"] as const) {
      using a = BitMatrix.fromBits(n, n + 7, bits);
      const result = a.echelonize({ full: true, method, threads: 2 });
      expect(result.rank).toBe(expected.rank);
      expect(result.threads ?? 1).toBe(1);
      expect(a.equals(ts)).toBe(true);
    }
  });

  it("multiplies as the twin does, and solves: A x = b holds for the solution found", () => {
    const n = 200;
    using a = BitMatrix.random(n, n, { seed: 7 });
    using b = BitMatrix.random(n, 3, { seed: 8 });
    using c = a.mul(b);
    using tsA = a.to("ts");
    using tsB = b.to("ts");
    using tsC = tsA.mul(tsB);
    expect(c.equals(tsC)).toBe(true);
    const rhs = Array.from({ length: n }, (_, i) => c.get(i, 0));
    const s = a.solve(rhs);
    expect(s.solvable).toBe(true);
    if (s.solvable) {
      for (let i = 0; i < n; i++) {
        let dot = 0;
        for (let j = 0; j < n; j++) dot ^= a.get(i, j) & (s.x[j] ?? 0);
        expect(dot).toBe(rhs[i]);
      }
    }
  });
});
