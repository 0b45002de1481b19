import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inflateSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { oneLineError, requireBuild, run } from "./_run.js";

beforeAll(requireBuild);

const dir = mkdtempSync(join(tmpdir(), "lightsout-chase-"));

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
  it("prints the 5 x 5 chase matrix, its rank, nullity and ones", () => {
    const result = run(["chase-matrix", "5"]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toBe("01101\n11100\n11011\n00111\n10110\nrank 3\nnullity 2\nones 16\n");
  });

  it("counts of ones and nullities (OEIS A159257) match the known values (n = 1..12)", () => {
    const ones = [1, 2, 7, 0, 16, 12, 27, 20, 25, 28, 68, 36];
    const nullity = [0, 0, 0, 4, 2, 0, 0, 0, 8, 0, 6, 0];
    for (let n = 1; n <= 12; n++) {
      const report = JSON.parse(run(["chase-matrix", String(n), "--json"]).stdout) as Record<string, unknown>;
      expect(report).toMatchObject({
        rows: n,
        cols: n,
        ones: ones[n - 1],
        nullity: nullity[n - 1],
        rank: n - nullity[n - 1]!,
      });
      expect(report.matrix).toHaveLength(n);
    }
  });

  it("--rows M gives the rectangle's chase matrix (symmetric)", () => {
    const result = run(["chase-matrix", "4", "--rows", "6", "--json"]);
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as { rows: number; cols: number; matrix: string[]; rank: number };
    expect(Object.keys(report)).toEqual(["rows", "cols", "rank", "nullity", "ones", "matrix"]);
    expect(report.rows).toBe(6);
    expect(report.cols).toBe(4);
    for (let i = 0; i < 4; i++) for (let j = 0; j < 4; j++) expect(report.matrix[i]![j]).toBe(report.matrix[j]![i]);
    // one row: C is the tridiagonal band
    expect(run(["chase-matrix", "4", "--rows", "1"]).stdout.split("\n").slice(0, 4)).toEqual([
      "1100",
      "1110",
      "0111",
      "0011",
    ]);
  });

  it("--png writes a valid grayscale PNG, one black pixel per 1", () => {
    const file = join(dir, "c9.png");
    const result = run(["chase-matrix", "9", "--png", file]);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(`rank 1\nnullity 8\nones 25\nfile ${file}\n`);
    const text = (JSON.parse(run(["chase-matrix", "9", "--json"]).stdout) as { matrix: string[] }).matrix;
    const png = readPng(readFileSync(file));
    expect(png).toMatchObject({ width: 9, height: 9, depth: 8, colour: 0 });
    expect(png.pixels.map((row) => row.map((p) => (p === 0 ? "1" : p === 255 ? "0" : "?")).join(""))).toEqual(text);
  });

  it("--png - writes the picture alone to stdout; 300 x 300 works", () => {
    const file = join(dir, "c300.png");
    expect(run(["chase-matrix", "300", "--png", file, "--json"]).code).toBe(0);
    const png = readPng(readFileSync(file));
    expect(png.width).toBe(300);
    expect(png.pixels.flat().filter((p) => p === 0)).toHaveLength(22578);
    const piped = run(["chase-matrix", "4", "--png", "-"]);
    expect(piped.code).toBe(0);
    expect(piped.stdout.slice(1, 4)).toBe("PNG"); // byte 0x89 decodes as U+FFFD
    expect(piped.stdout).not.toContain("rank");
  });

  it("--svg writes one square per entry", () => {
    const file = join(dir, "c5.svg");
    const result = run(["chase-matrix", "5", "--svg", file, "--json"]);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ rows: 5, cols: 5, rank: 3, nullity: 2, ones: 16, file });
    const svg = readFileSync(file, "utf8");
    expect(svg).toMatch(/^<\?xml [^\n]*\n<svg xmlns="http:\/\/www.w3.org\/2000\/svg" /);
    expect(svg.match(/<rect /g)).toHaveLength(25);
    const black = svg.slice(svg.indexOf('<g fill="#000000">'));
    expect(black.match(/<rect /g)).toHaveLength(16);
    expect(black).toContain('<rect x="1" y="0" width="1" height="1"/>');
    expect(svg.trimEnd().endsWith("</svg>")).toBe(true);
  });

  it.each([
    [["0"], "lightsout: N expected an integer in 1..16384, got '0'"],
    [["x"], "lightsout: N expected an integer in 1..16384, got 'x'"],
    [["5", "--rows", "0"], "lightsout: --rows expected an integer >= 1, got '0'"],
    [
      ["5", "--png", "a.png", "--svg", "b.svg"],
      "lightsout: expected one of --png and --svg, got both ('a.png' and 'b.svg')",
    ],
    [["2000", "--svg", "big.svg"], "lightsout: --svg expected N <= 1024 (one element per entry), got 2000; use --png"],
  ])("exits 2 on %j", (args, message) => {
    const result = run(["chase-matrix", ...args]);
    expect(result.code).toBe(2);
    expect(oneLineError(result)).toBe(message);
  });

  it("exits 2 on a board over the core's cell limit, 1 on an unwritable file", () => {
    const big = run(["chase-matrix", "16384", "--rows", "100000"]);
    expect(big.code).toBe(2);
    expect(oneLineError(big)).toMatch(/^lightsout: chase-matrix 16384 --rows 100000: board expected at most/);
    const missing = run(["chase-matrix", "5", "--png", join(dir, "no", "such", "c.png")]);
    expect(missing.code).toBe(1);
    expect(oneLineError(missing)).toMatch(/^lightsout: cannot write '.*c\.png': no such directory$/);
  });

  it("has --help with examples", () => {
    const result = run(["chase-matrix", "--help"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("Examples:");
    expect(result.stdout).toContain("lightsout chase-matrix 300 --png c300.png");
  });
});
