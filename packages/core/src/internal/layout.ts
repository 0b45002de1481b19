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

/** The bits of byte `b` in reverse order. */
function reverseByte(b: number): number {
  b = ((b >>> 4) & 0x0f) | ((b & 0x0f) << 4);
  b = ((b >>> 2) & 0x33) | ((b & 0x33) << 2);
  return ((b >>> 1) & 0x55) | ((b & 0x55) << 1);
}

/**
 * Reverses the bits of each byte of `bytes` from `from` to `to`, 32 bits
 * at a time between the ends: PBM holds a row's first pixel in a byte's
 * high bit, the packed layout its first column in the low bit. The
 * TypeScript twin of the WASM `reverseByteBits`.
 */
export function reverseBitsInBytes(bytes: Uint8Array, from: number, to: number): void {
  let i = from;
  for (; i < to && ((bytes.byteOffset + i) & 3) !== 0; i++) bytes[i] = reverseByte(bytes[i]!);
  // (i is aligned here unless it reached `to` first)
  const aligned = ((bytes.byteOffset + i) & 3) === 0;
  const words = new Uint32Array(
    bytes.buffer,
    aligned ? bytes.byteOffset + i : 0,
    aligned ? Math.max(0, to - i) >>> 2 : 0,
  );
  for (let w = 0; w < words.length; w++) {
    let x = words[w]!;
    x = ((x >>> 4) & 0x0f0f0f0f) | ((x & 0x0f0f0f0f) << 4);
    x = ((x >>> 2) & 0x33333333) | ((x & 0x33333333) << 2);
    words[w] = ((x >>> 1) & 0x55555555) | ((x & 0x55555555) << 1);
  }
  for (i += words.length * 4; i < to; i++) bytes[i] = reverseByte(bytes[i]!);
}
