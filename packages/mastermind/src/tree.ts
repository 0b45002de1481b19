/**
 * A strategy written out as a decision tree: the guess to play, then for
 * each score the sub-tree to follow (the winning score ends the game). Trees
 * are checked by replaying them against every secret with {@link score}
 * (the definition), never with the code that made them.
 *
 * @module
 */
import { CodeSpace, describe } from "./codes.js";
import { score } from "./score.js";

/**
 * A node of a decision tree: the guess, and the node to go to after each
 * score "b,w" (none after the winning score).
 *
 * @example
 * ```ts
 * const leaf: TreeNode = { guess: "1234" };
 * ```
 */
export interface TreeNode {
  /** The code to guess, as digits ("1123"). */
  guess: string;
  /** The next node by score, keyed "black,white". */
  next?: Record<string, TreeNode>;
}

/**
 * A strategy for [n,k]-Mastermind as a decision tree (the JSON format).
 *
 * @example
 * ```ts
 * const tree: StrategyTree = { pegs: 1, colors: 2, root: { guess: "1", next: { "0,0": { guess: "2" } } } };
 * ```
 */
export interface StrategyTree {
  /** n. */
  pegs: number;
  /** k. */
  colors: number;
  /** The first guess and everything after it. */
  root: TreeNode;
}

/**
 * The record of a strategy tree over every secret.
 *
 * @example
 * ```ts
 * const r: Replay = replayTree({ pegs: 1, colors: 2, root: { guess: "1", next: { "0,0": { guess: "2" } } } });
 * r.total; // 3
 * ```
 */
export interface Replay {
  /** Guesses over all secrets, the winning ones included. */
  total: number;
  /** total / secrets. */
  average: number;
  /** The most guesses a secret takes. */
  worst: number;
  /** histogram[g] = secrets found with exactly g guesses. */
  histogram: number[];
  /** k^n. */
  secrets: number;
}

/**
 * Plays the tree against every secret, scoring with the definition of the
 * score. Refuses a tree that does not fit the game or misses a branch,
 * saying where.
 *
 * @param tree - the strategy
 * @returns total, average, worst case and histogram
 * @throws RangeError naming the first secret the tree does not solve, or the node that does not fit
 * @example
 * ```ts
 * replayTree(optimalStrategy(new CodeSpace(3, 2)).tree).worst; // 3
 * ```
 */
export function replayTree(tree: StrategyTree): Replay {
  const space = spaceOfTree(tree);
  const histogram: number[] = [0];
  let total = 0;
  for (let i = 0; i < space.size; i++) {
    const secret = space.codeAt(i);
    let node: TreeNode | undefined = tree.root;
    const path: string[] = [];
    for (let move = 1; ; move++) {
      if (node === undefined || typeof node !== "object") {
        throw new RangeError(`the tree has no move for secret ${space.format(secret)} after ${path.join(" ")}`);
      }
      const guess = space.check(parseGuess(space, node.guess, path));
      const s = score(guess, secret);
      if (s.black === space.pegs) {
        total += move;
        histogram[move] = (histogram[move] ?? 0) + 1;
        break;
      }
      if (move > space.size) throw new RangeError(`the tree loops for secret ${space.format(secret)}`);
      path.push(`${node.guess} (${s.black},${s.white})`);
      node = node.next?.[`${s.black},${s.white}`];
    }
  }
  for (let g = 0; g < histogram.length; g++) histogram[g] ??= 0;
  return { total, average: total / space.size, worst: histogram.length - 1, histogram, secrets: space.size };
}

function spaceOfTree(tree: StrategyTree): CodeSpace {
  if (typeof tree !== "object" || tree === null) throw new TypeError(`expected a strategy tree, got ${describe(tree)}`);
  if (typeof tree.root !== "object" || tree.root === null) {
    throw new RangeError(`expected a strategy tree with a root node, got ${describe(tree.root)}`);
  }
  return new CodeSpace(tree.pegs, tree.colors);
}

function parseGuess(space: CodeSpace, guess: unknown, path: string[]): number[] {
  if (typeof guess !== "string") {
    throw new RangeError(
      `expected a guess (a string of ${space.pegs} digits) after '${path.join(" ")}', got ${describe(guess)}`,
    );
  }
  try {
    return space.codeAt(space.indexOf(guess));
  } catch (error) {
    const where = path.length === 0 ? "as the first guess" : `after ${path.join(" ")}`;
    throw new RangeError(
      `the tree does not fit [${space.pegs},${space.colors}]-Mastermind: ${where}, ${(error as Error).message}`,
    );
  }
}

/**
 * The tree as compact text: one node a line, indented two spaces a level,
 * "score guess" below the root ("0,0 4456"); the winning score is implied.
 *
 * @param tree - the strategy
 * @returns the text, first line "[n,k] <first guess>"
 * @example
 * ```ts
 * treeToText({ pegs: 1, colors: 2, root: { guess: "1", next: { "0,0": { guess: "2" } } } });
 * // "[1,2] 1\n  0,0 2\n"
 * ```
 */
export function treeToText(tree: StrategyTree): string {
  const lines = [`[${tree.pegs},${tree.colors}] ${tree.root.guess}`];
  const walk = (node: TreeNode, depth: number): void => {
    for (const [key, child] of Object.entries(node.next ?? {})) {
      lines.push(`${"  ".repeat(depth)}${key} ${child.guess}`);
      walk(child, depth + 1);
    }
  };
  walk(tree.root, 1);
  return `${lines.join("\n")}\n`;
}

/**
 * Reads the text of {@link treeToText} back.
 *
 * @param text - the text
 * @returns the tree
 * @throws RangeError naming the line that does not parse
 * @example
 * ```ts
 * parseTreeText("[1,2] 1\n  0,0 2\n").root.next?.["0,0"]?.guess; // "2"
 * ```
 */
export function parseTreeText(text: string): StrategyTree {
  const lines = String(text).split(/\r?\n/);
  const head = /^\[(\d+),(\d+)\]\s+(\S+)\s*$/.exec(lines[0] ?? "");
  if (!head) {
    const shown = (lines[0] ?? "").slice(0, 40);
    throw new RangeError(`expected a first line '[pegs,colors] guess' (like '[4,6] 1123'), got '${shown}'`);
  }
  const root: TreeNode = { guess: head[3]! };
  const stack: TreeNode[] = [root];
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === "") continue;
    const m = /^((?: {2})+)(\d+),(\d+)\s+(\S+)\s*$/.exec(line);
    const depth = m ? m[1]!.length / 2 : 0;
    if (!m || depth > stack.length) {
      throw new RangeError(
        `line ${i + 1}: expected 'black,white guess' indented two spaces a level (at most ${stack.length}), got '${line.slice(0, 40)}'`,
      );
    }
    const parent = stack[depth - 1]!;
    const child: TreeNode = { guess: m[4]! };
    parent.next ??= {};
    parent.next[`${m[2]},${m[3]}`] = child;
    stack.length = depth;
    stack.push(child);
  }
  return { pegs: Number(head[1]), colors: Number(head[2]), root };
}
