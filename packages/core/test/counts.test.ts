// Counts of solutions, quiet patterns and winnable boards: exact prime powers
// at any size, bigints built only when read, and text that stays short.
import { describe, expect, it } from "vitest";
import {
  type Board,
  countValue,
  DECIMAL_COUNT_BITS,
  formatPrimePowers,
  graphBoard,
  gridBoard,
  type LightsOutSolution,
  maskBoard,
  solveLightsOut,
} from "../src/index.js";
import { isDark, pressed } from "./_support.js";

/** Every press vector of Z_k^cells that changes nothing, counted by brute force. */
function quietByBruteForce(board: Board, cells: number, k: number): bigint {
  const x = new Array<number>(cells).fill(0);
  const dark = new Array<number>(cells).fill(0);
  let count = 0n;
  for (;;) {
    if (isDark(pressed(board, dark, x, k))) count++;
    let i = 0;
    for (; i < cells; i++) {
      if (++x[i]! < k) break;
      x[i] = 0;
    }
    if (i === cells) return count;
  }
}

/** Whether a count property is still a getter: the bigint has not been built. */
const unbuilt = (s: object, name: string) => Object.getOwnPropertyDescriptor(s, name)?.get !== undefined;

describe("formatPrimePowers", () => {
  it("writes the exact decimal up to 2^256, the prime powers beyond", () => {
    expect(DECIMAL_COUNT_BITS).toBe(256);
    expect(formatPrimePowers([])).toBe("1");
    expect(formatPrimePowers([{ prime: 2, exponent: 23 }])).toBe("8388608");
    expect(formatPrimePowers([{ prime: 2, exponent: 256 }])).toBe((1n << 256n).toString());
    expect(formatPrimePowers([{ prime: 2, exponent: 257 }])).toBe("2^257");
    expect(formatPrimePowers([{ prime: 2, exponent: 99_999_998 }])).toBe("2^99999998");
    // 3^161 < 2^256 < 3^162: the bound is exact, not a rounded logarithm
    expect(formatPrimePowers([{ prime: 3, exponent: 161 }])).toBe((3n ** 161n).toString());
    expect(formatPrimePowers([{ prime: 3, exponent: 162 }])).toBe("3^162");
    // merged by prime, ascending; ^1 left out
    expect(
      formatPrimePowers([
        { prime: 5, exponent: 1 },
        { prime: 2, exponent: 200 },
        { prime: 2, exponent: 100 },
      ]),
    ).toBe("2^300*5");
    expect(formatPrimePowers([{ prime: 2, exponent: 3 }], 2)).toBe("2^3");
    expect(
      countValue([
        { prime: 2, exponent: 3 },
        { prime: 3, exponent: 2 },
      ]),
    ).toBe(72n);
  });
});

describe("the counts of solveLightsOut", () => {
  it("are the brute-force counts on small boards, two and more states, prime and composite", () => {
    const boards: [Board, number[]][] = [
      [gridBoard(2, 2), [2, 4, 6, 12]],
      [gridBoard(2, 3), [2, 3, 6]],
      [gridBoard(3, 3, { torus: true }), [2, 3, 4]],
      [gridBoard(2, 3, { torus: true }), [2, 5, 6, 9]],
      [maskBoard(["##.", ".##"]), [4, 8]],
      [
        graphBoard(
          4,
          [
            [0, 1],
            [1, 2],
            [2, 3],
            [3, 0],
          ],
          { selfToggle: false },
        ),
        [2, 4, 6],
      ],
    ];
    for (const [board, ks] of boards) {
      const cells = countCells(board);
      for (const k of ks) {
        const s = solveLightsOut(board, new Array<number>(cells).fill(0), { states: k });
        const quiet = quietByBruteForce(board, cells, k);
        const what = `${JSON.stringify(board)} over Z_${k}`;
        expect(s.quietCount, what).toBe(quiet);
        expect(s.solutions, what).toBe(quiet);
        expect(s.winnableBoards, what).toBe(BigInt(k) ** BigInt(cells) / quiet);
        expect(countValue(s.quietCountFactors), what).toBe(quiet);
        expect(countValue(s.winnableBoardsFactors), what).toBe(s.winnableBoards);
      }
    }
  });

  it("agree across the routes: chasing, the dense press matrix and banded elimination", () => {
    const board = gridBoard(20, 21);
    const cells = 420;
    for (const k of [2, 3, 4, 6]) {
      const lights = new Array<number>(cells).fill(0);
      const routes = [
        solveLightsOut(board, lights, { states: k }),
        solveLightsOut(board, lights, { states: k, method: "dense" }),
        ...(k === 2 || k === 3 ? [solveLightsOut(board, lights, { states: k, method: "banded" })] : []),
      ];
      for (const s of routes) {
        expect(s.quietCountFactors, `${k} ${s.method}`).toEqual(routes[0]!.quietCountFactors);
        expect(s.winnableBoardsFactors, `${k} ${s.method}`).toEqual(routes[0]!.winnableBoardsFactors);
        expect(s.winnableBoards * s.quietCount, `${k} ${s.method}`).toBe(BigInt(k) ** BigInt(cells));
      }
    }
  });

  it("an unsolvable board has 0 solutions and the same factors", () => {
    const s = solveLightsOut(gridBoard(4, 4), [1, ...new Array<number>(15).fill(0)]);
    expect(s.solvable).toBe(false);
    expect(s.solutions).toBe(0n);
    expect(s.quietCountFactors).toEqual([{ prime: 2, exponent: 4 }]);
    expect(s.winnableBoardsFactors).toEqual([{ prime: 2, exponent: 12 }]);
  });

  it("are prime powers on a huge board, and the bigints are built only when read", () => {
    // 300 x 300 all on: rank 89,998 (2^89998 winnable boards, 27,092 digits)
    const s: LightsOutSolution = solveLightsOut(gridBoard(300, 300), new Uint8Array(90_000).fill(1));
    expect(s.winnableBoardsFactors).toEqual([{ prime: 2, exponent: s.rank }]);
    for (const name of ["solutions", "quietCount", "winnableBoards"]) expect(unbuilt(s, name), name).toBe(true);
    expect(formatPrimePowers(s.winnableBoardsFactors)).toBe(`2^${s.rank}`);
    expect(s.winnableBoards).toBe(1n << BigInt(s.rank));
    // read once, then a plain property
    expect(unbuilt(s, "winnableBoards")).toBe(false);
    expect(unbuilt(s, "quietCount")).toBe(true);
    // a graph of 2,000 vertices without self toggle or edges: every press vector is quiet
    const g = solveLightsOut(graphBoard(2000, [], { selfToggle: false }), new Uint8Array(2000), { states: 3 });
    expect(g.quietCountFactors).toEqual([{ prime: 3, exponent: 2000 }]);
    expect(g.winnableBoardsFactors).toEqual([]);
    expect(unbuilt(g, "solutions")).toBe(true);
    expect(g.winnableBoards).toBe(1n);
    expect(g.solutions).toBe(3n ** 2000n);
    // spreading reads them, as an object's own properties
    expect({ ...solveLightsOut(gridBoard(5, 5), new Array<number>(25).fill(1)) }).toMatchObject({
      solutions: 4n,
      quietCount: 4n,
      winnableBoards: 1n << 23n,
    });
  });
});

function countCells(board: Board): number {
  if (board.kind === "graph") return board.vertices;
  return board.mask ? board.mask.join("").split("#").length - 1 : board.rows * board.cols;
}
