// A x = b over one local ring Z_q, q = p^e, for large systems: one pass of
// the WebAssembly Z_m kernel, then the diagonal form on what is left.
//
// Gaussian elimination on [A | b] mod q, pivoting only on units (entries
// not divisible by p), reaches, up to a permutation of the columns,
//
//   T [A | b] = | U  R  b1 |   (rank rows: pivot columns J, U unit upper triangular; free columns F)
//               | 0  S  c  |   (the other rows: every entry of S divisible by p)
//
// with T invertible, so A x = b <=> U x_J = b1 - R x_F and S x_F = c. The
// rank is the rank of A mod p, so S is as small as the nullity mod p (a
// few dozen for a Lights Out board): the diagonal form of _local.ts solves
// it, and every answer lifts by back substitution through U. The kernel
// keeps the orders of the small system's generators (the lift is
// injective). Only rows below the pivots are cleared (no Gauss-Jordan): a
// banded matrix stays banded, and back substitution walks each row's band.
//
// The proof of unsolvability is a y with y A = 0 and y . b != 0. Z_q is a
// Frobenius ring, so the image of A is exactly the set of vectors
// orthogonal to the left kernel {y : y A = 0}: when b is not in the image,
// one of the left kernel's generators has y . b != 0. For a symmetric A
// (every Lights Out rule but custom asymmetric offsets) the left kernel is
// the kernel; otherwise it is the kernel of the transpose, found the same way.

import { mulMod } from "../modular/arith.js";
import { type LocalAnswer, solveLocal } from "./_local.js";
import { zpEchelonNaive } from "../modular/zp-naive.js";
import { checkZpSize, zpEchelon } from "../modular/zp.js";

/** Engine, progress and cancellation of a large ring solve. */
export interface SchurOptions {
  /** "wasm" (default): the WebAssembly kernel; "ts": its TypeScript twin. */
  engine?: "wasm" | "ts";
  /** Called as the elimination advances with (columns done, columns in all). */
  onProgress?: (done: number, total: number) => void;
  /** Checked between slices of the elimination. */
  signal?: AbortSignal;
}

/**
 * A matrix for the large solver: dense row-major entries, or sparse rows
 * listing the columns of their ones (press matrices: a handful per row).
 */
export type RingMatrix =
  | { kind: "dense"; rows: number; cols: number; entries: Uint32Array }
  | { kind: "ones"; rows: number; cols: number; ones: Int32Array[] };

/** Writes A mod q into rows of `stride` entries. */
function writeInto(a: RingMatrix, target: Uint32Array, stride: number, q: number): void {
  if (a.kind === "dense") {
    for (let i = 0; i < a.rows; i++)
      for (let j = 0; j < a.cols; j++) target[i * stride + j] = a.entries[i * a.cols + j]! % q;
  } else {
    const one = 1 % q;
    a.ones.forEach((row, i) => row.forEach((j) => (target[i * stride + j] = one)));
  }
}

/** Per row, 1 + its last non-zero column (sparse rows only; dense ones are scanned by the kernel's glue). */
function extentsOf(a: RingMatrix): Int32Array | undefined {
  if (a.kind === "dense") return undefined;
  return Int32Array.from(a.ones, (row) => row.reduce((acc, j) => Math.max(acc, j + 1), 0));
}

function transposeOf(a: RingMatrix): RingMatrix {
  if (a.kind === "dense") {
    const t = new Uint32Array(a.rows * a.cols);
    for (let i = 0; i < a.rows; i++) for (let j = 0; j < a.cols; j++) t[j * a.rows + i] = a.entries[i * a.cols + j]!;
    return { kind: "dense", rows: a.cols, cols: a.rows, entries: t };
  }
  const lists: number[][] = Array.from({ length: a.cols }, () => []);
  a.ones.forEach((row, i) => row.forEach((j) => lists[j]!.push(i)));
  return { kind: "ones", rows: a.cols, cols: a.rows, ones: lists.map((l) => Int32Array.from(l)) };
}

/** Whether A equals its transpose. */
export function isSymmetric(a: RingMatrix): boolean {
  if (a.rows !== a.cols) return false;
  if (a.kind === "dense") {
    const { entries: e, rows: n } = a;
    for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) if (e[i * n + j] !== e[j * n + i]) return false;
    return true;
  }
  const sets = a.ones.map((row) => new Set(row));
  return a.ones.every((row, i) => row.every((j) => sets[j]!.has(i)));
}

/**
 * Solves A x = b over Z_(p^e) (entries of A any non-negative integers
 * below 2^31; they are reduced mod p^e).
 */
export function solveLocalSchur(
  a: RingMatrix,
  b: ArrayLike<number>,
  p: number,
  e: number,
  options: SchurOptions = {},
): LocalAnswer {
  const { rows: m, cols: n } = a;
  const q = p ** e;
  const w = n + 1;
  checkZpSize(m, w, `a ${m} x ${n} system over Z_${q}`);
  const aug = new Uint32Array(m * w);
  writeInto(a, aug, w, q);
  for (let i = 0; i < m; i++) aug[i * w + n] = b[i]! % q;
  const eliminate = options.engine === "ts" ? zpEchelonNaive : zpEchelon;
  const extents = extentsOf(a);
  const watch = {
    unit: p,
    full: false,
    ...(extents ? { extents } : {}),
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  };
  const { rank, pivots, extents: last, skipped } = eliminate(aug, m, w, n, q, watch);
  const pivotColumn = new Uint8Array(n);
  for (const c of pivots) pivotColumn[c] = 1;
  const free: number[] = [];
  for (let j = 0; j < n; j++) if (!pivotColumn[j]) free.push(j);
  const rest = m - rank;
  const s = Array.from({ length: rest }, (_, t) => Float64Array.from(free, (j) => aug[(rank + t) * w + j]!));
  const c = Float64Array.from({ length: rest }, (_, t) => aug[(rank + t) * w + n]!);
  const small = solveLocal(s, c, rest, free.length, p, e);

  // Echelon row i is zero left of its pivot, but for the columns skipped over Z_(p^e), and right of its extent.
  const exact = q <= 2 ** 16; // then a row's sum of products stays below 2^53 unreduced
  /**
   * The full vectors with x_F = y and x_J from U x_J = (b1 for the first, when withRhs) - R y,
   * bottom row first; all at once, so that each echelon row is read once (vectors interleaved).
   */
  const liftAll = (ys: Float64Array[], withRhs: boolean): Float64Array[] => {
    const g = ys.length;
    const x = new Float64Array(n * g);
    ys.forEach((y, t) => free.forEach((j, u) => (x[j * g + t] = y[u]!)));
    const acc = new Float64Array(g);
    for (let i = rank - 1; i >= 0; i--) {
      const row = i * w;
      const pivot = pivots[i]!;
      const from = skipped >= 0 && skipped < pivot ? skipped : pivot + 1;
      const to = Math.min(last[i]!, n);
      acc.fill(0);
      for (let j = from; j < to; j++) {
        const r = aug[row + j]!;
        if (r === 0 || j === pivot) continue;
        const base = j * g;
        if (exact) {
          for (let t = 0; t < g; t++) acc[t] = acc[t]! + r * x[base + t]!;
        } else {
          for (let t = 0; t < g; t++) acc[t] = (acc[t]! + mulMod(r, x[base + t]!, q)) % q;
        }
      }
      const base = pivot * g;
      for (let t = 0; t < g; t++) {
        const v = acc[t]! % q;
        const rhs = withRhs && t === 0 ? aug[row + n]! : 0;
        x[base + t] = v <= rhs ? rhs - v : rhs - v + q;
      }
    }
    return ys.map((_, t) => Float64Array.from({ length: n }, (_, j) => x[j * g + t]!));
  };
  const vectors = liftAll(
    small.solvable ? [small.x, ...small.cyclic.map((c) => c.generator)] : small.cyclic.map((c) => c.generator),
    small.solvable,
  );
  const generators = small.solvable ? vectors.slice(1) : vectors;
  const cyclic = small.cyclic.map((c, t) => ({ generator: generators[t]!, order: c.order }));
  if (small.solvable) return { q, solvable: true, x: vectors[0]!, cyclic, kernelSize: small.kernelSize };
  return {
    q,
    solvable: false,
    x: new Float64Array(n),
    cyclic,
    kernelSize: small.kernelSize,
    certificate: certificate(a, b, p, e, cyclic, options),
  };
}

/** A generator y of the left kernel of A with y . b != 0 (mod p^e); b is known to lie outside the image. */
function certificate(
  a: RingMatrix,
  b: ArrayLike<number>,
  p: number,
  e: number,
  kernel: { generator: Float64Array }[],
  options: SchurOptions,
): Float64Array {
  const q = p ** e;
  let left = kernel;
  if (!isSymmetric(a)) {
    const { onProgress: _, ...quiet } = options;
    left = solveLocalSchur(transposeOf(a), new Uint32Array(a.cols), p, e, quiet).cyclic;
  }
  for (const { generator: y } of left) {
    let dot = 0;
    for (let i = 0; i < a.rows; i++) if (y[i] !== 0 && b[i]! % q !== 0) dot = (dot + mulMod(y[i]!, b[i]! % q, q)) % q;
    if (dot !== 0) return y;
  }
  // Unreachable by the duality above; a wrong answer must not pass silently.
  throw new Error(`internal error: no left-kernel generator over Z_${q} separates b from the image of A`);
}
