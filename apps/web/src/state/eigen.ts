// Eigenvectors of pressing the lit cells (after LightsOutWeb's eigenvector
// search, computed here by the library's algebra instead of by stepping):
// the boards c with A c = λ c over Z_k, A the press matrix (column j: what
// press j adds). They are the eigenvectors of the solution map too (A^-1 c
// = λ^-1 c) when A is invertible and λ is not 0; λ = 0 gives the quiet
// patterns. Each eigenspace is the null space of A - λ I over the field
// Z_k, so k must be prime.

import { type Board, formatCount } from "@lightsout/core";
import { FieldMatrix, primeField } from "@lightsout/core/fields";
import { targetsOf } from "./targets.js";

/** Most cells a board may have for its eigenspaces (one elimination of cells x cells per value). */
export const MAX_EIGEN_CELLS = 1024;

/** Most work: k eliminations of cells^3 each (about ten seconds in a worker). */
const MAX_EIGEN_WORK = 2 ** 33;

/** The boards c with A c = value x c: their dimension, and one of them (null when only 0). */
export interface Eigenspace {
  value: number;
  dimension: number;
  vector: number[] | null;
}

/**
 * The eigenspaces of pressing the lit cells, one per value 0..k-1.
 *
 * @param board - Any board.
 * @param states - k, prime.
 * @returns Each value's dimension and a basis vector.
 * @throws {RangeError} for a k that is not prime or a board beyond the limits, saying which.
 * @example
 * ```ts
 * eigenspaces(gridBoard(1, 1), 2); // [{ value: 0, dimension: 0, vector: null }, { value: 1, dimension: 1, vector: [1] }]
 * ```
 */
export function eigenspaces(board: Board, states: number): Eigenspace[] {
  const targets = targetsOf(board);
  const n = targets.length;
  if (n > MAX_EIGEN_CELLS) {
    throw new RangeError(`eigenvectors are computed for boards of at most 1,024 cells, got ${n.toLocaleString("en")}`);
  }
  if (states * n ** 3 > MAX_EIGEN_WORK) {
    throw new RangeError(
      `eigenvectors of ${n} cells with ${states} states would take ${states} eliminations of ${n} x ${n}: too long here (fewer cells or states)`,
    );
  }
  let field: ReturnType<typeof primeField>;
  try {
    field = primeField(states);
  } catch {
    throw new RangeError(`eigenvectors need a field: the number of states must be prime, got ${states}`);
  }
  const a = new Uint32Array(n * n);
  targets.forEach((cells, j) => {
    for (const i of cells) a[i * n + j] = (a[i * n + j]! + 1) % states;
  });
  const spaces: Eigenspace[] = [];
  for (let value = 0; value < states; value++) {
    const m = a.slice();
    for (let i = 0; i < n; i++) m[i * n + i] = (m[i * n + i]! + states - value) % states;
    const basis = FieldMatrix.fromEntries(field, n, n, m).nullspace();
    const vector = basis.rows > 0 ? Array.from({ length: n }, (_, j) => basis.get(0, j)) : null;
    spaces.push({ value, dimension: basis.rows, vector });
  }
  return spaces;
}

/**
 * The eigenspace Build shows: the first non-zero value with boards, else the
 * quiet patterns (value 0), else none.
 *
 * @param spaces - From {@link eigenspaces}.
 * @returns The eigenspace, or null when every one is {0}.
 * @example
 * ```ts
 * shownEigenspace([{ value: 0, dimension: 2, vector: [1, 1] }, { value: 1, dimension: 0, vector: null }]).value; // 0
 * ```
 */
export function shownEigenspace(spaces: readonly Eigenspace[]): Eigenspace | null {
  return spaces.find((s) => s.value !== 0 && s.dimension > 0) ?? spaces.find((s) => s.dimension > 0) ?? null;
}

/**
 * What Build says of the eigenspaces and the board it shows.
 *
 * @param spaces - From {@link eigenspaces}.
 * @returns A sentence or two.
 * @example
 * ```ts
 * eigenText([{ value: 0, dimension: 0, vector: null }, { value: 1, dimension: 1, vector: [1] }]);
 * // "Pressing the lit cells multiplies an eigenvector by λ. Eigenspaces: λ = 1, dimension 1. The lights are now one for λ = 1: ..."
 * ```
 */
export function eigenText(spaces: readonly Eigenspace[]): string {
  const found = spaces.filter((s) => s.dimension > 0);
  const list = found
    .map((s) => `λ = ${s.value}, dimension ${s.dimension}${s.value === 0 ? " (the quiet patterns)" : ""}`)
    .join("; ");
  const shown = shownEigenspace(spaces);
  if (shown === null) return "No eigenvector: pressing the lit cells multiplies no board but the dark one by a number.";
  return (
    `Pressing the lit cells multiplies an eigenvector by λ. Eigenspaces: ${list}. ` +
    `The lights are now one for λ = ${shown.value}: pressing its ${formatCount(shown.vector!.filter((v) => v !== 0).length, "lit cell", "lit cells")} gives ${shown.value === 1 ? "the same board" : shown.value === 0 ? "a dark board" : `${shown.value} times each state`}.`
  );
}
