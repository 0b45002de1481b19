// The optimal trees computed ahead (src/trees) replayed against every
// secret: the published optima, [4,6] 5625 (Koyama and Lai 1993) and [4,7]
// 11228 = 4.676 on average (Ville 2013, arXiv:1305.1010). The searches that
// found them are test/slow-optimal.test.ts (opt-in: a minute and twenty).
import { describe, expect, it } from "vitest";
import { CodeSpace, knownOptimalTree, replayTree } from "../src/index.js";

describe("knownOptimalTree", () => {
  it("[4,6]: 5625 guesses over the 1296 secrets, 6 at most, first guess 1123", () => {
    const tree = knownOptimalTree(new CodeSpace(4, 6))!;
    const replay = replayTree(tree);
    expect([replay.secrets, replay.total, replay.worst, tree.root.guess]).toEqual([1296, 5625, 6, "1123"]);
    expect(replay.histogram).toEqual([0, 1, 8, 84, 661, 540, 2]);
  });

  it("[4,7]: 11228 guesses over the 2401 secrets (4.676 on average), 6 at most, first guess 1123", () => {
    const tree = knownOptimalTree(new CodeSpace(4, 7))!;
    const replay = replayTree(tree);
    expect([replay.secrets, replay.total, replay.worst, tree.root.guess]).toEqual([2401, 11228, 6, "1123"]);
    expect(replay.average.toFixed(3)).toBe("4.676");
    expect(replay.histogram).toEqual([0, 1, 8, 79, 707, 1490, 116]);
  });

  it("is undefined for other games, and hands out one frozen tree", () => {
    expect(knownOptimalTree(new CodeSpace(4, 5))).toBeUndefined();
    expect(knownOptimalTree(new CodeSpace(5, 8))).toBeUndefined();
    const tree = knownOptimalTree(new CodeSpace(4, 6))!;
    expect(knownOptimalTree(new CodeSpace(4, 6))).toBe(tree);
    expect(Object.isFrozen(tree.root)).toBe(true);
    expect(() => {
      (tree.root as { guess: string }).guess = "1111";
    }).toThrow(TypeError);
  });
});
