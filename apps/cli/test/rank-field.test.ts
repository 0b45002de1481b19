// `lightsout rank --field p|p^r`, in-process: ranks known by
// mathematics over Z_p and GF(p^r), JSON, random matrices, errors.
import { describe, expect, it } from "vitest";
import { randomModP, rankModP } from "./_reference.js";
import { keyValues, oneLineError, rankOf, run } from "./_run.js";

/** Rank and nullity printed for a matrix on stdin over `field`. */
async function rankOver(
  field: string,
  input: string,
): Promise<{ rows: number; cols: number; rank: number; nullity: number }> {
  return rankOf(["-", "--field", field], input);
}

/** Rows of a Vandermonde matrix mod p on the points xs, as digit strings (p <= 10). */
function vandermonde(xs: number[], p: number): string {
  return `${xs.map((x) => xs.map((_, k) => Number(BigInt(x) ** BigInt(k) % BigInt(p))).join("")).join("\n")}\n`;
}

describe("lightsout rank --field p", () => {
  it("rank 2 over Z_3 for a matrix of determinant -3 (rank 3 over Z_5 and over Q)", async () => {
    const text = "120\n210\n001\n";
    expect(await rankOver("3", text)).toEqual({ rows: 3, cols: 3, rank: 2, nullity: 1 });
    expect(await rankOver("5", text)).toEqual({ rows: 3, cols: 3, rank: 3, nullity: 0 });
    expect((await rankOver("3^1", text)).rank).toBe(2);
  });

  it("Vandermonde over Z_7: distinct points give full rank, a repeated point (8 = 1) does not", async () => {
    expect(await rankOver("7", vandermonde([0, 1, 2, 3, 4, 5, 6], 7))).toEqual({
      rows: 7,
      cols: 7,
      rank: 7,
      nullity: 0,
    });
    expect((await rankOver("7", vandermonde([1, 2, 3, 8], 7))).rank).toBe(3);
  });

  it("large primes: integers separated by spaces, and MatrixMarket integer values mod p", async () => {
    // Row 2 is -1 times row 1 mod 65521.
    expect((await rankOver("65521", "65520 1 7\n1 65520 65514\n")).rank).toBe(1);
    expect((await rankOver("65537", "65520 1 7\n1 65520 65514\n")).rank).toBe(2);
    const mtx = "%%MatrixMarket matrix coordinate integer general\n2 2 4\n1 1 2\n1 2 -1\n2 1 -4\n2 2 2\n";
    expect(await rankOver("2147483647", mtx)).toEqual({ rows: 2, cols: 2, rank: 1, nullity: 1 });
    // Negative values are reduced: 2 -1 / -4 2 has determinant 0, rank 1 over every field.
    expect((await rankOver("3", mtx)).rank).toBe(1);
  });

  it("prints JSON with rows, cols, rank, nullity and ms", async () => {
    const result = await run(["rank", "-", "--field", "3", "--json"], { input: "120\n210\n001\n" });
    expect(result.code).toBe(0);
    const json = JSON.parse(result.stdout) as Record<string, number>;
    expect(Object.keys(json)).toEqual(["rows", "cols", "rank", "nullity", "ms"]);
    expect(json).toMatchObject({ rows: 3, cols: 3, rank: 2, nullity: 1 });
  });

  it("--random over Z_p: each seed's rank is the rank of the generator's matrix for it", async () => {
    const randomRank = async (args: string[]): Promise<number> => {
      const result = await run(["rank", "--random", ...args, "--json"]);
      expect(result).toMatchObject({ code: 0, stderr: "" });
      const json = JSON.parse(result.stdout) as Record<string, number>;
      expect(Object.keys(json)).toEqual(["rows", "cols", "rank", "ms"]);
      return json.rank!;
    };
    // 6 x 6 over Z_3: ranks 5 and 6 both occur among these seeds, so an ignored seed cannot pass
    const seeds = Array.from({ length: 16 }, (_, seed) => seed);
    const expected = seeds.map((seed) => rankModP(randomModP(6, 6, 3, seed), 3));
    expect(expected).toEqual([5, 5, 6, 6, 6, 6, 6, 6, 5, 6, 5, 6, 5, 5, 6, 5]);
    const printed: number[] = [];
    for (const seed of seeds) printed.push(await randomRank(["6", "--field", "3", "--seed", String(seed)]));
    expect(printed).toEqual(expected);
    // 64 x 64 over Z_65521, and a wide one over Z_7
    expect(await randomRank(["64", "--field", "65521", "--seed", "3"])).toBe(
      rankModP(randomModP(64, 64, 65521, 3), 65521),
    );
    expect(await randomRank(["7", "--cols", "9", "--field", "7", "--seed", "2"])).toBe(
      rankModP(randomModP(7, 9, 7, 2), 7),
    );
    const text = keyValues((await run(["rank", "--random", "5", "--cols", "9", "--field", "3^2"])).stdout);
    expect(text).toMatchObject({ rows: "5", cols: "9", seed: "0" });
    expect(Number(text.rank) + Number(text.nullity)).toBe(9);
  });
});

describe("lightsout rank --field p^r", () => {
  it("the identity over GF(4) has full rank", async () => {
    expect(await rankOver("2^2", "1000\n0100\n0010\n0001\n")).toEqual({ rows: 4, cols: 4, rank: 4, nullity: 0 });
  });

  it("GF(4) arithmetic, not integers: row 2 = a * row 1 (codes 2 = a, 3 = a+1)", async () => {
    // [1, a] times a is [a, a^2] = [a, a+1]: rank 1 over GF(4), rank 2 over Z_5.
    expect((await rankOver("2^2", "12\n23\n")).rank).toBe(1);
    expect((await rankOver("5", "12\n23\n")).rank).toBe(2);
  });

  it("GF(9) and GF(8): codes up to q - 1", async () => {
    expect((await rankOver("3^2", "8000\n0800\n0080\n0008\n")).rank).toBe(4);
    expect((await rankOver("2^3", "7777\n7777\n")).rank).toBe(1);
  });
});

describe("lightsout rank --field: errors", () => {
  it("not a prime power, or 2^31 elements and more: exit 2, one line", async () => {
    const composite = await run(["rank", "-", "--field", "91"], { input: "1\n" });
    expect(composite.code).toBe(2);
    expect(oneLineError(composite)).toBe(
      "lightsout: --field expected a prime power q = p^r below 2^31, written q or p^r (like 2, 4, 3^2 or 65521), got '91'",
    );
    const big = await run(["rank", "-", "--field", "2^31"], { input: "1\n" });
    expect(big.code).toBe(2);
    expect(oneLineError(big)).toBe("lightsout: --field expected p^r below 2^31, got '2^31'");
    const huge = await run(["rank", "--random", "4", "--field", "46349^2"]);
    expect(huge.code).toBe(2);
    expect(oneLineError(huge)).toBe("lightsout: --field expected p^r below 2^31, got '46349^2'");
  });

  it("an entry outside 0..q-1: exit 1 with its position", async () => {
    const result = await run(["rank", "-", "--field", "2^2"], { input: "0123\n0124\n" });
    expect(result.code).toBe(1);
    expect(oneLineError(result)).toBe("lightsout: <stdin>:2:4: expected a digit 0..3, got '4'");
  });
});
