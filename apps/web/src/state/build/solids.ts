// Boards on the faces of the five Platonic solids, as plain values: each
// solid from its vertices (the coordinates of Wikipedia's "Platonic solid"
// page), its faces found as the supporting planes of those vertices, and
// the board whose cells are the faces, a press toggling the faces that
// share an edge with the pressed one (the vertex graph of the dual solid).
// The board is an ordinary graph board of the library: links, the solver
// and the flat view take it as any other.

import { type GraphBoard, graphBoard } from "@lightsout/core";
import { type Draft, draftOf, emptyDraft } from "./draft.js";

/** The five Platonic solids. */
export type SolidName = "tetrahedron" | "cube" | "octahedron" | "dodecahedron" | "icosahedron";

/** The solids, smallest first, with how the Board select names them. */
export const SOLID_OPTIONS: readonly (readonly [SolidName, string])[] = [
  ["tetrahedron", "Tetrahedron's 4 faces"],
  ["cube", "Cube's 6 faces"],
  ["octahedron", "Octahedron's 8 faces"],
  ["dodecahedron", "Dodecahedron's 12 faces"],
  ["icosahedron", "Icosahedron's 20 faces"],
];

/** A point or direction in space. */
export type Vec3 = readonly [number, number, number];

/** A convex solid: its vertices (on the unit sphere) and its faces, each a cycle of vertex indices. */
export interface Solid {
  readonly vertices: readonly Vec3[];
  /** Each face's vertices in order around it, counter-clockwise seen from outside. */
  readonly faces: readonly (readonly number[])[];
}

const PHI = (1 + Math.sqrt(5)) / 2;

/** Every sign combination of a point's non-zero coordinates. */
function signed(x: number, y: number, z: number): Vec3[] {
  const out: Vec3[] = [];
  for (const sx of x ? [1, -1] : [1])
    for (const sy of y ? [1, -1] : [1]) for (const sz of z ? [1, -1] : [1]) out.push([sx * x, sy * y, sz * z]);
  return out;
}

/** The vertices of a solid, centred at the origin (Wikipedia, "Platonic solid", Cartesian coordinates). */
function solidVertices(name: SolidName): Vec3[] {
  switch (name) {
    case "tetrahedron":
      return [
        [1, 1, 1],
        [1, -1, -1],
        [-1, 1, -1],
        [-1, -1, 1],
      ];
    case "cube":
      return signed(1, 1, 1);
    case "octahedron":
      return [...signed(1, 0, 0), ...signed(0, 1, 0), ...signed(0, 0, 1)];
    case "dodecahedron":
      return [...signed(1, 1, 1), ...signed(0, 1 / PHI, PHI), ...signed(1 / PHI, PHI, 0), ...signed(PHI, 0, 1 / PHI)];
    case "icosahedron":
      return [...signed(0, 1, PHI), ...signed(1, PHI, 0), ...signed(PHI, 0, 1)];
  }
}

const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const dot = (a: Vec3, b: Vec3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: Vec3, b: Vec3): Vec3 => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
const unit = (a: Vec3): Vec3 => {
  const n = Math.hypot(...a);
  return [a[0] / n, a[1] / n, a[2] / n];
};

/**
 * The faces of the convex hull of points in general position on a sphere: every plane through
 * three of them with all the others on one side, its points ordered counter-clockwise from outside.
 */
function hullFaces(points: readonly Vec3[]): number[][] {
  const seen = new Set<string>();
  const faces: number[][] = [];
  const n = points.length;
  for (let a = 0; a < n; a++)
    for (let b = a + 1; b < n; b++)
      for (let c = b + 1; c < n; c++) {
        let normal = unit(cross(sub(points[b]!, points[a]!), sub(points[c]!, points[a]!)));
        let offset = dot(normal, points[a]!);
        if (offset < 0) [normal, offset] = [[-normal[0], -normal[1], -normal[2]], -offset];
        if (points.some((p) => dot(normal, p) > offset + 1e-9)) continue;
        const face = points.flatMap((p, i) => (Math.abs(dot(normal, p) - offset) < 1e-9 ? [i] : []));
        const key = face.join(",");
        if (seen.has(key)) continue;
        seen.add(key);
        faces.push(aroundNormal(face, points, normal));
      }
  return faces;
}

/** A face's vertices ordered counter-clockwise about its outward normal, lowest index first. */
function aroundNormal(face: readonly number[], points: readonly Vec3[], normal: Vec3): number[] {
  const sum = face.reduce<Vec3>(
    (s, i) => [s[0] + points[i]![0], s[1] + points[i]![1], s[2] + points[i]![2]],
    [0, 0, 0],
  );
  const centre: Vec3 = [sum[0] / face.length, sum[1] / face.length, sum[2] / face.length];
  // angles in the face's plane, from its first vertex, turning about the normal
  const first = sub(points[face[0]!]!, centre);
  const side = cross(normal, first);
  const angle = (i: number) => {
    const d = sub(points[i]!, centre);
    const a = Math.atan2(dot(d, side), dot(d, first));
    return a < 0 ? a + 2 * Math.PI : a;
  };
  const ordered = [...face].sort((i, j) => angle(i) - angle(j));
  const lowest = ordered.indexOf(Math.min(...ordered));
  return [...ordered.slice(lowest), ...ordered.slice(0, lowest)];
}

const solids = new Map<SolidName, Solid>();

/**
 * A Platonic solid: its vertices scaled onto the unit sphere and its faces (in a fixed order, the
 * cells of its board).
 *
 * @example
 * ```ts
 * solid("cube").faces.length; // 6
 * ```
 */
export function solid(name: SolidName): Solid {
  let made = solids.get(name);
  if (!made) {
    const vertices = solidVertices(name).map(unit);
    const faces = hullFaces(vertices).sort((f, g) => f[0]! - g[0]! || f[1]! - g[1]! || f[2]! - g[2]!);
    made = { vertices, faces };
    solids.set(name, made);
  }
  return made;
}

/**
 * The pairs of faces that share an edge (two vertices: on a convex solid two faces meet in an edge,
 * a vertex or not at all), each pair once, lower face first.
 *
 * @example
 * ```ts
 * faceAdjacency(solid("tetrahedron").faces).length; // 6
 * ```
 */
export function faceAdjacency(faces: readonly (readonly number[])[]): [number, number][] {
  const pairs: [number, number][] = [];
  for (let f = 0; f < faces.length; f++)
    for (let g = f + 1; g < faces.length; g++)
      if (faces[f]!.filter((v) => faces[g]!.includes(v)).length >= 2) pairs.push([f, g]);
  return pairs;
}

/**
 * The board on a solid's faces: a graph board of the library, one vertex per face.
 *
 * @param name - The solid.
 * @param selfToggle - Whether a press toggles its own face (the default, as on every board).
 * @example
 * ```ts
 * solidBoard("dodecahedron").vertices; // 12
 * ```
 */
export function solidBoard(name: SolidName, selfToggle = true): GraphBoard {
  const s = solid(name);
  return graphBoard(s.faces.length, faceAdjacency(s.faces), selfToggle ? {} : { selfToggle: false });
}

/**
 * The solid a graph board is the face board of (same cells, same edges in any order), or null.
 *
 * @example
 * ```ts
 * solidOf(solidBoard("cube")); // "cube"
 * solidOf(graphBoard(3, [[0, 1]])); // null
 * ```
 */
export function solidOf(board: GraphBoard): SolidName | null {
  const key = (pairs: readonly (readonly [number, number])[]) =>
    pairs
      .map(([u, v]) => (u < v ? `${u}-${v}` : `${v}-${u}`))
      .sort()
      .join(".");
  const edges = key(board.edges);
  for (const [name] of SOLID_OPTIONS) {
    const s = solid(name);
    if (s.faces.length === board.vertices && key(faceAdjacency(s.faces)) === edges) return name;
  }
  return null;
}

/** What the Board select shows: a grid, a solid's faces, or another graph (imported, not offered). */
export type BoardShape = "grid" | SolidName | "graph";

/**
 * The Board select's value for a draft.
 *
 * @example
 * ```ts
 * shapeOf(emptyDraft(5, 5)); // "grid"
 * ```
 */
export function shapeOf(draft: Draft): BoardShape {
  return draft.kind === "grid" ? "grid" : (solidOf(draft.board) ?? "graph");
}

/**
 * The draft after the Board select changed: a solid's faces, all dark, or an empty 5 x 5 grid; the
 * states and the self toggle are kept. The same shape leaves the draft as it is.
 *
 * @example
 * ```ts
 * withShape(emptyDraft(5, 5), "cube").lights; // [0, 0, 0, 0, 0, 0]
 * ```
 */
export function withShape(draft: Draft, shape: BoardShape): Draft {
  if (shape === shapeOf(draft) || shape === "graph") return draft;
  const selfToggle = draft.kind === "grid" ? draft.selfToggle : (draft.board.selfToggle ?? true);
  if (shape === "grid") return { ...emptyDraft(5, 5), selfToggle, states: draft.states };
  const board = solidBoard(shape, selfToggle);
  return draftOf(board, new Array<number>(board.vertices).fill(0), draft.states);
}

/** The 3D view a draft has: a torus up to 64 x 64, or a solid's faces; `key` changes when it must be drawn anew. */
export type View3d =
  | { readonly kind: "torus"; readonly key: string }
  | { readonly kind: "solid"; readonly solid: SolidName; readonly key: string };

/**
 * The 3D view of a draft, or null when it has none (a plane, a projective plane, a big torus, another graph).
 *
 * @example
 * ```ts
 * view3dOf(withShape(emptyDraft(5, 5), "cube")); // { kind: "solid", solid: "cube", key: "cube/2" }
 * ```
 */
export function view3dOf(draft: Draft): View3d | null {
  if (draft.kind === "graph") {
    const name = solidOf(draft.board);
    return name === null ? null : { kind: "solid", solid: name, key: `${name}/${draft.states}` };
  }
  if (draft.topology !== "torus" || draft.rows > 64 || draft.cols > 64) return null;
  return { kind: "torus", key: `${draft.rows}x${draft.cols}/${draft.states}` };
}
