/**
 * The top-level `lightsout` program: name, version, help and the shared
 * settings every subcommand inherits (errors are thrown, not printed, so
 * {@link runProgram} can print them on one line with the right exit code).
 *
 * @module
 */
import { Command, CommanderError, Help } from "commander";
import { describeFailure, EXIT_OK, EXIT_USAGE, oneLine, printable } from "./errors.js";
import { io } from "./io.js";
import { readVersion } from "./version.js";

const EXAMPLES = `
Examples:
  $ lightsout solve board.txt          the presses that switch a board off
  $ lightsout random --rows 5 --cols 5 | lightsout solve -
  $ lightsout quiet --rows 5 --cols 5  the quiet patterns of the 5 x 5 board
  $ lightsout rank matrix.txt          rank of a dense 0/1 matrix file
  $ cat matrix.mtx | lightsout rank -  rank of a MatrixMarket file from stdin
  $ lightsout rank --random 4096       rank and timing of a random 4096 x 4096 matrix
  $ lightsout mastermind solve         Knuth's Mastermind strategy over all 1296 secrets`;

/** Ends the help of the program and of every command (commander's "afterAll"). */
const EXIT_CODES = `
Exit codes: 0 answered, 1 bad input, 2 usage error.
Set LIGHTSOUT_DEBUG=1 to see stack traces.`;

/** A subcommand as the top-level help lists it, without its module: see `COMMANDS` in main.ts. */
export interface CommandListing {
  name: string;
  /** What the help shows after the name: `[options] [file]`. */
  usage: string;
  summary: string;
}

/**
 * Builds the program with its subcommands.
 *
 * @param commands - the subcommands, each built by its own module, or only
 *   listed (name, usage and summary) when this run does not need it
 * @returns the program, ready for {@link runProgram}
 */
export function createProgram(commands: readonly (Command | CommandListing)[]): Command {
  // What the help shows of a listed command, whose options and arguments were not built.
  const listed = new WeakMap<Command, string>();
  const program = new Command("lightsout")
    .description("Lights Out and GF(2) linear algebra from the command line")
    .version(readVersion(), "-V, --version", "print the version number")
    .helpOption("-h, --help", "show help")
    .helpCommand("help [command]", "show help for a command")
    .addHelpText("after", EXAMPLES)
    .addHelpText("afterAll", EXIT_CODES)
    .configureHelp({
      subcommandTerm(this: Help, command: Command) {
        return listed.get(command) ?? Help.prototype.subcommandTerm.call(this, command);
      },
    })
    .exitOverride()
    .configureOutput({
      outputError: () => {},
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      getOutHelpWidth: () => io.stdout.columns || 80,
      getErrHelpWidth: () => io.stderr.columns || 80,
    });
  for (const entry of commands) {
    let command: Command;
    if (entry instanceof Command) command = entry;
    else {
      command = new Command(entry.name).summary(entry.summary);
      listed.set(command, entry.usage === "" ? entry.name : `${entry.name} ${entry.usage}`);
    }
    inheritSettings(command, program);
    program.addCommand(command);
  }
  return program;
}

/**
 * Gives `command` and its subcommands, at any depth, the parent's output and
 * exit settings, so that `mastermind solve --help` also writes to `io.stdout`.
 */
function inheritSettings(command: Command, parent: Command): void {
  command.copyInheritedSettings(parent);
  for (const sub of command.commands) inheritSettings(sub, command);
}

/**
 * Runs the program on `argv` and turns every outcome into an exit code.
 * Errors are printed to stderr as one line `lightsout: <message>`; stack
 * traces only with `LIGHTSOUT_DEBUG=1`.
 *
 * @param program - from {@link createProgram}
 * @param argv - `process.argv` (node, script, then the arguments)
 * @param moved - commands that left the program, each with the line that says where it went
 * @returns 0 answered, 1 bad input, 2 usage error
 */
export async function runProgram(
  program: Command,
  argv: readonly string[],
  moved: Readonly<Record<string, string>> = {},
): Promise<number> {
  if (argv.length <= 2) {
    const names = program.commands.map((command) => command.name()).filter((name) => name !== "help");
    return fail(`expected a command (${names.join(", ")}), got none; see 'lightsout --help'`, EXIT_USAGE);
  }
  // `lightsout X ...` and `lightsout help X` of a command that moved: where it went, not "unknown command"
  const named = argv[2] === "help" ? argv[3] : argv[2];
  if (named !== undefined && Object.hasOwn(moved, named)) return fail(moved[named]!, EXIT_USAGE);
  try {
    await program.parseAsync([...argv]);
    return EXIT_OK;
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help, --version and `help` have printed their output already.
      if (error.code === "commander.helpDisplayed" || error.code === "commander.version") return EXIT_OK;
      if (error.code === "commander.help") return error.exitCode === 0 ? EXIT_OK : EXIT_USAGE;
      // commander quotes the arguments as typed
      return fail(printable(oneLine(error.message.replace(/^error: /, ""))), EXIT_USAGE);
    }
    const { message, exitCode } = describeFailure(error);
    return fail(message, exitCode, error);
  }
}

function fail(message: string, exitCode: number, error?: unknown): number {
  io.stderr.write(`lightsout: ${message}\n`);
  if (io.env.LIGHTSOUT_DEBUG === "1") {
    // The stack of the error and of every error it wraps.
    for (let e = error, prefix = ""; e instanceof Error; e = e.cause, prefix = "caused by: ") {
      io.stderr.write(`${prefix}${e.stack ?? `${e.name}: ${e.message}`}\n`);
    }
  }
  return exitCode;
}

/**
 * Last-resort handlers: a closed stdout pipe ends the process quietly, and
 * anything thrown outside a command becomes one line instead of a stack trace.
 */
export function installProcessHandlers(): void {
  process.stdout.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE") process.exit(process.exitCode ?? EXIT_OK);
    process.exit(fail(describeFailure(error).message, 1, error));
  });
  const fatal = (error: unknown) => process.exit(fail(describeFailure(error).message, 1, error));
  process.on("uncaughtException", fatal);
  process.on("unhandledRejection", fatal);
}
