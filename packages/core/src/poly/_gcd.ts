// The polynomial gcd in WebAssembly: copies both operands into scratch
// blocks of the GF(2) kernel's memory (owned by internal/kernel.ts), runs
// `polyGcd` (assembly/poly.ts) and reads the gcd back. Its TypeScript twin
// is _gcd-naive.ts.

import { guard, load, withScratch } from "../internal/kernel.js";

/**
 * Scratch size in 64-bit words for operands of up to `words32` 32-bit
 * words: the data, three zero words of headroom for the kernel's vector
 * loop, rounded up to an even count (whole v128 lanes).
 */
function scratchWords(words32: number): number {
  return (Math.ceil(words32 / 2) + 4) & ~1;
}

/**
 * gcd(a, b) in WebAssembly.
 *
 * @param a - trimmed words (see _words.ts)
 * @param b - trimmed words
 * @param wantGcd - false to return only the degree (skips reading the gcd back)
 * @returns the degree of the gcd (-1 when both are zero) and, when asked, its words
 */
export function gcdOfWords(a: Uint32Array, b: Uint32Array, wantGcd: boolean): { degree: number; words?: Uint32Array } {
  const words = scratchWords(Math.max(a.length, b.length));
  const bytes = words * 8;
  return withScratch("the polynomial gcd", [bytes, bytes], ([pa, pb]) => {
    const k = load();
    let memory = new Uint32Array(k.memory.buffer);
    memory.fill(0, pa! >>> 2, (pa! + bytes) >>> 2);
    memory.fill(0, pb! >>> 2, (pb! + bytes) >>> 2);
    memory.set(a, pa! >>> 2);
    memory.set(b, pb! >>> 2);
    // Slices of about 2^25 words of work (a few ms warm): see polyGcd on
    // why one long call would stay in V8's baseline tier.
    const steps = Math.max(256, Math.floor(2 ** 25 / words));
    let degree = -2;
    while (degree === -2) degree = guard("polynomial gcd", () => k.polyGcd(pa!, pb!, words, steps));
    if (!wantGcd) return { degree };
    memory = new Uint32Array(k.memory.buffer);
    const start = pa! >>> 2;
    return { degree, words: memory.slice(start, start + ((degree + 32) >>> 5)) };
  });
}
