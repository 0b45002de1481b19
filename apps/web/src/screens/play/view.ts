// Play's DOM: the status line, the board, the game controls, the info panel,
// the new-puzzle form and the links. It draws what it is given and forwards
// every event to its handlers; the state and its sentences are state/play's.

import type { Board } from "@lightsout/core";
import { LIMITS_TEXT, MAX_SEED, MAX_SIDE, MAX_STATES } from "../../state/limits.js";
import { SOLUTION_ORDERS, type SolutionOrder } from "../../state/play/animate.js";
import { type formFor, type PuzzleForm, shortcut } from "../../state/play/state.js";
import type { ProofExplained } from "../../state/proof-words.js";
import type { BoardMarks, BoardView } from "../../ui/board-types.js";
import { boardView } from "../../ui/board-view.js";
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
  toolbar,
} from "../../ui/dom.js";
import { loadCellStyle } from "../../state/cell-style.js";

/** What the screen does when the user acts. */
export interface PlayHandlers {
  press(cell: number): void;
  undo(): void;
  redo(): void;
  reset(): void;
  hint(): void;
  solution(): void;
  /** Starts "Play the solution" (or stops it while it runs). */
  animate(order: SolutionOrder): void;
  winnable(): void;
  cancel(): void;
  newPuzzle(): void;
  nextSeed(): void;
  today(): void;
  toggleTimer(): void;
  toBuild(): void;
  toLearn(): void;
}

/** The line above the board and the state of the game controls. */
export interface GameLine {
  moves: number;
  status: string;
  win: boolean;
  clock: string;
  canUndo: boolean;
  canRedo: boolean;
  canReset: boolean;
}

/**
 * Draws the Play screen into `root`.
 *
 * @param root - The screen's element.
 * @param on - The handlers.
 * @returns The view.
 */
export function playView(root: HTMLElement, on: PlayHandlers) {
  const line = gameLine(on);
  const info = h("div", { class: "panel info", "aria-live": "polite", "data-testid": "info" });
  const busy = busyLine("Solving… ", on.cancel);
  const boardHost = h("div", { class: "board-host" });
  const controls = gameControls(on);
  const form = puzzleForm(on);
  const share = h("a", { href: "#/play", "data-testid": "share" }, "Link to this puzzle");
  const toLearn = button("Chase it in Learn", on.toLearn, { "data-action": "learn" });
  const about = h("p", { class: "muted", "data-testid": "about" });
  controls.element.classList.add("game-controls");
  const side = h("div", { class: "play-side" }, busy, controls.element, info);
  const game = h("section", { class: "play-main", "aria-label": "Game" }, line.element, boardHost, side);
  const dailyList = h("ol", { class: "daily-list", "data-testid": "daily-history" });
  const dailyPanel = h(
    "section",
    { class: "panel", "aria-label": "Your daily results", hidden: true },
    h("h2", {}, "Your daily results"),
    dailyList,
    h("p", { class: "muted small" }, "Kept in this browser: the best result of each day's puzzle."),
  );
  root.append(
    h("h1", { class: "visually-hidden" }, "Play"),
    h(
      "div",
      { class: "screen-layout" },
      game,
      h(
        "aside",
        {},
        form.element,
        dailyPanel,
        h(
          "div",
          { class: "panel" },
          about,
          h(
            "div",
            { class: "toolbar" },
            share,
            button("Edit in Build", on.toBuild, { "data-action": "edit" }),
            toLearn,
          ),
          h(
            "div",
            { class: "toolbar" },
            cellsField((cells) => board?.restyle(cells)),
          ),
        ),
      ),
    ),
  );
  // Undo and redo from anywhere on the page (the body too), except in a text field: there they edit the text.
  const keys = (event: KeyboardEvent) => {
    const target = event.target as HTMLElement | null;
    if (target?.closest("input, textarea, select, [contenteditable]")) return;
    const action = shortcut(event);
    if (!action) return;
    on[action]();
    event.preventDefault();
  };
  document.addEventListener("keydown", keys);

  let board: BoardView | undefined;
  return {
    form,
    info: infoPanel(info),
    /** Draws a new board (its lights follow with `lights`). */
    board(next: Board, states: number): void {
      board = boardView(next, { label: "Lights Out board", states, onPress: on.press, cells: loadCellStyle() });
      boardHost.replaceChildren(board.element);
      // a canvas board (beyond 32 x 32) keeps the game's controls beside it on wide screens
      game.classList.toggle("beside", board.element.classList.contains("board-canvas-host"));
    },
    lights(lights: readonly number[], marks: BoardMarks): void {
      board?.update(lights, marks);
    },
    game(state: GameLine): void {
      line.game(state);
      controls.game(state);
      // a won board is locked and celebrated (the status line, a live region, says so; the focus stays)
      boardHost.classList.toggle("won", state.win && state.moves > 0);
      // the cells are locked; a canvas board's zoom buttons still work
      const cells = board?.element.querySelector("canvas") ?? board?.element;
      cells?.setAttribute("aria-disabled", String(state.win && state.moves > 0));
    },
    status: line.status,
    clock: line.clock,
    par: line.par,
    best: line.best,
    timer: line.timer,
    solution: controls.solution,
    animating: controls.animating,
    busy(on: boolean): void {
      busy.hidden = !on;
    },
    /** The history of daily results, a line a day (the panel is hidden while there is none). */
    daily(lines: readonly string[]): void {
      dailyPanel.hidden = lines.length === 0;
      dailyList.replaceChildren(...lines.slice(0, 14).map((line) => h("li", {}, line)));
    },
    /** The panel about the puzzle: what board it is, its link, and whether Learn takes it. */
    puzzle(description: string, link: string, learnable: boolean): void {
      about.textContent = description;
      share.href = link;
      toLearn.hidden = !learnable;
    },
    dispose(): void {
      document.removeEventListener("keydown", keys);
    },
  };
}

/** The drawn Play screen. */
export type PlayView = ReturnType<typeof playView>;

/** Status, moves, par, best and the timer, above the board. */
function gameLine(on: PlayHandlers) {
  const status = h("p", { class: "status", role: "status", "aria-live": "polite", "data-testid": "status" });
  const moves = h("span", { "data-testid": "moves" }, "0");
  // Par (the fewest presses), the best result kept for this puzzle, and a timer that can be hidden.
  const par = h("span", { class: "moves", "data-testid": "par", hidden: true });
  const best = h("span", { class: "moves", "data-testid": "best", hidden: true });
  const clock = h("span", { class: "moves", "data-testid": "timer", role: "timer", "aria-live": "off" }, "0:00");
  const timerToggle = button("Hide timer", on.toggleTimer, { "data-action": "timer", class: "small" });
  const shown = (element: HTMLElement) => (text: string | null) => {
    element.hidden = text === null;
    if (text !== null) element.textContent = text;
  };
  return {
    element: h(
      "div",
      { class: "play-head" },
      status,
      h("span", { class: "moves" }, "Moves: ", moves),
      par,
      best,
      clock,
      timerToggle,
    ),
    game(state: GameLine): void {
      moves.textContent = String(state.moves);
      status.classList.toggle("win", state.win);
      clock.textContent = state.clock;
      status.textContent = state.status;
    },
    status(text: string): void {
      status.textContent = text;
    },
    clock(text: string): void {
      clock.textContent = text;
    },
    par: shown(par),
    best: shown(best),
    timer(on: boolean): void {
      clock.hidden = !on;
      timerToggle.textContent = on ? "Hide timer" : "Show timer";
    },
  };
}

/** Undo, redo, reset, hint, the solution overlay and the winnability check. */
function gameControls(on: PlayHandlers) {
  const undo = button("Undo", on.undo, { "data-action": "undo", "aria-keyshortcuts": "Control+Z" });
  const redo = button("Redo", on.redo, { "data-action": "redo", "aria-keyshortcuts": "Control+Y" });
  const reset = button("Reset", on.reset, { "data-action": "reset" });
  const solution = button("Show solution", on.solution, { "data-action": "solution", "aria-pressed": "false" });
  const order = select("order", SOLUTION_ORDERS, "in-order");
  order.setAttribute("aria-label", "Order of the solution's presses");
  const animate = button("Play the solution", () => on.animate(order.value as SolutionOrder), {
    "data-action": "animate",
    "aria-pressed": "false",
  });
  // Offered once the board is dark: the next seed's puzzle on the same board.
  const nextPuzzle = button("Next puzzle", on.nextSeed, { "data-action": "next-puzzle", class: "primary" });
  nextPuzzle.hidden = true;
  return {
    element: toolbar(
      "Game controls",
      nextPuzzle,
      undo,
      redo,
      reset,
      button("Hint", on.hint, { "data-action": "hint" }),
      solution,
      animate,
      order,
      button("Is this winnable?", on.winnable, { "data-action": "winnable" }),
    ),
    game(state: GameLine): void {
      undo.disabled = !state.canUndo;
      redo.disabled = !state.canRedo;
      reset.disabled = !state.canReset;
      nextPuzzle.hidden = !(state.win && state.moves > 0);
    },
    /** Whether the solution overlay is on. */
    solution(on: boolean): void {
      solution.setAttribute("aria-pressed", String(on));
      solution.textContent = on ? "Hide solution" : "Show solution";
    },
    /** Whether "Play the solution" is pressing the board. */
    animating(on: boolean): void {
      animate.setAttribute("aria-pressed", String(on));
      animate.textContent = on ? "Stop playing" : "Play the solution";
    },
  };
}

/** The new-puzzle form: shape, size, states, rule and seed. */
function puzzleForm(on: PlayHandlers) {
  const shape = select(
    "shape",
    [
      ["rect", "Rectangle"],
      ["torus", "Torus"],
      ["projective", "Projective plane"],
      ["keep", "Keep this board"],
    ],
    "rect",
  );
  const rows = numberInput("rows", 5, 1, MAX_SIDE);
  const cols = numberInput("cols", 5, 1, MAX_SIDE);
  const states = numberInput("states", 2, 2, MAX_STATES);
  // "This board's rule" is offered while the board played has custom offsets.
  const rule = select("rule", [...RULE_OPTIONS, ["custom", "This board's rule (custom)"]], "plus");
  const customRule = rule.querySelector<HTMLOptionElement>('option[value="custom"]')!;
  const seed = numberInput("seed", 1, 0, MAX_SEED);
  const element = h(
    "form",
    { class: "panel new-puzzle", "aria-label": "New puzzle" },
    h("h2", {}, "New puzzle"),
    h("div", { class: "toolbar" }, field("Shape", shape), field("Rows", rows), field("Columns", cols)),
    h("div", { class: "toolbar" }, field("States", states), field("Rule", rule), field("Seed", seed)),
    h(
      "div",
      { class: "toolbar" },
      h("button", { type: "submit", class: "primary", "data-action": "new" }, "New puzzle"),
      button("Next seed", on.nextSeed, { "data-action": "next" }),
      button("Today's puzzle", on.today, { "data-action": "daily" }),
    ),
    h(
      "p",
      { class: "muted small" },
      `Random and always winnable: random presses applied to a dark board. The same seed gives the same puzzle. ${LIMITS_TEXT.split(";")[0]}.`,
    ),
  );
  element.addEventListener("submit", (event) => {
    event.preventDefault();
    on.newPuzzle();
  });
  // A graph has no rows, columns or grid rule: kept as it is, they are not its fields.
  let graphPlayed = false;
  const sizeFields = () => {
    for (const input of [rows, cols, rule]) input.disabled = graphPlayed && shape.value === "keep";
  };
  shape.addEventListener("change", sizeFields);
  return {
    element,
    /** The form's values (numbers clamped to their fields' ranges). */
    read(): PuzzleForm {
      return {
        shape: shape.value,
        rows: readNumber(rows, 5),
        cols: readNumber(cols, 5),
        states: readNumber(states, 2),
        rule: rule.value,
        seed: readNumber(seed, 1),
      };
    },
    /** Shows the board played's size, rule and states. */
    follow(fields: ReturnType<typeof formFor>): void {
      graphPlayed = !fields.grid;
      sizeFields();
      if (fields.grid) {
        rows.value = String(fields.grid.rows);
        cols.value = String(fields.grid.cols);
        customRule.hidden = !fields.grid.customRule;
        rule.value = fields.grid.rule;
      }
      states.value = String(fields.states);
    },
    seed(value: number): void {
      seed.value = String(value);
    },
    shape(value: string): void {
      shape.value = value;
      sizeFields();
    },
  };
}

/** The info panel under the board: one message at a time. */
function infoPanel(info: HTMLElement) {
  return {
    /** The first instruction: what a press does on this board. */
    rules(text: string): void {
      info.replaceChildren(h("p", { class: "muted", "data-testid": "rules" }, text));
    },
    note(text: string): void {
      info.replaceChildren(h("p", {}, text));
    },
    /** Something went wrong (`error`), or was stopped by the user (muted). */
    alert(text: string, error = true): void {
      info.replaceChildren(h("p", { class: error ? "error" : "muted", role: "alert" }, text));
    },
    verdict(text: string): void {
      info.replaceChildren(h("p", { "data-testid": "verdict" }, text));
    },
    /** The verdict that the board cannot be cleared, and why. */
    proof(verdict: string, why: ProofExplained): void {
      info.replaceChildren(h("p", { "data-testid": "verdict" }, h("strong", {}, verdict)), proofParagraphs(why));
    },
  };
}

/** The proof's explanation: a paragraph, with the quiet-pattern remark (two states) or the weights (k states). */
function proofParagraphs(why: ProofExplained): HTMLElement {
  if (why.kind === "none") return h("p", {}, why.text);
  if (why.kind === "parity")
    return h("div", {}, h("p", {}, why.text), why.quiet === null ? null : h("p", { class: "muted" }, why.quiet));
  return h(
    "div",
    {},
    h("p", {}, why.text),
    h("pre", { class: "proof-weights", "aria-label": "Weights of the proof" }, why.weights),
  );
}
