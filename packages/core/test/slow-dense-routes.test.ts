// Slow cross-checks of the dense routes at the sizes where their default
// tuning takes effect (LIGHTSOUT_SLOW=1): Four Russians, PLE on one and two
// threads and `auto` give the same reduced form and pivots; plain forms give
// the rank and span the same rows; a pivot limit gives the same matrix; the
// null space has cols - rank independent rows that A annihilates; and a
// product U V of random m x r and r x n factors (r at most half of m and n)
// has rank r: random U and V fall short of rank r with probability below
// 2^(r - m) + 2^(r - n), so rank r is what the mathematics says, not what
// another route of ours said. The fast suites check the same on small matrices with small
// cutoffs; these run the real cutoffs (Strassen-Winograd from 8192, PLE's
// base windows, `auto` switching at 24576).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BitMatrix, endThreads, initThreads, threadsUnavailable } from "../src/index.js";
import { seededWords } from "./_support.js";

type Kind = "dense" | "lowrank" | "near-full" | "shifted";

/** Shapes straddling words, the Strassen-Winograd cutoff and `auto`'s switch to PLE; tall and wide. */
const SHAPES: [number, number][] = [
  [8191, 8191],
  [8257, 8257],
  [12000, 9000],
  [9000, 12100],
  [16448, 16448],
  [20000, 5000],
  [5000, 20000],
  [24640, 24640],
];

const KINDS: Kind[] = ["dense", "lowrank", "near-full", "shifted"];

/** A seeded stream of integers below `k`. */
function stream(seed: number): (k: number) => number {
  const words = seededWords(seed);
  return (k) => words() % k;
}

/**
 * The matrix of a case, and the rank it must have when the mathematics
 * fixes it (-1 when only the routes' agreement checks it). "shifted": a
 * product of inner size a multiple of 64 with bits set among the first 64
 * columns, so that pivots jump across columns without one.
 */
function build(m: number, n: number, kind: Kind, next: (k: number) => number): { a: BitMatrix; rank: number } {
  const seed = 1 + next(1e6);
  if (kind === "dense") return { a: BitMatrix.random(m, n, { seed }), rank: -1 };
  const small = Math.min(m, n);
  const r =
    kind === "lowrank"
      ? 1 + next(small >> 1)
      : kind === "near-full"
        ? small - 1 - next(70)
        : 64 * (1 + next(small >> 7));
  const u = BitMatrix.random(m, r, { seed });
  const v = BitMatrix.random(r, n, { seed: seed + 1 });
  try {
    const a = u.mul(v, { threads: 2 });
    if (kind === "shifted") for (let i = 0; i < m; i += 1 + next(5)) a.set(i, next(Math.min(64, n)), 1);
    return { a, rank: kind === "lowrank" ? r : -1 };
  } finally {
    u.dispose();
    v.dispose();
  }
}

/** Whether every entry of A N^T is zero. */
function annihilates(a: BitMatrix, ns: BitMatrix): boolean {
  const nt = ns.transpose();
  const z = a.mul(nt, { threads: 2 });
  const zero = BitMatrix.zeros(z.rows, z.cols);
  try {
    return z.equals(zero);
  } finally {
    for (const x of [nt, z, zero]) x.dispose();
  }
}

/** What one case checks (see the top of this file); failures name the route. */
function check(a: BitMatrix, n: number, rank: number, kind: Kind): void {
  const routes = [
    ["ple", 1],
    ["ple", 2],
    ["m4ri", 2],
    ["auto", 2],
  ] as const;
  const forms = routes.map(([method, threads]) => a.rref({ method, threads }));
  try {
    const [first] = forms;
    if (rank >= 0) expect(first!.rank, `${kind}: the rank of U V`).toBe(rank);
    for (const [i, form] of forms.entries()) {
      expect([form.rank, form.pivots], `${kind}: ${routes[i]}'s pivots`).toEqual([first!.rank, first!.pivots]);
      expect(form.matrix.equals(first!.matrix), `${kind}: ${routes[i]}'s reduced form`).toBe(true);
    }
    for (const [method, threads] of [
      ["ple", 2],
      ["m4ri", 1],
    ] as const) {
      const e = a.copy();
      try {
        const plain = e.echelonize({ method, threads });
        expect([plain.rank, plain.pivots], `${kind}: ${method}'s plain form`).toEqual([first!.rank, first!.pivots]);
        const again = e.rref({ method: "m4ri", threads: 2 });
        expect(again.matrix.equals(first!.matrix), `${kind}: the rows of ${method}'s plain form`).toBe(true);
        again.matrix.dispose();
      } finally {
        e.dispose();
      }
    }
    const limit = Math.floor(n * 0.7) + 37;
    const limited = (["ple", "m4ri"] as const).map((method) => {
      const e = a.copy();
      return { e, r: e.echelonize({ method, threads: 2, full: true, pivotLimit: limit }) };
    });
    try {
      expect(limited[1]!.r, `${kind}: pivots before ${limit}`).toEqual(limited[0]!.r);
      expect(limited[1]!.e.equals(limited[0]!.e), `${kind}: the form with pivots before ${limit}`).toBe(true);
    } finally {
      for (const { e } of limited) e.dispose();
    }
    const ns = a.nullspace({ method: "ple", threads: 2 });
    try {
      expect(ns.rows, `${kind}: null space rows`).toBe(n - first!.rank);
      if (ns.rows > 0) {
        expect(annihilates(a, ns), `${kind}: A N^T = 0`).toBe(true);
        expect(ns.rank({ method: "ple", threads: 2 }), `${kind}: an independent null space`).toBe(ns.rows);
      }
    } finally {
      ns.dispose();
    }
  } finally {
    for (const form of forms) form.matrix.dispose();
  }
}

describe("dense routes at their real cutoffs, slow", () => {
  beforeAll(async () => {
    if (threadsUnavailable() === undefined) await initThreads(2);
  });
  afterAll(() => endThreads());

  for (const [m, n] of SHAPES) {
    it(`agree on ${m} x ${n} matrices of every kind, and meet the mathematics`, () => {
      const next = stream(m * 65537 + n);
      for (const kind of KINDS) {
        const { a, rank } = build(m, n, kind, next);
        try {
          check(a, n, rank, kind);
        } finally {
          a.dispose();
        }
      }
    }, 900_000);
  }
});
