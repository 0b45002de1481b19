// Arithmetic mod p shared by the Z_p kernels (zp.ts, banded.ts): p < 2^31,
// residues in u32, products in 64 bits (a, b < 2^31, so a * b < 2^62).

/** (a * b) mod p with a 64-bit product. */
@inline export function mulMod(a: u32, b: u32, p: u32): u32 {
  return <u32>((<u64>a * <u64>b) % <u64>p);
}

/** The inverse of a unit a (1 <= a < p) mod p, by extended Euclid. */
export function invMod(a: u32, p: u32): u32 {
  let r0: i64 = <i64>p;
  let r1: i64 = <i64>a;
  let t0: i64 = 0;
  let t1: i64 = 1;
  while (r1 != 0) {
    const q = r0 / r1;
    const r2 = r0 - q * r1;
    r0 = r1;
    r1 = r2;
    const t2 = t0 - q * t1;
    t0 = t1;
    t1 = t2;
  }
  if (t0 < 0) t0 += <i64>p;
  return <u32>t0;
}

/** Reduces entries from..to-1 of a row mod p. */
@inline export function reduceRow(row: usize, from: i32, to: i32, p: u32): void {
  for (let j = from; j < to; j++) {
    const at = row + (<usize>j << 2);
    store<u32>(at, load<u32>(at) % p);
  }
}

/**
 * row[lo..hi) += m * pivot[lo..hi) with i32x4 lanes and no reduction (lo,
 * hi multiples of 4): exact while no entry passes 2^32 (delayed reduction:
 * the caller reduces in time).
 */
@inline export function addMultipleLazy(row: usize, pivot: usize, m: u32, lo: i32, hi: i32): void {
  const mm = i32x4.splat(<i32>m);
  let x = row + (<usize>lo << 2);
  let y = pivot + (<usize>lo << 2);
  const end = row + (<usize>hi << 2);
  while (x < end) {
    v128.store(x, i32x4.add(v128.load(x), i32x4.mul(mm, v128.load(y))));
    x += 16;
    y += 16;
  }
}
