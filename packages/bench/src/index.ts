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
  --threads LIST thread counts of the threaded Four Russians rank rows (default 2; 1 = none)
  --rounds R     GF(2) suite: R rounds, ours and M4RI's alternating, fastest repeats over all (default 1)
  --filter NAME  run only suites whose name contains NAME (suites: ${SUITES.join(", ")})
  --json         print the results as one JSON object on stdout (the tables go to stderr)`;

/** Describes this machine in one line (for docs/BENCHMARKS.md). */
export function machine(): string {
  const cpu = cpus()[0]?.model ?? "unknown CPU";
  return `${cpu}, ${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
}

/**
 * Runs the benchmarks.
 *
 * @param argv - Arguments after the command name.
 * @returns The process exit code (0 on success, 2 on a usage error).
 */
export async function main(argv: string[]): Promise<number> {
  let sizes = [1024, 2048, 4096, 8192];
  let tsUpTo = 4096;
  let threads = [2];
  let rounds = 1;
  let filter = "";
  let json = false;
  let fileSizes: number[] | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new UsageError(`${arg} expects a value`);
      return v;
    };
    try {
      if (arg === "--quick") sizes = [256, 512, 1024];
      else if (arg === "--sizes")
        sizes = value()
          .split(",")
          .map((s) => positive("--sizes", s));
      else if (arg === "--file-sizes")
        fileSizes = value()
          .split(",")
          .map((s) => positive("--file-sizes", s));
      else if (arg === "--ts-up-to") tsUpTo = positive("--ts-up-to", value());
      else if (arg === "--threads")
        threads = value()
          .split(",")
          .map((s) => positive("--threads", s))
          .filter((t) => t > 1);
      else if (arg === "--rounds") rounds = positive("--rounds", value());
      else if (arg === "--filter") filter = suiteFilter(value());
      else if (arg === "--json") json = true;
      else if (arg === "--help" || arg === "-h") {
        console.log(USAGE);
        return 0;
      } else throw new UsageError(`unknown option ${JSON.stringify(arg)}`);
    } catch (error) {
      if (error instanceof UsageError) {
        console.error(`lightsout-bench: ${error.message}\n${USAGE}`);
        return 2;
      }
      throw error;
    }
  }
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
