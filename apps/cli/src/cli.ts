#!/usr/bin/env node
/**
 * The `lightsout` executable: wires the subcommands and runs them.
 * Each command lives in `commands/`; shared helpers live beside this file.
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
import { createProgram, installProcessHandlers, runProgram } from "./program.js";

installProcessHandlers();
const program = createProgram([solveCommand(), quietCommand(), chaseMatrixCommand(), randomCommand(), renderCommand(), optimalCommand(), judgeCommand(), nullityCommand(), mastermindCommand(), rankCommand(), benchCommand()]);
process.exitCode = await runProgram(program, process.argv);
