// What Explore reads and says, as plain functions: the sizes its fields take,
// the time a sweep should take, progress, the captions of its answers and
// every error in one format. The screen (screens/explore) runs the workers.

import { formatBytes, formatCount } from "@lightsout/core";
import type { Answer, FileMethod } from "./protocol.js";
import { readChoice, writeChoice } from "../stored-choice.js";
import { WorkerError } from "./worker-client.js";

/** The panels' sizes: larger ones run out of memory or patience in a browser. */
export const LIMITS = {
  /** Largest n of a sweep. */
  sweepN: 1_000_000,
  /** Largest single n. */
  singleN: 10_000_000,
  /** Largest chase matrix drawn. */
  chaseN: 4096,
  /** Largest all-on board solved. */
  solveN: 2048,
  /** The solve picture is at most this many pixels on a side (down-sampled in the worker). */
  solvePictureSide: 512,
  /** Rows of the non-zero nullity table (the CSV has every row). */
  tableRows: 500,
} as const;

/** A number as the screen writes it: 1,000,000. */
export const format = (value: number) => value.toLocaleString("en-US");

/** A duration: two decimals under 10 s, one beyond. */
export const seconds = (ms: number) => `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;

/** A number field's text without the separators people type (1,000,000 or 1_000_000 or 1 000 000). */
function digits(text: string): string {
  return text.trim().replaceAll(/[,_\s]/g, "");
}

/**
 * Reads an integer field, or says what was expected and what was got.
 *
 * @param text - The field's text.
 * @param name - The field's name, for the message.
 * @param min - Smallest value.
 * @param max - Largest value.
 * @returns The integer.
 * @throws {RangeError} for anything else.
 * @example
 * ```ts
 * readInteger("1,000", "n", 1, 4096); // 1000
 * ```
 */
export function readInteger(text: string, name: string, min: number, max: number): number {
  const cleaned = digits(text);
  const value = Number(cleaned);
  if (!/^\d+$/.test(cleaned) || !Number.isSafeInteger(value) || value < min || value > max) {
    throw new RangeError(`${name} expected an integer in ${format(min)}..${format(max)}, got "${text}"`);
  }
  return value;
}

/**
 * Workers of a sweep: one core is left to the page, so that drawing never
 * waits for a time slice (on the 2-core benchmark machine, two workers made
 * main-thread tasks of 50-500 ms under load; one made none). At most 8.
 *
 * @param cores - navigator.hardwareConcurrency.
 * @example
 * ```ts
 * sweepWorkers(2); // 1
 * ```
 */
export function sweepWorkers(cores: number): number {
  return Math.min(8, Math.max(1, (cores || 1) - 1));
}

/**
 * The time a sweep from..to should take, from one measurement: 1..10,000 in
 * about 3 s (docs/BENCHMARKS.md, 2 cores). One nullity costs about n^1.8
 * (a single n = 1,000,000 also takes about 3 s), so a sweep to N about N^2.8.
 *
 * @example
 * ```ts
 * sweepEstimate(1, 10_000); // "Estimated time: about 3 seconds on a 2-core machine (...)."
 * ```
 */
export function sweepEstimate(from: number, to: number): string {
  const work = (n: number) => (n / 10_000) ** 2.8;
  const secondsNeeded = 3 * (work(to) - work(from - 1));
  const units: [number, string, string][] = [
    [86_400 * 365, "year", "years"],
    [86_400, "day", "days"],
    [3600, "hour", "hours"],
    [60, "minute", "minutes"],
    [1, "second", "seconds"],
  ];
  const [size, one, many] = units.find(([unit]) => secondsNeeded >= unit) ?? units.at(-1)!;
  const amount = Math.max(1, Math.round(secondsNeeded / size));
  return `Estimated time: about ${format(amount)} ${amount === 1 ? one : many} on a 2-core machine (1 to 10,000 takes about 3 seconds; the work grows about as n^2.8).`;
}

/** The boards a sweep covers: n x n grids, n x n tori, m x n grids with m fixed, or n x n grids over Z_k. */
export type SweepKind = "square" | "torus" | "rows" | "zk";

/** Largest n of a sweep over Z_k (each board is chased over Z_k: about 0.3 s at n = 200). */
export const MAX_ZK_SWEEP_N = 200;

/** Largest fixed m of an m x n sweep. */
export const MAX_SWEEP_ROWS = 10_000;

/**
 * The library's sweep of n = first..last for a kind (as `nullitySweep` takes it).
 *
 * @example
 * ```ts
 * sweepOf("rows", 5, 1, 100); // { kind: "grid", rows: { from: 5, to: 5 }, cols: { from: 1, to: 100 } }
 * ```
 */
export function sweepOf(
  kind: Exclude<SweepKind, "zk">,
  m: number,
  first: number,
  last: number,
):
  | { kind: "square"; from: number; to: number; torus: boolean }
  | { kind: "grid"; rows: { from: number; to: number }; cols: { from: number; to: number } } {
  if (kind === "rows") return { kind: "grid", rows: { from: m, to: m }, cols: { from: first, to: last } };
  return { kind: "square", from: first, to: last, torus: kind === "torus" };
}

/**
 * The chart's caption and axis title for a kind of sweep, and the CSV file's name.
 *
 * @example
 * ```ts
 * sweepLabels("rows", 5).axis; // "n (board is 5 x n)"
 * ```
 */
export function sweepLabels(kind: SweepKind, m: number): { caption: string; axis: string; file: string } {
  if (kind === "zk")
    return {
      caption: `Nullity over Z_${m} of the n x n board (fewest generators of its quiet patterns) against n`,
      axis: `n (board is n x n, ${m} states)`,
      file: `nullity-z${m}.csv`,
    };
  if (kind === "rows")
    return {
      caption: `Nullity of the ${format(m)} x n board (dimension of its quiet patterns) against n`,
      axis: `n (board is ${format(m)} x n)`,
      file: `nullity-${m}xn.csv`,
    };
  const torus = kind === "torus";
  return {
    caption: `Nullity of the n x n ${torus ? "torus" : "board"} (dimension of its quiet patterns) against n`,
    axis: `n (${torus ? "torus" : "board"} is n x n)`,
    file: torus ? "nullity-torus.csv" : "nullity.csv",
  };
}

/**
 * The estimate for a kind of sweep: measured on n x n grids only, so other kinds say so.
 *
 * @example
 * ```ts
 * kindEstimate("rows", "1", "100"); // "No time estimate for 5 x n boards: ..."
 * ```
 */
export function kindEstimate(kind: SweepKind, fromText: string, toText: string): string {
  if (kind === "square") return estimateFor(fromText, toText);
  if (kind === "zk")
    return `No time estimate over Z_k: each board is chased over Z_k by the library, n up to ${format(MAX_ZK_SWEEP_N)} (about 0.3 s at n = 200); the progress bar shows how far the sweep is.`;
  return kind === "torus"
    ? "No time estimate for tori: each n x n torus takes its closed form from the n x n grids' polynomials, about as long as the grid."
    : "No time estimate for m x n boards: the time model is measured on n x n grids; the progress bar shows how far the sweep is.";
}

/**
 * The estimate for the range as typed, or "" while it is not a range.
 *
 * @example
 * ```ts
 * estimateFor("1", "1,000,000"); // "Estimated time: about ... years ..."
 * ```
 */
export function estimateFor(fromText: string, toText: string): string {
  const a = Number(fromText.replaceAll(/[,_\s]/g, ""));
  const b = Number(toText.replaceAll(/[,_\s]/g, ""));
  return Number.isSafeInteger(a) && Number.isSafeInteger(b) && b >= a && a >= 1 ? sweepEstimate(a, b) : "";
}

/**
 * Every error in one format, "where: expected ..., got ..." (files as name:line:column, like Build's
 * import, or name: byte N inside binary data, as the CLI says it).
 *
 * @param error - What was thrown.
 * @param source - The file's name, when a file was read.
 * @example
 * ```ts
 * errorMessage(new WorkerError("expected 0 or 1, got '2'", 3, 5), "m.txt"); // "m.txt:3:5: expected 0 or 1, got '2'"
 * ```
 */
export function errorMessage(error: unknown, source?: string): string {
  if (error instanceof WorkerError && error.line !== undefined) {
    return `${source ?? "file"}:${error.line}:${error.column}: ${error.message}`;
  }
  if (error instanceof WorkerError && error.offset !== undefined) {
    return `${source ?? "file"}: byte ${error.offset}: ${error.message}`;
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * A phase's progress: "Chasing rows: 1,024 of 4,096".
 *
 * @example
 * ```ts
 * progressText("rank", 3, 10); // "Rank: 3 of 10"
 * ```
 */
export function progressText(phase: string, done: number, total: number): string {
  return `${phase[0]!.toUpperCase()}${phase.slice(1)}: ${format(done)} of ${format(total)}`;
}

/** The sparse routes' phases in words, with what their counts count. */
const SPARSE_PHASES: Record<string, { name: string; unit: string }> = {
  structured: { name: "Structured elimination", unit: "rows" },
  dense: { name: "Dense elimination of the rest", unit: "columns" },
  sequence: { name: "Block Wiedemann, the sequence", unit: "terms" },
  "berlekamp-massey": { name: "Block Wiedemann, Berlekamp-Massey", unit: "steps" },
  solution: { name: "Block Wiedemann, the kernel vectors", unit: "products" },
};

/**
 * A file job's progress: reading counts megabytes of the file, the sparse routes' phases count
 * their own steps (rows, columns, terms of the sequence...), other eliminations count columns.
 *
 * @example
 * ```ts
 * phaseText("reading", 1_500_000, 3_000_000); // "Reading: 1.5 of 3.0 MB"
 * phaseText("sequence", 3000, 6300, 12); // "Block Wiedemann, the sequence: 3,000 of 6,300 terms, about 12.0 s left"
 * ```
 */
export function phaseText(phase: string, done: number, total: number, secondsLeft?: number): string {
  const left =
    secondsLeft === undefined || !Number.isFinite(secondsLeft) ? "" : `, about ${seconds(secondsLeft * 1000)} left`;
  const sparse = Object.hasOwn(SPARSE_PHASES, phase) ? SPARSE_PHASES[phase] : undefined;
  if (sparse) return `${sparse.name}: ${format(done)} of ${format(total)} ${sparse.unit}${left}`;
  if (phase !== "reading") return `${progressText(phase, done, total)}${left}`;
  const mb = (bytes: number) => (bytes / 1e6).toFixed(bytes < 1e7 ? 1 : 0);
  return `Reading: ${mb(done)} of ${mb(total)} MB`;
}

/** What a sweep says while it runs, when it is done, and when it was cancelled after `count` results. */
export const sweepText = {
  starting: (total: number) => `Starting ${format(total)} boards…`,
  progress: (first: number, count: number, done: number, total: number, ms: number) =>
    `n = ${format(first)}..${format(first + count - 1)} in order, ${format(done)} of ${format(total)} done (${seconds(ms)})`,
  done: (first: number, last: number, ms: number) => `Done: n = ${format(first)}..${format(last)} in ${seconds(ms)}.`,
  cancelled: (first: number, count: number) =>
    `Cancelled after n = ${format(first + count - 1)} (${format(count)} in order).`,
  tableCaption: (rows: number) => `The first ${format(rows)} computed n with nullity > 0 (the CSV has every n)`,
};

/** What a job says when it is done (with the worker's own time). */
export function doneText(ms: number): string {
  return `Done in ${seconds(ms)}.`;
}

/**
 * The answer for one n.
 *
 * @example
 * ```ts
 * singleAnswer(5, 2); // "The 5 x 5 board has nullity 2: 2^2 solutions per solvable configuration."
 * ```
 */
export function singleAnswer(n: number, nullity: number): string {
  return `The ${format(n)} x ${format(n)} board has nullity ${format(nullity)}: ${nullity === 0 ? "every configuration is solvable, in one way" : `2^${nullity} solutions per solvable configuration`}.`;
}

/**
 * The time one n should take, from the polynomial degree n: 1,000,000 took about 3 s and
 * 10,000,000 about 112 s on a 2-core machine, so the time grows about as n^1.57 (the gcd of
 * two polynomials of degree n, word-packed).
 *
 * @example
 * ```ts
 * singleEstimateMs(1_000_000); // 3000
 * ```
 */
export function singleEstimateMs(n: number): number {
  return 3000 * (n / 1_000_000) ** 1.57;
}

/**
 * What a single nullity says while it runs: the estimate (the gcd reports no progress of its own).
 *
 * @example
 * ```ts
 * singleStart(10_000_000); // "Computing the nullity of n = 10,000,000: one gcd of degree 10,000,000, about 2 min..."
 * ```
 */
export function singleStart(n: number): string {
  return `Computing the nullity of n = ${format(n)}: one gcd of degree ${format(n)}, estimated ${duration(singleEstimateMs(n))} on a 2-core machine…`;
}

/**
 * The progress of one n, measured against its estimate: the bar never claims the end before the answer.
 *
 * @param elapsedMs - Time since it started.
 * @param n - The n computed.
 * @returns The bar's fraction (at most 0.95) and the line under it.
 * @example
 * ```ts
 * singleProgress(6000, 10_000_000).text; // "6.0 s of about 2 min (estimated from the degree)"
 * ```
 */
export function singleProgress(elapsedMs: number, n: number): { fraction: number; text: string } {
  const estimate = singleEstimateMs(n);
  const over = elapsedMs > estimate;
  return {
    fraction: Math.min(0.95, elapsedMs / estimate),
    text: `${seconds(elapsedMs)} of about ${duration(estimate)} (estimated from the degree${over ? "; taking longer than estimated" : ""})`,
  };
}

/**
 * A duration for estimates: seconds below a minute and a half, then minutes, then hours.
 *
 * @example
 * ```ts
 * duration(112_000); // "2 min"
 * ```
 */
export function duration(ms: number): string {
  if (ms < 1000) return "under 1 s";
  if (ms < 90_000) return `${format(Math.round(ms / 1000))} s`;
  if (ms < 90 * 60_000) return `${format(Math.round(ms / 60_000))} min`;
  return `${format(Math.round(ms / 3_600_000))} h`;
}

/**
 * The chase matrix picture's caption.
 *
 * @example
 * ```ts
 * chaseCaption(5, { kind: "chase", n: 5, rank: 3, ones: 11, ms: 1 }); // "Chase matrix of the 5 x 5 board: 5 x 5, rank 3 (nullity 2), 11 ones."
 * ```
 */
export function chaseCaption(n: number, r: Extract<Answer, { kind: "chase" }>): string {
  return `Chase matrix of the ${format(n)} x ${format(n)} board: ${format(n)} x ${format(n)}, rank ${format(r.rank)} (nullity ${format(n - r.rank)}), ${format(r.ones)} ones.`;
}

/**
 * The all-on picture's caption.
 *
 * @example
 * ```ts
 * solveCaption(4, { kind: "solve", n: 4, solvable: false, rank: 0, nullity: 4, presses: 0, scale: 1, ms: 1 }); // "All-on 4 x 4: not solvable ..."
 * ```
 */
export function solveCaption(n: number, r: Extract<Answer, { kind: "solve" }>): string {
  const block = r.scale === 1 ? "one pixel per cell" : `one pixel per ${r.scale} x ${r.scale} cells`;
  return r.solvable
    ? `All-on ${format(n)} x ${format(n)}: solved with ${format(r.presses)} presses (the board's rank ${format(n * n - r.nullity)} of ${format(n * n)}, nullity ${format(r.nullity)}, ${block}).`
    : `All-on ${format(n)} x ${format(n)}: not solvable (the board's rank ${format(n * n - r.nullity)} of ${format(n * n)}, nullity ${format(r.nullity)}).`;
}

/**
 * A matrix file's rank, and its times.
 *
 * @example
 * ```ts
 * fileAnswer("m.pbm", answer).answer; // "m.pbm: 8 x 8 (pbm), rank 7 over GF(2)."
 * ```
 */
export function fileAnswer(name: string, r: Extract<Answer, { kind: "rank-file" }>): { answer: string; done: string } {
  const route = r.sparse?.method;
  const how = r.sparse
    ? `, read sparse: ${formatCount(r.sparse.nonzeros, "nonzero")}, ${route === "dense" ? "the dense kernel" : route === "wiedemann" ? "block Wiedemann" : `${route} elimination`}`
    : "";
  const w = r.sparse?.wiedemann;
  // a Monte Carlo rank is never shown without what is proven of it and its error bound
  const guarantee = w ? ` ${w.exact ? "Exact" : "Monte Carlo"}: ${w.guarantee}.` : "";
  const on = r.threads === null ? "" : ` on ${formatCount(r.threads, "thread")}`;
  const t = w?.timings;
  const work = t
    ? `ranked by block Wiedemann in ${seconds(r.eliminateMs)} (sequence ${seconds(t.sequenceMs)}, Berlekamp-Massey ${seconds(t.berlekampMasseyMs)}, kernel vectors ${seconds(t.solutionMs)})`
    : `eliminated in ${seconds(r.eliminateMs)}`;
  return {
    answer: `${name}: ${format(r.rows)} x ${format(r.cols)} (${r.format}${how}), rank ${format(r.rank)} over GF(2).${guarantee}`,
    done: `Done in ${seconds(r.ms)}: read in ${seconds(r.readMs)}, ${work}${on}.`,
  };
}

/** The file panel's routes for MatrixMarket files, as its Method select offers them. */
export const FILE_METHODS: readonly (readonly [FileMethod, string])[] = [
  ["auto", "exact (structured elimination)"],
  ["wiedemann", "block Wiedemann (Monte Carlo)"],
];

/** What the Method select says of the files it applies to. */
export const FILE_METHOD_HINT =
  "For MatrixMarket files (read sparse); dense text and PBM files are always ranked exactly. Block Wiedemann is faster and far smaller on large random sparse matrices: its rank is proven an upper bound, and exact with probability at least 1 - 2^-40 when the nullity, empty columns aside, is at most 23 (the answer says which).";

const FILE_METHOD_KEY = "lightsout-explore-method";

/**
 * The route chosen last for MatrixMarket files, or exact; storage failures (private modes) read as exact.
 *
 * @example
 * ```ts
 * loadFileMethod(); // "auto" on a first visit
 * ```
 */
export function loadFileMethod(): FileMethod {
  return readChoice(FILE_METHOD_KEY, (v): v is FileMethod => FILE_METHODS.some(([method]) => method === v), "auto");
}

/**
 * Keeps the route chosen (forgotten if storage fails).
 *
 * @example
 * ```ts
 * saveFileMethod("wiedemann");
 * ```
 */
export function saveFileMethod(method: FileMethod): void {
  writeChoice(FILE_METHOD_KEY, method);
}

/**
 * What a download of the last ranked file says when it is ready.
 *
 * @example
 * ```ts
 * exportDone({ kind: "export", what: "kernel", rows: 2, cols: 25, pbm, ms: 4 }); // "Kernel basis: 2 vectors of 25 entries ..."
 * ```
 */
export function exportDone(r: Extract<Answer, { kind: "export" }>): string {
  const what =
    r.what === "kernel"
      ? `Kernel basis: ${formatCount(r.rows, "vector")} of ${formatCount(r.cols, "entry", "entries")} (one a row)`
      : r.what === "presses"
        ? `Presses: ${format(r.rows)} x ${format(r.cols)}, 1 = press (pressing them clears the all-on board: the solve's certificate)`
        : `Echelon form: ${format(r.rows)} x ${format(r.cols)}`;
  return `${what}, ${formatBytes(r.pbm.length)} of PBM, made in ${seconds(r.ms)}.`;
}

/**
 * The file panel's limits: dense files by the largest matrix the kernel's memory holds,
 * MatrixMarket files (read sparse) by their nonzeros.
 */
export function fileLimit(side: number, nonzeros: number): string {
  const bytes = side * Math.ceil(side / 128) * 16;
  return `Dense text and PBM files up to ${format(side)} x ${format(side)} entries (${formatBytes(bytes)} of bits: WebAssembly addresses 4 GiB, and room is kept for the elimination; past half of it the elimination runs on one thread, as two need a copy in shared memory); a larger one is refused when its size is known, before it is read into memory. PBM P4 is the compact format: 1 bit per entry. MatrixMarket files are read sparse: up to ${formatCount(nonzeros, "nonzero")}, whatever their rows x cols, ranked by structured elimination when large and sparse, or by block Wiedemann (Monte Carlo) when chosen.`;
}
