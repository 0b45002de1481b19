// Preset patterns and transforms of the lights being built, after the tools
// of LightsOutWeb (its preset patterns, its shift, invert and rotate
// transforms, the board its lit cells make when pressed, its solution as a
// board), written here from their definitions: plain functions of the
// draft. A light goes only where there is a cell.

import { applyPresses } from "@lightsout/core";
import { boardOf, type Draft } from "./draft.js";

/** The preset patterns: every cell at 1, the frame's corners, its border, a checkerboard, its centre. */
export type Pattern = "on" | "corners" | "border" | "checkerboard" | "centre";

/** The transforms: shift by one position (wrapping around the frame), invert, or add 1 to every state. */
export type Transform = "up" | "down" | "left" | "right" | "invert" | "rotate";

/** Whether a pattern needs rows and columns (graphs have only "on"). */
export function gridOnly(what: Pattern | Transform): boolean {
  return !(what === "on" || what === "invert" || what === "rotate");
}

/**
 * The lights of a preset pattern: 1 on the pattern's cells, 0 elsewhere (and where there is no cell).
 *
 * @param draft - The board being built.
 * @param pattern - Which pattern; on a graph only "on" applies (others leave the draft as it is).
 * @returns The draft with those lights.
 * @example
 * ```ts
 * withPattern(emptyDraft(3, 3), "corners").lights; // [1, 0, 1, 0, 0, 0, 1, 0, 1]
 * ```
 */
export function withPattern(draft: Draft, pattern: Pattern): Draft {
  if (draft.kind === "graph") return pattern === "on" ? { ...draft, lights: draft.lights.map(() => 1) } : draft;
  const { rows, cols } = draft;
  const centre = (i: number, n: number) => Math.abs(2 * i - (n - 1)) <= 1;
  const on = (r: number, c: number): boolean => {
    const edgeR = r === 0 || r === rows - 1;
    const edgeC = c === 0 || c === cols - 1;
    switch (pattern) {
      case "on":
        return true;
      case "corners":
        return edgeR && edgeC;
      case "border":
        return edgeR || edgeC;
      case "checkerboard":
        return (r + c) % 2 === 0;
      case "centre":
        return centre(r, rows) && centre(c, cols);
    }
  };
  const lights = draft.present.map((here, p) => (here && on(Math.floor(p / cols), p % cols) ? 1 : 0));
  return { ...draft, lights };
}

/**
 * A transform of the lights. Shifts move every light one position (wrapping around the frame; a
 * light that lands where there is no cell goes out); invert takes a light v to k - 1 - v (on and off
 * swap with two states); rotate adds 1 to every light, mod k.
 *
 * @param draft - The board being built.
 * @param transform - Which one; shifts leave a graph as it is.
 * @returns The draft with the new lights.
 * @example
 * ```ts
 * transformed(withPattern(emptyDraft(1, 3), "centre"), "right").lights; // [0, 0, 1]
 * ```
 */
export function transformed(draft: Draft, transform: Transform): Draft {
  const k = draft.states;
  const here = (p: number) => draft.kind === "graph" || draft.present[p]!;
  if (transform === "invert" || transform === "rotate") {
    const next = (v: number) => (transform === "invert" ? k - 1 - v : (v + 1) % k);
    return { ...draft, lights: draft.lights.map((v, p) => (here(p) ? next(v) : 0)) };
  }
  if (draft.kind === "graph") return draft;
  const { rows, cols } = draft;
  const [dr, dc] = ({ up: [-1, 0], down: [1, 0], left: [0, -1], right: [0, 1] } as const)[transform];
  const lights = new Array<number>(rows * cols).fill(0);
  draft.lights.forEach((v, p) => {
    const r = (Math.floor(p / cols) + dr + rows) % rows;
    const c = ((p % cols) + dc + cols) % cols;
    if (draft.present[r * cols + c]) lights[r * cols + c] = v;
  });
  return { ...draft, lights };
}

/**
 * The draft with one light per cell (cells in the board's order: row-major, holes skipped).
 *
 * @example
 * ```ts
 * withCellLights(paintCell(emptyDraft(1, 3), 0), [1, 2]).lights; // [0, 1, 2]
 * ```
 */
export function withCellLights(draft: Draft, cells: ArrayLike<number>): Draft {
  if (draft.kind === "graph") return { ...draft, lights: Array.from(cells) };
  let i = 0;
  return { ...draft, lights: draft.present.map((here) => (here ? (cells[i++] ?? 0) : 0)) };
}

/**
 * The board that pressing the lit cells makes: from a dark board, each cell pressed as many times
 * as its light's state (the press matrix times the lights, by the library's `applyPresses`). With
 * the solution as a board, its inverse: pressing a board's solution gives the board back.
 *
 * @throws {RangeError} when the draft has no cell.
 * @example
 * ```ts
 * pressedLit(withPattern(emptyDraft(3, 3), "centre")).lights; // the plus: [0, 1, 0, 1, 1, 1, 0, 1, 0]
 * ```
 */
export function pressedLit(draft: Draft): Draft {
  const { board, lights } = boardOf(draft);
  const dark = new Array<number>(lights.length).fill(0);
  return withCellLights(draft, applyPresses(board, dark, lights, { states: draft.states }));
}
