/**
 * `lightsout quiet --rows R --cols C`: a basis of the quiet patterns (press
 * sets that change nothing).
 *
 * @module
 */
import { formatBoard, gridBoard, multiStateQuietPatterns, quietPatterns } from "@lightsout/core";
import { Command } from "commander";
import { type BoardFlags, boardStates, gridOptions, gridSize, withBoardOptions } from "../board-options.js";
import { withProgress } from "../states.js";
import { io } from "../io.js";

interface QuietFlags extends BoardFlags {
  rows?: string;
  cols?: string;
  json?: boolean;
}

const EXAMPLES = `
Output: "nullity N", then the N basis patterns (1 = press), separated by
blank lines. Every quiet pattern is a sum of these; adding one to a solution
gives another solution. --json prints {rows, cols, nullity, patterns}.
With --states K > 2 the patterns are press counts 0..K-1 and generate every
quiet pattern over Z_K (for composite K, as few generators as possible).

Examples:
  $ lightsout quiet --rows 5 --cols 5
  $ lightsout quiet --rows 4 --cols 4 --torus --json
  $ lightsout quiet --rows 4 --cols 4 --states 3`;

/**
 * Builds the `quiet` command.
 *
 * @returns the command
 */
export function quietCommand(): Command {
  return withBoardOptions(
    new Command("quiet")
      .summary("the quiet patterns of a grid")
      .description("Print a basis of the quiet patterns of an R x C grid."),
  )
    .option("--rows <r>", "rows of the grid")
    .option("--cols <c>", "columns of the grid")
    .option("--json", "print one JSON object")
    .addHelpText("after", EXAMPLES)
    .action((flags: QuietFlags) => {
      const { rows, cols } = gridSize(flags);
      const states = boardStates(flags);
      const board = gridBoard(rows, cols, gridOptions(flags, true));
      const basis =
        states === 2
          ? quietPatterns(board)
          : withProgress((onProgress) => multiStateQuietPatterns(board, { states, ...onProgress }));
      const patterns = basis.map((q) => formatBoard(board, q));
      if (flags.json) {
        const states2 = states === 2 ? {} : { states };
        io.stdout.write(
          `${JSON.stringify({ rows, cols, ...states2, nullity: patterns.length, patterns: patterns.map((p) => p.split("\n")) })}\n`,
        );
        return;
      }
      io.stdout.write(
        `${[`nullity ${patterns.length}`, ...patterns].join("\n\n").replace(/^(nullity \d+)\n\n/, "$1\n")}\n`,
      );
    });
}
