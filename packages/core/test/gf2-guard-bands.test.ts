// Guard bands: each raw kernel runs on a matrix that sits inside a larger
// block filled with a known pattern; afterwards the pattern must be intact.
import { instantiate } from "@lightsout/gf2-wasm";
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
        const state = region(8);
        const scratch = region(3 * 4 * 2 ** 5 * stride(cols) * 8);
        const versions = region(rows * 4);
        const rank =
          method === "naive"
            ? k.echelonizeNaive(a.ptr, rows, cols, stride(cols), cols, full, pivots.ptr, state.ptr, cols)
            : k.echelonizeM4ri(
                a.ptr,
                rows,
                cols,
                stride(cols),
                cols,
                full,
                pivots.ptr,
                5,
                4,
                3,
                scratch.ptr,
                versions.ptr,
                state.ptr,
                cols,
              );
        expect(rank).toBeGreaterThan(0);
        for (const r of [a, pivots, state, scratch, versions]) expect(intact(r)).toBe(true);
      }
    }
  });

  it.each(SHAPES)("mul, transpose, copy, null space %i x %i", (rows, cols) => {
    const a = matrix(rows, cols, 1);
    const b = matrix(cols, rows, 2);
    const c = region(Math.max(16, rows * stride(rows) * 8));
    const table = region(2 ** 8 * stride(rows) * 8);
    k.mulNaive(c.ptr, stride(rows), a.ptr, stride(cols), b.ptr, stride(rows), rows, cols);
    k.mulM4rm(c.ptr, stride(rows), a.ptr, stride(cols), b.ptr, stride(rows), rows, cols, 8, table.ptr);
    const t = region(Math.max(16, cols * stride(rows) * 8));
    k.transpose(t.ptr, stride(rows), a.ptr, stride(cols), rows, cols);
    const d = region(Math.max(16, rows * stride(cols + 7) * 8));
    k.copyBits(d.ptr, stride(cols + 7), 0, 7, a.ptr, stride(cols), 0, 0, rows, cols);
    const pivots = region(Math.min(rows, cols) * 4 + 4);
    const state = region(8);
    const rank = k.echelonizeNaive(a.ptr, rows, cols, stride(cols), cols, 1, pivots.ptr, state.ptr, cols);
    const out = region(Math.max(16, (cols - rank) * stride(cols) * 8));
    k.nullspace(out.ptr, stride(cols), a.ptr, stride(cols), rank, cols, pivots.ptr);
    for (const r of [a, b, c, table, t, d, pivots, state, out]) expect(intact(r)).toBe(true);
  });
});
