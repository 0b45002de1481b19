/**
 * Pictures for the terminal's neighbours: SVG written by hand and PNG
 * encoded with node:zlib (no dependency). Used by `render` and
 * `chase-matrix`.
 *
 * @module
 */
import { createWriteStream } from "node:fs";
import type { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { constants, createDeflate, deflateSync } from "node:zlib";
import type { Board, GridBoard } from "@lightsout/core";

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(Buffer.from(type, "latin1"), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/**
 * Encodes an image as PNG (8 bits per channel, no interlace).
 *
 * @param width - pixels per row
 * @param height - rows
 * @param pixels - width * height * channels bytes, row-major
 * @param channels - 1 (grey) or 3 (RGB)
 * @returns the PNG file's bytes
 */
export function encodePng(width: number, height: number, pixels: Uint8Array, channels: 1 | 3 = 3): Uint8Array {
  const line = width * channels;
  const raw = new Uint8Array(height * (line + 1));
  for (let y = 0; y < height; y++) {
    raw[y * (line + 1)] = 0; // filter: none
    raw.set(pixels.subarray(y * line, (y + 1) * line), y * (line + 1) + 1);
  }
  const format: PngFormat = { width, height, colour: channels === 1 ? "grey" : "rgb", bits: 8 };
  return Buffer.concat([pngHead(format), chunk("IDAT", deflateSync(raw)), PNG_END]);
}

const PNG_END = chunk("IEND", new Uint8Array());

/** The shape of a PNG image: size, colour type and bits per sample (no interlace). */
interface PngFormat {
  width: number;
  height: number;
  /** Grey or RGB samples of 8 bits, or indexes of `bits` bits into `palette`. */
  colour: "grey" | "rgb" | "indexed";
  bits: 1 | 2 | 4 | 8;
  /** RGB triples, for indexed colour. */
  palette?: Uint8Array;
}

/** Bytes of one image row, without its filter byte. */
function rowBytes(format: PngFormat): number {
  const samples = format.colour === "rgb" ? 3 : 1;
  return Math.ceil((format.width * samples * format.bits) / 8);
}

/** The PNG signature, the header chunk and, for indexed colour, the palette. */
function pngHead(format: PngFormat): Uint8Array {
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, format.width);
  view.setUint32(4, format.height);
  header.set([format.bits, { grey: 0, rgb: 2, indexed: 3 }[format.colour], 0, 0, 0], 8);
  const signature = Uint8Array.from([137, 80, 78, 71, 13, 10, 26, 10]);
  const palette = format.palette ? [chunk("PLTE", format.palette)] : [];
  return Buffer.concat([signature, chunk("IHDR", header), ...palette]);
}

/**
 * Writes a PNG file row by row: the pixels never exist all at once (a
 * 10000 x 10000 picture holds a block of rows and zlib's window).
 *
 * @param path - the file to write
 * @param format - size and colour type
 * @param fillRow - writes image row y ({@link rowBytes} bytes, zeroed) into `out`
 * @returns when the file is complete
 * @throws the file system's error when the file cannot be written
 */
/** A file path opened for writing, or a stream as it is. */
function sinkOf(target: string | Writable): Writable {
  return typeof target === "string" ? createWriteStream(target) : target;
}

async function writePng(
  target: string | Writable,
  format: PngFormat,
  fillRow: (y: number, out: Uint8Array) => void,
): Promise<void> {
  const line = rowBytes(format) + 1;
  const { height } = format;
  // about 1 MiB of filtered rows per block handed to zlib
  const rowsPerBlock = Math.max(1, Math.floor(2 ** 20 / line));
  async function* filteredRows() {
    for (let y0 = 0; y0 < height; y0 += rowsPerBlock) {
      const n = Math.min(rowsPerBlock, height - y0);
      const block = Buffer.alloc(n * line); // filter byte 0 (none) before each row
      for (let k = 0; k < n; k++) fillRow(y0 + k, block.subarray(k * line + 1, (k + 1) * line));
      yield block;
    }
  }
  async function* chunks(compressed: AsyncIterable<Buffer>) {
    yield pngHead(format);
    for await (const data of compressed) yield chunk("IDAT", data);
    yield PNG_END;
  }
  // indexed pixels (one per cell): run-length only, 7x faster than the default on a random board and as small
  const deflate = createDeflate(format.colour === "indexed" ? { strategy: constants.Z_RLE } : {});
  await pipeline(filteredRows, deflate, chunks, sinkOf(target));
}

/**
 * A 0/1 matrix as a PNG, one pixel per entry: black for 1, white for 0.
 *
 * @param bits - the rows
 * @returns the PNG bytes
 */
export function matrixPng(bits: readonly Uint8Array[]): Uint8Array {
  const height = bits.length;
  const width = bits[0]?.length ?? 0;
  const grey = new Uint8Array(width * height).fill(255);
  bits.forEach((row, y) => row.forEach((v, x) => v && (grey[y * width + x] = 0)));
  return encodePng(width, height, grey, 1);
}

/**
 * A 0/1 matrix as an SVG, one square per entry: black for 1, white for 0.
 *
 * @param bits - the rows
 * @returns the SVG document
 */
export function matrixSvg(bits: readonly Uint8Array[]): string {
  const n = bits.length;
  const w = bits[0]?.length ?? 0;
  const cell = Math.max(1, Math.floor(512 / Math.max(n, w)));
  const ones: string[] = [];
  const zeros: string[] = [];
  bits.forEach((row, y) =>
    row.forEach((v, x) => (v ? ones : zeros).push(`<rect x="${x}" y="${y}" width="1" height="1"/>`)),
  );
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w * cell}" height="${n * cell}" viewBox="0 0 ${w} ${n}" shape-rendering="crispEdges">\n` +
    `<g fill="#ffffff">${zeros.join("")}</g>\n` +
    `<g fill="#000000">${ones.join("")}</g>\n` +
    `</svg>\n`
  );
}

const LIT = "#f5c542";
const DARK = "#2b2f3a";

/**
 * The colour of light state v out of k: dark for 0, yellow for "on" when
 * k = 2, and for more states a hue wheel from yellow (1) onwards.
 */
function stateColour(v: number, k: number): string {
  if (v === 0) return DARK;
  if (k === 2) return LIT;
  const hue = (45 + (300 * (v - 1)) / (k - 1)) % 360;
  const [r, g, b] = hslToRgb(hue, 0.8, 0.58);
  return `#${[r, g, b].map((x) => x.toString(16).padStart(2, "0")).join("")}`;
}

/** stateColour for the values met, cached: k may be up to 2^31 - 1, far more colours than cells. */
function colourCache<T>(states: number, convert: (hex: string) => T): (v: number) => T {
  const seen = new Map<number, T>();
  return (v) => {
    let colour = seen.get(v);
    if (colour === undefined) seen.set(v, (colour = convert(stateColour(v, states))));
    return colour;
  };
}

function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}
const PRESS = "#e0463c";

/** Largest board drawn as SVG (cells, or vertices plus edges): beyond, a picture is a PNG. */
const SVG_MAX_ITEMS = 512 * 512;

/**
 * Checks that a board is small enough for an SVG picture (a file a browser
 * opens: at most 512 x 512 cells, or as many vertices plus edges).
 *
 * @param board - the board
 * @throws {RangeError} naming the limit and the board's size, and for grids pointing to PNG
 */
export function checkSvgSize(board: Board): void {
  if (board.kind === "grid" && board.rows * board.cols > SVG_MAX_ITEMS) {
    throw new RangeError(
      `SVG pictures hold boards up to ${SVG_MAX_ITEMS} cells (512 x 512), got ${board.rows} x ${board.cols}; use --png OUT (one pixel per cell)`,
    );
  }
  if (board.kind === "graph" && board.vertices + board.edges.length > SVG_MAX_ITEMS) {
    throw new RangeError(
      `SVG pictures hold graphs up to ${SVG_MAX_ITEMS} vertices and edges, got ${board.vertices} vertices and ${board.edges.length} edges`,
    );
  }
}

/** Cells of a grid board before each row, so row r's first cell needs no cell map. */
function rowStarts(board: GridBoard): Int32Array {
  const starts = new Int32Array(board.rows + 1);
  for (let r = 0; r < board.rows; r++) {
    let present = board.cols;
    const line = board.mask?.[r];
    if (line !== undefined) {
      present = 0;
      for (let c = 0; c < board.cols; c++) if (line.charCodeAt(c) === 0x23) present++;
    }
    starts[r + 1] = starts[r]! + present;
  }
  return starts;
}

/** What a picture of a board shows. */
export interface BoardPicture {
  board: Board;
  /** One value per cell, 0..states-1 (0 = off). */
  lights: ArrayLike<number>;
  /** Cells to mark as pressed (non-zero), or none. */
  presses?: ArrayLike<number> | undefined;
  /** Light states k: colours for 0..k-1. */
  states: number;
}

/**
 * Writes a picture of a board. SVG, a few rows at a time: lit cells yellow,
 * dark cells grey, presses as red dots, a graph board with its vertices on a
 * circle; boards up to the SVG size limit ({@link checkSvgSize}). PNG, of a
 * grid board, row by row: a square of up to 24 pixels per cell (RGB), or from
 * 1024 cells across one pixel per cell (indexed colour, 2 bits a pixel for
 * two states); presses as a red centre (the whole pixel at one pixel per cell).
 *
 * @param target - the file to write, or a stream (standard output)
 * @param format - `"svg"` or `"png"`
 * @param picture - the board, its lights, the presses to mark and the states
 * @returns when the picture is complete
 * @throws {RangeError} for an SVG over the size limit (nothing written); a TypeError for a PNG of a graph
 */
export async function writeBoardPicture(
  target: string | Writable,
  format: "svg" | "png",
  picture: BoardPicture,
): Promise<void> {
  const { board, lights, presses, states } = picture;
  if (format === "svg") {
    checkSvgSize(board);
    const chunks =
      board.kind === "grid" ? gridSvg(board, lights, presses, states) : graphSvg(board, lights, presses, states);
    await pipeline(chunks, sinkOf(target));
  } else if (board.kind === "grid") {
    await gridPng(target, board, lights, presses, states);
  } else {
    throw new TypeError("a PNG draws a grid board; a graph is drawn as SVG");
  }
}

function svgOpen(width: number, height: number): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">\n` +
    `<rect width="100%" height="100%" fill="#ffffff"/>`
  );
}

const SVG_CLOSE = "\n</svg>\n";

function* gridSvg(board: GridBoard, lights: ArrayLike<number>, presses: ArrayLike<number> | undefined, states: number) {
  const { rows, cols, mask } = board;
  const s = Math.max(4, Math.min(40, Math.floor(800 / Math.max(rows, cols))));
  const colour = colourCache(states, (hex) => hex);
  yield svgOpen(cols * s, rows * s);
  for (let r = 0, i = 0; r < rows; r++) {
    const parts: string[] = [];
    for (let c = 0; c < cols; c++) {
      if (mask && mask[r]!.charCodeAt(c) !== 0x23) continue;
      const x = c * s;
      const y = r * s;
      parts.push(
        `<rect x="${x + 1}" y="${y + 1}" width="${s - 2}" height="${s - 2}" rx="${s / 8}" fill="${colour(lights[i]!)}"/>`,
      );
      if (presses?.[i]) parts.push(`<circle cx="${x + s / 2}" cy="${y + s / 2}" r="${s / 5}" fill="${PRESS}"/>`);
      i++;
    }
    if (parts.length > 0) yield `\n${parts.join("\n")}`;
  }
  yield SVG_CLOSE;
}

function* graphSvg(
  board: Extract<Board, { kind: "graph" }>,
  lights: ArrayLike<number>,
  presses: ArrayLike<number> | undefined,
  states: number,
) {
  const n = board.vertices;
  const r = 300;
  const c = 320;
  const dot = Math.max(3, Math.min(14, 600 / n));
  const at = (v: number) => [c + r * Math.cos((2 * Math.PI * v) / n), c + r * Math.sin((2 * Math.PI * v) / n)] as const;
  yield svgOpen(640, 640);
  for (const [u, v] of board.edges) {
    const [x1, y1] = at(u);
    const [x2, y2] = at(v);
    yield `\n<line x1="${x1.toFixed(1)}" y1="${y1.toFixed(1)}" x2="${x2.toFixed(1)}" y2="${y2.toFixed(1)}" stroke="#8891a5"/>`;
  }
  for (let v = 0; v < n; v++) {
    const [x, y] = at(v);
    yield `\n<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${dot}" fill="${stateColour(lights[v]!, states)}" stroke="#000"/>`;
    if (presses?.[v]) yield `\n<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${dot / 2.5}" fill="${PRESS}"/>`;
  }
  yield SVG_CLOSE;
}

/** The PNG of a grid board (see {@link writeBoardPicture}). */
async function gridPng(
  target: string | Writable,
  board: GridBoard,
  lights: ArrayLike<number>,
  presses: ArrayLike<number> | undefined,
  states: number,
): Promise<void> {
  const { rows, cols, mask } = board;
  const cell = Math.max(1, Math.min(24, Math.floor(1024 / Math.max(rows, cols))));
  const rgb = (hex: string) => [1, 3, 5].map((k) => parseInt(hex.slice(k, k + 2), 16));
  const colour = colourCache(states, rgb);
  const starts = rowStarts(board);
  if (cell === 1 && states + 2 <= 256) {
    // palette: 0 no cell (white), 1 a press, 2 + v light state v (past 254 states: RGB below)
    const colours = Array.from({ length: states }, (_, v) => colour(v));
    const palette = Uint8Array.from([255, 255, 255, ...rgb(PRESS), ...colours.flat()]);
    const count = states + 2;
    const bits = count <= 2 ? 1 : count <= 4 ? 2 : count <= 16 ? 4 : 8;
    await writePng(target, { width: cols, height: rows, colour: "indexed", bits, palette }, (r, out) => {
      const line = mask?.[r];
      for (let c = 0, i = starts[r]!; c < cols; c++) {
        let index = 0;
        if (line === undefined || line.charCodeAt(c) === 0x23) {
          index = presses?.[i] ? 1 : 2 + lights[i]!;
          i++;
        }
        const bit = c * bits;
        out[bit >>> 3]! |= index << (8 - bits - (bit & 7));
      }
    });
    return;
  }
  const [pressRed, pressGreen, pressBlue] = rgb(PRESS) as [number, number, number];
  const inset = cell >= 4 ? 1 : 0;
  // which pixels of a cell's square are drawn, and which are its centre
  const inside = (k: number) => k >= inset && k < cell - inset;
  const centre = (k: number) => Math.abs(k - cell / 2 + 0.5) < cell / 4;
  await writePng(target, { width: cols * cell, height: rows * cell, colour: "rgb", bits: 8 }, (y, out) => {
    out.fill(255);
    const r = Math.floor(y / cell);
    const dy = y - r * cell;
    if (!inside(dy)) return;
    const line = mask?.[r];
    for (let c = 0, i = starts[r]!; c < cols; c++) {
      if (line !== undefined && line.charCodeAt(c) !== 0x23) continue;
      const [red, green, blue] = colour(lights[i]!) as [number, number, number];
      const pressed = presses?.[i] && centre(dy);
      for (let dx = inset; dx < cell - inset; dx++) {
        const o = (c * cell + dx) * 3;
        if (pressed && centre(dx)) {
          out[o] = pressRed;
          out[o + 1] = pressGreen;
          out[o + 2] = pressBlue;
        } else {
          out[o] = red;
          out[o + 1] = green;
          out[o + 2] = blue;
        }
      }
      i++;
    }
  });
}
