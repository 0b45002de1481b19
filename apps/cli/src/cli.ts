#!/usr/bin/env node
/**
 * The `lightsout` executable: the program of `main.ts` on the process's own
 * streams, with last-resort handlers for what escapes a command.
 *
 * @module
 */
import { runCli } from "./main.js";
import { installProcessHandlers } from "./program.js";

installProcessHandlers();
process.exitCode = await runCli(process.argv.slice(2));
