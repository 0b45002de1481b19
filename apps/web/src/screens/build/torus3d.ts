// Build's 3D view of a torus board (loaded when first asked for): the board
// drawn on a torus, which shows how its edges are glued; drag to turn it, click
// a cell to press it (the same handler as the flat board).

import { type Patch, positionAtPoint, type TorusCamera, torusPatches } from "../../ui/torus-geometry.js";
import { orbitView, tracePolygon } from "./orbit-view.js";

/** The 3D view: its panel, and what it shows. */
export interface Torus3d {
  readonly element: HTMLElement;
  /** The lights and which positions hold a cell, one entry per grid position. */
  update(lights: readonly number[], present: readonly boolean[]): void;
}

/**
 * The torus of a rows x cols board.
 *
 * @param colour - A state's colour as CSS (a `var(--token)` is read from the page); given by the
 *   caller, so that this lazily loaded module shares no module with the first screen's chunks.
 * @param onPress - Called with the grid position of a clicked cell.
 */
export function torus3d(
  rows: number,
  cols: number,
  states: number,
  colour: (state: number) => string,
  onPress: (position: number) => void,
): Torus3d {
  const camera: TorusCamera = { yaw: 0.35, pitch: 1.05, width: 0, height: 0 };
  let lights: readonly number[] = [];
  let present: readonly boolean[] = [];
  let patches: Patch[] = [];
  const view = orbitView({
    name: "torus-3d",
    label: `The ${rows} × ${cols} board drawn on a torus`,
    caption:
      "The board on a torus: its columns run around the ring, its rows around the tube, so the glued edges meet. Drag to turn it; click a cell to press it, as on the flat board.",
    camera,
    pitchRange: [0.1, Math.PI - 0.1],
    states,
    colour,
    draw(ctx, fill, edge) {
      patches = torusPatches(rows, cols, camera);
      for (const patch of patches) {
        tracePolygon(ctx, patch.points);
        const here = present[patch.position] ?? true;
        ctx.fillStyle = here ? fill[lights[patch.position] ?? 0]! : "transparent";
        if (here) ctx.fill();
        ctx.strokeStyle = edge;
        ctx.lineWidth = 0.5;
        ctx.stroke();
      }
      return patches.length;
    },
    pick: (x, y) => positionAtPoint(patches, x, y),
    pressed: (position) => `Row ${Math.floor(position / cols) + 1}, column ${(position % cols) + 1} pressed.`,
    onPress,
  });
  return {
    element: view.element,
    update(nextLights, nextPresent) {
      lights = nextLights;
      present = nextPresent;
      view.redraw();
    },
  };
}
