// GF2Poly: the WebAssembly gcd against its TypeScript twin and against an
// independent bigint model, on degrees straddling the 32- and 64-bit word
// and 128-bit lane boundaries; algebraic laws; guard bands around the kernel.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { GF2Poly, sequencePolynomial } from "../src/index.js";
import { instantiate, invoke, polyGcdKernel } from "@lightsout/gf2-wasm";
import * as W from "../src/poly/_words.js";
import { gcdNaive } from "../src/poly/_gcd-naive.js";
import { sequenceByRecurrence } from "../src/poly/sequence.js";
import { seededWords } from "./_support.js";

const DEGREES = [-1, 0, 1, 31, 32, 33, 63, 64, 65, 127, 128, 129, 1000];
const RUNS = { seed: 20261129, numRuns: 80 };

/** A seeded random polynomial of exactly degree `d` (zero for -1), dense or sparse. */
function randomPoly(d: number, seed: number, sparse = false): bigint {
  if (d < 0) return 0n;
  const next = seededWords(seed);
  let v = 1n << BigInt(d);
  for (let i = 0; i < d; i++) {
    const s = next();
    if (sparse ? s % 29 === 0 : s & 1) v |= 1n << BigInt(i);
  }
  return v;
}

const poly = fc
  .record({ d: fc.constantFrom(...DEGREES), seed: fc.integer({ min: 1, max: 2 ** 31 - 1 }), sparse: fc.boolean() })
  .map(({ d, seed, sparse }) => randomPoly(d, seed, sparse));

// The bigint model: bit i = coefficient of x^i.
const deg = (a: bigint) => a.toString(2).length - (a === 0n ? 2 : 1);
function clmul(a: bigint, b: bigint): bigint {
  let r = 0n;
  for (let i = 0n; b >> i; i++) if ((b >> i) & 1n) r ^= a << i;
  return r;
}
function bmod(a: bigint, b: bigint): bigint {
  const db = deg(b);
  for (let d = deg(a); d >= db; d = deg(a)) a ^= b << BigInt(d - db);
  return a;
}
function bgcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, bmod(a, b)];
  return a;
}
const P = (v: bigint) => GF2Poly.fromBigInt(v);

describe("gcd: WASM kernel = TypeScript twin = bigint model", () => {
  it("across word-boundary degrees", () => {
    fc.assert(
      fc.property(poly, poly, (a, b) => {
        const wasm = P(a).gcd(P(b));
        const ts = P(a).gcd(P(b), { engine: "ts" });
        expect(wasm.toBigInt()).toBe(bgcd(a, b));
        expect(ts.equals(wasm)).toBe(true);
        expect(P(a).gcdDegree(P(b))).toBe(wasm.degree);
        expect(P(a).gcdDegree(P(b), { engine: "ts" })).toBe(wasm.degree);
      }),
      RUNS,
    );
  });

  it("with a planted common factor of every boundary degree", () => {
    fc.assert(
      fc.property(poly, poly, poly, (c, a, b) => {
        fc.pre(c !== 0n);
        const g = P(clmul(a, c)).gcd(P(clmul(b, c)));
        if (a !== 0n || b !== 0n) expect(g.mod(P(c)).isZero()).toBe(true);
        expect(g.toBigInt()).toBe(bgcd(clmul(a, c), clmul(b, c)));
      }),
      { ...RUNS, numRuns: 40 },
    );
  });

  it("divides both, and gcd(a, 0) = a, gcd(0, 0) = 0", () => {
    fc.assert(
      fc.property(poly, poly, (a, b) => {
        const g = P(a).gcd(P(b));
        if (!g.isZero()) {
          expect(P(a).mod(g).isZero()).toBe(true);
          expect(P(b).mod(g).isZero()).toBe(true);
        }
        expect(P(a).gcd(GF2Poly.ZERO).toBigInt()).toBe(a);
      }),
      RUNS,
    );
    expect(GF2Poly.ZERO.gcd(GF2Poly.ZERO).degree).toBe(-1);
  });

  it("degree 3000 (a long run of the vector loop)", () => {
    const a = randomPoly(3000, 7),
      b = randomPoly(2999, 8),
      c = randomPoly(700, 9);
    const wasm = P(clmul(a, c)).gcd(P(clmul(b, c)));
    expect(wasm.equals(P(clmul(a, c)).gcd(P(clmul(b, c)), { engine: "ts" }))).toBe(true);
    expect(wasm.degree).toBeGreaterThanOrEqual(700);
  });

  it("the kernel writes nothing outside its two buffers (guard bands)", () => {
    const k = instantiate();
    for (const d of [0, 63, 64, 127, 128, 129, 1000]) {
      const words = (Math.ceil(W.wordsFor(d) / 2) + 4) & ~1;
      const pad = 16; // u64 words of guard on each side
      const block = k.alloc((words + 2 * pad) * 8 * 2);
      const a = block + pad * 8,
        b = a + (words + 2 * pad) * 8;
      const view = () => new BigUint64Array(k.memory.buffer, block, (words + 2 * pad) * 2);
      view().fill(0xdeadbeefcafef00dn);
      const put = (ptr: number, v: bigint) => {
        const w = new BigUint64Array(k.memory.buffer, ptr, words);
        for (let i = 0; i < words; i++) w[i] = (v >> BigInt(64 * i)) & 0xffffffffffffffffn;
      };
      const x = randomPoly(d, d + 1),
        y = randomPoly(Math.max(0, d - 1), d + 2);
      put(a, x);
      put(b, y);
      let degree = -2;
      let calls = 0;
      // sliced: each call resumes where the previous one stopped
      while (degree === -2) {
        degree = invoke(k, polyGcdKernel, { a, b, words, maxSteps: 7 });
        calls++;
      }
      if (d >= 127) expect(calls).toBeGreaterThan(1);
      expect(degree).toBe(deg(bgcd(x, y)));
      const all = view();
      for (let i = 0; i < pad; i++) expect(all[i]).toBe(0xdeadbeefcafef00dn);
      for (let i = pad + words; i < 3 * pad + words; i++) expect(all[i]).toBe(0xdeadbeefcafef00dn);
      for (let i = 3 * pad + 2 * words; i < all.length; i++) expect(all[i]).toBe(0xdeadbeefcafef00dn);
      k.free(block);
    }
  });
});

describe("gcd degree with square factors peeled (the nullity route)", () => {
  const U = [1n, 2n, 3n]; // 1, x, x + 1
  /** u1 (u2 (... A^2 ...)^2)^2: nested square forms, with shared factors. */
  const nested = fc
    .record({ base: poly, us: fc.array(fc.constantFrom(...U), { maxLength: 4 }) })
    .map(({ base, us }) => us.reduce((acc, u) => clmul(u, clmul(acc, acc)), base));
  it("equals Euclid on nested forms u A^2, with common factors", () => {
    fc.assert(
      fc.property(nested, nested, poly, (a, b, c) => {
        fc.pre(deg(a) <= 5000 && deg(b) <= 5000);
        const cc = clmul(c, c);
        for (const [x, y] of [
          [a, b],
          [clmul(a, cc), clmul(b, cc)],
          [clmul(a, 2n), clmul(b, 6n)],
          [a, clmul(a, 3n)],
        ] as const) {
          const expected = P(x).gcdDegree(P(y), { engine: "ts" });
          const euclid = (p: Uint32Array, q: Uint32Array) => W.degreeOf(gcdNaive(p, q));
          expect(W.gcdDegreePeeled(P(x).words(), P(y).words(), euclid, 0)).toBe(expected); // peel down to constants
          expect(W.gcdDegreePeeled(P(x).words(), P(y).words(), euclid)).toBe(expected);
        }
      }),
      { ...RUNS, numRuns: 60 },
    );
  });

  it("even and odd parts: a = e^2 + x o^2", () => {
    fc.assert(
      fc.property(poly, (a) => {
        const { e, o } = W.evenOddRoots(P(a).words());
        const E = GF2Poly.fromWords(e),
          O = GF2Poly.fromWords(o);
        expect(E.square().add(O.square().shift(1)).toBigInt()).toBe(a);
      }),
      RUNS,
    );
  });
});

describe("arithmetic against the bigint model", () => {
  it("add, mul (schoolbook and Karatsuba), square, shift", () => {
    fc.assert(
      fc.property(poly, poly, fc.integer({ min: 0, max: 130 }), (a, b, s) => {
        expect(P(a).add(P(b)).toBigInt()).toBe(a ^ b);
        expect(P(a).mul(P(b)).toBigInt()).toBe(clmul(a, b));
        const school = W.mul(P(a).words(), P(b).words(), Infinity);
        const kara = W.mul(P(a).words(), P(b).words(), 1);
        expect(W.equal(school, kara)).toBe(true);
        expect(P(a).square().toBigInt()).toBe(clmul(a, a));
        expect(P(a).shift(s).toBigInt()).toBe(a << BigInt(s));
        expect(P(a).shift(-s).toBigInt()).toBe(a >> BigInt(s));
      }),
      RUNS,
    );
  });

  it("Karatsuba on large factors (several levels) = schoolbook", () => {
    const a = P(randomPoly(20000, 3)).words(),
      b = P(randomPoly(15000, 4)).words();
    expect(W.equal(W.mul(a, b), W.mul(a, b, Infinity))).toBe(true);
  });

  it("divmod: a = q b + r with deg r < deg b", () => {
    fc.assert(
      fc.property(poly, poly, (a, b) => {
        fc.pre(b !== 0n);
        const { quotient, remainder } = P(a).divmod(P(b));
        expect(quotient.mul(P(b)).add(remainder).toBigInt()).toBe(a);
        expect(remainder.degree).toBeLessThan(deg(b));
        expect(remainder.toBigInt()).toBe(bmod(a, b));
      }),
      RUNS,
    );
  });

  it("substitution x -> x + 1: against Horner, a ring map, an involution", () => {
    const xPlus1 = GF2Poly.parse("x + 1");
    const horner = (a: GF2Poly) => {
      let r = GF2Poly.ZERO;
      for (let i = a.degree; i >= 0; i--) r = r.mul(xPlus1).add(a.coefficient(i) ? GF2Poly.ONE : GF2Poly.ZERO);
      return r;
    };
    fc.assert(
      fc.property(poly, poly, (a, b) => {
        const sa = P(a).substituteXPlus1(),
          sb = P(b).substituteXPlus1();
        expect(sa.degree).toBe(deg(a));
        expect(P(a).mul(P(b)).substituteXPlus1().equals(sa.mul(sb))).toBe(true);
        expect(P(a).add(P(b)).substituteXPlus1().equals(sa.add(sb))).toBe(true);
        expect(sa.substituteXPlus1().toBigInt()).toBe(a);
        if (deg(a) <= 200) expect(sa.equals(horner(P(a)))).toBe(true);
      }),
      RUNS,
    );
  });

  it("equality, words, coefficients, bigint round trip", () => {
    fc.assert(
      fc.property(poly, (a) => {
        const p = P(a);
        expect(GF2Poly.fromWords(p.words()).equals(p)).toBe(true);
        expect(p.toBigInt()).toBe(a);
        expect(p.degree).toBe(deg(a));
        if (a > 1n) expect(p.coefficient(deg(a))).toBe(1);
        expect(p.equals(P(a ^ 1n))).toBe(false);
      }),
      RUNS,
    );
    expect(GF2Poly.fromWords(Uint32Array.of(5, 0, 0)).words()).toEqual(Uint32Array.of(5));
  });
});

describe("text", () => {
  it("toString and parse round trip", () => {
    fc.assert(
      fc.property(poly, (a) => {
        fc.pre(deg(a) <= 200);
        expect(GF2Poly.parse(P(a).toString()).toBigInt()).toBe(a);
      }),
      RUNS,
    );
    expect(GF2Poly.parse("x^3 + x + 1").toString()).toBe("x^3 + x + 1");
    expect(GF2Poly.parse("0").toString()).toBe("0");
    expect(GF2Poly.parse("x+x").toString()).toBe("0");
    expect(GF2Poly.parse("1 + x^2").toString()).toBe("x^2 + 1");
    expect(GF2Poly.parse(" x ").toString()).toBe("x");
  });

  it("documented examples", () => {
    const p = GF2Poly.parse("x^3 + x + 1");
    expect(p.mul(p).toString()).toBe("x^6 + x^2 + 1");
    expect(p.gcd(GF2Poly.parse("x^2 + 1")).degree).toBe(0);
    expect(p.substituteXPlus1().toString()).toBe("x^3 + x^2 + 1");
    expect(GF2Poly.parse("x^2 + 1").gcd(GF2Poly.parse("x^3 + 1")).toString()).toBe("x + 1");
    expect(GF2Poly.parse("x + 1").shift(3).toString()).toBe("x^4 + x^3");
    const { quotient, remainder } = GF2Poly.parse("x^3 + 1").divmod(GF2Poly.parse("x + 1"));
    expect([quotient.toString(), remainder.toString()]).toEqual(["x^2 + x + 1", "0"]);
    expect(GF2Poly.monomial(40).degree).toBe(40);
    expect(GF2Poly.fromWords(Uint32Array.of(0b1011)).toString()).toBe("x^3 + x + 1");
    expect(GF2Poly.fromBigInt(0b111n).toString()).toBe("x^2 + x + 1");
    expect(GF2Poly.parse("x^2").substituteXPlus1().toString()).toBe("x^2 + 1");
  });

  it("errors say what was expected and what was got", () => {
    expect(() => GF2Poly.parse("x^2 + 2")).toThrow(
      new SyntaxError('expected a term 1, x or x^k (k <= 2147483646) in a polynomial, got "2"'),
    );
    expect(() => GF2Poly.parse("")).toThrow(SyntaxError);
    expect(() => GF2Poly.parse(3 as unknown as string)).toThrow(new TypeError('"text" expected a string, got 3'));
    expect(() => GF2Poly.ONE.divmod(GF2Poly.ZERO)).toThrow(
      new RangeError('"divisor" expected a non-zero polynomial, got 0'),
    );
    expect(() => GF2Poly.ONE.add(1 as unknown as GF2Poly)).toThrow(new TypeError('"other" expected a GF2Poly, got 1'));
    expect(() => GF2Poly.ONE.gcd(GF2Poly.X, { engine: "gpu" as "ts" })).toThrow(
      new TypeError('"engine" expected "wasm" or "ts", got "gpu"'),
    );
    expect(() => GF2Poly.monomial(-1)).toThrow(new RangeError('"k" expected an integer in 0..2147483646, got -1'));
    expect(() => GF2Poly.fromBigInt(-1n)).toThrow(RangeError);
    expect(() => GF2Poly.X.shift(2 ** 31 - 2)).toThrow(RangeError);
  });
});

describe("the sequence f_0 = 1, f_1 = x, f_(k+1) = x f_k + f_(k-1)", () => {
  it("doubling = the recurrence for k = 0..400", () => {
    let prev = GF2Poly.ZERO,
      cur = GF2Poly.ONE; // f_(-1) = 0, f_0 = 1
    for (let k = 0; k <= 400; k++) {
      expect(sequencePolynomial(k).equals(cur)).toBe(true);
      expect(cur.degree).toBe(k);
      [prev, cur] = [cur, cur.shift(1).add(prev)];
    }
    expect(sequenceByRecurrence(77).equals(sequencePolynomial(77))).toBe(true);
  });

  it("the doubling identities f_(2k+1) = x f_k^2 and f_(2k) = f_k^2 + f_(k-1)^2, k = 1..300", () => {
    const f: GF2Poly[] = [GF2Poly.ONE, GF2Poly.X];
    for (let k = 2; k <= 601; k++) f.push(f[k - 1]!.shift(1).add(f[k - 2]!));
    for (let k = 1; k <= 300; k++) {
      expect(f[2 * k + 1]!.equals(f[k]!.square().shift(1))).toBe(true);
      expect(f[2 * k]!.equals(f[k]!.square().add(f[k - 1]!.square()))).toBe(true);
    }
  });

  it("small terms and large k", () => {
    expect(["1", "x", "x^2 + 1", "x^3", "x^4 + x^2 + 1", "x^5 + x"]).toEqual(
      [0, 1, 2, 3, 4, 5].map((k) => sequencePolynomial(k).toString()),
    );
    // f_(2^j - 1) = x^(2^j - 1) (f_(2k+1) = x f_k^2 from f_1 = x).
    expect(sequencePolynomial(2 ** 20 - 1).equals(GF2Poly.monomial(2 ** 20 - 1))).toBe(true);
    expect(sequencePolynomial(20_000).equals(sequenceByRecurrence(20_000))).toBe(true);
    expect(() => sequencePolynomial(-1)).toThrow(new RangeError('"k" expected an integer in 0..1073741824, got -1'));
  });
});
