// C = A B over GF(2). A is m x n, B is n x p, C is m x p (C is overwritten).

import { getBit, lowMask, read64, rowAt } from "./layout";
import { xorInto, xorTo } from "./rows";

/** The arguments of `mulNaive` and `mulM4rm` (the naive product ignores `k` and `table`). */
@unmanaged export class MulArgs {
  /** The product, m rows of `cStride` words (cStride = bStride: both have p columns). */
  c: usize;
  cStride: i32;
  /** A, m x n. */
  a: usize;
  aStride: i32;
  /** B, n x p. */
  b: usize;
  bStride: i32;
  m: i32;
  n: i32;
  /** Four Russians: rows of B per table. */
  k: i32;
  /** Four Russians: room for 2^k * bStride words. */
  table: usize;
}

/** Row-by-row product: C_i = XOR of the rows B_j with A_ij = 1. */
export function mulNaive(args: MulArgs): void {
  const c = args.c, cStride = args.cStride, a = args.a, aStride = args.aStride;
  const b = args.b, bStride = args.bStride, m = args.m, n = args.n;
  const width = cStride; // == bStride: both have p columns
  for (let i = 0; i < m; i++) {
    const dst = rowAt(c, i, cStride);
    memory.fill(dst, 0, <usize>width << 3);
    const src = rowAt(a, i, aStride);
    for (let j = 0; j < n; j++) {
      if (getBit(src, j) != 0) xorInto(dst, rowAt(b, j, bStride), width);
    }
  }
}

/**
 * Method of Four Russians multiplication (M4RM): for each group of k rows of
 * B, tabulate their 2^k combinations once, then add one table row per row of
 * A. `table` holds 2^k * bStride words.
 */
export function mulM4rm(args: MulArgs): void {
  const c = args.c, cStride = args.cStride, a = args.a, aStride = args.aStride;
  const b = args.b, bStride = args.bStride, m = args.m, n = args.n, k = args.k, table = args.table;
  const width = cStride;
  const entry = <usize>width << 3;
  memory.fill(c, 0, <usize>m * entry);
  for (let j0 = 0; j0 < n; j0 += k) {
    const kg = min(k, n - j0);
    const count = 1 << kg;
    memory.fill(table, 0, entry);
    for (let idx = 1; idx < count; idx++) {
      xorTo(
        table + <usize>idx * entry,
        table + <usize>(idx & (idx - 1)) * entry,
        rowAt(b, j0 + ctz(idx), bStride),
        width,
      );
    }
    const mask = lowMask(kg);
    for (let i = 0; i < m; i++) {
      const idx = read64(rowAt(a, i, aStride), j0, aStride) & mask;
      if (idx != 0) xorInto(rowAt(c, i, cStride), table + <usize>idx * entry, width);
    }
  }
}
