// Moving on a grid by the arrow keys, for the button grid and the canvas alike:
// in the arrow's direction, skipping positions that cannot take the focus,
// wrapping around on a torus, stopping at the edge otherwise.

/** The arrow keys as steps (rows down, columns right). */
export const ARROW_STEPS: Readonly<Record<string, readonly [number, number]>> = {
  ArrowUp: [-1, 0],
  ArrowDown: [1, 0],
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
};

/**
 * The next position from `from` in the direction of `step`.
 *
 * @param from - A grid position, r * cols + c.
 * @param step - Rows and columns per step (one of {@link ARROW_STEPS}).
 * @param rows - Rows of the grid.
 * @param cols - Columns.
 * @param wrap - Whether the edges wrap around (a torus).
 * @param usable - Whether a position can take the cursor.
 * @returns The position, or -1 when there is none that way.
 * @example
 * ```ts
 * walk(0, [0, 1], 1, 3, false, (p) => p !== 1); // 2: the hole at 1 is skipped
 * ```
 */
export function walk(
  from: number,
  step: readonly [number, number],
  rows: number,
  cols: number,
  wrap: boolean,
  usable: (position: number) => boolean,
): number {
  let r = Math.floor(from / cols);
  let c = from % cols;
  for (let steps = 0; steps < Math.max(rows, cols); steps++) {
    r += step[0];
    c += step[1];
    if (wrap) {
      r = (r + rows) % rows;
      c = (c + cols) % cols;
    } else if (r < 0 || r >= rows || c < 0 || c >= cols) return -1;
    if (usable(r * cols + c)) return r * cols + c;
  }
  return -1;
}
