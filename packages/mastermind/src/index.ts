/**
 * @lightsout/mastermind: [n,k]-Mastermind. Codes of n positions over colours
 * 1..k, the score (b, w) as Knuth (1977) defines it, the possible
 * scores, and codebreakers: Knuth's minimax, the expected-size, entropy and
 * most-parts heuristics and a seeded random consistent baseline, each
 * playable move by move ({@link Solver}) and evaluable over all secrets
 * ({@link evaluate}).
 *
 * @example
 * ```ts
 * import { CodeSpace, Solver, evaluate } from "@lightsout/mastermind";
 *
 * const space = new CodeSpace(4, 6);
 * evaluate(space, { strategy: "knuth" }).total; // 5801 guesses over 1296 secrets
 * new Solver(space).nextGuess();                 // [1, 1, 2, 2]
 * ```
 *
 * @packageDocumentation
 */
export { CodeSpace, type Code, MAX_CODES, MAX_COLORS } from "./codes.js";
export { score, isPossibleScore, impossibility, possibleScores, parseScore, type Score } from "./score.js";
export { STRATEGIES, type Strategy, type Engine } from "./strategies.js";
export { Solver, breakCode, InconsistentScoresError, type Move, type SolverOptions } from "./solver.js";
export { evaluate, type Evaluation, type EvaluateOptions } from "./evaluate.js";
export {
  evaluateOnThreads,
  serveEvaluateTasks,
  type EvaluateWorker,
  type ParallelEvaluateOptions,
} from "./parallel.js";
export {
  optimalStrategy,
  optimalEstimate,
  type OptimalOptions,
  type OptimalProgress,
  type OptimalResult,
  type FirstGuessBound,
} from "./optimal.js";
export { hybridStrategy, type HybridOptions, type HybridResult } from "./hybrid.js";
export { replayTree, treeToText, parseTreeText, type StrategyTree, type TreeNode, type Replay } from "./tree.js";
export { knownOptimalTree } from "./known-trees.js";
