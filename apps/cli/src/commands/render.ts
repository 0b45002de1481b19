/**
 * `lightsout render [FILE|-] --svg OUT | --png OUT [--solution]`: a picture
 * of a board, optionally with the presses that solve it.
 *
 * @module
 */
import { resolve } from "node:path";
import { solveLightsOut } from "@lightsout/core";
import type { Command } from "commander";
import { type BoardFlags, boardFileCommand, gridOptions, readBoard } from "../board-options.js";
import { inputError, usageError } from "../errors.js";
import { cannotWrite } from "../input.js";
import { checkSvgSize, writeBoardPicture } from "../pictures.js";
import { withProgress } from "../states.js";
import { io, stdoutWritable } from "../io.js";

interface RenderFlags extends BoardFlags {
  svg?: string;
  png?: string;
  solution?: boolean;
}

const EXAMPLES = `
Lit cells are yellow, dark cells grey (with --states K, each state 1..K-1
its own colour); with --solution the presses of a
solution are red dots (an unsolvable board is drawn without them, and a note
goes to stderr). Graph boards are drawn with their vertices on a circle
(SVG only). SVG is for boards up to 512 x 512 cells; PNG takes any size,
with one pixel per cell from 1024 cells across.

Examples:
  $ lightsout random --rows 9 --cols 9 --seed 3 | lightsout render - --svg board.svg --solution
  $ lightsout render board.txt --png board.png`;

/**
 * Builds the `render` command.
 *
 * @returns the command
 */
export function renderCommand(): Command {
  return boardFileCommand("render", "a picture of a board (SVG or PNG)", "Draw a board read from FILE ('-' for stdin).")
    .option("--svg <out>", "write an SVG picture ('-': standard output)")
    .option("--png <out>", "write a PNG picture of a grid board ('-': standard output)")
    .option("--solution", "mark the presses of a solution")
    .addHelpText("after", EXAMPLES)
    .action(async (file: string | undefined, flags: RenderFlags) => {
      gridOptions(flags, true); // bad board flags are usage errors before anything is read
      if ((flags.svg === undefined) === (flags.png === undefined)) {
        throw usageError(
          `expected exactly one of --svg OUT and --png OUT, got ${flags.svg === undefined ? "neither" : "both"}`,
        );
      }
      const { board, lights, states } = await readBoard(file, flags);
      if (flags.png !== undefined && board.kind !== "grid")
        throw usageError("--png draws grid boards; use --svg for a graph");
      if (flags.svg !== undefined) {
        try {
          checkSvgSize(board);
        } catch (error) {
          throw usageError(`--svg: ${(error as Error).message}`, error);
        }
      }
      let presses: ArrayLike<number> | undefined;
      if (flags.solution) {
        let s: { presses: ArrayLike<number> | null };
        try {
          s = withProgress("render", (watch) => solveLightsOut(board, lights, { states, ...watch }));
        } catch (error) {
          // the press matrix of a huge board does not fit: say so on one line
          if (error instanceof RangeError) throw inputError(`--solution: ${error.message}`, error);
          throw error;
        }
        if (s.presses) presses = s.presses;
        else io.stderr.write("lightsout: the board is unsolvable: drawn without presses\n");
      }
      const out = flags.svg ?? flags.png!;
      // '-' is standard output, as for chase-matrix
      const target = out === "-" ? stdoutWritable() : resolve(io.cwd, out);
      try {
        await writeBoardPicture(target, flags.svg !== undefined ? "svg" : "png", { board, lights, presses, states });
      } catch (error) {
        // writing stdout ('-') fails as stdout does everywhere; a file names itself
        if (out === "-") throw error;
        throw cannotWrite(out, error);
      }
    });
}
