// Runs `lightsout` in-process (runCli) with its own streams and a clean
// environment, so that the scheduler variables a test sets are the only ones
// the CLI sees, and runs the built binary where separate processes are the point.
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import type { Io, OutputStream } from "../src/io.js";
import { runCli } from "../src/main.js";

export const CLI = fileURLToPath(new URL("../dist/cli.js", import.meta.url));

/** The n x n nullities for n = 1..300 from the core's test vectors, index n - 1. */
export const SQUARE_1_300 = readFileSync(
  fileURLToPath(new URL("../../../packages/core/test/vectors/nullity_square_1_300.txt", import.meta.url)),
  "utf8",
)
  .trim()
  .split(/\s+/)
  .map(Number);

export interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

function sink(chunks: string[]): OutputStream {
  return {
    write(chunk) {
      chunks.push(typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8"));
      return true;
    },
    once: () => undefined,
  };
}

/** `lightsout ...args` in this process, with `env` as its whole environment and `cwd` as its folder. */
export async function cli(args: string[], env: Record<string, string> = {}, cwd = process.cwd()): Promise<Ran> {
  const out: string[] = [];
  const err: string[] = [];
  const io: Io = { stdin: Readable.from([]), stdout: sink(out), stderr: sink(err), env, cwd };
  const code = await runCli(args, io);
  return { code, stdout: out.join(""), stderr: err.join("") };
}

/** Fails early, with the fix, when the binary has not been built. */
export function requireBuild(): void {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run 'pnpm --filter @lightsout/cli build' first`);
}

/** Runs a command to its end in a child process; resolves with its exit code and output. */
export function spawnRun(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv },
): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString("utf8");
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

/** An environment for child processes without any scheduler's variables of the machine running the tests. */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!/^(SLURM_|JOB_COMPLETION_INDEX$|PARALLEL_|LIGHTSOUT_)/.test(key)) env[key] = value;
  }
  return { ...env, ...extra };
}
