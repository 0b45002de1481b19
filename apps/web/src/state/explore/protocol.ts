// The messages between the Explore screen and its worker (explore.worker.ts):
// plain, structured-cloneable values. Pictures are drawn by the worker straight
// into a canvas the page hands over (transferControlToOffscreen), so the page
// never touches their pixels.

/** Two colours packed for a little-endian RGBA pixel write (0xAABBGGRR). */
export interface Palette {
  on: number;
  off: number;
}

/**
 * How a MatrixMarket (sparse) file is ranked: `auto` is exact (the dense kernel when small or
 * dense, else structured elimination); `wiedemann` is block Wiedemann, Monte Carlo (faster and
 * far smaller on large random sparse matrices; its rank is proven an upper bound, and exact with
 * the probability its guarantee states). Dense text and PBM files are always ranked exactly.
 */
export type FileMethod = "auto" | "wiedemann";

/** What the screen asks a worker to compute. */
export type Request =
  /** The nullity of one n x n board. */
  | { kind: "nullity"; n: number }
  /** The nullities over Z_k (the fewest generators of the quiet patterns) of the n x n boards, n = from..to. */
  | { kind: "nullity-zk"; from: number; to: number; k: number }
  /** The chase matrix of the n x n board, drawn one pixel per entry on an n x n canvas. */
  | { kind: "chase"; n: number; palette: Palette; canvas: OffscreenCanvas }
  /** The all-on n x n board solved by chasing, its presses down-sampled to {@link pictureSide} pixels a side. */
  | { kind: "solve"; n: number; side: number; palette: Palette; canvas: OffscreenCanvas }
  /**
   * The rank over GF(2) of a matrix file (PBM, dense 0/1 text or MatrixMarket), read as a stream;
   * `method` is the route of a MatrixMarket file (ignored for the others).
   */
  | { kind: "rank-file"; file: Blob; name: string; method: FileMethod }
  /**
   * The last ranked file's echelon form, or a basis of its kernel { x : A x = 0 } (one vector a
   * row), as PBM (P4); asked of the worker that ranked it, which keeps the echelon form until then.
   * Or the presses of the last all-on board solved (n x n, 1 = press): the solve's certificate.
   */
  | { kind: "export"; what: Export };

/** What a worker can hand over as PBM. */
export type Export = "echelon" | "kernel" | "presses";

/** The answer to each kind of request. */
export type Answer =
  | { kind: "nullity"; n: number; nullity: number; ms: number }
  | { kind: "nullity-zk"; from: number; values: Int32Array; ms: number }
  | { kind: "chase"; n: number; rank: number; ones: number; ms: number }
  | {
      kind: "solve";
      n: number;
      solvable: boolean;
      rank: number;
      nullity: number;
      presses: number;
      /** Board cells per picture pixel along each side. */
      scale: number;
      ms: number;
    }
  | {
      kind: "rank-file";
      rows: number;
      cols: number;
      rank: number;
      format: string;
      ms: number;
      /** Milliseconds reading the file into a matrix, and eliminating it. */
      readMs: number;
      eliminateMs: number;
      /** Threads that eliminated (1 when one thread did), or null when the elimination did not say. */
      threads: number | null;
      /**
       * A MatrixMarket file is read sparse: its nonzeros and the route that ranked it
       * ("dense", "structured", "wiedemann"), with block Wiedemann's guarantee when it ran;
       * absent for dense text and PBM (read as bits).
       */
      sparse?: { nonzeros: number; method: string; wiedemann?: WiedemannReport };
    }
  | { kind: "export"; what: Export; rows: number; cols: number; pbm: Uint8Array; ms: number };

/** What block Wiedemann says of a rank it found (a Monte Carlo answer unless `exact`). */
export interface WiedemannReport {
  /** True only when the rank is proven (a matrix without nonzeros). */
  exact: boolean;
  /** The library's guarantee in one sentence: what is proven, and the error bound if one is claimed. */
  guarantee: string;
  /** Probability that the rank is too high: 2^-40, or 1 when no bound is claimed. */
  errorBound: number;
  /** Milliseconds of each phase. */
  timings: { sequenceMs: number; berlekampMasseyMs: number; solutionMs: number };
}

/**
 * A message from the worker: progress of request `id` (with the library's own estimate of the
 * seconds left in the phase, when it makes one), its answer, or why it failed.
 */
export type Reply =
  | { id: number; type: "progress"; done: number; total: number; phase: string; secondsLeft?: number }
  | { id: number; type: "done"; answer: Answer }
  | { id: number; type: "error"; message: string; line?: number; column?: number; offset?: number };

/** A request with the id that pairs it with its replies. */
export type Envelope = { id: number; request: Request };

/** Board cells per pixel, and pixels a side, of the all-on picture of an n x n board at most `side` pixels wide. */
export function pictureSide(n: number, side: number): { scale: number; size: number } {
  const scale = Math.ceil(n / side);
  return { scale, size: Math.ceil(n / scale) };
}
