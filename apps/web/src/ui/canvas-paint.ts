// Painting a canvas board's frame: the cells from a one-pixel-a-cell picture
// scaled up, the gaps, the cells' shape (one tile repeated over the cells in
// view: round, diamond or beveled), the holes, then the marks (proof outlines, solution dots
// or counts, state digits, the hint, the cursor). Only the cells in view are
// visited, so a frame costs what is on screen, not the board's size.

import type { CellMap } from "@lightsout/core/lightsout";
import type { CellStyle } from "../state/cell-style.js";
import type { BoardMarks } from "./board-types.js";
import { stateText } from "./cells.js";
import { type Viewport, visibleCells } from "./viewport.js";

/** css px: digits drawn in cells at least this big. */
const TEXT_FROM = 14;

/** What one frame of a canvas board shows. */
export interface Frame {
  readonly rows: number;
  readonly cols: number;
  readonly map: CellMap;
  readonly states: number;
  readonly showHoles: boolean;
  readonly view: Viewport;
  readonly lights: readonly number[];
  readonly marks: BoardMarks;
  /** The cursor's grid position while the keyboard is on the board, else null. */
  readonly cursor: number | null;
  /** The value of a CSS colour token (`--surface`, `--accent`, ...). */
  colour(name: string): string;
  /** How the cells are drawn. */
  readonly cells: CellStyle;
}

/** The cells as one pixel per grid position, repainted only when the lights or the colours change. */
export interface CellPicture {
  readonly canvas: HTMLCanvasElement;
  /** Paints the lights in the colours (one CSS colour per state). */
  paint(lights: readonly number[], colours: readonly string[]): void;
}

/**
 * The picture of a grid's cells (holes transparent, so the background shows).
 *
 * @param rows - Rows of the grid.
 * @param cols - Columns.
 * @param map - Its cell map.
 * @returns The picture; draw `canvas` scaled up.
 * @example
 * ```ts
 * const picture = cellPicture(256, 256, cellMap(board));
 * picture.paint(lights, ["#222", "#fc0"]);
 * ```
 */
export function cellPicture(rows: number, cols: number, map: CellMap): CellPicture {
  const canvas = document.createElement("canvas");
  canvas.width = cols;
  canvas.height = rows;
  const context = canvas.getContext("2d", { willReadFrequently: false });
  const pixels = new ImageData(cols, rows);
  let painted: { lights: readonly number[]; colours: string } | null = null;
  return {
    canvas,
    paint(lights, colours) {
      const key = colours.join(" ");
      if (painted && painted.lights === lights && painted.colours === key) return;
      const bytes = rgba(colours);
      const data = pixels.data;
      for (let p = 0; p < rows * cols; p++) {
        const cell = map.index[p]!;
        const o = p * 4;
        if (cell < 0) {
          data[o + 3] = 0; // a hole: the background shows
          continue;
        }
        const rgb = bytes[lights[cell] ?? 0]!;
        data[o] = rgb[0]!;
        data[o + 1] = rgb[1]!;
        data[o + 2] = rgb[2]!;
        data[o + 3] = 255;
      }
      context?.putImageData(pixels, 0, 0);
      painted = { lights, colours: key };
    },
  };
}

/** RGBA bytes of CSS colours (through a 1 x 1 canvas, which parses any CSS colour). */
function rgba(colours: readonly string[]): Uint8ClampedArray[] {
  const probe = document.createElement("canvas").getContext("2d", { willReadFrequently: true })!;
  return colours.map((css) => {
    probe.clearRect(0, 0, 1, 1);
    probe.fillStyle = css;
    probe.fillRect(0, 0, 1, 1);
    return probe.getImageData(0, 0, 1, 1).data;
  });
}

/**
 * Draws a frame (the context's transform already maps css px).
 *
 * @param ctx - The canvas's 2D context.
 * @param frame - What to show.
 * @param picture - The cells, one pixel each ({@link cellPicture}), already painted.
 * @example
 * ```ts
 * drawFrame(canvas.getContext("2d")!, frame, picture.canvas);
 * ```
 */
export function drawFrame(ctx: CanvasRenderingContext2D, frame: Frame, picture: CanvasImageSource): void {
  const { rows, cols, view } = frame;
  const { scale, ox, oy } = view;
  const background = frame.colour("--surface");
  ctx.fillStyle = background;
  ctx.fillRect(0, 0, view.width, view.height);
  const range = visibleCells(view, frame);
  const gap = scale >= 6 ? 1 : 0;
  const size = scale - gap;
  // The cells: one pixel each in a rows x cols picture, scaled up in one drawImage (65,536
  // fillRects took about 100 ms a frame), then the gaps between cells drawn over it as lines.
  ctx.imageSmoothingEnabled = false;
  ctx.drawImage(picture, 0, 0, cols, rows, ox, oy, cols * scale, rows * scale);
  if (gap) {
    ctx.fillStyle = background;
    const { r0, r1, c0, c1 } = range;
    for (let c = c0; c < c1; c++) ctx.fillRect(ox + c * scale + size, oy + r0 * scale, gap, (r1 - r0) * scale);
    for (let r = r0; r < r1; r++) ctx.fillRect(ox + c0 * scale, oy + r * scale + size, (c1 - c0) * scale, gap);
  }
  if (gap && frame.cells !== "square") shapeCells(ctx, frame, range, background);
  const at = (p: number) => [ox + (p % cols) * scale, oy + Math.floor(p / cols) * scale] as const;
  if (frame.showHoles && scale >= 4) {
    ctx.strokeStyle = frame.colour("--border");
    ctx.lineWidth = 1;
    for (let r = range.r0; r < range.r1; r++) {
      for (let c = range.c0; c < range.c1; c++) {
        if (frame.map.index[r * cols + c]! >= 0) continue;
        const [x, y] = at(r * cols + c);
        ctx.strokeRect(x + 0.5, y + 0.5, size - 1, size - 1);
      }
    }
  }
  drawMarks(ctx, frame, range, size, at);
  const { hint } = frame.marks;
  if (hint !== null && hint !== undefined) {
    const [x, y] = at(frame.map.row[hint]! * cols + frame.map.col[hint]!);
    ctx.strokeStyle = frame.colour("--ok");
    ctx.lineWidth = Math.max(2, scale / 5);
    ctx.strokeRect(x - ctx.lineWidth / 2, y - ctx.lineWidth / 2, size + ctx.lineWidth, size + ctx.lineWidth);
  }
  if (frame.cursor !== null) {
    // The cursor, while the keyboard is on the board (it would hide a neighbour's outline otherwise).
    const [cx, cy] = at(frame.cursor);
    ctx.strokeStyle = frame.colour("--focus");
    ctx.lineWidth = 3;
    ctx.strokeRect(cx - 2, cy - 2, size + 4, size + 4);
  }
}

/** Marks of the cells in view: proof outlines, highlights, solution dots or counts, state digits. */
function drawMarks(
  ctx: CanvasRenderingContext2D,
  frame: Frame,
  range: { r0: number; r1: number; c0: number; c1: number },
  size: number,
  at: (p: number) => readonly [number, number],
): void {
  const { scale } = frame.view;
  const { marks, states } = frame;
  const text = scale >= TEXT_FROM;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  // A state of three digits (past 100 of up to 255 states) takes a smaller font to stay inside its cell.
  const stateFont = `600 ${Math.round(scale * 0.45)}px system-ui, sans-serif`;
  const longStateFont = `600 ${Math.round(scale * 0.32)}px system-ui, sans-serif`;
  ctx.font = stateFont;
  ctx.lineJoin = "round";
  const accent = frame.colour("--accent");
  const danger = frame.colour("--danger");
  // Cells of a few pixels: a mark is the whole cell in its colour (a dot or an outline would vanish).
  const tiny = scale < 6;
  for (let r = range.r0; r < range.r1; r++) {
    for (let c = range.c0; c < range.c1; c++) {
      const p = r * frame.cols + c;
      const cell = frame.map.index[p]!;
      if (cell < 0) continue;
      const [x, y] = at(p);
      const v = frame.lights[cell] ?? 0;
      const proof = marks.proof?.[cell] ?? 0;
      if (proof && tiny) {
        ctx.fillStyle = accent;
        ctx.fillRect(x, y, size, size);
      } else if (proof) {
        ctx.strokeStyle = accent;
        ctx.lineWidth = Math.max(1, scale / 6);
        ctx.strokeRect(x + ctx.lineWidth / 2, y + ctx.lineWidth / 2, size - ctx.lineWidth, size - ctx.lineWidth);
      }
      if (marks.highlight?.[cell]) {
        ctx.fillStyle = "rgba(255,255,255,0.35)";
        ctx.fillRect(x, y, size, size);
      }
      const press = marks.solution?.[cell] ?? 0;
      if (press) {
        ctx.fillStyle = danger;
        if (tiny) ctx.fillRect(x, y, size, size);
        else if (text && states > 2) {
          // the count in the lower right corner, the state digit moves to the upper left
          const s = Math.round(scale * 0.42);
          ctx.fillRect(x + size - s, y + size - s, s, s);
          ctx.fillStyle = "#fff";
          const count = String(press);
          ctx.font = `700 ${Math.round((s * 0.8 * Math.min(2, count.length)) / count.length)}px system-ui, sans-serif`;
          ctx.fillText(count, x + size - s / 2, y + size - s / 2);
          ctx.font = stateFont;
        } else {
          ctx.beginPath();
          ctx.arc(x + size / 2, y + size / 2, Math.max(1, size * 0.22), 0, 2 * Math.PI);
          ctx.fill();
        }
      }
      if (text && states > 2 && v) {
        const label = stateText(v, states);
        ctx.fillStyle = "#111";
        if (label.length > 2) ctx.font = longStateFont;
        const [tx, ty] = press ? [x + size * 0.3, y + size * 0.32] : [x + size / 2, y + size / 2];
        // Past 36 states some hues are dark: a light halo keeps the number readable on every one.
        if (states > 36) {
          ctx.strokeStyle = "rgba(255,255,255,0.8)";
          ctx.lineWidth = Math.max(2, scale * 0.1);
          ctx.strokeText(label, tx, ty);
        }
        ctx.fillText(label, tx, ty);
        if (label.length > 2) ctx.font = stateFont;
      }
    }
  }
}

/** The tile of the cells' shape last made (one a frame would cost a canvas each). */
let tileMade: { key: string; tile: HTMLCanvasElement } | null = null;

/**
 * One cell's shape as a tile of `pixels` device pixels a side, the gap included: the background
 * outside a round or diamond cell, a light and a dark edge on a beveled one, clear elsewhere.
 */
function cellTile(style: CellStyle, pixels: number, gap: number, background: string): HTMLCanvasElement {
  const key = `${style} ${pixels} ${gap} ${background}`;
  if (tileMade?.key === key) return tileMade.tile;
  const tile = document.createElement("canvas");
  tile.width = tile.height = pixels;
  const ctx = tile.getContext("2d")!;
  const size = pixels - gap;
  const half = size / 2;
  if (style === "beveled") {
    const edge = Math.max(1, Math.round(size * 0.14));
    const strip = (colour: string, points: readonly (readonly [number, number])[]) => {
      ctx.fillStyle = colour;
      ctx.beginPath();
      for (const [x, y] of points) ctx.lineTo(x, y);
      ctx.fill();
    };
    // light from the upper left: the top and left edges lit, the bottom and right in shade
    const lit = [
      [0, 0],
      [size, 0],
      [size - edge, edge],
      [edge, edge],
      [edge, size - edge],
      [0, size],
    ] as const;
    const shade = [
      [size, 0],
      [size, size],
      [0, size],
      [edge, size - edge],
      [size - edge, size - edge],
      [size - edge, edge],
    ] as const;
    strip("rgba(255, 255, 255, 0.5)", lit);
    strip("rgba(0, 0, 0, 0.4)", shade);
  } else {
    // the background over the whole tile, the gap too (no seam where the zoom is not whole pixels), the shape cut out
    ctx.fillStyle = background;
    ctx.fillRect(0, 0, pixels, pixels);
    ctx.globalCompositeOperation = "destination-out";
    ctx.beginPath();
    if (style === "round") ctx.arc(half, half, half, 0, 2 * Math.PI);
    else
      for (const [x, y] of [
        [half, 0],
        [size, half],
        [half, size],
        [0, half],
      ] as const)
        ctx.lineTo(x, y);
    ctx.fill();
  }
  tileMade = { key, tile };
  return tile;
}

/** The cells' shape over the cells in view: one tile, repeated from the board's corner, a cell a tile. */
function shapeCells(
  ctx: CanvasRenderingContext2D,
  frame: Frame,
  range: { r0: number; r1: number; c0: number; c1: number },
  background: string,
): void {
  const { scale, ox, oy } = frame.view;
  const dpr = ctx.getTransform().a;
  const pixels = Math.max(2, Math.round(scale * dpr));
  const tile = cellTile(frame.cells, pixels, Math.max(1, Math.round(dpr)), background);
  const pattern = ctx.createPattern(tile, "repeat");
  if (!pattern) return;
  // the tile's pixels spread over exactly one cell, whatever the zoom
  pattern.setTransform(new DOMMatrix().translate(ox, oy).scale(scale / pixels));
  ctx.fillStyle = pattern;
  const { r0, r1, c0, c1 } = range;
  ctx.fillRect(ox + c0 * scale, oy + r0 * scale, (c1 - c0) * scale, (r1 - r0) * scale);
}
