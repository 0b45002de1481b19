#!/usr/bin/env node
/**
 * The `lightsout` executable: wires the subcommands and runs them.
 * Each command lives in `commands/`; shared helpers live beside this file.
 *
 * @module
 */
import { benchCommand } from "./commands/bench.js";
import { rankCommand } from "./commands/rank.js";
import { createProgram, installProcessHandlers, runProgram } from "./program.js";

installProcessHandlers();
const program = createProgram([rankCommand(), benchCommand()]);
process.exitCode = await runProgram(program, process.argv);
