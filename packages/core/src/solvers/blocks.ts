// Independent blocks of a coset x0 + Q, Q a subspace of GF(2)^n (the quiet
// patterns): Q = Q_1 + ... + Q_m with the Q_b supported on disjoint sets of
// cells, so that the weight of x0 + q_1 + ... + q_m is the weight of x0
// outside every support plus, for each b, the weight of (x0 + q_b) on the
// support of Q_b: each block is minimised on its own.
//
// The blocks come from the reduced row echelon form of a basis of Q: two
// rows are in one block when they share a cell (transitively). This is the
// finest such splitting, whatever basis one starts from: if Q = Q' + Q''
// with disjoint supports S' and S'', take a reduced row r with its pivot in
// S'; its projection onto S' lies in Q' (inside Q), and agrees with r on
// every pivot (1 at its own, 0 at the others: a reduced row is 0 at the
// other pivots, the projection at most clears entries), and a vector of Q is
// fixed by its pivot entries, so r lies inside S'. Each reduced row thus
// lies in one part, and rows sharing a cell lie in the same one. (These are
// the connected components of the binary matroid of Q; see J. Oxley, Matroid
// Theory, chapter 4.)

import type { BitMatrix } from "../gf2/bitmatrix.js";
import { lexLess } from "./bits.js";
import type { CosetBest, ScanControl } from "./coset.js";

/** One block: the cells its vectors touch and its basis restricted to them. */
export interface CosetBlock {
  /** The cells some vector of the block is 1 on, increasing. */
  cells: Int32Array;
  /** Independent vectors spanning the block, one entry per cell of `cells` (reduced echelon rows). */
  basis: Uint8Array[];
}

/**
 * Splits span(rows) into blocks with disjoint supports, the finest there is.
 *
 * @param rows - A basis of the subspace in reduced row echelon form (as
 *   `BitMatrix.echelonize({ full: true })` leaves it), one 0/1 entry per cell.
 * @param n - The number of cells.
 * @returns The blocks, ordered by their first cell.
 */
export function splitBlocks(rows: readonly Uint8Array[], n: number): CosetBlock[] {
  const k = rows.length;
  const parent = Int32Array.from({ length: k }, (_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]!]!;
    return i;
  };
  const owner = new Int32Array(n).fill(-1);
  rows.forEach((row, i) => {
    for (let j = 0; j < n; j++) {
      if (row[j] === 0) continue;
      const o = owner[j]!;
      if (o < 0) owner[j] = i;
      else {
        const a = find(o);
        const b = find(i);
        if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
      }
    }
  });
  const blockOf = new Map<number, number>();
  const members: number[][] = [];
  const cells: number[][] = [];
  for (let j = 0; j < n; j++) {
    const o = owner[j]!;
    if (o < 0) continue;
    const root = find(o);
    let b = blockOf.get(root);
    if (b === undefined) {
      b = members.length;
      blockOf.set(root, b);
      members.push([]);
      cells.push([]);
    }
    cells[b]!.push(j);
  }
  for (let i = 0; i < k; i++) {
    const b = blockOf.get(find(i));
    // a zero row touches no cell; it spans nothing and is dropped
    if (b !== undefined) members[b]!.push(i);
  }
  return members.map((rowIds, b) => {
    const c = Int32Array.from(cells[b]!);
    return { cells: c, basis: rowIds.map((i) => restrict(rows[i]!, c)) };
  });
}

/** The entries of `v` at `cells`. */
export function restrict(v: ArrayLike<number>, cells: Int32Array): Uint8Array {
  const out = new Uint8Array(cells.length);
  for (let t = 0; t < cells.length; t++) out[t] = v[cells[t]!]!;
  return out;
}

/**
 * Largest quiet basis (nullity x cells entries) the split builds: beyond it
 * the blocks are not computed (and nothing of that size is allocated).
 */
export const MAX_SPLIT_ENTRIES = 2 ** 26;

/**
 * The solutions of A x = lights as one solution x and the independent blocks
 * of the quiet patterns (null when nullity x cells exceeds {@link MAX_SPLIT_ENTRIES}).
 */
export type CosetPlan =
  | { solvable: false; nullity: number }
  | { solvable: true; nullity: number; x: Uint8Array; blocks: CosetBlock[] | null };

/**
 * Solves A x = lights and splits the quiet patterns of A into blocks.
 *
 * @param a - The press matrix (square).
 * @param lights - One 0/1 per cell.
 * @returns Unsolvable, or one solution and the blocks of its coset (null when too big to build).
 */
export function planCoset(a: BitMatrix, lights: ArrayLike<number>): CosetPlan {
  const n = a.cols;
  const s = a.solve(lights);
  if (!s.solvable) return { solvable: false, nullity: s.nullity };
  if (s.nullity === 0) return { solvable: true, nullity: 0, x: s.x, blocks: [] };
  if (s.nullity * n > MAX_SPLIT_ENTRIES) return { solvable: true, nullity: s.nullity, x: s.x, blocks: null };
  using q = a.nullspace();
  q.echelonize({ full: true });
  return { solvable: true, nullity: s.nullity, x: s.x, blocks: splitBlocks(q.toRows(), n) };
}

/** The largest span one call of a coset kernel enumerates (Gray-code indices are 32-bit). */
const KERNEL_DIMENSION = 31;

/**
 * The least weight over x0 + span(basis), then the lexicographically
 * smallest, for any number of basis vectors: beyond what one kernel call
 * takes, the first vectors are fixed in every combination and the kernel
 * scans the rest each time.
 *
 * @param x0 - One 0/1 entry per cell.
 * @param basis - The spanning vectors.
 * @param minimise - A coset kernel (at most 31 vectors).
 * @param control - Abort signal; progress in members over the whole span.
 * @returns The least weight and its vector.
 */
export function minimiseSpan(
  x0: Uint8Array,
  basis: readonly Uint8Array[],
  minimise: (x0: Uint8Array, basis: readonly Uint8Array[], control: ScanControl) => CosetBest,
  control: ScanControl,
): CosetBest {
  const heads = basis.slice(0, Math.max(0, basis.length - KERNEL_DIMENSION));
  const rest = basis.slice(heads.length);
  const total = 2 ** basis.length;
  const step = 2 ** rest.length;
  let best: CosetBest | undefined;
  for (let h = 0; h < 2 ** heads.length; h++) {
    const y = Uint8Array.from(x0);
    heads.forEach((v, t) => {
      if (Math.floor(h / 2 ** t) % 2 === 1) for (let j = 0; j < y.length; j++) y[j]! ^= v[j]!;
    });
    const done = h * step;
    const r = minimise(y, rest, {
      signal: control.signal,
      onProgress: control.onProgress && ((d: number) => control.onProgress?.(done + d, total)),
    });
    if (best === undefined || r.weight < best.weight || (r.weight === best.weight && lexLess(r.vector, best.vector))) {
      best = r;
    }
  }
  return best!;
}

/**
 * The least weight over each block and, among the vectors of that weight,
 * the lexicographically smallest, written into `x` (which starts as any
 * member of the coset). Blocks have disjoint cells, so the minimum of the
 * whole coset is the sum of theirs, and the lexicographically smallest
 * minimum is made of theirs: at the first cell where another minimum
 * differs, the block owning that cell has a 0 there.
 *
 * @param x - A member of the coset; overwritten with the minimum.
 * @param blocks - The blocks of the coset.
 * @param minimise - A coset kernel (at most 31 vectors; larger blocks are scanned in parts).
 * @param control - Abort signal; progress in members over all blocks.
 */
export function minimiseBlocks(
  x: Uint8Array,
  blocks: readonly CosetBlock[],
  minimise: (x0: Uint8Array, basis: readonly Uint8Array[], control: ScanControl) => CosetBest,
  control: ScanControl,
): void {
  const total = blocks.reduce((s, b) => s + 2 ** b.basis.length, 0);
  let done = 0;
  for (const block of blocks) {
    const offset = done;
    const best = minimiseSpan(restrict(x, block.cells), block.basis, minimise, {
      signal: control.signal,
      onProgress: control.onProgress && ((d: number) => control.onProgress?.(offset + d, total)),
    });
    block.cells.forEach((cell, t) => (x[cell] = best.vector[t]!));
    done += 2 ** block.basis.length;
  }
}
