import { type Board, type GridBoard, graphBoard, gridBoard, maskBoard } from "@lightsout/core";
import { boardTopology } from "@lightsout/core/lightsout";
import { describe, expect, test } from "vitest";
import { seeded } from "../../e2e/_neighbourhoods.js";
import { decodeBoard, encodeBoard, packBits, unpackBits } from "./url.js";

describe("url", () => {
  test("bits pack six to a character", () => {
    expect(packBits([1, 0, 0, 0, 0, 0, 1])).toBe("gg");
    expect(packBits([0, 0, 0, 0, 0, 0])).toBe("A");
    expect(packBits([1, 1, 1, 1, 1, 1])).toBe("_");
    expect(unpackBits("gg", 7, "l")).toEqual([1, 0, 0, 0, 0, 0, 1]);
  });

  test("the documented example", () => {
    const p = encodeBoard({ board: gridBoard(2, 3), states: 2, lights: [1, 0, 0, 0, 0, 1] });
    expect(p.toString()).toBe("g=2x3&l=h");
    expect(decodeBoard(p)).toEqual({
      board: { kind: "grid", rows: 2, cols: 3 },
      states: 2,
      lights: [1, 0, 0, 0, 0, 1],
    });
  });

  test("every kind of board survives the round trip, through the URL's text", () => {
    const next = seeded(42);
    const boards: Board[] = [
      gridBoard(1, 1),
      gridBoard(7, 13, { torus: true, rule: "king" }),
      gridBoard(5, 6, { topology: "projective", rule: "knight" }),
      maskBoard(["##.", "###"], { topology: "projective" }),
      gridBoard(4, 4, {
        rule: {
          offsets: [
            [0, 2],
            [0, -2],
            [-1, 1],
          ],
        },
        selfToggle: false,
      }),
      maskBoard([".#.", "###", ".#."], { rule: "x" }),
      graphBoard(6, [
        [0, 1],
        [1, 2],
        [1, 3],
        [2, 4],
        [3, 4],
        [4, 5],
      ]),
      graphBoard(1, []),
    ];
    for (const board of boards) {
      for (const states of [2, 3, 10, 36]) {
        const cells =
          board.kind === "graph"
            ? board.vertices
            : board.mask
              ? board.mask.join("").split("#").length - 1
              : board.rows * board.cols;
        const lights = Array.from({ length: cells }, () => Math.floor(next() * states));
        const text = encodeBoard({ board, states, lights }).toString();
        const back = decodeBoard(new URLSearchParams(text));
        expect(back).toEqual({ board: JSON.parse(JSON.stringify(board)), states, lights });
      }
    }
  });

  test("compact: a 30 x 30 board of two states is under 200 characters", () => {
    const lights = Array.from({ length: 900 }, (_, i) => ((i * 7) % 3) & 1);
    expect(encodeBoard({ board: gridBoard(30, 30), states: 2, lights }).toString().length).toBeLessThan(200);
  });

  test("no board in the parameters is null; a broken one says what is wrong", () => {
    expect(decodeBoard(new URLSearchParams("seed=3"))).toBeNull();
    expect(() => decodeBoard(new URLSearchParams("g=5by5"))).toThrow(/"g" expected ROWSxCOLS like 5x5, got "5by5"/);
    expect(() => decodeBoard(new URLSearchParams("g=0x5"))).toThrow("g=0x5 expected at least 1 row, got 0");
    // sizes beyond the limits are refused before any cell is allocated
    expect(() => decodeBoard(new URLSearchParams("g=1024x1024"))).toThrow(
      "g=1024x1024 expected at most 256 rows, got 1,024 rows",
    );
    expect(() => decodeBoard(new URLSearchParams("n=268435456"))).toThrow(
      "n=268435456 expected at most 4,096 vertices, got 268,435,456 vertices",
    );
    expect(() => decodeBoard(new URLSearchParams(`n=5&e=${"0-1.".repeat(65_537)}`))).toThrow(/at most 65,536 edges/);
    expect(() => decodeBoard(new URLSearchParams(`g=2x2&l=${"A".repeat(1_000_001)}`))).toThrow(
      /link expected at most 1,000,000 characters/,
    );
    expect(() => decodeBoard(new URLSearchParams("g=2x2&l=AA"))).toThrow(
      /"l" expected 1 characters for 4 cells, got 2/,
    );
    expect(() => decodeBoard(new URLSearchParams("g=2x2&l=*"))).toThrow(/base64url/);
    expect(() => decodeBoard(new URLSearchParams("g=1x2&k=3&l=05"))).toThrow(
      /"l" expected base-36 digits 0..2 \(3 states\), got "5" at 2/,
    );
    expect(() => decodeBoard(new URLSearchParams("g=2x2&m=A"))).toThrow(/at least one cell/);
    expect(() => decodeBoard(new URLSearchParams("n=3&e=0-7"))).toThrow(/edges\[0\]\[1\]/);
    expect(() => decodeBoard(new URLSearchParams("g=2x2&r=queen"))).toThrow(/rule expected plus, x, king, knight/);
  });

  test("topologies: old torus links still open as tori, projective planes carry t=p", () => {
    const torus = decodeBoard(new URLSearchParams("g=3x3&t=1"))!.board as GridBoard;
    expect(boardTopology(torus)).toBe("torus");
    const p = encodeBoard({
      board: gridBoard(3, 3, { topology: "projective" }),
      states: 2,
      lights: new Array(9).fill(0),
    });
    expect(p.get("t")).toBe("p");
    expect(boardTopology(decodeBoard(p)!.board as GridBoard)).toBe("projective");
    expect(
      encodeBoard({ board: gridBoard(3, 3, { topology: "torus" }), states: 2, lights: new Array(9).fill(0) }).get("t"),
    ).toBe("1");
    expect(() => decodeBoard(new URLSearchParams("g=3x3&t=klein"))).toThrow(/"t" expected 1 \(torus\) or p/);
  });

  test("past 36 states each light takes two base-36 digits, up to 255 states", () => {
    const lights = [0, 35, 36, 254, 100, 7];
    const p = encodeBoard({ board: gridBoard(2, 3), states: 255, lights });
    expect(p.get("k")).toBe("255");
    expect(p.get("l")).toBe("000z10722s07");
    expect(decodeBoard(new URLSearchParams(p.toString()))).toEqual({ board: gridBoard(2, 3), states: 255, lights });
    expect(() => decodeBoard(new URLSearchParams("g=1x2&k=255&l=0073"))).toThrow(
      /"l" expected base-36 digits 0..72 \(255 states\), got "73" at 3/,
    );
    expect(() => decodeBoard(new URLSearchParams("g=1x2&k=37&l=000"))).toThrow(
      /expected 4 digits \(two per cell\), got 3/,
    );
    expect(() => decodeBoard(new URLSearchParams("g=1x1&k=256"))).toThrow(
      "k=256 expected at most 255 states, got 256 states",
    );
  });

  test("missing lights mean a dark board", () => {
    expect(decodeBoard(new URLSearchParams("g=2x2"))!.lights).toEqual([0, 0, 0, 0]);
  });
});
