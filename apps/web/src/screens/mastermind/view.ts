// Mastermind's DOM pieces: the settings panel, the code form (shared by the
// codebreaker's guess and the codemaker's secret), the colour buttons and a
// row of the history. They draw and forward events; the rules are
// state/mastermind's and @lightsout/mastermind's.

import type { CodeSpace, Move } from "@lightsout/mastermind";
import { type ComparisonRow, type Part, SOLVER_NAMES, type SolverName } from "../../state/mastermind/analysis.js";
import {
  type CodeFormText,
  COLOUR_NAMES,
  GAMES,
  type Mode,
  STRATEGY_OPTIONS,
  typed,
} from "../../state/mastermind/state.js";
import { button, field, h, select } from "../../ui/dom.js";

/**
 * The heading, the rules line, the mode, game and solver, and the body the game is drawn in.
 *
 * @param root - The screen's element.
 * @param game - The game selected.
 * @param strategy - The solver selected.
 * @param changed - Called after any setting changed.
 */
export function settingsView(root: HTMLElement, game: string, strategy: SolverName, changed: () => void) {
  const intro = h("p", { class: "muted" });
  const modeBreaker = h("input", { type: "radio", name: "mm-mode", value: "breaker", id: "mm-mode-breaker" });
  const modeMaker = h("input", { type: "radio", name: "mm-mode", value: "maker", id: "mm-mode-maker" });
  const modes = h(
    "fieldset",
    { class: "mm-modes" },
    h("legend", {}, "You are the"),
    h("label", { for: "mm-mode-breaker" }, modeBreaker, " codebreaker (you guess)"),
    h("label", { for: "mm-mode-maker" }, modeMaker, " codemaker (the solver guesses)"),
  );
  const gameSelect = select("game", GAMES, game);
  const strategySelect = select("solver", STRATEGY_OPTIONS, strategy);
  const settings = h("div", { class: "toolbar" }, field("Game", gameSelect), field("Solver", strategySelect));
  const body = h("div", { class: "mm-body" });
  root.append(
    h(
      "section",
      { class: "mm", "aria-labelledby": "mm-title" },
      h("h1", { id: "mm-title" }, "Mastermind"),
      intro,
      h("div", { class: "panel" }, modes, settings),
      body,
    ),
  );
  for (const control of [modeBreaker, modeMaker, gameSelect, strategySelect]) {
    control.addEventListener("change", changed);
  }
  return {
    body,
    /** The settings as chosen. */
    read(): { mode: Mode; game: string; strategy: SolverName } {
      return {
        mode: modeMaker.checked ? "maker" : "breaker",
        game: gameSelect.value,
        strategy: strategySelect.value as SolverName,
      };
    },
    /** Shows the mode and the game's rules. */
    show(mode: Mode, rules: string): void {
      intro.textContent = rules;
      modeBreaker.checked = mode === "breaker";
      modeMaker.checked = mode === "maker";
    },
  };
}

/**
 * A form to type a code: the field, its submit button, its help, the colour buttons and the error line.
 *
 * @param space - The game.
 * @param text - The form's words.
 * @param submitted - Called when the form is submitted.
 */
export function codeForm(space: CodeSpace, text: CodeFormText, submitted: () => void) {
  const input = h("input", {
    id: text.id,
    name: text.id,
    type: "text",
    inputmode: "numeric",
    autocomplete: "off",
    spellcheck: "false",
    maxlength: space.pegs * 2,
    size: space.pegs + 2,
    class: "mm-code-input",
    placeholder: space.format(space.codeAt(0)).replace(/./g, "·"),
  });
  const error = h("p", { class: "error", id: `${text.id}-error`, role: "alert" });
  input.setAttribute("aria-describedby", `${text.id}-error ${text.id}-help`);
  const form = h(
    "form",
    { class: "mm-form", "aria-label": text.label },
    h("label", { for: text.id }, text.label),
    h(
      "div",
      { class: "toolbar" },
      input,
      h("button", { type: "submit", class: "primary", "data-action": text.action }, text.submit),
    ),
    h("p", { class: "muted small", id: `${text.id}-help` }, text.help),
    palette(space, input),
    error,
  );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    submitted();
  });
  return {
    form,
    input,
    /** Shows why the code could not be read (and marks the field invalid), or clears it (null). */
    error(reason: string | null): void {
      error.textContent = reason ?? "";
      if (reason === null) input.removeAttribute("aria-invalid");
      else input.setAttribute("aria-invalid", "true");
    },
  };
}

/** Colour buttons that type into the input; "Clear" empties it. */
function palette(space: CodeSpace, input: HTMLInputElement): HTMLElement {
  const group = h("div", { class: "mm-palette", role: "group", "aria-label": "Colours" });
  for (let c = 1; c <= space.colors; c++) {
    group.append(
      button(
        String(c),
        () => {
          input.value = typed(input.value, c, space.pegs);
          input.focus();
        },
        { class: `mm-peg mm-c${c}`, "aria-label": `colour ${c} (${COLOUR_NAMES[c - 1]})`, "data-colour": c },
      ),
    );
  }
  group.append(
    button(
      "Clear",
      () => {
        input.value = "";
        input.focus();
      },
      { "data-action": "clear" },
    ),
  );
  return group;
}

/** The status line of a game. */
export function statusLine(): HTMLParagraphElement {
  return h("p", { class: "status", role: "status", "aria-live": "polite", "data-testid": "status" });
}

/** The list of guesses made. */
export function historyList(label: string): HTMLOListElement {
  return h("ol", { class: "mm-history", "aria-label": label, "data-testid": "history" });
}

/** One row of the history: the pegs (colour and digit) and the score in words. */
export function moveItem(space: CodeSpace, move: Move): HTMLLIElement {
  const code = space.format(move.guess);
  const { black, white } = move.score;
  return h(
    "li",
    { "data-code": code, "data-black": black, "data-white": white },
    h(
      "span",
      { class: "mm-pegs", "aria-label": `guess ${code}` },
      ...move.guess.map((c) => h("span", { class: `mm-peg mm-c${c}`, "aria-hidden": "true" }, String(c))),
    ),
    h(
      "span",
      { class: "mm-score" },
      h("span", { "aria-hidden": "true" }, `${"●".repeat(black)}${"○".repeat(white)}${black + white === 0 ? "–" : ""}`),
      h("span", { class: "mm-score-text" }, ` ${black} black, ${white} white`),
    ),
  );
}

/** The score of a part in pegs and words ("●○ 1 black, 1 white"). */
function scoreCell(black: number, white: number): HTMLTableCellElement {
  return h(
    "td",
    {},
    h("span", { "aria-hidden": "true" }, `${"●".repeat(black)}${"○".repeat(white)}${black + white === 0 ? "–" : ""}`),
    h("span", { class: "mm-score-text" }, ` ${black} black, ${white} white`),
  );
}

/**
 * Why a guess: a sentence and the table of its partition (score, codes that
 * would remain), the largest part marked.
 */
export function partitionView(why: string, parts: readonly Part[]): HTMLElement {
  const largest = Math.max(...parts.map((p) => p.count));
  const rows = parts.map((p) =>
    h(
      "tr",
      { "data-black": p.black, "data-white": p.white, ...(p.count === largest ? { class: "mm-largest" } : {}) },
      scoreCell(p.black, p.white),
      h("td", { class: "num" }, String(p.count)),
    ),
  );
  return h(
    "details",
    { class: "mm-why", "data-testid": "why" },
    h("summary", {}, "Why this guess"),
    h("p", {}, why),
    h(
      "table",
      { class: "mm-table" },
      h("caption", {}, "Codes still possible after each score"),
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Score"), h("th", { scope: "col" }, "Codes left"))),
      h("tbody", {}, ...rows),
    ),
  );
}

/** The solvers compared over every secret: average, worst case, total, first guess and histogram. */
export function comparisonView(rows: readonly ComparisonRow[]): HTMLTableElement {
  const worst = Math.max(...rows.map((r) => r.worst));
  const head = ["Solver", "Average", "Worst", "Total", "First guess"];
  for (let g = 1; g <= worst; g++) head.push(`${g} guess${g === 1 ? "" : "es"}`);
  return h(
    "table",
    { class: "mm-table", "data-testid": "comparison" },
    h("caption", {}, "Every solver against every secret (secrets found with each number of guesses)"),
    h("thead", {}, h("tr", {}, ...head.map((t) => h("th", { scope: "col" }, t)))),
    h(
      "tbody",
      {},
      ...rows.map((r) =>
        h(
          "tr",
          { "data-solver": r.solver },
          h("th", { scope: "row" }, SOLVER_NAMES[r.solver]),
          h("td", { class: "num" }, r.average.toFixed(3)),
          h("td", { class: "num" }, String(r.worst)),
          h("td", { class: "num" }, String(r.total)),
          h("td", {}, r.firstGuess),
          ...Array.from({ length: worst }, (_, g) => h("td", { class: "num" }, String(r.histogram[g] ?? 0))),
        ),
      ),
    ),
  );
}
