// Runs the built binary (dist/cli.js) in a child process, as a user would.
import { spawnSync } from "node:child_process";
import { expect } from "vitest";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const CLI = fileURLToPath(new URL("../dist/cli.js", import.meta.url));
export const FIXTURES = fileURLToPath(new URL("./fixtures/", import.meta.url));

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Fails early, with the fix, when the CLI has not been built. */
export function requireBuild(): void {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run 'pnpm --filter @lightsout/cli build' first`);
}

/** `node dist/cli.js ...args`, with `input` on stdin; cwd is the fixtures folder. */
export function run(args: string[], options: { input?: string; env?: Record<string, string> } = {}): RunResult {
  const env: NodeJS.ProcessEnv = { ...process.env, ...options.env };
  if (options.env?.LIGHTSOUT_DEBUG === undefined) delete env.LIGHTSOUT_DEBUG;
  delete env.FORCE_COLOR;
  const result = spawnSync(process.execPath, [CLI, ...args], {
    cwd: FIXTURES,
    input: options.input ?? "",
    encoding: "utf8",
    env,
    timeout: 60_000,
  });
  if (result.error) throw result.error;
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
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
export function rankOf(args: string[], input?: string): { rank: number; nullity: number; rows: number; cols: number } {
  const result = run(["rank", ...args], input === undefined ? {} : { input });
  expect(result.stderr).toBe("");
  expect(result.code).toBe(0);
  const kv = keyValues(result.stdout);
  expect(Object.keys(kv)).toEqual(["rows", "cols", "rank", "nullity", "time"]);
  expect(kv.time).toMatch(/^\d+(\.\d+)? ms$/);
  return { rows: Number(kv.rows), cols: Number(kv.cols), rank: Number(kv.rank), nullity: Number(kv.nullity) };
}
