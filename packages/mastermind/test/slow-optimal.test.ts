// Opt-in (LIGHTSOUT_SLOW=1 pnpm test): the published optima of [4,6],
// about two minutes together on a quiet 2-core machine, and of [4,7]. Koyama and Lai
// (1993): 5625 guesses over the 1296 secrets, 5626 with at most 5 guesses a
// secret; Knuth (1976-77): 5 guesses always suffice, and by counting 4 do not.
import { describe, expect, it } from "vitest";
import { CodeSpace, optimalStrategy, replayTree } from "../src/index.js";

describe("the optima of [4,6]", () => {
  const space = new CodeSpace(4, 6);

  it("expected case: 5625, first guess 1123 (Koyama and Lai 1993)", () => {
    const r = optimalStrategy(space);
    expect(r.total).toBe(5625);
    expect(replayTree(r.tree).total).toBe(5625);
    expect(r.tree.root.guess).toBe("1123");
  }, 1_800_000);

  it("at most 5 guesses: 5626", () => {
    const r = optimalStrategy(space, { maxGuesses: 5 });
    expect(r.total).toBe(5626);
    expect(replayTree(r.tree).worst).toBe(5);
  }, 1_800_000);

  it("worst case: 5, and 4 refuted", () => {
    const r = optimalStrategy(space, { objective: "worst" });
    expect(r.worst).toBe(5);
    expect(r.proof.refuted).toEqual([1, 2, 3, 4]);
  }, 1_800_000);
});

describe("the optimum of [4,7]", () => {
  // Ville (2013, arXiv:1305.1010): 4.676 guesses on average. About 20 minutes here.
  it("expected case: 11228 over the 2401 secrets, first guess 1123", () => {
    const r = optimalStrategy(new CodeSpace(4, 7), { allowLong: true });
    expect(r.total).toBe(11228);
    expect(replayTree(r.tree).total).toBe(11228);
    expect(r.tree.root.guess).toBe("1123");
  }, 7_200_000);
});
