/**
 * @lightsout/bench: the benchmark suite behind its bin `lightsout-bench`
 * and the monorepo's `pnpm bench`. Results go to stdout as tables, or as one
 * JSON object with `--json` (the tables then go to stderr);
 * docs/BENCHMARKS.md records them with the command and the machine.
 *
 * @packageDocumentation
 */
import { cpus, totalmem } from "node:os";
import { ratios, runGf2Threaded } from "./gf2.js";
import { runBanded } from "./banded.js";
import { chaseSizes, runChase } from "./chase.js";
import { cliSizes, runCli } from "./cli.js";
import { fieldsDefaults, runFields } from "./fields.js";
import { runFewest } from "./fewest.js";
import { filesDefaults, runFiles } from "./files.js";
import { largeDefaults, runLarge } from "./large.js";
import { runGraph } from "./graph.js";
import { runMastermind, runOptimal, runRecord } from "./mastermind.js";
import { runMultiState } from "./multistate.js";
import { runNullity } from "./nullity.js";
import { runSparse } from "./sparse.js";
import { runWiedemann, wiedemannDefaults } from "./wiedemann.js";

export { findM4ri, buildHarness, runM4ri, writeMatrixFile } from "./m4ri.js";

/** The suites, in the order they run; `--filter NAME` runs those whose name contains NAME. */
export const SUITES = [
  "gf2",
  "files",
  "large",
  "chase",
  "banded",
  "fewest",
  "graph",
  "sparse",
  "nullity",
  "multistate",
  "fields",
  "mastermind",
  "wiedemann",
  "cli",
] as const;

const USAGE = `usage: lightsout-bench [--quick] [--sizes 1024,2048,...] [--ts-up-to N] [--threads 2,...] [--rounds R] [--filter gf2] [--json]

  --quick        N = 256, 512, 1024 only (a smoke run)
  --sizes LIST   the N values of the GF(2) suite (default 1024,2048,4096,8192), and the board sides of chase and cli
  --ts-up-to N   largest N for the TypeScript twin (default 4096)
  --file-sizes LIST  the N values of the files suite (default 8192,16384,32768)
  --large-sizes LIST the N values of the large suite (default 32768): the CLI's PLE rank against M4RI, round by round
  --threads LIST thread counts of the threaded Four Russians rank rows (default 2; 1 = none)
  --rounds R     GF(2) and large suites: R rounds, ours and M4RI's alternating (default 1; large: 3)
  --filter NAME  run only suites whose name contains NAME (suites: ${SUITES.join(", ")})
  --json         print the results as one JSON object on stdout (the tables go to stderr)`;

/** Describes this machine in one line (for docs/BENCHMARKS.md). */
export function machine(): string {
  const cpu = cpus()[0]?.model ?? "unknown CPU";
  return `${cpu}, ${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
}

/** The options of a run, as parsed from the command line. */
interface BenchOptions {
  sizes: number[];
  tsUpTo: number;
  threads: number[];
  /** --rounds, when given. */
  rounds?: number;
  filter: string;
  json: boolean;
  fileSizes?: number[];
  largeSizes?: number[];
}

/** The options of `argv`, or "help" for --help; throws a UsageError on a bad option. */
function parseOptions(argv: readonly string[]): BenchOptions | "help" {
  const options: BenchOptions = {
    sizes: [1024, 2048, 4096, 8192],
    tsUpTo: 4096,
    threads: [2],
    filter: "",
    json: false,
  };
  const list = (name: string, text: string) => text.split(",").map((s) => positive(name, s));
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new UsageError(`${arg} expects a value`);
      return v;
    };
    if (arg === "--quick") options.sizes = [256, 512, 1024];
    else if (arg === "--sizes") options.sizes = list(arg, value());
    else if (arg === "--file-sizes") options.fileSizes = list(arg, value());
    else if (arg === "--large-sizes") options.largeSizes = list(arg, value());
    else if (arg === "--ts-up-to") options.tsUpTo = positive(arg, value());
    else if (arg === "--threads") options.threads = list(arg, value()).filter((t) => t > 1);
    else if (arg === "--rounds") options.rounds = positive(arg, value());
    else if (arg === "--filter") options.filter = suiteFilter(value());
    else if (arg === "--json") options.json = true;
    else if (arg === "--help" || arg === "-h") return "help";
    else throw new UsageError(`unknown option ${JSON.stringify(arg)}`);
  }
  return options;
}

/**
 * Runs the benchmarks.
 *
 * @param argv - Arguments after the command name.
 * @returns The process exit code (0 on success, 2 on a usage error).
 */
export async function main(argv: string[]): Promise<number> {
  let parsed: BenchOptions | "help";
  try {
    parsed = parseOptions(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`lightsout-bench: ${error.message}\n${USAGE}`);
    return 2;
  }
  if (parsed === "help") {
    console.log(USAGE);
    return 0;
  }
  const { sizes, tsUpTo, threads, filter, json, fileSizes, largeSizes } = parsed;
  const rounds = parsed.rounds ?? 1;
  const runs = (suite: (typeof SUITES)[number]) => suite.includes(filter);
  // With --json, stdout is the JSON alone: the tables go to stderr.
  const out = json ? (line: string) => console.error(line) : (line: string) => console.log(line);
  out(`lightsout benchmarks on ${machine()}`);
  const results: Record<string, unknown> = { machine: machine() };
  if (runs("gf2")) {
    out(`\nGF(2) dense rank and solve, random N x N (seed 1), b = A x0, median of repeats:`);
    const { rows, notes } = await runGf2Threaded({ sizes, tsUpTo, threads, rounds, log: out });
    out("  ratios of the fastest repeats:");
    for (const line of ratios(rows)) out(`  ${line}`);
    for (const note of notes) out(`  note: ${note}`);
    results.gf2 = { rows, notes };
  }
  if (runs("files")) {
    out(`\nMatrix files: random N x N (seed 1) read from disk as dense text and PBM, then ranked, median of repeats:`);
    const defaults = filesDefaults(argv.includes("--quick"));
    const files = await runFiles({
      ...defaults,
      ...(fileSizes ? { sizes: fileSizes } : {}),
      log: out,
    });
    for (const note of files.notes) out(`  note: ${note}`);
    results.files = files;
  }
  if (runs("large")) {
    out(
      `\nLarge dense ranks: the CLI's PLE (\`lightsout rank FILE.pbm --method ple\`, its elimination time) against M4RI's mzd_echelonize, each a process of its own, alternating:`,
    );
    const defaults = largeDefaults(argv.includes("--quick"));
    const large = runLarge({
      sizes: largeSizes ?? defaults.sizes,
      rounds: parsed.rounds ?? defaults.rounds,
      threads: threads.length > 0 ? threads : [1],
      probeMs: defaults.probeMs,
      log: out,
    });
    for (const note of large.notes) out(`  note: ${note}`);
    results.large = large;
  }
  if (runs("chase")) {
    out(`\nHuge grids by light chasing: all-on N x N solved (solveGrid) and verified, one run each:`);
    results.chase = runChase({ sizes: chaseSizes(argv), log: out });
  }
  if (runs("banded")) {
    out(`\nBanded route through the CLI: all-on boards solved by lightsout solve --json, verified here:`);
    results.banded = runBanded({ quick: argv.includes("--quick"), log: out });
  }
  if (runs("fewest")) {
    out(
      `\nFewest presses: 5 x 5 distribution of minimum press counts, the coset enumeration rate, boards of nullity 20..40:`,
    );
    results.fewest = await runFewest({ quick: argv.includes("--quick"), log: out });
  }
  if (runs("graph")) {
    out(`\nArbitrary graphs (dense route): all-on boards of random graphs solved and verified:`);
    results.graph = runGraph({ sizes: argv.includes("--quick") ? [2000] : [20_000], log: out });
  }
  if (runs("sparse")) {
    out(
      `\nSparse GF(2): structured Gaussian elimination (exact), the hand-over density, random matrices that fill in:`,
    );
    results.sparse = await runSparse({ quick: argv.includes("--quick"), log: out });
  }
  if (runs("nullity")) {
    out(
      `\nNullity of huge grids, deg gcd(f_n(x), f_n(x + 1)): single n (median of 3; one run at 10^6) beside Python, and sweeps:`,
    );
    results.nullity = await runNullity({ quick: argv.includes("--quick"), log: out });
  }
  if (runs("multistate")) {
    out(`\nMulti-state lights over Z_k: random winnable boards (seed 1) solved and verified:`);
    results.multistate = runMultiState({ quick: argv.includes("--quick"), log: out });
  }
  if (runs("fields")) {
    out(
      `\nDense rank over Z_p (prime fields), random N x N (seed 1), WASM kernel vs TypeScript twin, median of repeats:`,
    );
    results.fields = runFields({ ...fieldsDefaults(argv.includes("--quick")), log: out });
  }
  if (runs("mastermind")) {
    out(`\nMastermind: each strategy against every secret (game tree), guesses per secret:`);
    results.mastermind = runMastermind({ quick: argv.includes("--quick"), log: out });
    if (!argv.includes("--quick")) {
      out(`\nMastermind optima of [4,6] by branch and bound (each proved; replayed against every secret):`);
      results.mastermindOptimal = runOptimal({ quick: false, log: out });
      out(`\nMastermind [5,8] record attempt (replayed against every secret; best published average 5.4856):`);
      results.mastermindRecord = runRecord({ quick: false, log: out });
    }
  }
  if (runs("wiedemann")) {
    out(
      `\nBlock Wiedemann, random N x N sparse matrices with 10 nonzeros a row (seed 1): whole runs by phase, then the sequence phase's rate over a few terms, projected:`,
    );
    results.wiedemann = runWiedemann({
      ...wiedemannDefaults(argv.includes("--quick")),
      threads: [1, ...threads.filter((t) => t > 1)],
      log: out,
    });
  }
  if (runs("cli")) {
    out(
      `\nThe lightsout CLI against the library on the same job (child processes; medians of 3 runs up to 2^24 cells; targets: time <= 3x library + start-up, peak <= 3x board bytes + library's + start-up's):`,
    );
    results.cli = runCli({
      sizes: cliSizes(argv),
      quiet: !argv.includes("--quick"),
      log: out,
    });
  }
  if (json) console.log(JSON.stringify(results));
  return 0;
}

class UsageError extends Error {}

/** A --filter value: part of a suite name (one matching nothing would run nothing and look like success). */
function suiteFilter(text: string): string {
  if (!SUITES.some((suite) => suite.includes(text)))
    throw new UsageError(`--filter expected part of a suite name (${SUITES.join(", ")}), got '${text}'`);
  return text;
}

function positive(name: string, text: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1)
    throw new UsageError(`${name} expects positive integers, got ${JSON.stringify(text)}`);
  return n;
}
