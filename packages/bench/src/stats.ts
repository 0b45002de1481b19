// Timing helpers: medians of repeated runs, where only the measured
// callback is timed (set-up such as copying the input is excluded).
import { readdirSync, readFileSync } from "node:fs";

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * CPU time of each thread of this process in ms (Linux: the nanoseconds on a
 * CPU in /proc/self/task/<tid>/schedstat), or undefined elsewhere.
 */
export function threadCpuMs(): Map<string, number> | undefined {
  let tasks: string[];
  try {
    tasks = readdirSync("/proc/self/task");
  } catch {
    return undefined;
  }
  const out = new Map<string, number>();
  for (const tid of tasks) {
    try {
      out.set(tid, Number(readFileSync(`/proc/self/task/${tid}/schedstat`, "utf8").split(" ")[0]) / 1e6);
    } catch {
      // the thread ended meanwhile, or the kernel keeps no schedstat
    }
  }
  return out.size > 0 ? out : undefined;
}

/** The largest CPU time any one thread spent between two threadCpuMs readings. */
function busiest(before: Map<string, number> | undefined, after: Map<string, number> | undefined): number | undefined {
  if (!before || !after) return undefined;
  let most = 0;
  for (const [tid, ms] of after) most = Math.max(most, ms - (before.get(tid) ?? 0));
  return most;
}

/**
 * After one warm-up, runs `setup` then times `run` on its result, `repeats`
 * times; returns each wall time in ms and, on Linux, the CPU time of the
 * busiest thread in each run. On an idle machine a
 * threaded run takes about its busiest thread's CPU time; on a loaded one
 * that CPU time still is what the run costs, while the wall time is not.
 */
export function timeRepeats<T, R>(
  repeats: number,
  setup: () => T,
  run: (input: T) => R,
  teardown?: (input: T) => void,
): { ms: number[]; busiestCpuMs: number[] | undefined; last: R } {
  const ms: number[] = [];
  const cpu: number[] = [];
  let last: R | undefined;
  // One untimed run first, so that JIT compilation is not measured.
  const warm = setup();
  run(warm);
  teardown?.(warm);
  for (let i = 0; i < repeats; i++) {
    const input = setup();
    const c0 = threadCpuMs();
    const t0 = performance.now();
    last = run(input);
    ms.push(performance.now() - t0);
    const used = busiest(c0, threadCpuMs());
    if (used !== undefined) cpu.push(used);
    teardown?.(input);
  }
  return { ms, busiestCpuMs: cpu.length === repeats ? cpu : undefined, last: last as R };
}

export function fmtMs(ms: number): string {
  if (ms >= 1000) return `${(ms / 1000).toFixed(2)} s`;
  if (ms >= 10) return `${ms.toFixed(1)} ms`;
  return `${ms.toFixed(2)} ms`;
}
