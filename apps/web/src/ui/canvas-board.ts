// Big grids drawn on one canvas: the cost of a frame grows with the cells in
// view, not with DOM nodes, so 256 x 256 boards stay smooth. Keyboard play
// and screen readers go through one focusable canvas with a cursor cell: its
// accessible name says where the cursor is and what the cell holds, a summary
// gives the whole board, and a live region reports each press. Zoom and pan
// by wheel, pinch, drag or the buttons (+, -, Fit; keys + - 0).

import type { GridBoard } from "@lightsout/core";
import type { CellMap } from "@lightsout/core/lightsout";
import type { BoardMarks, BoardView, BoardViewOptions } from "./board-types.js";
import { cellPicture, drawFrame } from "./canvas-paint.js";
import { cellLabel, stateColor, topologyClass } from "./cells.js";
import { h } from "./dom.js";
import { ARROW_STEPS, walk } from "./grid-walk.js";
import { broughtIntoView, fitted, positionAt, revealed, type Viewport, zoomedAt } from "./viewport.js";

const DRAG_SLOP = 6; // css px a pointer moves before a press becomes a pan

/**
 * Draws a grid board on a canvas (see the module comment).
 *
 * @param board - A grid board.
 * @param map - Its cell map (position <-> cell index).
 * @param options - As for `boardView`.
 * @returns The view.
 * @example
 * ```ts
 * const view = canvasGridView(board, cellMap(board), { label: "Board", states: 2 });
 * ```
 */
export function canvasGridView(board: GridBoard, map: CellMap, options: BoardViewOptions): BoardView {
  const { rows, cols } = board;
  const grid = { rows, cols };
  const { canvas, element, summary, live } = canvasElements(board, options.label, {
    zoomIn: () => zoomBy(1.5),
    zoomOut: () => zoomBy(1 / 1.5),
    fit: () => fitView(),
  });

  let lights: readonly number[] = [];
  let marks: BoardMarks = {};
  let view: Viewport = { scale: 0, ox: 0, oy: 0, width: 0, height: 0 };
  let cursor = map.count ? map.row[0]! * cols + map.col[0]! : 0; // a grid position
  const kept = options.view;
  if (kept && kept.cursor >= 0 && kept.cursor < rows * cols) cursor = kept.cursor;
  let frame = 0;
  let lastPressed = -1;
  let cells = options.cells ?? "square";
  element.dataset.cells = cells;
  const picture = cellPicture(rows, cols, map);

  const usable = (p: number) => map.index[p]! >= 0 || options.showHoles === true;
  const zoomBy = (factor: number) => {
    const r = canvas.getBoundingClientRect();
    zoomAt(r.width / 2, r.height / 2, factor);
  };
  function fitView(): void {
    view = fitted(view, grid);
    schedule();
  }
  function zoomAt(x: number, y: number, factor: number): void {
    view = zoomedAt(view, grid, x, y, factor);
    schedule();
  }

  function layout(): void {
    const cssWidth = canvas.clientWidth || element.clientWidth || 320;
    const cssHeight = Math.round(Math.max(200, Math.min(cssWidth * (rows / cols), innerHeight * 0.75)));
    canvas.style.height = `${cssHeight}px`;
    const dpr = devicePixelRatio || 1;
    if (cssWidth === view.width && cssHeight === view.height && canvas.width === Math.round(cssWidth * dpr)) return;
    const first = view.scale === 0;
    view = { ...view, width: cssWidth, height: cssHeight };
    canvas.width = Math.round(cssWidth * dpr);
    canvas.height = Math.round(cssHeight * dpr);
    if (first && kept && kept.scale > 0) {
      view = { ...view, scale: kept.scale, ox: kept.ox, oy: kept.oy };
      schedule();
    } else if (first) fitView();
    else schedule();
  }
  observeSize(element, layout);

  function schedule(): void {
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      draw();
    });
  }

  function draw(): void {
    const ctx = canvas.getContext("2d");
    if (!ctx || view.scale === 0) return;
    const dpr = canvas.width / view.width;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    const style = getComputedStyle(element);
    const colour = (name: string) => style.getPropertyValue(name).trim() || "#888";
    if (kept) Object.assign(kept, { scale: view.scale, ox: view.ox, oy: view.oy, cursor });
    Object.assign(canvas.dataset, { scale: String(view.scale), ox: String(view.ox), oy: String(view.oy) });
    picture.paint(lights, palette(element, options.states));
    const focused = document.activeElement === canvas;
    const { showHoles = false, states } = options;
    drawFrame(
      ctx,
      { rows, cols, map, states, showHoles, view, lights, marks, cursor: focused ? cursor : null, colour, cells },
      picture.canvas,
    );
  }

  const cursorLabel = () => positionLabel(map, cols, cursor, lights, options.states, marks);

  function announce(): void {
    canvas.setAttribute("aria-label", `${options.label}: ${cursorLabel()}`);
    canvas.dataset.cursor = String(cursor);
  }

  function press(p: number): void {
    if (!usable(p)) return;
    cursor = p;
    lastPressed = p;
    options.onPress?.(map.index[p]!, p);
  }

  function move(step: readonly [number, number]): void {
    const next = walk(cursor, step, rows, cols, topologyClass(board) === "torus", usable);
    if (next < 0) return;
    cursor = next;
    view = revealed(view, grid, cursor);
    announce();
    schedule();
  }

  canvasInput(canvas, {
    move,
    press: () => press(cursor),
    zoomBy,
    zoomAt,
    fit: fitView,
    redraw: schedule,
    pan(dx, dy) {
      view = { ...view, ox: view.ox + dx, oy: view.oy + dy };
      schedule();
    },
    tap(x, y) {
      const p = positionAt(view, grid, x, y);
      if (p < 0) return;
      canvas.focus({ preventScroll: true });
      press(p);
    },
  });

  return {
    element,
    restyle(next) {
      cells = next;
      element.dataset.cells = next;
      schedule();
    },
    update(next, nextMarks = {}) {
      lights = next;
      const hint = nextMarks.hint ?? null; // a new hint is brought into view (zoomed in on tiny cells), the cursor on it
      if (hint !== null && hint !== marks.hint && hint < map.count) {
        cursor = map.row[hint]! * cols + map.col[hint]!;
        if (view.scale > 0) view = broughtIntoView(view, grid, cursor);
      }
      marks = nextMarks;
      announce();
      element.dataset.lit = String(summarise(summary, board, map.count, options.states, lights, marks));
      if (lastPressed >= 0) {
        live.textContent = `${cursorLabel()}. ${summary.textContent!.split(".")[0]}.`;
        lastPressed = -1;
      }
      layout();
      schedule();
    },
  };
}

/** What a grid position holds, said: its row and column, and its cell's state and marks (or "no cell"). */
function positionLabel(
  map: CellMap,
  cols: number,
  position: number,
  lights: readonly number[],
  states: number,
  marks: BoardMarks,
): string {
  const cell = map.index[position]!;
  const r = Math.floor(position / cols) + 1;
  const c = (position % cols) + 1;
  return cell < 0 ? `Row ${r}, column ${c}, no cell` : cellLabel(r, c, lights[cell] ?? 0, states, marks, cell);
}

/** Lays the view out again when the host's size changes; the observer stops once the view leaves the page. */
function observeSize(element: HTMLElement, layout: () => void): void {
  let shown = false;
  const resized = new ResizeObserver(() => {
    if (element.isConnected) {
      shown = true;
      layout();
    } else if (shown) resized.disconnect();
  });
  resized.observe(element);
}

/** The canvas, its zoom buttons, the summary and the live region, in their host. */
function canvasElements(
  board: GridBoard,
  label: string,
  zoom: { zoomIn(): void; zoomOut(): void; fit(): void },
): { element: HTMLElement; canvas: HTMLCanvasElement; summary: HTMLElement; live: HTMLElement } {
  const canvas = h("canvas", {
    class: "board-canvas",
    tabindex: 0,
    role: "application",
    "aria-roledescription": "board",
    "data-rows": board.rows,
    "data-cols": board.cols,
  });
  const summaryId = `board-summary-${Math.random().toString(36).slice(2)}`;
  const summary = h("p", { class: "muted small board-summary", id: summaryId, "data-testid": "board-summary" });
  canvas.setAttribute("aria-describedby", summaryId);
  const live = h("p", { class: "visually-hidden", "aria-live": "polite", "data-testid": "board-live" });
  const tool = (text: string, name: string, action: string, onClick: () => void) => {
    const b = h("button", { type: "button", "aria-label": name, "data-zoom": action }, text);
    b.addEventListener("click", onClick);
    return b;
  };
  const element = h(
    "div",
    { class: `board board-canvas-host ${topologyClass(board)}`, role: "group", "aria-label": label },
    h(
      "div",
      { class: "toolbar zoom", role: "toolbar", "aria-label": "Zoom" },
      tool("+", "Zoom in", "in", zoom.zoomIn),
      tool("−", "Zoom out", "out", zoom.zoomOut),
      tool("Fit", "Fit the board in view", "fit", zoom.fit),
    ),
    canvas,
    summary,
    live,
  );
  return { element, canvas, summary, live };
}

/** The CSS colour of each state, with the theme's tokens resolved (the picture's pixels need real colours). */
function palette(element: HTMLElement, states: number): string[] {
  const style = getComputedStyle(element);
  const token = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return Array.from({ length: states }, (_, v) => {
    const css = stateColor(v, states);
    const m = css.match(/^var\((--[\w-]+)\)$/);
    return m ? token(m[1]!, v ? "#f5c542" : "#2a2f3a") : css;
  });
}

/** Writes the whole board in one sentence; returns the number of cells not at 0. */
function summarise(
  summary: HTMLElement,
  board: GridBoard,
  cells: number,
  states: number,
  lights: readonly number[],
  marks: BoardMarks,
): number {
  let lit = 0;
  for (const v of lights) if (v) lit++;
  const presses = marks.solution ? marks.solution.reduce((n, x) => n + x, 0) : 0;
  summary.textContent =
    `${board.rows} × ${board.cols} board, ${lit.toLocaleString("en-US")} of ${cells.toLocaleString("en-US")} ` +
    `${states === 2 ? "lights on" : "cells not at 0"}${marks.solution ? `; the solution marks ${presses.toLocaleString("en-US")} ${presses === 1 ? "press" : "presses"}` : ""}` +
    `${marks.proof ? "; the cells of the proof are outlined" : ""}. ` +
    "Arrow keys move the cursor, Enter or Space presses, + and − zoom, 0 fits; drag or pinch to pan and zoom.";
  return lit;
}

/** What the canvas's input asks of the view (points in css px from the canvas's corner). */
interface CanvasActions {
  /** An arrow key: move the cursor. */
  move(step: readonly [number, number]): void;
  /** Enter or Space: press the cursor's cell. */
  press(): void;
  zoomBy(factor: number): void;
  zoomAt(x: number, y: number, factor: number): void;
  fit(): void;
  /** Focus came or went: the cursor shows only while the keyboard is on the board. */
  redraw(): void;
  pan(dx: number, dy: number): void;
  tap(x: number, y: number): void;
}

/** Keys, the wheel and pointers on the canvas, as actions. */
function canvasInput(canvas: HTMLCanvasElement, on: CanvasActions): void {
  canvas.addEventListener("keydown", (event) => {
    const arrow = ARROW_STEPS[event.key];
    if (arrow) on.move(arrow);
    else if (event.key === "Enter" || event.key === " ") on.press();
    else if (event.key === "+" || event.key === "=") on.zoomBy(1.5);
    else if (event.key === "-") on.zoomBy(1 / 1.5);
    else if (event.key === "0") on.fit();
    else return;
    event.preventDefault();
  });
  canvas.addEventListener("focus", on.redraw);
  canvas.addEventListener("blur", on.redraw);
  canvas.addEventListener(
    "wheel",
    (event) => {
      event.preventDefault();
      const r = canvas.getBoundingClientRect();
      on.zoomAt(event.clientX - r.left, event.clientY - r.top, Math.exp(-event.deltaY * 0.002));
    },
    { passive: false },
  );
  pointerGestures(canvas, on);
}

/** Pointers on the canvas: a tap presses, a drag pans, two fingers pinch. */
function pointerGestures(canvas: HTMLCanvasElement, on: CanvasActions): void {
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
      if (d0 > 0) on.zoomAt((now.x + other.x) / 2 - r.left, (now.y + other.y) / 2 - r.top, d1 / d0);
    } else if (dragged || Math.hypot(now.x - start.x, now.y - start.y) > DRAG_SLOP) {
      dragged = true;
      on.pan(now.x - before.x, now.y - before.y);
    }
    pointers.set(event.pointerId, now);
  });
  const release = (event: PointerEvent) => {
    if (!pointers.delete(event.pointerId)) return;
    if (event.type === "pointerup" && !dragged && pointers.size === 0) {
      const r = canvas.getBoundingClientRect();
      on.tap(event.clientX - r.left, event.clientY - r.top);
    }
  };
  canvas.addEventListener("pointerup", release);
  canvas.addEventListener("pointercancel", release);
}
