// Why a guess and the comparison of the solvers, without a page; checked
// against published facts: Knuth's first guess 1122 leaves at most 256 codes
// and his strategy takes 5801 guesses over the 1296 secrets of 4 x 6 (Knuth
// 1976-77).

import { CodeSpace, score } from "@lightsout/mastermind";
import { describe, expect, test } from "vitest";
import { compareSolvers, OPTIMAL_GAMES, partitionOf, playerOf, whyText } from "./analysis.js";

const all = (space: CodeSpace) => Array.from({ length: space.size }, (_, i) => space.codeAt(i));

describe("why a guess", () => {
  test("1122 on 4 x 6: the parts add up to 1296, the largest 256", () => {
    const space = new CodeSpace(4, 6);
    const parts = partitionOf(all(space), [1, 1, 2, 2]);
    expect(parts.reduce((a, p) => a + p.count, 0)).toBe(1296);
    expect(Math.max(...parts.map((p) => p.count))).toBe(256);
    expect(parts[0]).toEqual({ black: 4, white: 0, count: 1 });
    const text = whyText("1122", 1296, parts, 4);
    expect(text).toBe(
      `1122 splits the 1,296 codes still possible into ${parts.length} groups by score: at worst 256 codes will remain, and it may be the secret itself.`,
    );
  });

  test("a guess that cannot be the secret says so", () => {
    const parts = partitionOf(
      [
        [1, 2],
        [2, 1],
      ],
      [1, 1],
    );
    expect(whyText("11", 2, parts, 2)).toMatch(
      /into 1 group by score: at worst 2 codes will remain, and it cannot be the secret/,
    );
  });
});

describe("the solvers compared", () => {
  test("4 x 6: Knuth's 5801 and worst case 5; the optimal row first, 5625 (the tree computed ahead)", () => {
    const rows = compareSolvers(new CodeSpace(4, 6), "4x6");
    const knuth = rows.find((r) => r.solver === "knuth")!;
    expect([knuth.total, knuth.worst, knuth.firstGuess]).toEqual([5801, 5, "1122"]);
    expect(knuth.histogram).toEqual([1, 6, 62, 533, 694]);
    expect([rows[0]!.solver, rows[0]!.total, rows[0]!.worst, rows[0]!.firstGuess]).toEqual([
      "optimal",
      5625,
      6,
      "1123",
    ]);
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.total).toBeGreaterThanOrEqual(rows[i - 1]!.total);
  });

  test("3 x 4 and 4 x 4: the optimal row first, no solver better", () => {
    for (const key of OPTIMAL_GAMES) {
      const [pegs, colors] = key.split("x").map(Number) as [number, number];
      const rows = compareSolvers(new CodeSpace(pegs, colors), key);
      expect(rows[0]!.solver).toBe("optimal");
      expect(rows[0]!.histogram.reduce((a, b) => a + b, 0)).toBe(colors ** pegs);
    }
  });
});

describe("players", () => {
  // every secret played by the optimal player, scored by the definition: the guesses in all (5625: Koyama and Lai 1993)
  test.each([
    ["3x4", 3, 4, 206],
    ["4x6", 4, 6, 5625],
  ] as const)("the optimal player of %s breaks every secret on its tree", (key, pegs, colors, expected) => {
    const space = new CodeSpace(pegs, colors);
    let total = 0;
    for (const secret of all(space)) {
      const player = playerOf(space, key, "optimal");
      while (!player.solved) {
        const guess = player.nextGuess();
        player.record(guess, score(guess, secret));
      }
      expect(player.history.at(-1)!.guess).toEqual(secret);
      expect(player.onTree).toBe(true);
      total += player.history.length;
    }
    expect(total).toBe(expected);
  });

  test("off the tree: Knuth's guesses, and said", () => {
    const space = new CodeSpace(3, 4);
    const player = playerOf(space, "3x4", "optimal");
    const first = player.nextGuess();
    const other = first[0] === 4 ? [1, 1, 1] : [4, 4, 4];
    player.record(other, score(other, [2, 3, 4]));
    expect(player.onTree).toBe(false);
    expect(player.nextGuess()).toHaveLength(3);
  });

  test("optimal on 5 x 5 is refused with the reason", () => {
    expect(() => playerOf(new CodeSpace(5, 5), "5x5", "optimal")).toThrow(
      "The optimal strategy is here for 3 × 4, 4 × 4 and 4 × 6 only (for larger games: lightsout mastermind optimal --long)",
    );
  });
});
