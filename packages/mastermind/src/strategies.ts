/**
 * How each strategy picks the next guess from the codes still possible (the
 * candidate set S). The partition of S by the score of a guess g decides:
 *
 * | strategy | picks the g that | source |
 * | --- | --- | --- |
 * | `knuth` | minimises the largest part (minimax) | Knuth 1977 |
 * | `expected` | minimises the expected size of the part left, sum c^2 / abs(S) | Irving 1978 |
 * | `entropy` | maximises the entropy of the score, i.e. minimises sum c ln c | Neuwirth 1982 |
 * | `most-parts` | maximises the number of non-empty parts | Kooi 2005 |
 * | `consistent` | is a random code of S (seeded, reproducible) | the baseline |
 *
 * Every guess in the code space is considered (not only consistent ones);
 * ties go to a guess in S, then to the lowest code. With no information yet
 * (S = all codes) the value of a guess is the same for every code obtained
 * from it by permuting colours and positions, so only the lowest code of each
 * such class is scored (7 classes on [5,8] instead of 32,768 codes).
 *
 * @module
 */
import type { ScoreKernel } from "./_kernel.js";

/** The solver strategies: see the table in the module comment. */
export type Strategy = "knuth" | "expected" | "entropy" | "most-parts" | "consistent";

/** All strategies, in the order the docs list them. */
export const STRATEGIES: readonly Strategy[] = ["knuth", "expected", "entropy", "most-parts", "consistent"];

/** Candidates scored per chunk before a strictly worse guess is abandoned. */
const CHUNK = 256;
const EPSILON = 1e-9;

/** Per-kernel scratch space and the cached first guesses. */
interface Workspace {
  inS: Uint8Array;
  row: Uint8Array;
  tally: Uint32Array;
  canonical: Uint32Array;
  firstGuess: Map<string, number>;
}
const workspaces = new WeakMap<ScoreKernel, Workspace>();

function workspaceOf(kernel: ScoreKernel): Workspace {
  let w = workspaces.get(kernel);
  if (!w) {
    w = {
      inS: new Uint8Array(kernel.size),
      row: new Uint8Array(kernel.size),
      tally: new Uint32Array(kernel.scoreCount),
      canonical: canonicalCodes(kernel),
      firstGuess: new Map(),
    };
    workspaces.set(kernel, w);
  }
  return w;
}

/**
 * The lowest code of each class under permutations of positions and colours:
 * colours non-decreasing, starting at 0, stepping by at most 1, with runs
 * getting no longer (1111, 1112, 1122, 1123, 1234 on [4,6]).
 */
function canonicalCodes(kernel: ScoreKernel): Uint32Array {
  const out: number[] = [];
  const { n, digits, size } = kernel;
  for (let i = 0; i < size; i++) {
    let ok = digits[i * n] === 0;
    let run = 1;
    let lastRun = Infinity;
    for (let p = 1; p < n && ok; p++) {
      const step = digits[i * n + p]! - digits[i * n + p - 1]!;
      if (step === 0) run++;
      else if (step === 1) {
        if (run > lastRun) ok = false;
        lastRun = run;
        run = 1;
      } else ok = false;
    }
    if (ok && run <= lastRun) out.push(i);
  }
  return Uint32Array.from(out);
}

/** c ln c for c = 0, 1, ... (grown on demand). */
let entropyTerms = new Float64Array([0, 0]);
function entropyTerm(upTo: number): Float64Array {
  if (entropyTerms.length <= upTo) {
    const next = new Float64Array(Math.max(upTo + 1, entropyTerms.length * 2));
    for (let c = 1; c < next.length; c++) next[c] = c * Math.log(c);
    entropyTerms = next;
  }
  return entropyTerms;
}

/**
 * The next guess for candidate set `S = candidates[0..length)` (code
 * indices, ascending).
 *
 * @param kernel - the scorer of the code space
 * @param candidates - the codes still possible, ascending, at least one
 * @param length - how many entries of `candidates` are used
 * @param strategy - the rule
 * @param seed - seed of the `consistent` strategy
 * @returns the index of the guess
 */
export function chooseGuess(kernel: ScoreKernel, candidates: Uint32Array, length: number, strategy: Strategy, seed: number): number {
  if (length <= 2) return candidates[0]!;
  if (strategy === "consistent") return candidates[pickIndex(candidates, length, seed)]!;
  const w = workspaceOf(kernel);
  const root = length === kernel.size;
  const key = `${strategy}`;
  if (root) {
    const cached = w.firstGuess.get(key);
    if (cached !== undefined) return cached;
  }
  const { inS, row, tally } = w;
  for (let i = 0; i < length; i++) inS[candidates[i]!] = 1;
  try {
    let best = Infinity;
    let bestGuess = -1;
    let bestInS = false;
    const perfect = strategy === "knuth" ? 1 : strategy === "expected" ? length : strategy === "entropy" ? 0 : -length;
    const terms = strategy === "entropy" ? entropyTerm(length + 1) : undefined;
    const consider = (g: number): boolean => {
      const value = valueOf(kernel, g, candidates, length, strategy, best, row, tally, terms);
      const isIn = inS[g] === 1;
      const better =
        value < best - EPSILON ||
        (value <= best + EPSILON && ((isIn && !bestInS) || (isIn === bestInS && g < bestGuess)));
      if (better) {
        best = value;
        bestGuess = g;
        bestInS = isIn;
      }
      // A consistent guess splitting S into singletons cannot be beaten, and
      // candidates are scanned in ascending order: it is the choice.
      return isIn && value <= perfect + EPSILON;
    };
    if (root) {
      for (const g of w.canonical) consider(g);
    } else {
      // Consistent codes first: a good bound early lets worse guesses stop sooner.
      for (let i = 0; i < length; i++) if (consider(candidates[i]!)) return candidates[i]!;
      for (let g = 0; g < kernel.size; g++) if (inS[g] === 0) consider(g);
    }
    if (root) w.firstGuess.set(key, bestGuess);
    return bestGuess;
  } finally {
    for (let i = 0; i < length; i++) inS[candidates[i]!] = 0;
  }
}

/**
 * The value of guess g (lower is better), or any value above `bound` as soon
 * as the guess is known to be strictly worse than `bound`.
 */
function valueOf(
  kernel: ScoreKernel,
  g: number,
  candidates: Uint32Array,
  length: number,
  strategy: Strategy,
  bound: number,
  row: Uint8Array,
  tally: Uint32Array,
  terms: Float64Array | undefined,
): number {
  // tally is all zero on entry; clearing only the parts touched (not all
  // n(n+1)+1 of them) took entropy on [5,8] from 71 s to ... s: most sets are small.
  let scored = 0;
  let value = 0;
  if (strategy === "knuth") {
    let largest = 0;
    for (let from = 0; from < length && largest <= bound; from += CHUNK) {
      const to = Math.min(length, from + CHUNK);
      kernel.scoreRow(g, candidates, from, to, row);
      for (let i = from; i < to; i++) {
        const c = ++tally[row[i]!]!;
        if (c > largest) largest = c;
      }
      scored = to;
    }
    value = largest;
  } else if (strategy === "most-parts") {
    kernel.scoreRow(g, candidates, 0, length, row);
    let parts = 0;
    for (let i = 0; i < length; i++) if (tally[row[i]!]!++ === 0) parts++;
    scored = length;
    value = -parts;
  } else {
    // expected: sum c^2; entropy: sum c ln c. Both only grow as parts fill up.
    let sum = 0;
    for (let from = 0; from < length && sum <= bound + EPSILON; from += CHUNK) {
      const to = Math.min(length, from + CHUNK);
      kernel.scoreRow(g, candidates, from, to, row);
      if (terms === undefined) {
        for (let i = from; i < to; i++) sum += 2 * tally[row[i]!]!++ + 1;
      } else {
        for (let i = from; i < to; i++) {
          const c = tally[row[i]!]!++;
          sum += terms[c + 1]! - terms[c]!;
        }
      }
      scored = to;
    }
    if (terms !== undefined && scored === length) {
      // Re-add part by part in score order, so equal partitions give bit-identical sums.
      sum = 0;
      for (let t = 0; t < tally.length; t++) sum += terms[tally[t]!]!;
    }
    value = sum;
  }
  for (let i = 0; i < scored; i++) tally[row[i]!] = 0;
  return value;
}

/**
 * The position in S of the `consistent` strategy's pick: a hash of the seed
 * and of S itself, so the same candidate set always gives the same guess
 * (move-by-move play and the whole-tree evaluation agree).
 */
function pickIndex(candidates: Uint32Array, length: number, seed: number): number {
  let h = (0x811c9dc5 ^ Math.imul(seed | 0, 0x9e3779b1)) >>> 0;
  for (let i = 0; i < length; i++) h = Math.imul(h ^ candidates[i]!, 0x01000193);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) % length;
}
