// Mastermind's settings, typing and sentences without a page.

import { describe, expect, test } from "vitest";
import * as mastermind from "./state.js";

describe("settings", () => {
  test("a link's settings, and only what differs from the defaults back in the link", () => {
    expect(mastermind.settingsOf(new URLSearchParams())).toEqual({ mode: "breaker", game: "4x6", strategy: "knuth" });
    const maker = mastermind.settingsOf(new URLSearchParams("mode=maker&game=3x4&solver=entropy"));
    expect(maker).toEqual({ mode: "maker", game: "3x4", strategy: "entropy" });
    expect(mastermind.paramsOf(maker).toString()).toBe("mode=maker&game=3x4&solver=entropy");
    expect(mastermind.settingsOf(new URLSearchParams("mode=x&game=9x9&solver=magic"))).toEqual(
      mastermind.settingsOf(new URLSearchParams()),
    );
    expect(mastermind.paramsOf(mastermind.settingsOf(new URLSearchParams())).toString()).toBe("");
  });

  test("the game's codes and rules", () => {
    const space = mastermind.spaceOf("3x4");
    expect([space.pegs, space.colors, space.size]).toEqual([3, 4, 64]);
    expect(mastermind.rulesText(space)).toMatch(/^A code is 3 pegs, each one of 4 colours \(numbered 1–4\)/);
  });
});

describe("typing and reading codes", () => {
  test("the codebreaker's guess and the codemaker's secret have their own forms", () => {
    const space = mastermind.spaceOf("4x6");
    expect(mastermind.codeFormText("breaker", space)).toEqual({
      id: "mm-guess",
      label: "Your guess",
      submit: "Guess",
      action: "guess",
      help: `4 colours 1–6, e.g. ${space.format(space.codeAt(7))}, or click the colours below.`,
    });
    expect(mastermind.codeFormText("maker", space)).toMatchObject({ id: "mm-secret", action: "set-secret" });
    expect(mastermind.codeFormText("maker", space).help).toBe(
      "4 colours 1–6. The solver never sees it: each of its guesses is scored against it here.",
    );
  });

  test("a colour button adds its digit while the code is short", () => {
    expect(mastermind.typed("", 3, 4)).toBe("3");
    expect(mastermind.typed("1 2,", 3, 4)).toBe("123");
    expect(mastermind.typed("1 2 3 4", 5, 4)).toBe("1 2 3 4");
  });

  test("an unreadable character is quoted as mastermind.typed, not as the parser upper-cased it", () => {
    const space = mastermind.spaceOf("4x6");
    let message = "";
    try {
      space.parse("1x34");
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toMatch(/got 'X' at position 2/);
    expect(mastermind.codeError(message, "1x34")).toMatch(/got 'x' at position 2/);
    expect(mastermind.codeError("expected 4 pegs, got 3", "123")).toBe("expected 4 pegs, got 3");
  });

  test("a random secret takes each peg from the random values", () => {
    const space = mastermind.spaceOf("4x6");
    expect(mastermind.randomCode(space, (a) => a.fill(7))).toEqual([2, 2, 2, 2]);
    for (const v of mastermind.randomCode(space, (a) => crypto.getRandomValues(a))) expect(v >= 1 && v <= 6).toBe(true);
  });
});

test("a code of the wrong length says what the number counts, and shows a long paste cut", () => {
  const space = mastermind.spaceOf("4x6");
  expect(() => space.parse("<img src")).toThrow("got '<img src' (7 characters)");
  expect(() => space.parse("1")).toThrow("got '1' (1 character)");
  expect(() => space.parse("9".repeat(1000))).toThrow(`got '${"9".repeat(40)}...' (1000 characters)`);
});

test("the sentences count guesses and codes in the singular and the plural", () => {
  expect(mastermind.gameText.found("1234", 1)).toBe("You found 1234 in 1 guess!");
  expect(mastermind.gameText.breaking(2, 1)).toBe("2 guesses so far; 1 code still fits the scores.");
  expect(mastermind.gameText.breaking(1, 5)).toBe("1 guess so far; 5 codes still fit the scores.");
  // solvers by name, as people write them: Knuth's with a capital
  expect(mastermind.gameText.hint("knuth", "1122", 1296)).toBe(
    "The Knuth solver would guess 1122 (1296 codes still possible).",
  );
  expect(mastermind.gameText.ready("consistent")).toBe("Secret set. The random consistent solver is ready.");
  expect(mastermind.gameText.ready("optimal")).toBe("Secret set. The optimal solver is ready.");
  expect(mastermind.gameText.ready("entropy")).toBe("Secret set. The entropy solver is ready.");
  expect(mastermind.gameText.solved("6543", 5)).toBe("Solved 6543 in 5 guesses.");
  expect(mastermind.gameText.solving(3, 1)).toBe("3 guesses; 1 code still possible.");
});
