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

/** 1^2 + ... + x^2, 1^3 + ... + x^3 and 1 + ... + x, as doubles (the budget needs no more). */
const squares = (x: number) => (x * (x + 1) * (2 * x + 1)) / 6;
const cubes = (x: number) => ((x * (x + 1)) / 2) ** 2;
const naturals = (x: number) => (x * (x + 1)) / 2;
/** sum(a..b) of a prefix-sum function, 0 when the range is empty. */
const between = (sum: (x: number) => number, a: number, b: number) => (b < a ? 0 : sum(b) - sum(a - 1));

/** Cost of the boards m x n, n = a..b (m undefined: n x n), by closed forms of {@link costAt}'s sum. */
function runCost(s: Shape, m: number | undefined, a: number, b: number): number {
  const overhead = OVERHEAD * (b - a + 1);
  if (m === undefined) return overhead + between(squares, a, b);
  const below = [a, Math.min(b, m - 1)] as const; // n < m
  const above = [Math.max(a, m + 1), b] as const; // n > m
  const diagonal = a <= m && m <= b ? m * m : 0;
  if (s.torus) {
    // m n min(m, n)^2: m n^3 below the diagonal, m^3 n above
    return overhead + diagonal + m * between(cubes, ...below) + m ** 3 * between(naturals, ...above);
  }
  return overhead + diagonal + m * m * Math.max(0, below[1] - below[0] + 1) + between(squares, ...above);
}

/**
 * Cost of results start..end-1, one closed form per row, stopping once the
 * sum reaches `cap` (so it takes no longer than a few million rows, however
 * large the sweep).
 */
export function costBetween(s: Shape, start: number, end: number, cap = Number.POSITIVE_INFINITY): number {
  let total = 0;
  for (let i = start; i < end && total < cap; ) {
    const row = Math.floor(i / s.cols);
    const rowEnd = Math.min(end, (row + 1) * s.cols);
    const a = boardAt(s, i).n;
    total += runCost(s, s.square ? undefined : s.rowFrom + row, a, a + (rowEnd - i) - 1);
    i = rowEnd;
  }
  return total;
}

/** Smallest task budget (see {@link taskBudget}). */
const MIN_BUDGET = 2 ** 22;
/** Largest task budget of gcds, and of sweeps that eliminate tori (see {@link taskBudget}). */
const MAX_BUDGET = 2 ** 32;
const MAX_ELIMINATION_BUDGET = 2 ** 29;
/** Tasks per worker over a sweep, for balance. */
const TASKS_PER_WORKER = 16;

/**
 * The cost at which tasks are cut: about 16 tasks per worker for balance,
 * each worth at least a few milliseconds so that messages stay cheap (cost
 * 2^22 ~ a 2000 x 2000 gcd), and at most some tens of milliseconds so that
 * progress, results and cancellation keep coming: 2^32 of gcds took 13-35 ms
 * in Node on the benchmark machine at n = 10,000-20,000 (2^29 made tasks of
 * a few milliseconds, and in a browser the messages of 8 times as many tasks
 * cost a 1..10,000 sweep about 40% more time). A unit of torus elimination
 * takes far longer (2^29 of it 0.3-5 s at 20..150 rows), so sweeps of m x n
 * tori keep 2^29.
 */
export function taskBudget(s: Shape, start: number, end: number, workers: number): number {
  const max = s.torus && !s.square ? MAX_ELIMINATION_BUDGET : MAX_BUDGET;
  const total = costBetween(s, start, end, TASKS_PER_WORKER * workers * max);
  return Math.min(max, Math.max(MIN_BUDGET, total / (TASKS_PER_WORKER * workers)));
}
