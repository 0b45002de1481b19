// 16..20 pegs: score codes b(n+1) + w reach n(n+1) = 420, beyond a byte.
import { describe, expect, it } from "vitest";
import { breakCode, CodeSpace, evaluate, parseScore, STRATEGIES } from "../src/index.js";
import { ScoreKernel } from "../src/_kernel.js";

/** Score by pairing pegs one by one (blacks first), independent of the library. */
function scoreByPairing(u: readonly number[], v: readonly number[]): [number, number] {
  const usedV = u.map((c, i) => c === v[i]);
  const black = usedV.filter(Boolean).length;
  let white = 0;
  for (let i = 0; i < u.length; i++) {
    if (u[i] === v[i]) continue;
    const j = v.findIndex((c, jj) => !usedV[jj] && c === u[i]);
    if (j >= 0) {
      usedV[j] = true;
      white++;
    }
  }
  return [black, white];
}

/** A small deterministic generator for picking codes (no timing, no Math.random). */
function lcg(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state;
  };
}

describe("[n,2]-Mastermind with 16..20 pegs", () => {
  for (let n = 16; n <= 20; n++) {
    it(`the kernel's score rows agree with peg pairing at ${n} pegs`, () => {
      const space = new CodeSpace(n, 2);
      const kernel = new ScoreKernel(space);
      const next = lcg(n);
      const candidates = Uint32Array.from({ length: 400 }, () => next() % space.size);
      candidates[0] = 0;
      candidates[1] = space.size - 1;
      for (const guess of [0, space.size - 1, next() % space.size, next() % space.size]) {
        const row = new Uint16Array(candidates.length);
        kernel.scoreRow(guess, candidates, 0, candidates.length, row);
        const u = space.codeAt(guess);
        candidates.forEach((c, i) => {
          const [black, white] = scoreByPairing(u, space.codeAt(c));
          expect(row[i]).toBe(black * (n + 1) + white);
          expect(kernel.score(guess, c)).toBe(black * (n + 1) + white);
        });
      }
    });
  }

  for (const n of [16, 20]) {
    it(`breaks secrets of ${n} pegs, every guess consistent with the scores before it, ending on (${n}, 0)`, () => {
      const space = new CodeSpace(n, 2);
      const next = lcg(7 * n);
      for (const secret of [space.codeAt(0), space.codeAt(space.size - 1), space.codeAt(next() % space.size)]) {
        const moves = breakCode(space, secret, { strategy: "consistent" });
        const last = moves[moves.length - 1]!;
        expect(last.guess).toEqual(secret);
        expect(last.score).toEqual({ black: n, white: 0 });
        moves.forEach((move, i) => {
          expect(scoreByPairing(move.guess, secret)).toEqual([move.score.black, move.score.white]);
          for (const earlier of moves.slice(0, i)) {
            const [black, white] = scoreByPairing(earlier.guess, move.guess);
            expect({ black, white }).toEqual(earlier.score);
          }
        });
      }
    });
  }

  it("evaluates every secret of [16,2] with the consistent strategy: each found, the histogram sums to 2^16", () => {
    const e = evaluate(new CodeSpace(16, 2), { strategy: "consistent" });
    expect(e.secrets).toBe(2 ** 16);
    expect(e.histogram.reduce((a, b) => a + b, 0)).toBe(2 ** 16);
    expect(e.histogram[1]).toBe(1);
    expect(STRATEGIES).toContain("consistent");
  });
});

describe("parseScore on a huge line", () => {
  it("quotes at most 40 characters of it", () => {
    let message = "";
    try {
      parseScore("x".repeat(10_000_000));
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toBe(
      `expected a score as two integers 'black white' (like '2 1' or '2,1'), got '${"x".repeat(40)}...'`,
    );
  });
});
