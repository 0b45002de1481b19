/**
 * `lightsout mastermind optimal` (an optimal strategy by branch and bound,
 * with its proof summary and decision tree) and `lightsout mastermind
 * verify` (a strategy tree replayed against every secret).
 *
 * @module
 */
import {
  CodeSpace,
  MAX_CODES,
  type OptimalResult,
  optimalEstimate,
  optimalStrategy,
  parseTreeText,
  replayTree,
  type StrategyTree,
  treeToText,
} from "@lightsout/mastermind";
import { formatCount, formatLimit } from "@lightsout/core/format";
import { Command } from "commander";
import { inputError, usageError } from "../errors.js";
import { readInput, writeOutputFile } from "../input.js";
import { io } from "../io.js";
import { parseIntegerOption } from "../options.js";
import { createProgressBar } from "../progress.js";

interface OptimalFlags {
  pegs: string;
  colors: string;
  objective: string;
  maxGuesses?: string;
  tree?: string;
  timeLimit?: string;
  long?: boolean;
  json?: boolean;
}

const OPTIMAL_HELP = `
The strategy that needs the fewest guesses over all k^n secrets (objective
total, the expected case), optionally with at most --max-guesses guesses a
secret, or the fewest guesses for the hardest secret (objective worst),
found by branch and bound over the game tree and proved optimal: every
other first guess is shown to do no better. The tree is replayed against
every secret before it is printed.

Output: the total, average, worst case and histogram, then the proof: each
class of first guess with the bound from its part sizes and what the search
proved, the sets searched. --tree FILE writes the decision tree (JSON when
FILE ends in .json, else text: one node a line, "black,white guess",
indented two spaces a level). --json prints {"pegs","colors","objective",
"maxGuesses","total","average","worst","histogram","proof":{...},"ms"}.

Games of more than 1296 codes are refused before starting unless --long
(the search grows much faster than the codes: [4,7], 2401 codes, takes
about 20 minutes); --time-limit stops it.

Examples:
  $ lightsout mastermind optimal --pegs 4 --colors 6          # 5625 (Koyama and Lai 1993), about a minute
  $ lightsout mastermind optimal --max-guesses 5 --tree t.json  # 5626
  $ lightsout mastermind optimal --objective worst              # 5 guesses; 4 refuted
  $ lightsout mastermind optimal --pegs 3 --colors 4 --tree -   # the tree as text on stdout
  $ lightsout mastermind optimal --pegs 4 --colors 7 --long     # 11228, average 4.676 (Ville 2013), about 20 minutes`;

const VERIFY_HELP = `
Replays a strategy tree (the JSON or text of 'mastermind optimal --tree')
against every secret, scoring by the definition, and prints its total,
average, worst case and histogram. A tree that misses a branch or does not
fit the game (--pegs/--colors, when given, must match the file's) is refused
with the reason.

Examples:
  $ lightsout mastermind verify t.json
  $ lightsout mastermind verify tree.txt --pegs 4 --colors 6`;

/** The `optimal` subcommand. */
export function optimalSubcommand(): Command {
  return new Command("optimal")
    .exitOverride()
    .configureOutput({ outputError: () => {} })
    .helpOption("-h, --help", "show help")
    .summary("an optimal strategy by branch and bound, proved, with its tree")
    .description("Find and prove an optimal strategy of [n,k]-Mastermind (expected or worst case).")
    .option("--pegs <n>", "n, the number of positions", "4")
    .option("--colors <k>", "k, the number of colours (1..35)", "6")
    .option("--objective <name>", "total (the expected case) or worst", "total")
    .option("--max-guesses <g>", "at most this many guesses a secret (objective total)")
    .option("--tree <file>", "write the decision tree (.json: JSON, else text; - for stdout)")
    .option("--time-limit <seconds>", "stop the search after this many seconds")
    .option("--long", "search games beyond those measured (more than 1296 codes)")
    .option("--json", "print one JSON object instead of text")
    .addHelpText("after", OPTIMAL_HELP)
    .action((flags: OptimalFlags) => runOptimal(flags));
}

/** The `verify` subcommand. */
export function verifySubcommand(): Command {
  return new Command("verify")
    .exitOverride()
    .configureOutput({ outputError: () => {} })
    .helpOption("-h, --help", "show help")
    .summary("replay a strategy tree against every secret")
    .description("Replay a decision tree (JSON or text) against every secret and print its record.")
    .argument("<file>", "the tree (JSON or text), - for stdin")
    .option("--pegs <n>", "the game the tree must fit")
    .option("--colors <k>", "the game the tree must fit")
    .option("--json", "print one JSON object instead of text")
    .addHelpText("after", VERIFY_HELP)
    .action((file: string, flags: { pegs?: string; colors?: string; json?: boolean }) => runVerify(file, flags));
}

function spaceOf(pegsText: string, colorsText: string): CodeSpace {
  const pegs = parseIntegerOption("--pegs", pegsText, 1, 20);
  const colors = parseIntegerOption("--colors", colorsText, 1, 35);
  if (colors ** pegs > MAX_CODES) {
    const limit = { subject: `--pegs ${pegs} --colors ${colors}`, max: MAX_CODES, got: colors ** pegs };
    throw usageError(formatLimit({ ...limit, unit: ["code", "codes"], why: "colors^pegs" }));
  }
  return new CodeSpace(pegs, colors);
}

function runOptimal(flags: OptimalFlags): void {
  const space = spaceOf(flags.pegs, flags.colors);
  if (flags.objective !== "total" && flags.objective !== "worst") {
    throw usageError(`--objective expected total or worst, got '${flags.objective}'`);
  }
  if (flags.objective === "worst" && flags.maxGuesses !== undefined) {
    throw usageError("--max-guesses goes with --objective total (worst finds the fewest guesses itself)");
  }
  const estimate = optimalEstimate(space);
  if (!estimate.reachable && !(flags.long && space.size <= 4096)) {
    throw usageError(`${estimate.reason}${space.size <= 4096 ? " (--long to try)" : ""}`);
  }
  const maxGuesses =
    flags.maxGuesses === undefined ? undefined : parseIntegerOption("--max-guesses", flags.maxGuesses, 1, 1000);
  const seconds =
    flags.timeLimit === undefined ? undefined : parseIntegerOption("--time-limit", flags.timeLimit, 1, 10_000_000);
  const controller = new AbortController();
  const bar = createProgressBar("mastermind optimal");
  const start = performance.now();
  let result: OptimalResult;
  try {
    result = optimalStrategy(space, {
      objective: flags.objective,
      ...(maxGuesses === undefined ? {} : { maxGuesses }),
      allowLong: flags.long === true,
      signal: controller.signal,
      onProgress: (p) => {
        if (seconds !== undefined && performance.now() - start > seconds * 1000) {
          controller.abort(
            new Error(`stopped after --time-limit ${seconds} s (${formatCount(p.nodes, "set")} searched)`),
          );
        }
        if (bar.active && p.firstGuesses > 0) bar.update(p.firstGuessesDone, p.firstGuesses);
      },
    });
  } catch (error) {
    bar.finish();
    if (error instanceof RangeError) throw inputError(error.message, error);
    if (controller.signal.aborted) throw inputError((error as Error).message, error);
    throw error;
  }
  bar.finish();
  const ms = Math.round((performance.now() - start) * 10) / 10;
  if (flags.tree !== undefined) writeTree(flags.tree, result.tree);
  if (flags.json) {
    const { pegs, colors, objective, total, average, worst, histogram, proof } = result;
    const json = {
      pegs,
      colors,
      objective,
      maxGuesses: Number.isFinite(result.maxGuesses) ? result.maxGuesses : null,
      total,
      average,
      worst,
      histogram: histogramObject(histogram),
      proof: { nodes: proof.nodes, memoised: proof.memoised, firstGuesses: proof.firstGuesses, refuted: proof.refuted },
      ms,
    };
    io.stdout.write(`${JSON.stringify(json)}\n`);
    return;
  }
  if (flags.tree !== "-") io.stdout.write(`${optimalLines(result, ms).join("\n")}\n`);
}

function histogramObject(histogram: number[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (let g = 1; g < histogram.length; g++) out[String(g)] = histogram[g]!;
  return out;
}

function optimalLines(r: OptimalResult, ms: number): string[] {
  const width = String(r.worst).length;
  const limit = Number.isFinite(r.maxGuesses) && r.objective === "total" ? `, at most ${r.maxGuesses} guesses` : "";
  const lines = [
    `game [${r.pegs},${r.colors}]: ${formatCount(r.colors ** r.pegs, "secret")}`,
    `objective ${r.objective === "total" ? `fewest guesses in total${limit}` : "fewest guesses for the hardest secret"}`,
    `first guess ${r.tree.root.guess}`,
    `total ${r.total} (replayed against every secret)`,
    `average ${r.average.toFixed(4)}`,
    `worst ${r.worst}`,
    "histogram",
    ...histogramLines(r.histogram, width),
    "proof",
  ];
  if (r.objective === "worst") {
    lines.push(`  within ${r.proof.refuted.join(", ")} guesses: no strategy (refuted by the search)`);
    lines.push(`  within ${r.worst} guesses: the tree above (first guess ${r.tree.root.guess})`);
  } else {
    for (const f of r.proof.firstGuesses) {
      const what = f.exact ? `optimum ${f.total}` : `at least ${f.total}`;
      lines.push(`  first guess ${f.guess}: bound from part sizes ${f.lowerBound}, ${what}`);
    }
  }
  lines.push(`  ${formatCount(r.proof.nodes, "set")} searched, ${formatCount(r.proof.memoised, "set")} memoised`);
  lines.push(`time ${ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(2)} s`}`);
  return lines;
}

function histogramLines(histogram: number[], width: number): string[] {
  const out: string[] = [];
  for (let g = 1; g < histogram.length; g++) {
    out.push(`  ${String(g).padStart(width)} guess${g === 1 ? "" : "es"}: ${histogram[g]}`);
  }
  return out;
}

function writeTree(file: string, tree: StrategyTree): void {
  const text = file.endsWith(".json") ? `${JSON.stringify(tree)}\n` : treeToText(tree);
  if (file === "-") io.stdout.write(text);
  else writeOutputFile(file, text);
}

async function runVerify(file: string, flags: { pegs?: string; colors?: string; json?: boolean }): Promise<void> {
  const { source, text } = await readInput(file);
  let tree: StrategyTree;
  try {
    tree = text.trimStart().startsWith("{") ? (JSON.parse(text) as StrategyTree) : parseTreeText(text);
  } catch (error) {
    throw inputError(`${source}: ${(error as Error).message}`, error);
  }
  if (flags.pegs !== undefined || flags.colors !== undefined) {
    const want = spaceOf(flags.pegs ?? String(tree.pegs), flags.colors ?? String(tree.colors));
    if (want.pegs !== tree.pegs || want.colors !== tree.colors) {
      throw inputError(
        `${source}: the tree is for [${tree.pegs},${tree.colors}]-Mastermind, expected [${want.pegs},${want.colors}] (--pegs, --colors)`,
      );
    }
  }
  let replay: ReturnType<typeof replayTree>;
  try {
    replay = replayTree(tree);
  } catch (error) {
    throw inputError(`${source}: ${(error as Error).message}`, error);
  }
  if (flags.json) {
    const { total, average, worst, secrets } = replay;
    const json = { pegs: tree.pegs, colors: tree.colors, secrets, total, average, worst };
    io.stdout.write(`${JSON.stringify({ ...json, histogram: histogramObject(replay.histogram) })}\n`);
    return;
  }
  const lines = [
    `game [${tree.pegs},${tree.colors}]: every one of ${formatCount(replay.secrets, "secret")} found`,
    `total ${replay.total}`,
    `average ${replay.average.toFixed(4)}`,
    `worst ${replay.worst}`,
    "histogram",
    ...histogramLines(replay.histogram, String(replay.worst).length),
  ];
  io.stdout.write(`${lines.join("\n")}\n`);
}
