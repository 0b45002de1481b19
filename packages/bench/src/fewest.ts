// The fewest-presses benchmark (suite "fewest"): the distribution of minimum
// press counts over all 2^23 winnable 5 x 5 boards, and the rate of the
// Gray-code coset enumeration (members per second) by nullity and vector
// length.
import { cosetMinimum, optimalDistribution } from "@lightsout/core";
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

/**
 * Runs the suite.
 *
 * @param options - `quick`: nullity up to 22 and fewer repeats.
 * @returns The distribution timing and table, and the enumeration rates.
 */
export function runFewest(options: FewestOptions): { distribution: FewestDistribution; rates: FewestRate[] } {
  const { log } = options;
  const repeats = options.quick ? 3 : 7;
  const d = timeRepeats(
    repeats,
    () => undefined,
    () => optimalDistribution(5, 5),
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
  return { distribution, rates };
}
