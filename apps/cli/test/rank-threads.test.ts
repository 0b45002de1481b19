// `lightsout rank --threads N`: the same rank with 1, 2 and 3 threads as plain
// arithmetic gives; bad thread counts and --field are usage errors; the
// binary exits when done (helper threads do not keep it alive).
import { describe, expect, it } from "vitest";
import { randomBits, rankModP } from "./_reference.js";
import { keyValues, oneLineError, rankOf, requireBuild, run, runBinary } from "./_run.js";

describe("lightsout rank --threads", () => {
  it("gives the rank of plain arithmetic with 1, 2 and 3 threads", async () => {
    // a rank-deficient 200 x 130 file: rows 150.. repeat earlier rows
    const bits = randomBits(200, 130, 11).map((row, i, all) => (i >= 150 ? all[i - 150]! : row));
    const text = `${bits.map((row) => row.join("")).join("\n")}\n`;
    const expected = rankModP(bits, 2);
    for (const threads of ["1", "2", "3"]) {
      expect((await rankOf(["-", "--threads", threads], text)).rank).toBe(expected);
    }
  });

  it("refuses a thread count out of 1..256, and --threads with --field", async () => {
    for (const bad of ["0", "257", "two"]) {
      const result = await run(["rank", "--random", "8", "--threads", bad]);
      expect(result.code).toBe(2);
      expect(oneLineError(result)).toBe(`lightsout: --threads expected an integer in 1..256, got '${bad}'`);
    }
    const result = await run(["rank", "--random", "8", "--field", "3", "--threads", "2"]);
    expect(result.code).toBe(2);
    expect(oneLineError(result)).toBe("lightsout: --threads expected the field GF(2), got --field 3");
  });

  it("the binary answers and exits with helper threads started", () => {
    requireBuild();
    const bits = randomBits(300, 300, 12);
    const result = runBinary(["rank", "-", "--threads", "2"], {
      input: `${bits.map((row) => row.join("")).join("\n")}\n`,
    });
    expect(result.code).toBe(0);
    expect(keyValues(result.stdout).rank).toBe(String(rankModP(bits, 2)));
  });
});
