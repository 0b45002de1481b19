// The board text format read from bytes and written to bytes: every token is
// one cell or an error, a byte-order mark is skipped, wrong arguments are
// TypeErrors and out-of-range values RangeErrors. Expected lights come from
// the test's own values, written out as text by plain loops.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatBoard, formatBoardBytes, gridBoard, maskBoard, ParseError, parseBoard } from "../src/index.js";

const DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz";
const bytes = (text: string) => new TextEncoder().encode(text);

/** The message of the ParseError that `parseBoard(text)` throws. */
function parseErrorOf(text: string | Uint8Array, options: { states?: number } = {}): string {
  try {
    parseBoard(text, { source: "b.txt", ...options });
  } catch (error) {
    expect(error).toBeInstanceOf(ParseError);
    return (error as Error).message;
  }
  throw new Error("no error");
}

describe("board text: one token, one cell", () => {
  it.each([
    ["9a 0\n0 0\n", 36, "'9a'"],
    ["ab 0\n0 0\n", 36, "'ab'"],
    ["XYZ 0\n0 0\n", 36, "'XYZ'"],
    ["bc 0\n0 0\n", 12, "'bc'"],
    ["1b 0\n0 0\n", 12, "'1b'"],
  ])("%j with --states %i is an error at 1:1, never one value", (text, states, got) => {
    const last = DIGITS[states - 1];
    const message = `b.txt:1:1: expected a light 0..${last} or . (no cell), got ${got}`;
    expect(parseErrorOf(text, { states })).toBe(message);
    expect(parseErrorOf(bytes(text), { states })).toBe(message);
  });

  it("numbers and single letters between blanks still read as one value each", () => {
    expect(Array.from(parseBoard("10 a 035\n. Z 1\n", { states: 36 }).lights)).toEqual([10, 10, 35, 35, 1]);
    expect(parseErrorOf("11 12\n0 0\n", { states: 12 })).toBe(
      "b.txt:1:4: expected a light 0..b or . (no cell), got '12'",
    );
  });

  it("the first problem of a row, in reading order, is the one reported", () => {
    expect(parseErrorOf("101\n1x\n")).toBe("b.txt:2:2: expected a light 0..1 or . (no cell), got 'x'");
    expect(parseErrorOf("101\n1x11\n")).toBe("b.txt:2:2: expected a light 0..1 or . (no cell), got 'x'");
    expect(parseErrorOf("101\n1111x\n")).toBe("b.txt:2:4: expected 3 cells (like line 1), got 5");
    expect(parseErrorOf("101\n10\n")).toBe("b.txt:2:3: expected 3 cells (like line 1), got 2");
    expect(parseErrorOf("1 2 3\n4 5\n", { states: 12 })).toBe("b.txt:2:4: expected 3 cells (like line 1), got 2");
    expect(parseErrorOf("1 2 3\n4 5 6 10\n", { states: 12 })).toBe("b.txt:2:7: expected 3 cells (like line 1), got 4");
  });

  it("columns count code points; the character is quoted whole; long tokens are shortened", () => {
    expect(parseErrorOf("1é1\n")).toBe("b.txt:1:2: expected a light 0..1 or . (no cell), got 'é'");
    expect(parseErrorOf("11\n\u{1F600}1\n")).toBe("b.txt:2:1: expected a light 0..1 or . (no cell), got '\u{1F600}'");
    expect(parseErrorOf("10\n1\u001b\n")).toBe("b.txt:2:2: expected a light 0..1 or . (no cell), got U+001B");
    expect(parseErrorOf(`${"9".repeat(100)} 1\n`, { states: 12 })).toBe(
      `b.txt:1:1: expected a light 0..b or . (no cell), got '${"9".repeat(24)}...'`,
    );
  });
});

describe("board text: byte-order mark, arguments", () => {
  it("a UTF-8 byte-order mark is skipped, in text and JSON, as a string or as bytes", () => {
    for (const input of ["\uFEFF101\n0.1\n", bytes("\uFEFF101\n0.1\n")]) {
      const { board, lights } = parseBoard(input);
      expect(board).toEqual({ kind: "grid", rows: 2, cols: 3, mask: ["###", "#.#"] });
      expect(Array.from(lights)).toEqual([1, 0, 1, 0, 1]);
    }
    expect(parseErrorOf("\uFEFF1x\n")).toBe("b.txt:1:2: expected a light 0..1 or . (no cell), got 'x'");
    const json = `\uFEFF${JSON.stringify({ board: gridBoard(1, 2), lights: [1, 0] })}`;
    expect(Array.from(parseBoard(json).lights)).toEqual([1, 0]);
    expect(Array.from(parseBoard(bytes(json)).lights)).toEqual([1, 0]);
  });

  it("parseBoard: a TypeError naming what was expected for the wrong kind of input", () => {
    expect(() => parseBoard(null as unknown as string)).toThrow(
      new TypeError('"text" expected a string or a Uint8Array of UTF-8 text, got null'),
    );
    expect(() => parseBoard(42 as unknown as string)).toThrow(TypeError);
    expect(() => parseBoard("1\n", null as unknown as object)).toThrow(
      new TypeError('"options" expected an object, got null'),
    );
  });

  it("JSON past 256 MiB is a RangeError before it becomes a string (big boards are text)", () => {
    const json = new Uint8Array(2 ** 28 + 1); // untouched pages: no real memory
    json[0] = 0x7b; // {
    expect(() => parseBoard(json)).toThrow(
      new RangeError(
        "a JSON board needs 268,435,457 bytes, but at most 268,435,456 bytes fit; write big boards in the text format",
      ),
    );
  });

  it("formatBoard: a RangeError for values outside 0..states-1, never a '?'", () => {
    const board = maskBoard(["##", ".#"]);
    expect(() => formatBoard(board, [0, 36, 1], { states: 36 })).toThrow(
      new RangeError('"values[1]" expected an integer in 0..35, got 36'),
    );
    expect(() => formatBoard(board, [0, 1, -1])).toThrow(RangeError);
    expect(() => formatBoard(board, [0, 1.5, 1])).toThrow(RangeError);
    expect(() => formatBoard(board, [0, Number.NaN, 1])).toThrow(RangeError);
    expect(() => formatBoard(board, [0, 1])).toThrow(
      new RangeError('"values" expected 3 entries (one per cell), got 2'),
    );
    expect(() => formatBoard(board, null as unknown as number[])).toThrow(TypeError);
  });
});

describe("board text: bytes and strings agree with the values written", () => {
  /** A grid of values 0..states-1 with some holes, and its text written with plain loops. */
  const grids = fc
    .record({
      rows: fc.integer({ min: 1, max: 7 }),
      cols: fc.integer({ min: 1, max: 7 }),
      states: fc.integer({ min: 2, max: 36 }),
      spaced: fc.boolean(),
      seed: fc.integer({ min: 0, max: 2 ** 30 }),
    })
    .map(({ rows, cols, states, spaced, seed }) => {
      let x = seed;
      const next = () => {
        x = (Math.imul(x, 1103515245) + 12345) >>> 0;
        return x >>> 8;
      };
      const cells: (number | null)[][] = Array.from({ length: rows }, () =>
        Array.from({ length: cols }, () => (next() % 6 === 0 ? null : next() % states)),
      );
      cells[0]![0] = next() % states; // at least one cell
      // numbers need blanks between them: a row of one cell is a digit or a letter
      const numbers = spaced && states > 10 && cols > 1;
      const token = (v: number | null) => (v === null ? "." : numbers ? String(v) : DIGITS[v]!);
      const text = `# a comment\n${cells.map((row) => row.map(token).join(spaced ? " " : "")).join("\r\n")}\n`;
      return { rows, cols, states, cells, text };
    });

  it("parseBoard reads the values, from a string and from bytes; formatBoard writes them back", () => {
    fc.assert(
      fc.property(grids, ({ rows, cols, states, cells, text }) => {
        const expected = cells.flat().filter((v) => v !== null);
        const mask = cells.map((row) => row.map((v) => (v === null ? "." : "#")).join(""));
        const fromString = parseBoard(text, { states });
        const fromBytes = parseBoard(bytes(text), { states });
        for (const { board, lights } of [fromString, fromBytes]) {
          expect(Array.from(lights)).toEqual(expected);
          expect(board).toEqual({ kind: "grid", rows, cols, ...(mask.join("").includes(".") ? { mask } : {}) });
        }
        const written = cells.map((row) => row.map((v) => (v === null ? "." : DIGITS[v])).join("")).join("\n");
        expect(formatBoard(fromString.board, fromString.lights)).toBe(written);
        expect(new TextDecoder().decode(formatBoardBytes(fromBytes.board, fromBytes.lights))).toBe(written);
      }),
      { seed: 14, numRuns: 300 },
    );
  });
});
