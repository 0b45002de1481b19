/**
 * Helpers that `solve` and `quiet` share for every number of light states:
 * the limits of `--all`, streamed solutions and the progress bar of long
 * eliminations.
 *
 * @module
 */
import { countValue, formatPrimePowers, type PrimePower } from "@lightsout/core/lightsout";
import { formatCount, formatLimit } from "@lightsout/core/format";
import { usageError } from "./errors.js";
import { createProgressBar } from "./progress.js";
import { io, writeOut } from "./io.js";

/** Most cells `--all --json` holds (solutions x cells): it builds one JSON object in memory. */
const JSON_ALL_MAX_CELLS = 2 ** 27;

/** The counts of a solution as the CLI reads them: prime powers, never the bigints. */
export interface Counted {
  solvable: boolean;
  quietCountFactors: readonly PrimePower[];
}

/**
 * The number of solutions as a number: exact below 2^53, Infinity beyond
 * (only ever compared with limits), without building a huge bigint.
 *
 * @param s - the solution's counts
 * @returns the count
 */
export function solutionCount(s: Counted): number {
  if (!s.solvable) return 0;
  const bits = s.quietCountFactors.reduce((total, f) => total + f.exponent * Math.log2(f.prime), 0);
  return bits < 53 ? Number(countValue(s.quietCountFactors)) : Number.POSITIVE_INFINITY;
}

/**
 * Refuses `--all --json` when the solutions it would hold exceed
 * {@link JSON_ALL_MAX_CELLS} cells, before any is built.
 *
 * @param s - the solution's counts
 * @param limit - --limit
 * @param cells - cells of the board
 * @throws a usage error (exit 2) naming the sizes and the ways out
 */
export function refuseBigJsonAll(s: Counted, limit: number, cells: number): void {
  const shown = Math.min(solutionCount(s), limit);
  if (shown * cells > JSON_ALL_MAX_CELLS) {
    throw usageError(
      formatLimit({
        subject: `--all --json with ${formatCount(shown, "solution")} of ${formatCount(cells, "cell")}`,
        max: JSON_ALL_MAX_CELLS,
        got: shown * cells,
        unit: ["cell", "cells"],
        why: "one object in memory",
        hint: "lower --limit, or drop --json to stream them",
      }),
    );
  }
}

/**
 * Prints the first `limit` solutions as they come, separated by blank lines
 * (a big board's thousand solutions are not held in memory together), and
 * says on stderr when there are more (their number exact: decimal, or its
 * prime powers past 2^256).
 *
 * @param solutions - the enumeration, lazy
 * @param total - the solution's counts
 * @param limit - most printed
 * @param format - one solution as text
 */
export async function writeSolutions<T>(
  solutions: Iterable<T>,
  total: Counted,
  limit: number,
  format: (x: T) => string,
): Promise<void> {
  if (solutionCount(total) > limit)
    io.stderr.write(
      `lightsout: showing ${limit} of ${formatPrimePowers(total.quietCountFactors)} solutions (--limit)\n`,
    );
  let count = 0;
  for (const x of solutions) {
    if (count === limit) break;
    await writeOut(io.stdout, `${count++ === 0 ? "" : "\n"}${format(x)}\n`);
  }
}

/**
 * Runs `work` with an onProgress option that shows its progress on stderr
 * (a bar on a terminal, sparse lines elsewhere; boards that are eliminated
 * whole can take minutes).
 *
 * @param label - what is being done, e.g. `quiet`
 * @param work - the job, given the option to pass on
 * @returns what `work` returns
 */
export function withProgress<T>(
  label: string,
  work: (options: { onProgress?: (done: number, total: number) => void }) => T,
): T {
  const bar = createProgressBar(label);
  try {
    return work(bar.active ? { onProgress: (done, total) => bar.update(done, total) } : {});
  } finally {
    bar.finish();
  }
}
