/**
 * Pictures for the terminal's neighbours: SVG written by hand and PNG
 * encoded with node:zlib (no dependency). Used by `render` and
 * `chase-matrix`.
 *
 * @module
 */
import { deflateSync } from "node:zlib";
import { type Board, cellMap } from "@lightsout/core";

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
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, channels === 1 ? 0 : 2, 0, 0, 0], 8); // 8-bit grey or RGB
  const signature = Uint8Array.from([137, 80, 78, 71, 13, 10, 26, 10]);
  const parts = [signature, chunk("IHDR", header), chunk("IDAT", deflateSync(raw)), chunk("IEND", new Uint8Array())];
  return Buffer.concat(parts);
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

function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}
const PRESS = "#e0463c";

/**
 * An SVG picture of a board: lit cells yellow, dark cells grey, presses as
 * red dots; a graph board is drawn with its vertices on a circle.
 *
 * @param board - the board
 * @param lights - one value per cell (0 = off)
 * @param presses - optional: cells to mark (non-zero = pressed)
 * @param states - light states k (default 2): colours for 0..k-1
 * @returns the SVG document
 */
export function boardSvg(board: Board, lights: ArrayLike<number>, presses?: ArrayLike<number>, states = 2): string {
  const map = cellMap(board);
  const parts: string[] = [];
  let width: number;
  let height: number;
  if (board.kind === "grid") {
    const s = Math.max(4, Math.min(40, Math.floor(800 / Math.max(board.rows, board.cols))));
    width = board.cols * s;
    height = board.rows * s;
    for (let i = 0; i < map.count; i++) {
      const x = map.col[i]! * s,
        y = map.row[i]! * s;
      parts.push(
        `<rect x="${x + 1}" y="${y + 1}" width="${s - 2}" height="${s - 2}" rx="${s / 8}" fill="${stateColour(lights[i]!, states)}"/>`,
      );
      if (presses?.[i]) parts.push(`<circle cx="${x + s / 2}" cy="${y + s / 2}" r="${s / 5}" fill="${PRESS}"/>`);
    }
  } else {
    const n = map.count;
    const r = 300,
      c = 320,
      dot = Math.max(3, Math.min(14, 600 / n));
    width = height = 640;
    const at = (v: number) =>
      [c + r * Math.cos((2 * Math.PI * v) / n), c + r * Math.sin((2 * Math.PI * v) / n)] as const;
    for (const [u, v] of board.edges) {
      const [x1, y1] = at(u),
        [x2, y2] = at(v);
      parts.push(
        `<line x1="${x1.toFixed(1)}" y1="${y1.toFixed(1)}" x2="${x2.toFixed(1)}" y2="${y2.toFixed(1)}" stroke="#8891a5"/>`,
      );
    }
    for (let v = 0; v < n; v++) {
      const [x, y] = at(v);
      parts.push(
        `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${dot}" fill="${stateColour(lights[v]!, states)}" stroke="#000"/>`,
      );
      if (presses?.[v])
        parts.push(`<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${dot / 2.5}" fill="${PRESS}"/>`);
    }
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">\n` +
    `<rect width="100%" height="100%" fill="#ffffff"/>\n${parts.join("\n")}\n</svg>\n`
  );
}

/**
 * A PNG picture of a grid board (graphs: use SVG): one square of `cell`
 * pixels per cell, presses as a red centre.
 *
 * @param board - a grid board
 * @param lights - one value per cell
 * @param presses - optional presses to mark (non-zero = pressed)
 * @param states - light states k (default 2)
 * @returns the PNG bytes
 * @throws {TypeError} for a graph board
 */
export function boardPng(board: Board, lights: ArrayLike<number>, presses?: ArrayLike<number>, states = 2): Uint8Array {
  if (board.kind !== "grid") throw new TypeError("PNG pictures are for grid boards; use --svg for a graph");
  const map = cellMap(board);
  const cell = Math.max(1, Math.min(24, Math.floor(1024 / Math.max(board.rows, board.cols))));
  const width = board.cols * cell,
    height = board.rows * cell;
  const rgb = new Uint8Array(width * height * 3).fill(255);
  const colour = (hex: string) => [1, 3, 5].map((k) => parseInt(hex.slice(k, k + 2), 16));
  const press = colour(PRESS);
  const palette = Array.from({ length: states }, (_, v) => colour(stateColour(v, states)));
  const inset = cell >= 4 ? 1 : 0;
  for (let i = 0; i < map.count; i++) {
    const x0 = map.col[i]! * cell,
      y0 = map.row[i]! * cell;
    for (let y = inset; y < cell - inset; y++) {
      for (let x = inset; x < cell - inset; x++) {
        const centre =
          presses?.[i] && Math.abs(x - cell / 2 + 0.5) < cell / 4 && Math.abs(y - cell / 2 + 0.5) < cell / 4;
        const c = centre ? press : palette[lights[i]!]!;
        rgb.set(c, ((y0 + y) * width + x0 + x) * 3);
      }
    }
  }
  return encodePng(width, height, rgb, 3);
}
