/**
 * A one-line progress bar on stderr, drawn only when stderr is a terminal.
 *
 * Long eliminations run synchronously, and writes to a TTY are synchronous
 * in Node, so the bar moves even while the event loop is blocked.
 *
 * The delay before the first draw is 200 ms, or the milliseconds in the
 * environment variable {@link DELAY_VARIABLE} (a test sets 0 to see the bar
 * whatever the machine's speed).
 *
 * @module
 */
import { io } from "./io.js";
import { parseIntegerOption } from "./options.js";

/** The environment variable that sets the delay before the first draw, in milliseconds. */
export const DELAY_VARIABLE = "LIGHTSOUT_PROGRESS_DELAY_MS";

/** A progress bar; every method is a no-op when nothing is drawn. */
export interface ProgressBar {
  /** True when the bar is drawn at all (the stream is a terminal). */
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
  /** Where to draw; default `io.stderr`. Nothing is drawn unless `isTTY`. */
  stream?: ProgressStream;
  /**
   * Milliseconds before the first draw, so quick jobs do not flicker; default
   * {@link DELAY_VARIABLE} from `io.env`, else 200.
   */
  delayMs?: number;
  /** Minimum milliseconds between draws; default 100. */
  intervalMs?: number;
  /** Clock in milliseconds; default `performance.now`. */
  now?: () => number;
}

const NO_BAR: ProgressBar = { active: false, update() {}, finish() {} };

/**
 * A progress bar labelled `label`, e.g. `echelonize [#######---------]  43%`.
 *
 * @param label - a word saying what is being done
 * @param options - stream, timing and clock
 * @returns a bar, or a no-op bar when the stream is not a terminal
 * @throws {@link CliError} (exit 2) when {@link DELAY_VARIABLE} is set to
 *   anything but a non-negative integer (checked on terminals and pipes alike)
 * @example
 * ```ts
 * const bar = createProgressBar("echelonize");
 * try { m.echelonize({ onProgress: (d, t) => bar.update(d, t) }); } finally { bar.finish(); }
 * ```
 */
export function createProgressBar(label: string, options: ProgressOptions = {}): ProgressBar {
  const delayMs = options.delayMs ?? delayFromEnv() ?? 200;
  const stream = options.stream ?? io.stderr;
  if (stream.isTTY !== true) return NO_BAR;
  const now = options.now ?? (() => performance.now());
  const intervalMs = options.intervalMs ?? 100;
  const start = now();
  let lastDraw = -Infinity;
  let drawn = false;
  return {
    active: true,
    update(done, total) {
      const t = now();
      // lastDraw starts at -Infinity: the first update past the delay always draws.
      if (t - start < delayMs || t - lastDraw < intervalMs || !(total > 0)) return;
      lastDraw = t;
      const fraction = Math.min(1, Math.max(0, done / total));
      const columns = stream.columns || 80; // a pty may report 0 columns
      const width = Math.max(10, Math.min(40, columns - label.length - 10));
      const filled = Math.round(fraction * width);
      const percent = `${Math.floor(fraction * 100)}%`.padStart(4);
      stream.write(`\r${label} [${"#".repeat(filled)}${"-".repeat(width - filled)}] ${percent}\x1b[K`);
      drawn = true;
    },
    finish() {
      if (drawn) stream.write("\r\x1b[K");
      drawn = false;
    },
  };
}

/** The delay set by {@link DELAY_VARIABLE}, or undefined when it is unset or empty. */
function delayFromEnv(): number | undefined {
  const text = io.env[DELAY_VARIABLE];
  return text === undefined || text === "" ? undefined : parseIntegerOption(DELAY_VARIABLE, text, 0);
}
