/**
 * `lightsout random --rows R --cols C`: a uniformly random winnable board.
 *
 * @module
 */
import { gridBoard, randomPuzzle } from "@lightsout/core";
import { formatBoardBytes } from "@lightsout/core/io";
import type { Command } from "commander";
import { type GridFlags, boardStates, gridOptions, gridSize, gridCommand, writeJsonValues } from "../board-options.js";
import { parseSeed } from "../options.js";
import { io, writeOut } from "../io.js";

interface RandomFlags extends GridFlags {
  seed?: string;
  json?: boolean;
}

const EXAMPLES = `
The board is random presses applied to a dark board, so every winnable
board is equally likely and the result is always solvable. The output is the
text format that 'lightsout solve' reads; --json prints {"board", "lights"}.

Examples:
  $ lightsout random --rows 5 --cols 5 --seed 42
  $ lightsout random --rows 7 --cols 7 --seed 1 | lightsout solve -
  $ lightsout random --rows 4 --cols 4 --states 3 --seed 1 | lightsout solve - --states 3

With --states K, every cell is pressed a uniform random 0..K-1 times, and the
lights are written as digits then letters (a = 10 ... z = 35).`;

/**
 * Builds the `random` command.
 *
 * @returns the command
 */
export function randomCommand(): Command {
  return gridCommand("random", "a uniformly random winnable board", "Print a random winnable R x C board.")
    .option("--seed <s>", "seed (default 0): the same seed gives the same board")
    .option("--json", "print one JSON object")
    .addHelpText("after", EXAMPLES)
    .action(async (flags: RandomFlags) => {
      const { rows, cols } = gridSize(flags);
      const board = gridBoard(rows, cols, gridOptions(flags, true));
      const states = boardStates(flags);
      const seed = flags.seed === undefined ? 0 : parseSeed(flags.seed);
      const lights = randomPuzzle(board, { states, seed });
      if (flags.json) {
        await writeOut(io.stdout, `{"board":${JSON.stringify(board)},"lights":`);
        await writeJsonValues(io.stdout, lights);
        await writeOut(io.stdout, "}\n");
      } else {
        await writeOut(io.stdout, formatBoardBytes(board, lights, { states }));
        await writeOut(io.stdout, "\n");
      }
    });
}
