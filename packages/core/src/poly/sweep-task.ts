// One unit of a nullity sweep, as plain data in and out, so that any thread
// can run it: the main thread, a Node worker (node:worker_threads) or a
// browser Web Worker (see _sweep-worker.ts, which is all a worker needs).

import { checkInteger, describe } from "../internal/check.js";
import type { EngineName } from "../gf2/bitmatrix.js";
import { engineOption, gcdDegreeFast } from "./gf2poly.js";
import * as W from "./_words.js";
import { torusFromSquare, torusNullity } from "./nullity.js";
import { MAX_SEQUENCE_INDEX, SequenceStepper, sequenceWords } from "./sequence.js";

/**
 * A run of consecutive nullities: `m x n` for n = from..to, or, with
 * `m: "square"`, `n x n` for n = from..to.
 *
 * @example
 * ```ts
 * const task: NullityTask = { m: "square", from: 4, to: 6 };
 * runNullityTask(task); // Int32Array [4, 2, 0]: the 4 x 4, 5 x 5 and 6 x 6 boards
 * ```
 */
export interface NullityTask {
  /** The number of rows, or `"square"` for n x n boards. */
  m: number | "square";
  /** First n (columns), >= 1. */
  from: number;
  /** Last n, >= from. */
  to: number;
  /** The gcd engine: `"wasm"` (default) or `"ts"`. */
  engine?: EngineName;
  /** Tori instead of grids: closed form for n x n, elimination for m x n (default false). */
  torus?: boolean;
}

/**
 * Runs one task: the nullities of the boards it names, in order. f_n and
 * f_n(x + 1) advance by their recurrences from one n to the next
 * (g_(n+1) = (x + 1) g_n + g_(n-1)), so a task of many consecutive n costs
 * one doubling and one substitution at its start, then one gcd per n.
 *
 * @param task - which boards
 * @returns one nullity per n, from `task.from` to `task.to`
 * @throws {RangeError} when the sizes are out of range ({TypeError} for the wrong kinds)
 * @example
 * ```ts
 * import { runNullityTask } from "@lightsout/core/nullity";
 * runNullityTask({ m: "square", from: 3, to: 6 }); // Int32Array [0, 4, 2, 0]
 * // In a Web Worker: onmessage = (e) => postMessage(runNullityTask(e.data));
 * ```
 */
export function runNullityTask(task: NullityTask): Int32Array {
  if (task === null || typeof task !== "object")
    throw new TypeError(`"task" expected an object, got ${describe(task)}`);
  const engine = engineOption(task);
  if (task.m !== "square") checkInteger("m", task.m, 1, MAX_SEQUENCE_INDEX);
  checkInteger("from", task.from, 1, MAX_SEQUENCE_INDEX);
  checkInteger("to", task.to, task.from, MAX_SEQUENCE_INDEX);
  const out = new Int32Array(task.to - task.from + 1);
  if (task.torus !== undefined && typeof task.torus !== "boolean")
    throw new TypeError(`"torus" expected a boolean, got ${describe(task.torus)}`);
  if (task.torus) {
    if (task.m !== "square") {
      for (let i = 0; i < out.length; i++) out[i] = torusNullity(task.m, task.from + i, { engine });
      return out;
    }
    // the n x n torus from the (n - 1) x (n - 1) grid: one stepper one index behind
    const below = new SequenceStepper(task.from - 1);
    for (let i = 0; i < out.length; i++) {
      if (i > 0) below.next();
      out[i] = torusFromSquare(task.from + i, gcdDegreeFast(below.f, W.trim(below.g), engine));
    }
    return out;
  }
  const steps = new SequenceStepper(task.from);
  const fm = task.m === "square" ? undefined : sequenceWords(task.m);
  for (let i = 0; i < out.length; i++) {
    if (i > 0) steps.next();
    out[i] = gcdDegreeFast(fm ?? steps.f, W.trim(steps.g), engine);
  }
  return out;
}

/** What a sweep posts to a worker: task `id`. */
export interface TaskRequest {
  id: number;
  task: NullityTask;
}

/** What a worker answers: the task's nullities, or why it failed. */
export type TaskReply = { id: number; values: Int32Array } | { id: number; error: string };

function answer(request: TaskRequest): TaskReply {
  try {
    return { id: request.id, values: runNullityTask(request.task) };
  } catch (error) {
    return { id: request.id, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
}

interface NodePort {
  on(event: "message", listener: (request: TaskRequest) => void): void;
  postMessage(reply: TaskReply, transfer?: ArrayBuffer[]): void;
}

const isNode = (globalThis as { process?: { versions?: { node?: string } } }).process?.versions?.node !== undefined;
// A variable specifier keeps bundlers and the DOM-only typings away from Node's module.
const nodeThreads = "node:worker_threads";

/**
 * Makes the current worker answer the tasks of {@link nullitySweep}: call it
 * at the top of the module that a `createWorker` factory starts (a module Web
 * Worker, or a Node `worker_threads` worker). The worker then runs
 * `runNullityTask` on each task it is sent and posts the nullities back.
 *
 * @returns a promise that settles once the worker listens (at once in browsers)
 * @throws {Error} (as a rejection) when called outside a worker
 * @example
 * ```ts
 * // nullity.worker.js, started by
 * // nullitySweep(sweep, { createWorker: () => new Worker("./nullity.worker.js", { type: "module" }) })
 * import { serveNullityTasks } from "@lightsout/core";
 * void serveNullityTasks();
 * ```
 */
export async function serveNullityTasks(): Promise<void> {
  if (isNode) {
    // No top-level await in the callers: bundlers emit workers as classic scripts by default
    // (Vite: IIFE), which cannot hold one. Node queues messages until the listener is on.
    const { parentPort } = (await import(nodeThreads)) as { parentPort: NodePort | null };
    if (!parentPort) throw new Error("serveNullityTasks expected to run in a worker thread, got the main thread");
    parentPort.on("message", (request) => {
      const reply = answer(request);
      parentPort.postMessage(reply, "values" in reply ? [reply.values.buffer as ArrayBuffer] : []);
    });
    return;
  }
  const scope = globalThis as unknown as {
    onmessage: ((event: { data: TaskRequest }) => void) | null;
    postMessage(reply: TaskReply, transfer?: ArrayBuffer[]): void;
    WorkerGlobalScope?: abstract new () => unknown;
  };
  if (scope.WorkerGlobalScope === undefined || !(globalThis instanceof scope.WorkerGlobalScope))
    throw new Error("serveNullityTasks expected to run in a Web Worker, got a page's main thread");
  // Set synchronously: messages that arrive while the worker's module loads are kept for it.
  scope.onmessage = (event) => {
    const reply = answer(event.data);
    scope.postMessage(reply, "values" in reply ? [reply.values.buffer as ArrayBuffer] : []);
  };
}
