// Build's 3D view of a torus board (loaded when first asked for): the board
// drawn on a torus, which shows how its edges are glued; drag to turn it, click
// a cell to press it (the same handler as the flat board).

import { h } from "../../ui/dom.js";
import { type Patch, positionAtPoint, type TorusCamera, torusPatches } from "../../ui/torus-geometry.js";

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
  const canvas = h("canvas", {
    class: "torus-3d",
    role: "img",
    "aria-label": `The ${rows} × ${cols} board drawn on a torus`,
    "data-testid": "torus-3d",
  });
  const live = h("p", { class: "visually-hidden", "aria-live": "polite", "data-testid": "torus-3d-live" });
  const element = h(
    "figure",
    { class: "panel torus-3d-panel" },
    canvas,
    h(
      "figcaption",
      { class: "muted small" },
      "The board on a torus: its columns run around the ring, its rows around the tube, so the glued edges meet. Drag to turn it; click a cell to press it, as on the flat board.",
    ),
    live,
  );
  const camera: TorusCamera = { yaw: 0.35, pitch: 1.05, width: 0, height: 0 };
  let lights: readonly number[] = [];
  let present: readonly boolean[] = [];
  let patches: Patch[] = [];
  let frame = 0;

  const colours = () => {
    const style = getComputedStyle(element);
    return Array.from({ length: states }, (_, v) => {
      const css = colour(v);
      const token = css.match(/^var\((--[\w-]+)\)$/)?.[1];
      return token ? style.getPropertyValue(token).trim() || "#888" : css;
    });
  };
  const draw = () => {
    frame = 0;
    const side = Math.min(480, canvas.parentElement?.clientWidth || 320);
    const dpr = devicePixelRatio || 1;
    if (canvas.width !== Math.round(side * dpr)) {
      canvas.width = Math.round(side * dpr);
      canvas.height = Math.round(side * dpr);
      canvas.style.width = canvas.style.height = `${side}px`;
    }
    camera.width = camera.height = side;
    patches = torusPatches(rows, cols, camera);
    const ctx = canvas.getContext("2d");
    if (!ctx) return;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, side, side);
    const fill = colours();
    const edge = getComputedStyle(element).getPropertyValue("--border").trim() || "#999";
    for (const patch of patches) {
      const [first, ...rest] = patch.points;
      ctx.beginPath();
      ctx.moveTo(first![0], first![1]);
      for (const [x, y] of rest) ctx.lineTo(x, y);
      ctx.closePath();
      const here = present[patch.position] ?? true;
      ctx.fillStyle = here ? fill[lights[patch.position] ?? 0]! : "transparent";
      if (here) ctx.fill();
      ctx.strokeStyle = edge;
      ctx.lineWidth = 0.5;
      ctx.stroke();
    }
    canvas.dataset.drawn = String(patches.length);
  };
  const schedule = () => {
    if (frame === 0) frame = requestAnimationFrame(draw);
  };

  // a drag turns the torus; a click (no drag) presses the cell under the pointer
  let from: { x: number; y: number; yaw: number; pitch: number; moved: boolean } | undefined;
  canvas.addEventListener("pointerdown", (event) => {
    from = { x: event.clientX, y: event.clientY, yaw: camera.yaw, pitch: camera.pitch, moved: false };
    canvas.setPointerCapture(event.pointerId);
  });
  canvas.addEventListener("pointermove", (event) => {
    if (!from) return;
    const dx = event.clientX - from.x;
    const dy = event.clientY - from.y;
    if (Math.abs(dx) + Math.abs(dy) < 4 && !from.moved) return;
    from.moved = true;
    camera.yaw = from.yaw + dx * 0.01;
    camera.pitch = Math.max(0.1, Math.min(Math.PI - 0.1, from.pitch + dy * 0.01));
    schedule();
  });
  canvas.addEventListener("pointerup", (event) => {
    const clicked = from && !from.moved;
    from = undefined;
    if (!clicked) return;
    const box = canvas.getBoundingClientRect();
    const position = positionAtPoint(patches, event.clientX - box.left, event.clientY - box.top);
    if (position < 0) return;
    live.textContent = `Row ${Math.floor(position / cols) + 1}, column ${(position % cols) + 1} pressed.`;
    live.dataset.position = String(position);
    onPress(position);
  });
  return {
    element,
    update(nextLights, nextPresent) {
      lights = nextLights;
      present = nextPresent;
      schedule();
    },
  };
}
