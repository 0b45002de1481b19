// The geometry of a canvas board: how big a cell is drawn (zoom), where
// column 0 and row 0 sit (pan), and which cell a point is over. Plain values:
// the canvas view keeps one Viewport and replaces it.

/** css px: beyond fit-to-view, a cell never gets smaller than this ... */
export const MIN_CELL = 2;
/** ... or larger than this. */
export const MAX_CELL = 64;

/** A canvas of `width` x `height` css px showing a grid at `scale` css px a cell, column 0 at `ox`, row 0 at `oy`. */
export interface Viewport {
  /** css px per cell; 0 until the first layout. */
  readonly scale: number;
  /** css px from the canvas's left edge to column 0. */
  readonly ox: number;
  /** css px from the canvas's top edge to row 0. */
  readonly oy: number;
  readonly width: number;
  readonly height: number;
}

/** A grid's size in cells. */
export interface GridSize {
  readonly rows: number;
  readonly cols: number;
}

/**
 * The scale at which the whole grid fits the canvas (never below a quarter of {@link MIN_CELL}).
 *
 * @example
 * ```ts
 * fitScale({ scale: 0, ox: 0, oy: 0, width: 512, height: 256 }, { rows: 256, cols: 256 }); // 1
 * ```
 */
export function fitScale(view: Viewport, grid: GridSize): number {
  return Math.max(MIN_CELL / 4, Math.min(view.width / grid.cols, view.height / grid.rows));
}

/**
 * The whole grid in view, centred.
 *
 * @example
 * ```ts
 * fitted({ scale: 9, ox: 5, oy: 5, width: 100, height: 50 }, { rows: 10, cols: 10 }); // scale 5, ox 25, oy 0
 * ```
 */
export function fitted(view: Viewport, grid: GridSize): Viewport {
  const scale = fitScale(view, grid);
  return { ...view, scale, ox: (view.width - grid.cols * scale) / 2, oy: (view.height - grid.rows * scale) / 2 };
}

/**
 * Zoomed by `factor` about the point (x, y) of the canvas, which stays over the same spot of the grid.
 * The scale stays between {@link MAX_CELL} and the smaller of {@link MIN_CELL} and the fitting scale.
 *
 * @example
 * ```ts
 * zoomedAt(view, grid, 0, 0, 2); // twice the scale, column 0 still at the left edge when ox was 0
 * ```
 */
export function zoomedAt(view: Viewport, grid: GridSize, x: number, y: number, factor: number): Viewport {
  const scale = Math.min(MAX_CELL, Math.max(Math.min(MIN_CELL, fitScale(view, grid)), view.scale * factor));
  return {
    ...view,
    scale,
    ox: x - ((x - view.ox) * scale) / view.scale,
    oy: y - ((y - view.oy) * scale) / view.scale,
  };
}

/**
 * Panned (by as little as possible) so that the cell at a grid position is wholly in view.
 *
 * @example
 * ```ts
 * revealed({ scale: 10, ox: 0, oy: 0, width: 100, height: 100 }, { rows: 20, cols: 20 }, 15 * 20 + 15).ox; // -60
 * ```
 */
export function revealed(view: Viewport, grid: GridSize, position: number): Viewport {
  let { ox, oy } = view;
  const x = ox + (position % grid.cols) * view.scale;
  const y = oy + Math.floor(position / grid.cols) * view.scale;
  if (x < 0) ox -= x;
  else if (x + view.scale > view.width) ox -= x + view.scale - view.width;
  if (y < 0) oy -= y;
  else if (y + view.scale > view.height) oy -= y + view.scale - view.height;
  return { ...view, ox, oy };
}

/** Smallest cell (css px) a hint is shown at: below it the view zooms in on the hinted cell. */
export const HINT_SCALE = 16;

/**
 * The view that shows a cell plainly: zoomed to at least `minScale` px a cell around it (centred)
 * when the cells are smaller, else panned by as little as possible ({@link revealed}).
 *
 * @example
 * ```ts
 * broughtIntoView({ scale: 2, ox: 0, oy: 0, width: 100, height: 100 }, { rows: 50, cols: 50 }, 0, 16).scale; // 16
 * ```
 */
export function broughtIntoView(view: Viewport, grid: GridSize, position: number, minScale = HINT_SCALE): Viewport {
  if (view.scale >= minScale) return revealed(view, grid, position);
  const scale = minScale;
  const c = position % grid.cols;
  const r = Math.floor(position / grid.cols);
  return { ...view, scale, ox: view.width / 2 - (c + 0.5) * scale, oy: view.height / 2 - (r + 0.5) * scale };
}

/**
 * The grid position under the point (x, y) of the canvas.
 *
 * @returns r * cols + c, or -1 outside the grid.
 * @example
 * ```ts
 * positionAt({ scale: 10, ox: 0, oy: 0, width: 100, height: 100 }, { rows: 5, cols: 5 }, 15, 25); // 11
 * ```
 */
export function positionAt(view: Viewport, grid: GridSize, x: number, y: number): number {
  const c = Math.floor((x - view.ox) / view.scale);
  const r = Math.floor((y - view.oy) / view.scale);
  return c >= 0 && c < grid.cols && r >= 0 && r < grid.rows ? r * grid.cols + c : -1;
}

/**
 * The rows r0..r1-1 and columns c0..c1-1 at least partly in view: only they are drawn.
 *
 * @example
 * ```ts
 * visibleCells({ scale: 10, ox: -25, oy: 0, width: 50, height: 50 }, { rows: 9, cols: 9 }); // { r0: 0, r1: 5, c0: 2, c1: 8 }
 * ```
 */
export function visibleCells(view: Viewport, grid: GridSize): { r0: number; r1: number; c0: number; c1: number } {
  return {
    c0: Math.max(0, Math.floor(-view.ox / view.scale)),
    c1: Math.min(grid.cols, Math.ceil((view.width - view.ox) / view.scale)),
    r0: Math.max(0, Math.floor(-view.oy / view.scale)),
    r1: Math.min(grid.rows, Math.ceil((view.height - view.oy) / view.scale)),
  };
}
