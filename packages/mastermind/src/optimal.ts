/**
 * Optimal strategies by branch and bound over the game tree.
 *
 * The cost of a set S of codes still possible, when a guess is due, is the
 * number of guesses summed over its secrets: C(S) = |S| + min over guesses g
 * of the sum of C(P) over the parts P of S by the score of g (the part of
 * the winning score excluded). With at most D guesses left, a part must be
 * solvable in D - 1 more. The search (in the spirit of Koyama and Lai 1993
 * and of Ville 2013, arXiv 1305.1010):
 *
 * * guesses: one per orbit of the colour and position permutations that fix
 *   the guesses played (symmetryGuesses), guesses that make no progress
 *   dropped;
 * * lower bounds: a set of p codes costs at least what it costs when every
 *   guess finds one secret and splits the rest into as many parts as there
 *   are scores (1 at the first guess, B at the second, B^2 at the third,
 *   ..., B the possible scores but the winning one); a guess is tried only
 *   while its bound, |S| plus its parts' bounds, is below the best found;
 * * guesses are tried by increasing bound, parts largest first, each part
 *   searched with the budget the best total leaves it;
 * * memoisation: each set's exact cost, or the lower bound a failed search
 *   proved, by its codes.
 *
 * @module
 */
import type { ScoreKernel } from "./_kernel.js";
import { CodeSpace, describe } from "./codes.js";
import { SetMemo } from "./evaluate.js";
import { possibleScores } from "./score.js";
import { kernelOf } from "./solver.js";
import { type Engine, refineClasses, scorerOf, symmetryGuesses, twinsOf } from "./strategies.js";
import { type GuessScorer, NO_BOUND } from "./_twin.js";
import { replayTree, type StrategyTree, type TreeNode } from "./tree.js";

/**
 * Options of {@link optimalStrategy}.
 *
 * @example
 * ```ts
 * const options: OptimalOptions = { maxGuesses: 5, signal: AbortSignal.timeout(60_000) };
 * ```
 */
export interface OptimalOptions {
  /**
   * `total` (default): the fewest guesses over all secrets (the expected
   * case), under `maxGuesses`; `worst`: the fewest guesses for the hardest
   * secret, each smaller number proved impossible (the tree kept is the
   * first found within it, its total not minimised).
   */
  objective?: "total" | "worst";
  /** At most this many guesses for any secret (default: no limit; the objective `total` only). */
  maxGuesses?: number;
  /** Stops the search (the promise-free call throws the signal's reason). */
  signal?: AbortSignal;
  /** Called now and then with the search's progress. */
  onProgress?: (progress: OptimalProgress) => void;
  /** The engine of the bounds: `auto` (default), `wasm` or `ts`; both find the same tree. */
  engine?: Engine;
  /** Searches games beyond those measured (more than 1296 codes); see {@link optimalEstimate}. */
  allowLong?: boolean;
}

/**
 * Progress of the search.
 *
 * @example
 * ```ts
 * optimalStrategy(new CodeSpace(3, 3), { onProgress: (p) => console.log(`${p.firstGuessesDone}/${p.firstGuesses}`) });
 * ```
 */
export interface OptimalProgress {
  /** Sets searched so far. */
  nodes: number;
  /** First guesses (one per class) settled. */
  firstGuessesDone: number;
  /** First guesses to settle. */
  firstGuesses: number;
  /** The best total found so far (Infinity before the first). */
  best: number;
}

/**
 * What the search proved about one first guess.
 *
 * @example
 * ```ts
 * const row: FirstGuessBound = { guess: "1123", lowerBound: 5196, total: 5625, exact: true };
 * ```
 */
export interface FirstGuessBound {
  /** The first guess (the lowest code of its class). */
  guess: string;
  /** The bound from its part sizes alone. */
  lowerBound: number;
  /** Its optimal total if exact; otherwise a proven lower bound on it. */
  total: number;
  /** Whether `total` is the exact optimum after this guess. */
  exact: boolean;
}

/**
 * An optimal strategy with its proof summary.
 *
 * @example
 * ```ts
 * const r: OptimalResult = optimalStrategy(new CodeSpace(4, 6));
 * r.total; // 5625
 * ```
 */
export interface OptimalResult {
  /** n. */
  pegs: number;
  /** k. */
  colors: number;
  /** What was minimised. */
  objective: "total" | "worst";
  /** The guess limit searched under (Infinity for none); for `worst`, the optimum. */
  maxGuesses: number;
  /** The optimal total over all secrets (checked by replaying the tree). */
  total: number;
  /** total / secrets. */
  average: number;
  /** The most guesses the tree takes. */
  worst: number;
  /** histogram[g] = secrets found with exactly g guesses. */
  histogram: number[];
  /** The strategy. */
  tree: StrategyTree;
  /** How optimality was proved. */
  proof: {
    /** Sets searched (memoised sets counted once per search). */
    nodes: number;
    /** Sets whose exact cost or lower bound was kept. */
    memoised: number;
    /** Every class of first guess: its bound and what the search proved (under the last limit searched). */
    firstGuesses: FirstGuessBound[];
    /** Objective `worst`: the guess limits proved impossible. */
    refuted: number[];
    /** Wall time, ms. */
    ms: number;
  };
}

/** The search's state over one game. */
export interface Search {
  space: CodeSpace;
  kernel: ScoreKernel;
  /** Score code of guess g against code s at table[g size + s] (games of at most 4096 codes; else scored as needed). */
  table: Uint8Array | undefined;
  size: number;
  scoreCount: number;
  win: number;
  /** lower[D][p]: the bound on a set of p codes with D guesses left (key -1: no limit; NO_BOUND: out of reach). */
  lower: Map<number, Uint32Array>;
  /** The engine that computes the bounds of many guesses at once. */
  scorer: GuessScorer;
  bounds: Uint32Array;
  squares: Uint32Array;
  /** B: the scores but the winning one. */
  branching: number;
  memo: Map<number, SetMemo<Known>>;
  nodes: number;
  signal: AbortSignal | undefined;
  onProgress: ((p: OptimalProgress) => void) | undefined;
  progress: OptimalProgress;
  /** The worst-case objective: the first tree within the limit is kept (its total is not minimised). */
  anyTree: boolean;
  colorOf: (index: number) => number;
}

/** Codes beyond this are refused unless asked ([4,6] has 1296 and takes about a minute). */
const MEASURED_CODES = 1296;
/** The score table is size^2 bytes: at most 4096 codes (16 MB). */
const MAX_SEARCH_CODES = 4096;

/**
 * Whether the optimal search is within reach for a game, before starting.
 *
 * @param space - the code space
 * @returns within reach or not, and why
 * @example
 * ```ts
 * optimalEstimate(new CodeSpace(5, 8)).reachable; // false: 32768 codes
 * ```
 */
export function optimalEstimate(space: CodeSpace): { reachable: boolean; reason: string } {
  if (!(space instanceof CodeSpace)) throw new TypeError(`expected a CodeSpace, got ${describe(space)}`);
  const game = `[${space.pegs},${space.colors}] (${space.size} codes)`;
  if (space.size > MAX_SEARCH_CODES) {
    return {
      reachable: false,
      reason: `${game} is beyond the optimal search: it keeps a table of every pair of codes, at most ${MAX_SEARCH_CODES} codes (16 MB)`,
    };
  }
  if (space.size > MEASURED_CODES) {
    return {
      reachable: false,
      reason:
        `${game} is beyond the games measured quickly (up to ${MEASURED_CODES} codes, [4,6] in about a minute; ` +
        "[4,7], 2401 codes, took about 20 minutes): the search grows much faster than the number of codes",
    };
  }
  return { reachable: true, reason: `${game}: within the games measured` };
}

/** The bound on a set of p codes with d guesses left (-1: no limit), B parts a guess. */
function lowerTable(size: number, branching: number, d: number): Uint32Array {
  const out = new Uint32Array(size + 1);
  for (let p = 1; p <= size; p++) {
    let left = p;
    let sum = 0;
    let level = 1;
    let room = 1;
    while (left > 0 && (d < 0 || level <= d)) {
      const here = Math.min(left, room);
      sum += level * here;
      left -= here;
      level++;
      room = Math.min(room * branching, Number.MAX_SAFE_INTEGER);
    }
    out[p] = left > 0 ? NO_BOUND : Math.min(sum, NO_BOUND - 1);
  }
  return out;
}

function lowerOf(search: Search, d: number): Uint32Array {
  const key = Number.isFinite(d) ? d : -1;
  let table = search.lower.get(key);
  if (!table) {
    table = lowerTable(search.size, search.branching, key);
    search.lower.set(key, table);
  }
  return table;
}

/** What the search knows of a set: its cost (exact) or a lower bound on it, and the guess that reaches it. */
type Known = { value: number; exact: boolean; guess: number };

/** Keeps `entry` as what is known of `set`: in the entry already there, else a new one. */
function remember(memo: SetMemo<Known>, set: Uint32Array, known: Known | undefined, entry: Known): Known {
  if (known) return Object.assign(known, entry);
  memo.set(set, entry);
  return entry;
}

function memoOf(search: Search, d: number): SetMemo<Known> {
  const key = Number.isFinite(d) ? d : -1;
  let memo = search.memo.get(key);
  if (!memo) {
    memo = new SetMemo();
    search.memo.set(key, memo);
  }
  return memo;
}

/** A guess worth trying at a node: its code, its bound, whether it is in S, the sum of squares of its parts. */
interface Option {
  g: number;
  bound: number;
  inS: boolean;
  squares: number;
}

/**
 * The guesses of a node whose bound is below `beta`, best first: by bound,
 * then the most even split (sum of squares of the parts), then codes of S,
 * then the lowest code. Each is one number (bound, squares, outside S, code:
 * 16 + 24 + 1 + 12 bits at most) where codes fit 12 bits, so that the sort
 * needs no comparator; in larger games the code is kept beside its key.
 */
function guessOptions(
  search: Search,
  set: Uint32Array,
  d: number,
  beta: number,
  { guesses, inS }: Guesses,
): Option[] | Float64Array {
  const p = set.length;
  const lower = lowerOf(search, d - 1);
  const { scorer, bounds, squares } = search;
  scorer.setLeft(set, p);
  scorer.bounds(guesses, guesses.length, lower, bounds, squares);
  if (search.size > 4096) {
    const out: Option[] = [];
    for (let q = 0; q < guesses.length; q++) {
      const bound = bounds[q]!;
      if (bound < beta && bound !== NO_BOUND) out.push({ g: guesses[q]!, bound, inS: q < inS, squares: squares[q]! });
    }
    return out.sort((a, b) => a.bound - b.bound || a.squares - b.squares || +b.inS - +a.inS || a.g - b.g);
  }
  const keys = new Float64Array(guesses.length);
  let count = 0;
  for (let q = 0; q < guesses.length; q++) {
    const bound = bounds[q]!;
    if (bound < beta && bound !== NO_BOUND) {
      keys[count++] = ((bound * 2 ** 24 + squares[q]!) * 2 + (q < inS ? 0 : 1)) * 4096 + guesses[q]!;
    }
  }
  return keys.subarray(0, count).sort();
}

/** Shortcuts of the search that leave its answer as it is (tests turn them off to check that; not exported by the package). */
export const searchShortcuts = { settledInS: true };

/** A node's guesses, one per orbit: the first `inS` are codes of S. */
type Guesses = { guesses: Uint32Array; inS: number };

/**
 * The guess that settles S at its lower bound without a look at the other
 * guesses, or -1. Every set costs at least 2 |S| - 1 guesses (the first
 * guess finds one secret at most); a code of S that leaves every other
 * code of S a part of its own reaches that, and no guess outside S does (it
 * finds no secret at once: 2 |S| at least). So when the bound `low` is
 * 2 |S| - 1, the first such code in guessOptions' order (bound, squares,
 * equal for all of them, then code) is the search's answer. Most small sets
 * end here, after the codes of S are scored instead of every guess.
 */
function settledInS(search: Search, set: Uint32Array, d: number, low: number, { guesses, inS }: Guesses): number {
  const p = set.length;
  if (!searchShortcuts.settledInS || low !== 2 * p - 1) return -1;
  const { scorer, bounds, squares } = search;
  scorer.setLeft(set, p);
  scorer.bounds(guesses, inS, lowerOf(search, d - 1), bounds, squares);
  let first = -1;
  for (let q = 0; q < inS; q++) if (bounds[q] === low && (first < 0 || guesses[q]! < guesses[first]!)) first = q;
  return first < 0 ? -1 : guesses[first]!;
}

/** The option of an entry of guessOptions. */
function optionOf(entry: number | Option): Option {
  if (typeof entry !== "number") return entry;
  const g = entry % 4096;
  const rest = (entry - g) / 4096;
  const outside = rest % 2;
  return { g, bound: Math.floor(rest / 2 / 2 ** 24), inS: outside === 0, squares: Math.floor(rest / 2) % 2 ** 24 };
}

/** The parts of S by the score of g, largest first (the winning part left out). */
function partsOf(search: Search, set: Uint32Array, g: number): Uint32Array[] {
  const { table, size, scoreCount, win } = search;
  const counts = new Uint32Array(scoreCount + 1);
  const scores = new Uint16Array(set.length);
  if (table) for (let i = 0; i < set.length; i++) scores[i] = table[g * size + set[i]!]!;
  else search.kernel.scoreRow(g, set, 0, set.length, scores);
  for (let i = 0; i < set.length; i++) counts[scores[i]! + 1]!++;
  for (let t = 0; t < scoreCount; t++) counts[t + 1]! += counts[t]!;
  const starts = counts.slice(0, scoreCount + 1);
  const sorted = new Uint32Array(set.length);
  for (let i = 0; i < set.length; i++) sorted[counts[scores[i]!]!++] = set[i]!;
  const parts: Uint32Array[] = [];
  for (let t = 0; t < scoreCount; t++) {
    if (t !== win && starts[t + 1]! > starts[t]!) parts.push(sorted.subarray(starts[t]!, starts[t + 1]!));
  }
  return parts.sort((a, b) => b.length - a.length);
}

function tick(search: Search): void {
  search.nodes++;
  if ((search.nodes & 1023) === 0) {
    if (search.signal?.aborted) throw search.signal.reason ?? new Error("the optimal search was stopped");
    if ((search.nodes & 16383) === 0 && search.onProgress) {
      search.progress.nodes = search.nodes;
      search.onProgress({ ...search.progress });
    }
  }
}

/**
 * C(S) with d guesses left (Infinity: no limit) if it is below beta;
 * otherwise a lower bound on C(S) that is at least beta.
 */
function solve(search: Search, set: Uint32Array, d: number, beta: number, used: number, classes: Int32Array): number {
  const p = set.length;
  const low = lowerOf(search, d)[p]!;
  const bound = low === NO_BOUND ? Infinity : low;
  if (bound >= beta || p <= 2) return bound;
  const memo = memoOf(search, d);
  const known = memo.get(set);
  if (known && (known.exact || known.value >= beta)) return known.value;
  tick(search);
  const guesses = symmetryGuesses(search.kernel, set, p, used, twinsOf(classes));
  const settled = settledInS(search, set, d, bound, guesses);
  if (settled >= 0) return remember(memo, set, known, { value: bound, exact: true, guess: settled }).value;
  let best = beta;
  let bestGuess = -1;
  for (const key of guessOptions(search, set, d, beta, guesses)) {
    const option = optionOf(key);
    if (option.bound >= best) break;
    const value = tryGuess(search, set, option, d, best, used, classes);
    if (value < best) {
      best = value;
      bestGuess = option.g;
      // the worst case: any tree within the limit will do
      if (search.anyTree) break;
    }
  }
  if (bestGuess >= 0) return remember(memo, set, known, { value: best, exact: true, guess: bestGuess }).value;
  if (known) known.value = Math.max(known.value, beta);
  else memo.set(set, { value: beta, exact: false, guess: -1 });
  return beta;
}

/** The total of S after guess `option.g` if below `best`, else a value >= best. */
function tryGuess(
  search: Search,
  set: Uint32Array,
  option: Option,
  d: number,
  best: number,
  used: number,
  classes: Int32Array,
): number {
  const lower = lowerOf(search, d - 1);
  const code = search.space.codeAt(option.g);
  const usedBelow = (used | search.colorOf(option.g)) >>> 0;
  const classesBelow = refineClasses(classes, code);
  const parts = partsOf(search, set, option.g);
  // each part's bound: its size's, or what the memo already proved (exact, or a bound a failed search left)
  const memo = memoOf(search, d - 1);
  const bounds = new Float64Array(parts.length);
  let rest = 0;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    const known = part.length > 2 ? memo.get(part) : undefined;
    bounds[i] = Math.max(lower[part.length]!, known?.value ?? 0);
    rest += bounds[i]!;
  }
  let total = set.length;
  if (total + rest >= best) return total + rest;
  for (let i = 0; i < parts.length; i++) {
    rest -= bounds[i]!;
    total += solve(search, parts[i]!, d - 1, best - total - rest, usedBelow, classesBelow);
    if (total + rest >= best) return total + rest;
  }
  return total;
}

/** The decision tree of the memoised optimum under S. */
function treeOf(search: Search, set: Uint32Array, d: number): TreeNode {
  const { space } = search;
  if (set.length <= 2) {
    const node: TreeNode = { guess: space.format(space.codeAt(set[0]!)) };
    if (set.length === 2) {
      const s = search.kernel.score(set[0]!, set[1]!);
      const key = `${Math.floor(s / (space.pegs + 1))},${s % (space.pegs + 1)}`;
      node.next = { [key]: { guess: space.format(space.codeAt(set[1]!)) } };
    }
    return node;
  }
  const known = memoOf(search, d).get(set);
  if (!known?.exact) throw new Error(`internal error: no optimum kept for a set of ${set.length} codes`);
  const node: TreeNode = { guess: space.format(space.codeAt(known.guess)) };
  const next: Record<string, TreeNode> = {};
  for (const part of partsOf(search, set, known.guess)) {
    const s = search.kernel.score(known.guess, part[0]!);
    next[`${Math.floor(s / (space.pegs + 1))},${s % (space.pegs + 1)}`] = treeOf(search, part, d - 1);
  }
  if (Object.keys(next).length > 0) node.next = next;
  return node;
}

/** The search's state over a game (the score table only up to 4096 codes). */
export function newSearch(space: CodeSpace, options: OptimalOptions): Search {
  const kernel = kernelOf(space);
  const size = space.size;
  let table: Uint8Array | undefined;
  if (size <= MAX_SEARCH_CODES) {
    table = new Uint8Array(size * size);
    const row = new Uint16Array(size);
    const all = new Uint32Array(size);
    for (let i = 0; i < size; i++) all[i] = i;
    for (let g = 0; g < size; g++) {
      kernel.scoreRow(g, all, 0, size, row);
      table.set(row, g * size);
    }
  }
  const masks = new Uint32Array(size);
  for (let i = 0; i < size; i++) for (const c of space.codeAt(i)) masks[i]! |= 1 << (c - 1);
  return {
    space,
    kernel,
    table,
    size,
    scoreCount: kernel.scoreCount,
    win: kernel.win,
    lower: new Map(),
    branching: possibleScores(space.pegs, space.colors).length - 1,
    memo: new Map(),
    nodes: 0,
    signal: options.signal,
    onProgress: options.onProgress,
    progress: { nodes: 0, firstGuessesDone: 0, firstGuesses: 0, best: Infinity },
    anyTree: options.objective === "worst",
    colorOf: (i) => (space.colors > 31 ? 0xffffffff : masks[i]!),
    scorer: scorerOf(kernel, options.engine ?? "auto"),
    bounds: new Uint32Array(size),
    squares: new Uint32Array(size),
  };
}

function checkOptions(space: CodeSpace, options: OptimalOptions): number {
  if (!(space instanceof CodeSpace)) throw new TypeError(`expected a CodeSpace, got ${describe(space)}`);
  if (options.objective !== undefined && options.objective !== "total" && options.objective !== "worst") {
    throw new RangeError(`expected an objective 'total' or 'worst', got ${describe(options.objective)}`);
  }
  const limit = options.maxGuesses ?? Infinity;
  if (options.objective === "worst" && options.maxGuesses !== undefined) {
    throw new RangeError("maxGuesses goes with the objective 'total': the objective 'worst' finds the limit itself");
  }
  if (limit !== Infinity && (!Number.isInteger(limit) || limit < 1)) {
    throw new RangeError(`expected maxGuesses to be an integer >= 1, got ${describe(options.maxGuesses)}`);
  }
  const estimate = optimalEstimate(space);
  if (space.size > MAX_SEARCH_CODES) throw new RangeError(estimate.reason);
  if (!estimate.reachable && !options.allowLong) throw new RangeError(`${estimate.reason} (allowLong to try)`);
  options.signal?.throwIfAborted();
  return limit;
}

/**
 * The strategy that minimises the total number of guesses over all secrets
 * (the expected case), optionally with at most `maxGuesses` guesses per
 * secret, found and proved optimal by branch and bound. The tree is replayed
 * against every secret before it is returned.
 *
 * @param space - the code space (at most 1296 codes unless `allowLong`)
 * @param options - guess limit, signal, progress
 * @returns the optimum, the tree and the proof summary
 * @throws RangeError for a game beyond reach (see {@link optimalEstimate}) or when no
 *   strategy meets `maxGuesses` (the message gives the bound proved); the signal's reason when stopped
 * @example
 * ```ts
 * optimalStrategy(new CodeSpace(4, 6)).total;                  // 5625 (Koyama and Lai 1993)
 * optimalStrategy(new CodeSpace(4, 6), { maxGuesses: 5 }).total; // 5626
 * ```
 */
export function optimalStrategy(space: CodeSpace, options: OptimalOptions = {}): OptimalResult {
  let limit = checkOptions(space, options);
  const t0 = performance.now();
  const search = newSearch(space, options);
  const all = new Uint32Array(space.size);
  for (let i = 0; i < space.size; i++) all[i] = i;
  const refuted: number[] = [];
  let root: ReturnType<typeof searchRoot>;
  if (search.anyTree) {
    // the fewest guesses that suffice: each smaller limit refuted by the search
    limit = 1;
    for (;;) {
      root = searchRoot(search, all, limit);
      if (root.bestGuess >= 0) break;
      refuted.push(limit++);
    }
  } else {
    root = searchRoot(search, all, limit);
  }
  const { best, bestGuess, rows } = root;
  if (bestGuess < 0) {
    throw new RangeError(
      `no strategy for [${space.pegs},${space.colors}] finds every secret within ${limit} guesses (proved by the search)`,
    );
  }
  memoOf(search, limit).set(all, { value: best, exact: true, guess: bestGuess });
  const tree: StrategyTree = { pegs: space.pegs, colors: space.colors, root: treeOf(search, all, limit) };
  const replay = replayTree(tree);
  if (replay.total !== best)
    throw new Error(`internal error: the tree replays to ${replay.total}, the search found ${best}`);
  let memoised = 0;
  for (const memo of search.memo.values()) memoised += memo.size;
  return {
    pegs: space.pegs,
    colors: space.colors,
    objective: search.anyTree ? "worst" : "total",
    maxGuesses: limit,
    total: best,
    average: best / space.size,
    worst: replay.worst,
    histogram: replay.histogram,
    tree,
    proof: { nodes: search.nodes, memoised, firstGuesses: rows, refuted, ms: performance.now() - t0 },
  };
}

/** The root of the search under a guess limit: every class of first guess, settled in turn. */
function searchRoot(search: Search, all: Uint32Array, limit: number) {
  const { space } = search;
  const classes = new Int32Array(space.pegs);
  // every class of first guess with its bound (none dropped by a budget)
  const guesses = symmetryGuesses(search.kernel, all, all.length, 0, twinsOf(classes));
  const firsts = [...guessOptions(search, all, limit, Infinity, guesses)].map(optionOf);
  search.progress.firstGuesses = firsts.length;
  search.progress.firstGuessesDone = 0;
  let best = Infinity;
  let bestGuess = -1;
  const rows: FirstGuessBound[] = [];
  for (const option of firsts) {
    const guess = space.format(space.codeAt(option.g));
    const settled = option.bound >= best || (search.anyTree && bestGuess >= 0);
    const value = settled ? option.bound : tryGuess(search, all, option, limit, best, 0, classes);
    if (!settled && value < best) {
      best = value;
      bestGuess = option.g;
    }
    rows.push({ guess, lowerBound: option.bound, total: value, exact: false });
    search.progress.firstGuessesDone++;
    search.progress.best = best;
    search.onProgress?.({ ...search.progress, nodes: search.nodes });
  }
  const winner = bestGuess >= 0 ? space.format(space.codeAt(bestGuess)) : "";
  for (const row of rows) row.exact = row.guess === winner && !search.anyTree;
  return { best, bestGuess, rows };
}

/**
 * The optimal subtree of a set of codes left (its total and its decision
 * tree), given the colours used and the positions coloured alike by the
 * guesses that led to it: the endgames of {@link hybridStrategy}.
 */
export function optimalSubtree(
  search: Search,
  set: Uint32Array,
  used: number,
  classes: Int32Array,
): { total: number; node: TreeNode } {
  const total = solve(search, set, Infinity, Infinity, used, classes);
  return { total, node: treeOf(search, set, Infinity) };
}
