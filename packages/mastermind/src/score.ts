/**
 * The score s(u, v) = (b, w) of a guess u against a secret v, exactly as
 * Knuth defines it ("The computer as master mind", J. Recreational
 * Mathematics 9(1), 1976-77): b = #{i : u_i = v_i} (black pegs) and
 * w = sum_j min(n_j, m_j) - b (white pegs), n_j and m_j the number of times
 * colour j occurs in u and in v. The set of scores that can occur follows
 * from this definition.
 *
 * @module
 */
import { checkInteger, type Code, describe } from "./codes.js";

/**
 * A score (b, w): black pegs (right colour, right place) and white pegs
 * (right colour, wrong place).
 *
 * @example
 * ```ts
 * const s: Score = score([1, 1, 2, 2], [1, 2, 3, 4]); // { black: 1, white: 1 }
 * ```
 */
export interface Score {
  /** b = #{i : u_i = v_i}. */
  readonly black: number;
  /** w = sum_j min(n_j, m_j) - b. */
  readonly white: number;
}

/**
 * The score of `guess` against `secret`, straight from the definition.
 *
 * @param guess - u, colours 1..k
 * @param secret - v, the same length
 * @returns (b, w)
 * @throws RangeError when the lengths differ
 * @example
 * ```ts
 * score([1, 1, 2, 2], [1, 2, 3, 4]); // { black: 1, white: 1 }
 * ```
 */
export function score(guess: Code, secret: Code): Score {
  if (!Array.isArray(guess) || !Array.isArray(secret)) {
    throw new TypeError(`expected two codes (arrays of colours), got ${describe(guess)} and ${describe(secret)}`);
  }
  if (guess.length !== secret.length) {
    throw new RangeError(`expected codes of the same length, got ${guess.length} and ${secret.length}`);
  }
  let black = 0;
  const inGuess = new Map<number, number>();
  const inSecret = new Map<number, number>();
  for (let i = 0; i < guess.length; i++) {
    const u = guess[i]!;
    const v = secret[i]!;
    if (u === v) black++;
    inGuess.set(u, (inGuess.get(u) ?? 0) + 1);
    inSecret.set(v, (inSecret.get(v) ?? 0) + 1);
  }
  let common = 0;
  for (const [color, n] of inGuess) common += Math.min(n, inSecret.get(color) ?? 0);
  return { black, white: common - black };
}

/**
 * Whether (b, w) is the score of some pair of codes of [n,k]-Mastermind.
 * From the definition: b + w <= n and (b, w) != (n-1, 1) always; for
 * k > 2 every other pair occurs; for k = 2 exactly those with w even; for
 * k = 1 only (n, 0).
 *
 * @param pegs - n
 * @param colors - k
 * @param s - the score
 * @returns true when some codes u, v have s(u, v) = s
 * @example
 * ```ts
 * isPossibleScore(4, 6, { black: 3, white: 1 }); // false
 * isPossibleScore(4, 2, { black: 1, white: 2 }); // true
 * ```
 */
export function isPossibleScore(pegs: number, colors: number, s: Score): boolean {
  return impossibility(pegs, colors, s) === undefined;
}

/**
 * Why a score cannot occur, or undefined when it can.
 *
 * @param pegs - n
 * @param colors - k
 * @param s - the score
 * @returns a sentence for error messages, or undefined
 * @example
 * ```ts
 * impossibility(4, 6, { black: 3, white: 1 }); // "(n-1, 1) never occurs: ..."
 * ```
 */
export function impossibility(pegs: number, colors: number, s: Score): string | undefined {
  checkInteger("pegs", pegs, 1, Number.MAX_SAFE_INTEGER);
  checkInteger("colors", colors, 1, Number.MAX_SAFE_INTEGER);
  const { black, white } = s;
  if (!Number.isInteger(black) || !Number.isInteger(white) || black < 0 || white < 0) {
    return `black and white must be integers >= 0, got (${describe(black)}, ${describe(white)})`;
  }
  if (black + white > pegs) return `black + white must be at most ${pegs}, got ${black} + ${white}`;
  if (black === pegs - 1 && white === 1) {
    return `(${pegs - 1}, 1) never occurs: codes equal in ${pegs - 1} positions differ in the last one`;
  }
  if (colors === 1 && black !== pegs) return `with 1 colour every score is (${pegs}, 0)`;
  if (colors === 2 && white % 2 === 1) return `with 2 colours the white count is always even, got ${white}`;
  return undefined;
}

/**
 * All possible scores of [n,k]-Mastermind, by black then white.
 *
 * @param pegs - n
 * @param colors - k
 * @returns the scores (b, w) that occur
 * @example
 * ```ts
 * possibleScores(4, 6).length; // 14
 * ```
 */
export function possibleScores(pegs: number, colors: number): Score[] {
  const out: Score[] = [];
  for (let black = 0; black <= pegs; black++) {
    for (let white = 0; black + white <= pegs; white++) {
      if (isPossibleScore(pegs, colors, { black, white })) out.push({ black, white });
    }
  }
  return out;
}

/**
 * Reads a score written "2 1", "2,1", "2/1" or "b2 w1".
 *
 * @param text - the score as typed
 * @returns the score (not yet checked against n and k)
 * @throws RangeError when the text is not two integers
 * @example
 * ```ts
 * parseScore("2,1"); // { black: 2, white: 1 }
 * ```
 */
export function parseScore(text: string): Score {
  const line = String(text);
  const match = /^\s*b?\s*(\d+)\s*[\s,;/]\s*w?\s*(\d+)\s*$/i.exec(line);
  if (!match) {
    // a pasted megabyte is not repeated whole in the message
    const shown = line.length > 40 ? `${line.slice(0, 40)}...` : line;
    throw new RangeError(`expected a score as two integers 'black white' (like '2 1' or '2,1'), got '${shown}'`);
  }
  return { black: Number(match[1]), white: Number(match[2]) };
}
