// solve --all --limit N prints the first N solutions of a board whose whole
// quiet basis (nullity 511, 400 MB) would not fit, each checked by plain loops.
import { describe, expect, it } from "vitest";
import { cli } from "./_robust-io.js";

/** Lights after pressing `presses` on a plain rows x cols grid (plus rule). */
function pressGrid(rows: number, cols: number, lights: Uint8Array, presses: ArrayLike<number>): Uint8Array {
  const out = lights.slice();
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      if (!presses[r * cols + c]) continue;
      out[r * cols + c]! ^= 1;
      if (r > 0) out[(r - 1) * cols + c]! ^= 1;
      if (r + 1 < rows) out[(r + 1) * cols + c]! ^= 1;
      if (c > 0) out[r * cols + c - 1]! ^= 1;
      if (c + 1 < cols) out[r * cols + c + 1]! ^= 1;
    }
  }
  return out;
}

describe("solve --all --limit on a board with a huge quiet space", () => {
  it("1535 x 511: 20 distinct solutions, each switching the board off", async () => {
    const [rows, cols] = [1535, 511];
    const presses = new Uint8Array(rows * cols);
    presses[5] = 1;
    presses[1000 * cols + 17] = 1;
    const lights = pressGrid(rows, cols, new Uint8Array(rows * cols), presses);
    const text = Array.from({ length: rows }, (_, r) => lights.subarray(r * cols, (r + 1) * cols).join("")).join("\n");
    const ran = await cli(["solve", "-", "--all", "--limit", "20"], `${text}\n`);
    expect(ran.code).toBe(0);
    // 2^511 solutions: past 2^256 the count is its power, not 154 digits
    expect(ran.stderr).toBe("lightsout: showing 20 of 2^511 solutions (--limit)\n");
    const boards = ran.stdout.trimEnd().split("\n\n");
    expect(boards).toHaveLength(20);
    expect(new Set(boards).size).toBe(20);
    for (const board of boards) {
      const x = Uint8Array.from(board.replace(/\n/g, ""), Number);
      expect(x).toHaveLength(rows * cols);
      expect(pressGrid(rows, cols, lights, x).every((v) => v === 0)).toBe(true);
    }
  });

  it("--all --json refuses to hold more than 2^27 cells of solutions, before building any", async () => {
    // 95 x 31 has nullity 31: 2^31 solutions of 2945 cells
    const dark = `${"0".repeat(31)}\n`.repeat(95);
    const ran = await cli(["solve", "-", "--all", "--json", "--limit", "100000"], dark);
    expect(ran.code).toBe(2);
    expect(ran.stderr).toBe(
      "lightsout: --all --json with 100,000 solutions of 2,945 cells expected at most 134,217,728 cells (one object in memory), got 294,500,000 cells; lower --limit, or drop --json to stream them\n",
    );
    const few = await cli(["solve", "-", "--all", "--json", "--limit", "3"], dark);
    expect(JSON.parse(few.stdout)).toMatchObject({ nullity: 31, truncated: true });
  });
});
