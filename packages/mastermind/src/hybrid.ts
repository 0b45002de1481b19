/**
 * A heuristic strategy with optimal endgames: the heuristic chooses the
 * guesses while many codes are left; once at most `endgame` codes are left
 * (and a guess has been played), the rest of the game is the optimal
 * subtree of that set, found by the branch and bound of optimal.ts. The
 * result is a decision tree, replayed against every secret before it is
 * returned.
 *
 * @module
 */
import { CodeSpace, describe } from "./codes.js";
import { SetMemo } from "./evaluate.js";
import { newSearch, optimalSubtree } from "./optimal.js";
import { checkEngine, checkStrategy, kernelOf } from "./solver.js";
import { chooseGuess, type Engine, refineClasses, type Strategy, twinsOf } from "./strategies.js";
import { type Replay, replayTree, type StrategyTree, type TreeNode } from "./tree.js";

/**
 * Options of {@link hybridStrategy}.
 *
 * @example
 * ```ts
 * const options: HybridOptions = { strategy: "entropy", endgame: 20 };
 * ```
 */
export interface HybridOptions {
  /** The heuristic of the opening and middle game (default `entropy`; not `consistent`). */
  strategy?: Strategy;
  /** Sets of at most this many codes are played optimally (default 20; 2 and below are trivial). */
  endgame?: number;
  /** The engine that scores guesses. */
  engine?: Engine;
  /** Stops the search (the signal's reason is thrown). */
  signal?: AbortSignal;
  /** Called after each endgame solved, with the endgames solved so far. */
  onProgress?: (endgames: number) => void;
}

/**
 * The strategy, its record over every secret (by replay) and what the endgames gained.
 *
 * @example
 * ```ts
 * const r: HybridResult = hybridStrategy(new CodeSpace(4, 6));
 * ```
 */
export interface HybridResult extends Replay {
  /** The decision tree. */
  tree: StrategyTree;
  /** Endgames solved optimally (distinct sets). */
  endgames: number;
}

/**
 * Plays a heuristic with optimal endgames against every secret.
 *
 * @param space - the code space
 * @param options - heuristic, endgame size, engine, signal, progress
 * @returns the tree and its record, replayed against every secret
 * @throws RangeError for a bad strategy or endgame size
 * @example
 * ```ts
 * hybridStrategy(new CodeSpace(4, 6), { strategy: "entropy", endgame: 30 }).total; // below entropy's 5722
 * ```
 */
export function hybridStrategy(space: CodeSpace, options: HybridOptions = {}): HybridResult {
  if (!(space instanceof CodeSpace)) throw new TypeError(`expected a CodeSpace, got ${describe(space)}`);
  const strategy = checkStrategy(options.strategy ?? "entropy");
  if (strategy === "consistent") throw new RangeError("expected a deterministic heuristic, got 'consistent'");
  const endgame = options.endgame ?? 20;
  if (!Number.isInteger(endgame) || endgame < 0) {
    throw new RangeError(`expected endgame to be an integer >= 0, got ${describe(options.endgame)}`);
  }
  const engine = checkEngine(options.engine ?? "auto");
  const kernel = kernelOf(space);
  const search = newSearch(space, { engine, ...(options.signal ? { signal: options.signal } : {}) });
  const memo = new SetMemo<TreeNode>();
  let endgames = 0;
  const colorsOf = (g: number): number => {
    let mask = 0;
    for (const c of space.codeAt(g)) mask |= 1 << (c - 1);
    return space.colors > 31 ? 0xffffffff : mask >>> 0;
  };
  const walk = (set: Uint32Array, isRoot: boolean, used: number, classes: Int32Array): TreeNode => {
    const known = isRoot ? undefined : memo.get(set);
    if (known) return known;
    options.signal?.throwIfAborted();
    let node: TreeNode;
    if (!isRoot && set.length >= 3 && set.length <= endgame) {
      node = optimalSubtree(search, set, used, classes).node;
      endgames++;
      options.onProgress?.(endgames);
    } else {
      const g = chooseGuess(kernel, set, set.length, strategy, 1, used, twinsOf(classes), engine);
      node = { guess: space.format(space.codeAt(g)) };
      const scores = new Uint16Array(set.length);
      kernel.scoreRow(g, set, 0, set.length, scores);
      const byScore = new Map<number, number[]>();
      for (let i = 0; i < set.length; i++) {
        if (scores[i] === kernel.win) continue;
        const part = byScore.get(scores[i]!) ?? [];
        part.push(set[i]!);
        byScore.set(scores[i]!, part);
      }
      const usedBelow = (used | colorsOf(g)) >>> 0;
      const classesBelow = refineClasses(classes, space.codeAt(g));
      const next: Record<string, TreeNode> = {};
      for (const [t, part] of [...byScore].sort((a, b) => a[0] - b[0])) {
        if (part.length === set.length) throw new Error(`internal error: ${node.guess} made no progress`);
        const key = `${Math.floor(t / (space.pegs + 1))},${t % (space.pegs + 1)}`;
        next[key] = walk(Uint32Array.from(part), false, usedBelow, classesBelow);
      }
      if (Object.keys(next).length > 0) node.next = next;
    }
    if (!isRoot) memo.set(set, node);
    return node;
  };
  const all = new Uint32Array(space.size);
  for (let i = 0; i < space.size; i++) all[i] = i;
  const tree: StrategyTree = {
    pegs: space.pegs,
    colors: space.colors,
    root: walk(all, true, 0, new Int32Array(space.pegs)),
  };
  return { ...replayTree(tree), tree, endgames };
}
