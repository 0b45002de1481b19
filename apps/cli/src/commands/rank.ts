/**
 * `lightsout rank [FILE|-]` and `lightsout rank --random N`: the rank and
 * nullity of a matrix over GF(2) (bit-packed) or, with `--field p|p^r`,
 * over any finite field GF(q), q < 2^31, and the time of its elimination.
 *
 * @module
 */
import { closeSync, openSync, readSync } from "node:fs";
import { availableParallelism } from "node:os";
import { resolve } from "node:path";
import { BitMatrix, ParseError } from "@lightsout/core";
import { getMemoryLimit, initThreads } from "@lightsout/core/gf2";
import { largestBitMatrixRows, largestBitMatrixSide, parseMatrix, readBitMatrix } from "@lightsout/core/io";
import {
  type SparseBitMatrix,
  type SparseOptions,
  type SparseProgress,
  sparseFromBitMatrix,
  sparseRank,
} from "@lightsout/core/sparse";
import { FieldMatrix, galoisField, type Field } from "@lightsout/core/fields";
import { Command } from "commander";
import { threadBytes, threadRoom, ulimitText } from "../address-space.js";
import { formatBytes, formatLimit } from "@lightsout/core/format";
import { inputError, usageError } from "../errors.js";
import { inputBytes, peekBytes, readInput } from "../input.js";
import { parseField, parseIntegerOption, parseSeed } from "../options.js";
import { createProgressBar } from "../progress.js";
import { io } from "../io.js";
import { fileSize, readSparseFile } from "../sparse-file.js";

/** Options of the `rank` command, as commander hands them over. */
interface RankOptions {
  random?: string;
  cols?: string;
  seed?: string;
  field?: string;
  json?: boolean;
  threads?: string;
  method?: string;
  edgeList?: string;
}

/**
 * The routes of `--method`: the sparse routes (the core's SparseMethod) and
 * the dense kernel's own (EchelonOptions.method), which imply the dense route.
 */
const METHODS = ["auto", "dense", "structured", "wiedemann", "m4ri", "ple", "naive"] as const;
type Method = (typeof METHODS)[number];
/** The methods that need the matrix as a SparseBitMatrix. */
const SPARSE_ONLY = new Set<Method>(["structured", "wiedemann"]);

/** What `rank` found; {@link formatText} and {@link formatJson} print it. */
interface RankReport {
  rows: number;
  cols: number;
  rank: number;
  /** Milliseconds spent in the elimination alone (not reading, parsing or generating). */
  ms: number;
  /** The seed of a `--random` matrix; absent for a file. */
  seed?: number;
  /** The sparse route that ran, when not the dense kernel on a dense matrix. */
  route?: {
    method: string;
    exact: boolean;
    /** A Monte Carlo route's guarantee: the proven bound, the error bound, in a sentence. */
    monteCarlo?: { rankAtMost: number; errorBound: number; guarantee: string };
  };
}

const EXAMPLES = `
Output:
  rows, cols, rank, nullity (= cols - rank) and the time of the elimination
  alone; --random also prints its seed. Progress goes to stderr: a bar on a
  terminal, elsewhere a line every 10 s from 10 s on (LIGHTSOUT_PROGRESS=0:
  none).

Input formats (read as a stream; PBM is told by its magic number):
  dense         one row per line, e.g. "0110" or "0 1 1 0"; blank lines and
                lines starting with # are ignored
  PBM           Netpbm bitmap, P4 (1 bit per entry) or P1 (text); 1 = black
                = entry 1; a FILE named *.pbm must be PBM
  MatrixMarket  "%%MatrixMarket matrix coordinate pattern|integer general|symmetric"
                (integer values are taken mod 2, or mod q with --field)

Fields (--field q):
  2             GF(2), the default: 0/1 entries, bit-packed kernels
  p             Z_p for a prime p < 2^31: entries 0..p-1 (one digit each for
                p <= 10, else integers separated by spaces)
  p^r           GF(p^r) = Z_p[x]/(h), h the first irreducible polynomial of
                degree r (x^2+x+1 for 2^2); entries are element codes
                0..q-1 whose base-p digits are the coefficients (for GF(4):
                0, 1, 2 = a, 3 = a+1); q = p^r < 2^31

Edge lists (--edge-list incidence|adjacency):
  one edge 'u v' a line, vertices numbered from 0, '#' or '%' comments; the
  incidence matrix is vertices x edges (its rank is vertices - components),
  the adjacency matrix vertices x vertices (an edge listed twice cancels);
  read sparse, as MatrixMarket files

Methods (--method, GF(2)): the route, then the dense kernel's own method
  auto          the default: a MatrixMarket file is read sparse (only its
                ones are held) and goes dense when small (up to 2^20
                entries) or dense (0.2% ones or more), else structured;
                dense text and PBM go to Four Russians, on every core for
                large matrices (PLE for a rank from 24576 x 24576 on,
                while its scratch, 0.8 of the matrix, fits beside it: to
                131072)
  dense         the matrix as bits, the dense kernel's own auto method
  structured    structured Gaussian elimination (singletons, doubletons,
                Markowitz pivots), the dense rest handed to the dense
                kernel; exact; prints "method structured"
  wiedemann     block Wiedemann (Monte Carlo: prints its error bound)
  m4ri          the dense route with the Method of Four Russians (sweeps
                shared among threads)
  ple           block-recursive PLE decomposition with Strassen-Winograd
                products (Albrecht, Bard, Pernet, arXiv:1111.6549); on
                threads the matrix is eliminated where it is (they share
                the kernel's memory), its products, sums and base passes
                shared; as fast as m4ri or slower below 24576, faster
                from there on
  naive         plain Gauss elimination, one column at a time

Examples:
  $ lightsout rank matrix.txt
  rows 3
  cols 3
  rank 2
  nullity 1
  time 1.154 ms
  $ printf '110\\n011\\n101\\n' | lightsout rank - --json
  {"rows":3,"cols":3,"rank":2,"nullity":1,"ms":1.112}
  $ lightsout chase-matrix 1024 --pbm c.pbm && lightsout rank c.pbm
  $ lightsout rank --random 4096 --seed 7
  $ lightsout rank --random 1000 --cols 2000 --json
  $ printf '120\\n210\\n001\\n' | lightsout rank - --field 3
  rows 3
  cols 3
  rank 2
  nullity 1
  time 0.412 ms
  $ lightsout rank --random 512 --field 65521 --json
  $ lightsout rank --random 16384 --threads 2
  $ lightsout rank --random 32768 --method ple
  $ lightsout rank graph.txt --edge-list incidence   # vertices - components
  $ lightsout rank graph.mtx --method structured   # a graph's incidence matrix
  rows 1000000
  cols 1000000
  rank 838160
  nullity 161840
  method structured
  time 4433.676 ms`;

/**
 * Builds the `rank` command.
 *
 * @returns the command, to be added to the program
 */
export function rankCommand(): Command {
  return new Command("rank")
    .summary("rank and nullity of a matrix over GF(2) or GF(q)")
    .description(
      "Print the rank and nullity (cols - rank) of a matrix over GF(2), or over\n" +
        "GF(q) with --field, read from FILE ('-' or nothing for stdin), or of a\n" +
        "seeded random matrix with --random.",
    )
    .argument("[file]", "dense 0/1, PBM or MatrixMarket file; '-' for stdin")
    .option("--random <n>", "use a seeded random n x n matrix instead of a file")
    .option("--cols <c>", "columns of the random matrix (default: n)")
    .option("--seed <s>", "seed of the random matrix (default: 0)")
    .option("--field <q>", "the field: 2 (default), prime power q or p^r < 2^31 (4, 3^2)")
    .option("--json", "print one JSON object instead of text")
    .option("--threads <n>", "threads for GF(2) (default: every core from 4096 x 4096 on)")
    .option(
      "--edge-list <matrix>",
      "FILE is an edge list ('u v' a line, 0-based): rank its incidence or adjacency matrix",
    )
    .option(
      "--method <m>",
      "GF(2) route: auto (default), dense, structured, wiedemann; or the dense kernel: m4ri, ple, naive",
    )
    .addHelpText("after", EXAMPLES)
    .action(async (file: string | undefined, options: RankOptions) => {
      const report = await rank(file, options);
      io.stdout.write(options.json ? formatJson(report) : formatText(report));
    });
}

async function rank(file: string | undefined, options: RankOptions): Promise<RankReport> {
  const field = options.field === undefined ? undefined : fieldOf(options.field);
  if (options.threads !== undefined && field) {
    throw usageError(`--threads expected the field GF(2), got --field ${options.field}`);
  }
  const threads = options.threads === undefined ? undefined : parseIntegerOption("--threads", options.threads, 1, 256);
  const method = methodOf(options.method, field !== undefined);
  const how = { threads, method };
  if (options.random !== undefined) {
    if (file !== undefined) throw usageError(`expected a FILE or --random, got both ('${file}' and --random)`);
    return rankOfRandom(options.random, options, field, how);
  }
  for (const flag of ["cols", "seed"] as const) {
    if (options[flag] !== undefined) throw usageError(`--${flag} expected --random alongside, got --${flag} alone`);
  }
  if (file === undefined && io.stdin.isTTY) {
    throw usageError("expected a FILE, '-' for stdin or --random N, got nothing (stdin is a terminal)");
  }
  if (options.edgeList !== undefined) {
    const graph = options.edgeList;
    if (graph !== "incidence" && graph !== "adjacency") {
      throw usageError(`--edge-list expected incidence or adjacency, got '${graph}'`);
    }
    if (field) throw usageError(`--edge-list expected the field GF(2), got --field ${options.field}`);
    const { source, chunks } = inputBytes(file ?? "-");
    return rankOfSparse(await readSparseFile(file ?? "-", source, chunks, graph), source, how);
  }
  return rankOfFile(file ?? "-", field, how);
}

/** How GF(2) eliminates: `--threads` and `--method`. */
interface How {
  threads: number | undefined;
  method: Method | undefined;
}

/** `--method`, checked against the field. */
function methodOf(text: string | undefined, otherField: boolean): Method | undefined {
  if (text === undefined) return undefined;
  const method = METHODS.find((m) => m === text);
  if (method === undefined) throw usageError(`--method expected one of ${METHODS.join(", ")}, got '${text}'`);
  if (otherField) throw usageError(`--method expected the field GF(2), got --field with --method ${text}`);
  return method;
}

/**
 * The field of `--field`: undefined for GF(2) (the bit-packed path), else
 * the core's GF(q). Any q >= 2^31 is a usage error.
 */
function fieldOf(text: string): Field | undefined {
  const { p, r } = parseField(text);
  if (p === 2 && r === 1) return undefined;
  return galoisField(`${p}^${r}`);
}

async function rankOfFile(file: string, field: Field | undefined, how: How): Promise<RankReport> {
  if (field) {
    const { source, text } = await readInput(file);
    return rankOverField(text, source, field);
  }
  await threadsBeforeReading(file, how);
  const { source, chunks } = inputBytes(file);
  const { head, rest } = await peekBytes(chunks, BANNER.length);
  const matrixMarket = new TextDecoder()
    .decode(head.subarray(0, BANNER.length + 3))
    .replace(/^\uFEFF/, "")
    .toLowerCase()
    .startsWith(BANNER);
  if (matrixMarket) {
    const sparse = await readSparseFile(file, source, rest);
    return rankOfSparse(sparse, source, how);
  }
  const matrix = await readMatrixFile(file, source, rest);
  if (how.method !== undefined && SPARSE_ONLY.has(how.method)) return rankOfSparse(toSparse(matrix), source, how);
  try {
    const { rank, ms } = await eliminate(matrix, how);
    return { rows: matrix.rows, cols: matrix.cols, rank, ms };
  } finally {
    matrix.dispose();
  }
}

/** File sizes from which a matrix may be large (2^24 entries, eliminated on every core): a P4 raster holds 8 a byte, text at most 1. */
const LARGE_PBM_BYTES = 2 ** 21;
const LARGE_TEXT_BYTES = 2 ** 24;

/**
 * Starts the helper threads before a file is read whose matrix they will
 * eliminate, so that they also share the zeroing of the matrix when the
 * reader makes it: most of that is the first touch of its pages (at 32768 x
 * 32768, 190 ms on two threads against 340 ms on one). Not for standard
 * input (its size is unknown) or a MatrixMarket file (read sparse).
 */
async function threadsBeforeReading(file: string, how: How): Promise<void> {
  if (file === "-" || how.threads === 1 || (how.method !== undefined && SPARSE_ONLY.has(how.method))) return;
  const size = fileSize(file);
  if (size < LARGE_PBM_BYTES) return;
  const start = new TextDecoder().decode(fileStart(file, 2));
  if (start === "%%" || (size < LARGE_TEXT_BYTES && start !== "P4")) return;
  const threads = threadsThatFit(how.threads, true);
  if (threads === undefined || threads > 1) await initThreads(threads);
}

/** The first `bytes` bytes of a file (fewer when it is shorter or cannot be read: the read that follows reports why). */
function fileStart(file: string, bytes: number): Uint8Array {
  const buffer = new Uint8Array(bytes);
  try {
    const fd = openSync(resolve(io.cwd, file), "r");
    try {
      return buffer.subarray(0, readSync(fd, buffer, 0, bytes, 0));
    } finally {
      closeSync(fd);
    }
  } catch {
    return buffer.subarray(0, 0);
  }
}

/** A dense matrix's ones as a sparse matrix, for the sparse-only routes; the dense one is disposed. */
function toSparse(matrix: BitMatrix): SparseBitMatrix {
  try {
    return sparseFromBitMatrix(matrix);
  } finally {
    matrix.dispose();
  }
}

/** The banner of a MatrixMarket file, lower case. */
const BANNER = "%%matrixmarket";

/**
 * The rank of a sparse matrix by the route of `--method` (auto: dense when
 * small or dense, else structured), timed, with a bar per phase on a TTY.
 */
async function rankOfSparse(matrix: SparseBitMatrix, source: string, how: How): Promise<RankReport> {
  const method = how.method ?? "auto";
  const dense = method === "m4ri" || method === "ple" || method === "naive";
  const options: SparseOptions = {
    method: dense ? "dense" : method,
    ...(dense ? { denseMethod: method } : {}),
    ...(how.threads === undefined ? {} : { threads: how.threads }),
  };
  const large = matrix.rows * matrix.cols >= 2 ** 24;
  if (how.threads !== undefined ? how.threads > 1 : large && method !== "structured") {
    const threads = threadsThatFit(how.threads, large);
    if (threads !== undefined && threads > 1) await initThreads(threads);
  }
  const bars = new PhaseBars();
  if (bars.active) options.onProgress = (p) => bars.update(p);
  try {
    const start = performance.now();
    const result = sparseRank(matrix, options);
    const ms = Math.round((performance.now() - start) * 1000) / 1000;
    const report: RankReport = { rows: matrix.rows, cols: matrix.cols, rank: result.rank, ms };
    if (result.method !== "dense") {
      const w = result.wiedemann;
      const monteCarlo = w && { rankAtMost: w.rankAtMost, errorBound: w.errorBound, guarantee: w.guarantee };
      report.route = { method: result.method, exact: result.exact, ...(monteCarlo ? { monteCarlo } : {}) };
    }
    return report;
  } catch (error) {
    // the route's limits (fill-in, memory) name themselves; a route not in this build is a usage error
    if (error instanceof RangeError && /not available in this build/.test(error.message)) {
      throw usageError(`--method ${method}: ${error.message}`, error);
    }
    if (error instanceof RangeError) throw inputError(`${source}: ${error.message}`, error);
    throw error;
  } finally {
    bars.finish();
  }
}

/** One progress bar per phase of a sparse computation, labelled by the phase. */
class PhaseBars {
  private bar = createProgressBar("structured");
  private phase = "structured";
  readonly active = this.bar.active;

  update(p: SparseProgress): void {
    if (p.phase !== this.phase) {
      this.bar.finish();
      this.bar = createProgressBar(p.phase);
      this.phase = p.phase;
    }
    this.bar.update(p.done, p.total);
  }

  finish(): void {
    this.bar.finish();
  }
}

/**
 * Reads a GF(2) matrix file as a stream of bytes (PBM, dense text or
 * MatrixMarket, told by their first bytes; a `*.pbm` name must hold PBM),
 * with a progress bar of the bytes read on a TTY.
 */
async function readMatrixFile(file: string, source: string, chunks: AsyncIterable<Uint8Array>): Promise<BitMatrix> {
  const bar = createProgressBar("reading");
  const total = bar.active ? fileSize(file) : 0;
  try {
    const { matrix } = await readBitMatrix(chunks, {
      source,
      format: /\.pbm$/i.test(file) ? "pbm" : "auto",
      ...(total > 0 ? { onProgress: (bytes: number) => bar.update(Math.min(bytes, total), total) } : {}),
    });
    return matrix;
  } catch (error) {
    // ParseError: source:line:column (or source: byte N) ...; RangeError: the size guards.
    if (error instanceof ParseError) throw inputError(error.message, error);
    if (error instanceof RangeError) {
      throw inputError(error.message.startsWith(`${source}:`) ? error.message : `${source}: ${error.message}`, error);
    }
    throw error;
  } finally {
    bar.finish();
  }
}

/** A file over GF(q): entries 0..q-1 (element codes), eliminated by the core's FieldMatrix. */
function rankOverField(text: string, source: string, field: Field): RankReport {
  if (/^P[14]\s/.test(text)) {
    throw inputError(
      `${source}: expected a text matrix for --field ${field.order}, got a PBM bitmap (0/1 entries: leave out --field)`,
    );
  }
  let matrix: FieldMatrix;
  try {
    const parsed = parseMatrix(text, { source, modulus: field.order });
    matrix = FieldMatrix.fromEntries(field, parsed.rows, parsed.cols, parsed.values);
  } catch (error) {
    if (error instanceof ParseError) throw inputError(error.message, error);
    if (error instanceof RangeError) throw inputError(`${source}: ${error.message}`, error);
    throw error;
  }
  return { rows: matrix.rows, cols: matrix.cols, ...timedFieldRank(matrix) };
}

/** The rank over GF(q) and the milliseconds of the elimination, with a progress bar on a TTY. */
function timedFieldRank(matrix: FieldMatrix): { rank: number; ms: number } {
  const bar = createProgressBar("echelonize");
  try {
    const start = performance.now();
    const rank = matrix.rank(bar.active ? { onProgress: (done, total) => bar.update(done, total) } : {});
    return { rank, ms: Math.round((performance.now() - start) * 1000) / 1000 };
  } finally {
    bar.finish();
  }
}

/** Most entries of a matrix over GF(q): FieldMatrix refuses rows x cols past 2^30. */
const FIELD_MAX_ENTRIES = 2 ** 30;
/** Most rows or columns of a GF(2) matrix (BitMatrix). */
const MAX_SIDE = 2 ** 30;

/**
 * The sizes of `--random N [--cols C]`, checked against what the matrix
 * can take before anything is allocated: a GF(2) matrix must fit in
 * WebAssembly memory with room for its elimination (the memory limit, 4 GiB
 * less 64 MiB by default, less 128 MiB), a matrix over GF(q) holds at most
 * 2^30 entries.
 */
function randomSize(n: string, colsText: string | undefined, field?: Field): { rows: number; cols: number } {
  const over = field ? `over GF(${field.order})` : "over GF(2)";
  const cols =
    colsText === undefined
      ? undefined
      : parseIntegerOption("--cols", colsText, 1, field ? FIELD_MAX_ENTRIES : MAX_SIDE);
  let most: number;
  let why: string;
  if (field) {
    most = cols === undefined ? Math.floor(Math.sqrt(FIELD_MAX_ENTRIES)) : Math.floor(FIELD_MAX_ENTRIES / cols);
    why = `a matrix ${over} holds at most 2^30 entries: ${cols === undefined ? `${most} x ${most}` : `${most} rows of ${cols}`}`;
  } else {
    most = cols === undefined ? largestBitMatrixSide() : largestBitMatrixRows(cols);
    why =
      `a matrix ${over} must fit in the memory limit (${formatBytes(getMemoryLimit())}) with room for its elimination: ` +
      (cols === undefined ? `${most} x ${most} bits is the largest` : `${most} rows of ${cols} bits are the most`);
  }
  const rows = parseIntegerOption("--random", n, 1, most, why);
  return { rows, cols: cols ?? rows };
}

async function rankOfRandom(n: string, options: RankOptions, field: Field | undefined, how: How): Promise<RankReport> {
  const { rows, cols } = randomSize(n, options.cols, field);
  const seed = options.seed === undefined ? 0 : parseSeed(options.seed);
  if (field) {
    let matrix: FieldMatrix;
    try {
      matrix = FieldMatrix.random(field, rows, cols, { seed });
    } catch (error) {
      if (error instanceof RangeError || error instanceof TypeError) {
        const size = options.cols === undefined ? `--random ${n}` : `--random ${n} --cols ${options.cols}`;
        throw usageError(`${size}: ${error.message}`, error);
      }
      throw error;
    }
    return { rows, cols, ...timedFieldRank(matrix), seed };
  }
  let matrix: BitMatrix;
  try {
    matrix = BitMatrix.random(rows, cols, { seed });
  } catch (error) {
    // The core refuses sizes it cannot hold with a RangeError (TypeError for kinds).
    if (error instanceof RangeError || error instanceof TypeError) {
      const size = options.cols === undefined ? `--random ${n}` : `--random ${n} --cols ${options.cols}`;
      throw usageError(`${size}: ${error.message}`, error);
    }
    throw error;
  }
  if (how.method !== undefined && SPARSE_ONLY.has(how.method)) {
    return { ...(await rankOfSparse(toSparse(matrix), "--random", how)), seed };
  }
  try {
    const { rank, ms } = await eliminate(matrix, how);
    return { rows, cols, rank, ms, seed };
  } finally {
    matrix.dispose();
  }
}

/**
 * Echelonizes in place, timing the elimination alone. On a TTY a progress
 * bar follows it; elsewhere no callback is passed, so the kernel runs unsliced.
 * `threads` undefined: the core's default (every core for large matrices).
 */
async function eliminate(matrix: BitMatrix, how: How): Promise<{ rank: number; ms: number }> {
  const large = matrix.rows * matrix.cols >= 2 ** 24;
  const threads = threadsThatFit(how.threads, large);
  // helper threads start before the clock does (the core uses them from 4096 x 4096 on)
  if (threads === undefined ? large : threads > 1) await initThreads(threads);
  const bar = createProgressBar("echelonize");
  const options = {
    ...(threads === undefined ? {} : { threads }),
    ...(how.method === "m4ri" || how.method === "ple" || how.method === "naive" ? { method: how.method } : {}),
    ...(bar.active ? { onProgress: (done: number, total: number) => bar.update(done, total) } : {}),
  };
  try {
    const start = performance.now();
    const { rank } = matrix.echelonize(options);
    const ms = performance.now() - start;
    return { rank, ms: Math.round(ms * 1000) / 1000 };
  } finally {
    bar.finish();
  }
}

/**
 * The threads to ask for under an address-space limit (`ulimit -v`), where
 * too many helper threads would stop the process: `--threads N` beyond
 * the room is a usage error naming the most that fit, and the default
 * (every core, for large matrices) is cut to fit. Without a limit, `wanted`.
 */
function threadsThatFit(wanted: number | undefined, large: boolean): number | undefined {
  const room = wanted === undefined && !large ? undefined : threadRoom();
  if (room === undefined) return wanted;
  if (wanted === undefined) return Math.min(availableParallelism(), room.threads);
  if (wanted === 1 || wanted <= room.threads) return wanted;
  throw usageError(
    formatLimit({
      subject: "--threads",
      max: room.threads,
      got: wanted,
      unit: ["thread", "threads"],
      why:
        `under the address-space limit ${ulimitText(room.limit)}, ${wanted} helper threads need ` +
        `about ${formatBytes(threadBytes(wanted))} and ${formatBytes(room.left)} is left`,
      hint: `use --threads ${room.threads} or fewer, or raise the limit (ulimit -v)`,
    }),
  );
}

/** `key value` lines: rows, cols, [seed,] rank, nullity, time. */
function formatText(report: RankReport): string {
  const { rows, cols, rank, ms, seed, route } = report;
  const lines = [`rows ${rows}`, `cols ${cols}`];
  if (seed !== undefined) lines.push(`seed ${seed}`);
  lines.push(`rank ${rank}`, `nullity ${cols - rank}`);
  if (route !== undefined) lines.push(`method ${route.method}${route.exact ? "" : " (Monte Carlo)"}`);
  if (route?.monteCarlo) lines.push(`guarantee ${route.monteCarlo.guarantee}`);
  lines.push(`time ${ms} ms`);
  return `${lines.join("\n")}\n`;
}

/**
 * One JSON line. A file gives rows, cols, rank, nullity, ms; `--random`
 * gives exactly rows, cols, rank, ms (a fixed contract for scripts).
 */
function formatJson(report: RankReport): string {
  const { rows, cols, rank, ms, seed, route } = report;
  const json: Record<string, unknown> =
    seed === undefined ? { rows, cols, rank, nullity: cols - rank, ms } : { rows, cols, rank, ms };
  // a sparse route says which one ran and whether its answer is exact
  if (route !== undefined) Object.assign(json, { method: route.method, exact: route.exact });
  if (route?.monteCarlo) {
    const { rankAtMost, errorBound, guarantee } = route.monteCarlo;
    Object.assign(json, { rankAtMost, errorBound, guarantee });
  }
  return `${JSON.stringify(json)}\n`;
}
