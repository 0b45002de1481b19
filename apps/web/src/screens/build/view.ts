// Build's DOM: the controls of the frame and rule, the board being built,
// the summary, the share link and import / export. It draws what it is given
// and forwards every event; the state and its rules are state/build's.

import type { Board } from "@lightsout/core";
import { LIMITS_TEXT, MAX_IMPORT_CHARS, MAX_SIDE, MAX_STATES } from "../../state/limits.js";
import type { Controls, Mode } from "../../state/build/state.js";
import { gridOnly, type Pattern, type Transform } from "../../state/build/patterns.js";
import { paintedOffsets, RULE_REACH } from "../../state/build/rule-grid.js";
import { type BoardShape, SOLID_OPTIONS } from "../../state/build/solids.js";
import { STABILITY_VIEWS, type StabilityView } from "../../state/build/stability.js";
import type { BoardMarks, BoardView, CanvasViewState } from "../../ui/board-types.js";
import { boardView } from "../../ui/board-view.js";
import { type CellStyle, loadCellStyle } from "../../state/cell-style.js";
import {
  busyLine,
  button,
  cellsField,
  field,
  h,
  numberInput,
  readNumber,
  RULE_OPTIONS,
  select,
  TOPOLOGY_OPTIONS,
  toolbar,
} from "../../ui/dom.js";

/** What the screen does when the user acts. */
export interface BuildHandlers {
  /** Rows or columns changed. */
  resize(): void;
  /** The Board select changed: a grid or a solid's faces. */
  shape(shape: BoardShape): void;
  states(): void;
  rule(): void;
  offsets(): void;
  /** A cell of the painted rule clicked: offset (dr, dc) in or out. */
  paintOffset(dr: number, dc: number): void;
  topology(): void;
  selfToggle(): void;
  mode(mode: Mode): void;
  clear(): void;
  fill(): void;
  /** A preset pattern of lights. */
  pattern(pattern: Pattern): void;
  /** A transform of the lights. */
  transform(transform: Transform): void;
  /** The lights become what pressing the lit cells makes from a dark board. */
  pressLit(): void;
  /** The lights become the presses of a fewest-press solution (from the solver). */
  solutionBoard(): void;
  /** The stability view chosen (off, stable cells, stable lit cells). */
  stability(view: StabilityView): void;
  /** The tail and period of pressing the lit cells again and again (from the solver's worker). */
  period(): void;
  /** The lights become an eigenvector of pressing the lit cells (from the solver's worker). */
  eigenvector(): void;
  /** Shows or hides the 3D view of a torus board or a solid's faces. */
  view3d(): void;
  /** A click on the board, at a grid position (or a vertex). */
  press(position: number): void;
  /** The pointer or the focus came to a grid position of the board. */
  hover(position: number): void;
  play(): void;
  exportAs(format: "text" | "json"): void;
  download(format: "text" | "json"): void;
  import(): void;
  /** A file chosen or dropped. */
  file(file: File): void;
  /** A paste of this many characters into a text area holding `current`: true refuses it. */
  paste(current: number, pasted: number): boolean;
  copy(): void;
  cancel(): void;
}

/** How the import / export message reads: its tone and whether it is an alert (undefined: left as it is). */
export interface MessageStyle {
  tone?: "muted" | "error";
  alert?: boolean;
}

/**
 * Draws the Build screen into `root`.
 *
 * @param root - The screen's element.
 * @param on - The handlers.
 * @returns The view.
 */
export function buildView(root: HTMLElement, on: BuildHandlers) {
  // the Cells select redraws the board drawn then (declared below, drawn before any change)
  const controls = frameControls(on, (cells) => view?.restyle(cells));
  const host = h("div", { class: "board-host" });
  const host3d = h("div", { class: "board-3d-host" });
  const hostSeam = h("div", { class: "board-seam-host" });
  // the cell under the pointer or with the focus, for the gluing diagram of a projective board
  const hovered = (event: Event) => {
    const pos = (event.target as HTMLElement).dataset?.pos;
    if (pos !== undefined) on.hover(Number(pos));
  };
  host.addEventListener("pointerover", hovered);
  host.addEventListener("focusin", hovered);
  const summary = h("div", { class: "panel", "aria-live": "polite", "data-testid": "summary" });
  const busy = busyLine("Working… ", on.cancel);
  const io = importExport(on);
  root.append(
    h("h1", { class: "visually-hidden" }, "Build"),
    h(
      "div",
      { class: "screen-layout" },
      h("section", { "aria-label": "Board editor" }, ...controls.elements, host, host3d, hostSeam, busy, summary),
      h("aside", {}, io.share, io.element),
    ),
  );
  // Drop a file anywhere on the screen to import it.
  const over = (event: DragEvent) => {
    if (event.dataTransfer?.types.includes("Files")) event.preventDefault();
  };
  const drop = (event: DragEvent) => {
    const dropped = event.dataTransfer?.files[0];
    if (!dropped) return;
    event.preventDefault();
    on.file(dropped);
  };
  root.addEventListener("dragover", over);
  root.addEventListener("drop", drop);

  let view: BoardView | undefined;
  // Zoom, pan and cursor of a big frame survive the redraw after painting a cell in or out.
  let viewState: CanvasViewState = { scale: 0, ox: 0, oy: 0, cursor: -1 };
  let lastFrame = "";
  return {
    controls,
    io,
    /** Draws a new board; the same `frame` as before keeps a canvas's zoom, pan and cursor, and the focus stays. */
    board(board: Board, states: number, frame: string): void {
      const focused = document.activeElement instanceof HTMLElement ? document.activeElement.dataset.pos : undefined;
      if (frame !== lastFrame) viewState = { scale: 0, ox: 0, oy: 0, cursor: -1 };
      lastFrame = frame;
      view = boardView(board, {
        view: viewState,
        label: "Board being built",
        states,
        showHoles: true,
        cells: loadCellStyle(),
        onPress: (_cell, position) => on.press(position),
      });
      const canvasFocused = document.activeElement?.classList.contains("board-canvas") ?? false;
      host.replaceChildren(view.element);
      if (focused !== undefined) host.querySelector<HTMLElement>(`[data-pos="${focused}"]`)?.focus();
      if (canvasFocused) host.querySelector<HTMLElement>("canvas.board-canvas")?.focus({ preventScroll: true });
    },
    lights(lights: readonly number[], marks?: BoardMarks): void {
      view?.update(lights, marks);
    },
    /** The 3D view's panel under the board, or none. */
    show3d(element: HTMLElement | null): void {
      host3d.replaceChildren(...(element ? [element] : []));
    },
    /** The gluing diagram under the board, or none. */
    showSeam(element: HTMLElement | null): void {
      hostSeam.replaceChildren(...(element ? [element] : []));
    },
    /** The summary: a description and the verdict to come (returned, to be filled in), or why there is none. */
    summary(description: string | null, none: string): HTMLElement | null {
      if (description === null) {
        summary.replaceChildren(h("p", { class: "error", role: "alert" }, none));
        return null;
      }
      const verdict = h("p", { "data-testid": "verdict" }, "Analysing…");
      summary.replaceChildren(h("p", {}, description), verdict);
      return verdict;
    },
    busy(on: boolean): void {
      busy.hidden = !on;
    },
    dispose(): void {
      root.removeEventListener("dragover", over);
      root.removeEventListener("drop", drop);
      io.dispose();
    },
  };
}

/** The drawn Build screen. */
export type BuildView = ReturnType<typeof buildView>;

/** The frame's size, states, rule, edges and self toggle, how cells are drawn, and what a click does. */
function frameControls(on: BuildHandlers, restyle: (cells: CellStyle) => void) {
  // Preset patterns and transforms of the lights (after LightsOutWeb's tools).
  const tools = patternButtons(on);
  const patternTools = tools.element;
  const gridTools = tools.gridOnly;
  const toolsNote = tools.note;
  const view3dButton = tools.view3d;
  const rows = numberInput("rows", 5, 1, MAX_SIDE);
  const cols = numberInput("cols", 5, 1, MAX_SIDE);
  const states = numberInput("states", 2, 2, MAX_STATES);
  const rule = select("rule", [...RULE_OPTIONS, ["custom", "Custom offsets"]], "plus");
  const offsets = h("input", {
    type: "text",
    name: "offsets",
    placeholder: "-1,0;1,0;0,2",
    "aria-describedby": "offsets-help",
    size: 14,
    spellcheck: "false",
  });
  const offsetsField = h(
    "label",
    { class: "field", hidden: true },
    h("span", {}, "Offsets (rows down, columns right)"),
    offsets,
  );
  const offsetsError = h("span", { class: "error small", id: "offsets-help", role: "alert" });
  const topology = select("topology", TOPOLOGY_OPTIONS, "plane");
  // a board on a solid's faces is a graph board; "another graph" is shown for one imported, never chosen
  const shape = select(
    "shape",
    [["grid", "Grid (rows × columns)"], ...SOLID_OPTIONS, ["graph", "Another graph"]],
    "grid",
  );
  shape.querySelector<HTMLOptionElement>('option[value="graph"]')!.disabled = true;
  shape.addEventListener("change", () => on.shape(shape.value as BoardShape));
  const selfToggle = h("input", { type: "checkbox", name: "self", checked: true });
  const painter = rulePainter(on.paintOffset, selfToggle);
  offsets.addEventListener("input", () => painter.paint(offsets.value));
  selfToggle.addEventListener("change", () => painter.paint(offsets.value));
  const cellsMode = button("Paint cells in/out", () => on.mode("cells"), {
    "data-mode": "cells",
    "aria-pressed": "false",
  });
  const lightsMode = button("Set lights", () => on.mode("lights"), { "data-mode": "lights", "aria-pressed": "true" });
  for (const input of [rows, cols]) input.addEventListener("change", on.resize);
  states.addEventListener("change", on.states);
  rule.addEventListener("change", on.rule);
  offsets.addEventListener("change", on.offsets);
  topology.addEventListener("change", on.topology);
  selfToggle.addEventListener("change", on.selfToggle);
  const elements = [
    h(
      "div",
      { class: "toolbar" },
      field("Board", shape),
      field("Rows", rows),
      field("Columns", cols),
      field("States", states),
      field("Rule", rule),
      field("Edges", topology),
      cellsField(restyle),
      offsetsField,
    ),
    offsetsError,
    painter.element,
    h("div", { class: "toolbar" }, h("label", { class: "field inline" }, selfToggle, "A press toggles its own cell")),
    h(
      "div",
      { class: "toolbar", role: "group", "aria-label": "What a click does" },
      cellsMode,
      lightsMode,
      button("All lights off", on.clear, { "data-action": "clear" }),
      button("Fill the frame", on.fill, { "data-action": "fill" }),
    ),
    patternTools,
  ];
  return {
    elements,
    /** What the last tool did, or why it could not. */
    toolsNote,
    /** Whether the 3D view is offered and shown. */
    view3d: view3dButton,
    /** The size typed (a field that is not a number keeps the fallback). */
    size(fallbackRows: number, fallbackCols: number): [number, number] {
      return [readNumber(rows, fallbackRows), readNumber(cols, fallbackCols)];
    },
    states: () => readNumber(states, 2),
    rule: () => rule.value,
    offsets: () => offsets.value,
    topology: () => topology.value,
    selfToggle: () => selfToggle.checked,
    /** Shows or hides the offsets field (it follows the rule chosen). */
    showOffsets(shown: boolean, text?: string): void {
      offsetsField.hidden = !shown;
      if (text !== undefined) offsets.value = text;
      painter.show(shown, offsets.value);
    },
    offsetsError(text: string): void {
      offsetsError.textContent = text;
    },
    mode(mode: Mode): void {
      cellsMode.setAttribute("aria-pressed", String(mode === "cells"));
      lightsMode.setAttribute("aria-pressed", String(mode === "lights"));
    },
    /** The controls' values; a graph's size, rule and edges are disabled. */
    show(values: Controls, board: BoardShape): void {
      shape.value = board;
      const grid = values.grid;
      for (const control of [rows, cols, rule, topology, offsets]) control.disabled = !grid;
      for (const b of gridTools) b.disabled = !grid;
      cellsMode.disabled = !grid;
      if (grid) {
        rows.value = String(grid.rows);
        cols.value = String(grid.cols);
        rule.value = grid.rule;
        offsetsField.hidden = grid.rule !== "custom";
        if (grid.offsets !== null) offsets.value = grid.offsets;
        topology.value = grid.topology;
      }
      selfToggle.checked = values.selfToggle;
      painter.show(grid !== null && grid.rule === "custom", offsets.value);
      states.value = String(values.states);
    },
  };
}

/**
 * The custom rule painted on a 7 x 7 grid around the pressed cell: a cell
 * pressed in is an offset a press toggles. The centre is the pressed cell
 * itself (the "toggles its own cell" box). It shows the offsets text; a
 * click asks the screen for the new text.
 */
function rulePainter(paintOffset: (dr: number, dc: number) => void, selfToggle: HTMLInputElement) {
  const cells: HTMLButtonElement[] = [];
  const note = h("p", { class: "muted small", "data-testid": "rule-beyond" });
  const grid = h("div", { class: "rule-grid" });
  for (let dr = -RULE_REACH; dr <= RULE_REACH; dr++) {
    for (let dc = -RULE_REACH; dc <= RULE_REACH; dc++) {
      const centre = dr === 0 && dc === 0;
      const label = centre ? "the pressed cell itself" : `${dr} rows down, ${dc} columns right`;
      const cell = button("", centre ? () => selfToggle.click() : () => paintOffset(dr, dc), {
        "data-offset": `${dr},${dc}`,
        "aria-label": label,
        "aria-pressed": "false",
        title: label,
        class: centre ? "centre" : "",
      });
      cells.push(cell);
      grid.append(cell);
    }
  }
  const element = h(
    "div",
    { class: "rule-painter", role: "group", "aria-label": "The rule painted: the cells a press toggles", hidden: true },
    h("span", { class: "small" }, "Paint the rule (the centre is the cell pressed)"),
    grid,
    note,
  );
  const paint = (text: string) => {
    const shown = paintedOffsets(text);
    for (const cell of cells) {
      const offset = cell.dataset.offset!;
      const on = offset === "0,0" ? selfToggle.checked : (shown?.on.has(offset) ?? false);
      cell.setAttribute("aria-pressed", String(on));
    }
    const beyond = shown?.beyond ?? 0;
    note.textContent = beyond === 0 ? "" : `and ${beyond} offset${beyond === 1 ? "" : "s"} beyond 3 cells away`;
  };
  return {
    element,
    paint,
    show(shown: boolean, text: string): void {
      element.hidden = !shown;
      if (shown) paint(text);
    },
  };
}

/** The preset patterns and the transforms of the lights; those that need rows and columns are listed apart. */
function patternButtons(on: BuildHandlers): {
  element: HTMLElement;
  gridOnly: HTMLButtonElement[];
  note(text: string, error?: boolean): void;
  view3d(offered: boolean, shown: boolean): void;
} {
  const patterns: [Pattern, string][] = [
    ["on", "All on"],
    ["corners", "Corners"],
    ["border", "Border"],
    ["checkerboard", "Checkerboard"],
    ["centre", "Centre"],
  ];
  const transforms: [Transform, string, string][] = [
    ["up", "Shift ↑", "Shift the lights up one row (wrapping)"],
    ["down", "Shift ↓", "Shift the lights down one row (wrapping)"],
    ["left", "Shift ←", "Shift the lights left one column (wrapping)"],
    ["right", "Shift →", "Shift the lights right one column (wrapping)"],
    ["invert", "Invert", "Every light v becomes k − 1 − v (on and off swap with two states)"],
    ["rotate", "States +1", "Add 1 to every light, mod k"],
  ];
  const gridOnlyButtons: HTMLButtonElement[] = [];
  const noteLine = h("p", { class: "muted small", "aria-live": "polite", "data-testid": "tools-note" });
  // a torus board up to 64 x 64 can be seen on a torus, a solid's faces on the solid (the view is loaded when first asked for)
  const view3d = button("3D view", on.view3d, { "data-action": "view-3d", "aria-pressed": "false", hidden: true });
  // the cells that keep their state through Solution as board, pressed again and again
  const stability = select("stability", STABILITY_VIEWS, "off");
  stability.setAttribute("aria-label", "Stability: mark the cells Solution as board leaves as they are");
  stability.addEventListener("change", () => on.stability(stability.value as StabilityView));
  const made = (what: Pattern | Transform, b: HTMLButtonElement) => {
    if (gridOnly(what)) gridOnlyButtons.push(b);
    return b;
  };
  const element = h(
    "div",
    {},
    toolbar(
      "Preset patterns",
      h("span", { class: "muted small" }, "Patterns:"),
      ...patterns.map(([p, text]) =>
        made(
          p,
          button(text, () => on.pattern(p), { "data-pattern": p }),
        ),
      ),
    ),
    toolbar(
      "Transforms of the lights",
      h("span", { class: "muted small" }, "Transform:"),
      ...transforms.map(([t, text, title]) =>
        made(
          t,
          button(text, () => on.transform(t), { "data-transform": t, title, "aria-label": title }),
        ),
      ),
      button("Press the lit cells", on.pressLit, {
        "data-action": "press-lit",
        title: "The board that pressing every lit cell (as many times as its state) makes from a dark board",
      }),
      button("Solution as board", on.solutionBoard, {
        "data-action": "solution-board",
        title: "The lights become the presses of a fewest-press solution; Press the lit cells gives the board back",
      }),
      stability,
      button("Period", on.period, {
        "data-action": "period",
        title: "How often pressing the lit cells again and again brings the board back",
      }),
      button("Eigenvector", on.eigenvector, {
        "data-action": "eigenvector",
        title: "A board that pressing its lit cells multiplies by a number (over Z_k, k prime)",
      }),
      view3d,
    ),
    noteLine,
  );
  return {
    element,
    gridOnly: gridOnlyButtons,
    note(text: string, error = false): void {
      noteLine.textContent = text;
      noteLine.className = error ? "error small" : "muted small";
    },
    /** Whether the 3D view is offered (a torus board, a solid's faces), and whether it is shown. */
    view3d(offered: boolean, shown: boolean): void {
      view3d.hidden = !offered;
      view3d.setAttribute("aria-pressed", String(shown));
    },
  };
}

/** The share panel and the import / export panel. */
function importExport(on: BuildHandlers) {
  const shareUrl = h("input", {
    type: "url",
    name: "share",
    readonly: true,
    "aria-label": "Link to this board",
    class: "share-url",
  });
  const play = button("Play this board", on.play, { "data-action": "play", class: "primary" });
  const text = h("textarea", {
    name: "board-text",
    rows: 8,
    spellcheck: "false",
    "aria-label": "Board as text or JSON",
    maxlength: MAX_IMPORT_CHARS,
  });
  // A paste beyond the limit is refused before the textarea holds it (a 100 MB paste would freeze the page).
  text.addEventListener("paste", (event) => {
    const pasted = event.clipboardData?.getData("text/plain") ?? "";
    if (on.paste(text.value.length, pasted.length)) event.preventDefault();
  });
  const file = h("input", {
    type: "file",
    name: "board-file",
    accept: ".txt,.json,text/plain,application/json",
    "aria-label": "Import a file",
  });
  file.addEventListener("change", () => {
    const chosen = file.files?.[0];
    if (chosen) on.file(chosen);
    file.value = "";
  });
  const exports = [
    button("Export text", () => on.exportAs("text"), { "data-action": "export-text" }),
    button("Export JSON", () => on.exportAs("json"), { "data-action": "export-json" }),
  ] as const;
  const downloads = [
    button("Download text", () => on.download("text"), { "data-action": "download-text" }),
    button("Download JSON", () => on.download("json"), { "data-action": "download-json" }),
  ] as const;
  const message = h("p", { class: "muted", "data-testid": "io-message", "aria-live": "polite" });
  const share = h(
    "div",
    { class: "panel" },
    h("h2", {}, "Share"),
    h("div", { class: "toolbar" }, shareUrl),
    h("div", { class: "toolbar" }, button("Copy link", on.copy, { "data-action": "copy" }), play),
  );
  const element = h(
    "div",
    { class: "panel" },
    h("h2", {}, "Import / export"),
    h(
      "p",
      { class: "muted small" },
      `The CLI's formats: rows of digits with . where there is no cell (rule and edges from the options above; past 36 states, numbers between blanks), or JSON {"board", "lights"}. Paste, choose a file or drop one here. ${LIMITS_TEXT}`,
    ),
    text,
    h("div", { class: "toolbar" }, ...exports, button("Import", on.import, { "data-action": "import" })),
    h("div", { class: "toolbar" }, ...downloads),
    h("div", { class: "toolbar" }, file),
    message,
  );
  // The board as a file: the URL lives until the next download.
  let downloadUrl: string | undefined;
  return {
    share,
    element,
    text: () => text.value,
    setText(value: string): void {
      text.value = value;
    },
    /** The link, or none (Play, export and downloads are disabled without a board). */
    link(url: string | null): void {
      shareUrl.value = url ?? "";
      for (const control of [play, ...exports, ...downloads]) control.disabled = url === null;
    },
    copyLink(): string {
      shareUrl.select();
      return shareUrl.value;
    },
    message(text: string, style: MessageStyle = {}): void {
      if (style.tone) message.className = style.tone;
      if (style.alert === true) message.setAttribute("role", "alert");
      else if (style.alert === false) message.removeAttribute("role");
      message.textContent = text;
    },
    /** Hands the content to the browser as a file to save. */
    download(content: string, name: string, type: string): void {
      if (downloadUrl) URL.revokeObjectURL(downloadUrl);
      const url = URL.createObjectURL(new Blob([content], { type }));
      const link = h("a", { href: url, download: name, hidden: true });
      document.body.append(link);
      link.click();
      link.remove();
      downloadUrl = url;
    },
    dispose(): void {
      if (downloadUrl) URL.revokeObjectURL(downloadUrl);
    },
  };
}
