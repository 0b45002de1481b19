// Test support for the sparse routes: random sparse matrices with plain
// arrays, singular ones of a nullity known by construction, and the dense
// rank of the same matrix through BitMatrix, so that sparse answers are
// judged by an independent route.
import { BitMatrix } from "../src/index.js";
import { xoshiro128 } from "../src/internal/random.js";
import type { SparseBitMatrix } from "../src/sparse/matrix.js";

/** Uniform numbers in [0, 1) from a seed (the library's generator: seeds mean the same inputs everywhere). */
export function uniform(seed: number): () => number {
  const next = xoshiro128(seed);
  return () => next() / 2 ** 32;
}

/** Compressed rows from rows of column lists (sorted, duplicates added mod 2). */
export function fromRowLists(rows: number, cols: number, lists: readonly number[][]): SparseBitMatrix {
  const rowStart = new Uint32Array(rows + 1);
  const entries: number[] = [];
  for (let i = 0; i < rows; i++) {
    const counts = new Map<number, number>();
    for (const c of lists[i] ?? []) counts.set(c, (counts.get(c) ?? 0) ^ 1);
    const kept = [...counts]
      .filter(([, odd]) => odd)
      .map(([c]) => c)
      .sort((a, b) => a - b);
    entries.push(...kept);
    rowStart[i + 1] = entries.length;
  }
  return { rows, cols, rowStart, colIndex: Uint32Array.from(entries) };
}

/** A random rows x cols matrix with about `perRow` nonzeros a row. */
export function randomSparse(rows: number, cols: number, perRow: number, seed: number): SparseBitMatrix {
  const random = uniform(seed);
  const lists = Array.from({ length: rows }, () => Array.from({ length: perRow }, () => Math.floor(random() * cols)));
  return fromRowLists(rows, cols, lists);
}

/**
 * A random matrix made singular on purpose: `zero` columns emptied and
 * `duplicated` columns made copies of others, so its nullity is at least
 * zero + duplicated (each adds a kernel vector: e_j, or e_j + e_k).
 */
export function singularSparse(
  n: number,
  perRow: number,
  zero: number,
  duplicated: number,
  seed: number,
): SparseBitMatrix {
  const random = uniform(seed);
  const dense = Array.from({ length: n }, () => new Uint8Array(n));
  for (const row of dense) for (let k = 0; k < perRow; k++) row[Math.floor(random() * n)] = 1;
  for (let z = 0; z < zero; z++) for (const row of dense) row[z] = 0;
  for (let d = 0; d < duplicated; d++) for (const row of dense) row[zero + d] = row[n - 1 - d]!;
  return fromRowLists(
    n,
    n,
    dense.map((row) => [...row.keys()].filter((j) => row[j] === 1)),
  );
}

/** The same matrix as a BitMatrix (the dense route). */
export function toDense(m: SparseBitMatrix): BitMatrix {
  const bits = new Uint8Array(m.rows * m.cols);
  for (let i = 0; i < m.rows; i++)
    for (let p = m.rowStart[i]!; p < m.rowStart[i + 1]!; p++) bits[i * m.cols + m.colIndex[p]!] = 1;
  return BitMatrix.fromBits(m.rows, m.cols, bits);
}

/** A v with plain loops (v as u32 words of bits). */
export function sparseTimes(m: SparseBitMatrix, v: Uint32Array): number[] {
  const out: number[] = [];
  for (let i = 0; i < m.rows; i++) {
    let bit = 0;
    for (let p = m.rowStart[i]!; p < m.rowStart[i + 1]!; p++)
      bit ^= (v[m.colIndex[p]! >> 5]! >>> (m.colIndex[p]! & 31)) & 1;
    out.push(bit);
  }
  return out;
}

/** Rank of vectors (u32 words of `bits` bits) by plain elimination. */
export function vectorRank(vectors: readonly Uint32Array[], bits: number): number {
  if (vectors.length === 0) return 0;
  const rows = vectors.map((v) => Array.from({ length: bits }, (_, j) => (v[j >> 5]! >>> (j & 31)) & 1));
  return BitMatrix.fromRows(rows).rank();
}
