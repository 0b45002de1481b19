// The public sparse routes: rank, kernel vectors and solve for a
// SparseBitMatrix, by the dense kernel (small or dense input), structured
// elimination (sparse input that stays sparse enough), or block Wiedemann.

import type { BitMatrix, EngineName } from "../gf2/bitmatrix.js";
import { checkInteger, checkOptionsObject, describe } from "../internal/check.js";
import { matrixBytes } from "../internal/layout.js";
import { getMemoryLimit, matrixRoom } from "../internal/memory.js";
import { formatLimit } from "../internal/sizes.js";
import { unpackBits } from "../solvers/bits.js";
import { checkSparseMatrix, sparseToBitMatrix } from "./build.js";
import type { SparseBitMatrix } from "./matrix.js";
import {
  DEFAULT_HAND_OVER_DENSITY,
  type SparseProgress,
  type StructuredOptions,
  type StructuredRequest,
  type StructuredResult,
  type StructuredStats,
  structuredEliminate,
} from "./structured.js";
import { blockWiedemannRank, type WiedemannResult } from "./wiedemann/index.js";

/**
 * How a sparse matrix is eliminated: `dense` (the matrix as bits, for the
 * dense kernel), `structured` (structured Gaussian elimination, handing the
 * dense rest to the dense kernel), `wiedemann` (block Wiedemann, Monte
 * Carlo), or `auto` (the default): dense for small or dense matrices,
 * structured otherwise.
 *
 * @example
 * ```ts
 * const method: SparseMethod = "structured";
 * ```
 */
export type SparseMethod = "auto" | "dense" | "structured" | "wiedemann";

/**
 * Options of {@link sparseRank}, {@link sparseKernel} and {@link sparseSolve}.
 *
 * @example
 * ```ts
 * const options: SparseOptions = {
 *   method: "structured",
 *   onProgress: (p) => console.log(p.phase, p.done, p.total, p.secondsLeft),
 *   signal: AbortSignal.timeout(60_000),
 * };
 * ```
 */
export interface SparseOptions {
  /** The route; default `"auto"`. */
  method?: SparseMethod;
  /** Called now and then with the phase, its progress and an estimate of the seconds left. */
  onProgress?: (progress: SparseProgress) => void;
  /** Stops the work with the signal's reason, in every phase. */
  signal?: AbortSignal;
  /**
   * Threads of the dense kernel (BitMatrix's `threads`) and of block Wiedemann's products;
   * default as BitMatrix, and every core for block Wiedemann.
   */
  threads?: number;
  /** The dense kernel's own route (BitMatrix's `method`: Four Russians, PLE, naive); default `"auto"`. */
  denseMethod?: "auto" | "m4ri" | "ple" | "naive";
  /**
   * Density (ones / (rows x cols)) of the active part at which structured
   * elimination hands over to the dense kernel; default 0.002 (measured:
   * docs/BENCHMARKS.md). 0: at once; above 1: never.
   */
  handOverDensity?: number;
  /**
   * The most ones structured elimination's active part may hold (its fill-in;
   * about 76 bytes each); past it the dense kernel takes the active part if it
   * fits, else a RangeError. Default 2^24.
   */
  maxNonzeros?: number;
  /** Engine of the dense kernel; default `"wasm"`. */
  engine?: EngineName;
}

/**
 * The rank of a sparse matrix and how it was found.
 *
 * @example
 * ```ts
 * const r: SparseRankResult = sparseRank(sparseFromRows(2, [[0, 1], [0, 1]]));
 * r.rank;   // 1
 * r.method; // "dense" (a small matrix)
 * r.exact;  // true
 * ```
 */
export interface SparseRankResult {
  /** The rank over GF(2). */
  rank: number;
  /** cols - rank: the dimension of the right kernel { x : A x = 0 }. */
  nullity: number;
  /** The route that ran (never `"auto"`). */
  method: Exclude<SparseMethod, "auto">;
  /** True for the deterministic routes (dense, structured); false for a Monte Carlo answer. */
  exact: boolean;
  /** What structured elimination did (its pivots, fill and hand-over); undefined for other routes. */
  structured?: StructuredStats;
  /**
   * Block Wiedemann's guarantee (the `wiedemann` route): `rank <= rankAtMost`
   * is proven by the kernel vectors found; the rank is exact with
   * probability at least 1 - errorBound (2^-40, or 1 when no bound is
   * claimed), and `guarantee` says so in one sentence; `threads` is how many ran its products.
   */
  wiedemann?: Pick<
    WiedemannResult,
    "rankAtMost" | "errorBound" | "guarantee" | "blockWidth" | "seed" | "timings" | "threads"
  >;
}

/**
 * Vectors of the right kernel of a sparse matrix.
 *
 * @example
 * ```ts
 * const m = sparseFromRows(3, [[0, 1], [1, 2]]);
 * const { vectors }: SparseKernelResult = sparseKernel(m);
 * multiplySparse(m, vectors[0]!); // Uint8Array [0, 0]
 * ```
 */
export interface SparseKernelResult extends SparseRankResult {
  /** Independent x with A x = 0, one 0/1 entry per column: all `nullity` of them, or the first `limit`. */
  vectors: Uint8Array[];
}

/**
 * The answer to A x = b for a sparse A.
 *
 * @example
 * ```ts
 * const s: SparseSolution = sparseSolve(sparseFromRows(2, [[0], [0]]), [1, 0]);
 * s.solvable; // false
 * ```
 */
export type SparseSolution = SparseRankResult &
  (
    | {
        /** The system has a solution. */
        solvable: true;
        /** One solution, one entry 0/1 per column (the others are x plus the kernel). */
        x: Uint8Array;
      }
    | {
        /** The system has no solution. */
        solvable: false;
        /**
         * A proof, when the route gives one (the dense route): y with y A = 0
         * and y . b = 1. Structured elimination does not keep its row
         * operations, so it only says that none exists.
         */
        certificate: Uint8Array | undefined;
      }
  );

/** Below this many rows x cols, `auto` takes the dense route: a few kilobytes of bits. */
const AUTO_DENSE_ENTRIES = 2 ** 20;

function checkOptions(options: SparseOptions): Exclude<SparseMethod, "auto"> | "auto" {
  checkOptionsObject(options);
  const method = options.method ?? "auto";
  if (method !== "auto" && method !== "dense" && method !== "structured" && method !== "wiedemann") {
    throw new TypeError(`"method" expected "auto", "dense", "structured" or "wiedemann", got ${describe(method)}`);
  }
  const density = options.handOverDensity;
  if (density !== undefined && !(typeof density === "number" && density >= 0)) {
    throw new RangeError(`"handOverDensity" expected a number >= 0, got ${describe(density)}`);
  }
  if (options.maxNonzeros !== undefined) checkInteger("maxNonzeros", options.maxNonzeros, 1, 2 ** 32);
  if (options.onProgress !== undefined && typeof options.onProgress !== "function") {
    throw new TypeError(`"onProgress" expected a function, got ${describe(options.onProgress)}`);
  }
  return method;
}

/** Whether the matrix as bits fits the room for a GF(2) matrix (the memory limit, less room for its elimination). */
function fitsDense(m: SparseBitMatrix): boolean {
  return m.rows <= 2 ** 30 && m.cols < 2 ** 30 && matrixBytes(m.rows, m.cols + 1) <= matrixRoom();
}

/** The route of `method` for `m`: auto picks dense for small or dense matrices that fit, else structured. */
function routeOf(m: SparseBitMatrix, options: SparseOptions): Exclude<SparseMethod, "auto"> {
  const method = checkOptions(options);
  if (method !== "auto") return method;
  const entries = m.rows * m.cols;
  const density = entries === 0 ? 1 : m.colIndex.length / entries;
  const threshold = options.handOverDensity ?? DEFAULT_HAND_OVER_DENSITY;
  return fitsDense(m) && (entries <= AUTO_DENSE_ENTRIES || density >= threshold) ? "dense" : "structured";
}

/** The matrix as bits for the dense route, or a RangeError saying why it does not fit. */
function denseOf(m: SparseBitMatrix, options: SparseOptions, extra = 0): BitMatrix {
  if (!fitsDense(m)) {
    throw new RangeError(
      formatLimit({
        subject: `the dense route for a ${m.rows} x ${m.cols} matrix`,
        max: matrixRoom(),
        got: matrixBytes(m.rows, m.cols + extra),
        unit: "bytes",
        why: "the memory limit, less room for the elimination",
        hint: "use method 'structured' or 'auto'",
      }),
    );
  }
  return sparseToBitMatrix(m, options.engine === undefined ? undefined : { engine: options.engine });
}

/** BitMatrix's options for the dense route, progress reported as the phase `dense`. */
function denseOptions(m: SparseBitMatrix, options: SparseOptions) {
  const start = performance.now();
  const report = options.onProgress;
  return {
    ...(options.denseMethod === undefined ? {} : { method: options.denseMethod }),
    ...(options.threads === undefined ? {} : { threads: options.threads }),
    ...(options.signal === undefined ? {} : { signal: options.signal }),
    ...(report === undefined
      ? {}
      : {
          onProgress: (done: number, total: number) => {
            const seconds = (performance.now() - start) / 1000;
            const secondsLeft = done > 0 ? ((total - done) * seconds) / done : undefined;
            report({ phase: "dense", done, total: total || m.cols, secondsLeft });
          },
        }),
  };
}

function structuredOptions(options: SparseOptions): StructuredOptions {
  const { onProgress, signal, handOverDensity, maxNonzeros, denseMethod, threads, engine } = options;
  return { onProgress, signal, handOverDensity, maxNonzeros, denseMethod, threads, engine };
}

/**
 * What a sparse route (structured or block Wiedemann) answers: the rank, and
 * on request a solution and kernel vectors; whether the answer is exact.
 */
interface SparseAnswer extends Omit<StructuredResult, "stats"> {
  stats: StructuredStats | undefined;
  exact: boolean;
  wiedemann?: SparseRankResult["wiedemann"];
}

/**
 * The sparse routes, by name: the one place each is called from.
 * `request.rhs` asks for a solution of A x = rhs, `request.kernelLimit` for
 * up to that many kernel vectors.
 */
function sparseRoute(
  method: "structured" | "wiedemann",
  m: SparseBitMatrix,
  request: StructuredRequest,
  options: SparseOptions,
): SparseAnswer {
  if (method === "structured") return { ...structuredEliminate(m, request, structuredOptions(options)), exact: true };
  if (request.rhs !== null) {
    throw new RangeError(
      `"method" 'wiedemann' solves no systems (block Wiedemann gives the rank and kernel vectors here); use 'structured' or 'dense'`,
    );
  }
  const { onProgress, signal, threads } = options;
  const r = blockWiedemannRank(m, {
    ...(threads === undefined ? {} : { threads }),
    ...(signal ? { signal } : {}),
    ...(onProgress
      ? {
          onProgress: (p) =>
            onProgress({
              phase: p.phase,
              done: p.done,
              total: p.total,
              secondsLeft: p.remainingMs === undefined ? undefined : p.remainingMs / 1000,
            }),
        }
      : {}),
  });
  const kernel = r.kernel.slice(0, request.kernelLimit).map((words) => unpackBits(words, m.cols));
  const { rankAtMost, errorBound, guarantee, blockWidth, seed, timings, threads: ran } = r;
  return {
    rank: r.rank,
    stats: undefined,
    consistent: true,
    x: undefined,
    kernel,
    exact: r.exact,
    wiedemann: { rankAtMost, errorBound, guarantee, blockWidth, seed, timings, threads: ran },
  };
}

/** What the route that ran reports beside the rank: structured elimination's statistics, or block Wiedemann's guarantee. */
function routeReport(r: SparseAnswer): Pick<SparseRankResult, "structured" | "wiedemann"> {
  return { ...(r.stats ? { structured: r.stats } : {}), ...(r.wiedemann ? { wiedemann: r.wiedemann } : {}) };
}

/**
 * The rank of a sparse matrix over GF(2).
 *
 * @param m - The matrix (compressed rows; see `sparseFromCoordinates`, `readSparseMatrix`).
 * @param options - Route, progress, cancel, dense kernel tuning.
 * @returns The rank, the nullity, the route that ran and whether the answer is exact.
 * @throws TypeError or RangeError for a malformed matrix or options; RangeError when the
 *   route's memory would pass its limit; the signal's reason when aborted.
 * @example
 * ```ts
 * const cycle = incidenceMatrix(4, [0, 1, 1, 2, 2, 3, 3, 0]);
 * const { rank, method, exact } = sparseRank(cycle, { method: "structured" });
 * // rank 3 (4 vertices, 1 component), method "structured", exact true
 * ```
 */
export function sparseRank(m: SparseBitMatrix, options: SparseOptions = {}): SparseRankResult {
  checkSparseMatrix(m);
  const method = routeOf(m, options);
  if (method === "dense") {
    using d = denseOf(m, options);
    const rank = d.echelonize(denseOptions(m, options)).rank;
    return { rank, nullity: m.cols - rank, method, exact: true };
  }
  const r = sparseRoute(method, m, { rhs: null, kernelLimit: 0 }, options);
  return { rank: r.rank, nullity: m.cols - r.rank, method, exact: r.exact, ...routeReport(r) };
}

/**
 * Independent vectors of the right kernel { x : A x = 0 } of a sparse
 * matrix: a basis when `limit` is at least the nullity.
 *
 * @param m - The matrix.
 * @param options - As {@link sparseRank}, and `limit`: the most vectors returned (default: all).
 * @returns The rank, nullity, route, and the vectors (0/1 per column).
 * @throws As {@link sparseRank}; RangeError when the vectors would pass the memory limit (pass a `limit`).
 * @example
 * ```ts
 * const m = sparseFromRows(4, [[0, 1], [2, 3]]);
 * const { nullity, vectors } = sparseKernel(m);
 * // nullity 2; every vector v has multiplySparse(m, v) all zero
 * ```
 */
export function sparseKernel(m: SparseBitMatrix, options: SparseOptions & { limit?: number } = {}): SparseKernelResult {
  checkSparseMatrix(m);
  const limit = options.limit === undefined ? m.cols : checkInteger("limit", options.limit, 0, 2 ** 32);
  const method = routeOf(m, options);
  if (Math.min(limit, m.cols) * m.cols > getMemoryLimit()) {
    throw new RangeError(
      formatLimit({
        subject: `kernel vectors of ${m.cols} entries`,
        max: Math.floor(getMemoryLimit() / Math.max(1, m.cols)),
        got: Math.min(limit, m.cols),
        unit: ["vector", "vectors"],
        why: "one byte per entry within the memory limit",
        hint: "pass a smaller limit",
      }),
    );
  }
  if (method === "dense") {
    using d = denseOf(m, options);
    using basis = d.nullspace(denseOptions(m, options));
    const vectors: Uint8Array[] = [];
    for (let i = 0; i < Math.min(limit, basis.rows); i++) vectors.push(basis.row(i));
    const rank = m.cols - basis.rows;
    return { rank, nullity: basis.rows, method, exact: true, vectors };
  }
  const r = sparseRoute(method, m, { rhs: null, kernelLimit: limit }, options);
  return { rank: r.rank, nullity: m.cols - r.rank, method, exact: r.exact, ...routeReport(r), vectors: r.kernel };
}

/**
 * Solves A x = b over GF(2) for a sparse A.
 *
 * @param m - A.
 * @param b - One entry 0/1 per row of A.
 * @param options - As {@link sparseRank}.
 * @returns A solution (free variables 0), or that none exists (with a certificate on the dense route).
 * @throws As {@link sparseRank}; RangeError when b's length is not rows, TypeError for entries other than 0/1.
 * @example
 * ```ts
 * const a = sparseFromRows(3, [[0, 1], [1, 2]]);
 * const s = sparseSolve(a, [1, 0], { method: "structured" });
 * if (s.solvable) multiplySparse(a, s.x); // Uint8Array [1, 0]
 * ```
 */
export function sparseSolve(m: SparseBitMatrix, b: ArrayLike<number>, options: SparseOptions = {}): SparseSolution {
  checkSparseMatrix(m);
  if (b === null || typeof b !== "object" || typeof b.length !== "number") {
    throw new TypeError(`"b" expected an array of 0/1, got ${describe(b)}`);
  }
  if (b.length !== m.rows) throw new RangeError(`"b" expected ${m.rows} entries (one per row), got ${b.length}`);
  const rhs = new Uint8Array(m.rows);
  for (let i = 0; i < m.rows; i++) {
    const v = b[i];
    if (v !== 0 && v !== 1) throw new TypeError(`"b" expected entries 0 or 1, got ${describe(v)} at ${i}`);
    rhs[i] = v;
  }
  const method = routeOf(m, options);
  if (method === "dense") {
    using d = denseOf(m, options, 1);
    const s = d.solve(rhs, denseOptions(m, options));
    const base = { rank: s.rank, nullity: s.nullity, method, exact: true } as const;
    return s.solvable ? { ...base, solvable: true, x: s.x } : { ...base, solvable: false, certificate: s.certificate };
  }
  const r = sparseRoute(method, m, { rhs, kernelLimit: 0 }, options);
  const base = { rank: r.rank, nullity: m.cols - r.rank, method, exact: r.exact, ...routeReport(r) };
  return r.x !== undefined ? { ...base, solvable: true, x: r.x } : { ...base, solvable: false, certificate: undefined };
}
