// The packed layout of a GF(2) matrix is drawn once, in
// packages/gf2-wasm/assembly/layout.ts: rows of `stride` 64-bit words (even,
// whole 128-bit lanes), bit j at word j >> 6, bit j & 63, zero padding. Seen
// as 32-bit words (the TypeScript twin), bit j is at word j >> 5, bit j & 31:
// the same bytes, since WebAssembly is little-endian.

/** 64-bit words per row for `cols` columns: whole 128-bit lanes. */
export function strideWords(cols: number): number {
  return Math.ceil(cols / 128) * 2;
}

/** Bytes for a rows x cols matrix (at least 16, so that no block is empty). */
export function matrixBytes(rows: number, cols: number): number {
  return Math.max(16, rows * strideWords(cols) * 8);
}
