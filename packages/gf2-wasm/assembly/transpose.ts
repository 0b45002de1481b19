// Transpose in 64 x 64 bit tiles.

import { rowAt } from "./layout";

const tile = memory.data(64 * 8, 16);

/** Transposes the 64 x 64 tile at `tile` in place (LSB-first bit order). */
@inline function transposeTile(): void {
  let j: u64 = 32;
  let m: u64 = 0x00000000ffffffff;
  while (j != 0) {
    // Swap the off-diagonal j x j sub-blocks of every 2j x 2j block.
    for (let k: u64 = 0; k < 64; k = (k + j + 1) & ~j) {
      const p = tile + (<usize>k << 3);
      const q = tile + (<usize>(k + j) << 3);
      const x = load<u64>(p), y = load<u64>(q);
      const t = ((x >> j) ^ y) & m;
      store<u64>(p, x ^ (t << j));
      store<u64>(q, y ^ t);
    }
    j >>= 1;
    m ^= m << j;
  }
}

/** The arguments of `transpose`. */
@unmanaged export class TransposeArgs {
  /** cols rows of `dstStride` words. */
  dst: usize;
  dstStride: i32;
  /** rows rows of `srcStride` words. */
  src: usize;
  srcStride: i32;
  rows: i32;
  cols: i32;
}

/** dst (cols x rows) = transpose of src (rows x cols). */
export function transpose(args: TransposeArgs): void {
  const dst = args.dst, dstStride = args.dstStride, src = args.src, srcStride = args.srcStride;
  const rows = args.rows, cols = args.cols;
  const rowTiles = (rows + 63) >> 6;
  const colTiles = (cols + 63) >> 6;
  for (let bi = 0; bi < rowTiles; bi++) {
    for (let bj = 0; bj < colTiles; bj++) {
      for (let k = 0; k < 64; k++) {
        const i = (bi << 6) + k;
        store<u64>(tile + (<usize>k << 3), i < rows ? load<u64>(rowAt(src, i, srcStride) + (<usize>bj << 3)) : 0);
      }
      transposeTile();
      for (let k = 0; k < 64; k++) {
        const i = (bj << 6) + k;
        if (i >= cols) break;
        store<u64>(rowAt(dst, i, dstStride) + (<usize>bi << 3), load<u64>(tile + (<usize>k << 3)));
      }
    }
  }
}
