// A heuristic with optimal endgames: never worse than the heuristic, never
// better than the optimum, its tree replayed against every secret; in a game
// of more than 4096 codes too (no score table there).
import { describe, expect, it } from "vitest";
import { CodeSpace, evaluate, hybridStrategy, optimalStrategy, replayTree } from "../src/index.js";

describe("hybridStrategy", () => {
  it("with no endgame is the heuristic itself", () => {
    const space = new CodeSpace(4, 4);
    for (const strategy of ["entropy", "knuth", "most-parts"] as const) {
      expect(hybridStrategy(space, { strategy, endgame: 0 }).histogram).toEqual(
        evaluate(space, { strategy }).histogram,
      );
    }
  });

  it("lies between the optimum and the heuristic on [4,4], and replays", () => {
    const space = new CodeSpace(4, 4);
    const optimum = optimalStrategy(space).total;
    const heuristic = evaluate(space, { strategy: "entropy" }).total;
    let previous = heuristic;
    for (const endgame of [5, 20, 255]) {
      const r = hybridStrategy(space, { strategy: "entropy", endgame });
      expect(r.total).toBeGreaterThanOrEqual(optimum);
      expect(r.total).toBeLessThanOrEqual(previous);
      expect(replayTree(r.tree).total).toBe(r.total);
      previous = r.total;
    }
  });

  it("works beyond 4096 codes ([3,17], scored without a table)", () => {
    const space = new CodeSpace(3, 17);
    const r = hybridStrategy(space, { strategy: "entropy", endgame: 6 });
    expect(r.endgames).toBeGreaterThan(0);
    expect(r.total).toBeLessThanOrEqual(evaluate(space, { strategy: "entropy" }).total);
    expect(r.secrets).toBe(4913);
  });

  it("refuses a bad endgame or the random strategy, and stops when asked", () => {
    expect(() => hybridStrategy(new CodeSpace(3, 3), { endgame: -1 })).toThrow(
      "expected endgame to be an integer >= 0, got -1",
    );
    expect(() => hybridStrategy(new CodeSpace(3, 3), { strategy: "consistent" })).toThrow(
      "expected a deterministic heuristic, got 'consistent'",
    );
    const controller = new AbortController();
    controller.abort(new Error("stopped"));
    expect(() => hybridStrategy(new CodeSpace(3, 3), { signal: controller.signal })).toThrow("stopped");
  });
});
