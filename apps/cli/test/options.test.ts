import { describe, expect, it } from "vitest";
import { CliError } from "../src/errors.js";
import { parseField, parseIntegerOption } from "../src/options.js";

function usage(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).exitCode).toBe(2);
    return (error as Error).message;
  }
  throw new Error("expected a usage error");
}

describe("parseIntegerOption", () => {
  it("reads decimal integers in range", () => {
    expect(parseIntegerOption("--n", "42", 1)).toBe(42);
    expect(parseIntegerOption("--n", "007", 1, 10)).toBe(7);
  });

  it("names the option, the range and the value", () => {
    expect(usage(() => parseIntegerOption("--n", "0", 1))).toBe("--n expected an integer >= 1, got '0'");
    expect(usage(() => parseIntegerOption("--n", "11", 1, 10))).toBe("--n expected an integer in 1..10, got '11'");
    expect(usage(() => parseIntegerOption("--n", "1e3", 1))).toBe("--n expected an integer >= 1, got '1e3'");
    expect(usage(() => parseIntegerOption("--n", "", 1))).toBe("--n expected an integer >= 1, got ''");
    expect(usage(() => parseIntegerOption("--n", "9".repeat(20), 1))).toMatch(/^--n expected an integer >= 1/);
  });
});

describe("parseField", () => {
  it("reads p and p^r", () => {
    expect(parseField("2")).toEqual({ p: 2, r: 1 });
    expect(parseField("3")).toEqual({ p: 3, r: 1 });
    expect(parseField("2^8")).toEqual({ p: 2, r: 8 });
    expect(parseField("65521")).toEqual({ p: 65521, r: 1 });
  });

  it("rejects non-primes and malformed powers", () => {
    for (const text of ["1", "0", "2^0", "6^2", "GF(2)", "2^", "^2", "2.0"]) {
      expect(usage(() => parseField(text))).toBe(
        `--field expected a prime power q = p^r below 2^31, written q or p^r (like 2, 4, 3^2 or 65521), got '${text}'`,
      );
    }
  });
});
