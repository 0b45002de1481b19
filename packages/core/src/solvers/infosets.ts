// The least weight of a coset x0 + span(basis) by search over disjoint
// information sets, with a lower bound (after A. E. Brouwer's minimum
// distance algorithm with K.-H. Zimmermann's bound, "Brouwer-Zimmermann",
// as in M. Grassl, "Searching for linear codes with large minimum
// distance", 2006, here for a coset rather than the code itself).
//
// An information set I is a set of k cells (k = the dimension) on which
// the span is all of GF(2)^I: a member v of the coset is fixed by v|I. With
// m disjoint information sets I_1..I_m, level t lists, for each j, every
// member whose restriction to I_j has exactly t ones. After levels 0..t, a
// member not yet listed has at least t + 1 ones on every I_j, so at least
// m (t + 1) in all: once the best listed weighs no more, it is the minimum.
// A last set of rank r < k counts too when each of its patterns is listed
// with all 2^(k - r) members that show it.
// This is fast when the minimum is small beside m k (a board with few
// presses for its size), and gives a lower bound in any case.

import { callKernel, infoSetTailKernel, kernelCopy, kernelView, withScratch } from "../internal/kernel.js";
import { strideWords } from "../internal/layout.js";
import { packBits, unpackBits, weightOf } from "./bits.js";
import { type LevelLister, listLevelNaive, walkPrefixes } from "./infosets-naive.js";

/** What the search found: the best member listed, a proven lower bound, and whether they meet. */
export interface InfoSetResult {
  weight: number;
  /** The best member listed, one 0/1 entry per cell. */
  vector: Uint8Array;
  lowerBound: number;
  proven: boolean;
}

/**
 * One set of cells in systematic form: `rows[i]` is 1 at pivot cell i of the
 * set and 0 at the others, `extra` span the members that are 0 on all of
 * the set (none for a full information set), and y is 0 on the set.
 */
interface Systematic {
  y: Uint32Array;
  rows: Uint32Array[];
  extra: Uint32Array[];
}

/** Largest number of extra rows of a partial set (2^extra members per pattern on it). */
const MAX_EXTRA = 8;

/**
 * Greedy disjoint sets: Gauss-Jordan on the cells not used yet. Full
 * information sets (k pivots) while there are, then one partial set of rank
 * at least k - MAX_EXTRA (Zimmermann's refinement: it adds to the bound too,
 * at 2^(k - rank) members per pattern).
 */
function informationSets(x0: Uint32Array, basis: readonly Uint32Array[], cells: number): Systematic[] {
  const k = basis.length;
  const words = x0.length;
  const used = new Uint8Array(cells);
  const sets: Systematic[] = [];
  for (;;) {
    const rows = basis.map((b) => b.slice());
    const pivots: number[] = [];
    for (let c = 0; c < cells && pivots.length < k; c++) {
      if (used[c]) continue;
      const w = c >>> 5;
      const bit = 1 << (c & 31);
      const r = pivots.length;
      let p = r;
      while (p < k && (rows[p]![w]! & bit) === 0) p++;
      if (p === k) continue;
      [rows[r], rows[p]] = [rows[p]!, rows[r]!];
      for (let i = 0; i < k; i++) {
        if (i !== r && rows[i]![w]! & bit) for (let t = 0; t < words; t++) rows[i]![t]! ^= rows[r]![t]!;
      }
      pivots.push(c);
    }
    const rank = pivots.length;
    if (rank === 0 || rank < k - MAX_EXTRA) return sets;
    const y = x0.slice();
    pivots.forEach((c, i) => {
      if ((y[c >>> 5]! >>> (c & 31)) & 1) for (let t = 0; t < words; t++) y[t]! ^= rows[i]![t]!;
    });
    for (const c of pivots) used[c] = 1;
    sets.push({ y, rows: rows.slice(0, rank), extra: rows.slice(rank) });
    if (rank < k) return sets;
  }
}

/**
 * Searches x0 + span(basis) level by level over disjoint information sets
 * until the minimum is proven or the clock reaches `deadline`
 * (performance.now() time).
 *
 * @param x0 - One 0/1 entry per cell.
 * @param basis - Independent vectors (k of them), one entry per cell.
 * @param deadline - When to stop, in performance.now() milliseconds.
 * @param engine - "wasm" (default): full sets are listed by the kernel (infoSetTail), the same
 *   members in the same order as "ts", which lists them in TypeScript.
 * @param tail - Positions of a subset the kernel lists per call (the rest are walked in TypeScript; for tests).
 * @returns The best member listed, with a proven lower bound on the minimum.
 */
export function searchInformationSets(
  x0: ArrayLike<number>,
  basis: readonly ArrayLike<number>[],
  deadline: number,
  engine: "wasm" | "ts" = "wasm",
  tail = TAIL,
): InfoSetResult {
  const cells = x0.length;
  const k = basis.length;
  const words = Math.max(1, Math.ceil(cells / 32));
  const pack = (v: ArrayLike<number>) => packBits(v, words);
  const start = pack(x0);
  let best = start.slice();
  let bestWeight = weightOf(start);
  if (k === 0) return { weight: bestWeight, vector: unpackBits(best, cells), lowerBound: bestWeight, proven: true };
  const sets = informationSets(start, basis.map(pack), cells);
  if (sets.length === 0) return { weight: bestWeight, vector: unpackBits(best, cells), lowerBound: 0, proven: false };
  // A partial set is listed as 2^extra full ones, one per member y' of y + span(extra) (Gray
  // order), all on the same rows: pattern by pattern on the set, the same members in all.
  const groups = sets.map(({ y, rows, extra }) => {
    const lists: Uint32Array[] = [];
    const v = y.slice();
    for (let g = 0; g < 2 ** extra.length; g++) {
      if (g > 0) {
        const row = extra[31 - Math.clz32(g & -g)]!;
        for (let i = 0; i < words; i++) v[i]! ^= row[i]!;
      }
      lists.push(v.slice());
    }
    // done: levels finished on this set; a member not listed yet has at least `done` ones on it
    return { rows, lists, done: 0 };
  });
  let outOfTime = false;
  const lister = engine === "wasm" ? tailKernel(words, k, tail) : listLevelNaive();
  /** Lists level t of one list (y and the set's rows); false when the clock stopped it. */
  const listLevel = (y: Uint32Array, rows: readonly Uint32Array[], t: number): boolean => {
    if (t === 0) {
      const w = weightOf(y);
      if (w < bestWeight) {
        bestWeight = w;
        best = y.slice();
      }
      return true;
    }
    const found = lister(y, rows, t, bestWeight, deadline);
    if (found.weight < bestWeight) {
      bestWeight = found.weight;
      best = found.vector!;
    }
    return !found.outOfTime;
  };
  // The bound is the sum of the levels done over the (disjoint) sets. A partial set is listed only
  // while a level of it costs no more than a level of a full set (2^extra C(rank, t) against
  // C(k, t) members): past that, it keeps the levels it has and the full sets go on.
  let bound = 0;
  let allListed = false;
  for (let t = 0; t <= k && !outOfTime && !allListed && bestWeight > bound; t++) {
    for (const group of groups) {
      if (group.done !== t) continue;
      const r = group.rows.length;
      if (t > 0 && t <= r && group.lists.length > 1 && group.lists.length * binomial(r, t) > binomial(k, t)) continue;
      if (t <= r) {
        for (const y of group.lists) {
          if (!listLevel(y, group.rows, t)) {
            outOfTime = true;
            break;
          }
        }
        if (outOfTime) break;
      }
      group.done = t + 1;
      bound++;
      // past its rank, every member of the coset has been listed (each is fixed by its pattern on
      // the set and, for a partial set, by the extra rows, all of which were taken)
      if (group.done > r) allListed = true;
      if (bestWeight <= bound || allListed) break;
    }
  }
  const proven = bestWeight <= bound || allListed;
  return { weight: bestWeight, vector: unpackBits(best, cells), lowerBound: proven ? bestWeight : bound, proven };
}

/** C(n, t) as a float (counts of members only). */
function binomial(n: number, t: number): number {
  let c = 1;
  for (let i = 0; i < t; i++) c = (c * (n - i)) / (i + 1);
  return c;
}

/** Positions of a subset the kernel lists per call: at most C(48, 6), about 12 M members (tens of ms). */
const TAIL = 6;

/**
 * Lists level t of a full information set with the WASM kernel: the subsets
 * of the set's rows in lexicographic order, the first t - TAIL positions
 * (the prefix) walked here, the rest by infoSetTail, the clock read between
 * calls. The same members in the same order as the TypeScript loop, so the
 * same first improvement. Vectors are `words32` 32-bit words.
 */
export function tailKernel(words32: number, k: number, tail: number): LevelLister {
  const words64 = strideWords(words32 * 32);
  const bytes = words64 * 8;
  return (y, rows, t, bound, deadline) => {
    const s = Math.min(t, tail);
    // v, rows, acc (s rows), chosen, best
    return withScratch("the information-set search", [bytes, bytes * k, bytes * s, 4 * s, bytes], (ptrs) => {
      const [v, rowsp, acc, chosen, best] = ptrs;
      const put = (row: Uint32Array, at: number) => {
        const view = kernelView(Uint32Array, at, bytes / 4);
        view.fill(0);
        view.set(row);
      };
      rows.forEach((row, i) => put(row, rowsp + i * bytes));
      const args = { v, rows: rowsp, from: 0, r: rows.length, words: words64, s, acc, chosen, best, bestWeight: bound };
      let improved = false;
      // prefixes of t - s rows here, the last s positions by the kernel, the clock read between calls
      const done = walkPrefixes(y, rows, t - s, s, (sum, from) => {
        put(sum, v);
        const before = args.bestWeight;
        args.from = from;
        callKernel("the information-set search", infoSetTailKernel, args); // the best weight comes back in args
        if (args.bestWeight < before) improved = true;
        return performance.now() <= deadline;
      });
      return {
        weight: args.bestWeight,
        vector: improved ? kernelCopy(Uint32Array, best, words32) : undefined,
        outOfTime: !done,
      };
    });
  };
}
