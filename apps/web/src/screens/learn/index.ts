// Learn: light chasing step by step with a sentence per phase, the quiet
// patterns of the board as a gallery, and the first-row lookup table.

import { type ChaseTrace, chaseTrace, firstRowLookup, gridBoard, type GridBoard, quietPatterns, randomPuzzle } from "@lightsout/core";
import { mountAfterCore } from "../../core-ready.js";
import type { MountScreen, ScreenContext } from "../../screen.js";
import { decodeBoard, encodeBoard } from "../../state/url.js";
import { boardView, type BoardView } from "../../ui/board-view.js";
import { button, field, h, numberInput, readNumber } from "../../ui/dom.js";
import { chaseSentence } from "./sentences.js";
import "./learn.css";

/** Largest side in Learn: the table and the gallery stay readable. */
const MAX_SIDE = 12;

/** The learn screen. */
export const mount: MountScreen = mountAfterCore(setup);

function setup(root: HTMLElement, context: ScreenContext): () => void {
  const rows = numberInput("rows", 5, 1, MAX_SIDE);
  const cols = numberInput("cols", 5, 1, MAX_SIDE);
  const seed = numberInput("seed", 1, 0, 2 ** 31 - 1);
  const host = h("div", { class: "board-host" });
  const sentence = h("p", { class: "sentence", "aria-live": "polite", "data-testid": "sentence" });
  const counter = h("span", { class: "muted", "data-testid": "step" });
  const back = button("◀ Back", () => go(step - 1), { "data-action": "back" });
  const next = button("Next ▶", () => go(step + 1), { "data-action": "next" });
  const playButton = button("▶ Play", togglePlay, { "data-action": "play", "aria-pressed": "false" });
  const restart = button("Restart", () => go(0), { "data-action": "restart" });
  const gallery = h("div", { class: "gallery", "data-testid": "gallery" });
  const galleryNote = h("p", { class: "muted" });
  const lookupHost = h("div", { "data-testid": "lookup" });

  root.append(
    h("h1", {}, "Learn: light chasing"),
    h("section", { class: "panel", "aria-label": "Light chasing" },
      h("div", { class: "toolbar" },
        field("Rows", rows), field("Columns", cols), field("Seed", seed),
        button("Random board", () => {
          const s = readNumber(seed, 1);
          setBoard(randomPuzzle(gridBoard(size()[0], size()[1]), { seed: s }));
          seed.value = String(s + 1);
        }, { "data-action": "random" }),
        button("All on", () => setBoard(new Uint8Array(size()[0] * size()[1]).fill(1)), { "data-action": "all-on" }),
        button("All off", () => setBoard(new Uint8Array(size()[0] * size()[1])), { "data-action": "all-off" }),
      ),
      h("p", { class: "muted small" }, "Click cells to switch lights before you start (at step 0)."),
      h("div", { class: "learn-chase" },
        host,
        h("div", { class: "chase-side" },
          h("div", { class: "toolbar", role: "toolbar", "aria-label": "Steps" }, back, next, playButton, restart),
          counter,
          sentence,
        ),
      ),
    ),
    h("section", { class: "panel", "aria-label": "Quiet patterns" },
      h("h2", {}, "Quiet patterns"),
      h("p", {}, "Press sets that change no light at all. Adding one to a solution gives another solution, and a board is winnable exactly when it meets every quiet pattern in an even number of lit cells."),
      galleryNote,
      gallery,
    ),
    h("section", { class: "panel", "aria-label": "First-row lookup" },
      h("h2", {}, "The first-row lookup"),
      h("p", {}, "After the first chase only the last row can be lit. Which first-row presses clear it depends on that last row alone: this table lists them."),
      lookupHost,
    ),
  );

  let board: GridBoard = gridBoard(5, 5);
  let lights: Uint8Array = new Uint8Array(25);
  let trace: ChaseTrace;
  let step = 0;
  let view: BoardView;
  let timer: ReturnType<typeof setInterval> | undefined;

  function size(): [number, number] {
    return [readNumber(rows, 5), readNumber(cols, 5)];
  }

  function setBoard(next: Uint8Array, keepShape = false): void {
    const [m, n] = size();
    const shapeChanged = !keepShape && (m !== board.rows || n !== board.cols);
    if (shapeChanged || !view) {
      board = gridBoard(m, n);
      view = boardView(board, {
        label: "Board for light chasing",
        states: 2,
        onPress: (cell) => {
          if (step !== 0) return; // the trace is fixed once it runs
          const edited = lights.slice();
          edited[cell]! ^= 1;
          setBoard(edited, true);
        },
      });
      host.replaceChildren(view.element);
      drawGallery();
      drawLookup();
    }
    lights = next;
    trace = chaseTrace(board.rows, board.cols, lights);
    context.setParams(encodeBoard({ board, states: 2, lights: Array.from(lights) }));
    stop();
    go(0);
  }

  function go(target: number): void {
    step = Math.max(0, Math.min(trace.steps.length, target));
    const s = step === 0 ? null : trace.steps[step - 1]!;
    view.update(Array.from(s ? s.lights : trace.lights), { highlight: s ? Array.from(s.presses) : null });
    counter.textContent = `Step ${step} of ${trace.steps.length}`;
    sentence.textContent = chaseSentence(trace, step);
    back.disabled = step === 0;
    next.disabled = step === trace.steps.length;
    if (step === trace.steps.length) stop();
    for (const row of lookupHost.querySelectorAll<HTMLElement>("tr[data-last]")) {
      row.classList.toggle("current", step > 0 && trace.steps[step - 1]!.phase !== "chase" && row.dataset.last === trace.lastRow.join(""));
    }
  }

  function togglePlay(): void {
    if (timer) return stop();
    if (step === trace.steps.length) go(0);
    playButton.setAttribute("aria-pressed", "true");
    playButton.textContent = "❚❚ Pause";
    timer = setInterval(() => go(step + 1), 900);
  }

  function stop(): void {
    if (timer) clearInterval(timer);
    timer = undefined;
    playButton.setAttribute("aria-pressed", "false");
    playButton.textContent = "▶ Play";
  }

  function drawGallery(): void {
    const patterns = quietPatterns(board);
    gallery.replaceChildren();
    if (patterns.length === 0) {
      galleryNote.textContent = `The ${board.rows} × ${board.cols} board has none besides pressing nothing: every board of this size is winnable, in exactly one way.`;
      return;
    }
    galleryNote.textContent = `The ${board.rows} × ${board.cols} board has ${2 ** patterns.length - 1} besides pressing nothing, all sums of these ${patterns.length}; so every winnable board has ${2 ** patterns.length} solutions.`;
    patterns.forEach((q, i) => {
      const count = q.reduce((n, v) => n + v, 0);
      const mini = boardView(board, { label: `Quiet pattern ${i + 1}: ${count} presses`, states: 2, mini: true });
      mini.update(Array.from(q));
      gallery.append(h("figure", { class: "quiet" }, mini.element, h("figcaption", {}, `Pattern ${i + 1}: ${count} presses`)));
    });
  }

  function drawLookup(): void {
    const t = firstRowLookup(board.rows, board.cols, { maxEntries: 256 });
    const intro = h("p", {}, `${board.cols} columns: the chase matrix has rank ${t.rank}, so ${2 ** t.rank} of the ${2 ** board.cols} last rows can be cleared` +
      (t.nullity ? `, each by ${2 ** t.nullity} different first rows (the table shows the one with free presses 0).` : `, each by exactly one first row.`));
    if (!t.entries) {
      lookupHost.replaceChildren(intro, h("p", { class: "muted" }, `${2 ** t.rank} entries are too many to list; first-row press i is the sum (mod 2) of the last-row lights marked in row i:`),
        h("pre", {}, t.inverse.map((r, i) => `press ${String(i + 1).padStart(2)}: ${Array.from(r).join("")}`).join("\n")));
      return;
    }
    const table = h("table", { class: "lookup" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Last row after chasing"), h("th", { scope: "col" }, "Press in the first row"))),
      h("tbody", {}, ...t.entries.map((e) => h("tr", { "data-last": e.lastRow.join("") }, h("td", {}, h("code", {}, e.lastRow.join(""))), h("td", {}, h("code", {}, e.firstRow.join("")))))),
    );
    lookupHost.replaceChildren(intro, h("div", { class: "table-scroll" }, table));
  }

  for (const input of [rows, cols]) input.addEventListener("change", () => setBoard(new Uint8Array(size()[0] * size()[1]).fill(1)));

  let start: Uint8Array | null = null;
  try {
    const shared = decodeBoard(context.params);
    if (shared?.board.kind === "grid" && shared.states === 2 && !shared.board.mask && !shared.board.torus && (shared.board.rule ?? "plus") === "plus" &&
        shared.board.selfToggle !== false && shared.board.rows <= MAX_SIDE && shared.board.cols <= MAX_SIDE) {
      rows.value = String(shared.board.rows);
      cols.value = String(shared.board.cols);
      start = Uint8Array.from(shared.lights);
    }
  } catch {
    // not a board Learn can chase: start from the all-on board
  }
  setBoard(start ?? new Uint8Array(25).fill(1));
  return stop;
}
