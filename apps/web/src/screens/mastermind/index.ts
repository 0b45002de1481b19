// Mastermind: play as codebreaker against a random secret (with hints from
// the solver, and why: the partition its guess makes) or as codemaker (the
// solver breaks your code, move by move, each guess with its partition),
// and compare the solvers over every secret of the game. On the games
// offered a move scores at most a few thousand codes, a few milliseconds;
// the comparison plays every solver against every secret on demand (well
// under a second on 4 x 6), the optimal strategy of 3 x 4 and 4 x 4 is
// searched here (a fraction of a second).

import { type CodeSpace, score } from "@lightsout/mastermind";
import type { MountScreen } from "../../screen.js";
import {
  compareSolvers,
  partitionOf,
  type Player,
  playerOf,
  type SolverName,
  whyText,
} from "../../state/mastermind/analysis.js";
import * as mastermind from "../../state/mastermind/state.js";
import { button, h } from "../../ui/dom.js";
import { codeForm, comparisonView, historyList, moveItem, partitionView, settingsView, statusLine } from "./view.js";
import "./mastermind.css";

const random = (values: Uint32Array<ArrayBuffer>) => crypto.getRandomValues(values);

/** The Mastermind screen. */
export const mount: MountScreen = (root, context) => {
  const initial = mastermind.settingsOf(context.params);
  const view = settingsView(root, initial.game, initial.strategy, () => render(view.read()));
  let teardown = () => {};
  const render = (settings: ReturnType<typeof view.read>) => {
    teardown();
    view.body.replaceChildren();
    const space = mastermind.spaceOf(settings.game);
    view.show(settings.mode, mastermind.rulesText(space));
    const game = { space, key: settings.game, strategy: settings.strategy };
    teardown = (settings.mode === "breaker" ? breaker : maker)(view.body, game);
    view.body.append(comparePanel(space, settings.game));
    context.setParams(mastermind.paramsOf(settings));
  };
  render(initial);
  return () => teardown();
};

/** The game and solver a mode is played with. */
interface Game {
  space: CodeSpace;
  /** "PEGSxCOLOURS". */
  key: string;
  strategy: SolverName;
}

/** The solver's player, or Knuth's with the reason when the solver is not available for the game. */
function newPlayer(game: Game): { player: Player; strategy: SolverName; note: string } {
  try {
    return { player: playerOf(game.space, game.key, game.strategy), strategy: game.strategy, note: "" };
  } catch (e) {
    const note = `${(e as Error).message}; Knuth's solver plays instead.`;
    return { player: playerOf(game.space, game.key, "knuth"), strategy: "knuth", note };
  }
}

/** Why the player's guess: its partition of the codes still possible (before it is scored). */
function whyOf(space: CodeSpace, player: Player, guess: number[]): HTMLElement {
  const left = player.possibleCodes();
  const parts = partitionOf(left, guess);
  return partitionView(whyText(space.format(guess), left.length, parts, space.pegs), parts);
}

/** A button that compares every solver over all secrets of the game, and the table it fills. */
function comparePanel(space: CodeSpace, key: string): HTMLElement {
  const out = h("div", { class: "mm-compare", "aria-live": "polite" });
  const run = button(
    "Compare the solvers",
    () => {
      out.replaceChildren(comparisonView(compareSolvers(space, key)));
    },
    { "data-action": "compare" },
  );
  return h(
    "div",
    { class: "panel" },
    h("h2", {}, "Solvers compared"),
    h("p", { class: "muted" }, "Each solver played against every secret of this game."),
    run,
    out,
  );
}

/** The code typed in the form, or undefined with the reason shown (and the field marked invalid). */
function readCode(space: CodeSpace, form: ReturnType<typeof codeForm>): number[] | undefined {
  try {
    const code = space.parse(form.input.value);
    form.error(null);
    return code;
  } catch (e) {
    form.error(mastermind.codeError((e as Error).message, form.input.value));
    return undefined;
  }
}

/** You guess a random secret; the solver, told your moves, suggests the next guess. */
function breaker(root: HTMLElement, game: Game): () => void {
  const { space } = game;
  let secret = mastermind.randomCode(space, random);
  const status = statusLine();
  let { player: solver, strategy, note } = newPlayer(game);
  status.textContent = note;
  const guess = codeForm(space, mastermind.codeFormText("breaker", space), () => guessed());
  const { input } = guess;
  const hintText = h("span", { "data-testid": "hint" });
  const why = h("div");
  const useHint = button(
    "Use this guess",
    () => {
      input.value = hintText.dataset.code ?? "";
      input.focus();
    },
    { "data-action": "use-hint", hidden: true },
  );
  const hintButton = button(
    "Hint",
    () => {
      const next = solver.nextGuess();
      const code = space.format(next);
      hintText.dataset.code = code;
      hintText.textContent = mastermind.gameText.hint(solver.onTree ? strategy : "knuth", code, solver.remaining);
      if (strategy === "optimal" && !solver.onTree) hintText.textContent += ` ${mastermind.gameText.offTree}`;
      why.replaceChildren(whyOf(space, solver, next));
      useHint.hidden = false;
    },
    { "data-action": "hint" },
  );
  const newButton = button("New secret", () => restart(), { "data-action": "new" });
  const history = historyList("Your guesses");
  root.append(
    h(
      "div",
      { class: "panel" },
      guess.form,
      h("div", { class: "toolbar" }, hintButton, newButton),
      h("p", { "aria-live": "polite" }, hintText, " ", useHint),
      why,
      status,
    ),
    h("div", { class: "panel" }, h("h2", {}, "Guesses"), history),
  );

  function restart(): void {
    secret = mastermind.randomCode(space, random);
    ({ player: solver, strategy, note } = newPlayer(game));
    status.textContent = note;
    history.replaceChildren();
    status.classList.remove("win");
    hintText.textContent = "";
    why.replaceChildren();
    useHint.hidden = true;
    input.disabled = false;
    input.value = "";
    guess.error(null);
  }

  function guessed(): void {
    if (solver.solved) return;
    const code = readCode(space, guess);
    if (!code) return;
    const s = score(code, secret);
    solver.record(code, s);
    history.append(moveItem(space, { guess: code, score: s }));
    input.value = "";
    hintText.textContent = "";
    why.replaceChildren();
    useHint.hidden = true;
    const count = solver.history.length;
    if (solver.solved) {
      status.textContent = mastermind.gameText.found(space.format(secret), count);
      status.classList.add("win");
      input.disabled = true;
      newButton.focus();
    } else {
      status.textContent = mastermind.gameText.breaking(count, solver.remaining);
      input.focus();
    }
  }
  return () => {};
}

/** You choose a secret; the solver breaks it one move at a time (or all at once). */
function maker(root: HTMLElement, game: Game): () => void {
  const { space } = game;
  let secret: number[] | undefined;
  const status = statusLine();
  let { player: solver, strategy, note } = newPlayer(game);
  status.textContent = note;
  const why = h("div");
  const chosen = codeForm(space, mastermind.codeFormText("maker", space), () => {
    secret = readCode(space, chosen);
    // a bad secret ends the game shown: its last line must not stay under the error
    status.classList.remove("win");
    status.textContent = "";
    why.replaceChildren();
    if (!secret) {
      stepButton.disabled = true;
      allButton.disabled = true;
      return;
    }
    history.replaceChildren();
    ({ player: solver, strategy, note } = newPlayer(game));
    status.textContent = `${mastermind.gameText.ready(strategy)}${note ? ` ${note}` : ""}`;
    stepButton.disabled = false;
    allButton.disabled = false;
    stepButton.focus();
  });
  const stepButton = button("Next guess", () => step(), { "data-action": "step", disabled: true });
  const allButton = button(
    "Play to the end",
    () => {
      while (secret && !solver.solved) step();
    },
    { "data-action": "play-all", disabled: true },
  );
  const history = historyList("The solver's guesses");
  root.append(
    h("div", { class: "panel" }, chosen.form, h("div", { class: "toolbar" }, stepButton, allButton), status, why),
    h("div", { class: "panel" }, h("h2", {}, "The solver's guesses"), history),
  );

  function step(): void {
    if (!secret || solver.solved) return;
    const guess = solver.nextGuess();
    why.replaceChildren(whyOf(space, solver, guess));
    const s = score(guess, secret);
    solver.record(guess, s);
    history.append(moveItem(space, { guess, score: s }));
    const count = solver.history.length;
    if (solver.solved) {
      status.textContent = mastermind.gameText.solved(space.format(secret), count);
      status.classList.add("win");
      stepButton.disabled = true;
      allButton.disabled = true;
      chosen.input.focus();
    } else {
      status.textContent = mastermind.gameText.solving(count, solver.remaining);
    }
  }
  return () => {};
}
