// The huge-grid nullity benchmark: deg gcd(f_n(x), f_n(x + 1)) for single
// large n, side by side with a pure-Python big-integer implementation of
// the same formula (run with python3 when present), then whole sweeps
// (every n x n for n = 1..25,000; every m x n for m, n <= 2000) on all cores.
import { spawnSync } from "node:child_process";
import { availableParallelism } from "node:os";
import { GF2Poly, nullitySweep, sequencePolynomial, squareNullity, type NullitySweep } from "@lightsout/core/nullity";
import { fmtMs, median } from "./stats.js";

export interface NullitySingleRow {
  n: number;
  impl: string;
  /** f_n and f_n(x + 1) (ours: doubling and butterflies; Python: the recurrences). */
  sequenceMs: number;
  /** The Euclidean gcd alone. */
  gcdMs: number;
  totalMs: number;
  nullity: number;
}

export interface NullitySweepRow {
  sweep: string;
  boards: number;
  workers: number;
  ms: number;
  /** Sum of the nullities: a checksum to compare runs. */
  checksum: number;
}

export interface NullityOptions {
  quick: boolean;
  log: (line: string) => void;
}

/**
 * The Python reference: f_n and g_n = f_n(x + 1) by their recurrences on
 * Python ints (bit i = coefficient of x^i), then Euclid one leading term at
 * a time, as a straightforward big-integer program would do it.
 */
const PYTHON = `
import json, sys, time
n = int(sys.argv[1])
t0 = time.perf_counter()
f0, f1 = 1, 2          # f_0 = 1, f_1 = x
g0, g1 = 1, 3          # g_0 = 1, g_1 = x + 1
for _ in range(n - 1):
    f0, f1 = f1, (f1 << 1) ^ f0
    g0, g1 = g1, (g1 << 1) ^ g1 ^ g0
t1 = time.perf_counter()
a, b = f1, g1
while b:
    da, db = a.bit_length(), b.bit_length()
    if da < db:
        a, b = b, a
        continue
    a ^= b << (da - db)
t2 = time.perf_counter()
print(json.dumps({"sequence_s": t1 - t0, "gcd_s": t2 - t1, "nullity": a.bit_length() - 1}))
`;

function runPython(n: number): { ok: true; row: NullitySingleRow } | { ok: false; reason: string } {
  const result = spawnSync("python3", ["-c", PYTHON, String(n)], { encoding: "utf8", timeout: 600_000 });
  if (result.error) return { ok: false, reason: `python3 not available (${result.error.message})` };
  if (result.status !== 0) return { ok: false, reason: `python3 failed: ${result.stderr.trim().split("\n").at(-1)}` };
  const out = JSON.parse(result.stdout) as { sequence_s: number; gcd_s: number; nullity: number };
  const sequenceMs = out.sequence_s * 1000,
    gcdMs = out.gcd_s * 1000;
  return {
    ok: true,
    row: { n, impl: "python3 big ints", sequenceMs, gcdMs, totalMs: sequenceMs + gcdMs, nullity: out.nullity },
  };
}

/**
 * Ours, two ways: `squareNullity` (the product: f_n by doubling, f_n(x + 1)
 * by butterflies, squares peeled, Euclid in WebAssembly), and plain Euclid
 * on f_n and f_n(x + 1) (GF2Poly.gcdDegree, no peeling), the same
 * algorithm as the Python side.
 */
function runOurs(n: number, repeats: number): NullitySingleRow[] {
  const product: number[] = [],
    seq: number[] = [],
    euclid: number[] = [];
  let nullity = -1,
    plain = -1;
  for (let r = 0; r < repeats; r++) {
    const t0 = performance.now();
    nullity = squareNullity(n);
    product.push(performance.now() - t0);
    const t1 = performance.now();
    const f = sequencePolynomial(n);
    const g = f.substituteXPlus1();
    const t2 = performance.now();
    plain = f.gcdDegree(g);
    euclid.push(performance.now() - t2);
    seq.push(t2 - t1);
  }
  const s = median(seq),
    e = median(euclid);
  return [
    { n, impl: "lightsout squareNullity", sequenceMs: NaN, gcdMs: NaN, totalMs: median(product), nullity },
    { n, impl: "lightsout plain Euclid", sequenceMs: s, gcdMs: e, totalMs: s + e, nullity: plain },
  ];
}

async function timeSweep(name: string, sweep: NullitySweep, workers: number): Promise<NullitySweepRow> {
  let boards = 0,
    checksum = 0;
  const t0 = performance.now();
  for await (const r of nullitySweep(sweep, { workers })) {
    boards++;
    checksum += r.nullity;
  }
  return { sweep: name, boards, workers, ms: performance.now() - t0, checksum };
}

export async function runNullity(
  options: NullityOptions,
): Promise<{ single: NullitySingleRow[]; sweeps: NullitySweepRow[]; notes: string[] }> {
  const { log } = options;
  const notes: string[] = [];
  const single: NullitySingleRow[] = [];
  const line = (r: NullitySingleRow, extra = "") =>
    log(
      `  n=${String(r.n).padEnd(8)} ${r.impl.padEnd(24)} total ${fmtMs(r.totalMs).padStart(9)}` +
        `   (f_n, f_n(x+1) ${fmtMs(r.sequenceMs).padStart(9)}; gcd ${fmtMs(r.gcdMs).padStart(9)})   nullity ${r.nullity}${extra}`,
    );
  // Warm-up: the kernel's first calls run in V8's baseline tier.
  sequencePolynomial(20_000).gcdDegree(GF2Poly.X);
  sequencePolynomial(20_000).gcdDegree(sequencePolynomial(20_000).substituteXPlus1());
  squareNullity(20_001);
  const sizes = options.quick ? [100_000, 300_000] : [100_000, 300_000, 1_000_000];
  const pythonUpTo = 300_000;
  let python = true;
  for (const n of sizes) {
    const [ours, plain] = runOurs(n, n >= 1_000_000 ? 1 : 3) as [NullitySingleRow, NullitySingleRow];
    single.push(ours, plain);
    log(
      `  n=${String(n).padEnd(8)} ${ours.impl.padEnd(24)} total ${fmtMs(ours.totalMs).padStart(9)}   nullity ${ours.nullity}`,
    );
    line(plain);
    if (python && n <= pythonUpTo) {
      const py = runPython(n);
      if (!py.ok) {
        notes.push(`Python side skipped: ${py.reason}`);
        python = false;
        continue;
      }
      single.push(py.row);
      const ratio = py.row.totalMs / ours.totalMs;
      line(
        py.row,
        `   -> squareNullity ${ratio.toFixed(1)}x faster; plain Euclid ${(py.row.gcdMs / plain.gcdMs).toFixed(1)}x faster than Python's`,
      );
      if (py.row.nullity !== ours.nullity || plain.nullity !== ours.nullity)
        notes.push(`MISMATCH at n = ${n}: python ${py.row.nullity}, ours ${ours.nullity}`);
    }
  }
  if (python)
    notes.push(
      `Python side run up to n = ${pythonUpTo} only (it is quadratic: n = 10^6 would take about 11x the n = 3x10^5 time)`,
    );
  const workers = availableParallelism();
  const sweeps: NullitySweepRow[] = [];
  const plan: [string, NullitySweep][] = options.quick
    ? [
        ["n x n, n = 1..5,000", { kind: "square", from: 1, to: 5000 }],
        ["m x n, m, n <= 500", { kind: "grid", rows: { from: 1, to: 500 }, cols: { from: 1, to: 500 } }],
      ]
    : [
        ["n x n, n = 1..25,000", { kind: "square", from: 1, to: 25_000 }],
        ["m x n, m, n <= 2,000", { kind: "grid", rows: { from: 1, to: 2000 }, cols: { from: 1, to: 2000 } }],
      ];
  for (const [name, sweep] of plan) {
    const row = await timeSweep(name, sweep, workers);
    sweeps.push(row);
    log(
      `  sweep ${name.padEnd(22)} ${String(row.boards).padStart(9)} boards  ${workers} workers  ${fmtMs(row.ms).padStart(9)}   sum of nullities ${row.checksum}`,
    );
  }
  for (const note of notes) log(`  note: ${note}`);
  return { single, sweeps, notes };
}
