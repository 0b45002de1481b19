/**
 * The hot loop: scores of many (guess, candidate) pairs over typed arrays.
 * A score (b, w) is the small integer b(n+1) + w = b n + (b + w).
 *
 * Fast path (n <= 8, k <= 16): each code is packed 4 bits per position in a
 * Uint32, so b = n - (number of non-zero nibbles of u XOR v); and each code's
 * colour-count vector gets an id, so b + w = sum_j min(n_j, m_j) is one read
 * of a precomputed (ids x ids) Uint8Array. On [5,8] this scores about 10^8
 * pairs per second (2-core Zen 3), against about 10^7 for the generic loop.
 *
 * @module
 */
import type { CodeSpace } from "./codes.js";

/** Ids of colour-count vectors beyond this go the generic path (the table is ids^2 bytes). */
const MAX_COUNT_VECTORS = 2048;

export class ScoreKernel {
  readonly n: number;
  readonly k: number;
  readonly size: number;
  /** Number of score codes: b(n+1) + w ranges over 0..n(n+1). */
  readonly scoreCount: number;
  /** The score code of (n, 0), the winning score. */
  readonly win: number;
  /** Colours 0..k-1 of code i at digits[i n + p]. */
  readonly digits: Uint8Array;
  /** Fast path: the code packed 4 bits per position; undefined on the generic path. */
  readonly packed: Uint32Array | undefined;
  /** Fast path: the id of each code's colour-count vector. */
  readonly countId: Uint16Array | undefined;
  /** Fast path: matches[a idCount + b] = sum_j min(count vector a_j, b_j). */
  readonly matches: Uint8Array | undefined;
  /** Fast path: the number of distinct colour-count vectors. */
  readonly idCount: number;
  /** Generic path: colour counts of code i at counts[i k + j]. */
  private readonly counts: Uint8Array | undefined;

  constructor(space: CodeSpace) {
    const { pegs: n, colors: k, size } = space;
    this.n = n;
    this.k = k;
    this.size = size;
    this.scoreCount = n * (n + 1) + 1;
    this.win = n * (n + 1);
    const digits = new Uint8Array(size * n);
    for (let i = 0; i < size; i++) {
      for (let p = n - 1, rest = i; p >= 0; p--, rest = Math.floor(rest / k)) digits[i * n + p] = rest % k;
    }
    this.digits = digits;
    const counts = new Uint8Array(size * k);
    for (let i = 0; i < size; i++) for (let p = 0; p < n; p++) counts[i * k + digits[i * n + p]!]!++;
    let fast = n <= 8 && k <= 16;
    const ids = new Map<number, number>();
    const countId = new Uint16Array(size);
    if (fast) {
      for (let i = 0; i < size && fast; i++) {
        let key = 0;
        for (let j = 0; j < k; j++) key = key * (n + 1) + counts[i * k + j]!;
        let id = ids.get(key);
        if (id === undefined) {
          id = ids.size;
          if (id >= MAX_COUNT_VECTORS) fast = false;
          ids.set(key, id);
        }
        countId[i] = id;
      }
    }
    if (fast) {
      const idCount = ids.size;
      const vectors = new Uint8Array(idCount * k);
      for (let i = 0; i < size; i++) vectors.set(counts.subarray(i * k, i * k + k), countId[i]! * k);
      const matches = new Uint8Array(idCount * idCount);
      for (let a = 0; a < idCount; a++) {
        for (let b = 0; b < idCount; b++) {
          let common = 0;
          for (let j = 0; j < k; j++) common += Math.min(vectors[a * k + j]!, vectors[b * k + j]!);
          matches[a * idCount + b] = common;
        }
      }
      const packed = new Uint32Array(size);
      for (let i = 0; i < size; i++) {
        let word = 0;
        for (let p = 0; p < n; p++) word |= digits[i * n + p]! << (4 * p);
        packed[i] = word;
      }
      this.packed = packed;
      this.countId = countId;
      this.matches = matches;
      this.idCount = idCount;
      this.counts = undefined;
    } else {
      this.packed = undefined;
      this.countId = undefined;
      this.matches = undefined;
      this.idCount = 0;
      this.counts = counts;
    }
  }

  /** Score code of one pair. */
  score(guess: number, secret: number): number {
    if (this.packed !== undefined) {
      const x = this.packed[guess]! ^ this.packed[secret]!;
      const differ = Math.imul((x | (x >>> 1) | (x >>> 2) | (x >>> 3)) & 0x11111111, 0x11111111) >>> 28;
      return (this.n - differ) * this.n + this.matches![this.countId![guess]! * this.idCount + this.countId![secret]!]!;
    }
    return this.scoreGeneric(guess, secret);
  }

  private scoreGeneric(guess: number, secret: number): number {
    const { n, k, digits } = this;
    const counts = this.counts!;
    let black = 0;
    for (let p = 0; p < n; p++) if (digits[guess * n + p] === digits[secret * n + p]) black++;
    let common = 0;
    for (let j = 0; j < k; j++) common += Math.min(counts[guess * k + j]!, counts[secret * k + j]!);
    return black * n + common;
  }

  /**
   * Writes the score codes of `guess` against `candidates[from..to)` into `out[from..to)`.
   * This is the loop every strategy and the evaluation spend their time in.
   * Score codes reach n(n+1) = 420 at 20 pegs, beyond a byte: rows are 16-bit.
   */
  scoreRow(guess: number, candidates: Uint32Array, from: number, to: number, out: Uint16Array): void {
    const packed = this.packed;
    if (packed !== undefined) {
      const n = this.n;
      const g = packed[guess]!;
      const countId = this.countId!;
      const matches = this.matches!;
      const row = countId[guess]! * this.idCount;
      for (let i = from; i < to; i++) {
        const s = candidates[i]!;
        const x = g ^ packed[s]!;
        const differ = Math.imul((x | (x >>> 1) | (x >>> 2) | (x >>> 3)) & 0x11111111, 0x11111111) >>> 28;
        out[i] = (n - differ) * n + matches[row + countId[s]!]!;
      }
      return;
    }
    for (let i = from; i < to; i++) out[i] = this.scoreGeneric(guess, candidates[i]!);
  }
}
