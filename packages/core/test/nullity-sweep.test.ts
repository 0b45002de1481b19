// Sweeps: in order, resumable, sharded, with progress and cancellation; in
// the calling thread (sources) and on worker threads (the built package,
// whose dist/poly/_sweep-worker.js the workers load).
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  gridNullity,
  nullitySweep,
  runNullityTask,
  shardBounds,
  squareNullity,
  sweepSize,
  type NullityResult,
  type NullitySweep,
  type SweepOptions,
} from "../src/index.js";

const DIST = new URL("../dist/index.js", import.meta.url);

// OEIS A159257, n = 1..300 (test/vectors/README.md).
const A159257 = readFileSync(new URL("./vectors/nullity_square_1_300.txt", import.meta.url), "utf8")
  .trim()
  .split(/\s+/)
  .map(Number);

async function collect(
  sweep: NullitySweep,
  options: SweepOptions,
  run: typeof nullitySweep = nullitySweep,
): Promise<NullityResult[]> {
  const out: NullityResult[] = [];
  for await (const r of run(sweep, options)) out.push(r);
  return out;
}

const SQUARE: NullitySweep = { kind: "square", from: 1, to: 400 };
const GRID: NullitySweep = { kind: "grid", rows: { from: 3, to: 20 }, cols: { from: 10, to: 45 } };

describe("runNullityTask (the per-thread unit)", () => {
  it("steps f_n and f_n(x + 1) by their recurrences = gridNullity", () => {
    expect(Array.from(runNullityTask({ m: "square", from: 3, to: 6 }))).toEqual([0, 4, 2, 0]);
    expect(Array.from(runNullityTask({ m: "square", from: 1, to: 300 }))).toEqual(A159257);
    for (const m of [1, 2, 5, 17, 64, 65]) {
      expect(Array.from(runNullityTask({ m, from: 60, to: 140, engine: "ts" }))).toEqual(
        Array.from({ length: 81 }, (_, i) => gridNullity(m, 60 + i)),
      );
    }
    expect(() => runNullityTask({ m: "square", from: 5, to: 4 })).toThrow(
      new RangeError('"to" expected an integer in 5..1073741824, got 4'),
    );
  });
});

describe("nullitySweep in the calling thread", () => {
  it("yields every board in order, with the right values", async () => {
    const square = await collect(SQUARE, { workers: 1 });
    expect(square).toEqual(
      Array.from({ length: 400 }, (_, i) => ({ m: i + 1, n: i + 1, nullity: squareNullity(i + 1) })),
    );
    expect(square.slice(0, 300).map((r) => r.nullity)).toEqual(A159257);
    const grid = await collect(GRID, { workers: 1 });
    expect(grid).toHaveLength(sweepSize(GRID));
    expect(grid.map(({ m, n }) => [m, n])).toEqual(
      Array.from({ length: 18 * 36 }, (_, i) => [3 + Math.floor(i / 36), 10 + (i % 36)]),
    );
    for (const { m, n, nullity } of grid) expect(nullity).toBe(gridNullity(m, n));
  });

  it("resumes at `start` and stops at `end`; reports progress up to the total", async () => {
    const all = await collect(GRID, { workers: 1 });
    const progress: [number, number][] = [];
    const part = await collect(GRID, { workers: 1, start: 100, end: 301, onProgress: (d, t) => progress.push([d, t]) });
    expect(part).toEqual(all.slice(100, 301));
    expect(progress.at(-1)).toEqual([201, 201]);
    expect(progress.map(([d]) => d)).toEqual([...progress.map(([d]) => d)].sort((a, b) => a - b));
  });

  it("shards reassemble into the whole sweep, cheap shards holding more boards", async () => {
    const all = await collect(SQUARE, { workers: 1 });
    for (const count of [1, 2, 3, 7]) {
      const parts: NullityResult[] = [];
      let previous = 0;
      for (let i = 0; i < count; i++) {
        const { start, end } = shardBounds(SQUARE, i, count);
        expect(start).toBe(previous);
        previous = end;
        parts.push(...(await collect(SQUARE, { workers: 1, start, end })));
      }
      expect(previous).toBe(400);
      expect(parts).toEqual(all);
    }
    const { end } = shardBounds(SQUARE, 0, 2);
    expect(end).toBeGreaterThan(200);
  });

  it("stops with the signal's reason", async () => {
    const controller = new AbortController();
    const sweep = collect(
      { kind: "square", from: 1, to: 30_000 },
      { workers: 1, signal: controller.signal, onProgress: () => controller.abort(new Error("stop")) },
    );
    await expect(sweep).rejects.toThrow("stop");
    const aborted = AbortSignal.abort(new Error("already"));
    await expect(collect(SQUARE, { signal: aborted })).rejects.toThrow("already");
  });

  it("rejects bad sweeps and options", async () => {
    await expect(collect({ kind: "square", from: 0, to: 3 }, {})).rejects.toThrow(
      new RangeError('"sweep.from" expected an integer in 1..1073741824, got 0'),
    );
    await expect(collect({ kind: "cube" } as unknown as NullitySweep, {})).rejects.toThrow(TypeError);
    await expect(collect(SQUARE, { start: 500 })).rejects.toThrow(
      new RangeError('"start" expected an integer in 0..400, got 500'),
    );
    await expect(collect(SQUARE, { workers: 0 })).rejects.toThrow(RangeError);
    expect(() => shardBounds(SQUARE, 2, 2)).toThrow(new RangeError('"index" expected an integer in 0..1, got 2'));
    expect(() => sweepSize({ kind: "grid", rows: { from: 1, to: 2 ** 20 }, cols: { from: 1, to: 2 ** 20 } })).toThrow(
      RangeError,
    );
  });
});

describe.skipIf(!existsSync(DIST))("nullitySweep on worker threads (built package)", () => {
  it("2 and 3 workers give the same stream as one thread", async () => {
    const dist = (await import(DIST.href)) as { nullitySweep: typeof nullitySweep };
    const one = await collect(GRID, { workers: 1 });
    expect(await collect(GRID, { workers: 2 }, dist.nullitySweep)).toEqual(one);
    const square = await collect({ kind: "square", from: 1, to: 3000 }, { workers: 3 }, dist.nullitySweep);
    expect(square.map((r) => r.nullity)).toEqual(Array.from(runNullityTask({ m: "square", from: 1, to: 3000 })));
  });

  it("resumes, reports progress and stops on abort", async () => {
    const dist = (await import(DIST.href)) as { nullitySweep: typeof nullitySweep };
    const all = await collect(GRID, { workers: 1 });
    let last: [number, number] = [0, 0];
    expect(
      await collect(GRID, { workers: 2, start: 50, onProgress: (d, t) => (last = [d, t]) }, dist.nullitySweep),
    ).toEqual(all.slice(50));
    expect(last).toEqual([all.length - 50, all.length - 50]);
    const controller = new AbortController();
    let count = 0;
    const run = (async () => {
      for await (const _ of dist.nullitySweep(
        { kind: "square", from: 1, to: 200_000 },
        { workers: 2, signal: controller.signal },
      )) {
        if (++count === 10) controller.abort(new Error("enough"));
      }
    })();
    await expect(run).rejects.toThrow("enough");
    expect(count).toBe(10);
  });
});
