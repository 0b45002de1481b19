// Mastermind's state as plain values: the settings in the URL (mode, game,
// solver), what the colour buttons type, how a bad code is reported, and the
// sentences of a game. The games themselves are @lightsout/mastermind's
// Solver; the screen (screens/mastermind) draws them.

import { CodeSpace } from "@lightsout/mastermind";
import { SOLVER_NAMES, type SolverName } from "./analysis.js";

/** Who guesses: you (codebreaker) or the solver (you are the codemaker). */
export type Mode = "breaker" | "maker";

/** The games offered: small enough that every solver move is instant. */
export const GAMES = [
  ["4x6", "4 pegs, 6 colours (classic)"],
  ["3x4", "3 pegs, 4 colours"],
  ["4x4", "4 pegs, 4 colours"],
  ["5x5", "5 pegs, 5 colours"],
] as const;

/** The solvers offered. */
export const STRATEGY_OPTIONS: readonly (readonly [SolverName, string])[] = [
  ["knuth", "Knuth minimax (at most 5 on 4 × 6)"],
  ["expected", "Smallest expected remainder"],
  ["entropy", "Most information (entropy)"],
  ["most-parts", "Most different scores"],
  ["consistent", "Random consistent code"],
  ["optimal", "Optimal (3 × 4, 4 × 4, 4 × 6)"],
];

/** The colours' names, for the buttons' accessible names. */
export const COLOUR_NAMES = ["red", "blue", "green", "yellow", "purple", "orange", "cyan", "pink"];

/** The screen's settings. */
export interface Settings {
  readonly mode: Mode;
  /** "PEGSxCOLOURS", one of {@link GAMES}. */
  readonly game: string;
  readonly strategy: SolverName;
}

/**
 * The settings a link holds; anything unknown falls back to the classic game, as codebreaker, with Knuth's solver.
 *
 * @example
 * ```ts
 * settingsOf(new URLSearchParams("mode=maker&game=3x4")); // { mode: "maker", game: "3x4", strategy: "knuth" }
 * ```
 */
export function settingsOf(params: URLSearchParams): Settings {
  const game = params.get("game");
  const solver = params.get("solver");
  return {
    mode: params.get("mode") === "maker" ? "maker" : "breaker",
    game: GAMES.some(([key]) => key === game) ? game! : "4x6",
    strategy: STRATEGY_OPTIONS.some(([s]) => s === solver) ? (solver as SolverName) : "knuth",
  };
}

/**
 * The link of the settings: only what differs from the defaults.
 *
 * @example
 * ```ts
 * paramsOf({ mode: "breaker", game: "4x6", strategy: "entropy" }).toString(); // "solver=entropy"
 * ```
 */
export function paramsOf(settings: Settings): URLSearchParams {
  const next = new URLSearchParams();
  if (settings.mode === "maker") next.set("mode", "maker");
  if (settings.game !== "4x6") next.set("game", settings.game);
  if (settings.strategy !== "knuth") next.set("solver", settings.strategy);
  return next;
}

/**
 * The codes of a game.
 *
 * @example
 * ```ts
 * spaceOf("4x6").size; // 1296
 * ```
 */
export function spaceOf(game: string): CodeSpace {
  const [pegs, colors] = game.split("x").map(Number) as [number, number];
  return new CodeSpace(pegs, colors);
}

/** What a code is and how guesses are scored. */
export function rulesText(space: CodeSpace): string {
  return (
    `A code is ${space.pegs} pegs, each one of ${space.colors} colours (numbered 1–${space.colors}). Each guess is scored: ` +
    "● black for a right colour in the right place, ○ white for a right colour in another place."
  );
}

/**
 * What a colour button types: the colour's digit after the code so far, while it is shorter than a code.
 *
 * @example
 * ```ts
 * typed("1 2", 3, 4); // "123"
 * ```
 */
export function typed(text: string, colour: number, pegs: number): string {
  const code = text.replace(/[\s,]/g, "");
  return code.length < pegs ? code + String(colour) : text;
}

/**
 * A code that could not be read, said with the character as it was typed (the parser reads
 * letters in upper case).
 *
 * @param message - The parser's message.
 * @param input - The text typed.
 * @example
 * ```ts
 * codeError("expected ..., got 'X' at position 2", "1x34"); // "expected ..., got 'x' at position 2"
 * ```
 */
export function codeError(message: string, input: string): string {
  const code = input.replace(/[\s,]+/g, "");
  return message.replace(/got '(.)' at position (\d+)/, (whole, _upper: string, position: string) =>
    code[Number(position) - 1] === undefined ? whole : `got '${code[Number(position) - 1]}' at position ${position}`,
  );
}

/**
 * A random secret.
 *
 * @param space - The game.
 * @param fill - Fills an array with random integers (crypto.getRandomValues).
 * @example
 * ```ts
 * randomCode(spaceOf("4x6"), (a) => crypto.getRandomValues(a)); // e.g. [3, 1, 6, 6]
 * ```
 */
export function randomCode(space: CodeSpace, fill: (values: Uint32Array<ArrayBuffer>) => unknown): number[] {
  const values = new Uint32Array(space.pegs);
  fill(values);
  return [...values].map((v) => (v % space.colors) + 1);
}

/** The words of a code form: its field's id, label and help, and its submit button. */
export interface CodeFormText {
  readonly id: string;
  readonly label: string;
  readonly help: string;
  readonly submit: string;
  readonly action: string;
}

/**
 * The code form of a mode: the codebreaker's guess, or the codemaker's secret.
 *
 * @example
 * ```ts
 * codeFormText("maker", spaceOf("4x6")).submit; // "Let the solver break it"
 * ```
 */
export function codeFormText(mode: Mode, space: CodeSpace): CodeFormText {
  const colours = `${space.pegs} colours 1–${space.colors}`;
  return mode === "breaker"
    ? {
        id: "mm-guess",
        label: "Your guess",
        submit: "Guess",
        action: "guess",
        help: `${colours}, e.g. ${space.format(space.codeAt(Math.min(7, space.size - 1)))}, or click the colours below.`,
      }
    : {
        id: "mm-secret",
        label: "Your secret code",
        submit: "Let the solver break it",
        action: "set-secret",
        help: `${colours}. The solver never sees it: each of its guesses is scored against it here.`,
      };
}

const guesses = (n: number) => `${n} guess${n === 1 ? "" : "es"}`;

/** The sentences of a game, for the codebreaker and the codemaker. */
export const gameText = {
  /** You broke the secret. */
  found: (secret: string, count: number) => `You found ${secret} in ${guesses(count)}!`,
  /** Your guesses so far. */
  breaking: (count: number, remaining: number) =>
    `${guesses(count)} so far; ${remaining === 1 ? "1 code still fits" : `${remaining} codes still fit`} the scores.`,
  /** The solver's suggestion. */
  hint: (strategy: SolverName, code: string, remaining: number) =>
    `The ${SOLVER_NAMES[strategy]} solver would guess ${code} (${remaining} code${remaining === 1 ? "" : "s"} still possible).`,
  /** Your secret is set. */
  ready: (strategy: SolverName) => `Secret set. The ${SOLVER_NAMES[strategy]} solver is ready.`,
  /** The optimal tree no longer applies. */
  offTree: "Your guesses left the optimal tree: the hints are Knuth's from here.",
  /** The solver broke it. */
  solved: (secret: string, count: number) => `Solved ${secret} in ${guesses(count)}.`,
  /** The solver's guesses so far. */
  solving: (count: number, remaining: number) =>
    `${guesses(count)}; ${remaining} code${remaining === 1 ? "" : "s"} still possible.`,
};
