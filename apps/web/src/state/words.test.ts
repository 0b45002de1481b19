// The sentences about boards and proofs, without a page.

import { graphBoard, gridBoard, maskBoard } from "@lightsout/core";
import { describe, expect, test } from "vitest";
import { MAX_DRAWN_EDGES, MAX_FORCE_VERTICES } from "./limits.js";
import { explainProof } from "./proof-words.js";
import { describeBoard, offsetsText, pressRule } from "./words.js";

describe("boards", () => {
  test("what a press does: the rule, self toggle, states and wrapping edges", () => {
    expect(pressRule(gridBoard(5, 5), 2)).toBe(
      "Switch every light off. Pressing a cell toggles it and its orthogonal neighbours.",
    );
    expect(pressRule(gridBoard(5, 5, { rule: "king", torus: true }), 3)).toBe(
      "Bring every cell to 0. Pressing a cell adds 1 (mod 3) to it and its eight neighbours, wrapping around the edges.",
    );
    expect(pressRule(gridBoard(3, 3, { rule: { offsets: [[0, 2]] }, selfToggle: false }), 2)).toBe(
      "Switch every light off. Pressing a cell toggles the cells at offsets 0,2 (rows down, columns right).",
    );
    expect(pressRule(graphBoard(3, [[0, 1]]), 2)).toMatch(/toggles it and the vertices joined to it\.$/);
  });

  test("one line about a board, and why a big graph is drawn as it is", () => {
    expect(describeBoard(gridBoard(5, 5), 2)).toBe("5 × 5 rectangle, plus rule, 2 states (on/off).");
    expect(describeBoard(maskBoard(["#.", "##"], { topology: "projective" }), 4)).toBe(
      "Irregular board in a 2 × 2 frame (projective plane: wrapping with a twist), plus rule, 4 states (a press adds 1 mod 4).",
    );
    const ring = (n: number) => Array.from({ length: n }, (_, i) => [i, (i + 1) % n] as [number, number]);
    expect(describeBoard(graphBoard(4, ring(4)), 2)).toBe("Graph of 4 vertices and 4 edges, 2 states (on/off).");
    const big = describeBoard(graphBoard(MAX_DRAWN_EDGES + 1, ring(MAX_DRAWN_EDGES + 1)), 2);
    expect(big).toMatch(`beyond ${MAX_FORCE_VERTICES} vertices`);
    expect(big).toMatch("The edges are not drawn");
  });
});

describe("custom rules", () => {
  test("a rule of 50,000 copies of one offset is written once, with the count; long rules are cut", () => {
    const copies = Array.from({ length: 50_000 }, () => [0, 1] as const);
    expect(offsetsText(copies)).toBe(
      "the cells at offsets 0,1 (rows down, columns right; the rule lists 50,000 offsets, 1 distinct)",
    );
    const board = gridBoard(3, 3, { rule: { offsets: copies } });
    expect(pressRule(board, 2).length).toBeLessThan(200);
    const many = Array.from({ length: 30 }, (_, i) => [0, i + 1] as const);
    expect(offsetsText(many)).toMatch(/0,24 and 6 more offsets \(rows down, columns right\)$/);
    expect(
      offsetsText([
        [0, 2],
        [0, -2],
      ]),
    ).toBe("the cells at offsets 0,2; 0,-2 (rows down, columns right)");
  });
});

describe("proofs", () => {
  test("none, a parity pattern (quiet when the rule is symmetric), or weights", () => {
    expect(explainProof(gridBoard(2, 2), 2, [1, 0, 0, 0], null).kind).toBe("none");
    const parity = explainProof(gridBoard(1, 2), 2, [1, 0], [1, 1]);
    expect(parity).toMatchObject({ kind: "parity", quiet: expect.stringMatching(/^It is a quiet pattern too/) });
    expect(parity.text).toMatch("Right now 1 of them is lit");
    const skew = gridBoard(1, 3, { rule: { offsets: [[0, 1]] } });
    expect(explainProof(skew, 2, [1, 1, 0], [1, 0, 1])).toMatchObject({ kind: "parity", quiet: null });
    const weights = explainProof(gridBoard(1, 2), 3, [1, 0], [1, 2]);
    expect(weights).toMatchObject({ kind: "weights", weights: expect.stringContaining("12") });
    expect(weights.text).toMatch("which is 1 now");
  });
});
