/**
 * The whole `lightsout` program as one function: the binary calls it on the
 * process's streams, the tests call it in-process on their own.
 *
 * @module
 */
import { benchCommand } from "./commands/bench.js";
import { chaseMatrixCommand } from "./commands/chase-matrix.js";
import { judgeCommand } from "./commands/judge.js";
import { mastermindCommand } from "./commands/mastermind.js";
import { nullityCommand } from "./commands/nullity.js";
import { optimalCommand } from "./commands/optimal.js";
import { quietCommand } from "./commands/quiet.js";
import { randomCommand } from "./commands/random.js";
import { rankCommand } from "./commands/rank.js";
import { renderCommand } from "./commands/render.js";
import { solveCommand } from "./commands/solve.js";
import { type Io, withIo } from "./io.js";
import { createProgram, runProgram } from "./program.js";

/**
 * Runs `lightsout` on `args` (the arguments after the program name).
 *
 * @param args - e.g. `["solve", "board.txt", "--json"]`
 * @param replacement - streams, environment and folder to use instead of the process's
 * @returns the exit code: 0 answered, 1 bad input, 2 usage error
 */
export async function runCli(args: readonly string[], replacement?: Io): Promise<number> {
  // commander keeps parsed values on the command objects: a fresh program per run
  const program = createProgram([
    solveCommand(),
    quietCommand(),
    chaseMatrixCommand(),
    randomCommand(),
    renderCommand(),
    optimalCommand(),
    judgeCommand(),
    nullityCommand(),
    mastermindCommand(),
    rankCommand(),
    benchCommand(),
  ]);
  const argv = ["node", "lightsout", ...args];
  return replacement ? withIo(replacement, () => runProgram(program, argv)) : runProgram(program, argv);
}
