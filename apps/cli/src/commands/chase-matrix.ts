/**
 * `lightsout chase-matrix N [--rows M]`: the chase matrix C of the M x N
 * grid (plus rule), its rank and number of ones, as text, JSON, a
 * picture (PNG or SVG, both written here by hand: no dependency) or a PBM
 * bitmap (the matrix itself, 1 bit per entry, for `lightsout rank`).
 *
 * @module
 */
import type { BitMatrix } from "@lightsout/core";
import { chaseMatrix, MAX_CELLS } from "@lightsout/core/lightsout";
import { formatPbm } from "@lightsout/core/io";
import { Command } from "commander";
import { usageError } from "../errors.js";
import { writeOutputFile } from "../input.js";
import { parseIntegerOption } from "../options.js";
import { matrixPng, matrixSvg } from "../pictures.js";
import { io } from "../io.js";

interface ChaseMatrixFlags {
  rows?: string;
  json?: boolean;
  png?: string;
  svg?: string;
  pbm?: string;
}

/** Largest N drawn as SVG: one element per entry, so N^2 of them. */
const SVG_MAX = 1024;
/** Largest N: C has N^2 entries (16384^2 bits = 32 MiB). */
const N_MAX = 16384;

const EXAMPLES = `
Output:
  the N rows of C (0/1), then "rank R", "nullity K" (= N - R, the nullity of
  the M x N grid) and "ones X". Column i of C is what pressing first-row cell i
  of a dark board and chasing the lights down leaves below the last row.
  With --png or --svg the picture goes to FILE (a black square per 1) and the
  rows are not printed; FILE '-' writes the picture to stdout alone. --pbm
  writes the matrix as a PBM bitmap (P4: 1 bit per entry, black = 1), the
  format 'lightsout rank' reads fastest.
  --json prints {rows, cols, rank, nullity, ones, matrix} (matrix: N strings;
  left out with a picture, which adds "file").

Examples:
  $ lightsout chase-matrix 5
  01101
  11100
  11011
  00111
  10110
  rank 3
  nullity 2
  ones 16
  $ lightsout chase-matrix 4 --rows 6 --json
  $ lightsout chase-matrix 300 --png c300.png
  $ lightsout chase-matrix 64 --svg c64.svg
  $ lightsout chase-matrix 16384 --pbm c16384.pbm && lightsout rank c16384.pbm`;

/**
 * Builds the `chase-matrix` command.
 *
 * @returns the command, to be added to the program
 */
export function chaseMatrixCommand(): Command {
  return new Command("chase-matrix")
    .summary("the chase matrix of a grid: rank, ones, picture")
    .description(
      "Print the chase matrix C (N x N) of the M x N grid (default M = N), its rank\n" +
        "and its number of ones; the grid's nullity is N - rank(C).",
    )
    .argument("<n>", `columns of the grid (the size of C), 1..${N_MAX}`)
    .option("--rows <m>", "rows of the grid (default: N)")
    .option("--json", "print one JSON object instead of text")
    .option("--png <file>", "write C as a PNG picture (1 pixel per entry, black = 1)")
    .option("--svg <file>", `write C as an SVG picture (one square per entry; N <= ${SVG_MAX})`)
    .option("--pbm <file>", "write C as a PBM bitmap (P4, 1 bit per entry, black = 1)")
    .addHelpText("after", EXAMPLES)
    .action((n: string, flags: ChaseMatrixFlags) => run(n, flags));
}

function run(nText: string, flags: ChaseMatrixFlags): void {
  const n = parseIntegerOption("N", nText, 1, N_MAX);
  const m =
    flags.rows === undefined
      ? n
      : parseIntegerOption(
          "--rows",
          flags.rows,
          1,
          Math.floor(MAX_CELLS / n),
          `the grid has at most 2^28 cells: M x ${n}`,
        );
  const outputs = (["png", "svg", "pbm"] as const).filter((flag) => flags[flag] !== undefined);
  if (outputs.length > 1) {
    const given = outputs.map((flag) => `--${flag} '${flags[flag]}'`).join(" and ");
    throw usageError(`expected one of --png, --svg and --pbm, got ${given}`);
  }
  if (flags.svg !== undefined && n > SVG_MAX) {
    throw usageError(`--svg expected N <= ${SVG_MAX} (one element per entry), got ${n}; use --png`);
  }
  let bits: Uint8Array[] = [];
  let pbm: Uint8Array | undefined;
  let rank: number;
  let ones: number;
  try {
    using c = chaseMatrix(m, n);
    ones = countOnes(c);
    // The bitmap straight from the packed words: no row arrays for the largest N.
    if (flags.pbm !== undefined) pbm = formatPbm(c, { comment: `chase matrix of the ${m} x ${n} grid` });
    else bits = c.toRows();
    rank = c.rank();
  } catch (error) {
    if (error instanceof RangeError) throw usageError(`chase-matrix ${n} --rows ${m}: ${error.message}`, error);
    throw error;
  }
  const report = { rows: m, cols: n, rank, nullity: n - rank, ones };
  const file = flags.png ?? flags.svg ?? flags.pbm;
  if (file !== undefined) {
    const picture = pbm ?? (flags.png !== undefined ? matrixPng(bits) : Buffer.from(matrixSvg(bits), "utf8"));
    if (file === "-") {
      io.stdout.write(picture);
      return;
    }
    writeOutputFile(file, picture);
    io.stdout.write(
      flags.json ? `${JSON.stringify({ ...report, file })}\n` : `${summary(report).join("\n")}\nfile ${file}\n`,
    );
    return;
  }
  const text = bits.map((row) => row.join(""));
  if (flags.json) io.stdout.write(`${JSON.stringify({ ...report, matrix: text })}\n`);
  else io.stdout.write(`${[...text, ...summary(report)].join("\n")}\n`);
}

/** Ones of a matrix, counted in its packed words (padding bits are zero). */
function countOnes(matrix: BitMatrix): number {
  let ones = 0;
  for (const word of matrix.packedWords()) {
    let v = word - ((word >>> 1) & 0x55555555);
    v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
    ones += Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
  }
  return ones;
}

function summary(report: { rank: number; nullity: number; ones: number }): string[] {
  return [`rank ${report.rank}`, `nullity ${report.nullity}`, `ones ${report.ones}`];
}
