// Test support: independent builders and checks written with plain arrays,
// so that results are judged by mathematics, not by the code under test.
import { BitMatrix, type EngineName } from "../src/index.js";

/** Entries as a rows x cols array of 0/1 rows. */
export type Dense = number[][];

export function dense(m: BitMatrix): Dense {
  return m.toRows().map((row) => Array.from(row));
}

/** A x over GF(2) with plain loops. */
export function apply(a: Dense, x: ArrayLike<number>): number[] {
  return a.map((row) => row.reduce((acc, v, j) => acc ^ (v & (x[j] ?? 0)), 0));
}

/** y A over GF(2). */
export function applyLeft(y: ArrayLike<number>, a: Dense, cols: number): number[] {
  const out = new Array<number>(cols).fill(0);
  a.forEach((row, i) => {
    if (y[i]) row.forEach((v, j) => (out[j]! ^= v));
  });
  return out;
}

/**
 * The closed-neighbourhood ("Lights Out") matrix of the m x n grid: pressing
 * a cell toggles it and its orthogonal neighbours. Cells are row-major.
 */
export function lightsOutMatrix(m: number, n: number): Dense {
  const N = m * n;
  const a: Dense = Array.from({ length: N }, () => new Array<number>(N).fill(0));
  for (let r = 0; r < m; r++) {
    for (let c = 0; c < n; c++) {
      const i = r * n + c;
      for (const [dr, dc] of [
        [0, 0],
        [1, 0],
        [-1, 0],
        [0, 1],
        [0, -1],
      ] as const) {
        const rr = r + dr,
          cc = c + dc;
        if (rr >= 0 && rr < m && cc >= 0 && cc < n) a[i]![rr * n + cc] = 1;
      }
    }
  }
  return a;
}

/** Deterministic pseudo-random matrices of several kinds, from a seed. */
export type Kind = "dense" | "sparse" | "lowrank" | "duplicate" | "zero" | "identity";

export function makeBits(rows: number, cols: number, kind: Kind, seed: number): Uint8Array {
  let s = seed >>> 0 || 1;
  const rnd = () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
  const bits = new Uint8Array(rows * cols);
  if (kind === "zero") return bits;
  if (kind === "identity") {
    for (let i = 0; i < Math.min(rows, cols); i++) bits[i * cols + i] = 1;
    return bits;
  }
  if (kind === "lowrank") {
    // rows are XORs of a few base rows: rank <= base
    const base = Math.max(1, Math.floor(rnd() * Math.min(rows, cols, 40)));
    const basis = Array.from({ length: base }, () => Array.from({ length: cols }, () => (rnd() < 0.5 ? 1 : 0)));
    for (let i = 0; i < rows; i++) {
      for (const b of basis) if (rnd() < 0.5) for (let j = 0; j < cols; j++) bits[i * cols + j]! ^= b[j]!;
    }
    return bits;
  }
  const p = kind === "sparse" ? 0.05 : 0.5;
  for (let k = 0; k < bits.length; k++) bits[k] = rnd() < p ? 1 : 0;
  if (kind === "duplicate" && rows > 1) {
    for (let i = 1; i < rows; i += 3) bits.copyWithin(i * cols, (i - 1) * cols, i * cols);
  }
  return bits;
}

export function pair(rows: number, cols: number, bits: Uint8Array): Record<EngineName, BitMatrix> {
  return { wasm: BitMatrix.fromBits(rows, cols, bits), ts: BitMatrix.fromBits(rows, cols, bits, { engine: "ts" }) };
}

/** Every bit past the last column is zero (the layout's rule). */
export function paddingIsClean(m: BitMatrix): boolean {
  const w = m.packedWords();
  const s = m.strideWords * 2;
  for (let i = 0; i < m.rows; i++) {
    for (let k = 0; k < s; k++) {
      const first = k * 32;
      const valid = Math.max(0, Math.min(32, m.cols - first));
      const mask = valid === 32 ? 0 : ~((2 ** valid - 1) >>> 0) >>> 0;
      if ((w[i * s + k]! & mask) >>> 0 !== 0) return false;
    }
  }
  return true;
}

/** Rank by plain Gaussian elimination on arrays (independent of both engines). */
export function plainRank(a: Dense): number {
  const m = a.map((row) => row.slice());
  const rows = m.length,
    cols = m[0]?.length ?? 0;
  let r = 0;
  for (let c = 0; c < cols && r < rows; c++) {
    const p = m.findIndex((row, i) => i >= r && row[c] === 1);
    if (p < 0) continue;
    [m[r], m[p]] = [m[p]!, m[r]!];
    for (let i = 0; i < rows; i++) if (i !== r && m[i]![c]) m[i] = m[i]!.map((v, j) => v ^ m[r]![j]!);
    r++;
  }
  return r;
}
