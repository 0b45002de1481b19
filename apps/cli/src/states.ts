/**
 * `lightsout solve --states K` for K > 2: multi-state lights over Z_K (a
 * press adds 1 mod K to its cell and neighbours), with the same output and
 * JSON keys as two-state boards.
 *
 * @module
 */
import { type Board, formatBoard } from "@lightsout/core";
import {
  allMultiStateSolutions,
  fewestMultiStatePresses,
  type MultiStateSolution,
  solveMultiState,
} from "@lightsout/core/lightsout";
import { inputError, usageError } from "./errors.js";
import { createProgressBar } from "./progress.js";
import { io, writeOut } from "./io.js";

/** The solve flags that apply to multi-state boards. */
export interface StatesFlags {
  min?: boolean;
  all?: boolean;
  json?: boolean;
}

/** Runs a core call, turning its size limits into one-line input errors. */
function guarded<T>(source: string, what: string, run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof RangeError) throw inputError(`${source}: ${what}${error.message}`, error);
    throw error;
  }
}

/**
 * Solves a multi-state board and formats the answer as `solve` does.
 *
 * @param board - the board
 * @param lights - one state 0..K-1 per cell
 * @param states - K, 2..2^31-1
 * @param flags - --min, --all (with `limit`), --json
 * @param limit - with --all: most solutions printed
 * @param source - the input's name, for error messages
 * @returns the text to print (with --all, the solutions are printed as they come and the text is empty)
 * @throws an input error for a board too large for elimination, or --min with too many solutions to enumerate
 */
export async function solveStates(
  board: Board,
  lights: Uint8Array | Uint32Array,
  states: number,
  flags: StatesFlags,
  limit: number,
  source: string,
): Promise<string> {
  const s = withProgress((onProgress) =>
    guarded(source, "", () => solveMultiState(board, lights, { states, ...onProgress })),
  );
  const shape = (values: ArrayLike<number>) => {
    const text = formatBoard(board, values, { states });
    return board.kind === "grid" ? text.split("\n") : text;
  };
  const summary = (presses: Uint32Array | null) => ({
    solvable: s.solvable,
    presses: presses ? shape(presses) : null,
    pressCount: presses ? presses.reduce((a, b) => a + b, 0) : null,
    nullity: s.nullity,
    rank: s.rank,
    solutions: s.solutions.toString(),
    winnableBoards: s.winnableBoards.toString(),
    optimal: null as boolean | null,
    states,
    quietCount: s.quietCount.toString(),
    ...proofs(s, shape),
  });
  if (flags.all) {
    if (!flags.json) {
      if (!s.solvable) return "IMPOSSIBLE\n";
      const all = allMultiStateSolutions(board, lights, { states });
      await writeSolutions(all, s.solutions, limit, (x) => formatBoard(board, x, { states }));
      return "";
    }
    refuseBigJsonAll(s.solutions, limit, lights.length);
    const found: Uint32Array[] = [];
    for (const x of allMultiStateSolutions(board, lights, { states })) {
      if (found.length === limit) break;
      found.push(x);
    }
    const truncated = s.solutions > BigInt(found.length);
    return `${JSON.stringify({ ...summary(s.presses), all: found.map(shape), truncated })}\n`;
  }
  if (flags.min && s.solvable) {
    const best = withProgress((onProgress) =>
      guarded(source, "--min: ", () => fewestMultiStatePresses(board, lights, { states, ...onProgress })),
    );
    if (flags.json) return `${JSON.stringify({ ...summary(best.presses), optimal: true, lowerBound: best.count })}\n`;
    return `${formatBoard(board, best.presses!, { states })}\n`;
  }
  if (flags.json) return `${JSON.stringify({ ...summary(s.presses), ...(flags.min ? { optimal: true } : {}) })}\n`;
  return s.solvable ? `${formatBoard(board, s.presses!, { states })}\n` : "IMPOSSIBLE\n";
}

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
export function withProgress<T>(work: (options: { onProgress?: (fraction: number) => void }) => T): T {
  const bar = createProgressBar("eliminate");
  try {
    return work(bar.active ? { onProgress: (fraction) => bar.update(Math.round(fraction * 1000), 1000) } : {});
  } finally {
    bar.finish();
  }
}

function proofs(s: MultiStateSolution, shape: (v: ArrayLike<number>) => string[] | string) {
  return {
    ...(s.proof ? { proof: shape(s.proof) } : {}),
    ...(s.lastRowProof ? { lastRowProof: Array.from(s.lastRowProof) } : {}),
  };
}
