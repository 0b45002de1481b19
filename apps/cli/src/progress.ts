/**
 * A one-line progress bar on stderr, drawn only when stderr is a terminal.
 *
 * Long eliminations run synchronously, and writes to a TTY are synchronous
 * in Node, so the bar moves even while the event loop is blocked.
 *
 * @module
 */
import { io } from "./io.js";

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
  /** Milliseconds before the first draw, so quick jobs do not flicker; default 200. */
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
 * @example
 * ```ts
 * const bar = createProgressBar("echelonize");
 * try { m.echelonize({ onProgress: (d, t) => bar.update(d, t) }); } finally { bar.finish(); }
 * ```
 */
export function createProgressBar(label: string, options: ProgressOptions = {}): ProgressBar {
  const stream = options.stream ?? io.stderr;
  if (stream.isTTY !== true) return NO_BAR;
  const now = options.now ?? (() => performance.now());
  const delayMs = options.delayMs ?? 200;
  const intervalMs = options.intervalMs ?? 100;
  const start = now();
  let lastDraw = -Infinity;
  let drawn = false;
  return {
    active: true,
    update(done, total) {
      const t = now();
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
