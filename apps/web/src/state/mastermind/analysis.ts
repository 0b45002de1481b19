// Why a guess, and how the solvers compare, as plain values: the partition a
// guess makes of the codes still possible, the comparison of every solver
// over all secrets of a game, and the optimal strategy as a player that
// follows its decision tree. The screen (screens/mastermind) draws them.

import {
  type CodeSpace,
  evaluate,
  knownOptimalTree,
  type Move,
  optimalStrategy,
  replayTree,
  score,
  Solver,
  type Strategy,
  type StrategyTree,
  type TreeNode,
} from "@lightsout/mastermind";

/** A solver of the screen: one of the package's strategies, or the optimal tree. */
export type SolverName = Strategy | "optimal";

/** How the screen names each solver in sentences and tables. */
export const SOLVER_NAMES: Record<SolverName, string> = {
  knuth: "Knuth",
  expected: "expected-size",
  entropy: "entropy",
  "most-parts": "most-parts",
  consistent: "random consistent",
  optimal: "optimal",
};

/** Games whose optimal strategy the page computes itself (a fraction of a second); larger ones take a minute or more. */
export const OPTIMAL_GAMES: readonly string[] = ["3x4", "4x4"];

/** Games with an optimal strategy here: computed, or computed ahead and shipped (4 x 6: knownOptimalTree). */
export const OPTIMAL_HERE: readonly string[] = [...OPTIMAL_GAMES, "4x6"];

/** The optimal tree of a game, computed here or ahead, or undefined. */
function optimalTree(space: CodeSpace, gameKey: string): StrategyTree | undefined {
  if (OPTIMAL_GAMES.includes(gameKey)) return optimalStrategy(space).tree;
  return OPTIMAL_HERE.includes(gameKey) ? knownOptimalTree(space) : undefined;
}

/** One part of a partition: the codes still possible that would score (black, white). */
export interface Part {
  readonly black: number;
  readonly white: number;
  readonly count: number;
}

/**
 * The partition of the codes still possible by the score a guess would get:
 * the parts, most black then most white first.
 *
 * @example
 * ```ts
 * partitionOf([[1, 1], [1, 2], [2, 2]], [1, 2]); // (2,0) 1, (1,0) 2
 * ```
 */
export function partitionOf(codesLeft: readonly (readonly number[])[], guess: readonly number[]): Part[] {
  const counts = new Map<string, Part>();
  for (const code of codesLeft) {
    const s = score(guess, code);
    const key = `${s.black},${s.white}`;
    const part = counts.get(key);
    counts.set(key, { black: s.black, white: s.white, count: (part?.count ?? 0) + 1 });
  }
  return [...counts.values()].sort((a, b) => b.black - a.black || b.white - a.white);
}

/**
 * Why a guess: what its partition does to the codes still possible.
 *
 * @example
 * ```ts
 * whyText("1122", 1296, parts, 4); // "1122 splits the 1,296 codes still possible into 14 groups by score: ..."
 * ```
 */
export function whyText(code: string, remaining: number, parts: readonly Part[], pegs: number): string {
  const largest = Math.max(...parts.map((p) => p.count));
  const wins = parts.some((p) => p.black === pegs);
  const codes =
    remaining === 1 ? "the 1 code still possible" : `the ${remaining.toLocaleString("en")} codes still possible`;
  const groups = parts.length === 1 ? "1 group" : `${parts.length} groups`;
  return (
    `${code} splits ${codes} into ${groups} by score: at worst ${largest} code${largest === 1 ? "" : "s"} will remain` +
    `${wins ? `, and it may be the secret itself` : ", and it cannot be the secret (it is asked for what it tells)"}.`
  );
}

/** One row of the comparison: a solver's record over every secret. */
export interface ComparisonRow {
  readonly solver: SolverName;
  readonly average: number;
  readonly worst: number;
  readonly total: number;
  /** histogram[g - 1] = secrets found in exactly g guesses. */
  readonly histogram: readonly number[];
  readonly firstGuess: string;
}

/**
 * Every solver played against every secret of the game (the optimal
 * strategy where the page computes it), best average first.
 *
 * @example
 * ```ts
 * compareSolvers(spaceOf("3x4"))[0].solver; // "optimal"
 * ```
 */
export function compareSolvers(space: CodeSpace, gameKey: string): ComparisonRow[] {
  const rows: ComparisonRow[] = (["knuth", "expected", "entropy", "most-parts", "consistent"] as const).map((s) => {
    const e = evaluate(space, { strategy: s });
    const histogram = e.histogram.slice(1);
    return {
      solver: s,
      average: e.average,
      worst: e.worst,
      total: e.total,
      histogram,
      firstGuess: space.format(e.firstGuess),
    };
  });
  const tree = optimalTree(space, gameKey);
  if (tree) {
    const o = replayTree(tree);
    rows.push({
      solver: "optimal",
      average: o.average,
      worst: o.worst,
      total: o.total,
      histogram: o.histogram.slice(1),
      firstGuess: tree.root.guess,
    });
  }
  return rows.sort((a, b) => a.total - b.total || a.worst - b.worst);
}

/** What the screen asks of a solver: its next guess, and each scored guess. */
export interface Player {
  nextGuess(): number[];
  record(guess: number[], s: { black: number; white: number }): void;
  readonly remaining: number;
  readonly solved: boolean;
  readonly history: readonly Move[];
  /** The codes still possible (at most `limit`). */
  possibleCodes(limit?: number): number[][];
  /** False once the guesses played left the optimal tree (the player then guesses as Knuth's solver). */
  readonly onTree: boolean;
}

/**
 * The player of a solver: the package's Solver, or for `optimal` the
 * optimal tree of the game (computed here for {@link OPTIMAL_GAMES},
 * computed ahead for 4 x 6), followed while the guesses played are the tree's.
 *
 * @throws RangeError for `optimal` on a game the page does not compute
 */
export function playerOf(space: CodeSpace, gameKey: string, solver: SolverName): Player {
  if (solver !== "optimal") {
    const s = new Solver(space, { strategy: solver });
    return Object.assign(s, { onTree: true }) as unknown as Player;
  }
  const tree = optimalTree(space, gameKey);
  if (!tree) {
    const games = OPTIMAL_HERE.map((g) => g.replace("x", " × "));
    throw new RangeError(
      `The optimal strategy is here for ${games.slice(0, -1).join(", ")} and ${games.at(-1)} only (for larger games: lightsout mastermind optimal --long)`,
    );
  }
  return treePlayer(space, tree.root);
}

function treePlayer(space: CodeSpace, root: TreeNode): Player {
  const solver = new Solver(space, { strategy: "knuth" });
  let node: TreeNode | undefined = root;
  return {
    nextGuess: () => (node ? space.parse(node.guess) : solver.nextGuess()),
    record(guess, s) {
      solver.record(guess, s);
      node = node && node.guess === space.format(guess) ? node.next?.[`${s.black},${s.white}`] : undefined;
    },
    get remaining() {
      return solver.remaining;
    },
    get solved() {
      return solver.solved;
    },
    get history() {
      return solver.history;
    },
    possibleCodes: (limit) => solver.possibleCodes(limit),
    get onTree() {
      return node !== undefined || solver.solved;
    },
  };
}
