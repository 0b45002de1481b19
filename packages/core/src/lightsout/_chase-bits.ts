// Bit-packed boards of a plain m x n rectangle (plus rule, self toggle):
// row i of a board is `w` 32-bit words at i * w, bit j at word j >> 5, bit
// j & 31, zero past column n. `w` is the 32-bit stride of the GF(2) layout
// (strideWords(n) * 2), so a packed board row can go straight to the kernel.
// A numeric chase and the "apply A" check run here in O(m * n / 32).

import { describe } from "../internal/check.js";
import { strideWords } from "../internal/layout.js";

/** 32-bit words per packed board row. */
export const rowWords = (cols: number): number => strideWords(cols) * 2;

/** Mask of the valid bits of the last word holding columns < cols. */
function lastMask(cols: number): number {
  const r = cols & 31;
  return r === 0 ? 0xffffffff : 2 ** r - 1;
}

/**
 * Packs m * n entries (0/1, row-major) into rows of `rowWords(n)` words.
 *
 * @throws {TypeError} for an entry other than 0 or 1; {RangeError} for the wrong length.
 */
export function packBoard(name: string, rows: number, cols: number, values: ArrayLike<number>): Uint32Array {
  if (values === null || typeof values !== "object" || typeof values.length !== "number") {
    throw new TypeError(`"${name}" expected an array of 0/1, one per cell, got ${describe(values)}`);
  }
  if (values.length !== rows * cols) {
    throw new RangeError(
      `"${name}" expected ${rows} x ${cols} = ${rows * cols} entries (one per cell), got ${values.length}`,
    );
  }
  const w = rowWords(cols);
  const out = new Uint32Array(rows * w);
  // A Uint8Array gets a loop of its own: one element type, so V8 keeps it
  // monomorphic, and a word is built in a register (10000 x 10000 board:
  // 0.53 s through ArrayLike, 0.34 s here).
  const bytes = values instanceof Uint8Array ? values : undefined;
  for (let i = 0; i < rows; i++) {
    const base = i * cols;
    const o = i * w;
    if (bytes) {
      let seen = 0;
      for (let j0 = 0, k = o; j0 < cols; j0 += 32, k++) {
        const end = Math.min(32, cols - j0);
        let word = 0;
        for (let b = 0; b < end; b++) {
          const v = bytes[base + j0 + b]!;
          seen |= v;
          word |= v << b;
        }
        out[k] = word;
      }
      if (seen > 1) {
        for (let j = 0; j < cols; j++) {
          const v = bytes[base + j]!;
          if (v > 1) throw new TypeError(`"${name}[${base + j}]" expected 0 or 1, got ${v}`);
        }
      }
      continue;
    }
    for (let j = 0; j < cols; j++) {
      const v = values[base + j];
      if (v === 1) out[o + (j >>> 5)]! |= 1 << (j & 31);
      else if (v !== 0) throw new TypeError(`"${name}[${base + j}]" expected 0 or 1, got ${describe(v)}`);
    }
  }
  return out;
}

/** The m * n entries (0/1, row-major) of a packed board. */
export function unpackBoard(rows: number, cols: number, packed: Uint32Array): Uint8Array {
  const w = rowWords(cols);
  const out = new Uint8Array(rows * cols);
  for (let i = 0; i < rows; i++) {
    const o = i * w;
    const base = i * cols;
    for (let k = 0; k * 32 < cols; k++) {
      let word = packed[o + k]!;
      while (word !== 0) {
        const bit = 31 - Math.clz32(word & -word);
        out[base + k * 32 + bit] = 1;
        word &= word - 1;
      }
    }
  }
  return out;
}

/**
 * dst = src ^ T src ^ up ^ down restricted to n columns, where T toggles a
 * cell's left and right neighbours: the lights a row of presses `src`
 * toggles in its own row, plus the presses `up` and `down` of the rows
 * around it.
 */
function rowEffect(dst: Uint32Array, d: number, src: Uint32Array, s: number, w: number, cols: number): void {
  const full = (cols + 31) >>> 5;
  for (let k = 0; k < full; k++) {
    const x = src[s + k]!;
    const lo = k > 0 ? src[s + k - 1]! >>> 31 : 0;
    const hi = k + 1 < full ? src[s + k + 1]! << 31 : 0;
    dst[d + k]! ^= x ^ ((x << 1) | lo) ^ ((x >>> 1) | hi);
  }
  dst[d + full - 1]! &= lastMask(cols);
  for (let k = full; k < w; k++) dst[d + k] = 0;
}

/**
 * Chases a packed board from the first-row presses `first` (one packed
 * row): writes every press into `presses` (m packed rows) and returns the
 * lights left in the last row.
 */
export function chaseNumeric(
  rows: number,
  cols: number,
  lights: Uint32Array | undefined,
  first: Uint32Array,
  presses: Uint32Array,
): Uint32Array {
  const w = rowWords(cols);
  presses.fill(0);
  presses.set(first.subarray(0, w), 0);
  const residual = new Uint32Array(w);
  for (let i = 0; i < rows; i++) {
    // The lights of row i once rows 0..i are pressed: the press below
    // clears them (or, past the last row, they are what is left).
    const last = i === rows - 1;
    const dst = last ? residual : presses;
    const d = last ? 0 : (i + 1) * w;
    if (lights) for (let k = 0; k < w; k++) dst[d + k]! ^= lights[i * w + k]!;
    if (i > 0) for (let k = 0; k < w; k++) dst[d + k]! ^= presses[(i - 1) * w + k]!;
    rowEffect(dst, d, presses, i * w, w, cols);
  }
  return residual;
}

/**
 * The board after pressing `presses` on `lights` (both packed): the Lights
 * Out matrix applied row by row, independent of any chase.
 */
export function applyPacked(rows: number, cols: number, lights: Uint32Array, presses: Uint32Array): Uint32Array {
  const w = rowWords(cols);
  const out = lights.slice();
  for (let i = 0; i < rows; i++) {
    const d = i * w;
    rowEffect(out, d, presses, d, w, cols);
    if (i > 0) for (let k = 0; k < w; k++) out[d + k]! ^= presses[d - w + k]!;
    if (i + 1 < rows) for (let k = 0; k < w; k++) out[d + k]! ^= presses[d + w + k]!;
  }
  return out;
}

/** True when every word is 0. */
export function isZero(words: Uint32Array): boolean {
  for (let k = 0; k < words.length; k++) if (words[k] !== 0) return false;
  return true;
}

/** The rows of a packed board in reverse order (the vertical mirror image). */
export function flipRows(rows: number, cols: number, packed: Uint32Array): Uint32Array {
  const w = rowWords(cols);
  const out = new Uint32Array(packed.length);
  for (let i = 0; i < rows; i++) out.set(packed.subarray(i * w, i * w + w), (rows - 1 - i) * w);
  return out;
}
