// Boards are plain, serialisable values: a grid (rectangle, torus, or an
// irregular mask of cells) with a neighbourhood rule, or an arbitrary graph.
// Cells are numbered row-major over the cells present; everything else in
// the Lights Out engine speaks in those cell indices.

import { checkInteger, describe } from "../internal/check.js";
import { MAX_MODULUS } from "../modular/arith.js";
import { formatLimit } from "../internal/sizes.js";
import { type Ring, ringOf, zerosOf } from "../solvers/ring.js";

/**
 * A neighbour offset: rows down, columns right.
 *
 * @example
 * ```ts
 * const offsets: Offset[] = [[-2, 1], [2, -1]]; // a press toggles two knight's-move cells
 * solveLightsOut(gridBoard(4, 4, { rule: { offsets } }), new Array(16).fill(1)).rank; // 10
 * ```
 */
export type Offset = readonly [dr: number, dc: number];

/**
 * The named neighbourhoods: plus (orthogonal), x (diagonal), king (both), knight.
 *
 * @example
 * ```ts
 * const rule: RuleName = "king";
 * pressTargets(gridBoard(3, 3, { rule }))[4]!.length; // 9: the centre and its 8 neighbours
 * ```
 */
export type RuleName = "plus" | "x" | "king" | "knight";

/**
 * Which cells a press toggles besides (optionally) its own.
 *
 * @example
 * ```ts
 * gridBoard(3, 3, { rule: "x" });                           // diagonal neighbours
 * gridBoard(3, 3, { rule: { offsets: [[0, -1], [0, 1]] } }); // left and right only
 * ```
 */
export type Rule =
  | RuleName
  | {
      /** The cells a press toggles, relative to the pressed cell (the cell itself aside). */
      readonly offsets: readonly Offset[];
    };

/**
 * How a grid's edges are glued: not at all (`"plane"`), straight across
 * (`"torus"`), or across with a twist (`"projective"`, the real projective
 * plane: leaving the top edge at column j re-enters at the bottom edge at
 * column cols-1-j, leaving the left edge at row i re-enters at the right
 * edge at row rows-1-i, and the other way round).
 *
 * Offsets of any length wrap the same way: the neighbour of (r, c) by
 * (dr, dc) is the one cell of the board equivalent to (r + dr, c + dc)
 * under the glide reflections (r, c) ~ (r + rows, cols-1-c) and
 * (r, c) ~ (rows-1-r, c + cols). Every cell of the plane is equivalent to
 * exactly one cell of the board, so the order of the wraps does not matter.
 * One step across an edge comes back mirrored along it: the x rule's
 * diagonal step up-right from (0, c) lands on (rows-1, cols-2-c). A
 * diagonal step out of a corner comes back to the corner itself (the
 * corners are the two cone points of the gluing), so there it toggles
 * nothing more. Rules closed under negating and mirroring their offsets
 * (plus, x, king, knight) give a symmetric press matrix.
 *
 * @example
 * ```ts
 * const topology: Topology = "projective";
 * pressTargets(gridBoard(3, 3, { topology }))[0]; // Int32Array [0, 1, 3, 8]: up and left both lead to the far corner
 * ```
 */
export type Topology = "plane" | "torus" | "projective";

/**
 * A rectangular board, a torus, or an irregular board given by a mask.
 *
 * @example
 * ```ts
 * const board: GridBoard = { kind: "grid", rows: 3, cols: 4, topology: "torus" }; // or gridBoard(3, 4, { torus: true })
 * solveLightsOut(board, new Array(12).fill(1)).nullity; // 4
 * ```
 */
export interface GridBoard {
  /** Tells grids from graphs. */
  readonly kind: "grid";
  /** Number of rows, >= 1. */
  readonly rows: number;
  /** Number of columns, >= 1. */
  readonly cols: number;
  /**
   * How the edges are glued (default `"plane"`). The one field that says
   * it: `torus: true`, accepted by the constructors and {@link checkBoard}
   * as a shorthand (old JSON files have it), becomes `topology: "torus"`.
   */
  readonly topology?: Topology;
  /** Neighbourhood (default "plus"). */
  readonly rule?: Rule;
  /** Whether a press toggles its own cell (default true). */
  readonly selfToggle?: boolean;
  /** Rows of `#` (a cell) and `.` (no cell); absent = every cell present. */
  readonly mask?: readonly string[];
}

/**
 * Any graph: pressing a vertex toggles it and its neighbours.
 *
 * @example
 * ```ts
 * // Six vertices, edges 1-2, 2-3, 2-4, 3-5, 4-5, 5-6 (numbered from 0 here).
 * const board: GraphBoard = graphBoard(6, [[0, 1], [1, 2], [1, 3], [2, 4], [3, 4], [4, 5]]);
 * solveLightsOut(board, [1, 1, 0, 0, 1, 1]).presses; // Uint8Array [0, 1, 0, 0, 1, 0]
 * ```
 */
export interface GraphBoard {
  /** Tells graphs from grids. */
  readonly kind: "graph";
  /** Number of vertices (cells), numbered 0..vertices-1. */
  readonly vertices: number;
  /** Undirected edges between vertex indices 0..vertices-1. */
  readonly edges: readonly (readonly [number, number])[];
  /** Whether a press toggles its own vertex (default true). */
  readonly selfToggle?: boolean;
}

/**
 * A Lights Out board.
 *
 * @example
 * ```ts
 * const boards: Board[] = [gridBoard(5, 5), maskBoard([".#.", "###", ".#."]), graphBoard(3, [[0, 1], [1, 2]])];
 * boards.map((b) => cellMap(b).count); // [25, 5, 3]
 * ```
 */
export type Board = GridBoard | GraphBoard;

const RULES: Record<RuleName, readonly Offset[]> = {
  plus: [
    [-1, 0],
    [1, 0],
    [0, -1],
    [0, 1],
  ],
  x: [
    [-1, -1],
    [-1, 1],
    [1, -1],
    [1, 1],
  ],
  king: [
    [-1, 0],
    [1, 0],
    [0, -1],
    [0, 1],
    [-1, -1],
    [-1, 1],
    [1, -1],
    [1, 1],
  ],
  knight: [
    [-2, -1],
    [-2, 1],
    [-1, -2],
    [-1, 2],
    [1, -2],
    [1, 2],
    [2, -1],
    [2, 1],
  ],
};

/** The rule names, for messages. */
const RULE_NAMES = "plus, x, king, knight";

// Largest rule offset, either sign: as many cells as a board may have
// (MAX_CELLS), so every offset is exact and reaches across the largest board.
const MAX_RULE_OFFSET = 2 ** 28;

/**
 * The offsets of a rule.
 *
 * @param rule - A rule name or a list of offsets.
 * @returns The neighbour offsets (without the cell itself).
 * @throws {TypeError} for an unknown rule name or malformed offsets.
 * @throws {RangeError} for an offset beyond +-2^28.
 * @example
 * ```ts
 * ruleOffsets("plus"); // [[-1, 0], [1, 0], [0, -1], [0, 1]]
 * ruleOffsets("constructor" as RuleName); // throws TypeError: "rule" expected plus, x, king, knight or ...
 * ```
 */
export function ruleOffsets(rule: Rule): readonly Offset[] {
  if (typeof rule === "string") {
    // own names only: "constructor" or "toString" are not rules
    if (!Object.hasOwn(RULES, rule))
      throw new TypeError(`"rule" expected ${RULE_NAMES} or { offsets }, got ${describe(rule)}`);
    return RULES[rule as RuleName];
  }
  if (rule === null || typeof rule !== "object" || !Array.isArray(rule.offsets)) {
    throw new TypeError(`"rule" expected ${RULE_NAMES} or { offsets }, got ${describe(rule)}`);
  }
  rule.offsets.forEach((o, i) => {
    if (!Array.isArray(o) || o.length !== 2 || !o.every((v) => Number.isInteger(v))) {
      throw new TypeError(`"rule.offsets[${i}]" expected a pair of integers [dr, dc], got ${describe(o)}`);
    }
    if (!o.every((v) => Math.abs(v) <= MAX_RULE_OFFSET)) {
      throw new RangeError(
        `"rule.offsets[${i}]" expected integers in -${MAX_RULE_OFFSET}..${MAX_RULE_OFFSET}, got [${o[0]}, ${o[1]}]`,
      );
    }
  });
  return rule.offsets;
}

/**
 * Parses a rule as the CLI writes it: a name, or offsets like `-1,0;1,0;0,2`.
 *
 * @param text - `plus`, `x`, `king`, `knight`, or `dr,dc` pairs separated by `;` or spaces.
 * @returns The rule.
 * @throws {TypeError} for anything else.
 * @throws {RangeError} for an offset beyond +-2^28 (checked on the digits, before any rounding).
 * @example
 * ```ts
 * parseRule("0,1;0,-1"); // { offsets: [[0, 1], [0, -1]] }
 * parseRule("9007199254740993,0"); // throws RangeError: rule offset expected an integer in -268435456..268435456 ...
 * ```
 */
export function parseRule(text: string): Rule {
  if (Object.hasOwn(RULES, text)) return text as RuleName;
  const expected = `rule expected ${RULE_NAMES} or offsets like "-1,0;1,0", got ${describe(text)}`;
  const pairs = text
    .trim()
    .split(/[;\s]+/)
    .filter(Boolean);
  const offset = (digits: string): number => {
    const value = Number(digits);
    if (!(Math.abs(value) <= MAX_RULE_OFFSET))
      throw new RangeError(
        `rule offset expected an integer in -${MAX_RULE_OFFSET}..${MAX_RULE_OFFSET}, got ${describe(digits)}`,
      );
    return value;
  };
  const offsets = pairs.map((pair) => {
    const m = pair.match(/^(-?\d+),(-?\d+)$/);
    if (!m) throw new TypeError(expected);
    return [offset(m[1]!), offset(m[2]!)] as const;
  });
  if (offsets.length === 0) throw new TypeError(expected);
  return { offsets };
}

/**
 * Options shared by the grid constructors.
 *
 * @example
 * ```ts
 * const options: GridOptions = { torus: true, rule: "plus", selfToggle: true };
 * solveLightsOut(gridBoard(5, 5, options), new Array(25).fill(1)).nullity; // 8
 * ```
 */
export interface GridOptions {
  /** Wrap around both edges (default false): shorthand for `topology: "torus"`, which the board gets instead. */
  torus?: boolean;
  /** How the edges are glued: `"plane"` (default), `"torus"` or `"projective"`. */
  topology?: Topology;
  /** Neighbourhood (default "plus"). */
  rule?: Rule;
  /** Whether a press toggles its own cell (default true). */
  selfToggle?: boolean;
}

/**
 * An m x n grid board.
 *
 * @param rows - Rows, >= 1.
 * @param cols - Columns, >= 1.
 * @param options - Topology (or torus), rule, self toggle.
 * @returns The board (a plain object).
 * @throws {TypeError | RangeError} for bad sizes, rules or topologies (`torus` contradicting `topology`).
 * @example
 * ```ts
 * const b = gridBoard(5, 5); // the classic game
 * const t = gridBoard(4, 4, { torus: true, rule: "king" });
 * const p = gridBoard(4, 4, { topology: "projective" }); // opposite edges glued with a twist
 * ```
 */
export function gridBoard(rows: number, cols: number, options: GridOptions = {}): GridBoard {
  return checkBoard({ kind: "grid", rows, cols, ...options }) as GridBoard;
}

/**
 * An irregular board from a mask: rows of `#` (cell) and `.` (no cell).
 *
 * @param mask - The rows, as an array or one string with line breaks.
 * @param options - Rule, self toggle, topology (torus, projective plane: they apply too).
 * @returns The board.
 * @throws {TypeError | RangeError} for other characters, ragged rows, or no cell at all.
 * @example
 * ```ts
 * maskBoard([".#.", "###", ".#."]); // a plus-shaped cross of 5 cells
 * ```
 */
export function maskBoard(mask: string | readonly string[], options: GridOptions = {}): GridBoard {
  const rows = (typeof mask === "string" ? mask.split(/\r?\n/) : [...mask])
    .map((r) => r.trim())
    .filter((r) => r.length);
  return checkBoard({
    kind: "grid",
    rows: rows.length,
    cols: rows[0]?.length ?? 0,
    mask: rows,
    ...options,
  }) as GridBoard;
}

/**
 * A graph board from an edge list.
 *
 * @param vertices - Number of vertices, >= 1.
 * @param edges - Pairs of vertex indices (0-based); self-loops are not allowed.
 * @param options - Self toggle.
 * @returns The board.
 * @throws {TypeError | RangeError} for bad indices.
 * @example
 * ```ts
 * // six vertices, edges 1-2, 2-3, 2-4, 3-5, 4-5, 5-6 when numbered from 1
 * graphBoard(6, [[0, 1], [1, 2], [1, 3], [2, 4], [3, 4], [4, 5]]);
 * ```
 */
export function graphBoard(
  vertices: number,
  edges: readonly (readonly [number, number])[],
  options: { selfToggle?: boolean } = {},
): GraphBoard {
  return checkBoard({ kind: "graph", vertices, edges, ...options }) as GraphBoard;
}

/**
 * A graph board from adjacency lists (vertex i's neighbours in lists[i]).
 *
 * @param lists - One list per vertex; the relation is made symmetric.
 * @param options - Self toggle.
 * @returns The board.
 * @example
 * ```ts
 * adjacencyBoard([[1], [0, 2], [1]]); // a path of 3
 * ```
 */
export function adjacencyBoard(
  lists: readonly (readonly number[])[],
  options: { selfToggle?: boolean } = {},
): GraphBoard {
  if (!Array.isArray(lists))
    throw new TypeError(`"lists" expected an array of neighbour lists, got ${describe(lists)}`);
  const seen = new Set<string>();
  const edges: [number, number][] = [];
  lists.forEach((list, u) => {
    if (!Array.isArray(list))
      throw new TypeError(`"lists[${u}]" expected an array of vertex indices, got ${describe(list)}`);
    for (const v of list) {
      const key = u < v ? `${u},${v}` : `${v},${u}`;
      if (!seen.has(key)) {
        seen.add(key);
        edges.push([u, v]);
      }
    }
  });
  return graphBoard(lists.length, edges, options);
}

const TOPOLOGIES: readonly Topology[] = ["plane", "torus", "projective"];

/**
 * The topology of a grid board: its `topology`, else `"plane"`.
 *
 * @param board - A grid board.
 * @returns How its edges are glued.
 * @example
 * ```ts
 * boardTopology(gridBoard(3, 3, { torus: true })); // "torus"
 * boardTopology(gridBoard(3, 3)); // "plane"
 * ```
 */
export function boardTopology(board: GridBoard): Topology {
  return board.topology ?? "plane";
}

/**
 * Position (r * cols + c) of the cell that the plane point (r, c) stands
 * for on a rows x cols board glued as `topology`, or -1 off a plane board.
 * See {@link Topology} for the projective gluing.
 */
export function wrapPosition(topology: Topology, rows: number, cols: number, r: number, c: number): number {
  if (topology === "plane") return r < 0 || r >= rows || c < 0 || c >= cols ? -1 : r * cols + c;
  if (topology === "torus") return (((r % rows) + rows) % rows) * cols + (((c % cols) + cols) % cols);
  // each crossing of a top or bottom edge mirrors the column, of a side edge the row
  const down = Math.floor(r / rows);
  let rr = r - down * rows;
  let cc = down % 2 === 0 ? c : cols - 1 - c;
  const right = Math.floor(cc / cols);
  cc -= right * cols;
  if (right % 2 !== 0) rr = rows - 1 - rr;
  return rr * cols + cc;
}

/** Largest number of cells a board may have. */
export const MAX_CELLS = 2 ** 28;

/** The message for a rows x cols grid over {@link MAX_CELLS}. */
export function boardTooLarge(rows: number, cols: number): string {
  return formatLimit({
    subject: `a ${rows} x ${cols} board`,
    max: MAX_CELLS,
    got: rows * cols,
    unit: ["cell", "cells"],
  });
}

/**
 * Checks that a value (for example parsed JSON) is a valid board.
 *
 * @param value - Anything.
 * @returns The same value, typed; a grid given with the shorthand `torus`
 *   comes back as a copy with `topology` instead (`torus: true` is
 *   `topology: "torus"`), so a board says its gluing one way only.
 * @throws {TypeError | RangeError} naming the field that is wrong, what was expected and what was got.
 * @example
 * ```ts
 * const board = checkBoard(JSON.parse(text));
 * ```
 */
export function checkBoard(value: unknown): Board {
  if (value === null || typeof value !== "object")
    throw new TypeError(`board expected an object, got ${describe(value)}`);
  const b = value as Record<string, unknown>;
  if (b.selfToggle !== undefined && typeof b.selfToggle !== "boolean") {
    throw new TypeError(`"selfToggle" expected a boolean, got ${describe(b.selfToggle)}`);
  }
  if (b.kind === "grid") {
    const rows = checkInteger("rows", b.rows, 1, MAX_CELLS);
    const cols = checkInteger("cols", b.cols, 1, MAX_CELLS);
    if (rows * cols > MAX_CELLS) throw new RangeError(boardTooLarge(rows, cols));
    if (b.torus !== undefined && typeof b.torus !== "boolean")
      throw new TypeError(`"torus" expected a boolean, got ${describe(b.torus)}`);
    if (b.topology !== undefined) {
      if (typeof b.topology !== "string" || !TOPOLOGIES.includes(b.topology as Topology))
        throw new TypeError(`"topology" expected "plane", "torus" or "projective", got ${describe(b.topology)}`);
      if (b.torus !== undefined && b.torus !== (b.topology === "torus"))
        throw new TypeError(`"torus" (${b.torus}) conflicts with "topology" ("${b.topology}"): give one of them`);
    }
    if (b.rule !== undefined) ruleOffsets(b.rule as Rule);
    if (b.mask !== undefined) {
      if (!Array.isArray(b.mask))
        throw new TypeError(`"mask" expected an array of strings of # and ., got ${describe(b.mask)}`);
      if (b.mask.length !== rows) throw new RangeError(`"mask" expected ${rows} rows, got ${b.mask.length}`);
      let count = 0;
      b.mask.forEach((row: unknown, i) => {
        if (typeof row !== "string")
          throw new TypeError(`"mask[${i}]" expected a string of # and ., got ${describe(row)}`);
        if (row.length !== cols) throw new RangeError(`"mask[${i}]" expected ${cols} characters, got ${row.length}`);
        const bad = row.search(/[^#.]/);
        if (bad >= 0)
          throw new TypeError(
            `"mask[${i}]" expected only # (cell) and . (no cell), got ${JSON.stringify(row[bad])} at column ${bad + 1}`,
          );
        for (const ch of row) if (ch === "#") count++;
      });
      if (count === 0) throw new RangeError(`"mask" expected at least one cell (#), got none`);
    }
    if (b.torus === undefined) return value as GridBoard;
    const { torus, topology, ...rest } = b;
    return { ...rest, ...(torus ? { topology: "torus" } : topology !== undefined ? { topology } : {}) } as GridBoard;
  }
  if (b.kind === "graph") {
    const n = checkInteger("vertices", b.vertices, 1, MAX_CELLS);
    if (!Array.isArray(b.edges))
      throw new TypeError(`"edges" expected an array of [u, v] pairs, got ${describe(b.edges)}`);
    b.edges.forEach((e: unknown, i) => {
      if (!Array.isArray(e) || e.length !== 2)
        throw new TypeError(`"edges[${i}]" expected a pair [u, v], got ${describe(e)}`);
      checkInteger(`edges[${i}][0]`, e[0], 0, n - 1);
      checkInteger(`edges[${i}][1]`, e[1], 0, n - 1);
      if (e[0] === e[1]) throw new RangeError(`"edges[${i}]" expected two different vertices, got a loop at ${e[0]}`);
    });
    return value as GraphBoard;
  }
  throw new TypeError(`board "kind" expected "grid" or "graph", got ${describe(b.kind)}`);
}

/**
 * Where each cell of a grid board sits, and the reverse map.
 *
 * @example
 * ```ts
 * const cells: CellMap = cellMap(maskBoard([".#.", "###", ".#."]));
 * cells.count;    // 5
 * cells.index[4]; // 2: the centre (row 1, column 1) is cell 2
 * cells.index[0]; // -1: no cell in the corner
 * ```
 */
export interface CellMap {
  /** Number of cells. */
  count: number;
  /** Row and column of cell i (grids), in row-major order of the cells present. */
  row: Int32Array;
  /** Column of cell i (grids); 0 for graphs. */
  col: Int32Array;
  /** Cell index at (r, c), or -1 where the mask has no cell (grids: rows * cols entries). */
  index: Int32Array;
}

/**
 * The cells of a board: count, positions and the index of each position.
 *
 * @param board - A board.
 * @returns The map (for graphs, row = vertex, col = 0).
 * @example
 * ```ts
 * cellMap(maskBoard([".#", "##"])).count; // 3
 * ```
 */
export function cellMap(board: Board): CellMap {
  if (board.kind === "graph") {
    const n = board.vertices;
    const row = Int32Array.from({ length: n }, (_, i) => i);
    return { count: n, row, col: new Int32Array(n), index: row.slice() };
  }
  const { rows, cols, mask } = board;
  const index = new Int32Array(rows * cols).fill(-1);
  let count = 0;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) if (!mask || mask[r]![c] === "#") index[r * cols + c] = count++;
  }
  const row = new Int32Array(count);
  const col = new Int32Array(count);
  for (let p = 0; p < rows * cols; p++) {
    const i = index[p]!;
    if (i >= 0) {
      row[i] = Math.floor(p / cols);
      col[i] = p % cols;
    }
  }
  return { count, row, col, index };
}

/**
 * For each cell, the cells its press toggles (sorted, without duplicates;
 * itself included unless `selfToggle` is false).
 *
 * @param board - A board.
 * @returns One list per cell.
 * @example
 * ```ts
 * pressTargets(gridBoard(1, 3))[1]; // Int32Array [0, 1, 2]
 * ```
 */
export function pressTargets(board: Board): Int32Array[] {
  const self = board.selfToggle ?? true;
  if (board.kind === "graph") {
    const sets = Array.from({ length: board.vertices }, (_, v) => new Set<number>(self ? [v] : []));
    for (const [u, v] of board.edges) {
      sets[u]!.add(v);
      sets[v]!.add(u);
    }
    return sets.map((s) => Int32Array.from([...s].sort((a, b) => a - b)));
  }
  const map = cellMap(board);
  const offsets = ruleOffsets(board.rule ?? "plus");
  const topology = boardTopology(board);
  const { rows, cols } = board;
  const out: Int32Array[] = [];
  for (let i = 0; i < map.count; i++) {
    const targets = new Set<number>(self ? [i] : []);
    for (const [dr, dc] of offsets) {
      const p = wrapPosition(topology, rows, cols, map.row[i]! + dr, map.col[i]! + dc);
      if (p < 0) continue;
      const j = map.index[p]!;
      if (j >= 0 && (j !== i || self)) targets.add(j);
    }
    out.push(Int32Array.from([...targets].sort((a, b) => a - b)));
  }
  return out;
}

/**
 * Largest number of light states k: a press adds 1 (mod k), and the
 * arithmetic of every solver works on residues below 2^31.
 *
 * @example
 * ```ts
 * const board = gridBoard(1, 3);
 * applyPresses(board, [MAX_STATES - 1, 0, 0], [1, 0, 0], { states: MAX_STATES }); // Uint32Array [0, 1, 0]
 * ```
 */
export const MAX_STATES = MAX_MODULUS;

/**
 * The number of light states, the option every Lights Out function takes:
 * 2 (default) is the classic on/off game over GF(2); k > 2 lights count
 * 0..k-1 and a press adds 1 (mod k) to its cell and its targets.
 *
 * @example
 * ```ts
 * const options: StatesOptions = { states: 3 };
 * solveLightsOut(gridBoard(3, 3), new Array(9).fill(1), options).solvable; // true
 * ```
 */
export interface StatesOptions {
  /** Number of light states k, 2..{@link MAX_STATES} (default 2). */
  states?: number;
}

/**
 * One value per cell (lights, or press counts): a Uint8Array of 0/1 for two
 * states, a Uint32Array of 0..k-1 for more. Functions called without
 * `states` (or with `states: 2` written as a literal) are typed Uint8Array.
 * Indexing, `length`, `map`, `every` and for-of work on the union; TypeScript
 * cannot call `reduce` on it, so sum with a loop or `Array.from(values)`.
 *
 * @example
 * ```ts
 * const k: number = 3;
 * const lights: CellValues = randomPuzzle(gridBoard(3, 3), { states: k, seed: 1 });
 * Array.from(lights).every((v) => v < k); // true
 * ```
 */
export type CellValues = Uint8Array | Uint32Array;

/**
 * Whether a board is a plain rectangle: a grid with no mask, no wrapping
 * edges, the plus rule and presses that toggle their own cell. Those are
 * the boards light chasing solves (row by row, then a first-row fix), so
 * they have no size limit beyond memory and are the only boards
 * {@link chaseTrace} draws.
 *
 * @param board - Any board.
 * @returns True for a plain rectangle (the board is then a {@link GridBoard}).
 * @example
 * ```ts
 * isChaseableRectangle(gridBoard(5, 5)); // true
 * isChaseableRectangle(gridBoard(5, 5, { torus: true })); // false
 * ```
 */
export function isChaseableRectangle(board: Board): board is GridBoard {
  return (
    board.kind === "grid" &&
    boardTopology(board) === "plane" &&
    !board.mask &&
    (board.rule === undefined || board.rule === "plus") &&
    board.selfToggle !== false
  );
}

/** The number of states of the options: an integer 2..MAX_STATES, default 2. */
export function checkStates(options: unknown): number {
  if (options === undefined) return 2;
  if (options === null || typeof options !== "object")
    throw new TypeError(`"options" expected an object, got ${describe(options)}`);
  const k = (options as StatesOptions).states;
  if (k === undefined) return 2;
  if (typeof k !== "number" || !Number.isInteger(k))
    throw new TypeError(`"states" expected an integer in 2..${MAX_STATES}, got ${describe(k)}`);
  if (k < 2 || k > MAX_STATES) throw new RangeError(`"states" expected an integer in 2..${MAX_STATES}, got ${k}`);
  return k;
}

/** Checks one value 0..k-1 per cell. */
export function checkLevels(name: string, v: unknown, cells: number, k: number): ArrayLike<number> {
  if (v === null || typeof v !== "object" || typeof (v as ArrayLike<number>).length !== "number") {
    throw new TypeError(`"${name}" expected an array of integers 0..${k - 1}, one per cell, got ${describe(v)}`);
  }
  const a = v as ArrayLike<number>;
  if (a.length !== cells) throw new RangeError(`"${name}" expected ${cells} entries (one per cell), got ${a.length}`);
  for (let i = 0; i < cells; i++) {
    const x = a[i];
    if (typeof x !== "number" || !Number.isInteger(x))
      throw new TypeError(`"${name}[${i}]" expected an integer in 0..${k - 1}, got ${describe(x)}`);
    if (x < 0 || x >= k) throw new RangeError(`"${name}[${i}]" expected an integer in 0..${k - 1}, got ${x}`);
  }
  return a;
}

/**
 * Applies presses to lights: pressing cell j x_j times adds x_j (mod k) to
 * each of its targets (for two states, each pressed cell toggles them).
 *
 * @param board - The board.
 * @param lights - One state 0..k-1 per cell (not modified).
 * @param presses - One press count 0..k-1 per cell.
 * @param options - `states`: k (default 2).
 * @returns The new lights: a Uint8Array for two states, a Uint32Array for more.
 * @throws {TypeError | RangeError} for a bad k, or vectors of the wrong length or range.
 * @example
 * ```ts
 * applyPresses(gridBoard(1, 3), [1, 1, 1], [0, 1, 0]); // Uint8Array [0, 0, 0]
 * applyPresses(gridBoard(1, 3), [2, 2, 2], [0, 1, 0], { states: 3 }); // Uint32Array [0, 0, 0]
 * ```
 */
export function applyPresses(
  board: Board,
  lights: ArrayLike<number>,
  presses: ArrayLike<number>,
  options?: StatesOptions & { states?: 2 },
): Uint8Array;
/**
 * Applies presses to lights with k states (see the two-state signature).
 *
 * @param board - The board.
 * @param lights - One state 0..k-1 per cell (not modified).
 * @param presses - One press count 0..k-1 per cell.
 * @param options - `states`: k (default 2).
 * @returns The new lights: a Uint8Array for two states, a Uint32Array for more.
 * @example
 * ```ts
 * const k: number = 3;
 * applyPresses(gridBoard(1, 3), [2, 2, 2], [0, 1, 0], { states: k }); // Uint32Array [0, 0, 0]
 * ```
 */
export function applyPresses(
  board: Board,
  lights: ArrayLike<number>,
  presses: ArrayLike<number>,
  options?: StatesOptions,
): CellValues;
export function applyPresses(
  board: Board,
  lights: ArrayLike<number>,
  presses: ArrayLike<number>,
  options?: StatesOptions,
): CellValues {
  const ring = ringOf(checkStates(options));
  const targets = pressTargets(board);
  checkValues("lights", lights, targets.length, ring);
  checkValues("presses", presses, targets.length, ring);
  const { k } = ring;
  const out = zerosOf(ring, targets.length);
  for (let i = 0; i < out.length; i++) out[i] = lights[i]!;
  targets.forEach((t, j) => {
    const x = presses[j]!;
    if (x !== 0) for (const i of t) out[i] = (out[i]! + x) % k;
  });
  return out;
}

/** Checks one value per cell: 0/1 over GF(2), 0..k-1 over residues. */
export function checkValues(name: string, values: ArrayLike<number>, cells: number, ring: Ring): void {
  if (ring.bits) checkVector(name, values, cells);
  else checkLevels(name, values, cells, ring.k);
}

/** Checks a vector of one 0/1 entry per cell. */
export function checkVector(name: string, v: ArrayLike<number>, cells: number): void {
  if (v === null || typeof v !== "object" || typeof v.length !== "number") {
    throw new TypeError(`"${name}" expected an array of 0/1, one per cell, got ${describe(v)}`);
  }
  if (v.length !== cells) throw new RangeError(`"${name}" expected ${cells} entries (one per cell), got ${v.length}`);
  for (let i = 0; i < v.length; i++) {
    if (v[i] !== 0 && v[i] !== 1) throw new TypeError(`"${name}[${i}]" expected 0 or 1, got ${describe(v[i])}`);
  }
}
