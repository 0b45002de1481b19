/**
 * The whole `lightsout` program as one function: the binary calls it on the
 * process's streams, the tests call it in-process on their own.
 *
 * Each command lives in its own module with its own imports (the core's
 * kernels, Mastermind), and a run imports only the modules
 * of the commands its arguments name: `lightsout solve` never loads the
 * others. The top-level help and the "unknown command" suggestions need
 * only the names and one-line summaries, kept in {@link COMMANDS}
 * (`test/cli.test.ts` checks them against the modules).
 *
 * @module
 */
import type { Command } from "commander";
import { type Io, withIo } from "./io.js";
import { createProgram, runProgram } from "./program.js";

export { installProcessHandlers } from "./program.js";

/** What the program lists of a command without importing its module, and how to build it. */
export interface CommandEntry {
  /** The command's name. */
  name: string;
  /** What the top-level help shows after the name: `[options] [file]`. */
  usage: string;
  /** The one-line summary of the top-level help. */
  summary: string;
  /** Imports the command's module and builds the command. */
  load: () => Promise<Command>;
}

/** The commands, in the order of the help. */
export const COMMANDS: readonly CommandEntry[] = [
  {
    name: "solve",
    usage: "[options] [file]",
    summary: "the presses that switch a board off",
    load: async () => (await import("./commands/solve.js")).solveCommand(),
  },
  {
    name: "quiet",
    usage: "[options]",
    summary: "the quiet patterns of a grid",
    load: async () => (await import("./commands/quiet.js")).quietCommand(),
  },
  {
    name: "chase-matrix",
    usage: "[options] <n>",
    summary: "the chase matrix of a grid: rank, ones, picture",
    load: async () => (await import("./commands/chase-matrix.js")).chaseMatrixCommand(),
  },
  {
    name: "random",
    usage: "[options]",
    summary: "a uniformly random winnable board",
    load: async () => (await import("./commands/random.js")).randomCommand(),
  },
  {
    name: "render",
    usage: "[options] [file]",
    summary: "a picture of a board (SVG or PNG)",
    load: async () => (await import("./commands/render.js")).renderCommand(),
  },
  {
    name: "optimal",
    usage: "[options]",
    summary: "distribution of minimum press counts over all winnable boards",
    load: async () => (await import("./commands/optimal.js")).optimalCommand(),
  },
  {
    name: "judge",
    usage: "<problem> [file]",
    summary: "answer POJ 1222 / POJ 3279 judge input exactly",
    load: async () => (await import("./commands/judge.js")).judgeCommand(),
  },
  {
    name: "nullity",
    usage: "[options] [n]",
    summary: "nullity of huge n x n and m x n grids and sweeps",
    load: async () => (await import("./commands/nullity.js")).nullityCommand(),
  },
  {
    name: "mastermind",
    usage: "",
    summary: "[n,k]-Mastermind: Knuth's minimax and other codebreakers",
    load: async () => (await import("./commands/mastermind.js")).mastermindCommand(),
  },
  {
    name: "wiedemann",
    usage: "[options] [file]",
    summary: "rank and kernel of a large sparse matrix by block Wiedemann, sharded if asked",
    load: async () => (await import("./commands/wiedemann.js")).wiedemannCommand(),
  },
  {
    name: "rank",
    usage: "[options] [file]",
    summary: "rank and nullity of a matrix over GF(2) or GF(q)",
    load: async () => (await import("./commands/rank.js")).rankCommand(),
  },
];

/**
 * Commands that left the program, each with the one line a run naming it
 * gets (exit 2): where the job is done now.
 */
export const MOVED_COMMANDS: Readonly<Record<string, string>> = {
  bench:
    "the benchmarks left the lightsout command: run 'lightsout-bench' (the bin of @lightsout/bench; " +
    "'pnpm bench' in the repository) with the same options, e.g. 'lightsout-bench --quick'",
};

/**
 * Runs `lightsout` on `args` (the arguments after the program name).
 *
 * @param args - e.g. `["solve", "board.txt", "--json"]`
 * @param replacement - streams, environment and folder to use instead of the process's
 * @returns the exit code: 0 answered, 1 bad input, 2 usage error
 */
export async function runCli(args: readonly string[], replacement?: Io): Promise<number> {
  // Every command an argument names is built for real (the one commander runs is among them, and
  // so is X of `help X`); the others are listed by name and summary only.
  const named = new Set(args);
  const commands = await Promise.all(
    COMMANDS.map((entry) => (named.has(entry.name) ? entry.load() : Promise.resolve(entry))),
  );
  // commander keeps parsed values on the command objects: a fresh program per run
  const program = createProgram(commands);
  const argv = ["node", "lightsout", ...args];
  const task = () => runProgram(program, argv, MOVED_COMMANDS);
  return replacement ? withIo(replacement, task) : task();
}
