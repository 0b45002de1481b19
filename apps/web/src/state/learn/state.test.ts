// Learn's state and panels without a page: editing, stepping, links, what a
// step shows, the quiet-pattern gallery and the first-row panels.

import { gridBoard } from "@lightsout/core";
import { describe, expect, test } from "vitest";
import { decodeBoard, encodeBoard } from "../url.js";
import { firstRowFix, lookupTable, quietGallery } from "./panels.js";
import {
  atEnd,
  edited,
  editHint,
  filledLights,
  lesson,
  linkOf,
  opened,
  randomLights,
  reshaped,
  shownStep,
  stepped,
} from "./state.js";
import { chaseMatrixModK } from "./trace.js";

const allOn = lesson(gridBoard(5, 5), 2, filledLights(5, 5, 1));

describe("the chase", () => {
  test("steps stay within the trace; clicks edit the board only at step 0", () => {
    expect(allOn.step).toBe(0);
    const steps = allOn.trace.steps.length;
    expect(stepped(allOn, -3).step).toBe(0);
    expect(stepped(allOn, 99).step).toBe(steps);
    expect(atEnd(stepped(allOn, steps))).toBe(true);
    expect(atEnd(allOn)).toBe(false);
    expect(edited(stepped(allOn, 1), 0)).toBeNull();
    const off = edited(allOn, 0)!;
    expect(off.lights[0]).toBe(0);
    expect(off.board).toBe(allOn.board);
    expect(edited(lesson(gridBoard(1, 2), 3, [2, 0]), 0)?.lights).toEqual([0, 0]);
  });

  test("the same size and states keep the board; another size or k makes a new one", () => {
    const same = reshaped(allOn, 5, 5, 2, filledLights(5, 5, 0));
    expect(same.changed).toBe(false);
    expect(same.state.board).toBe(allOn.board);
    expect(same.state.lights.every((v) => v === 0)).toBe(true);
    expect(reshaped(allOn, 5, 4, 2, filledLights(5, 4, 1)).changed).toBe(true);
    expect(reshaped(allOn, 5, 5, 3, filledLights(5, 5, 1)).changed).toBe(true);
    expect(reshaped(undefined, 5, 5, 2, filledLights(5, 5, 1)).changed).toBe(true);
  });

  test("what a step shows: lights, presses, sentence, counter, buttons and the lookup's current row", () => {
    const start = shownStep(allOn);
    expect(start).toMatchObject({ presses: null, counter: "Step 0 of 10", canBack: false, canNext: true });
    expect(start.lights).toEqual(allOn.lights);
    expect(start.sentence).toMatch(/^Start: 25 lights on/);
    expect(start.pastChase).toBe(false);
    expect(start.lastRow).toBe("10001");
    const first = shownStep(stepped(allOn, 1));
    expect(first.presses).toEqual(Array.from(allOn.trace.steps[0]!.presses));
    expect(first.pastChase).toBe(false);
    const end = shownStep(stepped(allOn, 10));
    expect(end).toMatchObject({ canBack: true, canNext: false, pastChase: true });
    expect(end.lights.every((v) => v === 0)).toBe(true);
    // k states speak in counts
    expect(shownStep(lesson(gridBoard(3, 3), 3, [2, 1, 1, 1, 1, 2, 0, 2, 1])).sentence).toMatch(
      /^Start: 8 cells not yet at 0/,
    );
  });

  test("random boards by seed, links both ways, and boards Learn cannot chase", () => {
    expect(randomLights(4, 4, 3, 7)).toEqual(randomLights(4, 4, 3, 7));
    expect(randomLights(4, 4, 3, 7)).toHaveLength(16);
    const link = linkOf(lesson(gridBoard(2, 3), 3, [0, 1, 2, 0, 1, 2]));
    expect(decodeBoard(link)?.lights).toEqual([0, 1, 2, 0, 1, 2]);
    expect(opened(link).shared).toEqual({ rows: 2, cols: 3, states: 3, lights: [0, 1, 2, 0, 1, 2] });
    const torus = encodeBoard({ board: gridBoard(3, 3, { torus: true }), states: 2, lights: filledLights(3, 3, 0) });
    expect(opened(torus).shared).toBeNull();
    expect(opened(new URLSearchParams("g=13x13")).shared).toBeNull();
    expect(opened(new URLSearchParams("g=oops")).shared).toBeNull();
    // what was refused is said, not dropped
    expect(opened(new URLSearchParams("g=13x13")).note).toBe(
      "Learn chases plain rectangles (no wrapping edges, the plus rule) up to 12 × 12 with 2 to 36 states. " +
        "The link's board is not one of them: 13 × 13 rectangle, plus rule, 2 states (on/off). Play takes it. " +
        "Here is the 5 × 5 board with every light on instead.",
    );
    expect(opened(new URLSearchParams("g=5x5&k=37")).note).toContain("37 states");
    expect(opened(new URLSearchParams("g=oops")).note).toMatch(/^The link's board could not be read: "g" expected/);
    expect(opened(new URLSearchParams("g=5x5")).note).toBeNull();
  });

  test("a Learn link with a seed and no lights deals that seed's puzzle; a bad seed says why", () => {
    const link = opened(new URLSearchParams("g=5x5&k=3&seed=2"));
    expect(link.shared).toEqual({ rows: 5, cols: 5, states: 3, lights: randomLights(5, 5, 3, 2) });
    expect(link).toMatchObject({ seed: 2, note: null });
    const bad = opened(new URLSearchParams("g=5x5&seed=-1"));
    expect(bad.shared).toBeNull();
    expect(bad.note).toMatch(
      /^The link's seed '-1' is not a seed: a seed is a whole number from 0 to 2,147,483,647\. Here is/,
    );
    expect(editHint(3)).toMatch(/each click adds 1, mod 3/);
  });
});

describe("the panels", () => {
  test("quiet patterns: none, or the basis with what it means", () => {
    expect(quietGallery(gridBoard(3, 3), 2)).toMatchObject({ patterns: [], digits: false });
    expect(quietGallery(gridBoard(3, 3), 2).note).toBe(
      "The 3 × 3 board has 1 quiet pattern, pressing nothing included: every board of this size is winnable, in exactly one way.",
    );
    const five = quietGallery(gridBoard(5, 5), 2);
    expect(five.note).toBe(
      "The 5 × 5 board has 4 quiet patterns, pressing nothing included, all sums of these 2; so every winnable board has 4 solutions.",
    );
    expect(five.patterns.map((p) => p.caption)).toEqual(["Pattern 1: 16 presses", "Pattern 2: 12 presses"]);
    const three = quietGallery(gridBoard(4, 4), 3);
    expect(three.digits).toBe(true);
    for (const p of three.patterns)
      expect(p.label).toBe(
        `${p.caption.split(":")[0]!.replace("Pattern", "Quiet pattern")}: press counts ${p.cells.join(" ")}`,
      );
  });

  test("a pattern whose counts share a factor with k is back to nothing sooner", () => {
    const six = quietGallery(gridBoard(4, 4), 6);
    for (const p of six.patterns) {
      const g = p.cells.reduce((a, v) => {
        let [x, y] = [a, v];
        while (y) [x, y] = [y, x % y];
        return x;
      }, 6);
      expect(p.caption.includes(`back to nothing after adding it ${6 / g} times`)).toBe(g > 1);
    }
  });

  test("the two-state lookup: its table, or the inverse when too long", () => {
    const five = lookupTable(gridBoard(5, 5));
    expect(five.entries).toHaveLength(8);
    expect(five.entries).toContainEqual({ lastRow: "10001", firstRow: "11000" });
    expect(five.summary).toMatch(/rank 3, so 8 of the 32 last rows can be cleared, each by 4 different first rows/);
    const wide = lookupTable(gridBoard(2, 12));
    expect(wide.entries).toBeNull();
    expect(wide.instead?.rows.split("\n")).toHaveLength(12);
  });

  test("the k-state fix: last row, first row and the system C z = −d", () => {
    const lights = [2, 1, 1, 1, 1, 2, 0, 2, 1];
    const fix = firstRowFix(lesson(gridBoard(3, 3), 3, lights).trace);
    expect(fix.matrix).toEqual(chaseMatrixModK(3, 3, 3));
    const z = fix.firstRow!;
    expect(fix.matrix.map((row) => row.reduce((n, v, j) => n + v * z[j]!, 0) % 3)).toEqual(fix.minusLastRow);
    expect(fix.verdict).toBe(
      `For this board: press the first row ${z.join(" ")} (times per column), then chase again.`,
    );
    expect(chaseMatrixModK(1, 3, 3)).toEqual([
      [1, 1, 0],
      [1, 1, 1],
      [0, 1, 1],
    ]);
  });
});
