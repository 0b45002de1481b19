// The banded route over Z_p (p prime, at most 46341): multi-state boards
// with a prime number of states, ordered as the GF(2) route orders them
// (_banded-order.ts), eliminated by the frontal kernel
// (assembly/banded-zp.ts, or its TypeScript twin below), then solved by
// back substitution over the pivot rows. Memory about cells x bandwidth
// entries of 32 bits, never cells^2.

import { quietTooLarge } from "../solvers/quiet-limit.js";
import { guard, load, wasmBytesInUse, withScratch } from "../internal/kernel.js";
import { memoryLimit } from "../internal/memory.js";
import { xoshiro128 } from "../internal/random.js";
import { invMod, mulMod } from "../modular/arith.js";
import {
  type BandedEchelon,
  type BandedEngine,
  type BandedPlan,
  type BandedWatch,
  NO_SLOT,
  OUT_BLOCK,
  OUT_FULL,
  type FrontInput,
  freeColumns,
  frontInput,
  PivotRows,
} from "./_banded.js";

/** Largest prime the kernel takes: (p - 1)^2 steps must fit twice in 32 bits (delayed reduction). */
export const MAX_BANDED_PRIME = 46_337;

/** Largest quiet-pattern basis kept (4 bytes per cell per pattern). */
const MAX_BASIS_BYTES = 2 ** 30;

/** Progress and cancellation, as for the GF(2) route. */
export type ZpWatch = BandedWatch;

/** The pivot rows of an elimination over Z_p (`words`: entries of each row). */
export interface ZpEchelonRows extends BandedEchelon {
  p: number;
}

/** Ring entries per slot: the band's span (lanes of 128 columns) with room to spare, a multiple of 4. */
const widthOf = (input: FrontInput) => (input.estimate.lanes + 1) * 128;

function outBytesOf(input: FrontInput): number {
  const row = 16 + 4 * widthOf(input);
  return Math.max(row, Math.min(OUT_BLOCK, input.n * row));
}

function sliceOf(input: FrontInput, watch: ZpWatch): number {
  return watch.onProgress || watch.signal ? Math.max(64, Math.ceil(input.n / 100)) : input.n;
}

/**
 * The TypeScript twin of assembly/banded-zp.ts: the same front, pivot rule
 * and output, reducing every entry at once (the kernel delays reduction;
 * every choice depends only on residues, so the output is the same).
 */
function frontZpTs(input: FrontInput, p: number, slots: number, watch: ZpWatch): ZpEchelonRows | null {
  const { n, start, cols, lo, rhs } = input;
  const rowCount = lo.length;
  const W = widthOf(input);
  const ring = new Uint32Array(slots * W);
  const extent = new Int32Array(slots);
  const slotRhs = new Uint32Array(slots);
  const front = new Int32Array(slots);
  const free = Int32Array.from({ length: slots }, (_, i) => i);
  const out = new Uint32Array(outBytesOf(input) / 4);
  const rows = new PivotRows(n, 1);
  let next = 0;
  let size = 0;
  let freeCount = slots;
  let bad = input.emptyOnes;
  let used = 0;
  const slice = sliceOf(input, watch);
  let c = 0;
  while (c < n) {
    watch.signal?.throwIfAborted();
    const stop = Math.min(n, c + slice);
    for (; c < stop; c++) {
      if (used + 4 + W > out.length) {
        rows.take(out.subarray(0, used));
        used = 0;
      }
      while (next < rowCount && lo[next]! <= c) {
        if (freeCount === 0) return null;
        const s = free[--freeCount]!;
        ring.fill(0, s * W, (s + 1) * W);
        let end = 0;
        for (let k = start[next]!; k < start[next + 1]!; k++) {
          const j = cols[k]!;
          ring[s * W + (j % W)] = 1;
          if (j + 1 > end) end = j + 1;
        }
        extent[s] = end;
        slotRhs[s] = rhs[next]! % p;
        front[size++] = s;
        next++;
      }
      let kept = 0;
      let best = -1;
      for (let k = 0; k < size; k++) {
        const s = front[k]!;
        if (extent[s]! <= c) {
          if (slotRhs[s]! % p !== 0) bad++;
          free[freeCount++] = s;
          continue;
        }
        if (best < 0 && ring[s * W + (c % W)]! % p !== 0) best = kept;
        front[kept++] = s;
      }
      size = kept;
      if (best < 0) continue;
      const pv = front[best]!;
      const end = extent[pv]!;
      const first = c & ~3;
      const count = ((end + 3) & ~3) - first;
      const inv = invMod(ring[pv * W + (c % W)]! % p, p);
      for (let j = first; j < first + count; j++) ring[pv * W + (j % W)] = mulMod(ring[pv * W + (j % W)]!, inv, p);
      const prhs = mulMod(slotRhs[pv]!, inv, p);
      for (let k = 0; k < size; k++) {
        if (k === best) continue;
        const s = front[k]!;
        const v = ring[s * W + (c % W)]! % p;
        if (v === 0) continue;
        const m = p - v;
        for (let j = first; j < first + count; j++) {
          const at = s * W + (j % W);
          ring[at] = (ring[at]! + mulMod(m, ring[pv * W + (j % W)]!, p)) % p;
        }
        slotRhs[s] = (slotRhs[s]! + mulMod(m, prhs, p)) % p;
        if (extent[s]! < end) extent[s] = end;
      }
      out[used] = c;
      out[used + 1] = end;
      out[used + 2] = prhs;
      out[used + 3] = count;
      for (let j = 0; j < count; j++) out[used + 4 + j] = ring[pv * W + ((first + j) % W)]!;
      used += 4 + count;
      free[freeCount++] = pv;
      front.copyWithin(best, best + 1, size);
      size--;
    }
    watch.onProgress?.(c, n);
  }
  for (let k = 0; k < size; k++) if (slotRhs[front[k]!]! % p !== 0) bad++;
  rows.take(out.subarray(0, used));
  return { ...rows.result(n, bad > 0), p };
}

/** The WebAssembly front (allocate/withScratch: freed on any exit). */
function frontZpWasm(input: FrontInput, p: number, slots: number, watch: ZpWatch): ZpEchelonRows | null {
  const { n, start, cols, lo, rhs } = input;
  const rowCount = lo.length;
  const W = widthOf(input);
  const outSize = outBytesOf(input);
  const k = load();
  const sizes = [
    start.byteLength,
    cols.byteLength,
    lo.byteLength,
    rhs.byteLength,
    slots * W * 4,
    slots * 4,
    slots * 4,
    slots * 4,
    slots * 4,
    slots * 4,
    outSize,
    28,
  ] as const;
  return withScratch(`the banded elimination of a ${n}-cell board over Z_${p}`, sizes, (ptrs) => {
    const [pStart, pCols, pLo, pRhs, pRing, pExtent, pSlotRhs, pSteps, pFront, pFree, pOut, pState] = ptrs;
    const mem = () => k.memory.buffer;
    new Int32Array(mem(), pStart, start.length).set(start);
    new Int32Array(mem(), pCols, cols.length).set(cols);
    new Int32Array(mem(), pLo, lo.length).set(lo);
    new Uint32Array(mem(), pRhs, rhs.length).set(rhs);
    new Int32Array(mem(), pFree, slots).set(Int32Array.from({ length: slots }, (_, i) => i));
    const state = () => new Int32Array(mem(), pState, 7);
    state().set([0, 0, 0, slots, 0, input.emptyOnes, 0]);
    const rows = new PivotRows(n, 1);
    const slice = sliceOf(input, watch);
    for (;;) {
      watch.signal?.throwIfAborted();
      const c = state()[0]!;
      const status = guard("banded elimination over Z_p", () =>
        k.bandedZpEchelon(
          pStart,
          pCols,
          pLo,
          pRhs,
          rowCount,
          n,
          p,
          pRing,
          W,
          slots,
          pExtent,
          pSlotRhs,
          pSteps,
          pFront,
          pFree,
          pOut,
          outSize,
          pState,
          c + slice,
        ),
      );
      if (status === NO_SLOT) return null;
      const s = state();
      rows.take(new Uint32Array(mem(), pOut, s[6]! / 4));
      s[6] = 0;
      if (status === OUT_FULL) continue;
      watch.onProgress?.(s[0]!, n);
      if (s[0]! >= n) return { ...rows.result(n, s[5]! > 0), p };
    }
  });
}

/**
 * Eliminates a plan's system over Z_p (A, or A^T with `transpose`), with
 * right-hand sides `r` (residues per cell) or none.
 *
 * @returns The pivot rows.
 */
export function bandedZpEchelonFor(
  plan: BandedPlan,
  p: number,
  r: ArrayLike<number> | null,
  engine: BandedEngine,
  options: { transpose?: boolean; slots?: number; watch?: ZpWatch } = {},
): ZpEchelonRows {
  const input = frontInput(options.transpose ? plan.targets : plan.rows, plan.order, r, plan.estimate);
  let slots = options.slots ?? input.estimate.front + 64;
  for (;;) {
    const e =
      engine === "ts"
        ? frontZpTs(input, p, slots, options.watch ?? {})
        : frontZpWasm(input, p, slots, options.watch ?? {});
    if (e) return e;
    slots *= 2;
  }
}

/** Completes x (elimination numbering) by back substitution; `useRhs` false solves the homogeneous system. */
function backSubstitute(e: ZpEchelonRows, x: Uint32Array, useRhs: boolean): void {
  const { p } = e;
  for (let t = e.rank - 1; t >= 0; t--) {
    const c = e.col[t]!;
    const row = e.blocks[e.block[t]!]!;
    const off = e.offset[t]!;
    const first = c & ~3;
    let sum = 0;
    for (let j = 0; j < e.words[t]!; j++) {
      sum += row[off + j]! * x[first + j]!;
      if ((j & 2047) === 2047) sum %= p;
    }
    x[c] = ((((useRhs ? e.rhs[t]! : 0) - (sum % p)) % p) + p) % p;
  }
}

const vector = (e: ZpEchelonRows) => new Uint32Array(e.n + 4);

function toCells(x: Uint32Array, order: Int32Array): Uint32Array {
  const out = new Uint32Array(order.length);
  order.forEach((cell, t) => (out[cell] = x[t]!));
  return out;
}

/** What the banded route over Z_p answers. */
export interface ZpAnswer {
  solvable: boolean;
  /** x with A x = r; null when unsolvable. */
  x: Uint32Array | null;
  /** A basis of ker A (one vector per column without a pivot). */
  kernel: Uint32Array[];
  /** When unsolvable: y with y A = 0 and y . r != 0 (mod p). */
  certificate?: Uint32Array;
}

/**
 * Solves A x = r over Z_p by the banded route, with a basis of ker A and,
 * when unsolvable, a left-kernel certificate.
 *
 * @param plan - From planBanded.
 * @param p - A prime up to {@link MAX_BANDED_PRIME}.
 * @param r - One residue per cell.
 * @param engine - The kernel or its twin.
 * @param watch - Progress and cancellation.
 * @param maxEntries - The caller's cap on the basis, generators x cells (checked as soon as their number is known).
 * @returns The answer.
 * @throws {RangeError} naming the memory when the pivot rows or the basis would pass the limits.
 */
export function solveBandedModP(
  plan: BandedPlan,
  p: number,
  r: ArrayLike<number>,
  engine: BandedEngine,
  watch: ZpWatch = {},
  maxEntries = Number.POSITIVE_INFINITY,
): ZpAnswer {
  const n = plan.rows.n;
  const bytes = plan.estimate.pivotBytes * 32 + (plan.estimate.front + 64) * (plan.estimate.lanes + 1) * 512;
  memoryLimit.check(`the banded elimination of a ${n}-cell board over Z_${p}`, bytes, wasmBytesInUse());
  const e = bandedZpEchelonFor(plan, p, r, engine, { watch });
  const free = freeColumns(e);
  const most = Math.min(MAX_BASIS_BYTES, 4 * maxEntries);
  if (free.length * n * 4 > most) {
    throw quietTooLarge(`this ${n}-cell board over Z_${p}`, free.length, n, Math.floor(most / 4)); // 4 bytes an entry
  }
  const basis = (rows: ZpEchelonRows) =>
    Array.from(freeColumns(rows), (f) => {
      const x = vector(rows);
      x[f] = 1;
      backSubstitute(rows, x, false);
      return toCells(x, plan.order);
    });
  const kernel = basis(e);
  if (!e.inconsistent) {
    const x = vector(e);
    backSubstitute(e, x, true);
    return { solvable: true, x: toCells(x, plan.order), kernel };
  }
  const left = plan.symmetric ? kernel : basis(bandedZpEchelonFor(plan, p, null, engine, { transpose: true, watch }));
  // y . r is a non-zero linear form on the left kernel: a random combination misses it with probability 1/p
  const next = xoshiro128(1);
  const dot = (y: Uint32Array) => {
    let d = 0;
    for (let i = 0; i < n; i++) d = (d + mulMod(y[i]!, r[i]! % p, p)) % p;
    return d;
  };
  for (let attempt = 0; attempt < 64; attempt++) {
    const y = new Uint32Array(n);
    for (const v of left) {
      const a = (next() >>> 0) % p;
      if (a) for (let i = 0; i < n; i++) y[i] = (y[i]! + mulMod(a, v[i]!, p)) % p;
    }
    if (dot(y) !== 0) return { solvable: false, x: null, kernel, certificate: y };
  }
  const y = left.find((v) => dot(v) !== 0);
  if (!y)
    throw new Error("internal error: an inconsistent banded system over Z_p without a certificate; please report it");
  return { solvable: false, x: null, kernel, certificate: y };
}
