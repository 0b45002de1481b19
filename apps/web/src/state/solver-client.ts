// The page's side of solver.worker.ts: requests as promises, answered in
// order; cancel() terminates the worker (the next request starts a new one).

import type { SolverAnswers, SolverEnvelope, SolverReply, SolverRequest } from "./solver-protocol.js";

/** Rejection reason of the requests of a cancelled worker. */
export class Cancelled extends Error {
  override readonly name = "Cancelled";
  constructor() {
    super("cancelled");
  }
}

interface Pending {
  resolve(answer: unknown): void;
  reject(error: Error): void;
}

/** A solver worker started on first use. */
export class Solver {
  #worker: Worker | undefined;
  readonly #pending = new Map<number, Pending>();
  #nextId = 0;
  /** Called with the number of requests in flight whenever it changes (to show "working" and a Cancel button). */
  onBusy: ((inFlight: number) => void) | undefined;

  /**
   * Runs a request in the worker.
   *
   * @param request - What to compute.
   * @returns The answer; rejects with the worker's error message, or {@link Cancelled}.
   */
  run<K extends SolverRequest["kind"]>(request: Extract<SolverRequest, { kind: K }>): Promise<SolverAnswers[K]> {
    const worker = this.#start();
    const id = this.#nextId++;
    return new Promise<SolverAnswers[K]>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (answer: unknown) => void, reject });
      this.onBusy?.(this.#pending.size);
      const envelope: SolverEnvelope = { id, request };
      worker.postMessage(envelope);
    });
  }

  /** Stops the work in flight at once: its requests reject with {@link Cancelled}. */
  cancel(): void {
    if (this.#pending.size === 0) return; // an idle worker is kept, with its compiled kernels
    this.#worker?.terminate();
    this.#worker = undefined;
    this.#failAll(new Cancelled());
  }

  #start(): Worker {
    if (this.#worker) return this.#worker;
    const worker = new Worker(new URL("./solver.worker.ts", import.meta.url), { type: "module" });
    worker.onmessage = (event: MessageEvent<SolverReply>) => {
      const reply = event.data;
      const pending = this.#pending.get(reply.id);
      if (!pending) return;
      this.#pending.delete(reply.id);
      this.onBusy?.(this.#pending.size);
      if (reply.ok) pending.resolve(reply.answer);
      else pending.reject(new Error(reply.message));
    };
    worker.onerror = (event) => {
      event.preventDefault();
      worker.terminate();
      this.#worker = undefined;
      this.#failAll(new Error(`the solver failed: ${event.message || "it could not start"}`));
    };
    this.#worker = worker;
    return worker;
  }

  #failAll(error: Error): void {
    const pending = [...this.#pending.values()];
    this.#pending.clear();
    this.onBusy?.(0);
    for (const p of pending) p.reject(error);
  }
}
