// The matrix Berlekamp-Massey iteration of block Wiedemann (an approximant
// basis of [A(X) | I_m], "M-Basis" of Giorgi, Jeannerod and Villard 2003),
// step by step: the discrepancies of the m + n columns, their elimination
// in order of shifted degree, the pivots multiplied by X. The layout and
// the algorithm are those of the TypeScript twin in @lightsout/core
// (sparse/wiedemann/berlekamp-massey-naive.ts), which explains them; here
// a coefficient of a column (n bits of g, then m bits of h) is 2 or 4 u64,
// whole v128 lanes, so adding a pivot's column is a run of v128 XORs.

/** The arguments of `berlekampMasseySteps` (m, n: 64 or 128). */
@unmanaged export class BerlekampMasseyArgs {
  /** Column b of term a_t as m bits: m / 64 u64 at (t * n + b). */
  aCols: usize;
  /** Column j's coefficients from columns + j * columnBytes, each (n + m) / 64 u64. */
  columns: usize;
  columnBytes: i32;
  /** The m + n shifted degrees (i32). */
  degrees: usize;
  /** Scratch: m + n discrepancies of m / 64 u64, the order (m + n i32), pivot columns and rows (m i32 each). */
  delta: usize;
  order: usize;
  pivotColumn: usize;
  pivotRow: usize;
  m: i32;
  n: i32;
  /** State: the next step. */
  t: i32;
  /** This call stops before this step. */
  tStop: i32;
}

/** Runs steps t .. tStop - 1. */
export function berlekampMasseySteps(args: BerlekampMasseyArgs): void {
  const m = args.m, n = args.n, mQ = m >> 6, gQ = n >> 6, wQ = gQ + mQ, count = m + n;
  const coefBytes = <usize>wQ << 3;
  const aCols = args.aCols, columns = args.columns, columnBytes = <usize>args.columnBytes;
  const degrees = args.degrees, delta = args.delta, order = args.order;
  const pivotColumn = args.pivotColumn, pivotRow = args.pivotRow;
  let t = args.t;
  for (; t < args.tStop; t++) {
    // the discrepancies: coefficient t of A g_j + h_j
    for (let j = 0; j < count; j++) {
      const column = columns + <usize>j * columnBytes;
      const d = load<i32>(degrees + (<usize>j << 2));
      let acc0: u64 = 0, acc1: u64 = 0;
      for (let k = max(0, d - t); k <= d; k++) {
        const aBase = aCols + ((<usize>(t - d + k) * <usize>n * <usize>mQ) << 3);
        const coefficient = column + <usize>k * coefBytes;
        for (let q = 0; q < gQ; q++) {
          let bits = load<u64>(coefficient + (<usize>q << 3));
          while (bits != 0) {
            const at = aBase + ((<usize>((q << 6) + <i32>ctz(bits)) * <usize>mQ) << 3);
            acc0 ^= load<u64>(at);
            if (mQ == 2) acc1 ^= load<u64>(at, 8);
            bits &= bits - 1;
          }
        }
      }
      if (d - t >= 0) {
        const h = column + <usize>(d - t) * coefBytes + (<usize>gQ << 3);
        acc0 ^= load<u64>(h);
        if (mQ == 2) acc1 ^= load<u64>(h, 8);
      }
      store<u64>(delta + (<usize>(j * mQ) << 3), acc0);
      if (mQ == 2) store<u64>(delta + (<usize>(j * mQ) << 3), acc1, 8);
    }
    // the columns by shifted degree, ties by index (insertion sort: few columns, nearly sorted)
    for (let j = 0; j < count; j++) {
      const dj = load<i32>(degrees + (<usize>j << 2));
      let at = j;
      while (at > 0) {
        const before = load<i32>(order + (<usize>(at - 1) << 2));
        if (load<i32>(degrees + (<usize>before << 2)) <= dj) break;
        store<i32>(order + (<usize>at << 2), before);
        at--;
      }
      store<i32>(order + (<usize>at << 2), j);
    }
    // Gaussian elimination of the discrepancies in that order
    let pivots = 0;
    for (let o = 0; o < count; o++) {
      const j = load<i32>(order + (<usize>o << 2));
      const dj = load<i32>(degrees + (<usize>j << 2));
      const mine = delta + (<usize>(j * mQ) << 3);
      for (let q = 0; q < pivots; q++) {
        const row = load<i32>(pivotRow + (<usize>q << 2));
        if (((load<u64>(mine + (<usize>(row >> 6) << 3)) >> <u64>(row & 63)) & 1) == 0) continue;
        const p = load<i32>(pivotColumn + (<usize>q << 2));
        const theirs = delta + (<usize>(p * mQ) << 3);
        store<u64>(mine, load<u64>(mine) ^ load<u64>(theirs));
        if (mQ == 2) store<u64>(mine, load<u64>(mine, 8) ^ load<u64>(theirs, 8), 8);
        // p_j += p_p (d_p <= d_j): coefficient c of p_p is at d_p - c, of p_j at d_j - c
        const dp = load<i32>(degrees + (<usize>p << 2));
        let dst = columns + <usize>j * columnBytes + <usize>(dj - dp) * coefBytes;
        let src = columns + <usize>p * columnBytes;
        const lanes = (dp + 1) * (wQ >> 1);
        for (let l = 0; l < lanes; l++) {
          v128.store(dst, v128.xor(v128.load(dst), v128.load(src)));
          dst += 16;
          src += 16;
        }
      }
      const low = load<u64>(mine);
      const high = mQ == 2 ? load<u64>(mine, 8) : 0;
      if (low != 0 || high != 0) {
        store<i32>(pivotColumn + (<usize>pivots << 2), j);
        store<i32>(pivotRow + (<usize>pivots << 2), low != 0 ? <i32>ctz(low) : 64 + <i32>ctz(high));
        pivots++;
      }
    }
    // the pivots' discrepancy moves to the next coefficient: multiply them by X
    for (let q = 0; q < pivots; q++) {
      const at = degrees + (<usize>load<i32>(pivotColumn + (<usize>q << 2)) << 2);
      store<i32>(at, load<i32>(at) + 1);
    }
  }
  args.t = t;
}
