// The projection X of block Wiedemann: N rows of 64 or 128 dense random
// bits, hashed from the run's projection seed (plan.ts) and the row, so
// that every shard and engine sees the same X without storing it between
// runs. The operator generates it once and keeps it beside the blocks.

/** 32 random bits for (seed, k): a multiplicative step and the murmur3 finaliser. */
export function hash32(seed: number, k: number): number {
  let z = (Math.imul(k, 0x9e3779b9) + seed) >>> 0;
  z ^= z >>> 16;
  z = Math.imul(z, 0x85ebca6b);
  z ^= z >>> 13;
  z = Math.imul(z, 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

/**
 * Writes the projection X of seed `seed` (N rows of 64 * xWords bits) into
 * `out` as u32 halves: word h of row i is hash32(seed, 2 (i xWords + h))
 * and, above it, hash32(seed, 2 (i xWords + h) + 1).
 */
export function fillProjection(seed: number, xWords: 1 | 2, rows: number, out: Uint32Array): void {
  for (let k = 0; k < 2 * xWords * rows; k++) out[k] = hash32(seed, k);
}
