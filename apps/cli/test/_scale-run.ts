// Runs the CLI in-process (runCli) on streams of its own: stdin from a string
// or bytes, stdout and stderr collected as bytes, the folder of the test.
import { Readable } from "node:stream";
import { runCli } from "../src/main.js";
import type { Io, OutputStream } from "../src/io.js";

/** What a run printed, and its exit code. */
export interface InProcessResult {
  code: number;
  stdout: string;
  stderr: string;
}

function collector(chunks: Buffer[]): OutputStream {
  return {
    write(chunk: string | Uint8Array) {
      chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : Buffer.from(chunk));
      return true;
    },
    once() {
      return undefined;
    },
  };
}

/** `lightsout ...args` in this process, `input` on stdin, relative paths against `cwd`. */
export async function runInProcess(
  args: string[],
  options: { input?: string | Uint8Array; cwd?: string } = {},
): Promise<InProcessResult> {
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  const input = options.input ?? "";
  const io: Io = {
    stdin: Readable.from([typeof input === "string" ? Buffer.from(input) : Buffer.from(input)]),
    stdout: collector(out),
    stderr: collector(err),
    env: {},
    cwd: options.cwd ?? process.cwd(),
  };
  const code = await runCli(args, io);
  return { code, stdout: Buffer.concat(out).toString("utf8"), stderr: Buffer.concat(err).toString("utf8") };
}
