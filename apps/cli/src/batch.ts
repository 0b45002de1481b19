/**
 * Batch runs across machines: which shard of a sweep this process computes
 * (`--shard i/k`, or `--shard auto` read from a scheduler's environment),
 * output files that resume after a crash or requeue (`--output FILE`), and
 * plain progress lines for logs (`--progress`). docs/BATCH.md has the
 * recipes (GNU parallel, Slurm job arrays, Kubernetes indexed jobs).
 *
 * @module
 */
import { open, type FileHandle } from "node:fs/promises";
import { formatLimit, showToken } from "@lightsout/core/format";
import { resolve } from "node:path";
import { CliError, inputError, usageError } from "./errors.js";
import { cannotWrite } from "./input.js";
import { io } from "./io.js";

/**
 * One shard of a sweep cut into `count` parts.
 *
 * @example
 * ```ts
 * const shard: Shard = { index: 0, count: 4, source: "--shard 1/4" }; // the first quarter
 * ```
 */
export interface Shard {
  /** 0-based: shard `index + 1` of `count` in the CLI's 1-based notation. */
  index: number;
  /** How many shards the sweep is cut into. */
  count: number;
  /** Where the index came from, for progress lines: `SLURM_ARRAY_TASK_ID=3` or `--shard 3/8`. */
  source: string;
}

/** At most this many shards. */
export const MAX_SHARDS = 2 ** 20;

const SHARD_HELP = "i/k with 1 <= i <= k (like 1/4)";
const AUTO_HELP = `auto or auto/K with 1 <= K <= ${MAX_SHARDS}`;

/**
 * Reads `--shard`: `i/k` (1 <= i <= k), `auto` or `auto/K`. `auto` takes the
 * shard from the scheduler running this process:
 *
 * * Slurm job array (`sbatch --array=1-K`): shard `SLURM_ARRAY_TASK_ID` of
 *   K. The task id is the shard number itself (1-based), not its position in
 *   the array, so that resubmitting one failed task (`--array=5`) computes
 *   shard 5 again. Plain `auto` takes K from an array that is exactly `1-K`
 *   (SLURM_ARRAY_TASK_MIN = 1, SLURM_ARRAY_TASK_MAX = K, SLURM_ARRAY_TASK_COUNT
 *   = K when set); other arrays (a partial resubmission, a step) need `auto/K`.
 * * Kubernetes indexed job: shard `JOB_COMPLETION_INDEX + 1` of K, where K
 *   (the job's `completions`) is not in the pod's environment: `auto/K`.
 *
 * GNU parallel sets no shard count: its jobs pass `--shard {}/K` explicitly.
 *
 * @param text - the option's value
 * @param env - the environment to read (the CLI passes `io.env`)
 * @returns the shard
 * @throws {@link CliError} (exit 2) for a malformed value, no scheduler found,
 *   two schedulers found, or variables that contradict each other or K
 * @example
 * ```ts
 * parseShard("auto", { SLURM_ARRAY_TASK_ID: "3", SLURM_ARRAY_TASK_MIN: "1", SLURM_ARRAY_TASK_MAX: "8" });
 * // { index: 2, count: 8, source: "SLURM_ARRAY_TASK_ID=3" }
 * ```
 */
export function parseShard(text: string, env: NodeJS.ProcessEnv): Shard {
  const match = /^(?:([0-9]+)|(auto))(?:\/([0-9]+))?$/.exec(text);
  const given = match?.[3] === undefined ? undefined : Number(match[3]);
  const auto = text.startsWith("auto");
  if (!match || (given !== undefined && !(given >= 1 && given <= MAX_SHARDS)) || (!auto && given === undefined)) {
    throw usageError(`--shard expected ${auto ? AUTO_HELP : SHARD_HELP}, got '${text}'`);
  }
  if (!auto) {
    const i = Number(match[1]);
    if (!(i >= 1 && i <= given!)) throw usageError(`--shard expected ${SHARD_HELP}, got '${text}'`);
    return { index: i - 1, count: given!, source: `--shard ${i}/${given}` };
  }
  const slurm = envInteger(env, "SLURM_ARRAY_TASK_ID");
  const kube = envInteger(env, "JOB_COMPLETION_INDEX");
  if (slurm !== undefined && kube !== undefined) {
    throw usageError(
      `--shard ${text} expected the environment of one scheduler, got both SLURM_ARRAY_TASK_ID=${slurm} and JOB_COMPLETION_INDEX=${kube}`,
    );
  }
  if (slurm !== undefined) return slurmShard(text, slurm, env, given);
  if (kube !== undefined) {
    const index = kube;
    if (given === undefined) {
      throw usageError(
        `--shard auto: JOB_COMPLETION_INDEX=${index} (a Kubernetes indexed job) gives no shard count: pass --shard auto/K with K = the job's completions`,
      );
    }
    if (index >= given) {
      throw usageError(
        `--shard ${text} expected JOB_COMPLETION_INDEX in 0..${given - 1} (K must equal the job's completions), got ${index}`,
      );
    }
    return { index, count: given, source: `JOB_COMPLETION_INDEX=${index}` };
  }
  const hint =
    present(env, "PARALLEL_SEQ") === undefined
      ? "pass --shard i/k"
      : "GNU parallel sets no shard count: pass --shard {}/K with ::: $(seq K)";
  throw usageError(
    `--shard ${text} expected SLURM_ARRAY_TASK_ID (a Slurm job array) or JOB_COMPLETION_INDEX (a Kubernetes indexed job) in the environment, got neither; ${hint}`,
  );
}

function slurmShard(text: string, id: number, env: NodeJS.ProcessEnv, given: number | undefined): Shard {
  const min = envInteger(env, "SLURM_ARRAY_TASK_MIN");
  const max = envInteger(env, "SLURM_ARRAY_TASK_MAX");
  const count = envInteger(env, "SLURM_ARRAY_TASK_COUNT");
  const source = `SLURM_ARRAY_TASK_ID=${id}`;
  const vars = [`SLURM_ARRAY_TASK_ID=${id}`];
  if (min !== undefined) vars.push(`SLURM_ARRAY_TASK_MIN=${min}`);
  if (max !== undefined) vars.push(`SLURM_ARRAY_TASK_MAX=${max}`);
  if (count !== undefined) vars.push(`SLURM_ARRAY_TASK_COUNT=${count}`);
  const got = vars.join(", ");
  if (id < 1 || (min !== undefined && min < 1)) {
    throw usageError(
      `--shard ${text} expected Slurm array task ids 1..K (shard i is task i: submit with --array=1-K), got ${got}`,
    );
  }
  if (
    (min !== undefined && id < min) ||
    (max !== undefined && id > max) ||
    (min !== undefined && max !== undefined && (min > max || (count !== undefined && count > max - min + 1)))
  ) {
    throw usageError(`--shard ${text} expected consistent Slurm array variables, got ${got}`);
  }
  if (given !== undefined) {
    if (id > given || (max !== undefined && max > given)) {
      throw usageError(`--shard ${text} expected Slurm array task ids within 1..${given}, got ${got}`);
    }
    return { index: id - 1, count: given, source };
  }
  if (min !== 1 || max === undefined || max > MAX_SHARDS || (count !== undefined && count !== max)) {
    throw usageError(
      `--shard auto expected a Slurm array 1-K (SLURM_ARRAY_TASK_MIN=1, SLURM_ARRAY_TASK_MAX=K), got ${got}; for a partial or stepped array pass --shard auto/K`,
    );
  }
  return { index: id - 1, count: max, source };
}

/** A variable's value, or undefined when unset or empty. */
function present(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name];
  return value === undefined || value === "" ? undefined : value;
}

/** A variable read as an integer 0..2^31, or undefined when unset or empty. */
function envInteger(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const text = present(env, name);
  if (text === undefined) return undefined;
  const value = /^[0-9]+$/.test(text) ? Number(text) : NaN;
  if (!(value <= 2 ** 31)) {
    throw usageError(`--shard auto expected ${name} to be an integer >= 0, got ${showToken(text)}`);
  }
  return value;
}

/**
 * A file of result lines, opened for appending after the lines it already holds.
 *
 * @example
 * ```ts
 * const out: ResumedOutput = await resumeOutput("part.txt", 300, () => undefined, () => undefined);
 * for (let j = out.done; j < 300; j++) await out.write(`${j}\n`);
 * await out.close();
 * ```
 */
export interface ResumedOutput {
  /** Complete, checked lines already in the file (a torn last line is not counted: it was cut off). */
  done: number;
  /** Appends whole lines. */
  write(text: string): Promise<void>;
  /** Flushes to disk and closes. */
  close(): Promise<void>;
}

const READ_CHUNK = 1 << 20;
/** Result lines are far shorter; a longer one means the wrong file. */
const MAX_LINE = 4096;

/**
 * Opens `file` (relative to `io.cwd`) to resume a run whose output is one
 * line per result: creates it when missing; otherwise checks every complete
 * line with `check` and the last one also with `recheck` (which may
 * recompute it), cuts off a torn last line (no newline: the run was killed
 * mid-write), and appends after the rest. Nothing is changed when a check fails.
 *
 * @param file - the path as the user gave it
 * @param total - how many lines the whole run writes
 * @param check - the problem with line `j` (0-based) of the file, or undefined when it is right
 * @param recheck - the same for the last complete line, a deeper check
 * @returns the open file and how many lines it holds
 * @throws {@link CliError} (exit 1) when a line is wrong or there are more than `total`,
 *   or the file cannot be opened, read or truncated
 * @example
 * ```ts
 * // a file of the numbers 0..999, one per line, resumed where it stopped
 * const same = (line: string, j: number) => (line === String(j) ? undefined : `expected ${j}`);
 * const out = await resumeOutput("numbers.txt", 1000, same, same);
 * for (let j = out.done; j < 1000; j++) await out.write(`${j}\n`);
 * await out.close();
 * ```
 */
export async function resumeOutput(
  file: string,
  total: number,
  check: (line: string, j: number) => string | undefined,
  recheck: (line: string, j: number) => string | undefined,
): Promise<ResumedOutput> {
  const path = resolve(io.cwd, file);
  let handle: FileHandle;
  try {
    handle = await open(path, "a+");
  } catch (error) {
    // opened to append: a missing folder, a folder, no permission are write failures
    throw cannotWrite(file, error);
  }
  try {
    const { lines, bytes, last } = await checkLines(handle, file, total, check);
    const problem = lines === 0 ? undefined : recheck(last, lines - 1);
    if (problem !== undefined)
      throw inputError(`${file}:${lines}: ${problem}, got ${quote(last)} (not the output of this run?)`);
    const { size } = await handle.stat();
    if (size > bytes) await handle.truncate(bytes);
    return {
      done: lines,
      async write(text) {
        try {
          await handle.write(text);
        } catch (error) {
          throw cannotWrite(file, error);
        }
      },
      async close() {
        try {
          await handle.sync();
        } finally {
          await handle.close();
        }
      },
    };
  } catch (error) {
    await handle.close();
    if (error instanceof CliError) throw error;
    throw inputError(`cannot read '${file}': ${reasonOf(error)}`, error);
  }
}

/** Counts and checks the complete lines; `bytes` ends after the last of them. */
async function checkLines(
  handle: FileHandle,
  file: string,
  total: number,
  check: (line: string, j: number) => string | undefined,
): Promise<{ lines: number; bytes: number; last: string }> {
  const buffer = Buffer.alloc(READ_CHUNK);
  let carry = "";
  let lines = 0;
  let bytes = 0;
  let last = "";
  for (let position = 0; ; ) {
    const { bytesRead } = await handle.read(buffer, 0, READ_CHUNK, position);
    if (bytesRead === 0) break;
    position += bytesRead;
    const end = buffer.lastIndexOf(10, bytesRead - 1);
    if (end < 0) {
      carry += buffer.toString("latin1", 0, bytesRead);
      if (carry.length > MAX_LINE)
        throw inputError(
          `${file}:${lines + 1}: expected a result line, got a line of over ${MAX_LINE} bytes (not the output of this run?)`,
        );
      continue;
    }
    const text = carry + buffer.toString("latin1", 0, end);
    carry = buffer.toString("latin1", end + 1, bytesRead);
    for (const line of text.split("\n")) {
      if (lines >= total) {
        const limit = formatLimit({
          subject: "the output of this run",
          max: total,
          got: "more",
          unit: ["line", "lines"],
        });
        throw inputError(`${file}:${lines + 1}: ${limit}`);
      }
      const problem = check(line, lines);
      if (problem !== undefined) {
        throw inputError(`${file}:${lines + 1}: ${problem}, got ${quote(line)} (not the output of this run?)`);
      }
      last = line;
      lines++;
    }
    bytes = position - (bytesRead - end - 1);
  }
  return { lines, bytes, last };
}

/** A line of a file for a message, as the readers show input: `'...'`, invisible characters as `<U+001B>`. */
function quote(line: string): string {
  return showToken(line);
}

function reasonOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  const reasons: Record<string, string> = {
    ENOENT: "no such file or directory",
    EISDIR: "it is a directory",
    EACCES: "permission denied",
    ENOSPC: "no space left on device",
    ENOTDIR: "a component of the path is not a directory",
  };
  if (typeof code === "string" && reasons[code] !== undefined) return reasons[code];
  return error instanceof Error ? error.message : String(error);
}

/**
 * Plain progress lines (`--progress`), for logs and pipes as much as for
 * terminals: at most one every `intervalMs`, each saying how much is done
 * and about how long is left.
 *
 * @example
 * ```ts
 * const log: ProgressLog = progressLog(io.stderr, 10_000);
 * log.update(30, 100, () => "30/100 boards");
 * ```
 */
export interface ProgressLog {
  /** Reports work done (`done` of `total`, in any unit) and, when due, prints a line. */
  update(done: number, total: number, describe: () => string): void;
}

/**
 * A rate-limited progress log on `stream`.
 *
 * @param stream - where lines go (the CLI passes `io.stderr`)
 * @param intervalMs - least milliseconds between lines
 * @param now - clock in milliseconds
 * @returns the log
 * @example
 * ```ts
 * const log = progressLog(io.stderr, 10_000);
 * log.update(5, 10, () => "5 of 10 boards"); // prints once 10 s have passed since the start
 * ```
 */
export function progressLog(
  stream: { write(text: string): unknown },
  intervalMs: number,
  now: () => number = () => performance.now(),
): ProgressLog {
  const start = now();
  let last = start;
  return {
    update(done, total, describe) {
      const t = now();
      if (t - last < intervalMs || !(total > 0) || !(done > 0)) return;
      last = t;
      const elapsed = (t - start) / 1000;
      const left = (elapsed * (total - done)) / done;
      stream.write(
        `lightsout: ${describe()}, ${formatDuration(elapsed)} elapsed, about ${formatDuration(left)} left\n`,
      );
    },
  };
}

/**
 * A duration for people: `45 s`, `12 min`, `3.5 h`, `27 days`.
 *
 * @param seconds - the duration
 * @returns the text
 * @example
 * ```ts
 * formatDuration(5400); // "1.5 h"
 * ```
 */
export function formatDuration(seconds: number): string {
  if (seconds < 90) return `${Math.max(0, Math.round(seconds))} s`;
  if (seconds < 90 * 60) return `${Math.round(seconds / 60)} min`;
  if (seconds < 48 * 3600) return `${(seconds / 3600).toFixed(1)} h`;
  return `${Math.round(seconds / 86400)} days`;
}
