// The lane scan (least weight of a large coset, on one or more threads):
// the WASM kernel against its TypeScript twin and against brute force over
// every combination of the generators, one thread against two, and its
// bound, progress and cancellation.
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { laneScan, laneScratch, laneSizes } from "../src/solvers/coset.js";
import { laneScanNaive } from "../src/solvers/coset-naive.js";
import { endThreads, fewestPresses, fewestPressesByIlp, gridBoard, randomPuzzle } from "../src/index.js";
import { pressed } from "./_support.js";

afterAll(() => endThreads());

/** Deterministic 0/1 vectors from a seed (a plain LCG, independent of the code under test). */
function bits(n: number, seed: number, density = 0.5): Uint8Array {
  let s = (seed * 2654435761) >>> 0 || 1;
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    out[i] = (s >>> 8) / 2 ** 24 < density ? 1 : 0;
  }
  return out;
}

const str = (v: ArrayLike<number>) => Array.from(v).join("");
const weight = (v: ArrayLike<number>) => Array.from(v).reduce((a, b) => a + b, 0);

/** Every member of x0 + span(basis) (plain binary order over all subsets), as strings, and the least weight. */
function members(x0: ArrayLike<number>, basis: readonly ArrayLike<number>[]): { all: Set<string>; least: number } {
  const all = new Set<string>();
  let least = Infinity;
  for (let mask = 0; mask < 2 ** basis.length; mask++) {
    const v = Array.from(x0);
    basis.forEach((b, t) => {
      if ((mask >> t) & 1) for (let j = 0; j < v.length; j++) v[j]! ^= b[j]!;
    });
    all.add(str(v));
    least = Math.min(least, weight(v));
  }
  return { all, least };
}

const LENGTHS = [1, 31, 32, 33, 63, 64, 65, 127, 128, 129, 255, 257, 400, 961];

describe("lane scan: WASM (1 and 2 threads), TypeScript twin, brute force", () => {
  it("agree exactly across word-boundary lengths; the minimum is a member of least weight", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LENGTHS),
        fc.integer({ min: 0, max: 9 }),
        fc.integer({ min: 0, max: 2 ** 30 }),
        fc.constantFrom(0.02, 0.1, 0.5, 0.9),
        (n, k, seed, density) => {
          const x0 = bits(n, seed, density);
          const basis = Array.from({ length: k }, (_, t) => bits(n, seed + 1 + t, density));
          const one = laneScan(x0, basis);
          const two = laneScan(x0, basis, { threads: 2 });
          const twin = laneScanNaive(x0, basis);
          const brute = members(x0, basis);
          expect(one.weight).toBe(brute.least);
          expect(weight(one.vector!)).toBe(brute.least);
          expect(brute.all.has(str(one.vector!))).toBe(true);
          expect([two.weight, str(two.vector!)]).toEqual([one.weight, str(one.vector!)]);
          expect([twin.weight, str(twin.vector!)]).toEqual([one.weight, str(one.vector!)]);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("one thread and two agree on spans of many chunks (2^16 members each)", () => {
    for (const [n, k, seed] of [
      [65, 18, 3],
      [129, 19, 5],
      [400, 20, 7],
      [961, 17, 11],
    ] as const) {
      const x0 = bits(n, seed);
      const basis = Array.from({ length: k }, (_, t) => bits(n, seed * 100 + t, 0.3));
      const one = laneScan(x0, basis);
      const two = laneScan(x0, basis, { threads: 2 });
      const twin = laneScanNaive(x0, basis);
      expect([two.weight, str(two.vector!)]).toEqual([one.weight, str(one.vector!)]);
      expect([twin.weight, str(twin.vector!)]).toEqual([one.weight, str(one.vector!)]);
      expect(weight(one.vector!)).toBe(one.weight);
    }
  });

  it("finds a minimum planted at the last index of the last chunk", () => {
    // x0 = e_(k-1), generators e_0..e_(k-1): the only member of weight 0 is
    // x0 + e_(k-1), and gray(2^k - 1) = 2^(k-1) is the last index's code
    const n = 100;
    const k = 22;
    const x0 = new Uint8Array(n);
    x0[k - 1] = 1;
    const basis = Array.from({ length: k }, (_, t) => {
      const v = new Uint8Array(n);
      v[t] = 1;
      return v;
    });
    for (const threads of [1, 2]) {
      const r = laneScan(x0, basis, { threads });
      expect(r.weight).toBe(0);
      expect(weight(r.vector!)).toBe(0);
    }
  });

  it("counts only members strictly lighter than the bound", () => {
    const n = 129;
    const x0 = bits(n, 41);
    const basis = Array.from({ length: 12 }, (_, t) => bits(n, 42 + t, 0.2));
    const { least } = members(x0, basis);
    for (const threads of [1, 2]) {
      expect(laneScan(x0, basis, { threads, bound: least })).toEqual({ weight: least, vector: null });
      expect(laneScan(x0, basis, { threads, bound: least + 1 }).weight).toBe(least);
    }
    expect(laneScanNaive(x0, basis, { bound: least })).toEqual({ weight: least, vector: null });
  });
});

describe("lane scan: the threads' scratch vectors", () => {
  it("sit on 128-byte units of their own, inside their block, wherever the block lands", () => {
    // each thread writes its vector on every step: two vectors (or a vector and other data) on one
    // cache line, or one 128-byte pair of lines, make the threads slow each other down
    const unit = 128;
    for (const n of [1, 128, 129, 256, 400, 961, 1024, 1025, 2100]) {
      for (const threads of [2, 3, 4, 8]) {
        const size = laneSizes(n, 10, threads).sizes[3]!;
        const bytes = Math.ceil(n / 128) * 16;
        // blocks are 16-aligned: every offset modulo 128, at a low and a high address
        for (const ptr of Array.from({ length: 16 }, (_, j) => [16 * j, 65536 + 16 * j]).flat()) {
          const { base, stride } = laneScratch(ptr, bytes, threads);
          const owner = new Map<number, number>();
          for (let t = 0; t < threads; t++) {
            const start = base + t * stride;
            const end = start + bytes;
            expect(start % 16).toBe(0);
            expect(Math.floor(start / unit) * unit).toBeGreaterThanOrEqual(ptr);
            expect(Math.ceil(end / unit) * unit).toBeLessThanOrEqual(ptr + size);
            for (let u = Math.floor(start / unit); u < Math.ceil(end / unit); u++) {
              expect(owner.get(u) ?? t).toBe(t);
              owner.set(u, t);
            }
          }
        }
      }
    }
  });
});

describe("lane scan: progress and cancellation", () => {
  const n = 31;
  const k = 26;
  const x0 = bits(n, 5);
  const basis = Array.from({ length: k }, (_, t) => bits(n, 6 + t));

  it("reports increasing progress up to every member, on 1 and 2 threads", () => {
    for (const threads of [1, 2]) {
      const seen: number[] = [];
      const totals = new Set<number>();
      const onProgress = (done: number, total: number) => {
        seen.push(done);
        totals.add(total);
      };
      laneScan(x0, basis, { threads, onProgress });
      expect([...totals]).toEqual([2 ** k]);
      expect(seen.length).toBeGreaterThan(1);
      expect(seen.every((d, i) => i === 0 || d > seen[i - 1]!)).toBe(true);
      expect(seen.at(-1)).toBe(2 ** k);
    }
  });

  it("stops with the signal's reason or the callback's error, and scans again afterwards", () => {
    const reference = laneScan(x0, basis);
    for (const threads of [1, 2]) {
      const aborted = new AbortController();
      aborted.abort(new Error("stop now"));
      expect(() => laneScan(x0, basis, { threads, signal: aborted.signal })).toThrow("stop now");
      const later = new AbortController();
      const stop = () => {
        later.abort(new Error("stopped midway"));
      };
      expect(() => laneScan(x0, basis, { threads, signal: later.signal, onProgress: stop })).toThrow("stopped midway");
      expect(() =>
        laneScan(x0, basis, {
          threads,
          onProgress: () => {
            throw new Error("from the callback");
          },
        }),
      ).toThrow("from the callback");
      const again = laneScan(x0, basis, { threads });
      expect([again.weight, str(again.vector!)]).toEqual([reference.weight, str(reference.vector!)]);
    }
  });

  it("refuses spans beyond its limit before scanning", () => {
    const many = Array.from({ length: 49 }, () => new Uint8Array(4));
    expect(() => laneScan(new Uint8Array(4), many)).toThrow(/at most 48 generators, got 49/);
    expect(() => laneScanNaive(new Uint8Array(4), many)).toThrow(/at most 48 generators, got 49/);
  });
});

describe("fewestPressesByIlp on a block above the default limit (the lane scan on every core)", () => {
  it("proves the register kernel's minimum and its presses clear the board", async () => {
    // the 2 x 27 torus with the king rule: one block of 29 on 54 cells, above the default 28
    const board = gridBoard(2, 27, { torus: true, rule: "king" });
    const lights = randomPuzzle(board, { seed: 1 });
    // a limit no machine reaches, so that the scan is always taken (no timing in the outcome)
    const r = await fewestPressesByIlp(board, lights, { timeLimitMs: 3_600_000 });
    expect(r).toMatchObject({ optimal: true, status: "enumerated", blocks: [29] });
    const exact = fewestPresses(board, lights, { maxNullity: 31 });
    expect(r.count).toBe(exact.count);
    expect(weight(r.presses!)).toBe(r.count);
    expect(pressed(board, lights, r.presses!).every((v) => v === 0)).toBe(true);
  }, 120_000);
});
