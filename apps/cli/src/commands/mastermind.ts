/**
 * `lightsout mastermind solve|play|optimal|verify`: [n,k]-Mastermind with the
 * solvers of `@lightsout/mastermind`. `solve` evaluates a strategy over every
 * secret; `play` lets the tool break a code, scored by the user line by line
 * on stdin, or a `--secret` given on the command line; `optimal` and
 * `verify` are in mastermind-optimal.ts.
 *
 * @module
 */
import { createInterface } from "node:readline";
import { formatCount, formatLimit } from "@lightsout/core/format";
import {
  CodeSpace,
  type Evaluation,
  evaluate,
  evaluateOnThreads,
  hybridStrategy,
  InconsistentScoresError,
  MAX_CODES,
  type Move,
  parseScore,
  score,
  Solver,
  STRATEGIES,
  type Strategy,
  treeToText,
} from "@lightsout/mastermind";
import { Command } from "commander";
import { inputError, printable, usageError } from "../errors.js";
import { parseIntegerOption } from "../options.js";
import { writeOutputFile } from "../input.js";
import { io } from "../io.js";
import { optimalSubcommand, verifySubcommand } from "./mastermind-optimal.js";

/** Options shared by `solve` and `play`. */
interface GameFlags {
  pegs: string;
  colors: string;
  strategy: string;
  seed?: string;
  first?: string;
  json?: boolean;
}

interface PlayFlags extends GameFlags {
  secret?: string;
}

interface SolveFlags extends GameFlags {
  endgame?: string;
  tree?: string;
  threads?: string;
}

/** Games from this many secrets on are evaluated on worker threads by default (smaller ones take less than starting them). */
const THREADS_FROM_SECRETS = 5000;

/** The game and solver settings, checked. */
interface Game {
  space: CodeSpace;
  strategy: Strategy;
  seed: number;
  first?: number[];
}

const NOTATION = `
Codes: one character per position, colours 1..9 then A..Z for 10..35
(case-insensitive), so [4,6] codes read like 1122. A score is "black white":
black = right colour in the right position, white = right colour elsewhere.

Strategies (ties go to a code still possible, then to the lowest code):
  knuth       minimise the largest set of codes left (Knuth 1977; default)
  expected    minimise the expected number of codes left
  entropy     maximise the information (entropy) of the score
  most-parts  maximise the number of different scores
  consistent  a random code still possible (seeded by --seed)`;

const SOLVE_HELP = `${NOTATION}

Output: total, average and worst number of guesses over all k^n secrets and
the histogram (secrets per number of guesses), the winning guess counted.
--endgame N plays every set of at most N codes left optimally (branch and
bound; the strategy chooses above them) and --tree FILE writes the decision
tree (JSON for .json, else text); both replay the tree against every secret.
--json prints {"pegs","colors","strategy","firstGuess","secrets","total",
"average","worst","histogram":{"<guesses>":<secrets>,..},"ms"}.

Examples:
  $ lightsout mastermind solve --pegs 4 --colors 6 --strategy knuth
  game [4,6]: 1296 secrets
  strategy knuth, first guess 1122
  total 5801
  average 4.476
  worst 5
  histogram
    1 guess: 1
    2 guesses: 6
    3 guesses: 62
    4 guesses: 533
    5 guesses: 694
  time 260.6 ms
  $ lightsout mastermind solve --strategy entropy --json
  $ lightsout mastermind solve --pegs 5 --colors 8 --strategy consistent --seed 3
  $ lightsout mastermind solve --pegs 5 --colors 8 --strategy entropy --endgame 25 --tree t58.json`;

const PLAY_HELP = `${NOTATION}

Interactive: the tool prints a guess on stdout and asks for its score on
stderr; answer with a line like "2 1" or "2,1" (black, white). It stops at
"<pegs> 0". Scores no code can satisfy together end it with exit code 1.
With --secret CODE the tool plays against that code and prints each guess
with its score ("guess black white"); --json prints {"secret","strategy",
"guesses":[{"guess","black","white"},..],"count"}.

Examples:
  $ lightsout mastermind play                 # think of a code of 4 pegs, 6 colours
  $ printf '1 0\\n1 1\\n2 0\\n4 0\\n' | lightsout mastermind play
  1122
  1344
  4524
  3624
  $ lightsout mastermind play --secret 1234
  1122 1 1
  1134 3 0
  1234 4 0
  solved in 3 guesses
  $ lightsout mastermind play --pegs 5 --colors 8 --secret 87162 --strategy entropy`;

/**
 * Builds the `mastermind` command and its subcommands `solve` and `play`.
 *
 * @returns the command, to be added to the program
 */
export function mastermindCommand(): Command {
  const mastermind = new Command("mastermind")
    .summary("[n,k]-Mastermind: Knuth's minimax and other codebreakers")
    .description(
      "Mastermind with n pegs and k colours: evaluate a codebreaking strategy over\nall secrets (solve), let it break your code (play), find a proved optimal\nstrategy (optimal), or replay a strategy tree (verify).",
    )
    .addHelpText(
      "after",
      `
Examples:
  $ lightsout mastermind solve --pegs 4 --colors 6 --strategy knuth
  $ lightsout mastermind play --secret 1234
  $ lightsout mastermind play                 (you score the tool's guesses)
  $ lightsout mastermind optimal --pegs 4 --colors 6 --tree t.json
  $ lightsout mastermind verify t.json`,
    );
  mastermind.addCommand(
    withGameOptions(new Command("solve"))
      .summary("evaluate a strategy over all secrets")
      .description(
        "Play a strategy against every secret of [n,k]-Mastermind and print the\ntotal, average and worst number of guesses and their histogram.",
      )
      .option("--endgame <n>", "play sets of at most n codes optimally (branch and bound), the strategy above them")
      .option("--tree <file>", "write the strategy's decision tree (.json: JSON, else text; - for stdout)")
      .option(
        "--threads <n>",
        `worker threads sharing the sub-trees of the first guess (default: every core from ${THREADS_FROM_SECRETS} secrets on; --endgame and --tree run on one)`,
      )
      .addHelpText("after", SOLVE_HELP)
      .action((flags: SolveFlags) => solveAll(flags)),
  );
  mastermind.addCommand(
    withGameOptions(new Command("play"))
      .summary("let the tool break a code: yours, scored on stdin, or --secret")
      .description(
        "The tool guesses, you score each guess on stdin (or it scores itself\nagainst --secret), until the code is found.",
      )
      .option("--secret <code>", "a code to break instead of asking for scores")
      .addHelpText("after", PLAY_HELP)
      .action((flags: PlayFlags) => (flags.secret === undefined ? playInteractive(flags) : playSecret(flags))),
  );
  mastermind.addCommand(optimalSubcommand());
  mastermind.addCommand(verifySubcommand());
  return mastermind;
}

function withGameOptions(command: Command): Command {
  return command
    .exitOverride()
    .configureOutput({ outputError: () => {} })
    .helpOption("-h, --help", "show help")
    .option("--pegs <n>", "n, the number of positions", "4")
    .option("--colors <k>", "k, the number of colours (1..35)", "6")
    .option("--strategy <name>", `${STRATEGIES.join(", ")}`, "knuth")
    .option("--seed <s>", "seed of the consistent strategy (default: 1)")
    .option("--first <code>", "play this first guess instead of the strategy's")
    .option("--json", "print one JSON object instead of text");
}

function gameOf(flags: GameFlags): Game {
  const pegs = parseIntegerOption("--pegs", flags.pegs, 1, 20);
  const colors = parseIntegerOption("--colors", flags.colors, 1, 35);
  if (colors ** pegs > MAX_CODES) {
    throw usageError(
      formatLimit({
        subject: `--pegs ${pegs} --colors ${colors}`,
        max: MAX_CODES,
        got: colors ** pegs,
        unit: ["code", "codes"],
        why: "colors^pegs",
      }),
    );
  }
  const space = new CodeSpace(pegs, colors);
  if (!(STRATEGIES as readonly string[]).includes(flags.strategy)) {
    throw usageError(`--strategy expected one of ${STRATEGIES.join(", ")}, got '${flags.strategy}'`);
  }
  const seed = flags.seed === undefined ? 1 : parseIntegerOption("--seed", flags.seed, 0, 0xffffffff);
  const game: Game = { space, strategy: flags.strategy as Strategy, seed };
  if (flags.first !== undefined) game.first = codeOption(space, "--first", flags.first);
  return game;
}

function codeOption(space: CodeSpace, option: string, text: string): number[] {
  try {
    return space.parse(text);
  } catch (error) {
    throw usageError(`${option}: ${(error as Error).message}`, error);
  }
}

function solverOptions(game: Game) {
  return { strategy: game.strategy, seed: game.seed, ...(game.first ? { firstGuess: game.first } : {}) };
}

async function solveAll(flags: SolveFlags): Promise<void> {
  const game = gameOf(flags);
  const { space } = game;
  const threads = flags.threads === undefined ? undefined : parseIntegerOption("--threads", flags.threads, 1, 256);
  if (io.stderr.isTTY && space.size > 5000 && game.strategy !== "consistent") {
    io.stderr.write(`evaluating ${game.strategy} over ${formatCount(space.size, "secret")}: this can take minutes\n`);
  }
  const start = performance.now();
  const oneThread = threads === 1 || (threads === undefined && space.size < THREADS_FROM_SECRETS);
  const e =
    flags.endgame !== undefined || flags.tree !== undefined
      ? withEndgames(game, flags)
      : oneThread
        ? evaluate(space, solverOptions(game))
        : await evaluateOnThreads(space, { ...solverOptions(game), ...(threads === undefined ? {} : { threads }) });
  const ms = Math.round((performance.now() - start) * 10) / 10;
  const histogram: Record<string, number> = {};
  for (let g = 1; g < e.histogram.length; g++) histogram[String(g)] = e.histogram[g]!;
  const firstGuess = space.format(e.firstGuess);
  if (flags.tree === "-") return;
  if (flags.json) {
    const { pegs, colors, strategy, secrets, total, average, worst } = e;
    const endgame = flags.endgame === undefined ? {} : { endgame: Number(flags.endgame) };
    io.stdout.write(
      `${JSON.stringify({ pegs, colors, strategy, ...endgame, firstGuess, secrets, total, average, worst, histogram, ms })}\n`,
    );
    return;
  }
  const width = String(e.worst).length;
  const lines = [
    `game [${e.pegs},${e.colors}]: ${formatCount(e.secrets, "secret")}`,
    `strategy ${e.strategy}${flags.endgame === undefined ? "" : `, optimal endgames of at most ${flags.endgame} codes`}, first guess ${firstGuess}`,
    `total ${e.total}`,
    `average ${e.average.toFixed(3)}`,
    `worst ${e.worst}`,
    "histogram",
    ...Object.entries(histogram).map(([g, count]) => `  ${g.padStart(width)} guess${g === "1" ? "" : "es"}: ${count}`),
    `time ${ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(2)} s`}`,
  ];
  io.stdout.write(`${lines.join("\n")}\n`);
}

/** The strategy as a decision tree, with optimal endgames (--endgame), its record by replay; the tree written (--tree). */
function withEndgames(game: Game, flags: SolveFlags): Evaluation {
  const { space } = game;
  if (game.first)
    throw usageError("--first goes without --endgame and --tree (the tree starts with the strategy's guess)");
  if (game.strategy === "consistent")
    throw usageError("--endgame and --tree expected a deterministic strategy, got 'consistent'");
  const endgame = flags.endgame === undefined ? 0 : parseIntegerOption("--endgame", flags.endgame, 0, 4096);
  const r = hybridStrategy(space, { strategy: game.strategy, endgame });
  if (flags.tree !== undefined) {
    const text = flags.tree.endsWith(".json") ? `${JSON.stringify(r.tree)}\n` : treeToText(r.tree);
    if (flags.tree === "-") io.stdout.write(text);
    else writeOutputFile(flags.tree, text);
  }
  const { total, average, worst, histogram, secrets } = r;
  const firstGuess = space.parse(r.tree.root.guess);
  return {
    pegs: space.pegs,
    colors: space.colors,
    strategy: game.strategy,
    firstGuess,
    secrets,
    total,
    average,
    worst,
    histogram,
    nodes: r.endgames,
  };
}

function playSecret(flags: PlayFlags): void {
  const game = gameOf(flags);
  const { space } = game;
  const secret = codeOption(space, "--secret", flags.secret!);
  const solver = new Solver(space, solverOptions(game));
  while (!solver.solved) {
    const guess = solver.nextGuess();
    solver.record(guess, score(guess, secret));
  }
  const moves = solver.history;
  if (flags.json) {
    const guesses = moves.map((m) => ({ guess: space.format(m.guess), black: m.score.black, white: m.score.white }));
    const json = { secret: space.format(secret), strategy: game.strategy, guesses, count: moves.length };
    io.stdout.write(`${JSON.stringify(json)}\n`);
    return;
  }
  const lines = moves.map((m) => `${space.format(m.guess)} ${m.score.black} ${m.score.white}`);
  lines.push(`solved in ${moves.length} guess${moves.length === 1 ? "" : "es"}`);
  io.stdout.write(`${lines.join("\n")}\n`);
}

/**
 * The tool guesses on stdout, reads each score from stdin. Blank lines and
 * lines starting with # are skipped. A malformed or impossible score is
 * asked again on a terminal and ends the game (exit 1) from a pipe;
 * inconsistent scores always end it.
 */
async function playInteractive(flags: PlayFlags): Promise<void> {
  const game = gameOf(flags);
  if (flags.json)
    throw usageError("--json expected --secret alongside, got --json alone (interactive play prints guesses)");
  const { space } = game;
  const solver = new Solver(space, solverOptions(game));
  const tty = io.stdin.isTTY === true;
  const reader = createInterface({ input: io.stdin, terminal: false, crlfDelay: Infinity });
  const lines = reader[Symbol.asyncIterator]();
  let lineNumber = 0;
  try {
    if (tty) {
      io.stderr.write(
        `Think of a code of ${formatCount(space.pegs, "peg")} with colours ${space.format(space.codeAt(0)).slice(0, 1)}..${space.format(space.codeAt(space.size - 1)).slice(0, 1)}; score each guess as "black white".\n`,
      );
    }
    while (!solver.solved) {
      const guess = solver.nextGuess();
      const text = space.format(guess);
      io.stdout.write(`${text}\n`);
      for (;;) {
        io.stderr.write(`score of ${text} (black white)? `);
        const next = await lines.next();
        if (next.done) {
          io.stderr.write("\n");
          const scored = solver.history.length;
          throw inputError(
            `stdin ended before the code was found (${scored} guess${scored === 1 ? "" : "es"} scored; expected a score for ${text})`,
          );
        }
        lineNumber++;
        const line = next.value.trim();
        if (line === "" || line.startsWith("#")) continue;
        if (!tty) io.stderr.write(`${printable(line, 40)}\n`);
        try {
          solver.record(guess, parseScore(line));
          break;
        } catch (error) {
          if (error instanceof InconsistentScoresError) throw inputError(error.message, error);
          if (!(error instanceof RangeError)) throw error;
          if (!tty) throw inputError(`<stdin>:${lineNumber}: ${error.message}`, error);
          io.stderr.write(`${printable(error.message)}\n`);
        }
      }
      if (!solver.solved)
        io.stderr.write(`${solver.remaining} code${solver.remaining === 1 ? "" : "s"} still possible\n`);
    }
    const moves: readonly Move[] = solver.history;
    io.stderr.write(
      `solved: ${space.format(moves[moves.length - 1]!.guess)} in ${moves.length} guess${moves.length === 1 ? "" : "es"}\n`,
    );
  } finally {
    reader.close();
    if (tty) io.stdin.pause();
  }
}
