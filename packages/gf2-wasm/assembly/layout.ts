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

/**
 * The first column in [from, limit) where one of rows first..end-1 has a
 * set bit, or `limit` if none has. Each row is read up to the best column
 * so far, so empty columns cost one pass over the rows, not one per column.
 */
export function firstSetColumn(a: usize, stride: i32, first: i32, end: i32, from: i32, limit: i32): i32 {
  let best = limit;
  for (let i = first; i < end && best > from; i++) {
    const row = rowAt(a, i, stride);
    const last = (best - 1) >>> 6;
    let w = from >>> 6;
    let bits = load<u64>(row + (<usize>w << 3)) & (<u64>-1 << <u64>(from & 63));
    while (bits == 0 && w < last) {
      w++;
      bits = load<u64>(row + (<usize>w << 3));
    }
    if (bits != 0) best = min(best, (w << 6) + <i32>ctz(bits));
  }
  return best;
}

/** The arguments of `firstSetColumnIn`: rows first..end-1 of a matrix, columns [from, limit). */
@unmanaged export class FirstSetArgs {
  a: usize;
  stride: i32;
  first: i32;
  end: i32;
  from: i32;
  limit: i32;
}

/** firstSetColumn as a kernel: PLE skips a window whose rows are all zero (a rank-deficient matrix) without copying it. */
export function firstSetColumnIn(args: FirstSetArgs): i32 {
  return firstSetColumn(args.a, args.stride, args.first, args.end, args.from, args.limit);
}

/** The arguments of `reverseByteBits`: `bytes` bytes from `ptr`. */
@unmanaged export class ReverseByteBitsArgs {
  ptr: usize;
  bytes: usize;
}

// Nibble n reversed, and that in the high half: a byte reversed is the
// table of its low nibble's reversal moved up, OR its high nibble's down.
// (little-endian words: bytes 0x00 0x80 0x40 0xc0, 0x20 0xa0 0x60 0xe0, ...)
const REVERSED_NIBBLE_HIGH = i32x4(<i32>0xc0408000, <i32>0xe060a020, <i32>0xd0509010, <i32>0xf070b030);
const REVERSED_NIBBLE_LOW = i32x4(0x0c040800, 0x0e060a02, 0x0d050901, 0x0f070b03);

/** `b` with its bits in reverse order. */
@inline function reverseByte(b: u32): u32 {
  b = ((b >> 4) & 0x0f) | ((b & 0x0f) << 4);
  b = ((b >> 2) & 0x33) | ((b & 0x33) << 2);
  return ((b >> 1) & 0x55) | ((b & 0x55) << 1);
}

/**
 * Reverses the order of the bits within each byte, in place. A PBM raster
 * holds a row's first pixel in a byte's high bit, the packed layout its
 * first column in the low bit: the raster copied into a matrix's rows
 * becomes the matrix by this (about 10x a JavaScript loop over words).
 */
export function reverseByteBits(args: ReverseByteBitsArgs): void {
  let p = args.ptr;
  const end = p + args.bytes;
  const nibble = i8x16.splat(0x0f);
  for (; p + 16 <= end; p += 16) {
    const x = v128.load(p);
    const low = i8x16.swizzle(REVERSED_NIBBLE_HIGH, v128.and(x, nibble));
    const high = i8x16.swizzle(REVERSED_NIBBLE_LOW, i8x16.shr_u(x, 4));
    v128.store(p, v128.or(low, high));
  }
  for (; p < end; p++) store<u8>(p, <u8>reverseByte(load<u8>(p)));
}
