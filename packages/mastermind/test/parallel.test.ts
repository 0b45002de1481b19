// evaluate on worker threads against evaluate in this thread: the same tree,
// so the same total, histogram and node count, for every strategy and number
// of threads; bad options, a failing worker and a cancelled run are errors.
// The workers run the built worker script (dist/): `pnpm test` builds first.
import { Worker } from "node:worker_threads";
import { describe, expect, it } from "vitest";
import { CodeSpace } from "../src/codes.js";
import { evaluate, treeWalker } from "../src/evaluate.js";
import { type EvaluateWorker, evaluateOnThreads } from "../src/parallel.js";
import { STRATEGIES } from "../src/strategies.js";

const script = new URL("../dist/_evaluate-worker.js", import.meta.url);
const createWorker = (): EvaluateWorker => new Worker(script);

describe("evaluateOnThreads", () => {
  it("gives evaluate's record for every strategy, on 1 to 3 threads", async () => {
    for (const [pegs, colors] of [
      [3, 5],
      [4, 6],
    ] as const) {
      const space = new CodeSpace(pegs, colors);
      for (const strategy of STRATEGIES) {
        const alone = evaluate(space, { strategy });
        for (const threads of [1, 2, 3]) {
          const seen: number[] = [];
          const shared = await evaluateOnThreads(space, {
            strategy,
            threads,
            createWorker,
            onProgress: (done) => seen.push(done),
          });
          expect(shared, `[${pegs},${colors}] ${strategy} on ${threads}`).toEqual(alone);
          if (threads > 1) expect(seen.at(-1)).toBeGreaterThan(0);
        }
      }
    }
  });

  it("splits a root part too large to share one guess further: more tasks, the same record", async () => {
    const space = new CodeSpace(4, 6);
    const tree = treeWalker(space, { strategy: "entropy" });
    const all = Uint32Array.from({ length: space.size }, (_, i) => i);
    const root = tree.node(all, true, 0, new Int32Array(space.pegs));
    const rootParts = tree.partsOf(all, root);
    // parts of more than 1296 / (4 x 2) = 162 codes are split on two threads
    expect(Math.max(...rootParts.map((p) => p.length))).toBeGreaterThan(162);
    let tasks = 0;
    const shared = await evaluateOnThreads(space, {
      strategy: "entropy",
      threads: 2,
      createWorker,
      onProgress: (_, total) => (tasks = total),
    });
    expect(tasks).toBeGreaterThan(rootParts.length);
    expect(shared).toEqual(evaluate(space, { strategy: "entropy" }));
  });

  it("with its own worker script when none is given (the built package)", async () => {
    const built = await import("../dist/index.js");
    const space = new built.CodeSpace(4, 6);
    const e = await built.evaluateOnThreads(space, { strategy: "knuth", threads: 2 });
    expect({ total: e.total, worst: e.worst }).toEqual({ total: 5801, worst: 5 });
  });

  it("refuses a bad thread count; a cancelled run and a failing worker reject", async () => {
    const space = new CodeSpace(4, 6);
    await expect(evaluateOnThreads(space, { threads: 0 })).rejects.toThrow(
      /"threads" expected an integer in 1\.\.256, got 0/,
    );
    const stop = new AbortController();
    stop.abort(new Error("stopped by the test"));
    await expect(evaluateOnThreads(space, { threads: 2, createWorker, signal: stop.signal })).rejects.toThrow(
      "stopped by the test",
    );
    const later = new AbortController();
    const run = evaluateOnThreads(new CodeSpace(5, 6), {
      strategy: "entropy",
      threads: 2,
      createWorker,
      signal: later.signal,
      onProgress: () => later.abort(new Error("stopped after the first sub-tree")),
    });
    await expect(run).rejects.toThrow("stopped after the first sub-tree");
    const broken = (): EvaluateWorker => new Worker("throw new Error('no such worker')", { eval: true });
    await expect(evaluateOnThreads(space, { threads: 2, createWorker: broken })).rejects.toThrow(
      /an evaluation worker failed: no such worker/,
    );
  });
});
