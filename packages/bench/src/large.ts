// Large dense ranks as a user runs them, against M4RI, round by round: the
// `lightsout rank FILE.pbm --method ple --threads T --json` command in a
// process of its own (its elimination time, as it reports it), then M4RI's
// `mzd_echelonize` on the same matrix in a process of its own, alternating.
// Both then pay their first touches of memory, as a single run does. On a
// shared host the same kernel runs 1.25x slower from one minute to the next,
// and a ratio of two runs minutes apart moves with it: each round's ratio
// is of runs side by side, and the summary gives their median beside the
// ratio of the fastest runs. After a round with threads, a probe tells how
// much of a second core the host gave just then (host.ts): ours on two
// threads against M4RI on one is only as fair as that.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { BitMatrix } from "@lightsout/core";
import { formatPbm } from "@lightsout/core/io";
import { withCli } from "./cli.js";
import { writeBytes } from "./files.js";
import { measureCoreShare } from "./host.js";
import { buildHarness, findM4ri, runM4ri, writeMatrixFile } from "./m4ri.js";
import { median } from "./stats.js";

/** One round at one size: our elimination on each thread count, and M4RI's beside it. */
export interface LargeRow {
  n: number;
  round: number;
  /** Threads of our run. */
  threads: number;
  /** Our elimination time, ms, as the CLI reports it (reading the file is not in it). */
  oursMs: number;
  /** M4RI's `mzd_echelonize` in the same round, ms (absent without M4RI). */
  m4riMs?: number;
  /** oursMs / m4riMs. */
  ratio?: number;
  rank: number;
  /** Work of two busy threads over one's, probed right after the round (rounds with threads; 2 is a whole second core). */
  twoCores?: number;
}

export interface LargeOptions {
  sizes: number[];
  rounds: number;
  /** Thread counts of our runs (each is a run a round). */
  threads: number[];
  log: (line: string) => void;
  /** Time of each phase of the probe of the second core, ms (default 500). */
  probeMs?: number;
}

/** Sizes of a default run (a quick one: 2048, its probe short). */
export const largeDefaults = (quick: boolean) => ({
  sizes: quick ? [2048] : [32768],
  rounds: quick ? 1 : 3,
  probeMs: quick ? 100 : 500,
});

/**
 * Runs the suite: for each N a random N x N matrix (seed 1) written as PBM
 * (and as the harness's file), then `rounds` rounds of our runs and M4RI's.
 *
 * @param options - Sizes, rounds, thread counts and where the lines go.
 * @returns The rows (one per round and thread count) and notes; no rows when the CLI is not built.
 */
export function runLarge(options: LargeOptions): { rows: LargeRow[]; notes: string[] } {
  const notes: string[] = [];
  const m4ri = findM4ri();
  if (!m4ri.ok) notes.push(`M4RI skipped: ${m4ri.reason}`);
  const rows = withCli(options.log, "large", (cli, dir) => {
    const harness = m4ri.ok ? buildHarness(dir) : undefined;
    return options.sizes.flatMap((n) => runSize(n, cli, dir, harness, options));
  });
  return { rows, notes };
}

function runSize(n: number, cli: string, dir: string, harness: string | undefined, options: LargeOptions): LargeRow[] {
  const [pbm, bin] = [join(dir, `m${n}.pbm`), join(dir, `m${n}.bin`)];
  {
    using a = BitMatrix.random(n, n, { seed: 1 });
    writeBytes(pbm, formatPbm(a));
    if (harness) writeMatrixFile(bin, { rows: n, cols: n, strideWords: a.strideWords, words: a.packedWords() });
  }
  const rows: LargeRow[] = [];
  for (let round = 1; round <= options.rounds; round++) {
    const ours = options.threads.map((threads) => ({ threads, ...rankByCli(cli, pbm, threads) }));
    const m4riRun = harness ? runM4ri(harness, bin, "echelonize", 1) : undefined;
    const share = options.threads.some((t) => t > 1) ? measureCoreShare(options.probeMs) : undefined;
    for (const run of ours) {
      if (m4riRun && m4riRun.rank !== run.rank) {
        throw new Error(`N=${n}: rank ${run.rank} on ${run.threads} threads, M4RI's ${m4riRun.rank}`);
      }
      const m4riMs = m4riRun?.ms[0];
      const ratio = m4riMs === undefined ? undefined : run.ms / m4riMs;
      const twoCores = run.threads > 1 ? share?.ratio : undefined;
      rows.push({
        n,
        round,
        threads: run.threads,
        oursMs: run.ms,
        rank: run.rank,
        ...(ratio && { m4riMs, ratio }),
        ...(twoCores && { twoCores }),
      });
      options.log(
        `  N=${n} round ${round}: PLE, ${run.threads} thread${run.threads > 1 ? "s" : ""} ${(run.ms / 1000).toFixed(2)} s` +
          (ratio === undefined ? "" : `, M4RI ${(m4riMs! / 1000).toFixed(2)} s, ratio ${ratio.toFixed(3)}`) +
          (twoCores === undefined ? "" : `; then two busy threads did ${twoCores.toFixed(2)}x one's work`),
      );
    }
  }
  for (const threads of options.threads) options.log(`  ${summary(rows, n, threads)}`);
  return rows;
}

/** `lightsout rank FILE --method ple --threads T --json` in a child process: its rank and elimination time. */
function rankByCli(cli: string, pbm: string, threads: number): { rank: number; ms: number } {
  const args = [cli, "rank", pbm, "--method", "ple", "--threads", String(threads), "--json"];
  const run = spawnSync(process.execPath, args, { encoding: "utf8" });
  if (run.status !== 0) throw new Error(`lightsout rank failed (${run.status}): ${run.stderr.trim()}`);
  const out = JSON.parse(run.stdout) as { rank: number; ms: number };
  return { rank: out.rank, ms: out.ms };
}

/** The summary line of one size and thread count: the median of the rounds' ratios, and the fastest runs' ratio. */
export function summary(rows: readonly LargeRow[], n: number, threads: number): string {
  const mine = rows.filter((r) => r.n === n && r.threads === threads);
  const ratios = mine.flatMap((r) => (r.ratio === undefined ? [] : [r.ratio]));
  const head = `N=${n}, ${threads} thread${threads > 1 ? "s" : ""}:`;
  const fastest = Math.min(...mine.map((r) => r.oursMs));
  if (ratios.length === 0) return `${head} fastest ${(fastest / 1000).toFixed(2)} s (no M4RI)`;
  const m4riFastest = Math.min(...mine.map((r) => r.m4riMs!));
  const shares = mine.flatMap((r) => (r.twoCores === undefined ? [] : [r.twoCores]));
  const cores = shares.length === 0 ? "" : `; two busy threads did ${range(shares, 2)}x one's work`;
  return `${head} ratio to M4RI's mzd_echelonize, median of ${ratios.length} rounds ${median(ratios).toFixed(3)} (${range(ratios, 3)}); fastest runs ${(fastest / m4riFastest).toFixed(3)}${cores}`;
}

/** "min-max" of `values` to `digits` decimals. */
const range = (values: readonly number[], digits: number) =>
  `${Math.min(...values).toFixed(digits)}-${Math.max(...values).toFixed(digits)}`;
