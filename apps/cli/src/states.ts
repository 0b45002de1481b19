/**
 * Helpers that `solve` and `quiet` share for every number of light states:
 * the limits of `--all`, streamed solutions and the progress bar of long
 * eliminations.
 *
 * @module
 */
import { usageError } from "./errors.js";
import { createProgressBar } from "./progress.js";
import { io, writeOut } from "./io.js";

/** Most cells `--all --json` holds (solutions x cells): it builds one JSON object in memory. */
const JSON_ALL_MAX_CELLS = 2 ** 27;

/**
 * Refuses `--all --json` when the solutions it would hold exceed
 * {@link JSON_ALL_MAX_CELLS} cells, before any is built.
 *
 * @param solutions - how many solutions there are
 * @param limit - --limit
 * @param cells - cells of the board
 * @throws a usage error (exit 2) naming the sizes and the ways out
 */
export function refuseBigJsonAll(solutions: bigint, limit: number, cells: number): void {
  const shown = solutions < BigInt(limit) ? Number(solutions) : limit;
  if (shown * cells > JSON_ALL_MAX_CELLS) {
    throw usageError(
      `--all --json expected at most ${JSON_ALL_MAX_CELLS} cells in all (one object in memory), got ${shown} solutions of ${cells} cells; lower --limit, or drop --json to stream them`,
    );
  }
}

/**
 * Prints the first `limit` solutions as they come, separated by blank lines
 * (a big board's thousand solutions are not held in memory together), and
 * says on stderr when there are more.
 *
 * @param solutions - the enumeration, lazy
 * @param total - how many solutions there are
 * @param limit - most printed
 * @param format - one solution as text
 */
export async function writeSolutions<T>(
  solutions: Iterable<T>,
  total: bigint,
  limit: number,
  format: (x: T) => string,
): Promise<void> {
  if (total > BigInt(limit)) io.stderr.write(`lightsout: showing ${limit} of ${total} solutions (--limit)\n`);
  let count = 0;
  for (const x of solutions) {
    if (count === limit) break;
    await writeOut(io.stdout, `${count++ === 0 ? "" : "\n"}${format(x)}\n`);
  }
}

/**
 * Runs `work` with an onProgress option drawing a bar on stderr (a TTY
 * only; boards that are eliminated whole can take minutes).
 */
export function withProgress<T>(work: (options: { onProgress?: (done: number, total: number) => void }) => T): T {
  const bar = createProgressBar("eliminate");
  try {
    return work(bar.active ? { onProgress: (done, total) => bar.update(done, total) } : {});
  } finally {
    bar.finish();
  }
}
