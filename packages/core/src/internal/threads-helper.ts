// A helper thread of the threaded elimination (threads.ts), written once for
// both platforms: browsers load it as a module worker (threads-worker.ts),
// Node runs its source text with worker_threads' { eval: true }, so that no
// worker file has to be found from sources or bundles.

/** What a helper receives: the compiled shared-memory kernel, the memory, the handshake words and its index. */
export interface HelperStart {
  module: WebAssembly.Module;
  memory: WebAssembly.Memory;
  sync: Int32Array;
  index: number;
}

/** What a helper posts: once up, or why it failed. */
export type HelperReply = { ready: true } | { error: string };

/**
 * A helper's whole life: instantiate the kernel over the shared memory,
 * count itself ready (sync[0]), wait for the control block (sync[1]), then
 * share sweeps in threadHelper until told to quit; on failure set sync[2].
 * Either way it counts itself stopped (sync[3]) once it no longer touches
 * the memory, which its pool waits for before it lets the memory be reused.
 * Self-contained (globals and its arguments only): Node runs its source.
 *
 * @param data - The start message.
 * @param post - Sends a reply to the thread that started this one.
 */
export function helperMain(data: HelperStart, post: (reply: HelperReply) => void): void {
  const { module, memory, sync, index } = data;
  try {
    // the kernel sleeps in this import, not in memory.atomic.wait32 (see waitWhile in
    // @lightsout/gf2-wasm's assembly/threads.ts); the leader's is instantiateThreads'
    let words = new Int32Array(memory.buffer);
    const wait = (ptr: number, value: number): void => {
      if (ptr >>> 2 >= words.length) words = new Int32Array(memory.buffer);
      Atomics.wait(words, ptr >>> 2, value);
    };
    const kernel = new WebAssembly.Instance(module, { env: { memory, wait } }).exports as unknown as {
      threadHelper(ctl: number, index: number): void;
    };
    Atomics.add(sync, 0, 1);
    Atomics.notify(sync, 0);
    post({ ready: true });
    for (;;) {
      const ctl = Atomics.load(sync, 1);
      if (ctl !== 0) {
        kernel.threadHelper(ctl, index);
        Atomics.add(sync, 3, 1);
        Atomics.notify(sync, 3);
        return;
      }
      Atomics.wait(sync, 1, 0);
    }
  } catch (error) {
    Atomics.store(sync, 2, 1);
    Atomics.notify(sync, 0);
    Atomics.add(sync, 3, 1);
    Atomics.notify(sync, 3);
    post({ error: error instanceof Error ? error.message : String(error) });
  }
}

/**
 * The program of a Node helper thread (worker_threads, { eval: true }).
 *
 * @returns JavaScript source that runs helperMain on the thread's workerData.
 */
export function nodeHelperSource(): string {
  return `"use strict";
const threads = require("node:worker_threads");
(${helperMain.toString()})(threads.workerData, (reply) => threads.parentPort.postMessage(reply));
`;
}
