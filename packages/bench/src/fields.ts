// The Z_p dense benchmark (suite `fields`): rank of seeded random N x N
// matrices over Z_3, Z_7 and Z_65521 with the WebAssembly Z_p kernel
// (assembly/zp.ts, delayed reduction) and its TypeScript twin.
import { FieldMatrix, primeField, type FieldEchelonOptions } from "@lightsout/core/fields";
import { fmtMs, median, timeRepeats } from "./stats.js";

export interface FieldsRow {
  n: number;
  p: number;
  impl: "wasm" | "typescript twin";
  /** Median of the repeats. */
  ms: number;
  /** Fastest repeat. */
  minMs: number;
  rank: number;
  /** Nanoseconds per N^3 entry updates (one multiply-add each: Gauss-Jordan's work unit). */
  nsPerUpdate: number;
}

export interface FieldsOptions {
  sizes: number[];
  primes: number[];
  /** Largest N at which the TypeScript twin runs. */
  tsUpTo: number;
  log: (line: string) => void;
}

const repeatsFor = (n: number) => (n <= 512 ? 5 : 3);

/** Default sizes and primes: N = 256, 512, 1024 over Z_3, Z_7, Z_65521 (--quick: the TS twin up to 512). */
export function fieldsDefaults(quick: boolean): Omit<FieldsOptions, "log"> {
  return { sizes: [256, 512, 1024], primes: [3, 7, 65521], tsUpTo: quick ? 512 : 1024 };
}

export function runFields(options: FieldsOptions): FieldsRow[] {
  const rows: FieldsRow[] = [];
  for (const p of options.primes) {
    const field = primeField(p);
    for (const n of options.sizes) {
      const a = FieldMatrix.random(field, n, n, { seed: 1 });
      const engines: ("wasm" | "ts")[] = n <= options.tsUpTo ? ["wasm", "ts"] : ["wasm"];
      for (const engine of engines) {
        const opts: FieldEchelonOptions = { engine };
        const repeats = engine === "ts" ? 1 : repeatsFor(n);
        const r = timeRepeats(
          repeats,
          () => a,
          (m) => m.rank(opts),
        );
        const ms = median(r.ms);
        const row: FieldsRow = {
          n,
          p,
          impl: engine === "ts" ? "typescript twin" : "wasm",
          ms,
          minMs: Math.min(...r.ms),
          rank: r.last,
          nsPerUpdate: (ms * 1e6) / n ** 3,
        };
        rows.push(row);
        options.log(
          `  rank Z_${String(p).padEnd(6)} N=${String(n).padEnd(5)} ${row.impl.padEnd(16)} ${fmtMs(ms).padStart(10)}` +
            ` (min ${fmtMs(row.minMs).padStart(9)})   ${row.nsPerUpdate.toFixed(3)} ns/update   rank ${row.rank}`,
        );
      }
      const wasm = rows.find((x) => x.n === n && x.p === p && x.impl === "wasm");
      const ts = rows.find((x) => x.n === n && x.p === p && x.impl === "typescript twin");
      if (wasm && ts) options.log(`    twin / wasm = ${(ts.minMs / wasm.minMs).toFixed(1)}x`);
    }
  }
  return rows;
}
