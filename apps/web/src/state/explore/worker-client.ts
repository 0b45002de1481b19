// The page's side of Explore's workers: explore.worker.ts's requests as
// promises, progress as callbacks, and cancellation by terminating the
// worker; and the workers of the nullity sweep.

import type { Answer, Envelope, Reply, Request } from "./protocol.js";

/** Rejection reason of every request of a worker that was terminated. */
export class Cancelled extends Error {
  override readonly name = "Cancelled";
  constructor() {
    super("cancelled");
  }
}

/** A failure the worker reported, with the line and column of a matrix file's syntax error. */
export class WorkerError extends Error {
  override readonly name = "WorkerError";
  readonly line: number | undefined;
  readonly column: number | undefined;
  /** In binary data (a PBM raster), the byte the message is about. */
  readonly offset: number | undefined;
  constructor(message: string, line?: number, column?: number, offset?: number) {
    super(message);
    this.line = line;
    this.column = column;
    this.offset = offset;
  }
}

type AnswerOf<K extends Request["kind"]> = Extract<Answer, { kind: K }>;
/** Progress of a request: its phase, and the library's estimate of the seconds left in it when it makes one. */
type OnProgress = (done: number, total: number, phase: string, secondsLeft?: number) => void;

interface Pending {
  resolve(answer: Answer): void;
  reject(error: Error): void;
  onProgress: OnProgress | undefined;
}

/** Every live worker of the screen, so that leaving the screen can stop them all. */
const live = new Set<ExploreWorker>();

/** Terminates every worker the screen started (on unmount). */
export function terminateAll(): void {
  for (const worker of [...live]) worker.terminate();
}

/** A module Web Worker of the nullity sweep (nullity.worker.ts), for core's `nullitySweep` to feed. */
export function nullityWorker(): Worker {
  return new Worker(new URL("./nullity.worker.ts", import.meta.url), { type: "module" });
}

/** One module Web Worker running explore.worker.ts. */
export class ExploreWorker {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  #nextId = 0;
  #terminated = false;

  constructor() {
    this.#worker = new Worker(new URL("./explore.worker.ts", import.meta.url), { type: "module" });
    this.#worker.onmessage = (event: MessageEvent<Reply>) => this.#receive(event.data);
    this.#worker.onerror = (event) => {
      event.preventDefault();
      this.#failAll(new WorkerError(`the worker failed: ${event.message || "it could not start"}`));
    };
    live.add(this);
  }

  /** Runs one request (handing over `transfer`); the promise rejects with {@link Cancelled} if the worker is terminated first. */
  run<K extends Request["kind"]>(
    request: Extract<Request, { kind: K }>,
    onProgress?: OnProgress,
    transfer: Transferable[] = [],
  ): Promise<AnswerOf<K>> {
    if (this.#terminated) return Promise.reject(new Cancelled());
    const id = this.#nextId++;
    return new Promise<AnswerOf<K>>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (answer: Answer) => void, reject, onProgress });
      const envelope: Envelope = { id, request };
      this.#worker.postMessage(envelope, transfer);
    });
  }

  /** Stops the worker at once; pending requests reject with {@link Cancelled}. */
  terminate(): void {
    if (this.#terminated) return;
    this.#terminated = true;
    this.#worker.terminate();
    live.delete(this);
    this.#failAll(new Cancelled());
  }

  #receive(reply: Reply): void {
    const pending = this.#pending.get(reply.id);
    if (!pending) return;
    if (reply.type === "progress") {
      pending.onProgress?.(reply.done, reply.total, reply.phase, reply.secondsLeft);
      return;
    }
    this.#pending.delete(reply.id);
    if (reply.type === "done") pending.resolve(reply.answer);
    else pending.reject(new WorkerError(reply.message, reply.line, reply.column, reply.offset));
  }

  #failAll(error: Error): void {
    const pending = [...this.#pending.values()];
    this.#pending.clear();
    for (const p of pending) p.reject(error);
  }
}
