import { describe, expect, it } from "vitest";
import { CodeSpace, MAX_CODES } from "../src/index.js";

describe("CodeSpace", () => {
  it("numbers codes in lexicographic order, colours 1..k", () => {
    const space = new CodeSpace(4, 6);
    expect(space.size).toBe(1296);
    expect(space.codeAt(0)).toEqual([1, 1, 1, 1]);
    expect(space.codeAt(1295)).toEqual([6, 6, 6, 6]);
    expect(space.indexOf("1122")).toBe(7);
    for (let i = 0; i < space.size; i++) expect(space.indexOf(space.codeAt(i))).toBe(i);
    expect(space.format(space.codeAt(7))).toBe("1122");
  });

  it("writes colours 10..35 as letters", () => {
    const space = new CodeSpace(3, 12);
    expect(space.parse("9ab")).toEqual([9, 10, 11]);
    expect(space.format([10, 11, 12])).toBe("ABC");
    expect(() => space.parse("9AD")).toThrow("expected colours 1..9, A..C, got 'D' at position 3 of '9AD'");
  });

  it("ignores blanks and commas in text", () => {
    expect(new CodeSpace(4, 6).parse("1 1,2 2")).toEqual([1, 1, 2, 2]);
  });

  it("rejects codes of the wrong length or colour, naming what was expected", () => {
    const space = new CodeSpace(4, 6);
    expect(() => space.parse("112")).toThrow("expected a code of 4 colours (like 1111), got '112' (3 characters)");
    expect(() => space.parse("1172")).toThrow("expected colours 1..6, got '7' at position 3 of '1172'");
    expect(() => space.parse("11x2")).toThrow(/got 'X' at position 3/);
    expect(() => space.parse("1102")).toThrow(/got '0' at position 3/);
    expect(() => space.check([1, 2, 3])).toThrow(new RangeError("expected a code of 4 colours, got 3"));
    expect(() => space.check([1, 2, 3, 0])).toThrow("expected colours 1..6, got 0 at position 4");
    expect(() => space.check([1, 2, 3, 1.5])).toThrow(/got 1.5 at position 4/);
    expect(() => space.check(42 as never)).toThrow(TypeError);
    expect(() => space.codeAt(1296)).toThrow(RangeError);
  });

  it("rejects bad sizes", () => {
    expect(() => new CodeSpace(0, 6)).toThrow(new RangeError('"pegs" expected an integer in 1..20, got 0'));
    expect(() => new CodeSpace(4, 36)).toThrow(/"colors" expected an integer in 1..35, got 36/);
    expect(() => new CodeSpace(4.5, 6)).toThrow(TypeError);
    expect(() => new CodeSpace(8, 8)).toThrow(`expected at most ${MAX_CODES} codes (colors^pegs), got 8^8 = 16777216`);
  });
});
