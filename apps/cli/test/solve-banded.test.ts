// `lightsout solve --method`, in-process: the banded route through the CLI,
// its answers checked by pressing on a torus with plain loops here.
import { describe, expect, it } from "vitest";
import { applyPresses, isDark } from "./_reference.js";
import { oneLineError, run } from "./_run.js";

/** Lights after pressing on an m x n torus (plus rule, self toggle), with plain loops. */
function pressTorus(lights: string[], presses: string[]): string[] {
  const m = lights.length;
  const n = lights[0]!.length;
  const out = lights.map((row) => row.split("").map(Number));
  for (let r = 0; r < m; r++) {
    for (let c = 0; c < n; c++) {
      if (presses[r]![c] !== "1") continue;
      for (const [dr, dc] of [
        [0, 0],
        [1, 0],
        [-1, 0],
        [0, 1],
        [0, -1],
      ] as const) {
        const row = out[(r + dr + m) % m]!;
        row[(c + dc + n) % n]! ^= 1;
      }
    }
  }
  return out.map((row) => row.join(""));
}

/** A pseudo-random m x n board of 0/1 digits. */
function board(m: number, n: number, seed: number): string[] {
  let s = seed;
  return Array.from({ length: m }, () =>
    Array.from({ length: n }, () => {
      s = (s * 1103515245 + 12345) % 2 ** 31;
      return (s >> 16) & 1;
    }).join(""),
  );
}

describe("lightsout solve --method", () => {
  it("solves a torus by the banded route, the same as the dense one, and the presses switch it off", async () => {
    // 70 x 65: rows and columns straddle the 64-bit words
    const lights = pressTorus(new Array(70).fill("0".repeat(65)), board(70, 65, 3));
    const input = `${lights.join("\n")}\n`;
    const banded = await run(["solve", "-", "--torus", "--method", "banded", "--json"], { input });
    const dense = await run(["solve", "-", "--torus", "--method", "dense", "--json"], { input });
    expect(banded.code).toBe(0);
    const b = JSON.parse(banded.stdout);
    const d = JSON.parse(dense.stdout);
    expect(b).toMatchObject({ solvable: true, nullity: d.nullity, rank: d.rank, solutions: d.solutions });
    expect(pressTorus(lights, b.presses).every((row) => /^0+$/.test(row))).toBe(true);
  });

  it("draws a progress bar on a terminal stderr and erases it", async () => {
    const input = `${new Array(100).fill("1".repeat(100)).join("\n")}\n`;
    const result = await run(["solve", "-", "--torus", "--method", "banded"], {
      input,
      env: { LIGHTSOUT_PROGRESS_DELAY_MS: "0" },
      stderrIsTTY: true,
    });
    expect(result.code).toBe(0);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the bar ends with "erase to the end of the line"
    expect(result.stderr).toMatch(/^\rsolve \[[#-]+\] +\d+%\x1b\[K/);
    expect(result.stderr.endsWith("\r\x1b[K")).toBe(true);
  });

  it("refuses an unknown method (a usage error)", async () => {
    const bad = await run(["solve", "-", "--method", "sparse"], { input: "11\n11\n" });
    expect(bad.code).toBe(2);
    expect(oneLineError(bad)).toBe("lightsout: --method expected one of auto, dense, banded, got 'sparse'");
  });

  it("--method with more states: dense and banded give answers that clear the board, banded needs a prime K", async () => {
    const lights = ["2220", "2212", "1002", "2212"]; // random --rows 4 --cols 4 --states 3 --torus --seed 3
    const input = `${lights.join("\n")}\n`;
    for (const method of ["dense", "banded"]) {
      const json = JSON.parse(
        (await run(["solve", "-", "--states", "3", "--method", method, "--json", "--torus"], { input })).stdout,
      );
      expect(json.solvable).toBe(true);
      expect(isDark(applyPresses(lights, json.presses, { states: 3, torus: true }))).toBe(true);
    }
    // options that conflict: a usage error naming both and what to use instead, before the input is read
    for (const states of ["4", "46349"]) {
      const composite = await run(["solve", "-", "--states", states, "--method", "banded"], { input });
      expect(composite.code).toBe(2);
      expect(oneLineError(composite)).toBe(
        `lightsout: --method banded expected --states 2 or a prime up to 46337 (it eliminates over the field Z_p), got --states ${states}; use --method dense (boards up to 16000 cells) or --method auto`,
      );
    }
    // --method dense past its 16,000 cells with more states: the option's fault, exit 2
    const big = await run(["solve", "-", "--states", "3", "--method", "dense"], {
      input: `${"0".repeat(130)}\n`.repeat(130),
    });
    expect(big.code).toBe(2);
    expect(oneLineError(big)).toBe(
      "lightsout: --method dense with --states 3 on '<stdin>' expected at most 16,000 cells (the whole press matrix of residues), got 16,900 cells; use --method auto or --method banded",
    );
  });
});
