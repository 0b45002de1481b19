// `lightsout nullity --torus`: n x n tori by the closed form, m x n tori by
// elimination, checked against a torus press matrix built and ranked here
// with plain arrays; the sweep machinery (workers, shards) and refusals.
import { describe, expect, it } from "vitest";
import { oneLineError, run } from "./_run.js";

/** Nullity of the m x n torus over GF(2), by plain elimination (a neighbour reached twice toggles once). */
function torusNullity(m: number, n: number): number {
  const cells = m * n;
  const rows: Uint8Array[] = [];
  for (let r = 0; r < m; r++) {
    for (let c = 0; c < n; c++) {
      const row = new Uint8Array(cells);
      for (const [dr, dc] of [
        [0, 0],
        [1, 0],
        [-1, 0],
        [0, 1],
        [0, -1],
      ] as const)
        row[((r + dr + m) % m) * n + ((c + dc + n) % n)] = 1;
      rows.push(row);
    }
  }
  let rank = 0;
  for (let col = 0; col < cells; col++) {
    const p = rows.findIndex((row, i) => i >= rank && row[col] === 1);
    if (p < 0) continue;
    [rows[rank], rows[p]] = [rows[p]!, rows[rank]!];
    for (let i = 0; i < cells; i++)
      if (i !== rank && rows[i]![col]) for (let j = 0; j < cells; j++) rows[i]![j]! ^= rows[rank]![j]!;
    rank++;
  }
  return cells - rank;
}

const lines = (stdout: string) => stdout.trimEnd().split("\n");

describe("lightsout nullity --torus", () => {
  it("one torus, text and JSON", async () => {
    expect(await run(["nullity", "5", "--torus"])).toMatchObject({ code: 0, stdout: "5 8\n", stderr: "" });
    expect((await run(["nullity", "3", "--torus", "--json"])).stdout).toBe('{"m":3,"n":3,"nullity":4}\n');
  });

  it("--from/--to on two workers and in shards equals elimination for n <= 24", async () => {
    const expected = Array.from({ length: 24 }, (_, i) => `${i + 1} ${torusNullity(i + 1, i + 1)}`);
    const whole = await run(["nullity", "--from", "1", "--to", "24", "--torus", "--workers", "2"]);
    expect(whole.code).toBe(0);
    expect(lines(whole.stdout)).toEqual(expected);
    let joined = "";
    for (const shard of ["1/3", "2/3", "3/3"])
      joined += (await run(["nullity", "--from", "1", "--to", "24", "--torus", "--shard", shard])).stdout;
    expect(lines(joined)).toEqual(expected);
  });

  it("--rows/--cols tori by elimination, JSON Lines", async () => {
    const result = await run(["nullity", "--rows", "2..6", "--cols", "4..7", "--torus", "--json", "--workers", "2"]);
    expect(result.code).toBe(0);
    const expected: string[] = [];
    for (let m = 2; m <= 6; m++)
      for (let n = 4; n <= 7; n++) expected.push(JSON.stringify({ m, n, nullity: torusNullity(m, n) }));
    expect(lines(result.stdout)).toEqual(expected);
  });

  it("without --torus the grids are unchanged", async () => {
    expect((await run(["nullity", "3"])).stdout).toBe("3 0\n");
  });

  it("refuses a torus sweep too big to eliminate, before any output", async () => {
    const result = await run(["nullity", "--rows", "2..2000", "--cols", "3000", "--torus"]);
    expect(result.code).toBe(2);
    expect(oneLineError(result)).toMatch(/^lightsout: the 2000 x 3000 torus .* needs 4\.09 TiB/);
  });
});
