/**
 * The code space H(n,k) = {1..k}^n of [n,k]-Mastermind: n positions (pegs),
 * k colours numbered 1..k as in Knuth (1977). Codes are plain arrays
 * of colours; the space also numbers them 0..k^n - 1 in lexicographic order
 * (1111 is 0, 1112 is 1, ...), so "the lowest code" is the smallest index.
 *
 * Text notation: one character per position, colours 1..9 as digits and
 * 10..35 as the letters A..Z (case-insensitive), so [4,6] codes read "1122".
 *
 * @module
 */

/**
 * A code: `n` colours, each in 1..k (Knuth's numbering).
 *
 * @example
 * ```ts
 * const code: Code = [1, 1, 2, 2]; // "1122"
 * ```
 */
export type Code = readonly number[];

/**
 * Largest k^n a {@link CodeSpace} enumerates (the solvers scan all codes per move).
 *
 * @example
 * ```ts
 * new CodeSpace(5, 16).size <= MAX_CODES; // true: 16^5 = 2^20
 * ```
 */
export const MAX_CODES = 2 ** 20;

/**
 * Largest number of colours the text notation can write (1..9, then A..Z).
 *
 * @example
 * ```ts
 * new CodeSpace(2, MAX_COLORS).format([35, 10]); // "ZA"
 * ```
 */
export const MAX_COLORS = 35;

const SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/**
 * The codes of [n,k]-Mastermind, numbered in lexicographic order.
 *
 * @example
 * ```ts
 * const space = new CodeSpace(4, 6);
 * space.size;                 // 1296
 * space.parse("1122");        // [1, 1, 2, 2]
 * space.indexOf([1, 1, 2, 2]); // 7
 * space.format(space.codeAt(7)); // "1122"
 * ```
 */
export class CodeSpace {
  /** n: the number of positions. */
  readonly pegs: number;
  /** k: the number of colours. */
  readonly colors: number;
  /** k^n: the number of codes. */
  readonly size: number;

  /**
   * @param pegs - n, an integer >= 1
   * @param colors - k, an integer in 1..35
   * @throws TypeError when n or k is not an integer; RangeError when k^n exceeds {@link MAX_CODES}
   */
  constructor(pegs: number, colors: number) {
    checkInteger("pegs", pegs, 1, 20);
    checkInteger("colors", colors, 1, MAX_COLORS);
    const size = colors ** pegs;
    if (size > MAX_CODES) {
      throw new RangeError(`expected at most ${MAX_CODES} codes (colors^pegs), got ${colors}^${pegs} = ${size}`);
    }
    this.pegs = pegs;
    this.colors = colors;
    this.size = size;
  }

  /**
   * The code with a given index (lexicographic order, colours 1..k).
   *
   * @param index - 0..size-1
   * @returns the code
   * @throws RangeError when the index is out of range
   * @example
   * ```ts
   * new CodeSpace(4, 6).codeAt(0); // [1, 1, 1, 1]
   * ```
   */
  codeAt(index: number): number[] {
    checkInteger("index", index, 0, this.size - 1);
    const code = new Array<number>(this.pegs);
    for (let i = this.pegs - 1; i >= 0; i--) {
      code[i] = (index % this.colors) + 1;
      index = Math.floor(index / this.colors);
    }
    return code;
  }

  /**
   * The index of a code, checking its length and colours.
   *
   * @param code - n colours in 1..k (or its text)
   * @returns 0..size-1
   * @throws TypeError / RangeError naming the position and colour that are wrong
   * @example
   * ```ts
   * new CodeSpace(4, 6).indexOf("1122"); // 7
   * ```
   */
  indexOf(code: Code | string): number {
    const colors = this.check(code);
    let index = 0;
    for (const color of colors) index = index * this.colors + (color - 1);
    return index;
  }

  /**
   * Checks a code (array or text) and returns it as an array of colours.
   *
   * @param code - the code
   * @returns a fresh array of n colours in 1..k
   * @throws TypeError for a value that is not a code; RangeError for a wrong length or colour
   * @example
   * ```ts
   * new CodeSpace(4, 6).check([1, 2, 3, 4]); // [1, 2, 3, 4]
   * new CodeSpace(4, 6).check([1, 2, 3]);    // RangeError: expected a code of 4 colours, got 3
   * ```
   */
  check(code: Code | string): number[] {
    if (typeof code === "string") return this.parse(code);
    if (!Array.isArray(code))
      throw new TypeError(`expected a code (an array of ${this.pegs} colours or a string), got ${describe(code)}`);
    if (code.length !== this.pegs) {
      throw new RangeError(`expected a code of ${this.pegs} colours, got ${code.length}`);
    }
    return code.map((color: unknown, i) => {
      if (typeof color !== "number" || !Number.isInteger(color) || color < 1 || color > this.colors) {
        throw new RangeError(`expected colours 1..${this.colors}, got ${describe(color)} at position ${i + 1}`);
      }
      return color;
    });
  }

  /**
   * Reads a code written one character per position: 1..9, then A..Z for 10..35.
   * Blanks and commas between characters are ignored ("1 1 2 2" reads as "1122").
   *
   * @param text - e.g. "1122"
   * @returns the colours
   * @throws RangeError naming the wrong character or the wrong length
   * @example
   * ```ts
   * new CodeSpace(4, 6).parse("1122"); // [1, 1, 2, 2]
   * new CodeSpace(3, 12).parse("9ab"); // [9, 10, 11]
   * ```
   */
  parse(text: string): number[] {
    if (typeof text !== "string") throw new TypeError(`expected a code as text, got ${describe(text)}`);
    const chars = text.replace(/[\s,]+/g, "").toUpperCase();
    if (chars.length !== this.pegs) {
      // the count is of the characters read (blanks and commas left out); a pasted page is not repeated whole
      const shown = text.length > 40 ? `${text.slice(0, 40)}...` : text;
      const count = `${chars.length} character${chars.length === 1 ? "" : "s"}`;
      throw new RangeError(
        `expected a code of ${this.pegs} colours (like ${this.format(this.codeAt(0))}), got '${shown}' (${count})`,
      );
    }
    return [...chars].map((char, i) => {
      const color = SYMBOLS.indexOf(char) + 1;
      if (color < 1 || color > this.colors) {
        throw new RangeError(
          `expected colours ${colorRange(this.colors)}, got '${char}' at position ${i + 1} of '${text}'`,
        );
      }
      return color;
    });
  }

  /**
   * Writes a code one character per colour (1..9, A..Z).
   *
   * @param code - a code of this space
   * @returns its text, e.g. "1122"
   * @example
   * ```ts
   * new CodeSpace(4, 6).format([1, 1, 2, 2]); // "1122"
   * ```
   */
  format(code: Code): string {
    return this.check(code)
      .map((color) => SYMBOLS[color - 1])
      .join("");
  }
}

/** "1..6" or "1..9, A..C": the characters of k colours. */
export function colorRange(colors: number): string {
  return colors <= 9 ? `1..${colors}` : `1..9, A..${SYMBOLS[colors - 1]}`;
}

/** A short description of a value for error messages. */
export function describe(value: unknown): string {
  if (typeof value === "string") return `'${value}'`;
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (value === null) return "null";
  if (typeof value === "object") return "an object";
  return String(value);
}

/** Throws TypeError / RangeError unless `value` is an integer in min..max. */
export function checkInteger(name: string, value: unknown, min: number, max: number): void {
  if (typeof value !== "number" || !Number.isInteger(value)) {
    throw new TypeError(`"${name}" expected an integer in ${min}..${max}, got ${describe(value)}`);
  }
  if (value < min || value > max) throw new RangeError(`"${name}" expected an integer in ${min}..${max}, got ${value}`);
}
