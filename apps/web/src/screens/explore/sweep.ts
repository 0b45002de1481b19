// A streaming nullity sweep n = from..to over a pool of workers, results
// delivered in order as soon as every smaller n is in.
//
// Why not core's nullitySweep: it plans every task before the first result
// (about 2 s of main-thread work for n up to 10^6, measured in Node), and
// its pool lives for one call. Here each task is cut when a worker frees
// up, so the page never blocks, however far the sweep is asked to go.

import { ExploreWorker } from "./worker-client.js";

/**
 * Work of one task, in units of n^2 + 4096 (the gcd is quadratic in n, plus a
 * fixed cost per n): 2^32 is about 15 ms at n = 10,000 in Node on the
 * benchmark machine (0.3 ms per n there), long enough that messages stay
 * cheap, short enough that results stream.
 */
const TASK_BUDGET = 2 ** 32;
/** At most this many n per task, so the first results show at once. */
const TASK_MAX_COUNT = 2048;

/** What a sweep reports while it runs. */
export interface SweepEvents {
  /** The nullities of n = first, first + 1, ..., in order, each n exactly once. */
  onValues(first: number, values: Int32Array): void;
  /** Called after each task with the n done (in order or not) and the n in all. */
  onProgress(done: number, total: number): void;
}

/** A sweep under way: `finished` settles when it ends, `cancel()` stops it at once. */
export interface RunningSweep {
  finished: Promise<void>;
  cancel(): void;
}

/** The next run of consecutive n starting at `from` that fits the task budget. */
export function nextTask(from: number, to: number): { from: number; to: number } {
  let n = from;
  let cost = 0;
  do cost += n * n + 4096;
  while (++n <= to && n - from < TASK_MAX_COUNT && cost + n * n + 4096 <= TASK_BUDGET);
  return { from, to: n - 1 };
}

/**
 * Starts a sweep of the n x n nullities for n = from..to on `workers` new workers.
 *
 * @param from - first n, >= 1
 * @param to - last n, >= from
 * @param workers - pool size, >= 1
 * @param events - in-order results and progress
 * @returns the running sweep; `finished` rejects with `Cancelled` after `cancel()`
 */
export function startSweep(from: number, to: number, workers: number, events: SweepEvents): RunningSweep {
  const pool = Array.from({ length: Math.min(workers, to - from + 1) }, () => new ExploreWorker());
  const ready = new Map<number, Int32Array>();
  const total = to - from + 1;
  let next = from;
  let flushed = from;
  let done = 0;

  const flush = () => {
    for (let values = ready.get(flushed); values; values = ready.get(flushed)) {
      ready.delete(flushed);
      events.onValues(flushed, values);
      flushed += values.length;
    }
  };
  const lane = async (worker: ExploreWorker) => {
    while (next <= to) {
      const task = nextTask(next, to);
      next = task.to + 1;
      const { values } = await worker.run({ kind: "nullity-range", ...task });
      ready.set(task.from, values);
      done += values.length;
      events.onProgress(done, total);
      flush();
    }
  };
  const cancel = () => pool.forEach((worker) => worker.terminate());
  const finished = Promise.all(pool.map(lane)).then(
    () => cancel(),
    (error: unknown) => {
      cancel();
      throw error;
    },
  );
  return { finished, cancel };
}
