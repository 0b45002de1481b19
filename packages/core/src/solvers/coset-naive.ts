// The plain TypeScript twins of the coset scans (coset.ts runs the kernels):
// the same members in the same order, on packed 32-bit words, full popcounts
// rather than lanes. Tests compare them with the kernels; `engine: "ts"`
// runs them.

import { lowestSetBit, packBits, popcount32, unpackBits, weightOf } from "./bits.js";
import {
  checkLaneScan,
  type cosetDistribution,
  type laneScan,
  laneLayout,
  laneMember,
  type leastInCoset,
  SLICE,
  type ScanControl,
} from "./coset.js";

/**
 * Walks x0 + span(rows) in Gray-code order from member 1 (cur starts as
 * x0 packed): member i is member i - 1 plus rows[lowest set bit of i];
 * `visit(i, weight)` sees each with cur holding it.
 */
function grayWalk(
  cur: Uint32Array,
  rows: readonly Uint32Array[],
  control: ScanControl,
  visit: (i: number, weight: number) => void,
): void {
  const total = 2 ** rows.length;
  for (let start = 1; start < total; start += SLICE) {
    control.signal?.throwIfAborted();
    const end = Math.min(total, start + SLICE);
    for (let i = start; i < end; i++) {
      const row = rows[lowestSetBit(i)]!;
      let w = 0;
      for (let j = 0; j < cur.length; j++) w += popcount32((cur[j]! ^= row[j]!));
      visit(i, w);
    }
    control.onProgress?.(end, total);
  }
}

/** Twin of {@link leastInCoset}: least weight over x0 + span(basis), then the lexicographically smallest. */
export const leastInCosetNaive: typeof leastInCoset = (x0, basis, control = {}) => {
  const n = x0.length;
  const words = Math.max(1, Math.ceil(n / 32));
  const cur = packBits(x0, words);
  const best = cur.slice();
  let bestW = weightOf(cur);
  grayWalk(
    cur,
    basis.map((b) => packBits(b, words)),
    control,
    (_, w) => {
      if (w < bestW || (w === bestW && packedLess(cur, best))) {
        best.set(cur);
        bestW = w;
      }
    },
  );
  return { weight: bestW, vector: unpackBits(best, n) };
};

/** Lexicographic order of packed vectors (bit 0 first): a < b. */
function packedLess(a: Uint32Array, b: Uint32Array): boolean {
  for (let j = 0; j < a.length; j++) {
    const d = a[j]! ^ b[j]!;
    if (d !== 0) return (a[j]! & (d & -d)) === 0;
  }
  return false;
}

function popcountBig(v: bigint): number {
  let w = 0;
  for (; v !== 0n; v &= v - 1n) w++;
  return w;
}

/** Twin of {@link cosetDistribution}: counts[w] = number of cosets whose least weight is w (n + 1 slots). */
export const cosetDistributionNaive: typeof cosetDistribution = (n, split, control = {}) => {
  const counts = new Array<bigint>(n + 1).fill(0n);
  const total = 2 ** split.free.length;
  const units = split.free.map((j) => 1n << BigInt(j));
  let r = 0n;
  for (let i = 0; i < total; i++) {
    if (i > 0) {
      if (i % SLICE === 0) {
        control.signal?.throwIfAborted();
        control.onProgress?.(i, total);
      }
      r ^= units[lowestSetBit(i)]!;
    }
    let m = n;
    for (const s of split.span) m = Math.min(m, popcountBig(r ^ s));
    counts[m]! += 1n;
  }
  control.onProgress?.(total, total);
  return counts;
};

/** Twin of {@link laneScan}: the same members in the layout's generator order, the first of least weight. */
export const laneScanNaive: typeof laneScan = (x0, basis, options = {}) => {
  const n = x0.length;
  checkLaneScan(n, basis.length);
  const { gens } = laneLayout(n, basis);
  const words = Math.ceil(n / 32);
  const cur = packBits(x0, words);
  const w = weightOf(cur);
  let bestW = options.bound ?? n + 1;
  let bestI = -1;
  if (w < bestW) {
    bestW = w;
    bestI = 0;
  }
  grayWalk(
    cur,
    Array.from(gens, (g) => packBits(basis[g]!, words)),
    options,
    (i, weight) => {
      if (weight < bestW) {
        bestW = weight;
        bestI = i;
      }
    },
  );
  return { weight: bestW, vector: bestI < 0 ? null : laneMember(x0, basis, gens, bestI) };
};
