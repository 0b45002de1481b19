/**
 * Progress of long jobs on stderr: a one-line bar redrawn in place when
 * stderr is a terminal, plain lines elsewhere (pipes, files, logs).
 *
 * Long eliminations run synchronously, and writes to a TTY are synchronous
 * in Node, so the bar moves even while the event loop is blocked.
 *
 * The bar first shows after 200 ms; the lines after 10 s (quick jobs print
 * nothing), then at most one every 10 s: `lightsout: quiet: 35%, 12 s
 * elapsed, about 22 s left`. The environment variable {@link DELAY_VARIABLE}
 * sets the delay in milliseconds for both (a test sets 0 to see them
 * whatever the machine's speed), and {@link PROGRESS_VARIABLE}=0 turns
 * progress off altogether.
 *
 * @module
 */
import { formatDuration } from "./batch.js";
import { usageError } from "./errors.js";
import { io } from "./io.js";
import { parseIntegerOption } from "./options.js";

/** The environment variable that sets the delay before the first draw, in milliseconds. */
export const DELAY_VARIABLE = "LIGHTSOUT_PROGRESS_DELAY_MS";

/** The environment variable that turns progress off (`0`) or leaves it on (`1`, the default). */
export const PROGRESS_VARIABLE = "LIGHTSOUT_PROGRESS";

/** Delay before the first line off a terminal, and least time between lines, in milliseconds. */
const LINE_DELAY_MS = 10_000;
const LINE_INTERVAL_MS = 10_000;

/** A progress bar; every method is a no-op when nothing is drawn. */
export interface ProgressBar {
  /** True when progress is shown at all (a bar on a terminal, lines elsewhere): pass onProgress only then. */
  readonly active: boolean;
  /** Reports `done` out of `total` units of work. */
  update(done: number, total: number): void;
  /** Erases the bar (call it before printing anything else). */
  finish(): void;
}

/** The part of a stream the bar needs; `io.stderr` fits. */
export interface ProgressStream {
  isTTY?: boolean;
  columns?: number;
  write(text: string): unknown;
}

/** Options of {@link createProgressBar}. */
export interface ProgressOptions {
  /** Where to draw; default `io.stderr`. A bar on a terminal, lines elsewhere. */
  stream?: ProgressStream;
  /**
   * Milliseconds before the first draw, so quick jobs do not flicker; default
   * {@link DELAY_VARIABLE} from `io.env`, else 200 (a bar) or 10,000 (lines).
   */
  delayMs?: number;
  /** Minimum milliseconds between draws; default 100 (a bar) or 10,000 (lines). */
  intervalMs?: number;
  /** Clock in milliseconds; default `performance.now`. */
  now?: () => number;
  /** Print lines when the stream is not a terminal (default true). */
  lines?: boolean;
}

const NO_BAR: ProgressBar = { active: false, update() {}, finish() {} };

/**
 * A progress bar labelled `label`, e.g. `echelonize [#######---------]  43%`
 * on a terminal; elsewhere progress lines, e.g. `lightsout: echelonize: 43%,
 * 20 s elapsed, about 27 s left`.
 *
 * @param label - a word saying what is being done
 * @param options - stream, timing and clock
 * @returns a bar, or a no-op bar when progress is off (or the stream is not a terminal and `lines` is false)
 * @throws {@link CliError} (exit 2) when {@link DELAY_VARIABLE} is set to
 *   anything but a non-negative integer, or {@link PROGRESS_VARIABLE} to anything but 0 or 1
 *   (checked on terminals and pipes alike)
 * @example
 * ```ts
 * const bar = createProgressBar("echelonize");
 * try { m.echelonize({ onProgress: (d, t) => bar.update(d, t) }); } finally { bar.finish(); }
 * ```
 */
export function createProgressBar(label: string, options: ProgressOptions = {}): ProgressBar {
  const fromEnv = delayFromEnv();
  const enabled = progressFromEnv();
  const stream = options.stream ?? io.stderr;
  if (!enabled) return NO_BAR;
  const now = options.now ?? (() => performance.now());
  if (stream.isTTY !== true) {
    if (options.lines === false) return NO_BAR;
    return progressLines(
      label,
      stream,
      options.delayMs ?? fromEnv ?? LINE_DELAY_MS,
      options.intervalMs ?? LINE_INTERVAL_MS,
      now,
    );
  }
  let drawn = false;
  return {
    active: true,
    update: throttled(now, options.delayMs ?? fromEnv ?? 200, options.intervalMs ?? 100, (fraction) => {
      const columns = stream.columns || 80; // a pty may report 0 columns
      const width = Math.max(10, Math.min(40, columns - label.length - 10));
      const filled = Math.round(fraction * width);
      const percent = `${Math.floor(fraction * 100)}%`.padStart(4);
      stream.write(`\r${label} [${"#".repeat(filled)}${"-".repeat(width - filled)}] ${percent}\x1b[K`);
      drawn = true;
    }),
    finish() {
      if (drawn) stream.write("\r\x1b[K");
      drawn = false;
    },
  };
}

/**
 * Plain progress lines for a stream that is not a terminal: nothing before
 * `delayMs`, then at most one line every `intervalMs`, each with the share
 * done, the time elapsed and an estimate of the time left (from the rate so far).
 */
function progressLines(
  label: string,
  stream: ProgressStream,
  delayMs: number,
  intervalMs: number,
  now: () => number,
): ProgressBar {
  return {
    active: true,
    update: throttled(now, delayMs, intervalMs, (fraction, elapsedMs) => {
      const elapsed = elapsedMs / 1000;
      const left = fraction > 0 ? `, about ${formatDuration((elapsed * (1 - fraction)) / fraction)} left` : "";
      stream.write(`lightsout: ${label}: ${Math.floor(fraction * 100)}%, ${formatDuration(elapsed)} elapsed${left}\n`);
    }),
    finish() {},
  };
}

/**
 * An update of a bar or of lines: `draw` gets the share done (0..1) and the
 * milliseconds since the start, never before `delayMs` and at most once every
 * `intervalMs` (the first update past the delay always draws), and not
 * while the total is unknown (0).
 */
function throttled(
  now: () => number,
  delayMs: number,
  intervalMs: number,
  draw: (fraction: number, elapsedMs: number) => void,
): (done: number, total: number) => void {
  const start = now();
  let last = -Infinity;
  return (done, total) => {
    const t = now();
    if (t - start < delayMs || t - last < intervalMs || !(total > 0)) return;
    last = t;
    draw(Math.min(1, Math.max(0, done / total)), t - start);
  };
}

/** The delay set by {@link DELAY_VARIABLE}, or undefined when it is unset or empty. */
function delayFromEnv(): number | undefined {
  const text = io.env[DELAY_VARIABLE];
  return text === undefined || text === "" ? undefined : parseIntegerOption(DELAY_VARIABLE, text, 0);
}

/** Whether {@link PROGRESS_VARIABLE} leaves progress on (unset, empty or 1) or turns it off (0). */
function progressFromEnv(): boolean {
  const text = io.env[PROGRESS_VARIABLE];
  if (text === undefined || text === "" || text === "1") return true;
  if (text === "0") return false;
  throw usageError(`${PROGRESS_VARIABLE} expected 0 (no progress) or 1 (progress on stderr), got '${text}'`);
}
