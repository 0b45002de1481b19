// Learn: light chasing step by step with a sentence per phase, the quiet
// patterns of the board as a gallery, and the first-row lookup table (two
// states) or the first-row fix of the current board (k states).

import { gridBoard, type GridBoard, quietPatterns, randomPuzzle, solveLightsOut } from "@lightsout/core";
import { type ChaseTrace, firstRowLookup } from "@lightsout/core/lightsout";
import { mountAfterCore } from "../../core-ready.js";
import type { MountScreen, ScreenContext } from "../../screen.js";
import { learnable, MAX_LEARN_SIDE, MAX_LEARN_STATES, MAX_SEED, MAX_STATES } from "../../state/limits.js";
import { decodeBoard, encodeBoard } from "../../state/url.js";
import type { BoardView } from "../../ui/board-types.js";
import { boardView } from "../../ui/board-view.js";
import { button, field, h, numberInput, readNumber } from "../../ui/dom.js";
import { chaseSentence, multiStateChaseSentence } from "../../state/learn/sentences.js";
import { chaseMatrixModK, learnChase } from "../../state/learn/trace.js";
import "./learn.css";

/** The learn screen. */
export const mount: MountScreen = mountAfterCore(setup);

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}

function setup(root: HTMLElement, context: ScreenContext): () => void {
  const rows = numberInput("rows", 5, 1, MAX_LEARN_SIDE);
  const cols = numberInput("cols", 5, 1, MAX_LEARN_SIDE);
  const statesInput = numberInput("states", 2, 2, MAX_LEARN_STATES);
  const seed = numberInput("seed", 1, 0, MAX_SEED);
  const host = h("div", { class: "board-host" });
  const sentence = h("p", { class: "sentence", "aria-live": "polite", "data-testid": "sentence" });
  const counter = h("span", { class: "muted", "data-testid": "step" });
  const back = button("◀ Back", () => go(step - 1), { "data-action": "back" });
  const next = button("Next ▶", () => go(step + 1), { "data-action": "next" });
  const playButton = button("▶ Play", togglePlay, { "data-action": "play", "aria-pressed": "false" });
  const restart = button("Restart", () => go(0), { "data-action": "restart" });
  const gallery = h("div", { class: "gallery", "data-testid": "gallery" });
  const galleryNote = h("p", { class: "muted" });
  const quietIntro = h("p", {});
  const lookupTitle = h("h2", {});
  const lookupIntro = h("p", {});
  const lookupHost = h("div", { "data-testid": "lookup" });
  const editHint = h("p", { class: "muted small" });

  root.append(
    h("h1", {}, "Learn: light chasing"),
    h(
      "section",
      { class: "panel", "aria-label": "Light chasing" },
      h(
        "div",
        { class: "toolbar" },
        field("Rows", rows),
        field("Columns", cols),
        field("States", statesInput),
        field("Seed", seed),
        button(
          "Random board",
          () => {
            const s = readNumber(seed, 1);
            const k = readNumber(statesInput, 2);
            const shape = gridBoard(size()[0], size()[1]);
            setBoard(Array.from(randomPuzzle(shape, { states: k, seed: s })));
            seed.value = String(s + 1);
          },
          { "data-action": "random" },
        ),
        button("All on", () => setBoard(filled(1)), { "data-action": "all-on" }),
        button("All off", () => setBoard(filled(0)), { "data-action": "all-off" }),
      ),
      editHint,
      h(
        "p",
        { class: "muted", "data-testid": "learn-limits" },
        `Learn chases plain rectangles (no wrapping edges) up to ${MAX_LEARN_SIDE} × ${MAX_LEARN_SIDE} with 2 to ${MAX_LEARN_STATES} states; Play and Build take tori, projective planes and up to ${MAX_STATES} states.`,
      ),
      h(
        "div",
        { class: "learn-chase" },
        host,
        h(
          "div",
          { class: "chase-side" },
          h("div", { class: "toolbar", role: "toolbar", "aria-label": "Steps" }, back, next, playButton, restart),
          counter,
          sentence,
        ),
      ),
    ),
    h(
      "section",
      { class: "panel", "aria-label": "Quiet patterns" },
      h("h2", {}, "Quiet patterns"),
      quietIntro,
      galleryNote,
      gallery,
    ),
    h("section", { class: "panel", "aria-label": "First-row fix" }, lookupTitle, lookupIntro, lookupHost),
  );

  let board: GridBoard = gridBoard(5, 5);
  let states = 2;
  let lights: number[] = new Array<number>(25).fill(0);
  // two states: the trace and its lookup table; k states: the trace and the first-row system over Z_k
  let trace: ChaseTrace;
  let step = 0;
  let view: BoardView;
  let timer: ReturnType<typeof setInterval> | undefined;

  function size(): [number, number] {
    return [readNumber(rows, 5), readNumber(cols, 5)];
  }

  function filled(state: number): number[] {
    return new Array<number>(size()[0] * size()[1]).fill(state);
  }

  function setBoard(next: readonly number[], keepShape = false): void {
    const [m, n] = size();
    const k = keepShape ? states : readNumber(statesInput, 2);
    const shapeChanged = !keepShape && (m !== board.rows || n !== board.cols || k !== states);
    if (shapeChanged || !view) {
      board = gridBoard(m, n);
      states = k;
      view = boardView(board, {
        label: "Board for light chasing",
        states,
        onPress: (cell) => {
          if (step !== 0) return; // the trace is fixed once it runs
          const edited = lights.slice();
          edited[cell] = (edited[cell]! + 1) % states;
          setBoard(edited, true);
        },
      });
      host.replaceChildren(view.element);
      host.classList.toggle("counts", states > 2);
      editHint.textContent =
        states === 2
          ? "Click cells to switch lights before you start (at step 0)."
          : `Click cells to change their state before you start (at step 0): each click adds 1, mod ${states}.`;
      drawGallery();
      if (states === 2) drawLookup();
    }
    lights = [...next];
    trace = learnChase(board.rows, board.cols, lights, states);
    if (states > 2) drawFix(trace);
    context.setParams(encodeBoard({ board, states, lights }));
    stop();
    go(0);
  }

  function go(target: number): void {
    step = Math.max(0, Math.min(trace.steps.length, target));
    const s = step === 0 ? null : trace.steps[step - 1]!;
    const presses = s ? Array.from(s.presses) : null;
    if (trace.states > 2) {
      // the step's press counts in each cell's corner; the labels say they belong to this step
      view.update(s ? Array.from(s.lights) : lights, { highlight: presses, solution: presses });
      for (const cell of view.element.querySelectorAll<HTMLElement>("[data-cell]")) {
        const label = cell.getAttribute("aria-label") ?? "";
        cell.setAttribute(
          "aria-label",
          label.replace(/, press (\d+) times in the solution$/, ", pressed $1 times in this step"),
        );
      }
      sentence.textContent = multiStateChaseSentence(trace, lights, step);
    } else {
      view.update(s ? Array.from(s.lights) : lights, { highlight: presses });
      sentence.textContent = chaseSentence(trace, step);
    }
    counter.textContent = `Step ${step} of ${trace.steps.length}`;
    back.disabled = step === 0;
    next.disabled = step === trace.steps.length;
    if (step === trace.steps.length) stop();
    const pastChase = step > 0 && trace.steps[step - 1]!.phase !== "chase";
    for (const row of lookupHost.querySelectorAll<HTMLElement>("tr[data-last]")) {
      row.classList.toggle("current", pastChase && row.dataset.last === trace.lastRow.join(""));
    }
    lookupHost.querySelector("table.fix")?.classList.toggle("current", pastChase);
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
    if (states > 2) return drawMultiStateGallery();
    quietIntro.textContent =
      "Press sets that change no light at all. Adding one to a solution gives another solution, and a board is winnable exactly when it meets every quiet pattern in an even number of lit cells.";
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
      gallery.append(
        h("figure", { class: "quiet" }, mini.element, h("figcaption", {}, `Pattern ${i + 1}: ${count} presses`)),
      );
    });
  }

  function drawMultiStateGallery(): void {
    const k = states;
    quietIntro.textContent =
      `Press counts (0 to ${k - 1} per cell) that bring every light back to where it was: each cell gets a multiple of ${k}. ` +
      `Adding one to a solution gives another solution, and a board is winnable exactly when, for every quiet pattern, the sum over the cells of count × state is a multiple of ${k}.`;
    const patterns = quietPatterns(board, { states: k });
    gallery.replaceChildren();
    const where = `The ${board.rows} × ${board.cols} board over Z_${k}`;
    if (patterns.length === 0) {
      galleryNote.textContent = `${where} has none besides pressing nothing: every board of this size is winnable, in exactly one way.`;
      return;
    }
    const count = solveLightsOut(board, new Array<number>(board.rows * board.cols).fill(0), { states: k }).quietCount;
    galleryNote.textContent =
      `${where} has ${count - 1n} besides pressing nothing, all combinations of ${patterns.length === 1 ? "this one" : `these ${patterns.length}`} ` +
      `(each added 0 to ${k - 1} times, counts mod ${k}); so every winnable board has ${count} solutions. The digits are press counts.`;
    patterns.forEach((pattern, i) => {
      const q = Array.from(pattern);
      const presses = q.reduce((n, v) => n + v, 0);
      const order =
        k /
        gcd(
          k,
          q.reduce((g, v) => gcd(g, v), 0),
        );
      const caption = `Pattern ${i + 1}: ${presses} presses${order < k ? `, back to nothing after adding it ${order} times` : ""}`;
      const mini = boardView(board, {
        label: `Quiet pattern ${i + 1}: press counts ${Array.from(q).join(" ")}`,
        states: k,
        mini: true,
      });
      mini.update(Array.from(q));
      // mini boards draw colours only: the counts as digits too, so colour is never the only cue
      for (const cell of mini.element.querySelectorAll<HTMLElement>("[data-cell]")) {
        const v = Number(cell.dataset.state);
        cell.textContent = v ? v.toString(36) : "";
      }
      gallery.append(h("figure", { class: "quiet digits" }, mini.element, h("figcaption", {}, caption)));
    });
  }

  function drawFix(t: ChaseTrace): void {
    const k = t.states;
    const n = t.cols;
    lookupTitle.textContent = "The first-row fix";
    lookupIntro.textContent =
      `After the first chase only the last row can have cells not at 0, and which first-row presses clear it depends on that last row alone. ` +
      `With ${k} states a lookup table would need one line per possible last row, ${k}^${n}${k ** n <= 1e6 ? ` = ${(k ** n).toLocaleString("en")}` : ""} of them, ` +
      `so instead the first row is found by solving a small ${n} × ${n} system over Z_${k}: column j of its matrix is the last row that chasing one press of ` +
      `first-row cell j leaves on a dark board, and the presses z must give C z = −(last row), mod ${k}.`;
    const head = h(
      "tr",
      {},
      h("th", { scope: "col" }, "Column"),
      ...Array.from({ length: n }, (_, c) => h("th", { scope: "col" }, String(c + 1))),
    );
    const line = (name: string, values: ArrayLike<number> | null) =>
      h(
        "tr",
        {},
        h("th", { scope: "row" }, name),
        ...Array.from({ length: n }, (_, c) => h("td", {}, values ? String(values[c]) : "–")),
      );
    const table = h(
      "table",
      { class: "lookup fix" },
      h(
        "caption",
        { class: "visually-hidden" },
        "This board's last row after the first chase and the first-row presses that clear it",
      ),
      h("thead", {}, head),
      h("tbody", {}, line("Last row after chasing", t.lastRow), line("Presses in the first row", t.firstRow ?? null)),
    );
    const verdict = t.firstRow
      ? h(
          "p",
          { "data-testid": "fix" },
          `For this board: press the first row ${Array.from(t.firstRow).join(" ")} (times per column), then chase again.`,
        )
      : h(
          "p",
          { "data-testid": "fix" },
          `For this board no first row works: the ${n} × ${n} system has no solution, so the board cannot be cleared.`,
        );
    // the system itself: C from chasing single first-row presses, z the fix, −d the last row's opposite
    const c = chaseMatrixModK(t.rows, n, k);
    const about = `C z = −d (mod ${k}): column j of C is the last row left by one press of first-row cell j, z the first-row presses, d the last row.`;
    const system = h(
      "table",
      { class: "lookup system", "data-testid": "system", "aria-label": about },
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          h("th", { scope: "col" }, h("span", { class: "visually-hidden" }, "Last-row cell")),
          ...Array.from({ length: n }, (_, j) =>
            h("th", { scope: "col", "aria-label": `C, column ${j + 1}` }, `C·${j + 1}`),
          ),
          h("th", { scope: "col", class: "sep" }, "z"),
          h("th", { scope: "col", class: "sep", "aria-label": "minus d" }, "−d"),
        ),
      ),
      h(
        "tbody",
        {},
        ...c.map((row, i) =>
          h(
            "tr",
            {},
            h("th", { scope: "row" }, String(i + 1)),
            ...row.map((v) => h("td", {}, String(v))),
            h("td", { class: "sep" }, t.firstRow ? String(t.firstRow[i]) : "–"),
            h("td", { class: "sep" }, String((k - t.lastRow[i]!) % k)),
          ),
        ),
      ),
    );
    lookupHost.replaceChildren(
      h("div", { class: "table-scroll" }, table),
      verdict,
      h(
        "details",
        { open: true },
        h("summary", {}, `The ${n} × ${n} system over Z_${k}`),
        h("p", { class: "muted small" }, about),
        h("div", { class: "table-scroll" }, system),
      ),
    );
  }

  function drawLookup(): void {
    lookupTitle.textContent = "The first-row lookup";
    lookupIntro.textContent =
      "After the first chase only the last row can be lit. Which first-row presses clear it depends on that last row alone: this table lists them.";
    const t = firstRowLookup(board.rows, board.cols, { maxEntries: 256 });
    const intro = h(
      "p",
      {},
      `${board.cols} columns: the chase matrix has rank ${t.rank}, so ${2 ** t.rank} of the ${2 ** board.cols} last rows can be cleared` +
        (t.nullity
          ? `, each by ${2 ** t.nullity} different first rows (the table shows the one with free presses 0).`
          : `, each by exactly one first row.`),
    );
    if (!t.entries) {
      lookupHost.replaceChildren(
        intro,
        h(
          "p",
          { class: "muted" },
          `${2 ** t.rank} entries are too many to list; first-row press i is the sum (mod 2) of the last-row lights marked in row i:`,
        ),
        h(
          "pre",
          {},
          t.inverse.map((r, i) => `press ${String(i + 1).padStart(2)}: ${Array.from(r).join("")}`).join("\n"),
        ),
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
        ...t.entries.map((e) =>
          h(
            "tr",
            { "data-last": e.lastRow.join("") },
            h("td", {}, h("code", {}, e.lastRow.join(""))),
            h("td", {}, h("code", {}, e.firstRow.join(""))),
          ),
        ),
      ),
    );
    lookupHost.replaceChildren(intro, h("div", { class: "table-scroll" }, table));
  }

  for (const input of [rows, cols, statesInput]) input.addEventListener("change", () => setBoard(filled(1)));

  let start: number[] | null = null;
  try {
    const shared = decodeBoard(context.params);
    if (shared && learnable(shared.board, shared.states)) {
      rows.value = String(shared.board.rows);
      cols.value = String(shared.board.cols);
      statesInput.value = String(shared.states);
      start = [...shared.lights];
    }
  } catch {
    // not a board Learn can chase: start from the all-on board
  }
  setBoard(start ?? new Array<number>(25).fill(1));
  return stop;
}
