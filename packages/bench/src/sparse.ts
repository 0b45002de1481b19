// Sparse GF(2): structured Gaussian elimination on the matrices it is for
// (graph incidence, read from an edge-list file) and on the one it is not
// (random with 10 ones a row, where fill-in explodes), and the measurements
// behind its hand-over density.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createReadStream } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readSparseMatrix } from "@lightsout/core/io";
import { type SparseBitMatrix, sparseFromCoordinates, sparseRank, sparseToBitMatrix } from "@lightsout/core/sparse";
import { fmtMs } from "./stats.js";

/** A seeded generator of integers below `n` (Park-Miller). */
function generator(seed: number): (n: number) => number {
  let s = seed % 2147483647 || 1;
  return (n) => {
    s = (s * 48271) % 2147483647;
    return s % n;
  };
}

/** A random graph: `edges` pairs of uniform vertices, flat. */
function randomEdges(vertices: number, edges: number, seed: number): Uint32Array {
  const next = generator(seed);
  const out = new Uint32Array(2 * edges);
  for (let k = 0; k < out.length; k++) out[k] = next(vertices);
  return out;
}

/** Connected components by breadth-first search over the adjacency lists, apart from the code timed. */
function components(vertices: number, edges: Uint32Array): number {
  const start = new Uint32Array(vertices + 1);
  for (const v of edges) start[v + 1]!++;
  for (let v = 0; v < vertices; v++) start[v + 1]! += start[v]!;
  const next = start.slice(0, vertices);
  const neighbours = new Uint32Array(edges.length);
  for (let k = 0; k < edges.length; k += 2) {
    neighbours[next[edges[k]!]!++] = edges[k + 1]!;
    neighbours[next[edges[k + 1]!]!++] = edges[k]!;
  }
  const seen = new Uint8Array(vertices);
  const queue = new Uint32Array(vertices);
  let count = 0;
  for (let root = 0; root < vertices; root++) {
    if (seen[root]) continue;
    count++;
    seen[root] = 1;
    let head = 0;
    let tail = 0;
    queue[tail++] = root;
    while (head < tail) {
      const v = queue[head++]!;
      for (let k = start[v]!; k < start[v + 1]!; k++) {
        const w = neighbours[k]!;
        if (!seen[w]) {
          seen[w] = 1;
          queue[tail++] = w;
        }
      }
    }
  }
  return count;
}

/** A random rows x cols matrix with `perRow` uniform columns a row (duplicates cancel). */
export function randomSparse(rows: number, cols: number, perRow: number, seed: number): SparseBitMatrix {
  const next = generator(seed);
  const r = new Uint32Array(rows * perRow);
  const c = new Uint32Array(rows * perRow);
  for (let i = 0, k = 0; i < rows; i++) {
    for (let t = 0; t < perRow; t++, k++) {
      r[k] = i;
      c[k] = next(cols);
    }
  }
  return sparseFromCoordinates(rows, cols, r, c);
}

const rssMiB = (): number => Math.round(process.memoryUsage().rss / 2 ** 20);

export interface SparseRow {
  case: string;
  ms: number;
  rank?: number;
  expected?: number;
  note: string;
  peakRssMiB: number;
}

/** Incidence matrices of random graphs, from an edge-list file: read, then rank by structured elimination. */
async function incidence(vertices: number, edgeCount: number, log: (line: string) => void): Promise<SparseRow[]> {
  const edges = randomEdges(vertices, edgeCount, vertices + 1);
  const dir = mkdtempSync(join(tmpdir(), "lightsout-sparse-"));
  const file = join(dir, "graph.txt");
  try {
    const lines: string[] = [];
    for (let k = 0; k < edges.length; k += 2) lines.push(`${edges[k]} ${edges[k + 1]}`);
    writeFileSync(file, `${lines.join("\n")}\n`);
    const t0 = performance.now();
    const { matrix } = await readSparseMatrix(createReadStream(file, { highWaterMark: 2 ** 20 }), {
      source: file,
      format: "edge-list",
      vertices,
    });
    const readMs = performance.now() - t0;
    const t1 = performance.now();
    const r = sparseRank(matrix, { method: "structured" });
    const ms = performance.now() - t1;
    const expected = vertices - components(vertices, edges);
    const s = r.structured!;
    const note =
      `read ${fmtMs(readMs)}; pivots ${s.singletonPivots} singleton, ${s.doubletonPivots} doubleton, ${s.markowitzPivots} Markowitz; ` +
      `peak ${s.peakNonzeros} ones; hand-over ${s.handOver ? `${s.handOver.rows} x ${s.handOver.cols}` : "none"}`;
    const row = {
      case: `incidence ${vertices} vertices, ${edgeCount} edges`,
      ms,
      rank: r.rank,
      expected,
      note,
      peakRssMiB: rssMiB(),
    };
    log(
      `  ${row.case.padEnd(44)} ${fmtMs(ms).padStart(9)}  rank ${r.rank} ${r.rank === expected ? "= vertices - components" : `!= ${expected}`}  ${note}  rss ${row.peakRssMiB} MiB`,
    );
    return [row];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Random n x n with 10 ones a row by structured elimination: how far it gets before fill-in stops it. */
function randomStructured(n: number, log: (line: string) => void): SparseRow {
  const m = randomSparse(n, n, 10, n);
  let done = 0;
  let phase = "structured";
  const t0 = performance.now();
  let rank: number | undefined;
  let note: string;
  try {
    const r = sparseRank(m, {
      method: "structured",
      onProgress: (p) => {
        done = p.done;
        phase = p.phase;
      },
    });
    rank = r.rank;
    const s = r.structured!;
    note =
      `pivots ${s.singletonPivots}/${s.doubletonPivots}/${s.markowitzPivots} (singleton/doubleton/Markowitz), peak ${s.peakNonzeros} ones, ` +
      `hand-over ${s.handOver ? `${s.handOver.rows} x ${s.handOver.cols}, density ${s.handOver.density.toFixed(3)}, dense rank ${s.handOver.rank}` : "none"}`;
  } catch (error) {
    note = `stopped in ${phase} after ${done} of ${n} rows: ${(error as Error).message}`;
  }
  const ms = performance.now() - t0;
  const row = {
    case: `random ${n} x ${n}, 10 a row`,
    ms,
    ...(rank === undefined ? {} : { rank }),
    note,
    peakRssMiB: rssMiB(),
  };
  log(
    `  ${row.case.padEnd(44)} ${fmtMs(ms).padStart(9)}  ${rank === undefined ? "no rank" : `rank ${rank}`}  ${note}  rss ${row.peakRssMiB} MiB`,
  );
  return row;
}

/**
 * The hand-over density: on random n x n matrices of a given density, the
 * time of eliminating sparse to the end against the dense kernel's rank.
 * Below the crossover a sparse pivot is cheaper than its share of the dense
 * work; above it the dense kernel wins.
 */
function crossover(n: number, densities: number[], log: (line: string) => void): SparseRow[] {
  const rows: SparseRow[] = [];
  for (const density of densities) {
    const perRow = Math.max(1, Math.round(density * n));
    const m = randomSparse(n, n, perRow, 7 * n + perRow);
    const t0 = performance.now();
    const sparse = sparseRank(m, { method: "structured", handOverDensity: 2 }).rank;
    const sparseMs = performance.now() - t0;
    using d = sparseToBitMatrix(m);
    const t1 = performance.now();
    const dense = d.rank({ threads: 1 });
    const denseMs = performance.now() - t1;
    const note = `sparse to the end ${fmtMs(sparseMs)}, dense ${fmtMs(denseMs)}: ${sparseMs < denseMs ? "sparse" : "dense"} wins`;
    rows.push({
      case: `crossover ${n} x ${n}, density ${density}`,
      ms: sparseMs,
      rank: sparse,
      expected: dense,
      note,
      peakRssMiB: rssMiB(),
    });
    log(
      `  ${`${n} x ${n}, ${perRow} a row (density ${(perRow / n).toFixed(4)})`.padEnd(44)} ${note}${sparse === dense ? "" : "  RANKS DIFFER"}`,
    );
  }
  return rows;
}

/** Total structured time on one input for several hand-over densities. */
function thresholds(n: number, values: number[], log: (line: string) => void): SparseRow[] {
  const m = randomSparse(n, n, 10, 3 * n);
  const rows: SparseRow[] = [];
  for (const handOverDensity of values) {
    const t0 = performance.now();
    const r = sparseRank(m, { method: "structured", handOverDensity, threads: 1 });
    const ms = performance.now() - t0;
    const h = r.structured!.handOver;
    const note = h ? `hand-over ${h.rows} x ${h.cols} (density ${h.density.toFixed(4)})` : "no hand-over";
    rows.push({
      case: `threshold ${handOverDensity} on ${n} x ${n}, 10 a row`,
      ms,
      rank: r.rank,
      note,
      peakRssMiB: rssMiB(),
    });
    log(
      `  ${`${n} x ${n}, hand-over at ${handOverDensity}`.padEnd(44)} ${fmtMs(ms).padStart(9)}  rank ${r.rank}  ${note}`,
    );
  }
  return rows;
}

/** The sparse suite. */
export async function runSparse(options: { quick: boolean; log: (line: string) => void }): Promise<SparseRow[]> {
  const { quick, log } = options;
  const rows: SparseRow[] = [];
  log("  incidence matrices of random graphs (edge-list file, streamed), rank checked by breadth-first search:");
  const vertices = quick ? 100_000 : 1_000_000;
  rows.push(...(await incidence(vertices, vertices, log)));
  rows.push(...(await incidence(vertices, 2 * vertices, log)));
  log("  the hand-over density: sparse elimination to the end against the dense kernel (one thread):");
  const n = quick ? 1000 : 4000;
  // past 0.001 the sparse side runs for minutes at 4000 (4 a row took 7 s): the trend is already plain
  rows.push(...crossover(n, [0.00025, 0.0005, 0.001], log));
  log("  total structured time by hand-over density, random n x n, 10 a row (one thread):");
  for (const size of quick ? [5000] : [5000, 20000]) {
    rows.push(...thresholds(size, [0.0005, 0.001, 0.002, 0.005, 0.01, 0.02], log));
  }
  log("  random with 10 ones a row by structured elimination:");
  rows.push(randomStructured(quick ? 20_000 : 200_000, log));
  return rows;
}
