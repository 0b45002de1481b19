// A torus board in three dimensions, as plain values: each cell of a rows x
// cols torus is a patch of the surface (columns run around the ring, rows
// around the tube, both wrapping as the board does), turned by a yaw and a
// pitch, projected in perspective, and painted back to front. The point
// under the pointer is found on the front-most patch. No DOM here.

/** How the torus is seen: turned by `yaw` about its axis, tilted by `pitch`, in a width x height picture. */
export interface TorusCamera {
  yaw: number;
  pitch: number;
  width: number;
  height: number;
}

/** One patch as drawn: the grid position of its cell, its corners on the picture, its depth (larger is nearer). */
export interface Patch {
  position: number;
  points: [number, number][];
  depth: number;
}

/** The ring's radius and the tube's, and the viewer's distance from the centre. */
const RING = 1;
const TUBE = 0.42;
const DISTANCE = 4;

/** Patches a cell is cut into along each side, so that a small board still looks round. */
export function patchesPerSide(rows: number, cols: number): number {
  return Math.max(1, Math.min(4, Math.ceil(32 / Math.min(rows, cols / 2))));
}

/**
 * Where a point of the surface lands on the picture: u (around the ring) and v (around the tube) in radians.
 *
 * @returns The picture's x, y and the depth.
 */
export function project(u: number, v: number, camera: TorusCamera): { x: number; y: number; depth: number } {
  const ring = RING + TUBE * Math.cos(v);
  const x0 = ring * Math.cos(u + camera.yaw);
  const y0 = ring * Math.sin(u + camera.yaw);
  const z0 = TUBE * Math.sin(v);
  // tilt about the picture's x axis
  const y1 = y0 * Math.cos(camera.pitch) - z0 * Math.sin(camera.pitch);
  const z1 = y0 * Math.sin(camera.pitch) + z0 * Math.cos(camera.pitch);
  // the torus's outer edge fills 90 % of the picture's narrower side
  const focal = (0.45 * Math.min(camera.width, camera.height) * DISTANCE) / (RING + TUBE);
  const w = focal / (DISTANCE - z1);
  return { x: camera.width / 2 + x0 * w, y: camera.height / 2 - y1 * w, depth: z1 };
}

/**
 * Every patch of the torus, back to front (paint them in this order).
 *
 * @example
 * ```ts
 * torusPatches(4, 8, { yaw: 0, pitch: 1, width: 400, height: 400 }).length; // 4 * 8 * per-side^2
 * ```
 */
export function torusPatches(rows: number, cols: number, camera: TorusCamera): Patch[] {
  const k = patchesPerSide(rows, cols);
  const patches: Patch[] = [];
  const du = (2 * Math.PI) / (cols * k);
  const dv = (2 * Math.PI) / (rows * k);
  for (let r = 0; r < rows * k; r++) {
    for (let c = 0; c < cols * k; c++) {
      const corners = [
        project(c * du, r * dv, camera),
        project((c + 1) * du, r * dv, camera),
        project((c + 1) * du, (r + 1) * dv, camera),
        project(c * du, (r + 1) * dv, camera),
      ];
      const position = Math.floor(r / k) * cols + Math.floor(c / k);
      const depth = project((c + 0.5) * du, (r + 0.5) * dv, camera).depth;
      patches.push({ position, points: corners.map((p) => [p.x, p.y]), depth });
    }
  }
  return patches.sort((a, b) => a.depth - b.depth);
}

/** Whether (x, y) is inside a polygon (ray casting). */
function inside(points: [number, number][], x: number, y: number): boolean {
  let hit = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const [xi, yi] = points[i]!;
    const [xj, yj] = points[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) hit = !hit;
  }
  return hit;
}

/**
 * The grid position of the cell under a point of the picture: the front-most patch there.
 *
 * @param patches - From {@link torusPatches} (back to front).
 * @returns r * cols + c, or -1 where the torus is not.
 */
export function positionAtPoint(patches: readonly Patch[], x: number, y: number): number {
  for (let i = patches.length - 1; i >= 0; i--) if (inside(patches[i]!.points, x, y)) return patches[i]!.position;
  return -1;
}
