// The information-set search against a brute force over the whole coset.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { searchInformationSets, tailKernel } from "../src/solvers/infosets.js";

/** Deterministic 0/1 vectors from a seed (a plain LCG). */
function bits(n: number, seed: number, density = 0.5): Uint8Array {
  let s = (seed * 2654435761) >>> 0 || 1;
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    out[i] = (s >>> 8) / 2 ** 24 < density ? 1 : 0;
  }
  return out;
}

/** Independent vectors: random ones kept when they raise the rank (plain elimination). */
function independent(n: number, k: number, seed: number, density: number): Uint8Array[] {
  const kept: Uint8Array[] = [];
  const reduced: Uint8Array[] = [];
  for (let s = 0; kept.length < k && s < 50 * k + 50; s++) {
    const v = bits(n, seed * 1000 + s, density);
    const r = Uint8Array.from(v);
    for (const row of reduced) {
      const p = row.indexOf(1);
      if (r[p]) for (let j = 0; j < n; j++) r[j]! ^= row[j]!;
    }
    if (r.includes(1)) {
      kept.push(v);
      reduced.push(r);
    }
  }
  return kept;
}

function bruteWeight(x0: Uint8Array, basis: readonly Uint8Array[]): number {
  let best = Infinity;
  for (let mask = 0; mask < 2 ** basis.length; mask++) {
    const v = Uint8Array.from(x0);
    basis.forEach((b, t) => {
      if ((mask >>> t) & 1) for (let j = 0; j < v.length; j++) v[j]! ^= b[j]!;
    });
    best = Math.min(
      best,
      v.reduce((a, b) => a + b, 0),
    );
  }
  return best;
}

describe("searchInformationSets", () => {
  it("proves the brute-force minimum; the vector is in the coset and has that weight", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 90 }),
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 0, max: 1e9 }),
        fc.constantFrom(0.05, 0.2, 0.5),
        (n, k0, seed, density) => {
          const basis = independent(n, Math.min(k0, n), seed, density);
          const x0 = bits(n, seed + 7, density);
          const r = searchInformationSets(x0, basis, Number.POSITIVE_INFINITY);
          const expected = bruteWeight(x0, basis);
          expect(r).toMatchObject({ weight: expected, lowerBound: expected, proven: true });
          expect(r.vector.reduce((a, b) => a + b, 0)).toBe(expected);
          // r.vector - x0 lies in the span: adding it to the basis does not raise the rank
          const diff = r.vector.map((b, j) => b ^ x0[j]!);
          expect(inSpan(diff, basis)).toBe(true);
        },
      ),
      { numRuns: 300, seed: 14 },
    );
  });

  it("the WASM kernel lists the same members in the same order as TypeScript (same answer)", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(31, 32, 33, 40, 63, 64, 65, 127, 128, 129, 400),
        fc.integer({ min: 1, max: 14 }),
        fc.integer({ min: 0, max: 1e9 }),
        fc.constantFrom(0.2, 0.5),
        fc.constantFrom(1, 2, 6),
        (n, k0, seed, density, tail) => {
          const basis = independent(n, Math.min(k0, n), seed, density);
          const x0 = bits(n, seed + 7, density);
          const ts = searchInformationSets(x0, basis, Number.POSITIVE_INFINITY, "ts");
          const wasm = searchInformationSets(x0, basis, Number.POSITIVE_INFINITY, "wasm", tail);
          expect(wasm).toEqual(ts);
          if (basis.length <= 12) expect(wasm.weight).toBe(bruteWeight(x0, basis));
        },
      ),
      { numRuns: 150, seed: 15 },
    );
  });

  it("one level of the kernel: the least weight over every t-subset of the rows (brute force)", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(5, 31, 33, 64, 65, 129),
        fc.integer({ min: 1, max: 11 }),
        fc.integer({ min: 0, max: 1e9 }),
        fc.constantFrom(1, 2, 3, 6),
        (n, r, seed, tail) => {
          const words = Math.ceil(n / 32);
          const pack = (v: Uint8Array) => {
            const out = new Uint32Array(words);
            v.forEach((b, j) => (out[j >>> 5]! |= b << (j & 31)));
            return out;
          };
          const y = bits(n, seed, 0.5);
          const rows = Array.from({ length: r }, (_, i) => bits(n, seed + 1 + i, 0.3));
          for (let t = 1; t <= r; t++) {
            // brute force: every subset of exactly t rows
            let least = Infinity;
            for (let mask = 0; mask < 2 ** r; mask++) {
              let ones = 0;
              for (let i = 0; i < r; i++) ones += (mask >>> i) & 1;
              if (ones !== t) continue;
              const v = Uint8Array.from(y);
              rows.forEach((row, i) => {
                if ((mask >>> i) & 1) for (let j = 0; j < n; j++) v[j]! ^= row[j]!;
              });
              least = Math.min(
                least,
                v.reduce((a, b) => a + b, 0),
              );
            }
            const level = tailKernel(words, r, tail)(pack(y), rows.map(pack), t, n + 1, Number.POSITIVE_INFINITY);
            expect(level.weight).toBe(least);
            expect(level.outOfTime).toBe(false);
          }
        },
      ),
      { numRuns: 60, seed: 16 },
    );
  });

  it("stopped at once, its bound is still below the minimum and its vector still a member", () => {
    for (let seed = 1; seed <= 30; seed++) {
      const n = 60;
      const basis = independent(n, 12, seed, 0.3);
      const x0 = bits(n, seed + 3);
      const r = searchInformationSets(x0, basis, Number.NEGATIVE_INFINITY);
      const expected = bruteWeight(x0, basis);
      expect(r.lowerBound).toBeLessThanOrEqual(expected);
      expect(r.weight).toBeGreaterThanOrEqual(expected);
      expect(
        inSpan(
          r.vector.map((b, j) => b ^ x0[j]!),
          basis,
        ),
      ).toBe(true);
      if (r.proven) expect(r.weight).toBe(expected);
    }
  });
});

/** Whether v is a sum of basis vectors (plain elimination). */
function inSpan(v: Uint8Array, basis: readonly Uint8Array[]): boolean {
  const rows = basis.map((b) => Uint8Array.from(b));
  const r = Uint8Array.from(v);
  const n = v.length;
  let rank = 0;
  for (let c = 0; c < n && rank < rows.length; c++) {
    const p = rows.findIndex((row, i) => i >= rank && row[c] === 1);
    if (p < 0) continue;
    [rows[rank], rows[p]] = [rows[p]!, rows[rank]!];
    for (let i = 0; i < rows.length; i++)
      if (i !== rank && rows[i]![c]) for (let j = 0; j < n; j++) rows[i]![j]! ^= rows[rank]![j]!;
    if (r[c]) for (let j = 0; j < n; j++) r[j]! ^= rows[rank]![j]!;
    rank++;
  }
  return !r.includes(1);
}
