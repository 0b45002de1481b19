// Linear systems over the ring Z_k (k >= 2, any k < 2^31, composite allowed).
//
// The Chinese remainder theorem splits Z_k into the local rings Z_(p^e),
// one per prime power of k; each is solved on its own and the answers are
// glued back together with the CRT idempotents. Small systems go to the
// diagonal form of _local.ts (both transforms kept, the reference); large
// ones to the unit-pivot elimination of _schur.ts (the WebAssembly kernel,
// then the diagonal form on the small Schur complement).

import { checkInteger, describe } from "../internal/check.js";
import { invMod, MAX_MODULUS as MODULUS_LIMIT, mulMod } from "../modular/arith.js";
import { type LocalAnswer, solveLocal } from "./_local.js";
import { type RingMatrix, type SchurOptions, solveLocalSchur } from "./_schur.js";

export type { RingMatrix } from "./_schur.js";

/**
 * Largest modulus accepted: residues and their sums stay exact in doubles.
 *
 * @example
 * ```ts
 * solveModK([[1]], [0], MAX_MODULUS).solvable; // true: any k up to 2^31 - 1
 * ```
 */
export const MAX_MODULUS = MODULUS_LIMIT;

/**
 * One element of the kernel's decomposition: a generator and its additive order.
 *
 * @example
 * ```ts
 * const { cyclic } = solveModK([[2, 0], [0, 0]], [0, 0], 4);
 * cyclic.map((g) => g.order); // [2, 4]: x = (2t, u) for t < 2, u < 4
 * ```
 */
export interface CyclicGenerator {
  /** The generator, one entry 0..k-1 per unknown. */
  generator: Uint32Array;
  /** Its order: the smallest t >= 1 with t * generator = 0 (mod k). */
  order: number;
}

/**
 * The answer of {@link solveModK}.
 *
 * @example
 * ```ts
 * const s: ModKSolution = solveModK([[1, 1], [0, 2]], [1, 0], 4);
 * s.solutions; // 2n: 2y = 0 gives y in {0, 2}, then x = 1 - y
 * ```
 */
export interface ModKSolution {
  /** The modulus k. */
  modulus: number;
  /** Whether A x = b (mod k) has a solution. */
  solvable: boolean;
  /** One solution (entries 0..k-1), or null. */
  x: Uint32Array | null;
  /** Number of solutions x in (Z_k)^n: kernelSize when solvable, else 0. */
  solutions: bigint;
  /** Number of x with A x = 0 (mod k). */
  kernelSize: bigint;
  /**
   * Generators of the solution module of A x = 0, as few as possible (for a
   * prime k, a basis: their number is the nullity).
   */
  kernel: Uint32Array[];
  /**
   * The kernel as a direct sum of cyclic groups: every x with A x = 0 is
   * exactly one sum of t_j * generator_j with 0 <= t_j < order_j, so the
   * product of the orders is kernelSize.
   */
  cyclic: CyclicGenerator[];
  /** When unsolvable: y (one entry per equation) with y A = 0 and y . b != 0 (mod k). */
  certificate?: Uint32Array;
}

/**
 * The prime factorisation of k.
 *
 * @param k - An integer in 2..2^31-1.
 * @returns Pairs [p, e], p increasing, with k = product of p^e.
 * @throws {TypeError | RangeError} when k is not an integer in range.
 * @example
 * ```ts
 * factorModulus(36); // [[2, 2], [3, 2]]
 * ```
 */
export function factorModulus(k: number): [number, number][] {
  checkModulus(k);
  const out: [number, number][] = [];
  let rest = k;
  for (let p = 2; p * p <= rest; p += p === 2 ? 1 : 2) {
    if (rest % p !== 0) continue;
    let e = 0;
    while (rest % p === 0) {
      rest /= p;
      e++;
    }
    out.push([p, e]);
  }
  if (rest > 1) out.push([rest, 1]);
  return out;
}

function checkModulus(k: unknown): number {
  return checkInteger("k", k, 2, MAX_MODULUS);
}

function checkSystem(a: unknown, b: unknown, k: number): [number, number] {
  if (!Array.isArray(a)) throw new TypeError(`"A" expected an array of rows, got ${describe(a)}`);
  const m = a.length;
  const n = m === 0 ? 0 : (a[0] as ArrayLike<number>)?.length;
  a.forEach((row: unknown, i) => {
    if (row === null || typeof row !== "object" || typeof (row as ArrayLike<number>).length !== "number") {
      throw new TypeError(`"A[${i}]" expected an array of integers, got ${describe(row)}`);
    }
    const rr = row as ArrayLike<number>;
    if (rr.length !== n) throw new RangeError(`"A[${i}]" expected ${n} entries (like A[0]), got ${rr.length}`);
    for (let j = 0; j < n; j++) checkEntry(`A[${i}][${j}]`, rr[j], k);
  });
  if (b === null || typeof b !== "object" || typeof (b as ArrayLike<number>).length !== "number") {
    throw new TypeError(`"b" expected an array of integers, got ${describe(b)}`);
  }
  const bb = b as ArrayLike<number>;
  if (bb.length !== m) throw new RangeError(`"b" expected ${m} entries (one per row of A), got ${bb.length}`);
  for (let i = 0; i < m; i++) checkEntry(`b[${i}]`, bb[i], k);
  return [m, n ?? 0];
}

function checkEntry(name: string, v: unknown, k: number): void {
  if (typeof v !== "number" || !Number.isInteger(v))
    throw new TypeError(`"${name}" expected an integer in 0..${k - 1}, got ${describe(v)}`);
  if (v < 0 || v >= k) throw new RangeError(`"${name}" expected an integer in 0..${k - 1}, got ${v}`);
}

/**
 * Solves the linear system A x = b over the ring Z_k: solvability, one
 * solution, the exact number of solutions, and the solution module of
 * A x = 0 (generators, and its decomposition into cyclic groups). Composite
 * k is handled exactly (CRT over the prime powers of k, then a Smith-like
 * diagonal form over each Z_(p^e)).
 *
 * @param a - The m x n matrix as m rows of n integers in 0..k-1.
 * @param b - m integers in 0..k-1.
 * @param k - The modulus, 2..2^31-1.
 * @param options - Method (default: the WebAssembly kernel from 4096 entries), progress and abort signal.
 * @returns Solvability, a solution, counts, kernel generators, and a certificate when unsolvable.
 * @throws {TypeError} for entries that are not integers or rows that are not arrays.
 * @throws {RangeError} for k out of range, entries outside 0..k-1, ragged rows, or b of the wrong length.
 * @example
 * ```ts
 * const s = solveModK([[2, 0], [0, 3]], [4, 3], 6);
 * s.solvable; // true: 2x = 4, 3y = 3 (mod 6)
 * s.solutions; // 6n: x in {2, 5}, y in {1, 3, 5}
 * ```
 */
export function solveModK(
  a: readonly ArrayLike<number>[],
  b: ArrayLike<number>,
  k: number,
  options: SolveModKOptions = {},
): ModKSolution {
  checkModulus(k);
  const [m, n] = checkSystem(a, b, k);
  const method = checkMethod(options.method);
  if (method === "diagonal" || (method === "auto" && m * n < SCHUR_FROM_ENTRIES)) {
    return combineLocals(
      factorModulus(k).map(([p, e]) => solveLocal(a, b, m, n, p, e)),
      m,
      n,
      k,
    );
  }
  const entries = new Uint32Array(m * n);
  a.forEach((row, i) => {
    for (let j = 0; j < n; j++) entries[i * n + j] = row[j]!;
  });
  return solveFlatModK({ kind: "dense", rows: m, cols: n, entries }, b, k, options);
}

/** Systems with at least this many entries go through the WebAssembly kernel (method "auto"). */
const SCHUR_FROM_ENTRIES = 64 * 64;

/**
 * Options of {@link solveModK}.
 *
 * @example
 * ```ts
 * const options: SolveModKOptions = { method: "schur", onProgress: (f) => console.log(`${Math.round(f * 100)}%`) };
 * solveModK([[3, 1], [1, 3]], [2, 2], 12, options).solvable; // true
 * ```
 */
export interface SolveModKOptions {
  /**
   * "schur": eliminate on units with the WebAssembly Z_m kernel, then take
   * the diagonal form of the small Schur complement that remains (fast,
   * linear memory beyond the matrix); "diagonal": the diagonal form of the
   * whole system in TypeScript (cubic in m + n with a large constant); "auto"
   * (default): "schur" from 4096 entries.
   */
  method?: "auto" | "schur" | "diagonal";
  /** For "schur": "wasm" (default) or "ts", the kernel's TypeScript twin. */
  engine?: "wasm" | "ts";
  /** Called as the elimination advances with (fraction done 0..1). */
  onProgress?: (fraction: number) => void;
  /** Cancels a long elimination: the signal's reason is thrown. */
  signal?: AbortSignal;
}

function checkMethod(method: unknown): "auto" | "schur" | "diagonal" {
  if (method === undefined) return "auto";
  if (method === "auto" || method === "schur" || method === "diagonal") return method;
  throw new TypeError(`"method" expected "auto", "schur" or "diagonal", got ${describe(method)}`);
}

/**
 * {@link solveModK} on a dense or sparse matrix (entries already checked to
 * lie in 0..k-1), through the unit-pivot elimination of each prime power.
 * The progress callback sees the fraction of all the eliminations done.
 */
export function solveFlatModK(
  a: RingMatrix,
  b: ArrayLike<number>,
  k: number,
  options: SolveModKOptions = {},
): ModKSolution {
  const engine = options.engine ?? "wasm";
  if (engine !== "wasm" && engine !== "ts")
    throw new TypeError(`"engine" expected "wasm" or "ts", got ${describe(engine)}`);
  const factors = factorModulus(k);
  const locals = factors.map(([p, e], index) => {
    const local: SchurOptions = { engine };
    if (options.signal) local.signal = options.signal;
    const report = options.onProgress;
    if (report) local.onProgress = (done, total) => report((index + (total === 0 ? 1 : done / total)) / factors.length);
    return solveLocalSchur(a, b, p, e, local);
  });
  return combineLocals(locals, a.rows, a.cols, k);
}

/** Glues the answers over the prime powers of k into the answer over Z_k. */
function combineLocals(locals: LocalAnswer[], m: number, n: number, k: number): ModKSolution {
  // CRT idempotents: lift(v, q) is = v (mod q) and = 0 modulo the other prime powers
  const lifts = new Map<number, (v: number) => number>();
  for (const l of locals) {
    const other = k / l.q;
    const c = invMod(other % l.q, l.q);
    lifts.set(l.q, (v) => mulMod(other, mulMod(v, c, l.q), k));
  }
  const combine = (parts: { q: number; v: Float64Array | undefined }[], length: number): Uint32Array => {
    const out = new Uint32Array(length);
    for (const { q, v } of parts) {
      if (!v) continue;
      const lift = lifts.get(q)!;
      for (let i = 0; i < length; i++) if (v[i] !== 0) out[i] = (out[i]! + lift(v[i]!)) % k;
    }
    return out;
  };
  const kernelSize = locals.reduce((acc, l) => acc * l.kernelSize, 1n);
  const cyclic: CyclicGenerator[] = locals.flatMap((l) =>
    l.cyclic.map((g) => ({ generator: combine([{ q: l.q, v: g.generator }], n), order: g.order })),
  );
  const most = Math.max(0, ...locals.map((l) => l.cyclic.length));
  const kernel = Array.from({ length: most }, (_, j) =>
    combine(
      locals.map((l) => ({ q: l.q, v: l.cyclic[j]?.generator })),
      n,
    ),
  );
  const failed = locals.find((l) => !l.solvable);
  if (failed) {
    return {
      modulus: k,
      solvable: false,
      x: null,
      solutions: 0n,
      kernelSize,
      kernel,
      cyclic,
      certificate: combine([{ q: failed.q, v: failed.certificate }], m),
    };
  }
  const x = combine(
    locals.map((l) => ({ q: l.q, v: l.x })),
    n,
  );
  return { modulus: k, solvable: true, x, solutions: kernelSize, kernelSize, kernel, cyclic };
}
