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
  while (dst + 32 <= end) {
    v128.store(dst, v128.xor(v128.load(a), v128.load(b)));
    v128.store(dst, v128.xor(v128.load(a, 16), v128.load(b, 16)), 16);
    dst += 32;
    a += 32;
    b += 32;
  }
  if (dst < end) v128.store(dst, v128.xor(v128.load(a), v128.load(b)));
}

/**
 * dst[0..words) = src[0..words). A loop of v128 copies rather than
 * memory.copy for rows that are read again at once: on shared memory V8's
 * memory.copy moves 8 bytes at a time, and the 16-byte loads that follow
 * cannot take their bytes from two pending stores (PLE's tables on two
 * threads spent 4x their time there).
 */
@inline export function copyWords(dst: usize, src: usize, words: i32): void {
  const end = dst + (<usize>words << 3);
  while (dst + 16 <= end) {
    v128.store(dst, v128.load(src));
    dst += 16;
    src += 16;
  }
  if (dst < end) store<u64>(dst, load<u64>(src));
}

/** `rows` rows of `words` words from src to dst, rows srcStride and dstStride words apart (copyWords each). */
export function copyRows(dst: usize, dstStride: i32, src: usize, srcStride: i32, rows: i32, words: i32): void {
  for (let i = 0; i < rows; i++) {
    copyWords(dst + ((<usize>i * <usize>dstStride) << 3), src + ((<usize>i * <usize>srcStride) << 3), words);
  }
}

/** dst[0..words) = 0, in v128 stores (see copyWords: a table's first entry is read at once). */
@inline export function zeroWords(dst: usize, words: i32): void {
  const end = dst + (<usize>words << 3);
  const zero = v128.splat<i64>(0);
  while (dst + 16 <= end) {
    v128.store(dst, zero);
    dst += 16;
  }
  if (dst < end) store<u64>(dst, 0);
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

/**
 * dst[0..words) ^= the XOR of one entry from each of `groups` tables
 * (1..8) of Four Russians: table g starts at t0 + g * tableBytes, holds 2^k
 * entries `entry` bytes apart, and entry (x >> g k) & (2^k - 1) is taken.
 * Tables from `groups` up to 4 (groups 3, 4), 6 (5, 6) or 8 (7, 8) are
 * read at entry 0, which the caller keeps zero. One pass over dst whatever
 * the number of tables: V8 keeps one pointer a table in a register and
 * folds each lane's offset into its loads. Four tables (Four Russians'
 * and the products' setting) go four lanes a step (xorFourTables); six
 * and eight, two (one lane a step: 1.03 ns a 4-table lane, two: 0.98 ns;
 * a 6-table loop reads six tables in 1.49 ns where 6 of 8 tables took 2.4
 * ns; four lanes of six tables a step spilled registers and ran slower).
 */
export function xorTableRows(
  dst: usize, words: i32, t0: usize, tableBytes: usize, entry: usize, x: u64, k: i32, groups: i32,
): void {
  const m = (<u64>1 << <u64>k) - 1;
  let d = dst;
  const end = dst + (<usize>words << 3);
  if (groups == 1) {
    let s0 = t0 + <usize>(x & m) * entry;
    while (d < end) {
      v128.store(d, v128.xor(v128.load(d), v128.load(s0)));
      d += 16; s0 += 16;
    }
  } else if (groups == 2) {
    let s0 = t0 + <usize>(x & m) * entry;
    let s1 = t0 + tableBytes + <usize>((x >> <u64>k) & m) * entry;
    while (d < end) {
      v128.store(d, v128.xor(v128.load(d), v128.xor(v128.load(s0), v128.load(s1))));
      d += 16; s0 += 16; s1 += 16;
    }
  } else if (groups <= 4) {
    xorFourTableRows(d, words, t0, tableBytes, entry, x, k);
  } else if (groups <= 6) {
    let s0 = t0 + <usize>(x & m) * entry;
    let s1 = t0 + tableBytes + <usize>((x >> <u64>k) & m) * entry;
    let s2 = t0 + 2 * tableBytes + <usize>((x >> <u64>(2 * k)) & m) * entry;
    let s3 = t0 + 3 * tableBytes + <usize>((x >> <u64>(3 * k)) & m) * entry;
    let s4 = t0 + 4 * tableBytes + <usize>((x >> <u64>(4 * k)) & m) * entry;
    let s5 = t0 + 5 * tableBytes + <usize>((x >> <u64>(5 * k)) & m) * entry;
    while (d + 32 <= end) {
      const v = v128.xor(
        v128.xor(v128.xor(v128.load(s0), v128.load(s1)), v128.xor(v128.load(s2), v128.load(s3))),
        v128.xor(v128.load(s4), v128.load(s5)),
      );
      const w = v128.xor(
        v128.xor(v128.xor(v128.load(s0, 16), v128.load(s1, 16)), v128.xor(v128.load(s2, 16), v128.load(s3, 16))),
        v128.xor(v128.load(s4, 16), v128.load(s5, 16)),
      );
      v128.store(d, v128.xor(v128.load(d), v));
      v128.store(d, v128.xor(v128.load(d, 16), w), 16);
      d += 32; s0 += 32; s1 += 32; s2 += 32; s3 += 32; s4 += 32; s5 += 32;
    }
    if (d < end) {
      const v = v128.xor(
        v128.xor(v128.xor(v128.load(s0), v128.load(s1)), v128.xor(v128.load(s2), v128.load(s3))),
        v128.xor(v128.load(s4), v128.load(s5)),
      );
      v128.store(d, v128.xor(v128.load(d), v));
    }
  } else {
    let s0 = t0 + <usize>(x & m) * entry;
    let s1 = t0 + tableBytes + <usize>((x >> <u64>k) & m) * entry;
    let s2 = t0 + 2 * tableBytes + <usize>((x >> <u64>(2 * k)) & m) * entry;
    let s3 = t0 + 3 * tableBytes + <usize>((x >> <u64>(3 * k)) & m) * entry;
    let s4 = t0 + 4 * tableBytes + <usize>((x >> <u64>(4 * k)) & m) * entry;
    let s5 = t0 + 5 * tableBytes + <usize>((x >> <u64>(5 * k)) & m) * entry;
    let s6 = t0 + 6 * tableBytes + <usize>((x >> <u64>(6 * k)) & m) * entry;
    let s7 = t0 + 7 * tableBytes + <usize>((x >> <u64>(7 * k)) & m) * entry;
    while (d + 32 <= end) {
      const v = v128.xor(
        v128.xor(v128.xor(v128.load(s0), v128.load(s1)), v128.xor(v128.load(s2), v128.load(s3))),
        v128.xor(v128.xor(v128.load(s4), v128.load(s5)), v128.xor(v128.load(s6), v128.load(s7))),
      );
      const w = v128.xor(
        v128.xor(v128.xor(v128.load(s0, 16), v128.load(s1, 16)), v128.xor(v128.load(s2, 16), v128.load(s3, 16))),
        v128.xor(v128.xor(v128.load(s4, 16), v128.load(s5, 16)), v128.xor(v128.load(s6, 16), v128.load(s7, 16))),
      );
      v128.store(d, v128.xor(v128.load(d), v));
      v128.store(d, v128.xor(v128.load(d, 16), w), 16);
      d += 32; s0 += 32; s1 += 32; s2 += 32; s3 += 32; s4 += 32; s5 += 32; s6 += 32; s7 += 32;
    }
    if (d < end) {
      const v = v128.xor(
        v128.xor(v128.xor(v128.load(s0), v128.load(s1)), v128.xor(v128.load(s2), v128.load(s3))),
        v128.xor(v128.xor(v128.load(s4), v128.load(s5)), v128.xor(v128.load(s6), v128.load(s7))),
      );
      v128.store(d, v128.xor(v128.load(d), v));
    }
  }
}

/** xorTableRows with four tables (three read a zero entry 0 from the fourth), without its dispatch. */
@inline export function xorFourTableRows(
  dst: usize, words: i32, t0: usize, tableBytes: usize, entry: usize, x: u64, k: i32,
): void {
  const m = (<u64>1 << <u64>k) - 1;
  const s0 = t0 + <usize>(x & m) * entry;
  const s1 = t0 + tableBytes + <usize>((x >> <u64>k) & m) * entry;
  const s2 = t0 + 2 * tableBytes + <usize>((x >> <u64>(2 * k)) & m) * entry;
  const s3 = t0 + 3 * tableBytes + <usize>((x >> <u64>(3 * k)) & m) * entry;
  xorFourTables(dst, dst + (<usize>words << 3), s0, s1, s2, s3);
}

/**
 * dst[d..end) ^= s0 ^ s1 ^ s2 ^ s3 (lane by lane): xorTableRows with four
 * tables, the loop of Four Russians and of products. Four lanes a step,
 * then one: each lane's loads and stores take constant offsets from the
 * five pointers, which V8 moves once a step (with the loop's stack check)
 * rather than once every two lanes. One thread, pinned, fastest of 4-12 a
 * process, five processes each (2026-12-03), two lanes a step / four:
 * elimination at 8192 67.1-67.9 / 65.2-66.4 ms, at 4096 10.7-10.9 /
 * 10.4-10.6 ms; an 8192 product (pool started) 167-169 / 159-165 ms.
 * Sixteen lanes a step ran faster in some processes and slower in others
 * (products 154-158 or 179-180 ms, by process), eight about as four.
 */
@inline function xorFourTables(d: usize, end: usize, s0: usize, s1: usize, s2: usize, s3: usize): void {
  while (d + 64 <= end) {
    v128.store(d, v128.xor(v128.load(d, 0), v128.xor(v128.xor(v128.load(s0, 0), v128.load(s1, 0)), v128.xor(v128.load(s2, 0), v128.load(s3, 0)))), 0);
    v128.store(d, v128.xor(v128.load(d, 16), v128.xor(v128.xor(v128.load(s0, 16), v128.load(s1, 16)), v128.xor(v128.load(s2, 16), v128.load(s3, 16)))), 16);
    v128.store(d, v128.xor(v128.load(d, 32), v128.xor(v128.xor(v128.load(s0, 32), v128.load(s1, 32)), v128.xor(v128.load(s2, 32), v128.load(s3, 32)))), 32);
    v128.store(d, v128.xor(v128.load(d, 48), v128.xor(v128.xor(v128.load(s0, 48), v128.load(s1, 48)), v128.xor(v128.load(s2, 48), v128.load(s3, 48)))), 48);
    d += 64; s0 += 64; s1 += 64; s2 += 64; s3 += 64;
  }
  while (d < end) {
    v128.store(d, v128.xor(v128.load(d), v128.xor(v128.xor(v128.load(s0), v128.load(s1)), v128.xor(v128.load(s2), v128.load(s3)))));
    d += 16; s0 += 16; s1 += 16; s2 += 16; s3 += 16;
  }
}

/**
 * xorFourTableRows on two rows at once, d0 with the entries of x and d1
 * with those of y, two lanes of each a step. A pass of a product waits on
 * its table entries (a new entry of each table every row, from L2); two
 * rows keep twice as many of those reads in flight (C with SSE2, a
 * 4096-cubed leaf: 18.5-19.7 ms a row at a time, 16.6-19.2 two). Ten
 * pointers fit TurboFan's registers only with no end pointer beside them:
 * the loop ends where s0 reaches the end of its entry, so the entries must
 * be `entry` bytes (a power of two, at least 32) aligned to their size.
 */
@inline export function xorFourTableRowsTwo(
  d0: usize, d1: usize, t0: usize, tableBytes: usize, entry: usize, x: u64, y: u64, k: i32,
): void {
  const m = (<u64>1 << <u64>k) - 1;
  let s0 = t0 + <usize>(x & m) * entry;
  let s1 = t0 + tableBytes + <usize>((x >> <u64>k) & m) * entry;
  let s2 = t0 + 2 * tableBytes + <usize>((x >> <u64>(2 * k)) & m) * entry;
  let s3 = t0 + 3 * tableBytes + <usize>((x >> <u64>(3 * k)) & m) * entry;
  let u0 = t0 + <usize>(y & m) * entry;
  let u1 = t0 + tableBytes + <usize>((y >> <u64>k) & m) * entry;
  let u2 = t0 + 2 * tableBytes + <usize>((y >> <u64>(2 * k)) & m) * entry;
  let u3 = t0 + 3 * tableBytes + <usize>((y >> <u64>(3 * k)) & m) * entry;
  const within = entry - 1;
  do {
    v128.store(d0, v128.xor(v128.load(d0, 0), v128.xor(v128.xor(v128.load(s0, 0), v128.load(s1, 0)), v128.xor(v128.load(s2, 0), v128.load(s3, 0)))), 0);
    v128.store(d1, v128.xor(v128.load(d1, 0), v128.xor(v128.xor(v128.load(u0, 0), v128.load(u1, 0)), v128.xor(v128.load(u2, 0), v128.load(u3, 0)))), 0);
    v128.store(d0, v128.xor(v128.load(d0, 16), v128.xor(v128.xor(v128.load(s0, 16), v128.load(s1, 16)), v128.xor(v128.load(s2, 16), v128.load(s3, 16)))), 16);
    v128.store(d1, v128.xor(v128.load(d1, 16), v128.xor(v128.xor(v128.load(u0, 16), v128.load(u1, 16)), v128.xor(v128.load(u2, 16), v128.load(u3, 16)))), 16);
    d0 += 32; s0 += 32; s1 += 32; s2 += 32; s3 += 32;
    d1 += 32; u0 += 32; u1 += 32; u2 += 32; u3 += 32;
  } while ((s0 & within) != 0);
}
