import { describe, expect, it } from "vitest";
import {
  breakCode,
  CodeSpace,
  evaluate,
  InconsistentScoresError,
  score,
  Solver,
  STRATEGIES,
  type Strategy,
} from "../src/index.js";
import { scoreByPairing } from "./_pairing.js";

/** A score as the pair [black, white]. */
const pair = (s: { black: number; white: number }) => [s.black, s.white];

/**
 * The naive twin of the guess choice, straight from the definitions: score
 * every code against every candidate with score(), build the partition,
 * compare by the strategy's criterion, break ties by (consistent, lowest).
 */
function naiveChoice(space: CodeSpace, candidates: number[][], strategy: Exclude<Strategy, "consistent">): string {
  const inS = new Set(candidates.map((c) => space.format(c)));
  let best: { value: number; consistent: boolean; code: string } | undefined;
  for (let g = 0; g < space.size; g++) {
    const guess = space.codeAt(g);
    const parts = new Map<string, number>();
    for (const c of candidates) {
      const { black, white } = score(guess, c);
      parts.set(`${black},${white}`, (parts.get(`${black},${white}`) ?? 0) + 1);
    }
    const sizes = [...parts.values()];
    const value =
      strategy === "knuth"
        ? Math.max(...sizes)
        : strategy === "expected"
          ? sizes.reduce((a, c) => a + c * c, 0)
          : strategy === "entropy"
            ? sizes.reduce((a, c) => a + c * Math.log(c), 0)
            : -sizes.length;
    const code = space.format(guess);
    const consistent = inS.has(code);
    if (
      !best ||
      value < best.value - 1e-9 ||
      (Math.abs(value - best.value) <= 1e-9 && consistent && !best.consistent)
    ) {
      best = { value, consistent, code };
    }
  }
  return best!.code;
}

describe("Knuth's minimax on [4,6] (Knuth 1977)", () => {
  it("opens with 1122, never needs more than 5 guesses, 5801 in total (average 4.476)", () => {
    const e = evaluate(new CodeSpace(4, 6), { strategy: "knuth" });
    expect(e.firstGuess).toEqual([1, 1, 2, 2]);
    expect(e.secrets).toBe(1296);
    expect(e.total).toBe(5801);
    expect(e.worst).toBe(5);
    expect(e.average.toFixed(3)).toBe("4.476");
    expect(e.histogram).toEqual([0, 1, 6, 62, 533, 694]);
  });

  it("move-by-move play over all 1296 secrets gives the same 5801 guesses, truly scored, each game ending on the secret", () => {
    const space = new CodeSpace(4, 6);
    let total = 0;
    for (let i = 0; i < space.size; i++) {
      const secret = space.codeAt(i);
      const moves = breakCode(space, secret);
      for (const m of moves) expect(pair(m.score)).toEqual(scoreByPairing(m.guess, secret));
      expect(moves.at(-1)!.guess).toEqual(secret);
      expect(moves.length).toBeLessThanOrEqual(5);
      total += moves.length;
    }
    expect(total).toBe(5801);
  });
});

describe("every strategy: the tree evaluation equals move-by-move play", () => {
  for (const strategy of STRATEGIES) {
    it(`${strategy} on [3,4] and [4,3]`, () => {
      for (const [n, k] of [
        [3, 4],
        [4, 3],
      ] as const) {
        const space = new CodeSpace(n, k);
        const e = evaluate(space, { strategy, seed: 5 });
        const histogram = new Array<number>(e.histogram.length).fill(0);
        for (let i = 0; i < space.size; i++) {
          const moves = breakCode(space, space.codeAt(i), { strategy, seed: 5 });
          expect(moves.at(-1)!.guess).toEqual(space.codeAt(i));
          histogram[moves.length]!++;
        }
        expect(histogram).toEqual(e.histogram);
        expect(e.histogram.reduce((a, c) => a + c, 0)).toBe(space.size);
      }
    });
  }
});

describe("the guess choice equals its naive twin", () => {
  for (const strategy of ["knuth", "expected", "entropy", "most-parts"] as const) {
    it(`${strategy}: [4,6] after one and two random scored guesses, and [3,4] from the start`, () => {
      const space = new CodeSpace(4, 6);
      let seed = 12345;
      const random = (m: number) => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 8) % m;
      for (let trial = 0; trial < 3; trial++) {
        const secret = space.codeAt(random(space.size));
        const solver = new Solver(space, { strategy });
        for (let move = 0; move < 2; move++) {
          const guess = space.codeAt(random(space.size));
          solver.record(guess, score(guess, secret));
          if (solver.solved) break;
          expect(space.format(solver.nextGuess())).toBe(naiveChoice(space, solver.possibleCodes(), strategy));
        }
      }
      const small = new CodeSpace(3, 4);
      const solver = new Solver(small, { strategy });
      expect(small.format(solver.nextGuess())).toBe(naiveChoice(small, solver.possibleCodes(), strategy));
    });
  }
});

describe("the other strategies on [4,6]", () => {
  it("known first guesses and totals: expected size 5696, entropy 5722, most parts 5668", () => {
    const space = new CodeSpace(4, 6);
    const expected = evaluate(space, { strategy: "expected" });
    const entropy = evaluate(space, { strategy: "entropy" });
    const parts = evaluate(space, { strategy: "most-parts" });
    // Irving 4.395, Neuwirth 4.415, Kooi 4.373 guesses on average.
    expect([space.format(expected.firstGuess), expected.total, expected.average.toFixed(3)]).toEqual([
      "1123",
      5696,
      "4.395",
    ]);
    expect([space.format(entropy.firstGuess), entropy.total, entropy.average.toFixed(3)]).toEqual([
      "1234",
      5722,
      "4.415",
    ]);
    expect([space.format(parts.firstGuess), parts.total, parts.average.toFixed(3)]).toEqual(["1123", 5668, "4.373"]);
  });

  it("consistent: seeded, reproducible, every guess consistent with the scores so far", () => {
    const space = new CodeSpace(4, 6);
    const a = evaluate(space, { strategy: "consistent", seed: 7 });
    expect(evaluate(space, { strategy: "consistent", seed: 7 })).toEqual(a);
    expect(evaluate(space, { strategy: "consistent", seed: 8 }).total).not.toBe(a.total);
    for (let i = 0; i < space.size; i++) {
      const moves = breakCode(space, space.codeAt(i), { strategy: "consistent", seed: 7 });
      moves.forEach((m, j) => {
        for (const earlier of moves.slice(0, j))
          expect(scoreByPairing(earlier.guess, m.guess)).toEqual(pair(earlier.score));
      });
    }
  });

  it("a chosen first guess", () => {
    const e = evaluate(new CodeSpace(4, 6), { strategy: "knuth", firstGuess: "1123" });
    expect(e.firstGuess).toEqual([1, 1, 2, 3]);
    expect(e.histogram.reduce((a, c) => a + c, 0)).toBe(1296);
  });
});

describe("Solver move by move", () => {
  it("narrows the candidates and finds the code", () => {
    const space = new CodeSpace(4, 6);
    const solver = new Solver(space);
    expect(solver.nextGuess()).toEqual([1, 1, 2, 2]);
    expect(solver.record("1122", { black: 1, white: 0 })).toBe(256);
    expect(solver.remaining).toBe(256);
    for (const code of solver.possibleCodes()) expect(score([1, 1, 2, 2], code)).toEqual({ black: 1, white: 0 });
    expect(solver.solved).toBe(false);
    solver.record("1344", score([1, 3, 4, 4], [1, 5, 6, 6]));
    while (!solver.solved) {
      const guess = solver.nextGuess();
      solver.record(guess, score(guess, [1, 5, 6, 6]));
    }
    expect(solver.nextGuess()).toEqual([1, 5, 6, 6]);
    expect(() => solver.record("1111", { black: 0, white: 0 })).toThrow(/already found/);
  });

  it("says when the scores given contradict each other, and stays usable", () => {
    const space = new CodeSpace(4, 6);
    const solver = new Solver(space);
    solver.record("1122", { black: 0, white: 0 });
    let error: unknown;
    try {
      solver.record("1111", { black: 1, white: 0 });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InconsistentScoresError);
    expect((error as Error).message).toBe("no code matches all the scores given: 1122 (0,0), 1111 (1,0)");
    expect((error as InconsistentScoresError).moves).toHaveLength(2);
    expect(solver.remaining).toBe(256);
    expect(solver.history).toHaveLength(1);
  });

  it("rejects impossible scores, bad codes, strategies and seeds", () => {
    const solver = new Solver(new CodeSpace(4, 6));
    expect(() => solver.record("1122", { black: 3, white: 1 })).toThrow(
      "score (3, 1) is impossible in [4,6]-Mastermind: (3, 1) never occurs: codes equal in 3 positions differ in the last one",
    );
    expect(() => solver.record("1122", { black: 2, white: 3 })).toThrow(/black \+ white must be at most 4/);
    expect(() => solver.record("112", { black: 0, white: 0 })).toThrow(/expected a code of 4 colours/);
    expect(() => solver.record("1122", null as never)).toThrow(TypeError);
    expect(() => new Solver(new CodeSpace(4, 2)).record("1122", { black: 0, white: 1 })).toThrow(/always even/);
    expect(() => new Solver(new CodeSpace(4, 6), { strategy: "greedy" as never })).toThrow(
      "expected a strategy (knuth, expected, entropy, most-parts, consistent), got 'greedy'",
    );
    expect(() => new Solver(new CodeSpace(4, 6), { seed: -1 })).toThrow(/seed in 0..4294967295, got -1/);
    expect(() => new Solver(new CodeSpace(4, 6), { firstGuess: "7777" })).toThrow(/expected colours 1..6, got '7'/);
    expect(() => evaluate({} as never)).toThrow(TypeError);
  });

  it("tiny spaces: one colour, one peg", () => {
    expect(evaluate(new CodeSpace(3, 1)).histogram).toEqual([0, 1]);
    expect(evaluate(new CodeSpace(1, 5)).total).toBe(1 + 2 + 3 + 4 + 5);
  });
});

describe("symmetries of the codes left: scoring one guess per orbit changes no choice", () => {
  // Colours no guess has used can be permuted, positions every guess colours alike swapped.
  it("[4,7] after 1123, 1123 + 1445 and 1223 + 3456 for every score, all four criteria", async () => {
    const { chooseGuess, refineClasses, twinsOf } = await import("../src/strategies.js");
    const { kernelOf } = await import("../src/solver.js");
    const space = new CodeSpace(4, 7);
    const kernel = kernelOf(space);
    const histories = [["1123"], ["1123", "1445"], ["1223", "3456"]];
    for (const history of histories) {
      const used = history.reduce((m, code) => m | space.parse(code).reduce((a, c) => a | (1 << (c - 1)), 0), 0);
      let classes: Int32Array = new Int32Array(4);
      for (const code of history) classes = refineClasses(classes, space.parse(code));
      const twins = twinsOf(classes);
      if (history.length === 1) expect([...twins]).toEqual([-1, 0, -1, -1]);
      // Every reachable candidate set: group all codes by their scores against the history.
      const groups = new Map<string, number[]>();
      for (let i = 0; i < space.size; i++) {
        const key = history.map((g) => Object.values(score(space.parse(g), space.codeAt(i))).join(",")).join(";");
        groups.set(key, [...(groups.get(key) ?? []), i]);
      }
      for (const strategy of ["knuth", "expected", "entropy", "most-parts"] as const) {
        for (const codes of groups.values()) {
          const set = Uint32Array.from(codes);
          expect(chooseGuess(kernel, set, set.length, strategy, 1, used, twins)).toBe(
            chooseGuess(kernel, set, set.length, strategy, 1),
          );
        }
      }
    }
  });
});
