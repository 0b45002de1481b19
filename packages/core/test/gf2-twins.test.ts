// WASM kernels against the TypeScript twin, on seeded random matrices whose
// sizes straddle the 64-bit word and 128-bit lane boundaries: every
// rows x cols x kind combination of those sizes (12 x 12 x 6 = 864) is run
// once, and fast-check samples random seeds and settings on top.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BitMatrix } from "../src/index.js";
import { liveWords, reverseByteBits } from "../src/gf2/bitmatrix.js";
import { apply, applyLeft, dense, makeBits, pair, paddingIsClean, plainRank, type Kind } from "./_support.js";

const SIZES = [0, 1, 31, 32, 33, 63, 64, 65, 127, 128, 129, 200];
const KINDS: Kind[] = ["dense", "sparse", "lowrank", "duplicate", "zero", "identity"];
// Random seeds and settings on top of the exhaustive grid of shapes.
const RUNS = { seed: 20261129, numRuns: 25 };

type Shape = { rows: number; cols: number; kind: Kind; seed: number };

/** Every combination of the boundary sizes and kinds, each with its own fixed seed; `nth` picks a setting in turn. */
const EVERY_SHAPE: (Shape & { nth: number })[] = SIZES.flatMap((rows, i) =>
  SIZES.flatMap((cols, j) =>
    KINDS.map((kind, k) => {
      const nth = (i * SIZES.length + j) * KINDS.length + k;
      return { rows, cols, kind, seed: 1 + nth * 7919, nth };
    }),
  ),
);

const shape = fc.record({
  rows: fc.constantFrom(...SIZES),
  cols: fc.constantFrom(...SIZES),
  kind: fc.constantFrom(...KINDS),
  seed: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
});

type M4riSetting = { k: number; tables: number; steps?: number } | undefined;

const M4RI_SETTINGS: M4riSetting[] = [
  undefined,
  { k: 1, tables: 1 },
  { k: 3, tables: 2, steps: 3 },
  { k: 5, tables: 3 },
  { k: 8, tables: 4, steps: 2 },
  { k: 2, tables: 6, steps: 5 },
  { k: 4, tables: 8, steps: 16 },
  { k: 6, tables: 4, steps: 4 },
];

/** Rows 0..pivots.length-1 start at their pivot columns (increasing), each pivot column is zero below its pivot, and the rows after them are zero. */
function isEchelon(m: number[][], pivots: number[]): boolean {
  const ok = (row: number[] | undefined, from: number) => row?.slice(0, from).every((v) => v === 0) === true;
  return (
    pivots.every((p, t) => ok(m[t], p) && m[t]![p] === 1 && (t === 0 || pivots[t - 1]! < p)) &&
    pivots.every((p, t) => m.slice(t + 1).every((row) => row[p] === 0)) &&
    m.slice(pivots.length).every((row) => row.every((v) => v === 0))
  );
}

describe("echelon forms: WASM (naive and Four Russians) = TypeScript twin", () => {
  it("reduced forms are identical, ranks and pivots agree, padding stays zero", () => {
    const check = ({ rows, cols, kind, seed }: Shape, m4ri: M4riSetting) => {
      const bits = makeBits(rows, cols, kind, seed);
      const { wasm, ts } = pair(rows, cols, bits);
      const fast = wasm.copy();
      const ref = ts.echelonize({ full: true });
      const naive = wasm.echelonize({ full: true, method: "naive" });
      const four = fast.echelonize({ full: true, method: "m4ri", ...(m4ri ? { m4ri } : {}) });
      expect(naive.rank).toBe(ref.rank);
      expect(four.rank).toBe(ref.rank);
      expect([...naive.pivots]).toEqual([...ref.pivots]);
      expect([...four.pivots]).toEqual([...ref.pivots]);
      expect(wasm.equals(ts)).toBe(true);
      expect(fast.equals(ts)).toBe(true);
      expect(paddingIsClean(fast) && paddingIsClean(wasm)).toBe(true);
      [wasm, ts, fast].forEach((m) => m.dispose());
    };
    for (const s of EVERY_SHAPE) check(s, M4RI_SETTINGS[s.nth % M4RI_SETTINGS.length]);
    fc.assert(fc.property(shape, fc.constantFrom(...M4RI_SETTINGS), check), RUNS);
  });

  it("forward elimination (rank) agrees with the twin and with plain arithmetic", () => {
    const check = ({ rows, cols, kind, seed }: Shape, m4ri: M4riSetting) => {
      const bits = makeBits(rows, cols, kind, seed);
      const { wasm, ts } = pair(rows, cols, bits);
      const plain = rows && cols ? plainRank(dense(ts)) : 0;
      const ref = ts.echelonize();
      const four = wasm.echelonize({ method: "m4ri", ...(m4ri ? { m4ri } : {}) });
      expect(ref.rank).toBe(plain);
      expect(four.rank).toBe(plain);
      expect([...four.pivots]).toEqual([...ref.pivots]);
      expect(paddingIsClean(wasm)).toBe(true);
      // an echelon form (Four Russians leaves its blocks' pivot rows triangular) of the same row space:
      // reduced, it is the input's reduced form
      const out = dense(wasm);
      expect(isEchelon(out, [...four.pivots])).toBe(true);
      const back = BitMatrix.fromBits(rows, cols, Uint8Array.from(out.flat()), { engine: "ts" });
      back.echelonize({ full: true });
      ts.echelonize({ full: true });
      expect(back.equals(ts)).toBe(true);
      [wasm, ts, back].forEach((m) => m.dispose());
    };
    for (const s of EVERY_SHAPE) check(s, M4RI_SETTINGS[(s.nth * 3) % M4RI_SETTINGS.length]);
    fc.assert(fc.property(shape, fc.constantFrom(...M4RI_SETTINGS), check), RUNS);
  });

  it("progress slices give the same result as one call", () => {
    const { wasm, ts } = pair(200, 129, makeBits(200, 129, "duplicate", 7));
    const seen: number[] = [];
    const one = ts.copy().echelonize({ full: true });
    const sliced = wasm.echelonize({ full: true, onProgress: (done) => seen.push(done) });
    expect(sliced.rank).toBe(one.rank);
    expect(seen.length).toBeGreaterThan(1);
    expect(seen.at(-1)).toBe(129);
  });

  it("wide matrices: sweeps cross several vertical strips of the row", () => {
    for (const [rows, cols, kind] of [
      [300, 4200, "dense"],
      [130, 6000, "lowrank"],
      [260, 2100, "duplicate"],
    ] as const) {
      const bits = makeBits(rows, cols, kind, rows + cols);
      for (const m4ri of [
        { k: 6, tables: 4, steps: 4 },
        { k: 3, tables: 3, steps: 7 },
        { k: 5, tables: 8, steps: 1 },
      ]) {
        for (const full of [false, true]) {
          const { wasm, ts } = pair(rows, cols, bits);
          const ref = ts.echelonize({ full });
          const got = wasm.echelonize({ full, method: "m4ri", m4ri });
          expect(got.rank).toBe(ref.rank);
          expect([...got.pivots]).toEqual([...ref.pivots]);
          if (full) expect(wasm.equals(ts)).toBe(true);
          expect(paddingIsClean(wasm)).toBe(true);
          wasm.dispose();
          ts.dispose();
        }
      }
    }
  });

  // assembly/rows.ts, xorFourTables: four lanes a step, then one; rows of
  // 512 bits and more take both loops, with 0 to 3 lanes left to the last
  it("rows across the four-table loop's steps of 4 and 1 lanes (products and eliminations)", () => {
    const width = fc.integer({ min: 1, max: 2200 });
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 24 }),
        width,
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        (rows, cols, seed) => {
          const bits = makeBits(rows, cols, "dense", seed);
          const { wasm, ts } = pair(rows, cols, bits);
          const ref = ts.echelonize({ full: true });
          const got = wasm.echelonize({ full: true, method: "m4ri", m4ri: { k: 8, tables: 4, steps: 2 } });
          expect([...got.pivots]).toEqual([...ref.pivots]);
          expect(wasm.equals(ts)).toBe(true);
          const a = pair(rows, 40, makeBits(rows, 40, "dense", seed + 1));
          const b = pair(40, cols, makeBits(40, cols, "dense", seed + 2));
          const cw = a.wasm.mul(b.wasm);
          const ct = a.ts.mul(b.ts);
          expect(cw.equals(ct)).toBe(true);
          expect(paddingIsClean(cw)).toBe(true);
          [wasm, ts, a.wasm, a.ts, b.wasm, b.ts, cw, ct].forEach((m) => m.dispose());
        },
      ),
      { seed: 20261206, numRuns: 60 },
    );
  });

  it("columns without a pivot: inside a block, in long runs, and once the rank is used up", () => {
    // column j is the XOR of the two before it when j % 5 == 3 (no pivot there), columns 150..299
    // are zero, every other column from 300 on copies the one before it, and the rows run out of
    // rank (rank < rows) in some shapes: a block goes on past a column without a pivot (in the
    // rows' reduced bits it kept, where they fit in a table slot), and the search jumps over runs
    const gappy = (rows: number, cols: number, seed: number) => {
      const bits = makeBits(rows, cols, "dense", seed);
      for (let i = 0; i < rows; i++) {
        for (let j = 0; j < cols; j++) {
          const at = i * cols + j;
          if (j >= 150 && j < 300) bits[at] = 0;
          else if (j >= 300) bits[at] = j % 2 === 1 ? bits[at - 1]! : bits[at]!;
          else if (j % 5 === 3 && j >= 2) bits[at] = bits[at - 1]! ^ bits[at - 2]!;
        }
      }
      return bits;
    };
    for (const [rows, cols] of [
      [400, 400],
      [130, 420],
      [257, 333],
      [600, 520],
    ] as const) {
      const bits = gappy(rows, cols, rows + cols);
      for (const full of [false, true]) {
        using ts = BitMatrix.fromBits(rows, cols, bits, { engine: "ts" });
        const ref = ts.echelonize({ full });
        for (const m4ri of M4RI_SETTINGS) {
          for (const threads of [1, 2]) {
            using wasm = BitMatrix.fromBits(rows, cols, bits);
            const got = wasm.echelonize({ full, method: "m4ri", threads, ...(m4ri ? { m4ri } : {}) });
            expect(got.rank).toBe(ref.rank);
            expect([...got.pivots]).toEqual([...ref.pivots]);
            if (full) expect(wasm.equals(ts)).toBe(true);
          }
        }
        for (const method of ["ple", "auto"] as const) {
          using wasm = BitMatrix.fromBits(rows, cols, bits);
          const got = wasm.echelonize({ full, method });
          expect([got.rank, ...got.pivots]).toEqual([ref.rank, ...ref.pivots]);
          if (full) expect(wasm.equals(ts)).toBe(true);
        }
      }
    }
  });

  it("passes over the columns without a pivot at once: a rank-10 elimination ends in its first slice", () => {
    // before, each column without a pivot read every row below the rank again, one column at a
    // time: 1990 such columns here, and a progress report every 64 of them (32 slices)
    using l = BitMatrix.random(2000, 10, { seed: 1 });
    using r = BitMatrix.random(10, 2000, { seed: 2 });
    for (const threads of [1, 2]) {
      for (const full of [false, true]) {
        using a = l.mul(r);
        const seen: number[] = [];
        const e = a.echelonize({ method: "m4ri", threads, full, onProgress: (done) => seen.push(done) });
        expect(e.rank).toBe(10);
        expect(seen).toEqual([2000]);
      }
    }
  });

  it("slices and deferred steps together (forward and reduced)", () => {
    for (const full of [false, true]) {
      const { wasm, ts } = pair(300, 300, makeBits(300, 300, "duplicate", 11));
      const slices: number[] = [];
      const ref = ts.echelonize({ full });
      const got = wasm.echelonize({ full, m4ri: { k: 3, tables: 2, steps: 4 }, onProgress: (d) => slices.push(d) });
      expect(got.rank).toBe(ref.rank);
      expect([...got.pivots]).toEqual([...ref.pivots]);
      if (full) expect(wasm.equals(ts)).toBe(true);
      expect(slices.length).toBeGreaterThan(2);
    }
  });
});

describe("products, transposes, copies: WASM = TypeScript twin", () => {
  it("mul", () => {
    const check = ({ rows, cols, kind, seed }: Shape, p: number, kindB: Kind) => {
      const a = pair(rows, cols, makeBits(rows, cols, kind, seed));
      const b = pair(cols, p, makeBits(cols, p, kindB, seed + 1));
      const cw = a.wasm.mul(b.wasm);
      const ct = a.ts.mul(b.ts);
      expect(cw.equals(ct)).toBe(true);
      expect(paddingIsClean(cw)).toBe(true);
      // an independent check of one column: A (B e_j) = (A B) e_j
      if (p > 0 && rows > 0) {
        const j = seed % p;
        const bj = Array.from({ length: cols }, (_, t) => b.ts.get(t, j));
        const abj = apply(dense(a.ts), bj);
        expect(abj).toEqual(Array.from({ length: rows }, (_, i) => ct.get(i, j)));
      }
      [a.wasm, a.ts, b.wasm, b.ts, cw, ct].forEach((m) => m.dispose());
    };
    // the inner dimension p and B's kind run through their values in turn
    for (const s of EVERY_SHAPE) check(s, SIZES[s.nth % SIZES.length]!, KINDS[Math.floor(s.nth / 5) % KINDS.length]!);
    fc.assert(fc.property(shape, fc.constantFrom(...SIZES), fc.constantFrom(...KINDS), check), RUNS);
  });

  it("transpose", () => {
    const check = ({ rows, cols, kind, seed }: Shape) => {
      const { wasm, ts } = pair(rows, cols, makeBits(rows, cols, kind, seed));
      const tw = wasm.transpose();
      expect(tw.equals(ts.transpose())).toBe(true);
      expect(tw.rows).toBe(cols);
      expect(paddingIsClean(tw)).toBe(true);
      expect(tw.transpose().equals(wasm)).toBe(true);
    };
    for (const s of EVERY_SHAPE) check(s);
    fc.assert(fc.property(shape, check), RUNS);
  });

  it("reverseByteBits (a PBM raster into rows): every byte of the range reversed, none outside it", () => {
    const table = Array.from({ length: 256 }, (_, b) =>
      Number.parseInt(b.toString(2).padStart(8, "0").split("").reverse().join(""), 2),
    );
    const reversed = (b: number) => table[b]!;
    const check = ({ rows, cols, kind, seed }: Shape, at: number, span: number) => {
      const { wasm, ts } = pair(rows, cols, makeBits(rows, cols, kind, seed));
      const bytes = (m: BitMatrix) => new Uint8Array(Uint32Array.from(liveWords(m)).buffer);
      const before = bytes(ts);
      const total = before.length;
      const from = Math.min(total, at % (total + 1));
      const to = Math.min(total, from + span);
      reverseByteBits(wasm, from, to);
      reverseByteBits(ts, from, to);
      const [w, t] = [bytes(wasm), bytes(ts)];
      // the first byte where the kernel and the twin differ, or where the twin is not the reversal
      const differ = (x: Uint8Array, y: ArrayLike<number>) => x.findIndex((b, i) => b !== y[i]);
      expect(differ(w, t)).toBe(-1);
      const expected = before.map((b, i) => (i >= from && i < to ? reversed(b) : b));
      expect(differ(t, expected)).toBe(-1);
    };
    // ranges starting and ending on and off 4- and 16-byte boundaries
    for (const s of EVERY_SHAPE) check(s, s.nth * 13, (s.nth * 37) % 300);
    fc.assert(
      fc.property(shape, fc.nat(100_000), fc.nat(5_000), (s, at, span) => check(s, at, span)),
      RUNS,
    );
  });

  it("slice and augment", () => {
    const check = ({ rows, cols, kind, seed }: Shape, x: number, y: number) => {
      const { wasm, ts } = pair(rows, cols, makeBits(rows, cols, kind, seed));
      const r0 = x % (rows + 1),
        c0 = y % (cols + 1);
      const r1 = r0 + ((x >> 8) % (rows - r0 + 1)),
        c1 = c0 + ((y >> 8) % (cols - c0 + 1));
      const sw = wasm.slice(r0, r1, c0, c1);
      expect(sw.equals(ts.slice(r0, r1, c0, c1))).toBe(true);
      expect(paddingIsClean(sw)).toBe(true);
      const aug = wasm.augment(wasm);
      expect(aug.equals(ts.augment(ts))).toBe(true);
      expect(aug.slice(0, rows, cols, 2 * cols).equals(wasm)).toBe(true);
    };
    for (const s of EVERY_SHAPE) check(s, s.seed * 31, s.seed * 17);
    fc.assert(fc.property(shape, fc.nat(), fc.nat(), check), RUNS);
  });

  it("slice from a word boundary (whole words copied, then the last word's bits)", () => {
    const { wasm, ts } = pair(70, 300, makeBits(70, 300, "dense", 9));
    for (const c0 of [0, 64, 128, 192])
      for (const width of [0, 1, 63, 64, 65, 100, 108])
        for (const [r0, r1] of [
          [0, 70],
          [3, 40],
        ] as const) {
          const c1 = Math.min(300, c0 + width);
          const sw = wasm.slice(r0, r1, c0, c1);
          expect(sw.equals(ts.slice(r0, r1, c0, c1)), `${r0}..${r1} x ${c0}..${c1}`).toBe(true);
          expect(paddingIsClean(sw)).toBe(true);
        }
  });
});

describe("solve, null space, transform (checked by arithmetic)", () => {
  it("solutions satisfy A x = b; certificates satisfy y A = 0, y . b = 1", () => {
    const check = ({ rows, cols, kind, seed }: Shape, reachable: boolean) => {
      if (rows === 0 || cols === 0) return;
      const { wasm, ts } = pair(rows, cols, makeBits(rows, cols, kind, seed));
      const a = dense(ts);
      const x0 = Array.from(makeBits(1, cols, "dense", seed + 5));
      const b = reachable ? apply(a, x0) : Array.from(makeBits(1, rows, "dense", seed + 9));
      const rank = plainRank(a);
      for (const m of [wasm, ts]) {
        const result = m.solve(b);
        expect(result.rank).toBe(rank);
        if (result.solvable) {
          expect(apply(a, result.x)).toEqual(b);
        } else {
          expect(reachable).toBe(false);
          expect(applyLeft(result.certificate, a, cols).every((v) => v === 0)).toBe(true);
          expect(result.certificate.reduce((acc, v, i) => acc ^ (v & b[i]!), 0)).toBe(1);
        }
      }
    };
    // reachable or not in turn: each kind and each size pair meets both
    for (const s of EVERY_SHAPE) check(s, (s.nth + Math.floor(s.nth / KINDS.length)) % 2 === 0);
    fc.assert(fc.property(shape, fc.boolean(), check), RUNS);
  });

  it.each([5, 67])("many right-hand sides in one elimination (%i consistent ones)", (goodCount) => {
    // 33 + 5 columns take the back-substitution route, 33 + 67 the reduced form
    const a = BitMatrix.fromBits(129, 65, makeBits(129, 65, "lowrank", 3));
    const rhs = BitMatrix.fromBits(129, 33, makeBits(129, 33, "dense", 4));
    const good = a.mul(BitMatrix.fromBits(65, goodCount, makeBits(65, goodCount, "dense", 8)));
    const all = rhs.augment(good);
    using sol = a.solveMany(all);
    using twin = a.to("ts").solveMany(all.to("ts"));
    expect(sol.x.equals(twin.x)).toBe(true);
    expect(sol.inconsistent.length).toBeGreaterThan(0);
    const ad = dense(a);
    const bd = dense(all);
    for (const { column, certificate } of sol.inconsistent) {
      expect(applyLeft(certificate, ad, 65).every((v) => v === 0)).toBe(true);
      expect(certificate.reduce((acc, v, i) => acc ^ (v & bd[i]![column]!), 0)).toBe(1);
    }
    const bad = new Set(sol.inconsistent.map((e) => e.column));
    const ax = dense(a.mul(sol.x));
    for (let j = 0; j < all.cols; j++) {
      if (j >= 33) expect(bad.has(j)).toBe(false);
      if (!bad.has(j)) expect(ax.map((r) => r[j])).toEqual(bd.map((r) => r[j]));
    }
  });

  it("null-space vectors are independent, killed by A, and count cols - rank", () => {
    const check = ({ rows, cols, kind, seed }: Shape) => {
      const { wasm, ts } = pair(rows, cols, makeBits(rows, cols, kind, seed));
      const n = wasm.nullspace();
      expect(n.equals(ts.nullspace())).toBe(true);
      const rank = ts.rank();
      expect(n.rows).toBe(cols - rank);
      expect(n.rank()).toBe(n.rows);
      if (rows > 0 && n.rows > 0) expect(wasm.mul(n.transpose()).rank()).toBe(0);
    };
    for (const s of EVERY_SHAPE) check(s);
    fc.assert(fc.property(shape, check), RUNS);
  });

  it("a pivot limit on [A | I] gives the transform", () => {
    const a = BitMatrix.fromBits(65, 70, makeBits(65, 70, "duplicate", 5));
    const aug = a.augment(BitMatrix.identity(65));
    const { rank } = aug.echelonize({ full: true, pivotLimit: 70 });
    const t = a.transform();
    expect(rank).toBe(t.rank);
    expect(aug.slice(0, 65, 0, 70).equals(t.E)).toBe(true);
    expect(aug.slice(0, 65, 70, 135).mul(a).equals(t.E)).toBe(true);
  });

  it("transform P A = E with P invertible", () => {
    const check = ({ rows, cols, kind, seed }: Shape) => {
      if (rows > 129) return;
      const { wasm, ts } = pair(rows, cols, makeBits(rows, cols, kind, seed));
      const t = wasm.transform();
      const r = ts.transform();
      expect(t.E.equals(r.E)).toBe(true);
      expect(t.P.mul(wasm).equals(t.E)).toBe(true);
      expect(t.P.rank()).toBe(rows);
      expect(t.E.equals(wasm.rref().matrix)).toBe(true);
    };
    for (const s of EVERY_SHAPE) check(s);
    fc.assert(fc.property(shape, check), RUNS);
  });
});
