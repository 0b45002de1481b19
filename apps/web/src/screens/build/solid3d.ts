// Build's 3D view of a board on a solid's faces (loaded when first asked
// for): the solid drawn with each face in its cell's colour, shaded by how
// squarely it faces the light; drag to turn it, click a face to press it
// (the same handler as the flat board).

import { faceCentre, type ShadedFace, type SolidCamera, solidFaces } from "../../ui/solid-geometry.js";
import { positionAtPoint } from "../../ui/torus-geometry.js";
import { solid, type SolidName } from "../../state/build/solids.js";
import { orbitView, tracePolygon } from "./orbit-view.js";

/** The 3D view of a solid's board: its panel, and what it shows. */
export interface Solid3d {
  readonly element: HTMLElement;
  /** The lights, one per face (the graph board's cells). */
  update(lights: readonly number[]): void;
}

/** How dark a face turned away from the light gets (its colour under black at this opacity), and how
 * bright one facing it (under white): both, so that dark off faces are told apart too. */
const SHADOW = 0.45;
const SHINE = 0.22;

/**
 * The solid of a face board.
 *
 * @param name - The solid.
 * @param states - k.
 * @param colour - A state's colour as CSS (a `var(--token)` is read from the page).
 * @param text - A state as the flat board writes it in a cell ("" for none).
 * @param onPress - Called with the face (the board's cell) clicked.
 */
export function solid3d(
  name: SolidName,
  states: number,
  colour: (state: number) => string,
  text: (state: number) => string,
  onPress: (face: number) => void,
): Solid3d {
  const shape = solid(name);
  const camera: SolidCamera = { yaw: 0.6, pitch: 0.45, width: 0, height: 0 };
  let lights: readonly number[] = [];
  let faces: ShadedFace[] = [];
  const view = orbitView({
    name: "solid-3d",
    label: `The board drawn on a ${name}: ${shape.faces.length} faces, one cell each`,
    caption: `The board on a ${name}: each face is a cell, and a press toggles it and the faces that share an edge with it. Drag to turn it; click a face to press it, as on the flat board.`,
    camera,
    pitchRange: [-Math.PI / 2, Math.PI / 2],
    states,
    colour,
    draw(ctx, fill, edge) {
      faces = solidFaces(shape, camera);
      ctx.lineJoin = "round";
      ctx.textAlign = "center";
      ctx.textBaseline = "middle";
      ctx.font = "600 16px system-ui, sans-serif";
      for (const face of faces) {
        tracePolygon(ctx, face.points);
        ctx.fillStyle = fill[lights[face.position] ?? 0]!;
        ctx.fill();
        ctx.fillStyle = `rgba(0, 0, 0, ${(SHADOW * (1 - face.light)).toFixed(3)})`;
        ctx.fill();
        ctx.fillStyle = `rgba(255, 255, 255, ${(SHINE * face.light ** 2).toFixed(3)})`;
        ctx.fill();
        ctx.strokeStyle = edge;
        ctx.lineWidth = 1.5;
        ctx.stroke();
        // k > 2: the state as on the flat board, so that colour is not the only cue
        const label = text(lights[face.position] ?? 0);
        if (label) {
          ctx.fillStyle = "#111";
          ctx.fillText(label, ...faceCentre(face));
        }
      }
      return faces.length;
    },
    pick: (x, y) => positionAtPoint(faces, x, y),
    pressed: (face) => `Face ${face + 1} pressed (vertex ${face + 1} of the flat board).`,
    onPress,
  });
  return {
    element: view.element,
    update(next) {
      lights = next;
      view.redraw();
    },
  };
}
