import { describe, expect, it } from "vitest";
import { parseMatrix, ParseError, type ParsedMatrix } from "../src/io/matrix-text.js";

/** Parses and returns the error thrown, failing when nothing is thrown. */
function failure(text: string, options?: Parameters<typeof parseMatrix>[1]): unknown {
  try {
    parseMatrix(text, options);
  } catch (error) {
    return error;
  }
  throw new Error(`expected parseMatrix to throw on ${JSON.stringify(text)}`);
}

/** The ParseError message for `text`, checking its fields agree with it. */
function parseFailure(text: string, options?: Parameters<typeof parseMatrix>[1]): string {
  const error = failure(text, options);
  expect(error).toBeInstanceOf(ParseError);
  const e = error as ParseError;
  expect(e.name).toBe("ParseError");
  expect(e.message).toBe(`${e.source}:${e.line}:${e.column}: ${e.reason}`);
  return e.message;
}

function rowsOf(m: ParsedMatrix): string[] {
  const out: string[] = [];
  for (let r = 0; r < m.rows; r++) out.push(Array.from(m.values.subarray(r * m.cols, (r + 1) * m.cols)).join(" "));
  return out;
}

const MM = "%%MatrixMarket matrix coordinate";

describe("parseMatrix: dense", () => {
  it("reads packed rows", () => {
    const m = parseMatrix("110\n011\n101\n");
    expect(m).toMatchObject({ rows: 3, cols: 3, format: "dense" });
    expect(m.values).toBeInstanceOf(Uint8Array);
    expect(Array.from(m.values)).toEqual([1, 1, 0, 0, 1, 1, 1, 0, 1]);
  });

  it("reads rows with spaces or tabs between entries, and mixed", () => {
    const spaced = parseMatrix("0 1 1 0\n1\t0 0\t1\n");
    const packed = parseMatrix("0110\n1001");
    const mixed = parseMatrix("01 10\n  10 01  \n");
    expect(spaced).toEqual(packed);
    expect(mixed).toEqual(packed);
    expect(rowsOf(packed)).toEqual(["0 1 1 0", "1 0 0 1"]);
  });

  it("ignores blank lines and # comments, and reads CRLF", () => {
    const text = "# a 2 x 3 matrix\r\n\r\n101\r\n   \r\n  # indented comment\r\n010\r\n\r\n";
    const m = parseMatrix(text);
    expect(m).toMatchObject({ rows: 2, cols: 3 });
    expect(rowsOf(m)).toEqual(["1 0 1", "0 1 0"]);
  });

  it("reads a 1 x 1 matrix without a final newline, and skips a byte-order mark", () => {
    expect(Array.from(parseMatrix("1").values)).toEqual([1]);
    expect(parseMatrix("\ufeff10\n01\n")).toMatchObject({ rows: 2, cols: 2 });
  });

  it("reads digits 0..2 with modulus 3", () => {
    const m = parseMatrix("012\n2 1 0\n", { modulus: 3 });
    expect(rowsOf(m)).toEqual(["0 1 2", "2 1 0"]);
    expect(parseFailure("012\n013\n", { modulus: 3 })).toBe("<input>:2:3: expected a digit 0..2, got '3'");
  });

  it("reads whitespace-separated numbers when the modulus exceeds 10", () => {
    const m = parseMatrix("0 10 16\n16 007 1\n", { modulus: 17 });
    expect(rowsOf(m)).toEqual(["0 10 16", "16 7 1"]);
    expect(m.values).toBeInstanceOf(Uint8Array);
    expect(parseFailure("0 10 17\n", { modulus: 17 })).toBe("<input>:1:6: expected an integer 0..16, got '17'");
    expect(parseFailure("1 2\n3 4x\n", { modulus: 17 })).toBe("<input>:2:3: expected an integer 0..16, got '4x'");
    expect(parseFailure("1 -2\n", { modulus: 17 })).toBe("<input>:1:3: expected an integer 0..16, got '-2'");
  });

  it("uses a Uint32Array above modulus 256", () => {
    expect(parseMatrix("1 2\n", { modulus: 256 }).values).toBeInstanceOf(Uint8Array);
    const m = parseMatrix("2147483646 0\n", { modulus: 2 ** 31 - 1 });
    expect(m.values).toBeInstanceOf(Uint32Array);
    expect(Array.from(m.values)).toEqual([2147483646, 0]);
  });

  it("reports a short row at the end of its content", () => {
    expect(parseFailure("0110\n011\n", { source: "a.txt" })).toBe("a.txt:2:4: expected 4 entries (like line 1), got 3");
    expect(parseFailure("# c\n0 1 1 0\n\n0 1 1  \n")).toBe("<input>:4:6: expected 4 entries (like line 2), got 3");
  });

  it("reports a long row at its first extra entry", () => {
    expect(parseFailure("0110\n0110\n01101\n")).toBe("<input>:3:5: expected 4 entries (like line 1), got 5");
    expect(parseFailure("1\n1 0\n")).toBe("<input>:2:3: expected 1 entry (like line 1), got 2");
    expect(parseFailure("1 2\n3 4 5\n", { modulus: 11 })).toBe("<input>:2:5: expected 2 entries (like line 1), got 3");
  });

  it("reports a bad character at its column", () => {
    expect(parseFailure("0110\n01x0\n")).toBe("<input>:2:3: expected a digit 0 or 1, got 'x'");
    expect(parseFailure("0 1 2\n")).toBe("<input>:1:5: expected a digit 0 or 1, got '2'");
    expect(parseFailure("01 # trailing note\n")).toBe("<input>:1:4: expected a digit 0 or 1, got '#'");
    expect(parseFailure("1,0\n")).toBe("<input>:1:2: expected a digit 0 or 1, got ','");
    expect(parseFailure("1'\n")).toBe(`<input>:1:2: expected a digit 0 or 1, got "'"`);
  });

  it("names invisible characters by code point and counts columns in code points", () => {
    expect(parseFailure("1\u00000\n")).toBe("<input>:1:2: expected a digit 0 or 1, got U+0000");
    expect(parseFailure("10\r0\n")).toBe("<input>:1:3: expected a digit 0 or 1, got U+000D");
    expect(parseFailure("1\u00a00\n")).toBe("<input>:1:2: expected a digit 0 or 1, got U+00A0");
    expect(parseFailure("😀1\n")).toBe("<input>:1:1: expected a digit 0 or 1, got '😀'");
    expect(parseFailure("é1\n")).toBe("<input>:1:1: expected a digit 0 or 1, got 'é'");
  });

  it("reports an empty input", () => {
    expect(parseFailure("")).toBe("<input>:1:1: expected at least one row of 0/1, got an empty file");
    expect(parseFailure("", { source: "e.txt" })).toBe(
      "e.txt:1:1: expected at least one row of 0/1, got an empty file",
    );
    expect(parseFailure("\n \n")).toBe("<input>:3:1: expected at least one row of 0/1, got an empty file");
    expect(parseFailure("# only a comment\n")).toBe(
      "<input>:2:1: expected at least one row of 0/1, got only blank lines and # comments",
    );
    expect(parseFailure("", { modulus: 5 })).toBe(
      "<input>:1:1: expected at least one row of entries 0..4, got an empty file",
    );
  });
});

describe("parseMatrix: MatrixMarket", () => {
  it("reads a general pattern file, with comments and blank lines", () => {
    const text = `${MM} pattern general\n% a comment\n%\n\n2 3 3\n1 1\n\n2 3\n% between entries\n1 2\n`;
    const m = parseMatrix(text);
    expect(m).toMatchObject({ rows: 2, cols: 3, format: "matrix-market" });
    expect(rowsOf(m)).toEqual(["1 1 0", "0 0 1"]);
  });

  it("reads the header case-insensitively, with CRLF and extra blanks", () => {
    const text = "%%matrixmarket MATRIX Coordinate Pattern GENERAL\r\n 2  2\t1 \r\n  2 1\r\n";
    expect(rowsOf(parseMatrix(text))).toEqual(["0 0", "1 0"]);
  });

  it("reduces integer values mod 2 and adds duplicates", () => {
    const text = `${MM} integer general\n2 2 5\n1 1 3\n1 2 4\n2 1 -1\n2 2 1\n2 2 1\n`;
    expect(rowsOf(parseMatrix(text))).toEqual(["1 0", "1 0"]);
  });

  it("reduces integer values, negative ones and very long ones, mod 3", () => {
    const text = `${MM} integer general\n1 4 5\n1 1 -1\n1 2 -3\n1 3 123456789012345678901234567890\n1 4 +2\n1 4 2\n`;
    // 10^k = 1 mod 3, so the long value is its digit sum mod 3: 135 = 0 mod 3.
    expect(rowsOf(parseMatrix(text, { modulus: 3 }))).toEqual(["2 0 0 1"]);
  });

  it("adds duplicate pattern entries, which cancel mod 2", () => {
    const text = `${MM} pattern general\n1 2 3\n1 1\n1 2\n1 1\n`;
    expect(rowsOf(parseMatrix(text))).toEqual(["0 1"]);
  });

  it("mirrors the off-diagonal entries of a symmetric file", () => {
    const text = `${MM} pattern symmetric\n3 3 4\n1 1\n2 1\n3 2\n3 3\n`;
    expect(rowsOf(parseMatrix(text))).toEqual(["1 1 0", "1 0 1", "0 1 1"]);
    const ints = `${MM} integer symmetric\n2 2 2\n2 1 2\n2 2 5\n`;
    expect(rowsOf(parseMatrix(ints, { modulus: 3 }))).toEqual(["0 2", "2 2"]);
  });

  it("accepts zero entries", () => {
    const m = parseMatrix(`${MM} pattern general\n2 2 0\n`);
    expect(Array.from(m.values)).toEqual([0, 0, 0, 0]);
  });

  it("names what is supported when the header is not", () => {
    expect(parseFailure("%%MatrixMarket matrix array integer general\n2 2\n1\n0\n1\n0\n")).toBe(
      "<input>:1:23: expected format 'coordinate' (the only MatrixMarket format supported), got 'array'",
    );
    expect(parseFailure(`${MM} real general\n1 1 1\n1 1 1.0\n`)).toBe(
      "<input>:1:34: expected field 'pattern' or 'integer', got 'real'",
    );
    expect(parseFailure(`${MM} complex general\n`)).toBe(
      "<input>:1:34: expected field 'pattern' or 'integer', got 'complex'",
    );
    expect(parseFailure(`${MM} pattern skew-symmetric\n`)).toBe(
      "<input>:1:42: expected symmetry 'general' or 'symmetric', got 'skew-symmetric'",
    );
    expect(parseFailure("%%MatrixMarket vector coordinate pattern general\n")).toBe(
      "<input>:1:16: expected object 'matrix', got 'vector'",
    );
    expect(parseFailure("%%MatrixMarketX matrix coordinate pattern general\n")).toBe(
      "<input>:1:1: expected the banner '%%MatrixMarket', got '%%MatrixMarketX'",
    );
    expect(parseFailure(`${MM} pattern\n1 1 0\n`)).toBe(
      "<input>:1:41: expected symmetry 'general' or 'symmetric', got end of line",
    );
    expect(parseFailure(`${MM} pattern general extra\n1 1 0\n`)).toBe(
      "<input>:1:50: expected end of the header line, got 'extra'",
    );
  });

  it("reports a bad or missing size line", () => {
    expect(parseFailure(`${MM} pattern general\n% only comments\n`)).toBe(
      "<input>:3:1: expected the size line 'rows cols entries', got end of file",
    );
    expect(parseFailure(`${MM} pattern general\n2 x 1\n`)).toBe(
      "<input>:2:3: expected the number of columns (an integer >= 1), got 'x'",
    );
    expect(parseFailure(`${MM} pattern general\n0 2 0\n`)).toBe(
      "<input>:2:1: expected the number of rows (an integer >= 1), got '0'",
    );
    expect(parseFailure(`${MM} pattern general\n2 2\n`)).toBe(
      "<input>:2:4: expected the number of entries (an integer >= 0), got end of line",
    );
    expect(parseFailure(`${MM} pattern general\n2 2 1.5\n`)).toBe(
      "<input>:2:5: expected the number of entries (an integer >= 0), got '1.5'",
    );
    expect(parseFailure(`${MM} pattern general\n2 2 1 9\n1 1\n`)).toBe(
      "<input>:2:7: expected end of the size line 'rows cols entries', got '9'",
    );
    expect(parseFailure(`${MM} pattern symmetric\n2 3 0\n`)).toBe(
      "<input>:2:1: expected a square matrix for symmetry 'symmetric', got 2 x 3",
    );
  });

  it("names the bound of an index out of range", () => {
    const head = `${MM} pattern general\n3 4 2\n1 1\n`;
    expect(parseFailure(`${head}4 1\n`)).toBe("<input>:4:1: expected a row index in 1..3, got '4'");
    expect(parseFailure(`${head}1 0\n`)).toBe("<input>:4:3: expected a column index in 1..4, got '0'");
    expect(parseFailure(`${head}1 5\n`)).toBe("<input>:4:3: expected a column index in 1..4, got '5'");
    expect(parseFailure(`${head}-1 2\n`)).toBe("<input>:4:1: expected a row index in 1..3, got '-1'");
    expect(parseFailure(`${head}${"9".repeat(30)} 2\n`)).toBe(
      `<input>:4:1: expected a row index in 1..3, got '${"9".repeat(24)}...'`,
    );
  });

  it("reports non-integer tokens in entries", () => {
    const pattern = `${MM} pattern general\n2 2 1\n`;
    expect(parseFailure(`${pattern}1.0 1\n`)).toBe("<input>:3:1: expected an integer row index, got '1.0'");
    expect(parseFailure(`${pattern}1 b\n`)).toBe("<input>:3:3: expected an integer column index, got 'b'");
    expect(parseFailure(`${pattern}1\n`)).toBe("<input>:3:2: expected a column index, got end of line");
    expect(parseFailure(`${pattern}1 1 1\n`)).toBe(
      "<input>:3:5: expected end of line (a 'pattern' entry is 'row column'), got '1'",
    );
    const integer = `${MM} integer general\n2 2 1\n`;
    expect(parseFailure(`${integer}1 1 0.5\n`)).toBe("<input>:3:5: expected an integer value, got '0.5'");
    expect(parseFailure(`${integer}1 1 1e3\n`)).toBe("<input>:3:5: expected an integer value, got '1e3'");
    expect(parseFailure(`${integer}1 1\n`)).toBe("<input>:3:4: expected an integer value, got end of line");
    expect(parseFailure(`${integer}1 1 1 1\n`)).toBe(
      "<input>:3:7: expected end of line (an 'integer' entry is 'row column value'), got '1'",
    );
  });

  it("reports fewer entries than announced at the end of the file", () => {
    expect(parseFailure(`${MM} pattern general\n2 2 3\n1 1\n2 2\n`, { source: "m.mtx" })).toBe(
      "m.mtx:5:1: expected 3 entries (as the size line says), got 2",
    );
    expect(parseFailure(`${MM} pattern general\n2 2 1`)).toBe(
      "<input>:2:6: expected 1 entry (as the size line says), got 0",
    );
  });

  it("reports more entries than announced at the first extra one", () => {
    expect(parseFailure(`${MM} pattern general\n2 2 1\n1 1\n% fine\n  2 2\n`)).toBe(
      "<input>:5:3: expected 1 entry (as the size line says), got more: '2'",
    );
  });

  it("rejects an entry above the diagonal of a symmetric file", () => {
    expect(parseFailure(`${MM} pattern symmetric\n2 2 1\n1 2\n`)).toBe(
      "<input>:3:1: expected an entry on or below the diagonal (row >= column) in a symmetric file, got row 1, column 2",
    );
  });
});

describe("parseMatrix: size guard and options", () => {
  it("throws a RangeError naming the size and the limit before allocating", () => {
    const huge = `${MM} pattern general\n1000000 1000000 0\n`;
    const error = failure(huge, { source: "big.mtx" });
    expect(error).toBeInstanceOf(RangeError);
    expect((error as Error).message).toBe(
      "big.mtx:2:1: a 1000000 x 1000000 matrix expected at most 2,147,483,648 entries, got 1,000,000,000,000 entries",
    );
    const dense = failure("0110\n0110\n", { maxEntries: 7 });
    expect(dense).toBeInstanceOf(RangeError);
    expect((dense as Error).message).toBe("<input>: a 2 x 4 matrix expected at most 7 entries, got 8 entries");
    expect(parseMatrix("0110\n0110\n", { maxEntries: 8 }).rows).toBe(2);
  });

  it("validates the modulus", () => {
    expect(() => parseMatrix("0", { modulus: 1 })).toThrow(
      new RangeError(`"modulus" expected an integer in 2..2147483647, got 1`),
    );
    expect(() => parseMatrix("0", { modulus: 2 ** 31 })).toThrow(RangeError);
    expect(() => parseMatrix("0", { modulus: 2.5 })).toThrow(
      new TypeError(`"modulus" expected an integer in 2..2147483647, got 2.5`),
    );
    expect(() => parseMatrix("0", { modulus: "3" as unknown as number })).toThrow(
      new TypeError(`"modulus" expected an integer in 2..2147483647, got "3"`),
    );
    expect(() => parseMatrix("0", { modulus: Number.NaN })).toThrow(TypeError);
  });

  it("validates maxEntries, source and text", () => {
    expect(() => parseMatrix("0", { maxEntries: 0 })).toThrow(
      new RangeError(`"maxEntries" expected a positive integer, got 0`),
    );
    expect(() => parseMatrix("0", { maxEntries: 1.5 })).toThrow(TypeError);
    expect(() => parseMatrix("0", { source: 1 as unknown as string })).toThrow(
      new TypeError(`"source" expected a string, got 1`),
    );
    expect(() => parseMatrix(undefined as unknown as string)).toThrow(
      new TypeError(`"text" expected a string, got undefined`),
    );
  });
});
