// Build: paint cells in and out of a frame, set the lights, choose the
// rule, import and export the CLI's text and JSON formats, and share the
// board by URL (or open it in Play). This module holds the current state
// (state/build), runs the worker (summary, import) and hands the view what to draw.

import { formatCount, type RuleName, type Topology } from "@lightsout/core";
import { decodeText } from "@lightsout/core/io";
import { mountAfterCore } from "../../core-ready.js";
import type { MountScreen, ScreenContext } from "../../screen.js";
import { type Draft, resize, withStates } from "../../state/build/draft.js";
import { pressedLit, transformed, withCellLights, withPattern } from "../../state/build/patterns.js";
import { toggleOffset } from "../../state/build/rule-grid.js";
import { eigenText, shownEigenspace } from "../../state/eigen.js";
import { orbitText } from "../../state/orbit-text.js";
import {
  type Stability,
  type StabilityView,
  stabilityMarks,
  stabilityText,
  stepStability,
} from "../../state/build/stability.js";
import * as build from "../../state/build/state.js";
import { checkImportText } from "../../state/limits.js";
import { Cancelled, Solver } from "../../state/solver-client.js";
import type { SolverAnswers, SolverRequest } from "../../state/solver-protocol.js";
import { encodeBoard } from "../../state/url.js";
import { describeBoard } from "../../state/words.js";
import { shapeOf, view3dOf, withShape } from "../../state/build/solids.js";
import { stateColor, stateText } from "../../ui/cells.js";
import type { SeamDiagram } from "./seam-diagram.js";
import { type BuildView, buildView } from "./view.js";
import "./build.css";

/** The build screen. */
export const mount: MountScreen = mountAfterCore((root, context) => {
  const screen = new BuildScreen(root, context);
  return () => screen.close();
});

/** A 3D view while it is shown: its panel, what it was drawn for, and how it takes new lights. */
interface Shown3d {
  readonly key: string;
  readonly element: HTMLElement;
  update(draft: Draft): void;
}

class BuildScreen {
  readonly #context: ScreenContext;
  // Solving and parsing run in a worker; the page says so and can stop it.
  readonly #solver = new Solver();
  readonly #view: BuildView;
  #state: build.BuildState;
  /** The drawn board's shape ({@link build.drawnShape}): a new one is drawn anew, lights alone repaint. */
  #drawn = "";
  /** The summary asked for last: an older answer is dropped. */
  #summaryRun = 0;
  /** The 3D view of a torus board or a solid's faces, while it is shown. */
  #shown3d: Shown3d | undefined;
  /** The gluing diagram of a projective board, with the shape it was drawn for (a pending one is null). */
  #seam: { shape: string; diagram: SeamDiagram | null } | undefined;

  constructor(root: HTMLElement, context: ScreenContext) {
    this.#context = context;
    this.#view = buildView(root, this.#handlers());
    this.#solver.onBusy = (inFlight) => this.#view.busy(inFlight > 0);
    const { state, error } = build.opened(context.params);
    this.#state = state;
    if (error) this.#view.io.message(error, { tone: "error" });
    this.#change(state.draft);
  }

  close(): void {
    this.#view.dispose();
    this.#solver.cancel();
  }

  /** The cells Solution as board has left as they were, pressed again and again (state/build/stability). */
  #stability: Stability | null = null;
  #stabilityView: StabilityView = "off";

  get #draft(): Draft {
    return this.#state.draft;
  }

  #handlers(): Parameters<typeof buildView>[1] {
    const controls = () => this.#view.controls;
    return {
      resize: () => {
        const draft = this.#draft;
        if (draft.kind === "grid") this.#change(resize(draft, ...controls().size(draft.rows, draft.cols)));
      },
      states: () => this.#change(withStates(this.#draft, controls().states())),
      shape: (shape) => this.#change(withShape(this.#draft, shape)),
      rule: () => this.#rule(),
      offsets: () => this.#offsets(),
      paintOffset: (dr, dc) => {
        controls().showOffsets(true, toggleOffset(controls().offsets(), dr, dc));
        this.#offsets();
      },
      topology: () => this.#changeGrid(build.withTopology(this.#draft, controls().topology() as Topology)),
      selfToggle: () => this.#change(build.withSelfToggle(this.#draft, controls().selfToggle())),
      mode: (mode) => {
        this.#state = { ...this.#state, mode };
        controls().mode(mode);
      },
      clear: () => this.#change(build.allOff(this.#draft)),
      fill: () => this.#changeGrid(build.filled(this.#draft)),
      pattern: (pattern) => this.#change(withPattern(this.#draft, pattern)),
      transform: (transform) => this.#change(transformed(this.#draft, transform)),
      pressLit: () => {
        if (!build.sharedOf(this.#draft)) return;
        this.#change(pressedLit(this.#draft));
        this.#view.controls.toolsNote(
          "The lights are now the board that pressing the lit cells makes from a dark board.",
        );
      },
      solutionBoard: () => void this.#solutionBoard(),
      stability: (view) => {
        this.#stabilityView = view;
        this.#showLights();
        if (view !== "off")
          this.#view.controls.toolsNote(stabilityText(this.#stability, build.drawnLights(this.#draft)));
      },
      period: () => void this.#period(),
      eigenvector: () => void this.#eigenvector(),
      view3d: () => void this.#toggle3d(),
      press: (position) => this.#change(build.clicked(this.#state, position)),
      hover: (position) => this.#seam?.diagram?.show(position),
      play: () => {
        const shared = build.sharedOf(this.#draft);
        if (shared) this.#context.navigate("play", encodeBoard(shared));
      },
      exportAs: (format) => {
        const content = build.exported(this.#draft, format);
        if (content === null) return;
        this.#view.io.setText(content);
        this.#view.io.message(build.exportNote(format), { tone: "muted", alert: false });
      },
      download: (format) => {
        const content = build.exported(this.#draft, format);
        const { name, type } = build.downloadFile(format);
        if (content !== null) this.#view.io.download(content, name, type);
      },
      import: () => void this.#import(this.#view.io.text()),
      file: (file) => void this.#importFile(file),
      paste: (current, pasted) => {
        const refusal = build.pasteRefusal(current, pasted);
        if (refusal) this.#fail(refusal);
        return refusal !== null;
      },
      copy: () => {
        const url = this.#view.io.copyLink();
        navigator.clipboard?.writeText(url).then(
          () => this.#view.io.message("Link copied."),
          () => this.#view.io.message("Select the link and copy it."),
        );
      },
      cancel: () => this.#solver.cancel(),
    };
  }

  #rule(): void {
    const controls = this.#view.controls;
    const rule = controls.rule();
    controls.showOffsets(rule === "custom");
    if (rule !== "custom") return this.#changeGrid(build.withRule(this.#draft, rule as RuleName));
    if (!controls.offsets() && this.#draft.kind === "grid") controls.showOffsets(true, build.DEFAULT_OFFSETS);
    this.#offsets();
  }

  #offsets(): void {
    if (this.#draft.kind !== "grid") return;
    const { draft, error } = build.withOffsets(this.#draft, this.#view.controls.offsets());
    this.#view.controls.offsetsError(error ?? "");
    if (!error) this.#change(draft);
  }

  /** A change that grids only take: a graph's draft comes back as it was, and nothing happens. */
  #changeGrid(draft: Draft): void {
    if (draft !== this.#draft) this.#change(draft);
  }

  /** The draft changed: the board (drawn anew when its frame or cells changed), the controls, the summary. */
  #change(draft: Draft): void {
    this.#state = build.withDraft(this.#state, draft);
    const shape = build.drawnShape(draft);
    if (shape !== this.#drawn) {
      this.#drawn = shape;
      this.#view.board(build.drawnBoard(draft), draft.states, build.drawnFrame(draft));
    }
    this.#showLights();
    this.#view.controls.show(build.controlsOf(draft), shapeOf(draft));
    this.#view.controls.mode(this.#state.mode);
    this.#sync3d();
    void this.#syncSeam();
    this.#summarise();
  }

  /** The lights drawn, with the stability view's marks when it is on and still about these lights. */
  #showLights(): void {
    const lights = build.drawnLights(this.#draft);
    const highlight = stabilityMarks(this.#stability, lights, this.#stabilityView);
    this.#view.lights(lights, highlight ? { highlight } : undefined);
  }

  /** The 3D view follows the draft: its lights, a new view for a new size or solid, none without one. */
  #sync3d(): void {
    const draft = this.#draft;
    const wanted = view3dOf(draft);
    this.#view.controls.view3d(wanted !== null, this.#shown3d !== undefined);
    if (!this.#shown3d) return;
    if (wanted === null) return this.#close3d();
    if (wanted.key !== this.#shown3d.key) return void this.#open3d();
    this.#shown3d.update(draft);
  }

  async #toggle3d(): Promise<void> {
    if (this.#shown3d) this.#close3d();
    else await this.#open3d();
  }

  async #open3d(): Promise<void> {
    const draft = this.#draft;
    const wanted = view3dOf(draft);
    if (wanted === null) return;
    const { states } = draft;
    const colour = (v: number) => stateColor(v, states);
    const press = (position: number) => this.#change(build.clicked(this.#state, position));
    let shown: Shown3d;
    if (wanted.kind === "solid") {
      const { solid3d } = await import("./solid3d.js");
      const view = solid3d(wanted.solid, states, colour, (v) => stateText(v, states), press);
      shown = { key: wanted.key, element: view.element, update: (d) => view.update(d.lights) };
    } else {
      if (draft.kind !== "grid") return;
      const { torus3d } = await import("./torus3d.js");
      const view = torus3d(draft.rows, draft.cols, states, colour, press);
      shown = {
        key: wanted.key,
        element: view.element,
        update: (d) => d.kind === "grid" && view.update(d.lights, d.present),
      };
    }
    if (this.#draft !== draft) return;
    this.#shown3d = shown;
    this.#view.show3d(shown.element);
    this.#sync3d();
  }

  #close3d(): void {
    this.#shown3d = undefined;
    this.#view.show3d(null);
    this.#view.controls.view3d(view3dOf(this.#draft) !== null, false);
  }

  /** A projective board shows how its edges are glued (the diagram is loaded with the first one). */
  async #syncSeam(): Promise<void> {
    const draft = this.#draft;
    const shared = build.sharedOf(draft);
    const board = shared?.board;
    if (draft.kind !== "grid" || draft.topology !== "projective" || board?.kind !== "grid") {
      this.#seam = undefined;
      return this.#view.showSeam(null);
    }
    const shape = JSON.stringify([board, draft.present]);
    if (this.#seam?.shape === shape) return;
    const pending = { shape, diagram: null };
    this.#seam = pending;
    const { seamDiagram } = await import("./seam-diagram.js");
    if (this.#seam !== pending) return; // the board changed while the diagram loaded
    const diagram = seamDiagram(board, draft.present);
    this.#seam = { shape, diagram };
    this.#view.showSeam(diagram.element);
  }

  /** The summary and link of the board; the summary's verdict comes from the worker. */
  #summarise(): void {
    const shared = build.sharedOf(this.#draft);
    const run = ++this.#summaryRun;
    const params = build.linkOf(this.#draft);
    this.#context.setParams(params);
    this.#view.io.link(shared ? `${location.origin}${location.pathname}#/play?${params}` : null);
    const verdict = this.#view.summary(shared && describeBoard(shared.board, shared.states), build.NO_CELLS);
    if (!shared || !verdict) return;
    this.#solver.cancel(); // a newer board makes the running summary moot
    this.#solver.run({ kind: "summary", board: shared.board, lights: shared.lights, states: shared.states }).then(
      (sentence) => {
        if (run === this.#summaryRun) verdict.textContent = sentence;
      },
      (error: Error) => {
        if (run === this.#summaryRun)
          verdict.textContent =
            error instanceof Cancelled ? "Not analysed: cancelled." : `Not analysed: ${error.message}`;
      },
    );
  }

  /**
   * A tool that asks the solver's worker about these lights: the note says it is at work, then
   * `done` gets the answer if the draft is still the one asked about; a cancel or an error is said.
   */
  async #askWorker<K extends "analyse" | "orbit" | "eigen">(
    kind: K,
    working: string,
    done: (answer: SolverAnswers[K], draft: Draft) => void,
  ): Promise<void> {
    const draft = this.#draft;
    const shared = build.sharedOf(draft);
    if (!shared) return;
    const note = this.#view.controls.toolsNote;
    note(working);
    try {
      const answer = await this.#solver.run({ kind, ...shared } as Extract<SolverRequest, { kind: K }>);
      if (this.#draft === draft) done(answer, draft);
    } catch (error) {
      note(error instanceof Cancelled ? "Cancelled." : (error as Error).message, !(error instanceof Cancelled));
    }
  }

  /** The lights become the presses of a fewest-press solution (Press the lit cells gives the board back). */
  #solutionBoard(): Promise<void> {
    const note = this.#view.controls.toolsNote;
    return this.#askWorker("analyse", "Solving…", (a, draft) => {
      if (!a.solvable) return note("These lights cannot be cleared: there is no solution to show as a board.", true);
      const next = withCellLights(draft, a.presses);
      this.#stability = stepStability(this.#stability, build.drawnLights(draft), build.drawnLights(next));
      this.#change(next);
      const made = `The lights are now the presses of ${a.optimal ? "a fewest-press" : "one"} solution (${formatCount(a.count, "press", "presses")}); Press the lit cells gives the board back.`;
      const stable = this.#stabilityView === "off" ? "" : ` ${stabilityText(this.#stability, build.drawnLights(next))}`;
      note(made + stable);
    });
  }

  /** The tail and period of pressing the lit cells again and again, computed in the solver's worker. */
  #period(): Promise<void> {
    return this.#askWorker("orbit", "Pressing the lit cells again and again…", (orbit, draft) =>
      this.#view.controls.toolsNote(orbitText(orbit, build.drawnLights(draft).length)),
    );
  }

  /** The lights become an eigenvector of pressing the lit cells; the note lists the eigenspaces. */
  #eigenvector(): Promise<void> {
    return this.#askWorker("eigen", "Computing the eigenspaces…", (spaces, draft) => {
      const shown = shownEigenspace(spaces);
      if (shown) this.#change(withCellLights(draft, shown.vector!));
      this.#view.controls.toolsNote(eigenText(spaces));
    });
  }

  #fail(reason: string): void {
    this.#view.io.message(reason, { tone: "error", alert: true });
  }

  async #import(input: string): Promise<void> {
    try {
      checkImportText(input); // before the text is copied to the worker
      this.#view.io.message("Importing…", { tone: "muted" });
      const board = await this.#solver.run({
        kind: "import",
        text: input,
        states: this.#draft.states,
        grid: build.importOptions(this.#draft),
      });
      const { draft, message } = build.imported(board);
      this.#change(draft);
      this.#view.io.message(message, { tone: "muted", alert: false });
    } catch (error) {
      this.#fail(error instanceof Cancelled ? "Import cancelled." : (error as Error).message);
    }
  }

  async #importFile(chosen: File): Promise<void> {
    // Bytes bound characters from above: the size is checked before the file is read.
    const refusal = build.fileRefusal(chosen.name, chosen.size);
    if (refusal) return this.#fail(refusal);
    // bytes that are not UTF-8 stay themselves, so the import names them (byte 0x9B) instead of a replacement character
    const content = decodeText(new Uint8Array(await chosen.arrayBuffer()));
    this.#view.io.setText(content);
    await this.#import(content);
  }
}
