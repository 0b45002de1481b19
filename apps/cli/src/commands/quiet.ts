/**
 * `lightsout quiet --rows R --cols C`: a basis of the quiet patterns (press
 * sets that change nothing).
 *
 * @module
 */
import { formatBoard, gridBoard, quietPatterns } from "@lightsout/core";
import { Command } from "commander";
import { type BoardFlags, gridOptions, gridSize, withBoardOptions } from "../board-options.js";

interface QuietFlags extends BoardFlags {
  rows?: string;
  cols?: string;
  json?: boolean;
}

const EXAMPLES = `
Output: "nullity N", then the N basis patterns (1 = press), separated by
blank lines. Every quiet pattern is a sum of these; adding one to a solution
gives another solution. --json prints {rows, cols, nullity, patterns}.

Examples:
  $ lightsout quiet --rows 5 --cols 5
  $ lightsout quiet --rows 4 --cols 4 --torus --json`;

/**
 * Builds the `quiet` command.
 *
 * @returns the command
 */
export function quietCommand(): Command {
  return withBoardOptions(
    new Command("quiet").summary("the quiet patterns of a grid").description("Print a basis of the quiet patterns of an R x C grid."),
  )
    .option("--rows <r>", "rows of the grid")
    .option("--cols <c>", "columns of the grid")
    .option("--json", "print one JSON object")
    .addHelpText("after", EXAMPLES)
    .action((flags: QuietFlags) => {
      const { rows, cols } = gridSize(flags);
      const board = gridBoard(rows, cols, gridOptions(flags));
      const patterns = quietPatterns(board).map((q) => formatBoard(board, q));
      if (flags.json) {
        process.stdout.write(`${JSON.stringify({ rows, cols, nullity: patterns.length, patterns: patterns.map((p) => p.split("\n")) })}\n`);
        return;
      }
      process.stdout.write([`nullity ${patterns.length}`, ...patterns].join("\n\n").replace(/^(nullity \d+)\n\n/, "$1\n") + "\n");
    });
}
