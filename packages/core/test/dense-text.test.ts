// The one reader of dense matrix text (io/_dense-text.ts), behind both
// parseMatrix (a string, any modulus) and readBitMatrix (a stream, GF(2)):
// where the chunks end never changes what it reads or where it reports an
// error, in every mode (packed bits, digits, numbers between blanks).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DenseReader } from "../src/io/_dense-text.js";
import { ParseError, parseMatrix, readBitMatrix } from "../src/index.js";
import { decodeText } from "../src/internal/text.js";

const encode = (text: string) => new TextEncoder().encode(text);

/** What the reader answers for `bytes` pushed in chunks of `size` (0: one chunk): entries, or the error's place. */
function read(bytes: Uint8Array, modulus: number, size: number): unknown {
  const reader = new DenseReader({ source: "t", modulus, maxEntries: 2 ** 31, maxBytes: 2 ** 30, limit: "row" });
  try {
    if (size === 0) reader.push(bytes);
    else for (let at = 0; at < bytes.length; at += size) reader.push(bytes.slice(at, at + size));
    const rows = reader.end();
    if (rows.kind === "values") return { rows: rows.rows, cols: rows.cols, values: Array.from(rows.values) };
    const { stride, words } = rows;
    const bits = Array.from({ length: rows.rows * rows.cols }, (_, k) => {
      const r = Math.floor(k / rows.cols);
      const c = k % rows.cols;
      return (words[r * stride + (c >>> 5)]! >>> (c & 31)) & 1;
    });
    return { rows: rows.rows, cols: rows.cols, values: bits };
  } catch (error) {
    if (!(error instanceof ParseError)) throw error;
    return { message: error.message, offset: error.offset };
  }
}

describe("the dense text reader", () => {
  const cases = [
    { modulus: 2, alphabet: "0011 \t\n\n\r#x2é" },
    { modulus: 3, alphabet: "012 3\t\n\r#x" },
    { modulus: 10, alphabet: "0189 \n\r#a" },
    { modulus: 13, alphabet: "0112 \t\n\r#x-é" },
    { modulus: 300, alphabet: "01239 \n\r#x" },
  ];
  for (const { modulus, alphabet } of cases) {
    it(`modulus ${modulus}: chunks of any size read as one chunk does`, () => {
      const chars = Array.from(alphabet);
      fc.assert(
        fc.property(
          fc.array(fc.constantFrom(...chars), { maxLength: 40 }),
          fc.integer({ min: 1, max: 9 }),
          (picked, size) => {
            const bytes = encode(picked.join(""));
            expect(read(bytes, modulus, size)).toEqual(read(bytes, modulus, 0));
          },
        ),
        { seed: modulus, numRuns: 800 },
      );
    });
  }

  it("reads numbers, CRLF and comments across chunk boundaries", () => {
    const text = "# c\r\n 12 0\t7\r\n\r\n300 299 1\r\n";
    for (let size = 1; size <= text.length; size++) {
      expect(read(encode(text), 301, size)).toEqual({ rows: 2, cols: 3, values: [12, 0, 7, 300, 299, 1] });
    }
    // a CR that is not before an LF belongs to the number, which is then no number
    for (const size of [0, 1, 2, 3]) {
      expect(read(encode("1 2\r 3\n"), 301, size)).toEqual({
        message: "t:1:3: expected an integer 0..300, got '2<U+000D>'",
        offset: 2,
      });
    }
  });
});

describe("the column of an input without rows, counted as text is: a column per character or per bad byte", () => {
  // readBitMatrix counted the bytes of the last line that are not UTF-8 continuation bytes:
  // a stray 0x9B (or a cut character) after a comment put the error a column or two early.
  const inputs: number[][] = [
    [0x23, 0x20, 0x9b], // # and a stray continuation byte
    [0x23, 0xc3, 0xa9, 0x9b, 0x9b], // é then two stray bytes
    [0x23, 0xe2, 0x82], // a character cut by the end of the input
    [0x0a, 0x23, 0x30, 0x9b, 0x78, 0x20, 0x9b, 0xef, 0xbb, 0xbf, 0xc3, 0xa9], // a BOM in the middle of a comment
  ];
  for (const input of inputs) {
    it(`${input.map((b) => b.toString(16)).join(" ")}: as parseMatrix of the decoded text says, in any chunks`, async () => {
      const bytes = Uint8Array.from(input);
      let expected = "";
      try {
        parseMatrix(decodeText(bytes));
      } catch (error) {
        expected = (error as Error).message;
      }
      expect(expected).toMatch(/^<input>:\d+:\d+: expected at least one row of 0\/1, got only blank lines/);
      for (let size = 1; size <= bytes.length; size++) {
        const chunks = Array.from({ length: Math.ceil(bytes.length / size) }, (_, k) =>
          bytes.slice(k * size, (k + 1) * size),
        );
        await expect(readBitMatrix(chunks)).rejects.toThrow(expected);
      }
    });
  }

  it("# then é and 0x9B: three characters, so column 4 (it said 3)", async () => {
    await expect(readBitMatrix([Uint8Array.of(0x23, 0xc3, 0xa9, 0x9b)])).rejects.toThrow(
      "<input>:1:4: expected at least one row of 0/1, got only blank lines and # comments",
    );
  });
});

describe("parseMatrix through the byte reader", () => {
  it("names the string's own characters: a lone surrogate is U+D800, not the U+FFFD of its encoding", () => {
    expect(() => parseMatrix("1\ud800\n")).toThrow("<input>:1:2: expected a digit 0 or 1, got U+D800");
    expect(() => parseMatrix("1 2\ud800 3\n", { modulus: 13 })).toThrow(
      "<input>:1:3: expected an integer 0..12, got '2<U+D800>'",
    );
    // and a byte that was not UTF-8, kept by decodeText, by its value
    expect(() => parseMatrix(decodeText(Uint8Array.of(0x31, 0x9b)))).toThrow(
      "<input>:1:2: expected a digit 0 or 1, got byte 0x9B",
    );
  });

  it("reports a syntax error anywhere before the size limit, as it always did", () => {
    expect(() => parseMatrix("0110\n0110\n01x0\n", { maxEntries: 4 })).toThrow(
      new ParseError("<input>", 3, 3, "expected a digit 0 or 1, got 'x'"),
    );
    expect(() => parseMatrix("0110\n0110\n0110\n", { maxEntries: 4 })).toThrow(
      new RangeError("<input>: a 3 x 4 matrix expected at most 4 entries, got 12 entries"),
    );
    const error = (() => {
      try {
        parseMatrix("01\n0x\n");
      } catch (e) {
        return e as ParseError;
      }
    })();
    // errors found in a string carry no byte offset
    expect(error?.offset).toBeUndefined();
  });
});
