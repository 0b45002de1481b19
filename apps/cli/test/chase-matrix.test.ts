// `lightsout chase-matrix`, in-process: the matrices against a chase by hand,
// the pictures decoded pixel by pixel.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { rankModP } from "./_reference.js";
import { oneLineError, run } from "./_run.js";
import { tempDir } from "./_temp.js";

const dir = tempDir("lightsout-chase-");

/**
 * The chase matrix of the m x n grid, by chasing: column j holds the lights
 * left on the last row after pressing cell j of the first row and then, row
 * by row, every cell below a lit one. The n chases run side by side: entry
 * (i, j) of a table is cell i of the current row in the chase started at j.
 */
function chaseByHand(m: number, n: number): string[] {
  let above = new Uint8Array(n * n); // presses of the row above
  let presses = new Uint8Array(n * n); // presses of this row: row 0 presses cell j in chase j
  for (let j = 0; j < n; j++) presses[j * n + j] = 1;
  for (let r = 0; r < m; r++) {
    // still lit in row r: pressed from above, from itself and its two neighbours
    const lit = above.slice();
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) {
        let flips = presses[i * n + j]!;
        if (i > 0) flips ^= presses[(i - 1) * n + j]!;
        if (i + 1 < n) flips ^= presses[(i + 1) * n + j]!;
        lit[i * n + j]! ^= flips;
      }
    }
    [above, presses] = [presses, lit]; // the next row presses below every lit cell
  }
  return Array.from({ length: n }, (_, i) => Array.from(presses.subarray(i * n, (i + 1) * n)).join(""));
}

const onesOf = (matrix: string[]) => matrix.join("").replaceAll("0", "").length;
const rankOfText = (matrix: string[]) =>
  rankModP(
    matrix.map((row) => [...row].map(Number)),
    2,
  );

/** CRC-32 bit by bit (no table): an independent check of the PNG chunks. */
function crcBitwise(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return (c ^ 0xffffffff) >>> 0;
}

/** Parses a PNG: header fields and the decoded grayscale pixels. */
function readPng(bytes: Buffer): { width: number; height: number; depth: number; colour: number; pixels: number[][] } {
  expect(Array.from(bytes.subarray(0, 8))).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  let pos = 8;
  const idat: Buffer[] = [];
  let header: Buffer | undefined;
  const types: string[] = [];
  while (pos < bytes.length) {
    const length = bytes.readUInt32BE(pos);
    const type = bytes.toString("latin1", pos + 4, pos + 8);
    const data = bytes.subarray(pos + 8, pos + 8 + length);
    expect(bytes.readUInt32BE(pos + 8 + length)).toBe(crcBitwise(bytes.subarray(pos + 4, pos + 8 + length)));
    types.push(type);
    if (type === "IHDR") header = data;
    if (type === "IDAT") idat.push(data);
    pos += 12 + length;
  }
  expect(pos).toBe(bytes.length); // no bytes after the last chunk
  expect(types[0]).toBe("IHDR");
  expect(types.at(-1)).toBe("IEND");
  const width = header!.readUInt32BE(0);
  const height = header!.readUInt32BE(4);
  const raw = inflateSync(Buffer.concat(idat));
  expect(raw.length).toBe(height * (width + 1));
  const pixels: number[][] = [];
  for (let y = 0; y < height; y++) {
    expect(raw[y * (width + 1)]).toBe(0);
    pixels.push(Array.from(raw.subarray(y * (width + 1) + 1, (y + 1) * (width + 1))));
  }
  return { width, height, depth: header![8]!, colour: header![9]!, pixels };
}

describe("lightsout chase-matrix", () => {
  it("prints the 5 x 5 chase matrix, its rank, nullity and ones", async () => {
    const result = await run(["chase-matrix", "5"]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toBe("01101\n11100\n11011\n00111\n10110\nrank 3\nnullity 2\nones 16\n");
  });

  it("n = 1..12: the matrix of a chase by hand; the nullities of n x n Lights Out (OEIS A075462)", async () => {
    const ones = [1, 2, 7, 0, 16, 12, 27, 20, 25, 28, 68, 36];
    const nullity = [0, 0, 0, 4, 2, 0, 0, 0, 8, 0, 6, 0];
    for (let n = 1; n <= 12; n++) {
      const report = JSON.parse((await run(["chase-matrix", String(n), "--json"])).stdout) as Record<string, unknown>;
      const expected = chaseByHand(n, n);
      expect(report).toEqual({
        rows: n,
        cols: n,
        rank: n - nullity[n - 1]!,
        nullity: nullity[n - 1],
        ones: ones[n - 1],
        matrix: expected,
      });
      expect([onesOf(expected), rankOfText(expected)]).toEqual([ones[n - 1], n - nullity[n - 1]!]);
    }
  });

  it("--rows M gives the rectangle's chase matrix (symmetric)", async () => {
    for (const [m, n] of [
      [6, 4],
      [2, 7],
      [13, 5],
    ] as const) {
      const result = await run(["chase-matrix", String(n), "--rows", String(m), "--json"]);
      expect(result.code).toBe(0);
      const report = JSON.parse(result.stdout) as Record<string, unknown>;
      const expected = chaseByHand(m, n);
      for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) expect(expected[i]![j]).toBe(expected[j]![i]);
      const rank = rankOfText(expected);
      expect(report).toEqual({ rows: m, cols: n, rank, nullity: n - rank, ones: onesOf(expected), matrix: expected });
    }
    // one row: C is the tridiagonal band
    expect((await run(["chase-matrix", "4", "--rows", "1"])).stdout.split("\n").slice(0, 4)).toEqual([
      "1100",
      "1110",
      "0111",
      "0011",
    ]);
  });

  /** PNG pixels as matrix text: black is 1, white is 0. */
  const pixelText = (pixels: number[][]) =>
    pixels.map((row) => row.map((p) => (p === 0 ? "1" : p === 255 ? "0" : "?")).join(""));

  it("--png writes a valid grayscale PNG, one black pixel per 1", async () => {
    const file = join(dir, "c9.png");
    const result = await run(["chase-matrix", "9", "--png", file]);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(`rank 1\nnullity 8\nones 25\nfile ${file}\n`);
    const png = readPng(readFileSync(file));
    expect(png).toMatchObject({ width: 9, height: 9, depth: 8, colour: 0 });
    expect(pixelText(png.pixels)).toEqual(chaseByHand(9, 9));
  });

  it("--png - writes the picture alone to stdout; 300 x 300 works", async () => {
    const file = join(dir, "c300.png");
    expect((await run(["chase-matrix", "300", "--png", file, "--json"])).code).toBe(0);
    const png = readPng(readFileSync(file));
    expect(png.width).toBe(300);
    const expected = chaseByHand(300, 300);
    expect(onesOf(expected)).toBe(22578);
    expect(pixelText(png.pixels)).toEqual(expected);
    // readPng reads chunk after chunk up to IEND at the very end: nothing else is on stdout
    const piped = await run(["chase-matrix", "4", "--png", "-"]);
    expect(piped).toMatchObject({ code: 0, stderr: "" });
    expect(pixelText(readPng(piped.stdoutBytes).pixels)).toEqual(chaseByHand(4, 4));
  });

  it("--svg writes one square per entry", async () => {
    const file = join(dir, "c5.svg");
    const result = await run(["chase-matrix", "5", "--svg", file, "--json"]);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ rows: 5, cols: 5, rank: 3, nullity: 2, ones: 16, file });
    const svg = readFileSync(file, "utf8");
    expect(svg).toMatch(/^<\?xml [^\n]*\n<svg xmlns="http:\/\/www.w3.org\/2000\/svg" /);
    expect(svg.match(/<rect /g)).toHaveLength(25);
    // the black squares sit exactly on the 1s of the matrix (x: column, y: row)
    const black = svg.slice(svg.indexOf('<g fill="#000000">'));
    const squares = [...black.matchAll(/<rect x="(\d+)" y="(\d+)" width="1" height="1"\/>/g)].map(
      ([, x, y]) => `${y},${x}`,
    );
    const ones = chaseByHand(5, 5).flatMap((row, i) =>
      [...row].flatMap((bit, j) => (bit === "1" ? [`${i},${j}`] : [])),
    );
    expect(squares.sort()).toEqual(ones.sort());
    expect(svg.trimEnd().endsWith("</svg>")).toBe(true);
  });

  it.each([
    [["0"], "lightsout: N expected an integer in 1..16384, got '0'"],
    [["x"], "lightsout: N expected an integer in 1..16384, got 'x'"],
    [
      ["5", "--rows", "0"],
      "lightsout: --rows expected an integer in 1..53687091, got '0' (the grid has at most 2^28 cells: M x 5)",
    ],
    [
      ["4", "--rows", "99999999999"],
      "lightsout: --rows expected an integer in 1..67108864, got '99999999999' (the grid has at most 2^28 cells: M x 4)",
    ],
    [
      ["5", "--png", "a.png", "--svg", "b.svg"],
      "lightsout: expected one of --png, --svg and --pbm, got --png 'a.png' and --svg 'b.svg'",
    ],
    [["2000", "--svg", "big.svg"], "lightsout: --svg expected N <= 1024 (one element per entry), got 2000; use --png"],
  ])("exits 2 on %j", async (args, message) => {
    const result = await run(["chase-matrix", ...args]);
    expect(result.code).toBe(2);
    expect(oneLineError(result)).toBe(message);
  });

  it("exits 2 on a board over the core's cell limit, 1 on an unwritable file", async () => {
    const big = await run(["chase-matrix", "16384", "--rows", "100000"]);
    expect(big.code).toBe(2);
    expect(oneLineError(big)).toBe(
      "lightsout: --rows expected an integer in 1..16384, got '100000' (the grid has at most 2^28 cells: M x 16384)",
    );
    const missing = await run(["chase-matrix", "5", "--png", join(dir, "no", "such", "c.png")]);
    expect(missing.code).toBe(1);
    expect(oneLineError(missing)).toMatch(/^lightsout: cannot write '.*c\.png': no such directory$/);
  });

  it("has --help with examples", async () => {
    const result = await run(["chase-matrix", "--help"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("Examples:");
    expect(result.stdout).toContain("lightsout chase-matrix 300 --png c300.png");
  });
});
