// The one formatter of sizes and limits: binary units, counts with their
// nouns, and a limit and the amount past it never written alike.
import { describe, expect, it } from "vitest";
import { formatBytes, formatCount, formatLimit } from "../src/index.js";

describe("formatBytes", () => {
  it("whole bytes below 1 KiB, then binary units with three significant digits, trailing zeros dropped", () => {
    expect(formatBytes(0)).toBe("0 bytes");
    expect(formatBytes(1)).toBe("1 byte");
    expect(formatBytes(1023)).toBe("1023 bytes");
    expect(formatBytes(1024)).toBe("1 KiB");
    expect(formatBytes(1536)).toBe("1.5 KiB");
    expect(formatBytes(2 ** 28)).toBe("256 MiB");
    expect(formatBytes(263.5 * 2 ** 20)).toBe("264 MiB");
    expect(formatBytes(1.17 * 2 ** 30)).toBe("1.17 GiB");
    expect(formatBytes(2 ** 50 * 111)).toBe("111 PiB");
  });
});

describe("formatCount", () => {
  it("groups thousands and picks the noun for one or many", () => {
    expect(formatCount(1, "secret")).toBe("1 secret");
    expect(formatCount(0, "secret")).toBe("0 secrets");
    expect(formatCount(65_536, "vertex", "vertices")).toBe("65,536 vertices");
  });
});

describe("formatLimit", () => {
  it("never writes a limit and the amount past it alike, however close", () => {
    for (const [max, over] of [
      [2 ** 30, 1],
      [2 ** 30, 2 ** 12],
      [2 ** 30, 2 ** 20],
      [2 ** 28, 1],
      [1024, 1],
      [3, 1],
    ] as const) {
      const message = formatLimit({ subject: "x", max, got: max + over, unit: "bytes" });
      const [, got, most] = /^x needs (.*), but at most (.*) fit$/.exec(message)!;
      expect(got, message).not.toBe(most);
    }
    expect(formatLimit({ subject: "a matrix", max: 2 ** 30, got: 2 ** 30 + 2 ** 20, unit: "bytes" })).toBe(
      "a matrix needs 1.001 GiB, but at most 1 GiB fit",
    );
    expect(formatLimit({ subject: "a board", max: 2 ** 28, got: 2 ** 28 + 1, unit: "bytes" })).toBe(
      "a board needs 268,435,457 bytes, but at most 268,435,456 bytes fit",
    );
  });

  it("counts: the same sentence with nouns, why and what to do", () => {
    expect(
      formatLimit({
        subject: "a 20000 x 20000 board",
        max: 2 ** 28,
        got: 4e8,
        unit: ["cell", "cells"],
        why: "the largest board",
        hint: "split it",
      }),
    ).toBe(
      "a 20000 x 20000 board expected at most 268,435,456 cells (the largest board), got 400,000,000 cells; split it",
    );
    expect(formatLimit({ subject: "a row", max: 1, got: "more", unit: ["cell", "cells"] })).toBe(
      "a row expected at most 1 cell, got more",
    );
    expect(formatLimit({ subject: "the first row", max: 2 ** 20, got: "more", unit: "bytes" })).toBe(
      "the first row needs more than 1 MiB, but at most 1 MiB fit",
    );
  });
});
