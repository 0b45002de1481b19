// The square operator of block Wiedemann in WebAssembly memory: the sparse
// matrix, padded to N x N (N = max(rows, cols)) by zero rows or columns, held
// once, with a few blocks of N rows of 64 or 128 bits beside it. Every block
// product of the algorithm goes through here: B X (the kernel spmvRows, or
// spmvThreaded on the thread pool) and W ^= V F
// (blockMulAdd). Its plain TypeScript twin is operator-naive.ts.
//
// With more than one thread the matrix and the blocks are the pool's blocks
// (in the kernel's memory, which its threads share); when the pool is
// unavailable or its blocks would pass the cap, one thread works alone.

import {
  type BlockMulArgs,
  blockMulAddKernel,
  blockMulAddThreadedKernel,
  callKernel,
  kernelView,
  projectRowsKernel,
  type ProjectArgs,
  projectThreadedKernel,
  spmvRowsKernel,
  type SpmvArgs,
  spmvThreadedKernel,
  type Views,
  withScratch,
} from "../../internal/kernel.js";
import { formatCount, formatLimit } from "../../internal/sizes.js";
import { withThreadPool } from "../../internal/threads.js";
import type { SparseBitMatrix } from "../matrix.js";
import { fillProjection } from "./projection.js";

/** Rows a thread claims at a time: enough to amortise the claim, small enough to balance uneven rows. */
const SPMV_CHUNK = 2048;

/** Largest side of the padded operator: the kernels index rows as i32. */
export const MAX_OPERATOR_SIDE = 2 ** 30;

/**
 * N x N blocks of `words` u64 per row, numbered 0 .. blocks - 1, and the
 * square matrix B that multiplies them.
 */
export interface BlockOperator {
  /** N = max(rows, cols). */
  readonly size: number;
  /** 1: blocks of 64 vectors; 2: blocks of 128. */
  readonly words: 1 | 2;
  /** Threads the products use (1 in the kernel's own memory). */
  readonly threads: number;
  /** A view of block `b` (N * words u64, row i at i * words); valid for the whole run. */
  block(b: number): BigUint64Array;
  /**
   * Block `to` = B times block `from` (they differ); with `projection`, also
   * X^T times the product, as `project` gives it (a pass of its own after the product).
   */
  multiply(from: number, to: number, projection?: Projection): Uint32Array | undefined;
  /** Block `w` ^= block `v` times F, F being 64 * words rows of `words` u64 (row b: what bit b adds). */
  mulAdd(w: number, v: number, f: BigUint64Array): void;
  /**
   * X^T times block `b`, X being N x (64 * xWords) random bits hashed from
   * `seed` (generated once, then kept): 64 * xWords rows of 2 * words u32, a copy.
   */
  project(b: number, seed: number, xWords: 1 | 2): Uint32Array;
}

/** The projection X of a run: hashed from `seed`, 64 * xWords columns. */
export interface Projection {
  seed: number;
  xWords: 1 | 2;
}

/** Bytes of a thread's tables of the projection and of blockMulAdd (the larger: 16 tables of 256 rows of 16 bytes). */
const TABLE_BYTES = 16 * 256 * 16;
/** Bytes of F of blockMulAdd and of the projection's output (128 rows of 16 bytes). */
const SMALL_BLOCK_BYTES = 128 * 16;

/**
 * Bytes of the blocks an operator needs: the matrix (offsets and indices),
 * `blocks` blocks, the tables (one set a thread), F, the projection's
 * output, and X (up to 128 bits a row, generated when first projected on).
 */
export function operatorBytes(matrix: SparseBitMatrix, words: 1 | 2, blocks: number, threads = 1): number[] {
  const side = Math.max(matrix.rows, matrix.cols);
  const nonzeros = matrix.rowStart[matrix.rows] ?? 0;
  return [
    4 * (side + 1),
    Math.max(16, 4 * nonzeros),
    ...Array.from({ length: blocks }, () => 8 * words * side),
    TABLE_BYTES * threads,
    SMALL_BLOCK_BYTES,
    SMALL_BLOCK_BYTES,
    16 * side,
  ];
}

/** Refuses a matrix whose padded side the kernels cannot index, naming the limit. */
export function checkOperatorSide(matrix: SparseBitMatrix): number {
  const side = Math.max(matrix.rows, matrix.cols);
  if (side > MAX_OPERATOR_SIDE) {
    throw new RangeError(
      formatLimit({
        subject: "the side of block Wiedemann's square matrix",
        max: MAX_OPERATOR_SIDE,
        got: side,
        unit: ["row", "rows"],
        why: "the kernels index rows as 32-bit integers",
      }),
    );
  }
  return side;
}

/** The compressed rows of B: A's, then zero rows up to N. */
function paddedRowStart(matrix: SparseBitMatrix, side: number): Uint32Array {
  const starts = new Uint32Array(side + 1);
  starts.set(matrix.rowStart.subarray(0, matrix.rows + 1));
  starts.fill(matrix.rowStart[matrix.rows] ?? 0, matrix.rows + 1);
  return starts;
}

/** How an operator reaches one memory: its views and its three kernels (the kernel's, or a pool's, whose kernels are shared among its threads). */
interface OperatorMemory {
  threads: number;
  view: Views;
  spmv(args: SpmvArgs): void;
  mulAdd(args: BlockMulArgs): void;
  project(args: ProjectArgs): void;
}

/**
 * The operator over blocks already allocated in one memory (`ptrs` in the
 * order of operatorBytes): copies the matrix in, zeroes the blocks. No
 * allocation happens afterwards, so the views made here stay valid.
 */
function operatorIn(
  matrix: SparseBitMatrix,
  words: 1 | 2,
  blocks: number,
  ptrs: readonly number[],
  memory: OperatorMemory,
): BlockOperator {
  const side = Math.max(matrix.rows, matrix.cols);
  const nonzeros = matrix.rowStart[matrix.rows] ?? 0;
  const [rowStart, colIndex] = ptrs as [number, number];
  memory.view(Uint32Array, rowStart, side + 1).set(paddedRowStart(matrix, side));
  memory.view(Uint32Array, colIndex, nonzeros).set(matrix.colIndex.subarray(0, nonzeros));
  const blockAt = (b: number): number => {
    if (!(b >= 0 && b < blocks)) throw new RangeError(`block ${b} of ${blocks}`);
    return ptrs[2 + b]!;
  };
  const views = Array.from({ length: blocks }, (_, b) => memory.view(BigUint64Array, blockAt(b), side * words));
  for (const view of views) view.fill(0n);
  const table = ptrs[2 + blocks]!;
  const f = ptrs[3 + blocks]!;
  const out = ptrs[4 + blocks]!;
  const fView = memory.view(BigUint64Array, f, 64 * words * words);
  const xRows = ptrs[5 + blocks]!;
  let xOf: Projection | undefined; // the X that xRows holds
  const projectInto = (b: number, { seed, xWords }: Projection): Uint32Array => {
    if (xOf?.seed !== seed || xOf.xWords !== xWords) {
      fillProjection(seed, xWords, side, memory.view(Uint32Array, xRows, 2 * xWords * side));
      xOf = { seed, xWords };
    }
    memory.project({ v: blockAt(b), words, rows: side, x: xRows, xWords, tables: table, out });
    return memory.view(Uint32Array, out, 64 * xWords * 2 * words).slice();
  };
  return {
    size: side,
    words,
    threads: memory.threads,
    block: (b) => views[b]!,
    multiply: (from, to, projection) => {
      memory.spmv({ rowStart, colIndex, x: blockAt(from), y: blockAt(to), words, first: 0, end: side });
      return projection ? projectInto(to, projection) : undefined;
    },
    mulAdd: (w, v, fRows) => {
      fView.set(fRows);
      memory.mulAdd({ w: blockAt(w), v: blockAt(v), f, table, words, rows: side });
    },
    project: (b, seed, xWords) => projectInto(b, { seed, xWords }),
  };
}

/**
 * Runs `run` with the operator of `matrix` and `blocks` zeroed blocks in
 * WebAssembly memory, freed afterwards.
 *
 * @param threads - Threads wanted (1: the kernel's own memory).
 * @throws {RangeError} naming the bytes and the memory limit when the matrix and the blocks do not fit.
 */
export function withBlockOperator<T>(
  matrix: SparseBitMatrix,
  words: 1 | 2,
  blocks: number,
  threads: number,
  run: (operator: BlockOperator) => T,
): T {
  const side = checkOperatorSide(matrix);
  const nonzeros = matrix.rowStart[matrix.rows] ?? 0;
  if (threads > 1) {
    const shared = withThreadPool(threads, (pool) =>
      pool.withBlocks(operatorBytes(matrix, words, blocks, pool.threads), (ptrs) => {
        // at least 8 claims a thread, so that a slowed thread is made up for by the others
        const chunk = Math.max(16, Math.min(SPMV_CHUNK, Math.ceil(side / (8 * pool.threads))));
        const control = { chunk, ctl: pool.ctl, threads: pool.threads, blocking: pool.blocking };
        const once = {
          operation: "the sparse product",
          next: (_: unknown, last: number | undefined) => last === undefined,
        };
        return run(
          operatorIn(matrix, words, blocks, ptrs, {
            threads: pool.threads,
            view: pool.view,
            spmv: (args) => pool.runSlices(spmvThreadedKernel, { ...args, ...control }, once),
            mulAdd: (args) => pool.runSlices(blockMulAddThreadedKernel, { ...args, ...control }, once),
            project: (args) => pool.runSlices(projectThreadedKernel, { ...args, ...control }, once),
          }),
        );
      }),
    );
    if (shared !== undefined) return shared;
  }
  const what = `block Wiedemann on ${formatCount(side, "row")} and ${formatCount(nonzeros, "nonzero")}`;
  return withScratch(what, operatorBytes(matrix, words, blocks), (ptrs) =>
    run(
      operatorIn(matrix, words, blocks, ptrs, {
        threads: 1,
        view: (type, ptr, length) => kernelView(type, ptr, length),
        spmv: (args) => callKernel("the sparse product", spmvRowsKernel, args),
        mulAdd: (args) => callKernel("the block product", blockMulAddKernel, args),
        project: (args) => callKernel("the projection", projectRowsKernel, args),
      }),
    ),
  );
}
