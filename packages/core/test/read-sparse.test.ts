// The streamed sparse reader: MatrixMarket coordinate files and edge lists,
// chunked anywhere, against the dense MatrixMarket reader; every error
// located at its line and column, naming what was expected and what came.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ParseError,
  parseMatrix,
  readBitMatrix,
  readSparseMatrix,
  type ReadSparseMatrixOptions,
  sparseToBitMatrix,
} from "../src/index.js";

const encode = (text: string): Uint8Array => new TextEncoder().encode(text);

/** The bytes of `text` in chunks of `size` (1: byte by byte). */
function chunks(text: string, size: number): Uint8Array[] {
  const bytes = encode(text);
  const out: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += size) out.push(bytes.subarray(i, i + size));
  return out;
}

async function read(text: string, options: ReadSparseMatrixOptions = {}, size = 1 << 16) {
  return readSparseMatrix(chunks(text, size), { source: "m.mtx", ...options });
}

async function failure(text: string, options: ReadSparseMatrixOptions = {}): Promise<ParseError> {
  try {
    await read(text, options, 3);
  } catch (error) {
    expect(error).toBeInstanceOf(ParseError);
    return error as ParseError;
  }
  throw new Error("expected a ParseError");
}

const HEADER = "%%MatrixMarket matrix coordinate pattern general\n";

describe("MatrixMarket, streamed", () => {
  it("equals the dense reader on random files, chunked anywhere", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 70 }),
        fc.integer({ min: 1, max: 70 }),
        fc.array(fc.tuple(fc.nat(), fc.nat(), fc.integer({ min: -5, max: 5 })), { maxLength: 200 }),
        fc.boolean(),
        fc.integer({ min: 1, max: 40 }),
        async (rows, cols, raw, integer, size) => {
          const entries = raw.map(([r, c, v]) => `${(r % rows) + 1} ${(c % cols) + 1}${integer ? ` ${v}` : ""}`);
          const field = integer ? "integer" : "pattern";
          const text = `%%MatrixMarket matrix coordinate ${field} general\n% a comment\n${rows} ${cols} ${entries.length}\n${entries.join("\r\n")}\n`;
          const { matrix, format } = await read(text, {}, size);
          expect(format).toBe("matrix-market");
          const dense = parseMatrix(text, { source: "m.mtx" });
          using d = sparseToBitMatrix(matrix);
          expect(Array.from(d.toRows().flatMap((row) => Array.from(row)))).toEqual(Array.from(dense.values));
        },
      ),
      { seed: 20261201, numRuns: 60 },
    );
  });

  it("duplicates add mod 2; symmetric files are mirrored; even integers are zeros", async () => {
    const dup = await read(`${HEADER}2 2 3\n1 2\n1 2\n2 1\n`);
    expect([...dup.matrix.rowStart]).toEqual([0, 0, 1]);
    const sym = await read("%%MatrixMarket matrix coordinate integer symmetric\n3 3 3\n2 1 3\n3 3 1\n3 2 -4\n");
    expect([...sym.matrix.colIndex]).toEqual([1, 0, 2]);
  });

  it("takes huge sides with few nonzeros: limits are on nonzeros, not rows x cols", async () => {
    const { matrix } = await read(`${HEADER}1000000 3000000 1\n999999 2999999\n`);
    expect(matrix.rows).toBe(1000000);
    expect(matrix.cols).toBe(3000000);
    expect([...matrix.colIndex]).toEqual([2999998]);
  });

  it("a byte-order mark and a missing final newline are fine", async () => {
    const { matrix } = await read(`\uFEFF${HEADER}1 1 1\n1 1`);
    expect([...matrix.colIndex]).toEqual([0]);
  });

  const errors: [string, string, number, number, RegExp][] = [
    ["an index out of range", `${HEADER}2 3 1\n1 4\n`, 3, 3, /expected a column index in 1\.\.3, got '4'/],
    ["row 0", `${HEADER}2 3 1\n0 1\n`, 3, 1, /expected a row index in 1\.\.2, got '0'/],
    ["a malformed coordinate", `${HEADER}2 3 1\n1 x\n`, 3, 3, /expected a column index \(an integer\), got 'x'/],
    ["a missing column", `${HEADER}2 3 1\n  1\n`, 3, 4, /expected a column index, got end of line/],
    [
      "an extra token",
      `${HEADER}2 3 1\n1 1 1\n`,
      3,
      5,
      /expected end of line \(a 'pattern' entry is 'row column'\), got '1'/,
    ],
    [
      "more entries than promised",
      `${HEADER}2 3 1\n1 1\n2 2\n`,
      4,
      1,
      /expected 1 entries \(as the size line says\), got more: '2'/,
    ],
    [
      "fewer entries than promised",
      `${HEADER}2 3 3\n1 1\n2 2\n`,
      5,
      1,
      /expected 3 entries \(as the size line says\), got 2: the file ends early/,
    ],
    [
      "rows past 32 bits",
      `${HEADER}4294967296 3 1\n`,
      2,
      1,
      /the number of rows \(an integer in 1\.\.4294967295\); indices are 32-bit, got '4294967296'/,
    ],
    [
      "an array file",
      "%%MatrixMarket matrix array pattern general\n",
      1,
      23,
      /expected format 'coordinate'.*got 'array'/,
    ],
    [
      "a real field",
      "%%MatrixMarket matrix coordinate real general\n",
      1,
      34,
      /expected field 'pattern' or 'integer'.*got 'real'/,
    ],
    [
      "above the diagonal",
      "%%MatrixMarket matrix coordinate pattern symmetric\n3 3 1\n1 2\n",
      3,
      1,
      /on or below the diagonal/,
    ],
    [
      "no size line",
      `${HEADER}% only a comment\n`,
      3,
      1,
      /expected the size line 'rows cols entries', got end of file/,
    ],
    [
      "an integer value that is not one",
      "%%MatrixMarket matrix coordinate integer general\n1 1 1\n1 1 1.5\n",
      3,
      5,
      /expected an integer value, got '1\.5'/,
    ],
  ];
  for (const [what, text, line, column, message] of errors) {
    it(`refuses ${what} at line ${line}, column ${column}`, async () => {
      const error = await failure(text);
      expect([error.line, error.column]).toEqual([line, column]);
      expect(error.message).toMatch(message);
      expect(error.message.startsWith(`m.mtx:${line}:${column}: `)).toBe(true);
    });
  }

  it("refuses a header promising more nonzeros than the limit, before reading them", async () => {
    const error = await failure(`${HEADER}10 10 1000\n`, { maxNonzeros: 999 });
    expect(error.message).toMatch(/m\.mtx:2:7: a sparse matrix expected at most 999 nonzeros.*got 1,000 nonzeros/);
    const memory = await failure(`${HEADER}10 10 100000000000\n`);
    expect(memory.message).toMatch(/m\.mtx:2:7: .*(nonzeros|needs)/);
  });

  it("refuses a line of more than 1 MiB held across chunks (no line breaks), at its line", async () => {
    const long = `${HEADER}1 1 1\n%${"x".repeat(2 ** 20 + 10_000)}\n1 1\n`;
    const error = await read(long, {}, 4096).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ParseError);
    expect((error as ParseError).message).toMatch(/^m\.mtx:3:1: expected a line of at most 1048576 bytes/);
  });

  it("stops on an aborted signal", async () => {
    const reason = new Error("stop");
    await expect(read(`${HEADER}1 1 1\n1 1\n`, { signal: AbortSignal.abort(reason) })).rejects.toBe(reason);
  });
});

describe("readBitMatrix reads MatrixMarket through the sparse reader", () => {
  it("streamed, then made dense: bounded by memory, not by 2^31 entries", async () => {
    const { matrix, format } = await readBitMatrix(chunks(`${HEADER}3 4 2\n1 4\n3 1\n`, 5), { source: "m.mtx" });
    expect(format).toBe("matrix-market");
    expect(matrix.toString()).toBe("0001\n0000\n1000");
    matrix.dispose();
    // 4 x 10^10 entries: refused for its bits (memory), after its ones were read
    await expect(readBitMatrix(chunks(`${HEADER}200000 200000 0\n`, 7), { source: "m.mtx" })).rejects.toThrow(
      /needs 4\.66 GiB, but at most/,
    );
  });
});

describe("edge lists", () => {
  it("incidence (vertices x edges) and adjacency; comments; loops", async () => {
    const text = "# a triangle and a loop\n0 1\n1 2\n% another comment\n2 0\n3 3\n";
    const inc = await read(text);
    expect(inc.format).toBe("edge-list");
    expect([inc.matrix.rows, inc.matrix.cols]).toEqual([4, 4]);
    expect([...inc.matrix.rowStart]).toEqual([0, 2, 4, 6, 6]);
    const adj = await read(text, { graph: "adjacency" });
    expect([adj.matrix.rows, adj.matrix.cols]).toEqual([4, 4]);
    expect([...adj.matrix.colIndex]).toEqual([1, 2, 0, 2, 0, 1, 3]);
  });

  it("1-based vertices and a given vertex count, checked per line", async () => {
    const one = await read("1 2\n2 3\n", { base: 1, vertices: 5 });
    expect([one.matrix.rows, one.matrix.cols]).toEqual([5, 2]);
    const error = await failure("1 2\n2 6\n", { base: 1, vertices: 5 });
    expect([error.line, error.column]).toEqual([2, 3]);
    expect(error.message).toMatch(/expected a vertex of the graph in 1\.\.5, got '6'/);
    const bad = await failure("0 1\n1 -2\n");
    expect(bad.message).toMatch(/m\.mtx:2:3: expected a vertex \(an integer\), got '-2'/);
  });
});
