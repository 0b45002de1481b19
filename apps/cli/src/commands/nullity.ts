/**
 * `lightsout nullity`: the nullity (quiet-space dimension) of n x n and
 * m x n Lights Out grids from Sutner's closed form, one board or whole
 * sweeps, on all cores, streamed in order, splittable into shards.
 *
 * @module
 */
import { availableParallelism } from "node:os";
import { formatCount, formatLimit, showToken } from "@lightsout/core/format";
import { gridNullity } from "@lightsout/core";
import { nullitySweep, shardBounds, sweepSize, torusNullity, type NullitySweep } from "@lightsout/core/nullity";
import { Command } from "commander";
import { formatDuration, parseShard, progressLog, type ResumedOutput, resumeOutput } from "../batch.js";
import { usageError } from "../errors.js";
import { parseIntegerOption } from "../options.js";
import { createProgressBar } from "../progress.js";
import { io, writeOut } from "../io.js";

/** Options of the `nullity` command, as commander hands them over. */
interface NullityOptions {
  from?: string;
  to?: string;
  rows?: string;
  cols?: string;
  json?: boolean;
  workers?: string;
  shard?: string;
  output?: string;
  progress?: boolean;
  torus?: boolean;
}

/** Largest side accepted (the core's limit on f_n). */
const MAX_SIDE = 2 ** 30;

/**
 * The cost model behind the estimate printed before long runs: the m x n
 * board costs about SECONDS_PER_CELL * m * n + SECONDS_PER_BOARD on one core
 * (Euclid on polynomials of degrees m and n; small boards pay a fixed cost
 * per result). Fitted on the reference machine of docs/BENCHMARKS.md to
 * single boards n = 2^13..2^21 and to sweeps of squares and rectangles; the
 * cost of one board also varies with n itself (factors of 2 are peeled off),
 * so it is good to a factor of about 2. docs/BATCH.md has the measurements.
 */
const SECONDS_PER_CELL = 2e-12;
const SECONDS_PER_BOARD = 7e-6;
/**
 * An m x n torus with m != n has no closed form and is eliminated: about
 * SECONDS_PER_ELIMINATION * m n min(m, n)^2 seconds (the band is about two
 * rows wide), fitted to 128 x 128, 200 x 200 and 256 x 256 tori eliminated
 * on the reference machine (0.9 s, 5.7 s, 17 s).
 */
const SECONDS_PER_ELIMINATION = 4e-9;
/** Runs estimated at this many seconds or more say so on stderr before they start. */
const ANNOUNCE_SECONDS = 60;
/** Least milliseconds between two --progress lines. */
const PROGRESS_INTERVAL_MS = 10_000;

const EXAMPLES = `
Output:
  one line per board, in order: "n nullity" for n x n boards, "m n nullity"
  for m x n boards (--rows/--cols); --json prints one JSON object per line,
  {"m":M,"n":N,"nullity":K}. A board of nullity K has 2^K solutions for each
  winnable configuration. A progress bar goes to stderr when it is a
  terminal; --progress prints plain lines instead.

Method:
  nullity(m x n) = deg gcd(f_m(x), f_n(x + 1)) over GF(2), where f_0 = 1,
  f_1 = x, f_(k+1) = x f_k + f_(k-1) (Sutner 2000): no matrix is built, so
  n = 1,000,000 takes seconds.
  --torus: the n x n torus has nullity 2 s + 4 [3 divides n], s the nullity
  of the (n - 1) x (n - 1) grid (OEIS A165738), as fast; m x n tori with
  m != n have no closed form here and are eliminated (dense press matrix:
  about 90,000 cells at most, 256 x 256 in about 20 s).

Examples:
  $ lightsout nullity 5
  5 2
  $ lightsout nullity --from 1 --to 300 > square.txt
  $ lightsout nullity --rows 4 --cols 4 --json
  {"m":4,"n":4,"nullity":4}
  $ lightsout nullity --rows 1..200 --cols 1..200 --workers 2
  $ lightsout nullity 5 --torus
  5 8
  $ lightsout nullity --from 1 --to 100000 --torus > torus.txt
  $ lightsout nullity --rows 2..40 --cols 2..40 --torus
  $ lightsout nullity --from 1 --to 25000 --shard 1/4 > part1.txt   # then 2/4, 3/4, 4/4
  $ cat part1.txt part2.txt part3.txt part4.txt                      # = the whole sweep

Batch runs (docs/BATCH.md has GNU parallel, Slurm and Kubernetes recipes):
  --shard auto reads the shard from a Slurm job array (SLURM_ARRAY_TASK_ID
  of an array 1-K; task i computes shard i) or, as --shard auto/K, from a
  Kubernetes indexed job (JOB_COMPLETION_INDEX 0..K-1, K = completions).
  --output FILE appends to FILE and, when run again, checks the lines
  already there, drops a torn last line and computes only the rest.
  Runs estimated at a minute or more print the estimate on stderr first
  (about 2e-12 s x m x n per board on one core: n = 1,000,000 in about
  2 s, n = 2^30 in weeks); --progress prints plain progress lines on
  stderr (at most one per 10 s), on terminals and in logs alike.
  --workers is capped at the cores available and at the boards to compute.

  $ seq 8 | parallel -j 2 lightsout nullity --from 1 --to 25000 --workers 1 \\
      --shard {}/8 --output part-{}.txt          # rerun the same line to resume
  $ sbatch --array=1-8 docs/batch/nullity-slurm.sh --from 1 --to 25000`;

/**
 * Builds the `nullity` command.
 *
 * @returns the command, to be added to the program
 */
export function nullityCommand(): Command {
  return new Command("nullity")
    .summary("nullity of huge n x n and m x n grids and sweeps")
    .description(
      "Print the nullity (dimension of the quiet patterns) of the N x N Lights Out\n" +
        "grid, of every n x n grid for n in A..B (--from/--to), or of every m x n grid\n" +
        "for m and n in --rows and --cols (each a number M or a range M..M2); with\n" +
        "--torus, of the same tori.",
    )
    .argument("[n]", "the side N of one square board, or a range A..B")
    .option("--from <a>", "first n of a sweep of n x n boards")
    .option("--to <b>", "last n of a sweep of n x n boards")
    .option("--rows <m>", "rows: M or a range M..M2 (with --cols)")
    .option("--cols <n>", "columns: N or a range N..N2 (with --rows)")
    .option("--torus", "tori (both edges wrapped) instead of grids")
    .option("--json", 'print JSON Lines {"m":..,"n":..,"nullity":..}')
    .option("--workers <w>", "threads of a sweep (default and most: the cores available)")
    .option(
      "--shard <i/k>",
      "print only shard i of k (1 <= i <= k): contiguous parts of about equal work; auto or auto/K: from the scheduler",
    )
    .option("--output <file>", "append the results to FILE, resuming after the lines it already holds")
    .option("--progress", "print progress lines on stderr (also when it is not a terminal)")
    .addHelpText("after", EXAMPLES)
    .action(async (n: string | undefined, options: NullityOptions) => {
      await nullity(n, options);
    });
}

/** Reads `A` or `A..B` (1 <= A <= B <= 2^30). */
function parseRange(option: string, text: string): { from: number; to: number } {
  const match = /^([^.]*)\.\.([^.]*)$/.exec(text);
  if (!match) {
    const v = parseIntegerOption(option, text, 1, MAX_SIDE);
    return { from: v, to: v };
  }
  const from = parseIntegerOption(option, match[1]!, 1, MAX_SIDE);
  const to = parseIntegerOption(option, match[2]!, 1, MAX_SIDE);
  if (to < from) throw usageError(`${option} expected a range A..B with A <= B, got '${text}'`);
  return { from, to };
}

/** The sweep the arguments ask for. */
function sweepOf(n: string | undefined, options: NullityOptions): NullitySweep {
  const square = n !== undefined || options.from !== undefined || options.to !== undefined;
  const grid = options.rows !== undefined || options.cols !== undefined;
  const torus = options.torus ? { torus: true } : {};
  if (square && grid) {
    const first = n !== undefined ? `N ('${n}')` : "--from/--to";
    throw usageError(`expected N, --from/--to or --rows/--cols, got both ${first} and --rows/--cols`);
  }
  if (grid) {
    if (options.rows === undefined || options.cols === undefined) {
      throw usageError(
        `expected --rows and --cols together, got only --${options.rows === undefined ? "cols" : "rows"}`,
      );
    }
    return {
      kind: "grid",
      rows: parseRange("--rows", options.rows),
      cols: parseRange("--cols", options.cols),
      ...torus,
    };
  }
  if (n !== undefined) {
    if (options.from !== undefined || options.to !== undefined) {
      throw usageError(
        `expected N or --from/--to, got both N ('${n}') and --${options.from !== undefined ? "from" : "to"}`,
      );
    }
    return { kind: "square", ...parseRange("N", n), ...torus };
  }
  if (options.from === undefined || options.to === undefined) {
    if (!square) throw usageError("expected N, --from A --to B or --rows M --cols N, got none");
    throw usageError(`expected --from and --to together, got only --${options.from === undefined ? "to" : "from"}`);
  }
  const from = parseIntegerOption("--from", options.from, 1, MAX_SIDE);
  const to = parseIntegerOption("--to", options.to, 1, MAX_SIDE);
  if (to < from) throw usageError(`--to expected an integer >= --from (${from}), got '${options.to}'`);
  return { kind: "square", from, to, ...torus };
}

async function nullity(n: string | undefined, options: NullityOptions): Promise<void> {
  const sweep = sweepOf(n, options);
  const requested =
    options.workers === undefined ? undefined : parseIntegerOption("--workers", options.workers, 1, 1024);
  const shard = options.shard === undefined ? undefined : parseShard(options.shard, io.env);
  if (options.output === "-") throw usageError("--output expected a file (results go to stdout without it), got '-'");
  const size =
    sweep.kind === "square"
      ? sweep.to - sweep.from + 1
      : (sweep.rows.to - sweep.rows.from + 1) * (sweep.cols.to - sweep.cols.from + 1);
  if (size > 2 ** 30)
    throw usageError(formatLimit({ subject: "a sweep", max: 2 ** 30, got: size, unit: ["board", "boards"] }));
  // a torus sweep too big to eliminate fails here, before any estimate or output
  if (sweep.torus) {
    try {
      sweepSize(sweep);
    } catch (error) {
      throw usageError((error as Error).message, error);
    }
  }
  const nullityOf = (m: number, nn: number) => (sweep.torus ? torusNullity(m, nn) : gridNullity(m, nn));
  const format = (m: number, nn: number, k: number) =>
    options.json
      ? `${JSON.stringify({ m, n: nn, nullity: k })}\n`
      : sweep.kind === "square"
        ? `${nn} ${k}\n`
        : `${m} ${nn} ${k}\n`;
  const { start, end } = shard === undefined ? { start: 0, end: size } : shardBounds(sweep, shard.index, shard.count);
  const cores = availableParallelism();
  const workers = Math.max(1, Math.min(requested ?? cores, cores, end - start));

  let output: ResumedOutput | undefined;
  if (options.output !== undefined) {
    output = await resumeOutput(
      options.output,
      end - start,
      (line, j) => {
        const { m, n: nn } = boardAt(sweep, start + j);
        const k = /([0-9]+)\}?$/.exec(line)?.[1];
        if (
          k !== undefined &&
          Number(k) <= (sweep.torus ? m * nn : Math.min(m, nn)) &&
          format(m, nn, Number(k)) === `${line}\n`
        )
          return undefined;
        const expected = format(m, nn, 0);
        return `expected the line of the ${m} x ${nn} board (${showToken(expected.slice(0, expected.lastIndexOf("0")))}..)`;
      },
      (line, j) => {
        // one board recomputed: catches the file of another computation that fits the format
        const { m, n: nn } = boardAt(sweep, start + j);
        const k = nullityOf(m, nn);
        return format(m, nn, k) === `${line}\n`
          ? undefined
          : `expected nullity ${k} for the ${m} x ${nn} board (recomputed)`;
      },
    );
  }
  const from = start + (output?.done ?? 0);
  const left = estimate(sweep, from, end, workers);
  if (options.progress) {
    const part = shard === undefined ? "" : `shard ${shard.index + 1}/${shard.count} (${shard.source}): `;
    const resumed = from === start ? "" : `, ${from - start} already in ${options.output}`;
    const capped = requested !== undefined && workers < requested ? ` (of ${requested} asked: cores or boards)` : "";
    io.stderr.write(
      `lightsout: ${part}${formatCount(end - start, "board")}${resumed}, ${workers} worker${workers === 1 ? "" : "s"}${capped}, estimated ${formatDuration(left.seconds)}\n`,
    );
  } else if (left.seconds >= ANNOUNCE_SECONDS) {
    io.stderr.write(
      `lightsout: estimated ${formatDuration(left.seconds)} for ${end - from} board${end - from === 1 ? "" : "s"} on ${workers} worker${workers === 1 ? "" : "s"} (cost model in docs/BATCH.md); --progress reports progress\n`,
    );
  }

  // One board to stdout: no pool, no bar.
  if (end - start === 1 && output === undefined && !options.progress) {
    const { m, n: nn } = boardAt(sweep, start);
    io.stdout.write(format(m, nn, nullityOf(m, nn)));
    return;
  }

  const began = performance.now();
  // lines off a terminal are --progress's (with the sweep's own units), not the bar's
  const bar = options.progress ? undefined : createProgressBar("nullity", { lines: false });
  const log = options.progress ? progressLog(io.stderr, PROGRESS_INTERVAL_MS) : undefined;
  const out = new Writer(output ? (text) => output.write(text) : (text) => writeOut(io.stdout, text), bar);
  const onProgress = log
    ? (done: number) =>
        log.update(
          estimate(sweep, from, from + done, 1).work,
          left.work,
          () => `${from - start + done}/${end - start} boards`,
        )
    : bar?.active
      ? (done: number, all: number) => bar.update(done, all)
      : undefined;
  try {
    if (from < end) {
      const results = nullitySweep(sweep, { workers, start: from, end, ...(onProgress ? { onProgress } : {}) });
      for await (const r of results) await out.write(format(r.m, r.n, r.nullity));
    }
    bar?.finish();
    await out.flush();
  } finally {
    bar?.finish();
    await output?.close();
  }
  if (options.progress) {
    io.stderr.write(
      `lightsout: done: ${formatCount(end - start, "board")} (${end - from} computed) in ${formatDuration((performance.now() - began) / 1000)}\n`,
    );
  }
}

/** m and n of result `index` of a sweep (n ascending; m, then n for rectangles). */
function boardAt(sweep: NullitySweep, index: number): { m: number; n: number } {
  if (sweep.kind === "square") return { m: sweep.from + index, n: sweep.from + index };
  const cols = sweep.cols.to - sweep.cols.from + 1;
  const row = Math.floor(index / cols);
  return { m: sweep.rows.from + row, n: sweep.cols.from + (index - row * cols) };
}

/** 1^2 + 2^2 + ... + x^2. */
const squaresUpTo = (x: number) => (x * (x + 1) * (2 * x + 1)) / 6;

/**
 * Estimated seconds of results start..end-1 on `workers` cores, by the cost
 * model above (at least the largest board, which one core computes alone),
 * and `work`, the same on one core.
 */
function estimate(sweep: NullitySweep, start: number, end: number, workers: number): { seconds: number; work: number } {
  if (end <= start) return { seconds: 0, work: 0 };
  let cells = 0;
  let largest = 0;
  let eliminated = 0;
  let slowest = 0;
  if (sweep.kind === "square") {
    const first = sweep.from + start;
    const last = sweep.from + end - 1;
    cells = squaresUpTo(last) - squaresUpTo(first - 1);
    largest = last * last;
  } else {
    const cols = sweep.cols.to - sweep.cols.from + 1;
    for (let row = Math.floor(start / cols); row * cols < end; row++) {
      const m = sweep.rows.from + row;
      const a = sweep.cols.from + Math.max(0, start - row * cols);
      const b = sweep.cols.from + Math.min(cols, end - row * cols) - 1;
      cells += (m * (a + b) * (b - a + 1)) / 2;
      largest = Math.max(largest, m * b);
      if (sweep.torus) {
        for (let nn = a; nn <= b; nn++) {
          if (nn === m) continue;
          const seconds = SECONDS_PER_ELIMINATION * m * nn * Math.min(m, nn) ** 2;
          eliminated += seconds;
          slowest = Math.max(slowest, seconds);
        }
      }
    }
  }
  const work = SECONDS_PER_CELL * cells + SECONDS_PER_BOARD * (end - start) + eliminated;
  const alone = Math.max(SECONDS_PER_CELL * largest + SECONDS_PER_BOARD, slowest);
  return { seconds: Math.max(work / workers, alone), work };
}

/**
 * Batches lines into large writes (64 KiB, or every 100 ms so that a slow
 * sweep still streams), erasing the progress bar first, and waits for each
 * write to finish (stdout to drain, the file to take it).
 */
class Writer {
  #chunks: string[] = [];
  #bytes = 0;
  #last = performance.now();
  readonly #sink: (text: string) => Promise<void>;
  readonly #bar: { finish(): void } | undefined;

  constructor(sink: (text: string) => Promise<void>, bar: { finish(): void } | undefined) {
    this.#sink = sink;
    this.#bar = bar;
  }

  async write(line: string): Promise<void> {
    this.#chunks.push(line);
    this.#bytes += line.length;
    if (this.#bytes >= 1 << 16 || performance.now() - this.#last >= 100) await this.flush();
  }

  async flush(): Promise<void> {
    this.#last = performance.now();
    if (this.#chunks.length === 0) return;
    const text = this.#chunks.join("");
    this.#chunks = [];
    this.#bytes = 0;
    this.#bar?.finish();
    await this.#sink(text);
  }
}
