// The plain TypeScript twin of the banded kernel (assembly/banded.ts): the
// same skeleton (rows enter by first column, zero rows leave, the front
// keeps its order), the same steps per ring (GF(2): blocks of 8 columns,
// pivots on bytes, a Four Russians table; Z_p: one column, the first row
// non-zero there), the same output, on typed arrays: a GF(2) lane as four
// u32, a Z_p lane as 128 u32 residues, every entry reduced at once (the
// kernel delays reduction; every choice depends only on residues, so the
// output is the same).

import { invMod, mulMod } from "../modular/arith.js";
import type { FrontInput, FrontRun } from "./banded.js";

/** The front of one elimination: rows of `L` u32 in a ring of lanes, and the kernel's bookkeeping. */
class Front {
  readonly lanes: number;
  /** u32 per lane: 4 bits-words over GF(2), 128 residues over Z_p. */
  readonly laneWords: number;
  readonly L: number;
  readonly ring: Uint32Array;
  readonly extent: Int32Array;
  readonly slotRhs: Uint32Array;
  readonly front: Int32Array;
  readonly free: Int32Array;
  readonly out: Uint32Array;
  size = 0;
  freeCount: number;
  bad: number;
  used = 0;
  constructor(
    readonly input: FrontInput,
    readonly p: number,
    slots: number,
    outBytes: number,
  ) {
    this.lanes = input.estimate.lanes + 1;
    this.laneWords = p === 2 ? 4 : 128;
    this.L = this.lanes * this.laneWords;
    this.ring = new Uint32Array(slots * this.L);
    this.extent = new Int32Array(slots);
    this.slotRhs = new Uint32Array(slots);
    this.front = new Int32Array(slots);
    this.free = Int32Array.from({ length: slots }, (_, i) => i);
    this.out = new Uint32Array(outBytes / 4);
    this.freeCount = slots;
    this.bad = input.emptyOnes;
  }
  /** u32 index of the word (GF(2)) or entry (Z_p) holding column j in slot s. */
  at(s: number, j: number): number {
    const lane = s * this.L + ((j >> 7) % this.lanes) * this.laneWords;
    return this.p === 2 ? lane + ((j >> 5) & 3) : lane + (j & 127);
  }
  /** Input row r joins the front. */
  enter(r: number): void {
    const { start, cols, rhs } = this.input;
    const s = this.free[--this.freeCount]!;
    this.ring.fill(0, s * this.L, (s + 1) * this.L);
    let end = 0;
    for (let k = start[r]!; k < start[r + 1]!; k++) {
      const j = cols[k]!;
      if (this.p === 2) this.ring[this.at(s, j)]! |= 1 << (j & 31);
      else this.ring[this.at(s, j)] = 1;
      if (j + 1 > end) end = j + 1;
    }
    this.extent[s] = end;
    // the kernel reads GF(2) right-hand sides as bytes
    this.slotRhs[s] = this.p === 2 ? rhs[r]! & 0xff : rhs[r]!;
    this.front[this.size++] = s;
  }
  /** Rows whose extent is at most c leave, the front keeping its order. */
  leave(c: number): void {
    let kept = 0;
    for (let k = 0; k < this.size; k++) {
      const s = this.front[k]!;
      if (this.extent[s]! <= c) {
        if (this.slotRhs[s]! % this.p !== 0) this.bad++;
        this.free[this.freeCount++] = s;
      } else this.front[kept++] = s;
    }
    this.size = kept;
  }
  /** Writes slot s as the pivot row of column c with `length` units of `words` (u32 from ring positions), frees it. */
  emit(c: number, s: number, length: number, words: (t: number) => number, count: number): void {
    const o = this.used;
    this.out[o] = c;
    this.out[o + 1] = this.extent[s]!;
    this.out[o + 2] = this.slotRhs[s]!;
    this.out[o + 3] = length;
    for (let t = 0; t < count; t++) this.out[o + 4 + t] = this.ring[words(t)]!;
    this.used += 4 + count;
    this.free[this.freeCount++] = s;
  }
}

/**
 * Eliminates `run.input` over GF(2) (p = 2) or Z_p as the kernel does,
 * writing the pivot rows into `run.rows`.
 *
 * @returns The number of rows that made the system inconsistent, or -1 when the slots were too few.
 */
export function frontNaive(run: FrontRun): number {
  const { input, p, slots, watch, rows, slice, outBytes } = run;
  const f = new Front(input, p, slots, outBytes);
  const { n, lo } = input;
  const step = p === 2 ? 8 : 1;
  const need = step * (4 + f.L);
  let next = 0;
  let c = 0;
  while (c < n) {
    watch.signal?.throwIfAborted();
    const stop = Math.min(n, c + slice);
    while (c < stop) {
      const c1 = Math.min(c + step, n);
      if (f.used + need > f.out.length) {
        rows.take(f.out.subarray(0, f.used));
        f.used = 0;
      }
      while (next < lo.length && lo[next]! < c1) {
        if (f.freeCount === 0) return -1;
        f.enter(next++);
      }
      f.leave(c);
      if (p === 2) gf2Block(f, c, c1);
      else zpColumn(f, c);
      c = c1;
    }
    watch.onProgress?.(c, n);
  }
  f.leave(n);
  rows.take(f.out.subarray(0, f.used));
  return f.bad;
}

/** GF(2): columns c..c1-1, the Four Russians way (see assembly/banded.ts). */
function gf2Block(f: Front, c: number, c1: number): void {
  const { ring, front, extent, slotRhs, lanes, L } = f;
  const from = (c >> 7) % lanes;
  const byteOf = (s: number) => (ring[f.at(s, c)]! >>> (c & 31)) & 0xff;
  const bytes = Int32Array.from({ length: f.size }, (_, k) => byteOf(front[k]!));
  // pivots on the bytes alone: for bit j, the first row whose reduced byte has it
  const pivots: number[] = [];
  const pivotBytes: number[] = [];
  const pivotColumns: number[] = [];
  for (let j = 0; j < c1 - c; j++) {
    for (let k = 0; k < f.size; k++) {
      let v = bytes[k]!;
      if (v < 0) continue;
      pivots.forEach((_, i) => {
        if ((v >> pivotColumns[i]!) & 1) v ^= pivotBytes[i]!;
      });
      if ((v >> j) & 1) {
        bytes[k] = -1 - j;
        pivots.push(k);
        pivotColumns.push(j);
        pivotBytes.push(v);
        break;
      }
    }
  }
  const m = pivots.length;
  if (m === 0) return;
  const slot = (i: number) => front[pivots[i]!]!;
  const bit = (i: number) => -1 - bytes[pivots[i]!]!;
  const first = c >> 7;
  const laneAt = (s: number, l: number) => s * L + ((from + l) % lanes) * 4;
  // the pivot rows reduced among themselves, in the order chosen
  for (let i = 0; i < m; i++) {
    const pi = slot(i);
    const ci = c + bit(i);
    const ei = extent[pi]!;
    for (let i2 = 0; i2 < m; i2++) {
      const q = slot(i2);
      if (i2 === i || !((ring[f.at(q, ci)]! >>> (ci & 31)) & 1)) continue;
      for (let l = 0; l < ((ei - 1) >> 7) - first + 1; l++)
        for (let w = 0; w < 4; w++) ring[laneAt(q, l) + w]! ^= ring[laneAt(pi, l) + w]!;
      slotRhs[q]! ^= slotRhs[pi]!;
      if (extent[q]! < ei) extent[q] = ei;
    }
  }
  // the table of the 2^m sums over the pivots' span, and the byte -> entry index
  let span = 1;
  for (let i = 0; i < m; i++) span = Math.max(span, ((extent[slot(i)]! - 1) >> 7) - first + 1);
  const S = span * 4;
  const table = new Uint32Array((1 << m) * S);
  const tableRhs = new Uint32Array(1 << m);
  const tableEnd = new Int32Array(1 << m);
  for (let g = 1; g < 1 << m; g++) {
    const i = 31 - Math.clz32(g & -g);
    const prev = g ^ (1 << i);
    const s = slot(i);
    for (let l = 0; l < span; l++)
      for (let w = 0; w < 4; w++) table[g * S + l * 4 + w] = table[prev * S + l * 4 + w]! ^ ring[laneAt(s, l) + w]!;
    tableRhs[g] = tableRhs[prev]! ^ slotRhs[s]!;
    tableEnd[g] = Math.max(tableEnd[prev]!, extent[s]!);
  }
  for (let k = 0; k < f.size; k++) {
    if (bytes[k]! < 0) continue;
    const s = front[k]!;
    let g = 0;
    for (let i = 0; i < m; i++) g |= ((byteOf(s) >> bit(i)) & 1) << i;
    if (g === 0) continue;
    for (let l = 0; l < span; l++) for (let w = 0; w < 4; w++) ring[laneAt(s, l) + w]! ^= table[g * S + l * 4 + w]!;
    slotRhs[s]! ^= tableRhs[g]!;
    if (extent[s]! < tableEnd[g]!) extent[s] = tableEnd[g]!;
  }
  // the pivot rows leave, lane by lane in column order; the front keeps the others in order
  for (let i = 0; i < m; i++) {
    const s = slot(i);
    const lanesOut = ((extent[s]! - 1) >> 7) - first + 1;
    f.emit(c + bit(i), s, lanesOut * 2, (t) => laneAt(s, t >> 2) + (t & 3), lanesOut * 4);
  }
  let kept = 0;
  for (let k = 0; k < f.size; k++) if (bytes[k]! >= 0) front[kept++] = front[k]!;
  f.size = kept;
}

/** Z_p: column c (see assembly/banded.ts), every entry reduced as it is written. */
function zpColumn(f: Front, c: number): void {
  const { ring, front, extent, slotRhs, p } = f;
  let best = -1;
  for (let k = 0; k < f.size && best < 0; k++) if (ring[f.at(front[k]!, c)]! % p !== 0) best = k;
  if (best < 0) return;
  const pv = front[best]!;
  const end = extent[pv]!;
  const first = c & ~3;
  const count = ((end + 3) & ~3) - first;
  const inv = invMod(ring[f.at(pv, c)]! % p, p);
  for (let j = first; j < first + count; j++) ring[f.at(pv, j)] = mulMod(ring[f.at(pv, j)]!, inv, p);
  const prhs = mulMod(slotRhs[pv]! % p, inv, p);
  slotRhs[pv] = prhs;
  for (let k = 0; k < f.size; k++) {
    const s = front[k]!;
    const v = ring[f.at(s, c)]! % p;
    if (k === best || v === 0) continue;
    const m = p - v;
    for (let j = first; j < first + count; j++)
      ring[f.at(s, j)] = (ring[f.at(s, j)]! + mulMod(m, ring[f.at(pv, j)]!, p)) % p;
    slotRhs[s] = (slotRhs[s]! + mulMod(m, prhs, p)) % p;
    if (extent[s]! < end) extent[s] = end;
  }
  f.emit(c, pv, count, (t) => f.at(pv, first + t), count);
  front.copyWithin(best, best + 1, f.size);
  f.size--;
}
