// Threaded Four Russians elimination (sweeps shared among helper threads over
// shared memory) against the one-thread path and the TypeScript twin, on
// seeded matrices whose sizes straddle the 64-bit word and 128-bit lane
// boundaries, with 1, 2 and 3 threads; and the helper threads' lifetime: none
// is left running after a cancel or an error.
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { BitMatrix, endThreads, initThreads, threadsUnavailable } from "../src/index.js";
import { bytesZeroedOnThreads, helpersExited, lastPoolEnd, threadsNow } from "../src/internal/threads.js";
import { makeBits, pair, paddingIsClean, plainRank, dense, type Kind } from "./_support.js";

const SIZES = [1, 63, 64, 65, 127, 128, 129, 191, 192, 193, 257];
const KINDS: Kind[] = ["dense", "sparse", "lowrank", "duplicate", "identity"];
const RUNS = { seed: 20261130, numRuns: 40 };

type M4riSetting = { k: number; tables: number; steps: number };

// Small k and many steps per sweep: many sweeps, each shared out in chunks.
const settings = fc
  .record({
    k: fc.integer({ min: 1, max: 8 }),
    tables: fc.constantFrom(1, 2, 3, 4, 8),
    steps: fc.integer({ min: 1, max: 16 }),
  })
  .filter((s) => s.k * s.tables <= 64);

const shape = fc.record({
  rows: fc.constantFrom(...SIZES),
  cols: fc.constantFrom(...SIZES),
  kind: fc.constantFrom(...KINDS),
  seed: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
  full: fc.boolean(),
});

afterAll(() => endThreads());

describe("a large new matrix, zeroed by a started pool's threads", () => {
  it("comes out zero in a block that held ones, its last partial page too; a small one is zeroed here", async () => {
    expect(await initThreads(2)).toBe(2);
    // 16.9 MB: past the threads' threshold (16 MiB), not a whole number of their 4 KiB rows
    const [rows, cols] = [4100, 32832];
    for (let round = 0; round < 2; round++) {
      BitMatrix.random(rows, cols, { seed: round + 1 }).dispose();
      const before = bytesZeroedOnThreads();
      using fresh = BitMatrix.zeros(rows, cols);
      const shared = bytesZeroedOnThreads() - before;
      expect(shared).toBeGreaterThan(16 * 2 ** 20);
      expect(shared % 4096).toBe(0);
      expect(fresh.packedWords().every((w) => w === 0)).toBe(true);
      expect(fresh.rank({ threads: 2 })).toBe(0);
    }
    const before = bytesZeroedOnThreads();
    BitMatrix.zeros(2048, 2048).dispose();
    expect(bytesZeroedOnThreads()).toBe(before);
  });

  it("is zeroed on this thread when made between the slices of a threaded job (a progress callback)", () => {
    using m = BitMatrix.random(4096, 4096, { seed: 3 });
    let inner: number | undefined;
    const rank = m.echelonize({
      threads: 2,
      method: "m4ri",
      onProgress: () => {
        if (inner !== undefined) return;
        BitMatrix.random(4100, 32832, { seed: 4 }).dispose();
        const before = bytesZeroedOnThreads();
        using fresh = BitMatrix.zeros(4100, 32832);
        inner = bytesZeroedOnThreads() - before;
        expect(fresh.packedWords().every((w) => w === 0)).toBe(true);
      },
    }).rank;
    expect(inner).toBe(0);
    using again = BitMatrix.random(4096, 4096, { seed: 3 });
    expect(rank).toBe(again.rank({ threads: 1 }));
  });
});

describe("threaded elimination = one thread = TypeScript twin", () => {
  it("this Node has shared WebAssembly memory", () => {
    expect(threadsUnavailable()).toBeUndefined();
    // Node starts a pool when asked: tuning goes by the threads wanted
    expect(threadsNow(3)).toBe(3);
    expect(threadsNow(1)).toBe(1);
  });

  it("echelon forms, ranks and pivots are identical with 1, 2 and 3 threads", () => {
    fc.assert(
      fc.property(shape, settings, ({ rows, cols, kind, seed, full }, m4ri: M4riSetting) => {
        const bits = makeBits(rows, cols, kind, seed);
        const { wasm, ts } = pair(rows, cols, bits);
        const ref = ts.echelonize({ full });
        const expectedRank = plainRank(dense(BitMatrix.fromBits(rows, cols, bits, { engine: "ts" })));
        expect(ref.rank).toBe(expectedRank);
        // the one-thread path; a row echelon form (full: false) is not unique, a reduced one is
        const one = wasm.copy();
        const e1 = one.echelonize({ full, method: "m4ri", m4ri, threads: 1 });
        expect(e1.rank).toBe(ref.rank);
        expect(e1.threads).toBe(1);
        if (full) expect(one.equals(ts)).toBe(true);
        for (const threads of [2, 3]) {
          const m = wasm.copy();
          const e = m.echelonize({ full, method: "m4ri", m4ri, threads });
          expect(e.rank).toBe(ref.rank);
          expect(e.threads).toBe(threads); // the threads that eliminated are reported
          expect([...e.pivots]).toEqual([...e1.pivots]);
          expect(m.equals(one)).toBe(true);
          expect(paddingIsClean(m)).toBe(true);
          m.dispose();
        }
        one.dispose();
        wasm.dispose();
        ts.dispose();
      }),
      RUNS,
    );
  });

  it("wide rows: the steps' tables are built by the threads too, lanes shared out", () => {
    // from 16 lanes (2048 columns) past a step's first lane the threads share its tables
    for (const [rows, cols, m4ri] of [
      [300, 5000, { k: 8, tables: 4, steps: 2 }],
      [130, 2300, { k: 3, tables: 3, steps: 5 }],
      [90, 4100, { k: 6, tables: 8, steps: 1 }],
    ] as const) {
      const bits = makeBits(rows, cols, "dense", rows + cols);
      const { wasm, ts } = pair(rows, cols, bits);
      ts.echelonize({ full: true });
      for (const full of [false, true]) {
        const one = wasm.copy();
        const e1 = one.echelonize({ full, method: "m4ri", m4ri, threads: 1 });
        for (const threads of [2, 3]) {
          const m = wasm.copy();
          const e = m.echelonize({ full, method: "m4ri", m4ri, threads });
          expect(e.threads).toBe(threads);
          expect([...e.pivots]).toEqual([...e1.pivots]);
          expect(m.equals(one), `${rows} x ${cols}, ${threads} threads, full ${full}`).toBe(true);
          if (full) expect(m.equals(ts)).toBe(true);
          m.dispose();
        }
        one.dispose();
      }
      wasm.dispose();
      ts.dispose();
    }
  });

  it("pivot limits and sliced runs (progress) agree too", () => {
    const bits = makeBits(193, 257, "dense", 5);
    const { wasm, ts } = pair(193, 257, bits);
    const ref = ts.echelonize({ full: true, pivotLimit: 129 });
    for (const threads of [2, 3]) {
      const m = wasm.copy();
      const seen: number[] = [];
      const e = m.echelonize({
        full: true,
        pivotLimit: 129,
        method: "m4ri",
        m4ri: { k: 2, tables: 2, steps: 3 },
        threads,
        onProgress: (done) => seen.push(done),
      });
      expect(e.rank).toBe(ref.rank);
      expect([...e.pivots]).toEqual([...ref.pivots]);
      expect(m.equals(ts)).toBe(true);
      expect(seen.length).toBeGreaterThan(1);
      m.dispose();
    }
    wasm.dispose();
    ts.dispose();
  });

  it("a 4096 x 4096 matrix uses every core by default and gets the one-thread rank", () => {
    const m = BitMatrix.random(4096, 4096, { seed: 3 });
    const lowRank = m.copy();
    // rank 4095: the last row is the XOR of the first two
    for (let j = 0; j < 4096; j++) lowRank.set(4095, j, (lowRank.get(0, j) ^ lowRank.get(1, j)) as 0 | 1);
    expect(lowRank.rank()).toBe(lowRank.rank({ threads: 1 }));
    expect(lowRank.rank()).toBeLessThanOrEqual(4095);
    expect(m.rank()).toBe(m.rank({ threads: 1 }));
    [m, lowRank].forEach((x) => x.dispose());
  });

  it("more rows than the claims from both ends take (2^21): the passes are claimed from the front, same result", () => {
    const [rows, cols] = [2 ** 21 + 77, 130];
    using a = BitMatrix.random(rows, cols, { seed: 9 });
    for (const method of ["m4ri", "ple"] as const) {
      using one = a.copy();
      using two = a.copy();
      const e1 = one.echelonize({ method, threads: 1, full: true });
      const e2 = two.echelonize({ method, threads: 2, full: true });
      expect(e1.rank).toBe(cols);
      expect(e2.threads).toBe(2);
      expect([e2.rank, [...e2.pivots]]).toEqual([e1.rank, [...e1.pivots]]);
      expect(two.equals(one)).toBe(true);
    }
  });

  it("rejects a thread count that is not an integer in 1..256", () => {
    const m = BitMatrix.identity(4);
    expect(() => m.rank({ threads: 0 })).toThrow(RangeError);
    expect(() => m.rank({ threads: 257 })).toThrow(/"threads" expected an integer in 1..256, got 257/);
    expect(() => m.rank({ threads: 1.5 })).toThrow(TypeError);
    m.dispose();
  });
});

describe("helper threads", () => {
  it("initThreads reports the threads it started", async () => {
    expect(await initThreads(1)).toBe(1);
    expect(await initThreads(2)).toBe(2);
    await expect(initThreads(0)).rejects.toThrow(RangeError);
    endThreads();
    await helpersExited();
  });

  it("none is left running after a cancel", async () => {
    const m = BitMatrix.random(300, 300, { seed: 9 });
    const controller = new AbortController();
    expect(() =>
      m.echelonize({
        method: "m4ri",
        m4ri: { k: 2, tables: 2, steps: 2 },
        threads: 3,
        signal: controller.signal,
        onProgress: () => controller.abort(new Error("stop here")),
      }),
    ).toThrow("stop here");
    await helpersExited();
    // the next elimination starts fresh helpers and is right
    expect(m.rank({ method: "m4ri", threads: 2 })).toBe(m.rank({ threads: 1 }));
    m.dispose();
    endThreads();
    await helpersExited();
  });

  // The helpers share the kernel's memory: ending a pool (on an error, a cancel, endThreads) waits until
  // they have left it, so that none writes into blocks freed and handed out again while it is terminated
  it("ending a pool waits until every helper has left the memory", async () => {
    for (const threads of [2, 3]) {
      const m = BitMatrix.random(600, 600, { seed: threads });
      expect(m.rank({ method: "m4ri", threads })).toBe(m.rank({ threads: 1 }));
      endThreads();
      expect(lastPoolEnd()).toEqual({ helpers: threads - 1, stopped: threads - 1 });
      m.dispose();
      await helpersExited();
    }
  });

  it("none is left running after an error in a progress callback", async () => {
    const m = BitMatrix.random(300, 300, { seed: 10 });
    expect(() =>
      m.rank({
        method: "m4ri",
        m4ri: { k: 2, tables: 2, steps: 2 },
        threads: 2,
        onProgress: () => {
          throw new TypeError("callback failed");
        },
      }),
    ).toThrow("callback failed");
    await helpersExited();
    m.dispose();
  });
});
