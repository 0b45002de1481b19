// Sweeps: the nullity of every n x n board for n in a range, or of every
// m x n board in a rectangle of sizes, on all cores, streamed in order.
//
// A sweep is a flat sequence of results, index 0..size-1 (n ascending; m
// then n for rectangles). It is cut into tasks (runs of consecutive n for
// one m, sweep-task.ts) of about equal cost; tasks go to a pool of workers
// as they free up, and results are yielded in sweep order as soon as every
// earlier one is in. `start`/`end` select a slice of the indices (resume,
// or one shard of a sweep split across machines by {@link shardBounds}).

import { checkInteger, checkOptionsObject, describe } from "../internal/check.js";
import { availableCores, type CoreCounter } from "../internal/cores.js";
import type { EngineName } from "../gf2/bitmatrix.js";
import { matrixBytes } from "../internal/layout.js";
import { memoryLimit } from "../internal/memory.js";
import { MAX_CELLS } from "../lightsout/board.js";
import { MAX_SEQUENCE_INDEX } from "./sequence.js";
import { boardAt, costAt, nextTask, taskBudget, type PlannedTask, type Shape } from "./_sweep-plan.js";
import type { TaskRequest } from "./sweep-task.js";
import { formatLimit } from "../internal/sizes.js";

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
   * Threads: in Node, 1 runs in the calling thread (yielding to the event
   * loop between tasks), as does a sweep of one task; more start that many
   * workers. In browsers, and with `createWorker`, every task runs on a
   * worker. Default: every core (`os.availableParallelism()` in Node,
   * `navigator.hardwareConcurrency` in browsers).
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
  /**
   * Starts one worker of the pool (called up to `workers` times, as tasks
   * need them): a module Web Worker or a Node `worker_threads` Worker whose
   * module calls {@link serveNullityTasks}. With a factory every task runs
   * in a worker, even with `workers: 1`. Default: the package's own worker
   * script in Node, and in browsers a module Worker that bundlers find.
   */
  createWorker?: () => SweepWorker;
}

/**
 * A sweep holds at most this many results ({@link shardBounds} walks the cost model over them all).
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
    throw new RangeError(
      formatLimit({
        subject: "a sweep",
        max: MAX_SWEEP_RESULTS,
        got: shape.rows * shape.cols,
        unit: ["result", "results"],
      }),
    );
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
    throw new RangeError(
      formatLimit({
        subject: `the ${board} torus`,
        max: MAX_CELLS,
        got: largest,
        unit: ["cell", "cells"],
        why: "elimination",
      }),
    );
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

/**
 * A worker thread as a `createWorker` factory supplies it: a browser `Worker`
 * (module type) or a Node `worker_threads` `Worker`, whose module calls
 * {@link serveNullityTasks}. The sweep listens for its `message`, `error`
 * and `messageerror` events (`on("exit")` as well in Node) and ends it with
 * `terminate()`.
 *
 * @example
 * ```ts
 * // nullity.worker.js calls serveNullityTasks(); a bundler would rather see new URL("./nullity.worker.ts", import.meta.url)
 * const createWorker = (): SweepWorker => new Worker("./nullity.worker.js", { type: "module" });
 * for await (const r of nullitySweep({ kind: "square", from: 1, to: 100 }, { createWorker })) console.log(r.n, r.nullity);
 * ```
 */
export interface SweepWorker {
  /** Sends the worker one task. */
  postMessage(message: unknown): void;
  /** Stops the worker at once. */
  terminate(): unknown;
  /** Browsers: the `message`, `error` and `messageerror` events. */
  addEventListener?(type: string, listener: (event: { data?: unknown; message?: unknown }) => void): void;
  /** Node: the `message`, `error`, `messageerror` and `exit` events. */
  on?(event: string, listener: (value: unknown) => void): unknown;
}

/** Tasks in flight on one worker: a second one waits there while the first runs, so no worker idles between tasks. */
const DEPTH = 2;
/**
 * Results sent to workers and not yet yielded (computed or not): no more
 * tasks go out past this many (4 MiB of them), so a reader that falls behind
 * holds up the workers instead of piling up results. A bound of a few tasks
 * per worker was too tight: a reader that competes with the workers for the
 * cores fell behind in bursts, and the 2000 x 2000 rectangle took 1.5x longer.
 */
const MAX_PENDING = 2 ** 20;

/** One worker of the pool. */
interface Slot {
  post(request: TaskRequest): void;
  stop(): void;
  /** Tasks sent and not answered. */
  busy: number;
}

const nodeVersion = (globalThis as { process?: { versions?: { node?: string } } }).process?.versions?.node;
// Variable specifiers keep bundlers and the DOM-only typings away from Node's modules.
const nodeOs = "node:os";
const nodeThreads = "node:worker_threads";
const sweepTaskModule = "./sweep-task.js";
/** Code range of a Node sweep worker, in MiB (see spawner). */
const SWEEP_CODE_RANGE_MB = 16;

/** Every core: Node's own count loaded here by import, which any Node 20 has (see availableCores). */
async function defaultWorkers(): Promise<number> {
  return availableCores(nodeVersion === undefined ? undefined : ((await import(nodeOs)) as CoreCounter));
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** What starts a worker: the caller's factory, checked, or the package's own worker script. */
async function spawner(createWorker: (() => SweepWorker) | undefined): Promise<() => SweepWorker> {
  if (createWorker !== undefined) {
    return () => {
      let worker: unknown;
      try {
        worker = createWorker();
      } catch (error) {
        throw new Error(`"createWorker" failed: ${messageOf(error)}`, { cause: error });
      }
      const w = worker as SweepWorker | null;
      const listens = typeof w?.on === "function" || typeof w?.addEventListener === "function";
      if (
        w === null ||
        typeof w !== "object" ||
        typeof w.postMessage !== "function" ||
        typeof w.terminate !== "function" ||
        !listens
      ) {
        throw new TypeError(
          `"createWorker" expected to return a Worker (postMessage, terminate, and addEventListener or on), got ${describe(worker)}`,
        );
      }
      return w;
    };
  }
  if (nodeVersion !== undefined) {
    const { Worker } = (await import(nodeThreads)) as {
      Worker: new (url: URL, options: { resourceLimits: { codeRangeSizeMb: number } }) => SweepWorker;
    };
    // The worker script beside this module (compiled: dist/poly/_sweep-worker.js).
    const url = new URL("./_sweep-worker.js", import.meta.url);
    // V8 reserves 512 MiB of address space per thread by default for compiled JavaScript; a
    // worker compiles the few functions of a task, and under an address-space limit (ulimit -v)
    // the default reservations of a few workers are enough to stop the process.
    return () => new Worker(url, { resourceLimits: { codeRangeSizeMb: SWEEP_CODE_RANGE_MB } });
  }
  // Written out in full so that bundlers (Vite, webpack 5) see and bundle the worker.
  return () => new Worker(new URL("./_sweep-worker.js", import.meta.url), { type: "module" });
}

/** Wires a worker to the pool: its replies to `onReply`, every way it can fail to `onError`. */
function adopt(worker: SweepWorker, onReply: (reply: unknown) => void, onError: (error: Error) => void): Slot {
  let ending = false;
  const failed = (detail: string, cause?: unknown) => {
    if (!ending) onError(new Error(`nullity worker failed: ${detail}`, { cause }));
  };
  if (typeof worker.on === "function") {
    worker.on("message", (data) => ending || onReply(data));
    worker.on("error", (error) => failed(messageOf(error), error));
    worker.on("messageerror", (error) => failed(`a message could not be read (${messageOf(error)})`, error));
    // An exit nobody asked for (process.exit in the worker, a crash) sends no message and no error:
    // without this the sweep would wait for its results forever.
    worker.on("exit", (code) => {
      if (!ending) onError(new Error(`nullity worker exited unexpectedly (exit code ${code})`));
    });
  } else {
    worker.addEventListener!("message", (event) => ending || onReply(event.data));
    // A module that fails to load or throws: an ErrorEvent (its message is empty when the script never loaded).
    worker.addEventListener!("error", (event) => {
      // handled here: keep it from also being reported as an uncaught error of the page
      (event as { preventDefault?: () => void }).preventDefault?.();
      failed(typeof event.message === "string" && event.message !== "" ? event.message : "it could not start or threw");
    });
    worker.addEventListener!("messageerror", () => failed("a message could not be read"));
  }
  return {
    busy: 0,
    post: (request) => worker.postMessage(request),
    stop: () => {
      if (ending) return;
      ending = true;
      try {
        const done = worker.terminate();
        if (done instanceof Promise) done.catch(() => undefined);
      } catch {
        // a worker that cannot be stopped is left to the garbage collector
      }
    },
  };
}

/**
 * The nullity of every board of a sweep, yielded in order as soon as it
 * and all before it are known, computed by `workers` threads (each task
 * a run of consecutive n, see `runNullityTask`). Tasks are cut one at
 * a time as workers free up, so the first results come at once however
 * large the sweep, and at most a few tasks per worker wait unread. Resume a
 * sweep with `start`; split one across machines with {@link shardBounds}.
 *
 * @param sweep - `{ kind: "square", from, to }` or `{ kind: "grid", rows: { from, to }, cols: { from, to } }`,
 *   either with `torus: true` for tori
 * @param options - workers (or a factory for them), start/end indices, progress, abort signal, gcd engine
 * @returns an async iterator of `{ m, n, nullity }`
 * @throws {RangeError} for out-of-range sizes or indices; the signal's reason when aborted;
 *   an Error when a worker fails or exits
 * @example
 * ```ts
 * import { nullitySweep } from "@lightsout/core/nullity";
 * for await (const { n, nullity } of nullitySweep({ kind: "square", from: 1, to: 25_000 })) {
 *   console.log(n, nullity);
 * }
 * ```
 */
export async function* nullitySweep(sweep: NullitySweep, options: SweepOptions = {}): AsyncGenerator<NullityResult> {
  const run = await startSweep(sweep, options);
  const first = run.plan();
  if (first === undefined) return;
  if (nodeVersion !== undefined && run.createWorker === undefined && (run.workers === 1 || run.allPlanned())) {
    yield* sweepInThread(run, first);
  } else {
    yield* sweepOnWorkers(run, first);
  }
}

/** A checked sweep: its tasks, cut one at a time, and what every way of running them needs. */
interface SweepRun {
  workers: number;
  /** Results to compute (end - start). */
  total: number;
  signal: AbortSignal | undefined;
  onProgress: ((done: number, total: number) => void) | undefined;
  createWorker: (() => SweepWorker) | undefined;
  /** The next task, cut now (undefined when every result has one). */
  plan(): PlannedTask | undefined;
  /** True once every result has a task. */
  allPlanned(): boolean;
  /** The results of the task at `at`, as boards. */
  emit(at: number, values: Int32Array): Generator<NullityResult>;
}

/** Checks the sweep and its options and sets up the cutting of its tasks. */
async function startSweep(sweep: NullitySweep, options: SweepOptions): Promise<SweepRun> {
  const s = shapeOf(sweep);
  checkOptionsObject(options);
  const engine = options.engine ?? "wasm";
  if (engine !== "wasm" && engine !== "ts")
    throw new TypeError(`"engine" expected "wasm" or "ts", got ${describe(engine)}`);
  const size = s.rows * s.cols;
  const start = options.start === undefined ? 0 : checkInteger("start", options.start, 0, size);
  const end = options.end === undefined ? size : checkInteger("end", options.end, start, size);
  const { signal, onProgress, createWorker } = options;
  if (createWorker !== undefined && typeof createWorker !== "function")
    throw new TypeError(`"createWorker" expected a function returning a Worker, got ${describe(createWorker)}`);
  const workers =
    options.workers === undefined ? await defaultWorkers() : checkInteger("workers", options.workers, 1, 1024);
  signal?.throwIfAborted();
  const budget = taskBudget(s, start, end, workers);
  let planned = start;
  return {
    workers,
    total: end - start,
    signal,
    onProgress,
    createWorker,
    plan() {
      if (planned >= end) return undefined;
      const { at, task } = nextTask(s, planned, end, budget);
      planned += task.to - task.from + 1;
      return { at, task: { ...task, engine } };
    },
    allPlanned: () => planned >= end,
    *emit(at, values) {
      for (let k = 0; k < values.length; k++) {
        signal?.throwIfAborted();
        const { m, n } = boardAt(s, at + k);
        yield { m, n, nullity: values[k]! };
      }
    },
  };
}

/** Node, one worker or one task: every task in the calling thread, yielding to the event loop between tasks. */
async function* sweepInThread(run: SweepRun, first: PlannedTask): AsyncGenerator<NullityResult> {
  const { signal, onProgress, total } = run;
  // Node only, by a specifier bundlers leave alone: a page gets no gcd kernel from this module,
  // so that importing nullitySweep costs a page a few kilobytes (its sweeps run on workers).
  const { runNullityTask } = (await import(sweepTaskModule)) as typeof import("./sweep-task.js");
  let done = 0;
  for (let t: PlannedTask | undefined = first; t !== undefined; t = run.plan()) {
    signal?.throwIfAborted();
    const values = runNullityTask(t.task);
    done += values.length;
    onProgress?.(done, total);
    yield* run.emit(t.at, values);
    await new Promise((resolve) => setTimeout(resolve, 0)); // let abort signals and I/O in
  }
}

/** The pool: task ids count up in sweep order; a task's entry stays until its results are yielded. */
async function* sweepOnWorkers(run: SweepRun, first: PlannedTask): AsyncGenerator<NullityResult> {
  const { signal, onProgress, total, workers } = run;
  let held: PlannedTask | undefined = first;
  let done = 0;
  const spawn = await spawner(run.createWorker);
  const entries = new Map<number, { at: number; length: number; slot: Slot; values?: Int32Array }>();
  const slots: Slot[] = [];
  let sent = 0;
  let yielded = 0;
  /** Results of the tasks sent and not yet yielded. */
  let pending = 0;
  let failure: unknown;
  let stopped = false;
  let wake: (() => void) | undefined;
  const notify = () => {
    const w = wake;
    wake = undefined;
    w?.();
  };
  const stopAll = () => {
    stopped = true;
    for (const slot of slots) slot.stop();
  };
  const fail = (error: unknown) => {
    failure ??= error;
    stopAll();
    notify();
  };
  const receive = (slot: Slot, reply: unknown) => {
    if (stopped) return;
    const { id, values, error } = (reply ?? {}) as { id?: unknown; values?: unknown; error?: unknown };
    const entry = typeof id === "number" ? entries.get(id) : undefined;
    if (entry === undefined || entry.slot !== slot || entry.values !== undefined) {
      fail(
        new Error(
          `nullity worker sent an unexpected message: expected { id, values } for a task it was sent, got ${describe(reply)}`,
        ),
      );
      return;
    }
    if (typeof error === "string") {
      fail(new Error(`nullity worker failed: ${error}`));
      return;
    }
    if (!(values instanceof Int32Array) || values.length !== entry.length) {
      fail(new Error(`nullity worker answered a task of ${entry.length} boards with ${describe(values)}`));
      return;
    }
    entry.values = values;
    slot.busy--;
    done += values.length;
    try {
      onProgress?.(done, total);
    } catch (progressError) {
      fail(progressError);
      return;
    }
    fill();
    notify();
  };
  /** Sends tasks while a worker has room and the results waiting to be read stay within bounds. */
  const fill = () => {
    while (!stopped) {
      held ??= run.plan();
      if (held === undefined) return;
      const length = held.task.to - held.task.from + 1;
      // Past the bound only while fewer than DEPTH tasks per worker are out, so that every worker has work.
      if (pending + length > MAX_PENDING && sent - yielded >= DEPTH * workers) return;
      let slot = slots.reduce<Slot | undefined>(
        (best, x) => (best === undefined || x.busy < best.busy ? x : best),
        undefined,
      );
      if ((slot === undefined || slot.busy > 0) && slots.length < workers) {
        try {
          const fresh: Slot = adopt(spawn(), (reply) => receive(fresh, reply), fail);
          slots.push(fresh);
          slot = fresh;
        } catch (error) {
          fail(error);
          return;
        }
      }
      if (slot === undefined || slot.busy >= DEPTH) return;
      const { at, task } = held;
      held = undefined;
      entries.set(sent, { at, length, slot });
      pending += length;
      slot.busy++;
      try {
        slot.post({ id: sent++, task });
      } catch (error) {
        fail(new Error(`nullity worker refused a task: ${messageOf(error)}`, { cause: error }));
        return;
      }
    }
  };
  const onAbort = () => {
    stopAll();
    notify();
  };
  signal?.addEventListener("abort", onAbort);
  try {
    signal?.throwIfAborted(); // aborted while the worker module loaded: start none
    fill();
    for (;;) {
      let entry = entries.get(yielded);
      while (entry?.values === undefined) {
        signal?.throwIfAborted();
        if (failure !== undefined) throw failure;
        if (entry === undefined) return; // every task is in
        await new Promise<void>((resolve) => (wake = resolve));
        entry = entries.get(yielded);
      }
      entries.delete(yielded++);
      pending -= entry.length;
      yield* run.emit(entry.at, entry.values);
      fill();
    }
  } finally {
    signal?.removeEventListener("abort", onAbort);
    stopAll();
  }
}
