// A picture of Explore (a chase matrix, the all-on presses) at its true size:
// one canvas pixel on one screen pixel (1:1), or magnified 2, 4 or 8 times,
// in a window that scrolls and that a drag pans; or fitted to the panel,
// said to be scaled. The PNG download copies the drawn canvas (its pixels, not
// what the screen shows).

/** The zooms offered: screen pixels per canvas pixel, 0 = fit the panel. */
const ZOOMS: readonly [number, string][] = [
  [1, "1:1"],
  [2, "2:1"],
  [4, "4:1"],
  [8, "8:1"],
  [0, "Fit"],
];

/** The picture's window, its zoom buttons and its PNG download. */
export class PictureView {
  readonly element: HTMLElement;
  readonly #window: HTMLDivElement;
  readonly #buttons: HTMLButtonElement[] = [];
  readonly #download: HTMLButtonElement;
  readonly #note: HTMLSpanElement;
  #canvas: HTMLCanvasElement | undefined;
  #zoom = 1;
  #name = "picture.png";

  constructor() {
    this.element = document.createElement("div");
    this.element.className = "explore-picture-view";
    this.#window = document.createElement("div");
    this.#window.className = "explore-picture-window";
    this.#window.tabIndex = 0;
    this.#window.setAttribute("role", "region");
    this.#window.setAttribute("aria-label", "Picture; scroll or drag to pan");
    const bar = document.createElement("div");
    bar.className = "explore-buttons explore-zoom";
    bar.setAttribute("role", "toolbar");
    bar.setAttribute("aria-label", "Picture zoom");
    for (const [zoom, label] of ZOOMS) {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = label;
      b.dataset.zoom = String(zoom);
      b.addEventListener("click", () => this.zoom(zoom));
      this.#buttons.push(b);
      bar.append(b);
    }
    this.#download = document.createElement("button");
    this.#download.type = "button";
    this.#download.dataset.action = "png";
    this.#download.textContent = "Download PNG";
    this.#download.addEventListener("click", () => this.#save());
    this.#note = document.createElement("span");
    this.#note.className = "explore-hint";
    this.#note.dataset.testid = "picture-scale";
    bar.append(this.#download, this.#note);
    this.element.append(bar, this.#window);
    this.#dragToPan();
  }

  /** Shows a drawn canvas (its pixel size is the picture's), at the zoom chosen before. */
  show(canvas: HTMLCanvasElement, name: string): void {
    this.#canvas = canvas;
    this.#name = name;
    this.#window.replaceChildren(canvas);
    this.zoom(this.#zoom);
  }

  /** Screen pixels per canvas pixel (device pixels: 1:1 is true on any screen), 0 to fit the panel. */
  zoom(zoom: number): void {
    this.#zoom = zoom;
    for (const b of this.#buttons) b.setAttribute("aria-pressed", String(Number(b.dataset.zoom) === zoom));
    const canvas = this.#canvas;
    if (!canvas) return;
    const fit = zoom === 0;
    this.element.classList.toggle("fit", fit);
    canvas.style.width = fit ? "" : `${(canvas.width * zoom) / (devicePixelRatio || 1)}px`;
    this.#note.textContent = fit
      ? "Fitted to the panel: scaled, not one pixel per entry."
      : `${zoom === 1 ? "One screen pixel per entry" : `${zoom} × ${zoom} screen pixels per entry`}; scroll or drag to pan.`;
  }

  /** The drawn pixels as a PNG file (the canvas is drawn by a worker: copied through a canvas of the page). */
  #save(): void {
    const source = this.#canvas;
    if (!source) return;
    const copy = document.createElement("canvas");
    copy.width = source.width;
    copy.height = source.height;
    copy.getContext("2d")!.drawImage(source, 0, 0);
    copy.toBlob((blob) => {
      if (!blob) return;
      const url = URL.createObjectURL(blob);
      const link = document.createElement("a");
      link.href = url;
      link.download = this.#name;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    }, "image/png");
  }

  #dragToPan(): void {
    let from: { x: number; y: number; left: number; top: number } | undefined;
    const win = this.#window;
    win.addEventListener("pointerdown", (event) => {
      if (this.#zoom === 0) return;
      from = { x: event.clientX, y: event.clientY, left: win.scrollLeft, top: win.scrollTop };
      win.setPointerCapture(event.pointerId);
    });
    win.addEventListener("pointermove", (event) => {
      if (!from) return;
      win.scrollLeft = from.left - (event.clientX - from.x);
      win.scrollTop = from.top - (event.clientY - from.y);
    });
    const end = () => {
      from = undefined;
    };
    win.addEventListener("pointerup", end);
    win.addEventListener("pointercancel", end);
  }
}
