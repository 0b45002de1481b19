/**
 * Optimal strategies computed ahead: the searches of [4,6] and [4,7] take
 * a minute and twenty minutes (optimal.ts), so their proved trees ship
 * with the package, for pages and programs that want the optimal player
 * without the wait.
 *
 * @module
 */
import type { CodeSpace } from "./codes.js";
import { parseTreeText, type StrategyTree } from "./tree.js";
import optimal4x6 from "./trees/optimal-4x6.js";
import optimal4x7 from "./trees/optimal-4x7.js";

const KNOWN: Record<string, string> = { "4,6": optimal4x6, "4,7": optimal4x7 };
const parsed = new Map<string, StrategyTree>();

/**
 * The optimal expected-case strategy of a game, when it was computed ahead:
 * [4,6] (5625 guesses over the 1296 secrets, Koyama and Lai 1993) and
 * [4,7] (11228 over 2401, average 4.676, Ville 2013), both found and proved
 * by {@link optimalStrategy}. Undefined for other games.
 *
 * @param space - the code space
 * @returns the decision tree (the same frozen object on every call), or undefined
 * @example
 * ```ts
 * knownOptimalTree(new CodeSpace(4, 6))?.root.guess; // "1123"
 * replayTree(knownOptimalTree(new CodeSpace(4, 7))!).total; // 11228
 * ```
 */
export function knownOptimalTree(space: CodeSpace): StrategyTree | undefined {
  const key = `${space.pegs},${space.colors}`;
  const text = KNOWN[key];
  if (text === undefined) return undefined;
  let tree = parsed.get(key);
  if (!tree) {
    tree = freeze(parseTreeText(text));
    parsed.set(key, tree);
  }
  return tree;
}

/** `value` frozen with everything under it (the trees are shared by every caller). */
function freeze<T>(value: T): T {
  if (typeof value === "object" && value !== null) {
    for (const child of Object.values(value)) freeze(child);
    Object.freeze(value);
  }
  return value;
}
