/**
 * `lightsout solve [FILE|-]`: which cells to press to switch a board off.
 *
 * @module
 */
import { allSolutions, type Board, formatBoard, ParseError, parseBoard, solveLightsOut } from "@lightsout/core";
import { Command } from "commander";
import { inputError, usageError } from "../errors.js";
import { type BoardFlags, gridOptions, withBoardOptions } from "../board-options.js";
import { readInput } from "../input.js";
import { parseIntegerOption } from "../options.js";

interface SolveFlags extends BoardFlags {
  min?: boolean;
  all?: boolean;
  limit?: string;
  explain?: boolean;
  json?: boolean;
}

const EXAMPLES = `
Input: one row of lights per line, a digit per cell (spaces optional), '.'
where an irregular board has no cell, '#' starts a comment line; or JSON
{"board": {...}, "lights": [...]} (see the README).

Output: the cells to press, in the board's shape (1 = press), or IMPOSSIBLE.
--json prints {solvable, presses, pressCount, nullity, rank, solutions,
winnableBoards, optimal} (solutions and winnableBoards as decimal strings;
optimal is null unless --min was asked); an unsolvable board adds "proof":
a quiet pattern covering an odd number of lit cells.

Examples:
  $ printf '11000\\n10100\\n00000\\n00000\\n00000\\n' | lightsout solve -
  $ lightsout solve board.txt --torus --rule king
  $ lightsout solve board.txt --all --limit 8
  $ lightsout solve board.json --json`;

/**
 * Builds the `solve` command.
 *
 * @returns the command
 */
export function solveCommand(): Command {
  return withBoardOptions(
    new Command("solve")
      .summary("the presses that switch a board off")
      .description("Solve a Lights Out board read from FILE ('-' or nothing for stdin).")
      .argument("[file]", "board as text or JSON; '-' for stdin"),
  )
    .option("--min", "fewest presses (not available yet)")
    .option("--all", "every solution, separated by blank lines")
    .option("--limit <n>", "with --all: at most n solutions (default 1024)")
    .option("--explain", "the light-chasing trace (not available yet)")
    .option("--json", "print one JSON object")
    .addHelpText("after", EXAMPLES)
    .action(async (file: string | undefined, flags: SolveFlags) => {
      process.stdout.write(await solve(file, flags));
    });
}

async function solve(file: string | undefined, flags: SolveFlags): Promise<string> {
  const grid = gridOptions(flags);
  if (flags.min) throw usageError("--min (fewest presses) is not available yet");
  if (flags.explain) throw usageError("--explain (the light-chasing trace) is not available yet");
  if (flags.limit !== undefined && !flags.all) throw usageError("--limit expected --all alongside, got --limit alone");
  const limit = flags.limit === undefined ? 1024 : parseIntegerOption("--limit", flags.limit, 1);
  if (file === undefined && process.stdin.isTTY) throw usageError("expected a FILE or '-' for stdin, got nothing (stdin is a terminal)");
  const { source, text } = await readInput(file ?? "-");
  let input;
  try {
    input = parseBoard(text, { source, ...grid });
  } catch (error) {
    if (error instanceof ParseError || error instanceof RangeError || error instanceof TypeError) {
      throw inputError(error instanceof ParseError ? error.message : `${source}: ${error.message}`, error);
    }
    throw error;
  }
  const { board, lights } = input;
  let s;
  try {
    s = solveLightsOut(board, lights);
  } catch (error) {
    // the press matrix of a huge board does not fit: say so on one line
    if (error instanceof RangeError) throw inputError(`${source}: ${error.message}`, error);
    throw error;
  }
  const shape = (values: Uint8Array) => rowsOf(board, values);
  if (flags.all) {
    const found: Uint8Array[] = [];
    for (const x of allSolutions(board, lights)) {
      if (found.length === limit) break;
      found.push(x);
    }
    const truncated = s.solutions > BigInt(found.length);
    if (flags.json) {
      return `${JSON.stringify({ ...summary(s, shape), all: found.map(shape), truncated })}\n`;
    }
    if (!s.solvable) return "IMPOSSIBLE\n";
    if (truncated) process.stderr.write(`lightsout: showing ${found.length} of ${s.solutions} solutions (--limit)\n`);
    return `${found.map((x) => formatBoard(board, x)).join("\n\n")}\n`;
  }
  if (flags.json) return `${JSON.stringify(summary(s, shape))}\n`;
  return s.solvable ? `${formatBoard(board, s.presses!)}\n` : "IMPOSSIBLE\n";
}

/** Grid rows as strings ('.' for no cell); a graph as one string. */
function rowsOf(board: Board, values: Uint8Array): string[] | string {
  const text = formatBoard(board, values);
  return board.kind === "grid" ? text.split("\n") : text;
}

function summary(s: ReturnType<typeof solveLightsOut>, shape: (v: Uint8Array) => string[] | string) {
  return {
    solvable: s.solvable,
    presses: s.presses ? shape(s.presses) : null,
    pressCount: s.presses ? s.presses.reduce((a, b) => a + b, 0) : null,
    nullity: s.nullity,
    rank: s.rank,
    solutions: s.solutions.toString(),
    winnableBoards: s.winnableBoards.toString(),
    optimal: null,
    ...(s.proof ? { proof: shape(s.proof) } : {}),
  };
}
