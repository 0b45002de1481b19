/**
 * A strategy over all secrets at once: the game tree. Each node is a
 * candidate set S with the strategy's guess g; the scores of g split S into
 * children. Every secret of S is reached by the same moves as in
 * move-by-move play, so the depth of each leaf is the number of guesses that
 * secret takes. Sub-trees are memoised by their candidate set: the guess is a
 * function of S alone, so an S met twice is evaluated once.
 *
 * @module
 */
import { type Code, CodeSpace, describe } from "./codes.js";
import { checkEngine, checkSeed, checkStrategy, kernelOf, type SolverOptions } from "./solver.js";
import { chooseGuess, refineClasses, type Strategy, twinsOf } from "./strategies.js";

/**
 * A map keyed by sets of codes (ascending code indices): a hash of the
 * codes, then the codes compared (cheaper than a string key of every code).
 */
export class SetMemo<V> {
  private readonly buckets = new Map<number, { set: Uint32Array; value: V }[]>();
  /** Entries stored. */
  size = 0;

  private static hash(set: Uint32Array): number {
    let h = 0x811c9dc5 ^ set.length;
    for (let i = 0; i < set.length; i++) h = Math.imul(h ^ set[i]!, 0x01000193);
    return h >>> 0;
  }

  get(set: Uint32Array): V | undefined {
    const bucket = this.buckets.get(SetMemo.hash(set));
    if (bucket === undefined) return undefined;
    outer: for (const entry of bucket) {
      if (entry.set.length !== set.length) continue;
      for (let i = 0; i < set.length; i++) if (entry.set[i] !== set[i]) continue outer;
      return entry.value;
    }
    return undefined;
  }

  /** Keeps `value` for `set` (a set already kept gets a new entry that get does not see: update the value kept instead). */
  set(set: Uint32Array, value: V): void {
    const h = SetMemo.hash(set);
    let bucket = this.buckets.get(h);
    if (bucket === undefined) {
      bucket = [];
      this.buckets.set(h, bucket);
    }
    bucket.push({ set: set.slice(), value });
    this.size++;
  }
}

/** The colours of a code as a bit mask (bit j for colour j + 1); all ones when k > 31. */
export function colorMasksOf(space: CodeSpace): (index: number) => number {
  if (space.colors > 31) return () => 0xffffffff;
  return (index) => {
    let mask = 0;
    for (const color of space.codeAt(index)) mask |= 1 << (color - 1);
    return mask >>> 0;
  };
}

/**
 * A strategy's record over every secret.
 *
 * @example
 * ```ts
 * const e: Evaluation = evaluate(new CodeSpace(4, 6));
 * `${e.total} guesses, at most ${e.worst}`; // "5801 guesses, at most 5"
 * ```
 */
export interface Evaluation {
  /** n. */
  pegs: number;
  /** k. */
  colors: number;
  /** The strategy evaluated. */
  strategy: Strategy;
  /** The first guess played. */
  firstGuess: number[];
  /** The number of secrets, k^n. */
  secrets: number;
  /** Guesses summed over all secrets (the winning guess included). */
  total: number;
  /** total / secrets. */
  average: number;
  /** The most guesses any secret needs. */
  worst: number;
  /** histogram[g] = number of secrets found with exactly g guesses (histogram[0] = 0). */
  histogram: number[];
  /** Distinct candidate sets evaluated (tree nodes after memoisation). */
  nodes: number;
}

/**
 * Options of {@link evaluate}.
 *
 * @example
 * ```ts
 * evaluate(new CodeSpace(4, 6), { strategy: "knuth", memoUpTo: 0 }); // no memoisation
 * ```
 */
export interface EvaluateOptions extends SolverOptions {
  /** Sub-trees whose candidate set has at most this many codes are memoised (default 4096). */
  memoUpTo?: number;
}

/**
 * Plays a strategy against every secret of the code space.
 *
 * @param space - the code space
 * @param options - strategy (default `knuth`), seed, first guess
 * @returns total, average, worst case and histogram of the number of guesses
 * @throws RangeError for a bad strategy, seed or first guess
 * @example
 * ```ts
 * const e = evaluate(new CodeSpace(4, 6), { strategy: "knuth" });
 * e.total;  // 5801
 * e.worst;  // 5
 * e.average; // 4.476...
 * ```
 */
export function evaluate(space: CodeSpace, options: EvaluateOptions = {}): Evaluation {
  const tree = treeWalker(space, options);
  const all = new Uint32Array(space.size);
  for (let i = 0; i < space.size; i++) all[i] = i;
  const depths = tree.walk(all, true, 0, new Int32Array(space.pegs));
  return tree.evaluation(depths, all);
}

/** One node's split: the parts of S by score, each ascending, in one buffer. */
export interface Split {
  /** parts.subarray(starts[t], starts[t + 1]) are the codes of S with score t. */
  parts: Uint32Array;
  starts: Uint32Array;
}

/** The codes of `set` split by their score against `guess` (a counting sort: each part stays ascending). */
export function splitByScore(kernel: ReturnType<typeof kernelOf>, guess: number, set: Uint32Array): Split {
  const length = set.length;
  const scores = new Uint16Array(length);
  kernel.scoreRow(guess, set, 0, length, scores);
  const starts = new Uint32Array(kernel.scoreCount + 1);
  for (let i = 0; i < length; i++) starts[scores[i]! + 1]!++;
  for (let t = 0; t < kernel.scoreCount; t++) starts[t + 1]! += starts[t]!;
  const fill = starts.slice(0, kernel.scoreCount);
  const parts = new Uint32Array(length);
  for (let i = 0; i < length; i++) parts[fill[scores[i]!]!++] = set[i]!;
  return { parts, starts };
}

/** Adds `below` (depths of a part) one guess deeper into `depths`. */
export function addBelow(depths: number[], below: readonly number[]): void {
  for (let d = 0; d < below.length; d++) depths[d + 1] = (depths[d + 1] ?? 0) + (below[d] ?? 0);
}

/**
 * The game tree's walk with its options checked once: `walk(S, ...)` gives
 * depths[d] = the secrets of S found with d + 1 more guesses; the parts of a
 * node may be walked anywhere (other threads) and added up with addBelow.
 */
export function treeWalker(space: CodeSpace, options: EvaluateOptions) {
  if (!(space instanceof CodeSpace)) throw new TypeError(`expected a CodeSpace, got ${describe(space)}`);
  const strategy = checkStrategy(options.strategy ?? "knuth");
  const seed = checkSeed(options.seed ?? 1);
  const memoUpTo = options.memoUpTo ?? 4096;
  const engine = checkEngine(options.engine ?? "auto");
  const kernel = kernelOf(space);
  const first = options.firstGuess === undefined ? undefined : space.indexOf(options.firstGuess as Code | string);
  const memo = new SetMemo<number[]>();
  let nodes = 0;
  const masks = colorMasksOf(space);

  /** The guess at a node, what it leaves known below, and its split. */
  const node = (set: Uint32Array, isRoot: boolean, used: number, classes: Int32Array) => {
    nodes++;
    const guess =
      isRoot && first !== undefined
        ? first
        : chooseGuess(kernel, set, set.length, strategy, seed, used, twinsOf(classes), engine);
    const usedBelow = (used | masks(guess)) >>> 0;
    const classesBelow = refineClasses(classes, space.codeAt(guess));
    return { guess, usedBelow, classesBelow, ...splitByScore(kernel, guess, set) };
  };

  /** Whether the node's guess is one of its codes (found with this guess). */
  const guessWins = (split: Split) => split.starts[kernel.win + 1]! > split.starts[kernel.win]!;

  /** The non-winning parts of a split, checked for progress. */
  const partsOf = (set: Uint32Array, split: Split & { guess: number }): Uint32Array[] => {
    const out: Uint32Array[] = [];
    for (let t = 0; t < kernel.scoreCount; t++) {
      const size = split.starts[t + 1]! - split.starts[t]!;
      if (size === 0 || t === kernel.win) continue;
      if (size === set.length) {
        throw new Error(
          `the ${strategy} strategy made no progress on ${set.length} candidates (guess ${space.format(space.codeAt(split.guess))})`,
        );
      }
      out.push(split.parts.subarray(split.starts[t]!, split.starts[t + 1]!));
    }
    return out;
  };

  const walk = (set: Uint32Array, isRoot: boolean, used: number, classes: Int32Array): number[] => {
    const memoised = set.length <= memoUpTo && !isRoot;
    if (memoised) {
      const known = memo.get(set);
      if (known) return known;
    }
    const split = node(set, isRoot, used, classes);
    const depths: number[] = [];
    if (guessWins(split)) depths[0] = 1;
    for (const part of partsOf(set, split)) addBelow(depths, walk(part, false, split.usedBelow, split.classesBelow));
    for (let d = 0; d < depths.length; d++) depths[d] ??= 0;
    if (memoised) memo.set(set, depths);
    return depths;
  };

  /** The record of the whole tree from the root's depths. */
  const evaluation = (depths: readonly number[], all: Uint32Array, extraNodes = 0): Evaluation => {
    const histogram = [0, ...depths.map((x) => x ?? 0)];
    let total = 0;
    for (let g = 1; g < histogram.length; g++) total += g * histogram[g]!;
    const firstGuess = space.codeAt(
      first ?? chooseGuess(kernel, all, all.length, strategy, seed, undefined, undefined, engine),
    );
    return {
      pegs: space.pegs,
      colors: space.colors,
      strategy,
      firstGuess,
      secrets: space.size,
      total,
      average: total / space.size,
      worst: histogram.length - 1,
      histogram,
      nodes: nodes + extraNodes,
    };
  };

  return { walk, node, partsOf, guessWins, evaluation, nodes: () => nodes };
}
