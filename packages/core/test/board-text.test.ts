import { describe, expect, it } from "vitest";
import { formatBoard, graphBoard, maskBoard, ParseError, parseBoard } from "../src/index.js";

describe("board text", () => {
  it("reads rows of digits with comments, spaces, CRLF and holes", () => {
    const { board, lights } = parseBoard("# title\r\n1 0 1\r\n0 . 1\r\n");
    expect(board).toEqual({ kind: "grid", rows: 2, cols: 3, mask: ["###", "#.#"] });
    expect(Array.from(lights)).toEqual([1, 0, 1, 0, 1]);
    expect(formatBoard(board, lights)).toBe("101\n0.1");
  });

  it("passes the torus (as its topology) and rule through; plain rectangles carry no mask", () => {
    const { board } = parseBoard("11\n11\n", { torus: true, rule: "king" });
    expect(board).toEqual({ kind: "grid", rows: 2, cols: 2, topology: "torus", rule: "king" });
  });

  it("reads more states as digits then letters, or spaced numbers", () => {
    expect(Array.from(parseBoard("0a\nz1\n", { states: 36 }).lights)).toEqual([0, 10, 35, 1]);
    expect(Array.from(parseBoard("0 12\n35 1\n", { states: 36 }).lights)).toEqual([0, 12, 35, 1]);
    expect(formatBoard(maskBoard(["##"]), [10, 3])).toBe("a3");
  });

  it("reads JSON boards with lights per cell or as rows", () => {
    const graph = parseBoard(JSON.stringify({ board: graphBoard(3, [[0, 1]]), lights: [1, 0, 1] }));
    expect(Array.from(graph.lights)).toEqual([1, 0, 1]);
    const rows = parseBoard(JSON.stringify({ board: maskBoard(["#.", "##"]), lights: ["1.", "01"] }));
    expect(Array.from(rows.lights)).toEqual([1, 0, 1]);
  });

  it("reports line:column", () => {
    const at = (text: string, options = {}) => {
      try {
        parseBoard(text, { source: "b.txt", ...options });
      } catch (error) {
        expect(error).toBeInstanceOf(ParseError);
        return (error as Error).message;
      }
      throw new Error("no error");
    };
    expect(at("101\n1 1\n")).toBe("b.txt:2:4: expected 3 cells (like line 1), got 2");
    expect(at("101\n121\n")).toBe("b.txt:2:2: expected a light 0..1 or . (no cell), got '2'");
    expect(at("0123\n", { states: 3 })).toBe("b.txt:1:4: expected a light 0..2 or . (no cell), got '3'");
    expect(at("\n# only comments\n")).toBe("b.txt:1:1: expected at least one row of lights, got an empty board");
    expect(at("..\n")).toBe("b.txt:1:1: expected at least one cell, got only . (no cell)");
    expect(at('{"board": {"kind": "grid", "rows": 1, "cols": 2}, "lights": [1]}')).toBe(
      'b.txt:1:1: expected "lights" with 2 entries (one per cell), got 1',
    );
    expect(at('{"board": 3}')).toMatch(/^b\.txt:1:1: "board": board expected an object, got 3$/);
    expect(at('{\n  "board": ,\n}')).toBe("b.txt:2:12: expected valid JSON, got ','");
    expect(at('{"board": [1, 2')).toBe("b.txt:1:16: expected valid JSON, got the end of the input");
  });
});
