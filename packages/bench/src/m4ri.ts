/**
 * Side-by-side comparison with M4RI (https://github.com/malb/m4ri).
 *
 * A small C harness (`packages/bench/m4ri/harness.c`) is compiled on the fly
 * against the system's M4RI (Debian: `libm4ri-dev`). Matrices are handed to it
 * through a small binary file (see {@link writeMatrixFile}); it runs one
 * operation a number of times and prints one line of JSON with the timings,
 * which {@link runM4ri} parses.
 *
 * @packageDocumentation
 */

import { execFileSync } from "node:child_process";
import { closeSync, existsSync, mkdirSync, openSync, renameSync, rmSync, statSync, writeSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** Header file whose presence means the M4RI development files are installed. */
const M4RI_HEADER = "/usr/include/m4ri/m4ri.h";

/** Magic bytes at the start of a matrix file. */
const MAGIC = "GF2MAT01";

/** Size in bytes of the file header (magic + rows, cols, strideWords, flags). */
const HEADER_BYTES = 24;

/** Header flag: a right-hand side vector follows the matrix words. */
const FLAG_RHS = 1;

/** Name of the compiled harness binary inside the output directory. */
const BINARY_NAME = "m4ri-harness";

/** Operations the harness can time. */
export type M4riOp = "echelonize" | "echelonize_full" | "echelonize_m4ri" | "echelonize_m4ri_full" | "solve" | "mul";

/** Every {@link M4riOp}, in a stable order (handy for benchmark loops). */
export const M4RI_OPS: readonly M4riOp[] = [
  "echelonize",
  "echelonize_full",
  "echelonize_m4ri",
  "echelonize_m4ri_full",
  "solve",
  "mul",
];

/** Result of {@link findM4ri}. */
export type M4riAvailability = { ok: true; cc: string; version?: string } | { ok: false; reason: string };

/** A packed GF(2) matrix as accepted by {@link writeMatrixFile}. */
export interface PackedMatrix {
  /** Number of rows. */
  rows: number;
  /** Number of columns. */
  cols: number;
  /** 64-bit words per row in `words` (at least `ceil(cols / 64)`). */
  strideWords: number;
  /**
   * Row-major packed bits viewed as 32-bit halves: u32 index `2w` is the low
   * half and `2w + 1` the high half of 64-bit word `w`. Bit `j` of row `i` is
   * bit `j & 63` of 64-bit word `i * strideWords + (j >> 6)`.
   */
  words: Uint32Array;
}

/** Parsed output of one {@link runM4ri} call. */
export interface M4riRunResult {
  /** The operation that was timed. */
  op: string;
  /** Rows of the input matrix. */
  rows: number;
  /** Columns of the input matrix. */
  cols: number;
  /** Rank reported by the echelonize operations (absent for `solve`). */
  rank?: number;
  /** For `solve`: whether `A x = b` has a solution (absent otherwise). */
  consistent?: boolean;
  /**
   * For a consistent `solve`: whether the harness confirmed, outside the
   * timed region, that the solution M4RI returned satisfies `A x = b`.
   */
  verified?: boolean;
  /**
   * For `solve` on a matrix with more columns than rows: the harness pads
   * `A` and `b` with zero rows up to this many rows, because M4RI's
   * `mzd_solve_left` writes the solution into `B` and so needs
   * `cols <= rows`.
   */
  paddedRows?: number;
  /** Wall time of each repeat in milliseconds (the matrix copy is excluded). */
  ms: number[];
  /** Per-repeat CPU time of the harness process in milliseconds (echelon forms, product). */
  cpuMs?: number[];
  /** For `mul`: the XOR of all 64-bit words of C = A A, 16 hex digits. */
  checksum?: string;
}

/** Parsed output of `harness selfcheck FILE` (see {@link selfcheckM4ri}). */
export interface M4riSelfcheck {
  /** Rows of the matrix as M4RI sees it. */
  rows: number;
  /** Columns of the matrix as M4RI sees it. */
  cols: number;
  /** `m4ri_radix`, the bits per M4RI word (64). */
  radix: number;
  /** M4RI words holding valid bits per row. */
  width: number;
  /** M4RI words between consecutive rows. */
  rowstride: number;
  /**
   * Harness-internal check: `mzd_row(A, i) == A->rows[i]` for all rows and
   * `mzd_read_bit` equals an LSB-first read of the row words for the head rows.
   */
  layoutOk: boolean;
  /** The first (up to) 4 rows, first (up to) 200 columns, read with `mzd_read_bit`, as '0'/'1'. */
  head: string[];
  /** The last row's last (up to) 200 columns, as '0'/'1' in column order. */
  tail: string;
  /** The first (up to) 200 entries of the right-hand side, when the file has one. */
  rhs?: string;
}

/** Run a command and return its trimmed stdout, or `undefined` if it fails. */
function tryRun(cmd: string, args: readonly string[]): string | undefined {
  try {
    return execFileSync(cmd, args, {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
  } catch {
    return undefined;
  }
}

/** The first of `cc`, `gcc` that runs, or `undefined`. */
function findCompiler(): string | undefined {
  for (const cc of ["cc", "gcc"]) {
    if (tryRun(cc, ["--version"]) !== undefined) return cc;
  }
  return undefined;
}

/** Compiler and linker flags for M4RI from pkg-config, or a plain fallback. */
function m4riFlags(): { cflags: string[]; libs: string[] } {
  const split = (s: string): string[] => s.split(/\s+/).filter((x) => x.length > 0);
  const cflags = tryRun("pkg-config", ["--cflags", "m4ri"]);
  const libs = tryRun("pkg-config", ["--libs", "m4ri"]);
  if (cflags !== undefined && libs !== undefined) {
    return { cflags: split(cflags), libs: split(libs) };
  }
  return { cflags: [], libs: ["-lm4ri", "-lm"] };
}

/** Absolute path of `harness.c` (`packages/bench/m4ri/harness.c`). */
function harnessSource(): string {
  return fileURLToPath(new URL("../m4ri/harness.c", import.meta.url));
}

/**
 * Checks whether the M4RI comparison can run on this machine: a C compiler
 * (`cc`, else `gcc`) must be runnable and the M4RI development files must be
 * installed (`/usr/include/m4ri/m4ri.h` exists, or `pkg-config` knows `m4ri`).
 *
 * Never throws.
 *
 * @returns `{ ok: true, cc, version }` with the compiler command to use and,
 *   when `pkg-config` reports it, M4RI's version (e.g. `"20200125"`); otherwise
 *   `{ ok: false, reason }` with a human-readable explanation.
 */
export function findM4ri(): M4riAvailability {
  const cc = findCompiler();
  if (cc === undefined) {
    return {
      ok: false,
      reason: "no C compiler found (tried cc and gcc; apt-get install build-essential)",
    };
  }
  const version = tryRun("pkg-config", ["--modversion", "m4ri"]);
  if (!existsSync(M4RI_HEADER) && version === undefined) {
    return {
      ok: false,
      reason: `libm4ri-dev is not installed (${M4RI_HEADER} missing and pkg-config does not know m4ri; apt-get install libm4ri-dev)`,
    };
  }
  return version !== undefined && version.length > 0 ? { ok: true, cc, version } : { ok: true, cc };
}

/**
 * Compiles the M4RI harness into `outDir` (created if needed) with
 * `-O3 -march=native` and the flags `pkg-config` gives for `m4ri`.
 *
 * The build is cached: when `outDir/m4ri-harness` is newer than `harness.c`
 * nothing is compiled. The binary is written under a temporary name and
 * renamed into place, so concurrent callers never see a half-written file.
 *
 * @param outDir - Directory for the binary (for example a `.cache` or `dist` folder).
 * @returns Path of the harness binary.
 * @throws Error if M4RI or a compiler is missing ({@link findM4ri}'s reason),
 *   or if compilation fails (with the compiler's output).
 */
export function buildHarness(outDir: string): string {
  const src = harnessSource();
  const bin = join(outDir, BINARY_NAME);
  if (!existsSync(src)) throw new Error(`M4RI harness source not found at ${src}`);
  if (existsSync(bin) && statSync(bin).mtimeMs > statSync(src).mtimeMs) return bin;

  const found = findM4ri();
  if (!found.ok) throw new Error(`cannot build the M4RI harness: ${found.reason}`);

  mkdirSync(outDir, { recursive: true });
  const { cflags, libs } = m4riFlags();
  const tmp = `${bin}.tmp-${process.pid}`;
  const args = ["-O3", "-march=native", "-std=c11", "-Wall", ...cflags, "-o", tmp, src, ...libs];
  try {
    execFileSync(found.cc, args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
    renameSync(tmp, bin);
  } catch (err) {
    rmSync(tmp, { force: true });
    const e = err as { stderr?: string; message?: string };
    const detail = (e.stderr ?? "").trim() || e.message || String(err);
    throw new Error(`compiling the M4RI harness failed: ${found.cc} ${args.join(" ")}\n${detail}`, {
      cause: err,
    });
  }
  return bin;
}

/** Throws unless `n` is an integer in [min, max]. */
function checkInt(name: string, n: number, min: number, max: number): void {
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new RangeError(`${name} must be an integer in [${min}, ${max}], got ${n}`);
  }
}

/**
 * Writes a matrix (and optionally a right-hand side) in the harness's file
 * format, little-endian:
 *
 * - 8 bytes magic `GF2MAT01`;
 * - uint32 `rows`, uint32 `cols`, uint32 `strideWords`, uint32 `flags`
 *   (bit 0 set: a right-hand side follows);
 * - `rows * strideWords` uint64 words, row-major; bit `j` of a row is bit
 *   `j & 63` of word `j >> 6`; bits at or past `cols` are zero;
 * - with a right-hand side: `ceil(rows / 64)` uint64 words, bit `i` = `b_i`.
 *
 * The file's `strideWords` is `ceil(cols / 64)` rounded up to even, whatever
 * the input stride; padding bits past `cols` in the input are masked off.
 *
 * @param path - File to create or overwrite.
 * @param m - The matrix; `m.words` is the packed 64-bit words viewed as u32
 *   pairs (low half first), `m.strideWords` 64-bit words per row.
 * @param rhs - Optional right-hand side `b`, `rows` entries each 0 or 1
 *   (needed for the `solve` operation).
 * @throws RangeError on inconsistent dimensions, a too-short `words` array or
 *   an `rhs` of the wrong length or with entries other than 0 and 1.
 */
export function writeMatrixFile(
  path: string,
  m: { rows: number; cols: number; strideWords: number; words: Uint32Array },
  rhs?: Uint8Array,
): void {
  const { rows, cols, strideWords, words } = m;
  checkInt("rows", rows, 1, 0x7fffffff);
  checkInt("cols", cols, 1, 0x7fffffff);
  const width = Math.ceil(cols / 64);
  checkInt("strideWords", strideWords, width, 0x7fffffff);
  const need = rows * strideWords * 2;
  if (words.length < need) {
    throw new RangeError(`words has ${words.length} u32 entries, need rows * strideWords * 2 = ${need}`);
  }
  if (rhs !== undefined && rhs.length !== rows) {
    throw new RangeError(`rhs has ${rhs.length} entries, expected rows = ${rows}`);
  }

  const fileStride = width + (width & 1);
  const rhsWords = rhs === undefined ? 0 : Math.ceil(rows / 64);
  const bytes = HEADER_BYTES + 8 * (rows * fileStride + rhsWords);
  const buf = new ArrayBuffer(bytes);
  const view = new DataView(buf);
  for (let i = 0; i < MAGIC.length; i++) view.setUint8(i, MAGIC.charCodeAt(i));
  view.setUint32(8, rows, true);
  view.setUint32(12, cols, true);
  view.setUint32(16, fileStride, true);
  view.setUint32(20, rhs === undefined ? 0 : FLAG_RHS, true);

  // Mask of valid bits in the last 64-bit word of a row, as (lo, hi) halves.
  const tailBits = cols & 63;
  const loMask = tailBits === 0 || tailBits >= 32 ? 0xffffffff : 2 ** tailBits - 1;
  const hiMask = tailBits === 0 ? 0xffffffff : tailBits > 32 ? 2 ** (tailBits - 32) - 1 : 0;

  let off = HEADER_BYTES;
  for (let i = 0; i < rows; i++) {
    const base = i * strideWords * 2;
    for (let w = 0; w < width; w++) {
      let lo = words[base + 2 * w] ?? 0;
      let hi = words[base + 2 * w + 1] ?? 0;
      if (w === width - 1) {
        lo = (lo & loMask) >>> 0;
        hi = (hi & hiMask) >>> 0;
      }
      view.setUint32(off, lo, true);
      view.setUint32(off + 4, hi, true);
      off += 8;
    }
    off += 8 * (fileStride - width); // stride padding stays zero
  }

  if (rhs !== undefined) {
    for (let i = 0; i < rows; i++) {
      const v = rhs[i];
      if (v !== 0 && v !== 1) throw new RangeError(`rhs[${i}] must be 0 or 1, got ${v}`);
      if (v === 1) {
        const at = off + 8 * (i >> 6) + ((i & 63) >> 3);
        view.setUint8(at, view.getUint8(at) | (1 << (i & 7)));
      }
    }
  }
  // in pieces: one write takes at most 2 GiB (a 131072 x 131072 matrix is 2 GiB and its header)
  const fd = openSync(path, "w");
  try {
    const bytes = new Uint8Array(buf);
    for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at, Math.min(2 ** 30, bytes.length - at));
  } finally {
    closeSync(fd);
  }
}

/** Runs the harness and returns its last stdout line parsed as a JSON object. */
function runHarness(binary: string, args: readonly string[]): Record<string, unknown> {
  let out: string;
  try {
    out = execFileSync(binary, args, {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (err) {
    const e = err as { status?: number | null; signal?: string | null; stderr?: string; message?: string };
    const how =
      e.status != null ? `exit code ${e.status}` : e.signal != null ? `signal ${e.signal}` : "failed to start";
    const detail = (e.stderr ?? "").trim() || e.message || String(err);
    throw new Error(`M4RI harness ${binary} ${args.join(" ")}: ${how}: ${detail}`, { cause: err });
  }
  const lines = out.split("\n").filter((l) => l.trim().length > 0);
  const last = lines[lines.length - 1];
  if (last === undefined) throw new Error(`M4RI harness ${args.join(" ")} printed nothing`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(last);
  } catch (err) {
    throw new Error(`M4RI harness ${args.join(" ")} printed invalid JSON: ${last}`, { cause: err });
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    throw new Error(`M4RI harness ${args.join(" ")} printed a non-object: ${last}`);
  }
  return parsed as Record<string, unknown>;
}

/** Reads a required number field. */
function num(o: Record<string, unknown>, key: string, ctx: string): number {
  const v = o[key];
  if (typeof v !== "number" || !Number.isFinite(v)) {
    throw new Error(`M4RI harness output for ${ctx} lacks numeric "${key}": ${JSON.stringify(o)}`);
  }
  return v;
}

/**
 * Times one M4RI operation on the matrix in `file` by running the harness
 * synchronously. Each repeat works on a fresh copy of the matrix; only the
 * M4RI call is timed (`clock_gettime(CLOCK_MONOTONIC)`).
 *
 * - `echelonize` / `echelonize_full`: `mzd_echelonize(A, 0 | 1)` (M4RI's
 *   default route: PLE decomposition for dense input);
 * - `echelonize_m4ri` / `echelonize_m4ri_full`: `mzd_echelonize_m4ri(A, 0 | 1, 0)`
 *   (Method of the Four Russians, k chosen by M4RI);
 * - `solve`: `mzd_solve_left(A, B, 0, 1)` for the file's right-hand side;
 * - `mul`: `mzd_mul(C, A, A, 0)` (Strassen-Winograd over M4RM) for a square A.
 *
 * @param binary - Harness path from {@link buildHarness}.
 * @param file - Matrix file from {@link writeMatrixFile} (with `rhs` for `solve`).
 * @param op - Operation to time.
 * @param repeats - Number of timed runs (integer >= 1).
 * @returns Dimensions, `rank` (echelonize ops) or `consistent` (solve), and
 *   the per-repeat times in milliseconds.
 * @throws Error if the harness exits non-zero (message includes its stderr)
 *   or prints output that does not parse.
 */
export function runM4ri(binary: string, file: string, op: M4riOp, repeats: number): M4riRunResult {
  checkInt("repeats", repeats, 1, 100000);
  if (!M4RI_OPS.includes(op)) throw new RangeError(`unknown M4RI op '${String(op)}'`);
  const o = runHarness(binary, [op, file, String(repeats)]);
  const ctx = `${op} ${file}`;
  const ms = o.ms;
  if (!Array.isArray(ms) || ms.length !== repeats || !ms.every((x) => typeof x === "number")) {
    throw new Error(`M4RI harness output for ${ctx} has a bad "ms" array: ${JSON.stringify(o)}`);
  }
  const result: M4riRunResult = {
    op: typeof o.op === "string" ? o.op : op,
    rows: num(o, "rows", ctx),
    cols: num(o, "cols", ctx),
    ms: ms as number[],
  };
  if (Array.isArray(o.cpuMs) && o.cpuMs.every((x) => typeof x === "number")) result.cpuMs = o.cpuMs as number[];
  if (op === "solve") {
    if (typeof o.consistent !== "boolean") {
      throw new Error(`M4RI harness output for ${ctx} lacks "consistent": ${JSON.stringify(o)}`);
    }
    result.consistent = o.consistent;
    if (typeof o.verified === "boolean") result.verified = o.verified;
    if (typeof o.paddedRows === "number") result.paddedRows = o.paddedRows;
  } else if (op === "mul") {
    if (typeof o.checksum !== "string")
      throw new Error(`M4RI harness output for ${ctx} lacks "checksum": ${JSON.stringify(o)}`);
    result.checksum = o.checksum;
  } else {
    result.rank = num(o, "rank", ctx);
  }
  return result;
}

/**
 * Runs `harness selfcheck FILE`: M4RI reads the file and reports bits back
 * through `mzd_read_bit`, so a test can check that the file layout and M4RI's
 * in-memory layout agree (64-bit words, LSB first).
 *
 * @param binary - Harness path from {@link buildHarness}.
 * @param file - Matrix file from {@link writeMatrixFile}.
 * @returns The bits M4RI sees (see {@link M4riSelfcheck}).
 * @throws Error if the harness fails or its output does not parse.
 */
export function selfcheckM4ri(binary: string, file: string): M4riSelfcheck {
  const o = runHarness(binary, ["selfcheck", file]);
  const ctx = `selfcheck ${file}`;
  const head = o.head;
  const tail = o.tail;
  if (!Array.isArray(head) || !head.every((x) => typeof x === "string") || typeof tail !== "string") {
    throw new Error(`M4RI harness output for ${ctx} is malformed: ${JSON.stringify(o)}`);
  }
  const result: M4riSelfcheck = {
    rows: num(o, "rows", ctx),
    cols: num(o, "cols", ctx),
    radix: num(o, "radix", ctx),
    width: num(o, "width", ctx),
    rowstride: num(o, "rowstride", ctx),
    layoutOk: o.layoutOk === true,
    head: head as string[],
    tail,
  };
  if (typeof o.rhs === "string") result.rhs = o.rhs;
  return result;
}
