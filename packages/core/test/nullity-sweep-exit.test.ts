// A sweep's worker thread that exits without answering (process.exit in the
// worker, a crash) sends neither a message nor an error event: the sweep must
// fail with a clear error, not wait forever. The worker is simulated: it
// exits with code 1 as soon as it gets a task.
import { EventEmitter } from "node:events";
import { describe, expect, it, vi } from "vitest";

vi.mock("node:worker_threads", () => ({
  Worker: class extends EventEmitter {
    postMessage(): void {
      setTimeout(() => this.emit("exit", 1), 0);
    }
    terminate(): Promise<number> {
      return Promise.resolve(0);
    }
    unref(): void {}
  },
}));

const { nullitySweep } = await import("../src/index.js");

describe("nullitySweep on worker threads", () => {
  it("fails when a worker exits without answering", async () => {
    const run = async () => {
      for await (const _ of nullitySweep({ kind: "square", from: 1, to: 3000 }, { workers: 2 })) {
        // results would come here
      }
    };
    await expect(run()).rejects.toThrow(/nullity worker exited unexpectedly \(exit code 1\)/);
  });
});
