// "Play the solution": the presses of a solution made one at a time on the
// board, in reading order or at random, so that a player sees the board go
// dark. Presses commute (each adds its column of the press matrix), so every
// order of the same presses ends on the same board.

/** The order in which the solution's presses are made. */
export type SolutionOrder = "in-order" | "random";

/** The orders as Play's select offers them: value, label. */
export const SOLUTION_ORDERS: readonly (readonly [SolutionOrder, string])[] = [
  ["in-order", "in reading order"],
  ["random", "in random order"],
];

/**
 * The cells to press, one entry a press: cell i as many times as `presses[i]`
 * (0..k-1), in reading order, or shuffled by `seed` (the same seed, the same
 * order).
 *
 * @param presses - Presses per cell of a solution.
 * @param order - Reading order, or random.
 * @param seed - The shuffle's seed (any integer).
 * @returns The cells, one per press.
 * @example
 * ```ts
 * solutionSequence([1, 0, 2], "in-order", 1); // [0, 2, 2]
 * ```
 */
export function solutionSequence(presses: readonly number[], order: SolutionOrder, seed: number): number[] {
  const steps: number[] = [];
  presses.forEach((count, cell) => {
    for (let t = 0; t < count; t++) steps.push(cell);
  });
  if (order === "random") {
    const next = shuffleRandom(seed);
    for (let i = steps.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [steps[i], steps[j]] = [steps[j]!, steps[i]!];
    }
  }
  return steps;
}

/** Most redraws a solution is played in: a longer one makes several presses a redraw. */
const MOST_TICKS = 100;

/**
 * How a solution of `steps` presses is played: `batch` presses a redraw,
 * `delayMs` between redraws; about 4 s in all, each redraw shown for 40 to
 * 400 ms (a 256 x 256 board's thousands of presses take 100 redraws, not
 * minutes).
 *
 * @param steps - Presses in the solution.
 * @returns Presses per redraw and the pause between redraws.
 * @example
 * ```ts
 * solutionPace(10); // { batch: 1, delayMs: 400 }
 * solutionPace(20000); // { batch: 200, delayMs: 40 }
 * ```
 */
export function solutionPace(steps: number): { batch: number; delayMs: number } {
  const batch = Math.max(1, Math.ceil(steps / MOST_TICKS));
  const ticks = Math.max(1, Math.ceil(steps / batch));
  return { batch, delayMs: Math.round(Math.min(400, Math.max(40, 4000 / ticks))) };
}

/** Numbers in [0, 1) from a seed (xorshift32): the shuffle only needs to look random and repeat. */
function shuffleRandom(seed: number): () => number {
  let x = (seed | 0) ^ 0x9e3779b9 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
}
