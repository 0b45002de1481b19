// Memory management of the WASM engine: reuse, the cap, disposal.
import { describe, expect, it } from "vitest";
import { wasmBytesInUse, wasmMemoryBytes } from "../src/internal/kernel.js";
import { BitMatrix, chaseMatrix, formatBytes, getMemoryLimit, setMemoryLimit } from "../src/index.js";
import { chaseStride } from "../src/lightsout/_chase-symbolic.js";
import { leastInCoset } from "../src/solvers/coset.js";

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
        /4096 x 4096 GF\(2\) matrix needs 2 MiB, but at most 1 MiB fit \(the memory limit\); see setMemoryLimit$/,
      );
      expect(() => BitMatrix.zeros(4096, 4096, { engine: "ts" })).toThrow(RangeError);
    } finally {
      setMemoryLimit(limit);
    }
    expect(wasmBytesInUse()).toBe(held);
    expect(wasmMemoryBytes()).toBe(size);
  });

  it("one matrix may not exceed what WebAssembly memory holds (4 GiB less 64 MiB)", () => {
    expect(() => BitMatrix.zeros(200_000, 200_000)).toThrow(
      /^a 200000 x 200000 GF\(2\) matrix needs 4\.66 GiB, but at most 3\.94 GiB fit \(one block of WebAssembly memory\)$/,
    );
  });

  it("fill to the limit, free, fill again: the same blocks, the bytes in use exact throughout", () => {
    const limit = getMemoryLimit();
    const held = wasmBytesInUse();
    const before = wasmMemoryBytes();
    const mib = 2 ** 20; // an 8192 x 1024 matrix: 8192 rows of 128 bytes
    try {
      setMemoryLimit(held + 16 * mib);
      for (let round = 0; round < 3; round++) {
        const ms: BitMatrix[] = [];
        let error: unknown;
        try {
          for (;;) {
            ms.push(BitMatrix.random(8192, 1024, { seed: ms.length }));
            expect(wasmBytesInUse()).toBe(held + ms.length * mib);
          }
        } catch (e) {
          error = e;
        }
        expect(ms.length).toBe(16);
        expect(error).toBeInstanceOf(RangeError);
        const cap = formatBytes(held + 16 * mib);
        expect((error as Error).message).toBe(
          `a 8192 x 1024 GF(2) matrix needs 1 MiB, but at most 0 bytes fit (the memory limit of ${cap}, ${cap} of it in use); see setMemoryLimit`,
        );
        // each matrix kept its own bits
        ms.forEach((m, seed) => {
          using again = BitMatrix.random(8192, 1024, { seed, engine: "ts" });
          expect(m.equals(again)).toBe(true);
        });
        for (const m of ms) m.dispose();
        expect(wasmBytesInUse()).toBe(held);
      }
    } finally {
      setMemoryLimit(limit);
    }
    // 16 MiB of matrices, three times over: the freed blocks were reused
    expect(wasmMemoryBytes() - before).toBeLessThan(24 * mib);
  });

  it("a new matrix in a freed block is zero: the block is cleared in the kernel (memory.fill), every word", () => {
    for (const [rows, cols] of [
      [1, 1],
      [3, 65],
      [129, 200],
      [2048, 2048],
    ] as const) {
      const ones = BitMatrix.fromBits(rows, cols, new Uint8Array(rows * cols).fill(1));
      ones.dispose();
      using fresh = BitMatrix.zeros(rows, cols);
      expect(fresh.packedWords().every((w) => w === 0)).toBe(true);
      using id = BitMatrix.identity(rows);
      using product = id.mul(fresh);
      expect(product.packedWords().every((w) => w === 0)).toBe(true);
    }
  });

  it("the chase counts its buffers and respects the limit with what is already in use", () => {
    const held = wasmBytesInUse();
    const n = 1024;
    const buffers = 2 * (n * chaseStride(n) * 8 + chaseStride(n) * 8 + 48);
    let during = 0;
    chaseMatrix(n, n, { onProgress: () => (during = wasmBytesInUse()) }).dispose();
    expect(during).toBe(held + buffers);
    expect(wasmBytesInUse()).toBe(held);

    const limit = getMemoryLimit();
    const hold = BitMatrix.zeros(8192, 1024); // 1 MiB
    try {
      // the chase alone fits under the limit; with the 1 MiB held it does not
      setMemoryLimit(wasmBytesInUse() + buffers / 2);
      expect(() => chaseMatrix(n, n)).toThrow(
        /^the chase of a 1024 x 1024 board needs 384 KiB, but at most .* fit \(the memory limit of .*, 1 MiB of it in use\)/,
      );
      expect(wasmBytesInUse()).toBe(held + 2 ** 20);
    } finally {
      setMemoryLimit(limit);
      hold.dispose();
    }
  });

  it("the coset scan counts its blocks and respects the limit", () => {
    const held = wasmBytesInUse();
    const x0 = Array.from({ length: 25 }, (_, i) => i % 2);
    const basis = [Array.from({ length: 25 }, (_, i) => +(i < 3)), Array.from({ length: 25 }, (_, i) => +(i > 20))];
    let during = 0;
    const best = leastInCoset(x0, basis, { onProgress: () => (during = wasmBytesInUse()) });
    expect(best.weight).toBeGreaterThan(0);
    // x0, the basis, the current and the best member; the best weight is state in the kernel's descriptor
    expect(during).toBe(held + 16 + 2 * 16 + 16 + 16);
    expect(wasmBytesInUse()).toBe(held);

    const limit = getMemoryLimit();
    const hold = BitMatrix.zeros(8192, 1024);
    try {
      setMemoryLimit(wasmBytesInUse());
      expect(() => leastInCoset(x0, basis)).toThrow(
        /^the coset scan needs 80 bytes, but at most 0 bytes fit \(the memory limit of/,
      );
    } finally {
      setMemoryLimit(limit);
      hold.dispose();
    }
    expect(wasmBytesInUse()).toBe(held);
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
