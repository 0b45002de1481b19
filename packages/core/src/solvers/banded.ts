// Banded (frontal) elimination over GF(2) and Z_p (p prime, at most 46337)
// of a sparse square system ordered so that it is banded (order.ts): the
// frontal kernel (assembly/banded.ts, one skeleton with a row reduction per
// ring; its twin is banded-naive.ts) writes the pivot rows out, and back
// substitution over them gives a solution, a basis of the kernel and, when
// there is none, a proof. Memory: the front (about bandwidth rows of
// bandwidth entries) plus the pivot rows (about cells x bandwidth entries:
// bits over GF(2), 32-bit residues over Z_p), never cells^2.

import { bandedEchelonKernel, kernelView, runSlices, wasmBytesInUse, withScratch } from "../internal/kernel.js";
import { memoryLimit } from "../internal/memory.js";
import { xoshiro128 } from "../internal/random.js";
import { mulMod } from "../modular/arith.js";
import { frontNaive } from "./banded-naive.js";
import type { BandedEstimate } from "./order.js";
import { quietTooLarge } from "./quiet-limit.js";
import { inversePermutation, type SparseRows } from "./sparse.js";

/** Status codes of the kernel. */
const DONE = 0;
const OUT_FULL = 1;
const NO_SLOT = 2;

/** Largest block of pivot rows copied out at once. */
const OUT_BLOCK = 2 ** 25;
/** GF(2): about this many lane operations between progress reports. */
const SLICE_WORK = 2 ** 26;
/** Largest kernel basis returned (1 byte an entry over GF(2), 4 over Z_p). */
const MAX_BASIS_BYTES = 2 ** 30;

/** Progress and cancellation of a long elimination. */
export interface BandedWatch {
  /** Called between slices with (columns done, columns in all). */
  onProgress?: (done: number, total: number) => void;
  /** Checked between slices; its reason is thrown. */
  signal?: AbortSignal;
}

/** A square sparse system ordered for banded elimination. */
export interface BandedSystem {
  /** Rows of A. */
  rows: SparseRows;
  /** Rows of A^T. */
  targets: SparseRows;
  /** Whether A = A^T (then ker A^T = ker A gives the proofs). */
  symmetric: boolean;
  /** order[t] = the unknown (and equation) placed at index t. */
  order: Int32Array;
  estimate: BandedEstimate;
}

/** Engine of the banded route: the WebAssembly kernel or its TypeScript twin. */
export type BandedEngine = "wasm" | "ts";

/** An ordered system ready for the kernel: rows sorted by first column. */
export interface FrontInput {
  n: number;
  start: Int32Array;
  cols: Int32Array;
  lo: Int32Array;
  /** Right-hand sides (0/1 over GF(2), residues over Z_p). */
  rhs: Uint32Array;
  /** Empty rows with a non-zero right-hand side (each makes the system inconsistent). */
  emptyOnes: number;
  estimate: BandedEstimate;
}

/** The pivot rows of an elimination over GF(2) (p = 2) or Z_p, as the kernel wrote them. */
export interface BandedEchelon {
  p: number;
  n: number;
  rank: number;
  /** Whether some row reduced to 0 = non-zero. */
  inconsistent: boolean;
  /** Per pivot row: its column, right-hand side, block, offset and length in 32-bit words. */
  col: Int32Array;
  rhs: Uint32Array;
  block: Int32Array;
  offset: Int32Array;
  words: Int32Array;
  blocks: Uint32Array[];
}

/** Renumbers the rows and columns of `a` by `order` and sorts the rows by first column. */
export function frontInput(
  a: SparseRows,
  order: Int32Array,
  b: ArrayLike<number> | null,
  estimate: BandedEstimate,
): FrontInput {
  const { n, start, idx } = a;
  const position = inversePermutation(order);
  const lo = new Int32Array(n).fill(-1);
  for (let t = 0; t < n; t++) {
    const i = order[t]!;
    for (let k = start[i]!; k < start[i + 1]!; k++) {
      const j = position[idx[k]!]!;
      if (lo[t]! < 0 || j < lo[t]!) lo[t] = j;
    }
  }
  // counting sort of the non-empty rows by first column
  const bucket = new Int32Array(n + 1);
  let emptyOnes = 0;
  for (let t = 0; t < n; t++) {
    if (lo[t]! >= 0) bucket[lo[t]! + 1]!++;
    else if (b?.[order[t]!]) emptyOnes++;
  }
  for (let c = 0; c < n; c++) bucket[c + 1]! += bucket[c]!;
  const rowCount = bucket[n]!;
  const sorted = new Int32Array(rowCount);
  for (let t = 0; t < n; t++) if (lo[t]! >= 0) sorted[bucket[lo[t]!]!++] = t;
  const outStart = new Int32Array(rowCount + 1);
  const outLo = new Int32Array(rowCount);
  const rhs = new Uint32Array(rowCount);
  sorted.forEach((t, r) => {
    const i = order[t]!;
    outStart[r + 1] = outStart[r]! + start[i + 1]! - start[i]!;
    outLo[r] = lo[t]!;
    rhs[r] = b?.[i] ?? 0;
  });
  const cols = new Int32Array(outStart[rowCount]!);
  sorted.forEach((t, r) => {
    const i = order[t]!;
    let at = outStart[r]!;
    for (let k = start[i]!; k < start[i + 1]!; k++) cols[at++] = position[idx[k]!]!;
  });
  return { n, start: outStart, cols, lo: outLo, rhs, emptyOnes, estimate };
}

/**
 * Collects the pivot rows from the blocks a front fills (header: column,
 * extent, rhs, length; then the row): `unit` 32-bit words per unit of the
 * header's length (2 for GF(2)'s 64-bit words, 1 for Z_p's residues).
 */
export class PivotRows {
  rank = 0;
  readonly col: Int32Array;
  readonly rhs: Uint32Array;
  readonly block: Int32Array;
  readonly offset: Int32Array;
  readonly words: Int32Array;
  readonly blocks: Uint32Array[] = [];
  readonly unit: number;
  constructor(n: number, unit: number) {
    this.unit = unit;
    this.col = new Int32Array(n);
    this.rhs = new Uint32Array(n);
    this.block = new Int32Array(n);
    this.offset = new Int32Array(n);
    this.words = new Int32Array(n);
  }
  /** Takes a copy of the output written so far. */
  take(out: Uint32Array): void {
    if (out.length === 0) return;
    const copy = out.slice();
    const b = this.blocks.length;
    this.blocks.push(copy);
    for (let o = 0; o < copy.length; ) {
      const t = this.rank++;
      const words = copy[o + 3]! * this.unit;
      this.col[t] = copy[o]!;
      this.rhs[t] = copy[o + 2]!;
      this.block[t] = b;
      this.offset[t] = o + 4;
      this.words[t] = words;
      o += 4 + words;
    }
  }
  result(p: number, n: number, inconsistent: boolean): BandedEchelon {
    const { rank, blocks } = this;
    return {
      p,
      n,
      rank,
      inconsistent,
      col: this.col.subarray(0, rank),
      rhs: this.rhs.subarray(0, rank),
      block: this.block.subarray(0, rank),
      offset: this.offset.subarray(0, rank),
      words: this.words.subarray(0, rank),
      blocks,
    };
  }
}

/** Lanes of 128 columns a front row holds: the band's span with one to spare. */
const lanesOf = (input: FrontInput) => input.estimate.lanes + 1;

/** Bytes of a front row: 16 a lane over GF(2), 512 over Z_p. */
const rowBytesOf = (input: FrontInput, p: number) => lanesOf(input) * (p === 2 ? 16 : 512);

/**
 * Columns per kernel call. GF(2): about SLICE_WORK lane operations, and at
 * most 1% of them when someone watches. Z_p: all of them, or 1% when
 * someone watches.
 */
function sliceOf(input: FrontInput, p: number, watch: BandedWatch): number {
  const watched = watch.onProgress || watch.signal;
  if (p !== 2) return watched ? Math.max(64, Math.ceil(input.n / 100)) : input.n;
  const perColumn = Math.max(1, input.estimate.work / Math.max(1, input.n));
  return Math.max(
    64,
    Math.min(watched ? Math.ceil(input.n / 100) : Number.POSITIVE_INFINITY, Math.floor(SLICE_WORK / perColumn)),
  );
}

/** Bytes of the output block: room for at least one step's pivot rows (8 over GF(2), 1 over Z_p). */
function outBytesOf(input: FrontInput, p: number): number {
  const step = (p === 2 ? 8 : 1) * (16 + rowBytesOf(input, p));
  const all = p === 2 ? input.estimate.pivotBytes : input.n * (16 + rowBytesOf(input, p));
  return Math.max(step, Math.min(OUT_BLOCK, all));
}

/** " over Z_p" in names of work over Z_p, nothing over GF(2). */
const over = (p: number) => (p === 2 ? "" : ` over Z_${p}`);

/** One run of a front (the kernel's or its twin's): the system, the ring, the front's size, and where the pivot rows go. */
export interface FrontRun {
  input: FrontInput;
  /** 2 for GF(2), else the prime of Z_p. */
  p: number;
  slots: number;
  watch: BandedWatch;
  rows: PivotRows;
  /** Columns per call (between progress reports). */
  slice: number;
  /** Bytes of the output block. */
  outBytes: number;
}

/**
 * The WebAssembly front: the elimination in kernel memory (withScratch:
 * freed on any exit), its pivot rows into `run.rows`.
 *
 * @returns The rows that made the system inconsistent, or -1 when the slots were too few.
 */
function frontWasm(run: FrontRun): number {
  const { input, p, slots, watch, rows, slice, outBytes: outSize } = run;
  const { n, start, cols, lo, rhs } = input;
  const lanes = lanesOf(input);
  const rowBytes = rowBytesOf(input, p);
  // GF(2): right-hand sides as bytes and the Four Russians table; Z_p: u32 and a step count per slot
  const scratch = p === 2 ? 256 * rowBytes + 3072 + slots * 4 : slots * 4;
  const rhsBytes = p === 2 ? rhs.length : rhs.byteLength;
  const slot = slots * 4; // extent, rhs, front and free: an i32 per slot each
  const sizes = [
    start.byteLength,
    cols.byteLength,
    lo.byteLength,
    rhsBytes,
    slots * rowBytes,
    slot,
    slot,
    slot,
    slot,
    scratch,
    outSize,
  ] as const;
  return withScratch(`the banded elimination of a ${n}-cell board${over(p)}`, sizes, (ptrs) => {
    const [pStart, pCols, pLo, pRhs, pRing, pExtent, pSlotRhs, pFront, pFree, pScratch, pOut] = ptrs;
    kernelView(Int32Array, pStart, start.length).set(start);
    kernelView(Int32Array, pCols, cols.length).set(cols);
    kernelView(Int32Array, pLo, lo.length).set(lo);
    (p === 2 ? kernelView(Uint8Array, pRhs, rhs.length) : kernelView(Uint32Array, pRhs, rhs.length)).set(rhs);
    kernelView(Int32Array, pFree, slots).set(Int32Array.from({ length: slots }, (_, i) => i));
    const args = {
      start: pStart,
      cols: pCols,
      lo: pLo,
      rhs: pRhs,
      rowCount: lo.length,
      n,
      p,
      ring: pRing,
      lanes,
      slots,
      extent: pExtent,
      slotRhs: pSlotRhs,
      front: pFront,
      free: pFree,
      scratch: pScratch,
      out: pOut,
      outBytes: outSize,
      c: 0,
      next: 0,
      size: 0,
      freeCount: slots,
      rank: 0,
      bad: input.emptyOnes,
      used: 0,
      cStop: 0,
    };
    const status = runSlices(bandedEchelonKernel, args, {
      operation: `banded elimination${p === 2 ? "" : " over Z_p"}`,
      // a full output block is emptied and the call goes on where it stopped
      next: (s, last) => {
        s.cStop = s.c + slice;
        return last === undefined || last === OUT_FULL || (last === DONE && s.c < n);
      },
      after: (s, last) => {
        if (last === NO_SLOT) return undefined;
        rows.take(kernelView(Uint32Array, pOut, s.used / 4));
        s.used = 0;
        return last === DONE ? s.c : undefined;
      },
      total: n,
      onProgress: watch.onProgress,
      signal: watch.signal,
    });
    return status === NO_SLOT ? -1 : args.bad;
  });
}

/**
 * Eliminates a system over GF(2) (p = 2) or Z_p (A, or A^T with
 * `transpose`), with right-hand sides `b` (one per unknown, in its own
 * numbering) or none; the front grows when dependent rows pile up in it.
 *
 * @param options - `slots`: front slots to start with (small values exercise the retry, for tests).
 * @returns The pivot rows.
 */
export function bandedEchelon(
  system: BandedSystem,
  p: number,
  b: ArrayLike<number> | null,
  engine: BandedEngine,
  options: { transpose?: boolean; slots?: number; watch?: BandedWatch } = {},
): BandedEchelon {
  const input = frontInput(options.transpose ? system.targets : system.rows, system.order, b, system.estimate);
  const watch = options.watch ?? {};
  const slice = sliceOf(input, p, watch);
  const outSize = outBytesOf(input, p);
  for (let slots = options.slots ?? input.estimate.front + 64; ; slots *= 2) {
    const rows = new PivotRows(input.n, p === 2 ? 2 : 1);
    const run = { input, p, slots, watch, rows, slice, outBytes: outSize };
    const bad = engine === "ts" ? frontNaive(run) : frontWasm(run);
    if (bad >= 0) return rows.result(p, input.n, bad > 0);
  }
}

/** Bytes the route holds at most (front, input copies, pivot rows), checked before any is allocated. */
function bandedBytes(system: BandedSystem, p: number): number {
  const { estimate } = system;
  const slots = estimate.front + 64;
  if (p !== 2) return estimate.pivotBytes * 32 + slots * (estimate.lanes + 1) * 512;
  return (
    estimate.pivotBytes +
    (slots + 256) * (estimate.lanes + 1) * 16 +
    (system.rows.n + 1) * 4 * 7 +
    system.rows.idx.length * 8 +
    Math.min(OUT_BLOCK, estimate.pivotBytes)
  );
}

function checkMemory(system: BandedSystem, p: number): void {
  const what = `the banded elimination of a ${system.rows.n}-cell board${over(p)}`;
  memoryLimit.check(what, bandedBytes(system, p), wasmBytesInUse());
}

/** A vector of unknowns in the elimination's numbering: bits over GF(2) (whole lanes), residues over Z_p. */
function vectorFor(e: BandedEchelon): Uint32Array {
  return new Uint32Array(e.p === 2 ? (((e.n + 127) >> 7) + 1) * 4 : e.n + 4);
}

/** Sets unknown f of x to v. */
function put(e: BandedEchelon, x: Uint32Array, f: number, v: number): void {
  if (e.p !== 2) x[f] = v;
  else if (v & 1) x[f >> 5]! |= 1 << (f & 31);
}

/** Completes x by back substitution over the pivot rows; `useRhs` false solves with b = 0. */
function backSubstitute(e: BandedEchelon, x: Uint32Array, useRhs: boolean): void {
  const { p } = e;
  for (let t = e.rank - 1; t >= 0; t--) {
    const c = e.col[t]!;
    const row = e.blocks[e.block[t]!]!;
    const off = e.offset[t]!;
    const rhs = useRhs ? e.rhs[t]! : 0;
    if (p === 2) {
      // the parity of row & x over the row's lanes
      const base = (c >> 7) << 2;
      let acc = 0;
      for (let w = 0; w < e.words[t]!; w++) acc ^= row[off + w]! & x[base + w]!;
      acc ^= acc >>> 16;
      acc ^= acc >>> 8;
      acc ^= acc >>> 4;
      acc ^= acc >>> 2;
      acc ^= acc >>> 1;
      if (((acc & 1) ^ rhs) !== 0) x[c >> 5]! |= 1 << (c & 31);
      continue;
    }
    const first = c & ~3;
    let sum = 0;
    for (let j = 0; j < e.words[t]!; j++) {
      sum += row[off + j]! * x[first + j]!;
      if ((j & 2047) === 2047) sum %= p;
    }
    x[c] = (((rhs - (sum % p)) % p) + p) % p;
  }
}

/** x back in the system's own numbering: 0/1 bytes over GF(2), residues over Z_p. */
function toUnknowns(e: BandedEchelon, x: Uint32Array, order: Int32Array): Uint8Array | Uint32Array {
  if (e.p === 2) {
    const out = new Uint8Array(order.length);
    order.forEach((cell, t) => (out[cell] = (x[t >> 5]! >>> (t & 31)) & 1));
    return out;
  }
  const out = new Uint32Array(order.length);
  order.forEach((cell, t) => (out[cell] = x[t]!));
  return out;
}

/** Columns without a pivot, increasing. */
function freeColumns(e: BandedEchelon): Int32Array {
  const pivot = new Uint8Array(e.n);
  for (const c of e.col) pivot[c] = 1;
  const out = new Int32Array(e.n - e.rank);
  let f = 0;
  for (let c = 0; c < e.n; c++) if (!pivot[c]) out[f++] = c;
  return out;
}

/** The kernel vector of free column f (1 there, 0 at the other free columns). */
function kernelVector(e: BandedEchelon, f: number, order: Int32Array): Uint8Array | Uint32Array {
  const x = vectorFor(e);
  put(e, x, f, 1);
  backSubstitute(e, x, false);
  return toUnknowns(e, x, order);
}

/**
 * y with y A = 0 and y . b != 0 from the eliminated transpose (or A itself
 * when symmetric): y . b is a non-zero linear form on the left kernel, so a
 * random member of it (random values at the free columns) misses it with
 * probability 1/p; the basis vectors after 64 misses.
 */
function proofOf(left: BandedEchelon, order: Int32Array, b: ArrayLike<number>): Uint8Array | Uint32Array {
  const { p } = left;
  const free = freeColumns(left);
  const dot = (y: ArrayLike<number>) => {
    let d = 0;
    for (let i = 0; i < y.length; i++) if (y[i] !== 0 && b[i]! % p !== 0) d = (d + mulMod(y[i]!, b[i]! % p, p)) % p;
    return d;
  };
  const next = xoshiro128(1);
  for (let attempt = 0; attempt < 64; attempt++) {
    const x = vectorFor(left);
    for (const f of free) put(left, x, f, (next() >>> 0) % p);
    backSubstitute(left, x, false);
    const y = toUnknowns(left, x, order);
    if (dot(y) !== 0) return y;
  }
  for (const f of free) {
    const y = kernelVector(left, f, order);
    if (dot(y) !== 0) return y;
  }
  throw new Error(
    p === 2
      ? "internal error: an inconsistent banded system without a proof; please report it"
      : "internal error: an inconsistent banded system over Z_p without a certificate; please report it",
  );
}

/** Throws the RangeError of a kernel basis of `nullity` vectors past the cap (entries) or MAX_BASIS_BYTES. */
function checkBasis(e: BandedEchelon, nullity: number, maxEntries: number): void {
  const unit = e.p === 2 ? 1 : 4; // bytes an entry
  const most = Math.min(MAX_BASIS_BYTES, unit * maxEntries);
  if (nullity * e.n * unit > most) {
    throw quietTooLarge(`this ${e.n}-cell board${over(e.p)}`, nullity, e.n, Math.floor(most / unit));
  }
}

/** What the banded route answers. */
export interface BandedAnswer {
  solvable: boolean;
  /** x with A x = b (0/1 bytes over GF(2), residues over Z_p); null when unsolvable. */
  x: Uint8Array | Uint32Array | null;
  rank: number;
  nullity: number;
  /** With `kernel`: a basis of ker A (one vector per column without a pivot). */
  kernel?: (Uint8Array | Uint32Array)[];
  /** When unsolvable: y with y A = 0 and y . b != 0. */
  proof?: Uint8Array | Uint32Array;
}

/**
 * Solves A x = b over GF(2) (p = 2) or Z_p by the banded route.
 *
 * @param system - The ordered system.
 * @param p - 2, or a prime up to MAX_BANDED_PRIME (ring.ts).
 * @param b - One value per unknown (0/1, or residues mod p).
 * @param engine - The kernel or its twin.
 * @param watch - Progress and cancellation.
 * @param kernel - Also a basis of ker A, with the caller's cap on its entries (checked before it is built).
 * @returns Solvability, one solution, rank, nullity, the basis when asked and the proof when unsolvable.
 * @throws {RangeError} naming the memory needed when it passes the limit (before allocating), or the basis
 *   when it passes the cap.
 */
export function solveBanded(
  system: BandedSystem,
  p: number,
  b: ArrayLike<number>,
  engine: BandedEngine,
  watch: BandedWatch = {},
  kernel?: { maxEntries: number },
): BandedAnswer {
  checkMemory(system, p);
  const { order } = system;
  const e = bandedEchelon(system, p, b, engine, { watch });
  const common = { rank: e.rank, nullity: e.n - e.rank };
  let basis: (Uint8Array | Uint32Array)[] | undefined;
  if (kernel) {
    checkBasis(e, common.nullity, kernel.maxEntries);
    basis = Array.from(freeColumns(e), (f) => kernelVector(e, f, order));
  }
  const extra = basis ? { kernel: basis } : {};
  if (!e.inconsistent) {
    const x = vectorFor(e);
    backSubstitute(e, x, true);
    return { solvable: true, x: toUnknowns(e, x, order), ...common, ...extra };
  }
  const left = system.symmetric ? e : bandedEchelon(system, p, null, engine, { transpose: true, watch });
  return { solvable: false, x: null, ...common, ...extra, proof: proofOf(left, order, b) };
}

/**
 * A basis of ker A (or with `left`, of ker A^T: the y with y A = 0) by the
 * banded route: one vector per column without a pivot.
 *
 * @param left - Eliminate A^T instead (the same as A for symmetric systems).
 * @param maxEntries - The caller's cap on nullity x unknowns (checked with the route's own after the elimination).
 * @returns The basis (0/1 bytes over GF(2), residues over Z_p).
 * @throws {RangeError} when the basis would pass its cap, naming its size.
 */
export function bandedKernel(
  system: BandedSystem,
  p: number,
  engine: BandedEngine,
  watch: BandedWatch = {},
  left = false,
  maxEntries = Number.POSITIVE_INFINITY,
): (Uint8Array | Uint32Array)[] {
  checkMemory(system, p);
  const e = bandedEchelon(system, p, null, engine, { transpose: left && !system.symmetric, watch });
  checkBasis(e, e.n - e.rank, maxEntries);
  return Array.from(freeColumns(e), (f) => kernelVector(e, f, system.order));
}

/**
 * The kernel basis of {@link bandedKernel} one vector at a time, from one
 * elimination: enumerating the first solutions of a huge board needs a few
 * of them, not a basis of nullity x cells entries.
 *
 * @returns The i-th basis vector (0 <= i < nullity), built when asked.
 */
export function bandedKernelSource(system: BandedSystem, p: number): (i: number) => Uint8Array | Uint32Array {
  checkMemory(system, p);
  const e = bandedEchelon(system, p, null, "wasm");
  const free = freeColumns(e);
  return (i) => kernelVector(e, free[i]!, system.order);
}
