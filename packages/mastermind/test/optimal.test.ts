// The optimal search against an independent brute force (every guess, no
// symmetry, no bounds) on small games, its trees replayed against every
// secret, the text format read back, and bad input refused with reasons.
import { describe, expect, it } from "vitest";
import {
  CodeSpace,
  evaluate,
  optimalEstimate,
  optimalStrategy,
  parseTreeText,
  replayTree,
  score,
  type StrategyTree,
  treeToText,
} from "../src/index.js";
import { type OptimalOptions, searchShortcuts } from "../src/optimal.js";

/** The optimal total by brute force: C(S) = |S| + min over every code g of the sum of C(part), with a guess limit. */
function bruteForce(space: CodeSpace, maxGuesses = Infinity): number {
  const codes = Array.from({ length: space.size }, (_, i) => space.codeAt(i));
  const memo = new Map<string, number>();
  const cost = (set: number[], left: number): number => {
    if (left === 0) return Infinity;
    if (set.length === 1) return 1;
    const key = `${left}:${set.join(",")}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
    let best = Infinity;
    for (let g = 0; g < codes.length; g++) {
      const parts = new Map<string, number[]>();
      for (const s of set) {
        const { black, white } = score(codes[g]!, codes[s]!);
        if (black === space.pegs) continue;
        const k = `${black},${white}`;
        parts.set(k, [...(parts.get(k) ?? []), s]);
      }
      if ([...parts.values()].some((p) => p.length === set.length)) continue;
      let total = set.length;
      for (const part of parts.values()) total += cost(part, left - 1);
      best = Math.min(best, total);
    }
    memo.set(key, best);
    return best;
  };
  return cost(
    codes.map((_, i) => i),
    maxGuesses,
  );
}

describe("optimalStrategy", () => {
  it("finds the same trees with and without settling small sets by a code of their own", () => {
    const games: [number, number, OptimalOptions][] = [
      [3, 4, {}],
      [4, 4, {}],
      [3, 5, {}],
      [3, 6, {}],
      [4, 4, { maxGuesses: 4 }],
      [4, 5, { objective: "worst" }],
    ];
    for (const [pegs, colors, options] of games) {
      const space = new CodeSpace(pegs, colors);
      const fast = optimalStrategy(space, options);
      searchShortcuts.settledInS = false;
      try {
        const plain = optimalStrategy(space, options);
        expect(fast.total).toBe(plain.total);
        expect(fast.tree).toEqual(plain.tree);
        expect(fast.proof.nodes).toBe(plain.proof.nodes);
      } finally {
        searchShortcuts.settledInS = true;
      }
    }
  });

  it("matches the brute force on small games, with and without a guess limit", () => {
    for (const [pegs, colors] of [
      [1, 4],
      [2, 2],
      [2, 3],
      [2, 4],
      [3, 2],
      [3, 3],
    ] as const) {
      const space = new CodeSpace(pegs, colors);
      const r = optimalStrategy(space);
      expect(r.total, `[${pegs},${colors}]`).toBe(bruteForce(space));
      expect(replayTree(r.tree).total).toBe(r.total);
      // one guess fewer than the optimum's worst case: a higher total, or impossible
      const brute = bruteForce(space, r.worst - 1);
      if (brute === Infinity) expect(() => optimalStrategy(space, { maxGuesses: r.worst - 1 })).toThrow(/no strategy/);
      else expect(optimalStrategy(space, { maxGuesses: r.worst - 1 }).total).toBe(brute);
    }
  });

  it("on [3,3] beats or ties every heuristic, and its tree replays against every secret", () => {
    const space = new CodeSpace(3, 3);
    const r = optimalStrategy(space);
    for (const strategy of ["knuth", "expected", "entropy", "most-parts"] as const) {
      expect(r.total).toBeLessThanOrEqual(evaluate(space, { strategy }).total);
    }
    const replay = replayTree(r.tree);
    expect(replay.histogram.reduce((a, b) => a + b, 0)).toBe(27);
    expect(replay.worst).toBe(r.worst);
    expect(r.proof.firstGuesses.filter((f) => f.exact)).toHaveLength(1);
    for (const f of r.proof.firstGuesses) expect(f.total).toBeGreaterThanOrEqual(r.total);
  });

  it("finds the worst-case optimum and the limits below it refuted", () => {
    const r = optimalStrategy(new CodeSpace(3, 3), { objective: "worst" });
    const limited = optimalStrategy(new CodeSpace(3, 3), { maxGuesses: r.worst });
    expect(limited.worst).toBe(r.worst);
    expect(r.proof.refuted).toEqual(Array.from({ length: r.worst - 1 }, (_, i) => i + 1));
    expect(() => optimalStrategy(new CodeSpace(3, 3), { maxGuesses: r.worst - 1 })).toThrow(
      `no strategy for [3,3] finds every secret within ${r.worst - 1} guesses`,
    );
  });

  it("gives the same tree with either engine", () => {
    const a = optimalStrategy(new CodeSpace(3, 4), { engine: "wasm" });
    const b = optimalStrategy(new CodeSpace(3, 4), { engine: "ts" });
    expect(a.tree).toEqual(b.tree);
  });

  it("reports progress and stops when asked", () => {
    const seen: number[] = [];
    optimalStrategy(new CodeSpace(3, 4), { onProgress: (p) => seen.push(p.firstGuessesDone) });
    expect(seen.at(-1)).toBe(seen.length);
    const controller = new AbortController();
    controller.abort(new Error("stopped by the test"));
    expect(() => optimalStrategy(new CodeSpace(3, 4), { signal: controller.signal })).toThrow("stopped by the test");
    const later = new AbortController();
    expect(() =>
      optimalStrategy(new CodeSpace(4, 5), {
        signal: later.signal,
        onProgress: () => later.abort(new Error("stopped while searching")),
      }),
    ).toThrow("stopped while searching");
  });

  it("says before starting when a game is beyond reach", () => {
    expect(optimalEstimate(new CodeSpace(4, 6)).reachable).toBe(true);
    expect(optimalEstimate(new CodeSpace(4, 7)).reason).toMatch(/2401 codes\) is beyond the games measured/);
    expect(() => optimalStrategy(new CodeSpace(4, 7))).toThrow(/number of codes \(allowLong to try\)$/);
    expect(() => optimalStrategy(new CodeSpace(5, 8), { allowLong: true })).toThrow(
      /32768 codes\) is beyond the optimal search/,
    );
    expect(() => optimalStrategy(new CodeSpace(3, 3), { maxGuesses: 0 })).toThrow(
      "expected maxGuesses to be an integer >= 1, got 0",
    );
    expect(() => optimalStrategy(new CodeSpace(3, 3), { objective: "best" as never })).toThrow(
      "expected an objective 'total' or 'worst', got 'best'",
    );
  });
});

describe("strategy trees", () => {
  const tree = optimalStrategy(new CodeSpace(3, 3)).tree;

  it("read back from their text", () => {
    const text = treeToText(tree);
    expect(text.startsWith("[3,3] ")).toBe(true);
    expect(parseTreeText(text)).toEqual(tree);
    expect(JSON.parse(JSON.stringify(tree))).toEqual(tree);
  });

  it("that do not fit the game are refused with the reason", () => {
    const wrongGame: StrategyTree = { ...tree, pegs: 4 };
    expect(() => replayTree(wrongGame)).toThrow(
      /does not fit \[4,3\]-Mastermind: as the first guess, expected a code of 4/,
    );
    const pruned: StrategyTree = JSON.parse(JSON.stringify(tree));
    const first = Object.keys(pruned.root.next ?? {})[0]!;
    delete pruned.root.next![first];
    expect(() => replayTree(pruned)).toThrow(
      new RegExp(`the tree has no move for secret \\d{3} after ${tree.root.guess} \\(${first}\\)`),
    );
    expect(() => parseTreeText("1123")).toThrow(
      "expected a first line '[pegs,colors] guess' (like '[4,6] 1123'), got '1123'",
    );
    expect(() => parseTreeText("[3,3] 112\n    0,0 333")).toThrow(
      "line 2: expected 'black,white guess' indented two spaces a level (at most 1), got '    0,0 333'",
    );
  });
});
