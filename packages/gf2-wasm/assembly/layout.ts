// The packed layout shared by every kernel (and by the TypeScript twin).
//
//   row i starts at  base + i * stride * 8          (byte offset, 16-aligned)
//   bit j of row i:  word j >> 6 of the row, bit j & 63 (LSB first)
//
//   cols = 150, stride = 4 words (= 2 x v128):
//   | word 0: cols 0..63 | word 1: cols 64..127 | word 2: 128..149 + pad | word 3: pad |
//
// stride is always even (rows are whole v128 lanes), and every bit past the
// last column is zero. Kernels rely on that: a row XOR never needs a mask.

/** Mask of the low `n` bits, for 0 <= n <= 64. */
@inline export function lowMask(n: i32): u64 {
  return n >= 64 ? <u64>-1 : ((<u64>1 << <u64>n) - 1);
}

/** Byte address of row `i`. */
@inline export function rowAt(base: usize, i: i32, stride: i32): usize {
  return base + (<usize>i * <usize>stride << 3);
}

/** Bit `j` of the row at `row`. */
@inline export function getBit(row: usize, j: i32): u64 {
  return (load<u64>(row + (<usize>(j >>> 6) << 3)) >> <u64>(j & 63)) & 1;
}

/** Sets bit `j` of the row at `row` to `v` (0 or 1). */
@inline export function putBit(row: usize, j: i32, v: u64): void {
  const p = row + (<usize>(j >>> 6) << 3);
  const s = <u64>(j & 63);
  store<u64>(p, (load<u64>(p) & ~(<u64>1 << s)) | (v << s));
}

/** 64 bits of the row starting at bit `j` (bits past the row read as 0). */
@inline export function read64(row: usize, j: i32, stride: i32): u64 {
  const w = j >>> 6;
  const s = <u64>(j & 63);
  let v = load<u64>(row + (<usize>w << 3)) >> s;
  if (s != 0 && w + 1 < stride) v |= load<u64>(row + (<usize>(w + 1) << 3)) << (64 - s);
  return v;
}

/** First word of the v128 lane that holds column `j` (always even). */
@inline export function laneStart(j: i32): i32 {
  return (j >>> 7) << 1;
}
