// The sparse routes against the dense one on every matrix small enough for
// both, at sizes around the 32- and 64-bit word and 128-bit lane
// boundaries; kernel vectors and solutions checked by multiplication here,
// ranks of incidence matrices against union-find (vertices - components).
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import {
  BitMatrix,
  adjacencyMatrix,
  gridBoard,
  incidenceMatrix,
  multiplySparse,
  type SparseBitMatrix,
  sparseFromBitMatrix,
  sparseFromCoordinates,
  sparseFromRows,
  sparseKernel,
  sparsePressMatrix,
  sparseRank,
  sparseSolve,
  sparseToBitMatrix,
  transposeSparse,
  checkSparseMatrix,
  getMemoryLimit,
  setMemoryLimit,
  type SparseOptions,
  type SparseProgress,
} from "../src/index.js";
import { seededUnit } from "./_support.js";

const RUNS = { seed: 20261201, numRuns: 40 };
const SIDES = [1, 2, 31, 32, 33, 63, 64, 65, 127, 128, 129];
const DENSITIES = [0, 0.005, 0.02, 0.06, 0.2, 0.5];

/** A seeded random matrix with some rows and columns left empty. */
function randomSparse(rows: number, cols: number, density: number, seed: number, emptyEvery: number): SparseBitMatrix {
  const next = seededUnit(seed);
  const r: number[] = [];
  const c: number[] = [];
  for (let i = 0; i < rows; i++) {
    if (emptyEvery > 0 && i % emptyEvery === 1) continue;
    for (let j = 0; j < cols; j++) {
      if (emptyEvery > 0 && j % emptyEvery === 2) continue;
      if (next() < density) {
        r.push(i);
        c.push(j);
      }
    }
  }
  return sparseFromCoordinates(rows, cols, r, c);
}

const matrices = fc
  .record({
    rows: fc.constantFrom(...SIDES),
    cols: fc.constantFrom(...SIDES),
    density: fc.constantFrom(...DENSITIES),
    seed: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
    emptyEvery: fc.constantFrom(0, 0, 5, 17),
  })
  .map(({ rows, cols, density, seed, emptyEvery }) => randomSparse(rows, cols, density, seed, emptyEvery));

/** The three ways the structured route can end: dense at once, the default hand-over, sparse to the end. */
const HAND_OVERS: SparseOptions[] = [
  { method: "structured", handOverDensity: 0 },
  { method: "structured" },
  { method: "structured", handOverDensity: 2 },
];

function denseRank(m: SparseBitMatrix): number {
  using d = sparseToBitMatrix(m);
  return d.rank();
}

/** Rank of a list of 0/1 vectors, by the dense kernel (for independence of kernel vectors). */
function vectorsRank(vectors: Uint8Array[], cols: number): number {
  if (vectors.length === 0) return 0;
  using d = BitMatrix.fromRows(vectors.map((v) => Array.from(v)));
  expect(d.cols).toBe(cols);
  return d.rank();
}

describe("sparse routes equal the dense route", () => {
  it("rank, for every hand-over, at word-boundary sizes", () => {
    fc.assert(
      fc.property(matrices, (m) => {
        const expected = denseRank(m);
        for (const options of HAND_OVERS) {
          const r = sparseRank(m, options);
          expect(r.rank).toBe(expected);
          expect(r.nullity).toBe(m.cols - expected);
          expect(r.method).toBe("structured");
          expect(r.exact).toBe(true);
        }
        expect(sparseRank(m, { method: "dense" }).rank).toBe(expected);
        expect(sparseRank(m).rank).toBe(expected);
      }),
      RUNS,
    );
  });

  it("kernel vectors: a basis, each checked by multiplication", () => {
    fc.assert(
      fc.property(matrices, (m) => {
        const nullity = m.cols - denseRank(m);
        for (const options of [...HAND_OVERS, { method: "dense" } as const]) {
          const k = sparseKernel(m, options);
          expect(k.nullity).toBe(nullity);
          expect(k.vectors.length).toBe(nullity);
          for (const v of k.vectors) expect(multiplySparse(m, v).every((bit) => bit === 0)).toBe(true);
          expect(vectorsRank(k.vectors, m.cols)).toBe(nullity);
        }
      }),
      { ...RUNS, numRuns: 25 },
    );
  });

  it("solve: solvable exactly when the dense route says so; x checked by multiplication", () => {
    fc.assert(
      fc.property(matrices, fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.boolean(), (m, seed, reachable) => {
        // b = A x0 (always solvable) or random bits (often not)
        let s = seed || 1;
        const bit = (): number => ((s = (s * 1103515245 + 12345) & 0x7fffffff) >>> 16) & 1;
        const b = reachable
          ? multiplySparse(m, Uint8Array.from({ length: m.cols }, bit))
          : Uint8Array.from({ length: m.rows }, bit);
        const dense = sparseSolve(m, b, { method: "dense" });
        if (reachable) expect(dense.solvable).toBe(true);
        for (const options of HAND_OVERS) {
          const s2 = sparseSolve(m, b, options);
          expect(s2.solvable).toBe(dense.solvable);
          expect(s2.rank).toBe(dense.rank);
          if (s2.solvable) expect([...multiplySparse(m, s2.x)]).toEqual([...b]);
        }
      }),
      RUNS,
    );
  });
});

/** Components of a graph by union-find, written here apart from the code under test. */
function components(vertices: number, edges: number[]): number {
  const parent = Int32Array.from({ length: vertices }, (_, i) => i);
  const find = (v: number): number => {
    while (parent[v] !== v) {
      parent[v] = parent[parent[v]!]!;
      v = parent[v]!;
    }
    return v;
  };
  let count = vertices;
  for (let k = 0; k < edges.length; k += 2) {
    const a = find(edges[k]!);
    const b = find(edges[k + 1]!);
    if (a !== b) {
      parent[a] = b;
      count--;
    }
  }
  return count;
}

describe("graphs", () => {
  it("the incidence matrix has rank vertices - components (union-find)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3000 }),
        fc.double({ min: 0.1, max: 3, noNaN: true }),
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        (vertices, degree, seed) => {
          let s = seed;
          const next = (): number => (s = (s * 48271) % 2147483647) % vertices;
          const edges: number[] = [];
          const count = Math.floor((vertices * degree) / 2);
          for (let e = 0; e < count; e++) edges.push(next(), next());
          const m = incidenceMatrix(vertices, edges);
          const expected = vertices - components(vertices, edges);
          expect(sparseRank(m, { method: "structured" }).rank).toBe(expected);
          const k = sparseKernel(m, { method: "structured", limit: 20 });
          for (const v of k.vectors) expect(multiplySparse(m, v).every((bit) => bit === 0)).toBe(true);
          expect(k.nullity).toBe(count - expected);
        },
      ),
      { ...RUNS, numRuns: 30 },
    );
  });

  it("a loop is a zero column; an edge listed twice cancels in the adjacency matrix", () => {
    const inc = incidenceMatrix(2, [0, 0, 0, 1]);
    expect([...inc.rowStart]).toEqual([0, 1, 2]);
    expect([...inc.colIndex]).toEqual([1, 1]);
    const adj = adjacencyMatrix(3, [0, 1, 0, 1, 1, 2, 2, 2]);
    expect([...adj.colIndex]).toEqual([2, 1, 2]);
  });

  it("the 5 x 5 board's press matrix has nullity 2; the 4 x 4's, 4", () => {
    expect(sparseRank(sparsePressMatrix(gridBoard(5, 5)), { method: "structured" }).nullity).toBe(2);
    expect(sparseRank(sparsePressMatrix(gridBoard(4, 4)), { method: "structured" }).nullity).toBe(4);
  });
});

describe("building", () => {
  it("duplicates add mod 2; rows come out sorted", () => {
    const m = sparseFromCoordinates(2, 4, [1, 0, 1, 1, 0, 1], [3, 2, 0, 3, 1, 3]);
    expect([...m.rowStart]).toEqual([0, 2, 4]);
    expect([...m.colIndex]).toEqual([1, 2, 0, 3]);
    expect(() => sparseFromCoordinates(2, 2, [2], [0])).toThrow(
      /coordinate 0 expected \(0\.\.1, 0\.\.1\), got \(2, 0\)/,
    );
  });

  it("transpose, BitMatrix round trips and the product agree with the dense kernel", () => {
    fc.assert(
      fc.property(matrices, fc.integer({ min: 1, max: 1000 }), (m, seed) => {
        using d = sparseToBitMatrix(m);
        const back = sparseFromBitMatrix(d);
        expect([...back.rowStart]).toEqual([...m.rowStart]);
        expect([...back.colIndex]).toEqual([...m.colIndex]);
        using dt = d.transpose();
        using st = sparseToBitMatrix(transposeSparse(m));
        expect(st.equals(dt)).toBe(true);
        const x = Uint8Array.from({ length: m.cols }, (_, j) => ((j * seed) % 3 === 0 ? 1 : 0));
        using xm = BitMatrix.fromBits(m.cols, 1, x);
        using ax = d.mul(xm);
        expect([...multiplySparse(m, x)]).toEqual(Array.from({ length: m.rows }, (_, i) => ax.get(i, 0)));
      }),
      { ...RUNS, numRuns: 20 },
    );
  });

  it("malformed matrices are refused with a message, never read past", () => {
    const good = sparseFromRows(3, [[0, 2], [1]]);
    expect(checkSparseMatrix(good)).toBe(good);
    expect(() => sparseRank({ ...good, colIndex: Uint32Array.of(2, 0, 1) })).toThrow(
      /row 0 expected increasing columns/,
    );
    expect(() => sparseRank({ ...good, colIndex: Uint32Array.of(0, 3, 1) })).toThrow(/in 0\.\.2, got 3/);
    expect(() => sparseRank({ ...good, rowStart: Uint32Array.of(0, 2) })).toThrow(/expected 3 offsets/);
    expect(() => sparseRank(null as unknown as SparseBitMatrix)).toThrow(TypeError);
    expect(() => sparseRank(good, { method: "lanczos" as "dense" })).toThrow(/"method" expected/);
  });
});

describe("the bound on fill-in", () => {
  const m = randomSparse(1500, 1500, 0.004, 3, 0);

  it("past it, the dense kernel takes the active part when it fits: the same rank", () => {
    const bounded = sparseRank(m, { method: "structured", maxNonzeros: m.colIndex.length + 10, handOverDensity: 2 });
    expect(bounded.rank).toBe(denseRank(m));
    expect(bounded.structured!.handOver).toBeDefined();
  });

  it("past it, with an active part too large for the dense kernel too: a RangeError naming both ways out", () => {
    const big = randomSparse(3000, 3000, 0.004, 5, 0); // 1.1 MB of bits: past half of a 1 MiB limit
    const limit = getMemoryLimit();
    setMemoryLimit(2 ** 20);
    try {
      expect(() =>
        sparseRank(big, { method: "structured", maxNonzeros: big.colIndex.length + 10, handOverDensity: 2 }),
      ).toThrow(
        /structured elimination's active part expected at most [\d,]+ nonzeros \(fill-in after \d+ pivots, \d+ x \d+ left, too large for the dense kernel too\).*raise maxNonzeros, or use method 'wiedemann'/,
      );
    } finally {
      setMemoryLimit(limit);
    }
  });
});

describe("progress and cancel", () => {
  const m = randomSparse(400, 400, 0.01, 7, 0);

  it("reports every phase with done <= total", () => {
    const seen = new Set<string>();
    const report = (p: SparseProgress): void => {
      seen.add(p.phase);
      expect(p.done).toBeLessThanOrEqual(p.total);
    };
    sparseKernel(m, { method: "structured", onProgress: report });
    expect(seen).toContain("structured");
    expect(seen).toContain("back-substitution");
    sparseRank(m, { method: "structured", handOverDensity: 0, onProgress: report });
    expect(seen).toContain("dense");
  });

  // Regression: a phase's first report waited until 50 ms after the realm's start (the clock's zero),
  // so a CLI process that got there sooner showed no bar for the structured phase.
  it("reports a phase's first step at once, even in a realm younger than 50 ms", () => {
    const now = vi.spyOn(performance, "now").mockReturnValue(1);
    try {
      const structured: number[] = [];
      sparseRank(m, {
        method: "structured",
        handOverDensity: 0,
        onProgress: (p) => {
          if (p.phase === "structured") structured.push(p.done);
        },
      });
      expect(structured.length).toBeGreaterThan(0);
    } finally {
      now.mockRestore();
    }
  });

  it("an aborted signal stops every route with its reason", () => {
    const reason = new Error("stop");
    const signal = AbortSignal.abort(reason);
    for (const method of ["structured", "dense"] as const) {
      expect(() => sparseRank(m, { method, signal })).toThrow(reason);
    }
  });

  it("a signal aborted mid-phase stops that phase (structured, dense, back-substitution)", () => {
    const big = randomSparse(3000, 3000, 0.002, 9, 0);
    for (const [phase, options] of [
      ["structured", { handOverDensity: 2 }],
      ["dense", { handOverDensity: 0 }],
      ["back-substitution", {}],
    ] as const) {
      const controller = new AbortController();
      const reason = new Error(`stopped in ${phase}`);
      const seen: string[] = [];
      const run = () =>
        sparseKernel(big, {
          method: "structured",
          ...options,
          signal: controller.signal,
          onProgress: (p) => {
            seen.push(p.phase);
            if (p.phase === phase) controller.abort(reason);
          },
        });
      expect(run).toThrow(reason);
      expect(seen).toContain(phase);
    }
  });

  it("wiedemann: the dense route's rank and verified kernel vectors, Monte Carlo and saying so; no solve", () => {
    // a matrix of nullity 5: unit upper triangular (independent rows), then 5 rows copied over others
    const n = 600;
    const rows: number[][] = Array.from({ length: n }, (_, i) => [i, i + 1, i + 17].filter((j) => j < n));
    for (const [to, from] of [
      [10, 20],
      [30, 40],
      [50, 60],
      [70, 80],
      [90, 100],
    ] as const)
      rows[to] = rows[from]!.slice();
    const w = sparseFromRows(n, rows);
    const dense = sparseRank(w, { method: "dense" });
    expect(dense.rank).toBe(n - 5);
    const phases = new Set<string>();
    const found = sparseKernel(w, { method: "wiedemann", onProgress: (p) => phases.add(p.phase) });
    expect({ rank: found.rank, method: found.method, exact: found.exact }).toEqual({
      rank: dense.rank,
      method: "wiedemann",
      exact: false,
    });
    expect(found.wiedemann?.errorBound).toBe(2 ** -40);
    expect(found.wiedemann?.rankAtMost).toBe(found.rank);
    expect(found.wiedemann?.guarantee).toMatch(/proven/);
    // the threads that ran the products: one when asked for one
    expect(sparseRank(w, { method: "wiedemann", threads: 1 }).wiedemann?.threads).toBe(1);
    expect(found.vectors).toHaveLength(n - dense.rank);
    for (const v of found.vectors) expect(multiplySparse(w, v).every((x) => x === 0)).toBe(true);
    expect([...phases]).toEqual(expect.arrayContaining(["sequence", "berlekamp-massey", "solution"]));
    expect(() => sparseSolve(w, new Array(n).fill(0), { method: "wiedemann" })).toThrow(
      /'wiedemann' solves no systems/,
    );
    expect(() => sparseRank(w, { method: "wiedemann", signal: AbortSignal.abort(new Error("stop")) })).toThrow("stop");
  });
});
