// How a sweep is cut into tasks: the boards of each result index, their
// relative cost, and the next run of consecutive results that fits a budget.
// Tasks are produced one at a time, so a sweep never holds its whole plan.

import type { NullityTask } from "./sweep-task.js";

/** A checked sweep: results are row-major over rows x cols (one row on square sweeps). */
export interface Shape {
  rowFrom: number;
  rows: number;
  colFrom: number;
  cols: number;
  square: boolean;
  torus: boolean;
}

/** m and n of result `index`. */
export function boardAt(s: Shape, index: number): { m: number; n: number } {
  const row = Math.floor(index / s.cols);
  const n = s.colFrom + (index - row * s.cols);
  return { m: s.square ? n : s.rowFrom + row, n };
}

/** Every result pays a fixed overhead (a call into WebAssembly, a step of the recurrences) worth about a 64 x 64 gcd. */
const OVERHEAD = 4096;

/**
 * Relative cost of one result: the gcd is quadratic in the larger degree,
 * plus {@link OVERHEAD}.
 */
export function costAt(s: Shape, index: number): number {
  const { m, n } = boardAt(s, index);
  // an m x n torus (m != n) is eliminated: cells x band^2, the band about 2 min(m, n) cells wide
  if (s.torus && m !== n) return m * n * Math.min(m, n) ** 2 + OVERHEAD;
  const d = Math.max(m, n);
  return d * d + OVERHEAD;
}

/** One task of a sweep: results `at`..`at` + length - 1. */
export interface PlannedTask {
  at: number;
  task: NullityTask;
}

/** The task starting at result `at` (< `end`): a run within one row, cut once it costs about `budget`. */
export function nextTask(s: Shape, at: number, end: number, budget: number): PlannedTask {
  const rowEnd = Math.min(end, (Math.floor(at / s.cols) + 1) * s.cols);
  let j = at;
  let cost = 0;
  do cost += costAt(s, j++);
  while (j < rowEnd && cost < budget);
  const first = boardAt(s, at);
  const task: NullityTask = { m: s.square ? "square" : first.m, from: first.n, to: first.n + (j - at) - 1 };
  return { at, task: s.torus ? { ...task, torus: true } : task };
}

/** Cost of results start..end-1 (a plain sum). */
export function costBetween(s: Shape, start: number, end: number): number {
  let total = 0;
  for (let i = start; i < end; i++) total += costAt(s, i);
  return total;
}
