/**
 * `lightsout quiet --rows R --cols C`: a basis of the quiet patterns (press
 * sets that change nothing).
 *
 * @module
 */
import { type GridBoard, gridBoard, gridNullity, quietPatterns } from "@lightsout/core";
import { formatCount, formatLimit } from "@lightsout/core/format";
import { boardTopology, isChaseableRectangle } from "@lightsout/core/lightsout";
import { torusNullity } from "@lightsout/core/nullity";
import { formatBoardBytes } from "@lightsout/core/io";
import type { Command } from "commander";
import { type GridFlags, boardDescription, boardStates, gridOptions, gridSize, gridCommand } from "../board-options.js";
import { withProgress } from "../states.js";
import { usageError } from "../errors.js";
import { io, writeOut } from "../io.js";

interface QuietFlags extends GridFlags {
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
  return gridCommand("quiet", "the quiet patterns of a grid", "Print a basis of the quiet patterns of an R x C grid.")
    .option("--json", "print one JSON object")
    .addHelpText("after", EXAMPLES)
    .action(async (flags: QuietFlags) => {
      const { rows, cols } = gridSize(flags);
      const states = boardStates(flags);
      const board = gridBoard(rows, cols, gridOptions(flags, true));
      const basis = quietBasis(board, states, boardDescription(flags, rows, cols));
      if (flags.json) {
        const head = { rows, cols, ...(states === 2 ? {} : { states }), nullity: basis.length };
        await writeOut(io.stdout, `${JSON.stringify(head).slice(0, -1)},"patterns":[`);
        for (let i = 0; i < basis.length; i++) {
          if (i > 0) await writeOut(io.stdout, ",");
          await writeOut(io.stdout, jsonRows(formatBoardBytes(board, basis[i]!, { states })));
        }
        await writeOut(io.stdout, "]}\n");
        return;
      }
      await writeOut(io.stdout, `nullity ${basis.length}\n`);
      for (let i = 0; i < basis.length; i++) {
        await writeOut(io.stdout, formatBoardBytes(board, basis[i]!, { states }));
        await writeOut(io.stdout, i + 1 < basis.length ? "\n\n" : "\n");
      }
    });
}

/** The largest quiet basis written (nullity x cells entries, at least a byte each): 256 MiB. */
const QUIET_MAX_BYTES = 2 ** 28;

/**
 * The quiet basis, its size checked before the work that builds it, on
 * every board: two-state plain rectangles and square plus tori by their
 * closed forms (no elimination: nothing to build when the nullity is 0),
 * every other board (rules, the projective plane, m x n tori, more states)
 * by the library as soon as its elimination knows the nullity, before any
 * pattern is built (building them is most of the work: 192 patterns of the
 * 1200 x 1200 torus take about 6 times the elimination). A basis over
 * {@link QUIET_MAX_BYTES}, or a press matrix that cannot fit, is a usage error.
 */
function quietBasis(board: GridBoard, states: number, size: string): ArrayLike<number>[] {
  const { rows, cols } = board;
  try {
    const nullity = states === 2 ? closedFormNullity(board) : undefined;
    if (nullity === 0) return [];
    if (nullity !== undefined && nullity * rows * cols > QUIET_MAX_BYTES)
      throw usageError(
        formatLimit({
          subject: `${size}: the quiet basis (${formatCount(nullity, "pattern")} of ${formatCount(rows * cols, "cell")})`,
          max: QUIET_MAX_BYTES,
          got: nullity * rows * cols,
          unit: ["entry", "entries"],
          hint: "ask for the nullity instead (lightsout nullity), or for the patterns of a smaller board",
        }),
      );
    return withProgress("quiet", (onProgress) =>
      quietPatterns(board, { states, maxEntries: QUIET_MAX_BYTES, ...onProgress }),
    );
  } catch (error) {
    if (error instanceof RangeError) throw usageError(`${size}: ${error.message}`, error);
    throw error;
  }
}

/** The nullity over GF(2) when a closed form gives it: plain rectangles, and square tori with the plus rule. */
function closedFormNullity(board: GridBoard): number | undefined {
  const { rows, cols, rule, mask, selfToggle } = board;
  if (isChaseableRectangle(board)) return gridNullity(rows, cols);
  const plus = rule === undefined || rule === "plus";
  if (boardTopology(board) === "torus" && rows === cols && plus && !mask && selfToggle !== false)
    return torusNullity(rows);
  return undefined;
}

/** Board text (rows separated by line breaks) as a JSON array of row strings: `["01","10"]`. */
function jsonRows(text: Uint8Array): Uint8Array {
  const breaks: number[] = [];
  for (let at = text.indexOf(0x0a); at >= 0; at = text.indexOf(0x0a, at + 1)) breaks.push(at);
  const out = new Uint8Array(text.length + 2 * breaks.length + 4);
  out.set([0x5b, 0x22]); // ["
  let from = 0;
  let o = 2;
  for (const at of breaks) {
    out.set(text.subarray(from, at), o);
    o += at - from;
    out.set([0x22, 0x2c, 0x22], o); // ","
    o += 3;
    from = at + 1;
  }
  out.set(text.subarray(from), o);
  out.set([0x22, 0x5d], o + text.length - from); // "]
  return out;
}
