// Progress of the phases of block Wiedemann: what is reported, at most
// every 100 ms, with an estimate of the time left from the rate so far.

/** The phases of a run, in order. */
export type WiedemannPhase = "sequence" | "berlekamp-massey" | "solution";

/** One progress report. */
export interface WiedemannProgress {
  phase: WiedemannPhase;
  /** Steps of the phase done, of `total` (terms of the sequence, steps of Berlekamp-Massey, products of the solution). */
  done: number;
  total: number;
  /** done / total. */
  fraction: number;
  /** Milliseconds since the phase began. */
  elapsedMs: number;
  /**
   * Estimated milliseconds left in the phase at the rate so far (undefined
   * before the first report). Berlekamp-Massey's steps grow longer as it
   * goes (each costs about its index), so its estimate assumes that.
   */
  remainingMs: number | undefined;
}

/** Progress and cancellation, as every phase takes them. */
export interface PhaseWatch {
  onProgress?: ((progress: WiedemannProgress) => void) | undefined;
  signal?: AbortSignal | undefined;
}

const REPORT_EVERY_MS = 100;

/**
 * A function to call after each step with the steps done: reports at most
 * every 100 ms, and always the last step.
 *
 * @param quadratic - Steps cost about their index (Berlekamp-Massey): the estimate follows.
 */
export function phaseReporter(
  phase: WiedemannPhase,
  total: number,
  watch: PhaseWatch,
  startAt = 0,
  quadratic = false,
): (done: number) => void {
  const began = performance.now();
  let last = -Infinity;
  let lastDone = -1;
  const work = (steps: number): number => (quadratic ? steps * steps : steps);
  return (done) => {
    if (!watch.onProgress) return;
    const now = performance.now();
    if ((now - last < REPORT_EVERY_MS && done < total) || done === lastDone) return;
    last = now;
    lastDone = done;
    const elapsedMs = now - began;
    const doneWork = work(done) - work(startAt);
    const remainingMs = doneWork > 0 ? (elapsedMs * (work(total) - work(done))) / doneWork : undefined;
    watch.onProgress({ phase, done, total, fraction: total === 0 ? 1 : done / total, elapsedMs, remainingMs });
  };
}
