/**
 * `lightsout optimal --rows R --cols C --distribution`: how many winnable
 * boards of a grid need each minimum number of presses.
 *
 * @module
 */
import { gridBoard } from "@lightsout/core";
import { optimalDistribution } from "@lightsout/core/lightsout";
import type { Command } from "commander";
import { type GridFlags, boardDescription, boardStates, gridOptions, gridSize, gridCommand } from "../board-options.js";
import { usageError } from "../errors.js";
import { createProgressBar } from "../progress.js";
import { io } from "../io.js";

interface OptimalFlags extends GridFlags {
  distribution?: boolean;
  json?: boolean;
}

const EXAMPLES = `
Output: one line "presses boards" per press count p = 0..max: the number of
winnable boards whose fewest presses is p (they add up to 2^rank). --json
prints {"counts":[...]} indexed by press count. Grids of up to 64 cells with
quiet patterns are enumerated exactly (2^rank boards x 2^nullity solutions,
at most 2^34); grids without (nullity 0) give binomial coefficients at any
size up to 4096 cells.
With --states K (3 or more) a press adds 1 (mod K) and presses count with
multiplicity; every winnable board is visited by a breadth-first search, so
K^cells must be at most 2^27 (3 x 3 over Z_3: 19,683 boards; 4 x 4 over Z_3:
4,782,969 winnable boards of 3^16, about 20 s). --json adds "states".

Examples:
  $ lightsout optimal --rows 5 --cols 5 --distribution
  0 1
  1 25
  2 300
  ...
  15 7350
  $ lightsout optimal --rows 4 --cols 4 --distribution --json
  {"counts":[1,16,120,560,1387,1440,540,32]}
  $ lightsout optimal --rows 3 --cols 3 --torus --distribution
  $ lightsout optimal --rows 3 --cols 3 --states 3 --distribution --json`;

/**
 * Builds the `optimal` command.
 *
 * @returns the command, to be added to the program
 */
export function optimalCommand(): Command {
  return gridCommand(
    "optimal",
    "distribution of minimum press counts over all winnable boards",
    "For an R x C grid, count the winnable boards that need each minimum number of\n" +
      "presses (--distribution). For the fewest presses of one board, use 'solve --min'.",
  )
    .option("--distribution", "print the number of winnable boards per minimum press count")
    .option("--json", 'print {"counts":[...]} instead of text')
    .addHelpText("after", EXAMPLES)
    .action((flags: OptimalFlags) => {
      const { rows, cols } = gridSize(flags);
      const states = boardStates(flags);
      const options = gridOptions(flags, true);
      if (!flags.distribution) {
        throw usageError(
          "expected --distribution (the only mode of 'optimal'), got none; for one board use 'solve --min'",
        );
      }
      const bar = createProgressBar("optimal");
      let counts: bigint[];
      const progress = bar.active ? { onProgress: (done: number, total: number) => bar.update(done, total) } : {};
      try {
        counts = optimalDistribution(gridBoard(rows, cols, options), { states, ...progress }).counts;
      } catch (error) {
        // the library names itself ("optimalDistribution expected ..."): the options are what the user typed
        if (error instanceof RangeError || error instanceof TypeError)
          throw usageError(
            `${boardDescription(flags, rows, cols)}: ${error.message.replace(/^optimalDistribution /, "")}`,
            error,
          );
        throw error;
      } finally {
        bar.finish();
      }
      // bigints as plain digits: exact, and valid JSON numbers
      const text = counts.map((c) => c.toString());
      const extra = states > 2 ? `,"states":${states}` : "";
      io.stdout.write(
        flags.json ? `{"counts":[${text.join(",")}]${extra}}\n` : text.map((c, p) => `${p} ${c}\n`).join(""),
      );
    });
}
