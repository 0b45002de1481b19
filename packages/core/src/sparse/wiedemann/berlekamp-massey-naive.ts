// The plain TypeScript twin of berlekamp-massey.ts (the kernel
// assembly/berlekamp-massey.ts): the same iteration, the same columns bit
// for bit, written for clarity.
//
// The matrix Berlekamp-Massey step of block Wiedemann, quadratic: a minimal
// approximant basis ("M-Basis", Giorgi, Jeannerod and Villard 2003; the
// same iteration as Coppersmith 1994's) of the m x (m + n) matrix
// polynomial [A(X) | I_m], A(X) = sum a_i X^i, of order L, for the shifts
// (0 for the n columns of A, 1 for the m of I_m).
//
// Each of the m + n columns p_j = [g_j; h_j] keeps a shifted degree d_j and
// the invariant  coefficient_s(A g_j + h_j) = 0  for s < t. At step t the
// discrepancies (coefficient t of A g_j + h_j, m bits each) are eliminated
// in order of increasing d_j: a column is reduced by the pivots before it;
// a column that stays nonzero becomes a pivot and is multiplied by X (d_j
// + 1). At the end a column with small d_j gives a generator: deg h_j <
// d_j, so coefficient_s(A g_j) = 0 for d_j <= s < L, i.e. with f_k =
// coefficient_{d_j - k}(g_j),  sum_k a_{i+k} f_k = 0  for i <= L - 1 - d_j.
//
// A column is stored reversed, f_j,k = coefficient_{d_j - k}(p_j) for k =
// 0 .. d_j, so that multiplying by X (and raising d_j) moves nothing, and
// adding a pivot p (d_p <= d_j) is one contiguous XOR at offset d_j - d_p.
//
// Cost: step t touches every column's d_j + 1 coefficients, about t/2, so
// the whole costs about (m + n) L^2 / 4 coefficient operations: quadratic
// in N (Thomé 2002's subquadratic variant, by products of polynomial
// matrices, is what makes N = 10^6 practical; it is not done here).

import { type PhaseWatch, phaseReporter } from "./progress.js";

/** The columns of the approximant basis: shifted degrees and reversed coefficients. */
export interface ApproximantBasis {
  m: number;
  n: number;
  /** Shifted degree of each of the m + n columns. */
  degrees: Int32Array;
  /**
   * Column j's coefficients f_j,k (k = 0 .. degrees[j]), each (n + m) / 32
   * u32: first the n bits of g, then the m bits of h.
   */
  columns: Uint32Array[];
}

/** The terms by columns and the basis before the first step: what both engines start from. */
export function initialBasis(
  sequence: Uint32Array,
  length: number,
  m: number,
  n: number,
): { aCols: Uint32Array; basis: ApproximantBasis } {
  const mW = m / 32,
    gW = n / 32,
    W = gW + mW,
    C = m + n;
  // a_t column b as m bits: the discrepancy adds columns of a_t, one per bit of g
  const aCols = new Uint32Array(length * n * mW);
  for (let t = 0; t < length; t++) {
    for (let r = 0; r < m; r++) {
      for (let wb = 0; wb < gW; wb++) {
        let bits = sequence[(t * m + r) * gW + wb]!;
        while (bits !== 0) {
          const low = bits & -bits;
          const b = wb * 32 + 31 - Math.clz32(low);
          aCols[(t * n + b) * mW + (r >> 5)]! |= 1 << (r & 31);
          bits ^= low;
        }
      }
    }
  }
  const degrees = new Int32Array(C);
  const columns: Uint32Array[] = [];
  for (let j = 0; j < C; j++) {
    const column = new Uint32Array((length + 2) * W);
    if (j < n) {
      column[j >> 5] = 1 << (j & 31); // g = e_j, d = 0
    } else {
      degrees[j] = 1; // h = e_r with shift 1: f_1 = e_r
      const r = j - n;
      column[W + gW + (r >> 5)] = 1 << (r & 31);
    }
    columns.push(column);
  }
  return { aCols, basis: { m, n, degrees, columns } };
}

/**
 * Runs the iteration over a_0 .. a_{L-1}.
 *
 * @param sequence - `L * m * (n / 32)` u32: term i, row r (of m), n column bits.
 * @param watch - Progress (in steps) and the signal, checked every step.
 */
export function matrixBerlekampMasseyNaive(
  sequence: Uint32Array,
  length: number,
  m: number,
  n: number,
  watch: PhaseWatch = {},
): ApproximantBasis {
  const mW = m / 32,
    gW = n / 32,
    W = gW + mW,
    C = m + n;
  const { aCols, basis } = initialBasis(sequence, length, m, n);
  const { degrees, columns } = basis;
  const delta = new Uint32Array(C * mW);
  const order = Array.from({ length: C }, (_, j) => j);
  const pivotColumn = new Int32Array(m);
  const pivotRow = new Int32Array(m);
  const report = phaseReporter("berlekamp-massey", length, watch, 0, true);
  for (let t = 0; t < length; t++) {
    watch.signal?.throwIfAborted();
    // the discrepancies: coefficient t of A g_j + h_j
    delta.fill(0);
    for (let j = 0; j < C; j++) {
      const f = columns[j]!;
      const d = degrees[j]!;
      const out = j * mW;
      for (let k = Math.max(0, d - t); k <= d; k++) {
        const s = t - d + k;
        const aBase = s * n * mW;
        for (let wb = 0; wb < gW; wb++) {
          let bits = f[k * W + wb]!;
          while (bits !== 0) {
            const low = bits & -bits;
            const col = aBase + (wb * 32 + 31 - Math.clz32(low)) * mW;
            for (let h = 0; h < mW; h++) delta[out + h]! ^= aCols[col + h]!;
            bits ^= low;
          }
        }
      }
      if (d - t >= 0) for (let h = 0; h < mW; h++) delta[out + h]! ^= f[(d - t) * W + gW + h]!;
    }
    // Gaussian elimination of the discrepancies, columns in order of shifted degree
    order.sort((a, b) => degrees[a]! - degrees[b]! || a - b);
    let pivots = 0;
    for (const j of order) {
      for (let q = 0; q < pivots; q++) {
        const row = pivotRow[q]!;
        if (((delta[j * mW + (row >> 5)]! >>> (row & 31)) & 1) === 0) continue;
        const p = pivotColumn[q]!;
        for (let h = 0; h < mW; h++) delta[j * mW + h]! ^= delta[p * mW + h]!;
        addColumn(columns[j]!, degrees[j]!, columns[p]!, degrees[p]!, W);
      }
      for (let h = 0; h < mW; h++) {
        const word = delta[j * mW + h]!;
        if (word !== 0) {
          pivotColumn[pivots] = j;
          pivotRow[pivots] = h * 32 + 31 - Math.clz32(word & -word);
          pivots++;
          break;
        }
      }
    }
    // the pivots' discrepancy moves to the next coefficient: multiply them by X
    for (let q = 0; q < pivots; q++) degrees[pivotColumn[q]!]!++;
    report(t + 1);
  }
  return basis;
}

/** p_j += p_p, d_p <= d_j: coefficient c of p_p is f_p,(d_p - c), of p_j f_j,(d_j - c). */
function addColumn(target: Uint32Array, dTarget: number, source: Uint32Array, dSource: number, W: number): void {
  const offset = (dTarget - dSource) * W;
  const words = (dSource + 1) * W;
  for (let i = 0; i < words; i++) target[offset + i]! ^= source[i]!;
}
