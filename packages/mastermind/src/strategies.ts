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

/**
 * The solver strategies: `knuth` (minimax), `expected` (expected size),
 * `entropy`, `most-parts`, `consistent` (seeded random consistent code).
 *
 * @example
 * ```ts
 * const strategy: Strategy = "entropy";
 * new Solver(new CodeSpace(4, 6), { strategy }).nextGuess(); // [1, 2, 3, 4]
 * ```
 */
export type Strategy = "knuth" | "expected" | "entropy" | "most-parts" | "consistent";

/**
 * All strategies, in the order the docs list them.
 *
 * @example
 * ```ts
 * for (const strategy of STRATEGIES) evaluate(new CodeSpace(3, 4), { strategy });
 * ```
 */
export const STRATEGIES: readonly Strategy[] = ["knuth", "expected", "entropy", "most-parts", "consistent"];

const EPSILON = 1e-9;

/** Per-kernel scratch space and the cached first guesses. */
interface Workspace {
  inS: Uint8Array;
  /** Score codes of one guess (up to n(n+1) = 420: 16-bit). */
  row: Uint16Array;
  tally: Uint32Array;
  canonical: Uint32Array;
  /** Bit j set when code i uses colour j (k <= 31; undefined beyond). */
  colorMask: Uint32Array | undefined;
  firstGuess: Map<string, number>;
}
const workspaces = new WeakMap<ScoreKernel, Workspace>();

function workspaceOf(kernel: ScoreKernel): Workspace {
  let w = workspaces.get(kernel);
  if (!w) {
    w = {
      inS: new Uint8Array(kernel.size),
      row: new Uint16Array(kernel.size),
      tally: new Uint32Array(kernel.scoreCount),
      canonical: canonicalCodes(kernel),
      colorMask: colorMasks(kernel),
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

function colorMasks(kernel: ScoreKernel): Uint32Array | undefined {
  const { n, k, digits, size } = kernel;
  if (k > 31) return undefined;
  const masks = new Uint32Array(size);
  for (let i = 0; i < size; i++) for (let p = 0; p < n; p++) masks[i]! |= 1 << digits[i * n + p]!;
  return masks;
}

/**
 * The colours a guess outside S needs to be scored with: those used by some
 * code of S, and the lowest unused one. An unused colour matches nothing in
 * S, so a guess scores the same with any unused colour in place of another;
 * the variant with the lowest unused colour is the lowest code of them all
 * and wins the tie. Returns the mask of allowed colours.
 */
function allowedColors(kernel: ScoreKernel, masks: Uint32Array, candidates: Uint32Array, length: number): number {
  let used = 0;
  for (let i = 0; i < length; i++) used |= masks[candidates[i]!]!;
  const all = kernel.k === 32 ? 0xffffffff : (1 << kernel.k) - 1;
  const unused = all & ~used;
  return (used | (unused & -unused)) >>> 0;
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
 * @param usedColors - bit j set when colour j + 1 occurs in some guess
 *   already scored (S must then be exactly the codes consistent with those
 *   scores); all ones when unknown
 * @param twinOf - for each position, the previous position that every
 *   scored guess has the same colour in (-1 if none); S must then be exactly
 *   the codes consistent with those scores. Undefined when unknown.
 * @returns the index of the guess
 */
export function chooseGuess(
  kernel: ScoreKernel,
  candidates: Uint32Array,
  length: number,
  strategy: Strategy,
  seed: number,
  usedColors = 0xffffffff,
  twinOf?: Int8Array,
): number {
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
      const value = guessValue(kernel, g, candidates, length, strategy, best, row, tally, terms);
      const isIn = inS[g] === 1;
      const better =
        value < best - EPSILON ||
        (value <= best + EPSILON && ((isIn && !bestInS) || (isIn === bestInS && g < bestGuess)));
      if (better) {
        best = value;
        bestGuess = g;
        bestInS = isIn;
      }
      // Splitting S into singletons cannot be beaten. Consistent codes are
      // scanned first, then the others, each in ascending order, so the
      // first guess to do it is the choice (on [5,8] this cut the entropy
      // evaluation by a third: most candidate sets deep in the tree are small).
      return value <= perfect + EPSILON;
    };
    if (root) {
      for (const g of w.canonical) consider(g);
    } else {
      const masks = w.colorMask;
      // Colours no scored guess has used are interchangeable in S: a guess
      // and its image under a permutation of them have the same partition
      // sizes, and the one bringing them in as 1st, 2nd, ... lowest free
      // colour is the lowest code of them all, so only that one is scored.
      // On [5,8] after 11234 (free: 5..8) this skips most codes.
      // Likewise positions that every scored guess colours alike can be
      // swapped: only guesses non-decreasing along such positions are scored.
      const free = masks === undefined ? 0 : (((1 << kernel.k) - 1) & ~usedColors) >>> 0;
      const twins = twinOf?.some((q) => q >= 0) ? twinOf : undefined;
      const symmetric = (free & (free - 1)) !== 0 || twins !== undefined;
      const { digits, n } = kernel;
      const canonical = (g: number): boolean => {
        if (twins !== undefined) {
          for (let p = 0; p < n; p++) {
            const q = twins[p]!;
            if (q >= 0 && digits[g * n + q]! > digits[g * n + p]!) return false;
          }
        }
        let pending = free;
        for (let p = 0; p < n; p++) {
          const bit = 1 << digits[g * n + p]!;
          if ((pending & bit) !== 0) {
            if (bit !== (pending & -pending)) return false;
            pending &= ~bit;
          }
        }
        return true;
      };
      // Consistent codes first: a good bound early lets worse guesses stop sooner.
      for (let i = 0; i < length; i++) {
        const g = candidates[i]!;
        if ((!symmetric || canonical(g)) && consider(g)) return g;
      }
      if (masks === undefined) {
        for (let g = 0; g < kernel.size; g++) if (inS[g] === 0 && consider(g)) return g;
      } else {
        // On [5,8] this skips about half of the codes in the deep, small sets.
        const banned = ~allowedColors(kernel, masks, candidates, length) >>> 0;
        for (let g = 0; g < kernel.size; g++) {
          if (inS[g] === 0 && (masks[g]! & banned) === 0 && (!symmetric || canonical(g)) && consider(g)) return g;
        }
      }
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
function guessValue(
  kernel: ScoreKernel,
  g: number,
  candidates: Uint32Array,
  length: number,
  strategy: Strategy,
  bound: number,
  row: Uint16Array,
  tally: Uint32Array,
  terms: Float64Array | undefined,
): number {
  if (strategy === "most-parts") {
    kernel.scoreRow(g, candidates, 0, length, row);
    let parts = 0;
    for (let i = 0; i < length; i++) if (tally[row[i]!]!++ === 0) parts++;
    for (let i = 0; i < length; i++) tally[row[i]!] = 0;
    return -parts;
  }
  // The scoring of kernel.scoreRow, inlined so that a guess already worse
  // than the bound stops at once (about 2x on [5,6] against scoring in chunks).
  const { packed, countId, matches, n } = kernel;
  const word = packed === undefined ? 0 : packed[g]!;
  const matchRow = countId === undefined ? 0 : countId[g]! * kernel.idCount;
  const minimax = strategy === "knuth";
  // expected: sum c^2; entropy: sum c ln c; minimax: max c. All only grow as parts fill up.
  const limit = bound + EPSILON;
  let value = 0;
  let scored = 0;
  while (scored < length && value <= limit) {
    const s = candidates[scored]!;
    let t: number;
    if (packed !== undefined) {
      const x = word ^ packed[s]!;
      const differ = Math.imul((x | (x >>> 1) | (x >>> 2) | (x >>> 3)) & 0x11111111, 0x11111111) >>> 28;
      t = (n - differ) * n + matches![matchRow + countId![s]!]!;
    } else {
      t = kernel.score(g, s);
    }
    row[scored++] = t;
    const c = tally[t]!++;
    if (minimax) {
      if (c + 1 > value) value = c + 1;
    } else if (terms === undefined) {
      value += 2 * c + 1;
    } else {
      value += terms[c + 1]! - terms[c]!;
    }
  }
  if (terms !== undefined && scored === length) {
    // Re-add the parts from scratch, so the drift of the running sum cannot
    // split ties (equal sums are compared within EPSILON).
    value = 0;
    for (let i = 0; i < length; i++) {
      const t = row[i]!;
      if (tally[t] !== 0) {
        value += terms[tally[t]!]!;
        tally[t] = 0;
      }
    }
    return value;
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

/**
 * Positions that every guess so far colours alike share a class; a new guess
 * splits the classes by its colours. Classes are numbered by first position.
 */
export function refineClasses(classes: Int32Array, guess: readonly number[]): Int32Array {
  const out = new Int32Array(classes.length);
  for (let p = 0; p < classes.length; p++) {
    out[p] = p;
    for (let q = 0; q < p; q++) {
      if (classes[q] === classes[p] && guess[q] === guess[p]) {
        out[p] = out[q]!;
        break;
      }
    }
  }
  return out;
}

/** For each position the previous position of its class, or -1. */
export function twinsOf(classes: Int32Array): Int8Array {
  const twins = new Int8Array(classes.length).fill(-1);
  for (let p = 0; p < classes.length; p++) {
    for (let q = p - 1; q >= 0; q--) {
      if (classes[q] === classes[p]) {
        twins[p] = q;
        break;
      }
    }
  }
  return twins;
}
