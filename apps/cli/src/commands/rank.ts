/**
 * `lightsout rank [FILE|-]` and `lightsout rank --random N`: the rank and
 * nullity of a GF(2) matrix, and the time of its elimination.
 *
 * @module
 */
import { BitMatrix, ParseError, parseMatrix } from "@lightsout/core";
import { Command } from "commander";
import { inputError, usageError } from "../errors.js";
import { readInput } from "../input.js";
import { parseField, parseIntegerOption } from "../options.js";
import { createProgressBar } from "../progress.js";

/** Options of the `rank` command, as commander hands them over. */
interface RankOptions {
  random?: string;
  cols?: string;
  seed?: string;
  field?: string;
  json?: boolean;
}

/** What `rank` found; {@link formatText} and {@link formatJson} print it. */
interface RankReport {
  rows: number;
  cols: number;
  rank: number;
  /** Milliseconds spent in the elimination alone (not reading, parsing or generating). */
  ms: number;
  /** The seed of a `--random` matrix; absent for a file. */
  seed?: number;
}

const EXAMPLES = `
Output:
  rows, cols, rank, nullity (= cols - rank) and the time of the elimination
  alone; --random also prints its seed. A progress bar goes to stderr when
  it is a terminal.

Input formats:
  dense         one row per line, e.g. "0110" or "0 1 1 0"; blank lines and
                lines starting with # are ignored
  MatrixMarket  "%%MatrixMarket matrix coordinate pattern|integer general|symmetric"
                (integer values are taken mod 2)

Examples:
  $ lightsout rank matrix.txt
  rows 3
  cols 3
  rank 2
  nullity 1
  time 1.154 ms
  $ printf '110\\n011\\n101\\n' | lightsout rank - --json
  {"rows":3,"cols":3,"rank":2,"nullity":1,"ms":1.112}
  $ lightsout rank --random 4096 --seed 7
  $ lightsout rank --random 1000 --cols 2000 --json`;

/**
 * Builds the `rank` command.
 *
 * @returns the command, to be added to the program
 */
export function rankCommand(): Command {
  return new Command("rank")
    .summary("rank and nullity of a GF(2) matrix")
    .description(
      "Print the rank and nullity (cols - rank) of a GF(2) matrix read from FILE\n" +
        "('-' or nothing for stdin), or of a seeded random matrix with --random.",
    )
    .argument("[file]", "dense 0/1 or MatrixMarket file; '-' for stdin")
    .option("--random <n>", "use a seeded random n x n matrix instead of a file")
    .option("--cols <c>", "columns of the random matrix (default: n)")
    .option("--seed <s>", "seed of the random matrix (default: 0)")
    .option("--field <q>", "the field: 2 (default); p and p^r are not available yet")
    .option("--json", "print one JSON object instead of text")
    .addHelpText("after", EXAMPLES)
    .action(async (file: string | undefined, options: RankOptions) => {
      const report = await rank(file, options);
      process.stdout.write(options.json ? formatJson(report) : formatText(report));
    });
}

async function rank(file: string | undefined, options: RankOptions): Promise<RankReport> {
  if (options.field !== undefined) checkField(options.field);
  if (options.random !== undefined) {
    if (file !== undefined) throw usageError(`expected a FILE or --random, got both ('${file}' and --random)`);
    return rankOfRandom(options.random, options);
  }
  for (const flag of ["cols", "seed"] as const) {
    if (options[flag] !== undefined) throw usageError(`--${flag} expected --random alongside, got --${flag} alone`);
  }
  if (file === undefined && process.stdin.isTTY) {
    throw usageError("expected a FILE, '-' for stdin or --random N, got nothing (stdin is a terminal)");
  }
  return rankOfFile(file ?? "-");
}

/** Only GF(2) is implemented; every other field is a clear usage error. */
function checkField(text: string): void {
  const { p, r } = parseField(text);
  if (p !== 2) throw usageError("--field p (p != 2) is not available yet; only GF(2) is supported");
  if (r !== 1) throw usageError("--field 2^r (r > 1) is not available yet; only GF(2) is supported");
}

async function rankOfFile(file: string): Promise<RankReport> {
  const { source, text } = await readInput(file);
  let parsed;
  try {
    parsed = parseMatrix(text, { source });
  } catch (error) {
    // ParseError: source:line:column: ...; RangeError: the size guard.
    if (error instanceof ParseError || error instanceof RangeError) throw inputError(error.message, error);
    throw error;
  }
  let matrix;
  try {
    matrix = BitMatrix.fromBits(parsed.rows, parsed.cols, parsed.values);
  } catch (error) {
    if (error instanceof RangeError) throw inputError(`${source}: ${error.message}`, error);
    throw error;
  }
  try {
    const { rank, ms } = eliminate(matrix);
    return { rows: parsed.rows, cols: parsed.cols, rank, ms };
  } finally {
    matrix.dispose();
  }
}

function rankOfRandom(n: string, options: RankOptions): RankReport {
  const rows = parseIntegerOption("--random", n, 1);
  const cols = options.cols === undefined ? rows : parseIntegerOption("--cols", options.cols, 1);
  const seed = options.seed === undefined ? 0 : parseIntegerOption("--seed", options.seed, 0);
  let matrix;
  try {
    matrix = BitMatrix.random(rows, cols, { seed });
  } catch (error) {
    // The core refuses sizes it cannot hold with a RangeError (TypeError for kinds).
    if (error instanceof RangeError || error instanceof TypeError) {
      const size = options.cols === undefined ? `--random ${n}` : `--random ${n} --cols ${options.cols}`;
      throw usageError(`${size}: ${error.message}`, error);
    }
    throw error;
  }
  try {
    const { rank, ms } = eliminate(matrix);
    return { rows, cols, rank, ms, seed };
  } finally {
    matrix.dispose();
  }
}

/**
 * Echelonizes in place, timing the elimination alone. On a TTY a progress
 * bar follows it; elsewhere no callback is passed, so the kernel runs unsliced.
 */
function eliminate(matrix: BitMatrix): { rank: number; ms: number } {
  const bar = createProgressBar("echelonize");
  const options = bar.active ? { onProgress: (done: number, total: number) => bar.update(done, total) } : {};
  try {
    const start = performance.now();
    const { rank } = matrix.echelonize(options);
    const ms = performance.now() - start;
    return { rank, ms: Math.round(ms * 1000) / 1000 };
  } finally {
    bar.finish();
  }
}

/** `key value` lines: rows, cols, [seed,] rank, nullity, time. */
function formatText(report: RankReport): string {
  const { rows, cols, rank, ms, seed } = report;
  const lines = [`rows ${rows}`, `cols ${cols}`];
  if (seed !== undefined) lines.push(`seed ${seed}`);
  lines.push(`rank ${rank}`, `nullity ${cols - rank}`, `time ${ms} ms`);
  return `${lines.join("\n")}\n`;
}

/**
 * One JSON line. A file gives rows, cols, rank, nullity, ms; `--random`
 * gives exactly rows, cols, rank, ms (a fixed contract for scripts).
 */
function formatJson(report: RankReport): string {
  const { rows, cols, rank, ms, seed } = report;
  const json = seed === undefined ? { rows, cols, rank, nullity: cols - rank, ms } : { rows, cols, rank, ms };
  return `${JSON.stringify(json)}\n`;
}
