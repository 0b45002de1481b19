/**
 * The board options shared by `solve`, `quiet`, `random`, `render` and
 * `optimal`: --states, --topology (--torus), --rule, and the grid size options.
 *
 * @module
 */
import { type Board, type BoardInput, type GridOptions, ParseError, parseRule } from "@lightsout/core";
import { formatLimit } from "@lightsout/core/format";
import { readBoard as readBoardBytes } from "@lightsout/core/io";
import {
  boardTopology,
  MAX_CELLS,
  MAX_STATES,
  type Offset,
  type Rule,
  ruleOffsets,
  type Topology,
} from "@lightsout/core/lightsout";
import { Command } from "commander";
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

/** Board options and the size of a grid: what the commands that build an R x C grid take. */
export interface GridFlags extends BoardFlags {
  rows?: string;
  cols?: string;
}

/**
 * A command that builds an R x C grid (`quiet`, `random`, `optimal`): the
 * board options, then --rows and --cols.
 *
 * @param name - the command's name
 * @param summary - its line in the top-level help
 * @param description - the first paragraph of its own help
 * @returns the command, for its own options and action
 */
export function gridCommand(name: string, summary: string, description: string): Command {
  return withBoardOptions(new Command(name).summary(summary).description(description))
    .option("--rows <r>", "rows of the grid")
    .option("--cols <c>", "columns of the grid");
}

/**
 * A command that reads a board from FILE (`solve`, `render`): the [file]
 * argument, then the board options.
 *
 * @param name - the command's name
 * @param summary - its line in the top-level help
 * @param description - the first paragraph of its own help
 * @returns the command, for its own options and action
 */
export function boardFileCommand(name: string, summary: string, description: string): Command {
  return withBoardOptions(
    new Command(name)
      .summary(summary)
      .description(description)
      .argument("[file]", "board as text or JSON; '-' for stdin"),
  );
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
  const topology = askedTopology(flags);
  if (topology === "torus") options.torus = true;
  else if (topology === "projective") options.topology = "projective";
  const rule = askedRule(flags);
  if (rule !== undefined) options.rule = rule;
  return options;
}

/** The topology --topology or --torus asks for (checked), or undefined when neither was given. */
function askedTopology(flags: BoardFlags): Topology | undefined {
  const topology = flags.topology;
  if (topology !== undefined && !(TOPOLOGIES as readonly string[]).includes(topology))
    throw usageError(`--topology expected plane, torus or projective, got '${printable(topology)}'`);
  if (flags.torus && topology !== undefined && topology !== "torus")
    throw usageError(`--torus conflicts with --topology ${topology}: give one of them`);
  return flags.torus ? "torus" : (topology as Topology | undefined);
}

/** What a rule looks like, for messages. */
const RULE_HELP =
  "plus, x, king, knight, or offsets dr,dc separated by ';' (like '-1,0;1,0;0,-1;0,1', the plus rule, or '0,1;0,-1' for left and right only)";

/** The rule --rule asks for (checked), or undefined without --rule. */
function askedRule(flags: BoardFlags): Rule | undefined {
  if (flags.rule === undefined) return undefined;
  try {
    return parseRule(flags.rule);
  } catch (error) {
    // an offset beyond the largest board: the core names the limit and the digits
    if (error instanceof RangeError)
      throw usageError(`--rule ${(error as Error).message.replace(/^rule /, "")}`, error);
    throw usageError(`--rule expected ${RULE_HELP}, got '${printable(flags.rule)}'`, error);
  }
}

/**
 * Refuses board flags that disagree with the board read: a JSON board states
 * its own topology and rule, and --topology, --torus or --rule saying
 * otherwise would be ignored without a word (the answer would be for
 * another board than the one the user described). Flags that agree pass:
 * `--torus` on a JSON torus, `--topology plane` on a grid without a
 * topology, `--rule '0,1;1,0'` on the rule `{"offsets": [[1, 0], [0, 1]]}`
 * (a rule is a set of offsets: order, repeats and 0,0, which adds nothing to
 * a press, do not matter). Text boards are built from the flags, so they agree.
 *
 * @param board - the board as read
 * @param flags - the flags as typed (already checked by {@link gridOptions})
 * @param source - the input's name, for the message
 * @throws a usage error (exit 2) naming the flag as typed, the input and what the input's board says
 */
export function refuseDisagreeingBoardFlags(board: Board, flags: BoardFlags, source: string): void {
  const topology = askedTopology(flags);
  if (topology !== undefined && !(board.kind === "grid" && boardTopology(board) === topology)) {
    const flag = flags.topology === undefined ? "--torus" : `--topology ${topology}`;
    throw usageError(
      `${flag} conflicts with '${source}': its JSON board is ${describeTopology(board)}; ` +
        `set the topology in the file, or drop ${flag}`,
    );
  }
  const rule = askedRule(flags);
  if (rule === undefined) return;
  if (board.kind !== "grid" || !sameOffsets(ruleOffsets(board.rule ?? "plus"), ruleOffsets(rule))) {
    const has =
      board.kind === "grid"
        ? `has the rule ${describeRule(board.rule ?? "plus")}${board.rule === undefined ? ' (the default: no "rule")' : ""}`
        : "is a graph (no rule)";
    throw usageError(
      `--rule ${printable(flags.rule!)} conflicts with '${source}': its JSON board ${has}; set the rule in the file, or drop --rule`,
    );
  }
}

/** A board's topology as its JSON states it, e.g. `a torus grid`. */
function describeTopology(board: Board): string {
  if (board.kind === "graph") return "a graph (no topology)";
  const topology = boardTopology(board);
  return topology === "plane" ? 'a plane grid (no "topology")' : `a ${topology} grid`;
}

/** A rule in the notation of --rule: its name, or its offsets `dr,dc;dr,dc`. */
function describeRule(rule: Rule): string {
  return typeof rule === "string" ? rule : rule.offsets.map(([dr, dc]) => `${dr},${dc}`).join(";");
}

/** Whether two lists of offsets are the same set, 0,0 aside (a press reaches its own cell or not by selfToggle). */
function sameOffsets(a: readonly Offset[], b: readonly Offset[]): boolean {
  const set = (offsets: readonly Offset[]) =>
    new Set(offsets.filter(([dr, dc]) => dr !== 0 || dc !== 0).map(([dr, dc]) => `${dr},${dc}`));
  const x = set(a);
  const y = set(b);
  return x.size === y.size && [...x].every((o) => y.has(o));
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
  const why = "a board has at most 2^28 cells";
  const rows = parseIntegerOption("--rows", flags.rows, 1, MAX_CELLS, why);
  const cols = parseIntegerOption("--cols", flags.cols, 1, MAX_CELLS, why);
  if (rows * cols > MAX_CELLS)
    throw usageError(
      formatLimit({
        subject: `--rows ${rows} --cols ${cols}`,
        max: MAX_CELLS,
        got: rows * cols,
        unit: ["cell", "cells"],
        why: "the largest board",
      }),
    );
  return { rows, cols };
}

/**
 * The board options as the user typed them, for messages about the board:
 * `--rows 1200 --cols 1200 --torus --states 3`.
 *
 * @param flags - the board flags
 * @param rows - the rows, checked
 * @param cols - the columns, checked
 * @returns the options, in a fixed order
 */
export function boardDescription(flags: BoardFlags, rows: number, cols: number): string {
  const parts = [`--rows ${rows}`, `--cols ${cols}`];
  if (flags.torus) parts.push("--torus");
  if (flags.topology !== undefined) parts.push(`--topology ${printable(flags.topology)}`);
  if (flags.rule !== undefined) parts.push(`--rule ${printable(flags.rule)}`);
  if (flags.states !== undefined) parts.push(`--states ${printable(flags.states)}`);
  return parts.join(" ");
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
 * Reads a board and its lights from FILE ('-' or nothing: stdin), with the
 * board flags: --states for the lights, --topology (--torus) and --rule for
 * a text board; a JSON board states its own, and flags that disagree with
 * it are refused.
 *
 * @param file - the FILE argument
 * @param flags - the board flags as typed
 * @returns the board, its lights, the number of light states and the input's name
 * @throws a usage error for bad flags, flags that disagree with a JSON board,
 *   or when stdin is a terminal and no FILE was given; an input error (exit
 *   1, with file:line:column) for a malformed board
 */
export async function readBoard(
  file: string | undefined,
  flags: BoardFlags,
): Promise<BoardInput & { source: string; states: number }> {
  const grid = gridOptions(flags, true);
  const states = boardStates(flags);
  if (file === undefined && io.stdin.isTTY)
    throw usageError("expected a FILE or '-' for stdin, got nothing (stdin is a terminal)");
  // streamed: a board past the limits is refused at its line, before the rest of the input is read
  const { source, chunks } = inputBytes(file ?? "-");
  let input: BoardInput;
  try {
    input = await readBoardBytes(chunks, { source, states, ...grid });
  } catch (error) {
    if (error instanceof ParseError) throw inputError(error.message, error);
    if (error instanceof RangeError || error instanceof TypeError)
      throw inputError(`${source}: ${error.message}`, error);
    throw error;
  }
  refuseDisagreeingBoardFlags(input.board, flags, source);
  return { ...input, source, states };
}
