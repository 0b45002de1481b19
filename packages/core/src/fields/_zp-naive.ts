// The plain TypeScript twin of assembly/zp.ts: Gauss-Jordan over Z_p on
// row-major residues (stride = cols), every entry reduced as it is
// updated. Tests compare it with the WebAssembly kernel; it is also the
// "ts" engine.

import { invMod, mulMod } from "./prime.js";

/** Reduced row echelon form in place, pivots only in columns below pivotLimit. */
export function zpEchelonNaive(
  a: Uint32Array, rows: number, cols: number, pivotLimit: number, p: number,
): { rank: number; pivots: Int32Array } {
  const limit = Math.min(cols, pivotLimit);
  const pivots = new Int32Array(Math.min(rows, limit));
  const exact = p <= 94906265; // (p - 1)^2 + p < 2^53: plain doubles are exact
  let r = 0;
  for (let c = 0; c < limit && r < rows; c++) {
    let found = r;
    while (found < rows && a[found * cols + c] === 0) found++;
    if (found === rows) continue;
    const pr = r * cols;
    if (found !== r) {
      const other = found * cols;
      for (let j = 0; j < cols; j++) {
        const t = a[pr + j]!;
        a[pr + j] = a[other + j]!;
        a[other + j] = t;
      }
    }
    const inv = invMod(a[pr + c]!, p);
    for (let j = c; j < cols; j++) a[pr + j] = mulMod(a[pr + j]!, inv, p);
    pivots[r] = c;
    for (let i = 0; i < rows; i++) {
      const row = i * cols;
      const f = a[row + c]!;
      if (i === r || f === 0) continue;
      const m = p - f;
      if (exact) {
        for (let j = c; j < cols; j++) a[row + j] = (a[row + j]! + m * a[pr + j]!) % p;
      } else {
        for (let j = c; j < cols; j++) {
          const s = a[row + j]! + mulMod(m, a[pr + j]!, p);
          a[row + j] = s >= p ? s - p : s;
        }
      }
    }
    r++;
  }
  return { rank: r, pivots: pivots.slice(0, r) };
}
