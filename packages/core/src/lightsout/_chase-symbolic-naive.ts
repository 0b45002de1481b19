// The plain TypeScript twin of the symbolic chase kernel (`chaseSteps` of
// assembly/chase.ts, run by _chase-symbolic.ts): the same recurrence on
// Uint32Arrays in the packed layout.

import { strideWords } from "../internal/layout.js";
import type { ChaseRunOptions, ChaseWords } from "./_chase-symbolic.js";

/** P_m of the m x n rectangle as the kernel computes it, `slice` rows between looks at the signal. */
export function chaseSymbolicNaive(
  rows: number,
  n: number,
  width: number,
  stride32: number,
  lights: Uint32Array | undefined,
  options: ChaseRunOptions,
  slice: number,
): ChaseWords {
  let prev = new Uint32Array(n * stride32);
  let cur = new Uint32Array(n * stride32);
  for (let j = 0; j < n; j++) cur[j * stride32 + (j >>> 5)]! |= 1 << (j & 31);
  const lightStride32 = strideWords(n) * 2;
  for (let i = 0; i < rows; i++) {
    if (i % slice === 0) options.signal?.throwIfAborted();
    chaseStepNaive(prev, cur, stride32, n, lights, i * lightStride32, n);
    [prev, cur] = [cur, prev];
    if ((i + 1) % slice === 0 || i + 1 === rows) options.onProgress?.(i + 1, rows);
  }
  return { words: cur, stride32, width };
}

/**
 * The TypeScript twin of one step of `chaseSteps`: prev[j] ^= cur[j-1] ^
 * cur[j] ^ cur[j+1], then bit j of the light row at `lightOffset` flips bit
 * `constCol` of prev[j].
 */
export function chaseStepNaive(
  prev: Uint32Array,
  cur: Uint32Array,
  stride32: number,
  n: number,
  lights: Uint32Array | undefined,
  lightOffset: number,
  constCol: number,
): void {
  const cw = constCol >>> 5;
  const cb = 1 << (constCol & 31);
  for (let j = 0; j < n; j++) {
    const d = j * stride32;
    const up = d - stride32;
    const down = d + stride32;
    if (j > 0 && j + 1 < n) {
      for (let k = 0; k < stride32; k++) prev[d + k]! ^= cur[up + k]! ^ cur[d + k]! ^ cur[down + k]!;
    } else {
      for (let k = 0; k < stride32; k++) {
        let v = cur[d + k]!;
        if (j > 0) v ^= cur[up + k]!;
        if (j + 1 < n) v ^= cur[down + k]!;
        prev[d + k]! ^= v;
      }
    }
    if (lights && (lights[lightOffset + (j >>> 5)]! >>> (j & 31)) & 1) prev[d + cw]! ^= cb;
  }
}
