/**
 * {@link evaluate} on worker threads: the root's guess and split in this
 * thread, the sub-trees of its parts walked by workers (each with its own
 * kernel and memo: parts of one node are disjoint sets, so no sub-tree is
 * met by two workers), the largest parts first, each worker taking the next
 * when it is free. A part too large to share well (more than a quarter of
 * a thread's share of the codes) is split here one guess further, and its
 * parts are the tasks: on [5,8] the largest part of the first guess held a third
 * of the work, and two threads waited on it. The depths add up to exactly
 * those of `evaluate`.
 *
 * @module
 */
import { CodeSpace, describe } from "./codes.js";
import { addBelow, type Evaluation, type EvaluateOptions, treeWalker } from "./evaluate.js";

/**
 * Options of {@link evaluateOnThreads}.
 *
 * @example
 * ```ts
 * const options: ParallelEvaluateOptions = { strategy: "entropy", threads: 2 };
 * ```
 */
export interface ParallelEvaluateOptions extends EvaluateOptions {
  /** Worker threads (default: the cores, at least 1). */
  threads?: number;
  /**
   * Starts a worker whose module calls {@link serveEvaluateTasks} (default:
   * the package's own worker script, `dist/_evaluate-worker.js`, as a Node
   * `worker_threads` Worker or a module Web Worker).
   */
  createWorker?: () => EvaluateWorker;
  /** Stops the workers; the promise rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Called with the sub-trees done and in all as workers finish them. */
  onProgress?: (done: number, total: number) => void;
}

/**
 * A worker as {@link ParallelEvaluateOptions.createWorker} returns it: a
 * browser `Worker` (module type) or a Node `worker_threads` `Worker`.
 *
 * @example
 * ```ts
 * const createWorker = (): EvaluateWorker => new Worker(new URL("./evaluate.worker.js", import.meta.url), { type: "module" });
 * ```
 */
export interface EvaluateWorker {
  postMessage(message: unknown): void;
  terminate(): unknown;
  addEventListener?(type: string, listener: (event: { data?: unknown; message?: unknown }) => void): void;
  on?(event: string, listener: (value: unknown) => void): unknown;
}

/** A sub-tree to walk: a part of the root's split, with what the root's guess left known. */
interface Task {
  id: number;
  pegs: number;
  colors: number;
  options: Pick<EvaluateOptions, "strategy" | "seed" | "memoUpTo" | "engine">;
  set: Uint32Array;
  used: number;
  classes: Int32Array;
}

type Reply = { id: number; depths: number[]; nodes: number } | { id: number; error: string };

/** Walks one task (in a worker). */
function answer(task: Task): Reply {
  try {
    const tree = treeWalker(new CodeSpace(task.pegs, task.colors), task.options);
    const depths = tree.walk(task.set, false, task.used, task.classes);
    return { id: task.id, depths, nodes: tree.nodes() };
  } catch (error) {
    return { id: task.id, error: error instanceof Error ? error.message : String(error) };
  }
}

const nodeVersion = (globalThis as { process?: { versions?: { node?: string } } }).process?.versions?.node;
// Variable specifiers keep bundlers and the DOM-only typings away from Node's modules.
const nodeThreads = "node:worker_threads";
const nodeOs = "node:os";

/**
 * Serves the tasks of {@link evaluateOnThreads} in a worker: call it from the
 * worker's module (a Node `worker_threads` Worker or a module Web Worker).
 *
 * @example
 * ```ts
 * // evaluate.worker.js
 * import { serveEvaluateTasks } from "@lightsout/mastermind";
 * void serveEvaluateTasks();
 * ```
 */
export async function serveEvaluateTasks(): Promise<void> {
  if (nodeVersion !== undefined) {
    const { parentPort } = (await import(nodeThreads)) as {
      parentPort: { on(event: "message", f: (task: Task) => void): void; postMessage(reply: Reply): void } | null;
    };
    if (!parentPort) throw new Error("serveEvaluateTasks expected to run in a worker thread, got the main thread");
    parentPort.on("message", (task) => parentPort.postMessage(answer(task)));
    return;
  }
  const scope = globalThis as unknown as {
    onmessage: ((event: { data: Task }) => void) | null;
    postMessage(reply: Reply): void;
  };
  scope.onmessage = (event) => scope.postMessage(answer(event.data));
}

/** The package's own worker, or the caller's. */
async function spawner(createWorker: (() => EvaluateWorker) | undefined): Promise<() => EvaluateWorker> {
  if (createWorker !== undefined) return createWorker;
  if (nodeVersion !== undefined) {
    const { Worker } = (await import(nodeThreads)) as { Worker: new (url: URL) => EvaluateWorker };
    return () => new Worker(new URL("./_evaluate-worker.js", import.meta.url));
  }
  // Written out in full so that bundlers see and bundle the worker.
  return () => new Worker(new URL("./_evaluate-worker.js", import.meta.url), { type: "module" });
}

async function defaultThreads(): Promise<number> {
  if (nodeVersion !== undefined) {
    const os = (await import(nodeOs)) as { availableParallelism(): number };
    return Math.max(1, os.availableParallelism());
  }
  return Math.max(
    1,
    (globalThis as { navigator?: { hardwareConcurrency?: number } }).navigator?.hardwareConcurrency ?? 1,
  );
}

/** Listens to a worker's replies and failures, Node's or a browser's. */
function listen(worker: EvaluateWorker, onReply: (reply: Reply) => void, onError: (error: Error) => void): void {
  const failed = (detail: unknown) =>
    onError(new Error(`an evaluation worker failed: ${detail instanceof Error ? detail.message : String(detail)}`));
  if (typeof worker.on === "function") {
    worker.on("message", (reply) => onReply(reply as Reply));
    worker.on("error", failed);
    worker.on("exit", (code) => failed(`it exited (code ${String(code)})`));
    return;
  }
  worker.addEventListener?.("message", (event) => onReply(event.data as Reply));
  worker.addEventListener?.("error", (event) => failed(event.message || "it could not start or threw"));
}

/**
 * Plays a strategy against every secret of the code space on worker threads:
 * the same record as {@link evaluate} (the same tree: every node's guess is
 * a function of its candidate set alone).
 *
 * @param space - The code space.
 * @param options - Those of {@link evaluate}, and `threads`, `createWorker`, `signal`, `onProgress`.
 * @returns Total, average, worst case and histogram; `nodes` counts every worker's nodes.
 * @throws RangeError for a bad strategy, seed, first guess or thread count; the signal's reason when aborted;
 *   an Error when a worker fails.
 * @example
 * ```ts
 * const e = await evaluateOnThreads(new CodeSpace(5, 8), { strategy: "entropy", threads: 2 });
 * e.total; // 179863
 * ```
 */
export async function evaluateOnThreads(space: CodeSpace, options: ParallelEvaluateOptions = {}): Promise<Evaluation> {
  if (!(space instanceof CodeSpace)) throw new TypeError(`expected a CodeSpace, got ${describe(space)}`);
  const { threads: asked, createWorker, signal, onProgress, ...rest } = options;
  if (asked !== undefined && !(Number.isInteger(asked) && asked >= 1 && asked <= 256)) {
    throw new RangeError(`"threads" expected an integer in 1..256, got ${describe(asked)}`);
  }
  signal?.throwIfAborted();
  const tree = treeWalker(space, rest);
  const all = new Uint32Array(space.size);
  for (let i = 0; i < space.size; i++) all[i] = i;
  const root = tree.node(all, true, 0, new Int32Array(space.pegs));
  const depths: number[] = [];
  if (tree.guessWins(root)) depths[0] = 1;
  const rootParts = tree.partsOf(all, root);
  const threads = Math.min(asked ?? (await defaultThreads()), rootParts.length);
  if (threads <= 1) {
    for (const part of rootParts) addBelow(depths, tree.walk(part, false, root.usedBelow, root.classesBelow));
    return tree.evaluation(fill(depths), all);
  }
  const start = await spawner(createWorker);
  const { strategy, seed, memoUpTo, engine } = rest;
  const workers: EvaluateWorker[] = [];
  let workerNodes = 0;
  try {
    // the workers start (load their module, compile the kernel) while this thread splits the large parts
    for (let w = 0; w < threads; w++) workers.push(start());
    const parts = shareable(tree, rootParts, root, Math.ceil(all.length / (4 * threads)), depths);
    const task = (id: number): Task => ({
      id,
      pegs: space.pegs,
      colors: space.colors,
      options: { strategy, seed, memoUpTo, engine },
      set: parts[id]!.set.slice(), // a view would send the whole split
      used: parts[id]!.used,
      classes: parts[id]!.classes,
    });
    await new Promise<void>((resolve, reject) => {
      let next = 0;
      let done = 0;
      const abort = () => reject(signal!.reason);
      if (signal?.aborted) return abort();
      signal?.addEventListener("abort", abort, { once: true });
      const finish = (error?: Error) => {
        signal?.removeEventListener("abort", abort);
        if (error) reject(error);
        else resolve();
      };
      for (const worker of workers) {
        listen(
          worker,
          (reply) => {
            if ("error" in reply) return finish(new Error(reply.error));
            addBelow(depths, parts[reply.id]!.split ? below(reply.depths) : reply.depths);
            workerNodes += reply.nodes;
            done++;
            onProgress?.(done, parts.length);
            if (done === parts.length) return finish();
            if (next < parts.length) worker.postMessage(task(next++));
          },
          finish,
        );
        if (next < parts.length) worker.postMessage(task(next++));
      }
    });
  } finally {
    for (const worker of workers) {
      const stopped = worker.terminate();
      if (stopped instanceof Promise) stopped.catch(() => undefined);
    }
  }
  return tree.evaluation(fill(depths), all, workerNodes);
}

/** A task's sub-tree: its codes, what is known above it, and whether it lies one guess below a root part. */
interface Piece {
  set: Uint32Array;
  used: number;
  classes: Int32Array;
  split: boolean;
}

/**
 * The root's parts as tasks, largest first: each part of more than `most`
 * codes split by its own guess (in this thread), its parts the tasks, and
 * whether its guess wins counted into `depths` (one guess below the root).
 */
function shareable(
  tree: ReturnType<typeof treeWalker>,
  rootParts: Uint32Array[],
  root: { usedBelow: number; classesBelow: Int32Array },
  most: number,
  depths: number[],
): Piece[] {
  const pieces: Piece[] = [];
  for (const part of rootParts) {
    if (part.length <= most) {
      pieces.push({ set: part, used: root.usedBelow, classes: root.classesBelow, split: false });
      continue;
    }
    const node = tree.node(part, false, root.usedBelow, root.classesBelow);
    if (tree.guessWins(node)) depths[1] = (depths[1] ?? 0) + 1;
    for (const sub of tree.partsOf(part, node)) {
      pieces.push({ set: sub, used: node.usedBelow, classes: node.classesBelow, split: true });
    }
  }
  return pieces.sort((a, b) => b.set.length - a.set.length);
}

/** Depths one guess deeper (a split part's sub-tree, seen from the root's part). */
function below(depths: readonly number[]): number[] {
  const out: number[] = [];
  addBelow(out, depths);
  return out;
}

/** Depths with no holes (a depth no secret has is 0). */
function fill(depths: number[]): number[] {
  for (let d = 0; d < depths.length; d++) depths[d] ??= 0;
  return depths;
}
