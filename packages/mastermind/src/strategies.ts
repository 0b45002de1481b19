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
import { possibleScores } from "./score.js";
import { type GuessScorer, TwinScorer, ValueMode } from "./_twin.js";
import { WasmScorer, wasmAvailable } from "./_wasm.js";

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

/**
 * The engine of the hot loop: `wasm` (the SIMD kernel; n <= 8, k <= 16),
 * `ts` (its TypeScript twin, everywhere), `auto` (the kernel where it runs).
 *
 * @example
 * ```ts
 * evaluate(new CodeSpace(4, 6), { engine: "ts" }).total; // 5801, as with the kernel
 * ```
 */
export type Engine = "auto" | "wasm" | "ts";

/** Each strategy's value of a guess. */
const MODES: Record<Exclude<Strategy, "consistent">, ValueMode> = {
  knuth: ValueMode.Largest,
  expected: ValueMode.Squares,
  entropy: ValueMode.Entropy,
  "most-parts": ValueMode.Parts,
};

const scorers = new WeakMap<ScoreKernel, Map<string, GuessScorer>>();

/**
 * The engine's scorer of a code space (made once).
 *
 * @throws RangeError when `wasm` is asked for and cannot run here
 */
export function scorerOf(kernel: ScoreKernel, engine: Engine = "auto"): GuessScorer {
  let byEngine = scorers.get(kernel);
  if (!byEngine) {
    byEngine = new Map();
    scorers.set(kernel, byEngine);
  }
  if (engine === "wasm" && !wasmAvailable(kernel)) {
    throw new RangeError(
      `the wasm engine needs WebAssembly SIMD, at most 8 pegs and 16 colours; got [${kernel.n},${kernel.k}]` +
        " (use engine 'ts' or 'auto')",
    );
  }
  const name = engine === "wasm" || (engine === "auto" && wasmAvailable(kernel)) ? "wasm" : "ts";
  let scorer = byEngine.get(name);
  if (!scorer) {
    scorer = name === "wasm" ? new WasmScorer(kernel) : new TwinScorer(kernel);
    byEngine.set(name, scorer);
  }
  return scorer;
}

/** Per-kernel scratch space and the cached first guesses. */
interface Workspace {
  inS: Uint8Array;
  /** The guesses to score. */
  list: Uint32Array;
  /** The most parts a code outside S can split S into: the possible scores but (n, 0). */
  outerParts: number;
  /** The buffer of symmetryGuesses (made on first use). */
  symmetry?: Uint32Array;
  /** The codes passing each symmetry filter (see canonicalList). */
  canonicalLists: Map<string, Uint32Array>;
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
      list: new Uint32Array(kernel.size),
      outerParts: possibleScores(kernel.n, kernel.k).length - 1,
      canonicalLists: new Map(),
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
  engine: Engine = "auto",
): number {
  if (length <= 2) return candidates[0]!;
  if (strategy === "consistent") return candidates[pickIndex(candidates, length, seed)]!;
  const w = workspaceOf(kernel);
  const root = length === kernel.size;
  const scorer = scorerOf(kernel, engine);
  const key = `${strategy},${scorer.engine}`;
  if (root) {
    const cached = w.firstGuess.get(key);
    if (cached !== undefined) return cached;
  }
  const mode = MODES[strategy];
  // a value no guess can beat: every part a singleton (for Knuth the largest part 1)
  const perfect = strategy === "knuth" ? 1 : strategy === "expected" ? length : strategy === "entropy" ? 0 : -length;
  const terms = entropyTerm(length + 1);
  scorer.setLeft(candidates, length);
  if (root) {
    // every code is in S: the first of the lowest wins, no early end
    const { chosen } = scorer.best(w.canonical, w.canonical.length, mode, terms, -Infinity, Infinity);
    const guess = w.canonical[chosen]!;
    w.firstGuess.set(key, guess);
    return guess;
  }
  const { inS, list } = w;
  for (let i = 0; i < length; i++) inS[candidates[i]!] = 1;
  try {
    const canonical = canonicalFilter(kernel, usedColors, twinOf, w.colorMask !== undefined);
    // Consistent codes first (ties go to them, and a good bound early lets
    // worse guesses stop sooner); a guess splitting S into singletons ends
    // the scan (on [5,8] this cut the entropy evaluation by a third: most
    // candidate sets deep in the tree are small).
    let count = 0;
    for (let i = 0; i < length; i++) {
      const g = candidates[i]!;
      if (canonical === undefined || canonical(g)) list[count++] = g;
    }
    const inner = scorer.best(list, count, mode, terms, perfect, Infinity);
    const innerGuess = inner.chosen >= 0 ? list[inner.chosen]! : -1;
    if (inner.chosen >= 0 && inner.value <= perfect + EPSILON) return innerGuess;
    // A code outside S cannot score (n, 0): it splits S into at most one part
    // per other possible score, and no split into that many parts does
    // better than the even one. When the best code of S is as good, no code
    // outside S can be strictly better and the scan of them is skipped.
    if (inner.chosen >= 0 && inner.value <= evenSplit(mode, length, w.outerParts, terms)) return innerGuess;
    count = 0;
    const masks = w.colorMask;
    if (masks === undefined) {
      for (let g = 0; g < kernel.size; g++) if (inS[g] === 0) list[count++] = g;
    } else {
      // Only the colours of S and the lowest unused one (on [5,8] this skips
      // about half of the codes in the deep, small sets).
      const banned = ~allowedColors(kernel, masks, candidates, length) >>> 0;
      const codes = canonical === undefined ? undefined : canonicalList(w, kernel, usedColors, twinOf, canonical);
      if (codes === undefined) {
        for (let g = 0; g < kernel.size; g++) if (inS[g] === 0 && (masks[g]! & banned) === 0) list[count++] = g;
      } else {
        for (let i = 0; i < codes.length; i++) {
          const g = codes[i]!;
          if (inS[g] === 0 && (masks[g]! & banned) === 0) list[count++] = g;
        }
      }
    }
    const outer = scorer.best(list, count, mode, terms, perfect, inner.chosen >= 0 ? inner.value : Infinity);
    return outer.chosen >= 0 ? list[outer.chosen]! : innerGuess;
  } finally {
    for (let i = 0; i < length; i++) inS[candidates[i]!] = 0;
  }
}

/**
 * The test of one guess per orbit of the symmetries of S, or undefined when
 * there are none to use. Colours no scored guess has used are
 * interchangeable in S: a guess and its image under a permutation of them
 * have the same partition sizes, and the one bringing them in as 1st, 2nd,
 * ... lowest free colour is the lowest code of them all, so only that one is
 * scored (on [5,8] after 11234, free: 5..8, this skips most codes). Likewise
 * positions that every scored guess colours alike can be swapped: only
 * guesses non-decreasing along such positions are scored.
 */
/** The value of S split as evenly as possible into `parts` parts (a lower bound on any split into at most that many). */
function evenSplit(mode: ValueMode, length: number, parts: number, terms: Float64Array): number {
  const q = Math.floor(length / parts);
  const r = length % parts;
  if (mode === ValueMode.Largest) return q + (r > 0 ? 1 : 0);
  if (mode === ValueMode.Squares) return r * (q + 1) * (q + 1) + (parts - r) * q * q;
  if (mode === ValueMode.Entropy) return r * terms[q + 1]! + (parts - r) * terms[q]!;
  return -Math.min(length, parts);
}

/**
 * The codes that pass a symmetry filter, ascending: the filter depends on
 * the colours used and the positions coloured alike only, not on S, so the
 * list is made once per filter (at most 256 kept).
 */
function canonicalList(
  w: Workspace,
  kernel: ScoreKernel,
  usedColors: number,
  twinOf: Int8Array | undefined,
  canonical: (g: number) => boolean,
): Uint32Array {
  const key = `${usedColors},${twinOf?.join(",") ?? ""}`;
  let codes = w.canonicalLists.get(key);
  if (codes === undefined) {
    const out: number[] = [];
    for (let g = 0; g < kernel.size; g++) if (canonical(g)) out.push(g);
    codes = Uint32Array.from(out);
    if (w.canonicalLists.size >= 256) w.canonicalLists.clear();
    w.canonicalLists.set(key, codes);
  }
  return codes;
}

function canonicalFilter(
  kernel: ScoreKernel,
  usedColors: number,
  twinOf: Int8Array | undefined,
  masks: boolean,
): ((g: number) => boolean) | undefined {
  const free = masks ? (((1 << kernel.k) - 1) & ~usedColors) >>> 0 : 0;
  const twins = twinOf?.some((q) => q >= 0) ? twinOf : undefined;
  if ((free & (free - 1)) === 0 && twins === undefined) return undefined;
  const { digits, n } = kernel;
  return (g: number): boolean => {
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

/**
 * Every guess worth scoring for S = candidates[0..length), one per orbit of
 * the symmetries that fix the guesses scored so far (see chooseGuess): the
 * codes of S first, then the others, each ascending. At the root (S = every
 * code) the lowest code of each class under colour and position permutations.
 *
 * @param kernel - the scorer of the code space
 * @param candidates - S, ascending
 * @param length - |S|
 * @param usedColors - bit j set when colour j + 1 occurs in a scored guess
 * @param twinOf - positions every scored guess colours alike (see twinsOf)
 * @returns the guesses (valid until the next call), and how many of them (a prefix) are codes of S
 */
export function symmetryGuesses(
  kernel: ScoreKernel,
  candidates: Uint32Array,
  length: number,
  usedColors: number,
  twinOf: Int8Array | undefined,
): { guesses: Uint32Array; inS: number } {
  const w = workspaceOf(kernel);
  if (length === kernel.size) return { guesses: w.canonical.slice(), inS: w.canonical.length };
  const { inS } = w;
  // the caller uses the list before the next call: one buffer serves
  const out = (w.symmetry ??= new Uint32Array(kernel.size));
  let count = 0;
  for (let i = 0; i < length; i++) inS[candidates[i]!] = 1;
  try {
    const canonical = canonicalFilter(kernel, usedColors, twinOf, w.colorMask !== undefined);
    for (let i = 0; i < length; i++) {
      const g = candidates[i]!;
      if (canonical === undefined || canonical(g)) out[count++] = g;
    }
    const inSCount = count;
    const masks = w.colorMask;
    const banned = masks === undefined ? 0 : ~allowedColors(kernel, masks, candidates, length) >>> 0;
    const codes = canonical === undefined ? undefined : canonicalList(w, kernel, usedColors, twinOf, canonical);
    const total = codes === undefined ? kernel.size : codes.length;
    for (let i = 0; i < total; i++) {
      const g = codes === undefined ? i : codes[i]!;
      if (inS[g] === 0 && (masks === undefined || (masks[g]! & banned) === 0)) out[count++] = g;
    }
    return { guesses: out.subarray(0, count), inS: inSCount };
  } finally {
    for (let i = 0; i < length; i++) inS[candidates[i]!] = 0;
  }
}
