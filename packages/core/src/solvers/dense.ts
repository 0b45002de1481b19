// The dense route: a square sparse system eliminated as a whole matrix.
// Over GF(2) bit-packed (BitMatrix: Four Russians in WebAssembly); over Z_k
// on residues through rings/zk.ts (any k: the Chinese remainder theorem
// over its prime powers, unit pivots in the Z_m kernel, a diagonal form of
// what is left), the unknowns renumbered by reverse Cuthill-McKee first so
// that the kernel, which skips each row past its extent, works on a band.

import { BitMatrix, type MatrixOptions } from "../gf2/bitmatrix.js";
import { matrixBytes } from "../internal/layout.js";
import { memoryLimit } from "../internal/memory.js";
import { checkZpSize } from "../modular/zp.js";
import { type CyclicGenerator, type RingMatrix, solveFlatModK } from "../rings/zk.js";
import { reverseCuthillMcKee } from "./order.js";
import { quietTooLarge } from "./quiet-limit.js";
import type { Ring } from "./ring.js";
import { inversePermutation, type SparseRows, transposeRows } from "./sparse.js";

/** Progress (columns over GF(2); (fraction, 1) over residues) and cancellation. */
export interface DenseWatch {
  onProgress?: (done: number, total: number) => void;
  signal?: AbortSignal;
}

/** What the dense route answers. */
export interface DenseAnswer {
  solvable: boolean;
  /** x with A x = b (0/1 bytes over GF(2), residues otherwise); null when unsolvable. */
  x: Uint8Array | Uint32Array | null;
  rank: number;
  nullity: number;
  /** When unsolvable: y with y A = 0 and y . b != 0. */
  proof?: Uint8Array | Uint32Array;
  /** Residues: as few generators of ker A as possible, and ker A as a direct sum of cyclic groups. */
  kernel?: Uint32Array[];
  cyclic?: CyclicGenerator[];
}

/** Largest kernel basis returned over GF(2) (one byte per entry). */
const MAX_BASIS_BYTES = 2 ** 30;

/**
 * The n x n GF(2) matrix with the ones of `a`, checked against the memory
 * limit first.
 *
 * @param n - The size (`a` may be built after the check: see `rows`).
 * @param rows - The rows, or a function that builds them once the matrix is known to fit.
 * @param options - Engine of the matrix.
 * @returns The matrix (the caller disposes it).
 */
export function bitMatrixOf(n: number, rows: SparseRows | (() => SparseRows), options?: MatrixOptions): BitMatrix {
  memoryLimit.check(`a ${n} x ${n} GF(2) matrix`, matrixBytes(n, n), 0);
  const a = typeof rows === "function" ? rows() : rows;
  const m = BitMatrix.zeros(n, n, options);
  for (let i = 0; i < n; i++) for (let k = a.start[i]!; k < a.start[i + 1]!; k++) m.set(i, a.idx[k]!, 1);
  return m;
}

/**
 * Solves A x = b over a ring by the dense route.
 *
 * @param a - The rows of A.
 * @param b - One value per unknown (checked by the caller).
 * @param ring - GF(2) on bits, or residues mod k.
 * @param watch - Progress and cancellation.
 * @param maxEntries - Residues: the caller's cap on the kernel generators (count x unknowns).
 * @returns Solvability, one solution, rank and nullity, the proof when unsolvable, and over residues the kernel.
 */
export function solveDense(
  a: SparseRows,
  b: ArrayLike<number>,
  ring: Ring,
  watch: DenseWatch = {},
  maxEntries = Number.POSITIVE_INFINITY,
): DenseAnswer {
  const n = a.n;
  if (ring.bits) {
    using m = bitMatrixOf(n, a);
    const r = m.solve(b, watch);
    const common = { rank: r.rank, nullity: r.nullity };
    return r.solvable
      ? { solvable: true, x: r.x, ...common }
      : { solvable: false, x: null, ...common, proof: r.certificate };
  }
  const { k } = ring;
  checkZpSize(n, n + 1, `a ${n}-cell board over Z_${k}`);
  // unknowns renumbered so that the matrix is banded (the same order for rows and columns)
  const order = reverseCuthillMcKee(a, transposeRows(a));
  const position = inversePermutation(order);
  const ones = Array.from(order, (i) =>
    Int32Array.from(a.idx.subarray(a.start[i]!, a.start[i + 1]!), (j) => position[j]!),
  );
  const matrix: RingMatrix = { kind: "ones", rows: n, cols: n, ones };
  const rhs = Uint32Array.from(order, (i) => b[i]!);
  const onProgress = watch.onProgress;
  const s = solveFlatModK(matrix, rhs, k, {
    ...(onProgress ? { onProgress: (fraction: number) => onProgress(fraction, 1) } : {}),
    ...(watch.signal ? { signal: watch.signal } : {}),
  });
  // the generators come out of the elimination, checked before they are renumbered
  if (s.kernel.length * n > maxEntries) {
    throw quietTooLarge(`this ${n}-cell board over Z_${k}`, s.kernel.length, n, maxEntries);
  }
  const back = (v: Uint32Array): Uint32Array => {
    const out = new Uint32Array(n);
    order.forEach((i, t) => (out[i] = v[t]!));
    return out;
  };
  const kernel = s.kernel.map(back);
  const cyclic = s.cyclic.map((g) => ({ generator: back(g.generator), order: g.order }));
  const common = { rank: n - kernel.length, nullity: kernel.length, kernel, cyclic };
  return s.solvable
    ? { solvable: true, x: back(s.x!), ...common }
    : { solvable: false, x: null, ...common, proof: back(s.certificate!) };
}

/**
 * A basis of ker A over GF(2) (or with `left`, of ker A^T: the y with
 * y A = 0) by the dense route.
 *
 * @param m - A (not changed).
 * @param watch - Progress and cancellation (of the elimination of A).
 * @param left - Eliminate A^T instead.
 * @param maxEntries - The caller's cap on nullity x unknowns, checked with the route's own before a vector is built.
 * @returns nullity vectors of 0/1 bytes.
 */
export function denseKernel(
  m: BitMatrix,
  watch: DenseWatch = {},
  left = false,
  maxEntries = Number.POSITIVE_INFINITY,
): Uint8Array[] {
  using t = left ? m.transpose() : undefined;
  using basis = (t ?? m).nullspace(left ? {} : watch);
  // the nullity is known: the basis as bytes (1 per unknown per vector) is checked before it is built
  const most = Math.min(MAX_BASIS_BYTES, maxEntries);
  if (basis.rows * basis.cols > most)
    throw quietTooLarge(`this ${basis.cols}-cell board`, basis.rows, basis.cols, most);
  return basis.toRows();
}
