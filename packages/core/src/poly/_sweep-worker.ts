// The worker side of a nullity sweep: receives { id, task } messages, runs
// runNullityTask and answers { id, values } or { id, error }. The same file
// serves Node (node:worker_threads) and browsers (a module Web Worker).

import { runNullityTask, type NullityTask } from "./sweep-task.js";

/** A request from sweep.ts. */
interface Request {
  id: number;
  task: NullityTask;
}

type Reply = { id: number; values: Int32Array } | { id: number; error: string };

function answer(request: Request): Reply {
  try {
    return { id: request.id, values: runNullityTask(request.task) };
  } catch (error) {
    return { id: request.id, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
}

interface NodePort {
  on(event: "message", listener: (request: Request) => void): void;
  postMessage(reply: Reply, transfer?: ArrayBuffer[]): void;
}

const isNode = (globalThis as { process?: { versions?: { node?: string } } }).process?.versions?.node !== undefined;
// A variable specifier keeps bundlers and the DOM-only typings away from Node's module.
const nodeThreads = "node:worker_threads";

if (isNode) {
  // No top-level await: bundlers emit workers as classic scripts by default
  // (Vite: IIFE), which cannot hold one. Node queues messages until the listener is on.
  void import(nodeThreads).then((threads) => {
    const { parentPort } = threads as { parentPort: NodePort | null };
    parentPort?.on("message", (request) => {
      const reply = answer(request);
      parentPort.postMessage(reply, "values" in reply ? [reply.values.buffer as ArrayBuffer] : []);
    });
  });
} else {
  const scope = globalThis as unknown as {
    onmessage: ((event: { data: Request }) => void) | null;
    postMessage(reply: Reply, transfer?: ArrayBuffer[]): void;
  };
  scope.onmessage = (event) => {
    const reply = answer(event.data);
    scope.postMessage(reply, "values" in reply ? [reply.values.buffer as ArrayBuffer] : []);
  };
}
