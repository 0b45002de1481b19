// `lightsout rank --method`: every route gives the rank plain arithmetic
// gives, on a file wide enough for the PLE recursion to split it, with one
// thread and two; unknown routes and --method with --field are usage errors.
import { describe, expect, it } from "vitest";
import { randomBits, rankModP } from "./_reference.js";
import { oneLineError, rankOf, run } from "./_run.js";

describe("lightsout rank --method", () => {
  it("gives the rank of plain arithmetic by every route", async () => {
    // rank-deficient: rows 900.. repeat earlier rows; 2100 columns split into several PLE windows
    const bits = randomBits(1000, 2100, 21).map((row, i, all) => (i >= 900 ? all[i - 900]! : row));
    const text = `${bits.map((row) => row.join("")).join("\n")}\n`;
    const expected = rankModP(bits, 2);
    for (const method of ["auto", "m4ri", "ple", "naive"]) {
      for (const threads of ["1", "2"]) {
        expect((await rankOf(["-", "--method", method, "--threads", threads], text)).rank, method).toBe(expected);
      }
    }
  });

  it("refuses an unknown route, and a route with --field", async () => {
    const cases: [string[], string][] = [
      [
        ["--method", "fast"],
        "lightsout: --method expected one of auto, dense, structured, wiedemann, m4ri, ple, naive, got 'fast'",
      ],
      [
        ["--field", "3", "--method", "ple"],
        "lightsout: --method expected the field GF(2), got --field with --method ple",
      ],
    ];
    for (const [args, message] of cases) {
      const result = await run(["rank", "--random", "8", ...args]);
      expect(result.code).toBe(2);
      expect(oneLineError(result)).toBe(message);
    }
  });
});
