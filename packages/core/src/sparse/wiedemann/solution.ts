// The solution phase of block Wiedemann: kernel vectors from the generator.
//
// A generator column (nominal degree d_j, coefficients f_j,k = coefficient
// d_j - k of g_j) says that  sum_k B^k Y f_j,k = 0  (with high probability:
// X^T B^i of it vanishes for the N/m + 16 values of i the sequence covers).
// So u_j = sum_(k >= 1) B^(k-1) Y f_j,k satisfies B u_j = Y f_j,0, and any
// combination U c with B U c = 0 is a kernel vector (Coppersmith 1994; the
// combinations are what CADO-NFS's "gather" step looks for). The candidate
// columns go through together as one block: U = sum_k V_k F_k with V_k =
// B^k Y (one product a step) and F_k the candidates' coefficients f_(k+1);
// then the column null space of B U gives the kernel vectors in span(U),
// and, for a nilpotent part of index > 1, that of B^2 U those in span(B U),
// and so on a few times.

import type { ApproximantBasis } from "./berlekamp-massey-naive.js";
import type { BlockOperator } from "./operator.js";
import { fillStartBlock, type WiedemannPlan } from "./plan.js";
import { type PhaseWatch, phaseReporter } from "./progress.js";

/** A generator column chosen for the solution phase. */
interface Candidate {
  column: number;
  /** Its nominal (shifted) degree: coefficients f_0 .. f_degree. */
  degree: number;
}

/** Powers of B past U whose kernel part is looked for (a nilpotent part of index up to this + 1). */
const GATHER_POWERS = 3;

/** The generator columns to try: the `count` of least shifted degree whose g is not zero. */
export function chooseCandidates(basis: ApproximantBasis, count: number): Candidate[] {
  const { m, n, degrees, columns } = basis;
  const W = (m + n) / 32,
    gW = n / 32;
  const order = Array.from({ length: m + n }, (_, j) => j).sort((a, b) => degrees[a]! - degrees[b]! || a - b);
  const chosen: Candidate[] = [];
  for (const column of order) {
    if (chosen.length === count) break;
    const f = columns[column]!;
    const d = degrees[column]!;
    let nonzero = false;
    for (let k = 0; k <= d && !nonzero; k++) for (let w = 0; w < gW; w++) if (f[k * W + w] !== 0) nonzero = true;
    if (nonzero) chosen.push({ column, degree: d });
  }
  return chosen;
}

/** The products the solution phase makes from a generator: one per coefficient of its longest candidate. */
export function solutionLength(basis: ApproximantBasis, words: 1 | 2): number {
  return longestOf(chooseCandidates(basis, 64 * words));
}

/** The largest degree of the candidates (0 for none). */
function longestOf(candidates: readonly Candidate[]): number {
  return candidates.reduce((most, c) => Math.max(most, c.degree), 0);
}

/**
 * Kernel vectors of B from the generator (N bits each, u32 words; not yet
 * reduced to a basis): the candidates' block U from all the columns of Y,
 * then the kernel vectors in its span.
 *
 * @param operator - With blocks of n / 64 words and at least 4 blocks.
 */
export function solveFromGenerator(
  plan: WiedemannPlan,
  basis: ApproximantBasis,
  operator: BlockOperator,
  watch: PhaseWatch = {},
): Uint32Array[] {
  const longest = solutionLength(basis, operator.words);
  const report = phaseReporter("solution", longest + GATHER_POWERS + 1, watch);
  const u = solutionPart(plan, basis, operator, { c0: 0, c1: plan.blockWidth }, watch, report);
  return kernelFromSolution(plan, basis, operator, u, watch, (done) => report(longest + done));
}

/**
 * The share of columns c0 .. c1 - 1 of Y in the candidates' block U =
 * sum_k B^k Y F_k: sum_k B^k Y_s F_k restricted to those rows of F_k (U is
 * linear in Y, so the shares of disjoint column ranges add up to U: the
 * solution phase splits by the columns of Y as the sequence does).
 *
 * @param operator - With blocks of n / 64 words and at least 4 blocks.
 * @param report - Progress, in products (default: a reporter of the solution phase over `solutionLength` products).
 * @returns U's share: N rows of 2 * words u32.
 */
export function solutionPart(
  plan: WiedemannPlan,
  basis: ApproximantBasis,
  operator: BlockOperator,
  columns: { c0: number; c1: number },
  watch: PhaseWatch = {},
  report?: (done: number) => void,
): Uint32Array {
  const n = plan.blockWidth,
    words = operator.words;
  const side = plan.side,
    stride = 2 * words;
  const W = (basis.m + n) / 32;
  const { c0, c1 } = columns;
  const candidates = chooseCandidates(basis, 64 * words);
  const longest = longestOf(candidates);
  const progress = report ?? phaseReporter("solution", longest, watch);
  const as32 = (b: number): Uint32Array => {
    const view = operator.block(b);
    return new Uint32Array(view.buffer, view.byteOffset, side * stride);
  };
  // blocks: 0, 1 = V_k (ping-pong: the share's columns of B^k Y, from bit 0), 2 = U
  const V0 = 0,
    U = 2;
  fillStartBlock(plan, c0, c1, as32(V0), words);
  as32(U).fill(0);
  const f = new BigUint64Array(64 * words * words);
  const f32 = new Uint32Array(f.buffer);
  let current = V0;
  for (let k = 0; k < longest; k++) {
    watch.signal?.throwIfAborted();
    // F_k: row b - c0 (bit b - c0 of a row of V_k) adds, in candidate c's column, bit b of f_c,(k+1)
    f32.fill(0);
    candidates.forEach((c, index) => {
      if (k + 1 > c.degree) return;
      const column = basis.columns[c.column]!;
      const at = (k + 1) * W;
      for (let b = c0; b < c1; b++) {
        if (((column[at + (b >> 5)]! >>> (b & 31)) & 1) !== 0)
          f32[(b - c0) * stride + (index >> 5)]! |= 1 << (index & 31);
      }
    });
    operator.mulAdd(U, current, f);
    if (k + 1 < longest) {
      operator.multiply(current, 1 - current);
      current = 1 - current;
    }
    progress(k + 1);
  }
  return as32(U).slice();
}

/**
 * The kernel vectors in the span of U and of B U, ..., B^3 U (for a
 * nilpotent part): Z c with B Z c = 0, Z = B^t U.
 *
 * @param u - U: the sum of the shares of every column of Y (solutionPart).
 * @param report - Progress, in steps (GATHER_POWERS + 1 of them).
 */
export function kernelFromSolution(
  plan: WiedemannPlan,
  basis: ApproximantBasis,
  operator: BlockOperator,
  u: Uint32Array,
  watch: PhaseWatch = {},
  report: (done: number) => void = () => {},
): Uint32Array[] {
  const words = operator.words;
  const side = plan.side,
    stride = 2 * words;
  const candidates = chooseCandidates(basis, 64 * words);
  if (candidates.length === 0) return [];
  const as32 = (b: number): Uint32Array => {
    const view = operator.block(b);
    return new Uint32Array(view.buffer, view.byteOffset, side * stride);
  };
  // blocks: 0 = the combinations found, 2 = Z, 3 = B Z (then swapped)
  const V0 = 0;
  as32(2).set(u);
  const f = new BigUint64Array(64 * words * words);
  const f32 = new Uint32Array(f.buffer);
  const found: Uint32Array[] = [];
  let from = 2,
    to = 3;
  for (let power = 0; power <= GATHER_POWERS; power++) {
    watch.signal?.throwIfAborted();
    operator.multiply(from, to);
    const combinations = blockNullSpace(as32(to), side, stride, candidates.length);
    if (combinations.length > 0) {
      // W = Z C: row b of F is what column b of Z adds to each combination
      f32.fill(0);
      combinations.forEach((c, q) => {
        for (let b = 0; b < candidates.length; b++) {
          if (((c[b >> 5]! >>> (b & 31)) & 1) !== 0) f32[b * stride + (q >> 5)]! |= 1 << (q & 31);
        }
      });
      as32(V0).fill(0);
      operator.mulAdd(V0, from, f);
      const nonzero = columnsNonzero(as32(V0), side, stride);
      const kept = combinations.map((_, q) => q).filter((q) => ((nonzero[q >> 5]! >>> (q & 31)) & 1) !== 0);
      found.push(...extractColumns(as32(V0), side, stride, kept));
    }
    report(power + 1);
    if (columnsNonzero(as32(to), side, stride).every((w) => w === 0)) break;
    [from, to] = [to, from];
  }
  report(GATHER_POWERS + 1);
  return found;
}

/**
 * The column null space of a block's first `count` columns: the
 * combinations c (stride u32 each) with Z c = 0, by an echelon basis of its
 * rows (at most `count` of them), reduced, then one vector per free column.
 */
export function blockNullSpace(block: Uint32Array, side: number, stride: number, count: number): Uint32Array[] {
  const mask = new Uint32Array(stride);
  for (let b = 0; b < count; b++) mask[b >> 5]! |= 1 << (b & 31);
  const basis: Uint32Array[] = [];
  const pivots: number[] = [];
  const row = new Uint32Array(stride);
  for (let i = 0; i < side && basis.length < count; i++) {
    let any = 0;
    for (let h = 0; h < stride; h++) any |= row[h] = block[i * stride + h]! & mask[h]!;
    if (any === 0) continue;
    for (let q = 0; q < basis.length; q++) {
      const p = pivots[q]!;
      if (((row[p >> 5]! >>> (p & 31)) & 1) === 0) continue;
      const b = basis[q]!;
      for (let h = 0; h < stride; h++) row[h]! ^= b[h]!;
    }
    const first = row.findIndex((w) => w !== 0);
    if (first < 0) continue;
    const word = row[first]!;
    pivots.push(first * 32 + 31 - Math.clz32(word & -word));
    basis.push(row.slice());
  }
  // reduced echelon form: clear each pivot from the rows before it, last pivot first
  for (let q = basis.length - 1; q >= 0; q--) {
    const p = pivots[q]!;
    for (let e = 0; e < q; e++) {
      if (((basis[e]![p >> 5]! >>> (p & 31)) & 1) === 0) continue;
      for (let h = 0; h < stride; h++) basis[e]![h]! ^= basis[q]![h]!;
    }
  }
  const isPivot = new Set(pivots);
  const nulls: Uint32Array[] = [];
  for (let free = 0; free < count; free++) {
    if (isPivot.has(free)) continue;
    const c = new Uint32Array(stride);
    c[free >> 5]! |= 1 << (free & 31);
    basis.forEach((b, q) => {
      if (((b[free >> 5]! >>> (free & 31)) & 1) !== 0) c[pivots[q]! >> 5]! |= 1 << (pivots[q]! & 31);
    });
    nulls.push(c);
  }
  return nulls;
}

/** Which columns of a block have a nonzero: a mask of `stride` u32. */
function columnsNonzero(block: Uint32Array, side: number, stride: number): Uint32Array {
  const mask = new Uint32Array(stride);
  for (let i = 0; i < side; i++) for (let h = 0; h < stride; h++) mask[h]! |= block[i * stride + h]!;
  return mask;
}
/** Columns of a block as vectors of N bits. */
export function extractColumns(
  block: Uint32Array,
  side: number,
  stride: number,
  indices: readonly number[],
): Uint32Array[] {
  const vectors = indices.map(() => new Uint32Array(Math.ceil(side / 32)));
  if (indices.length === 0) return vectors;
  for (let i = 0; i < side; i++) {
    for (let v = 0; v < indices.length; v++) {
      const index = indices[v]!;
      if (((block[i * stride + (index >> 5)]! >>> (index & 31)) & 1) !== 0) vectors[v]![i >> 5]! |= 1 << (i & 31);
    }
  }
  return vectors;
}
