// The plain TypeScript twin of assembly/zp.ts: Gauss-Jordan over Z_m on
// row-major residues (stride = cols), every entry reduced as it is
// updated, pivots only on entries not divisible by `unit`. Tests compare
// it with the WebAssembly kernel; it is also the "ts" engine.

import { invMod, mulMod } from "./arith.js";
import type { zpEchelon } from "./zp.js";

/** Reduced (or with full: false, plain) row echelon form in place, pivots only in columns below pivotLimit and on entries not divisible by options.unit. */
export const zpEchelonNaive: typeof zpEchelon = (a, rows, cols, pivotLimit, m, options = {}) => {
  const limit = Math.min(cols, pivotLimit);
  const unit = options.unit ?? m;
  const pivots = new Int32Array(Math.min(rows, limit));
  const exact = m <= 94906265; // (m - 1)^2 + m < 2^53: plain doubles are exact
  // over Z_(p^e) skipped columns keep multiples of p: rows are then updated from the first of them
  let start = -1;
  let r = 0;
  for (let c = 0; c < limit && r < rows; c++) {
    if ((c & 63) === 0) {
      options.signal?.throwIfAborted();
      options.onProgress?.(c, limit);
    }
    let found = r;
    while (found < rows && a[found * cols + c]! % unit === 0) found++;
    if (found === rows) {
      if (unit !== m && start < 0) start = c;
      continue;
    }
    const from = start < 0 ? c : start;
    const pr = r * cols;
    if (found !== r) {
      const other = found * cols;
      for (let j = 0; j < cols; j++) {
        const t = a[pr + j]!;
        a[pr + j] = a[other + j]!;
        a[other + j] = t;
      }
    }
    const inv = invMod(a[pr + c]!, m);
    for (let j = from; j < cols; j++) a[pr + j] = mulMod(a[pr + j]!, inv, m);
    pivots[r] = c;
    for (let i = options.full === false ? r + 1 : 0; i < rows; i++) {
      const row = i * cols;
      const f = a[row + c]!;
      if (i === r || f === 0) continue;
      const g = m - f;
      if (exact) {
        for (let j = from; j < cols; j++) a[row + j] = (a[row + j]! + g * a[pr + j]!) % m;
      } else {
        for (let j = from; j < cols; j++) {
          const s = a[row + j]! + mulMod(g, a[pr + j]!, m);
          a[row + j] = s >= m ? s - m : s;
        }
      }
    }
    r++;
  }
  options.onProgress?.(limit, limit);
  return { rank: r, pivots: pivots.slice(0, r), extents: new Int32Array(rows).fill(limit), skipped: start };
};
