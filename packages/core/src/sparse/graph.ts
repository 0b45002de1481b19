// Sparse GF(2) matrices of graphs and boards: the incidence and adjacency
// matrices of an edge list, and the press matrix of a Lights Out board.

import { type Board, checkBoard, pressTargets } from "../lightsout/board.js";
import { compressCoordinates, MAX_SPARSE_SIDE } from "./build.js";
import type { SparseBitMatrix } from "./matrix.js";

/** Checks a flat edge list [u0, v0, u1, v1, ...] of vertices in 0..vertices-1. */
function checkEdges(vertices: number, edges: ArrayLike<number>): void {
  if (!Number.isInteger(vertices) || vertices < 0 || vertices > MAX_SPARSE_SIDE) {
    throw new RangeError(`"vertices" expected an integer in 0..${MAX_SPARSE_SIDE}, got ${String(vertices)}`);
  }
  if (edges === null || typeof edges !== "object" || typeof edges.length !== "number") {
    throw new TypeError(`"edges" expected a flat list of vertex pairs [u0, v0, u1, v1, ...], got ${typeof edges}`);
  }
  if (edges.length % 2 !== 0) {
    throw new RangeError(`"edges" expected an even length (pairs u, v), got ${edges.length}`);
  }
  for (let k = 0; k < edges.length; k++) {
    const v = edges[k]!;
    if (!(Number.isInteger(v) && v >= 0 && v < vertices)) {
      throw new RangeError(
        `edge ${k >> 1} expected vertices in 0..${vertices - 1}, got ${String(v)} (entry ${k} of "edges")`,
      );
    }
  }
}

/**
 * The vertex-edge incidence matrix over GF(2): rows are vertices, column e
 * has ones in the two end points of edge e. A loop (u, u) gives a zero
 * column (its two ones add to 0). Its rank is vertices minus the number of
 * connected components (each component's rows sum to 0).
 *
 * @param vertices - The number of vertices.
 * @param edges - The edges as a flat list of pairs: [u0, v0, u1, v1, ...], 0-based.
 * @returns The vertices x edges matrix.
 * @throws RangeError for a vertex out of range or an odd-length list.
 * @example
 * ```ts
 * const path = incidenceMatrix(3, [0, 1, 1, 2]); // 3 x 2
 * sparseRank(path).rank; // 2 = 3 vertices - 1 component
 * ```
 */
export function incidenceMatrix(vertices: number, edges: ArrayLike<number>): SparseBitMatrix {
  checkEdges(vertices, edges);
  const count = edges.length;
  const rowOf = new Uint32Array(count);
  const colOf = new Uint32Array(count);
  for (let k = 0; k < count; k++) {
    rowOf[k] = edges[k]!;
    colOf[k] = k >>> 1;
  }
  return compressCoordinates(vertices, count / 2, rowOf, colOf, count);
}

/**
 * The adjacency matrix over GF(2) of an undirected graph: A[u][v] = A[v][u]
 * = 1 for each edge; an edge listed twice cancels (entries add mod 2), a
 * loop (u, u) sets A[u][u].
 *
 * @param vertices - The number of vertices.
 * @param edges - The edges as a flat list of pairs: [u0, v0, u1, v1, ...], 0-based.
 * @returns The vertices x vertices symmetric matrix.
 * @throws RangeError for a vertex out of range or an odd-length list.
 * @example
 * ```ts
 * sparseRank(adjacencyMatrix(2, [0, 1])).rank; // 2
 * ```
 */
export function adjacencyMatrix(vertices: number, edges: ArrayLike<number>): SparseBitMatrix {
  checkEdges(vertices, edges);
  const rowOf: number[] = [];
  const colOf: number[] = [];
  for (let k = 0; k < edges.length; k += 2) {
    const u = edges[k]!;
    const v = edges[k + 1]!;
    rowOf.push(u);
    colOf.push(v);
    if (u !== v) {
      rowOf.push(v);
      colOf.push(u);
    }
  }
  return compressCoordinates(vertices, vertices, rowOf, colOf, rowOf.length);
}

/**
 * The press matrix of a Lights Out board over GF(2), sparse: row i lists
 * the cells a press of cell i toggles (so the board's solutions are the
 * x with A x = lights, A being symmetric for every named rule and graph).
 *
 * @param board - A board from `gridBoard`, `maskBoard`, `graphBoard`, ...
 * @returns The cells x cells matrix.
 * @example
 * ```ts
 * sparseRank(sparsePressMatrix(gridBoard(5, 5))).rank; // 23: the 5 x 5 board has nullity 2
 * ```
 */
export function sparsePressMatrix(board: Board): SparseBitMatrix {
  const targets = pressTargets(checkBoard(board));
  const n = targets.length;
  const rowStart = new Uint32Array(n + 1);
  for (let i = 0; i < n; i++) rowStart[i + 1] = rowStart[i]! + targets[i]!.length;
  const colIndex = new Uint32Array(rowStart[n]!);
  // pressTargets gives each cell's targets sorted and distinct
  for (let i = 0; i < n; i++) colIndex.set(targets[i]!, rowStart[i]!);
  return { rows: n, cols: n, rowStart, colIndex };
}
