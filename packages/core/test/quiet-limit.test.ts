// quietPatterns' maxEntries: every route refuses a basis over the caller's
// cap as soon as the nullity is known, and returns the same basis under it.
import { describe, expect, it } from "vitest";
import { type Board, graphBoard, gridBoard, quietPatterns, solveGrid, solveLightsOut } from "../src/index.js";

/** Boards and options that take each route, with their nullity (two or three states). */
const ROUTES: [string, Board, { states?: number; method?: "dense" | "banded" }, number][] = [
  ["chasing (21 x 20 plain, GF(2))", gridBoard(21, 20), {}, 1],
  ["chasing (24 x 24 plain, GF(2))", gridBoard(24, 24), {}, 4],
  ["dense (5 x 5 torus, GF(2))", gridBoard(5, 5, { torus: true }), { method: "dense" }, 8],
  ["banded (5 x 5 torus, GF(2))", gridBoard(5, 5, { torus: true }), { method: "banded" }, 8],
  ["chasing over Z_3 (26 x 26 plain)", gridBoard(26, 26), { states: 3 }, 13],
  ["dense over Z_6 (graph without edges)", graphBoard(30, [], { selfToggle: false }), { states: 6 }, 30],
  [
    "banded over Z_3 (graph without edges)",
    graphBoard(30, [], { selfToggle: false }),
    { states: 3, method: "banded" },
    30,
  ],
];

describe("quietPatterns maxEntries", () => {
  for (const [name, board, options, expected] of ROUTES) {
    it(`${name}: the basis under the cap, a RangeError naming the sizes over it`, () => {
      const basis = quietPatterns(board, options);
      expect(basis).toHaveLength(expected);
      const entries = basis.length * basis[0]!.length;
      expect(quietPatterns(board, { ...options, maxEntries: entries })).toEqual(basis);
      expect(() => quietPatterns(board, { ...options, maxEntries: entries - 1 })).toThrow(RangeError);
      expect(() => quietPatterns(board, { ...options, maxEntries: entries - 1 })).toThrow(
        // one message from every route: the patterns, their cells, the cap and the entries asked for
        new RegExp(
          `^the quiet basis of .* \\(${basis.length} patterns? of ${basis[0]!.length} cells\\) ` +
            `expected at most ${(entries - 1).toLocaleString("en-US")} entries, got ${entries.toLocaleString("en-US")} entries; `,
        ),
      );
    });
  }

  it("solveGrid's maxQuietEntries, and bad caps", () => {
    expect(solveGrid(5, 5, new Array(25).fill(0), { quiet: true, maxQuietEntries: 50 }).quiet).toHaveLength(2);
    expect(() => solveGrid(5, 5, new Array(25).fill(0), { quiet: true, maxQuietEntries: 49 })).toThrow(
      "the quiet basis of the 5 x 5 board (2 patterns of 25 cells) expected at most 49 entries, got 50 entries; " +
        "ask for the nullity instead, or for the patterns of a smaller board",
    );
    for (const bad of [0, -1, 1.5, Number.NaN, "9"])
      expect(() => quietPatterns(gridBoard(5, 5), { maxEntries: bad as number })).toThrow(
        /"maxEntries" expected a positive safe integer/,
      );
  });
});

describe("the dense two-state route reports progress and honours the signal", () => {
  it("solveLightsOut and quietPatterns with method dense", () => {
    const board = gridBoard(30, 30, { torus: true });
    const seen: [number, number][] = [];
    const onProgress = (done: number, total: number) => seen.push([done, total]);
    const s = solveLightsOut(board, new Array(900).fill(0), { method: "dense", onProgress });
    expect(s.method).toBe("dense");
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every(([done, total]) => done >= 0 && done <= total && total > 0)).toBe(true);
    seen.length = 0;
    expect(quietPatterns(board, { method: "dense", onProgress })).toHaveLength(s.nullity);
    expect(seen.length).toBeGreaterThan(0);
    const signal = AbortSignal.abort(new Error("stop"));
    expect(() => solveLightsOut(board, new Array(900).fill(0), { method: "dense", signal })).toThrow("stop");
  });
});
