// Light chasing over Z_k on residues, on the plain m x n rectangle (plus rule, self
// toggle): the first row of presses is n unknowns; every press below a cell
// is forced, (k - light) mod k, so each press is an affine function of the
// unknowns (n coefficients and a constant, Int32Array rows). What is left in
// the last row is C z + d; C z = -d is solved with the Z_k solver, and one
// numeric chase from the first row z gives every press. O(m n^2) work, three
// symbolic rows in memory.

import { quietTooLarge } from "../solvers/quiet-limit.js";
import { mulMod } from "../modular/arith.js";
import { type CyclicGenerator, solveModK } from "../rings/zk.js";

/** The answer for the rectangle, in the same cell order as the lights. */
export interface ChaseModK {
  solvable: boolean;
  presses: Uint32Array | null;
  solutions: bigint;
  kernelSize: bigint;
  kernel: Uint32Array[];
  cyclic: CyclicGenerator[];
  /** y over the last row's cells with y C = 0 and y . d != 0 (the n x n chase system's proof). */
  lastRowCertificate?: Uint32Array;
  /** A quiet pattern Y with Y . lights != 0 (mod k): the whole board's proof, when found. */
  certificate?: Uint32Array;
}

/**
 * The board-level proof from a last-row one. For any quiet pattern Y
 * (A Y = 0; A is symmetric, so Y A = 0 too) and any presses x, Y . (b + A x)
 * = Y . b; chasing b with the first row 0 leaves only d in the last row, so
 * Y . b = (last row of Y) . d. The quiet pattern whose last row is y is the
 * upward chase from y (the board is symmetric top to bottom); it exists when
 * y is in the kernel of the symmetric chase matrix. Checked, never assumed.
 */
function boardCertificate(
  m: number,
  n: number,
  k: number,
  lights: ArrayLike<number>,
  y: Uint32Array,
): Uint32Array | undefined {
  const up = chaseNumericModK(m, n, k, null, y);
  const yy = new Uint32Array(m * n);
  for (let r = 0; r < m; r++) yy.set(up.subarray(r * n, r * n + n), (m - 1 - r) * n);
  let dot = 0;
  for (let r = 0; r < m; r++) {
    for (let c = 0; c < n; c++) {
      const i = r * n + c;
      let s = yy[i]!;
      if (r > 0) s += yy[i - n]!;
      if (r + 1 < m) s += yy[i + n]!;
      if (c > 0) s += yy[i - 1]!;
      if (c + 1 < n) s += yy[i + 1]!;
      if (s % k !== 0) return undefined;
      dot = (dot + mulMod(yy[i]!, lights[i]! % k, k)) % k;
    }
  }
  return dot === 0 ? undefined : yy;
}

/** Presses of the whole board from a first row, chasing the lights down. */
export function chaseNumericModK(
  m: number,
  n: number,
  k: number,
  lights: ArrayLike<number> | null,
  first: ArrayLike<number>,
): Uint32Array {
  const x = new Uint32Array(m * n);
  for (let c = 0; c < n; c++) x[c] = first[c]!;
  for (let r = 0; r + 1 < m; r++) {
    const o = r * n;
    for (let c = 0; c < n; c++) {
      let s = x[o + c]!;
      if (lights) s += lights[o + c]!;
      if (r > 0) s += x[o - n + c]!;
      if (c > 0) s += x[o + c - 1]!;
      if (c + 1 < n) s += x[o + c + 1]!;
      const v = s % k;
      x[o + n + c] = v === 0 ? 0 : k - v;
    }
  }
  return x;
}

/** Largest number of entries in the quiet patterns a chase returns (generators and cyclic ones, 4 bytes each). */
const QUIET_MAX_ENTRIES = 2 ** 28;

/**
 * Solves the m x n plain rectangle (lights row-major, 0..k-1) by chasing;
 * `maxEntries` caps the quiet generators (count x cells), checked before
 * any is chased out.
 */
export function chaseModK(
  m: number,
  n: number,
  k: number,
  lights: ArrayLike<number>,
  maxEntries = Number.POSITIVE_INFINITY,
): ChaseModK {
  const w = n + 1; // n unknowns, then the constant
  let prev = new Int32Array(n * w);
  let cur = new Int32Array(n * w);
  let next = new Int32Array(n * w);
  for (let c = 0; c < n; c++) cur[c * w + c] = 1;
  for (let r = 0; r + 1 < m; r++) {
    const o = r * n;
    for (let c = 0; c < n; c++) {
      const base = c * w;
      const light = lights[o + c]! % k;
      for (let t = 0; t < w; t++) {
        let s = cur[base + t]!;
        if (r > 0) s += prev[base + t]!;
        if (c > 0) s += cur[base - w + t]!;
        if (c + 1 < n) s += cur[base + w + t]!;
        if (t === n) s += light;
        const v = s % k;
        next[base + t] = v === 0 ? 0 : k - v;
      }
    }
    [prev, cur, next] = [cur, next, prev];
  }
  // last row: C z + d, with C[c][t] and d[c]
  const o = (m - 1) * n;
  const c2: Uint32Array[] = [];
  const rhs = new Uint32Array(n);
  for (let c = 0; c < n; c++) {
    const base = c * w;
    const row = new Uint32Array(n);
    for (let t = 0; t < w; t++) {
      let s = cur[base + t]!;
      if (m > 1) s += prev[base + t]!;
      if (c > 0) s += cur[base - w + t]!;
      if (c + 1 < n) s += cur[base + w + t]!;
      if (t === n) s += lights[o + c]! % k;
      const v = s % k;
      if (t < n) row[t] = v;
      else rhs[c] = v === 0 ? 0 : k - v;
    }
    c2.push(row);
  }
  const s = solveModK(c2, rhs, k);
  // the generators and the cyclic ones are all chased out; the caller's cap is on the generators
  const mine = (s.kernel.length + s.cyclic.length) * m * n > QUIET_MAX_ENTRIES;
  const patterns = mine ? s.kernel.length + s.cyclic.length : s.kernel.length;
  const most = mine ? QUIET_MAX_ENTRIES : maxEntries;
  if (patterns * m * n > most) {
    // each is a board of m * n entries: refused before they are built (2048 x 2048 over Z_6 held 35 GB)
    throw quietTooLarge(`the ${m} x ${n} board over Z_${k}`, patterns, m * n, most);
  }
  const quiet = (g: Uint32Array) => chaseNumericModK(m, n, k, null, g);
  const common = {
    kernelSize: s.kernelSize,
    kernel: s.kernel.map(quiet),
    cyclic: s.cyclic.map((g) => ({ generator: quiet(g.generator), order: g.order })),
  };
  if (!s.solvable) {
    const certificate = boardCertificate(m, n, k, lights, s.certificate!);
    return {
      solvable: false,
      presses: null,
      solutions: 0n,
      ...common,
      lastRowCertificate: s.certificate!,
      ...(certificate ? { certificate } : {}),
    };
  }
  return { solvable: true, presses: chaseNumericModK(m, n, k, lights, s.x!), solutions: s.solutions, ...common };
}
