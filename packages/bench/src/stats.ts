// Timing helpers: medians of repeated runs, where only the measured
// callback is timed (set-up such as copying the input is excluded).

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** After one warm-up, runs `setup` then times `run` on its result, `repeats` times; returns each time in ms. */
export function timeRepeats<T, R>(
  repeats: number,
  setup: () => T,
  run: (input: T) => R,
  teardown?: (input: T) => void,
): { ms: number[]; last: R } {
  const ms: number[] = [];
  let last: R | undefined;
  // One untimed run first, so that JIT compilation is not measured.
  const warm = setup();
  run(warm);
  teardown?.(warm);
  for (let i = 0; i < repeats; i++) {
    const input = setup();
    const t0 = performance.now();
    last = run(input);
    ms.push(performance.now() - t0);
    teardown?.(input);
  }
  return { ms, last: last as R };
}

export function fmtMs(ms: number): string {
  if (ms >= 1000) return `${(ms / 1000).toFixed(2)} s`;
  if (ms >= 10) return `${ms.toFixed(1)} ms`;
  return `${ms.toFixed(2)} ms`;
}
