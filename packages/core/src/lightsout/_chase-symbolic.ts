// The symbolic chase: P_m = [C | d] for an m x n plain rectangle, on either
// engine. The WebAssembly route runs `chaseSteps` (assembly/chase.ts) in the
// shared kernel instance, in blocks from its heap (withScratch); the TypeScript
// twin (_chase-symbolic-naive.ts) runs the same recurrence on Uint32Arrays.
// Both return the words of P_m in the packed layout (internal/layout.ts) with
// `width` columns: n for the chase matrix alone, n + 1 with the constant
// column of a lit board.

// one kernel instance (and linear memory) per realm, shared with the matrices
import { chaseStepsKernel, kernelCopy, kernelView, runSlices, withScratch } from "../internal/kernel.js";
import type { EngineName } from "../gf2/bitmatrix.js";
import { memoryLimit } from "../internal/memory.js";
import { strideWords } from "../internal/layout.js";
import { chaseSymbolicNaive } from "./_chase-symbolic-naive.js";

/** Options of a (possibly long) symbolic chase. */
export interface ChaseRunOptions {
  engine?: EngineName;
  /** Called now and then with board rows done and rows in all. */
  onProgress?: (done: number, total: number) => void;
  /** Stops the chase between slices with the signal's reason. */
  signal?: AbortSignal;
}

/** The packed result: n rows of `stride32` 32-bit words, `width` columns. */
export interface ChaseWords {
  words: Uint32Array;
  stride32: number;
  width: number;
}

/**
 * Rows per kernel call: about 2^24 words of XOR. Always sliced, progress or
 * not: V8 first runs a WebAssembly function in its baseline compiler and
 * swaps in the optimised code only for later calls, so one long call stays
 * slow (measured: the first 4096 x 4096 chase matrix in one call took 3.4 s,
 * later ones 1.1 s).
 */
function sliceRows(n: number, stride64: number): number {
  return Math.max(1, Math.floor(2 ** 24 / Math.max(1, n * stride64)));
}

/**
 * 64-bit words per row of the chase buffers. The kernel walks strips of
 * four lanes (64 bytes) down all n rows, so a row is made a whole number of
 * cache lines, and an odd number of them: rows 512 bytes apart (or any
 * large power of two) fall into a few cache sets and evict each other.
 * Measured on the 2-core EPYC, 4096 x 4096 chase matrix in one-lane strips:
 * 5.8 s with 32 lanes per row, 1.2 s with 33. Tiny rows (<= 2 lanes) stay
 * as they are.
 */
export function chaseStride(width: number): number {
  const lanes = strideWords(width) / 2;
  if (lanes <= 2) return lanes * 2;
  let lines = Math.ceil(lanes / 4);
  if (lines % 2 === 0) lines++;
  return lines * 8;
}

/**
 * P_m of the m x n rectangle. `lights` (packed rows of `strideWords(n) * 2`
 * 32-bit words, m of them) adds the constant column n; without it the
 * result is the chase matrix C (n columns).
 */
export function chaseSymbolic(
  rows: number,
  n: number,
  lights: Uint32Array | undefined,
  options: ChaseRunOptions = {},
): ChaseWords {
  const width = lights ? n + 1 : n;
  const stride64 = chaseStride(width);
  const stride32 = stride64 * 2;
  if ((options.engine ?? "wasm") === "wasm") return chaseWasm(rows, n, width, stride64, lights, options);
  // the TypeScript engine holds each matrix in its own buffer, checked on its own (gf2/_matrix-naive.ts)
  memoryLimit.check(`the chase of a ${rows} x ${n} board`, 2 * n * stride64 * 8, 0);
  return chaseSymbolicNaive(rows, n, width, stride32, lights, options, sliceRows(n, stride64));
}

function chaseWasm(
  rows: number,
  n: number,
  width: number,
  stride64: number,
  lights: Uint32Array | undefined,
  options: ChaseRunOptions,
): ChaseWords {
  const bytes = Math.max(16, n * stride64 * 8);
  const lightStride64 = strideWords(n);
  const lightBytes = lights ? Math.max(16, lights.byteLength) : 0;
  // 16-aligned from the heap; strips want whole cache lines. One row of
  // slack: the kernel may read (never write) the row past the last.
  const sizes = [bytes + stride64 * 8 + 48, bytes + stride64 * 8 + 48];
  if (lights) sizes.push(lightBytes);
  return withScratch(`the chase of a ${rows} x ${n} board`, sizes, ([pa, pb, pl]) => {
    const a = pa! + ((64 - (pa! % 64)) % 64);
    const b = pb! + ((64 - (pb! % 64)) % 64);
    const l = pl ?? 0;
    const stride32 = stride64 * 2;
    // Views after every allocation: memory may have grown.
    kernelView(Uint32Array, a, bytes / 4).fill(0);
    const bw = kernelView(Uint32Array, b, bytes / 4);
    bw.fill(0);
    for (let j = 0; j < n; j++) bw[j * stride32 + (j >>> 5)]! |= 1 << (j & 31); // P_0 = I
    if (lights) kernelView(Uint32Array, l, lights.length).set(lights);
    // (a, b) = (P_{-1}, P_0); each slice of s steps leaves the newest in a
    // when s is odd, and the roles swap.
    // C is centrosymmetric, so only the lanes of the first half of the
    // columns are chased (in whole strips of four); the rest is mirrored.
    // The constant column, if any, is chased too wherever it is (its lane
    // on its own when it lies past those).
    const lanesOfC = Math.ceil(n / 128);
    const left = Math.min(lanesOfC, Math.ceil(Math.ceil(n / 2) / 128 / 4) * 4);
    const apart = lights !== undefined && n >>> 7 >= left;
    const slice = sliceRows(n, (left + (apart ? 1 : 0)) * 2);
    const state = {
      a,
      b,
      stride: stride64,
      n,
      steps: 0,
      lights: 0,
      lightsStride: lightStride64,
      constCol: n,
      laneFrom: 0,
      laneTo: left,
      firstStep: 0,
    };
    let done = 0;
    runSlices(chaseStepsKernel, state, {
      operation: `the chase of a ${rows} x ${n} board`,
      next: (s) => {
        s.steps = Math.min(slice, rows - done);
        s.lights = lights ? l + done * lightStride64 * 8 : 0;
        s.firstStep = done;
        return done < rows;
      },
      after: (s) => {
        if (s.steps % 2 === 1) [s.a, s.b] = [s.b, s.a];
        done += s.steps;
        return done;
      },
      total: rows,
      onProgress: options.onProgress,
      signal: options.signal,
    });
    const words = kernelCopy(Uint32Array, state.b, (n * stride64 * 8) / 4);
    mirrorColumns(words, stride32, n, left * 128);
    return { words, stride32, width };
  });
}

/**
 * Fills columns from..n-1 of the n-column centrosymmetric matrix by
 * C[j][k] = C[n-1-j][n-1-k], from columns below n - from (already there).
 */
function mirrorColumns(words: Uint32Array, stride32: number, n: number, from: number): void {
  for (let j = 0; j < n; j++) {
    const row = j * stride32;
    const src = (n - 1 - j) * stride32;
    for (let k = from; k < n; k++) {
      const q = n - 1 - k;
      const bit = (words[src + (q >>> 5)]! >>> (q & 31)) & 1;
      const w = row + (k >>> 5);
      const mask = 1 << (k & 31);
      words[w] = bit ? words[w]! | mask : words[w]! & ~mask;
    }
  }
}
