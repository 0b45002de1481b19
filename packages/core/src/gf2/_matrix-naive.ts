// The plain TypeScript twin of the WebAssembly engine (_matrix.ts): the
// same operations on the same packed layout (internal/layout.ts), written
// for clarity rather than speed, each matrix in its own ArrayBuffer. Tests
// compare the two bit for bit; environments without WebAssembly use it
// (`engine: "ts"`). Each matrix argument of the kernels below is a
// Uint32Array view that starts at its row 0; `s` is the row stride in
// 32-bit words (twice the 64-bit stride).

import type { EchelonOptions, Engine, Store } from "./_engine.js";
import { sliceColumns } from "./_engine.js";
import { matrixBytes, reverseBitsInBytes, strideWords } from "../internal/layout.js";
import { memoryLimit } from "../internal/memory.js";

export function getBit(w: Uint32Array, s: number, i: number, j: number): number {
  return ((w[i * s + (j >>> 5)] ?? 0) >>> (j & 31)) & 1;
}

export function putBit(w: Uint32Array, s: number, i: number, j: number, v: number): void {
  const k = i * s + (j >>> 5);
  const m = 1 << (j & 31);
  w[k] = v ? (w[k] ?? 0) | m : (w[k] ?? 0) & ~m;
}

function xorRow(w: Uint32Array, s: number, dst: number, src: number, from: number): void {
  const d = dst * s,
    q = src * s;
  for (let k = from; k < s; k++) w[d + k]! ^= w[q + k]!;
}

function swapRows(w: Uint32Array, s: number, a: number, b: number): void {
  const x = a * s,
    y = b * s;
  for (let k = 0; k < s; k++) {
    const t = w[x + k]!;
    w[x + k] = w[y + k]!;
    w[y + k] = t;
  }
}

/**
 * B = L^-1 B by forward substitution: the twin of the kernel's triangular
 * solve by Four Russians (assembly/ple.ts, trsmM4r and trsmM4rThreaded). Rows r.. hold L at the
 * pivot columns `pivots` (row t's multiplier L[t][s] at column pivots[s],
 * s < t) and B in the 64-bit words b0..b0+words-1; row t of B gets row s
 * of B for every multiplier, in order.
 */
export function trsmLower(
  w: Uint32Array,
  s: number,
  r: number,
  pivots: readonly number[],
  b0: number,
  words: number,
): void {
  for (let t = 1; t < pivots.length; t++) {
    const d = (r + t) * s;
    for (let q = 0; q < t; q++) {
      if (!getBit(w, s, r + t, pivots[q]!)) continue;
      const from = (r + q) * s;
      for (let k = 2 * b0; k < 2 * (b0 + words); k++) w[d + k]! ^= w[from + k]!;
    }
  }
}

/** Resumable position of an elimination: next echelon row and next column. */
export interface EchelonState {
  r: number;
  c: number;
}

/**
 * Gauss(-Jordan) elimination, one column at a time, until column `cStop`.
 * Same contract as the WASM `echelonizeNaive`. Returns the rank so far.
 */
export function echelonize(
  w: Uint32Array,
  rows: number,
  cols: number,
  s: number,
  pivotLimit: number,
  full: boolean,
  pivots: Int32Array,
  state: EchelonState,
  cStop: number,
): number {
  const limit = Math.min(cols, pivotLimit, cStop);
  let { r, c } = state;
  for (; c < limit && r < rows; c++) {
    let p = r;
    while (p < rows && getBit(w, s, p, c) === 0) p++;
    if (p === rows) continue;
    if (p !== r) swapRows(w, s, p, r);
    const from = c >>> 5;
    for (let i = full ? 0 : r + 1; i < rows; i++) {
      if (i !== r && getBit(w, s, i, c)) xorRow(w, s, i, r, from);
    }
    pivots[r] = c;
    r++;
  }
  state.r = r;
  state.c = c;
  return r;
}

/** C = A B (A is m x n); C's rows are rebuilt from scratch. */
export function mul(
  c: Uint32Array,
  cs: number,
  a: Uint32Array,
  as: number,
  b: Uint32Array,
  bs: number,
  m: number,
  n: number,
): void {
  for (let i = 0; i < m; i++) {
    c.fill(0, i * cs, (i + 1) * cs);
    for (let j = 0; j < n; j++) {
      if (getBit(a, as, i, j)) for (let k = 0; k < cs; k++) c[i * cs + k]! ^= b[j * bs + k]!;
    }
  }
}

/** dst (cols x rows) = transpose of src (rows x cols); dst starts zeroed. */
export function transpose(
  dst: Uint32Array,
  ds: number,
  src: Uint32Array,
  ss: number,
  rows: number,
  cols: number,
): void {
  for (let i = 0; i < rows; i++) {
    for (let j = 0; j < cols; j++) if (getBit(src, ss, i, j)) putBit(dst, ds, j, i, 1);
  }
}

/** Copies the nrows x ncols block of src at (sr, sc) into dst at (dr, dc). */
export function copyBits(
  dst: Uint32Array,
  ds: number,
  dr: number,
  dc: number,
  src: Uint32Array,
  ss: number,
  sr: number,
  sc: number,
  nrows: number,
  ncols: number,
): void {
  for (let i = 0; i < nrows; i++) {
    for (let j = 0; j < ncols; j++) putBit(dst, ds, dr + i, dc + j, getBit(src, ss, sr + i, sc + j));
  }
}

/** Null-space basis of a reduced echelon form (rank r) into zeroed `out`. */
export function nullspace(
  out: Uint32Array,
  os: number,
  e: Uint32Array,
  s: number,
  r: number,
  cols: number,
  pivots: Int32Array,
): void {
  let q = 0,
    t = 0;
  for (let f = 0; f < cols; f++) {
    if (t < r && pivots[t] === f) {
      t++;
      continue;
    }
    putBit(out, os, q, f, 1);
    for (let u = 0; u < r; u++) if (getBit(e, s, u, f)) putBit(out, os, q, pivots[u]!, 1);
    q++;
  }
}

/**
 * Back substitution on a row echelon form of [A | B] (A: n columns, rank r):
 * column j of x (n x p, zeroed) gets the solution of A x = B_j with free
 * variables 0.
 */
export function backSubstitute(
  x: Uint32Array,
  xs: number,
  e: Uint32Array,
  s: number,
  r: number,
  n: number,
  p: number,
  pivots: Int32Array,
): void {
  for (let j = 0; j < p; j++) {
    const value = new Uint8Array(n);
    for (let t = r - 1; t >= 0; t--) {
      let bit = getBit(e, s, t, n + j);
      for (let c = pivots[t]! + 1; c < n; c++) bit ^= getBit(e, s, t, c) & value[c]!;
      value[pivots[t]!] = bit;
      if (bit) putBit(x, xs, pivots[t]!, j, 1);
    }
  }
}

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
      echelonize(a.words(), rows, cols, s32(cols), pivotLimit, full, pivots, state, state.c + slice);
      // every row has its pivot: the columns left have nothing to do
      options.onProgress?.(state.r >= rows ? limit : Math.min(state.c, limit), limit);
    }
    return { rank: state.r, pivots: pivots.slice(0, state.r) };
  },
  mul(c, a, b, m, n, p, options) {
    options.signal?.throwIfAborted();
    mul(c.words(), s32(p), a.words(), s32(n), b.words(), s32(p), m, n);
    options.onProgress?.(m, m);
  },
  transpose(dst, src, rows, cols) {
    transpose(dst.words(), s32(rows), src.words(), s32(cols), rows, cols);
  },
  copyBits(dst, dstCols, dr, dc, src, srcCols, sr, sc, nrows, ncols) {
    copyBits(dst.words(), s32(dstCols), dr, dc, src.words(), s32(srcCols), sr, sc, nrows, ncols);
  },
  backSubstitute(x, e, rank, n, p, pivots) {
    backSubstitute(x.words(), s32(p), e.words(), s32(n + p), rank, n, p, pivots);
  },
  nullspace(out, e, cols, rank, pivots) {
    nullspace(out.words(), s32(cols), e.words(), s32(cols), rank, cols, pivots);
  },
  reverseByteBits(store, from, to) {
    const words = store.words();
    reverseBitsInBytes(new Uint8Array(words.buffer, words.byteOffset, words.byteLength), from, to);
  },
};
