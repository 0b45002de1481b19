import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BitMatrix } from "../src/gf2/bitmatrix.js";
import { getMemoryLimit, setMemoryLimit } from "../src/internal/memory.js";
import { ParseError, parseMatrix } from "../src/io/matrix-text.js";
import { formatPbm } from "../src/io/pbm.js";
import { largestBitMatrixSide, readBitMatrix } from "../src/io/read-matrix.js";

const encode = (text: string) => new TextEncoder().encode(text);

/** `bytes` cut at the given offsets (sorted, deduplicated), so that the reader sees those chunk boundaries. */
function split(bytes: Uint8Array, cuts: number[]): Uint8Array[] {
  const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  const chunks: Uint8Array[] = [];
  let from = 0;
  for (const p of points) {
    chunks.push(bytes.subarray(from, p));
    from = p;
  }
  chunks.push(bytes.subarray(from));
  return chunks;
}

/** The entries of `m` as strings of 0/1, read with get() (no packed words). */
function rowsOf(m: BitMatrix): string[] {
  const rows: string[] = [];
  for (let i = 0; i < m.rows; i++) {
    let row = "";
    for (let j = 0; j < m.cols; j++) row += m.get(i, j);
    rows.push(row);
  }
  return rows;
}

async function failure(chunks: Uint8Array[], options?: Parameters<typeof readBitMatrix>[1]): Promise<Error> {
  try {
    const { matrix } = await readBitMatrix(chunks, options);
    matrix.dispose();
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected readBitMatrix to throw");
}

/** Deterministic 0/1 rows from a seed (an LCG: independent of the code under test). */
function randomRows(rows: number, cols: number, seed: number): string[] {
  let s = seed >>> 0 || 1;
  const out: string[] = [];
  for (let i = 0; i < rows; i++) {
    let row = "";
    for (let j = 0; j < cols; j++) {
      s = (Math.imul(s, 1103515245) + 12345) >>> 0;
      row += s >>> 31;
    }
    out.push(row);
  }
  return out;
}

describe("readBitMatrix: dense text read as bytes", () => {
  it("reads rows of 0/1 whatever the chunk boundaries, across word and lane boundaries", async () => {
    for (const cols of [1, 7, 8, 9, 31, 32, 33, 64, 127, 128, 129, 200]) {
      const rows = randomRows(5, cols, cols);
      const bytes = encode(`${rows.join("\n")}\n`);
      for (const cuts of [[], [1], [3, 9, 10], Array.from({ length: bytes.length }, (_, k) => k)]) {
        const { matrix, format } = await readBitMatrix(split(bytes, cuts));
        expect(format).toBe("dense");
        expect(rowsOf(matrix)).toEqual(rows);
        matrix.dispose();
      }
    }
  });

  it("agrees with parseMatrix on arbitrary text: the same matrix, or the same error at the same place", async () => {
    // Runs of digits and of "digit space" reach the readers' eight-bytes-at-once paths.
    const alphabet = fc.constantFrom(
      "0",
      "1",
      "0101",
      "1100",
      "01101001",
      "0 ",
      "1 ",
      "0 1 1 0 ",
      "\x00",
      " ",
      "\t",
      "\n",
      "\n",
      "\r",
      "\r\n",
      "#",
      "x",
      "é",
      "😀",
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(alphabet, { maxLength: 80 }),
        fc.array(fc.nat(400), { maxLength: 6 }),
        async (parts, cuts) => {
          const text = parts.join("");
          let expected: { rows: string[] } | { message: string };
          try {
            const p = parseMatrix(text, { source: "t" });
            const rows: string[] = [];
            for (let i = 0; i < p.rows; i++)
              rows.push(Array.from(p.values.subarray(i * p.cols, (i + 1) * p.cols)).join(""));
            expected = { rows };
          } catch (error) {
            expected = { message: (error as Error).message };
          }
          let got: { rows: string[] } | { message: string };
          try {
            const { matrix } = await readBitMatrix(split(encode(text), cuts), { source: "t" });
            got = { rows: rowsOf(matrix) };
            matrix.dispose();
          } catch (error) {
            got = { message: (error as Error).message };
          }
          expect(got).toEqual(expected);
        },
      ),
      { seed: 16, numRuns: 4000 },
    );
  });

  it("takes no blank for a 0 where eight bytes are read at once", async () => {
    // Four digits then " 0 1": eight bytes that are not all digits, six entries.
    for (const text of ["0101 0 1\n", "1 1 0101\n", "0101\t0\t1\n", "01010\x0001\n"]) {
      let expected: unknown;
      try {
        expected = Array.from(parseMatrix(text).values).join("");
      } catch (error) {
        expected = (error as Error).message;
      }
      let got: unknown;
      try {
        const { matrix } = await readBitMatrix([encode(text)]);
        got = rowsOf(matrix)[0];
      } catch (error) {
        got = (error as Error).message;
      }
      expect(got).toEqual(expected);
    }
  });

  it("skips a byte order mark and reads CRLF files", async () => {
    const { matrix } = await readBitMatrix([encode("\ufeff10\r\n01\r\n")]);
    expect(rowsOf(matrix)).toEqual(["10", "01"]);
  });

  it("reads MatrixMarket files whole", async () => {
    const text = "%%MatrixMarket matrix coordinate pattern general\n2 3 2\n1 3\n2 1\n";
    const { matrix, format } = await readBitMatrix(split(encode(text), [5, 20]));
    expect(format).toBe("matrix-market");
    expect(rowsOf(matrix)).toEqual(["001", "100"]);
  });

  it("reads an async iterable (a stream) and reports the bytes read", async () => {
    const bytes = encode("110\n011\n");
    async function* stream() {
      yield bytes.subarray(0, 2);
      yield bytes.subarray(2);
    }
    const seen: number[] = [];
    const r = await readBitMatrix(stream(), { onProgress: (b) => seen.push(b) });
    expect(r.bytes).toBe(8);
    expect(seen.at(-1)).toBe(8);
    expect(rowsOf(r.matrix)).toEqual(["110", "011"]);
  });

  it("refuses a matrix over maxEntries with a RangeError, before reading it all", async () => {
    const error = await failure([encode("1111\n1111\n1111\n")], { maxEntries: 8, source: "big.txt" });
    expect(error).toBeInstanceOf(RangeError);
    expect(error.message).toBe(
      "big.txt:3: a matrix of 4 columns (3 rows so far) expected at most 8 entries, got 12 entries",
    );
  });

  it("refuses rows that pass the memory limit while they are read", async () => {
    const limit = getMemoryLimit();
    setMemoryLimit(2 ** 20);
    try {
      // 2^20 bytes hold 2048 rows of 4096 columns; the 2049th row passes the limit.
      const row = encode(`${"1".repeat(4096)}\n`);
      const error = await failure(
        Array.from({ length: 2100 }, () => row),
        { source: "tall.txt" },
      );
      expect(error).toBeInstanceOf(RangeError);
      expect(error.message).toBe(
        "tall.txt:2049: the matrix (2049 rows so far) needs 1.0005 MiB, but at most 1 MiB fit (the memory limit)",
      );
    } finally {
      setMemoryLimit(limit);
    }
  });

  it("checks its arguments", async () => {
    await expect(readBitMatrix(42 as never)).rejects.toThrow(TypeError);
    await expect(readBitMatrix([encode("1")], { maxEntries: 0 })).rejects.toThrow(RangeError);
    await expect(readBitMatrix(["01" as never])).rejects.toThrow(/expected chunks of bytes/);
    await expect(readBitMatrix([encode("1")], { format: "png" as never })).rejects.toThrow(TypeError);
  });
});

/** A P4 file from a header and raster bytes. */
function p4(header: string, raster: number[]): Uint8Array {
  const head = encode(header);
  const out = new Uint8Array(head.length + raster.length);
  out.set(head);
  out.set(raster, head.length);
  return out;
}

describe("PBM", () => {
  it("reads P4: first pixel in the high bit, 1 = black = entry 1, don't-care bits ignored", async () => {
    // 10 columns: two bytes a row; the last 6 bits of each row's second byte are padding, set here to 1.
    const file = p4("P4\n10 2\n", [0b1011_0000, 0b01_111111, 0b0000_0001, 0b10_111111]);
    const { matrix, format } = await readBitMatrix([file]);
    expect(format).toBe("pbm");
    expect(rowsOf(matrix)).toEqual(["1011000001", "0000000110"]);
    // The padding did not reach the matrix: its packed words hold nothing past column 9.
    const words = matrix.packedWords();
    const stride = matrix.strideWords * 2;
    expect(words[0]! >>> 10).toBe(0);
    expect(words[stride]! >>> 10).toBe(0);
  });

  it("reads P1 with comments, any whitespace and digits without separators", async () => {
    const text = "P1\n# a comment\n3\t2\r\n011100\n";
    const { matrix, format } = await readBitMatrix([encode(text)]);
    expect(format).toBe("plain-pbm");
    expect(rowsOf(matrix)).toEqual(["011", "100"]);
  });

  it("treats a header comment as absent: it may split a number", async () => {
    const { matrix } = await readBitMatrix([encode("P1 1#ten?\n0 1\n0000000001\n")]);
    expect(matrix.cols).toBe(10);
    expect(rowsOf(matrix)).toEqual(["0000000001"]);
  });

  it("does not take the line end of a comment as the raster's delimiter", async () => {
    // The byte after the comment is the delimiter; here it is a space, then the raster byte.
    const ok = await readBitMatrix([p4("P4 8 1#c\n ", [0x80])]);
    expect(rowsOf(ok.matrix)).toEqual(["10000000"]);
    // Without it the raster byte (0xff) is read as the delimiter position: an error.
    const error = await failure([p4("P4 8 1#c\n", [0xff])], { source: "c.pbm" });
    expect(error.message).toBe("c.pbm:2:1: expected a digit or whitespace after the height, got byte 0xFF");
  });

  it("refuses anything but whitespace after a P1 raster, as after a P4 raster (one image per file)", async () => {
    const { matrix } = await readBitMatrix([encode("P1 2 1 10 \n\t\r\n")]);
    expect(rowsOf(matrix)).toEqual(["10"]);
    for (const [tail, got, column] of [
      [" anything", "'a'", 11],
      [" 1", "'1'", 11],
      ["\n\u001b", "U+001B", 1],
      [" ~", "byte 0x9B", 11], // the ~ replaced by a byte that is not UTF-8
    ] as const) {
      const bytes = encode(`P1 2 1 10${tail}`);
      if (got.startsWith("byte")) bytes[bytes.length - 1] = 0x9b;
      const error = await failure([bytes], { source: "j.pbm" });
      expect(error).toBeInstanceOf(ParseError);
      const line = tail.startsWith("\n") ? 2 : 1;
      expect(error.message).toBe(
        `j.pbm:${line}:${column}: expected only whitespace after the 2 pixels of the image (one image per file is read), got ${got}`,
      );
    }
  });

  it("writes P4 and P1 byte for byte", () => {
    const m = BitMatrix.fromRows(["101", "011"]);
    expect(Array.from(formatPbm(m))).toEqual(Array.from(p4("P4\n3 2\n", [0b1010_0000, 0b0110_0000])));
    expect(new TextDecoder().decode(formatPbm(BitMatrix.identity(2), { plain: true }))).toBe("P1\n2 2\n10\n01\n");
    expect(new TextDecoder().decode(formatPbm(BitMatrix.identity(1), { plain: true, comment: "one" }))).toBe(
      "P1\n# one\n1 1\n1\n",
    );
  });

  it("writes any matrix's P4 raster as its pixels packed here one by one, whatever the header's length", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 300 }),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.option(fc.string({ maxLength: 7 }).map((c) => c.replace(/[\r\n]/g, ""))),
        fc.constantFrom("wasm" as const, "ts" as const),
        (cols, rows, seed, comment, engine) => {
          const entries = randomRows(rows, cols, seed);
          using m = BitMatrix.fromRows(entries, { engine });
          const bytes = formatPbm(m, comment === null ? {} : { comment });
          const header = encode(`P4\n${comment === null ? "" : `# ${comment}\n`}${cols} ${rows}\n`);
          const rowBytes = Math.ceil(cols / 8);
          const expected = new Uint8Array(header.length + rows * rowBytes);
          expected.set(header);
          entries.forEach((row, i) => {
            for (let j = 0; j < cols; j++) {
              if (row[j] === "1") expected[header.length + i * rowBytes + (j >> 3)]! |= 0x80 >> (j & 7);
            }
          });
          expect(Array.from(bytes)).toEqual(Array.from(expected));
        },
      ),
      { seed: 20261203, numRuns: 200 },
    );
  });

  it("writes P1 lines of at most 70 characters", () => {
    const text = new TextDecoder().decode(formatPbm(BitMatrix.fromRows(randomRows(3, 150, 5)), { plain: true }));
    const lines = text.split("\n").slice(2, -1);
    expect(lines.map((l) => l.length)).toEqual([70, 70, 10, 70, 70, 10, 70, 70, 10]);
  });

  it("round-trips through P4 and P1 for sizes around word and lane boundaries, any chunking", async () => {
    for (const [rows, cols] of [
      [1, 1],
      [3, 7],
      [2, 8],
      [4, 9],
      [5, 31],
      [3, 32],
      [6, 33],
      [2, 127],
      [3, 128],
      [2, 129],
      [9, 300],
    ] as const) {
      const expected = randomRows(rows, cols, rows * 1000 + cols);
      using m = BitMatrix.fromRows(expected);
      for (const plain of [false, true]) {
        const bytes = formatPbm(m, { plain });
        for (const cuts of [[], [1], [2, 3, 4, 5, 6, 7, 8], [bytes.length - 1]]) {
          const { matrix } = await readBitMatrix(split(bytes, cuts));
          expect(rowsOf(matrix)).toEqual(expected);
          matrix.dispose();
        }
      }
    }
  });

  it("reads any P4 raster, cut anywhere, as its bits read here one by one", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 300 }),
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.array(fc.nat(2000), { maxLength: 5 }),
        async (cols, rows, seed, cuts) => {
          const rowBytes = Math.ceil(cols / 8);
          const raster: number[] = [];
          let s = seed >>> 0;
          for (let k = 0; k < rows * rowBytes; k++) {
            s = (Math.imul(s, 1103515245) + 12345) >>> 0;
            raster.push(s >>> 24);
          }
          const expected = Array.from({ length: rows }, (_, i) =>
            Array.from({ length: cols }, (_, j) => (raster[i * rowBytes + (j >> 3)]! >> (7 - (j & 7))) & 1).join(""),
          );
          const { matrix } = await readBitMatrix(split(p4(`P4\n${cols} ${rows}\n`, raster), cuts));
          expect(rowsOf(matrix)).toEqual(expected);
          // Nothing past the last column, whatever the padding bits held.
          const words = matrix.packedWords();
          const stride = matrix.strideWords * 2;
          for (let i = 0; i < rows; i++) {
            for (let w = 0; w < stride; w++) {
              const valid = Math.max(0, Math.min(32, cols - w * 32));
              const mask = valid === 32 ? 0 : ~(2 ** valid - 1) >>> 0;
              expect((words[i * stride + w]! & mask) >>> 0).toBe(0);
            }
          }
          matrix.dispose();
        },
      ),
      { seed: 4, numRuns: 300 },
    );
  });

  it("refuses an empty matrix", () => {
    expect(() => formatPbm(BitMatrix.zeros(0, 3))).toThrow(RangeError);
  });

  describe("bad input: what was expected and what was got, where", () => {
    const cases: [string, Uint8Array, string][] = [
      [
        "another Netpbm format",
        encode("P6\n1 1\n255\n"),
        "f:1:1: expected the magic number P1 or P4 of a PBM file, got 'P6' (P6 is another Netpbm format)",
      ],
      [
        "no whitespace after the magic number",
        encode("P43 2\n"),
        "f:1:3: expected whitespace after the magic number, got '3'",
      ],
      ["width 0", encode("P4\n0 3\n"), "f:2:1: expected a width in 1..1073741824, got 0"],
      ["height 0", encode("P1\n3 0\n"), "f:2:3: expected a height in 1..1073741824, got 0"],
      [
        "a huge width",
        encode("P4 99999999999 1\n"),
        "f:1:4: expected a width in 1..1073741824, got more than 1073741824",
      ],
      ["a letter for the height", encode("P4 3 x\n"), "f:1:6: expected the height (a decimal number), got 'x'"],
      [
        "a header cut short",
        encode("P4 3"),
        "f:1:5: expected whitespace and the height after the width, got the end of the file",
      ],
      [
        "no delimiter",
        encode("P4 3 2"),
        "f:1:7: expected a whitespace character after the height, got the end of the file",
      ],
      [
        "short data",
        p4("P4\n16 3\n", [1, 2, 3, 4, 5]),
        "f: byte 13: expected 3 rows of 2 bytes (6 bytes of raster), got 5 bytes before the end of the file",
      ],
      [
        "data after the raster",
        p4("P4\n8 1\n", [1, 2]),
        "f: byte 8: expected the end of the file after the 1 rows of the image, got more bytes (one image per file is read)",
      ],
      [
        "a P1 raster cut short",
        encode("P1\n2 2\n0 1\n1"),
        "f:4:2: expected 2 x 2 = 4 pixels (0 or 1), got 3 before the end of the file",
      ],
      ["a bad P1 pixel", encode("P1\n2 1\n0 2\n"), "f:3:3: expected a pixel 0 or 1, got '2'"],
      [
        "a P1 extra pixel",
        encode("P1\n2 1\n011\n"),
        "f:3:3: expected only whitespace after the 2 pixels of the image (one image per file is read), got '1'",
      ],
      ["a comment in a P1 raster", encode("P1\n2 1\n0 # c\n1\n"), "f:3:3: expected a pixel 0 or 1, got '#'"],
    ];
    it.each(cases)("%s", async (_name, bytes, message) => {
      for (const cuts of [[], Array.from({ length: bytes.length }, (_, k) => k)]) {
        const error = await failure(split(bytes, cuts), { source: "f" });
        expect(error).toBeInstanceOf(ParseError);
        expect(error.message).toBe(message);
      }
    });

    it("an empty file named *.pbm is reported as a bad magic number, as is text", async () => {
      const empty = await failure([new Uint8Array(0)], { source: "e.pbm", format: "pbm" });
      expect(empty.message).toBe("e.pbm:1:1: expected the magic number P1 or P4, got the end of the file");
      const letter = await failure([encode("Px 1 1\n")], { source: "x.pbm", format: "pbm" });
      expect(letter.message).toBe("x.pbm:1:1: expected the magic number P1 or P4 of a PBM file, got 'P' then 'x'");
      const text = await failure([encode("0101\n")], { source: "t.pbm", format: "pbm" });
      expect(text.message).toBe("t.pbm:1:1: expected the magic number P1 or P4 of a PBM file, got '0'");
    });

    it("an image over maxEntries or the memory limit is refused before anything is allocated", async () => {
      const over = await failure([encode("P4 5000 5000\n")], { source: "m.pbm", maxEntries: 2 ** 24 });
      expect(over).toBeInstanceOf(RangeError);
      expect(over.message).toBe(
        "m.pbm: an image 5000 pixels wide and 5000 high (a 5000 x 5000 matrix) expected at most 16,777,216 entries, got 25,000,000 entries",
      );
      // 200000 x 200000 bits (4.66 GiB) pass the 4 GiB WebAssembly addresses: refused at the header.
      const huge = await failure([encode("P4 200000 200000\n")], { source: "h.pbm", maxEntries: 2 ** 40 });
      expect(huge).toBeInstanceOf(RangeError);
      expect(huge.message).toMatch(
        /^h\.pbm: an image 200000 pixels wide and 200000 high: a 200000 x 200000 GF\(2\) matrix needs 4\.66 GiB, but at most 3\.94 GiB fit \(one block of WebAssembly memory\)$/,
      );
    });
  });

  it("names the largest square matrix the limits allow", () => {
    const n = largestBitMatrixSide();
    // n x n fits in the memory limit less 128 MiB for the elimination (rows of whole 128-bit lanes),
    // (n + 1) x (n + 1) does not
    const room = getMemoryLimit() - 128 * 2 ** 20;
    expect(n * Math.ceil(n / 128) * 16).toBeLessThanOrEqual(room);
    expect((n + 1) * Math.ceil((n + 1) / 128) * 16).toBeGreaterThan(room);
    expect(n).toBe(180942);
    // under a lower limit, a sixteenth of it is kept for the elimination
    const limit = getMemoryLimit();
    try {
      setMemoryLimit(2 ** 30);
      const m = largestBitMatrixSide();
      expect(m * Math.ceil(m / 128) * 16).toBeLessThanOrEqual(2 ** 30 - 2 ** 26);
      expect((m + 1) * Math.ceil((m + 1) / 128) * 16).toBeGreaterThan(2 ** 30 - 2 ** 26);
    } finally {
      setMemoryLimit(limit);
    }
  });
});
