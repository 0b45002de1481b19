// Light states past 36 (up to 2^31 - 1): boards read and written as numbers
// between blanks, text and JSON, bytes and strings, holes; solutions over
// Z_k checked by applying them with plain loops (_support.ts pressed).
import { describe, expect, it } from "vitest";
import {
  formatBoard,
  formatBoardBytes,
  gridBoard,
  maskBoard,
  ParseError,
  parseBoard,
  solveLightsOut,
} from "../src/index.js";
import { isDark, pressed } from "./_support.js";

const STATES = [37, 255, 256, 65_537, 2 ** 31 - 1];

/** Deterministic values 0..k-1 reaching the top of the range. */
function values(count: number, k: number, seed: number): number[] {
  return Array.from({ length: count }, (_, i) => (i === 0 ? k - 1 : (seed * 2_654_435_761 + i * 40_503) % k));
}

describe("light states past 36", () => {
  it("solves boards over Z_k for k = 37, 255, 256, 65537, 2^31 - 1, read from text, and the presses switch them off", () => {
    for (const k of STATES) {
      for (const [board, topology] of [
        [gridBoard(3, 4), "plane"],
        [gridBoard(4, 4, { torus: true }), "torus"],
        [gridBoard(3, 5, { topology: "projective" }), "projective"],
        [maskBoard([".##", "###", "##."]), "mask"],
      ] as const) {
        const count = board.mask ? 7 : board.rows * board.cols;
        for (let seed = 1; seed <= 3; seed++) {
          const lights = values(count, k, seed);
          const text = formatBoard(board, lights, { states: k });
          const read = parseBoard(text, { states: k, ...(board.mask ? {} : { topology: topology as "plane" }) });
          expect(Array.from(read.lights)).toEqual(lights);
          const s = solveLightsOut(board, read.lights, { states: k });
          if (s.solvable)
            expect([k, topology, isDark(pressed(board, lights, s.presses!, k))]).toEqual([k, topology, true]);
          else expect(s.presses).toBeNull();
        }
      }
    }
  });

  it("a winnable board by construction is solved for every k (presses applied to the dark board)", () => {
    const board = gridBoard(4, 5, { topology: "projective", rule: "king" });
    for (const k of STATES) {
      const made = values(20, k, 7);
      const lights = pressed(board, new Array(20).fill(0), made, k);
      const s = solveLightsOut(board, lights, { states: k });
      expect(s.solvable).toBe(true);
      expect(isDark(pressed(board, lights, s.presses!, k))).toBe(true);
    }
  });

  it("writes numbers right-aligned between blanks past 36 states, holes as '.', and reads them back", () => {
    const board = maskBoard(["#.#", "###"]);
    expect(formatBoard(board, [300, 7, 0, 12, 5], { states: 301 })).toBe("300   .   7\n  0  12   5");
    expect(formatBoard(board, [3, 7, 0, 1, 5], { states: 37 })).toBe("3 . 7\n0 1 5");
    expect(formatBoard(board, [3, 7, 0, 1, 5], { states: 36 })).toBe("3.7\n015"); // up to 36: characters, as before
    expect(formatBoard(board, [36, 7, 0, 1, 5])).toBe("36  .  7\n 0  1  5"); // no states given: numbers once a value passes 35
    const back = parseBoard("300   .   7\n  0  12   5", { states: 301 });
    expect(back.board).toEqual(board);
    expect(back.lights).toBeInstanceOf(Uint32Array);
    expect(Array.from(back.lights)).toEqual([300, 7, 0, 12, 5]);
    expect(new TextDecoder().decode(formatBoardBytes(board, [300, 7, 0, 12, 5], { states: 301 }))).toBe(
      "300   .   7\n  0  12   5",
    );
  });

  it("uses bytes up to 256 states and 32 bits past them, from strings and bytes alike", () => {
    for (const k of [255, 256]) {
      const r = parseBoard(new TextEncoder().encode(`${k - 1} 254 0\n1 . 253\n`), { states: k });
      expect(r.lights).toBeInstanceOf(Uint8Array);
      expect(Array.from(r.lights)).toEqual([k - 1, 254, 0, 1, 253]);
      expect(r.board.kind === "grid" && r.board.mask).toEqual(["###", "#.#"]);
    }
    const r = parseBoard("2147483646 0\n. 5", { states: 2 ** 31 - 1 });
    expect(r.lights).toBeInstanceOf(Uint32Array);
    expect(Array.from(r.lights)).toEqual([2147483646, 0, 5]);
  });

  it("single letters still stand for 10..35 between blanks; packed digits are refused past 36 states", () => {
    expect(Array.from(parseBoard("a 36 z\n", { states: 37 }).lights)).toEqual([10, 36, 35]);
    // "101" is one number, not three cells, past 36 states
    expect(Array.from(parseBoard("101\n", { states: 102 }).lights)).toEqual([101]);
    expect(() => parseBoard("101\n", { states: 40 })).toThrow(ParseError);
  });

  it("names the bad cell with line:column: a value >= k, a word, a sign", () => {
    expect(() => parseBoard("1 2\n3 255\n", { states: 255, source: "b.txt" })).toThrow(
      "b.txt:2:3: expected a light 0..254 (numbers between blanks) or . (no cell), got '255'",
    );
    expect(() => parseBoard("1 x1\n", { states: 300 })).toThrow(/<input>:1:3: expected a light 0..299 .* got 'x1'/);
    expect(() => parseBoard("1 -1\n", { states: 300 })).toThrow(/1:3: .* got '-1'/);
    // 255 is neither a hole nor a light past 254 states by accident: the byte codes stay codes
    expect(() => parseBoard("1 !\n", { states: 300 })).toThrow(/got '!'/);
    expect(() => parseBoard("1 99999999999999999999\n", { states: 2 ** 31 - 1 })).toThrow(/got '99999999999999999999'/);
  });

  it("JSON boards take numbers past 36 states, as arrays or as rows of numbers between blanks", () => {
    const board = gridBoard(2, 2);
    const k = 65_537;
    const a = parseBoard(JSON.stringify({ board, lights: [65_536, 0, 1, 300] }), { states: k });
    expect(Array.from(a.lights)).toEqual([65_536, 0, 1, 300]);
    const b = parseBoard(JSON.stringify({ board, lights: ["65536 0", "1 300"] }), { states: k });
    expect(Array.from(b.lights)).toEqual([65_536, 0, 1, 300]);
    expect(() => parseBoard(JSON.stringify({ board, lights: ["65537 0", "1 300"] }), { states: k })).toThrow(
      /expected a light 0..65536 .* at "lights\[0\]" column 1, got '65537'/,
    );
    expect(() => parseBoard(JSON.stringify({ board, lights: [".", "1 300"] }), { states: k })).toThrow(ParseError);
  });

  it("refuses states outside 2..2^31-1 and values outside 0..states-1 when writing", () => {
    expect(() => parseBoard("1\n", { states: 2 ** 31 })).toThrow(RangeError);
    expect(() => formatBoard(gridBoard(1, 2), [0, 37], { states: 37 })).toThrow(
      '"values[1]" expected an integer in 0..36, got 37',
    );
    expect(() => formatBoard(gridBoard(1, 2), [0, 2 ** 31 - 1])).toThrow(RangeError);
    expect(() => formatBoard(gridBoard(1, 2), [0, 1], { states: 1 })).toThrow(RangeError);
  });
});
