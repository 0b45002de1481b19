// Fields: axioms by fast-check on prime and extension fields, inverses,
// GF(4)'s tables worked out by hand, irreducible moduli, errors.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  extensionField,
  type ExtensionField,
  findIrreducible,
  galoisField,
  GF2,
  isIrreducible,
  isPrime,
  primeField,
  type Field,
} from "../src/index.js";

const FIELDS: [string, Field][] = [
  ["GF(2)", GF2],
  ["Z_3", primeField(3)],
  ["Z_7", primeField(7)],
  ["Z_65521", primeField(65521)],
  ["Z_2147483647", primeField(2147483647)],
  ["GF(4)", galoisField(4)],
  ["GF(8)", galoisField("2^3")],
  ["GF(9)", galoisField(9)],
  ["GF(16)", galoisField(16)],
  ["GF(25)", galoisField(25)],
  ["GF(3^5)", galoisField("3^5")],
  ["GF(2^20) (no tables)", galoisField("2^20")],
  ["GF(46337^2) (no tables)", galoisField("46337^2")],
];

describe.each(FIELDS)("field axioms: %s", (_, f) => {
  const el = fc.integer({ min: 0, max: f.order - 1 });
  const nonzero = fc.integer({ min: 1, max: f.order - 1 });
  const runs = { numRuns: 300, seed: 42 };

  it("addition: associative, commutative, identity 0, inverses", () => {
    fc.assert(
      fc.property(el, el, el, (a, b, c) => {
        expect(f.add(f.add(a, b), c)).toBe(f.add(a, f.add(b, c)));
        expect(f.add(a, b)).toBe(f.add(b, a));
        expect(f.add(a, f.zero)).toBe(a);
        expect(f.add(a, f.neg(a))).toBe(f.zero);
        expect(f.sub(a, b)).toBe(f.add(a, f.neg(b)));
      }),
      runs,
    );
  });

  it("multiplication: associative, commutative, identity 1, distributive", () => {
    fc.assert(
      fc.property(el, el, el, (a, b, c) => {
        expect(f.mul(f.mul(a, b), c)).toBe(f.mul(a, f.mul(b, c)));
        expect(f.mul(a, b)).toBe(f.mul(b, a));
        expect(f.mul(a, f.one)).toBe(a);
        expect(f.mul(a, f.zero)).toBe(f.zero);
        expect(f.mul(a, f.add(b, c))).toBe(f.add(f.mul(a, b), f.mul(a, c)));
      }),
      runs,
    );
  });

  it("inverses of non-zero elements; no zero divisors", () => {
    fc.assert(
      fc.property(nonzero, nonzero, (a, b) => {
        expect(f.mul(a, f.inv(a))).toBe(f.one);
        expect(f.mul(a, b)).not.toBe(f.zero);
        expect(f.div(f.mul(a, b), b)).toBe(a);
      }),
      runs,
    );
    expect(() => f.inv(0)).toThrow(RangeError);
  });

  it("characteristic: p copies of 1 add up to 0; order = p^degree", () => {
    expect(f.characteristic ** f.degree).toBe(f.order);
    if (f.characteristic < 100) {
      let s = 0;
      for (let i = 0; i < f.characteristic; i++) s = f.add(s, f.one);
      expect(s).toBe(0);
    }
  });

  it("format and parse are inverse", () => {
    fc.assert(
      fc.property(el, (a) => {
        expect(f.parse(f.format(a))).toBe(a);
      }),
      runs,
    );
  });
});

describe("small fields exhaustively", () => {
  it.each([[4], [8], [9], [16], [25], [27], [243], [3], [7], [31]])(
    "GF(%i): every non-zero element has one inverse",
    (q) => {
      const f = galoisField(q);
      for (let a = 1; a < q; a++) {
        const inverses: number[] = [];
        for (let b = 1; b < q; b++) if (f.mul(a, b) === 1) inverses.push(b);
        expect(inverses).toEqual([f.inv(a)]);
      }
    },
  );

  it("the multiplicative group of GF(16) is cyclic: some element has order 15", () => {
    const f = galoisField(16);
    const orderOf = (a: number) => {
      let x = a;
      let n = 1;
      while (x !== 1) {
        x = f.mul(x, a);
        n++;
      }
      return n;
    };
    const orders = Array.from({ length: 15 }, (_, i) => orderOf(i + 1));
    expect(orders.filter((o) => o === 15)).toHaveLength(8); // phi(15) generators
  });
});

describe("GF(4) = Z_2[x]/(x^2+x+1): the tables worked out by hand", () => {
  // Elements 0, 1, a, a+1 have codes 0, 1, 2, 3 (coefficients as binary digits).
  const f = extensionField(2, 2, { modulus: "x^2+x+1" });
  const names = ["0", "1", "a", "a+1"];
  const code = (name: string) => names.indexOf(name);

  it("formats and parses the four elements", () => {
    expect([0, 1, 2, 3].map((c) => f.format(c))).toEqual(names);
    expect(names.map((n) => f.parse(n))).toEqual([0, 1, 2, 3]);
    expect(f.parse(" 1 + a ")).toBe(3);
    expect(f.parse("a^2")).toBe(3); // reduced: a^2 = a + 1
  });

  it("addition table: coefficients add mod 2", () => {
    // x + x = 0 in characteristic 2; 1 + a = a+1; 1 + (a+1) = a; a + (a+1) = 1.
    const expected = [
      ["0", "1", "a", "a+1"],
      ["1", "0", "a+1", "a"],
      ["a", "a+1", "0", "1"],
      ["a+1", "a", "1", "0"],
    ];
    for (let x = 0; x < 4; x++) for (let y = 0; y < 4; y++) expect(f.format(f.add(x, y))).toBe(expected[x]![y]);
  });

  it("multiplication table from a^2 = a + 1", () => {
    // a * a = a + 1; a * (a+1) = a^2 + a = 1; (a+1)^2 = a^2 + 1 = a.
    const expected = [
      ["0", "0", "0", "0"],
      ["0", "1", "a", "a+1"],
      ["0", "a", "a+1", "1"],
      ["0", "a+1", "1", "a"],
    ];
    for (let x = 0; x < 4; x++) for (let y = 0; y < 4; y++) expect(f.format(f.mul(x, y))).toBe(expected[x]![y]);
    expect(f.inv(code("a"))).toBe(code("a+1"));
  });

  it("the default GF(4) is the same field", () => {
    expect((galoisField(4) as ExtensionField).modulus).toEqual([1, 1, 1]);
  });
});

describe("prime fields", () => {
  it("isPrime agrees with a sieve below 10,000 and knows the large primes", () => {
    const sieve = new Uint8Array(10000).fill(1);
    sieve[0] = sieve[1] = 0;
    for (let i = 2; i * i < 10000; i++) if (sieve[i]) for (let j = i * i; j < 10000; j += i) sieve[j] = 0;
    for (let n = 0; n < 10000; n++) expect(isPrime(n)).toBe(sieve[n] === 1);
    expect(isPrime(65521)).toBe(true);
    expect(isPrime(2147483647)).toBe(true);
    expect(isPrime(2147483647 - 2)).toBe(false);
    expect(isPrime(46337 * 46327)).toBe(false);
  });

  it("products mod a 31-bit prime agree with BigInt", () => {
    const p = 2147483647;
    const f = primeField(p);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: p - 1 }), fc.integer({ min: 0, max: p - 1 }), (a, b) => {
        expect(f.mul(a, b)).toBe(Number((BigInt(a) * BigInt(b)) % BigInt(p)));
      }),
      { numRuns: 2000, seed: 7 },
    );
    expect(f.mul(p - 1, p - 1)).toBe(1);
  });

  it("parses integers mod p, negative ones too", () => {
    const f = primeField(7);
    expect(f.parse("12")).toBe(5);
    expect(f.parse("-1")).toBe(6);
    expect(() => f.parse("a")).toThrow(SyntaxError);
  });

  it("refuses non-primes with their factors", () => {
    expect(() => primeField(91)).toThrow(new RangeError('"p" expected a prime below 2^31, got 91 (7 x 13)'));
    expect(() => primeField(12)).toThrow(new RangeError('"p" expected a prime below 2^31, got 12 (2^2 x 3)'));
    expect(() => primeField(1)).toThrow(new RangeError('"p" expected a prime below 2^31, got 1'));
    expect(() => primeField(2 ** 31)).toThrow(RangeError);
    expect(() => primeField(2.5)).toThrow(new TypeError('"p" expected a prime below 2^31, got 2.5'));
    expect(() => primeField("7" as unknown as number)).toThrow(TypeError);
  });

  it("checks elements", () => {
    const f = primeField(5);
    expect(f.element(4)).toBe(4);
    expect(() => f.element(5, "x")).toThrow(
      new RangeError('"x" expected an element of GF(5) (an integer in 0..4), got 5'),
    );
    expect(() => f.element(1.5)).toThrow(TypeError);
  });
});

describe("extension fields", () => {
  it("finds the first irreducible polynomial in the documented order", () => {
    expect(findIrreducible(2, 2)).toEqual([1, 1, 1]); // x^2+x+1
    expect(findIrreducible(2, 3)).toEqual([1, 1, 0, 1]); // x^3+x+1
    expect(findIrreducible(2, 4)).toEqual([1, 1, 0, 0, 1]); // x^4+x+1
    expect(findIrreducible(3, 2)).toEqual([1, 0, 1]); // x^2+1
    expect(findIrreducible(5, 2)).toEqual([2, 0, 1]); // x^2+2 (x^2+1 = (x+2)(x+3))
  });

  it("Rabin's test agrees with brute force (no root, no quadratic factor) for degrees up to 5 over Z_2 and Z_3", () => {
    for (const p of [2, 3]) {
      for (let r = 1; r <= 5; r++) {
        for (let code = 0; code < p ** r; code++) {
          const h = Array.from({ length: r }, (_, k) => Math.floor(code / p ** k) % p).concat([1]);
          expect(isIrreducible(p, h)).toBe(bruteIrreducible(h, p));
        }
      }
    }
  });

  it("refuses reducible moduli, wrong degrees, bad p and r", () => {
    expect(() => extensionField(2, 2, { modulus: "x^2+1" })).toThrow(
      new RangeError('"modulus" expected an irreducible polynomial over GF(2), got x^2+1 (reducible)'),
    );
    expect(() => extensionField(3, 2, { modulus: [2, 0, 1] })).toThrow(RangeError); // x^2+2 = (x+1)(x+2)
    expect(() => extensionField(2, 3, { modulus: "x^2+x+1" })).toThrow(/degree 3, got x\^2\+x\+1 \(degree 2\)/);
    expect(() => extensionField(2, 2, { modulus: "x^2+y" })).toThrow(SyntaxError);
    expect(() => extensionField(2, 2, { modulus: "x^2+2x+1" })).toThrow(/coefficients in 0..1/);
    expect(() => extensionField(6, 2)).toThrow(new RangeError('"p" expected a prime below 2^31, got 6 (2 x 3)'));
    expect(() => extensionField(2, 31)).toThrow(RangeError);
    expect(() => extensionField(2, 1)).toThrow(RangeError);
    expect(() => galoisField(12)).toThrow(new RangeError('"q" expected a prime power below 2^31, got 12 (2^2 x 3)'));
    expect(() => galoisField("2^x")).toThrow(TypeError);
    expect(() => galoisField("4^2")).toThrow(/got 4 \(2\^2\)/);
  });

  it("accepts a non-default modulus and makes it monic", () => {
    const f = extensionField(3, 2, { modulus: "2x^2+2x+1" }); // 2(x^2+x+2)
    expect(f.modulus).toEqual([2, 1, 1]);
    // a^2 = -a - 2 = 2a + 1
    expect(f.format(f.mul(3, 3))).toBe("2a+1");
  });

  it("formats like 2a^2+1 and names the field", () => {
    const f = galoisField(27);
    expect(f.name).toBe("GF(3^3)");
    expect(f.format(2 * 9 + 1)).toBe("2a^2+1");
    expect(f.format(0)).toBe("0");
    expect(f.parse("2*a^2 + 1")).toBe(19);
    expect(() => f.parse("3a")).toThrow(RangeError);
    expect(() => f.parse("b")).toThrow(SyntaxError);
  });
});

/** Irreducible for degree <= 5: no root and (degree 4, 5) no monic quadratic factor. */
function bruteIrreducible(h: number[], p: number): boolean {
  const r = h.length - 1;
  if (r === 1) return true;
  const evalAt = (x: number) => h.reduceRight((acc, c) => (acc * x + c) % p, 0);
  for (let x = 0; x < p; x++) if (evalAt(x) === 0) return false;
  if (r < 4) return true;
  for (let b = 0; b < p; b++) {
    for (let c = 0; c < p; c++) {
      // Divide h by x^2 + b x + c; check the remainder.
      const rem = h.slice();
      for (let i = r; i >= 2; i--) {
        const t = rem[i]!;
        rem[i] = 0;
        rem[i - 1] = (((rem[i - 1]! - t * b) % p) + p) % p;
        rem[i - 2] = (((rem[i - 2]! - t * c) % p) + p) % p;
      }
      if (rem[0] === 0 && rem[1] === 0) return false;
    }
  }
  return true;
}
