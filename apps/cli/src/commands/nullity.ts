/**
 * `lightsout nullity`: the nullity (quiet-space dimension) of n x n and
 * m x n Lights Out grids from Sutner's closed form, one board or whole
 * sweeps, on all cores, streamed in order, splittable into shards.
 *
 * @module
 */
import { availableParallelism } from "node:os";
import { gridNullity, nullitySweep, shardBounds, type NullitySweep } from "@lightsout/core";
import { Command } from "commander";
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
}

/** Largest side accepted (the core's limit on f_n). */
const MAX_SIDE = 2 ** 30;

const EXAMPLES = `
Output:
  one line per board, in order: "n nullity" for n x n boards, "m n nullity"
  for m x n boards (--rows/--cols); --json prints one JSON object per line,
  {"m":M,"n":N,"nullity":K}. A board of nullity K has 2^K solutions for each
  winnable configuration. Progress goes to stderr when it is a terminal.

Method:
  nullity(m x n) = deg gcd(f_m(x), f_n(x + 1)) over GF(2), where f_0 = 1,
  f_1 = x, f_(k+1) = x f_k + f_(k-1) (Sutner 2000): no matrix is built, so
  n = 1,000,000 takes seconds.

Examples:
  $ lightsout nullity 5
  5 2
  $ lightsout nullity --from 1 --to 300 > square.txt
  $ lightsout nullity --rows 4 --cols 4 --json
  {"m":4,"n":4,"nullity":4}
  $ lightsout nullity --rows 1..200 --cols 1..200 --workers 2
  $ lightsout nullity --from 1 --to 25000 --shard 1/4 > part1.txt   # then 2/4, 3/4, 4/4
  $ cat part1.txt part2.txt part3.txt part4.txt                      # = the whole sweep`;

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
        "for m and n in --rows and --cols (each a number M or a range M..M2).",
    )
    .argument("[n]", "the side N of one square board, or a range A..B")
    .option("--from <a>", "first n of a sweep of n x n boards")
    .option("--to <b>", "last n of a sweep of n x n boards")
    .option("--rows <m>", "rows: M or a range M..M2 (with --cols)")
    .option("--cols <n>", "columns: N or a range N..N2 (with --rows)")
    .option("--json", 'print JSON Lines {"m":..,"n":..,"nullity":..}')
    .option("--workers <w>", "threads of a sweep (default: all cores)")
    .option("--shard <i/k>", "print only shard i of k (1 <= i <= k): contiguous parts of about equal work")
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

/** Reads `--shard i/k` (1 <= i <= k). */
function parseShard(text: string): { index: number; count: number } {
  const match = /^([0-9]+)\/([0-9]+)$/.exec(text);
  const index = match ? Number(match[1]) : NaN;
  const count = match ? Number(match[2]) : NaN;
  if (
    !(
      Number.isSafeInteger(index) &&
      Number.isSafeInteger(count) &&
      count >= 1 &&
      count <= 2 ** 20 &&
      index >= 1 &&
      index <= count
    )
  ) {
    throw usageError(`--shard expected i/k with 1 <= i <= k (like 1/4), got '${text}'`);
  }
  return { index: index - 1, count };
}

/** The sweep the arguments ask for. */
function sweepOf(n: string | undefined, options: NullityOptions): NullitySweep {
  const square = n !== undefined || options.from !== undefined || options.to !== undefined;
  const grid = options.rows !== undefined || options.cols !== undefined;
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
    return { kind: "grid", rows: parseRange("--rows", options.rows), cols: parseRange("--cols", options.cols) };
  }
  if (n !== undefined) {
    if (options.from !== undefined || options.to !== undefined) {
      throw usageError(
        `expected N or --from/--to, got both N ('${n}') and --${options.from !== undefined ? "from" : "to"}`,
      );
    }
    return { kind: "square", ...parseRange("N", n) };
  }
  if (options.from === undefined || options.to === undefined) {
    if (!square) throw usageError("expected N, --from A --to B or --rows M --cols N, got none");
    throw usageError(`expected --from and --to together, got only --${options.from === undefined ? "to" : "from"}`);
  }
  const from = parseIntegerOption("--from", options.from, 1, MAX_SIDE);
  const to = parseIntegerOption("--to", options.to, 1, MAX_SIDE);
  if (to < from) throw usageError(`--to expected an integer >= --from (${from}), got '${options.to}'`);
  return { kind: "square", from, to };
}

async function nullity(n: string | undefined, options: NullityOptions): Promise<void> {
  const sweep = sweepOf(n, options);
  const workers =
    options.workers === undefined ? availableParallelism() : parseIntegerOption("--workers", options.workers, 1, 1024);
  const shard = options.shard === undefined ? undefined : parseShard(options.shard);
  const size =
    sweep.kind === "square"
      ? sweep.to - sweep.from + 1
      : (sweep.rows.to - sweep.rows.from + 1) * (sweep.cols.to - sweep.cols.from + 1);
  if (size > 2 ** 30) throw usageError(`expected a sweep of at most 2^30 boards, got ${size}`);
  const format = (m: number, nn: number, k: number) =>
    options.json
      ? `${JSON.stringify({ m, n: nn, nullity: k })}\n`
      : sweep.kind === "square"
        ? `${nn} ${k}\n`
        : `${m} ${nn} ${k}\n`;

  // One board: no pool, no bar.
  if (size === 1 && shard === undefined) {
    const m = sweep.kind === "square" ? sweep.from : sweep.rows.from;
    const nn = sweep.kind === "square" ? sweep.from : sweep.cols.from;
    io.stdout.write(format(m, nn, gridNullity(m, nn)));
    return;
  }

  const { start, end } = shard === undefined ? { start: 0, end: size } : shardBounds(sweep, shard.index, shard.count);
  const bar = createProgressBar("nullity");
  const out = new Writer(bar);
  try {
    const results = nullitySweep(sweep, {
      workers,
      start,
      end,
      ...(bar.active ? { onProgress: (done: number, total: number) => bar.update(done, total) } : {}),
    });
    for await (const r of results) await out.write(format(r.m, r.n, r.nullity));
    bar.finish();
    await out.flush();
  } finally {
    bar.finish();
  }
}

/**
 * Batches lines into large writes (64 KiB, or every 100 ms so that a slow
 * sweep still streams), erasing the progress bar first, and waits for
 * stdout to drain.
 */
class Writer {
  #chunks: string[] = [];
  #bytes = 0;
  #last = performance.now();
  readonly #bar: { finish(): void };

  constructor(bar: { finish(): void }) {
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
    this.#bar.finish();
    await writeOut(io.stdout, text);
  }
}
