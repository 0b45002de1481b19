/**
 * Where the CLI reads and writes: standard streams, environment and working
 * directory. Commands go through {@link io} instead of `process`, so the
 * tests can run the program in-process ({@link withIo}) with their own
 * streams, and the binary runs it on the real ones.
 *
 * @module
 */
import { Writable } from "node:stream";

/** A stream the CLI writes to; `process.stdout` and `process.stderr` fit. */
export interface OutputStream {
  isTTY?: boolean;
  columns?: number;
  write(chunk: string | Uint8Array): boolean;
  once(event: "drain", listener: () => void): unknown;
}

/** A stream the CLI reads from; `process.stdin` fits. */
export type InputStream = NodeJS.ReadableStream & { isTTY?: boolean };

/** The CLI's view of its process. */
export interface Io {
  stdin: InputStream;
  stdout: OutputStream;
  stderr: OutputStream;
  env: NodeJS.ProcessEnv;
  /** Relative FILE arguments resolve against this folder. */
  cwd: string;
}

/** The replacement set by {@link withIo}; undefined means the process's own. */
let current: Io | undefined;

/**
 * The streams, environment and folder of the running command. The process's
 * are read when used (`process.stdin` opens a handle when first touched).
 */
export const io: Io = {
  get stdin() {
    return current?.stdin ?? process.stdin;
  },
  get stdout() {
    return current?.stdout ?? process.stdout;
  },
  get stderr() {
    return current?.stderr ?? process.stderr;
  },
  get env() {
    return current?.env ?? process.env;
  },
  get cwd() {
    return current?.cwd ?? process.cwd();
  },
};

/**
 * Runs `task` with `replacement` as the CLI's process view, then restores
 * the previous one (also when `task` throws). Not reentrant across
 * concurrent tasks: the CLI runs one command at a time.
 *
 * @param replacement - the streams, environment and folder to use
 * @param task - the work to run with them
 * @returns what `task` returns
 */
export async function withIo<T>(replacement: Io, task: () => Promise<T>): Promise<T> {
  const previous = current;
  current = replacement;
  try {
    return await task();
  } finally {
    current = previous;
  }
}

/**
 * A Node Writable over {@link io}'s stdout for stream pipelines (`--png -`):
 * it waits for drain and never ends the underlying stream.
 *
 * @returns a fresh Writable
 */
export function stdoutWritable(): Writable {
  const stdout = io.stdout;
  return new Writable({
    write(chunk: Uint8Array, _encoding, done) {
      if (stdout.write(chunk)) done();
      else stdout.once("drain", () => done());
    },
  });
}

/** Writes `text` and waits for the stream to drain when its buffer is full. */
export async function writeOut(stream: OutputStream, text: string | Uint8Array): Promise<void> {
  if (!stream.write(text)) await new Promise<void>((resolve) => stream.once("drain", resolve));
}
