// Test support: independent builders and checks written with plain arrays,
// so that results are judged by mathematics, not by the code under test.
import { BitMatrix, type Board, type EngineName } from "../src/index.js";
import { xoshiro128 } from "../src/internal/random.js";

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

/**
 * Seeded pseudo-random 32-bit words: the library's generator (xoshiro128**,
 * as `BitMatrix.random`), inputs only. Not a plain xorshift: every bit a
 * xorshift gives is a GF(2)-linear function of its 32-bit state, so a
 * matrix filled from one has rank at most about 32 (test matrices filled
 * that way had rank 33 at 512 x 512).
 */
export function seededWords(seed: number): () => number {
  return xoshiro128(seed);
}

/** Seeded pseudo-random numbers in [0, 1) (seededWords). */
export function seededUnit(seed: number): () => number {
  const next = seededWords(seed);
  return () => next() / 2 ** 32;
}

/** Deterministic pseudo-random matrices of several kinds, from a seed. */
export type Kind = "dense" | "sparse" | "lowrank" | "duplicate" | "zero" | "identity";

export function makeBits(rows: number, cols: number, kind: Kind, seed: number): Uint8Array {
  const rnd = seededUnit(seed);
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
  const m = a.map((row) => Uint8Array.from(row));
  const rows = m.length,
    cols = m[0]?.length ?? 0;
  let r = 0;
  for (let c = 0; c < cols && r < rows; c++) {
    const p = m.findIndex((row, i) => i >= r && row[c] === 1);
    if (p < 0) continue;
    [m[r], m[p]] = [m[p]!, m[r]!];
    const pivot = m[r]!;
    // forward elimination is enough for the rank: clear column c below the pivot
    for (let i = r + 1; i < rows; i++) {
      const row = m[i]!;
      if (row[c]) for (let j = c; j < cols; j++) row[j]! ^= pivot[j]!;
    }
    r++;
  }
  return r;
}

// Neighbourhood offsets [dr, dc] of the named rules, written out here rather than taken from core.
const PLUS: [number, number][] = [
  [-1, 0],
  [1, 0],
  [0, -1],
  [0, 1],
];
const X: [number, number][] = [
  [-1, -1],
  [-1, 1],
  [1, -1],
  [1, 1],
];
const KNIGHT: [number, number][] = [1, 2].flatMap((a) => {
  const b = 3 - a;
  return [
    [a, b],
    [a, -b],
    [-a, b],
    [-a, -b],
  ] as [number, number][];
});
const OFFSETS: Record<string, [number, number][]> = { plus: PLUS, x: X, king: [...PLUS, ...X], knight: KNIGHT };

/**
 * For each cell of a board, the cells its press changes, worked out from the
 * board's plain fields (rows, cols, mask, topology or torus, rule, self toggle, edges)
 * with the rules' offsets written out above: independent of core's
 * `pressTargets`. Cells are numbered row-major over the cells present. A cell
 * reached twice (small tori) is changed once.
 */
export function neighbourhoods(board: Board): number[][] {
  const self = board.selfToggle !== false;
  if (board.kind === "graph") {
    const out = Array.from({ length: board.vertices }, (_, v) => (self ? [v] : []));
    for (const [u, v] of board.edges) {
      if (!out[u]!.includes(v)) out[u]!.push(v);
      if (!out[v]!.includes(u)) out[v]!.push(u);
    }
    return out;
  }
  const { rows, cols, mask } = board;
  const topology = board.topology ?? "plane";
  const offsets = typeof board.rule === "object" ? board.rule.offsets : OFFSETS[board.rule ?? "plus"]!;
  const id = new Int32Array(rows * cols).fill(-1);
  let cells = 0;
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) if (!mask || mask[r]![c] === "#") id[r * cols + c] = cells++;
  const out: number[][] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const me = id[r * cols + c]!;
      if (me < 0) continue;
      const reach = self ? [me] : [];
      for (const [dr, dc] of offsets) {
        let rr = r + dr;
        let cc = c + dc;
        if (topology === "torus") {
          rr = ((rr % rows) + rows) % rows;
          cc = ((cc % cols) + cols) % cols;
        } else if (topology === "projective") {
          // cross the edges one at a time: over the top or bottom the column
          // comes back mirrored, over a side the row (offsets here are small)
          while (rr < 0 || rr >= rows) {
            rr += rr < 0 ? rows : -rows;
            cc = cols - 1 - cc;
          }
          while (cc < 0 || cc >= cols) {
            cc += cc < 0 ? cols : -cols;
            rr = rows - 1 - rr;
          }
        } else if (rr < 0 || rr >= rows || cc < 0 || cc >= cols) continue;
        const other = id[rr * cols + cc]!;
        if (other >= 0 && (other !== me || self) && !reach.includes(other)) reach.push(other);
      }
      out.push(reach);
    }
  }
  return out;
}

/**
 * Lights after presses over Z_k (k = 2: plain Lights Out), with plain loops
 * over {@link neighbourhoods}: press j, made x_j times, adds x_j to each cell
 * it reaches. Independent of core's `applyPresses`.
 */
export function pressed(board: Board, lights: ArrayLike<number>, presses: ArrayLike<number>, k = 2): Uint32Array {
  const reach = neighbourhoods(board);
  if (lights.length !== reach.length || presses.length !== reach.length) {
    throw new RangeError(`expected ${reach.length} lights and presses, got ${lights.length} and ${presses.length}`);
  }
  const out = Uint32Array.from(lights);
  reach.forEach((cells, j) => {
    const x = presses[j]! % k;
    if (x) for (const i of cells) out[i] = (out[i]! + x) % k;
  });
  return out;
}

/** Whether every light is 0. */
export function isDark(lights: ArrayLike<number>): boolean {
  for (let i = 0; i < lights.length; i++) if (lights[i] !== 0) return false;
  return true;
}

/** Nullity of a board's press matrix (column j = the cells press j changes) over GF(2), by {@link plainRank}. */
export function plainNullity(board: Board): number {
  const reach = neighbourhoods(board);
  const a: Dense = reach.map(() => new Array<number>(reach.length).fill(0));
  reach.forEach((cells, j) => {
    for (const i of cells) a[i]![j] = 1;
  });
  return reach.length - plainRank(a);
}
