// The banded route over GF(2): a board's press matrix, renumbered so that it
// is banded (_banded-order.ts), eliminated by the frontal kernel
// (assembly/banded.ts, or its TypeScript twin below), then solved by back
// substitution over the pivot rows it wrote out. Memory: the front (about
// bandwidth rows of bandwidth bits) plus the pivot rows (cells x about
// bandwidth bits), never cells^2.

import { guard, load, wasmBytesInUse, withScratch } from "../internal/kernel.js";
import { memoryLimit } from "../internal/memory.js";
import { quietTooLarge } from "../solvers/quiet-limit.js";
import { xoshiro128 } from "../internal/random.js";
import { type Board, boardTopology, type GridBoard, ruleOffsets } from "./board.js";
import {
  type BandedEstimate,
  chooseOrder,
  inverse,
  type SparseRows,
  sameRows,
  targetRows,
  transposeRows,
} from "./_banded-order.js";

/** Status codes of the frontal kernels (GF(2) and Z_p alike). */
export const OUT_FULL = 1;
export const NO_SLOT = 2;

/** Largest block of pivot rows copied out at once. */
export const OUT_BLOCK = 2 ** 25;
/** About this many lane operations between progress reports. */
const SLICE_WORK = 2 ** 26;
/** Largest quiet-pattern basis returned (one byte per cell per pattern). */
export const MAX_QUIET_BYTES = 2 ** 30;

/** Progress and cancellation of a long elimination. */
export interface BandedWatch {
  /** Called between slices with (columns done, columns in all). */
  onProgress?: (done: number, total: number) => void;
  /** Checked between slices; its reason is thrown. */
  signal?: AbortSignal;
}

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

/** The pivot rows of an elimination, as the kernel wrote them. */
export interface BandedEchelon {
  n: number;
  rank: number;
  /** Whether some row reduced to 0 = 1. */
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
  const position = inverse(order);
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
 * Collects the pivot rows from the blocks a kernel fills (header: column,
 * extent, rhs, length; then the row): `unit` 32-bit words per unit of the
 * header's length (2 for the GF(2) kernel's 64-bit words, 1 for Z_p entries).
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
  /** Takes a copy of `used` bytes of output. */
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
  result(n: number, inconsistent: boolean): BandedEchelon {
    const { rank, blocks } = this;
    return {
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

/** Columns per kernel call: about SLICE_WORK lane operations, and at most 1% of them when someone watches. */
function sliceOf(input: FrontInput, watch: BandedWatch): number {
  const perColumn = Math.max(1, input.estimate.work / Math.max(1, input.n));
  const watched = watch.onProgress || watch.signal ? Math.ceil(input.n / 100) : Number.POSITIVE_INFINITY;
  return Math.max(64, Math.min(watched, Math.floor(SLICE_WORK / perColumn)));
}

/** Bytes of the output block: room for at least the 8 pivot rows of a block. */
function outBytes(input: FrontInput): number {
  const block = 8 * (16 + 16 * (input.estimate.lanes + 1));
  return Math.max(block, Math.min(OUT_BLOCK, input.estimate.pivotBytes));
}

/**
 * The TypeScript twin of assembly/banded.ts: the same front, blocks of 8
 * columns, pivot rule, table and output, on typed arrays (lanes as 4 x u32).
 */
function frontTs(input: FrontInput, slots: number, watch: BandedWatch): BandedEchelon | null {
  const { n, start, cols, lo, rhs } = input;
  const rowCount = lo.length;
  const lanes = input.estimate.lanes + 1;
  const L = lanes * 4; // u32 per slot
  const ring = new Uint32Array(slots * L);
  const extent = new Int32Array(slots);
  const slotRhs = new Int32Array(slots);
  const front = new Int32Array(slots);
  const free = Int32Array.from({ length: slots }, (_, i) => i);
  const bytes = new Int32Array(slots);
  const table = new Uint32Array(256 * L);
  const tableRhs = new Int32Array(256);
  const tableEnd = new Int32Array(256);
  const indexOf = new Int32Array(256);
  const pivots = new Int32Array(8);
  const pivotColumns = new Int32Array(8);
  const pivotBytes = new Int32Array(8);
  const out = new Uint32Array(outBytes(input) / 4);
  const rows = new PivotRows(n, 2);
  /** u32 index of the word holding column j in slot s. */
  const word = (s: number, j: number) => s * L + ((j >> 7) % lanes) * 4 + ((j >> 5) & 3);
  const bit = (s: number, j: number) => (ring[word(s, j)]! >>> (j & 31)) & 1;
  /** Slot q ^= slot p over `count` lanes from ring position `from`. */
  const xorLanes = (q: number, p: number, from: number, count: number) => {
    for (let l = 0; l < count; l++) {
      const pos = ((from + l) % lanes) * 4;
      for (let w = 0; w < 4; w++) ring[q * L + pos + w]! ^= ring[p * L + pos + w]!;
    }
  };
  let c = 0;
  let next = 0;
  let size = 0;
  let freeCount = slots;
  let bad = input.emptyOnes;
  let used = 0;
  const slice = sliceOf(input, watch);
  while (c < n) {
    watch.signal?.throwIfAborted();
    const stop = Math.min(n, c + slice);
    while (c < stop) {
      const c1 = Math.min(c + 8, n);
      if (used + 8 * (4 + L) > out.length) {
        rows.take(out.subarray(0, used));
        used = 0;
      }
      while (next < rowCount && lo[next]! < c1) {
        if (freeCount === 0) return null;
        const s = free[--freeCount]!;
        ring.fill(0, s * L, (s + 1) * L);
        let end = 0;
        for (let k = start[next]!; k < start[next + 1]!; k++) {
          const j = cols[k]!;
          ring[word(s, j)]! |= 1 << (j & 31);
          if (j + 1 > end) end = j + 1;
        }
        extent[s] = end;
        slotRhs[s] = rhs[next]!;
        front[size++] = s;
        next++;
      }
      const from = (c >> 7) % lanes;
      const byteOf = (s: number) => (ring[word(s, c)]! >>> (c & 31)) & 0xff;
      for (let k = 0; k < size; k++) {
        const s = front[k]!;
        if (extent[s]! <= c) {
          bad += slotRhs[s]!;
          free[freeCount++] = s;
          front[k] = front[--size]!;
          k--;
          continue;
        }
        bytes[k] = byteOf(s);
      }
      let m = 0;
      for (let j = 0; j < c1 - c; j++) {
        let best = -1;
        let reduced = 0;
        for (let k = 0; k < size; k++) {
          let v = bytes[k]!;
          if (v < 0) continue;
          for (let i = 0; i < m; i++) if ((v >> pivotColumns[i]!) & 1) v ^= pivotBytes[i]!;
          if ((v >> j) & 1) {
            best = k;
            reduced = v;
            break;
          }
        }
        if (best < 0) continue;
        bytes[best] = -1 - j;
        pivots[m] = best;
        pivotColumns[m] = j;
        pivotBytes[m++] = reduced;
      }
      if (m > 0) {
        const first = c >> 7;
        for (let i = 0; i < m; i++) {
          const pi = front[pivots[i]!]!;
          const ci = c + (-1 - bytes[pivots[i]!]!);
          const ei = extent[pi]!;
          for (let i2 = 0; i2 < m; i2++) {
            if (i2 === i) continue;
            const q = front[pivots[i2]!]!;
            if (!bit(q, ci)) continue;
            xorLanes(q, pi, from, ((ei - 1) >> 7) - first + 1);
            slotRhs[q]! ^= slotRhs[pi]!;
            if (extent[q]! < ei) extent[q] = ei;
          }
        }
        let span = 1;
        for (let i = 0; i < m; i++) span = Math.max(span, ((extent[front[pivots[i]!]!]! - 1) >> 7) - first + 1);
        const S = span * 4;
        table.fill(0, 0, S);
        tableRhs[0] = 0;
        tableEnd[0] = 0;
        for (let g = 1; g < 1 << m; g++) {
          const i = 31 - Math.clz32(g & -g);
          const prev = g ^ (1 << i);
          const p = front[pivots[i]!]!;
          for (let l = 0; l < span; l++) {
            const pos = p * L + ((from + l) % lanes) * 4;
            for (let w = 0; w < 4; w++) table[g * S + l * 4 + w] = table[prev * S + l * 4 + w]! ^ ring[pos + w]!;
          }
          tableRhs[g] = tableRhs[prev]! ^ slotRhs[p]!;
          tableEnd[g] = Math.max(tableEnd[prev]!, extent[p]!);
        }
        for (let v = 0; v < 256; v++) {
          let g = 0;
          for (let i = 0; i < m; i++) g |= ((v >> (-1 - bytes[pivots[i]!]!)) & 1) << i;
          indexOf[v] = g;
        }
        for (let k = 0; k < size; k++) {
          if (bytes[k]! < 0) continue;
          const s = front[k]!;
          const g = indexOf[byteOf(s)]!;
          if (g === 0) continue;
          for (let l = 0; l < span; l++) {
            const pos = s * L + ((from + l) % lanes) * 4;
            for (let w = 0; w < 4; w++) ring[pos + w]! ^= table[g * S + l * 4 + w]!;
          }
          slotRhs[s]! ^= tableRhs[g]!;
          if (extent[s]! < tableEnd[g]!) extent[s] = tableEnd[g]!;
        }
        for (let i = 0; i < m; i++) {
          const k = pivots[i]!;
          const p = front[k]!;
          const last = (extent[p]! - 1) >> 7;
          const words = (last - first + 1) * 4;
          out[used] = c + (-1 - bytes[k]!);
          out[used + 1] = extent[p]!;
          out[used + 2] = slotRhs[p]!;
          out[used + 3] = words / 2;
          for (let lane = first; lane <= last; lane++) {
            const q = p * L + (lane % lanes) * 4;
            out.set(ring.subarray(q, q + 4), used + 4 + (lane - first) * 4);
          }
          used += 4 + words;
          free[freeCount++] = p;
        }
        let kept = 0;
        for (let k = 0; k < size; k++) if (bytes[k]! >= 0) front[kept++] = front[k]!;
        size = kept;
      }
      c = c1;
    }
    watch.onProgress?.(c, n);
  }
  for (let k = 0; k < size; k++) bad += slotRhs[front[k]!]!;
  rows.take(out.subarray(0, used));
  return rows.result(n, bad > 0);
}

/** The WebAssembly front: the same elimination in kernel memory (allocate/withScratch, freed on any exit). */
function frontWasm(input: FrontInput, slots: number, watch: BandedWatch): BandedEchelon | null {
  const { n, start, cols, lo, rhs } = input;
  const rowCount = lo.length;
  const lanes = input.estimate.lanes + 1;
  const outSize = outBytes(input);
  const k = load();
  const sizes = [
    start.byteLength,
    cols.byteLength,
    lo.byteLength,
    rhs.length,
    slots * lanes * 16,
    slots * 4,
    slots * 4,
    slots * 4,
    slots * 4,
    256 * lanes * 16 + 3072 + slots * 4,
    outSize,
    28,
  ] as const;
  return withScratch(`the banded elimination of a ${n}-cell board`, sizes, (ptrs) => {
    const [pStart, pCols, pLo, pRhs, pRing, pExtent, pSlotRhs, pFront, pFree, pTable, pOut, pState] = ptrs;
    const mem = () => k.memory.buffer;
    new Int32Array(mem(), pStart, start.length).set(start);
    new Int32Array(mem(), pCols, cols.length).set(cols);
    new Int32Array(mem(), pLo, lo.length).set(lo);
    new Uint8Array(mem(), pRhs, rhs.length).set(rhs);
    new Int32Array(mem(), pFree, slots).set(Int32Array.from({ length: slots }, (_, i) => i));
    const state = () => new Int32Array(mem(), pState, 7);
    state().set([0, 0, 0, slots, 0, input.emptyOnes, 0]);
    const rows = new PivotRows(n, 2);
    const slice = sliceOf(input, watch);
    for (;;) {
      watch.signal?.throwIfAborted();
      const c = state()[0]!;
      const status = guard("banded elimination", () =>
        k.bandedEchelon(
          pStart,
          pCols,
          pLo,
          pRhs,
          rowCount,
          n,
          pRing,
          lanes,
          slots,
          pExtent,
          pSlotRhs,
          pFront,
          pFree,
          pTable,
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
      if (s[0]! >= n) return rows.result(n, s[5]! > 0);
    }
  });
}

/** Engine of the banded route: the WebAssembly kernel or its TypeScript twin. */
export type BandedEngine = "wasm" | "ts";

/** Eliminates, growing the front when dependent rows pile up in it. */
function eliminate(input: FrontInput, engine: BandedEngine, watch: BandedWatch): BandedEchelon {
  let slots = input.estimate.front + 64;
  for (;;) {
    const e = engine === "ts" ? frontTs(input, slots, watch) : frontWasm(input, slots, watch);
    if (e) return e;
    slots *= 2;
  }
}

/** x (bits, in the elimination's numbering) completed by back substitution; `useRhs` false solves with b = 0. */
function backSubstitute(e: BandedEchelon, x: Uint32Array, useRhs: boolean): void {
  for (let t = e.rank - 1; t >= 0; t--) {
    const c = e.col[t]!;
    const row = e.blocks[e.block[t]!]!;
    const off = e.offset[t]!;
    const base = (c >> 7) << 2;
    let acc = 0;
    for (let w = 0; w < e.words[t]!; w++) acc ^= row[off + w]! & x[base + w]!;
    acc ^= acc >>> 16;
    acc ^= acc >>> 8;
    acc ^= acc >>> 4;
    acc ^= acc >>> 2;
    acc ^= acc >>> 1;
    if (((acc & 1) ^ (useRhs ? e.rhs[t]! : 0)) !== 0) x[c >> 5]! |= 1 << (c & 31);
  }
}

const bitVector = (n: number) => new Uint32Array((((n + 127) >> 7) + 1) * 4);

/** The bits of x, back in cell numbering. */
function toCells(x: Uint32Array, order: Int32Array): Uint8Array {
  const out = new Uint8Array(order.length);
  order.forEach((cell, t) => (out[cell] = (x[t >> 5]! >>> (t & 31)) & 1));
  return out;
}

/** Columns without a pivot, increasing. */
export function freeColumns(e: { n: number; rank: number; col: Int32Array }): Int32Array {
  const pivot = new Uint8Array(e.n);
  for (const c of e.col) pivot[c] = 1;
  const out = new Int32Array(e.n - e.rank);
  let f = 0;
  for (let c = 0; c < e.n; c++) if (!pivot[c]) out[f++] = c;
  return out;
}

/** A plan for one board: the system's rows, the order and the cost. */
export interface BandedPlan {
  /** Rows of the press matrix A (row i: the presses that change cell i). */
  rows: SparseRows;
  /** Rows of A^T (the press targets). */
  targets: SparseRows;
  /** Whether A = A^T (then ker A^T = ker A gives the proofs). */
  symmetric: boolean;
  order: Int32Array;
  estimate: BandedEstimate;
  /** Bytes the route will hold at most (front, input copies, pivot rows), checked before any is allocated. */
  bytes: number;
}

/**
 * Orders a board's cells and estimates the banded route's work and memory.
 *
 * @param board - A checked board.
 * @returns The plan.
 */
export function planBanded(board: Board): BandedPlan {
  if (board.kind === "grid") {
    const bytes = gridBytesAtLeast(board);
    memoryLimit.check(`the banded elimination of a ${board.rows} x ${board.cols} board`, bytes, wasmBytesInUse());
  }
  const targets = targetRows(board);
  const rows = transposeRows(targets);
  const { order, estimate } = chooseOrder(board, rows, targets);
  const slots = estimate.front + 64;
  const bytes =
    estimate.pivotBytes +
    (slots + 256) * (estimate.lanes + 1) * 16 +
    (rows.n + 1) * 4 * 7 +
    rows.idx.length * 8 +
    Math.min(OUT_BLOCK, estimate.pivotBytes);
  return { rows, targets, symmetric: sameRows(targets, rows), order, estimate, bytes };
}

/**
 * What a grid's banded elimination needs at the least, from its shape alone
 * (checked before the system is built): the press lists and their
 * transpose, and a pivot row per cell as wide as the band, which is at
 * least the shorter side times the rule's reach (twice that with glued edges).
 */
function gridBytesAtLeast(board: GridBoard): number {
  const { rows, cols } = board;
  const offsets = ruleOffsets(board.rule ?? "plus");
  const reachRows = Math.max(0, ...offsets.map(([dr]) => Math.abs(dr)));
  const reachCols = Math.max(0, ...offsets.map(([, dc]) => Math.abs(dc)));
  const band =
    Math.min(cols * reachRows + reachCols, rows * reachCols + reachRows) * (boardTopology(board) === "plane" ? 1 : 2);
  const cells = board.mask ? board.mask.reduce((sum, line) => sum + line.split("#").length - 1, 0) : rows * cols;
  return cells * ((offsets.length + 1) * 8 + 16 + 16 * Math.ceil(band / 128));
}

function checkMemory(plan: BandedPlan): void {
  memoryLimit.check(`the banded elimination of a ${plan.rows.n}-cell board`, plan.bytes, wasmBytesInUse());
}

/** What the banded route answers: the dense route's fields. */
export interface BandedAnswer {
  solvable: boolean;
  presses: Uint8Array | null;
  rank: number;
  nullity: number;
  proof?: Uint8Array;
}

/** y with y A = 0 and y . b = 1 from the eliminated transpose (or A itself when symmetric). */
function proofFrom(e: BandedEchelon, order: Int32Array, b: ArrayLike<number>): Uint8Array {
  const free = freeColumns(e);
  const dot = (y: Uint8Array) => {
    let d = 0;
    for (let i = 0; i < y.length; i++) d ^= y[i]! & (b[i]! ? 1 : 0);
    return d;
  };
  // y . b is a non-zero linear form on ker: a random kernel vector hits 1 half the time
  const next = xoshiro128(1);
  for (let attempt = 0; attempt < 64; attempt++) {
    const x = bitVector(e.n);
    for (const f of free) if (next() & 1) x[f >> 5]! |= 1 << (f & 31);
    backSubstitute(e, x, false);
    const y = toCells(x, order);
    if (dot(y)) return y;
  }
  for (const f of free) {
    const x = bitVector(e.n);
    x[f >> 5]! |= 1 << (f & 31);
    backSubstitute(e, x, false);
    const y = toCells(x, order);
    if (dot(y)) return y;
  }
  throw new Error("internal error: an inconsistent banded system without a proof; please report it");
}

/**
 * Solves A x = b by the banded route.
 *
 * @param plan - From {@link planBanded}.
 * @param lights - b, one 0/1 per cell (checked by the caller).
 * @param engine - The kernel or its twin.
 * @param watch - Progress and cancellation.
 * @returns Solvability, one solution, rank, nullity, and the proof when unsolvable.
 * @throws {RangeError} naming the memory needed when it passes the limit (before allocating).
 */
export function solveBanded(
  plan: BandedPlan,
  lights: ArrayLike<number>,
  engine: BandedEngine,
  watch: BandedWatch = {},
): BandedAnswer {
  checkMemory(plan);
  const { rows, order } = plan;
  const n = rows.n;
  const e = eliminate(frontInput(rows, order, lights, plan.estimate), engine, watch);
  const common = { rank: e.rank, nullity: n - e.rank };
  if (!e.inconsistent) {
    const x = bitVector(n);
    backSubstitute(e, x, true);
    return { solvable: true, presses: toCells(x, order), ...common };
  }
  const left = plan.symmetric ? e : eliminate(frontInput(plan.targets, order, null, plan.estimate), engine, watch);
  return { solvable: false, presses: null, ...common, proof: proofFrom(left, order, lights) };
}

/**
 * A basis of ker A (or with `left`, of ker A^T: the y with y A = 0) by the
 * banded route: one pattern per column without a pivot.
 *
 * @param plan - From {@link planBanded}.
 * @param engine - The kernel or its twin.
 * @param watch - Progress and cancellation.
 * @param left - Eliminate A^T instead (the same as A for symmetric boards).
 * @param maxEntries - The caller's cap on nullity x cells (checked with {@link MAX_QUIET_BYTES} after the elimination).
 * @returns nullity patterns of 0/1 per cell.
 * @throws {RangeError} when the basis would pass {@link MAX_QUIET_BYTES} or the cap, naming its size.
 */
export function quietBanded(
  plan: BandedPlan,
  engine: BandedEngine,
  watch: BandedWatch = {},
  left = false,
  maxEntries = Number.POSITIVE_INFINITY,
): Uint8Array[] {
  checkMemory(plan);
  const { order } = plan;
  const rows = left && !plan.symmetric ? plan.targets : plan.rows;
  const n = rows.n;
  const e = eliminate(frontInput(rows, order, null, plan.estimate), engine, watch);
  const nullity = n - e.rank;
  const most = Math.min(MAX_QUIET_BYTES, maxEntries);
  if (nullity * n > most) {
    throw quietTooLarge(`this ${n}-cell board`, nullity, n, most);
  }
  return Array.from(freeColumns(e), (f) => {
    const x = bitVector(n);
    x[f >> 5]! |= 1 << (f & 31);
    backSubstitute(e, x, false);
    return toCells(x, order);
  });
}

/**
 * The quiet patterns of {@link quietBanded} one at a time, from one
 * elimination: enumerating the first solutions of a huge board needs a few
 * patterns, not a basis of nullity x cells bytes.
 *
 * @param plan - From {@link planBanded}.
 * @returns The i-th basis pattern (0 <= i < nullity), built when asked.
 */
export function quietBandedSource(plan: BandedPlan): (i: number) => Uint8Array {
  checkMemory(plan);
  const { rows, order } = plan;
  const e = eliminate(frontInput(rows, order, null, plan.estimate), "wasm", {});
  const free = freeColumns(e);
  return (i) => {
    const f = free[i]!;
    const x = bitVector(rows.n);
    x[f >> 5]! |= 1 << (f & 31);
    backSubstitute(e, x, false);
    return toCells(x, order);
  };
}

/**
 * The raw elimination, for tests comparing the kernel and its twin.
 *
 * @param plan - From {@link planBanded}.
 * @param lights - b or null.
 * @param engine - The kernel or its twin.
 * @param slots - Front slots to start with (small values exercise the retry).
 * @returns The pivot rows.
 */
export function bandedEchelonFor(
  plan: BandedPlan,
  lights: ArrayLike<number> | null,
  engine: BandedEngine,
  slots?: number,
): BandedEchelon {
  const input = frontInput(plan.rows, plan.order, lights, plan.estimate);
  if (slots === undefined) return eliminate(input, engine, {});
  let s = slots;
  for (;;) {
    const e = engine === "ts" ? frontTs(input, s, {}) : frontWasm(input, s, {});
    if (e) return e;
    s *= 2;
  }
}
