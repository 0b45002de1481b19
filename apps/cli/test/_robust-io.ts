// A small in-process Io for runCli: stdin from a string, stdout and stderr
// collected, the working folder given.
import { Readable } from "node:stream";
import type { Io, OutputStream } from "../src/io.js";
import { runCli } from "../src/main.js";

/** What a run printed and its exit code. */
export interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

function collector(): OutputStream & { text: () => string } {
  const chunks: string[] = [];
  return {
    write(chunk: string | Uint8Array) {
      chunks.push(typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8"));
      return true;
    },
    once() {
      return undefined;
    },
    text: () => chunks.join(""),
  };
}

/** Runs `lightsout ...args` in-process with `input` (text, or bytes as they are) on stdin (not a TTY). */
export async function cli(args: string[], input: string | Uint8Array = "", cwd = process.cwd()): Promise<Ran> {
  const stdout = collector();
  const stderr = collector();
  const io: Io = { stdin: Readable.from([Buffer.from(input)]), stdout, stderr, env: {}, cwd };
  const code = await runCli(args, io);
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}

/** The one stderr line of a failed run (nothing on stdout). */
export function errorLine(ran: Ran): string {
  const lines = ran.stderr.split("\n").filter((line) => line !== "");
  if (lines.length !== 1 || ran.stdout !== "")
    throw new Error(`expected one stderr line and no stdout, got ${JSON.stringify(ran)}`);
  return lines[0]!;
}
