// Guard bands: each raw kernel runs on a matrix that sits inside a larger
// block filled with a known pattern; afterwards the pattern must be intact.
import {
  copyBitsKernel,
  echelonizeM4riKernel,
  echelonizeNaiveKernel,
  instantiate,
  invoke,
  mulAddM4rmKernel,
  mulNaiveKernel,
  nullspaceKernel,
  pleBaseKernel,
  transposeKernel,
} from "@lightsout/gf2-wasm";
import { describe, expect, it } from "vitest";
import { makeBits } from "./_support.js";

const k = instantiate();
const GUARD = 256; // bytes before and after each region
const PATTERN = 0xa5;

const stride = (cols: number) => Math.ceil(cols / 128) * 2;

interface Region {
  ptr: number;
  bytes: number;
  base: number;
}

function region(bytes: number): Region {
  const base = k.alloc(bytes + 2 * GUARD);
  new Uint8Array(k.memory.buffer, base, bytes + 2 * GUARD).fill(PATTERN);
  const ptr = base + GUARD;
  new Uint8Array(k.memory.buffer, ptr, bytes).fill(0);
  return { ptr, bytes, base };
}

function matrix(rows: number, cols: number, seed: number): Region {
  const r = region(Math.max(16, rows * stride(cols) * 8));
  const bits = makeBits(rows, cols, "dense", seed);
  bits[0] = 1; // rank at least 1 (a random 1 x 1 matrix may be zero)
  const w = new Uint32Array(k.memory.buffer, r.ptr, r.bytes / 4);
  const s = stride(cols) * 2;
  for (let i = 0; i < rows; i++)
    for (let j = 0; j < cols; j++) if (bits[i * cols + j]) w[i * s + (j >> 5)]! |= 1 << (j & 31);
  return r;
}

function intact(r: Region): boolean {
  const all = new Uint8Array(k.memory.buffer, r.base, r.bytes + 2 * GUARD);
  for (let i = 0; i < GUARD; i++) if (all[i] !== PATTERN || all[GUARD + r.bytes + i] !== PATTERN) return false;
  return true;
}

const SHAPES: [number, number][] = [
  [1, 1],
  [31, 33],
  [64, 64],
  [65, 127],
  [129, 128],
  [200, 65],
  [33, 200],
];

describe("kernels never write outside their matrices", () => {
  it.each(SHAPES)("echelonize %i x %i (naive, Four Russians, full and forward)", (rows, cols) => {
    for (const full of [0, 1]) {
      for (const method of ["naive", "m4ri"] as const) {
        const a = matrix(rows, cols, rows * 1000 + cols);
        const pivots = region(Math.min(rows, cols) * 4 + 4);
        const scratch = region(3 * 4 * 2 ** 5 * stride(cols) * 8);
        const versions = region(rows * 4);
        const shape = { a: a.ptr, rows, cols, stride: stride(cols), pivotLimit: cols, full, pivots: pivots.ptr };
        const m4ri = { k: 5, tables: 4, steps: 3, scratch: scratch.ptr, versions: versions.ptr };
        const args = { ...shape, ...m4ri, r: 0, c: 0, cStop: cols };
        const rank = invoke(k, method === "naive" ? echelonizeNaiveKernel : echelonizeM4riKernel, args);
        expect(rank).toBeGreaterThan(0);
        for (const r of [a, pivots, scratch, versions]) expect(intact(r)).toBe(true);
      }
    }
  });

  it.each(SHAPES)(
    "PLE's base case %i x %i, every third column a copy of the one before (its kept bits in use)",
    (rows, cols) => {
      const a = matrix(rows, cols, rows * 77 + cols);
      const w = new Uint32Array(k.memory.buffer, a.ptr, a.bytes / 4);
      const s = stride(cols) * 2;
      for (let i = 0; i < rows; i++) {
        for (let j = 2; j < cols; j += 3) {
          const bit = (w[i * s + ((j - 1) >> 5)]! >>> ((j - 1) & 31)) & 1;
          w[i * s + (j >> 5)] = (w[i * s + (j >> 5)]! & ~(1 << (j & 31))) | (bit << (j & 31));
        }
      }
      const pivots = region(cols * 4);
      const entryBytes = (Math.floor(cols / 64) + 2) * 8;
      const table = region(256 + 1024 + (8 + 4 * 256) * entryBytes);
      const versions = region(rows * 4);
      const windows = region(rows * 8);
      const shape = { a: a.ptr, rows, stride: stride(cols), r: 0, c0: 0, c1: cols, stop: cols, found: 0, groups: 4 };
      const blocks = { pivots: pivots.ptr, table: table.ptr, versions: versions.ptr, windows: windows.ptr };
      const rank = invoke(k, pleBaseKernel, { ...shape, ...blocks });
      expect(rank).toBeGreaterThan(0);
      expect(rank).toBeLessThanOrEqual(Math.min(rows, cols - Math.floor(cols / 3)));
      for (const r of [a, pivots, table, versions, windows]) expect(intact(r)).toBe(true);
    },
  );

  it.each(SHAPES)("mul, transpose, copy, null space %i x %i", (rows, cols) => {
    const a = matrix(rows, cols, 1);
    const b = matrix(cols, rows, 2);
    const c = region(Math.max(16, rows * stride(rows) * 8));
    const table = region(8 * 2 ** 8 * 4 * 8);
    const product = {
      c: c.ptr,
      cStride: stride(rows),
      a: a.ptr,
      aStride: stride(cols),
      b: b.ptr,
      bStride: stride(rows),
    };
    invoke(k, mulNaiveKernel, { ...product, m: rows, n: cols });
    const blocked = { m: rows, n: cols, p: stride(rows), tables: 8, panel: 4, table: table.ptr, bits: 8 };
    // rows in one block (the default), and in blocks of 3 rows; adding to C, and setting it
    invoke(k, mulAddM4rmKernel, { ...product, ...blocked, rowBlock: 0, init: 0 });
    invoke(k, mulAddM4rmKernel, { ...product, ...blocked, rowBlock: 3, init: 0 });
    invoke(k, mulAddM4rmKernel, { ...product, ...blocked, rowBlock: 3, init: 1 });
    const t = region(Math.max(16, cols * stride(rows) * 8));
    invoke(k, transposeKernel, {
      dst: t.ptr,
      dstStride: stride(rows),
      src: a.ptr,
      srcStride: stride(cols),
      rows,
      cols,
    });
    const d = region(Math.max(16, rows * stride(cols + 7) * 8));
    const block = { sr: 0, sc: 0, rows, cols };
    invoke(k, copyBitsKernel, {
      dst: d.ptr,
      dstStride: stride(cols + 7),
      dr: 0,
      dc: 7,
      src: a.ptr,
      srcStride: stride(cols),
      ...block,
    });
    const pivots = region(Math.min(rows, cols) * 4 + 4);
    const shape = { a: a.ptr, rows, cols, stride: stride(cols), pivotLimit: cols, full: 1, pivots: pivots.ptr };
    const m4ri = { k: 0, tables: 0, steps: 0, scratch: 0, versions: 0 }; // unused by the naive kernel
    const rank = invoke(k, echelonizeNaiveKernel, { ...shape, ...m4ri, r: 0, c: 0, cStop: cols });
    const out = region(Math.max(16, (cols - rank) * stride(cols) * 8));
    const basis = { out: out.ptr, outStride: stride(cols), e: a.ptr, stride: stride(cols), r: rank, cols };
    invoke(k, nullspaceKernel, { ...basis, pivots: pivots.ptr });
    for (const r of [a, b, c, table, t, d, pivots, out]) expect(intact(r)).toBe(true);
  });
});
