// Mastermind: play as codebreaker against a random secret (with hints from
// the solver) or as codemaker (the solver breaks your code, move by move).
// Only move-by-move play runs here: on the games offered a move scores at
// most a few thousand codes against the candidates left, a few milliseconds;
// whole-tree evaluations stay in the CLI and the benchmark.

import { type CodeSpace, score, Solver, type Strategy } from "@lightsout/mastermind";
import type { MountScreen } from "../../screen.js";
import * as mastermind from "../../state/mastermind/state.js";
import { button, h } from "../../ui/dom.js";
import { codeForm, historyList, moveItem, settingsView, statusLine } from "./view.js";
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
    teardown = (settings.mode === "breaker" ? breaker : maker)(view.body, space, settings.strategy);
    context.setParams(mastermind.paramsOf(settings));
  };
  render(initial);
  return () => teardown();
};

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
function breaker(root: HTMLElement, space: CodeSpace, strategy: Strategy): () => void {
  let secret = mastermind.randomCode(space, random);
  let solver = new Solver(space, { strategy });
  const guess = codeForm(space, mastermind.codeFormText("breaker", space), () => guessed());
  const { input } = guess;
  const hintText = h("span", { "data-testid": "hint" });
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
      const code = space.format(solver.nextGuess());
      hintText.dataset.code = code;
      hintText.textContent = mastermind.gameText.hint(strategy, code, solver.remaining);
      useHint.hidden = false;
    },
    { "data-action": "hint" },
  );
  const newButton = button("New secret", () => restart(), { "data-action": "new" });
  const status = statusLine();
  const history = historyList("Your guesses");
  root.append(
    h(
      "div",
      { class: "panel" },
      guess.form,
      h("div", { class: "toolbar" }, hintButton, newButton),
      h("p", { "aria-live": "polite" }, hintText, " ", useHint),
      status,
    ),
    h("div", { class: "panel" }, h("h2", {}, "Guesses"), history),
  );

  function restart(): void {
    secret = mastermind.randomCode(space, random);
    solver = new Solver(space, { strategy });
    history.replaceChildren();
    status.textContent = "";
    status.classList.remove("win");
    hintText.textContent = "";
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
function maker(root: HTMLElement, space: CodeSpace, strategy: Strategy): () => void {
  let secret: number[] | undefined;
  let solver = new Solver(space, { strategy });
  const chosen = codeForm(space, mastermind.codeFormText("maker", space), () => {
    secret = readCode(space, chosen);
    if (!secret) return;
    solver = new Solver(space, { strategy });
    history.replaceChildren();
    status.classList.remove("win");
    status.textContent = mastermind.gameText.ready(strategy);
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
  const status = statusLine();
  const history = historyList("The solver's guesses");
  root.append(
    h("div", { class: "panel" }, chosen.form, h("div", { class: "toolbar" }, stepButton, allButton), status),
    h("div", { class: "panel" }, h("h2", {}, "The solver's guesses"), history),
  );

  function step(): void {
    if (!secret || solver.solved) return;
    const guess = solver.nextGuess();
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
