// Every member of a coset x0 + K in (Z_k)^n, with K given as a direct sum
// of cyclic groups (rings/zk.ts's decomposition of a kernel): the digits of
// an odometer, one per generator, each running through its order; a step
// adds the lowest digit's generator, carrying when a digit wraps (order * g
// = 0 brings x back to where that digit started).

import type { CyclicGenerator } from "../rings/zk.js";

/**
 * Moves x (entries 0..k-1) to the next member of the coset.
 *
 * @param x - The current member; changed in place.
 * @param digits - One counter per generator, all 0 at the start.
 * @param cyclic - The generators and their orders.
 * @param k - The modulus.
 * @returns The change of x's entry sum, or null when every member was visited (x is back at the start).
 */
export function odometerStep(
  x: Uint32Array,
  digits: number[],
  cyclic: readonly CyclicGenerator[],
  k: number,
): number | null {
  let delta = 0;
  for (let d = 0; d < cyclic.length; d++) {
    const g = cyclic[d]!.generator;
    for (let i = 0; i < x.length; i++) {
      const gi = g[i]!;
      if (gi === 0) continue;
      const old = x[i]!;
      const v = old + gi >= k ? old + gi - k : old + gi;
      x[i] = v;
      delta += v - old;
    }
    if (++digits[d]! < cyclic[d]!.order) return delta;
    digits[d] = 0; // carry
  }
  return null;
}

/**
 * x0, then every other member of x0 + K once, by odometer steps.
 *
 * @param start - x0.
 * @param cyclic - K as generators and their orders.
 * @param k - The modulus.
 * @returns A generator of fresh copies.
 */
export function* odometer(
  start: Uint32Array,
  cyclic: readonly CyclicGenerator[],
  k: number,
): Generator<Uint32Array, void, undefined> {
  const x = start.slice();
  const digits = new Array<number>(cyclic.length).fill(0);
  yield x.slice();
  while (odometerStep(x, digits, cyclic, k) !== null) yield x.slice();
}
