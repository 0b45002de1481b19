// The board being built, as a plain value: every position of the frame,
// whether it holds a cell, and its light. Graph boards (imported as JSON)
// keep their edges; only their lights can be edited here.

import { type Board, checkBoard, type GraphBoard, type GridBoard, type Rule, type Topology } from "@lightsout/core";
import { boardTopology } from "@lightsout/core/lightsout";

/** A grid under construction: `present` and `lights` have rows * cols entries, row-major. */
export interface GridDraft {
  readonly kind: "grid";
  readonly rows: number;
  readonly cols: number;
  readonly present: readonly boolean[];
  /** One state per position (0 where there is no cell). */
  readonly lights: readonly number[];
  /** How the edges are glued: plane, torus or projective plane. */
  readonly topology: Topology;
  readonly rule: Rule;
  readonly selfToggle: boolean;
  readonly states: number;
}

/** An imported graph board with its lights (one per vertex). */
export interface GraphDraft {
  readonly kind: "graph";
  readonly board: GraphBoard;
  readonly lights: readonly number[];
  readonly states: number;
}

/** A board being built. */
export type Draft = GridDraft | GraphDraft;

/**
 * An empty rectangle: every cell present, every light off.
 *
 * @param rows - 1..256.
 * @param cols - 1..256.
 * @returns The draft (plus rule, plane, two states).
 * @example
 * ```ts
 * emptyDraft(5, 5).present.length; // 25
 * ```
 */
export function emptyDraft(rows: number, cols: number): GridDraft {
  return {
    kind: "grid",
    rows,
    cols,
    present: new Array<boolean>(rows * cols).fill(true),
    lights: new Array<number>(rows * cols).fill(0),
    topology: "plane",
    rule: "plus",
    selfToggle: true,
    states: 2,
  };
}

/**
 * The draft of an existing board and its lights.
 *
 * @param board - Any board.
 * @param lights - One state per cell.
 * @param states - k.
 * @returns The draft.
 * @example
 * ```ts
 * draftOf(maskBoard(["#.", "##"]), [1, 0, 1], 2).present; // [true, false, true, true]
 * ```
 */
export function draftOf(board: Board, lights: readonly number[], states: number): Draft {
  if (board.kind === "graph") return { kind: "graph", board, lights: [...lights], states };
  const present: boolean[] = [];
  const values: number[] = [];
  let i = 0;
  for (let r = 0; r < board.rows; r++) {
    for (let c = 0; c < board.cols; c++) {
      const here = !board.mask || board.mask[r]![c] === "#";
      present.push(here);
      values.push(here ? (lights[i++] ?? 0) : 0);
    }
  }
  return {
    kind: "grid",
    rows: board.rows,
    cols: board.cols,
    present,
    lights: values,
    topology: boardTopology(board),
    rule: board.rule ?? "plus",
    selfToggle: board.selfToggle ?? true,
    states,
  };
}

/**
 * The board and lights a draft describes.
 *
 * @param draft - The draft.
 * @returns The board (with a mask only when a position is empty) and one light per cell.
 * @throws {RangeError} when no position holds a cell.
 * @example
 * ```ts
 * boardOf(emptyDraft(2, 2)).board; // { kind: "grid", rows: 2, cols: 2, ... }
 * ```
 */
export function boardOf(draft: Draft): { board: Board; lights: number[] } {
  if (draft.kind === "graph") return { board: draft.board, lights: [...draft.lights] };
  const { rows, cols, present } = draft;
  if (!present.includes(true)) throw new RangeError("board expected at least one cell, got none: paint some cells in");
  const full = present.every(Boolean);
  const spec: { -readonly [K in keyof GridBoard]: GridBoard[K] } = { kind: "grid", rows, cols };
  if (draft.topology !== "plane") spec.topology = draft.topology;
  if (draft.rule !== "plus") spec.rule = draft.rule;
  if (!draft.selfToggle) spec.selfToggle = false;
  if (!full)
    spec.mask = Array.from({ length: rows }, (_, r) =>
      present
        .slice(r * cols, (r + 1) * cols)
        .map((p) => (p ? "#" : "."))
        .join(""),
    );
  return { board: checkBoard(spec), lights: draft.lights.filter((_, p) => present[p]) };
}

/**
 * Toggles whether a position holds a cell (a new cell starts dark).
 *
 * @param draft - A grid draft.
 * @param position - r * cols + c.
 * @returns The new draft.
 * @example
 * ```ts
 * paintCell(emptyDraft(2, 2), 0).present; // [false, true, true, true]
 * ```
 */
export function paintCell(draft: GridDraft, position: number): GridDraft {
  const present = draft.present.slice();
  const lights = draft.lights.slice();
  present[position] = !present[position];
  lights[position] = 0;
  return { ...draft, present, lights };
}

/**
 * Advances a light by one state (k - 1 wraps to 0). Grids take a position; graphs a vertex.
 *
 * @param draft - The draft.
 * @param position - r * cols + c (a position without a cell is left alone), or the vertex.
 * @returns The new draft.
 * @example
 * ```ts
 * cycleLight(emptyDraft(1, 2), 1).lights; // [0, 1]
 * ```
 */
export function cycleLight(draft: Draft, position: number): Draft {
  if (draft.kind === "grid" && !draft.present[position]) return draft;
  const lights = draft.lights.slice();
  lights[position] = ((lights[position] ?? 0) + 1) % draft.states;
  return { ...draft, lights };
}

/**
 * Changes the frame's size, keeping what overlaps; new positions hold dark cells.
 *
 * @param draft - A grid draft.
 * @param rows - 1..256.
 * @param cols - 1..256.
 * @returns The resized draft.
 * @example
 * ```ts
 * resize(emptyDraft(2, 2), 3, 1).present.length; // 3
 * ```
 */
export function resize(draft: GridDraft, rows: number, cols: number): GridDraft {
  const present: boolean[] = [];
  const lights: number[] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const inside = r < draft.rows && c < draft.cols;
      present.push(inside ? draft.present[r * draft.cols + c]! : true);
      lights.push(inside ? draft.lights[r * draft.cols + c]! : 0);
    }
  }
  return { ...draft, rows, cols, present, lights };
}

/**
 * Changes the number of states; lights beyond the new range wrap (mod k).
 *
 * @param draft - The draft.
 * @param states - 2..255.
 * @returns The new draft.
 * @example
 * ```ts
 * withStates(draft, 3).states; // 3
 * ```
 */
export function withStates<D extends Draft>(draft: D, states: number): D {
  return { ...draft, states, lights: draft.lights.map((v) => v % states) };
}
