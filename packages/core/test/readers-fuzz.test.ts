// Every reader of text, fed bytes a file can hold: bytes that are not UTF-8,
// control characters, stray blanks and line breaks. Two properties:
//
// * One junk byte put anywhere into a valid input: inside a comment the
//   answer is the answer without it; anywhere else it is a ParseError at the
//   junk's own line and column (at the start of its token, where the format
//   reads tokens), never an answer, never another error.
// * Random bytes: the readers agree with a plain reference reader written
//   here from the format's description (same matrix or board, or an error on
//   the same line), and every error names a line and column inside the input.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type BitMatrix,
  ParseError,
  parseBoard,
  parseMatrix,
  poj1222,
  poj3279,
  readBitMatrix,
  readBoard,
} from "../src/index.js";
import { decodeText } from "../src/internal/text.js";

const encode = (text: string) => new TextEncoder().encode(text);

/** Bytes that never belong to a cell, a number or a header: not UTF-8, or control characters. */
const JUNK = [0x80, 0x9b, 0xbf, 0xc0, 0xc1, 0xe2, 0xf5, 0xff, 0x00, 0x01, 0x07, 0x1b, 0x7f];

/** What a reader answers: a comparable value, or the error's place. */
type Outcome = { ok: unknown } | { line: number; column: number; message: string };

async function outcome(read: () => unknown): Promise<Outcome> {
  try {
    return { ok: await read() };
  } catch (error) {
    if (!(error instanceof ParseError)) throw new Error(`not a ParseError: ${String(error)}`, { cause: error });
    return { line: error.line, column: error.column, message: error.message };
  }
}

const matrixRows = (m: BitMatrix) => {
  const rows = m.toRows().map((row) => Array.from(row).join(""));
  m.dispose();
  return rows;
};

/** A reader of bytes and how it places errors: at the byte, or at the start of the token holding it. */
interface Reader {
  name: string;
  read(bytes: Uint8Array): unknown;
  /** Where an error about the byte at `at` is reported. */
  place: "byte" | "token";
  /** Comment lines start with this (after blanks), and their text is ignored. */
  comment?: string;
  /** Bytes of a magic number or banner: junk there makes the input another format, failing on line 1. */
  head?: number;
}

/** The bytes in chunks of `size`, as a stream hands them out. */
function* chunked(bytes: Uint8Array, size: number): Generator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.slice(at, at + size);
  if (bytes.length === 0) yield bytes;
}

const board = (text: Uint8Array, states = 2) => {
  const { board, lights } = parseBoard(text, { states });
  return { board, lights: Array.from(lights) };
};

const READERS: { reader: Reader; inputs: string[] }[] = [
  {
    reader: { name: "parseBoard (text)", read: (b) => board(b), place: "byte", comment: "#" },
    inputs: ["# a board\n101\n0.1\n", "10\n\n  01  \n# é comment\n", "1\n"],
  },
  {
    reader: {
      name: "readBoard (text, 3-byte chunks)",
      read: async (b) => {
        const { board, lights } = await readBoard(chunked(b, 3), { states: 3 });
        return { board, lights: Array.from(lights) };
      },
      place: "byte",
      comment: "#",
    },
    inputs: ["# three states\n210\n0.2\n", "12 \n 01\n"],
  },
  {
    reader: { name: "parseBoard (numbers)", read: (b) => board(b, 40), place: "token", comment: "#" },
    inputs: ["# numbers\n12 39 0\n. 7 13\n"],
  },
  {
    reader: {
      name: "readBitMatrix (dense)",
      read: async (b) => matrixRows((await readBitMatrix(chunked(b, 5))).matrix),
      place: "byte",
      comment: "#",
    },
    inputs: ["# rows\n0110\n1 0 0 1\n\n1111\n"],
  },
  {
    reader: {
      name: "parseMatrix (mod 3)",
      read: (b) => parseMatrix(decodeText(b), { modulus: 3 }),
      place: "byte",
      comment: "#",
    },
    inputs: ["# rows\n012\n2 1 0\n"],
  },
  {
    reader: {
      name: "parseMatrix (mod 13)",
      read: (b) => parseMatrix(decodeText(b), { modulus: 13 }),
      place: "token",
      comment: "#",
    },
    inputs: ["# rows\n12 0 3\n1 11 7\n"],
  },
  {
    reader: {
      name: "readBitMatrix (MatrixMarket)",
      read: async (b) => matrixRows((await readBitMatrix(chunked(b, 7))).matrix),
      place: "token",
      comment: "%",
      head: "%%MatrixMarket matrix coordinate pattern general".length,
    },
    inputs: ["%%MatrixMarket matrix coordinate pattern general\n% é\n3 3 2\n1 2\n3 1\n"],
  },
  {
    reader: {
      name: "readBitMatrix (P1)",
      read: async (b) => matrixRows((await readBitMatrix(chunked(b, 4))).matrix),
      place: "byte",
      head: 2,
    },
    inputs: ["P1\n3 2\n1 0 1\n011\n"],
  },
  {
    reader: { name: "poj1222", read: (b) => poj1222(decodeText(b)), place: "token" },
    inputs: [`1\n${"0 1 1 0 1 0\n".repeat(5)}`],
  },
  {
    reader: { name: "poj3279", read: (b) => poj3279(decodeText(b)), place: "token" },
    inputs: ["2 2\n1 0\n0 1\n"],
  },
];

/** Line and column (1-based, a character per column) of byte `at` of an input that is UTF-8 before `at`. */
function placeOf(bytes: Uint8Array, at: number): { line: number; column: number; lineStart: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < at; i++) {
    if (bytes[i] === 0x0a) {
      line++;
      lineStart = i + 1;
    }
  }
  const column = Array.from(new TextDecoder().decode(bytes.subarray(lineStart, at))).length + 1;
  return { line, column, lineStart };
}

/** True when byte `at` lies in the text of a comment line (after its marker). */
function inComment(bytes: Uint8Array, at: number, marker: string | undefined): boolean {
  if (marker === undefined) return false;
  const { lineStart } = placeOf(bytes, at);
  let s = lineStart;
  while (bytes[s] === 0x20 || bytes[s] === 0x09) s++;
  // a MatrixMarket file's first line is its banner, not a comment
  if (marker === "%" && lineStart === 0) return false;
  return bytes[s] === marker.charCodeAt(0) && at > s && bytes.indexOf(0x0a, s) >= at;
}

/** Start of the token holding byte `at` once `at` is in (tokens end at blanks and line breaks). */
function tokenStart(bytes: Uint8Array, at: number): number {
  let s = at;
  while (s > 0 && ![0x20, 0x09, 0x0a, 0x0d].includes(bytes[s - 1]!)) s--;
  return s;
}

describe("readers: one junk byte in a valid input", () => {
  for (const { reader, inputs } of READERS) {
    it(`${reader.name}: ignored in a comment, else an error at its place`, async () => {
      for (const input of inputs) {
        const base = encode(input);
        const clean = await outcome(() => reader.read(base));
        expect(clean, `${reader.name} reads ${JSON.stringify(input)}`).toHaveProperty("ok");
        for (let at = 0; at <= base.length; at++) {
          for (const junk of JUNK) {
            const bytes = new Uint8Array(base.length + 1);
            bytes.set(base.subarray(0, at));
            bytes[at] = junk;
            bytes.set(base.subarray(at), at + 1);
            const got = await outcome(() => reader.read(bytes));
            const where = `${reader.name}: byte 0x${junk.toString(16)} at ${at} of ${JSON.stringify(input)}`;
            if (inComment(bytes, at, reader.comment)) {
              expect(got, where).toEqual(clean);
              continue;
            }
            const place = placeOf(bytes, reader.place === "token" ? tokenStart(bytes, at) : at);
            expect(got, where).not.toHaveProperty("ok");
            if (at < (reader.head ?? 0)) {
              // in a magic number or banner the input is another format (or none): it fails on line 1
              expect(got, where).toMatchObject({ line: 1 });
              continue;
            }
            expect(got, where).toMatchObject({ line: place.line, column: place.column });
            // the junk is named as the readers name it: a byte, a code point, or inside a quoted token
            const named =
              junk >= 0x80
                ? `byte 0x${junk.toString(16).toUpperCase()}`
                : `U+00${junk.toString(16).toUpperCase().padStart(2, "0")}`;
            expect((got as { message: string }).message, where).toContain(named);
          }
        }
      }
    });
  }
});

// ---------------------------------------------------------------------------
// Random bytes against plain reference readers

/** The alphabet random inputs are drawn from: the formats' own bytes, and junk. */
const ALPHABET = [0x30, 0x30, 0x31, 0x31, 0x32, 0x2e, 0x20, 0x09, 0x0a, 0x0a, 0x0d, 0x23, 0x9b, 0xe2, 0x1b, 0xc3, 0xa9];

/** Lines of a board or dense file as the formats describe them: line breaks LF (a CR before one is dropped). */
function referenceLines(bytes: Uint8Array): { text: string; line: number }[] {
  const text = decodeText(bytes);
  return text.split("\n").map((line, i) => ({ text: line, line: i + 1 }));
}

/**
 * Board text read as its description says: a line is trimmed of blanks
 * (space, tab, CR, VT, FF at its ends), skipped when empty or a `#` comment.
 * With 2 states every other character is a cell 0, 1, `.` (no cell), a blank
 * between cells, or an error. Past 36 states cells are tokens between blanks:
 * `.`, one digit or letter (a = 10 ... z = 35), or a number of at most 10
 * digits, below the number of states. Every row has the first row's cells.
 * Returns the light values and holes per row, or the line of the first error.
 */
function referenceBoard(bytes: Uint8Array, states = 2): { cells: string[][] } | { line: number } {
  const rows: string[][] = [];
  let first = 1;
  const light = (token: string): boolean => {
    if (token === ".") return true;
    if (/^[0-9a-z]$/i.test(token)) return Number.parseInt(token, 36) < states;
    return states > 36 && /^[0-9]{1,10}$/.test(token) && Number(token) < states;
  };
  for (const { text, line } of referenceLines(bytes)) {
    const body = text.replace(/^[ \t\r\v\f]+|[ \t\r\v\f]+$/g, "");
    if (body === "" || body.startsWith("#")) continue;
    const cells = states > 36 ? body.split(/[ \t]+/) : Array.from(body.replace(/[ \t]/g, ""));
    if (!cells.every(light)) return { line };
    if (rows.length === 0) first = line;
    else if (cells.length !== rows[0]!.length) return { line };
    rows.push(cells.map((c) => (c === "." ? "." : String(Number.parseInt(c, c.length === 1 ? 36 : 10)))));
  }
  if (rows.length === 0) return { line: 1 };
  if (rows.flat().every((c) => c === ".")) return { line: first }; // only holes: no cell
  return { cells: rows };
}

/** Dense 0/1 text: lines trimmed of blanks (and a final CR), `#` comments, 0/1 entries with blanks between. */
function referenceDense(bytes: Uint8Array): { rows: string[] } | { line: number } {
  const rows: string[] = [];
  const lines = referenceLines(bytes);
  for (const { text, line } of lines) {
    const body = text.replace(/\r$/, "").replace(/^[ \t]+|[ \t]+$/g, "");
    if (body === "" || body.startsWith("#")) continue;
    const cells = body.replace(/[ \t]/g, "");
    if (!/^[01]*$/.test(cells)) return { line };
    if (rows.length > 0 && cells.length !== rows[0]!.length) return { line };
    rows.push(cells);
  }
  if (rows.length === 0) return { line: lines.length };
  return { rows };
}

/** Checks that an error's place lies inside the input: a line that exists, a column at most one past its end. */
function inside(bytes: Uint8Array, got: { line: number; column: number }): boolean {
  const lines = decodeText(bytes).split("\n");
  const text = lines[got.line - 1];
  return text !== undefined && got.column >= 1 && got.column <= Array.from(text).length + 1;
}

const randomBytes = fc.array(fc.constantFrom(...ALPHABET), { maxLength: 40 }).map((b) => Uint8Array.from(b));
describe("readers: random bytes against plain reference readers", () => {
  /** Random bytes of `alphabet` read as a board of `states`, whole and in chunks, against the reference. */
  const boardsAgree = (alphabet: number[], states: number, seed: number) =>
    fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...alphabet), { maxLength: 40 }).map((b) => Uint8Array.from(b)),
        fc.integer({ min: 1, max: 8 }),
        async (bytes, size) => {
          const expected = referenceBoard(bytes, states);
          for (const got of [
            await outcome(() => board(bytes, states)),
            await outcome(async () => {
              const { board, lights } = await readBoard(chunked(bytes, size), { states });
              return { board, lights: Array.from(lights) };
            }),
          ]) {
            if ("cells" in expected) {
              expect(got).toHaveProperty("ok");
              const { board: b, lights } = (got as { ok: { board: { rows: number; cols: number }; lights: number[] } })
                .ok;
              expect([b.rows, b.cols]).toEqual([expected.cells.length, expected.cells[0]!.length]);
              expect(lights.map(String)).toEqual(expected.cells.flat().filter((c) => c !== "."));
            } else {
              expect(got).toMatchObject({ line: expected.line });
              expect(inside(bytes, got as { line: number; column: number })).toBe(true);
            }
          }
        },
      ),
      { seed, numRuns: 1500 },
    );

  it("parseBoard and readBoard read 2-state boards as the reference does", async () => {
    await boardsAgree(ALPHABET, 2, 22);
  });

  it("and boards of numbers between blanks (300 states)", async () => {
    const numbers = [
      0x30, 0x31, 0x32, 0x39, 0x39, 0x61, 0x5a, 0x2e, 0x21, 0x2d, 0x20, 0x20, 0x09, 0x0a, 0x23, 0x9b, 0xff,
    ];
    await boardsAgree(numbers, 300, 24);
  });

  it("readBitMatrix and parseMatrix read dense 0/1 text as the reference does", async () => {
    await fc.assert(
      fc.asyncProperty(randomBytes, fc.integer({ min: 1, max: 8 }), async (raw, size) => {
        // a leading P or % would make another format: dense text starts otherwise
        const bytes = raw[0] === 0x50 || raw[0] === 0x25 ? raw.subarray(1) : raw;
        const expected = referenceDense(bytes);
        const outcomes = [
          await outcome(async () => matrixRows((await readBitMatrix(chunked(bytes, size))).matrix)),
          await outcome(() => {
            const { rows, cols, values } = parseMatrix(decodeText(bytes));
            return Array.from({ length: rows }, (_, r) =>
              Array.from(values.subarray(r * cols, (r + 1) * cols)).join(""),
            );
          }),
        ];
        for (const got of outcomes) {
          if ("rows" in expected) expect(got).toEqual({ ok: expected.rows });
          else {
            expect(got).toMatchObject({ line: expected.line });
            expect(inside(bytes, got as { line: number; column: number })).toBe(true);
          }
        }
      }),
      { seed: 23, numRuns: 1500 },
    );
  });
});
