/**
 * `lightsout bench`: runs the benchmarks of `@lightsout/bench`, which print
 * their own output and decide the exit code.
 *
 * @module
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Command } from "commander";
import { inputError, SilentExit, usageError } from "../errors.js";

/** The entry point `@lightsout/bench` exports. */
interface BenchModule {
  main(argv: string[]): Promise<number>;
}

/** The suites of `@lightsout/bench`, in the order it runs them. */
const SUITES = ["gf2", "chase", "fewest", "graph", "nullity", "multistate", "fields", "mastermind"];

const EXAMPLES = `
Examples:
  $ lightsout bench                      every suite, full sizes
  $ lightsout bench --quick              small sizes only, a smoke run
  $ lightsout bench --filter gf2 --json  one suite: JSON on stdout, the tables on stderr`;

/**
 * Builds the `bench` command.
 *
 * @returns the command, to be added to the program
 */
export function benchCommand(): Command {
  return new Command("bench")
    .summary("benchmark the kernels (GF(2), chasing, nullity, Z_k, Mastermind)")
    .description(
      "Time the kernels on seeded inputs, against their TypeScript twins (and M4RI when\ninstalled), and print tables (stdout).",
    )
    .option("--quick", "small sizes only, for a fast check")
    .option("--filter <name>", `only the suites whose name contains NAME (${SUITES.join(", ")})`)
    .option("--json", "print the results as one JSON object on stdout (the tables go to stderr)")
    .addHelpText("after", EXAMPLES)
    .action(async (options: { quick?: boolean; filter?: string; json?: boolean }) => {
      // a filter matching no suite would run nothing and look like success
      if (options.filter !== undefined && !SUITES.some((suite) => suite.includes(options.filter!)))
        throw usageError(`--filter expected part of a suite name (${SUITES.join(", ")}), got '${options.filter}'`);
      const argv: string[] = [];
      if (options.quick) argv.push("--quick");
      if (options.filter !== undefined) argv.push("--filter", options.filter);
      if (options.json) argv.push("--json");
      const bench = await loadBench();
      const code = await bench.main(argv);
      if (code !== 0) throw new SilentExit(code);
    });
}

/**
 * Loads `@lightsout/bench` on demand, so `rank` does not pay for it and a
 * missing build of the benchmark package is a clear one-line error.
 */
async function loadBench(): Promise<BenchModule> {
  // resolve() maps the package's exports without checking the file is there.
  let entry: string | undefined;
  try {
    entry = fileURLToPath(import.meta.resolve("@lightsout/bench"));
  } catch {
    entry = undefined;
  }
  if (entry === undefined || !existsSync(entry)) {
    throw inputError("the benchmark package @lightsout/bench is not built; run 'pnpm build' first");
  }
  // Typed against the package's declarations: a changed signature fails to compile.
  const bench: BenchModule = await import("@lightsout/bench");
  return bench;
}
