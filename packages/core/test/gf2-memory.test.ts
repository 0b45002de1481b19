// Memory management of the WASM engine: reuse, the cap, disposal.
import { describe, expect, it } from "vitest";
import { BitMatrix, getMemoryLimit, setMemoryLimit } from "../src/index.js";
import { wasmBytesInUse, wasmMemoryBytes } from "../src/gf2/_engine-wasm.js";

describe("WASM memory", () => {
  it("10,000 create/solve/free cycles do not grow memory", () => {
    const warm = BitMatrix.random(100, 100, { seed: 1 });
    warm.solve(new Array(100).fill(1));
    warm.dispose();
    const before = wasmMemoryBytes();
    const held = wasmBytesInUse();
    for (let i = 0; i < 10_000; i++) {
      const m = BitMatrix.random(40 + (i % 30), 40 + (i % 20), { seed: i });
      m.solve(new Array(m.rows).fill(1));
      m.dispose();
    }
    expect(wasmMemoryBytes()).toBe(before);
    expect(wasmBytesInUse()).toBe(held);
  });

  it("a matrix over the cap fails with a RangeError before anything is allocated", () => {
    const limit = getMemoryLimit();
    const held = wasmBytesInUse();
    const size = wasmMemoryBytes();
    try {
      setMemoryLimit(2 ** 20);
      expect(() => BitMatrix.zeros(4096, 4096)).toThrow(
        /4096 x 4096 GF\(2\) matrix needs 2\.00 MiB, over the memory limit of 1\.00 MiB/,
      );
      expect(() => BitMatrix.zeros(4096, 4096, { engine: "ts" })).toThrow(RangeError);
    } finally {
      setMemoryLimit(limit);
    }
    expect(wasmBytesInUse()).toBe(held);
    expect(wasmMemoryBytes()).toBe(size);
  });

  it("one matrix may not exceed a single heap block (1 GiB)", () => {
    expect(() => BitMatrix.zeros(100_000, 100_000)).toThrow(/at most 1024\.0 MiB/);
  });

  it("setMemoryLimit checks its argument", () => {
    expect(() => setMemoryLimit(10)).toThrow(/"bytes" expected an integer in 1048576\.\.4294967296, got 10/);
    expect(() => setMemoryLimit(Number.NaN)).toThrow(TypeError);
  });

  it("dispose frees at once, twice is harmless, use after dispose is a TypeError", () => {
    const held = wasmBytesInUse();
    const m = BitMatrix.zeros(300, 300);
    expect(wasmBytesInUse()).toBeGreaterThan(held);
    m.dispose();
    m.dispose();
    expect(wasmBytesInUse()).toBe(held);
    expect(m.disposed).toBe(true);
    expect(() => m.rank()).toThrow(/disposed/);
    {
      using n = BitMatrix.zeros(300, 300);
      expect(n.rows).toBe(300);
    }
    expect(wasmBytesInUse()).toBe(held);
  });

  it("an aborted elimination stops with the signal's reason and frees its scratch", () => {
    const held = wasmBytesInUse();
    const m = BitMatrix.random(1024, 1024, { seed: 3 });
    const controller = new AbortController();
    let calls = 0;
    expect(() =>
      m.echelonize({
        signal: controller.signal,
        onProgress: () => {
          if (++calls === 3) controller.abort(new Error("stop"));
        },
      }),
    ).toThrow("stop");
    m.dispose();
    expect(wasmBytesInUse()).toBe(held);
  });
});
