// Play: any board of the engine, pressed by mouse, touch or keyboard, with
// undo/redo, new random puzzles, hints, the solution overlay and the proof
// when a board cannot be cleared.

import { type Board, gridBoard, randomPuzzle, type RuleName, type Topology } from "@lightsout/core";
import { boardTopology } from "@lightsout/core/lightsout";
import { mountAfterCore } from "../../core-ready.js";
import type { MountScreen } from "../../screen.js";
import { type Game, isDark, newGame, press, redo, replay, reset, undo } from "../../state/play/game.js";
import { learnable, LIMITS_TEXT, MAX_SEED, MAX_SIDE, MAX_STATES } from "../../state/limits.js";
import type { Analysis } from "../../state/solver.js";
import { nextPress } from "../../state/solver.js";
import { Cancelled, Solver } from "../../state/solver-client.js";
import {
  type Best,
  daily,
  decodeMoves,
  encodeMoves,
  loadBest,
  puzzleKey,
  recordBest,
} from "../../state/play/progress.js";
import { decodeBoard, encodeBoard } from "../../state/url.js";
import type { BoardView } from "../../ui/board-types.js";
import { boardView } from "../../ui/board-view.js";
import { button, field, h, numberInput, readNumber, RULE_OPTIONS, select } from "../../ui/dom.js";
import { count, describeBoard, pressRule, proofExplanation } from "../../ui/words.js";
import "./play.css";

/** The play screen. */
export const mount: MountScreen = mountAfterCore(setup);

function setup(root: HTMLElement, context: Parameters<MountScreen>[1]): () => void {
  const status = h("p", { class: "status", role: "status", "aria-live": "polite", "data-testid": "status" });
  // The first instruction, from the board played (its rule, states, torus and self toggle).
  const intro = () =>
    h("p", { class: "muted", "data-testid": "rules" }, game ? pressRule(game.board, game.states) : "");
  const info = h("div", { class: "panel info", "aria-live": "polite", "data-testid": "info" });
  // Solving runs in a worker: the page says so and can stop it.
  const solver = new Solver();
  const cancelButton = button("Cancel", () => solver.cancel(), { "data-action": "cancel" });
  const busy = h(
    "p",
    { class: "busy", role: "status", "data-testid": "busy", hidden: true },
    "Solving… ",
    cancelButton,
  );
  solver.onBusy = (inFlight) => {
    busy.hidden = inFlight === 0;
  };
  const boardHost = h("div", { class: "board-host" });
  const moves = h("span", { "data-testid": "moves" }, "0");
  // Par (the fewest presses), the best result kept for this puzzle, and a timer that can be hidden.
  const par = h("span", { class: "moves", "data-testid": "par", hidden: true });
  const bestText = h("span", { class: "moves", "data-testid": "best", hidden: true });
  const clock = h("span", { class: "moves", "data-testid": "timer", role: "timer", "aria-live": "off" }, "0:00");
  const TIMER_KEY = "lightsout-timer-hidden";
  const timerToggle = button("Hide timer", () => showTimer(clock.hidden === true), {
    "data-action": "timer",
    class: "small",
  });
  function showTimer(on: boolean): void {
    clock.hidden = !on;
    timerToggle.textContent = on ? "Hide timer" : "Show timer";
    try {
      localStorage.setItem(TIMER_KEY, on ? "0" : "1");
    } catch {
      // not remembered
    }
  }
  const undoButton = button("Undo", () => update(undo(game)), {
    "data-action": "undo",
    "aria-keyshortcuts": "Control+Z",
  });
  const redoButton = button("Redo", () => update(redo(game)), {
    "data-action": "redo",
    "aria-keyshortcuts": "Control+Y",
  });
  const resetButton = button("Reset", () => update(reset(game)), { "data-action": "reset" });
  const hintButton = button("Hint", () => void showHint(), { "data-action": "hint" });
  const solutionButton = button("Show solution", () => void toggleSolution(), {
    "data-action": "solution",
    "aria-pressed": "false",
  });
  const winnableButton = button("Is this winnable?", () => void checkWinnable(), { "data-action": "winnable" });

  // New puzzle form.
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
  const form = h(
    "form",
    { class: "panel new-puzzle", "aria-label": "New puzzle" },
    h("h2", {}, "New puzzle"),
    h("div", { class: "toolbar" }, field("Shape", shape), field("Rows", rows), field("Columns", cols)),
    h("div", { class: "toolbar" }, field("States", states), field("Rule", rule), field("Seed", seed)),
    h(
      "div",
      { class: "toolbar" },
      h("button", { type: "submit", class: "primary", "data-action": "new" }, "New puzzle"),
      button(
        "Next seed",
        () => {
          seed.value = String(readNumber(seed, 1) + 1);
          newPuzzle();
        },
        { "data-action": "next" },
      ),
      button("Today's puzzle", () => todaysPuzzle(), { "data-action": "daily" }),
    ),
    h(
      "p",
      { class: "muted small" },
      `Random and always winnable: random presses applied to a dark board. The same seed gives the same puzzle. ${LIMITS_TEXT.split(";")[0]}.`,
    ),
  );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    newPuzzle();
  });
  const share = h("a", { href: "#/play", "data-testid": "share" }, "Link to this puzzle");
  const toBuild = button(
    "Edit in Build",
    () => context.navigate("build", encodeBoard({ board: game.board, states: game.states, lights: [...game.lights] })),
    { "data-action": "edit" },
  );
  const toLearn = button(
    "Chase it in Learn",
    () => context.navigate("learn", encodeBoard({ board: game.board, states: game.states, lights: [...game.lights] })),
    { "data-action": "learn" },
  );
  const about = h("p", { class: "muted", "data-testid": "about" });

  root.append(
    h("h1", { class: "visually-hidden" }, "Play"),
    h(
      "div",
      { class: "screen-layout" },
      h(
        "section",
        { class: "play-main", "aria-label": "Game" },
        h(
          "div",
          { class: "play-head" },
          status,
          h("span", { class: "moves" }, "Moves: ", moves),
          par,
          bestText,
          clock,
          timerToggle,
        ),
        boardHost,
        busy,
        h(
          "div",
          { class: "toolbar", role: "toolbar", "aria-label": "Game controls" },
          undoButton,
          redoButton,
          resetButton,
          hintButton,
          solutionButton,
          winnableButton,
        ),
        info,
      ),
      h(
        "aside",
        {},
        form,
        h("div", { class: "panel" }, about, h("div", { class: "toolbar" }, share, toBuild, toLearn)),
      ),
    ),
  );

  let game!: Game;
  let view: BoardView | undefined;
  let viewBoard: Board | undefined;
  let showSolution = false;
  let hint: number | null = null;
  let proof: number[] | null = null;
  let fewest: Analysis | null = null; // of the start: the fewest presses possible (par)
  const cache = new Map<string, Analysis>();
  const keyOf = (lights: readonly number[]) => lights.join("");

  /** The analysis of some lights, from the cache or the worker; null when it failed or was cancelled (the reason is shown). */
  async function analysisOf(of: Game, lights: readonly number[], quiet = false): Promise<Analysis | null> {
    const key = keyOf(lights);
    const cached = cache.get(key);
    if (cached) return cached;
    const board = of.board;
    try {
      const a = await solver.run({ kind: "analyse", board, lights: [...lights], states: of.states });
      if (board !== game.board) return null;
      if (cache.size > 200) cache.clear();
      cache.set(key, a);
      return a;
    } catch (error) {
      if (!quiet && board === game.board)
        info.replaceChildren(
          h(
            "p",
            { class: error instanceof Cancelled ? "muted" : "error", role: "alert" },
            error instanceof Cancelled ? "Solving cancelled." : `Not solved: ${(error as Error).message}`,
          ),
        );
      return null;
    }
  }

  /** The analysis of the lights now, or null when they changed meanwhile (a press while the worker ran). */
  async function analysis(): Promise<Analysis | null> {
    const lights = game.lights;
    const a = await analysisOf(game, lights);
    return a && game.lights === lights ? a : null;
  }

  /** Where the puzzle came from: its seed, and the date when it is the daily puzzle. */
  let origin: { seed: number | null; daily: string | null } = { seed: null, daily: null };
  let startedAt: number | null = null; // the first press, for the timer
  let finishedMs: number | null = null;
  let best: Best | null = null;
  const startLink = () => encodeBoard({ board: game.board, states: game.states, lights: [...game.start] });
  const originParams = (p: URLSearchParams) => {
    if (origin.seed !== null) p.set("seed", String(origin.seed));
    if (origin.daily !== null) p.set("daily", origin.daily);
    return p;
  };

  /** The URL holds the puzzle, where it came from and the moves: reload and Back keep the game. */
  function syncUrl(): void {
    const p = originParams(startLink());
    if (game.history.length) p.set("p", encodeMoves(game.history));
    context.setParams(p);
  }

  function elapsed(): number {
    return finishedMs ?? (startedAt === null ? 0 : Math.round(performance.now() - startedAt));
  }
  const minutes = (ms: number) => {
    const s = Math.floor(ms / 1000);
    return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
  };
  const tick = setInterval(() => {
    if (startedAt !== null && finishedMs === null) clock.textContent = minutes(elapsed());
  }, 1000);

  function showBest(): void {
    bestText.hidden = best === null;
    if (best)
      bestText.textContent = `Best: ${count(best.moves, "move", "moves")}${best.ms !== null ? ` in ${minutes(best.ms)}` : ""}`;
  }

  function start(next: Game, from: { seed: number | null; daily: string | null } = { seed: null, daily: null }): void {
    origin = from;
    startedAt = null;
    finishedMs = null;
    clock.textContent = "0:00";
    fewest = null;
    par.hidden = true;
    cache.clear();
    solver.cancel();
    hint = null;
    proof = null;
    showSolution = false;
    solutionButton.setAttribute("aria-pressed", "false");
    solutionButton.textContent = "Show solution";

    if (next.board !== viewBoard) {
      viewBoard = next.board;
      view = boardView(next.board, {
        label: "Lights Out board",
        states: next.states,
        onPress: (cell) => update(press(game, cell)),
      });
      boardHost.replaceChildren(view.element);
    }
    const link = originParams(encodeBoard({ board: next.board, states: next.states, lights: [...next.start] }));
    share.href = `#/play?${link}`;
    best = loadBest(puzzleKey(link.toString()));
    showBest();
    if (from.daily !== null) {
      // The daily puzzle shows its par from the start (the worker starts only for it).
      void analysisOf(next, next.start, true).then((a) => {
        if (a && game.start === next.start) setFewest(a);
      });
    }
    about.textContent = describeBoard(next.board, next.states);
    toLearn.hidden = !learnable(next.board, next.states);
    if (next.board.kind === "grid") {
      rows.value = String(next.board.rows);
      cols.value = String(next.board.cols);
      customRule.hidden = typeof next.board.rule !== "object";
      rule.value = typeof next.board.rule === "object" ? "custom" : (next.board.rule ?? "plus");
    }
    states.value = String(next.states);
    game = undefined as unknown as Game; // a new board: the info panel starts over
    update(next);
  }

  function update(next: Game): void {
    const pressed = next.history.length !== game?.history.length || next.lights !== game?.lights;
    game = next;
    if (pressed) {
      // What the panel said was about the lights before: a hint, a verdict, a count of presses.
      hint = null;
      info.replaceChildren(intro());
      if (showSolution) void describeSolution();
    }
    let solution: number[] | null = null;
    if (showSolution) {
      const a = cache.get(keyOf(game.lights));
      if (a) {
        solution = a.solvable ? a.presses : null;
        if (!a.solvable) proof ??= a.proof;
      } else {
        const lights = game.lights;
        void analysisOf(game, lights).then((found) => {
          if (!found) setSolution(false);
          else if (showSolution && game.lights === lights) update(game);
        });
      }
    }
    view!.update(game.lights, { solution, hint, proof });
    moves.textContent = String(game.history.length);
    syncUrl();
    undoButton.disabled = game.history.length === 0;
    redoButton.disabled = game.future.length === 0;
    resetButton.disabled = game.history.length === 0;
    const dark = isDark(game);
    status.classList.toggle("win", dark);
    if (game.history.length > 0 && startedAt === null) startedAt = performance.now();
    if (game.history.length === 0) {
      startedAt = null;
      finishedMs = null;
    }
    if (dark && game.history.length > 0 && finishedMs === null) {
      finishedMs = elapsed();
      best = recordBest(puzzleKey(originParams(startLink()).toString()), {
        moves: game.history.length,
        ms: clock.hidden ? null : finishedMs,
      });
      showBest();
    } else if (!dark) finishedMs = null;
    clock.textContent = minutes(elapsed());
    if (!fewest && game.history.length > 0 && (game.history.length === 1 || dark)) {
      // Par, the fewest presses of the start, asked for at the first move (so the first screen
      // starts no worker) and again at the end; boards too big to solve play without it.
      const played = game;
      void analysisOf(played, played.start, true).then((a) => {
        if (a && game.start === played.start) {
          setFewest(a);
          if (isDark(game)) update(game);
        }
      });
    }
    if (dark) {
      const least = fewest?.solvable && fewest.optimal ? fewest.count : null;
      status.textContent =
        game.history.length === 0
          ? "Lights out: this board is already dark."
          : `Lights out! Solved in ${count(game.history.length, "move", "moves")}` +
            (least !== null
              ? game.history.length <= least
                ? ", the fewest possible."
                : ` (the fewest possible is ${least}).`
              : ".");
    } else {
      const lit = game.lights.filter((v) => v !== 0).length;
      status.textContent = `${count(lit, "light", "lights")} on`;
    }
  }

  /** Par: the fewest presses from the start, when the solver proved it. */
  function setFewest(a: Analysis): void {
    fewest = a;
    par.hidden = !(a.solvable && a.optimal);
    if (a.solvable && a.optimal) par.textContent = `Par: ${a.count}`;
  }

  async function showHint(): Promise<void> {
    const a = await analysis();
    if (!a) return;
    if (!a.solvable) return checkWinnable();
    hint = nextPress(a);
    update(game);
    info.replaceChildren(
      h(
        "p",
        {},
        hint === null
          ? "Nothing to press: the board is dark."
          : `Hint: press the highlighted cell (${cellName(game.board, hint)}). ${count(a.count, "press", "presses")} to go${a.optimal ? ", at best" : ""}.`,
      ),
    );
  }

  function setSolution(on: boolean): void {
    showSolution = on;
    solutionButton.setAttribute("aria-pressed", String(showSolution));
    solutionButton.textContent = showSolution ? "Hide solution" : "Show solution";
  }

  async function toggleSolution(): Promise<void> {
    setSolution(!showSolution);
    update(game);
    if (showSolution) await describeSolution();
    else info.replaceChildren(intro());
  }

  async function describeSolution(): Promise<void> {
    const a = await analysis();
    if (!a || !showSolution) return;
    info.replaceChildren(
      h(
        "p",
        {},
        !a.solvable
          ? "This board cannot be cleared, so there is no solution to show."
          : a.count === 0
            ? "The board is dark: nothing to press."
            : `Press the marked cells${game.states > 2 ? " (the number: how many times)" : ""}: ${count(a.count, "press", "presses")}${a.optimal ? ", the fewest possible" : ""}. The order does not matter.`,
      ),
    );
  }

  async function checkWinnable(): Promise<void> {
    const a = await analysis();
    if (!a) return;
    if (a.solvable) {
      proof = null;
      info.replaceChildren(
        h(
          "p",
          { "data-testid": "verdict" },
          a.count === 0
            ? "Yes: the board is already dark."
            : `Yes: winnable, in ${count(a.count, "press", "presses")}${a.optimal ? " at best" : ""}.`,
        ),
      );
    } else {
      proof = a.proof;
      info.replaceChildren(
        h("p", { "data-testid": "verdict" }, h("strong", {}, "No: this board cannot be cleared.")),
        proofExplanation(game.board, game.states, game.lights, a.proof),
      );
    }
    update(game);
  }

  function newPuzzle(): void {
    const k = readNumber(states, 2);
    const s = readNumber(seed, 1);
    let board: Board;
    if (shape.value === "keep") board = game.board;
    else
      board = gridBoard(readNumber(rows, 5), readNumber(cols, 5), {
        topology: shape.value === "rect" ? "plane" : (shape.value as Topology),
        rule:
          rule.value === "custom" && game.board.kind === "grid" && game.board.rule
            ? game.board.rule
            : (rule.value as RuleName),
      });
    let lights: ArrayLike<number>;
    try {
      lights = randomPuzzle(board, { states: k, seed: s });
    } catch (error) {
      info.replaceChildren(
        h("p", { class: "error", role: "alert" }, `The puzzle could not be made: ${(error as Error).message}.`),
      );
      return;
    }
    if (board !== game?.board || k !== game.states) viewBoard = undefined;
    start(newGame(board, lights, k), { seed: s, daily: null });
    seed.value = String(s); // the field shows the seed of the puzzle played ("Next seed" moves on)
  }

  /** The same 7 x 7 puzzle for everyone on a UTC day, with its par. */
  function todaysPuzzle(date = daily(new Date())): void {
    const board = gridBoard(7, 7);
    viewBoard = undefined;
    seed.value = String(date.seed);
    shape.value = "rect";
    start(newGame(board, randomPuzzle(board, { seed: date.seed }), 2), { seed: date.seed, daily: date.date });
    status.textContent = `Today's puzzle (${date.date}): ${status.textContent}`;
  }

  // Undo and redo from anywhere on the page (the body too), except in a text field: there they edit the text.
  const keys = (event: KeyboardEvent) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
    const target = event.target as HTMLElement | null;
    if (target?.closest("input, textarea, select, [contenteditable]")) return;
    const key = event.key.toLowerCase();
    if (key === "z" && !event.shiftKey) update(undo(game));
    else if (key === "y" || (key === "z" && event.shiftKey)) update(redo(game));
    else return;
    event.preventDefault();
  };
  document.addEventListener("keydown", keys);

  let shared = null;
  try {
    shared = decodeBoard(context.params);
  } catch (error) {
    info.replaceChildren(
      h(
        "p",
        { class: "error", role: "alert" },
        `The link's board could not be read: ${(error as Error).message}. Here is a random puzzle instead.`,
      ),
    );
  }
  if (shared) {
    const fromSeed = Number(context.params.get("seed") ?? Number.NaN);
    const seedOf = Number.isSafeInteger(fromSeed) && fromSeed >= 0 ? fromSeed : null;
    const dailyOf = /^\d{4}-\d{2}-\d{2}$/.test(context.params.get("daily") ?? "") ? context.params.get("daily") : null;
    if (seedOf !== null) seed.value = String(seedOf);
    let resumed = newGame(shared.board, shared.lights, shared.states);
    start(resumed, { seed: seedOf, daily: dailyOf });
    try {
      // The moves made before a reload or a Back: replayed on the start.
      // One pass for all of them: a link may carry 10,000 moves on 65,536 cells.
      resumed = replay(resumed, decodeMoves(context.params.get("p") ?? "", resumed.lights.length));
      if (resumed.history.length) update(resumed);
    } catch (error) {
      info.replaceChildren(
        h("p", { class: "error", role: "alert" }, `The link's moves could not be read: ${(error as Error).message}.`),
      );
    }
    if (shared.board.kind === "graph" || shared.board.mask) shape.value = "keep";
    else if (boardTopology(shared.board) !== "plane") shape.value = boardTopology(shared.board);
  } else {
    const error = info.firstChild;
    const fromSeed = Number(context.params.get("seed") ?? 1);
    seed.value = String(Number.isSafeInteger(fromSeed) && fromSeed >= 0 ? fromSeed : 1);
    newPuzzle();
    if (error && (error as Element).classList.contains("error")) info.replaceChildren(error);
  }
  try {
    if (localStorage.getItem(TIMER_KEY) === "1") showTimer(false);
  } catch {
    // shown
  }
  return () => {
    document.removeEventListener("keydown", keys);
    clearInterval(tick);
    solver.cancel();
  };
}

function cellName(board: Board, cell: number): string {
  if (board.kind === "graph") return `vertex ${cell + 1}`;
  let count = -1;
  for (let p = 0; p < board.rows * board.cols; p++) {
    if (!board.mask || board.mask[Math.floor(p / board.cols)]![p % board.cols] === "#") count++;
    if (count === cell) return `row ${Math.floor(p / board.cols) + 1}, column ${(p % board.cols) + 1}`;
  }
  return `cell ${cell + 1}`;
}
