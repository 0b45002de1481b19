// The boards on the Platonic solids' faces: the faces found from the vertices
// (counts and shapes as Euclid's solids have them), the adjacency (each face
// meets as many faces as it has sides, and the relation is symmetric), and
// the nullity the library gives checked against brute force.

import { graphBoard } from "@lightsout/core";
import { solveLightsOut } from "@lightsout/core/lightsout";
import { describe, expect, test } from "vitest";
import { emptyDraft, withStates } from "./draft.js";
import {
  faceAdjacency,
  shapeOf,
  solid,
  solidBoard,
  SOLID_OPTIONS,
  solidOf,
  type SolidName,
  type Vec3,
  view3dOf,
  withShape,
} from "./solids.js";

// Faces, sides of a face, and faces meeting at a vertex: the Schläfli symbols {p, q} of the five solids
// (Wikipedia, "Platonic solid": tetrahedron {3,3}, cube {4,3}, octahedron {3,4}, dodecahedron {5,3},
// icosahedron {3,5}).
const KNOWN: Record<SolidName, { faces: number; sides: number; vertices: number }> = {
  tetrahedron: { faces: 4, sides: 3, vertices: 4 },
  cube: { faces: 6, sides: 4, vertices: 8 },
  octahedron: { faces: 8, sides: 3, vertices: 6 },
  dodecahedron: { faces: 12, sides: 5, vertices: 20 },
  icosahedron: { faces: 20, sides: 3, vertices: 12 },
};

/** The nullity of A = I + adjacency over GF(2), by brute force: 2^nullity press sets change nothing. */
function bruteForceNullity(cells: number, edges: readonly (readonly [number, number])[]): number {
  const masks = Array.from({ length: cells }, (_, i) => 1 << i);
  for (const [u, v] of edges) {
    masks[u]! |= 1 << v;
    masks[v]! |= 1 << u;
  }
  // every press set in Gray-code order: one press more or less a step, the lights XORed
  let lights = 0;
  let quiet = 1; // pressing nothing
  for (let step = 1; step < 2 ** cells; step++) {
    lights ^= masks[31 - Math.clz32(step & -step)]!;
    if (lights === 0) quiet++;
  }
  return Math.log2(quiet);
}

const centreOf = (points: readonly Vec3[]): Vec3 =>
  [0, 1, 2].map((k) => points.reduce((s, p) => s + p[k]!, 0) / points.length) as unknown as Vec3;

describe("the solids' faces", () => {
  test.each(SOLID_OPTIONS.map(([name]) => name))("%s: faces, sides, neighbours, symmetric", (name) => {
    const s = solid(name);
    const known = KNOWN[name];
    expect(s.vertices).toHaveLength(known.vertices);
    expect(s.faces).toHaveLength(known.faces);
    for (const face of s.faces) expect(face).toHaveLength(known.sides);
    // Euler: V - E + F = 2, each edge shared by two faces
    const pairs = faceAdjacency(s.faces);
    expect(known.vertices - pairs.length + known.faces).toBe(2);
    const neighbours = Array.from({ length: known.faces }, () => new Set<number>());
    for (const [f, g] of pairs) {
      neighbours[f]!.add(g);
      neighbours[g]!.add(f);
    }
    // every face meets one face across each of its sides: cube 4, dodecahedron 5, the triangles 3
    for (const set of neighbours) expect(set.size).toBe(known.sides);
    for (let f = 0; f < known.faces; f++) for (const g of neighbours[f]!) expect(neighbours[g]!.has(f)).toBe(true);
    // the board's targets from the library: the face itself and its neighbours, the same relation
    const board = solidBoard(name);
    expect(board.vertices).toBe(known.faces);
    expect(solidOf(board)).toBe(name);
    // counter-clockwise from outside: the turn of the first three corners points away from the centre
    for (const face of s.faces) {
      const [a, b, c] = face.map((i) => s.vertices[i]!) as [Vec3, Vec3, Vec3];
      const u = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
      const v = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
      const turn = [u[1]! * v[2]! - u[2]! * v[1]!, u[2]! * v[0]! - u[0]! * v[2]!, u[0]! * v[1]! - u[1]! * v[0]!];
      const centre = centreOf(face.map((i) => s.vertices[i]!));
      expect(turn[0]! * centre[0] + turn[1]! * centre[1] + turn[2]! * centre[2]).toBeGreaterThan(0);
    }
  });

  test("the library's nullity over GF(2) of every face board equals brute force over all 2^n press sets", () => {
    const found: Record<string, [number, number]> = {};
    for (const [name] of SOLID_OPTIONS) {
      const board = solidBoard(name);
      const library = solveLightsOut(board, new Uint8Array(board.vertices)).nullity;
      found[name] = [library, bruteForceNullity(board.vertices, board.edges)];
    }
    for (const [library, brute] of Object.values(found)) expect(library).toBe(brute);
    // The numbers brute force gives (so the library's too): the tetrahedron's press matrix is all ones (rank
    // 1); the cube's, J + P with P the swap of opposite faces, squares to I over GF(2) (J^2 = 6J = 0, JP = PJ = J).
    expect(Object.fromEntries(Object.entries(found).map(([name, [, brute]]) => [name, brute]))).toEqual({
      tetrahedron: 3,
      cube: 0,
      octahedron: 4,
      dodecahedron: 6,
      icosahedron: 6,
    });
  });

  test("another graph of the same size is no solid", () => {
    expect(solidOf(graphBoard(4, [[0, 1]]))).toBeNull();
    expect(solidOf(graphBoard(5, faceAdjacency(solid("tetrahedron").faces)))).toBeNull();
  });

  test("the Board select: a solid's dark faces with the states kept, back to a grid; the 3D view each has", () => {
    const grid = withStates(emptyDraft(3, 3), 4);
    const cube = withShape(grid, "cube");
    expect(cube).toMatchObject({ kind: "graph", states: 4, lights: [0, 0, 0, 0, 0, 0] });
    expect(shapeOf(cube)).toBe("cube");
    expect(view3dOf(cube)).toEqual({ kind: "solid", solid: "cube", key: "cube/4" });
    expect(withShape(cube, "cube")).toBe(cube);
    const back = withShape(cube, "grid");
    expect(back).toMatchObject({ kind: "grid", rows: 5, cols: 5, states: 4 });
    expect(view3dOf(back)).toBeNull();
    expect(view3dOf({ ...emptyDraft(4, 6), topology: "torus" })).toEqual({ kind: "torus", key: "4x6/2" });
    expect(view3dOf({ ...emptyDraft(65, 6), topology: "torus" })).toBeNull();
    const other = withShape(grid, "icosahedron");
    const graph = { ...other, board: graphBoard(20, [[0, 1]]) };
    expect(shapeOf(graph)).toBe("graph");
    expect(view3dOf(graph)).toBeNull();
  });
});
