// Mastermind: play as codebreaker against a random secret (with hints from
// the solver) or as codemaker (the solver breaks your code, move by move).
// Only move-by-move play runs here: on the games offered a move scores at
// most a few thousand codes against the candidates left, a few milliseconds;
// whole-tree evaluations stay in the CLI and the benchmark.

import { CodeSpace, type Move, score, Solver, type Strategy } from "@lightsout/mastermind";
import type { MountScreen } from "../../screen.js";
import { button, field, h, select } from "../../ui/dom.js";
import "./mastermind.css";

/** The games offered: small enough that every solver move is instant. */
const GAMES = [
  ["4x6", "4 pegs, 6 colours (classic)"],
  ["3x4", "3 pegs, 4 colours"],
  ["4x4", "4 pegs, 4 colours"],
  ["5x5", "5 pegs, 5 colours"],
] as const;

const STRATEGY_OPTIONS: readonly (readonly [Strategy, string])[] = [
  ["knuth", "Knuth minimax (at most 5 on 4 × 6)"],
  ["expected", "Smallest expected remainder"],
  ["entropy", "Most information (entropy)"],
  ["most-parts", "Most different scores"],
  ["consistent", "Random consistent code"],
];

const COLOUR_NAMES = ["red", "blue", "green", "yellow", "purple", "orange", "cyan", "pink"];

type Mode = "breaker" | "maker";

/** The Mastermind screen. */
export const mount: MountScreen = (root, context) => {
  const params = context.params;
  let mode: Mode = params.get("mode") === "maker" ? "maker" : "breaker";
  let gameKey = GAMES.some(([key]) => key === params.get("game")) ? params.get("game")! : "4x6";
  let strategy: Strategy = STRATEGY_OPTIONS.some(([s]) => s === params.get("solver"))
    ? (params.get("solver") as Strategy)
    : "knuth";

  const heading = h("h1", { id: "mm-title" }, "Mastermind");
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
  const gameSelect = select("game", GAMES, gameKey);
  const strategySelect = select("solver", STRATEGY_OPTIONS, strategy);
  const settings = h("div", { class: "toolbar" }, field("Game", gameSelect), field("Solver", strategySelect));
  const body = h("div", { class: "mm-body" });
  root.append(
    h(
      "section",
      { class: "mm", "aria-labelledby": "mm-title" },
      heading,
      intro,
      h("div", { class: "panel" }, modes, settings),
      body,
    ),
  );

  let teardown = () => {};
  const render = () => {
    teardown();
    body.replaceChildren();
    const [pegs, colors] = gameKey.split("x").map(Number) as [number, number];
    const space = new CodeSpace(pegs, colors);
    intro.textContent =
      `A code is ${pegs} pegs, each one of ${colors} colours (numbered 1–${colors}). Each guess is scored: ` +
      "● black for a right colour in the right place, ○ white for a right colour in another place.";
    modeBreaker.checked = mode === "breaker";
    modeMaker.checked = mode === "maker";
    teardown = mode === "breaker" ? breaker(body, space, strategy) : maker(body, space, strategy);
    const next = new URLSearchParams();
    if (mode === "maker") next.set("mode", "maker");
    if (gameKey !== "4x6") next.set("game", gameKey);
    if (strategy !== "knuth") next.set("solver", strategy);
    context.setParams(next);
  };
  const onMode = () => {
    mode = modeMaker.checked ? "maker" : "breaker";
    render();
  };
  modeBreaker.addEventListener("change", onMode);
  modeMaker.addEventListener("change", onMode);
  gameSelect.addEventListener("change", () => {
    gameKey = gameSelect.value;
    render();
  });
  strategySelect.addEventListener("change", () => {
    strategy = strategySelect.value as Strategy;
    render();
  });
  render();
  return () => teardown();
};

/** You guess a random secret; the solver, told your moves, suggests the next guess. */
function breaker(root: HTMLElement, space: CodeSpace, strategy: Strategy): () => void {
  let secret = randomCode(space);
  let solver = new Solver(space, { strategy });
  const input = codeInput("mm-guess", space);
  const error = h("p", { class: "error", id: "mm-guess-error", role: "alert" });
  input.setAttribute("aria-describedby", "mm-guess-error mm-guess-help");
  const form = h(
    "form",
    { class: "mm-form", "aria-label": "Your guess" },
    h("label", { for: "mm-guess" }, "Your guess"),
    h(
      "div",
      { class: "toolbar" },
      input,
      h("button", { type: "submit", class: "primary", "data-action": "guess" }, "Guess"),
    ),
    h(
      "p",
      { class: "muted small", id: "mm-guess-help" },
      `${space.pegs} colours 1–${space.colors}, e.g. ${space.format(space.codeAt(Math.min(7, space.size - 1)))}, or click the colours below.`,
    ),
    palette(space, input),
    error,
  );
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
      hintText.textContent = `The ${strategy} solver would guess ${code} (${solver.remaining} code${solver.remaining === 1 ? "" : "s"} still possible).`;
      useHint.hidden = false;
    },
    { "data-action": "hint" },
  );
  const newButton = button("New secret", () => restart(), { "data-action": "new" });
  const status = h("p", { class: "status", role: "status", "aria-live": "polite", "data-testid": "status" });
  const history = h("ol", { class: "mm-history", "aria-label": "Your guesses", "data-testid": "history" });
  root.append(
    h(
      "div",
      { class: "panel" },
      form,
      h("div", { class: "toolbar" }, hintButton, newButton),
      h("p", { "aria-live": "polite" }, hintText, " ", useHint),
      status,
    ),
    h("div", { class: "panel" }, h("h2", {}, "Guesses"), history),
  );

  function restart(): void {
    secret = randomCode(space);
    solver = new Solver(space, { strategy });
    history.replaceChildren();
    status.textContent = "";
    status.classList.remove("win");
    hintText.textContent = "";
    useHint.hidden = true;
    input.disabled = false;
    input.value = "";
    error.textContent = "";
    input.removeAttribute("aria-invalid");
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (solver.solved) return;
    const guess = readCode(space, input, error);
    if (!guess) return;
    const s = score(guess, secret);
    solver.record(guess, s);
    history.append(moveItem(space, { guess, score: s }));
    input.value = "";
    hintText.textContent = "";
    useHint.hidden = true;
    const count = solver.history.length;
    if (solver.solved) {
      status.textContent = `You found ${space.format(secret)} in ${count} guess${count === 1 ? "" : "es"}!`;
      status.classList.add("win");
      input.disabled = true;
      newButton.focus();
    } else {
      status.textContent = `${count} guess${count === 1 ? "" : "es"} so far; ${solver.remaining === 1 ? "1 code still fits" : `${solver.remaining} codes still fit`} the scores.`;
      input.focus();
    }
  });
  return () => {};
}

/** The code typed in `input`, or undefined with the reason shown in `error` (and the field marked invalid). */
function readCode(space: CodeSpace, input: HTMLInputElement, error: HTMLElement): number[] | undefined {
  try {
    const code = space.parse(input.value);
    error.textContent = "";
    input.removeAttribute("aria-invalid");
    return code;
  } catch (e) {
    // The parser reads letters in upper case; the message quotes the character as it was typed.
    const typed = input.value.replace(/[\s,]+/g, "");
    error.textContent = (e as Error).message.replace(
      /got '(.)' at position (\d+)/,
      (whole, _upper: string, position: string) =>
        typed[Number(position) - 1] === undefined
          ? whole
          : `got '${typed[Number(position) - 1]}' at position ${position}`,
    );
    input.setAttribute("aria-invalid", "true");
    return undefined;
  }
}

/** You choose a secret; the solver breaks it one move at a time (or all at once). */
function maker(root: HTMLElement, space: CodeSpace, strategy: Strategy): () => void {
  let secret: number[] | undefined;
  let solver = new Solver(space, { strategy });
  const input = codeInput("mm-secret", space);
  const error = h("p", { class: "error", id: "mm-secret-error", role: "alert" });
  input.setAttribute("aria-describedby", "mm-secret-error mm-secret-help");
  const form = h(
    "form",
    { class: "mm-form", "aria-label": "Your secret code" },
    h("label", { for: "mm-secret" }, "Your secret code"),
    h(
      "div",
      { class: "toolbar" },
      input,
      h("button", { type: "submit", class: "primary", "data-action": "set-secret" }, "Let the solver break it"),
    ),
    h(
      "p",
      { class: "muted small", id: "mm-secret-help" },
      `${space.pegs} colours 1–${space.colors}. The solver never sees it: each of its guesses is scored against it here.`,
    ),
    palette(space, input),
    error,
  );
  const stepButton = button("Next guess", () => step(), { "data-action": "step", disabled: true });
  const allButton = button(
    "Play to the end",
    () => {
      while (secret && !solver.solved) step();
    },
    { "data-action": "play-all", disabled: true },
  );
  const status = h("p", { class: "status", role: "status", "aria-live": "polite", "data-testid": "status" });
  const history = h("ol", { class: "mm-history", "aria-label": "The solver's guesses", "data-testid": "history" });
  root.append(
    h("div", { class: "panel" }, form, h("div", { class: "toolbar" }, stepButton, allButton), status),
    h("div", { class: "panel" }, h("h2", {}, "The solver's guesses"), history),
  );

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    secret = readCode(space, input, error);
    if (!secret) return;
    solver = new Solver(space, { strategy });
    history.replaceChildren();
    status.classList.remove("win");
    status.textContent = `Secret set. The ${strategy} solver is ready.`;
    stepButton.disabled = false;
    allButton.disabled = false;
    stepButton.focus();
  });

  function step(): void {
    if (!secret || solver.solved) return;
    const guess = solver.nextGuess();
    const s = score(guess, secret);
    solver.record(guess, s);
    history.append(moveItem(space, { guess, score: s }));
    const count = solver.history.length;
    if (solver.solved) {
      status.textContent = `Solved ${space.format(secret)} in ${count} guess${count === 1 ? "" : "es"}.`;
      status.classList.add("win");
      stepButton.disabled = true;
      allButton.disabled = true;
      input.focus();
    } else {
      status.textContent = `${count} guess${count === 1 ? "" : "es"}; ${solver.remaining} code${solver.remaining === 1 ? "" : "s"} still possible.`;
    }
  }
  return () => {};
}

function codeInput(id: string, space: CodeSpace): HTMLInputElement {
  return h("input", {
    id,
    name: id,
    type: "text",
    inputmode: "numeric",
    autocomplete: "off",
    spellcheck: "false",
    maxlength: space.pegs * 2,
    size: space.pegs + 2,
    class: "mm-code-input",
    placeholder: space.format(space.codeAt(0)).replace(/./g, "·"),
  });
}

/** Colour buttons that type into the input; Backspace-like "Clear" empties it. */
function palette(space: CodeSpace, input: HTMLInputElement): HTMLElement {
  const group = h("div", { class: "mm-palette", role: "group", "aria-label": "Colours" });
  for (let c = 1; c <= space.colors; c++) {
    group.append(
      button(
        String(c),
        () => {
          const text = input.value.replace(/[\s,]/g, "");
          if (text.length < space.pegs) input.value = text + String(c);
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

/** One row of the history: the pegs (colour and digit) and the score in words. */
function moveItem(space: CodeSpace, move: Move): HTMLLIElement {
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

function randomCode(space: CodeSpace): number[] {
  const values = new Uint32Array(space.pegs);
  crypto.getRandomValues(values);
  return [...values].map((v) => (v % space.colors) + 1);
}
