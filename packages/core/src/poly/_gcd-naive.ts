// The plain TypeScript twin of the polynomial gcd kernel (_gcd.ts runs
// polyGcd of assembly/poly.ts): the same steps on 32-bit words, no SIMD.

import { addShiftedInto, degreeAt, topWord } from "./_words.js";

/**
 * The gcd by Euclid's algorithm one leading term at a time: the twin of
 * `polyGcd` in assembly/poly.ts (same steps, 32-bit words, no SIMD).
 */
export function gcdNaive(a: Uint32Array, b: Uint32Array): Uint32Array {
  const size = Math.max(a.length, b.length) + 1;
  let pa = new Uint32Array(size);
  let pb = new Uint32Array(size);
  pa.set(a);
  pb.set(b);
  let ta = topWord(pa);
  let tb = topWord(pb);
  let da = degreeAt(pa, ta);
  let db = degreeAt(pb, tb);
  while (db >= 0) {
    if (da < db) {
      [pa, pb] = [pb, pa];
      [ta, tb] = [tb, ta];
      [da, db] = [db, da];
    }
    addShiftedInto(pa, pb, tb, da - db);
    ta = topWord(pa, ta);
    da = degreeAt(pa, ta);
  }
  return pa.slice(0, ta + 1);
}
