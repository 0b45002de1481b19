// Glue for the Z_p kernel (assembly/zp.ts) in the one shared WebAssembly
// instance: copies a row-major matrix into scratch rows padded to a
// multiple of 4 entries (the kernel's SIMD path), runs, copies back.

import { guard, load, withScratch } from "../gf2/_engine-wasm.js";
import { formatBytes } from "../gf2/_memory.js";

/** The kernel's heap hands out blocks of at most 1 GiB (less a header). */
const MAX_BLOCK = 2 ** 30 - 64;

/** Entries per padded row: cols rounded up to a multiple of 4. */
export const zpStride = (cols: number): number => Math.max(4, Math.ceil(cols / 4) * 4);

/** Reduced row echelon form in place (stride = cols in `a`), pivots only in columns below pivotLimit. */
export function zpEchelonWasm(
  a: Uint32Array, rows: number, cols: number, pivotLimit: number, p: number,
): { rank: number; pivots: Int32Array } {
  const limit = Math.min(cols, pivotLimit);
  const pivotCount = Math.min(rows, limit);
  if (pivotCount === 0) return { rank: 0, pivots: new Int32Array(0) };
  const stride = zpStride(cols);
  const bytes = rows * stride * 4;
  if (bytes > MAX_BLOCK) {
    throw new RangeError(
      `a ${rows} x ${cols} matrix over Z_${p} needs ${formatBytes(bytes)} in WebAssembly memory; ` +
        `at most ${formatBytes(MAX_BLOCK)} fit in one block (use { engine: "ts" })`,
    );
  }
  const k = load();
  return withScratch([bytes, pivotCount * 4], ([m, pv]) => {
    const view = new Uint32Array(k.memory.buffer, m!, rows * stride);
    view.fill(0);
    for (let i = 0; i < rows; i++) view.set(a.subarray(i * cols, (i + 1) * cols), i * stride);
    const rank = guard("Z_p elimination", () => k.zpEchelon(m!, rows, cols, stride, pivotLimit, p, pv!));
    const out = new Uint32Array(k.memory.buffer, m!, rows * stride);
    for (let i = 0; i < rows; i++) a.set(out.subarray(i * stride, i * stride + cols), i * cols);
    return { rank, pivots: new Int32Array(k.memory.buffer, pv!, rank).slice() };
  });
}
