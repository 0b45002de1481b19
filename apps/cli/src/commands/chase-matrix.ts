/**
 * `lightsout chase-matrix N [--rows M]`: the chase matrix C of the M x N
 * grid (plus rule), its rank and number of ones, as text, JSON, or a
 * picture (PNG or SVG, both written here by hand: no dependency).
 *
 * @module
 */
import { writeFileSync } from "node:fs";
import { deflateSync } from "node:zlib";
import { chaseMatrix } from "@lightsout/core";
import { Command } from "commander";
import { inputError, usageError } from "../errors.js";
import { parseIntegerOption } from "../options.js";

interface ChaseMatrixFlags {
  rows?: string;
  json?: boolean;
  png?: string;
  svg?: string;
}

/** Largest N drawn as SVG: one element per entry, so N^2 of them. */
const SVG_MAX = 1024;
/** Largest N: C has N^2 entries (16384^2 bits = 32 MiB). */
const N_MAX = 16384;

const EXAMPLES = `
Output:
  the N rows of C (0/1), then "rank R", "nullity K" (= N - R, the nullity of
  the M x N grid) and "ones X". Column i of C is what pressing first-row cell i
  of a dark board and chasing the lights down leaves below the last row.
  With --png or --svg the picture goes to FILE (a black square per 1) and the
  rows are not printed; FILE '-' writes the picture to stdout alone.
  --json prints {rows, cols, rank, nullity, ones, matrix} (matrix: N strings;
  left out with a picture, which adds "file").

Examples:
  $ lightsout chase-matrix 5
  01101
  11100
  11011
  00111
  10110
  rank 3
  nullity 2
  ones 16
  $ lightsout chase-matrix 4 --rows 6 --json
  $ lightsout chase-matrix 300 --png c300.png
  $ lightsout chase-matrix 64 --svg c64.svg`;

/**
 * Builds the `chase-matrix` command.
 *
 * @returns the command, to be added to the program
 */
export function chaseMatrixCommand(): Command {
  return new Command("chase-matrix")
    .summary("the chase matrix of a grid: rank, ones, picture")
    .description(
      "Print the chase matrix C (N x N) of the M x N grid (default M = N), its rank\n" +
        "and its number of ones; the grid's nullity is N - rank(C).",
    )
    .argument("<n>", "columns of the grid (the size of C), 1.." + N_MAX)
    .option("--rows <m>", "rows of the grid (default: N)")
    .option("--json", "print one JSON object instead of text")
    .option("--png <file>", "write C as a PNG picture (1 pixel per entry, black = 1)")
    .option("--svg <file>", `write C as an SVG picture (one square per entry; N <= ${SVG_MAX})`)
    .addHelpText("after", EXAMPLES)
    .action((n: string, flags: ChaseMatrixFlags) => run(n, flags));
}

function run(nText: string, flags: ChaseMatrixFlags): void {
  const n = parseIntegerOption("N", nText, 1, N_MAX);
  const m = flags.rows === undefined ? n : parseIntegerOption("--rows", flags.rows, 1);
  if (flags.png !== undefined && flags.svg !== undefined) {
    throw usageError(`expected one of --png and --svg, got both ('${flags.png}' and '${flags.svg}')`);
  }
  if (flags.svg !== undefined && n > SVG_MAX) {
    throw usageError(`--svg expected N <= ${SVG_MAX} (one element per entry), got ${n}; use --png`);
  }
  let bits: Uint8Array[];
  let rank: number;
  try {
    using c = chaseMatrix(m, n);
    rank = c.rank();
    bits = c.toRows();
  } catch (error) {
    if (error instanceof RangeError) throw usageError(`chase-matrix ${n} --rows ${m}: ${error.message}`, error);
    throw error;
  }
  let ones = 0;
  for (const row of bits) for (const v of row) ones += v;
  const report = { rows: m, cols: n, rank, nullity: n - rank, ones };
  const file = flags.png ?? flags.svg;
  if (file !== undefined) {
    const picture = flags.png !== undefined ? encodePng(bits) : Buffer.from(encodeSvg(bits), "utf8");
    if (file === "-") {
      process.stdout.write(picture);
      return;
    }
    try {
      writeFileSync(file, picture);
    } catch (error) {
      const reason = (error as { code?: string }).code === "ENOENT" ? "no such directory" : (error as Error).message;
      throw inputError(`cannot write '${file}': ${reason}`, error);
    }
    process.stdout.write(flags.json ? `${JSON.stringify({ ...report, file })}\n` : `${summary(report).join("\n")}\nfile ${file}\n`);
    return;
  }
  const text = bits.map((row) => row.join(""));
  if (flags.json) process.stdout.write(`${JSON.stringify({ ...report, matrix: text })}\n`);
  else process.stdout.write(`${[...text, ...summary(report)].join("\n")}\n`);
}

function summary(report: { rank: number; nullity: number; ones: number }): string[] {
  return [`rank ${report.rank}`, `nullity ${report.nullity}`, `ones ${report.ones}`];
}

/** An SVG with one square per entry: black for 1, white for 0. */
export function encodeSvg(bits: readonly Uint8Array[]): string {
  const n = bits.length;
  const w = bits[0]?.length ?? 0;
  const cell = Math.max(1, Math.floor(512 / Math.max(n, w)));
  const ones: string[] = [];
  const zeros: string[] = [];
  bits.forEach((row, y) => row.forEach((v, x) => (v ? ones : zeros).push(`<rect x="${x}" y="${y}" width="1" height="1"/>`)));
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w * cell}" height="${n * cell}" viewBox="0 0 ${w} ${n}" shape-rendering="crispEdges">\n` +
    `<g fill="#ffffff">${zeros.join("")}</g>\n` +
    `<g fill="#000000">${ones.join("")}</g>\n` +
    `</svg>\n`
  );
}

/** CRC-32 (IEEE 802.3, the one PNG uses), table-driven. */
const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let c = i;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[i] = c >>> 0;
  }
  return table;
})();

/**
 * CRC-32 of some bytes.
 *
 * @param bytes - the data
 * @returns the checksum as an unsigned 32-bit integer
 */
export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, "latin1");
  out.set(data, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** A grayscale PNG, 8 bits, 1 pixel per entry: black (0) for 1, white (255) for 0. */
export function encodePng(bits: readonly Uint8Array[]): Buffer {
  const height = bits.length;
  const width = bits[0]?.length ?? 0;
  const raw = Buffer.alloc(height * (width + 1), 255);
  bits.forEach((row, y) => {
    const o = y * (width + 1);
    raw[o] = 0; // filter type 0 (None) for every scanline
    for (let x = 0; x < width; x++) if (row[x]) raw[o + 1 + x] = 0;
  });
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // colour type: grayscale
  header[10] = 0; // compression: deflate
  header[11] = 0; // filter method 0
  header[12] = 0; // no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", new Uint8Array(0)),
  ]);
}
