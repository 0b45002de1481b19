// The polynomial gcd in WebAssembly: copies both operands into scratch
// blocks of the GF(2) kernel's memory (owned by internal/kernel.ts), runs
// `polyGcd` (assembly/poly.ts) and reads the gcd back. Its TypeScript twin
// is _gcd-naive.ts.

import { kernelCopy, kernelView, polyGcdKernel, runSlices, withScratch } from "../internal/kernel.js";

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
    const put = (at: number, words32: Uint32Array) => {
      const view = kernelView(Uint32Array, at, bytes / 4);
      view.fill(0);
      view.set(words32);
    };
    put(pa, a);
    put(pb, b);
    // Slices of about 2^25 words of work (a few ms warm): see polyGcd on
    // why one long call would stay in V8's baseline tier.
    const steps = Math.max(256, Math.floor(2 ** 25 / words));
    const degree = runSlices(
      polyGcdKernel,
      { a: pa, b: pb, words, maxSteps: steps },
      // -2: the steps ran out, call again
      { operation: "polynomial gcd", next: (_, last) => last === undefined || last === -2 },
    )!;
    if (!wantGcd) return { degree };
    return { degree, words: kernelCopy(Uint32Array, pa, (degree + 32) >>> 5) };
  });
}
