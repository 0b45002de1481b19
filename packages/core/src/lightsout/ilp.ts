// Fewest presses for boards whose quiet space is too large to enumerate: the
// coset is split into independent blocks, small blocks are enumerated, and
// each large one is an integer program over its own cells: minimise sum x
// subject to A x - 2 s = b, x binary (fixed outside the block), s integer
// (the parity of each cell's presses must match its light). Solved by HiGHS
// (compiled to WebAssembly, the `highs` package), loaded on first use only:
// it is 3.5 MB that most programs never need.

import { checkInteger } from "../internal/check.js";
import { importHighs } from "../internal/highs.js";
import { type CosetBlock, type CosetPlan, minimiseBlocks, planCoset, restrict } from "../solvers/blocks.js";
import { laneScan, leastInCoset, MAX_LANE_DIMENSION } from "../solvers/coset.js";
import { availableThreads } from "../internal/threads.js";
import { searchInformationSets } from "../solvers/infosets.js";
import { type Board, checkVector, pressTargets } from "./board.js";
import { defaultMaxNullity, MAX_ENUMERATED_NULLITY } from "./fewest.js";
import { pressMatrix } from "./solve.js";

/**
 * The result of {@link fewestPressesByIlp}.
 *
 * @example
 * ```ts
 * const r: IlpFewestPresses = await fewestPressesByIlp(gridBoard(5, 5), new Array(25).fill(1));
 * r.count;   // 15
 * r.optimal; // true (r.status: "optimal")
 * ```
 */
export interface IlpFewestPresses {
  /** The best presses found (0/1 per cell), or null when the board is unsolvable. */
  presses: Uint8Array | null;
  /** Number of presses in `presses` (null when unsolvable). */
  count: number | null;
  /** True when `count` is proven minimal (by enumeration, HiGHS or the information-set search); false when the time limit came first. */
  optimal: boolean;
  /** A proven lower bound on the minimum (equals `count` when optimal). */
  lowerBound: number;
  /**
   * Dimensions of the independent blocks of the quiet patterns, largest first (empty when unsolvable or
   * the nullity is 0; the nullity alone when the quiet basis was too big to split).
   */
  blocks: number[];
  /**
   * How the answer was found, for the record: "unsolvable", "unique" (nullity 0), "enumerated" (every
   * block enumerated), "optimal" or "information sets" (the last block too large to enumerate was
   * proven by HiGHS, or by the information-set search), or HiGHS's status ("time limit", ...) on the
   * first block left unproven.
   */
  status: string;
}

const STATUS: Record<number, string> = {
  7: "optimal",
  8: "infeasible",
  13: "time limit",
  14: "iteration limit",
  17: "interrupted",
};

/** The part of the `highs` package this module uses. */
interface HighsModel {
  options: { set(values: Record<string, unknown>): unknown };
  info: { get(name: string): number | bigint };
  run(): unknown;
  getModelStatus(): number;
  getSolution(): { colValue?: ArrayLike<number> };
  getColByName(name: string): number;
  dispose(): void;
}
interface Highs {
  createModel(data: { format: "lp"; data: string }): HighsModel;
}

let loading: Promise<Highs> | undefined;

async function highs(): Promise<Highs> {
  // The package is CommonJS with a default export: take it from either shape.
  loading ??= importHighs("fewestPressesByIlp").then((m: unknown) => {
    const mod = m as { default: (() => Promise<Highs>) | { default: () => Promise<Highs> } };
    const load = typeof mod.default === "function" ? mod.default : mod.default.default;
    return load();
  });
  return loading;
}

/**
 * Options of {@link fewestPressesByIlp}.
 *
 * @example
 * ```ts
 * const options: IlpOptions = { timeLimitMs: 60_000 };
 * (await fewestPressesByIlp(gridBoard(5, 5), new Array(25).fill(1), options)).count; // 15
 * ```
 */
export interface IlpOptions {
  /** Time limit of the whole search in ms (default 10 000); the enumerated blocks are not limited. */
  timeLimitMs?: number;
  /**
   * Largest block dimension solved by enumeration (default {@link defaultMaxNullity} of the block's
   * cells, at most 31). Given, every larger block goes to HiGHS and the information-set search (0: every
   * block); not given, larger blocks are enumerated when they fit in the time left.
   */
  maxNullity?: number;
}

/**
 * Fewest presses for any nullity, under a time limit. The solutions x0 + Q
 * are split into independent blocks (as {@link fewestPresses} does); blocks
 * up to `maxNullity` are enumerated exactly; without `maxNullity`, a larger
 * one (up to 48 dimensions) is enumerated too, on every core, while the
 * measured rate says all of its 2^dimension members fit in its share of the
 * time left (2^32 members on 400 cells take about 12 s of CPU time, 6 s on
 * two idle cores: the random 20 x 20 torus is proven then). Each other block
 * gets a quarter of its share for an integer program over its own cells
 * only (the presses elsewhere fixed), solved by HiGHS, and, unless that
 * proves its answer, the rest for a search over disjoint information sets
 * of the block (Brouwer-Zimmermann, for a coset): it lists the members with
 * few ones on some set, level by level, and after level t every member not
 * listed has at least m (t + 1) ones (m sets), so it proves the minimum when
 * that is small beside the block (all lights on a 20 x 20 torus, 80
 * presses, in about 2 s) and otherwise gives a lower bound and a count
 * better than HiGHS's on the boards measured. (A quiet basis of more than
 * 2^26 entries is not built: the whole board is then one integer program.)
 * When the limit stops a block unproven, the best solution found is
 * returned with `optimal: false` and a proven lower bound: the exact minima
 * of the other blocks plus the best bound for the unfinished ones.
 *
 * @param board - Any board.
 * @param lights - One 0/1 per cell.
 * @param options - `timeLimitMs` (default 10 000), `maxNullity`.
 * @returns The best presses, their count, whether that is proven minimal, and a lower bound.
 * @throws {TypeError | RangeError} for malformed input.
 * @example
 * ```ts
 * const r = await fewestPressesByIlp(gridBoard(5, 5), new Array(25).fill(1));
 * r.count; // 15, r.optimal === true
 * ```
 */
export async function fewestPressesByIlp(
  board: Board,
  lights: ArrayLike<number>,
  options: IlpOptions = {},
): Promise<IlpFewestPresses> {
  const targets = pressTargets(board);
  const n = targets.length;
  checkVector("lights", lights, n);
  const timeLimitMs = options.timeLimitMs ?? 10_000;
  if (!(typeof timeLimitMs === "number" && timeLimitMs > 0)) {
    throw new RangeError(`"timeLimitMs" expected a positive number, got ${String(timeLimitMs)}`);
  }
  const limit =
    options.maxNullity === undefined
      ? undefined
      : checkInteger("maxNullity", options.maxNullity, 0, MAX_ENUMERATED_NULLITY);
  const deadline = performance.now() + timeLimitMs;
  // GF(2) first: it decides solvability exactly and gives the blocks.
  let plan: CosetPlan;
  {
    using a = pressMatrix(board);
    plan = planCoset(a, lights);
  }
  if (!plan.solvable) {
    return { presses: null, count: null, optimal: true, lowerBound: 0, status: "unsolvable", blocks: [] };
  }
  const x = plan.x;
  if (plan.nullity === 0) {
    const w = weight(x);
    return { presses: x, count: w, optimal: true, lowerBound: w, status: "unique", blocks: [] };
  }
  // a quiet basis too big to build: the whole board is one integer program
  const blocks = plan.blocks ?? [{ cells: Int32Array.from({ length: n }, (_, j) => j), basis: [] }];
  const small = (b: CosetBlock) =>
    plan.blocks !== null && b.basis.length <= (limit ?? defaultMaxNullity(b.cells.length));
  minimiseBlocks(x, blocks.filter(small), leastInCoset, {});
  const hard = blocks.filter((b) => !small(b));
  // the exact minimum outside the hard blocks, plus a proven bound for each of them
  let lowerBound = weight(x) - hard.reduce((s, b) => s + weightOn(x, b.cells), 0);
  let optimal = true;
  let status = "enumerated";
  for (const [i, block] of hard.entries()) {
    const begin = performance.now();
    const share = Math.max(1, (deadline - begin) / (hard.length - i));
    if (limit === undefined && plan.blocks !== null && block.basis.length >= QUICK_SEARCH_DIMENSION) {
      // a short look at the information sets first: a minimum small beside the block (all lights on a
      // torus) is proven in milliseconds, where the enumeration below would take seconds
      const quick = searchInformationSets(
        restrict(x, block.cells),
        block.basis,
        begin + Math.min(share / 16, QUICK_SEARCH_MS),
      );
      if (quick.weight < weightOn(x, block.cells)) block.cells.forEach((c, t) => (x[c] = quick.vector[t]!));
      if (quick.lowerBound >= weightOn(x, block.cells)) {
        lowerBound += weightOn(x, block.cells);
        if (optimal) status = "information sets";
        continue;
      }
    }
    if (limit === undefined && plan.blocks !== null && enumerateWithin(x, block, share - (performance.now() - begin))) {
      lowerBound += weightOn(x, block.cells);
      if (optimal) status = "enumerated";
      continue;
    }
    const leftMs = () => Math.max(1, share - (performance.now() - begin));
    // HiGHS first, with a quarter of the share: it settles symmetric and small boards quickly
    const r = await blockByHighs(targets, lights, x, block, plan.blocks === null ? leftMs() : leftMs() / 4);
    let bound = r.optimal ? weightOn(x, block.cells) : r.lowerBound;
    if (!r.optimal && plan.blocks !== null) {
      // information sets: exact when the minimum is small beside the block, a better bound and count
      // than HiGHS's on the boards measured
      const found = searchInformationSets(restrict(x, block.cells), block.basis, performance.now() + leftMs());
      if (found.weight < weightOn(x, block.cells)) block.cells.forEach((c, t) => (x[c] = found.vector[t]!));
      bound = Math.max(bound, found.lowerBound);
    }
    const after = weightOn(x, block.cells);
    lowerBound += Math.min(bound, after);
    if (r.optimal || bound >= after) {
      if (optimal) status = r.optimal ? "optimal" : "information sets";
    } else {
      if (optimal) status = r.status;
      optimal = false;
    }
  }
  // every part above keeps x a solution; a failure here is a bug, never an answer
  if (!isSolution(targets, lights, x))
    throw new Error("internal error: fewest presses lost a solution; please report it");
  const count = weight(x);
  const dims = plan.blocks === null ? [plan.nullity] : plan.blocks.map((b) => b.basis.length).sort((a, b) => b - a);
  return {
    presses: x,
    count,
    optimal,
    lowerBound,
    status,
    blocks: dims,
  };
}

/** The most time a hard block's first, short information-set search may take (ms). */
const QUICK_SEARCH_MS = 250;

/** From this dimension on, enumerating a block takes seconds (2^30 members): worth the short search first. */
const QUICK_SEARCH_DIMENSION = 30;

/** Thrown from a progress callback to stop an enumeration that would overrun its time. */
const OVERRUN = Symbol("overrun");

/**
 * Enumerates a block when its rate says the whole scan fits in `ms`; gives
 * up as soon as the rate says it does not. The rate is measured between
 * progress reports (the first report also pays for starting threads). The
 * scan is the lane scan (on every core, see solvers/coset.ts); its answer is a
 * least-weight member of the block. Returns whether the block was minimised
 * (into x).
 */
function enumerateWithin(x: Uint8Array, block: CosetBlock, ms: number): boolean {
  if (block.basis.length > MAX_LANE_DIMENSION) return false;
  const threads = availableThreads();
  // not even at 10^9 members per second per thread (above any rate measured): do not start
  if (2 ** block.basis.length > (ms / 1000) * 1e9 * threads) return false;
  const start = performance.now();
  let first: { at: number; done: number } | undefined;
  const onProgress = (done: number, total: number) => {
    const now = performance.now();
    if (first === undefined) {
      first = { at: now, done };
      return;
    }
    if (done >= total || done <= first.done) return;
    const left = ((total - done) * (now - first.at)) / (done - first.done);
    if (now - start + left > ms) throw OVERRUN;
  };
  try {
    const found = laneScan(restrict(x, block.cells), block.basis, { threads, onProgress });
    if (found.vector) block.cells.forEach((cell, t) => (x[cell] = found.vector![t]!));
    return true;
  } catch (error) {
    if (error === OVERRUN) return false;
    throw error;
  }
}

/**
 * Minimises one block by HiGHS: x is fixed outside the block's cells, and
 * {x : A x = lights, x fixed outside} is exactly x + the block's span (the
 * other blocks vanish on these cells). Writes the best found into x.
 */
async function blockByHighs(
  targets: readonly Int32Array[],
  lights: ArrayLike<number>,
  x: Uint8Array,
  block: CosetBlock,
  timeLimitMs: number,
): Promise<{ lowerBound: number; optimal: boolean; status: string }> {
  const n = targets.length;
  const free = new Uint8Array(n);
  for (const j of block.cells) free[j] = 1;
  const before = block.cells.reduce((s, j) => s + x[j]!, 0);
  // Cell i's light is toggled by every press j with i among targets[j].
  const freeBy: number[][] = Array.from({ length: n }, () => []);
  const parity = Uint8Array.from(lights);
  targets.forEach((t, j) => {
    for (const i of t) {
      if (free[j]) freeBy[i]!.push(j);
      else parity[i]! ^= x[j]!;
    }
  });
  const vars = Array.from(block.cells, (j) => `x${j}`);
  const lines = ["Minimize", ` obj: ${vars.join(" + ")}`, "Subject To"];
  const bounds: string[] = [];
  const slacks: string[] = [];
  freeBy.forEach((js, i) => {
    if (js.length === 0) return;
    lines.push(` c${i}: ${js.map((j) => `x${j}`).join(" + ")} - 2 s${i} = ${parity[i]}`);
    bounds.push(` 0 <= s${i} <= ${Math.floor((js.length - parity[i]!) / 2)}`);
    slacks.push(`s${i}`);
  });
  lines.push("Bounds", ...bounds, "Binary", ` ${vars.join(" ")}`, "General", ` ${slacks.join(" ")}`, "End");

  const solver = await highs();
  const model = solver.createModel({ format: "lp", data: lines.join("\n") });
  try {
    model.options.set({ output_flag: false, time_limit: timeLimitMs / 1000 });
    model.run();
    const code = Number(model.getModelStatus());
    const status = STATUS[code] ?? `status ${code}`;
    const values = model.getSolution().colValue;
    let found = false;
    if (values && values.length >= vars.length) {
      const y = Uint8Array.from(x);
      for (const j of block.cells) y[j] = Number(values[Number(model.getColByName(`x${j}`))]) > 0.5 ? 1 : 0;
      const w = block.cells.reduce((s, j) => s + y[j]!, 0);
      // an incumbent that does not clear the board means none yet
      if (w <= before && isSolution(targets, lights, y)) {
        x.set(y);
        found = true;
      }
    }
    const after = block.cells.reduce((s, j) => s + x[j]!, 0);
    const optimal = code === 7 && found;
    const bound = Number(model.info.get("mip_dual_bound"));
    const lowerBound = optimal ? after : Math.max(0, Number.isFinite(bound) ? Math.ceil(bound - 1e-6) : 0);
    return { lowerBound: Math.min(lowerBound, after), optimal, status };
  } finally {
    model.dispose();
  }
}

function isSolution(targets: readonly Int32Array[], lights: ArrayLike<number>, presses: Uint8Array): boolean {
  const out = Uint8Array.from(lights);
  targets.forEach((t, j) => {
    if (presses[j]) for (const i of t) out[i]! ^= 1;
  });
  return out.every((v) => v === 0);
}

function weightOn(v: Uint8Array, cells: Int32Array): number {
  let w = 0;
  for (const j of cells) w += v[j]!;
  return w;
}

function weight(v: Uint8Array): number {
  let w = 0;
  for (const x of v) w += x;
  return w;
}
