import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CodeSpace, impossibility, isPossibleScore, parseScore, possibleScores, score } from "../src/index.js";
import { ScoreKernel } from "../src/_kernel.js";
import { scoreByPairing } from "./_pairing.js";

/** Every code of [n,k], colours 1..k, in lexicographic order (independent of CodeSpace). */
function allCodes(n: number, k: number): number[][] {
  let codes: number[][] = [[]];
  for (let p = 0; p < n; p++) codes = codes.flatMap((c) => Array.from({ length: k }, (_, j) => [...c, j + 1]));
  return codes;
}

describe("score (b, w) as Knuth (1977) defines it", () => {
  it("worked examples", () => {
    expect(score([1, 1, 2, 2], [1, 2, 3, 4])).toEqual({ black: 1, white: 1 });
    expect(score([1, 2, 3, 4], [4, 3, 2, 1])).toEqual({ black: 0, white: 4 });
    expect(score([1, 1, 1, 1], [1, 1, 1, 1])).toEqual({ black: 4, white: 0 });
    expect(score([1, 1, 2, 2], [2, 2, 1, 1])).toEqual({ black: 0, white: 4 });
    expect(score([1, 1, 1, 2], [1, 2, 2, 2])).toEqual({ black: 2, white: 0 });
  });

  it("agrees with peg-by-peg pairing, is symmetric and invariant under permuting positions and colours", () => {
    const code = fc.array(fc.integer({ min: 1, max: 7 }), { minLength: 6, maxLength: 6 });
    fc.assert(
      fc.property(
        code,
        code,
        fc.shuffledSubarray([0, 1, 2, 3, 4, 5], { minLength: 6 }),
        fc.shuffledSubarray([1, 2, 3, 4, 5, 6, 7], { minLength: 7 }),
        (u, v, perm, colours) => {
          const s = score(u, v);
          expect([s.black, s.white]).toEqual(scoreByPairing(u, v));
          expect(score(v, u)).toEqual(s);
          const move = (c: number[]) => perm.map((p) => colours[c[p]! - 1]!);
          expect(score(move(u), move(v))).toEqual(s);
        },
      ),
      { seed: 8, numRuns: 500 },
    );
  });

  it("rejects codes of different lengths", () => {
    expect(() => score([1, 2], [1, 2, 3])).toThrow(/same length, got 2 and 3/);
  });
});

describe("the typed-array kernel equals peg-by-peg pairing on every pair", () => {
  for (const [n, k] of [
    [1, 1],
    [2, 3],
    [3, 4],
    [4, 2],
    [4, 6],
    [2, 20],
    [2, 17],
    [9, 2],
  ] as const) {
    it(`[${n},${k}] (${n <= 8 && k <= 16 ? "packed" : "generic"} path)`, () => {
      const space = new CodeSpace(n, k);
      const kernel = new ScoreKernel(space);
      const codes = allCodes(n, k);
      const all = Uint32Array.from(codes.keys());
      const row = new Uint16Array(codes.length);
      for (let g = 0; g < codes.length; g++) {
        kernel.scoreRow(g, all, 0, codes.length, row);
        for (let s = 0; s < codes.length; s++) {
          const [black, white] = scoreByPairing(codes[g]!, codes[s]!);
          if (row[s] !== black * (n + 1) + white) throw new Error(`${codes[g]} vs ${codes[s]}: ${row[s]}`);
        }
      }
    });
  }
});

describe("possible scores: the propositions of the README, checked exhaustively", () => {
  for (let n = 1; n <= 4; n++) {
    for (let k = 1; k <= 5; k++) {
      it(`[${n},${k}]`, () => {
        const codes = allCodes(n, k);
        const seen = new Set<string>();
        for (const u of codes)
          for (const v of codes) {
            const [black, white] = scoreByPairing(u, v);
            seen.add(`${black},${white}`);
          }
        for (const key of seen) {
          const [b, w] = key.split(",").map(Number) as [number, number];
          expect(b + w).toBeLessThanOrEqual(n);
          expect(key).not.toBe(`${n - 1},1`);
          if (k === 2) expect(w % 2).toBe(0);
        }
        // k > 2: every other (b, w) with b + w <= n occurs; k = 2: every one with w even; k = 1: only (n, 0).
        if (k === 1) expect([...seen]).toEqual([`${n},0`]);
        else {
          for (let b = 0; b <= n; b++)
            for (let w = 0; b + w <= n; w++) {
              const occurs = !(b === n - 1 && w === 1) && (k > 2 || w % 2 === 0);
              expect(seen.has(`${b},${w}`), `(${b},${w})`).toBe(occurs);
            }
        }
        expect(new Set(possibleScores(n, k).map((s) => `${s.black},${s.white}`))).toEqual(seen);
      });
    }
  }

  it("14 scores on [4,6], and the reasons for impossible ones", () => {
    expect(possibleScores(4, 6)).toHaveLength(14);
    expect(isPossibleScore(4, 6, { black: 3, white: 1 })).toBe(false);
    expect(impossibility(4, 6, { black: 3, white: 1 })).toMatch(/\(3, 1\) never occurs/);
    expect(impossibility(4, 6, { black: 2, white: 3 })).toMatch(/at most 4, got 2 \+ 3/);
    expect(impossibility(4, 2, { black: 1, white: 1 })).toMatch(/always even, got 1/);
    expect(impossibility(4, 6, { black: -1, white: 0 })).toMatch(/integers >= 0/);
    expect(impossibility(4, 1, { black: 0, white: 0 })).toMatch(/1 colour/);
  });
});

describe("parseScore", () => {
  it("reads '2 1', '2,1', '2/1' and 'b2 w1'", () => {
    for (const text of ["2 1", "2,1", " 2 , 1 ", "2/1", "b2 w1"])
      expect(parseScore(text)).toEqual({ black: 2, white: 1 });
  });
  it("names what it expected", () => {
    expect(() => parseScore("21")).toThrow(/two integers 'black white'.*got '21'/);
    expect(() => parseScore("x")).toThrow(RangeError);
  });
});
