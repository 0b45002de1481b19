// What every board view shares: the marks drawn over the lights, the options
// of a view and the view itself. Its own module, so that the button grid, the
// canvas and the screens all import it and none of them imports another.

import type { CellStyle } from "../state/cell-style.js";

/** What a view may show on top of the lights. */
export interface BoardMarks {
  /** Presses per cell of a solution (shown as dots or counts). */
  solution?: readonly number[] | null;
  /** One cell to press next. */
  hint?: number | null;
  /** The certificate y of unsolvability (its non-zero cells are outlined, with y's value when k > 2). */
  proof?: readonly number[] | null;
  /** Cells to emphasise (e.g. the presses of a chase step). */
  highlight?: readonly number[] | null;
}

/** Options of a board view (`boardView`). */
export interface BoardViewOptions {
  /** Accessible name of the board. */
  label: string;
  /** Number of light states (colours). */
  states: number;
  /** Called with the cell index, and the grid position (r * cols + c; the vertex for graphs). */
  onPress?: (cell: number, position: number) => void;
  /** Grids: draw the positions without a cell as buttons too (the builder paints them in). */
  showHoles?: boolean;
  /** A small, non-interactive picture (galleries). */
  mini?: boolean;
  /** How grid cells are drawn (square by default); graphs keep their round vertices. */
  cells?: CellStyle;
  /**
   * Canvas views: the zoom, pan and cursor, read when the view is drawn and
   * kept up to date, so a view redrawn for the same frame (Build, after a cell
   * is painted in or out) stays where the user left it.
   */
  view?: CanvasViewState;
}

/** The zoom (css px per cell, 0 = fit), pan (css px) and cursor (grid position, -1 = the first cell) of a canvas view. */
export interface CanvasViewState {
  scale: number;
  ox: number;
  oy: number;
  cursor: number;
}

/** A drawn board. */
export interface BoardView {
  readonly element: HTMLElement;
  /** Redraws the lights (one state per cell) and the marks. */
  update(lights: readonly number[], marks?: BoardMarks): void;
  /** Draws the cells another way (the board's `data-cells` says which). */
  restyle(cells: CellStyle): void;
}
