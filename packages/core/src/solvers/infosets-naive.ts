// The plain TypeScript twin of the information-set search's kernel
// (infosets.ts lists levels with assembly/coset.ts infoSetTail): one level
// of one set, every t-subset of its rows in lexicographic order, and the
// lexicographic walk over subsets that both listers share.

import { popcount32 } from "./bits.js";

/** What one level of one set gave: the best member lighter than the bound (or none), and whether time ran out. */
export interface LevelResult {
  weight: number;
  vector: Uint32Array<ArrayBuffer> | undefined;
  outOfTime: boolean;
}

/**
 * Lists level t >= 1 of one set: the members y + (t of the rows), all
 * `words32` 32-bit words; the best one strictly lighter than `bound`, and
 * whether the clock (performance.now() against `deadline`) stopped it.
 */
export type LevelLister = (
  y: Uint32Array,
  rows: readonly Uint32Array[],
  t: number,
  bound: number,
  deadline: number,
) => LevelResult;

/**
 * Walks the prefixes of `depth` rows of the t-subsets (t = depth + room)
 * of `rows` in lexicographic order, depth first: acc = y plus the chosen
 * rows, and `tail(acc, from)` lists the subsets that complete the prefix
 * with `room` rows from index `from` on. Stops when tail returns false
 * (and returns false); true when every prefix was visited.
 */
export function walkPrefixes(
  y: Uint32Array,
  rows: readonly Uint32Array[],
  depth: number,
  room: number,
  tail: (acc: Uint32Array, from: number) => boolean,
): boolean {
  const words = y.length;
  const r = rows.length;
  const t = depth + room;
  const chosen = new Int32Array(depth + 1);
  // acc[d]: y plus the first d chosen rows
  const acc = Array.from({ length: depth + 1 }, () => new Uint32Array(words));
  acc[0]!.set(y);
  let d = 0;
  chosen[0] = -1;
  for (;;) {
    if (d === depth) {
      if (!tail(acc[depth]!, depth === 0 ? 0 : chosen[depth - 1]! + 1)) return false;
      if (d === 0) return true;
      d--;
    }
    // the next row at this position, leaving room for the positions after it; else back up
    const next = chosen[d]! + 1;
    if (next > r - (t - d)) {
      if (d === 0) return true;
      d--;
      continue;
    }
    chosen[d] = next;
    const from = acc[d]!;
    const to = acc[d + 1]!;
    const row = rows[next]!;
    for (let i = 0; i < words; i++) to[i] = from[i]! ^ row[i]!;
    d++;
    chosen[d] = next; // the next position starts after this row
  }
}

/** Members evaluated between two looks at the clock. */
const CHECK_EVERY = 1 << 14;

/**
 * The TypeScript lister: the first t - 1 positions walked, then a tight
 * loop over the last position that only counts. One lister per search (it
 * counts members between looks at the clock across calls).
 */
export function listLevelNaive(): LevelLister {
  let sinceCheck = 0;
  return (y, rows, t, bound, deadline) => {
    const words = y.length;
    let weight = bound;
    let vector: Uint32Array<ArrayBuffer> | undefined;
    const done = walkPrefixes(y, rows, t - 1, 1, (v, from) => {
      for (let j = from; j < rows.length; j++) {
        const row = rows[j]!;
        let w = 0;
        for (let i = 0; i < words; i++) w += popcount32(v[i]! ^ row[i]!);
        if (w < weight) {
          weight = w;
          vector = new Uint32Array(words);
          for (let i = 0; i < words; i++) vector[i] = v[i]! ^ row[i]!;
        }
      }
      sinceCheck += rows.length;
      if (sinceCheck < CHECK_EVERY) return true;
      sinceCheck = 0;
      return performance.now() <= deadline;
    });
    return { weight, vector, outOfTime: !done };
  };
}
