/**
 * The files of a sharded `lightsout wiedemann` run, in its `--dir`: the
 * sequence shards (`sequence-i-of-k.bin`), the generator Berlekamp-Massey
 * found (`generator.bin`) and the solution's shares (`solution-i-of-k.bin`).
 * Each is a JSON header line, then raw 32-bit words. The header carries the
 * SHA-256 of the matrix and the run's parameters (a file of another matrix
 * or run is refused by name) and the SHA-256 of the words after it (a
 * damaged file is refused). Files are written whole and renamed into place,
 * so that a crash leaves the last complete one.
 *
 * @module
 */
import { createHash } from "node:crypto";
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { SparseBitMatrix, WiedemannPlan } from "@lightsout/core/wiedemann";
import type { Shard } from "../batch.js";
import { inputError } from "../errors.js";

/** What a file holds, and the name of its format in the header. */
export const FORMATS = {
  sequence: "lightsout-wiedemann-sequence",
  generator: "lightsout-wiedemann-generator",
  solution: "lightsout-wiedemann-solution",
} as const;
export type FileKind = keyof typeof FORMATS;
const VERSION = 1;

/** What a file's header holds. */
export interface RunHeader {
  format: string;
  version: number;
  /** SHA-256 of the matrix (shape and compressed rows). */
  matrix: string;
  rows: number;
  cols: number;
  nonzeros: number;
  blockWidth: number;
  seed: number;
  length: number;
  /** The shard (1-based) and the shard count: 1 of 1 for the generator. */
  shard: number;
  shards: number;
  /** The shard's columns of Y. */
  c0: number;
  c1: number;
  /** Units computed: terms of a sequence shard (complete at `length`); 1 for the others. */
  done: number;
  /** SHA-256 of the bytes after the header line. */
  payload: string;
}

/** `DIR/sequence-i-of-k.bin` or `DIR/solution-i-of-k.bin` (index 0-based), or `DIR/generator.bin`. */
export function runFile(dir: string, kind: FileKind, index = 0, count = 1): string {
  return join(dir, kind === "generator" ? "generator.bin" : `${kind}-${index + 1}-of-${count}.bin`);
}

/** SHA-256 of the matrix: its shape and compressed rows. */
export function matrixChecksum(matrix: SparseBitMatrix): string {
  const hash = createHash("sha256");
  hash.update(`${matrix.rows} ${matrix.cols}\n`);
  hash.update(new Uint8Array(matrix.rowStart.buffer, matrix.rowStart.byteOffset, matrix.rowStart.byteLength));
  const nonzeros = matrix.rowStart[matrix.rows]!;
  hash.update(new Uint8Array(matrix.colIndex.buffer, matrix.colIndex.byteOffset, nonzeros * 4));
  return hash.digest("hex");
}

/** The header of a file of this run (all but the payload's checksum). */
export function runHeader(
  kind: FileKind,
  checksum: string,
  plan: WiedemannPlan,
  part: { shard: number; shards: number; c0: number; c1: number; done: number },
): Omit<RunHeader, "payload"> {
  return {
    format: FORMATS[kind],
    version: VERSION,
    matrix: checksum,
    rows: plan.rows,
    cols: plan.cols,
    nonzeros: plan.nonzeros,
    blockWidth: plan.blockWidth,
    seed: plan.seed,
    length: plan.length,
    ...part,
  };
}

/** Writes a file whole, then renames it over the old one: a crash leaves the last complete one. */
export function writeRunFile(path: string, header: Omit<RunHeader, "payload">, payload: Uint8Array[]): void {
  const hash = createHash("sha256");
  for (const piece of payload) hash.update(piece);
  const line = `${JSON.stringify({ ...header, payload: hash.digest("hex") })}\n`;
  const temporary = `${path}.partial`;
  try {
    writeFileSync(
      temporary,
      Buffer.concat([Buffer.from(line), ...payload.map((p) => Buffer.from(p.buffer, p.byteOffset, p.byteLength))]),
    );
    renameSync(temporary, path);
  } catch (error) {
    throw inputError(`cannot write '${path}': ${error instanceof Error ? error.message : String(error)}`, error);
  }
}

/** A file's header and payload, its format and checksum checked; undefined when it does not exist. */
export function readRunFile(path: string, kind: FileKind): { header: RunHeader; payload: Uint8Array } | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw inputError(`cannot read '${path}': ${error instanceof Error ? error.message : String(error)}`, error);
  }
  const end = bytes.indexOf(10);
  let header: RunHeader | undefined;
  try {
    header = end > 0 ? (JSON.parse(bytes.subarray(0, end).toString("utf8")) as RunHeader) : undefined;
  } catch {
    header = undefined;
  }
  if (!header || header.format !== FORMATS[kind] || header.version !== VERSION) {
    throw inputError(
      `'${path}' is not a ${kind} file of this version (${FORMATS[kind]} ${VERSION}); remove it or use another --dir`,
    );
  }
  const payload = new Uint8Array(bytes.buffer, bytes.byteOffset + end + 1, bytes.length - end - 1);
  if (createHash("sha256").update(payload).digest("hex") !== header.payload) {
    throw inputError(`'${path}' is damaged (its content does not match its checksum); remove it to compute it again`);
  }
  return { header, payload };
}

/** Refuses a file of another matrix or run, saying which. */
export function checkBelongs(
  path: string,
  header: RunHeader,
  checksum: string,
  plan: WiedemannPlan,
  shard: Shard | undefined,
): void {
  if (header.matrix !== checksum || header.rows !== plan.rows || header.cols !== plan.cols) {
    throw inputError(
      `'${path}' belongs to another matrix (${header.rows} x ${header.cols}, checksum ${header.matrix.slice(0, 12)}...; ` +
        `this one: ${plan.rows} x ${plan.cols}, ${checksum.slice(0, 12)}...); remove it or use another --dir`,
    );
  }
  const mine = `seed ${plan.seed}, block width ${plan.blockWidth}${shard ? `, ${shard.count} shards` : ""}`;
  const its = `seed ${header.seed}, block width ${header.blockWidth}${shard ? `, ${header.shards} shards` : ""}`;
  if (
    header.seed !== plan.seed ||
    header.blockWidth !== plan.blockWidth ||
    header.length !== plan.length ||
    (shard && header.shards !== shard.count)
  ) {
    throw inputError(`'${path}' belongs to another run (${its}; this run: ${mine}); remove it or use another --dir`);
  }
}

/** The bytes of a typed array, without a copy. */
export function bytesOf(a: Uint32Array | Int32Array): Uint8Array {
  return new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
}
