// Small helpers over vectors of 0/1 entries shared by the coset scans, the
// information-set search and their twins: popcount, packing into 32-bit
// words (bit j at word j >> 5, bit j & 31: the kernels' packed layout read
// as u32), and the lexicographic order of fewest-press answers.

/** The number of set bits of a 32-bit word. */
export function popcount32(v: number): number {
  v -= (v >>> 1) & 0x55555555;
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** The set bits of `words` 32-bit words. */
export function weightOf(v: Uint32Array, words = v.length): number {
  let w = 0;
  for (let t = 0; t < words; t++) w += popcount32(v[t]!);
  return w;
}

/** 0/1 entries packed LSB-first into 32-bit words (`words32` of them), into `out` at `offset`. */
export function packBits(
  v: ArrayLike<number>,
  words32: number,
  out = new Uint32Array(words32),
  offset = 0,
): Uint32Array {
  for (let j = 0; j < v.length; j++) if (v[j]) out[offset + (j >>> 5)]! |= 1 << (j & 31);
  return out;
}

/** The first n bits of packed words from `offset`, one 0/1 entry each. */
export function unpackBits(words: Uint32Array, n: number, offset = 0): Uint8Array {
  const out = new Uint8Array(n);
  for (let j = 0; j < n; j++) out[j] = (words[offset + (j >>> 5)]! >>> (j & 31)) & 1;
  return out;
}

/** a < b reading entry 0 first (at the first difference, the smaller entry wins). */
export function lexLess(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  for (let j = 0; j < a.length; j++) if (a[j] !== b[j]) return a[j]! < b[j]!;
  return false;
}

/** Index of the lowest set bit of a positive integer below 2^53 (the Gray-code step of member i). */
export function lowestSetBit(i: number): number {
  const low = i % 2 ** 32;
  if (low !== 0) return 31 - Math.clz32(low & -low);
  const high = Math.floor(i / 2 ** 32);
  return 32 + 31 - Math.clz32(high & -high);
}
