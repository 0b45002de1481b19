// Learn: light chasing step by step with a sentence per phase, the quiet
// patterns of the board as a gallery, and the first-row lookup table (two
// states) or the first-row fix of the current board (k states). This module
// holds the current state (state/learn), runs the animation and hands the
// view what to draw.

import { mountAfterCore } from "../../core-ready.js";
import type { MountScreen, ScreenContext } from "../../screen.js";
import { firstRowFix, lookupTable, quietGallery } from "../../state/learn/panels.js";
import * as learn from "../../state/learn/state.js";
import { type LearnView, learnView } from "./view.js";
import "./learn.css";

/** The learn screen. */
export const mount: MountScreen = mountAfterCore((root, context) => {
  const screen = new LearnScreen(root, context);
  return () => screen.stop();
});

class LearnScreen {
  readonly #context: ScreenContext;
  readonly #view: LearnView;
  #state: learn.LearnState | undefined;
  #timer: ReturnType<typeof setInterval> | undefined;

  constructor(root: HTMLElement, context: ScreenContext) {
    this.#context = context;
    this.#view = learnView(root, {
      reshape: () => this.#fromForm(learn.filledLights(...this.#size(), 1)),
      random: () => {
        const { rows, cols, states, seed } = this.#view.form.read();
        this.#fromForm(learn.randomLights(rows, cols, states, seed));
        this.#view.form.seed(seed + 1);
      },
      allOn: () => this.#fromForm(learn.filledLights(...this.#size(), 1)),
      allOff: () => this.#fromForm(learn.filledLights(...this.#size(), 0)),
      press: (cell) => {
        const next = this.#state && learn.edited(this.#state, cell);
        if (next) this.#show(next, false);
      },
      back: () => this.#go(this.#state!.step - 1),
      next: () => this.#go(this.#state!.step + 1),
      play: () => this.#togglePlay(),
      restart: () => this.#go(0),
    });
    const { shared, seed, note } = learn.opened(context.params);
    if (shared) this.#view.form.shape(shared.rows, shared.cols, shared.states);
    // the next random board is the seed after the link's, as after "Random board"
    if (seed !== null) this.#view.form.seed(seed + 1);
    // not a board Learn can chase: start from the all-on board, and say why
    this.#view.linkNote(note);
    this.#fromForm(shared?.lights ?? learn.filledLights(5, 5, 1));
  }

  #size(): [number, number] {
    const { rows, cols } = this.#view.form.read();
    return [rows, cols];
  }

  /** New lights on a board of the form's size and states. */
  #fromForm(lights: readonly number[]): void {
    const { rows, cols, states } = this.#view.form.read();
    const { state, changed } = learn.reshaped(this.#state, rows, cols, states, lights);
    this.#show(state, changed);
  }

  /** A new board (drawn anew when its shape or states changed), at step 0. */
  #show(state: learn.LearnState, changed: boolean): void {
    const { board, states } = state;
    if (changed) {
      this.#view.board(board, states, learn.editHint(states));
      this.#view.gallery(board, states, quietGallery(board, states));
      if (states === 2) this.#view.lookup(lookupTable(board));
    }
    if (states > 2) this.#view.fix(firstRowFix(state.trace));
    this.#state = state;
    this.#context.setParams(learn.linkOf(state));
    this.stop();
    this.#go(0);
  }

  #go(target: number): void {
    this.#state = learn.stepped(this.#state!, target);
    this.#view.step(learn.shownStep(this.#state), this.#state.trace.states > 2);
    if (learn.atEnd(this.#state)) this.stop();
  }

  #togglePlay(): void {
    if (this.#timer) return this.stop();
    if (learn.atEnd(this.#state!)) this.#go(0);
    this.#view.playing(true);
    this.#timer = setInterval(() => this.#go(this.#state!.step + 1), 900);
  }

  /** Stops the animation (also when the screen goes). */
  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
    this.#view.playing(false);
  }
}
