// The nullity chart: an SVG scatter of nullity against n that fills in as a
// sweep streams, redrawn at most a few times per second. Pointer hover and
// keyboard focus (arrows, Page Up/Down, Home/End) read out n and its nullity.

const SVG = "http://www.w3.org/2000/svg";
const WIDTH = 720;
const HEIGHT = 300;
const LEFT = 64;
const RIGHT = 30;
const TOP = 14;
const BOTTOM = 52;
const PLOT_W = WIDTH - LEFT - RIGHT;
const PLOT_H = HEIGHT - TOP - BOTTOM;
/** Redraws at most every this many ms while results stream in. */
const REDRAW_MS = 250;

function svg<K extends keyof SVGElementTagNameMap>(
  name: K,
  attributes: Record<string, string | number> = {},
): SVGElementTagNameMap[K] {
  const element = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, String(value));
  return element;
}

/** Round tick values covering lo..hi, about `count` of them. */
export function ticks(lo: number, hi: number, count: number): number[] {
  const span = Math.max(hi - lo, 1);
  const raw = span / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? 10 * power;
  const out: number[] = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi; v += step) out.push(Math.round(v));
  return out;
}

/** The chart and its readout; feed it results with {@link NullityChart.push}. */
export class NullityChart {
  /** The figure to place on the page. */
  readonly element: HTMLElement;
  readonly #svg: SVGSVGElement;
  readonly #axes: SVGGElement;
  readonly #points: SVGPathElement;
  readonly #cursor: SVGLineElement;
  readonly #readout: HTMLOutputElement;
  readonly #caption: HTMLElement;
  #axisTitle = "n (board is n x n)";
  #from = 1;
  #to = 1;
  #values = new Int32Array(0);
  #count = 0;
  #yMax = 4;
  /** The y axis' top, fixed at each redraw. */
  #top = 4;
  /** Results already in the path, the pixels they cover and the path's pieces. */
  #plotted = 0;
  readonly #seen = new Uint8Array((WIDTH + 1) * (HEIGHT + 1));
  #parts: string[] = [];
  #cursorN: number | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #drawnAt = 0;

  constructor() {
    this.element = document.createElement("figure");
    this.element.className = "explore-chart";
    this.#svg = svg("svg", {
      viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
      tabindex: 0,
      role: "img",
      "aria-roledescription": "chart",
    });
    this.#axes = svg("g", { class: "axes" });
    this.#points = svg("path", { class: "points" });
    this.#cursor = svg("line", { class: "cursor", y1: TOP, y2: TOP + PLOT_H, visibility: "hidden" });
    this.#svg.append(this.#axes, this.#points, this.#cursor);
    this.#readout = document.createElement("output");
    this.#readout.className = "explore-readout";
    this.#readout.setAttribute("aria-live", "polite");
    this.#readout.textContent =
      "Point at the chart, or focus it and use the arrow keys (Page Up/Down, Home/End), to read n and its nullity.";
    this.#caption = document.createElement("figcaption");
    this.#caption.textContent = "Nullity of the n x n board (dimension of its quiet patterns) against n";
    this.element.append(this.#caption, this.#svg, this.#readout);
    this.#svg.addEventListener("pointermove", (event) => this.#point(event));
    this.#svg.addEventListener("keydown", (event) => this.#key(event));
    this.#svg.addEventListener("focus", () => this.#moveCursor(this.#cursorN ?? this.#from));
    this.reset(1, 100);
  }

  /** What the chart shows: its caption and the x axis' title (the boards swept). */
  describe(caption: string, axis: string): void {
    this.#caption.textContent = caption;
    this.#axisTitle = axis;
  }

  /** Clears the chart for a sweep of n = from..to. */
  reset(from: number, to: number): void {
    this.#from = from;
    this.#to = to;
    this.#values = new Int32Array(to - from + 1);
    this.#count = 0;
    this.#yMax = 4;
    this.#top = 0; // forces a full redraw
    this.#cursorN = undefined;
    this.#cursor.setAttribute("visibility", "hidden");
    this.#draw();
  }

  /** Results for n = first, first + 1, ...: the next ones in order. */
  push(first: number, values: Int32Array): void {
    this.#values.set(values, first - this.#from);
    this.#count = first - this.#from + values.length;
    for (const v of values) if (v > this.#yMax) this.#yMax = v;
    this.#schedule();
  }

  /** n = from..from + count - 1 are known. */
  get count(): number {
    return this.#count;
  }

  /** The known results as CSV text, one `n,nullity` line each. */
  csv(): string {
    const lines = ["n,nullity"];
    for (let k = 0; k < this.#count; k++) lines.push(`${this.#from + k},${this.#values[k]}`);
    return `${lines.join("\n")}\n`;
  }

  /** The known results with a non-zero nullity (the boards that have quiet patterns), at most `limit`. */
  nonZero(limit: number): { n: number; nullity: number }[] {
    const out: { n: number; nullity: number }[] = [];
    for (let k = 0; k < this.#count && out.length < limit; k++) {
      if (this.#values[k] !== 0) out.push({ n: this.#from + k, nullity: this.#values[k]! });
    }
    return out;
  }

  /** Draws now whatever is pending (at the end of a sweep). */
  flush(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#draw();
  }

  dispose(): void {
    clearTimeout(this.#timer);
  }

  #schedule(): void {
    if (this.#timer !== undefined) return;
    const wait = Math.max(0, this.#drawnAt + REDRAW_MS - performance.now());
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#draw();
    }, wait);
  }

  #x(n: number): number {
    return LEFT + (this.#to === this.#from ? PLOT_W / 2 : ((n - this.#from) / (this.#to - this.#from)) * PLOT_W);
  }

  #y(nullity: number): number {
    return TOP + PLOT_H - (nullity / this.#top) * PLOT_H;
  }

  /** The y axis' top: the largest nullity rounded up to a tick. */
  #niceMax(): number {
    const t = ticks(0, this.#yMax, 5);
    const step = t.length > 1 ? t[1]! - t[0]! : this.#yMax;
    return Math.ceil(this.#yMax / step) * step;
  }

  #draw(): void {
    this.#drawnAt = performance.now();
    const top = this.#niceMax();
    if (top !== this.#top || this.#plotted > this.#count) {
      // A new scale (or a new sweep): every point moves.
      this.#top = top;
      this.#plotted = 0;
      this.#seen.fill(0);
      this.#parts = [];
    }
    this.#drawAxes();
    // One small square per distinct pixel, adding only the new results: a
    // million results draw as at most a plot's worth of squares, and each
    // redraw costs what arrived since the last.
    const size = this.#to - this.#from < PLOT_W / 4 ? 4 : 2;
    for (let k = this.#plotted; k < this.#count; k++) {
      const x = Math.round(this.#x(this.#from + k));
      const y = Math.round(this.#y(this.#values[k]!));
      const key = y * (WIDTH + 1) + x;
      if (this.#seen[key]) continue;
      this.#seen[key] = 1;
      this.#parts.push(`M${x - size / 2} ${y - size / 2}h${size}v${size}h${-size}z`);
    }
    this.#plotted = this.#count;
    this.#points.setAttribute("d", this.#parts.join(""));
    this.#svg.setAttribute(
      "aria-label",
      `Nullity against n for n = ${this.#from.toLocaleString("en-US")} to ${this.#to.toLocaleString("en-US")}: ` +
        `${this.#count.toLocaleString("en-US")} computed, largest nullity ${this.#yMax.toLocaleString("en-US")}`,
    );
    if (this.#cursorN !== undefined) this.#moveCursor(this.#cursorN);
  }

  #drawAxes(): void {
    const parts: SVGElement[] = [
      svg("line", { x1: LEFT, y1: TOP + PLOT_H, x2: LEFT + PLOT_W, y2: TOP + PLOT_H }),
      svg("line", { x1: LEFT, y1: TOP, x2: LEFT, y2: TOP + PLOT_H }),
    ];
    for (const n of ticks(this.#from, this.#to, 6)) {
      const x = this.#x(n);
      parts.push(svg("line", { x1: x, y1: TOP + PLOT_H, x2: x, y2: TOP + PLOT_H + 5 }));
      const label = svg("text", { x, y: TOP + PLOT_H + 24, "text-anchor": "middle" });
      label.textContent = n.toLocaleString("en-US");
      parts.push(label);
    }
    for (const v of ticks(0, this.#top, 5)) {
      const y = this.#y(v);
      parts.push(svg("line", { class: "grid", x1: LEFT, y1: y, x2: LEFT + PLOT_W, y2: y }));
      const label = svg("text", { x: LEFT - 8, y: y + 4, "text-anchor": "end" });
      label.textContent = v.toLocaleString("en-US");
      parts.push(label);
    }
    const xTitle = svg("text", { x: LEFT + PLOT_W / 2, y: HEIGHT - 4, "text-anchor": "middle", class: "title" });
    xTitle.textContent = this.#axisTitle;
    const yTitle = svg("text", {
      x: 14,
      y: TOP + PLOT_H / 2,
      "text-anchor": "middle",
      class: "title",
      transform: `rotate(-90 14 ${TOP + PLOT_H / 2})`,
    });
    yTitle.textContent = "nullity";
    parts.push(xTitle, yTitle);
    this.#axes.replaceChildren(...parts);
  }

  #point(event: PointerEvent): void {
    const box = this.#svg.getBoundingClientRect();
    if (box.width === 0) return;
    const x = ((event.clientX - box.left) / box.width) * WIDTH;
    const n = Math.round(this.#from + ((x - LEFT) / PLOT_W) * (this.#to - this.#from));
    this.#moveCursor(n);
  }

  #key(event: KeyboardEvent): void {
    const at = this.#cursorN ?? this.#from;
    const page = Math.max(1, Math.round((this.#to - this.#from) / 20));
    const moves: Record<string, number> = {
      ArrowLeft: at - 1,
      ArrowRight: at + 1,
      PageDown: at - page,
      PageUp: at + page,
      Home: this.#from,
      End: this.#from + Math.max(0, this.#count - 1),
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    this.#moveCursor(target);
  }

  #moveCursor(n: number): void {
    const last = this.#from + Math.max(0, this.#count - 1);
    const at = Math.min(Math.max(n, this.#from), Math.max(last, this.#from));
    this.#cursorN = at;
    const x = this.#x(at);
    this.#cursor.setAttribute("x1", String(x));
    this.#cursor.setAttribute("x2", String(x));
    this.#cursor.setAttribute("visibility", "visible");
    const shown = at.toLocaleString("en-US");
    this.#readout.textContent =
      this.#count === 0
        ? `n = ${shown}: not computed yet`
        : `n = ${shown}: nullity ${this.#values[at - this.#from]!.toLocaleString("en-US")}`;
  }
}
