// The CLI against the library on the same job: each `lightsout` command run
// as a user runs it (a child process, output to a file), beside a child
// process doing the same job with @lightsout/core alone. Targets: the CLI's
// time within 3x the library's plus Node start-up (`lightsout --version`),
// its peak memory within 3x the board's bytes plus the library's peak (plus
// what the CLI's own modules hold at start-up).
// Outputs are checked outside the timing: solve's presses switch the board
// off (plain loops), random's text is the library's board for the seed.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { fmtMs, median } from "./stats.js";

export interface CliRow {
  job: string;
  /** Cells of the board. */
  cells: number;
  /** Wall time of the CLI command, ms (median of 3 runs up to 2^24 cells, else one). */
  cliMs: number;
  /** Time of the same job in the library (measured inside its child, after imports), ms. */
  libraryMs: number;
  /** Wall time of `lightsout --version` (median of 5), ms: Node and the CLI's modules starting. */
  startupMs: number;
  /** Peak resident set size of the CLI's process, MiB. */
  cliPeakMiB: number;
  /** Peak resident set size of the library's process, MiB. */
  libraryPeakMiB: number;
  /** (cliMs - startupMs) / libraryMs. */
  timeRatio: number;
  /** Peak RSS of `lightsout --version` beyond a bare library process's, MiB: the CLI's own modules. */
  startupExtraMiB: number;
  /** cliMs <= 3 libraryMs + startupMs and cliPeak <= 3 board bytes + libraryPeak + startupExtra. */
  withinTargets: boolean;
}

export interface CliBenchOptions {
  sizes: number[];
  /** Also `quiet` of the 1679 x 1679 board (265 MB of output; left out by --quick). */
  quiet: boolean;
  log: (line: string) => void;
}

/** Default board sides; 10000 runs only when asked for with --sizes. */
export const CLI_SIZES = [1024, 4096];

/** The sides of the cli suite: those of --sizes when given, else CLI_SIZES (256 with --quick). */
export function cliSizes(argv: readonly string[]): number[] {
  const at = argv.lastIndexOf("--sizes");
  const list = at >= 0 ? argv[at + 1] : undefined;
  if (list !== undefined) return list.split(",").map(Number);
  return argv.includes("--quick") ? [256] : CLI_SIZES;
}

/**
 * Runs a suite of the CLI (the lightsout binary built in the monorepo beside
 * this package) in a temporary folder of its own, removed afterwards; when
 * the CLI is not built (or this package was installed on its own) the suite
 * is skipped with a note and gives no rows.
 *
 * @param log - where the note goes
 * @param name - the suite, for the folder's name
 * @param run - the suite, given the binary and the folder
 * @returns its rows
 */
export function withCli<T>(log: (line: string) => void, name: string, run: (cli: string, dir: string) => T[]): T[] {
  const cli = fileURLToPath(new URL("../../../apps/cli/dist/cli.js", import.meta.url));
  if (!existsSync(cli)) {
    log("  note: the lightsout CLI is not built (apps/cli/dist/cli.js): run pnpm build first; suite skipped");
    return [];
  }
  const dir = mkdtempSync(join(tmpdir(), `lightsout-bench-${name}-`));
  try {
    return run(cli, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// The child's own peak RSS in KiB: VmHWM of /proc/self/status. Not
// `process.resourceUsage().maxRSS`: Linux carries that high-water mark across
// exec, so every child would report at least the forking benchmark's own RSS.
const PEAK_KIB = `(() => { try { const m = /VmHWM:\\s+(\\d+)/.exec(require("node:fs").readFileSync("/proc/self/status", "utf8")); if (m) return Number(m[1]); } catch {} return process.resourceUsage().maxRSS; })()`;

/** Loaded into each CLI child with --require: writes the child's peak RSS (KiB) to a file at exit. */
const PEAK_REPORTER = `process.on("exit", () => require("node:fs").writeFileSync(process.env.LIGHTSOUT_BENCH_PEAK, String(${PEAK_KIB})));\n`;

/** Runs node on `args` with stdout to `out`; its wall time and peak RSS (read in the child at exit). */
function timed(
  args: string[],
  out: string,
  dir: string,
): { ms: number; peakMiB: number; stderr: string; code: number | null } {
  const reporter = join(dir, "peak.cjs");
  if (!existsSync(reporter)) writeFileSync(reporter, PEAK_REPORTER);
  const peak = join(dir, "peak.txt");
  rmSync(peak, { force: true });
  const fd = openSync(out, "w");
  const t0 = performance.now();
  const r = spawnSync(process.execPath, ["--require", reporter, ...args], {
    stdio: ["ignore", fd, "pipe"],
    encoding: "utf8",
    env: { ...process.env, LIGHTSOUT_BENCH_PEAK: peak },
  });
  const ms = performance.now() - t0;
  closeSync(fd);
  const peakMiB = existsSync(peak) ? Number(readFileSync(peak, "utf8")) / 1024 : Number.NaN;
  return { ms, peakMiB, stderr: r.stderr, code: r.status };
}

/** Runs `once` `repeats` times: the median time and peak, and the last run's other fields. */
function medianRun<T extends { ms: number; peakMiB: number }>(repeats: number, once: () => T): T {
  const runs = Array.from({ length: repeats }, once);
  return { ...runs.at(-1)!, ms: median(runs.map((r) => r.ms)), peakMiB: median(runs.map((r) => r.peakMiB)) };
}

/** The first `length` bytes of a file. */
function head(path: string, length: number): Buffer {
  const fd = openSync(path, "r");
  try {
    const buffer = Buffer.alloc(length);
    return buffer.subarray(0, readSync(fd, buffer, 0, length, 0));
  } finally {
    closeSync(fd);
  }
}

/** Runs `body` (an ES module using `core`, setting `result`) in a child; its reported time and peak RSS. */
function library(body: string, dir: string): { ms: number; peakMiB: number; result: unknown } {
  // `core`: the root entry with the subpaths the jobs use (the library as a user would import it)
  const entries = ["@lightsout/core", "@lightsout/core/lightsout", "@lightsout/core/io"].map((e) =>
    import.meta.resolve(e),
  );
  const script = join(dir, "job.mjs");
  writeFileSync(
    script,
    `${entries.map((e, i) => `import * as entry${i} from ${JSON.stringify(e)};\n`).join("")}` +
      `const core = { ${entries.map((_, i) => `...entry${i}`).join(", ")} };\n` +
      `import { readFileSync } from "node:fs";\nimport { createHash } from "node:crypto";\n` +
      `let result;\nconst t0 = performance.now();\n${body}\nconst ms = performance.now() - t0;\n` +
      `import { createRequire } from "node:module";\nconst require = createRequire(import.meta.url);\n` +
      `console.log(JSON.stringify({ ms, result, peak: ${PEAK_KIB} }));\n`,
  );
  const r = spawnSync(process.execPath, [script], { encoding: "utf8", maxBuffer: 2 ** 20 });
  if (r.status !== 0) throw new Error(`library job failed: ${r.stderr}`);
  const { ms, result, peak } = JSON.parse(r.stdout) as { ms: number; result: unknown; peak: number };
  return { ms, peakMiB: peak / 1024, result };
}

/** Whether the presses in `text` (n rows of n digits) switch the all-on n x n board off (plus rule). */
function clearsAllOn(n: number, text: Buffer): boolean {
  const line = n + 1;
  const p = (r: number, c: number) => (r >= 0 && r < n && c >= 0 && c < n ? text[r * line + c]! - 48 : 0);
  if (text.length !== n * line) return false;
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const v = 1 ^ p(r, c) ^ p(r - 1, c) ^ p(r + 1, c) ^ p(r, c - 1) ^ p(r, c + 1);
      if (v !== 0) return false;
    }
  }
  return true;
}

function sha256(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/**
 * Runs the suite: for each side n, `solve` of the all-on board from a file,
 * `random`, `render --png` of that random board (against the library
 * reading and parsing the same file), and `quiet` of the 1679 x 1679 board
 * (nullity 94) unless left out.
 *
 * @param options - sides, whether to run quiet, and where to log
 * @returns one row per job, or none (with a note) when the CLI is not built
 */
export function runCli(options: CliBenchOptions): CliRow[] {
  return withCli(options.log, "cli", (cli, dir) => cliSuite(options, cli, dir));
}

/** The cli suite, given the binary and a folder for its files. */
function cliSuite(options: CliBenchOptions, cli: string, dir: string): CliRow[] {
  const rows: CliRow[] = [];
  const out = join(dir, "out");
  const versions = Array.from({ length: 5 }, () => timed([cli, "--version"], out, dir));
  const startup = median(versions.map((v) => v.ms));
  const bare = median(Array.from({ length: 3 }, () => library("", dir).peakMiB));
  const startupExtra = Math.max(0, median(versions.map((v) => v.peakMiB)) - bare);
  const record = (
    job: string,
    cells: number,
    cliRun: { ms: number; peakMiB: number },
    lib: { ms: number; peakMiB: number },
  ) => {
    const row: CliRow = {
      job,
      cells,
      cliMs: cliRun.ms,
      libraryMs: lib.ms,
      startupMs: startup,
      cliPeakMiB: cliRun.peakMiB,
      libraryPeakMiB: lib.peakMiB,
      timeRatio: (cliRun.ms - startup) / lib.ms,
      startupExtraMiB: startupExtra,
      withinTargets:
        cliRun.ms <= 3 * lib.ms + startup && cliRun.peakMiB <= (3 * cells) / 2 ** 20 + lib.peakMiB + startupExtra,
    };
    rows.push(row);
    options.log(
      `  ${job.padEnd(34)} CLI ${fmtMs(row.cliMs).padStart(9)} ${row.cliPeakMiB.toFixed(0).padStart(5)} MiB` +
        `   library ${fmtMs(row.libraryMs).padStart(9)} ${row.libraryPeakMiB.toFixed(0).padStart(5)} MiB` +
        `   (CLI - start-up ${fmtMs(startup)}) / library ${row.timeRatio.toFixed(2)}` +
        `   ${row.withinTargets ? "within targets" : "OVER TARGET"}`,
    );
  };
  // medians of 3 runs up to 2^24 cells (the machine is shared), one run beyond
  let repeats = 3;
  const run = (args: string[]) =>
    medianRun(repeats, () => {
      const r = timed([cli, ...args], out, dir);
      if (r.code !== 0) throw new Error(`lightsout ${args.join(" ")} failed (exit ${r.code}): ${r.stderr.trim()}`);
      return r;
    });
  const job = (body: string) => medianRun(repeats, () => library(body, dir));
  for (const n of options.sizes) {
    const cells = n * n;
    repeats = cells <= 2 ** 24 ? 3 : 1;
    const board = join(dir, `on${n}.txt`);
    const text = Buffer.alloc(n * (n + 1), 0x31);
    for (let r = 0; r < n; r++) text[r * (n + 1) + n] = 0x0a;
    writeFileSync(board, text);

    const solved = run(["solve", board]);
    if (!clearsAllOn(n, readFileSync(out)))
      throw new Error(`lightsout solve: the presses do not switch the all-on ${n} x ${n} board off`);
    const solveLib = job(`const n = ${n}; core.solveLightsOut(core.gridBoard(n, n), new Uint8Array(n * n).fill(1));`);
    record(`solve all-on ${n} x ${n} (file)`, cells, solved, solveLib);

    const random = run(["random", "--rows", String(n), "--cols", String(n), "--seed", "1"]);
    const randomLib = job(
      `const b = core.gridBoard(${n}, ${n}); const l = core.randomPuzzle(b, { seed: 1 });\n` +
        `result = createHash("sha256").update(core.formatBoardBytes(b, l)).update("\\n").digest("hex");`,
    );
    if (randomLib.result !== sha256(readFileSync(out)))
      throw new Error(`lightsout random: the ${n} x ${n} board is not the library's for seed 1`);
    record(`random ${n} x ${n}`, cells, random, randomLib);

    // the random board: about a bit per cell for zlib, the hard case of a picture
    const randomBoard = join(dir, `random${n}.txt`);
    renameSync(out, randomBoard);
    const png = join(dir, "board.png");
    const render = run(["render", randomBoard, "--png", png]);
    const parseLib = job(`core.parseBoard(readFileSync(${JSON.stringify(randomBoard)}));`);
    record(`render --png random ${n} x ${n} (vs parse)`, cells, render, parseLib);
    rmSync(png, { force: true });
    rmSync(randomBoard);
    rmSync(board);
  }
  if (options.quiet) {
    repeats = 3;
    const quiet = run(["quiet", "--rows", "1679", "--cols", "1679"]);
    if (head(out, 11).toString("latin1") !== "nullity 94\n")
      throw new Error("lightsout quiet: the 1679 x 1679 board is not reported with nullity 94");
    const quietLib = job(
      `const b = core.gridBoard(1679, 1679); for (const q of core.quietPatterns(b)) core.formatBoardBytes(b, q);`,
    );
    record("quiet 1679 x 1679 (nullity 94)", 1679 * 1679, quiet, quietLib);
  }
  return rows;
}
