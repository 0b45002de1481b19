// A solid in three dimensions: only the faces turned towards the viewer are
// drawn, far to near, and a click on the drawn centre of a face finds that face.

import { expect, test } from "vitest";
import { SOLID_OPTIONS, solid } from "../state/build/solids.js";
import { faceCentre, solidFaces } from "./solid-geometry.js";
import { positionAtPoint } from "./torus-geometry.js";

const camera = { yaw: 0.6, pitch: 0.45, width: 400, height: 400 };

test("a cube seen square on shows one face; turned, three", () => {
  const cube = solid("cube");
  expect(solidFaces(cube, { ...camera, yaw: 0, pitch: 0 })).toHaveLength(1);
  expect(solidFaces(cube, camera)).toHaveLength(3);
});

test.each(SOLID_OPTIONS.map(([name]) => name))(
  "%s: the faces in view, far to near, and a click on each one's centre finds it",
  (name) => {
    const s = solid(name);
    for (const yaw of [0.3, 1.7, 4]) {
      const faces = solidFaces(s, { ...camera, yaw });
      // about half the faces look towards the viewer (a little less, as the eye is near)
      expect(faces.length).toBeGreaterThan(0);
      expect(faces.length).toBeLessThan(s.faces.length);
      for (let i = 1; i < faces.length; i++) expect(faces[i]!.depth).toBeGreaterThanOrEqual(faces[i - 1]!.depth);
      for (const face of faces) {
        expect(face.light).toBeGreaterThanOrEqual(0);
        expect(face.light).toBeLessThanOrEqual(1);
        const [x, y] = faceCentre(face);
        expect(positionAtPoint(faces, x, y)).toBe(face.position);
      }
      // outside the solid: no face
      expect(positionAtPoint(faces, 2, 2)).toBe(-1);
    }
  },
);
