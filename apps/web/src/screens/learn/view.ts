// Learn's DOM: the board form, the board being chased with its step
// controls and sentence, the quiet-pattern gallery and the first-row panel.
// It draws what it is given and forwards every event; the chase, its
// sentences and the panels' contents are state/learn's.

import type { GridBoard } from "@lightsout/core";
import type { Fix, Gallery, Lookup } from "../../state/learn/panels.js";
import type { StepShown } from "../../state/learn/state.js";
import { MAX_LEARN_SIDE, MAX_LEARN_STATES, MAX_SEED, MAX_STATES } from "../../state/limits.js";
import type { BoardView } from "../../ui/board-types.js";
import { boardView } from "../../ui/board-view.js";
import { button, field, h, numberInput, readNumber, toolbar } from "../../ui/dom.js";

/** What the screen does when the user acts. */
export interface LearnHandlers {
  /** Rows, columns or states changed. */
  reshape(): void;
  random(): void;
  allOn(): void;
  allOff(): void;
  press(cell: number): void;
  back(): void;
  next(): void;
  play(): void;
  restart(): void;
}

/**
 * Draws the Learn screen into `root`.
 *
 * @param root - The screen's element.
 * @param on - The handlers.
 * @returns The view.
 */
export function learnView(root: HTMLElement, on: LearnHandlers) {
  const form = boardForm(on);
  const chase = chaseControls(on);
  const host = h("div", { class: "board-host" });
  const editHint = h("p", { class: "muted small" });
  // What a link asked for that Learn does not take, said in words.
  const linkNote = h("p", { class: "error", role: "alert", "data-testid": "link-note", hidden: true });
  const gallery = galleryPanel();
  const fix = fixPanel();
  root.append(
    h("h1", {}, "Learn: light chasing"),
    h(
      "section",
      { class: "panel", "aria-label": "Light chasing" },
      form.element,
      linkNote,
      editHint,
      h(
        "p",
        { class: "muted", "data-testid": "learn-limits" },
        `Learn chases plain rectangles (no wrapping edges) up to ${MAX_LEARN_SIDE} × ${MAX_LEARN_SIDE} with 2 to ${MAX_LEARN_STATES} states; Play and Build take tori, projective planes and up to ${MAX_STATES} states.`,
      ),
      h("div", { class: "learn-chase" }, host, chase.element),
    ),
    gallery.element,
    fix.element,
  );
  let view: BoardView | undefined;
  return {
    form,
    gallery: gallery.show,
    lookup: fix.lookup,
    fix: fix.fix,
    playing: chase.playing,
    /** Why the link's board or seed was not taken (null hides it). */
    linkNote(text: string | null): void {
      linkNote.hidden = text === null;
      linkNote.textContent = text ?? "";
    },
    /** Draws a new board to chase. */
    board(board: GridBoard, states: number, hint: string): void {
      view = boardView(board, { label: "Board for light chasing", states, onPress: on.press });
      host.replaceChildren(view.element);
      host.classList.toggle("counts", states > 2);
      editHint.textContent = hint;
    },
    /** Shows a step: the lights, the step's presses (with their counts when `counts`), its sentence. */
    step(shown: StepShown, counts: boolean): void {
      if (!view) return;
      if (counts) {
        // the step's press counts in each cell's corner; the labels say they belong to this step
        view.update(shown.lights, { highlight: shown.presses, solution: shown.presses });
        for (const cell of view.element.querySelectorAll<HTMLElement>("[data-cell]")) {
          const label = cell.getAttribute("aria-label") ?? "";
          cell.setAttribute(
            "aria-label",
            label.replace(/, press (\d+) times in the solution$/, ", pressed $1 times in this step"),
          );
        }
      } else view.update(shown.lights, { highlight: shown.presses });
      chase.step(shown);
      fix.current(shown.pastChase, shown.lastRow);
    },
  };
}

/** The drawn Learn screen. */
export type LearnView = ReturnType<typeof learnView>;

/** Rows, columns, states and seed, and the board buttons. */
function boardForm(on: LearnHandlers) {
  const rows = numberInput("rows", 5, 1, MAX_LEARN_SIDE);
  const cols = numberInput("cols", 5, 1, MAX_LEARN_SIDE);
  const states = numberInput("states", 2, 2, MAX_LEARN_STATES);
  const seed = numberInput("seed", 1, 0, MAX_SEED);
  for (const input of [rows, cols, states]) input.addEventListener("change", on.reshape);
  return {
    element: h(
      "div",
      { class: "toolbar" },
      field("Rows", rows),
      field("Columns", cols),
      field("States", states),
      field("Seed", seed),
      button("Random board", on.random, { "data-action": "random" }),
      button("All on", on.allOn, { "data-action": "all-on" }),
      button("All off", on.allOff, { "data-action": "all-off" }),
    ),
    /** The form's values (numbers clamped to their fields' ranges). */
    read(): { rows: number; cols: number; states: number; seed: number } {
      return {
        rows: readNumber(rows, 5),
        cols: readNumber(cols, 5),
        states: readNumber(states, 2),
        seed: readNumber(seed, 1),
      };
    },
    /** Shows a board's size and states. */
    shape(r: number, c: number, k: number): void {
      rows.value = String(r);
      cols.value = String(c);
      states.value = String(k);
    },
    seed(value: number): void {
      seed.value = String(value);
    },
  };
}

/** Back, next, play and restart, the step counter and the step's sentence. */
function chaseControls(on: LearnHandlers) {
  const sentence = h("p", { class: "sentence", "aria-live": "polite", "data-testid": "sentence" });
  const counter = h("span", { class: "muted", "data-testid": "step" });
  const back = button("◀ Back", on.back, { "data-action": "back" });
  const next = button("Next ▶", on.next, { "data-action": "next" });
  const play = button("▶ Play", on.play, { "data-action": "play", "aria-pressed": "false" });
  return {
    element: h(
      "div",
      { class: "chase-side" },
      toolbar("Steps", back, next, play, button("Restart", on.restart, { "data-action": "restart" })),
      counter,
      sentence,
    ),
    step(shown: StepShown): void {
      sentence.textContent = shown.sentence;
      counter.textContent = shown.counter;
      back.disabled = !shown.canBack;
      next.disabled = !shown.canNext;
    },
    /** Whether the steps play by themselves. */
    playing(on: boolean): void {
      play.setAttribute("aria-pressed", String(on));
      play.textContent = on ? "❚❚ Pause" : "▶ Play";
    },
  };
}

/** The quiet patterns of the board, as small pictures. */
function galleryPanel() {
  const gallery = h("div", { class: "gallery", "data-testid": "gallery" });
  const note = h("p", { class: "muted" });
  const intro = h("p", {});
  return {
    element: h(
      "section",
      { class: "panel", "aria-label": "Quiet patterns" },
      h("h2", {}, "Quiet patterns"),
      intro,
      note,
      gallery,
    ),
    show(board: GridBoard, states: number, shown: Gallery): void {
      intro.textContent = shown.intro;
      note.textContent = shown.note;
      gallery.replaceChildren();
      for (const pattern of shown.patterns) {
        const mini = boardView(board, { label: pattern.label, states, mini: true });
        mini.update(pattern.cells);
        if (shown.digits) {
          // mini boards draw colours only: the counts as digits too, so colour is never the only cue
          for (const cell of mini.element.querySelectorAll<HTMLElement>("[data-cell]")) {
            const v = Number(cell.dataset.state);
            cell.textContent = v ? v.toString(36) : "";
          }
        }
        gallery.append(
          h(
            "figure",
            { class: shown.digits ? "quiet digits" : "quiet" },
            mini.element,
            h("figcaption", {}, pattern.caption),
          ),
        );
      }
    },
  };
}

/** The first-row panel: the lookup table (two states) or the fix and its system (k states). */
function fixPanel() {
  const title = h("h2", {});
  const intro = h("p", {});
  const host = h("div", { "data-testid": "lookup" });
  return {
    element: h("section", { class: "panel", "aria-label": "First-row fix" }, title, intro, host),
    lookup(shown: Lookup): void {
      title.textContent = shown.title;
      intro.textContent = shown.intro;
      const summary = h("p", {}, shown.summary);
      if (!shown.entries) {
        host.replaceChildren(
          summary,
          h("p", { class: "muted" }, shown.instead!.note),
          h("pre", {}, shown.instead!.rows),
        );
        return;
      }
      const table = h(
        "table",
        { class: "lookup" },
        h(
          "thead",
          {},
          h(
            "tr",
            {},
            h("th", { scope: "col" }, "Last row after chasing"),
            h("th", { scope: "col" }, "Press in the first row"),
          ),
        ),
        h(
          "tbody",
          {},
          ...shown.entries.map((e) =>
            h(
              "tr",
              { "data-last": e.lastRow },
              h("td", {}, h("code", {}, e.lastRow)),
              h("td", {}, h("code", {}, e.firstRow)),
            ),
          ),
        ),
      );
      host.replaceChildren(summary, h("div", { class: "table-scroll" }, table));
    },
    fix(shown: Fix): void {
      title.textContent = shown.title;
      intro.textContent = shown.intro;
      host.replaceChildren(
        h("div", { class: "table-scroll" }, fixTable(shown)),
        h("p", { "data-testid": "fix" }, shown.verdict),
        h(
          "details",
          { open: true },
          h("summary", {}, shown.system),
          h("p", { class: "muted small" }, shown.about),
          h("div", { class: "table-scroll" }, systemTable(shown)),
        ),
      );
    },
    /** Past the first chase, the table row of this board's last row (or the fix) is current. */
    current(pastChase: boolean, lastRow: string): void {
      for (const row of host.querySelectorAll<HTMLElement>("tr[data-last]")) {
        row.classList.toggle("current", pastChase && row.dataset.last === lastRow);
      }
      host.querySelector("table.fix")?.classList.toggle("current", pastChase);
    },
  };
}

/** This board's last row after the first chase, and the first-row presses that clear it. */
function fixTable(shown: Fix): HTMLTableElement {
  const n = shown.cols;
  const line = (name: string, values: readonly number[] | null) =>
    h(
      "tr",
      {},
      h("th", { scope: "row" }, name),
      ...Array.from({ length: n }, (_, c) => h("td", {}, values ? String(values[c]) : "–")),
    );
  return h(
    "table",
    { class: "lookup fix" },
    h(
      "caption",
      { class: "visually-hidden" },
      "This board's last row after the first chase and the first-row presses that clear it",
    ),
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        h("th", { scope: "col" }, "Column"),
        ...Array.from({ length: n }, (_, c) => h("th", { scope: "col" }, String(c + 1))),
      ),
    ),
    h("tbody", {}, line("Last row after chasing", shown.lastRow), line("Presses in the first row", shown.firstRow)),
  );
}

/** The system C z = −d, one row per last-row cell. */
function systemTable(shown: Fix): HTMLTableElement {
  return h(
    "table",
    { class: "lookup system", "data-testid": "system", "aria-label": shown.about },
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        h("th", { scope: "col" }, h("span", { class: "visually-hidden" }, "Last-row cell")),
        ...Array.from({ length: shown.cols }, (_, j) =>
          h("th", { scope: "col", "aria-label": `C, column ${j + 1}` }, `C·${j + 1}`),
        ),
        h("th", { scope: "col", class: "sep" }, "z"),
        h("th", { scope: "col", class: "sep", "aria-label": "minus d" }, "−d"),
      ),
    ),
    h(
      "tbody",
      {},
      ...shown.matrix.map((row, i) =>
        h(
          "tr",
          {},
          h("th", { scope: "row" }, String(i + 1)),
          ...row.map((v) => h("td", {}, String(v))),
          h("td", { class: "sep" }, shown.firstRow ? String(shown.firstRow[i]) : "–"),
          h("td", { class: "sep" }, String(shown.minusLastRow[i])),
        ),
      ),
    ),
  );
}
