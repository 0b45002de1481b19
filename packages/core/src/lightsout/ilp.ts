// Fewest presses as an integer program, for boards whose quiet space is too
// large to enumerate: minimise sum x subject to A x - 2 s = b, x binary,
// s integer (the parity of each cell's presses must match its light). Solved
// by HiGHS (compiled to WebAssembly, the `highs` package), loaded on first
// use only: it is 3.5 MB that most programs never need.

import { type Board, checkVector, pressTargets } from "./board.js";
import { applyPresses } from "./board.js";
import { solveLightsOut } from "./solve.js";

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
  /** True when HiGHS proved `count` minimal; false when the time limit stopped it first. */
  optimal: boolean;
  /** A proven lower bound on the minimum (equals `count` when optimal). */
  lowerBound: number;
  /** HiGHS's final model status, for the record ("optimal", "time limit", ...). */
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
  loading ??= import("highs").then((m: unknown) => {
    const mod = m as { default: (() => Promise<Highs>) | { default: () => Promise<Highs> } };
    const load = typeof mod.default === "function" ? mod.default : mod.default.default;
    return load();
  });
  return loading;
}

/**
 * Fewest presses by integer programming (HiGHS), under a time limit. When the
 * limit stops the search, the best solution found is returned with
 * `optimal: false` and the proven lower bound: not proven optimal.
 *
 * @param board - Any board.
 * @param lights - One 0/1 per cell.
 * @param options - `timeLimitMs` (default 10 000).
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
  options: { timeLimitMs?: number } = {},
): Promise<IlpFewestPresses> {
  const targets = pressTargets(board);
  const n = targets.length;
  checkVector("lights", lights, n);
  const timeLimitMs = options.timeLimitMs ?? 10_000;
  if (!(typeof timeLimitMs === "number" && timeLimitMs > 0)) {
    throw new RangeError(`"timeLimitMs" expected a positive number, got ${String(timeLimitMs)}`);
  }
  // GF(2) first: it decides solvability exactly and gives a fallback solution.
  const exact = solveLightsOut(board, lights);
  if (!exact.solvable) return { presses: null, count: null, optimal: true, lowerBound: 0, status: "unsolvable" };
  const fallback = exact.presses!;
  if (exact.nullity === 0)
    return {
      presses: fallback,
      count: weight(fallback),
      optimal: true,
      lowerBound: weight(fallback),
      status: "unique",
    };

  // Cell i's light is toggled by every press j with i among targets[j].
  const toggledBy: number[][] = Array.from({ length: n }, () => []);
  targets.forEach((t, j) => t.forEach((i) => toggledBy[i]!.push(j)));
  const lines = ["Minimize", ` obj: ${Array.from({ length: n }, (_, j) => `x${j}`).join(" + ")}`, "Subject To"];
  toggledBy.forEach((js, i) => lines.push(` c${i}: ${js.map((j) => `x${j}`).join(" + ")} - 2 s${i} = ${lights[i]}`));
  lines.push("Bounds");
  toggledBy.forEach((js, i) => lines.push(` 0 <= s${i} <= ${Math.floor(js.length / 2)}`));
  lines.push("Binary", ` ${Array.from({ length: n }, (_, j) => `x${j}`).join(" ")}`, "General");
  lines.push(` ${Array.from({ length: n }, (_, i) => `s${i}`).join(" ")}`, "End");

  const solver = await highs();
  const model = solver.createModel({ format: "lp", data: lines.join("\n") });
  try {
    model.options.set({ output_flag: false, time_limit: timeLimitMs / 1000 });
    model.run();
    const code = Number(model.getModelStatus());
    const status = STATUS[code] ?? `status ${code}`;
    const values = model.getSolution().colValue;
    let presses: Uint8Array | null = null;
    if (values && values.length >= n) {
      presses = new Uint8Array(n);
      for (let j = 0; j < n; j++) presses[j] = Number(values[Number(model.getColByName(`x${j}`))]) > 0.5 ? 1 : 0;
      if (applyPresses(board, lights, presses).some((v) => v !== 0)) presses = null; // no incumbent yet
    }
    const best = presses && weight(presses) <= weight(fallback) ? presses : fallback;
    const bound = Number(model.info.get("mip_dual_bound"));
    const optimal = code === 7 && best === presses;
    const lowerBound = optimal ? weight(best) : Math.max(0, Number.isFinite(bound) ? Math.ceil(bound - 1e-6) : 0);
    return { presses: best, count: weight(best), optimal, lowerBound: Math.min(lowerBound, weight(best)), status };
  } finally {
    model.dispose();
  }
}

function weight(v: Uint8Array): number {
  let w = 0;
  for (const x of v) w += x;
  return w;
}
