// The huge-grid benchmark: the all-on n x n board solved by light chasing
// (solveGrid: symbolic chase, n x n GF(2) solve, numeric chase) and then
// verified cell by cell here. Reports time, peak memory and the work bound
// n^3/64 word operations per second.
import { solveGrid } from "@lightsout/core/lightsout";
import { fmtMs } from "./stats.js";

export interface ChaseRow {
  n: number;
  /** solveGrid alone, one run after a warm-up on a small board. */
  ms: number;
  /** The cell-by-cell check of the solution. */
  verifyMs: number;
  /** Peak resident set size seen during the run, MiB. */
  peakRssMiB: number;
  /** n^3/64 word operations per second of solveGrid, in units of 10^9. */
  gWordOpsPerSec: number;
  nullity: number;
  presses: number;
}

export interface ChaseOptions {
  sizes: number[];
  log: (line: string) => void;
}

/** The default sizes; 10000 runs only when asked for with --sizes. */
export const CHASE_SIZES = [64, 256, 1000, 2048, 4096];

/** Lights after the presses, all checked dark: (self + 4 neighbours) per cell. */
function verifyDark(n: number, lights: Uint8Array, presses: Uint8Array): boolean {
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const k = r * n + c;
      let v = lights[k]! ^ presses[k]!;
      if (r > 0) v ^= presses[k - n]!;
      if (r + 1 < n) v ^= presses[k + n]!;
      if (c > 0) v ^= presses[k - 1]!;
      if (c + 1 < n) v ^= presses[k + 1]!;
      if (v) return false;
    }
  }
  return true;
}

export function runChase(options: ChaseOptions): ChaseRow[] {
  const rows: ChaseRow[] = [];
  solveGrid(32, 32, new Uint8Array(32 * 32).fill(1)); // warm-up: JIT and kernel instance
  for (const n of options.sizes) {
    const lights = new Uint8Array(n * n).fill(1);
    let peak = process.memoryUsage().rss;
    const sample = () => {
      peak = Math.max(peak, process.memoryUsage().rss);
    };
    const t0 = performance.now();
    const s = solveGrid(n, n, lights, { onProgress: sample });
    const ms = performance.now() - t0;
    sample();
    if (!s.solvable) throw new Error(`the all-on ${n} x ${n} board was reported unsolvable, against Sutner's theorem`);
    const t1 = performance.now();
    const ok = verifyDark(n, lights, s.presses);
    const verifyMs = performance.now() - t1;
    if (!ok) throw new Error(`the solution of the all-on ${n} x ${n} board does not clear it`);
    let presses = 0;
    for (const p of s.presses) presses += p;
    const row: ChaseRow = {
      n,
      ms,
      verifyMs,
      peakRssMiB: peak / 2 ** 20,
      gWordOpsPerSec: n ** 3 / 64 / (ms / 1000) / 1e9,
      nullity: s.nullity,
      presses,
    };
    rows.push(row);
    options.log(
      `  all-on N=${String(n).padEnd(6)} solve ${fmtMs(ms).padStart(9)}   verify ${fmtMs(verifyMs).padStart(9)}` +
        `   peak RSS ${row.peakRssMiB.toFixed(0).padStart(5)} MiB   ${row.gWordOpsPerSec.toFixed(2)} G word-ops/s (n^3/64)` +
        `   nullity ${s.nullity}   presses ${presses}`,
    );
  }
  return rows;
}

/**
 * The sizes of the chase suite from the bench arguments: those of --sizes
 * when given (the only way to run 10000), else CHASE_SIZES (up to 1000 with
 * --quick).
 */
export function chaseSizes(argv: readonly string[]): number[] {
  const at = argv.lastIndexOf("--sizes");
  const list = at >= 0 ? argv[at + 1] : undefined;
  if (list !== undefined) return list.split(",").map(Number);
  return argv.includes("--quick") ? CHASE_SIZES.filter((n) => n <= 1000) : CHASE_SIZES;
}
