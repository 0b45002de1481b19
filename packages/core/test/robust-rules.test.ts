// Rule names and offsets, and BitMatrix.fromRows entries: bad values are
// refused with a message naming what was expected, never misread.
import { describe, expect, it } from "vitest";
import { BitMatrix, checkBoard, gridBoard, parseBoard, parseRule, pressTargets, ruleOffsets } from "../src/index.js";

describe("rule names are the four rules only", () => {
  for (const name of ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf"]) {
    it(`refuses ${JSON.stringify(name)} in gridBoard, ruleOffsets, parseRule and JSON boards, listing the rules`, () => {
      expect(() => gridBoard(3, 3, { rule: name as "plus" })).toThrow(TypeError);
      expect(() => gridBoard(3, 3, { rule: name as "plus" })).toThrow(/plus, x, king, knight/);
      expect(() => ruleOffsets(name as "plus")).toThrow(/"rule" expected plus, x, king, knight or \{ offsets \}/);
      expect(() => parseRule(name)).toThrow(TypeError);
      expect(() => parseRule(name)).toThrow(/plus, x, king, knight/);
      const json = JSON.stringify({ board: { kind: "grid", rows: 2, cols: 2, rule: name }, lights: [1, 0, 0, 0] });
      expect(() => parseBoard(json)).toThrow(/plus, x, king, knight/);
      expect(() => checkBoard({ kind: "grid", rows: 2, cols: 2, rule: name })).toThrow(TypeError);
    });
  }

  it("still reads the four names", () => {
    for (const name of ["plus", "x", "king", "knight"]) expect(parseRule(name)).toBe(name);
  });
});

describe("rule offsets are exact integers within +-2^28", () => {
  it("parseRule refuses offsets a double cannot hold exactly, quoting the digits as typed", () => {
    expect(() => parseRule("9007199254740993,0")).toThrow(RangeError);
    expect(() => parseRule("9007199254740993,0")).toThrow(/"9007199254740993"/);
    expect(() => parseRule("0,-268435457")).toThrow(/-268435456\.\.268435456/);
    expect(() => parseRule(`1,${"9".repeat(400)}`)).toThrow(RangeError);
  });

  it("parseRule keeps offsets up to the bound", () => {
    expect(parseRule("268435456,-268435456;0,1")).toEqual({
      offsets: [
        [268435456, -268435456],
        [0, 1],
      ],
    });
  });

  it("gridBoard refuses offsets beyond the bound with a RangeError naming the offset", () => {
    const rule = { offsets: [[0, 1] as const, [2 ** 53, 0] as const] };
    expect(() => gridBoard(3, 3, { rule })).toThrow(RangeError);
    expect(() => gridBoard(3, 3, { rule })).toThrow(/rule\.offsets\[1\]/);
    expect(() => gridBoard(3, 3, { rule: { offsets: [[-(2 ** 28) - 1, 0]] } })).toThrow(RangeError);
  });

  it("a long offset on a torus wraps: 7 rows down on a 5-row torus is 2 rows down", () => {
    const far = pressTargets(gridBoard(5, 1, { torus: true, rule: { offsets: [[7, 0]] } }));
    const near = pressTargets(gridBoard(5, 1, { torus: true, rule: { offsets: [[2, 0]] } }));
    expect(far.map((t) => Array.from(t))).toEqual(near.map((t) => Array.from(t)));
    expect(Array.from(far[0]!)).toEqual([0, 2]);
  });
});

describe("BitMatrix.fromRows checks every entry before copying it into bytes", () => {
  it("refuses NaN, 0.5, -1, 2 and strings with a TypeError naming row, column and value", () => {
    expect(() =>
      BitMatrix.fromRows([
        [0, 1],
        [1, Number.NaN],
      ]),
    ).toThrow(TypeError);
    expect(() =>
      BitMatrix.fromRows([
        [0, 1],
        [1, Number.NaN],
      ]),
    ).toThrow("entry (1, 1) expected 0 or 1, got NaN");
    expect(() => BitMatrix.fromRows([[0.5, 1]])).toThrow("entry (0, 0) expected 0 or 1, got 0.5");
    expect(() => BitMatrix.fromRows([[1, 0, -1]])).toThrow("entry (0, 2) expected 0 or 1, got -1");
    expect(() => BitMatrix.fromRows([[0], [2]])).toThrow("entry (1, 0) expected 0 or 1, got 2");
    expect(() => BitMatrix.fromRows([["1", 0] as unknown as number[]])).toThrow(
      'entry (0, 0) expected 0 or 1, got "1"',
    );
  });

  it("refuses an array-like with a length that is not a count", () => {
    expect(() => BitMatrix.fromRows([{ length: -1 } as ArrayLike<number>])).toThrow(TypeError);
    expect(() => BitMatrix.fromRows([{ length: -1 } as ArrayLike<number>])).toThrow(/row 0 expected a string/);
  });

  it("still reads strings, arrays and typed arrays", () => {
    const m = BitMatrix.fromRows(["1 0 1", [0, 1, 1], Uint8Array.of(1, 1, 0)]);
    expect(m.toString()).toBe("101\n011\n110");
    m.dispose();
  });
});
