/**
 * The solution phase of a sharded `lightsout wiedemann` run, split again by
 * the columns of Y: `--generator` runs Berlekamp-Massey on the sequence
 * shards and writes `DIR/generator.bin`; `--solution-shard i/k` computes
 * its columns' share of the candidates' block from it into
 * `DIR/solution-i-of-k.bin` (one product by A a coefficient, as many as one
 * process makes, so k hosts share the phase's products); `--merge` adds the
 * shares up, finds the kernel vectors and prints the rank. The shares add up
 * to the single-process block bit for bit, so the answer is the same.
 *
 * @module
 */
import { mkdirSync, readdirSync } from "node:fs";
import {
  type ApproximantBasis,
  blockWiedemannGenerator,
  blockWiedemannSolutionShare,
  type SequencePart,
  type SolutionShare,
  type SparseBitMatrix,
  shardColumns,
  type WiedemannPlan,
  type WiedemannProgress,
} from "@lightsout/core/wiedemann";
import type { Shard } from "../batch.js";
import { inputError, usageError } from "../errors.js";
import { io } from "../io.js";
import { formatLimit } from "@lightsout/core/format";
import {
  bytesOf,
  checkBelongs,
  matrixChecksum,
  readRunFile,
  runFile,
  runHeader,
  writeRunFile,
} from "./wiedemann-files.js";

type Common = { threads: number | undefined; onProgress: ((p: WiedemannProgress) => void) | undefined };

/** u32 words of a generator column: length + 2 coefficients of 2n bits (see the library's initialBasis). */
function columnWords(plan: WiedemannPlan): number {
  return (plan.length + 2) * ((2 * plan.blockWidth) / 32);
}

/** Makes the folder of the run's files. */
export function makeDir(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    throw inputError(`cannot make '${dir}': ${error instanceof Error ? error.message : String(error)}`, error);
  }
}

/**
 * `--generator`: Berlekamp-Massey on the sequence shards (`parts`), the
 * generator written to `DIR/generator.bin` for the solution shards.
 */
export function runGenerator(
  matrix: SparseBitMatrix,
  plan: WiedemannPlan,
  parts: readonly SequencePart[],
  dir: string,
  common: Common,
): void {
  const began = performance.now();
  const basis = blockWiedemannGenerator(plan, parts, common);
  const path = runFile(dir, "generator");
  const header = runHeader("generator", matrixChecksum(matrix), plan, {
    shard: 1,
    shards: 1,
    c0: 0,
    c1: plan.blockWidth,
    done: 1,
  });
  writeRunFile(path, header, [bytesOf(basis.degrees), ...basis.columns.map(bytesOf)]);
  const seconds = ((performance.now() - began) / 1000).toFixed(1);
  io.stderr.write(
    `lightsout: generator complete: '${path}' (Berlekamp-Massey on ${plan.length} terms, ${seconds} s)\n`,
  );
}

/** The generator of `DIR/generator.bin`, of this matrix and run; undefined when there is none. */
export function readGenerator(matrix: SparseBitMatrix, plan: WiedemannPlan, dir: string): ApproximantBasis | undefined {
  const path = runFile(dir, "generator");
  const file = readRunFile(path, "generator");
  if (!file) return undefined;
  checkBelongs(path, file.header, matrixChecksum(matrix), plan, undefined);
  const count = 2 * plan.blockWidth;
  const words = columnWords(plan);
  if (file.payload.length !== 4 * count * (1 + words)) {
    throw inputError(`'${path}' has ${file.payload.length} bytes of generator, not ${4 * count * (1 + words)}`);
  }
  const all = new Uint32Array(file.payload.slice().buffer);
  return {
    m: plan.blockWidth,
    n: plan.blockWidth,
    degrees: new Int32Array(all.buffer, 0, count).slice(),
    columns: Array.from({ length: count }, (_, j) => all.slice(count + j * words, count + (j + 1) * words)),
  };
}

/** `--solution-shard i/k`: this shard's share of the solution phase, from `DIR/generator.bin`. */
export function runSolutionShard(
  matrix: SparseBitMatrix,
  plan: WiedemannPlan,
  shard: Shard,
  dir: string,
  common: Common,
): void {
  checkShardCount(plan, shard.count, "--solution-shard");
  const path = runFile(dir, "solution", shard.index, shard.count);
  const checksum = matrixChecksum(matrix);
  const name = `solution shard ${shard.index + 1}/${shard.count}`;
  const existing = readRunFile(path, "solution");
  if (existing) {
    checkBelongs(path, existing.header, checksum, plan, shard);
    io.stderr.write(`lightsout: ${name} is already complete in '${path}'; nothing to do\n`);
    return;
  }
  const basis = readGenerator(matrix, plan, dir);
  if (!basis) {
    throw inputError(
      `${name} needs the generator '${runFile(dir, "generator")}': run --generator --dir on the sequence shards first`,
    );
  }
  const share = blockWiedemannSolutionShare(matrix, plan, basis, shard, common);
  const header = runHeader("solution", checksum, plan, {
    shard: shard.index + 1,
    shards: shard.count,
    c0: share.c0,
    c1: share.c1,
    done: 1,
  });
  writeRunFile(path, header, [bytesOf(share.block)]);
  io.stderr.write(`lightsout: ${name} complete: '${path}' (columns ${share.c0}..${share.c1 - 1} of Y)\n`);
}

/**
 * The solution shares of `dir`, all of one count and complete, of this
 * matrix and run; undefined when there are none (the merge then computes the
 * solution itself).
 */
export function readSolutionShares(
  matrix: SparseBitMatrix,
  plan: WiedemannPlan,
  dir: string,
): SolutionShare[] | undefined {
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
    const match = /^solution-([0-9]+)-of-([0-9]+)\.bin$/.exec(name);
    if (match) counts.add(Number(match[2]));
  }
  if (counts.size === 0) return undefined;
  if (counts.size > 1) {
    throw inputError(
      `'${dir}' holds solution files of several runs (${[...counts].sort((a, b) => a - b).join(", ")} shards); keep one a folder`,
    );
  }
  const count = [...counts][0]!;
  const checksum = matrixChecksum(matrix);
  const shares: SolutionShare[] = [];
  const missing: number[] = [];
  for (let index = 0; index < count; index++) {
    const path = runFile(dir, "solution", index, count);
    const file = readRunFile(path, "solution");
    if (!file) {
      missing.push(index + 1);
      continue;
    }
    checkBelongs(path, file.header, checksum, plan, { index, count, source: "" });
    const { c0, c1 } = shardColumns(plan, index, count);
    shares.push({ c0, c1, block: new Uint32Array(file.payload.slice().buffer) });
  }
  if (missing.length > 0) {
    throw inputError(
      `--merge found solution shards of ${count} in '${dir}' but not all; missing: ${missing.join(", ")} ` +
        `(run them with --solution-shard i/${count}, or remove the others to solve in one process)`,
    );
  }
  return shares;
}

/** Refuses more shards than columns of Y. */
export function checkShardCount(plan: WiedemannPlan, count: number, flag: string): void {
  if (count > plan.blockWidth) {
    const why = `one column of the ${plan.blockWidth}-wide block each`;
    throw usageError(formatLimit({ subject: flag, max: plan.blockWidth, got: count, unit: ["shard", "shards"], why }));
  }
}
