// The fewest-presses benchmark (suite "fewest"): the distribution of minimum
// press counts over all 2^23 winnable 5 x 5 boards, the rate of the
// Gray-code coset enumeration (members per second) by nullity and vector
// length, and fewest presses with a 10 s limit on boards of nullity 20..40
// (grids, tori, rules), all lights on and a random puzzle: time, whether
// the minimum is proven, and the blocks the quiet patterns split into. The
// lane scan (the enumeration of blocks too large for the default limit) is
// timed on the quiet patterns of tori, on one thread and on two, with the
// process's CPU time beside the wall time (the test machine is shared).
import { applyPresses, gridBoard, type GridOptions, quietPatterns, randomPuzzle } from "@lightsout/core";
import { cosetMinimum, fewestPressesByIlp, optimalDistribution } from "@lightsout/core/lightsout";
import { fmtMs, median, timeRepeats } from "./stats.js";

export interface FewestDistribution {
  rows: number;
  cols: number;
  /** Median of the repeats, ms. */
  ms: number;
  /** Fastest repeat, ms. */
  minMs: number;
  /** counts[p]: winnable boards whose fewest presses is p (decimal strings: exact). */
  counts: string[];
}

export interface FewestRate {
  /** k: 2^k members are enumerated. */
  nullity: number;
  /** Vector length in bits (cells of a board). */
  cells: number;
  ms: number;
  /** Coset members per second. */
  perSecond: number;
}

export interface FewestLaneRate {
  /** The board whose quiet basis (its first `nullity` vectors) spans the coset. */
  board: string;
  nullity: number;
  cells: number;
  threads: number;
  ms: number;
  /** CPU time of the whole process (all threads), ms. */
  cpuMs: number;
  /** Members per second of wall time. */
  perSecond: number;
  /** Members per second of CPU time. */
  perCpuSecond: number;
}

export interface FewestSweepRow {
  /** The board, e.g. "torus 20 x 20 x". */
  board: string;
  /** "all on" or "random seed 1". */
  lights: string;
  nullity: number;
  /** Dimensions of the independent blocks, largest first. */
  blocks: number[];
  /** Wall time of fewestPressesByIlp, ms (one run). */
  ms: number;
  /** CPU time of the process during that run (all threads), ms. */
  cpuMs: number;
  count: number;
  /** Whether count is proven minimal. */
  proven: boolean;
  lowerBound: number;
  status: string;
}

export interface FewestOptions {
  quick: boolean;
  log: (line: string) => void;
}

/** Deterministic 0/1 vector (LCG): the enumeration's speed does not depend on the values. */
function vector(n: number, seed: number): Uint8Array {
  let s = seed >>> 0 || 1;
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    out[i] = s >>> 31;
  }
  return out;
}

/** Boards of nullity 20..40, up to 32 x 32: [rows, cols, options]. */
const SWEEP: [number, number, GridOptions][] = [
  [30, 30, {}],
  [32, 32, {}],
  [32, 32, { rule: "x" }],
  [10, 20, { rule: "knight" }],
  [20, 20, { rule: "king" }],
  [8, 32, { rule: "king" }],
  [12, 24, { torus: true }],
  [14, 18, { torus: true }],
  [20, 20, { torus: true, rule: "x" }],
  [24, 24, { torus: true, rule: "x" }],
  [9, 9, { torus: true, rule: "knight" }],
  [3, 18, { torus: true, rule: "king" }],
  [20, 20, { torus: true }],
  [31, 31, { torus: true }],
  [31, 31, { torus: true, rule: "x" }],
  [20, 20, { torus: true, rule: "knight" }],
];
const QUICK_SWEEP = [0, 8, 12];

/** Fewest presses with a time limit of 10 s on each board of the sweep. */
async function runSweep(quick: boolean, log: (line: string) => void): Promise<FewestSweepRow[]> {
  const rows: FewestSweepRow[] = [];
  log(`  fewestPressesByIlp, time limit 10 s, one run each (blocks: dimensions of the independent parts):`);
  for (const [i, [r, c, options]] of SWEEP.entries()) {
    if (quick && !QUICK_SWEEP.includes(i)) continue;
    const board = gridBoard(r, c, options);
    const name = `${options.torus ? "torus" : "grid"} ${r} x ${c}${options.rule ? ` ${options.rule}` : ""}`;
    for (const [label, lights] of [
      ["all on", new Uint8Array(r * c).fill(1)],
      ["random seed 1", randomPuzzle(board, { seed: 1 })],
    ] as const) {
      const cpu = process.cpuUsage();
      const start = performance.now();
      const res = await fewestPressesByIlp(board, lights, { timeLimitMs: 10_000 });
      const ms = performance.now() - start;
      const used = process.cpuUsage(cpu);
      const cpuMs = (used.user + used.system) / 1000;
      if (res.presses === null || applyPresses(board, lights, res.presses).some((v) => v !== 0)) {
        throw new Error(`fewest presses on ${name}, ${label}: the presses do not clear the board`);
      }
      const nullity = res.blocks.reduce((a, b) => a + b, 0);
      const row = {
        board: name,
        lights: label,
        nullity,
        blocks: res.blocks,
        ms,
        cpuMs,
        count: res.count!,
        proven: res.optimal,
        lowerBound: res.lowerBound,
        status: res.status,
      };
      rows.push(row);
      const blocks = summariseBlocks(res.blocks);
      log(
        `    ${name.padEnd(22)} ${label.padEnd(13)} nullity ${String(nullity).padStart(2)}  blocks ${blocks.padEnd(14)} ${fmtMs(ms).padStart(9)} (cpu ${fmtMs(cpuMs).padStart(9)})  ${String(row.count).padStart(4)} presses  ${row.proven ? `proven (${row.status})` : `not proven (>= ${row.lowerBound}, ${row.status})`}`,
      );
    }
  }
  return rows;
}

/** The internal lane scan of @lightsout/core (not public API: loaded from its build, for timing only). */
type LaneScan = (
  x0: ArrayLike<number>,
  basis: readonly ArrayLike<number>[],
  options: { threads?: number },
) => { weight: number };

async function loadLaneScan(): Promise<LaneScan | undefined> {
  try {
    const url = new URL("../solvers/coset.js", import.meta.resolve("@lightsout/core"));
    const mod = (await import(url.href)) as { laneScan?: LaneScan };
    return mod.laneScan;
  } catch {
    return undefined;
  }
}

/** The lane scan over the first `nullity` quiet patterns of n x n tori, on 1 and 2 threads. */
async function runLaneRates(quick: boolean, log: (line: string) => void): Promise<FewestLaneRate[]> {
  const scan = await loadLaneScan();
  if (!scan) {
    log("  lane scan: not found in the build of @lightsout/core, skipped");
    return [];
  }
  const rates: FewestLaneRate[] = [];
  log("  lane scan (large blocks; quiet patterns of tori, first k basis vectors), WASM:");
  for (const [n, k] of [
    [10, quick ? 22 : 28],
    [20, quick ? 22 : 28],
    [31, quick ? 22 : 27],
  ] as const) {
    const board = gridBoard(n, n, { torus: true });
    const quiet = quietPatterns(board);
    // a torus of fewer quiet patterns: all of them, then repeated (the speed depends on the lanes, not on rank)
    const basis = Array.from({ length: k }, (_, t) => quiet[t % quiet.length]!);
    const x0 = vector(n * n, 1);
    for (const threads of [1, 2]) {
      const cpu = process.cpuUsage();
      const start = performance.now();
      scan(x0, basis, { threads });
      const ms = performance.now() - start;
      const used = process.cpuUsage(cpu);
      const cpuMs = (used.user + used.system) / 1000;
      const members = 2 ** basis.length;
      const row = {
        board: `torus ${n} x ${n}`,
        nullity: basis.length,
        cells: n * n,
        threads,
        ms,
        cpuMs,
        perSecond: members / (ms / 1000),
        perCpuSecond: members / (cpuMs / 1000),
      };
      rates.push(row);
      log(
        `    cells ${String(row.cells).padStart(4)}  2^${row.nullity}  threads ${threads}  ${fmtMs(ms).padStart(9)} (cpu ${fmtMs(cpuMs).padStart(9)})  ${(row.perSecond / 1e6).toFixed(0).padStart(5)} M members/s (${(row.perCpuSecond / 1e6).toFixed(0)} M per CPU second)`,
      );
    }
  }
  return rates;
}

/** "16,16" or "27,1x12": block dimensions with runs of ones counted. */
function summariseBlocks(blocks: readonly number[]): string {
  const ones = blocks.filter((b) => b === 1).length;
  const big = blocks.filter((b) => b > 1);
  return [...big.map(String), ...(ones > 0 ? [`1x${ones}`] : [])].join(",");
}

/**
 * Runs the suite.
 *
 * @param options - `quick`: nullity up to 22, fewer repeats, three boards of the sweep.
 * @returns The distribution timing and table, the enumeration rates and the sweep.
 */
export async function runFewest(options: FewestOptions): Promise<{
  distribution: FewestDistribution;
  rates: FewestRate[];
  laneRates: FewestLaneRate[];
  sweep: FewestSweepRow[];
}> {
  const { log } = options;
  const repeats = options.quick ? 3 : 7;
  const d = timeRepeats(
    repeats,
    () => undefined,
    () => optimalDistribution(gridBoard(5, 5)),
  );
  const distribution: FewestDistribution = {
    rows: 5,
    cols: 5,
    ms: median(d.ms),
    minMs: Math.min(...d.ms),
    counts: d.last.counts.map((c) => c.toString()),
  };
  log(
    `  5 x 5 distribution over all 2^${d.last.rank} winnable boards: ${fmtMs(distribution.ms)} (min ${fmtMs(distribution.minMs)}), median of ${repeats}`,
  );
  log(`    presses  boards`);
  distribution.counts.forEach((c, p) => log(`    ${String(p).padStart(7)}  ${c.padStart(7)}`));
  const total = d.last.counts.reduce((a, b) => a + b, 0n);
  log(`    total    ${total} (= 2^${d.last.rank})`);

  const rates: FewestRate[] = [];
  const nullities = options.quick ? [16, 19, 22] : [16, 18, 20, 22, 24, 26, 28];
  log(`  Gray-code coset enumeration (one XOR + popcount per member), WASM:`);
  for (const cells of [100, 225, 1024]) {
    for (const nullity of nullities) {
      const x0 = vector(cells, 1);
      const basis = Array.from({ length: nullity }, (_, t) => vector(cells, t + 2));
      // large scans are long enough to time once; small ones take the best of 3
      const times = nullity >= 24 ? 1 : 3;
      const r = timeRepeats(
        times,
        () => undefined,
        () => cosetMinimum(x0, basis),
      );
      const ms = Math.min(...r.ms);
      const perSecond = 2 ** nullity / (ms / 1000);
      rates.push({ nullity, cells, ms, perSecond });
      log(
        `    cells ${String(cells).padStart(4)}  nullity ${String(nullity).padStart(2)}  ${fmtMs(ms).padStart(9)}  ${(perSecond / 1e6).toFixed(0).padStart(5)} M members/s`,
      );
    }
  }
  const laneRates = await runLaneRates(options.quick, log);
  const sweep = await runSweep(options.quick, log);
  return { distribution, rates, laneRates, sweep };
}
