// Build's state as a plain value: the draft and what a click does (paint
// cells in and out, or set lights); what each control does to the draft; the
// board it makes, its link and its export; and the checks made before an
// import reaches the worker. The screen (screens/build) draws it.

import { type Board, formatBoard, type GridOptions, parseRule, type RuleName, type Topology } from "@lightsout/core";
import { limitSentence, MAX_IMPORT_CHARS } from "../limits.js";
import { decodeBoard, encodeBoard, type SharedBoard } from "../url.js";
import { boardOf, cycleLight, type Draft, draftOf, emptyDraft, paintCell } from "./draft.js";

/** What a click on the board does. */
export type Mode = "cells" | "lights";

/** Build's state. */
export interface BuildState {
  readonly draft: Draft;
  readonly mode: Mode;
}

/** The offsets the custom rule starts from: the plus rule's, written out. */
export const DEFAULT_OFFSETS = "-1,0;1,0;0,-1;0,1";

/** What the summary says when there is no board to speak of. */
export const NO_CELLS = "No cells: paint some cells in. Play, export and the link need at least one.";

/**
 * The state after the draft changed: a graph has no cells to paint, so its clicks set lights.
 *
 * @example
 * ```ts
 * withDraft({ draft, mode: "cells" }, draftOf(graphBoard(2, [[0, 1]]), [0, 0], 2)).mode; // "lights"
 * ```
 */
export function withDraft(state: BuildState, draft: Draft): BuildState {
  return { draft, mode: draft.kind === "graph" ? "lights" : state.mode };
}

/**
 * The draft after a click on the board: paints the position in or out, or cycles its light.
 *
 * @param state - The state.
 * @param position - The grid position (r * cols + c) or the vertex.
 * @example
 * ```ts
 * clicked({ draft: emptyDraft(1, 2), mode: "lights" }, 1).lights; // [0, 1]
 * ```
 */
export function clicked(state: BuildState, position: number): Draft {
  const { draft } = state;
  return state.mode === "cells" && draft.kind === "grid" ? paintCell(draft, position) : cycleLight(draft, position);
}

/**
 * A named rule chosen (grids only; a graph is left as it is).
 *
 * @example
 * ```ts
 * withRule(emptyDraft(2, 2), "king").rule; // "king"
 * ```
 */
export function withRule(draft: Draft, rule: RuleName): Draft {
  return draft.kind === "grid" ? { ...draft, rule } : draft;
}

/**
 * Custom offsets typed: the draft with their rule, or why they cannot be read.
 *
 * @param draft - The draft (a graph has no rule: it is returned as it is).
 * @param text - Offsets like `0,2;0,-2` (rows down, columns right), or a rule's name.
 * @example
 * ```ts
 * withOffsets(emptyDraft(2, 2), "0,1;0,-1"); // { draft: { ..., rule: { offsets: [[0, 1], [0, -1]] } }, error: null }
 * ```
 */
export function withOffsets(draft: Draft, text: string): { draft: Draft; error: string | null } {
  if (draft.kind !== "grid") return { draft, error: null };
  try {
    const parsed = parseRule(text);
    return {
      draft: { ...draft, rule: typeof parsed === "string" ? parsed : { offsets: parsed.offsets } },
      error: null,
    };
  } catch (error) {
    return { draft, error: (error as Error).message };
  }
}

/**
 * The edges glued another way (grids only).
 *
 * @example
 * ```ts
 * withTopology(emptyDraft(2, 2), "torus").topology; // "torus"
 * ```
 */
export function withTopology(draft: Draft, topology: Topology): Draft {
  return draft.kind === "grid" ? { ...draft, topology } : draft;
}

/**
 * Whether a press toggles its own cell.
 *
 * @example
 * ```ts
 * withSelfToggle(emptyDraft(2, 2), false).selfToggle; // false
 * ```
 */
export function withSelfToggle(draft: Draft, selfToggle: boolean): Draft {
  return draft.kind === "grid" ? { ...draft, selfToggle } : { ...draft, board: { ...draft.board, selfToggle } };
}

/**
 * Every light off.
 *
 * @example
 * ```ts
 * allOff(draft).lights.every((v) => v === 0); // true
 * ```
 */
export function allOff(draft: Draft): Draft {
  return { ...draft, lights: draft.lights.map(() => 0) };
}

/**
 * Every position of the frame holds a cell (grids only).
 *
 * @example
 * ```ts
 * filled(paintCell(emptyDraft(2, 2), 0)).present; // [true, true, true, true]
 * ```
 */
export function filled(draft: Draft): Draft {
  return draft.kind === "grid" ? { ...draft, present: draft.present.map(() => true) } : draft;
}

/**
 * The board, lights and states the draft makes, or null while it has no cell.
 *
 * @example
 * ```ts
 * sharedOf(emptyDraft(2, 2))?.lights; // [0, 0, 0, 0]
 * ```
 */
export function sharedOf(draft: Draft): SharedBoard | null {
  try {
    return { ...boardOf(draft), states: draft.states };
  } catch {
    return null;
  }
}

/**
 * The board as the CLI writes it: its text format (rows of digits) or its JSON.
 *
 * @returns The text, or null while the draft has no cell.
 * @example
 * ```ts
 * exported(emptyDraft(1, 2), "text"); // "00\n"
 * ```
 */
export function exported(draft: Draft, format: "text" | "json"): string | null {
  const shared = sharedOf(draft);
  if (!shared) return null;
  return format === "text"
    ? formatBoard(shared.board, shared.lights, { states: shared.states })
    : JSON.stringify({ board: shared.board, lights: shared.lights, states: shared.states });
}

/** What an export leaves out or keeps, said under it. */
export function exportNote(format: "text" | "json"): string {
  return format === "text"
    ? "Text: the rule, edges and states are not part of it."
    : "JSON: board, lights and states; it imports back exactly.";
}

/** A download's file name and type. */
export function downloadFile(format: "text" | "json"): { name: string; type: string } {
  return format === "text"
    ? { name: "board.txt", type: "text/plain" }
    : { name: "board.json", type: "application/json" };
}

/**
 * The board the view draws: a grid as a mask of its frame (every position drawn, holes too), or the graph.
 *
 * @example
 * ```ts
 * drawnBoard(paintCell(emptyDraft(1, 2), 0)).mask; // [".#"]
 * ```
 */
export function drawnBoard(draft: Draft): Board {
  if (draft.kind !== "grid") return draft.board;
  return {
    kind: "grid",
    rows: draft.rows,
    cols: draft.cols,
    topology: draft.topology,
    mask: draft.present
      .map((p) => (p ? "#" : "."))
      .join("")
      .match(new RegExp(`.{${draft.cols}}`, "g"))!,
  };
}

/**
 * The lights per cell of the drawn board: every present position of a grid is a cell of its mask.
 *
 * @example
 * ```ts
 * drawnLights(cycleLight(paintCell(emptyDraft(1, 3), 0), 2)); // [0, 1]
 * ```
 */
export function drawnLights(draft: Draft): number[] {
  return draft.kind === "grid" ? draft.lights.filter((_, p) => draft.present[p]) : [...draft.lights];
}

/**
 * What the drawn board depends on besides the lights: when it changes the view is drawn anew;
 * lights alone only repaint.
 *
 * @example
 * ```ts
 * drawnShape(emptyDraft(2, 2)) === drawnShape(cycleLight(emptyDraft(2, 2), 0)); // true
 * ```
 */
export function drawnShape(draft: Draft): string {
  return JSON.stringify(
    draft.kind === "grid"
      ? [draft.rows, draft.cols, draft.present, draft.states, draft.topology]
      : [draft.board, draft.states],
  );
}

/**
 * The frame: while it stays, a big board's zoom, pan and cursor stay too (painting a cell in or out).
 *
 * @example
 * ```ts
 * drawnFrame(emptyDraft(64, 64)); // "64x64"
 * ```
 */
export function drawnFrame(draft: Draft): string {
  return draft.kind === "grid" ? `${draft.rows}x${draft.cols}` : "graph";
}

/** The controls' values for a draft: a grid's size, rule and edges (graphs have none), self toggle and states. */
export interface Controls {
  readonly states: number;
  readonly selfToggle: boolean;
  readonly grid: {
    readonly rows: number;
    readonly cols: number;
    /** A rule's name, or "custom". */
    readonly rule: string;
    /** The custom rule's offsets as typed, when the rule is custom. */
    readonly offsets: string | null;
    readonly topology: Topology;
  } | null;
}

/**
 * The controls' values for a draft.
 *
 * @example
 * ```ts
 * controlsOf(emptyDraft(3, 4)).grid; // { rows: 3, cols: 4, rule: "plus", offsets: null, topology: "plane" }
 * ```
 */
export function controlsOf(draft: Draft): Controls {
  if (draft.kind !== "grid") return { states: draft.states, selfToggle: draft.board.selfToggle ?? true, grid: null };
  const { rule } = draft;
  return {
    states: draft.states,
    selfToggle: draft.selfToggle,
    grid: {
      rows: draft.rows,
      cols: draft.cols,
      rule: typeof rule === "string" ? rule : "custom",
      offsets: typeof rule === "object" ? rule.offsets.map(([dr, dc]) => `${dr},${dc}`).join(";") : null,
      topology: draft.topology,
    },
  };
}

/**
 * The options a text import takes from the draft (the text format has no rule or edges).
 *
 * @example
 * ```ts
 * importOptions(emptyDraft(2, 2)); // { topology: "plane", rule: "plus", selfToggle: true }
 * ```
 */
export function importOptions(draft: Draft): GridOptions {
  return draft.kind === "grid" ? { topology: draft.topology, rule: draft.rule, selfToggle: draft.selfToggle } : {};
}

/**
 * An imported board as the new draft, and what to say about it.
 *
 * @example
 * ```ts
 * imported({ board: gridBoard(2, 2), lights: [1, 0, 0, 1], states: 2 }).message; // "Imported a board of 4 cells."
 * ```
 */
export function imported(board: SharedBoard): { draft: Draft; message: string } {
  return {
    draft: draftOf(board.board, board.lights, board.states),
    message: `Imported a board of ${board.lights.length} cells.`,
  };
}

/**
 * A paste refused before the text area holds it (a 100 MB paste would freeze the page).
 *
 * @param current - Characters already in the text area.
 * @param pasted - Characters pasted.
 * @returns Why it is refused, or null when it fits.
 * @example
 * ```ts
 * pasteRefusal(0, 25_000_000); // "The pasted text expected at most 2,000,000 characters, got 25,000,000 characters."
 * ```
 */
export function pasteRefusal(current: number, pasted: number): string | null {
  if (current + pasted <= MAX_IMPORT_CHARS) return null;
  const subject = current > 0 ? "the text with this paste" : "the pasted text";
  return limitSentence({ subject, max: MAX_IMPORT_CHARS, got: current + pasted, unit: ["character", "characters"] });
}

/**
 * A file refused by its size before it is read (bytes bound characters from above).
 *
 * @returns Why it is refused, or null when it may be read.
 * @example
 * ```ts
 * fileRefusal("big.txt", 3_000_000); // 'The file "big.txt" expected at most 2,000,000 bytes, got 3,000,000 bytes.'
 * ```
 */
export function fileRefusal(name: string, bytes: number): string | null {
  if (bytes <= MAX_IMPORT_CHARS) return null;
  return limitSentence({
    subject: `the file ${JSON.stringify(name)}`,
    max: MAX_IMPORT_CHARS,
    got: bytes,
    unit: ["byte", "bytes"],
  });
}

/**
 * The state a Build link opens with: its board, or an empty 5 x 5 frame and why the link could not be read.
 *
 * @example
 * ```ts
 * opened(new URLSearchParams("g=2x3&l=h")).state.draft.kind; // "grid"
 * ```
 */
export function opened(params: URLSearchParams): { state: BuildState; error: string | null } {
  const state: BuildState = { draft: emptyDraft(5, 5), mode: "lights" };
  try {
    const shared = decodeBoard(params);
    return {
      state: shared ? withDraft(state, draftOf(shared.board, shared.lights, shared.states)) : state,
      error: null,
    };
  } catch (error) {
    return { state, error: `The link's board could not be read: ${(error as Error).message}` };
  }
}

/**
 * The link the screen keeps in its URL (and shares): the board, or nothing while there is no cell.
 *
 * @example
 * ```ts
 * linkOf(emptyDraft(2, 3)).toString(); // "g=2x3&l=A"
 * ```
 */
export function linkOf(draft: Draft): URLSearchParams {
  const shared = sharedOf(draft);
  return shared ? encodeBoard(shared) : new URLSearchParams();
}
