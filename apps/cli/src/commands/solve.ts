/**
 * `lightsout solve [FILE|-]`: which cells to press to switch a board off.
 *
 * @module
 */
import { type Board, formatBoard, type LightsOutSolution, solveLightsOut } from "@lightsout/core";
import { formatCount, formatLimit } from "@lightsout/core/format";
import {
  allSolutions,
  chaseTrace,
  type ChaseTrace,
  formatPrimePowers,
  isChaseableRectangle,
  MAX_BANDED_PRIME,
  MAX_MULTISTATE_DENSE_CELLS,
  MAX_STATES,
} from "@lightsout/core/lightsout";
import type { Command } from "commander";
import { inputError, usageError } from "../errors.js";
import { type BoardFlags, boardFileCommand, boardStates, gridOptions, readBoard } from "../board-options.js";
import { isPrime, parseIntegerOption } from "../options.js";
import { refuseBigJsonAll, solutionCount, writeSolutions } from "../states.js";
import { io } from "../io.js";
import { createProgressBar } from "../progress.js";

interface SolveFlags extends BoardFlags {
  min?: boolean;
  timeLimit?: string;
  all?: boolean;
  limit?: string;
  explain?: boolean;
  json?: boolean;
  method?: string;
}

const METHODS = ["auto", "dense", "banded"] as const;

const EXAMPLES = `
Input: one row of lights per line, a digit per cell (spaces optional), '.'
where an irregular board has no cell, '#' starts a comment line; or JSON
{"board": {...}, "lights": [...]} (see the README).

Output: the cells to press, in the board's shape (1 = press), or IMPOSSIBLE.
--json prints {solvable, presses, pressCount, nullity, rank, solutions,
winnableBoards, solutionsFactors, winnableBoardsFactors, optimal}: the counts
as exact strings, decimal up to 2^256 and prime powers beyond ("2^99999998"),
and as [{"prime": 2, "exponent": 23}] lists (solutionsFactors is null when
there is no solution); optimal is null unless --min was asked. An
unsolvable board adds "proof": a quiet pattern covering an odd number of
lit cells.

--min enumerates every solution while 2^nullity is small (exact; ties go to
the lexicographically smallest grid). Beyond that, within --time-limit
seconds, it splits the solutions into independent blocks, enumerates each
block that fits on every core, and gives the rest to a search over
information sets and an integer program (HiGHS): if time runs out it prints
the best found with a note "not proven optimal" and, with --json,
"optimal": false and the proven "lowerBound".

Examples:
  $ printf '11000\\n10100\\n00000\\n00000\\n00000\\n' | lightsout solve -
  $ lightsout solve board.txt --torus --rule king
  $ lightsout solve board.txt --min
  $ lightsout solve board.txt --all --limit 8
  $ lightsout solve board.json --json
  $ printf '211\n112\n021\n' | lightsout solve - --states 3

--method banded eliminates only the band of the press matrix once the cells
are renumbered (torus, rules, masks and graphs of any size whose presses are
local; memory about cells x bandwidth bits); dense builds the whole press
matrix (about 92,000 cells at most); auto (default) picks by an estimate of
work and memory, and chases light on plain rectangles. With --states K, banded
needs a prime K up to 46337 and dense holds K-residues (16,000 cells at
most). Progress goes to stderr: a bar on a terminal, elsewhere a line every
10 s from 10 s on (LIGHTSOUT_PROGRESS=0: none).

--states K (3..${MAX_STATES}): a press adds 1 (mod K) to its cell and neighbours;
cells are digits then letters (a = 10 ... z = 35) or numbers separated by
spaces, and past 36 states numbers (or single letters) between blanks; the
presses are counts 0..K-1 in the same notation. --json adds "states",
"quietCount" and "quietCountFactors"; --min enumerates every solution (exact, counted with
multiplicity); --all and --explain work as for two states (--explain: k - light
presses below each cell); --time-limit is two-state only.`;

/**
 * Builds the `solve` command.
 *
 * @returns the command
 */
export function solveCommand(): Command {
  return boardFileCommand(
    "solve",
    "the presses that switch a board off",
    "Solve a Lights Out board read from FILE ('-' or nothing for stdin).",
  )
    .option(
      "--min",
      "fewest presses (exact enumeration; blocks, information sets and integer programming for large nullity)",
    )
    .option("--time-limit <s>", "with --min: seconds for the search beyond enumeration (default 10)")
    .option("--all", "every solution, separated by blank lines")
    .option("--limit <n>", "with --all: at most n solutions (default 1024)")
    .option("--explain", "the light-chasing trace, step by step (plain rectangles)")
    .option("--json", "print one JSON object")
    .option("--method <m>", "auto | dense | banded: how the board is eliminated (default auto)")
    .addHelpText("after", EXAMPLES)
    .action(async (file: string | undefined, flags: SolveFlags) => {
      io.stdout.write(await solve(file, flags));
    });
}

async function solve(file: string | undefined, flags: SolveFlags): Promise<string> {
  gridOptions(flags, true); // bad board flags are usage errors before anything is read
  const states = boardStates(flags);
  if (states > 2 && flags.timeLimit !== undefined) {
    throw usageError(`--time-limit expected 2-state lights, got --states ${states}`);
  }
  if (flags.timeLimit !== undefined && !flags.min)
    throw usageError("--time-limit expected --min alongside, got --time-limit alone");
  const timeLimit = flags.timeLimit === undefined ? 10 : parseIntegerOption("--time-limit", flags.timeLimit, 1, 86_400);
  if (flags.min && flags.all) throw usageError("expected --min or --all, got both");
  if (flags.explain && (flags.min || flags.all))
    throw usageError("expected --explain alone, got it with --min or --all");
  if (flags.limit !== undefined && !flags.all) throw usageError("--limit expected --all alongside, got --limit alone");
  const limit = flags.limit === undefined ? 1024 : parseIntegerOption("--limit", flags.limit, 1);
  const method = flags.method ?? "auto";
  if (!(METHODS as readonly string[]).includes(method))
    throw usageError(`--method expected one of ${METHODS.join(", ")}, got '${method}'`);
  refuseBandedStates(method, states);
  const { board, lights, source } = await readBoard(file, flags);
  if (flags.explain) return explain(board, lights, flags.json ?? false, states);
  if (method === "dense" && states > 2 && lights.length > MAX_MULTISTATE_DENSE_CELLS) {
    throw usageError(
      formatLimit({
        subject: `--method dense with --states ${states} on '${source}'`,
        max: MAX_MULTISTATE_DENSE_CELLS,
        got: lights.length,
        unit: ["cell", "cells"],
        why: "the whole press matrix of residues",
        hint: `use --method auto${isPrime(states) && states <= MAX_BANDED_PRIME ? " or --method banded" : ""}`,
      }),
    );
  }
  let s: LightsOutSolution;
  const bar = createProgressBar("solve");
  try {
    s = solveLightsOut(board, lights, {
      states,
      method: method as (typeof METHODS)[number],
      ...(bar.active ? { onProgress: (done: number, total: number) => bar.update(done, total) } : {}),
    });
  } catch (error) {
    if (error instanceof RangeError) {
      // a route the user chose that this board does not fit is the option's fault
      if (method !== "auto")
        throw usageError(`--method ${method}: '${source}': ${error.message}; use --method auto`, error);
      // the press matrix of a huge board does not fit: say so on one line
      throw inputError(`${source}: ${error.message}`, error);
    }
    throw error;
  } finally {
    bar.finish();
  }
  const text = (values: ArrayLike<number>) => formatBoard(board, values, { states });
  const shape = (values: ArrayLike<number>) => rowsOf(board, text(values));
  if (flags.all) {
    if (!flags.json) {
      if (!s.solvable) return "IMPOSSIBLE\n";
      await writeSolutions(allSolutions(board, lights, { states }), s, limit, text);
      return "";
    }
    refuseBigJsonAll(s, limit, lights.length);
    const found: ArrayLike<number>[] = [];
    for (const x of allSolutions(board, lights, { states })) {
      if (found.length === limit) break;
      found.push(x);
    }
    const truncated = solutionCount(s) > found.length;
    return `${JSON.stringify({ ...summary(s, s.presses, shape), all: found.map(shape), truncated })}\n`;
  }
  if (flags.min && s.solvable) {
    if (states > 2 && solutionCount(s) > MIN_MAX_SOLUTIONS) {
      const n = s.nullity;
      throw usageError(
        formatLimit({
          subject: `--min with --states ${states} on '${source}' (${formatCount(n, "quiet generator")})`,
          max: MIN_MAX_SOLUTIONS,
          got: `${formatPrimePowers(s.quietCountFactors)} solutions`,
          unit: ["solution", "solutions"],
          why: "past two states every solution is tried",
          hint: "drop --min for one solution, or list some with --all --limit N",
        }),
      );
    }
    const best = await minimum(board, lights, states, timeLimit, source);
    if (!best.optimal)
      io.stderr.write(
        `lightsout: not proven optimal: ${formatCount(best.count, "press", "presses")}, at least ${best.lowerBound} needed (--time-limit)\n`,
      );
    if (flags.json)
      return `${JSON.stringify({ ...summary(s, best.presses, shape), optimal: best.optimal, lowerBound: best.lowerBound })}\n`;
    return `${text(best.presses)}\n`;
  }
  if (flags.json)
    return `${JSON.stringify({ ...summary(s, s.presses, shape), ...(flags.min ? { optimal: true } : {}) })}\n`;
  return s.solvable ? `${text(s.presses!)}\n` : "IMPOSSIBLE\n";
}

/**
 * Fewest presses: exact enumeration of the solutions while that is
 * feasible; beyond it, for two states, integer programming (HiGHS) under
 * the time limit (the integer program is over GF(2) only: with more states
 * too many solutions is an input error). The module is imported on demand.
 */
async function minimum(board: Board, lights: ArrayLike<number>, states: number, seconds: number, source: string) {
  // imported here: a plain solve does not load the enumeration, the search and the integer program
  const { fewestPresses, fewestPressesByIlp } = await import("@lightsout/core/lightsout");
  const bar = createProgressBar("solve");
  try {
    const r = fewestPresses(board, lights, {
      states,
      ...(states > 2 ? { limit: MIN_MAX_SOLUTIONS } : {}),
      ...(bar.active ? { onProgress: (done: number, total: number) => bar.update(done, total) } : {}),
    });
    return { presses: r.presses!, count: r.count!, optimal: true, lowerBound: r.count! };
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    if (states > 2) throw inputError(`${source}: --min: ${error.message}`, error);
    if (!/nullity/.test(error.message)) throw error;
  } finally {
    bar.finish();
  }
  const r = await fewestPressesByIlp(board, lights, { timeLimitMs: seconds * 1000 });
  return { presses: r.presses!, count: r.count!, optimal: r.optimal, lowerBound: r.lowerBound };
}

/** Grid rows as strings ('.' for no cell); a graph as one string. */
function rowsOf(board: Board, text: string): string[] | string {
  return board.kind === "grid" ? text.split("\n") : text;
}

/**
 * The JSON summary: `states`, `quietCount` and `quietCountFactors` are added
 * past two states. Counts are exact: decimal strings up to 2^256, the prime
 * powers beyond (`"2^99999998"`: the decimal of 2^rank of a 10000 x 10000
 * board has 30 million digits), and always as `[{prime, exponent}]` lists
 * (`solutionsFactors` is null when there is no solution); the bigints are never built.
 */
function summary(
  s: LightsOutSolution,
  presses: ArrayLike<number> | null,
  shape: (v: ArrayLike<number>) => string[] | string,
) {
  return {
    solvable: s.solvable,
    presses: presses ? shape(presses) : null,
    pressCount: presses ? sum(presses) : null,
    nullity: s.nullity,
    rank: s.rank,
    solutions: s.solvable ? formatPrimePowers(s.quietCountFactors) : "0",
    winnableBoards: formatPrimePowers(s.winnableBoardsFactors),
    solutionsFactors: s.solvable ? s.quietCountFactors : null,
    winnableBoardsFactors: s.winnableBoardsFactors,
    optimal: null as boolean | null,
    ...(s.states > 2
      ? { states: s.states, quietCount: formatPrimePowers(s.quietCountFactors), quietCountFactors: s.quietCountFactors }
      : {}),
    ...(s.proof ? { proof: shape(s.proof) } : {}),
    ...(s.lastRowProof ? { lastRowProof: Array.from(s.lastRowProof) } : {}),
  };
}

/** Most solutions `--min` enumerates past two states (every solution is tried; two states go on to HiGHS). */
const MIN_MAX_SOLUTIONS = 2 ** 20;

/** Refuses --method banded with a number of states the banded route does not take, before anything is read. */
function refuseBandedStates(method: string, states: number): void {
  if (method !== "banded" || states === 2 || (states <= MAX_BANDED_PRIME && isPrime(states))) return;
  throw usageError(
    `--method banded expected --states 2 or a prime up to ${MAX_BANDED_PRIME} (it eliminates over the field Z_p), ` +
      `got --states ${states}; use --method dense (boards up to ${MAX_MULTISTATE_DENSE_CELLS} cells) or --method auto`,
  );
}

/** The sum of the values, by a plain loop (no array of 10^8 numbers). */
function sum(values: ArrayLike<number>): number {
  let total = 0;
  for (let i = 0; i < values.length; i++) total += values[i]!;
  return total;
}

/** The light-chasing trace of a plain rectangle, as text or JSON. */
function explain(board: Board, lights: ArrayLike<number>, json: boolean, states: number): string {
  if (!isChaseableRectangle(board)) {
    throw usageError(
      "--explain expected a plain rectangle (plus rule, no torus or other gluing, no missing cells), got another board",
    );
  }
  const { rows, cols } = board;
  let trace: ChaseTrace;
  try {
    trace = chaseTrace(rows, cols, lights, { states });
  } catch (error) {
    if (error instanceof RangeError) throw inputError(error.message, error);
    throw error;
  }
  const grid = (v: ArrayLike<number>) => formatBoard(board, v, { states });
  // a row in the board's own notation (digits, then letters from 10; numbers between blanks past 36 states)
  const line = (v: ArrayLike<number>) =>
    states > 36 ? Array.from(v).join(" ") : Array.from(v, (x) => x.toString(36)).join("");
  if (json) {
    const steps = trace.steps.map((step) => ({
      phase: step.phase,
      row: step.row,
      presses: grid(step.presses).split("\n"),
      lights: grid(step.lights).split("\n"),
    }));
    return `${JSON.stringify({
      solvable: trace.solvable,
      ...(states > 2 ? { states } : {}),
      lastRow: line(trace.lastRow),
      firstRow: trace.firstRow ? line(trace.firstRow) : null,
      solution: trace.solution ? grid(trace.solution).split("\n") : null,
      steps,
    })}\n`;
  }
  const out: string[] = [];
  for (const step of trace.steps) {
    const count = Array.from(step.presses).reduce((a, b) => a + b, 0);
    const lit = states === 2 ? "lit cells" : "cells not at 0";
    const title =
      step.phase === "last-row"
        ? `the last row is left ${states === 2 ? "lit" : "at"}: ${line(trace.lastRow)}`
        : step.phase === "fix"
          ? `fix: press ${line(trace.firstRow ?? new Uint8Array(cols))} in the first row`
          : `${step.phase === "chase" ? "chase" : "chase again"}: row ${step.row + 1}'s ${lit}, ${count} press${count === 1 ? "" : "es"} in row ${step.row + 2}`;
    out.push(`${title}\n${grid(step.lights)}`);
  }
  if (!trace.solvable) out.push("no first-row presses clear that last row: IMPOSSIBLE");
  else out.push(`solution (every press of every step):\n${grid(trace.solution!)}`);
  return `${out.join("\n\n")}\n`;
}
