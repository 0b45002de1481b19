// The readers copy what they keep of a chunk: a producer may read every
// chunk into one buffer (the CLI reads files so, to spare the first touch
// of a fresh buffer's pages). A producer here overwrites its buffer with
// junk each time the next chunk is asked for, and once more at the end, so
// a reader holding a view of an earlier chunk sees junk where it had data.

import { describe, expect, it } from "vitest";
import { BitMatrix } from "../src/gf2/bitmatrix.js";
import { readBoard } from "../src/io/board-text.js";
import { formatPbm } from "../src/io/pbm.js";
import { readBitMatrix } from "../src/io/read-matrix.js";
import { readSparseMatrix } from "../src/io/read-sparse.js";

const encode = (text: string) => new TextEncoder().encode(text);

/** `bytes` in chunks of `size`, each a fresh copy. */
function* freshChunks(bytes: Uint8Array, size: number): Generator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.slice(i, i + size);
}

/** `bytes` in chunks of `size`, all read into one buffer, which is filled with `junk` before each read and at the end. */
async function* reusedChunks(bytes: Uint8Array, size: number, junk: number): AsyncGenerator<Uint8Array> {
  const buffer = new Uint8Array(size);
  for (let i = 0; i < bytes.length; i += size) {
    buffer.fill(junk);
    const n = Math.min(size, bytes.length - i);
    buffer.set(bytes.subarray(i, i + n));
    yield buffer.subarray(0, n);
  }
  buffer.fill(junk);
}

/** What a read gives: its value, or the error's class and message. */
async function outcome<T>(read: () => Promise<T>, show: (value: T) => unknown): Promise<unknown> {
  try {
    return show(await read());
  } catch (error) {
    return { error: (error as Error).name, message: (error as Error).message };
  }
}

function showMatrix({ matrix, format, bytes }: { matrix: BitMatrix; format: string; bytes: number }) {
  try {
    return { format, bytes, rows: matrix.toString() };
  } finally {
    matrix.dispose();
  }
}

const pbm = (rows: string[]) => formatPbm(BitMatrix.fromRows(rows.map((r) => [...r].map(Number))));

/** Inputs of every format the byte readers take, good and bad (errors at their first, middle and last bytes). */
const MATRICES: [string, Uint8Array][] = [
  ["P4", pbm(["1011001110", "0110100011", "1111000010"])],
  ["P4 with a comment", encode("P4 # made by hand\n10 2\n\xb3\xc0\x4f\x80")],
  ["P1", encode("P1\n# plain\n5 3\n1 0 1 1 0\n0 1 1 0 1\n1 1 1 1 1\n")],
  ["dense text with a byte order mark", encode("\ufeff0110\n1011\n\n# comment\n1100\n")],
  ["dense text, spaced", encode("0 1 1 0 1\n1 0 1 1 0\n")],
  ["MatrixMarket", encode("%%MatrixMarket matrix coordinate pattern general\n% c\n3 4 3\n1 1\n2 4\n3 2\n")],
  ["dense text, bad last token", encode("0110\n1011\n10x1")],
  ["dense text, short last row", encode("0110\n1011\n101\n")],
  ["MatrixMarket, fewer entries", encode("%%MatrixMarket matrix coordinate pattern general\n3 3 4\n1 1\n2 2\n")],
  ["P4 with bytes past its raster", encode("P4\n8 1\n\xffjunk")],
  ["P1 with a bad pixel", encode("P1 3 2\n1 0 1\n0 2 1\n")],
];

const SPARSE: [string, Uint8Array][] = [
  ["MatrixMarket", encode("%%MatrixMarket matrix coordinate integer symmetric\n4 4 3\n1 1 1\n3 1 5\n4 2 2\n")],
  ["edge list", encode("# a path\n0 1\n1 2\n2 3\n3 0\n")],
  ["edge list, bad last line", encode("0 1\n1 2\n2 x")],
  ["MatrixMarket, index out of range", encode("%%MatrixMarket matrix coordinate pattern general\n2 2 2\n1 1\n3 1\n")],
];

const BOARDS: [string, Uint8Array][] = [
  ["text", encode("# lights\n10110\n01101\n11011\n")],
  ["text with holes", encode("1.1\n.1.\n1.1\n")],
  ["JSON", encode('{"board": {"kind": "grid", "rows": 2, "cols": 3}, "lights": [1, 0, 1, 0, 1, 1]}')],
  ["JSON, wrong length", encode('  {"board": {"kind": "grid", "rows": 1, "cols": 2}, "lights": [1]}')],
  ["text, bad last cell", encode("101\n01z\n")],
];

const SIZES = [1, 2, 3, 5, 13, 64];

describe("readers and a producer that reuses its buffer", () => {
  it.each(MATRICES)("readBitMatrix: %s", async (_, bytes) => {
    for (const size of SIZES) {
      const want = await outcome(() => readBitMatrix(freshChunks(bytes, size), { source: "m" }), showMatrix);
      for (const junk of [0x31, 0x0a, 0xff]) {
        const got = await outcome(() => readBitMatrix(reusedChunks(bytes, size, junk), { source: "m" }), showMatrix);
        expect(got, `chunks of ${size}, junk ${junk}`).toEqual(want);
      }
    }
  });

  it.each(SPARSE)("readSparseMatrix: %s", async (_, bytes) => {
    const show = ({ matrix, format, bytes }: Awaited<ReturnType<typeof readSparseMatrix>>) => ({
      matrix,
      format,
      bytes,
    });
    for (const size of SIZES) {
      const want = await outcome(() => readSparseMatrix(freshChunks(bytes, size), { source: "s" }), show);
      for (const junk of [0x31, 0x0a, 0x20]) {
        const got = await outcome(() => readSparseMatrix(reusedChunks(bytes, size, junk), { source: "s" }), show);
        expect(got, `chunks of ${size}, junk ${junk}`).toEqual(want);
      }
    }
  });

  it.each(BOARDS)("readBoard: %s", async (_, bytes) => {
    for (const size of SIZES) {
      const want = await outcome(
        () => readBoard(freshChunks(bytes, size), { source: "b" }),
        (b) => b,
      );
      for (const junk of [0x31, 0x0a, 0x7b]) {
        const got = await outcome(
          () => readBoard(reusedChunks(bytes, size, junk), { source: "b" }),
          (b) => b,
        );
        expect(got, `chunks of ${size}, junk ${junk}`).toEqual(want);
      }
    }
  });

  it("the expected outcomes are what the files hold (the fresh producer is right)", async () => {
    const read = (bytes: Uint8Array) => outcome(() => readBitMatrix([bytes], { source: "m" }), showMatrix);
    expect(await read(MATRICES[0]![1])).toMatchObject({ format: "pbm", rows: "1011001110\n0110100011\n1111000010" });
    expect(await read(MATRICES[3]![1])).toMatchObject({ format: "dense", rows: "0110\n1011\n1100" });
    expect(await read(MATRICES[6]![1])).toMatchObject({ error: "ParseError" });
    const board = await readBoard([BOARDS[2]![1]]);
    expect([...board.lights]).toEqual([1, 0, 1, 0, 1, 1]);
  });
});
