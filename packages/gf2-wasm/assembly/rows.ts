// Whole-row primitives. Lengths are in 64-bit words and always even, so
// every loop runs on v128 lanes.

/** dst[0..words) ^= src[0..words). */
@inline export function xorInto(dst: usize, src: usize, words: i32): void {
  const end = dst + (<usize>words << 3);
  // Two lanes per iteration: measured ~15% faster than one at N = 4096.
  while (dst + 32 <= end) {
    v128.store(dst, v128.xor(v128.load(dst), v128.load(src)));
    v128.store(dst, v128.xor(v128.load(dst, 16), v128.load(src, 16)), 16);
    dst += 32;
    src += 32;
  }
  if (dst < end) v128.store(dst, v128.xor(v128.load(dst), v128.load(src)));
}

/** dst[0..words) = a[0..words) ^ b[0..words). */
@inline export function xorTo(dst: usize, a: usize, b: usize, words: i32): void {
  const end = dst + (<usize>words << 3);
  while (dst < end) {
    v128.store(dst, v128.xor(v128.load(a), v128.load(b)));
    dst += 16;
    a += 16;
    b += 16;
  }
}

/** Swaps two rows of `words` words. */
@inline export function swapRows(a: usize, b: usize, words: i32): void {
  const end = a + (<usize>words << 3);
  while (a < end) {
    const t = v128.load(a);
    v128.store(a, v128.load(b));
    v128.store(b, t);
    a += 16;
    b += 16;
  }
}
