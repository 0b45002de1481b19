// Two ways to run the CLI. `run` calls the program in-process through
// `runCli` with streams of its own (fast: most tests); `runBinary` spawns the
// built binary dist/cli.js, for what needs a real process (pipes, exit
// status, closed stdout, terminals).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { Readable, Writable } from "node:stream";
import { fileURLToPath } from "node:url";
import { expect } from "vitest";
import type { Io } from "../src/io.js";
import { runCli } from "../src/main.js";

export const CLI = fileURLToPath(new URL("../dist/cli.js", import.meta.url));
export const FIXTURES = fileURLToPath(new URL("./fixtures/", import.meta.url));

export interface RunResult {
  code: number | null;
  /** stdout decoded as UTF-8. */
  stdout: string;
  stderr: string;
  /** stdout as written, for binary output such as `--png -`. */
  stdoutBytes: Buffer;
}

export interface RunOptions {
  /** What stdin holds; empty when left out. */
  input?: string;
  /** The whole environment of an in-process run; added to the process's for the binary. */
  env?: Record<string, string>;
}

/** Options of an in-process run only: streams that claim to be terminals. */
export interface InProcessOptions extends RunOptions {
  stdinIsTTY?: boolean;
  stderrIsTTY?: boolean;
}

/** A stdout or stderr that keeps every chunk written to it. */
class Collector extends Writable {
  readonly chunks: Buffer[] = [];
  isTTY?: boolean;
  columns?: number;

  override _write(chunk: Buffer | string, _encoding: BufferEncoding, done: () => void): void {
    this.chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
    done();
  }

  bytes(): Buffer {
    return Buffer.concat(this.chunks);
  }
}

/** True while an in-process run is under way. */
let running = false;

/**
 * `lightsout ...args` in this process, through `runCli`, with `input` on
 * stdin; relative paths resolve in the fixtures folder. Runs must not
 * overlap (the CLI has one current `io`): await each before the next.
 */
export async function run(args: string[], options: InProcessOptions = {}): Promise<RunResult> {
  if (running) throw new Error(`run(${JSON.stringify(args)}) started before the previous run ended`);
  const stdout = new Collector();
  const stderr = new Collector();
  if (options.stderrIsTTY) {
    stderr.isTTY = true;
    stderr.columns = 80;
  }
  const stdin: Io["stdin"] = Readable.from(options.input === undefined ? [] : [Buffer.from(options.input)]);
  if (options.stdinIsTTY) stdin.isTTY = true;
  running = true;
  try {
    const code = await runCli(args, { stdin, stdout, stderr, env: { ...options.env }, cwd: FIXTURES });
    const bytes = stdout.bytes();
    return { code, stdout: bytes.toString("utf8"), stderr: stderr.bytes().toString("utf8"), stdoutBytes: bytes };
  } finally {
    running = false;
  }
}

/** Fails early, with the fix, when the CLI has not been built. */
export function requireBuild(): void {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run 'pnpm --filter @lightsout/cli build' first`);
}

/** The process's environment without the variables that change the CLI's output. */
function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(env)) if (name.startsWith("LIGHTSOUT_") || name === "FORCE_COLOR") delete env[name];
  return { ...env, ...extra };
}

function spawned(command: string, args: string[], options: RunOptions): RunResult {
  const result = spawnSync(command, args, {
    cwd: FIXTURES,
    input: options.input ?? "",
    env: cleanEnv(options.env),
    timeout: 60_000,
  });
  if (result.error) throw result.error;
  return {
    code: result.status,
    stdout: result.stdout.toString("utf8"),
    stderr: result.stderr.toString("utf8"),
    stdoutBytes: result.stdout,
  };
}

/** `node dist/cli.js ...args` in a child process, with `input` on stdin; cwd is the fixtures folder. */
export function runBinary(args: string[], options: RunOptions = {}): RunResult {
  return spawned(process.execPath, [CLI, ...args], options);
}

/**
 * A bash script in the fixtures folder, where the function `lightsout` runs
 * the binary, with `pipefail` on so that a CLI failing inside a pipe fails
 * the script.
 */
export function runShell(script: string, options: RunOptions = {}): RunResult {
  const env = { ...options.env, LIGHTSOUT_TEST_NODE: process.execPath, LIGHTSOUT_TEST_CLI: CLI };
  const prelude = 'set -o pipefail\nlightsout() { "$LIGHTSOUT_TEST_NODE" "$LIGHTSOUT_TEST_CLI" "$@"; }\n';
  return spawned("/bin/bash", ["-c", prelude + script], { ...options, env });
}

/** True where util-linux `script` can run a command on a pseudo-terminal. */
export const HAS_SCRIPT = process.platform === "linux" && existsSync("/usr/bin/script");

/**
 * `node dist/cli.js ...args` on a pseudo-terminal (util-linux `script`):
 * stdout and stderr are a terminal and arrive merged, with CRLF line ends.
 */
export function runOnTerminal(args: string[], options: RunOptions = {}): RunResult {
  const quote = (word: string) => `'${word.replaceAll("'", "'\\''")}'`;
  const command = [process.execPath, CLI, ...args].map(quote).join(" ");
  return spawned("/usr/bin/script", ["-qec", command, "/dev/null"], options);
}

/** Asserts-friendly view of a failure: exactly one stderr line, no stack trace. */
export function oneLineError(result: RunResult): string {
  const lines = result.stderr.split("\n").filter((line) => line !== "");
  if (lines.length !== 1) throw new Error(`expected one line on stderr, got ${lines.length}:\n${result.stderr}`);
  if (result.stdout !== "") throw new Error(`expected nothing on stdout, got:\n${result.stdout}`);
  return lines[0]!;
}

/** Parses the `key value` lines of `rank`'s text output. */
export function keyValues(stdout: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of stdout.trim().split("\n")) {
    const space = line.indexOf(" ");
    out[line.slice(0, space)] = line.slice(space + 1);
  }
  return out;
}

/** Rank and nullity printed for `args` (text output). */
export async function rankOf(
  args: string[],
  input?: string,
): Promise<{ rank: number; nullity: number; rows: number; cols: number }> {
  const result = await run(["rank", ...args], input === undefined ? {} : { input });
  expect(result.stderr).toBe("");
  expect(result.code).toBe(0);
  const kv = keyValues(result.stdout);
  expect(Object.keys(kv)).toEqual(["rows", "cols", "rank", "nullity", "time"]);
  expect(kv.time).toMatch(/^\d+(\.\d+)? ms$/);
  return { rows: Number(kv.rows), cols: Number(kv.cols), rank: Number(kv.rank), nullity: Number(kv.nullity) };
}
