// `lightsout judge`, in-process: the official samples byte for byte.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { oneLineError, run } from "./_run.js";

const VECTORS = fileURLToPath(new URL("../../../packages/core/test/vectors/", import.meta.url));
const vector = (name: string) => readFileSync(`${VECTORS}${name}`, "utf8");

describe("lightsout judge", () => {
  for (const problem of ["poj1222", "poj3279"]) {
    it(`${problem}: the official sample from stdin, byte for byte`, async () => {
      const result = await run(["judge", problem], { input: vector(`${problem}_sample.in`) });
      expect(result.stderr).toBe("");
      expect(result.code).toBe(0);
      expect(result.stdout).toBe(vector(`${problem}_sample.out`));
    });

    it(`${problem}: the sample from a FILE and from '-'`, async () => {
      expect((await run(["judge", problem, `${VECTORS}${problem}_sample.in`])).stdout).toBe(
        vector(`${problem}_sample.out`),
      );
      expect((await run(["judge", problem, "-"], { input: vector(`${problem}_sample.in`) })).stdout).toBe(
        vector(`${problem}_sample.out`),
      );
    });
  }

  it("poj3279: IMPOSSIBLE is an answer (exit 0)", async () => {
    const result = await run(["judge", "poj3279"], { input: "1 2\n1 0\n" });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe("IMPOSSIBLE\n");
  });

  it("malformed input: one line with file:line:column, exit 1", async () => {
    const bad = await run(["judge", "poj3279"], { input: "2 2\n1 0\n1 x\n" });
    expect(bad.code).toBe(1);
    expect(oneLineError(bad)).toBe("lightsout: <stdin>:3:3: expected the light at row 2, column 2 (0 or 1), got 'x'");
    const short = await run(["judge", "poj1222", "empty.txt"]);
    expect(short.code).toBe(1);
    expect(oneLineError(short)).toMatch(
      /^lightsout: empty\.txt:1:1: expected the number of puzzles .*got end of input$/,
    );
    const missing = await run(["judge", "poj1222", "nope.in"]);
    expect(missing.code).toBe(1);
    expect(oneLineError(missing)).toBe("lightsout: cannot read 'nope.in': no such file or directory");
  });

  it("usage errors: unknown or missing problem, exit 2", async () => {
    const unknown = await run(["judge", "poj1000"]);
    expect(unknown.code).toBe(2);
    expect(oneLineError(unknown)).toBe("lightsout: judge expected a problem poj1222 or poj3279, got 'poj1000'");
    const none = await run(["judge"]);
    expect(none.code).toBe(2);
    expect(oneLineError(none)).toMatch(/missing required argument 'problem'/);
  });

  it("has --help with the problems and examples", async () => {
    const result = await run(["judge", "--help"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("poj1222  Extended Lights Out");
    expect(result.stdout).toContain("$ lightsout judge poj1222 < poj1222_sample.in");
  });
});
