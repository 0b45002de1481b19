// The plain TypeScript twin of operator.ts: the same blocks and products,
// written for clarity, bit for bit the same answers (property-tested against
// the kernels), and the engine where WebAssembly is missing.

import { checkOperatorSide, type withBlockOperator } from "./operator.js";
import { hash32 } from "./projection.js";

/** Bit r of row i of the projection X (its word r >> 6 is hashed from (seed, 2 (i xWords + word)) and the next). */
function xBit(seed: number, i: number, r: number, xWords: number): number {
  const k = ((i * xWords + (r >> 6)) * 2 + ((r >> 5) & 1)) >>> 0;
  return (hash32(seed, k) >>> (r & 31)) & 1;
}

/** As withBlockOperator, on JavaScript arrays (one thread, whatever is asked). */
export const withBlockOperatorNaive: typeof withBlockOperator = (matrix, words, blocks, _threads, run) => {
  const side = checkOperatorSide(matrix);
  const views = Array.from({ length: blocks }, () => new BigUint64Array(side * words));
  const project = (b: number, seed: number, xWords: 1 | 2): Uint32Array => {
    const v = views[b]!;
    const v32 = new Uint32Array(v.buffer, v.byteOffset, side * 2 * words);
    const stride = 2 * words;
    const out = new Uint32Array(64 * xWords * stride);
    for (let i = 0; i < side; i++) {
      for (let r = 0; r < 64 * xWords; r++) {
        if (xBit(seed, i, r, xWords) === 0) continue;
        for (let h = 0; h < stride; h++) out[r * stride + h]! ^= v32[i * stride + h]!;
      }
    }
    return out;
  };
  return run({
    size: side,
    words,
    threads: 1,
    block: (b) => {
      const view = views[b];
      if (!view) throw new RangeError(`block ${b} of ${blocks}`);
      return view;
    },
    multiply: (from, to, projection) => {
      const x = views[from]!,
        y = views[to]!;
      for (let i = 0; i < side; i++) {
        for (let w = 0; w < words; w++) {
          let acc = 0n;
          // rows past A's are the padding: zero
          if (i < matrix.rows) {
            for (let p = matrix.rowStart[i]!; p < matrix.rowStart[i + 1]!; p++)
              acc ^= x[matrix.colIndex[p]! * words + w]!;
          }
          y[i * words + w] = acc;
        }
      }
      return projection ? project(to, projection.seed, projection.xWords) : undefined;
    },
    mulAdd: (wBlock, vBlock, f) => {
      const target = views[wBlock]!,
        v = views[vBlock]!;
      for (let i = 0; i < side; i++) {
        for (let b = 0; b < 64 * words; b++) {
          if (((v[i * words + (b >> 6)]! >> BigInt(b & 63)) & 1n) === 0n) continue;
          for (let w = 0; w < words; w++) target[i * words + w]! ^= f[b * words + w]!;
        }
      }
    },
    project,
  });
};
