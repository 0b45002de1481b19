// Two online-judge problems of PKU JudgeOnline (POJ), answered exactly:
// POJ 1222 "Extended Lights Out" (5 x 6, unique solution) and POJ 3279
// "Fliptile" (M x N up to 15 x 15, fewest presses, ties broken by the
// smallest press grid read row-major as a string). Input is read as the
// judges read it, whitespace-separated numbers; errors say line:column.

import { ParseError } from "../internal/errors.js";
import { showToken } from "../internal/text.js";
import { gridBoard } from "./board.js";
import { fewestPresses } from "./fewest.js";
import { solveLightsOut } from "./solve.js";

interface Token {
  text: string;
  line: number;
  column: number;
}

/** Whitespace-separated tokens with their 1-based line and column (in code points). */
class Tokens {
  readonly #tokens: Token[] = [];
  readonly #end: { line: number; column: number };
  #next = 0;

  constructor(
    input: string,
    readonly source: string,
  ) {
    let line = 1;
    let column = 1;
    let current: Token | undefined;
    for (const ch of input) {
      if (ch === " " || ch === "\t" || ch === "\n" || ch === "\r" || ch === "\f" || ch === "\v") {
        current = undefined;
        if (ch === "\n") {
          line++;
          column = 1;
        } else column++;
        continue;
      }
      if (current) current.text += ch;
      else {
        current = { text: ch, line, column };
        this.#tokens.push(current);
      }
      column++;
    }
    this.#end = { line, column };
  }

  get done(): boolean {
    return this.#next >= this.#tokens.length;
  }

  fail(token: Token | undefined, reason: string): never {
    const at = token ?? this.#end;
    throw new ParseError(this.source, at.line, at.column, reason);
  }

  peek(): Token | undefined {
    return this.#tokens[this.#next];
  }

  /** The next token as an integer in min..max. */
  integer(what: string, min: number, max: number): number {
    const token = this.#tokens[this.#next];
    if (!token) this.fail(undefined, `expected ${what} (an integer in ${min}..${max}), got end of input`);
    const value = /^[+-]?[0-9]+$/.test(token.text) ? Number(token.text) : NaN;
    if (!(Number.isSafeInteger(value) && value >= min && value <= max)) {
      this.fail(token, `expected ${what} (an integer in ${min}..${max}), got ${showToken(token.text)}`);
    }
    this.#next++;
    return value;
  }

  /** The next token as a light, 0 or 1. */
  bit(what: string): number {
    const token = this.#tokens[this.#next];
    if (!token) this.fail(undefined, `expected ${what} (0 or 1), got end of input`);
    if (token.text !== "0" && token.text !== "1")
      this.fail(token, `expected ${what} (0 or 1), got ${showToken(token.text)}`);
    this.#next++;
    return token.text === "1" ? 1 : 0;
  }
}

/** Rows of `cols` numbers separated by single spaces, each ending with a line feed. */
function formatGrid(values: ArrayLike<number>, rows: number, cols: number): string {
  let out = "";
  for (let r = 0; r < rows; r++) {
    const row: number[] = [];
    for (let c = 0; c < cols; c++) row.push(values[r * cols + c]!);
    out += `${row.join(" ")}\n`;
  }
  return out;
}

/** Reads `rows x cols` lights, naming the cell in errors. */
function readGrid(tokens: Tokens, rows: number, cols: number, label: string): Uint8Array {
  const lights = new Uint8Array(rows * cols);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++)
      lights[r * cols + c] = tokens.bit(`${label}the light at row ${r + 1}, column ${c + 1}`);
  }
  return lights;
}

/** Most puzzles POJ 1222 input may announce (a guard against absurd counts). */
const MAX_PUZZLES = 1_000_000;

/**
 * POJ 1222 "Extended Lights Out": the judge's output for the judge's input.
 * Input: the number of puzzles T, then T puzzles of 5 rows x 6 lights (0/1).
 * Output per puzzle: `PUZZLE #m`, then the 5 x 6 press grid, numbers
 * separated by single spaces. The 5 x 6 grid is invertible, so the answer is
 * unique.
 *
 * @param input - The judge input.
 * @param source - Name of the input in error messages (default `<input>`).
 * @returns The judge output, byte for byte (every line ends with `\n`).
 * @throws {ParseError} `source:line:column: expected ..., got ...` for malformed input
 *   (a value other than 0/1, a missing number, text after the last puzzle).
 * @example
 * ```ts
 * poj1222("1\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n");
 * // "PUZZLE #1\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n0 0 0 0 0 0\n"
 * ```
 */
export function poj1222(input: string, source = "<input>"): string {
  if (typeof input !== "string") throw new TypeError(`poj1222 expected the input as a string, got ${typeof input}`);
  const tokens = new Tokens(input, source);
  const count = tokens.integer("the number of puzzles", 0, MAX_PUZZLES);
  const board = gridBoard(5, 6);
  let out = "";
  for (let m = 1; m <= count; m++) {
    const lights = readGrid(tokens, 5, 6, `puzzle ${m}: `);
    const s = solveLightsOut(board, lights);
    // 5 x 6 has rank 30: every board has exactly one solution.
    if (!s.presses)
      throw new Error(`internal error: puzzle ${m} of POJ 1222 has no solution, but the 5 x 6 grid is invertible`);
    out += `PUZZLE #${m}\n${formatGrid(s.presses, 5, 6)}`;
  }
  if (!tokens.done)
    tokens.fail(
      tokens.peek(),
      `expected end of input after ${count} puzzle${count === 1 ? "" : "s"}, got ${showToken(tokens.peek()!.text)}`,
    );
  return out;
}

/**
 * POJ 3279 "Fliptile": the judge's output for the judge's input. Input: `M N`
 * (1..15 each), then M rows of N tiles (0/1). Output: the M x N flip grid
 * with the fewest flips, ties broken by the smallest grid read row-major as
 * one string; or `IMPOSSIBLE`. Several cases in a row (until the end of the
 * input) are answered one after the other.
 *
 * @param input - The judge input.
 * @param source - Name of the input in error messages (default `<input>`).
 * @returns The judge output, byte for byte (every line ends with `\n`).
 * @throws {ParseError} `source:line:column: expected ..., got ...` for malformed input
 *   (sizes out of 1..15, a value other than 0/1, a missing number, no case at all).
 * @example
 * ```ts
 * poj3279("1 3\n1 1 1\n"); // "0 1 0\n"
 * poj3279("1 2\n1 0\n");   // "IMPOSSIBLE\n"
 * ```
 */
export function poj3279(input: string, source = "<input>"): string {
  if (typeof input !== "string") throw new TypeError(`poj3279 expected the input as a string, got ${typeof input}`);
  const tokens = new Tokens(input, source);
  if (tokens.done) tokens.fail(undefined, "expected M N (the grid size), got end of input");
  let out = "";
  while (!tokens.done) {
    const m = tokens.integer("M (rows)", 1, 15);
    const n = tokens.integer("N (columns)", 1, 15);
    const lights = readGrid(tokens, m, n, "");
    const best = fewestPresses(gridBoard(m, n), lights);
    out += best.presses ? formatGrid(best.presses, m, n) : "IMPOSSIBLE\n";
  }
  return out;
}
