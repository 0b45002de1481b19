// Big grids drawn on one canvas: the cost of a frame grows with the cells in
// view, not with DOM nodes, so 256 x 256 boards stay smooth. Keyboard play
// and screen readers go through one focusable canvas with a cursor cell: its
// accessible name says where the cursor is and what the cell holds, a summary
// gives the whole board, and a live region reports each press. Zoom and pan
// by wheel, pinch, drag or the buttons (+, -, Fit; keys + - 0).

import type { GridBoard } from "@lightsout/core";
import type { CellMap } from "@lightsout/core/lightsout";
import type { BoardMarks, BoardView, BoardViewOptions } from "./board-view.js";
import { stateText, topologyClass } from "./cell-text.js";
import { h } from "./dom.js";

const MIN_CELL = 2; // css px: beyond fit-to-view, a cell never gets smaller than this ...
const MAX_CELL = 64; // ... or larger than this
const DRAG_SLOP = 6; // css px a pointer moves before a press becomes a pan
const TEXT_FROM = 14; // css px: digits drawn in cells at least this big

/**
 * Draws a grid board on a canvas (see the module comment).
 *
 * @param board - A grid board.
 * @param map - Its cell map (position <-> cell index).
 * @param options - As for `boardView`.
 * @param describe - The accessible description of one cell.
 * @param colour - The CSS colour of a state (a `var(--token)` or a colour).
 * @returns The view.
 * @example
 * ```ts
 * const view = canvasGridView(board, cellMap(board), { label: "Board", states: 2 }, describeCell, stateColor);
 * ```
 */
export function canvasGridView(
  board: GridBoard,
  map: CellMap,
  options: BoardViewOptions,
  describe: (row: number, col: number, state: number, marks: BoardMarks, cell: number) => string,
  colour: (state: number, states: number) => string,
): BoardView {
  const { rows, cols } = board;
  const canvas = h("canvas", {
    class: "board-canvas",
    tabindex: 0,
    role: "application",
    "aria-roledescription": "board",
    "data-rows": rows,
    "data-cols": cols,
  });
  const summaryId = `board-summary-${Math.random().toString(36).slice(2)}`;
  const summary = h("p", { class: "muted small board-summary", id: summaryId, "data-testid": "board-summary" });
  canvas.setAttribute("aria-describedby", summaryId);
  const live = h("p", { class: "visually-hidden", "aria-live": "polite", "data-testid": "board-live" });
  const zoomBy = (factor: number) => {
    const r = canvas.getBoundingClientRect();
    zoomAt(r.width / 2, r.height / 2, factor);
  };
  const tool = (text: string, label: string, action: string, onClick: () => void) => {
    const b = h("button", { type: "button", "aria-label": label, "data-zoom": action }, text);
    b.addEventListener("click", onClick);
    return b;
  };
  const element = h(
    "div",
    { class: `board board-canvas-host ${topologyClass(board)}`, role: "group", "aria-label": options.label },
    h(
      "div",
      { class: "toolbar zoom", role: "toolbar", "aria-label": "Zoom" },
      tool("+", "Zoom in", "in", () => zoomBy(1.5)),
      tool("−", "Zoom out", "out", () => zoomBy(1 / 1.5)),
      tool("Fit", "Fit the board in view", "fit", () => fitView()),
    ),
    canvas,
    summary,
    live,
  );

  let lights: readonly number[] = [];
  let marks: BoardMarks = {};
  let scale = 0; // css px per cell; 0 until the first layout
  let ox = 0; // css px from the canvas's left edge to column 0
  let oy = 0;
  let width = 0;
  let height = 0;
  let cursor = map.count ? map.row[0]! * cols + map.col[0]! : 0; // a grid position
  const kept = options.view;
  if (kept && kept.cursor >= 0 && kept.cursor < rows * cols) cursor = kept.cursor;
  let frame = 0;
  let lastPressed = -1;

  const usable = (p: number) => map.index[p]! >= 0 || options.showHoles === true;

  function fitScale(): number {
    return Math.max(MIN_CELL / 4, Math.min(width / cols, height / rows));
  }
  function fitView(): void {
    scale = fitScale();
    ox = (width - cols * scale) / 2;
    oy = (height - rows * scale) / 2;
    schedule();
  }
  function zoomAt(x: number, y: number, factor: number): void {
    const next = Math.min(MAX_CELL, Math.max(Math.min(MIN_CELL, fitScale()), scale * factor));
    ox = x - ((x - ox) * next) / scale;
    oy = y - ((y - oy) * next) / scale;
    scale = next;
    schedule();
  }
  function reveal(p: number): void {
    const x = ox + (p % cols) * scale;
    const y = oy + Math.floor(p / cols) * scale;
    if (x < 0) ox -= x;
    else if (x + scale > width) ox -= x + scale - width;
    if (y < 0) oy -= y;
    else if (y + scale > height) oy -= y + scale - height;
  }

  function layout(): void {
    const cssWidth = canvas.clientWidth || element.clientWidth || 320;
    const cssHeight = Math.round(Math.max(200, Math.min(cssWidth * (rows / cols), innerHeight * 0.75)));
    canvas.style.height = `${cssHeight}px`;
    const dpr = devicePixelRatio || 1;
    if (cssWidth === width && cssHeight === height && canvas.width === Math.round(cssWidth * dpr)) return;
    const first = scale === 0;
    width = cssWidth;
    height = cssHeight;
    canvas.width = Math.round(width * dpr);
    canvas.height = Math.round(height * dpr);
    if (first && kept && kept.scale > 0) {
      scale = kept.scale;
      ox = kept.ox;
      oy = kept.oy;
      schedule();
    } else if (first) fitView();
    else schedule();
  }
  // Laid out again when the host's size changes; the observer stops once the view leaves the page.
  let shown = false;
  const resized = new ResizeObserver(() => {
    if (element.isConnected) {
      shown = true;
      layout();
    } else if (shown) resized.disconnect();
  });
  resized.observe(element);

  function schedule(): void {
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      draw();
    });
  }

  function palette(): string[] {
    const style = getComputedStyle(element);
    const token = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
    return Array.from({ length: options.states }, (_, v) => {
      const css = colour(v, options.states);
      const m = css.match(/^var\((--[\w-]+)\)$/);
      return m ? token(m[1]!, v ? "#f5c542" : "#2a2f3a") : css;
    });
  }

  // The picture of the cells, one pixel per grid position, repainted when the lights or the theme change.
  const picture = document.createElement("canvas");
  picture.width = cols;
  picture.height = rows;
  const pictureContext = picture.getContext("2d", { willReadFrequently: false });
  const pixels = new ImageData(cols, rows);
  let painted: { lights: readonly number[]; colours: string } | null = null;

  /** RGBA bytes of CSS colours (through a 1 x 1 canvas, which parses any CSS colour). */
  function rgba(colours: string[]): Uint8ClampedArray[] {
    const probe = document.createElement("canvas").getContext("2d", { willReadFrequently: true })!;
    return colours.map((css) => {
      probe.clearRect(0, 0, 1, 1);
      probe.fillStyle = css;
      probe.fillRect(0, 0, 1, 1);
      return probe.getImageData(0, 0, 1, 1).data;
    });
  }

  function paintPixels(): void {
    const colours = palette();
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
    pictureContext?.putImageData(pixels, 0, 0);
    painted = { lights, colours: key };
  }

  function draw(): void {
    const ctx = canvas.getContext("2d");
    if (!ctx || scale === 0) return;
    const dpr = canvas.width / width;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    const style = getComputedStyle(element);
    const colour = (name: string) => style.getPropertyValue(name).trim() || "#888";
    ctx.fillStyle = colour("--surface");
    ctx.fillRect(0, 0, width, height);
    if (kept) Object.assign(kept, { scale, ox, oy, cursor });
    canvas.dataset.scale = String(scale);
    canvas.dataset.ox = String(ox);
    canvas.dataset.oy = String(oy);
    const c0 = Math.max(0, Math.floor(-ox / scale));
    const c1 = Math.min(cols, Math.ceil((width - ox) / scale));
    const r0 = Math.max(0, Math.floor(-oy / scale));
    const r1 = Math.min(rows, Math.ceil((height - oy) / scale));
    const gap = scale >= 6 ? 1 : 0;
    const size = scale - gap;
    // The cells: one pixel each in a rows x cols picture, scaled up in one drawImage (65,536
    // fillRects took about 100 ms a frame), then the gaps between cells drawn over it as lines.
    paintPixels();
    const background = colour("--surface");
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(picture, 0, 0, cols, rows, ox, oy, cols * scale, rows * scale);
    if (gap) {
      ctx.fillStyle = background;
      const top = oy + r0 * scale;
      const left = ox + c0 * scale;
      for (let c = c0; c < c1; c++) ctx.fillRect(ox + c * scale + size, top, gap, (r1 - r0) * scale);
      for (let r = r0; r < r1; r++) ctx.fillRect(left, oy + r * scale + size, (c1 - c0) * scale, gap);
    }
    const at = (p: number) => [ox + (p % cols) * scale, oy + Math.floor(p / cols) * scale] as const;
    if (options.showHoles && scale >= 4) {
      ctx.strokeStyle = colour("--border");
      ctx.lineWidth = 1;
      for (let r = r0; r < r1; r++) {
        for (let c = c0; c < c1; c++) {
          if (map.index[r * cols + c]! >= 0) continue;
          const [x, y] = at(r * cols + c);
          ctx.strokeRect(x + 0.5, y + 0.5, size - 1, size - 1);
        }
      }
    }
    // Marks: proof outlines, solution dots or counts, digits, the hint, the cursor.
    const text = scale >= TEXT_FROM;
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    // A state of three digits (past 100 of up to 255 states) takes a smaller font to stay inside its cell.
    const stateFont = `600 ${Math.round(scale * 0.45)}px system-ui, sans-serif`;
    const longStateFont = `600 ${Math.round(scale * 0.32)}px system-ui, sans-serif`;
    ctx.font = stateFont;
    ctx.lineJoin = "round";
    const accent = colour("--accent");
    const danger = colour("--danger");
    for (let r = r0; r < r1; r++) {
      for (let c = c0; c < c1; c++) {
        const p = r * cols + c;
        const cell = map.index[p]!;
        if (cell < 0) continue;
        const [x, y] = at(p);
        const v = lights[cell] ?? 0;
        const proof = marks.proof?.[cell] ?? 0;
        // Cells of a few pixels: a mark is the whole cell in its colour (a dot or an outline would vanish).
        const tiny = scale < 6;
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
          else if (text && options.states > 2) {
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
        if (text && options.states > 2 && v) {
          const label = stateText(v, options.states);
          ctx.fillStyle = "#111";
          if (label.length > 2) ctx.font = longStateFont;
          const [tx, ty] = press ? [x + size * 0.3, y + size * 0.32] : [x + size / 2, y + size / 2];
          // Past 36 states some hues are dark: a light halo keeps the number readable on every one.
          if (options.states > 36) {
            ctx.strokeStyle = "rgba(255,255,255,0.8)";
            ctx.lineWidth = Math.max(2, scale * 0.1);
            ctx.strokeText(label, tx, ty);
          }
          ctx.fillText(label, tx, ty);
          if (label.length > 2) ctx.font = stateFont;
        }
      }
    }
    if (marks.hint !== null && marks.hint !== undefined) {
      const p = map.row[marks.hint]! * cols + map.col[marks.hint]!;
      const [x, y] = at(p);
      ctx.strokeStyle = colour("--ok");
      ctx.lineWidth = Math.max(2, scale / 5);
      ctx.strokeRect(x - ctx.lineWidth / 2, y - ctx.lineWidth / 2, size + ctx.lineWidth, size + ctx.lineWidth);
    }
    if (document.activeElement === canvas) {
      // The cursor, while the keyboard is on the board (it would hide a neighbour's outline otherwise).
      const [cx, cy] = at(cursor);
      ctx.strokeStyle = colour("--focus");
      ctx.lineWidth = 3;
      ctx.strokeRect(cx - 2, cy - 2, size + 4, size + 4);
    }
  }

  function cursorLabel(): string {
    const cell = map.index[cursor]!;
    const r = Math.floor(cursor / cols) + 1;
    const c = (cursor % cols) + 1;
    return cell < 0 ? `Row ${r}, column ${c}, no cell` : describe(r, c, lights[cell] ?? 0, marks, cell);
  }

  function announce(): void {
    canvas.setAttribute("aria-label", `${options.label}: ${cursorLabel()}`);
    canvas.dataset.cursor = String(cursor);
  }

  function summarise(): void {
    let lit = 0;
    for (const v of lights) if (v) lit++;
    const presses = marks.solution ? marks.solution.reduce((n, x) => n + x, 0) : 0;
    summary.textContent =
      `${rows} × ${cols} board, ${lit.toLocaleString("en-US")} of ${map.count.toLocaleString("en-US")} ` +
      `${options.states === 2 ? "lights on" : "cells not at 0"}${marks.solution ? `; the solution marks ${presses.toLocaleString("en-US")} ${presses === 1 ? "press" : "presses"}` : ""}` +
      `${marks.proof ? "; the cells of the proof are outlined" : ""}. ` +
      "Arrow keys move the cursor, Enter or Space presses, + and − zoom, 0 fits; drag or pinch to pan and zoom.";
    element.dataset.lit = String(lit);
  }

  function press(p: number): void {
    if (!usable(p)) return;
    cursor = p;
    lastPressed = p;
    options.onPress?.(map.index[p]!, p);
  }

  function move(dr: number, dc: number): void {
    let r = Math.floor(cursor / cols);
    let c = cursor % cols;
    for (let steps = 0; steps < Math.max(rows, cols); steps++) {
      r += dr;
      c += dc;
      if (topologyClass(board) === "torus") {
        r = (r + rows) % rows;
        c = (c + cols) % cols;
      } else if (r < 0 || r >= rows || c < 0 || c >= cols) return;
      if (usable(r * cols + c)) {
        cursor = r * cols + c;
        reveal(cursor);
        announce();
        schedule();
        return;
      }
    }
  }

  canvas.addEventListener("keydown", (event) => {
    const arrows: Record<string, [number, number]> = {
      ArrowUp: [-1, 0],
      ArrowDown: [1, 0],
      ArrowLeft: [0, -1],
      ArrowRight: [0, 1],
    };
    const arrow = arrows[event.key];
    if (arrow) move(...arrow);
    else if (event.key === "Enter" || event.key === " ") press(cursor);
    else if (event.key === "+" || event.key === "=") zoomBy(1.5);
    else if (event.key === "-") zoomBy(1 / 1.5);
    else if (event.key === "0") fitView();
    else return;
    event.preventDefault();
  });
  canvas.addEventListener("focus", schedule);
  canvas.addEventListener("blur", schedule);
  canvas.addEventListener(
    "wheel",
    (event) => {
      event.preventDefault();
      const r = canvas.getBoundingClientRect();
      zoomAt(event.clientX - r.left, event.clientY - r.top, Math.exp(-event.deltaY * 0.002));
    },
    { passive: false },
  );

  // Pointers: a tap presses, a drag pans, two fingers pinch.
  const pointers = new Map<number, { x: number; y: number }>();
  let dragged = false;
  let start = { x: 0, y: 0 };
  canvas.addEventListener("pointerdown", (event) => {
    try {
      canvas.setPointerCapture(event.pointerId);
    } catch {
      // a pointer the browser no longer tracks: the moves still arrive while it is over the canvas
    }
    pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.size === 1) {
      dragged = false;
      start = { x: event.clientX, y: event.clientY };
    } else dragged = true;
  });
  canvas.addEventListener("pointermove", (event) => {
    const before = pointers.get(event.pointerId);
    if (!before) return;
    const now = { x: event.clientX, y: event.clientY };
    if (pointers.size === 2) {
      const other = [...pointers.entries()].find(([id]) => id !== event.pointerId)![1];
      const d0 = Math.hypot(before.x - other.x, before.y - other.y);
      const d1 = Math.hypot(now.x - other.x, now.y - other.y);
      const r = canvas.getBoundingClientRect();
      if (d0 > 0) zoomAt((now.x + other.x) / 2 - r.left, (now.y + other.y) / 2 - r.top, d1 / d0);
    } else if (dragged || Math.hypot(now.x - start.x, now.y - start.y) > DRAG_SLOP) {
      dragged = true;
      ox += now.x - before.x;
      oy += now.y - before.y;
      schedule();
    }
    pointers.set(event.pointerId, now);
  });
  const release = (event: PointerEvent) => {
    if (!pointers.delete(event.pointerId)) return;
    if (event.type === "pointerup" && !dragged && pointers.size === 0) {
      const r = canvas.getBoundingClientRect();
      const c = Math.floor((event.clientX - r.left - ox) / scale);
      const row = Math.floor((event.clientY - r.top - oy) / scale);
      if (c >= 0 && c < cols && row >= 0 && row < rows) {
        canvas.focus({ preventScroll: true });
        press(row * cols + c);
      }
    }
  };
  canvas.addEventListener("pointerup", release);
  canvas.addEventListener("pointercancel", release);

  return {
    element,
    update(next, nextMarks = {}) {
      lights = next;
      marks = nextMarks;
      announce();
      summarise();
      if (lastPressed >= 0) {
        live.textContent = `${cursorLabel()}. ${summary.textContent!.split(".")[0]}.`;
        lastPressed = -1;
      }
      layout();
      schedule();
    },
  };
}
