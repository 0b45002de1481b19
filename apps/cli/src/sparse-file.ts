// Sparse matrix files for the commands that keep them sparse (rank, wiedemann):
// the library's streamed reader, a progress bar of the bytes read on a TTY, and
// its errors as the CLI's input errors (exit 1).

import { statSync } from "node:fs";
import { resolve } from "node:path";
import { ParseError } from "@lightsout/core";
import { readSparseMatrix } from "@lightsout/core/io";
import type { SparseBitMatrix } from "@lightsout/core/sparse";
import { inputError } from "./errors.js";
import { io } from "./io.js";
import { createProgressBar } from "./progress.js";

/**
 * Reads a MatrixMarket file sparse (only its ones), or an edge list as the
 * graph's incidence or adjacency matrix, with a progress bar of the bytes read on a TTY.
 */
export async function readSparseFile(
  file: string,
  source: string,
  chunks: AsyncIterable<Uint8Array>,
  graph?: "incidence" | "adjacency",
): Promise<SparseBitMatrix> {
  const bar = createProgressBar("reading");
  const total = bar.active ? fileSize(file) : 0;
  try {
    const { matrix } = await readSparseMatrix(chunks, {
      source,
      ...(graph === undefined ? { format: "matrix-market" } : { format: "edge-list", graph }),
      ...(total > 0 ? { onProgress: (bytes: number) => bar.update(Math.min(bytes, total), total) } : {}),
    });
    return matrix;
  } catch (error) {
    if (error instanceof ParseError) throw inputError(error.message, error);
    if (error instanceof RangeError) throw inputError(`${source}: ${error.message}`, error);
    throw error;
  } finally {
    bar.finish();
  }
}

/** Bytes of a file (0 for stdin or when it cannot be read): the total of a progress bar. */
export function fileSize(file: string): number {
  if (file === "-") return 0;
  try {
    return statSync(resolve(io.cwd, file)).size;
  } catch {
    return 0;
  }
}
