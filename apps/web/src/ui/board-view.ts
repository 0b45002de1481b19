// Draws any board: grids (rectangles, tori, masks) as a CSS grid of
// buttons up to 32 x 32 (and 16 px a cell) and on a canvas beyond (canvas-board.ts), graph boards as SVG circles on a circle. One focusable cell at a
// time (roving tabindex): arrows move, Enter or Space presses.

import type { Board } from "@lightsout/core";
import { cellMap } from "@lightsout/core/lightsout";
import type { BoardMarks, BoardView, BoardViewOptions } from "./board-types.js";
import { canvasGridView } from "./canvas-board.js";
import { cellLabel, stateColor, stateText, topologyClass } from "./cells.js";
import { h } from "./dom.js";
import { ARROW_STEPS, walk } from "./grid-walk.js";
import { MAX_DRAWN_EDGES } from "../state/limits.js";
import { graphLayout } from "./graph-layout.js";
import "./board-view.css";

/** Grids with more positions than this are drawn on a canvas (a button per cell stays smooth up to about here). */
export const MAX_BUTTON_CELLS = 1024;
/** Narrower buttons than this (css px, the window's width over the columns) are too small to hit: a canvas, with zoom, instead. */
const MIN_BUTTON_PX = 16;

/**
 * Draws a board.
 *
 * @param board - Any board of the engine.
 * @param options - Label, states, press handler, holes, mini.
 * @returns The view: append `element`, call `update` with the lights.
 * @example
 * ```ts
 * const view = boardView(gridBoard(5, 5), { label: "Board", states: 2, onPress: (i) => play(i) });
 * root.append(view.element);
 * view.update(lights);
 * ```
 */
export function boardView(board: Board, options: BoardViewOptions): BoardView {
  return board.kind === "graph" ? graphView(board, options) : gridView(board, options);
}

function gridView(board: Extract<Board, { kind: "grid" }>, options: BoardViewOptions): BoardView {
  const { rows, cols } = board;
  const map = cellMap(board);
  const mini = options.mini ?? false;
  if (!mini && (rows * cols > MAX_BUTTON_CELLS || cols * MIN_BUTTON_PX > innerWidth))
    return canvasGridView(board, map, options);
  const element = h("div", {
    class: `board board-grid${mini ? " mini" : ""} ${topologyClass(board)}${options.states > 2 ? " multi" : ""}${options.states > 36 ? " many" : ""}`,
    role: mini ? "img" : "group",
    "aria-label": options.label,
    "data-cells": options.cells ?? "square",
  });
  // CSSOM, not a style attribute: the Content-Security-Policy allows no inline styles.
  element.style.setProperty("--rows", String(rows));
  element.style.setProperty("--cols", String(cols));
  // One element per grid position; holes are inert spans unless the builder wants them.
  const slots: HTMLElement[] = [];
  const cellsEl: HTMLElement[] = [];
  for (let p = 0; p < rows * cols; p++) {
    const cell = map.index[p]!;
    const r = Math.floor(p / cols);
    const c = p % cols;
    let el: HTMLElement;
    if (mini) el = h("span", { class: cell >= 0 ? "cell" : "hole" });
    else if (cell >= 0 || options.showHoles) {
      el = h("button", { type: "button", class: cell >= 0 ? "cell" : "hole", tabindex: -1, "data-pos": p });
      if (cell < 0) el.setAttribute("aria-label", `Row ${r + 1}, column ${c + 1}, no cell`);
      el.addEventListener("click", () => {
        focusSlot(p);
        options.onPress?.(cell, p);
      });
    } else el = h("span", { class: "hole", "aria-hidden": "true" });
    if (cell >= 0) {
      el.dataset.cell = String(cell);
      cellsEl[cell] = el;
    }
    slots.push(el);
    element.append(el);
  }
  const focusable = (p: number) => slots[p]!.tagName === "BUTTON";
  let current = slots.findIndex((_, p) => focusable(p));
  if (current >= 0) slots[current]!.tabIndex = 0;
  function focusSlot(p: number): void {
    if (current >= 0) slots[current]!.tabIndex = -1;
    current = p;
    slots[p]!.tabIndex = 0;
    slots[p]!.focus();
  }
  if (!mini) {
    element.addEventListener("keydown", (event) => {
      const step = ARROW_STEPS[event.key];
      if (!step || current < 0) return;
      event.preventDefault();
      // Walk in the arrow's direction, skipping holes, wrapping on a torus.
      const next = walk(current, step, rows, cols, topologyClass(board) === "torus", focusable);
      if (next >= 0) focusSlot(next);
    });
  }
  return {
    element,
    update(lights, marks = {}) {
      const hinted = marks.hint ?? null;
      const newHint = hinted !== null && !cellsEl[hinted]?.classList.contains("hint");
      cellsEl.forEach((el, i) => {
        const v = lights[i] ?? 0;
        paint(el, i, v, options.states, marks, !mini);
        if (!mini)
          el.setAttribute("aria-label", cellLabel(map.row[i]! + 1, map.col[i]! + 1, v, options.states, marks, i));
      });
      // a new hint on a board wider or taller than the screen: scrolled into view
      if (newHint) cellsEl[hinted]?.scrollIntoView({ block: "nearest", inline: "nearest" });
    },
    restyle(cells) {
      element.dataset.cells = cells;
    },
  };
}

function paint(el: Element, i: number, v: number, states: number, marks: BoardMarks, withText: boolean): void {
  const data = (el as HTMLElement | SVGElement).dataset;
  data.state = String(v);
  (el as HTMLElement | SVGElement).style.setProperty("--fill", stateColor(v, states));
  const x = marks.solution?.[i] ?? 0;
  if (x) data.press = String(x);
  else delete data.press;
  el.classList.toggle("hint", marks.hint === i);
  const y = marks.proof?.[i] ?? 0;
  if (y) data.proof = String(y);
  else delete data.proof;
  el.classList.toggle("highlight", !!marks.highlight?.[i]);
  if (withText) {
    // k > 2: the state as a digit (a number past 36 states) too, so colour is never the only cue.
    const text = stateText(v, states);
    if (el.textContent !== text) el.textContent = text;
  }
}

const SVG = "http://www.w3.org/2000/svg";

function graphView(board: Extract<Board, { kind: "graph" }>, options: BoardViewOptions): BoardView {
  const n = board.vertices;
  const mini = options.mini ?? false;
  const size = 320;
  const { points, forces } = graphLayout(n, board.edges, size, 30);
  // Dots as big as the closest pair of vertices allows (the circle's spacing beyond the force layout).
  let spacing = n === 1 ? 44 : (2 * Math.PI * 130) / n;
  if (forces)
    for (let u = 0; u < n; u++)
      for (let v = u + 1; v < n; v++)
        spacing = Math.min(spacing, Math.hypot(points[u]![0] - points[v]![0], points[u]![1] - points[v]![1]));
  const dot = Math.max(forces ? 4 : 6, Math.min(22, spacing / 2 - 2));
  const at = (v: number) => points[v]!;
  const svg = document.createElementNS(SVG, "svg");
  svg.dataset.layout = forces ? "forces" : "circle";
  svg.setAttribute("viewBox", `0 0 ${size} ${size}`);
  svg.setAttribute("class", `board board-graph${mini ? " mini" : ""}`);
  svg.setAttribute("role", mini ? "img" : "group");
  svg.setAttribute("aria-label", options.label);
  svg.dataset.cells = options.cells ?? "square";
  // Every edge in one path, one DOM node; beyond MAX_DRAWN_EDGES none (a link may carry 65,536:
  // drawn, the chords took the renderer tens of seconds a frame, and showed nothing readable).
  svg.dataset.edgesDrawn = String(board.edges.length <= MAX_DRAWN_EDGES);
  if (board.edges.length <= MAX_DRAWN_EDGES) {
    const round = (x: number) => Math.round(x * 10) / 10;
    const edges = document.createElementNS(SVG, "path");
    edges.setAttribute(
      "d",
      board.edges
        .map(([u, v]) => `M${round(at(u)[0])} ${round(at(u)[1])}L${round(at(v)[0])} ${round(at(v)[1])}`)
        .join(""),
    );
    edges.setAttribute("class", "edge");
    svg.append(edges);
  }
  const nodes: SVGGElement[] = [];
  let current = 0;
  for (let v = 0; v < n; v++) {
    const g = document.createElementNS(SVG, "g");
    g.setAttribute("class", "cell vertex");
    g.dataset.cell = String(v);
    const [x, y] = at(v);
    const circle = document.createElementNS(SVG, "circle");
    circle.setAttribute("cx", String(x));
    circle.setAttribute("cy", String(y));
    circle.setAttribute("r", String(dot));
    const text = document.createElementNS(SVG, "text");
    text.setAttribute("x", String(x));
    text.setAttribute("y", String(y));
    // The focus ring is its own circle, outside the vertex's: proofs and hints colour the vertex's stroke.
    const ring = document.createElementNS(SVG, "circle");
    ring.setAttribute("class", "focus-ring");
    ring.setAttribute("cx", String(x));
    ring.setAttribute("cy", String(y));
    ring.setAttribute("r", String(dot + 5));
    g.append(ring, circle, text);
    if (!mini) {
      g.setAttribute("role", "button");
      g.setAttribute("tabindex", v === 0 ? "0" : "-1");
      g.addEventListener("click", () => {
        focusVertex(v);
        options.onPress?.(v, v);
      });
    }
    nodes.push(g);
    svg.append(g);
  }
  function focusVertex(v: number): void {
    nodes[current]!.setAttribute("tabindex", "-1");
    current = v;
    nodes[v]!.setAttribute("tabindex", "0");
    nodes[v]!.focus();
  }
  if (!mini) {
    svg.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        options.onPress?.(current, current);
      } else if (event.key === "ArrowRight" || event.key === "ArrowDown") {
        event.preventDefault();
        focusVertex((current + 1) % n);
      } else if (event.key === "ArrowLeft" || event.key === "ArrowUp") {
        event.preventDefault();
        focusVertex((current + n - 1) % n);
      }
    });
  }
  return {
    element: svg as unknown as HTMLElement,
    restyle(cells) {
      svg.dataset.cells = cells;
    },
    update(lights, marks = {}) {
      nodes.forEach((g, v) => {
        const state = lights[v] ?? 0;
        paint(g, v, state, options.states, marks, false);
        const x = marks.solution?.[v] ?? 0;
        g.querySelector("text")!.textContent = x
          ? options.states === 2
            ? "•"
            : `×${x}`
          : options.states > 2 && state
            ? String(state)
            : "";
        if (!mini)
          g.setAttribute(
            "aria-label",
            cellLabel(v + 1, 1, state, options.states, marks, v).replace(/^Row (\d+), column 1/, "Vertex $1"),
          );
      });
    },
  };
}
