// Build: paint cells in and out of a frame, set the lights, choose the
// rule, import and export the CLI's text and JSON formats, and share the
// board by URL (or open it in Play).

import { type Board, formatBoard, parseRule, type Rule, type RuleName, type Topology } from "@lightsout/core";
import { mountAfterCore } from "../../core-ready.js";
import type { MountScreen, ScreenContext } from "../../screen.js";
import {
  boardOf,
  cycleLight,
  type Draft,
  draftOf,
  emptyDraft,
  paintCell,
  resize,
  withStates,
} from "../../state/build/draft.js";
import { checkImportText, LIMITS_TEXT, MAX_IMPORT_CHARS, MAX_SIDE, MAX_STATES } from "../../state/limits.js";
import { Cancelled, Solver } from "../../state/solver-client.js";
import { decodeBoard, encodeBoard } from "../../state/url.js";
import { boardView } from "../../ui/board-view.js";
import type { CanvasViewState } from "../../ui/board-types.js";
import { button, field, h, numberInput, readNumber, RULE_OPTIONS, select, TOPOLOGY_OPTIONS } from "../../ui/dom.js";
import { describeBoard } from "../../ui/words.js";
import "./build.css";

/** The build screen. */
export const mount: MountScreen = mountAfterCore(setup);

type Mode = "cells" | "lights";

function setup(root: HTMLElement, context: ScreenContext): () => void {
  let draft: Draft = emptyDraft(5, 5);
  let mode: Mode = "lights";

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
  const selfToggle = h("input", { type: "checkbox", name: "self", checked: true });
  const cellsMode = button("Paint cells in/out", () => setMode("cells"), {
    "data-mode": "cells",
    "aria-pressed": "false",
  });
  const lightsMode = button("Set lights", () => setMode("lights"), { "data-mode": "lights", "aria-pressed": "true" });
  const host = h("div", { class: "board-host" });
  const summary = h("div", { class: "panel", "aria-live": "polite", "data-testid": "summary" });
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
    if (text.value.length + pasted.length <= MAX_IMPORT_CHARS) return;
    event.preventDefault();
    fail(
      `The pasted text has ${pasted.length.toLocaleString("en-US")} characters; import takes at most ${MAX_IMPORT_CHARS.toLocaleString("en-US")}.`,
    );
  });
  const file = h("input", {
    type: "file",
    name: "board-file",
    accept: ".txt,.json,text/plain,application/json",
    "aria-label": "Import a file",
  });
  file.addEventListener("change", () => {
    const chosen = file.files?.[0];
    if (chosen) void importFile(chosen);
    file.value = "";
  });
  // Solving and parsing run in a worker; the page says so and can stop it.
  const solver = new Solver();
  const busy = h(
    "p",
    { class: "busy", role: "status", "data-testid": "busy", hidden: true },
    "Working… ",
    button("Cancel", () => solver.cancel(), { "data-action": "cancel" }),
  );
  solver.onBusy = (inFlight) => {
    busy.hidden = inFlight === 0;
  };
  const message = h("p", { class: "muted", "data-testid": "io-message", "aria-live": "polite" });
  const playButton = button(
    "Play this board",
    () => {
      const shared = current();
      if (shared) context.navigate("play", encodeBoard(shared));
    },
    { "data-action": "play", class: "primary" },
  );
  const exportText = button("Export text", () => exportAs("text"), { "data-action": "export-text" });
  const exportJson = button("Export JSON", () => exportAs("json"), { "data-action": "export-json" });
  const downloadText = button("Download text", () => download("text"), { "data-action": "download-text" });
  const downloadJson = button("Download JSON", () => download("json"), { "data-action": "download-json" });
  const shareUrl = h("input", {
    type: "url",
    name: "share",
    readonly: true,
    "aria-label": "Link to this board",
    class: "share-url",
  });

  for (const input of [rows, cols]) {
    input.addEventListener("change", () => {
      if (draft.kind === "grid") change(resize(draft, readNumber(rows, draft.rows), readNumber(cols, draft.cols)));
    });
  }
  states.addEventListener("change", () => change(withStates(draft, readNumber(states, 2))));
  rule.addEventListener("change", () => {
    offsetsField.hidden = rule.value !== "custom";
    if (rule.value === "custom") {
      if (!offsets.value && draft.kind === "grid") offsets.value = "-1,0;1,0;0,-1;0,1";
      applyOffsets();
    } else if (draft.kind === "grid") change({ ...draft, rule: rule.value as RuleName });
  });
  offsets.addEventListener("change", applyOffsets);
  function applyOffsets(): void {
    if (draft.kind !== "grid") return;
    let parsed: Rule;
    try {
      parsed = parseRule(offsets.value);
    } catch (error) {
      offsetsError.textContent = (error as Error).message;
      return;
    }
    offsetsError.textContent = "";
    change({ ...draft, rule: typeof parsed === "string" ? parsed : { offsets: parsed.offsets } });
  }
  topology.addEventListener(
    "change",
    () => draft.kind === "grid" && change({ ...draft, topology: topology.value as Topology }),
  );
  selfToggle.addEventListener("change", () => {
    if (draft.kind === "grid") change({ ...draft, selfToggle: selfToggle.checked });
    else change({ ...draft, board: { ...draft.board, selfToggle: selfToggle.checked } });
  });

  root.append(
    h("h1", { class: "visually-hidden" }, "Build"),
    h(
      "div",
      { class: "screen-layout" },
      h(
        "section",
        { "aria-label": "Board editor" },
        h(
          "div",
          { class: "toolbar" },
          field("Rows", rows),
          field("Columns", cols),
          field("States", states),
          field("Rule", rule),
          field("Edges", topology),
          offsetsField,
        ),
        offsetsError,
        h(
          "div",
          { class: "toolbar" },
          h("label", { class: "field inline" }, selfToggle, "A press toggles its own cell"),
        ),
        h(
          "div",
          { class: "toolbar", role: "group", "aria-label": "What a click does" },
          cellsMode,
          lightsMode,
          button("All lights off", () => change({ ...draft, lights: draft.lights.map(() => 0) }), {
            "data-action": "clear",
          }),
          button(
            "Fill the frame",
            () => draft.kind === "grid" && change({ ...draft, present: draft.present.map(() => true) }),
            { "data-action": "fill" },
          ),
        ),
        host,
        busy,
        summary,
      ),
      h(
        "aside",
        {},
        h(
          "div",
          { class: "panel" },
          h("h2", {}, "Share"),
          h("div", { class: "toolbar" }, shareUrl),
          h("div", { class: "toolbar" }, button("Copy link", copyLink, { "data-action": "copy" }), playButton),
        ),
        h(
          "div",
          { class: "panel" },
          h("h2", {}, "Import / export"),
          h(
            "p",
            { class: "muted small" },
            `The CLI's formats: rows of digits with . where there is no cell (rule and edges from the options above; past 36 states, numbers between blanks), or JSON {"board", "lights"}. Paste, choose a file or drop one here. ${LIMITS_TEXT}`,
          ),
          text,
          h(
            "div",
            { class: "toolbar" },
            exportText,
            exportJson,
            button("Import", () => void importText(text.value), { "data-action": "import" }),
          ),
          h("div", { class: "toolbar" }, downloadText, downloadJson),
          h("div", { class: "toolbar" }, file),
          message,
        ),
      ),
    ),
  );

  function setMode(next: Mode): void {
    mode = next;
    cellsMode.setAttribute("aria-pressed", String(mode === "cells"));
    lightsMode.setAttribute("aria-pressed", String(mode === "lights"));
  }

  function current(): { board: Board; lights: number[]; states: number } | null {
    try {
      return { ...boardOf(draft), states: draft.states };
    } catch {
      return null;
    }
  }

  let lastShape = "";
  let view: ReturnType<typeof boardView> | undefined;
  // Zoom, pan and cursor of a big frame survive the redraw after painting a cell in or out.
  let viewState: CanvasViewState = { scale: 0, ox: 0, oy: 0, cursor: -1 };
  let lastFrame = "";
  function change(next: Draft): void {
    draft = next;
    // The view is rebuilt when the frame changes; lights alone only repaint.
    const shape = JSON.stringify(
      draft.kind === "grid"
        ? [draft.rows, draft.cols, draft.present, draft.states, draft.topology]
        : [draft.board, draft.states],
    );
    if (shape !== lastShape || !view) {
      lastShape = shape;
      const board: Board =
        draft.kind === "grid"
          ? {
              kind: "grid",
              rows: draft.rows,
              cols: draft.cols,
              topology: draft.topology,
              mask: draft.present
                .map((p) => (p ? "#" : "."))
                .join("")
                .match(new RegExp(`.{${draft.cols}}`, "g"))!,
            }
          : draft.board;
      const focused = document.activeElement instanceof HTMLElement ? document.activeElement.dataset.pos : undefined;
      const frame = draft.kind === "grid" ? `${draft.rows}x${draft.cols}` : "graph";
      if (frame !== lastFrame) viewState = { scale: 0, ox: 0, oy: 0, cursor: -1 };
      lastFrame = frame;
      view = boardView(board, {
        view: viewState,
        label: "Board being built",
        states: draft.states,
        showHoles: true,
        onPress: (_cell, position) => {
          if (mode === "cells" && draft.kind === "grid") change(paintCell(draft, position));
          else change(cycleLight(draft, position));
        },
      });
      const canvasFocused = document.activeElement?.classList.contains("board-canvas") ?? false;
      host.replaceChildren(view.element);
      if (focused !== undefined) host.querySelector<HTMLElement>(`[data-pos="${focused}"]`)?.focus();
      if (canvasFocused) host.querySelector<HTMLElement>("canvas.board-canvas")?.focus({ preventScroll: true });
    }
    // Lights per cell of the view's board: every position of a grid is a cell of its mask view.
    const shown =
      draft.kind === "grid"
        ? draft.lights.filter((_, p) => draft.kind === "grid" && draft.present[p])
        : [...draft.lights];
    view.update(shown);
    syncControls();
    summarise();
  }

  function syncControls(): void {
    const grid = draft.kind === "grid";
    for (const control of [rows, cols, rule, topology, offsets]) control.disabled = !grid;
    cellsMode.disabled = !grid;
    if (!grid && mode === "cells") setMode("lights");
    if (draft.kind === "grid") {
      rows.value = String(draft.rows);
      cols.value = String(draft.cols);
      rule.value = typeof draft.rule === "string" ? draft.rule : "custom";
      offsetsField.hidden = rule.value !== "custom";
      if (typeof draft.rule === "object") offsets.value = draft.rule.offsets.map(([dr, dc]) => `${dr},${dc}`).join(";");
      topology.value = draft.topology;
      selfToggle.checked = draft.selfToggle;
    } else selfToggle.checked = draft.board.selfToggle ?? true;
    states.value = String(draft.states);
  }

  let summaryRun = 0;
  function summarise(): void {
    const shared = current();
    const run = ++summaryRun;
    for (const control of [playButton, exportText, exportJson, downloadText, downloadJson]) control.disabled = !shared;
    if (!shared) {
      summary.replaceChildren(
        h(
          "p",
          { class: "error", role: "alert" },
          "No cells: paint some cells in. Play, export and the link need at least one.",
        ),
      );
      shareUrl.value = "";
      context.setParams(new URLSearchParams());
      return;
    }
    const params = encodeBoard(shared);
    context.setParams(params);
    shareUrl.value = `${location.origin}${location.pathname}#/play?${params}`;
    const verdict = h("p", { "data-testid": "verdict" }, "Analysing…");
    summary.replaceChildren(h("p", {}, describeBoard(shared.board, shared.states)), verdict);
    solver.cancel(); // a newer board makes the running summary moot
    solver.run({ kind: "summary", board: shared.board, lights: shared.lights, states: shared.states }).then(
      (sentence) => {
        if (run === summaryRun) verdict.textContent = sentence;
      },
      (error: Error) => {
        if (run === summaryRun)
          verdict.textContent =
            error instanceof Cancelled ? "Not analysed: cancelled." : `Not analysed: ${error.message}`;
      },
    );
  }

  function exported(format: "text" | "json"): string | null {
    const shared = current();
    if (!shared) return null;
    return format === "text"
      ? formatBoard(shared.board, shared.lights, { states: shared.states })
      : JSON.stringify({ board: shared.board, lights: shared.lights, states: shared.states });
  }

  /** The board as a file: board.txt (the CLI's text) or board.json (the URL lives until the next download). */
  let downloadUrl: string | undefined;
  function download(format: "text" | "json"): void {
    const content = exported(format);
    if (content === null) return;
    if (downloadUrl) URL.revokeObjectURL(downloadUrl);
    const url = URL.createObjectURL(
      new Blob([content], { type: format === "text" ? "text/plain" : "application/json" }),
    );
    const link = h("a", { href: url, download: format === "text" ? "board.txt" : "board.json", hidden: true });
    document.body.append(link);
    link.click();
    link.remove();
    downloadUrl = url;
  }

  function exportAs(format: "text" | "json"): void {
    const content = exported(format);
    if (content === null) return;
    text.value = content;
    message.className = "muted";
    message.removeAttribute("role");
    message.textContent =
      format === "text"
        ? "Text: the rule, edges and states are not part of it."
        : "JSON: board, lights and states; it imports back exactly.";
  }

  function fail(reason: string): void {
    message.className = "error";
    message.setAttribute("role", "alert");
    message.textContent = reason;
  }

  async function importText(input: string): Promise<void> {
    try {
      checkImportText(input); // before the text is copied to the worker
      message.className = "muted";
      message.textContent = "Importing…";
      const grid =
        draft.kind === "grid" ? { topology: draft.topology, rule: draft.rule, selfToggle: draft.selfToggle } : {};
      const imported = await solver.run({ kind: "import", text: input, states: draft.states, grid });
      change(draftOf(imported.board, imported.lights, imported.states));
      message.className = "muted";
      message.removeAttribute("role");
      message.textContent = `Imported a board of ${imported.lights.length} cells.`;
    } catch (error) {
      fail(error instanceof Cancelled ? "Import cancelled." : (error as Error).message);
    }
  }

  async function importFile(chosen: File): Promise<void> {
    // Bytes bound characters from above: the size is checked before the file is read.
    if (chosen.size > MAX_IMPORT_CHARS)
      return fail(
        `The file ${JSON.stringify(chosen.name)} has ${chosen.size.toLocaleString("en-US")} bytes; import takes at most ${MAX_IMPORT_CHARS.toLocaleString("en-US")}.`,
      );
    const content = await chosen.text();
    text.value = content;
    await importText(content);
  }

  function copyLink(): void {
    shareUrl.select();
    navigator.clipboard?.writeText(shareUrl.value).then(
      () => (message.textContent = "Link copied."),
      () => (message.textContent = "Select the link and copy it."),
    );
  }

  try {
    const shared = decodeBoard(context.params);
    if (shared) draft = draftOf(shared.board, shared.lights, shared.states);
  } catch (error) {
    message.className = "error";
    message.textContent = `The link's board could not be read: ${(error as Error).message}`;
  }
  // Drop a file anywhere on the screen to import it.
  const over = (event: DragEvent) => {
    if (event.dataTransfer?.types.includes("Files")) event.preventDefault();
  };
  const drop = (event: DragEvent) => {
    const dropped = event.dataTransfer?.files[0];
    if (!dropped) return;
    event.preventDefault();
    void importFile(dropped);
  };
  root.addEventListener("dragover", over);
  root.addEventListener("drop", drop);
  change(draft);
  return () => {
    root.removeEventListener("dragover", over);
    root.removeEventListener("drop", drop);
    if (downloadUrl) URL.revokeObjectURL(downloadUrl);
    solver.cancel();
  };
}
