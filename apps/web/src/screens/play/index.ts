// Play: any board of the engine, pressed by mouse, touch or keyboard, with
// undo/redo, new random puzzles, hints, the solution overlay and the proof
// when a board cannot be cleared. This module holds the current state
// (state/play), asks the solver worker, and hands the view what to draw.

import { randomPuzzle } from "@lightsout/core";
import type { MountScreen, ScreenContext } from "../../screen.js";
import { learnable } from "../../state/limits.js";
import { type SolutionOrder, solutionPace, solutionSequence } from "../../state/play/animate.js";
import { type Game, isDark, newGame, press, redo, replay, reset, undo } from "../../state/play/game.js";
import {
  daily,
  decodeMoves,
  loadBest,
  loadClock,
  loadDaily,
  loadTimerShown,
  puzzleKey,
  recordBest,
  recordDaily,
  saveClock,
  saveTimerShown,
} from "../../state/play/progress.js";
import * as sentences from "../../state/play/sentences.js";
import * as play from "../../state/play/state.js";
import { type Analysis, nextPress } from "../../state/solver.js";
import { Cancelled, Solver } from "../../state/solver-client.js";
import { describeBoard, pressRule } from "../../state/words.js";
import { type PlayView, playView } from "./view.js";
import "./play.css";

/**
 * The play screen. Its own work (boards, presses, random puzzles) is plain
 * TypeScript and its solving runs in the solver's worker: it does not wait
 * for the WebAssembly kernels, and the first screen does not load them.
 */
export const mount: MountScreen = (root, context) => {
  const screen = new PlayScreen(root, context);
  screen.open(context.params);
  return () => screen.close();
};

class PlayScreen {
  readonly #context: ScreenContext;
  // Solving runs in a worker: the page says so and can stop it.
  readonly #solver = new Solver();
  readonly #cache = new play.AnalysisCache();
  readonly #view: PlayView;
  #state: play.PlayState | undefined;
  /** The board drawn: a new board object gets a new view. */
  #drawn: Game["board"] | undefined;
  #timerShown = true;
  /** Moves replayed from a link: they finish no game (the result was kept when it was played). */
  #replaying = false;
  /** While the link is opened: its URL is rewritten in place, not pushed. */
  #opening = false;
  readonly #tick: ReturnType<typeof setInterval>;
  /** The next step of "Play the solution" while it runs. */
  #animation: ReturnType<typeof setTimeout> | undefined;
  /** While it presses: its moves after the first rewrite the URL in place (one history entry in all). */
  #autoPress = false;
  readonly #saveClock = () => this.#keepClock();

  constructor(root: HTMLElement, context: ScreenContext) {
    this.#context = context;
    this.#view = playView(root, {
      // A won board is locked: a press would run the counter on after the win.
      press: (cell) => {
        if (!play.won(this.#state!)) this.#play(press(this.#game, cell));
      },
      undo: () => this.#play(undo(this.#game)),
      redo: () => this.#play(redo(this.#game)),
      reset: () => this.#play(reset(this.#game)),
      hint: () => void this.#hint(),
      solution: () => void this.#toggleSolution(),
      animate: (order) => void this.#animate(order),
      winnable: () => void this.#winnable(),
      cancel: () => this.#solver.cancel(),
      newPuzzle: () => this.#newPuzzle(),
      nextSeed: () => {
        this.#view.form.seed(play.nextSeed(this.#state!.origin, this.#view.form.read().seed));
        this.#newPuzzle();
      },
      today: () => this.#today(),
      toggleTimer: () => this.#showTimer(!this.#timerShown),
      toBuild: () => context.navigate("build", play.boardParams(this.#game)),
      toLearn: () => context.navigate("learn", play.boardParams(this.#game)),
    });
    this.#solver.onBusy = (inFlight) => this.#view.busy(inFlight > 0);
    this.#tick = setInterval(() => {
      const s = this.#state;
      if (s && s.startedAt !== null && s.finishedMs === null) {
        this.#view.clock(sentences.minutes(play.elapsed(s, performance.now())));
        this.#keepClock();
      }
    }, 1000);
    addEventListener("pagehide", this.#saveClock);
    this.#view.daily(sentences.dailyLines(loadDaily()));
  }

  get #game(): Game {
    return this.#state!.game;
  }

  /** The puzzle of the link (with its moves), or a random one by the link's seed. */
  open(params: URLSearchParams): void {
    this.#opening = true;
    try {
      this.#openLink(params);
    } finally {
      this.#opening = false;
    }
  }

  #openLink(params: URLSearchParams): void {
    const link = play.readLink(params);
    const unreadable =
      link.error && `The link's board could not be read: ${link.error}. Here is a random puzzle instead.`;
    if (link.shared) {
      const { board, lights, states } = link.shared;
      if (link.origin.seed !== null) this.#view.form.seed(link.origin.seed);
      const resumed = newGame(board, lights, states);
      this.#start(resumed, link.origin);
      try {
        // The moves made before a reload or a Back: replayed on the start, the clock running on
        // from the time already played. One pass for all of them: a link may carry 10,000 moves on 65,536 cells.
        const moved = replay(resumed, decodeMoves(link.moves, resumed.lights.length));
        const saved = loadClock(this.#key());
        if (moved.history.length && saved)
          this.#state = play.resumed(this.#state!, saved.ms, saved.assisted, performance.now());
        this.#replaying = true;
        if (moved.history.length) this.#play(moved);
      } catch (error) {
        this.#view.info.alert(`The link's moves could not be read: ${(error as Error).message}.`);
      } finally {
        this.#replaying = false;
      }
      const shape = play.linkShape(board);
      if (shape !== null) this.#view.form.shape(shape);
    } else {
      this.#view.form.seed(link.origin.seed ?? 1);
      this.#newPuzzle();
      if (unreadable) this.#view.info.alert(unreadable);
    }
    if (link.seedError && !unreadable) {
      const dealt = link.shared && params.has("l") ? null : (link.origin.seed ?? 1);
      this.#view.info.alert(sentences.seedRefused(link.seedError, dealt));
    }
    if (!loadTimerShown()) this.#showTimer(false);
  }

  close(): void {
    this.#stopAnimation();
    this.#keepClock();
    removeEventListener("pagehide", this.#saveClock);
    this.#view.dispose();
    clearInterval(this.#tick);
    this.#solver.cancel();
  }

  /** The puzzle's key for the records kept. */
  #key(): string {
    return puzzleKey(play.puzzleParams(this.#game, this.#state!.origin).toString());
  }

  /** Keeps the time played, so that a reload or a Back resumes the clock. */
  #keepClock(): void {
    const s = this.#state;
    if (!s) return;
    saveClock({
      key: this.#key(),
      moves: s.game.history.length,
      ms: play.elapsed(s, performance.now()),
      assisted: s.assisted,
    });
  }

  /** Help was taken (a hint, the solution): the game's result is marked assisted. */
  #assisted(): void {
    this.#state = { ...this.#state!, assisted: true };
    this.#keepClock();
  }

  #showTimer(on: boolean): void {
    this.#timerShown = on;
    this.#view.timer(on);
    saveTimerShown(on);
  }

  /** A new puzzle on the board: no marks, no par, the timer at 0, the info panel starting over. */
  #start(game: Game, origin: play.Origin = play.NO_ORIGIN): void {
    this.#cache.clear();
    this.#solver.cancel();
    const link = play.puzzleParams(game, origin);
    this.#state = play.started(game, origin, loadBest(puzzleKey(link.toString())));
    this.#view.clock("0:00");
    this.#view.par(null);
    this.#view.solution(false);
    if (game.board !== this.#drawn) {
      this.#drawn = game.board;
      this.#view.board(game.board, game.states);
    }
    this.#view.best(sentences.bestText(this.#state.best));
    if (origin.daily !== null) {
      // The daily puzzle shows its par from the start (the worker starts only for it).
      void this.#analysisOf(game, game.start, true).then((a) => {
        if (a && this.#game.start === game.start) this.#setFewest(a);
      });
    }
    this.#view.puzzle(describeBoard(game.board, game.states), `#/play?${link}`, learnable(game.board, game.states));
    this.#view.form.follow(play.formFor(game.board, game.states));
    this.#view.info.rules(pressRule(game.board, game.states));
    this.#draw(game, true);
  }

  /** A move (or the same game again, to redraw its marks). */
  #play(next: Game): void {
    const changed = play.lightsChanged(this.#game, next);
    if (changed) this.#view.info.rules(pressRule(next.board, next.states));
    this.#draw(next, changed);
  }

  #draw(next: Game, changed: boolean): void {
    const now = performance.now();
    const before = this.#state!.game;
    if (!this.#cache.get(next.lights)) {
      const derived = play.afterMove(before, next, this.#cache.get(before.lights));
      if (derived) this.#cache.set(next.lights, derived);
    }
    const { state: moved, result } = play.played(this.#state!, next, now, this.#timerShown);
    this.#state = moved;
    if (result && !this.#replaying) {
      this.#state = { ...moved, best: recordBest(this.#key(), result) };
      this.#view.best(sentences.bestText(this.#state.best));
      const date = moved.origin.daily;
      if (date !== null) this.#view.daily(sentences.dailyLines(recordDaily({ ...result, date })));
    }
    if (changed && !this.#opening) this.#keepClock();
    // What the panel said was about the lights before: with the overlay on, it describes the new solution.
    if (changed && moved.showSolution) void this.#describeSolution();
    const known = this.#cache.get(next.lights);
    const marked = play.boardMarks(this.#state, known);
    this.#state = marked.state;
    if (moved.showSolution && !known) {
      const lights = next.lights;
      void this.#analysisOf(next, lights).then((found) => {
        if (!found) this.#setSolution(false);
        else if (this.#state!.showSolution && this.#game.lights === lights) this.#play(this.#game);
      });
    }
    this.#view.lights(next.lights, marked.marks);
    // A move is a history entry: Back returns through the moves (a redraw rewrites the URL in place).
    this.#context.setParams(play.gameParams(marked.state), { push: changed && !this.#opening && !this.#autoPress });
    const moves = next.history.length;
    this.#view.game({
      moves,
      status: sentences.statusText(next.lights, moves, marked.state.fewest, marked.state.assisted),
      win: isDark(next),
      clock: sentences.minutes(play.elapsed(marked.state, now)),
      canUndo: moves > 0,
      canRedo: next.future.length > 0,
      canReset: moves > 0,
    });
    if (play.wantsPar(marked.state)) {
      const from = next;
      void this.#analysisOf(from, from.start, true).then((a) => {
        if (a && this.#game.start === from.start) {
          this.#setFewest(a);
          if (isDark(this.#game)) this.#play(this.#game);
        }
      });
    }
  }

  /** Par: the fewest presses from the start, when the solver proved it. */
  #setFewest(a: Analysis): void {
    this.#state = { ...this.#state!, fewest: a };
    this.#view.par(sentences.parText(a));
  }

  #setSolution(on: boolean): void {
    this.#state = { ...this.#state!, showSolution: on };
    this.#view.solution(on);
  }

  /** The analysis of some lights, from the cache or the worker; null when it failed or was cancelled (the reason is shown). */
  async #analysisOf(of: Game, lights: readonly number[], quiet = false): Promise<Analysis | null> {
    const cached = this.#cache.get(lights);
    if (cached) return cached;
    const board = of.board;
    try {
      const a = await this.#solver.run({ kind: "analyse", board, lights: [...lights], states: of.states });
      if (board !== this.#game.board) return null;
      this.#cache.set(lights, a);
      return a;
    } catch (error) {
      if (!quiet && board === this.#game.board) {
        const cancelled = error instanceof Cancelled;
        this.#view.info.alert(sentences.solverFailure(error, cancelled), !cancelled);
      }
      return null;
    }
  }

  /** The analysis of the lights now, or null when they changed meanwhile (a press while the worker ran). */
  async #analysis(): Promise<Analysis | null> {
    const lights = this.#game.lights;
    const a = await this.#analysisOf(this.#game, lights);
    return a && this.#game.lights === lights ? a : null;
  }

  async #hint(): Promise<void> {
    const a = await this.#analysis();
    if (!a) return;
    if (!a.solvable) return this.#winnable();
    this.#assisted();
    const hint = nextPress(a);
    this.#state = { ...this.#state!, hint };
    this.#play(this.#game);
    this.#view.info.note(sentences.hintText(this.#game.board, hint, a));
  }

  async #toggleSolution(): Promise<void> {
    this.#setSolution(!this.#state!.showSolution);
    if (this.#state!.showSolution) this.#assisted();
    this.#play(this.#game);
    if (this.#state!.showSolution) await this.#describeSolution();
    else this.#view.info.rules(pressRule(this.#game.board, this.#game.states));
  }

  /**
   * "Play the solution": the solution's presses made one at a time (an assisted game), in the
   * order asked. Any other move, Undo or a new puzzle stops it, as its button does.
   */
  async #animate(order: SolutionOrder): Promise<void> {
    if (this.#animation !== undefined) return this.#stopAnimation();
    const a = await this.#analysis();
    // a second click while the solver answered started it already
    if (!a || this.#animation !== undefined) return;
    if (!a.solvable) return this.#winnable();
    const steps = solutionSequence(a.presses, order, this.#game.history.length + 1);
    if (steps.length === 0 || play.won(this.#state!)) return;
    this.#assisted();
    const { batch, delayMs } = solutionPace(steps.length);
    let at = 0;
    let expected = this.#game;
    const step = () => {
      if (this.#game !== expected || at >= steps.length) return this.#stopAnimation();
      this.#autoPress = at > 0;
      try {
        let next = this.#game;
        for (const end = Math.min(steps.length, at + batch); at < end; ) next = press(next, steps[at++]!);
        this.#play(next);
      } finally {
        this.#autoPress = false;
      }
      expected = this.#game;
      this.#animation = setTimeout(step, at < steps.length ? delayMs : 0);
    };
    this.#view.animating(true);
    step();
  }

  #stopAnimation(): void {
    if (this.#animation === undefined) return;
    clearTimeout(this.#animation);
    this.#animation = undefined;
    this.#view.animating(false);
  }

  async #describeSolution(): Promise<void> {
    const a = await this.#analysis();
    if (!a || !this.#state!.showSolution) return;
    this.#view.info.note(sentences.solutionText(a, this.#game.states));
  }

  async #winnable(): Promise<void> {
    const a = await this.#analysis();
    if (!a) return;
    const game = this.#game;
    this.#state = { ...this.#state!, proof: a.solvable ? null : a.proof };
    this.#play(game);
    if (a.solvable) return this.#view.info.verdict(sentences.winnableText(a));
    // the explanation is loaded when first asked for: it is not part of the first screen
    const { explainProof } = await import("../../state/proof-words.js");
    if (this.#game.lights === game.lights)
      this.#view.info.proof(sentences.NOT_WINNABLE, explainProof(game.board, game.states, game.lights, a.proof));
  }

  #newPuzzle(): void {
    const form = this.#view.form.read();
    const current = this.#state?.game;
    const board = play.puzzleBoard(form, current?.board);
    let lights: ArrayLike<number>;
    try {
      lights = randomPuzzle(board, { states: form.states, seed: form.seed });
    } catch (error) {
      this.#view.info.alert(`The puzzle could not be made: ${(error as Error).message}.`);
      return;
    }
    if (board !== current?.board || form.states !== current.states) this.#drawn = undefined;
    this.#start(newGame(board, lights, form.states), { seed: form.seed, daily: null });
    this.#view.form.seed(form.seed); // the field shows the seed of the puzzle play.played ("Next seed" moves on)
  }

  /** The same 7 x 7 puzzle for everyone on a UTC day, with its par. */
  #today(): void {
    const date = daily(new Date());
    this.#drawn = undefined;
    this.#view.form.seed(date.seed);
    this.#view.form.shape("rect");
    this.#start(play.dailyGame(date.seed), { seed: date.seed, daily: date.date });
    this.#view.status(sentences.todayStatus(date.date, sentences.statusText(this.#game.lights, 0, null)));
  }
}
