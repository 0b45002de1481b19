// A convex solid in three dimensions, as plain values: turned by a yaw and a
// pitch, projected in perspective, its faces that look away culled (on a
// convex solid the rest never overlap each other wrongly, and painting them
// far to near settles the edges), each shaded by how squarely it faces a
// light over the viewer's shoulder. The face under a point is found as on
// the torus (torus-geometry.ts). No DOM here.

import type { Patch } from "./torus-geometry.js";

/** A point in space. */
type Point3 = readonly [number, number, number];

/** A convex solid around the origin, within the unit sphere; faces counter-clockwise seen from outside. */
export interface ConvexSolid {
  readonly vertices: readonly Point3[];
  readonly faces: readonly (readonly number[])[];
}

/** How the solid is seen: turned by `yaw` about the vertical axis, then tilted by `pitch`, in a width x height picture. */
export interface SolidCamera {
  yaw: number;
  pitch: number;
  width: number;
  height: number;
}

/** A face as drawn: a patch (its face index as `position`) and its light, 0 (edge-on) to 1 (facing the light). */
export interface ShadedFace extends Patch {
  light: number;
}

/** The viewer's distance from the centre, in circumradii. */
const DISTANCE = 4;
/** Where the light comes from: up, left and towards the viewer (unit length). */
const LIGHT: Point3 = [-0.4, 0.5, 0.768];

/** A point of the solid turned by the camera: x right, y up, z towards the viewer. */
function turned(p: Point3, camera: SolidCamera): Point3 {
  const x0 = p[0] * Math.cos(camera.yaw) + p[2] * Math.sin(camera.yaw);
  const z0 = -p[0] * Math.sin(camera.yaw) + p[2] * Math.cos(camera.yaw);
  const y1 = p[1] * Math.cos(camera.pitch) - z0 * Math.sin(camera.pitch);
  const z1 = p[1] * Math.sin(camera.pitch) + z0 * Math.cos(camera.pitch);
  return [x0, y1, z1];
}

/**
 * Where a turned point lands on the picture: the unit sphere fills 85 % of its narrower side.
 *
 * @returns The picture's x and y.
 */
function onPicture(p: Point3, camera: SolidCamera): [number, number] {
  // a point at the sphere's nearest (z = 1) lands 42.5 % of the side from the centre
  const w = (0.425 * Math.min(camera.width, camera.height) * (DISTANCE - 1)) / (DISTANCE - p[2]);
  return [camera.width / 2 + p[0] * w, camera.height / 2 - p[1] * w];
}

/**
 * The faces the viewer sees, far to near (paint them in this order), each with its corners on the
 * picture and its shade.
 *
 * @example
 * ```ts
 * solidFaces(cube, { yaw: 0.5, pitch: 0.4, width: 300, height: 300 }).length; // 3 faces of the 6 in view
 * ```
 */
export function solidFaces(solid: ConvexSolid, camera: SolidCamera): ShadedFace[] {
  const points = solid.vertices.map((v) => turned(v, camera));
  const out: ShadedFace[] = [];
  solid.faces.forEach((face, index) => {
    const [a, b, c] = face.map((i) => points[i]!) as [Point3, Point3, Point3];
    const u = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
    const v = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
    const n = [u[1]! * v[2]! - u[2]! * v[1]!, u[2]! * v[0]! - u[0]! * v[2]!, u[0]! * v[1]! - u[1]! * v[0]!];
    const length = Math.hypot(n[0]!, n[1]!, n[2]!);
    // seen when the outward normal points towards the eye, at (0, 0, DISTANCE)
    if (n[0]! * -a[0] + n[1]! * -a[1] + n[2]! * (DISTANCE - a[2]) <= 0) return;
    const light = Math.max(0, (n[0]! * LIGHT[0] + n[1]! * LIGHT[1] + n[2]! * LIGHT[2]) / length);
    const depth = face.reduce((s, i) => s + points[i]![2], 0) / face.length;
    out.push({ position: index, points: face.map((i) => onPicture(points[i]!, camera)), depth, light });
  });
  return out.sort((f, g) => f.depth - g.depth);
}

/**
 * The centre of a face on the picture (the mean of its drawn corners), where its label or a click goes.
 *
 * @example
 * ```ts
 * faceCentre(solidFaces(cube, camera)[0]!); // [x, y]
 * ```
 */
export function faceCentre(face: Patch): [number, number] {
  const n = face.points.length;
  return [face.points.reduce((s, p) => s + p[0], 0) / n, face.points.reduce((s, p) => s + p[1], 0) / n];
}
