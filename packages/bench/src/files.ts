// Matrix files at scale: reading seeded random N x N matrices from disk as
// dense 0/1 text and as PBM (P4) with readBitMatrix (streams, no whole-file
// string), against the string route (readFile + parseMatrix + fromBits) at
// the sizes it can take, then the rank; and M4RI's elimination of the same
// matrix beside it when installed (M4RI reads no PBM: its harness times the
// elimination alone, from its own binary file, so M4RI is given no reading).
import { createReadStream, mkdtempSync, openSync, closeSync, rmSync, statSync, writeSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BitMatrix } from "@lightsout/core";
import { formatPbm, parseMatrix, readBitMatrix } from "@lightsout/core/io";
import { buildHarness, findM4ri, runM4ri, writeMatrixFile } from "./m4ri.js";
import { fmtMs, median } from "./stats.js";

/** One timed step of the suite. */
export interface FileRow {
  n: number;
  /** What was timed: "read dense", "read pbm", "string route", "rank", "read pbm + rank", "m4ri ...". */
  step: string;
  /** Median of the repeats. */
  ms: number;
  /** Fastest repeat. */
  minMs: number;
  /** CPU time of this process (user + system) of the median repeat: the work done, less the waits of a loaded machine. */
  cpuMs?: number;
  /** File size in bytes, for the reading steps. */
  bytes?: number;
  /** Megabytes (10^6 bytes) per second of the median, for the reading steps. */
  mbPerS?: number;
  rank?: number;
}

export interface FilesOptions {
  sizes: number[];
  /** Largest N written as dense text (N^2 + N bytes: 1 GiB at 32768). */
  textUpTo: number;
  /** Largest N read by the string route (one JavaScript string of the whole file). */
  stringUpTo: number;
  log: (line: string) => void;
}

/** Default sizes: the 8192, 16384 and 32768 (128 MiB of bits). */
export function filesDefaults(quick: boolean): Omit<FilesOptions, "log"> {
  return quick
    ? { sizes: [1024, 2048], textUpTo: 2048, stringUpTo: 2048 }
    : { sizes: [8192, 16384, 32768], textUpTo: 16384, stringUpTo: 8192 };
}

const repeatsFor = (n: number) => (n <= 8192 ? 5 : 3);

export async function runFiles(options: FilesOptions): Promise<{ rows: FileRow[]; notes: string[] }> {
  const rows: FileRow[] = [];
  const notes: string[] = [];
  const m4ri = findM4ri();
  const dir = mkdtempSync(join(tmpdir(), "lightsout-files-"));
  const harness = m4ri.ok ? buildHarness(dir) : undefined;
  if (!m4ri.ok) notes.push(`M4RI skipped: ${m4ri.reason}`);
  else notes.push("M4RI reads no PBM: its rows time the elimination alone (the harness's own binary file, not timed)");
  const add = (row: FileRow) => {
    rows.push(row);
    const cpu = row.cpuMs === undefined ? "" : `   cpu ${fmtMs(row.cpuMs)}`;
    const speed =
      row.mbPerS === undefined
        ? ""
        : `   ${row.mbPerS.toFixed(0).padStart(5)} MB/s of ${mb(row.bytes!)} (${(row.bytes! / 1e3 / row.minMs).toFixed(0)} MB/s fastest)`;
    const rank = row.rank === undefined ? "" : `   rank ${row.rank}`;
    options.log(
      `  N=${String(row.n).padEnd(6)} ${row.step.padEnd(34)} ${fmtMs(row.ms).padStart(10)} (min ${fmtMs(row.minMs).padStart(9)})${cpu}${speed}${rank}`,
    );
  };
  const timed = async (
    n: number,
    step: string,
    repeats: number,
    run: () => Promise<number | undefined>,
    bytes?: number,
  ) => {
    const ms: number[] = [];
    const cpu: number[] = [];
    let rank: number | undefined;
    for (let k = 0; k < repeats; k++) {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      rank = await run();
      ms.push(performance.now() - t0);
      const c = process.cpuUsage(c0);
      cpu.push((c.user + c.system) / 1000);
    }
    const row: FileRow = { n, step, ms: median(ms), minMs: Math.min(...ms), cpuMs: median(cpu) };
    if (bytes !== undefined) Object.assign(row, { bytes, mbPerS: bytes / 1e3 / median(ms) });
    if (rank !== undefined) row.rank = rank;
    add(row);
    return row;
  };
  try {
    for (const n of options.sizes) {
      const repeats = repeatsFor(n);
      let expected: number;
      const pbmFile = join(dir, `m${n}.pbm`);
      const textFile = join(dir, `m${n}.txt`);
      {
        using a = BitMatrix.random(n, n, { seed: 1 });
        writeBytes(pbmFile, formatPbm(a));
        if (n <= options.textUpTo) writeDenseText(textFile, a);
        if (harness) {
          writeMatrixFile(join(dir, `m${n}.bin`), {
            rows: n,
            cols: n,
            strideWords: a.strideWords,
            words: a.packedWords(),
          });
        }
        using copy = a.copy();
        expected = copy.rank();
      }
      const check = (matrix: BitMatrix) => {
        if (matrix.rows !== n || matrix.cols !== n)
          throw new Error(`read ${matrix.rows} x ${matrix.cols}, expected ${n} x ${n}`);
      };
      const readStream = async (file: string) => {
        const { matrix } = await readBitMatrix(createReadStream(file, { highWaterMark: 2 ** 20 }), { source: file });
        check(matrix);
        return matrix;
      };
      /** Times streaming a file into a matrix (freed at once), with its size for the rate. */
      const timedRead = (step: string, file: string) =>
        timed(
          n,
          step,
          repeats,
          async () => {
            (await readStream(file)).dispose();
            return undefined;
          },
          statSync(file).size,
        );
      // One untimed read first: JIT compilation is not measured.
      (await readStream(pbmFile)).dispose();
      if (n <= options.textUpTo) {
        const bytes = statSync(textFile).size;
        await timedRead("read dense text (stream)", textFile);
        if (n <= options.stringUpTo) {
          await timed(
            n,
            "read dense text (string route)",
            Math.min(repeats, 3),
            async () => {
              const parsed = parseMatrix(await readFile(textFile, "utf8"));
              BitMatrix.fromBits(parsed.rows, parsed.cols, parsed.values).dispose();
              return undefined;
            },
            bytes,
          );
        }
      }
      await timedRead("read pbm (stream)", pbmFile);
      const total = await timed(n, "read pbm + rank", repeats, async () => {
        const matrix = await readStream(pbmFile);
        try {
          return matrix.rank();
        } finally {
          matrix.dispose();
        }
      });
      if (total.rank !== expected) throw new Error(`N=${n}: rank ${total.rank} read from PBM, ${expected} in memory`);
      if (harness) {
        let best: FileRow | undefined;
        for (const op of ["echelonize", "echelonize_m4ri"] as const) {
          const r = runM4ri(harness, join(dir, `m${n}.bin`), op, repeats);
          if (r.rank !== expected) throw new Error(`N=${n}: M4RI ${op} rank ${r.rank}, expected ${expected}`);
          const row: FileRow = {
            n,
            step: `m4ri mzd_${op} (no reading)`,
            ms: median(r.ms),
            minMs: Math.min(...r.ms),
            rank: r.rank,
          };
          add(row);
          if (!best || row.minMs < best.minMs) best = row;
        }
        options.log(
          `  N=${n}: (read pbm + rank) / M4RI's fastest elimination = ${(total.minMs / best!.minMs).toFixed(2)} (fastest repeats)`,
        );
      }
      rmSync(textFile, { force: true });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { rows, notes };
}

function mb(bytes: number): string {
  return bytes >= 2 ** 30 ? `${(bytes / 2 ** 30).toFixed(2)} GiB` : `${(bytes / 2 ** 20).toFixed(0)} MiB`;
}

export function writeBytes(file: string, bytes: Uint8Array): void {
  const fd = openSync(file, "w");
  try {
    let at = 0;
    while (at < bytes.length) at += writeSync(fd, bytes, at, Math.min(bytes.length - at, 2 ** 26));
  } finally {
    closeSync(fd);
  }
}

/** The matrix as dense text (rows of 0/1), written a block of rows at a time from its packed words. */
function writeDenseText(file: string, matrix: BitMatrix): void {
  const { rows, cols } = matrix;
  const words = matrix.packedWords();
  const stride = matrix.strideWords * 2;
  const rowsPerBlock = Math.max(1, Math.floor(2 ** 24 / (cols + 1)));
  const block = new Uint8Array(rowsPerBlock * (cols + 1));
  const fd = openSync(file, "w");
  try {
    for (let r0 = 0; r0 < rows; r0 += rowsPerBlock) {
      const count = Math.min(rowsPerBlock, rows - r0);
      let at = 0;
      for (let i = r0; i < r0 + count; i++) {
        for (let j = 0; j < cols; j++) block[at++] = 0x30 + ((words[i * stride + (j >>> 5)]! >>> (j & 31)) & 1);
        block[at++] = 0x0a;
      }
      let done = 0;
      while (done < at) done += writeSync(fd, block, done, at - done);
    }
  } finally {
    closeSync(fd);
  }
}
