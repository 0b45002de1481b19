// Build's diagram of the projective plane's gluing (loaded with the first
// projective board): the square the board is drawn on, its edges marked with
// arrows (a pair of edges with the same letter is glued so that the arrows
// meet: top to bottom and left to right, each reversed, a half-turn), and,
// for the cell hovered or focused on the board or here, the cells its press
// reaches across the seam (state/build/seam.ts, from the library).

import type { GridBoard } from "@lightsout/core";
import { seamsOf } from "../../state/build/seam.js";
import { h } from "../../ui/dom.js";

const SVG = "http://www.w3.org/2000/svg";
/** Cells are drawn up to this many a side; beyond, the square and its arrows alone. */
const MAX_DRAWN_SIDE = 32;
/** The square's side and the margin for the arrows, in the SVG's units. */
const SIDE = 240;
const MARGIN = 28;

/** The diagram: its panel, and the cell whose neighbours across the seam it shows. */
export interface SeamDiagram {
  readonly element: HTMLElement;
  /** Shows the cells a grid position reaches across the seam (-1: none). */
  show(position: number): void;
}

function svg<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | number>,
): SVGElementTagNameMap[K] {
  const el = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, String(value));
  return el;
}

/** An edge's arrow along (x1, y1) -> (x2, y2), outside the square, with `heads` chevrons and its letter at (lx, ly). */
function arrow(
  [x1, y1, x2, y2]: readonly [number, number, number, number],
  heads: number,
  letter: string,
  [lx, ly]: readonly [number, number],
): SVGGElement {
  const g = svg("g", { class: "seam-arrow" });
  g.append(svg("line", { x1, y1, x2, y2 }));
  const [dx, dy] = [Math.sign(x2 - x1), Math.sign(y2 - y1)];
  for (let i = 0; i < heads; i++) {
    // chevrons at the middle, pointing the arrow's way
    const cx = (x1 + x2) / 2 + dx * (8 - i * 8);
    const cy = (y1 + y2) / 2 + dy * (8 - i * 8);
    const back = 7;
    const side = 6;
    g.append(
      svg("path", {
        d: `M${cx - dx * back + dy * side} ${cy - dy * back + dx * side}L${cx} ${cy}L${cx - dx * back - dy * side} ${cy - dy * back - dx * side}`,
      }),
    );
  }
  const label = svg("text", { x: lx, y: ly });
  label.textContent = letter;
  g.append(label);
  return g;
}

/** The four arrows: a → on top and ← at the bottom; b ↓ on the left and ↑ on the right. */
function arrows(): SVGGElement {
  const g = svg("g", { "aria-hidden": "true" });
  const lo = MARGIN;
  const hi = MARGIN + SIDE;
  const gap = 10;
  const mid = MARGIN + SIDE / 2;
  // each letter sits beside its arrow's tail end, away from the square
  g.append(
    arrow([lo, lo - gap, hi, lo - gap], 1, "a", [lo + 12, lo - gap - 6]),
    arrow([hi, hi + gap, lo, hi + gap], 1, "a", [hi - 12, hi + gap + 16]),
    arrow([lo - gap, lo, lo - gap, hi], 2, "b", [lo - gap - 10, mid - 30]),
    arrow([hi + gap, hi, hi + gap, lo], 2, "b", [hi + gap + 10, mid + 34]),
  );
  return g;
}

/**
 * The gluing diagram of a projective board.
 *
 * @param board - The board (a projective plane): what each position reaches across the seam comes from
 *   the library's neighbourhoods on it.
 * @param present - Which grid positions hold a cell.
 */
export function seamDiagram(board: GridBoard, present: readonly boolean[]): SeamDiagram {
  const seams = seamsOf(board);
  const { rows, cols } = seams;
  const drawn = rows <= MAX_DRAWN_SIDE && cols <= MAX_DRAWN_SIDE;
  const picture = svg("svg", {
    viewBox: `0 0 ${SIDE + 2 * MARGIN} ${SIDE + 2 * MARGIN}`,
    class: "seam-svg",
    "aria-hidden": "true",
  });
  picture.append(svg("rect", { class: "seam-square", x: MARGIN, y: MARGIN, width: SIDE, height: SIDE }));
  const cells: SVGRectElement[] = [];
  if (drawn) {
    const w = SIDE / Math.max(rows, cols);
    const [x0, y0] = [MARGIN + (SIDE - cols * w) / 2, MARGIN + (SIDE - rows * w) / 2];
    for (let p = 0; p < rows * cols; p++) {
      const cell = svg("rect", {
        class: present[p] ? "seam-cell" : "seam-hole",
        x: x0 + (p % cols) * w + 1,
        y: y0 + Math.floor(p / cols) * w + 1,
        width: w - 2,
        height: w - 2,
        "data-pos": p,
      });
      cells.push(cell);
      picture.append(cell);
    }
  }
  picture.append(arrows());
  const hint = drawn
    ? "Hover over or focus a cell by an edge (on the board or here) to see the cells its press reaches across the seam."
    : `The cells are drawn here up to ${MAX_DRAWN_SIDE} × ${MAX_DRAWN_SIDE}; this board is glued the same way.`;
  const said = h("p", { class: "small", "aria-live": "polite", "data-testid": "seam-said" });
  const element = h(
    "figure",
    {
      class: "panel seam-panel",
      "data-testid": "seam-diagram",
      role: "group",
      "aria-label": "How the edges are glued",
    },
    picture,
    h(
      "figcaption",
      { class: "muted small" },
      `The projective plane from the square: the two edges marked a are glued so that their arrows match, and so are the two marked b: each pair with a half-turn, both reversed. Leaving the top at column j comes back at the bottom at column ${cols + 1} − j; leaving the left at row i comes back on the right at row ${rows + 1} − i. ${hint}`,
    ),
    said,
  );
  const name = (p: number) => `row ${Math.floor(p / cols) + 1}, column ${(p % cols) + 1}`;
  let shown = -2;
  const show = (position: number) => {
    if (position === shown) return;
    shown = position;
    for (const cell of cells) cell.classList.remove("source", "across");
    const across = position >= 0 ? (seams.across[position] ?? []) : [];
    if (position >= 0) cells[position]?.classList.add("source");
    for (const q of across) cells[q]?.classList.add("across");
    element.dataset.source = String(position);
    element.dataset.across = across.join(" ");
    if (position < 0 || !present[position]) said.textContent = "";
    else if (across.length === 0) said.textContent = `The press of ${name(position)} reaches nothing across the seam.`;
    else said.textContent = `The press of ${name(position)} reaches across the seam: ${across.map(name).join("; ")}.`;
  };
  picture.addEventListener("pointerover", (event) => {
    const pos = (event.target as Element).getAttribute("data-pos");
    if (pos !== null) show(Number(pos));
  });
  return { element, show };
}
