// The TypeScript engine: each matrix in its own ArrayBuffer, kernels from
// _naive.ts. The reference for tests and the fallback without WebAssembly.

import type { EchelonOptions, Engine, Store } from "./_engine.js";
import { sliceColumns } from "./_engine.js";
import { matrixBytes, strideWords } from "../internal/layout.js";
import * as naive from "./_naive.js";
import { memoryLimit } from "../internal/memory.js";

class ArrayStore implements Store {
  readonly bytes: number;
  readonly #words: Uint32Array;
  constructor(bytes: number) {
    this.bytes = bytes;
    this.#words = new Uint32Array(bytes / 4);
  }
  words(): Uint32Array {
    return this.#words;
  }
}

const s32 = (cols: number) => strideWords(cols) * 2;

export const tsEngine: Engine = {
  name: "ts",
  create(rows, cols) {
    const bytes = matrixBytes(rows, cols);
    memoryLimit.check(`a ${rows} x ${cols} GF(2) matrix`, bytes, 0);
    try {
      return new ArrayStore(bytes);
    } catch {
      throw new RangeError(
        `a ${rows} x ${cols} matrix needs ${bytes} bytes, more than this JavaScript engine could allocate`,
      );
    }
  },
  release() {},
  echelonize(a, rows, cols, pivotLimit, full, options: EchelonOptions) {
    const limit = Math.min(cols, pivotLimit);
    const pivots = new Int32Array(Math.min(rows, limit));
    const state = { r: 0, c: 0 };
    const slice = sliceColumns(limit, options);
    while (state.c < limit && state.r < rows) {
      options.signal?.throwIfAborted();
      naive.echelonize(a.words(), rows, cols, s32(cols), pivotLimit, full, pivots, state, state.c + slice);
      options.onProgress?.(Math.min(state.c, limit), limit);
    }
    return { rank: state.r, pivots: pivots.slice(0, state.r) };
  },
  mul(c, a, b, m, n, p) {
    naive.mul(c.words(), s32(p), a.words(), s32(n), b.words(), s32(p), m, n);
  },
  transpose(dst, src, rows, cols) {
    naive.transpose(dst.words(), s32(rows), src.words(), s32(cols), rows, cols);
  },
  copyBits(dst, dstCols, dr, dc, src, srcCols, sr, sc, nrows, ncols) {
    naive.copyBits(dst.words(), s32(dstCols), dr, dc, src.words(), s32(srcCols), sr, sc, nrows, ncols);
  },
  backSubstitute(x, e, rank, n, p, pivots) {
    naive.backSubstitute(x.words(), s32(p), e.words(), s32(n + p), rank, n, p, pivots);
  },
  nullspace(out, e, cols, rank, pivots) {
    naive.nullspace(out.words(), s32(cols), e.words(), s32(cols), rank, cols, pivots);
  },
};
