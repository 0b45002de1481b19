// BitMatrix.mul with its options: threads (the products and sums of the
// recursion shared on the pool, in place), progress and cancel. Checked
// against the TypeScript engine's product and against (A B) x = A (B x) for
// products too large for it, at sizes off the word and lane boundaries.
import { afterAll, describe, expect, it } from "vitest";
import { BitMatrix, endThreads, threadsUnavailable } from "../src/index.js";
import { wasmBytesInUse } from "../src/internal/kernel.js";
import { poolKernelCalls } from "../src/internal/threads.js";

afterAll(() => endThreads());

const onThreads = threadsUnavailable() === undefined;

/** (A B) x and A (B x) for a few random columns x: equal when the product is right. */
function agreesOnVectors(a: BitMatrix, b: BitMatrix, product: BitMatrix, seed: number): boolean {
  using x = BitMatrix.random(b.cols, 3, { seed });
  using left = product.mul(x);
  using bx = b.mul(x);
  using right = a.mul(bx);
  return left.equals(right);
}

describe("BitMatrix.mul options", () => {
  it("gives the same product on 1 and 2 threads as the TypeScript engine, shared on the pool", () => {
    for (const [m, n, p, seed] of [
      [1100, 1300, 1500, 1],
      [129, 4097, 191, 2],
      [2049, 65, 3001, 3],
    ] as const) {
      using a = BitMatrix.random(m, n, { seed });
      using b = BitMatrix.random(n, p, { seed: seed + 100 });
      using ta = BitMatrix.random(m, n, { seed, engine: "ts" });
      using tb = BitMatrix.random(n, p, { seed: seed + 100, engine: "ts" });
      expect(Array.from(ta.packedWords())).toEqual(Array.from(a.packedWords()));
      using expected = ta.mul(tb);
      for (const threads of [1, 2]) {
        const calls = poolKernelCalls();
        using c = a.mul(b, { threads });
        expect(Array.from(c.packedWords()), `${m} x ${n} x ${p}, ${threads} threads`).toEqual(
          Array.from(expected.packedWords()),
        );
        // the first product is large enough (m n p >= 2^24 word operations) for its leaf to be shared
        if (seed === 1) expect(poolKernelCalls() > calls).toBe(threads > 1 && onThreads);
      }
    }
  });

  it("multiplies past the Strassen-Winograd cutoff (8192) on threads, (A B) x = A (B x)", () => {
    using a = BitMatrix.random(8300, 8250, { seed: 11 });
    using b = BitMatrix.random(8250, 8200, { seed: 12 });
    using one = a.mul(b, { threads: 1 });
    using two = a.mul(b, { threads: 2 });
    expect(two.equals(one)).toBe(true);
    expect(agreesOnVectors(a, b, one, 13)).toBe(true);
    // and the product is not trivially zero or A's rows
    expect(one.equals(BitMatrix.zeros(8300, 8200))).toBe(false);
  });

  it("reports progress in rows of the product, ending with all of them", () => {
    for (const engine of ["wasm", "ts"] as const) {
      using a = BitMatrix.random(600, 700, { seed: 5, engine });
      using b = BitMatrix.random(700, 500, { seed: 6, engine });
      const seen: [number, number][] = [];
      using c = a.mul(b, { threads: 1, onProgress: (done, total) => seen.push([done, total]) });
      expect(c.rows).toBe(600);
      expect(seen.length, engine).toBeGreaterThan(0);
      for (let i = 0; i < seen.length; i++) {
        expect(seen[i]![1]).toBe(600);
        if (i > 0) expect(seen[i]![0]).toBeGreaterThanOrEqual(seen[i - 1]![0]);
      }
      expect(seen.at(-1)).toEqual([600, 600]);
    }
  });

  it("stops on an aborted signal with its reason and gives the product's memory back, on 1 and 2 threads", () => {
    using a = BitMatrix.random(1500, 1500, { seed: 7 });
    using b = BitMatrix.random(1500, 1500, { seed: 8 });
    using reference = a.mul(b, { threads: 1 });
    for (const threads of [1, 2]) {
      const before = wasmBytesInUse();
      const stop = new AbortController();
      stop.abort(new Error("stopped before it began"));
      expect(() => a.mul(b, { threads, signal: stop.signal })).toThrow("stopped before it began");
      expect(wasmBytesInUse(), `${threads} threads`).toBe(before);
      // the next product (fresh helpers after a cancel) is right
      using again = a.mul(b, { threads });
      expect(again.equals(reference)).toBe(true);
    }
    using ta = BitMatrix.random(40, 40, { seed: 9, engine: "ts" });
    const stop = new AbortController();
    stop.abort(new Error("the TypeScript engine stops too"));
    expect(() => ta.mul(ta, { signal: stop.signal })).toThrow("the TypeScript engine stops too");
  });

  it("stops mid-way when the signal fires from its progress", () => {
    // 8300 rows: a Strassen-Winograd level, seven leaves and more, each reporting as it ends
    using a = BitMatrix.random(8300, 8250, { seed: 21 });
    using b = BitMatrix.random(8250, 8200, { seed: 22 });
    for (const threads of [1, 2]) {
      const before = wasmBytesInUse();
      const stop = new AbortController();
      let reports = 0;
      const onProgress = () => {
        reports++;
        stop.abort(new Error("cancelled after the first leaf"));
      };
      expect(() => a.mul(b, { threads, signal: stop.signal, onProgress })).toThrow("cancelled after the first leaf");
      expect(reports, `${threads} threads`).toBe(1);
      expect(wasmBytesInUse(), `${threads} threads`).toBe(before);
    }
  });

  it("refuses bad options by name", () => {
    using a = BitMatrix.random(4, 4, { seed: 1 });
    expect(() => a.mul(a, { threads: 0 })).toThrow(/threads/);
    expect(() => a.mul(a, { threads: 1.5 })).toThrow(/threads/);
    expect(() => a.mul(a, null as unknown as object)).toThrow(/options expected an object, got null/);
  });
});
