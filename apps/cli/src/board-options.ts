/**
 * The board options shared by `solve`, `quiet`, `random`, `render` and
 * `optimal`: --states, --topology (--torus), --rule, and the grid size options.
 *
 * @module
 */
import { type BoardInput, checkBoard, type GridOptions, ParseError, parseRule } from "@lightsout/core";
import { readBoard as readBoardBytes } from "@lightsout/core/io";
import { MAX_STATES } from "@lightsout/core/lightsout";
import type { Command } from "commander";
import { inputError, printable, usageError } from "./errors.js";
import { inputBytes } from "./input.js";
import { parseIntegerOption } from "./options.js";
import { io, type OutputStream, writeOut } from "./io.js";

const TOPOLOGIES = ["plane", "torus", "projective"] as const;

/** Board options as commander hands them over. */
export interface BoardFlags {
  states?: string;
  torus?: boolean;
  topology?: string;
  rule?: string;
}

/**
 * Adds --states, --topology, --torus and --rule to a command.
 *
 * @param command - the command
 * @returns the same command
 */
export function withBoardOptions(command: Command): Command {
  return command
    .option(
      "--states <k>",
      `light states 2..${MAX_STATES} (default 2; more than 2 in solve, random and quiet; past 36, cells are numbers between blanks)`,
    )
    .option(
      "--topology <t>",
      "how the edges are glued: plane (default), torus, or projective (opposite edges glued with a twist)",
    )
    .option("--torus", "wrap around the edges: shorthand for --topology torus")
    .option("--rule <rule>", "neighbourhood: plus (default), x, king, knight, or offsets like '-1,0;1,0'");
}

/**
 * The number of light states of the flags, checked (2..2^31-1, default 2).
 *
 * @param flags - the parsed flags
 * @returns K
 * @throws a usage error for --states outside 2..2^31-1
 */
export function boardStates(flags: BoardFlags): number {
  return flags.states === undefined ? 2 : parseIntegerOption("--states", flags.states, 2, MAX_STATES);
}

/**
 * The grid options of the flags, checked.
 *
 * @param flags - the parsed flags
 * @param multiState - whether the command takes --states above 2 (solve, random)
 * @returns topology (`torus: true` for a torus) and rule for the core's board constructors
 * @throws usage errors for an unknown rule or topology, --torus with another --topology, or unsupported --states
 */
export function gridOptions(flags: BoardFlags, multiState = false): GridOptions {
  const k = boardStates(flags);
  if (k !== 2 && !multiState)
    throw usageError(
      `--states ${k} is not available for this command; only 2-state lights (GF(2)) here (solve, random and quiet take --states)`,
    );
  const options: GridOptions = {};
  const topology = flags.topology;
  if (topology !== undefined && !(TOPOLOGIES as readonly string[]).includes(topology))
    throw usageError(`--topology expected plane, torus or projective, got '${printable(topology)}'`);
  if (flags.torus && topology !== undefined && topology !== "torus")
    throw usageError(`--torus conflicts with --topology ${topology}: give one of them`);
  if (flags.torus || topology === "torus") options.torus = true;
  else if (topology === "projective") options.topology = "projective";
  if (flags.rule !== undefined) {
    try {
      options.rule = parseRule(flags.rule);
    } catch (error) {
      throw usageError(`--rule ${(error as Error).message}`, error);
    }
  }
  return options;
}

/**
 * Reads --rows and --cols (both required).
 *
 * @param flags - `rows` and `cols` as text
 * @returns the sizes
 * @throws a usage error when either is missing or not a positive integer, or
 *   the board would have more cells than a board may have (before anything is allocated)
 */
export function gridSize(flags: { rows?: string; cols?: string }): { rows: number; cols: number } {
  if (flags.rows === undefined || flags.cols === undefined) {
    throw usageError(`expected --rows R and --cols C, got ${flags.rows === undefined ? "no --rows" : "no --cols"}`);
  }
  const rows = parseIntegerOption("--rows", flags.rows, 1);
  const cols = parseIntegerOption("--cols", flags.cols, 1);
  try {
    checkBoard({ kind: "grid", rows, cols });
  } catch (error) {
    throw usageError(`--rows ${rows} --cols ${cols}: ${(error as Error).message}`, error);
  }
  return { rows, cols };
}

/**
 * Writes values as a JSON array (`[0,1,...]`) a block at a time, so a
 * board of 10^8 cells never becomes one string or an array of numbers.
 *
 * @param stream - where to write
 * @param values - the values, integers 0..2^31-2
 * @returns when the last block is written (waiting for drain between blocks)
 */
export async function writeJsonValues(stream: OutputStream, values: ArrayLike<number>): Promise<void> {
  const block = 1 << 20;
  for (let start = 0; start < values.length || start === 0; start += block) {
    const end = Math.min(values.length, start + block);
    const out = new Uint8Array(11 * (end - start) + 2); // up to 10 digits and a comma each
    let o = 0;
    if (start === 0) out[o++] = 0x5b; // [
    for (let i = start; i < end; i++) {
      if (i > 0) out[o++] = 0x2c; // ,
      let v = values[i]!;
      const first = o;
      do {
        out[o++] = 0x30 + (v % 10);
        v = Math.floor(v / 10);
      } while (v > 0);
      out.subarray(first, o).reverse(); // the digits came least significant first
    }
    if (end === values.length) out[o++] = 0x5d; // ]
    await writeOut(stream, out.subarray(0, o));
  }
}

/**
 * Reads a board and its lights from FILE ('-' or nothing: stdin).
 *
 * @param file - the FILE argument
 * @param grid - torus and rule for text boards
 * @param states - light states K (default 2): text cells 0..K-1
 * @returns the board, its lights and the input's name
 * @throws a usage error when stdin is a terminal and no FILE was given; an
 *   input error (exit 1, with file:line:column) for a malformed board
 */
export async function readBoard(
  file: string | undefined,
  grid: GridOptions,
  states = 2,
): Promise<BoardInput & { source: string }> {
  if (file === undefined && io.stdin.isTTY)
    throw usageError("expected a FILE or '-' for stdin, got nothing (stdin is a terminal)");
  // streamed: a board past the limits is refused at its line, before the rest of the input is read
  const { source, chunks } = inputBytes(file ?? "-");
  try {
    return { ...(await readBoardBytes(chunks, { source, states, ...grid })), source };
  } catch (error) {
    if (error instanceof ParseError) throw inputError(error.message, error);
    if (error instanceof RangeError || error instanceof TypeError)
      throw inputError(`${source}: ${error.message}`, error);
    throw error;
  }
}
