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
  if (!(space instanceof CodeSpace)) throw new TypeError(`expected a CodeSpace, got ${describe(space)}`);
  const strategy = checkStrategy(options.strategy ?? "knuth");
  const seed = checkSeed(options.seed ?? 1);
  const memoUpTo = options.memoUpTo ?? 4096;
  const engine = checkEngine(options.engine ?? "auto");
  const kernel = kernelOf(space);
  const first = options.firstGuess === undefined ? undefined : space.indexOf(options.firstGuess as Code | string);
  const memo = new SetMemo<number[]>();
  let nodes = 0;
  const all = new Uint32Array(space.size);
  for (let i = 0; i < space.size; i++) all[i] = i;

  // depths[d] = secrets of S found with d + 1 more guesses.
  const masks = colorMasksOf(space);
  const walk = (set: Uint32Array, isRoot: boolean, used: number, classes: Int32Array): number[] => {
    const length = set.length;
    const memoised = length <= memoUpTo && !isRoot;
    if (memoised) {
      const known = memo.get(set);
      if (known) return known;
    }
    nodes++;
    const guess =
      isRoot && first !== undefined
        ? first
        : chooseGuess(kernel, set, length, strategy, seed, used, twinsOf(classes), engine);
    const usedBelow = (used | masks(guess)) >>> 0;
    const classesBelow = refineClasses(classes, space.codeAt(guess));
    const scores = new Uint16Array(length);
    kernel.scoreRow(guess, set, 0, length, scores);
    const sizes = new Uint32Array(kernel.scoreCount);
    for (let i = 0; i < length; i++) sizes[scores[i]!]!++;
    // Counting sort into one buffer keeps every part ascending.
    const starts = new Uint32Array(kernel.scoreCount + 1);
    for (let t = 0; t < kernel.scoreCount; t++) starts[t + 1] = starts[t]! + sizes[t]!;
    const fill = starts.slice(0, kernel.scoreCount);
    const parts = new Uint32Array(length);
    for (let i = 0; i < length; i++) parts[fill[scores[i]!]!++] = set[i]!;
    const depths: number[] = [];
    for (let t = 0; t < kernel.scoreCount; t++) {
      if (sizes[t] === 0) continue;
      if (t === kernel.win) {
        depths[0] = (depths[0] ?? 0) + 1;
        continue;
      }
      if (sizes[t] === length) {
        throw new Error(
          `the ${strategy} strategy made no progress on ${length} candidates (guess ${space.format(space.codeAt(guess))})`,
        );
      }
      const below = walk(parts.subarray(starts[t]!, starts[t + 1]!), false, usedBelow, classesBelow);
      for (let d = 0; d < below.length; d++) depths[d + 1] = (depths[d + 1] ?? 0) + (below[d] ?? 0);
    }
    for (let d = 0; d < depths.length; d++) depths[d] ??= 0;
    if (memoised) memo.set(set, depths);
    return depths;
  };

  const depths = walk(all, true, 0, new Int32Array(space.pegs));
  const histogram = [0, ...depths];
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
    nodes,
  };
}
