/**
 * `lightsout judge poj1222|poj3279 [FILE|-]`: the exact output of two online
 * judge problems for the judge's input.
 *
 * @module
 */
import { ParseError } from "@lightsout/core";
import { poj1222, poj3279 } from "@lightsout/core/lightsout";
import { Command } from "commander";
import { inputError, usageError } from "../errors.js";
import { readInput } from "../input.js";
import { io } from "../io.js";

const PROBLEMS: Record<string, (input: string, source: string) => string> = { poj1222, poj3279 };

const EXAMPLES = `
Problems:
  poj1222  Extended Lights Out: T, then T puzzles of 5 rows x 6 lights;
           prints "PUZZLE #m" and the 5 x 6 press grid for each
  poj3279  Fliptile: "M N" (1..15), then M rows of N tiles; prints the flip
           grid with the fewest flips (ties: the smallest grid read
           row-major), or IMPOSSIBLE; several cases in a row are answered
           in turn

Input is read as the judges read it (numbers separated by any white space);
malformed input stops with "file:line:column: expected ..., got ..." (exit 1).

Examples:
  $ lightsout judge poj1222 < poj1222_sample.in
  PUZZLE #1
  1 0 1 0 0 1
  ...
  $ printf '1 3\\n1 1 1\\n' | lightsout judge poj3279
  0 1 0
  $ lightsout judge poj3279 cases.in > cases.out`;

/**
 * Builds the `judge` command.
 *
 * @returns the command, to be added to the program
 */
export function judgeCommand(): Command {
  return new Command("judge")
    .summary("answer POJ 1222 / POJ 3279 judge input exactly")
    .description(
      "Read a judge's input (FILE, or stdin when FILE is '-' or left out) and print\nexactly the judge's expected output.",
    )
    .argument("<problem>", "poj1222 or poj3279")
    .argument("[file]", "the judge input; '-' or nothing for stdin")
    .addHelpText("after", EXAMPLES)
    .action(async (problem: string, file: string | undefined) => {
      const solve = Object.hasOwn(PROBLEMS, problem) ? PROBLEMS[problem] : undefined;
      if (!solve) throw usageError(`judge expected a problem poj1222 or poj3279, got '${problem}'`);
      const { source, text } = await readInput(file ?? "-");
      let out: string;
      try {
        out = solve(text, source);
      } catch (error) {
        if (error instanceof ParseError) throw inputError(error.message, error);
        throw error;
      }
      io.stdout.write(out);
    });
}
