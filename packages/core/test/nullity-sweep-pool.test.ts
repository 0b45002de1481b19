// The sweep's pool with workers from a `createWorker` factory: fake workers
// here, in this thread, in both shapes a factory may return (a browser
// Worker's addEventListener, a Node worker's on), so that every way a worker
// can fail is easy to stage; then real worker_threads from the built package.
// Tasks are cut lazily: counted through the planner's nextTask.
import { EventEmitter } from "node:events";
import { existsSync, readFileSync } from "node:fs";
import { Worker } from "node:worker_threads";
import { describe, expect, it, vi } from "vitest";

vi.mock("../src/poly/_sweep-plan.js", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../src/poly/_sweep-plan.js")>();
  return { ...actual, nextTask: vi.fn(actual.nextTask) };
});

const plan = await import("../src/poly/_sweep-plan.js");
const { gridNullity, nullitySweep, runNullityTask, squareNullity } = await import("../src/index.js");
type SweepOptions = import("../src/index.js").SweepOptions;
type NullitySweep = import("../src/index.js").NullitySweep;
type NullityTask = import("../src/index.js").NullityTask;

const nextTaskCalls = () => vi.mocked(plan.nextTask).mock.calls.length;

// OEIS A159257, n = 1..300 (test/vectors/README.md).
const A159257 = readFileSync(new URL("./vectors/nullity_square_1_300.txt", import.meta.url), "utf8")
  .trim()
  .split(/\s+/)
  .map(Number);

/** What a browser worker's listeners get. */
type Event = { data?: unknown; message?: unknown };

interface Request {
  id: number;
  task: NullityTask;
}

/** How a fake worker handles a request: answer it (later), or fail in some way. */
type Behaviour = (worker: FakeWorker, request: Request) => void;

/** A browser-style worker: addEventListener, postMessage, terminate. */
class FakeWorker {
  readonly posted: Request[] = [];
  terminated = 0;
  readonly #listeners = new Map<string, ((event: Event) => void)[]>();
  readonly #behaviour: Behaviour;
  constructor(behaviour: Behaviour) {
    this.#behaviour = behaviour;
  }
  addEventListener(type: string, listener: (event: Event) => void): void {
    this.#listeners.set(type, [...(this.#listeners.get(type) ?? []), listener]);
  }
  postMessage(message: unknown): void {
    if (this.terminated > 0) throw new Error("posted to a terminated worker");
    this.posted.push(message as Request);
    this.#behaviour(this, message as Request);
  }
  terminate(): void {
    this.terminated++;
  }
  /** Delivers an event, unless the worker was terminated (a real one would be gone). */
  fire(type: string, event: Event): void {
    if (this.terminated === 0) for (const listener of this.#listeners.get(type) ?? []) listener(event);
  }
}

/** A Node-style worker: on(event), postMessage, terminate. */
class FakeNodeWorker {
  terminated = 0;
  readonly #events = new EventEmitter();
  readonly #behaviour: (worker: FakeNodeWorker, request: Request) => void;
  constructor(behaviour: (worker: FakeNodeWorker, request: Request) => void) {
    this.#behaviour = behaviour;
  }
  on(event: string, listener: (value: unknown) => void): void {
    this.#events.on(event, listener);
  }
  emit(event: string, value: unknown): void {
    this.#events.emit(event, value);
  }
  postMessage(message: unknown): void {
    this.#behaviour(this, message as Request);
  }
  terminate(): Promise<number> {
    this.terminated++;
    return Promise.resolve(1);
  }
}

/** Answers each task with its true nullities, after `delay(id)` ms (so that tasks finish out of order). */
const computing =
  (delay: (id: number) => number = () => 0): Behaviour =>
  (worker, { id, task }) => {
    setTimeout(() => worker.fire("message", { data: { id, values: runNullityTask(task) } }), delay(id));
  };

/** Answers each task with zeros at once: for tests about the plan, not the values. */
const zeros: Behaviour = (worker, { id, task }) => {
  setTimeout(() => worker.fire("message", { data: { id, values: new Int32Array(task.to - task.from + 1) } }), 0);
};

function factory(behaviour: Behaviour): { created: FakeWorker[]; createWorker: () => FakeWorker } {
  const created: FakeWorker[] = [];
  return {
    created,
    createWorker: () => {
      const worker = new FakeWorker(behaviour);
      created.push(worker);
      return worker;
    },
  };
}

async function collect(
  sweep: NullitySweep,
  options: SweepOptions,
): Promise<{ m: number; n: number; nullity: number }[]> {
  const out: { m: number; n: number; nullity: number }[] = [];
  for await (const r of nullitySweep(sweep, options)) out.push(r);
  return out;
}

const turns = async (count: number) => {
  for (let k = 0; k < count; k++) await new Promise((resolve) => setTimeout(resolve, 0));
};

describe("tasks are cut as the sweep goes, not all first", () => {
  it("in the calling thread: one task cut when the first result comes", async () => {
    const before = nextTaskCalls();
    for await (const r of nullitySweep({ kind: "square", from: 1, to: 30_000 }, { workers: 1 })) {
      expect(r).toEqual({ m: 1, n: 1, nullity: 0 });
      // The whole sweep is thousands of tasks (n > 23,000 one per task).
      expect(nextTaskCalls() - before).toBe(1);
      break;
    }
  });

  it("on a pool: about two tasks per worker cut when the first result comes", async () => {
    const { created, createWorker } = factory(zeros);
    const before = nextTaskCalls();
    for await (const r of nullitySweep({ kind: "square", from: 1, to: 100_000 }, { workers: 3, createWorker })) {
      expect(r.n).toBe(1);
      // Two in flight per worker, one more for the worker that answered first, one cut ahead.
      expect(nextTaskCalls() - before).toBeLessThanOrEqual(3 * 2 + 2);
      break;
    }
    // Leaving the loop ends the sweep: every worker is terminated.
    expect(created.length).toBe(3);
    for (const worker of created) expect(worker.terminated).toBe(1);
  });

  it("the largest sweep allowed starts at once (the budget is a closed form, not a walk over 2^30 results)", async () => {
    const { createWorker } = factory(zeros);
    let count = 0;
    for await (const r of nullitySweep({ kind: "square", from: 1, to: 2 ** 30 }, { workers: 2, createWorker })) {
      expect(r.n).toBe(++count);
      if (count === 5) break;
    }
  });

  it("a reader that stops reading stops the sends: results waiting are bounded", async () => {
    const { created, createWorker } = factory(zeros);
    // 3 million results, tasks of one row (1000 results) each.
    const sweep = nullitySweep(
      { kind: "grid", rows: { from: 1, to: 3000 }, cols: { from: 1, to: 1000 } },
      { workers: 2, createWorker },
    );
    await sweep.next();
    const sentResults = () =>
      created.reduce((sum, w) => sum + w.posted.reduce((s, { task }) => s + task.to - task.from + 1, 0), 0);
    // Wait until nothing more goes out (every fake answers on the next turn).
    let last = -1;
    for (let quiet = 0; quiet < 20; ) {
      await turns(1);
      quiet = sentResults() === last ? quiet + 1 : 0;
      last = sentResults();
    }
    // The first row was read; at most 2^20 results (4 MiB) are out beyond it, then nothing more.
    expect(last - 1000).toBeLessThanOrEqual(2 ** 20);
    expect(last).toBeLessThan(3_000_000);
    await turns(20);
    expect(sentResults()).toBe(last);
    await sweep.return(undefined);
    for (const worker of created) expect(worker.terminated).toBe(1);
  });

  it("costBetween's closed forms equal the plain sum of costAt", () => {
    const shapes = [
      { rowFrom: 1, rows: 1, colFrom: 1, cols: 500, square: true, torus: false },
      { rowFrom: 1, rows: 1, colFrom: 37, cols: 200, square: true, torus: true },
      { rowFrom: 3, rows: 40, colFrom: 10, cols: 45, square: false, torus: false },
      { rowFrom: 2, rows: 30, colFrom: 1, cols: 50, square: false, torus: true },
    ];
    for (const s of shapes) {
      const size = s.rows * s.cols;
      for (const [start, end] of [
        [0, size],
        [7, size - 3],
        [50, 51],
        [size - 1, size],
      ] as const) {
        let plain = 0;
        for (let i = start; i < end; i++) plain += plan.costAt(s, i);
        expect(plan.costBetween(s, start, end)).toBe(plain);
      }
    }
  });
});

describe("results in order, equal to independent values", () => {
  it("n = 1..300 on three fake workers finishing out of order: OEIS A159257", async () => {
    const { createWorker } = factory(computing((id) => (id * 7) % 5));
    const got = await collect({ kind: "square", from: 1, to: 300 }, { workers: 3, createWorker, engine: "ts" });
    expect(got.map((r) => r.n)).toEqual(A159257.map((_, i) => i + 1));
    expect(got.map((r) => r.nullity)).toEqual(A159257);
  });

  it("n = 1..3000 and a grid, resumed, with progress, on workers of the Node shape", async () => {
    const created: FakeNodeWorker[] = [];
    const createWorker = () => {
      const worker = new FakeNodeWorker((w, { id, task }) => {
        setTimeout(() => w.emit("message", { id, values: runNullityTask(task) }), (id * 3) % 4);
      });
      created.push(worker);
      return worker;
    };
    const square = await collect({ kind: "square", from: 1, to: 3000 }, { workers: 2, createWorker, start: 1000 });
    expect(square).toEqual(
      Array.from({ length: 2000 }, (_, i) => ({ m: 1001 + i, n: 1001 + i, nullity: squareNullity(1001 + i) })),
    );
    const progress: number[] = [];
    const grid: NullitySweep = { kind: "grid", rows: { from: 3, to: 9 }, cols: { from: 100, to: 700 } };
    const results = await collect(grid, { workers: 2, createWorker, onProgress: (done) => progress.push(done) });
    expect(results).toHaveLength(7 * 601);
    results.forEach(({ m, n, nullity }, i) => {
      expect([m, n]).toEqual([3 + Math.floor(i / 601), 100 + (i % 601)]);
      expect(nullity).toBe(gridNullity(m, n));
    });
    expect(progress.at(-1)).toBe(7 * 601);
    // Every worker ends with its sweep, though none of them failed.
    for (const worker of created) expect(worker.terminated).toBe(1);
  });

  it("with a factory, workers: 1 is one worker, not the calling thread", async () => {
    const { created, createWorker } = factory(computing());
    const got = await collect({ kind: "square", from: 1, to: 20 }, { workers: 1, createWorker });
    expect(got.map((r) => r.nullity)).toEqual(A159257.slice(0, 20));
    expect(created).toHaveLength(1);
    expect(created[0]!.posted.length).toBeGreaterThan(0);
  });
});

describe("a worker that fails makes the sweep reject with a clear error", () => {
  const SWEEP: NullitySweep = { kind: "square", from: 1, to: 5000 };

  it("an error event of a browser worker (a module that fails to load or throws)", async () => {
    const { created, createWorker } = factory((worker) => {
      setTimeout(() => worker.fire("error", { message: "Uncaught SyntaxError: bad module" }), 0);
    });
    await expect(collect(SWEEP, { workers: 2, createWorker })).rejects.toThrow(
      "nullity worker failed: Uncaught SyntaxError: bad module",
    );
    for (const worker of created) expect(worker.terminated).toBe(1);
    // A worker whose script never loaded: an error event with an empty message.
    const empty = factory((worker) => setTimeout(() => worker.fire("error", { message: "" }), 0));
    await expect(collect(SWEEP, { workers: 2, createWorker: empty.createWorker })).rejects.toThrow(
      "nullity worker failed: it could not start or threw",
    );
  });

  it("a postMessage that throws, a messageerror, an error reply, a reply to no task sent, a reply of the wrong length", async () => {
    const cases: [Behaviour, string | RegExp][] = [
      [
        () => {
          throw new Error("DataCloneError: could not be cloned");
        },
        "nullity worker refused a task: DataCloneError: could not be cloned",
      ],
      [(w) => setTimeout(() => w.fire("messageerror", {}), 0), "nullity worker failed: a message could not be read"],
      [
        (w, { id }) => setTimeout(() => w.fire("message", { data: { id, error: "RangeError: too big" } }), 0),
        "nullity worker failed: RangeError: too big",
      ],
      [
        (w) => setTimeout(() => w.fire("message", { data: "hello" }), 0),
        'nullity worker sent an unexpected message: expected { id, values } for a task it was sent, got "hello"',
      ],
      [
        (w, { id }) => setTimeout(() => w.fire("message", { data: { id, values: new Int32Array(1) } }), 0),
        /^nullity worker answered a task of \d+ boards with an object \(Int32Array\)$/,
      ],
    ];
    for (const [behaviour, message] of cases) {
      const { created, createWorker } = factory(behaviour);
      await expect(collect(SWEEP, { workers: 2, createWorker })).rejects.toThrow(message);
      for (const worker of created) expect(worker.terminated).toBe(1);
    }
  });

  it("a Node worker that exits without answering, or emits an error", async () => {
    const exiting = () => new FakeNodeWorker((w) => setTimeout(() => w.emit("exit", 3), 0));
    await expect(collect(SWEEP, { workers: 2, createWorker: exiting })).rejects.toThrow(
      "nullity worker exited unexpectedly (exit code 3)",
    );
    const throwing = () => new FakeNodeWorker((w) => setTimeout(() => w.emit("error", new Error("out of memory")), 0));
    await expect(collect(SWEEP, { workers: 2, createWorker: throwing })).rejects.toThrow(
      "nullity worker failed: out of memory",
    );
  });

  it("a factory that throws or returns no worker, and a factory that is not a function", async () => {
    await expect(
      collect(SWEEP, {
        createWorker: () => {
          throw new Error("no workers here");
        },
      }),
    ).rejects.toThrow('"createWorker" failed: no workers here');
    await expect(collect(SWEEP, { createWorker: () => ({}) as never })).rejects.toThrow(
      new TypeError(
        '"createWorker" expected to return a Worker (postMessage, terminate, and addEventListener or on), got an object (Object)',
      ),
    );
    await expect(collect(SWEEP, { createWorker: "worker.js" as never })).rejects.toThrow(
      new TypeError('"createWorker" expected a function returning a Worker, got "worker.js"'),
    );
  });
});

describe("abort", () => {
  it("terminates every worker at once, sends nothing more, and rejects with the reason", async () => {
    const { created, createWorker } = factory(computing((id) => id % 3));
    const controller = new AbortController();
    let count = 0;
    const run = (async () => {
      for await (const _ of nullitySweep(
        { kind: "square", from: 1, to: 50_000 },
        { workers: 3, createWorker, signal: controller.signal },
      )) {
        if (++count === 10) controller.abort(new Error("enough"));
      }
    })();
    await expect(run).rejects.toThrow("enough");
    expect(count).toBe(10);
    expect(created).toHaveLength(3);
    for (const worker of created) expect(worker.terminated).toBe(1);
  });

  it("while the reader is not reading: the workers stop without waiting for it", async () => {
    const { created, createWorker } = factory(zeros);
    const controller = new AbortController();
    const sweep = nullitySweep(
      { kind: "square", from: 1, to: 200_000 },
      { workers: 2, createWorker, signal: controller.signal },
    );
    await sweep.next();
    controller.abort(new Error("stop"));
    for (const worker of created) expect(worker.terminated).toBe(1);
    await expect(sweep.next()).rejects.toThrow("stop");
  });
});

const DIST_WORKER = new URL("../dist/poly/_sweep-worker.js", import.meta.url);

describe.skipIf(!existsSync(DIST_WORKER))("a factory of real worker_threads (the built worker script)", () => {
  it("n = 1..300 equal to OEIS A159257; the threads end with the sweep", async () => {
    const threads: Worker[] = [];
    const createWorker = () => {
      const worker = new Worker(DIST_WORKER);
      threads.push(worker);
      return worker;
    };
    const got = await collect({ kind: "square", from: 1, to: 300 }, { workers: 2, createWorker });
    expect(got.map((r) => r.nullity)).toEqual(A159257);
    const exits = threads.map((t) => new Promise((resolve) => t.once("exit", resolve)));
    await Promise.all(exits);
  });
});
