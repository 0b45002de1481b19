// Sweeps: the nullity of every n x n board for n in a range, or of every
// m x n board in a rectangle of sizes, on all cores, streamed in order.
//
// A sweep is a flat sequence of results, index 0..size-1 (n ascending; m
// then n for rectangles). It is cut into tasks (runs of consecutive n for
// one m, sweep-task.ts) of about equal cost; tasks go to a pool of workers
// as they free up, and results are yielded in sweep order as soon as every
// earlier one is in. `start`/`end` select a slice of the indices (resume,
// or one shard of a sweep split across machines by {@link shardBounds}).

import { checkInteger, describe } from "../gf2/_check.js";
import type { EngineName } from "../gf2/_engine.js";
import { matrixBytes } from "../gf2/_layout.js";
import { memoryLimit } from "../gf2/_memory.js";
import { MAX_CELLS } from "../lightsout/board.js";
import { engineOption } from "./gf2poly.js";
import { MAX_SEQUENCE_INDEX } from "./sequence.js";
import { boardAt, costAt, costBetween, nextTask, type PlannedTask, type Shape } from "./_sweep-plan.js";
import { runNullityTask, type NullityTask } from "./sweep-task.js";

/**
 * Which boards a sweep covers.
 *
 * @example
 * ```ts
 * const sweep: NullitySweep = { kind: "grid", rows: { from: 4, to: 5 }, cols: { from: 4, to: 5 } };
 * for await (const r of nullitySweep(sweep, { workers: 1 })) console.log(`${r.m} x ${r.n}: ${r.nullity}`);
 * // 4 x 4: 4, 4 x 5: 0, 5 x 4: 0, 5 x 5: 2
 * ```
 */
export type NullitySweep =
  | {
      /** n x n boards for n = from..to. */
      kind: "square";
      /** Smallest n, >= 1. */
      from: number;
      /** Largest n, >= from. */
      to: number;
      /** n x n tori instead of grids, by their closed form (default false). */
      torus?: boolean;
    }
  | {
      /** m x n boards for m = rows.from..rows.to, n = cols.from..cols.to, m-major. */
      kind: "grid";
      /** Range of m. */
      rows: {
        /** Smallest m, >= 1. */
        from: number;
        /** Largest m, >= from. */
        to: number;
      };
      /** Range of n. */
      cols: {
        /** Smallest n, >= 1. */
        from: number;
        /** Largest n, >= from. */
        to: number;
      };
      /**
       * m x n tori instead of grids (default false): the closed form when m = n,
       * elimination of the press matrix otherwise (so at most about 90,000 cells).
       */
      torus?: boolean;
    };

/**
 * One answer of a sweep.
 *
 * @example
 * ```ts
 * const seen: NullityResult[] = [];
 * for await (const r of nullitySweep({ kind: "square", from: 1, to: 6 })) seen.push(r);
 * seen.map((r) => r.nullity); // [0, 0, 0, 4, 2, 0]
 * ```
 */
export interface NullityResult {
  /** Rows (equal to n on square sweeps). */
  m: number;
  /** Columns. */
  n: number;
  /** Dimension of the quiet space of the m x n board. */
  nullity: number;
}

/**
 * Options of {@link nullitySweep}.
 *
 * @example
 * ```ts
 * const options: SweepOptions = { workers: 2, start: 100, signal: AbortSignal.timeout(60_000) };
 * for await (const r of nullitySweep({ kind: "square", from: 1, to: 1000 }, options)) console.log(r.n, r.nullity);
 * ```
 */
export interface SweepOptions {
  /**
   * Threads: 1 runs in the calling thread (yielding to the event loop between
   * tasks); more start that many workers. Default: every core
   * (`os.availableParallelism()` in Node, `navigator.hardwareConcurrency` in browsers).
   */
  workers?: number;
  /** Index of the first result to compute (default 0): resumes a sweep. */
  start?: number;
  /** Index past the last result to compute (default: the sweep's size). */
  end?: number;
  /** Stops the sweep: workers are terminated and the iterator throws the signal's reason. */
  signal?: AbortSignal;
  /** Called after every finished task with results done and results in all (of start..end). */
  onProgress?: (done: number, total: number) => void;
  /** The gcd engine: `"wasm"` (default) or `"ts"`. */
  engine?: EngineName;
}

/**
 * A sweep holds at most this many results (the cost model walks them all).
 *
 * @example
 * ```ts
 * sweepSize({ kind: "square", from: 1, to: 300 }) <= MAX_SWEEP_RESULTS; // true (300 results)
 * ```
 */
export const MAX_SWEEP_RESULTS = 2 ** 30;

function checkRange(name: string, range: unknown): { from: number; to: number } {
  if (range === null || typeof range !== "object")
    throw new TypeError(`"${name}" expected { from, to }, got ${describe(range)}`);
  const { from, to } = range as { from: unknown; to: unknown };
  checkInteger(`${name}.from`, from, 1, MAX_SEQUENCE_INDEX);
  checkInteger(`${name}.to`, to, from as number, MAX_SEQUENCE_INDEX);
  return { from: from as number, to: to as number };
}

function shapeOf(sweep: NullitySweep): Shape {
  if (sweep === null || typeof sweep !== "object")
    throw new TypeError(`"sweep" expected an object, got ${describe(sweep)}`);
  let shape: Shape;
  if (sweep.kind === "square") {
    const { from, to } = checkRange("sweep", sweep);
    shape = { rowFrom: 1, rows: 1, colFrom: from, cols: to - from + 1, square: true, torus: torusOf(sweep) };
  } else if (sweep.kind === "grid") {
    const rows = checkRange("rows", sweep.rows);
    const cols = checkRange("cols", sweep.cols);
    shape = {
      rowFrom: rows.from,
      rows: rows.to - rows.from + 1,
      colFrom: cols.from,
      cols: cols.to - cols.from + 1,
      square: false,
      torus: torusOf(sweep),
    };
    if (shape.torus) checkTorusElimination(rows, cols);
  } else {
    throw new TypeError(`"kind" expected "square" or "grid", got ${describe((sweep as { kind: unknown }).kind)}`);
  }
  if (shape.rows * shape.cols > MAX_SWEEP_RESULTS) {
    throw new RangeError(`a sweep expected at most ${MAX_SWEEP_RESULTS} results, got ${shape.rows * shape.cols}`);
  }
  return shape;
}

function torusOf(sweep: { torus?: unknown }): boolean {
  if (sweep.torus !== undefined && typeof sweep.torus !== "boolean")
    throw new TypeError(`"torus" expected a boolean, got ${describe(sweep.torus)}`);
  return sweep.torus === true;
}

/** Refuses, before any work, a torus sweep whose largest m != n board is too big to eliminate. */
function checkTorusElimination(rows: { from: number; to: number }, cols: { from: number; to: number }): void {
  const candidates: [number, number][] = [
    [rows.to, cols.to],
    [rows.to, Math.min(cols.to, rows.to - 1)],
    [Math.min(rows.to, cols.to - 1), cols.to],
  ];
  let largest = 0;
  let board = "";
  for (const [m, n] of candidates) {
    if (m !== n && m >= rows.from && n >= cols.from && m * n > largest) {
      largest = m * n;
      board = `${m} x ${n}`;
    }
  }
  if (largest === 0) return;
  if (largest > MAX_CELLS)
    throw new RangeError(`the ${board} torus expected at most ${MAX_CELLS} cells for elimination, got ${largest}`);
  memoryLimit.check(
    `the ${board} torus (no closed form for m != n: elimination of a ${largest} x ${largest} GF(2) matrix)`,
    matrixBytes(largest, largest),
    0,
  );
}

/**
 * Number of results of a sweep.
 *
 * @param sweep - the boards
 * @returns rows x cols of a grid sweep, to - from + 1 of a square sweep
 * @throws {RangeError} for empty or out-of-range sizes ({TypeError} for the wrong kinds)
 * @example
 * ```ts
 * sweepSize({ kind: "grid", rows: { from: 1, to: 10 }, cols: { from: 5, to: 6 } }); // 20
 * ```
 */
export function sweepSize(sweep: NullitySweep): number {
  const s = shapeOf(sweep);
  return s.rows * s.cols;
}

/**
 * Splits a sweep into `count` contiguous shards of about equal cost (not
 * of equal size: large boards cost more), so that shards 0..count-1 run
 * anywhere and their outputs, concatenated in order, are the whole sweep.
 *
 * @param sweep - the boards
 * @param index - this shard, 0..count-1
 * @param count - the number of shards, >= 1
 * @returns the `start` and `end` indices to pass to {@link nullitySweep}
 * @throws {RangeError} when `index` or `count` is out of range
 * @example
 * ```ts
 * const sweep = { kind: "square", from: 1, to: 1000 } as const;
 * const { start, end } = shardBounds(sweep, 0, 2); // the cheaper-n first half: more than 500 results
 * ```
 */
export function shardBounds(
  sweep: NullitySweep,
  index: number,
  count: number,
): {
  /** Index of the shard's first result. */
  start: number;
  /** Index past the shard's last result. */
  end: number;
} {
  const s = shapeOf(sweep);
  checkInteger("count", count, 1, MAX_SWEEP_RESULTS);
  checkInteger("index", index, 0, count - 1);
  const size = s.rows * s.cols;
  let total = 0;
  for (let i = 0; i < size; i++) total += costAt(s, i);
  // Shard k starts at the first index whose prefix cost reaches k/count of the total.
  const cut = (k: number) => {
    if (k <= 0) return 0;
    if (k >= count) return size;
    const target = (total * k) / count;
    let acc = 0;
    for (let i = 0; i < size; i++) {
      if (acc >= target) return i;
      acc += costAt(s, i);
    }
    return size;
  };
  return { start: cut(index), end: cut(index + 1) };
}

/** A worker of either platform, as the pool needs it. */
interface PoolWorker {
  post(message: { id: number; task: NullityTask }): void;
  terminate(): void;
}

type Reply = { id: number; values: Int32Array } | { id: number; error: string };

const nodeVersion = (globalThis as { process?: { versions?: { node?: string } } }).process?.versions?.node;
// Variable specifiers keep bundlers and the DOM-only typings away from Node's modules.
const nodeOs = "node:os";
const nodeThreads = "node:worker_threads";

async function defaultWorkers(): Promise<number> {
  if (nodeVersion !== undefined) {
    const os = (await import(nodeOs)) as { availableParallelism?: () => number; cpus: () => unknown[] };
    return os.availableParallelism?.() ?? os.cpus().length;
  }
  return (globalThis as { navigator?: { hardwareConcurrency?: number } }).navigator?.hardwareConcurrency ?? 1;
}

async function startWorker(onReply: (reply: Reply) => void, onError: (error: unknown) => void): Promise<PoolWorker> {
  if (nodeVersion !== undefined) {
    type NodeWorker = {
      on(event: "message", f: (reply: Reply) => void): void;
      on(event: "error", f: (error: unknown) => void): void;
      on(event: "exit", f: (code: number) => void): void;
      postMessage(message: unknown): void;
      terminate(): Promise<number>;
      unref(): void;
    };
    const { Worker } = (await import(nodeThreads)) as { Worker: new (url: URL) => NodeWorker };
    // The worker script beside this module (compiled: dist/poly/_sweep-worker.js).
    const worker = new Worker(new URL("./_sweep-worker.js", import.meta.url));
    let ending = false;
    worker.on("message", onReply);
    worker.on("error", onError);
    // An exit nobody asked for (process.exit in the worker, a crash) sends no message and no error:
    // without this the sweep would wait for its results forever.
    worker.on("exit", (code) => {
      if (!ending) onError(new Error(`nullity worker exited unexpectedly (exit code ${code})`));
    });
    return {
      post: (m) => worker.postMessage(m),
      terminate: () => {
        ending = true;
        void worker.terminate();
      },
    };
  }
  // Written out in full so that bundlers (Vite, webpack 5) see and bundle the worker.
  const worker = new Worker(new URL("./_sweep-worker.js", import.meta.url), { type: "module" });
  worker.onmessage = (event: MessageEvent<Reply>) => onReply(event.data);
  worker.onerror = (event) => onError(new Error(`nullity worker failed: ${event.message}`));
  return { post: (m) => worker.postMessage(m), terminate: () => worker.terminate() };
}

/**
 * The nullity of every board of a sweep, yielded in order as soon as it
 * and all before it are known, computed by `workers` threads (each task
 * a run of consecutive n, see {@link runNullityTask}). Resume a sweep with
 * `start`; split one across machines with {@link shardBounds}.
 *
 * @param sweep - `{ kind: "square", from, to }` or `{ kind: "grid", rows: { from, to }, cols: { from, to } }`,
 *   either with `torus: true` for tori
 * @param options - workers, start/end indices, progress, abort signal, gcd engine
 * @returns an async iterator of `{ m, n, nullity }`
 * @throws {RangeError} for out-of-range sizes or indices; the signal's reason when aborted;
 *   an Error when a worker fails
 * @example
 * ```ts
 * import { nullitySweep } from "@lightsout/core";
 * for await (const { n, nullity } of nullitySweep({ kind: "square", from: 1, to: 25_000 })) {
 *   console.log(n, nullity);
 * }
 * ```
 */
export async function* nullitySweep(sweep: NullitySweep, options: SweepOptions = {}): AsyncGenerator<NullityResult> {
  const s = shapeOf(sweep);
  if (options === null || typeof options !== "object")
    throw new TypeError(`options expected an object, got ${describe(options)}`);
  const engine = engineOption(options);
  const size = s.rows * s.cols;
  const start = options.start === undefined ? 0 : checkInteger("start", options.start, 0, size);
  const end = options.end === undefined ? size : checkInteger("end", options.end, start, size);
  const workers =
    options.workers === undefined ? await defaultWorkers() : checkInteger("workers", options.workers, 1, 1024);
  const { signal, onProgress } = options;
  signal?.throwIfAborted();
  const totalCost = costBetween(s, start, end);
  // About 16 tasks per worker for balance, each worth at least a few
  // milliseconds so that messages stay cheap (cost 2^22 ~ a 2000 x 2000
  // gcd), and at most a few hundred (2^29 ~ one 23,000 x 23,000 gcd) so that
  // progress, results and cancellation keep coming.
  const budget = Math.min(2 ** 29, Math.max(2 ** 22, totalCost / (16 * workers)));
  const tasks: PlannedTask[] = [];
  for (let at = start; at < end; ) {
    const { task } = nextTask(s, at, end, budget);
    tasks.push({ at, task: { ...task, engine } });
    at += task.to - task.from + 1;
  }
  const total = end - start;
  let done = 0;
  const emit = function* (at: number, values: Int32Array): Generator<NullityResult> {
    for (let k = 0; k < values.length; k++) {
      signal?.throwIfAborted();
      const { m, n } = boardAt(s, at + k);
      yield { m, n, nullity: values[k]! };
    }
  };

  if (workers === 1 || tasks.length <= 1) {
    for (const { at, task } of tasks) {
      signal?.throwIfAborted();
      const values = runNullityTask(task);
      done += values.length;
      onProgress?.(done, total);
      yield* emit(at, values);
      await new Promise((resolve) => setTimeout(resolve, 0)); // let abort signals and I/O in
    }
    return;
  }

  // The pool: results wait in `ready` until every earlier task is in.
  const ready = new Map<number, Int32Array>();
  let failure: unknown;
  let wake: (() => void) | undefined;
  const notify = () => {
    const w = wake;
    wake = undefined;
    w?.();
  };
  let next = 0;
  const pool: PoolWorker[] = [];
  const dispatch = (worker: PoolWorker) => {
    if (next < tasks.length) worker.post({ id: next, task: tasks[next++]!.task });
  };
  const onAbort = () => notify();
  signal?.addEventListener("abort", onAbort);
  try {
    const count = Math.min(workers, tasks.length);
    for (let w = 0; w < count; w++) {
      const index = w;
      const worker = await startWorker(
        (reply) => {
          if ("error" in reply) failure ??= new Error(`nullity worker failed: ${reply.error}`);
          else ready.set(reply.id, reply.values);
          done += "values" in reply ? reply.values.length : 0;
          onProgress?.(done, total);
          dispatch(pool[index]!);
          notify();
        },
        (error) => {
          failure ??= error;
          notify();
        },
      );
      pool.push(worker);
    }
    pool.forEach(dispatch);
    for (let t = 0; t < tasks.length; t++) {
      for (;;) {
        signal?.throwIfAborted();
        if (failure !== undefined) throw failure;
        if (ready.has(t)) break;
        await new Promise<void>((resolve) => (wake = resolve));
      }
      const values = ready.get(t)!;
      ready.delete(t);
      yield* emit(tasks[t]!.at, values);
    }
  } finally {
    signal?.removeEventListener("abort", onAbort);
    for (const worker of pool) worker.terminate();
  }
}
