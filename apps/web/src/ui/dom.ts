// Tiny DOM helpers: the screens build their markup with these instead of
// innerHTML, so every text is escaped and every control has its label.

import { CELL_STYLES, type CellStyle, loadCellStyle, saveCellStyle } from "../state/cell-style.js";

type Attrs = Record<string, string | number | boolean | undefined | null>;
type Child = Node | string | null | undefined | false;

/**
 * Creates an element with attributes (`class`, `aria-*`, `data-*`, ...) and children.
 *
 * @param tag - The tag name.
 * @param attrs - Attributes; `true` sets an empty attribute, `false`/null/undefined skip it.
 * @param children - Nodes or text.
 * @returns The element.
 * @example
 * ```ts
 * h("button", { type: "button", "aria-label": "Undo" }, "Undo");
 * ```
 */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    el.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children) if (child !== null && child !== undefined && child !== false) el.append(child);
  return el;
}

/**
 * A button that runs `onClick`.
 *
 * @param label - Visible text.
 * @param onClick - Handler.
 * @param attrs - More attributes (e.g. `data-action`).
 * @returns The button.
 * @example
 * ```ts
 * button("Undo", () => undoMove(), { "data-action": "undo" });
 * ```
 */
export function button(label: string, onClick: () => void, attrs: Attrs = {}): HTMLButtonElement {
  const b = h("button", { type: "button", ...attrs }, label);
  b.addEventListener("click", onClick);
  return b;
}

/**
 * A row of controls with its accessible name (role toolbar).
 *
 * @param label - The toolbar's name.
 * @param children - Its buttons.
 * @returns The toolbar.
 * @example
 * ```ts
 * toolbar("Game controls", undoButton, redoButton);
 * ```
 */
export function toolbar(label: string, ...children: Child[]): HTMLDivElement {
  return h("div", { class: "toolbar", role: "toolbar", "aria-label": label }, ...children);
}

/**
 * "Working… Cancel" while a worker computes: hidden until the screen shows it.
 *
 * @param text - What is being done ("Solving… ").
 * @param cancel - Stops the work.
 * @returns The status line.
 * @example
 * ```ts
 * busyLine("Solving… ", () => solver.cancel());
 * ```
 */
export function busyLine(text: string, cancel: () => void): HTMLParagraphElement {
  return h(
    "p",
    { class: "busy", role: "status", "data-testid": "busy", hidden: true },
    text,
    button("Cancel", cancel, { "data-action": "cancel" }),
  );
}

/**
 * A labelled control: `<label>text <control></label>`.
 *
 * @param text - Label text.
 * @param control - The input or select.
 * @returns The label element.
 * @example
 * ```ts
 * field("Rows", h("input", { type: "number", min: 1 }));
 * ```
 */
export function field(text: string, control: HTMLElement): HTMLLabelElement {
  return h("label", { class: "field" }, h("span", {}, text), control);
}

/**
 * A number input.
 *
 * @param name - `name` attribute (tests find controls by it).
 * @param value - Initial value.
 * @param min - Smallest value.
 * @param max - Largest value.
 * @returns The input.
 * @example
 * ```ts
 * numberInput("rows", 5, 1, 30);
 * ```
 */
export function numberInput(name: string, value: number, min: number, max: number): HTMLInputElement {
  return h("input", { type: "number", name, value, min, max, step: 1, inputmode: "numeric" });
}

/**
 * Reads a number input, clamped to its range (bad input never throws).
 *
 * @param input - The input.
 * @param fallback - Used when the text is not a number.
 * @returns An integer within min..max.
 * @example
 * ```ts
 * readNumber(rowsInput, 5);
 * ```
 */
export function readNumber(input: HTMLInputElement, fallback: number): number {
  const v = Math.round(Number(input.value));
  if (input.value.trim() === "" || !Number.isFinite(v)) return fallback;
  return Math.min(Number(input.max || Infinity), Math.max(Number(input.min || -Infinity), v));
}

/**
 * A select over options.
 *
 * @param name - `name` attribute.
 * @param options - [value, text] pairs.
 * @param value - The selected value.
 * @returns The select.
 * @example
 * ```ts
 * select("rule", [["plus", "Plus"], ["king", "King"]], "plus");
 * ```
 */
export function select(
  name: string,
  options: readonly (readonly [string, string])[],
  value: string,
): HTMLSelectElement {
  const s = h("select", { name });
  for (const [v, text] of options) s.append(h("option", { value: v, selected: v === value }, text));
  s.value = value;
  return s;
}

/**
 * The Cells select of Play and Build: how grid cells are drawn, the choice kept for the next visit.
 *
 * @param onChange - Called with the rendering chosen (already kept).
 * @returns The labelled select (`name="cells"`).
 * @example
 * ```ts
 * toolbar.append(cellsField((cells) => board.restyle(cells)));
 * ```
 */
export function cellsField(onChange: (cells: CellStyle) => void): HTMLLabelElement {
  const cells = select("cells", CELL_STYLES, loadCellStyle());
  cells.addEventListener("change", () => {
    const style = cells.value as CellStyle;
    saveCellStyle(style);
    onChange(style);
  });
  return field("Cells", cells);
}

/** How a grid's edges are glued, as the screens offer it. */
export const TOPOLOGY_OPTIONS = [
  ["plane", "Plane (no wrap)"],
  ["torus", "Torus (wrap around)"],
  ["projective", "Projective plane (wrap with a twist)"],
] as const;

/** The neighbourhood rules offered by the screens. */
export const RULE_OPTIONS = [
  ["plus", "Plus (orthogonal)"],
  ["x", "X (diagonal)"],
  ["king", "King (both)"],
  ["knight", "Knight"],
] as const;
