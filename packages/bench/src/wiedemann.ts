// Block Wiedemann over GF(2) on random sparse matrices (10 nonzeros a row):
// whole runs with the time of each phase (sequence, Berlekamp-Massey,
// solution), and the throughput of the sequence phase (a sparse product and
// the projection per term) at 200,000 and 1,000,000 rows, on 1 and 2
// threads, 64- and 128-wide blocks, timed over a fixed number of terms and
// projected to the whole phase.
import {
  blockWiedemannRank,
  blockWiedemannSequence,
  randomSparseMatrix,
  wiedemannPlan,
} from "@lightsout/core/wiedemann";
import { fmtMs } from "./stats.js";

export interface WiedemannRunRow {
  n: number;
  nonzeros: number;
  rank: number;
  sequenceMs: number;
  berlekampMasseyMs: number;
  solutionMs: number;
}

export interface SequenceRow {
  n: number;
  nonzeros: number;
  blockWidth: 64 | 128;
  threads: number;
  terms: number;
  ms: number;
  /** Nonzeros times terms per second: products by A per second, in nonzeros. */
  nonzerosPerSecond: number;
  /** Terms of the whole sequence phase, and its time at this rate. */
  sequenceLength: number;
  projectedSequenceMs: number;
}

export function wiedemannDefaults(quick: boolean) {
  return quick
    ? { runSizes: [2000], sequenceSizes: [20_000], terms: 16 }
    : { runSizes: [5000, 10_000, 20_000], sequenceSizes: [200_000, 1_000_000], terms: 64 };
}

/** Whole runs and the sequence phase's rate. */
export function runWiedemann(options: {
  runSizes: number[];
  sequenceSizes: number[];
  terms: number;
  threads: number[];
  log: (line: string) => void;
}): { runs: WiedemannRunRow[]; sequence: SequenceRow[] } {
  const runs: WiedemannRunRow[] = [];
  for (const n of options.runSizes) {
    const matrix = randomSparseMatrix(n, n, 10, 1);
    const result = blockWiedemannRank(matrix, { threads: 1 });
    const row = { n, nonzeros: matrix.rowStart[n]!, rank: result.rank, ...result.timings };
    runs.push(row);
    options.log(
      `  rank ${String(n).padStart(8)} x ${n}, ${row.nonzeros} nonzeros, 1 thread: rank ${row.rank}; ` +
        `sequence ${fmtMs(row.sequenceMs)}, Berlekamp-Massey ${fmtMs(row.berlekampMasseyMs)}, solution ${fmtMs(row.solutionMs)}`,
    );
  }
  const last = runs.at(-1);
  if (last) {
    for (const target of [200_000, 1_000_000]) {
      const scale = (target / last.n) ** 2;
      options.log(
        `  Berlekamp-Massey is quadratic: at ${target} rows about ${fmtMs(last.berlekampMasseyMs * scale)} (${last.n} rows' time x ${scale})`,
      );
    }
  }
  const sequence: SequenceRow[] = [];
  for (const n of options.sequenceSizes) {
    const matrix = randomSparseMatrix(n, n, 10, 1);
    const nonzeros = matrix.rowStart[n]!;
    for (const blockWidth of [64, 128] as const) {
      const plan = wiedemannPlan(matrix, blockWidth, 1);
      for (const threads of options.threads) {
        const stop = new AbortController();
        const began = performance.now();
        let ms = 0;
        try {
          blockWiedemannSequence(
            matrix,
            plan,
            { index: 0, count: 1 },
            {
              threads,
              signal: stop.signal,
              checkpoint: {
                every: options.terms,
                save: () => {
                  ms = performance.now() - began;
                  stop.abort(new Error("enough terms"));
                },
              },
            },
          );
        } catch (error) {
          if (!stop.signal.aborted) throw error;
        }
        const row: SequenceRow = {
          n,
          nonzeros,
          blockWidth,
          threads,
          terms: options.terms,
          ms,
          nonzerosPerSecond: (nonzeros * options.terms) / (ms / 1000),
          sequenceLength: plan.length,
          projectedSequenceMs: (ms * plan.length) / options.terms,
        };
        sequence.push(row);
        options.log(
          `  sequence ${String(n).padStart(8)} rows, ${blockWidth}-wide, ${threads} thread${threads === 1 ? " " : "s"}: ` +
            `${options.terms} terms in ${fmtMs(ms)}, ${(row.nonzerosPerSecond / 1e6).toFixed(0)} M nonzeros/s ` +
            `(x ${blockWidth} vectors); whole phase (${plan.length} terms) about ${fmtMs(row.projectedSequenceMs)}`,
        );
      }
    }
  }
  return { runs, sequence };
}
