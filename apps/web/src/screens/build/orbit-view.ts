// What Build's 3D views share (loaded with them, when first asked for): a
// canvas in a figure with its caption, turned by dragging or the arrow keys, a click (no drag)
// handed to the view's own picking, a visually hidden live region saying
// what was pressed, and the state colours read from the page's theme.

import { h } from "../../ui/dom.js";

/** How a 3D view is seen: turned by `yaw`, tilted by `pitch`, in a width x height picture (css px). */
export interface OrbitCamera {
  yaw: number;
  pitch: number;
  width: number;
  height: number;
}

/** What a 3D view draws and how a click reaches its cells. */
export interface OrbitSpec {
  /** The canvas's test id and class ("torus-3d"); its live region's test id adds "-live". */
  readonly name: string;
  /** The canvas's accessible name. */
  readonly label: string;
  readonly caption: string;
  readonly camera: OrbitCamera;
  /** The pitch is kept within these (radians). */
  readonly pitchRange: readonly [number, number];
  readonly states: number;
  /** A state's colour as CSS; a `var(--token)` is read from the page. */
  colour(state: number): string;
  /**
   * Draws the picture (the context maps css px) with the states' colours and the edge colour.
   *
   * @returns How many pieces were drawn (the canvas's `data-drawn`).
   */
  draw(ctx: CanvasRenderingContext2D, fill: readonly string[], edge: string): number;
  /** The position under a point of the last picture drawn, or -1. */
  pick(x: number, y: number): number;
  /** The sentence a press of this position is announced with. */
  pressed(position: number): string;
  onPress(position: number): void;
}

/** A drawn 3D view. */
export interface OrbitView {
  readonly element: HTMLElement;
  /** Draws again at the next frame (new lights). */
  redraw(): void;
}

/**
 * The figure of a 3D view: its canvas, caption and live region, wired for dragging and clicking.
 *
 * @example
 * ```ts
 * const view = orbitView({ name: "torus-3d", ..., draw: (ctx, fill, edge) => paint(ctx, fill, edge) });
 * host.append(view.element);
 * ```
 */
export function orbitView(spec: OrbitSpec): OrbitView {
  const { camera } = spec;
  // focusable, so that the arrow keys turn it too (cells are pressed from the keyboard on the flat board)
  const canvas = h("canvas", {
    class: spec.name,
    role: "img",
    tabindex: 0,
    "aria-label": `${spec.label}; the arrow keys turn it`,
    "data-testid": spec.name,
  });
  const live = h("p", { class: "visually-hidden", "aria-live": "polite", "data-testid": `${spec.name}-live` });
  const element = h(
    "figure",
    { class: `panel ${spec.name}-panel orbit-panel` },
    canvas,
    h("figcaption", { class: "muted small" }, spec.caption),
    live,
  );
  let frame = 0;
  const colours = () => {
    const style = getComputedStyle(element);
    return Array.from({ length: spec.states }, (_, v) => {
      const css = spec.colour(v);
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
    const ctx = canvas.getContext("2d");
    if (!ctx) return;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, side, side);
    const edge = getComputedStyle(element).getPropertyValue("--border").trim() || "#999";
    canvas.dataset.drawn = String(spec.draw(ctx, colours(), edge));
  };
  const redraw = () => {
    if (frame === 0) frame = requestAnimationFrame(draw);
  };
  canvas.addEventListener("keydown", (event) => {
    const step = ARROW_TURNS[event.key];
    if (!step) return;
    event.preventDefault();
    turn(camera, spec.pitchRange, camera.yaw + step[0], camera.pitch + step[1]);
    redraw();
  });
  dragToTurn(canvas, spec, redraw, (x, y) => {
    const position = spec.pick(x, y);
    if (position < 0) return;
    live.textContent = spec.pressed(position);
    live.dataset.position = String(position);
    spec.onPress(position);
  });
  return { element, redraw };
}

/** What an arrow key does to the yaw and the pitch (radians). */
const ARROW_TURNS: Record<string, readonly [number, number]> = {
  ArrowLeft: [-0.2, 0],
  ArrowRight: [0.2, 0],
  ArrowUp: [0, -0.2],
  ArrowDown: [0, 0.2],
};

/** Turns the camera to a yaw and a pitch, the pitch kept within its range. */
function turn(camera: OrbitCamera, [low, high]: readonly [number, number], yaw: number, pitch: number): void {
  camera.yaw = yaw;
  camera.pitch = Math.max(low, Math.min(high, pitch));
}

/** A drag turns the view (yaw across, pitch up and down); a click with no drag is handed to `click`. */
function dragToTurn(
  canvas: HTMLCanvasElement,
  spec: OrbitSpec,
  redraw: () => void,
  click: (x: number, y: number) => void,
): void {
  const { camera } = spec;
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
    turn(camera, spec.pitchRange, from.yaw + dx * 0.01, from.pitch + dy * 0.01);
    redraw();
  });
  canvas.addEventListener("pointerup", (event) => {
    const clicked = from && !from.moved;
    from = undefined;
    if (!clicked) return;
    const box = canvas.getBoundingClientRect();
    click(event.clientX - box.left, event.clientY - box.top);
  });
}

/**
 * Starts a path around a polygon of the picture (a torus patch, a face), closed, to fill and stroke.
 *
 * @example
 * ```ts
 * tracePolygon(ctx, face.points);
 * ctx.fill();
 * ```
 */
export function tracePolygon(ctx: CanvasRenderingContext2D, points: readonly (readonly [number, number])[]): void {
  ctx.beginPath();
  for (const [x, y] of points) ctx.lineTo(x, y);
  ctx.closePath();
}
