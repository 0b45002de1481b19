// The GF(2) dense kernel benchmark: rank and solve of seeded random N x N
// matrices with the WASM kernel (one thread, and its sweeps shared among
// several), its TypeScript twin and, when installed, M4RI through a C
// harness built on the fly (packages/bench/m4ri).
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { BitMatrix, type EchelonOptions } from "@lightsout/core";
import { endThreads, initThreads } from "@lightsout/core/gf2";
import { buildHarness, findM4ri, runM4ri, writeMatrixFile, type M4riOp } from "./m4ri.js";
import { fmtMs, median, timeRepeats } from "./stats.js";

export interface Gf2Row {
  n: number;
  /** "half": rank of a matrix of rank N / 2 (see measureHalfRank). */
  op: "rank" | "solve" | "mul" | "half";
  impl: string;
  /** Median of the repeats. */
  ms: number;
  /** Fastest repeat: the least disturbed by other load on the machine. */
  minMs: number;
  /** Least CPU time of the busiest thread over the repeats (Linux; M4RI: its process). */
  cpuMs?: number;
  /** The rank found (rank and solve rows). */
  rank?: number | undefined;
  /** Nanoseconds per N^3/64 word operations: the naive elimination's work unit. */
  nsPerWordOp: number;
}

export interface Gf2Options {
  sizes: number[];
  /** Largest N at which the (slow) TypeScript twin runs. */
  tsUpTo: number;
  /** Thread counts (above 1) of the threaded Four Russians rows; the plain rows use one thread. */
  threads: number[];
  /** Rounds of the whole measurement, ours and M4RI's alternating (default 1). */
  rounds?: number;
  log: (line: string) => void;
}

const repeatsFor = (n: number) => (n <= 2048 ? 5 : n <= 8192 ? 3 : 1);
const least = (values: readonly number[] | undefined) =>
  values !== undefined && values.length > 0 ? Math.min(...values) : undefined;

/** The XOR of all 64-bit words of a matrix, 16 hex digits (as the M4RI harness prints it). */
function checksum(m: BitMatrix): string {
  const w = m.packedWords();
  let [low, high] = [0, 0];
  for (let i = 0; i < w.length; i += 2) [low, high] = [low ^ w[i]!, high ^ w[i + 1]!];
  return (high >>> 0).toString(16).padStart(8, "0") + (low >>> 0).toString(16).padStart(8, "0");
}
const wordOps = (n: number) => n ** 3 / 64;

/** One measurement of one implementation: its repeats' times, CPU times and answer. */
interface Sample {
  n: number;
  op: Gf2Row["op"];
  impl: string;
  ms: number[];
  cpuMs?: number[] | undefined;
  rank?: number | undefined;
}

/** Our kernels on one size: rank (three methods, then threaded), solve, the product (and the twin up to tsUpTo). */
function measureOurs(n: number, a: BitMatrix, b: number[], options: Gf2Options, repeats: number) {
  const samples: Sample[] = [];
  for (const method of ["m4ri", "ple", "naive", "auto"] as const) {
    if (method === "naive" && n > 8192) continue;
    const r = timeRepeats(
      repeats,
      () => a.copy(),
      (m) => m.echelonize({ method, threads: 1 }).rank,
      (m) => m.dispose(),
    );
    const impl = {
      m4ri: "wasm (Four Russians)",
      ple: "wasm (PLE)",
      naive: "wasm (naive)",
      auto: "wasm (auto, 1 thread)",
    }[method];
    samples.push({ n, op: "rank", impl, ms: r.ms, cpuMs: r.busiestCpuMs, rank: r.last });
  }
  // Four Russians with its sweeps shared among threads (helpers started beforehand), and PLE in the
  // threads' shared memory (its products, sums and base-case passes shared)
  for (const threads of options.threads) {
    for (const method of ["m4ri", "ple"] as const) {
      const r = timeRepeats(
        repeats,
        () => a.copy(),
        (m) => m.echelonize({ method, threads }).rank,
        (m) => m.dispose(),
      );
      const impl = `wasm (${method === "ple" ? "PLE" : "Four Russians"}, ${threads} threads)`;
      samples.push({ n, op: "rank", impl, ms: r.ms, cpuMs: r.busiestCpuMs, rank: r.last });
    }
  }
  const s = timeRepeats(
    repeats,
    () => a,
    (m) => m.solve(b, { threads: 1 }).rank,
  );
  samples.push({ n, op: "solve", impl: "wasm", ms: s.ms, rank: s.last });
  // C = A A: Strassen-Winograd over the Four Russians kernel, on one thread, then shared on the pool
  let product = "";
  for (const threads of [1, ...options.threads.filter((t) => t > 1)]) {
    // the product's checksum is taken after the clock stops (as M4RI's harness does); its allocation is timed
    const p = timeRepeats(
      repeats,
      () => ({ a, c: undefined as BitMatrix | undefined }),
      (run) => {
        run.c = run.a.mul(run.a, { threads });
        return 0;
      },
      (run) => {
        if (!run.c) return;
        const sum = checksum(run.c);
        run.c.dispose();
        if (product !== "" && sum !== product) throw new Error(`N=${n}: A A on ${threads} threads differs`);
        product = sum;
      },
    );
    const impl = threads === 1 ? "wasm" : `wasm (${threads} threads)`;
    samples.push({ n, op: "mul", impl, ms: p.ms, cpuMs: p.busiestCpuMs });
  }
  if (n <= options.tsUpTo) {
    using t = a.to("ts");
    const r = timeRepeats(
      1,
      () => t.copy(),
      (m) => m.echelonize().rank,
      (m) => m.dispose(),
    );
    samples.push({ n, op: "rank", impl: "typescript twin", ms: r.ms, rank: r.last });
    const ts = timeRepeats(
      1,
      () => t,
      (m) => m.solve(b).rank,
    );
    samples.push({ n, op: "solve", impl: "typescript twin", ms: ts.ms, rank: ts.last });
  }
  return { samples, product };
}

/**
 * Rank of a rank-deficient matrix: the product of seeded random N x h and
 * h x N matrices, h = floor(N/2) (rank h). Half its columns have no pivot, so the
 * search for pivots, and PLE's updates by its few pivots, are timed apart
 * from the full-rank rows: ours (Four Russians, PLE, `auto`, on one thread
 * and on threads) and M4RI's echelon forms on the same matrix.
 */
function measureHalfRank(n: number, harness: string | undefined, file: string, options: Gf2Options, repeats: number) {
  const half = Math.max(1, Math.floor(n / 2));
  using l = BitMatrix.random(n, half, { seed: 3 });
  using r = BitMatrix.random(half, n, { seed: 4 });
  using a = l.mul(r);
  const samples: Sample[] = [];
  const time = (impl: string, echelon: EchelonOptions) => {
    const t = timeRepeats(
      repeats,
      () => a.copy(),
      (m) => m.echelonize(echelon).rank,
      (m) => m.dispose(),
    );
    samples.push({ n, op: "half", impl, ms: t.ms, cpuMs: t.busiestCpuMs, rank: t.last });
  };
  time("wasm (Four Russians)", { method: "m4ri", threads: 1 });
  time("wasm (PLE)", { method: "ple", threads: 1 });
  time("wasm (auto, 1 thread)", { threads: 1 });
  for (const threads of options.threads) time(`wasm (auto, ${threads} threads)`, { threads });
  if (harness) {
    writeMatrixFile(file, { rows: n, cols: n, strideWords: a.strideWords, words: a.packedWords() });
    for (const op of ["echelonize", "echelonize_m4ri"] as const) {
      const result = runM4ri(harness, file, op, repeats);
      samples.push({ n, op: "half", impl: `m4ri mzd_${op}`, ms: result.ms, cpuMs: result.cpuMs, rank: result.rank });
    }
  }
  return samples;
}

/** M4RI's product (checked against ours) and echelon forms on the matrix in `file`. */
function measureM4ri(n: number, harness: string, file: string, repeats: number, product: string): Sample[] {
  const mul = runM4ri(harness, file, "mul", repeats);
  if (mul.checksum !== product) {
    throw new Error(`N=${n}: A A differs from M4RI's (checksums ${product} and ${mul.checksum})`);
  }
  const samples: Sample[] = [{ n, op: "mul", impl: "m4ri mzd_mul", ms: mul.ms, cpuMs: mul.cpuMs }];
  const ops: [M4riOp, "rank" | "solve", string][] = [
    ["echelonize", "rank", "m4ri mzd_echelonize"],
    ["echelonize_m4ri", "rank", "m4ri mzd_echelonize_m4ri"],
    ["solve", "solve", "m4ri mzd_solve_left"],
  ];
  for (const [op, kind, impl] of ops) {
    const result = runM4ri(harness, file, op, repeats);
    samples.push({ n, op: kind, impl, ms: result.ms, cpuMs: result.cpuMs, rank: result.rank });
  }
  return samples;
}

/** The samples of several rounds merged per implementation, in the order they first came. */
function mergeRounds(rounds: Sample[][]): Sample[] {
  const merged = new Map<string, Sample>();
  for (const sample of rounds.flat()) {
    const key = `${sample.op} ${sample.impl}`;
    const seen = merged.get(key);
    if (!seen) merged.set(key, { ...sample, ms: [...sample.ms], cpuMs: sample.cpuMs && [...sample.cpuMs] });
    else {
      seen.ms.push(...sample.ms);
      seen.cpuMs = seen.cpuMs && sample.cpuMs ? [...seen.cpuMs, ...sample.cpuMs] : undefined;
    }
  }
  return [...merged.values()];
}

/**
 * The GF(2) suite. With `rounds` above 1, ours and M4RI's measurements
 * alternate round by round, so that a slow spell of the machine (on a
 * shared host the same kernel varies by 1.5x from one minute to the next)
 * falls on both sides of a ratio; each row's fastest repeat is over all rounds.
 */
export function runGf2(options: Gf2Options): { rows: Gf2Row[]; notes: string[] } {
  const rows: Gf2Row[] = [];
  const notes: string[] = [];
  const m4ri = findM4ri();
  let harness: string | undefined;
  const dir = mkdtempSync(join(tmpdir(), "lightsout-bench-"));
  if (m4ri.ok) harness = buildHarness(dir);
  else notes.push(`M4RI skipped: ${m4ri.reason}`);
  const load = () =>
    loadavg()
      .map((x) => x.toFixed(2))
      .join(" ");
  notes.push(`load average (1, 5, 15 min) at the start: ${load()}`);
  const rounds = options.rounds ?? 1;
  if (rounds > 1) notes.push(`${rounds} rounds, ours and M4RI's alternating; fastest repeats over all rounds`);
  const add = (sample: Sample) => {
    const ms = median(sample.ms);
    const full: Gf2Row = {
      n: sample.n,
      op: sample.op,
      impl: sample.impl,
      ms,
      minMs: Math.min(...sample.ms),
      ...(least(sample.cpuMs) === undefined ? {} : { cpuMs: least(sample.cpuMs) as number }),
      rank: sample.rank,
      nsPerWordOp: (ms * 1e6) / wordOps(sample.n),
    };
    rows.push(full);
    options.log(
      `  ${full.op.padEnd(5)} N=${String(full.n).padEnd(6)} ${full.impl.padEnd(32)} ${fmtMs(full.ms).padStart(10)}` +
        ` (min ${fmtMs(full.minMs).padStart(9)})   ${full.nsPerWordOp.toFixed(3)} ns/word-op${full.rank === undefined ? "" : `   rank ${full.rank}`}` +
        `${full.cpuMs === undefined ? "" : `   cpu ${fmtMs(full.cpuMs)}`}`,
    );
  };
  try {
    for (const n of options.sizes) {
      const repeats = repeatsFor(n);
      using a = BitMatrix.random(n, n, { seed: 1 });
      // b = A x0: a consistent system, so every solver does the same work
      using x0 = BitMatrix.random(n, 1, { seed: 2 });
      using ax = a.mul(x0);
      const b = Array.from({ length: n }, (_, i) => ax.get(i, 0));
      const file = join(dir, `m${n}.bin`);
      if (harness) {
        const words = { rows: n, cols: n, strideWords: a.strideWords, words: a.packedWords() };
        writeMatrixFile(file, words, Uint8Array.from(b));
      }
      const samples: Sample[][] = [];
      for (let round = 0; round < rounds; round++) {
        // the twin is minutes at large sizes: once is enough
        const ours = measureOurs(n, a, b, round === 0 ? options : { ...options, tsUpTo: 0 }, repeats);
        samples.push(ours.samples);
        if (harness) samples.push(measureM4ri(n, harness, file, repeats, ours.product));
        samples.push(measureHalfRank(n, harness, join(dir, `h${n}.bin`), options, repeats));
      }
      for (const sample of mergeRounds(samples)) add(sample);
      if (n === options.sizes.find((x) => x > options.tsUpTo)) {
        notes.push(
          `TypeScript twin skipped above N = ${options.tsUpTo} (it is the O(N^3/32) reference, minutes at that size)`,
        );
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
    endThreads();
  }
  notes.push(`load average (1, 5, 15 min) at the end: ${load()}`);
  return { rows, notes };
}

/**
 * {@link runGf2} after starting the helper threads it will use, so that
 * their start-up is not timed.
 *
 * @param options - As for runGf2.
 * @returns The rows and notes of runGf2.
 * @example
 * ```ts
 * const { rows } = await runGf2Threaded({ sizes: [4096], tsUpTo: 0, threads: [2], log: console.log });
 * ```
 */
export async function runGf2Threaded(options: Gf2Options): Promise<{ rows: Gf2Row[]; notes: string[] }> {
  const most = Math.max(1, ...options.threads);
  const started = await initThreads(most);
  const result = runGf2({ ...options, threads: options.threads.filter((t) => t > 1 && t <= started) });
  if (started < most) result.notes.push(`threaded rows skipped: only ${started} thread(s) could start`);
  return result;
}

/**
 * Ratio lines: our WASM time over M4RI's and over the TypeScript twin's,
 * from the fastest repeats (the medians move with other load on the machine).
 */
export function ratios(rows: Gf2Row[]): string[] {
  const lines: string[] = [];
  const find = (n: number, op: string, impl: string) => rows.find((r) => r.n === n && r.op === op && r.impl === impl);
  for (const n of [...new Set(rows.map((r) => r.n))]) {
    const wasm = find(n, "rank", "wasm (Four Russians)");
    const ple = find(n, "rank", "wasm (PLE)");
    const m4ri = find(n, "rank", "m4ri mzd_echelonize");
    const m4riM = find(n, "rank", "m4ri mzd_echelonize_m4ri");
    const twin = find(n, "rank", "typescript twin");
    const solve = find(n, "solve", "wasm");
    const m4riSolve = find(n, "solve", "m4ri mzd_solve_left");
    const parts = [`N=${n}:`];
    if (wasm && m4ri) parts.push(`rank wasm/M4RI(echelonize) = ${(wasm.minMs / m4ri.minMs).toFixed(2)}`);
    if (wasm && m4riM) parts.push(`wasm/M4RI(echelonize_m4ri) = ${(wasm.minMs / m4riM.minMs).toFixed(2)}`);
    if (ple && (m4ri || m4riM)) {
      const fastest = Math.min(m4ri?.minMs ?? Infinity, m4riM?.minMs ?? Infinity);
      parts.push(`PLE/M4RI(fastest) = ${(ple.minMs / fastest).toFixed(2)}`);
    }
    const fastestM4ri = [m4ri, m4riM].filter((r) => r !== undefined).sort((x, y) => x.minMs - y.minMs)[0];
    // the route `auto` takes on one thread (Four Russians, or PLE for large matrices)
    const auto = find(n, "rank", "wasm (auto, 1 thread)");
    if (auto && fastestM4ri)
      parts.push(`1 thread (auto)/M4RI(fastest) = ${(auto.minMs / fastestM4ri.minMs).toFixed(2)}`);
    const m4riCpu = least([m4ri?.cpuMs, m4riM?.cpuMs].filter((x) => x !== undefined));
    for (const threaded of rows.filter((r) => r.n === n && r.op === "rank" && r.impl.endsWith(" threads)"))) {
      const t = /(\d+) threads/.exec(threaded.impl)?.[1];
      // each route against itself on one thread
      const route = threaded.impl.startsWith("wasm (PLE") ? "PLE" : "Four Russians";
      const alone = route === "PLE" ? ple : wasm;
      const label = `${route}, ${t} threads`;
      if (alone) parts.push(`${label}: speed-up = ${(alone.minMs / threaded.minMs).toFixed(2)}x`);
      if (fastestM4ri) {
        parts.push(
          `${label}/M4RI(fastest, ${fastestM4ri.impl.slice(9)}) = ${(threaded.minMs / fastestM4ri.minMs).toFixed(2)}`,
        );
      }
      // by CPU time of the busiest thread: about the wall time on an idle machine
      if (alone?.cpuMs && threaded.cpuMs)
        parts.push(`cpu: ${label}: speed-up = ${(alone.cpuMs / threaded.cpuMs).toFixed(2)}x`);
      if (threaded.cpuMs && m4riCpu !== undefined) {
        parts.push(`cpu: ${label}/M4RI(fastest) = ${(threaded.cpuMs / m4riCpu).toFixed(2)}`);
      }
    }
    if (wasm?.cpuMs && m4riCpu !== undefined)
      parts.push(`cpu: 1 thread/M4RI(fastest) = ${(wasm.cpuMs / m4riCpu).toFixed(2)}`);
    if (wasm && twin) parts.push(`twin/wasm = ${(twin.minMs / wasm.minMs).toFixed(1)}x`);
    if (solve && m4riSolve) parts.push(`solve wasm/M4RI = ${(solve.minMs / m4riSolve.minMs).toFixed(2)}`);
    const [mul, m4riMul] = [find(n, "mul", "wasm"), find(n, "mul", "m4ri mzd_mul")];
    if (mul && m4riMul) parts.push(`mul wasm/M4RI = ${(mul.minMs / m4riMul.minMs).toFixed(2)}`);
    for (const shared of rows.filter((r) => r.n === n && r.op === "mul" && r.impl.endsWith(" threads)"))) {
      if (m4riMul) parts.push(`mul ${shared.impl.slice(6, -1)}/M4RI = ${(shared.minMs / m4riMul.minMs).toFixed(2)}`);
    }
    const half = rows.filter((r) => r.n === n && r.op === "half");
    const halfM4ri = half.filter((r) => r.impl.startsWith("m4ri")).sort((x, y) => x.minMs - y.minMs)[0];
    for (const ours of half.filter((r) => r.impl.startsWith("wasm (auto"))) {
      if (halfM4ri)
        parts.push(`rank N/2: ${ours.impl.slice(6, -1)}/M4RI(fastest) = ${(ours.minMs / halfM4ri.minMs).toFixed(2)}`);
    }
    if (parts.length > 1) lines.push(parts.join("  "));
  }
  return lines;
}
