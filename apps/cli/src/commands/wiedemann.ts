/**
 * `lightsout wiedemann FILE.mtx`: the rank and kernel of a large sparse
 * matrix over GF(2) by block Wiedemann, in one process or with its sequence
 * phase cut into shards (`--shard i/k --dir DIR`, one process each, on one
 * machine or many), then merged (`--merge --dir DIR`). A shard writes its
 * part of the sequence to `DIR/sequence-i-of-k.bin`, checkpointed as it
 * goes: run again, an interrupted shard resumes from its last checkpoint; a
 * complete one is reported, not recomputed. Every file carries a checksum of
 * the matrix and the run's parameters, and one of its own content: a file
 * from another matrix or run, or a damaged one, is refused by name.
 *
 * Files are read as `lightsout rank` reads sparse ones (readSparseFile: the
 * library's streamed MatrixMarket reader).
 *
 * @module
 */
import { readdirSync } from "node:fs";
import { resolve } from "node:path";
import { formatCount } from "@lightsout/core/format";
import {
  blockWiedemannGenerator,
  blockWiedemannSequence,
  finishBlockWiedemann,
  finishFromGenerator,
  randomSparseMatrix,
  type SequenceCheckpoint,
  type SequencePart,
  type SparseBitMatrix,
  shardColumns,
  type WiedemannPlan,
  type WiedemannProgress,
  type WiedemannResult,
  wiedemannPlan,
  wordsPerRow,
} from "@lightsout/core/wiedemann";
import { Command } from "commander";
import { formatDuration, parseShard, type Shard } from "../batch.js";
import { inputError, usageError } from "../errors.js";
import { inputBytes } from "../input.js";
import { readSparseFile } from "../sparse-file.js";
import { io, writeOut } from "../io.js";
import { parseIntegerOption } from "../options.js";
import {
  bytesOf,
  checkBelongs,
  matrixChecksum,
  readRunFile,
  runFile,
  runHeader,
  writeRunFile,
} from "./wiedemann-files.js";
import {
  checkShardCount,
  makeDir,
  readGenerator,
  readSolutionShares,
  runGenerator,
  runSolutionShard,
} from "./wiedemann-solution.js";

interface WiedemannFlags {
  random?: string;
  perRow?: string;
  seed?: string;
  blockWidth?: string;
  threads?: string;
  shard?: string;
  generator?: boolean;
  solutionShard?: string;
  merge?: boolean;
  dir?: string;
  checkpointEvery?: string;
  stopAfter?: string;
  progress?: boolean;
  json?: boolean;
}

const EXAMPLES = `
Block Wiedemann is Monte Carlo: the output says what is proven (rank <= R,
from kernel vectors each checked by a product) and the probability that the
rank is too high (at most 2^-40 while the nullity found, empty columns
aside, is at most the block width - 41). Berlekamp-Massey is quadratic here: from about 200,000 rows
on it takes the largest share (200,000 x 200,000 with 10 ones a row: about
45 s in all on 2 threads; see docs/BENCHMARKS.md).

Examples:
  $ lightsout wiedemann matrix.mtx
  $ lightsout wiedemann --random 20000 --per-row 10 --progress
  $ lightsout wiedemann matrix.mtx --shard 2/4 --dir seq     one shard of four (any machine)
  $ lightsout wiedemann matrix.mtx --shard auto --dir seq    the shard of a Slurm array task or Kubernetes index
  $ lightsout wiedemann matrix.mtx --merge --dir seq         Berlekamp-Massey and the solution, on one machine

The shards and the merge must name the same matrix, --seed and --block-width.
See docs/BATCH.md for Slurm, Kubernetes and GNU parallel recipes.`;

/**
 * Builds the `wiedemann` command.
 *
 * @returns the command
 */
export function wiedemannCommand(): Command {
  return new Command("wiedemann")
    .summary("rank and kernel of a large sparse matrix by block Wiedemann, sharded if asked")
    .description(
      "Rank and kernel vectors of a sparse matrix over GF(2) by block Wiedemann (Monte Carlo, bound stated).",
    )
    .argument("[file]", "MatrixMarket coordinate file (pattern or integer, entries mod 2); - for stdin")
    .option("--random <n>", "a random n x n matrix instead of a file")
    .option("--per-row <k>", "nonzeros a row of --random (default 10)")
    .option("--seed <s>", "seed of the run's random blocks and of --random (default 1)")
    .option("--block-width <n>", "64 (default) or 128: columns of the random blocks")
    .option("--threads <t>", "threads of the sparse products (default: every core)")
    .option("--shard <i/k|auto>", "compute only this shard's part of the sequence, into --dir")
    .option("--generator", "Berlekamp-Massey on the sequence shards in --dir, into --dir (for --solution-shard)")
    .option("--solution-shard <i/k|auto>", "compute only this shard's share of the solution, from --dir's generator")
    .option(
      "--merge",
      "merge the shards in --dir: Berlekamp-Massey (or --dir's generator), the solution (or its shares), the rank",
    )
    .option("--dir <dir>", "folder of the run's files (with --shard, --generator, --solution-shard and --merge)")
    .option("--checkpoint-every <terms>", "terms between checkpoints of a shard (default 256)")
    .option(
      "--stop-after <terms>",
      "stop a shard at its first checkpoint past this many terms (a scheduler's time slot); run again to go on",
    )
    .option("--progress", "progress lines with an estimate of the time left, on stderr")
    .option("--json", "print one JSON object")
    .addHelpText("after", EXAMPLES)
    .action(async (file: string | undefined, flags: WiedemannFlags) => {
      await runWiedemann(file, flags);
    });
}

async function runWiedemann(file: string | undefined, flags: WiedemannFlags): Promise<void> {
  const stages = (
    [
      ["--shard", flags.shard !== undefined],
      ["--generator", flags.generator === true],
      ["--solution-shard", flags.solutionShard !== undefined],
      ["--merge", flags.merge === true],
    ] as const
  ).filter(([, given]) => given);
  if (stages.length > 1) throw usageError(`${stages.map(([flag]) => flag).join(" and ")} exclude each other`);
  const stage = stages[0]?.[0];
  if (stage !== undefined && flags.dir === undefined) {
    throw usageError(`${stage} needs --dir DIR, the folder of the run's files`);
  }
  const seed = flags.seed === undefined ? 1 : parseIntegerOption("--seed", flags.seed, 0, 2 ** 32 - 1);
  const blockWidth =
    flags.blockWidth === undefined ? 64 : parseIntegerOption("--block-width", flags.blockWidth, 64, 128);
  if (blockWidth !== 64 && blockWidth !== 128)
    throw usageError(`--block-width expected 64 or 128, got '${flags.blockWidth}'`);
  const threads = flags.threads === undefined ? undefined : parseIntegerOption("--threads", flags.threads, 1, 256);
  const matrix = await loadMatrix(file, flags, seed);
  const plan = wiedemannPlan(matrix, blockWidth, seed);
  const progress = flags.progress ? progressPrinter() : undefined;
  const common = { threads, onProgress: progress };
  const dir = flags.dir === undefined ? "" : resolve(io.cwd, flags.dir);
  switch (stage) {
    case "--shard":
      await runShard(matrix, plan, parseShard(flags.shard!, io.env), dir, flags, common);
      return;
    case "--generator":
      makeDir(dir);
      runGenerator(matrix, plan, readAllShards(matrix, plan, dir), dir, common);
      return;
    case "--solution-shard":
      runSolutionShard(matrix, plan, parseShard(flags.solutionShard!, io.env), dir, common);
      return;
    case "--merge":
      await printResult(mergeRun(matrix, plan, dir, common), plan, flags.json === true);
      return;
    default: {
      const began = performance.now();
      const part = blockWiedemannSequence(matrix, plan, { index: 0, count: 1 }, common);
      const result = finishBlockWiedemann(matrix, plan, [part], common, performance.now() - began);
      await printResult(result, plan, flags.json === true);
    }
  }
}

/**
 * `--merge`: the generator of `dir` if `--generator` wrote one (else
 * Berlekamp-Massey on the sequence shards here), then the solution's shares
 * of `dir` added up if there are any (else the solution here), the rank.
 */
function mergeRun(
  matrix: SparseBitMatrix,
  plan: WiedemannPlan,
  dir: string,
  common: { threads: number | undefined; onProgress: ((p: WiedemannProgress) => void) | undefined },
): WiedemannResult {
  const began = performance.now();
  const basis =
    readGenerator(matrix, plan, dir) ?? blockWiedemannGenerator(plan, readAllShards(matrix, plan, dir), common);
  const timings = { sequenceMs: 0, berlekampMasseyMs: performance.now() - began };
  return finishFromGenerator(matrix, plan, basis, readSolutionShares(matrix, plan, dir), common, timings);
}

/** The matrix of the run: a file, or `--random n`. */
async function loadMatrix(file: string | undefined, flags: WiedemannFlags, seed: number): Promise<SparseBitMatrix> {
  if (flags.random !== undefined) {
    if (file !== undefined) throw usageError(`expected a file or --random, got both ('${file}' and --random)`);
    const n = parseIntegerOption("--random", flags.random, 1, 2 ** 30);
    const perRow = flags.perRow === undefined ? 10 : parseIntegerOption("--per-row", flags.perRow, 0, 1024);
    return randomSparseMatrix(n, n, perRow, seed);
  }
  if (file === undefined) throw usageError("expected a MatrixMarket file (or - for stdin, or --random N)");
  const { source, chunks } = inputBytes(file);
  return readSparseFile(file, source, chunks);
}

/** The u32 words of a part's terms and of its block, as the file stores them. */
function termWords(plan: WiedemannPlan, c0: number, c1: number): number {
  return plan.length * plan.blockWidth * wordsPerRow(c1 - c0);
}

async function runShard(
  matrix: SparseBitMatrix,
  plan: WiedemannPlan,
  shard: Shard,
  dir: string,
  flags: WiedemannFlags,
  common: { threads: number | undefined; onProgress: ((p: WiedemannProgress) => void) | undefined },
): Promise<void> {
  checkShardCount(plan, shard.count, "--shard");
  const every =
    flags.checkpointEvery === undefined ? 256 : parseIntegerOption("--checkpoint-every", flags.checkpointEvery, 1);
  makeDir(dir);
  const path = runFile(dir, "sequence", shard.index, shard.count);
  const checksum = matrixChecksum(matrix);
  const { c0, c1 } = shardColumns(plan, shard.index, shard.count);
  const words = termWords(plan, c0, c1);
  const name = `shard ${shard.index + 1}/${shard.count}`;
  let resume: SequenceCheckpoint | undefined;
  const existing = readRunFile(path, "sequence");
  if (existing) {
    checkBelongs(path, existing.header, checksum, plan, shard);
    if (existing.header.done === plan.length) {
      io.stderr.write(`lightsout: ${name} is already complete in '${path}' (${plan.length} terms); nothing to do\n`);
      return;
    }
    const terms = new Uint32Array(existing.payload.slice(0, words * 4).buffer);
    const block = new Uint32Array(existing.payload.slice(words * 4).buffer);
    resume = { done: existing.header.done, terms, block };
    io.stderr.write(`lightsout: resuming ${name} from term ${existing.header.done} of ${plan.length} ('${path}')\n`);
  }
  const header = (done: number) =>
    runHeader("sequence", checksum, plan, { shard: shard.index + 1, shards: shard.count, c0, c1, done });
  const stopAfter = flags.stopAfter === undefined ? Infinity : parseIntegerOption("--stop-after", flags.stopAfter, 1);
  const stop = new AbortController();
  const stopped = new Error("stopped after --stop-after terms");
  let part: SequencePart;
  try {
    part = blockWiedemannSequence(matrix, plan, shard, {
      ...common,
      signal: stop.signal,
      checkpoint: {
        ...(resume ? { resume } : {}),
        every,
        save: (state) => {
          writeRunFile(path, header(state.done), [bytesOf(state.terms), bytesOf(state.block)]);
          if (state.done >= stopAfter) stop.abort(stopped);
        },
      },
    });
  } catch (error) {
    if (error !== stopped) throw error;
    const { header: saved } = readRunFile(path, "sequence")!;
    io.stderr.write(
      `lightsout: ${name} stopped at term ${saved.done} of ${plan.length}, checkpoint in '${path}'; run it again to resume\n`,
    );
    return;
  }
  writeRunFile(path, header(plan.length), [bytesOf(part.terms)]);
  io.stderr.write(`lightsout: ${name} complete: '${path}' (${plan.length} terms, columns ${c0}..${c1 - 1} of Y)\n`);
}

/** Every shard's part from `dir`: all of one count, complete, of this matrix and run. */
function readAllShards(matrix: SparseBitMatrix, plan: WiedemannPlan, dir: string): SequencePart[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch (error) {
    throw inputError(
      `cannot read the folder '${dir}': ${error instanceof Error ? error.message : String(error)}`,
      error,
    );
  }
  const counts = new Set<number>();
  for (const name of names) {
    const match = /^sequence-([0-9]+)-of-([0-9]+)\.bin$/.exec(name);
    if (match) counts.add(Number(match[2]));
  }
  if (counts.size === 0)
    throw inputError(`'${dir}' holds no sequence files (sequence-i-of-k.bin): run the shards first`);
  if (counts.size > 1) {
    throw inputError(
      `'${dir}' holds sequence files of several runs (${[...counts].sort((a, b) => a - b).join(", ")} shards); keep one run a folder`,
    );
  }
  const count = [...counts][0]!;
  const checksum = matrixChecksum(matrix);
  const parts: SequencePart[] = [];
  const missing: number[] = [];
  for (let index = 0; index < count; index++) {
    const path = runFile(dir, "sequence", index, count);
    const file = readRunFile(path, "sequence");
    if (!file) {
      missing.push(index + 1);
      continue;
    }
    checkBelongs(path, file.header, checksum, plan, { index, count, source: "" });
    if (file.header.done !== plan.length) {
      throw inputError(
        `shard ${index + 1}/${count} in '${path}' stopped at term ${file.header.done} of ${plan.length}: run it again to resume`,
      );
    }
    const { c0, c1 } = shardColumns(plan, index, count);
    const terms = new Uint32Array(file.payload.slice(0, termWords(plan, c0, c1) * 4).buffer);
    parts.push({ c0, c1, terms });
  }
  if (missing.length > 0) {
    throw inputError(
      `--merge needs all ${count} shards in '${dir}'; missing: ${missing.join(", ")} (run them with --shard i/${count})`,
    );
  }
  return parts;
}

/** Progress lines on stderr, one a phase change or every 2 s. */
function progressPrinter(): (p: WiedemannProgress) => void {
  let lastPhase = "";
  let last = 0;
  return (p) => {
    const now = performance.now();
    if (p.phase === lastPhase && now - last < 2000 && p.done < p.total) return;
    lastPhase = p.phase;
    last = now;
    const left = p.remainingMs === undefined ? "" : `, about ${formatDuration(p.remainingMs / 1000)} left`;
    io.stderr.write(
      `lightsout: ${p.phase} ${p.done}/${p.total} (${Math.floor(p.fraction * 100)}%), ${formatDuration(p.elapsedMs / 1000)} elapsed${left}\n`,
    );
  };
}

async function printResult(result: WiedemannResult, plan: WiedemannPlan, json: boolean): Promise<void> {
  const seconds = (ms: number) => Math.round(ms) / 1000;
  if (json) {
    const { kernel, ...rest } = result;
    await writeOut(
      io.stdout,
      `${JSON.stringify({ ...rest, nonzeros: plan.nonzeros, kernelVectors: kernel.length })}\n`,
    );
    return;
  }
  const t = result.timings;
  await writeOut(
    io.stdout,
    `${result.rows} x ${result.cols}, ${formatCount(plan.nonzeros, "nonzero")}\n` +
      `rank ${result.rank} (nullity ${result.nullity})\n` +
      `${result.guarantee}\n` +
      `sequence ${seconds(t.sequenceMs)} s, Berlekamp-Massey ${seconds(t.berlekampMasseyMs)} s, solution ${seconds(t.solutionMs)} s, ${result.threads} thread${result.threads === 1 ? "" : "s"}\n`,
  );
}
