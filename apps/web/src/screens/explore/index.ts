// The Explore screen: large-n experiments, every one in Web Workers with
// progress and Cancel, so the page stays responsive. Four panels: a
// streaming nullity sweep with its chart (and one huge n), the chase matrix
// as a picture, the all-on board solved by chasing, and the rank of a
// dropped matrix file.

import "./explore.css";
import type { MountScreen } from "../../screen.js";
import { NullityChart } from "./chart.js";
import { JobControls } from "./job.js";
import { pictureSide, type Palette } from "../../state/explore/protocol.js";
import {
  Cancelled,
  ExploreWorker,
  nullityWorker,
  WorkerError,
  terminateAll,
} from "../../state/explore/worker-client.js";

/** Limits of the panels (the issue's sizes; larger ones run out of memory or patience in a browser). */
const MAX_SWEEP_N = 1_000_000;
const MAX_SINGLE_N = 10_000_000;
const MAX_CHASE_N = 4096;
const MAX_SOLVE_N = 2048;
/** The solve picture is at most this many pixels on a side (down-sampled in the worker). */
const SOLVE_PICTURE_SIDE = 512;
/** Rows of the non-zero nullity table (the CSV has every row). */
const TABLE_ROWS = 500;

/**
 * Workers of a sweep: one core is left to the page, so that drawing never
 * waits for a time slice (on the 2-core benchmark machine, two workers made
 * main-thread tasks of 50-500 ms under load; one made none). At most 8.
 */
function sweepWorkers(): number {
  return Math.min(8, Math.max(1, (navigator.hardwareConcurrency || 1) - 1));
}

const format = (value: number) => value.toLocaleString("en-US");
const seconds = (ms: number) => `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;

/** Reads an integer field, or says what was expected and what was got. */
function integerField(input: HTMLInputElement, name: string, min: number, max: number): number {
  const text = input.value.trim().replaceAll(/[,_\s]/g, "");
  const value = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(value) || value < min || value > max) {
    throw new RangeError(`${name} expected an integer in ${format(min)}..${format(max)}, got "${input.value}"`);
  }
  return value;
}

/** A CSS colour token as a packed little-endian RGBA pixel (0xAABBGGRR). */
function tokenPixel(name: string, fallback: number): number {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  const hex = /^#([0-9a-f]{6})$/i.exec(value)?.[1];
  if (!hex) return fallback;
  const rgb = Number.parseInt(hex, 16);
  return (0xff000000 | ((rgb & 0xff) << 16) | (rgb & 0xff00) | ((rgb >>> 16) & 0xff)) >>> 0;
}

function palette(): Palette {
  return { on: tokenPixel("--light-on", 0xff33cfff), off: tokenPixel("--light-off", 0xff332d2b) };
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  text?: string,
) {
  const e = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) e.setAttribute(key, value);
  if (text !== undefined) e.textContent = text;
  return e;
}

/** A labelled number input. */
function numberField(
  id: string,
  label: string,
  value: number,
  min: number,
  max: number,
): { row: HTMLElement; input: HTMLInputElement } {
  const row = element("label", { class: "explore-field", for: id }, label);
  const input = element("input", { id, type: "text", inputmode: "numeric", value: String(value) });
  input.setAttribute("aria-describedby", `${id}-hint`);
  const hint = element("span", { id: `${id}-hint`, class: "explore-hint" }, `${format(min)} to ${format(max)}`);
  row.append(input, hint);
  return { row, input };
}

function panel(id: string, title: string, intro: string): HTMLElement {
  const section = element("section", { class: "explore-panel", id, "aria-labelledby": `${id}-title` });
  section.append(element("h2", { id: `${id}-title` }, title), element("p", { class: "explore-intro" }, intro));
  return section;
}

/**
 * The time a sweep from..to should take, from one measurement: 1..10,000 in
 * about 3 s (docs/BENCHMARKS.md, 2 cores). One nullity costs about n^1.8
 * (a single n = 1,000,000 also takes about 3 s), so a sweep to N about N^2.8.
 */
function sweepEstimate(from: number, to: number): string {
  const work = (n: number) => (n / 10_000) ** 2.8;
  const secondsNeeded = 3 * (work(to) - work(from - 1));
  const units: [number, string, string][] = [
    [86_400 * 365, "year", "years"],
    [86_400, "day", "days"],
    [3600, "hour", "hours"],
    [60, "minute", "minutes"],
    [1, "second", "seconds"],
  ];
  const [size, one, many] = units.find(([unit]) => secondsNeeded >= unit) ?? units.at(-1)!;
  const amount = Math.max(1, Math.round(secondsNeeded / size));
  return `Estimated time: about ${format(amount)} ${amount === 1 ? one : many} on a 2-core machine (1 to 10,000 takes about 3 seconds; the work grows about as n^2.8).`;
}

/**
 * Runs one request on a fresh worker wired to `job`; cancel terminates it.
 * With `keep`, a worker that succeeded is handed over instead of terminated.
 */
function singleJob(
  job: JobControls,
  run: (worker: ExploreWorker) => Promise<string>,
  startText: string,
  known = true,
  keep?: (worker: ExploreWorker) => void,
  source?: string,
): void {
  const worker = new ExploreWorker();
  const stop = () => worker.terminate();
  job.cancel.addEventListener("click", stop, { once: true });
  job.running(startText, known);
  run(worker)
    .then(
      (text) => {
        job.finish("done", text);
        return true;
      },
      (error: unknown) => {
        if (error instanceof Cancelled) job.finish("cancelled", "Cancelled.");
        else job.finish("error", messageOf(error, source));
        return false;
      },
    )
    .then((done) => {
      job.cancel.removeEventListener("click", stop);
      if (done && keep) keep(worker);
      else worker.terminate();
    });
}

/**
 * Every error in one format, "where: expected ..., got ..." (files as name:line:column, like Build's
 * import, or name: byte N inside binary data, as the CLI says it).
 */
function messageOf(error: unknown, source?: string): string {
  if (error instanceof WorkerError && error.line !== undefined) {
    return `${source ?? "file"}:${error.line}:${error.column}: ${error.message}`;
  }
  if (error instanceof WorkerError && error.offset !== undefined) {
    return `${source ?? "file"}: byte ${error.offset}: ${error.message}`;
  }
  return error instanceof Error ? error.message : String(error);
}

function progressText(phase: string, done: number, total: number): string {
  return `${phase[0]!.toUpperCase()}${phase.slice(1)}: ${format(done)} of ${format(total)}`;
}

/** The nullity sweep with its chart, CSV and table; and the nullity of one large n. */
function sweepPanel(): { section: HTMLElement; dispose(): void } {
  const section = panel(
    "explore-sweep",
    "Nullity against n",
    "The dimension of the quiet patterns of every n x n board, streamed in order as workers compute it (Sutner's polynomial gcd; no matrices).",
  );
  const form = element("form", { class: "explore-form" });
  const from = numberField("sweep-from", "From n", 1, 1, MAX_SWEEP_N);
  const to = numberField("sweep-to", "To n", 10_000, 1, MAX_SWEEP_N);
  const job = new JobControls("Nullity sweep", "Run sweep");
  const estimate = element("p", { class: "explore-hint", "data-testid": "sweep-estimate", "aria-live": "polite" });
  const updateEstimate = () => {
    const a = Number(from.input.value.replaceAll(/[,_\s]/g, ""));
    const b = Number(to.input.value.replaceAll(/[,_\s]/g, ""));
    estimate.textContent =
      Number.isSafeInteger(a) && Number.isSafeInteger(b) && b >= a && a >= 1 ? sweepEstimate(a, b) : "";
  };
  from.input.addEventListener("input", updateEstimate);
  to.input.addEventListener("input", updateEstimate);
  updateEstimate();
  form.append(from.row, to.row, estimate, job.element);
  const chart = new NullityChart();
  const download = element("button", { type: "button", "data-action": "csv" }, "Download CSV");
  download.disabled = true;
  const tableBox = element("details", { class: "explore-table" });
  const summary = element("summary", {}, "Table: boards with quiet patterns");
  const table = element("table");
  tableBox.append(summary, table);
  section.append(form, chart.element, download, tableBox);

  let sweep: AbortController | undefined;
  let csvUrl: string | undefined;
  const fillTable = () => {
    const rows = chart.nonZero(TABLE_ROWS);
    const head = element("tr");
    head.append(element("th", { scope: "col" }, "n"), element("th", { scope: "col" }, "nullity"));
    table.replaceChildren(
      element("caption", {}, `The first ${format(rows.length)} computed n with nullity > 0 (the CSV has every n)`),
      head,
    );
    for (const { n, nullity } of rows) {
      const tr = element("tr");
      tr.append(element("td", {}, format(n)), element("td", {}, String(nullity)));
      table.append(tr);
    }
  };
  tableBox.addEventListener("toggle", () => tableBox.open && fillTable());
  download.addEventListener("click", () => {
    if (csvUrl) URL.revokeObjectURL(csvUrl);
    csvUrl = URL.createObjectURL(new Blob([chart.csv()], { type: "text/csv" }));
    const link = element("a", { href: csvUrl, download: "nullity.csv" });
    link.click();
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    let first: number;
    let last: number;
    try {
      first = integerField(from.input, "From n", 1, MAX_SWEEP_N);
      last = integerField(to.input, "To n", first, MAX_SWEEP_N);
    } catch (error) {
      job.finish("error", messageOf(error));
      return;
    }
    chart.reset(first, last);
    const started = performance.now();
    const total = last - first + 1;
    job.running(`Starting ${format(total)} boards…`);
    const running = new AbortController();
    sweep = running;
    download.disabled = false;
    // Results arrive one by one, a task's worth in one turn of the event loop: the chart takes them a batch at a time.
    let batch: number[] = [];
    let batchFrom = first;
    let pending: ReturnType<typeof setTimeout> | undefined;
    const flushBatch = () => {
      clearTimeout(pending);
      pending = undefined;
      if (batch.length === 0) return;
      chart.push(batchFrom, Int32Array.from(batch));
      batchFrom += batch.length;
      batch = [];
    };
    // `.then(({ nullitySweep }) => ...)`: the form that lets the bundler keep only what is used of core.
    const stream = () =>
      import("@lightsout/core/nullity").then(async ({ nullitySweep }) => {
        const results = nullitySweep(
          { kind: "square", from: first, to: last },
          {
            workers: sweepWorkers(),
            createWorker: nullityWorker,
            signal: running.signal,
            onProgress: (done) =>
              job.progress(
                done / total,
                `n = ${format(first)}..${format(first + chart.count - 1)} in order, ${format(done)} of ${format(total)} done (${seconds(performance.now() - started)})`,
              ),
          },
        );
        for await (const { nullity } of results) {
          batch.push(nullity);
          pending ??= setTimeout(flushBatch, 0);
        }
      });
    stream()
      .finally(flushBatch)
      .then(
        () => {
          const ms = performance.now() - started;
          job.element.dataset.ms = String(Math.round(ms));
          job.finish("done", `Done: n = ${format(first)}..${format(last)} in ${seconds(ms)}.`);
        },
        (error: unknown) => {
          if (error instanceof Cancelled)
            job.finish(
              "cancelled",
              `Cancelled after n = ${format(first + chart.count - 1)} (${format(chart.count)} in order).`,
            );
          else job.finish("error", messageOf(error));
        },
      )
      .finally(() => {
        chart.flush();
        if (tableBox.open) fillTable();
        if (sweep === running) sweep = undefined;
      });
  });
  // The workers are terminated at once; the sweep then ends with this reason.
  job.cancel.addEventListener("click", () => sweep?.abort(new Cancelled()));

  // One n at a time, up to sizes no sweep reaches.
  const single = element("form", { class: "explore-form", id: "explore-single" });
  const n = numberField("single-n", "One n", 1_000_000, 1, MAX_SINGLE_N);
  const singleJobControls = new JobControls("Single nullity", "Compute nullity");
  const answer = element("p", { class: "explore-answer", "aria-live": "polite" });
  single.append(n.row, singleJobControls.element);
  section.append(element("h3", {}, "One large n"), single, answer);
  single.addEventListener("submit", (event) => {
    event.preventDefault();
    let size: number;
    try {
      size = integerField(n.input, "n", 1, MAX_SINGLE_N);
    } catch (error) {
      singleJobControls.finish("error", messageOf(error));
      return;
    }
    singleJob(
      singleJobControls,
      async (worker) => {
        const result = await worker.run({ kind: "nullity", n: size });
        answer.textContent = `The ${format(size)} x ${format(size)} board has nullity ${format(result.nullity)}: ${result.nullity === 0 ? "every configuration is solvable, in one way" : `2^${result.nullity} solutions per solvable configuration`}.`;
        singleJobControls.element.dataset.ms = String(result.ms);
        return `Done in ${seconds(result.ms)}.`;
      },
      `Computing the nullity of n = ${format(size)} (one gcd of degree ${format(size)}; progress is not measurable)…`,
      false,
    );
  });
  return {
    section,
    dispose() {
      sweep?.abort(new Cancelled());
      chart.dispose();
      if (csvUrl) URL.revokeObjectURL(csvUrl);
    },
  };
}

/** A panel with one size field, a job and a picture. */
function picturePanel(options: {
  id: string;
  title: string;
  intro: string;
  label: string;
  value: number;
  max: number;
  jobName: string;
  startLabel: string;
  /** Pixels a side of the picture of size n. */
  side: (n: number) => number;
  /** Computes, drawing on `canvas` (handed over to the worker), and describes the result. */
  run: (
    worker: ExploreWorker,
    n: number,
    canvas: OffscreenCanvas,
    onProgress: (done: number, total: number, phase: string) => void,
  ) => Promise<{ caption: string; ms: number }>;
}): HTMLElement {
  const section = panel(options.id, options.title, options.intro);
  const form = element("form", { class: "explore-form" });
  const field = numberField(`${options.id}-n`, options.label, options.value, 1, options.max);
  const job = new JobControls(options.jobName, options.startLabel);
  form.append(field.row, job.element);
  const figure = element("figure", { class: "explore-picture" });
  figure.hidden = true;
  let canvas = element("canvas", { width: "1", height: "1", role: "img", "aria-label": "not computed yet" });
  const caption = element("figcaption", {}, "");
  figure.append(canvas, caption);
  let drewLast: ExploreWorker | undefined;
  section.append(form, figure);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    let n: number;
    try {
      n = integerField(field.input, options.label, 1, options.max);
    } catch (error) {
      job.finish("error", messageOf(error));
      return;
    }
    // A new canvas per job, shown once drawn: a cancelled job leaves the last picture in place.
    // The worker that drew the last picture lives until now: its frame reaches the page's canvas
    // asynchronously, and ending the worker first could leave the picture blank.
    drewLast?.terminate();
    drewLast = undefined;
    const side = String(options.side(n));
    const next = element("canvas", { width: side, height: side, role: "img" });
    const offscreen = next.transferControlToOffscreen();
    singleJob(
      job,
      async (worker) => {
        const result = await options.run(worker, n, offscreen, (done, total, phase) =>
          job.progress(done / total, progressText(phase, done, total)),
        );
        canvas.replaceWith(next);
        canvas = next;
        figure.hidden = false;
        caption.textContent = result.caption;
        canvas.setAttribute("aria-label", result.caption);
        job.element.dataset.ms = String(result.ms);
        return `Done in ${seconds(result.ms)}.`;
      },
      `Starting n = ${format(n)}…`,
      true,
      (worker) => {
        drewLast = worker;
      },
    );
  });
  return section;
}

function chasePanel(): HTMLElement {
  return picturePanel({
    id: "explore-chase",
    title: "Chase matrix",
    intro:
      "Press one first-row cell of a dark n x n board and chase the lights down: column i is what stays lit below the last row. One pixel per entry (lit = 1); nullity = n - rank.",
    label: "n",
    value: 512,
    max: MAX_CHASE_N,
    jobName: "Chase matrix",
    startLabel: "Draw chase matrix",
    side: (n) => n,
    async run(worker, n, canvas, onProgress) {
      const r = await worker.run({ kind: "chase", n, palette: palette(), canvas }, onProgress, [canvas]);
      const caption = `Chase matrix of the ${format(n)} x ${format(n)} board: ${format(n)} x ${format(n)}, rank ${format(r.rank)} (nullity ${format(n - r.rank)}), ${format(r.ones)} ones.`;
      return { caption, ms: r.ms };
    },
  });
}

function solvePanel(): HTMLElement {
  return picturePanel({
    id: "explore-solve",
    title: "Solve the all-on board",
    intro:
      "Every light of an n x n board on, solved by light chasing (no mn x mn matrix). The picture shows the presses, down-sampled: brighter = more presses in the block.",
    label: "n",
    value: 1024,
    max: MAX_SOLVE_N,
    jobName: "All-on solve",
    startLabel: "Solve",
    side: (n) => pictureSide(n, SOLVE_PICTURE_SIDE).size,
    async run(worker, n, canvas, onProgress) {
      const r = await worker.run(
        { kind: "solve", n, side: SOLVE_PICTURE_SIDE, palette: palette(), canvas },
        onProgress,
        [canvas],
      );
      const block = r.scale === 1 ? "one pixel per cell" : `one pixel per ${r.scale} x ${r.scale} cells`;
      const caption = r.solvable
        ? `All-on ${format(n)} x ${format(n)}: solved with ${format(r.presses)} presses (the board's rank ${format(n * n - r.nullity)} of ${format(n * n)}, nullity ${format(r.nullity)}, ${block}).`
        : `All-on ${format(n)} x ${format(n)}: not solvable (the board's rank ${format(n * n - r.nullity)} of ${format(n * n)}, nullity ${format(r.nullity)}).`;
      return { caption, ms: r.ms };
    },
  });
}

function filePanel(): HTMLElement {
  const section = panel(
    "explore-file",
    "Rank of a matrix file",
    "Drop a GF(2) matrix file here (PBM bitmap P4 or P1, rows of 0/1, or MatrixMarket coordinate), or choose one. It is read as a stream and ranked in a worker.",
  );
  section.classList.add("explore-drop");
  const limit = element("p", { class: "explore-hint", id: "explore-file-limit" }, "");
  // Loaded apart, so that the panel draws without waiting for the core's code.
  void import("@lightsout/core/io").then(({ largestBitMatrixSide }) => {
    const side = largestBitMatrixSide();
    limit.textContent = `Files up to ${format(side)} x ${format(side)} entries (1 GiB of bits, one block of WebAssembly memory); a larger one is refused when its size is known, before it is read into memory. PBM P4 is the compact format: 1 bit per entry.`;
  });
  const field = element("label", { class: "explore-field", for: "explore-file-input" }, "Matrix file");
  const input = element("input", {
    id: "explore-file-input",
    type: "file",
    accept: ".pbm,.txt,.mtx,.mm,image/x-portable-bitmap,text/plain",
  });
  input.setAttribute("aria-describedby", "explore-file-limit");
  field.append(input);
  const job = new JobControls("Matrix rank", "Compute rank");
  job.start.type = "button";
  job.start.disabled = true;
  const answer = element("p", { class: "explore-answer", "aria-live": "polite" });
  section.append(limit, field, job.element, answer);
  if (!globalThis.crossOriginIsolated) {
    // SharedArrayBuffer needs the COOP/COEP headers (vite.config.ts); without it the worker uses one thread
    section.append(
      element(
        "p",
        { class: "explore-note", "data-testid": "one-thread" },
        "One thread only: this page is not cross-origin isolated, so the elimination cannot share out its work.",
      ),
    );
  }
  let file: File | undefined;
  const run = () => {
    if (!file) return;
    const chosen = file;
    answer.textContent = "";
    // The phases seen, in order (reading, then eliminating), for the page's readers and its tests.
    const phases: string[] = [];
    job.element.dataset.phases = "";
    singleJob(
      job,
      async (worker) => {
        const r = await worker.run({ kind: "rank-file", file: chosen, name: chosen.name }, (done, total, phase) => {
          if (!phases.includes(phase)) {
            phases.push(phase);
            job.element.dataset.phases = phases.join(" ");
          }
          // An empty file reads 0 of 0 bytes.
          job.progress(total > 0 ? done / total : 0, phaseText(phase, done, total));
        });
        answer.textContent = `${chosen.name}: ${format(r.rows)} x ${format(r.cols)} (${r.format}), rank ${format(r.rank)} over GF(2).`;
        job.element.dataset.ms = String(r.ms);
        return `Done in ${seconds(r.ms)}: read in ${seconds(r.readMs)}, eliminated in ${seconds(r.eliminateMs)}.`;
      },
      `Reading ${chosen.name}…`,
      true,
      undefined,
      chosen.name,
    );
  };
  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    file = chosen;
    job.start.disabled = false;
    if (job.element.dataset.state !== "running") run();
  };
  job.start.addEventListener("click", run);
  input.addEventListener("change", () => choose(input.files?.[0]));
  section.addEventListener("dragover", (event) => {
    event.preventDefault();
    section.classList.add("dragging");
  });
  section.addEventListener("dragleave", () => section.classList.remove("dragging"));
  section.addEventListener("drop", (event) => {
    event.preventDefault();
    section.classList.remove("dragging");
    choose(event.dataTransfer?.files[0]);
  });
  return section;
}

/** Reading counts megabytes of the file, eliminating counts columns. */
function phaseText(phase: string, done: number, total: number): string {
  if (phase !== "reading") return progressText(phase, done, total);
  const mb = (bytes: number) => (bytes / 1e6).toFixed(bytes < 1e7 ? 1 : 0);
  return `Reading: ${mb(done)} of ${mb(total)} MB`;
}

/** Draws the Explore screen; the returned function stops every worker it started. */
export const mount: MountScreen = (root) => {
  const screen = element("div", { class: "explore" });
  screen.append(element("h1", {}, "Explore"));
  const sweep = sweepPanel();
  screen.append(sweep.section, chasePanel(), solvePanel(), filePanel());
  root.append(screen);
  return () => {
    terminateAll();
    sweep.dispose();
  };
};
