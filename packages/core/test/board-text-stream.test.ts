// Board text read from bytes as they arrive: bytes that are not UTF-8 are
// errors at their own column (never dropped), chunks split anywhere give the
// same board, and a row past the limits is refused at its line and column
// before the rest of the input is read.
import { describe, expect, it } from "vitest";
import { ParseError, parseBoard, readBoard } from "../src/index.js";

const bytes = (...parts: (string | number[])[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === "string" ? Array.from(new TextEncoder().encode(p)) : p)));

/** The message of the ParseError the reader throws, from the bytes whole and split at every point. */
async function errorOf(input: Uint8Array, states = 2): Promise<string> {
  const messages = new Set<string>();
  const fail = (error: unknown) => {
    expect(error).toBeInstanceOf(ParseError);
    messages.add((error as Error).message);
  };
  try {
    parseBoard(input, { source: "b.txt", states });
    messages.add("no error");
  } catch (error) {
    fail(error);
  }
  for (let cut = 0; cut <= input.length; cut++) {
    try {
      await readBoard([input.slice(0, cut), input.slice(cut)], { source: "b.txt", states });
      messages.add("no error");
    } catch (error) {
      fail(error);
    }
  }
  expect([...messages], [...messages].join("\n")).toHaveLength(1);
  return [...messages][0]!;
}

describe("board text: bytes that are not UTF-8", () => {
  it("a stray continuation byte after a cell is an error at its column, not part of the cell", async () => {
    // read as the board 11 before: a byte dropped, a wrong board solved
    expect(await errorOf(bytes("1", [0x9b], "1\n"))).toBe(
      "b.txt:1:2: expected a light 0..1 or . (no cell), got byte 0x9B",
    );
    expect(await errorOf(bytes("1", [0x80, 0x80, 0x80], "\n"), 3)).toBe(
      "b.txt:1:2: expected a light 0..2 or . (no cell), got byte 0x80",
    );
    expect(await errorOf(bytes("10\n0", [0xff], "\n"))).toBe(
      "b.txt:2:2: expected a light 0..1 or . (no cell), got byte 0xFF",
    );
  });

  it("a line of only such bytes is an error at 1:1, not an empty row", async () => {
    expect(await errorOf(bytes([0x9b], "\n"))).toBe("b.txt:1:1: expected a light 0..1 or . (no cell), got byte 0x9B");
  });

  it("columns count a character per well-formed character and one per bad byte", async () => {
    // a cut three-byte character: two bad bytes, two columns
    expect(await errorOf(bytes("# é\n01\n0", [0xe2, 0x82], "\n"))).toBe(
      "b.txt:3:2: expected a light 0..1 or . (no cell), got byte 0xE2",
    );
    expect(await errorOf(bytes("€1\n"))).toBe("b.txt:1:1: expected a light 0..1 or . (no cell), got '€'");
    expect(await errorOf(bytes("1 2 3\n4 ", [0x9b], " 5\n"), 12)).toBe(
      "b.txt:2:3: expected a light 0..b or . (no cell), got byte 0x9B",
    );
    expect(await errorOf(bytes("10 11\n4", [0x9b], "x 5\n"), 12)).toBe(
      "b.txt:2:1: expected a light 0..b or . (no cell), got '4<byte 0x9B>x'",
    );
  });

  it("bytes that are not UTF-8 in a comment are ignored, like the rest of it", async () => {
    const { board, lights } = parseBoard(bytes("# ", [0x9b, 0xff], "\n10\n"));
    expect(board).toEqual({ kind: "grid", rows: 1, cols: 2 });
    expect(Array.from(lights)).toEqual([1, 0]);
  });

  it("in a JSON board such bytes are errors with line:column (outside strings) and named as bytes", async () => {
    expect(await errorOf(bytes('{"board": ', [0x9b], "}"))).toBe("b.txt:1:11: expected valid JSON, got byte 0x9B");
    const json = bytes('{"board":{"kind":"grid","rows":1,"cols":2},"lights":["1', [0x9b], '"]}');
    expect(await errorOf(json)).toBe(
      'b.txt:1:1: expected a light 0..1 or . (no cell) at "lights[0]" column 2, got byte 0x9B',
    );
  });
});

describe("board text: streamed", () => {
  it("gives the same board wherever the chunks are cut", async () => {
    const text = bytes("# a comment é\r\n1 0 1\r\n0.1  \n\n101");
    const whole = parseBoard(text);
    for (let a = 0; a <= text.length; a++) {
      for (let b = a; b <= text.length; b++) {
        const got = await readBoard([text.slice(0, a), text.slice(a, b), text.slice(b)]);
        expect(got.board).toEqual(whole.board);
        expect(Array.from(got.lights)).toEqual(Array.from(whole.lights));
      }
    }
  });

  it("a row longer than the first is refused at its cell, before the line's end is read", async () => {
    let pulled = 0;
    function* endless(): Generator<Uint8Array> {
      yield bytes("11\n");
      for (;;) {
        pulled++;
        yield new Uint8Array(1024).fill(0x31);
      }
    }
    await expect(readBoard(endless(), { source: "b.txt" })).rejects.toThrow(
      new ParseError("b.txt", 2, 3, "expected 2 cells (like line 1), got more"),
    );
    expect(pulled).toBe(1);
  });

  it("a first row past the largest board (2^28 cells) is refused at line:column as it is read", async () => {
    const chunk = new Uint8Array(2 ** 24).fill(0x31); // 16 MiB of '1'
    let pulled = 0;
    function* ones(): Generator<Uint8Array> {
      for (;;) {
        pulled++;
        yield chunk;
      }
    }
    await expect(readBoard(ones(), { source: "b.txt" })).rejects.toThrow(
      new ParseError("b.txt", 1, 2 ** 28 + 1, "a row expected at most 268,435,456 cells (the largest board), got more"),
    );
    expect(pulled).toBe(2 ** 4 + 1); // 16 chunks make 2^28 cells: the 17th holds the cell too many
  });

  it("a comment line of any length is skipped without being kept", async () => {
    const chunk = new Uint8Array(2 ** 20).fill(0x78); // 'x'
    function* longComment(): Generator<Uint8Array> {
      yield bytes("# ");
      for (let i = 0; i < 64; i++) yield chunk;
      yield bytes("\n01\n");
    }
    const { board, lights } = await readBoard(longComment());
    expect(board).toEqual({ kind: "grid", rows: 1, cols: 2 });
    expect(Array.from(lights)).toEqual([0, 1]);
  });

  it("refuses chunks that are not bytes, and a JSON board past 256 MiB as its bytes arrive", async () => {
    await expect(readBoard(["10" as unknown as Uint8Array])).rejects.toThrow(TypeError);
    const big = new Uint8Array(2 ** 27);
    let pulled = 0;
    function* json(): Generator<Uint8Array> {
      yield bytes("{");
      for (;;) {
        pulled++;
        yield big;
      }
    }
    await expect(readBoard(json())).rejects.toThrow(RangeError);
    expect(pulled).toBe(2);
  });
});
