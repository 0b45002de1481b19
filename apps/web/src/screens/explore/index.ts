// The Explore screen: large-n experiments, every one in Web Workers with
// progress and Cancel, so the page stays responsive. Four panels: a
// streaming nullity sweep with its chart (and one huge n), the chase matrix
// as a picture, the all-on board solved by chasing, and the rank of a
// dropped matrix file.

import "./explore.css";
import type { MountScreen } from "../../screen.js";
import { type FileMethod, type Palette, pictureSide } from "../../state/explore/protocol.js";
import * as explore from "../../state/explore/state.js";
import { Cancelled, ExploreWorker, nullityWorker, terminateAll } from "../../state/explore/worker-client.js";
import { NullityChart } from "./chart.js";
import { JobControls } from "./job.js";
import { PictureView } from "./picture.js";

/** Reads an integer field, or says what was expected and what was got. */
function integerField(input: HTMLInputElement, name: string, min: number, max: number): number {
  return explore.readInteger(input.value, name, min, max);
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
  // grouped as every number on the screen ("10,000"); the fields read commas back
  const input = element("input", { id, type: "text", inputmode: "numeric", value: explore.format(value) });
  input.setAttribute("aria-describedby", `${id}-hint`);
  const hint = element(
    "span",
    { id: `${id}-hint`, class: "explore-hint" },
    `${explore.format(min)} to ${explore.format(max)}`,
  );
  row.append(input, hint);
  return { row, input };
}

function panel(id: string, title: string, intro: string): HTMLElement {
  const section = element("section", { class: "explore-panel", id, "aria-labelledby": `${id}-title` });
  section.append(element("h2", { id: `${id}-title` }, title), element("p", { class: "explore-intro" }, intro));
  return section;
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
        else job.finish("error", explore.errorMessage(error, source));
        return false;
      },
    )
    .then((done) => {
      job.cancel.removeEventListener("click", stop);
      if (done && keep) keep(worker);
      else worker.terminate();
    });
}

/** The nullity sweep with its chart, CSV and table; and the nullity of one large n. */
function sweepPanel(): { section: HTMLElement; dispose(): void } {
  const section = panel(
    "explore-sweep",
    "Nullity against n",
    "The dimension of the quiet patterns of every n x n board, streamed in order as workers compute it (Sutner's polynomial gcd; no matrices).",
  );
  const form = element("form", { class: "explore-form" });
  const kind = sweepKindField();
  const rows = numberField("sweep-m", "m (rows)", 5, 1, explore.MAX_SWEEP_ROWS);
  const states = numberField("sweep-k", "k (states)", 3, 3, 255);
  const from = numberField("sweep-from", "From n", 1, 1, explore.LIMITS.sweepN);
  const to = numberField("sweep-to", "To n", 10_000, 1, explore.LIMITS.sweepN);
  const job = new JobControls("Nullity sweep", "Run sweep");
  const estimate = element("p", { class: "explore-hint", "data-testid": "sweep-estimate", "aria-live": "polite" });
  const updateEstimate = () => {
    rows.row.hidden = kind.select.value !== "rows";
    states.row.hidden = kind.select.value !== "zk";
    estimate.textContent = explore.kindEstimate(kind.value(), from.input.value, to.input.value);
  };
  kind.select.addEventListener("change", updateEstimate);
  from.input.addEventListener("input", updateEstimate);
  to.input.addEventListener("input", updateEstimate);
  updateEstimate();
  form.append(kind.row, rows.row, states.row, from.row, to.row, estimate, job.element);
  const chart = new NullityChart();
  const download = element("button", { type: "button", "data-action": "csv" }, "Download CSV");
  download.disabled = true;
  const table = nonZeroTable(chart);
  section.append(form, chart.element, download, table.element);

  let sweep: AbortController | undefined;
  let csvUrl: string | undefined;
  let csvName = "nullity.csv";
  download.addEventListener("click", () => {
    if (csvUrl) URL.revokeObjectURL(csvUrl);
    csvUrl = URL.createObjectURL(new Blob([chart.csv()], { type: "text/csv" }));
    const link = element("a", { href: csvUrl, download: csvName });
    link.click();
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    let first: number;
    let last: number;
    let m = 0;
    const zk = kind.value() === "zk";
    const maxN = zk ? explore.MAX_ZK_SWEEP_N : explore.LIMITS.sweepN;
    try {
      if (kind.value() === "rows") m = integerField(rows.input, "m", 1, explore.MAX_SWEEP_ROWS);
      if (zk) m = integerField(states.input, "k", 3, 255);
      first = integerField(from.input, "From n", 1, maxN);
      last = integerField(to.input, "To n", first, maxN);
    } catch (error) {
      job.finish("error", explore.errorMessage(error));
      return;
    }
    const running = new AbortController();
    sweep = running;
    download.disabled = false;
    const labels = explore.sweepLabels(kind.value(), m);
    chart.describe(labels.caption, labels.axis);
    csvName = labels.file;
    const value = kind.value();
    const swept =
      value === "zk"
        ? runZkSweep(job, chart, m, first, last, running.signal)
        : runSweep(job, chart, explore.sweepOf(value, m, first, last), first, last, running.signal);
    swept.finally(() => {
      table.refresh();
      if (sweep === running) sweep = undefined;
    });
  });
  // The workers are terminated at once; the sweep then ends with this reason.
  job.cancel.addEventListener("click", () => sweep?.abort(new Cancelled()));
  singleNullity(section);
  return {
    section,
    dispose() {
      sweep?.abort(new Cancelled());
      chart.dispose();
      if (csvUrl) URL.revokeObjectURL(csvUrl);
    },
  };
}

/**
 * The nullities over Z_k of n = first..last, in blocks on one worker (the library chases each board
 * over Z_k), each block streamed into the chart as it comes; settles when the sweep ends.
 */
async function runZkSweep(
  job: JobControls,
  chart: NullityChart,
  k: number,
  first: number,
  last: number,
  signal: AbortSignal,
): Promise<void> {
  chart.reset(first, last);
  const started = performance.now();
  const total = last - first + 1;
  job.running(explore.sweepText.starting(total));
  const worker = new ExploreWorker();
  const stop = () => worker.terminate();
  signal.addEventListener("abort", stop, { once: true });
  const block = Math.max(1, Math.ceil(total / 50));
  try {
    for (let a = first; a <= last; a += block) {
      const b = Math.min(last, a + block - 1);
      const r = await worker.run({ kind: "nullity-zk", from: a, to: b, k });
      if (r.kind !== "nullity-zk") break;
      chart.push(a, r.values);
      const done = b - first + 1;
      job.progress(
        done / total,
        explore.sweepText.progress(first, chart.count, done, total, performance.now() - started),
      );
    }
    const ms = performance.now() - started;
    job.element.dataset.ms = String(Math.round(ms));
    job.finish("done", explore.sweepText.done(first, last, ms));
  } catch (error) {
    if (error instanceof Cancelled) job.finish("cancelled", explore.sweepText.cancelled(first, chart.count));
    else job.finish("error", explore.errorMessage(error));
  } finally {
    signal.removeEventListener("abort", stop);
    worker.terminate();
    chart.flush();
  }
}

/** The kind of boards swept: n x n grids, n x n tori, m x n grids with m fixed, or n x n grids over Z_k. */
function sweepKindField(): { row: HTMLElement; select: HTMLSelectElement; value(): explore.SweepKind } {
  const row = element("label", { class: "explore-field", for: "sweep-kind" }, "Boards");
  const select = element("select", { id: "sweep-kind" });
  for (const [value, text] of [
    ["square", "n x n grids"],
    ["torus", "n x n tori"],
    ["rows", "m x n grids, m fixed"],
    ["zk", "n x n grids over Z_k"],
  ] as const)
    select.append(element("option", { value }, text));
  row.append(select);
  return { row, select, value: () => select.value as explore.SweepKind };
}

/** The table of the boards with quiet patterns, filled when it is opened. */
function nonZeroTable(chart: NullityChart): { element: HTMLElement; refresh(): void } {
  const box = element("details", { class: "explore-table" });
  const summary = element("summary", {}, "Table: boards with quiet patterns");
  const table = element("table");
  box.append(summary, table);
  const fill = () => {
    const rows = chart.nonZero(explore.LIMITS.tableRows);
    const head = element("tr");
    head.append(element("th", { scope: "col" }, "n"), element("th", { scope: "col" }, "nullity"));
    table.replaceChildren(element("caption", {}, explore.sweepText.tableCaption(rows.length)), head);
    for (const { n, nullity } of rows) {
      const tr = element("tr");
      tr.append(element("td", {}, explore.format(n)), element("td", {}, explore.format(nullity)));
      table.append(tr);
    }
  };
  box.addEventListener("toggle", () => box.open && fill());
  return {
    element: box,
    refresh() {
      if (box.open) fill();
    },
  };
}

/** Streams the nullities of n = first..last into the chart, in order; settles when the sweep ends. */
function runSweep(
  job: JobControls,
  chart: NullityChart,
  boards: ReturnType<typeof explore.sweepOf>,
  first: number,
  last: number,
  signal: AbortSignal,
) {
  chart.reset(first, last);
  const started = performance.now();
  const total = last - first + 1;
  job.running(explore.sweepText.starting(total));
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
      const results = nullitySweep(boards, {
        workers: explore.sweepWorkers(navigator.hardwareConcurrency),
        createWorker: nullityWorker,
        signal,
        onProgress: (done) =>
          job.progress(
            done / total,
            explore.sweepText.progress(first, chart.count, done, total, performance.now() - started),
          ),
      });
      for await (const { nullity } of results) {
        batch.push(nullity);
        pending ??= setTimeout(flushBatch, 0);
      }
    });
  return stream()
    .finally(flushBatch)
    .then(
      () => {
        const ms = performance.now() - started;
        job.element.dataset.ms = String(Math.round(ms));
        job.finish("done", explore.sweepText.done(first, last, ms));
      },
      (error: unknown) => {
        if (error instanceof Cancelled) job.finish("cancelled", explore.sweepText.cancelled(first, chart.count));
        else job.finish("error", explore.errorMessage(error));
      },
    )
    .finally(() => chart.flush());
}

/** One n at a time, up to sizes no sweep reaches (appended to the sweep's panel). */
function singleNullity(section: HTMLElement): void {
  const single = element("form", { class: "explore-form", id: "explore-single" });
  const n = numberField("single-n", "One n", 1_000_000, 1, explore.LIMITS.singleN);
  const job = new JobControls("Single nullity", "Compute nullity");
  const answer = element("p", { class: "explore-answer", "aria-live": "polite" });
  single.append(n.row, job.element);
  section.append(element("h3", {}, "One large n"), single, answer);
  single.addEventListener("submit", (event) => {
    event.preventDefault();
    let size: number;
    try {
      size = integerField(n.input, "n", 1, explore.LIMITS.singleN);
    } catch (error) {
      job.finish("error", explore.errorMessage(error));
      return;
    }
    // The answer of an earlier n goes: it is not the answer to this one.
    answer.textContent = "";
    const started = performance.now();
    // The gcd reports no progress: the bar follows the time against the estimate from the degree.
    const tick = setInterval(() => {
      const p = explore.singleProgress(performance.now() - started, size);
      job.progress(p.fraction, `${explore.singleStart(size)} ${p.text}`);
    }, 500);
    singleJob(
      job,
      async (worker) => {
        try {
          const result = await worker.run({ kind: "nullity", n: size });
          answer.textContent = explore.singleAnswer(size, result.nullity);
          job.element.dataset.ms = String(result.ms);
          return explore.doneText(result.ms);
        } finally {
          clearInterval(tick);
        }
      },
      explore.singleStart(size),
    );
  });
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
  /** A PBM the worker that drew the picture can hand over (the solve's presses), with its button's words. */
  certificate?: { label: string; what: "presses" };
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
  const view = new PictureView();
  const caption = element("figcaption", {}, "");
  figure.append(view.element, caption);
  let drewLast: ExploreWorker | undefined;
  let lastN = 0;
  if (options.certificate) {
    const { label, what } = options.certificate;
    const status = element("p", { class: "explore-hint", "aria-live": "polite", "data-testid": `${options.id}-pbm` });
    const get = element("button", { type: "button", "data-action": `${what}-pbm` }, label);
    get.addEventListener("click", () => {
      const worker = drewLast;
      if (!worker) return;
      void worker.run({ kind: "export", what }).then(
        (r) => {
          if (r.kind !== "export") return;
          const url = URL.createObjectURL(
            new Blob([r.pbm as Uint8Array<ArrayBuffer>], { type: "image/x-portable-bitmap" }),
          );
          element("a", { href: url, download: `${options.id.replace("explore-", "")}-${lastN}-${what}.pbm` }).click();
          setTimeout(() => URL.revokeObjectURL(url), 60_000);
          status.textContent = explore.exportDone(r);
        },
        (error: unknown) => {
          status.textContent = explore.errorMessage(error);
        },
      );
    });
    figure.append(get, status);
  }
  section.append(form, figure);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    let n: number;
    try {
      n = integerField(field.input, options.label, 1, options.max);
    } catch (error) {
      job.finish("error", explore.errorMessage(error));
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
          job.progress(done / total, explore.progressText(phase, done, total)),
        );
        view.show(next, `${options.id.replace("explore-", "")}-${n}.png`);
        lastN = n;
        figure.hidden = false;
        caption.textContent = result.caption;
        next.setAttribute("aria-label", result.caption);
        job.element.dataset.ms = String(result.ms);
        return explore.doneText(result.ms);
      },
      `Starting n = ${explore.format(n)}…`,
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
    max: explore.LIMITS.chaseN,
    jobName: "Chase matrix",
    startLabel: "Draw chase matrix",
    side: (n) => n,
    async run(worker, n, canvas, onProgress) {
      const r = await worker.run({ kind: "chase", n, palette: palette(), canvas }, onProgress, [canvas]);
      return { caption: explore.chaseCaption(n, r), ms: r.ms };
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
    max: explore.LIMITS.solveN,
    jobName: "All-on solve",
    startLabel: "Solve",
    side: (n) => pictureSide(n, explore.LIMITS.solvePictureSide).size,
    certificate: { label: "Download the presses (PBM)", what: "presses" },
    async run(worker, n, canvas, onProgress) {
      const r = await worker.run(
        { kind: "solve", n, side: explore.LIMITS.solvePictureSide, palette: palette(), canvas },
        onProgress,
        [canvas],
      );
      return { caption: explore.solveCaption(n, r), ms: r.ms };
    },
  });
}

/** The route of MatrixMarket files: exact or block Wiedemann, remembered across visits. */
function fileMethodField(): { row: HTMLElement; value(): FileMethod } {
  const label = element("label", { class: "explore-field", for: "explore-file-method" }, "Method");
  const select = element("select", { id: "explore-file-method", "aria-describedby": "explore-file-method-hint" });
  for (const [value, text] of explore.FILE_METHODS) select.append(element("option", { value }, text));
  select.value = explore.loadFileMethod();
  select.addEventListener("change", () => explore.saveFileMethod(select.value as FileMethod));
  label.append(select);
  // the hint stays outside the label: it describes the select, it does not name it
  const hint = element("p", { id: "explore-file-method-hint", class: "explore-hint" }, explore.FILE_METHOD_HINT);
  const row = element("div", { class: "explore-method" });
  row.append(label, hint);
  return { row, value: () => select.value as FileMethod };
}

function filePanel(): HTMLElement {
  const section = panel(
    "explore-file",
    "Rank of a matrix file",
    "Drop a GF(2) matrix file here (PBM bitmap P4 or P1, rows of 0/1, or MatrixMarket coordinate, read sparse), or choose one. It is read as a stream and ranked in a worker.",
  );
  section.classList.add("explore-drop");
  const limit = element("p", { class: "explore-hint", id: "explore-file-limit" }, "");
  // Loaded apart, so that the panel draws without waiting for the core's code.
  void import("@lightsout/core/io").then(({ largestBitMatrixSide, largestSparseNonzeros }) => {
    const side = largestBitMatrixSide();
    limit.textContent = explore.fileLimit(side, largestSparseNonzeros());
  });
  const field = element("label", { class: "explore-field", for: "explore-file-input" }, "Matrix file");
  const input = element("input", {
    id: "explore-file-input",
    type: "file",
    accept: ".pbm,.txt,.mtx,.mm,image/x-portable-bitmap,text/plain",
  });
  input.setAttribute("aria-describedby", "explore-file-limit");
  field.append(input);
  const method = fileMethodField();
  const job = new JobControls("Matrix rank", "Compute rank");
  job.start.type = "button";
  job.start.disabled = true;
  const answer = element("p", { class: "explore-answer", "aria-live": "polite" });
  const downloads = fileDownloads();
  section.append(limit, method.row, field, job.element, answer, downloads.element);
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
  let kernelEmpty = false;
  // a sparse file keeps no echelon form in the worker: nothing to download
  let sparse = false;
  const run = () => {
    if (!file) return;
    const chosen = file;
    answer.textContent = "";
    downloads.from(undefined);
    // The phases seen, in order (reading, then eliminating), for the page's readers and its tests.
    const phases: string[] = [];
    job.element.dataset.phases = "";
    // when each phase began, for its estimate of the time left
    let phaseStart = performance.now();
    singleJob(
      job,
      async (worker) => {
        const request = { kind: "rank-file", file: chosen, name: chosen.name, method: method.value() } as const;
        const r = await worker.run(request, (done, total, phase, secondsLeft) => {
          if (!phases.includes(phase)) {
            phases.push(phase);
            job.element.dataset.phases = phases.join(" ");
            phaseStart = performance.now();
          }
          const spent = (performance.now() - phaseStart) / 1000;
          // the library's estimate when it makes one (Berlekamp-Massey's steps grow longer as it goes), else the rate so far
          const rate = done > 0 ? ((total - done) * spent) / done : undefined;
          const left = spent > 1 ? (secondsLeft ?? rate) : undefined;
          // An empty file reads 0 of 0 bytes.
          job.progress(total > 0 ? done / total : 0, explore.phaseText(phase, done, total, left));
        });
        const said = explore.fileAnswer(chosen.name, r);
        answer.textContent = said.answer;
        job.element.dataset.ms = String(r.ms);
        if (r.threads !== null) job.element.dataset.threads = String(r.threads);
        kernelEmpty = r.rank === r.cols;
        sparse = r.sparse !== undefined;
        return said.done;
      },
      `Reading ${chosen.name}…`,
      true,
      // the worker keeps the echelon form for the downloads
      (worker) => {
        if (!sparse) return downloads.from(worker, chosen.name.replace(/\.[^.]*$/, ""), kernelEmpty);
        worker.terminate();
        downloads.from(undefined);
      },
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

/**
 * The downloads of the last ranked file, from the worker that ranked it (it keeps the echelon
 * form): the echelon form and a basis of the kernel, as PBM.
 */
function fileDownloads(): {
  element: HTMLElement;
  from(worker?: ExploreWorker, name?: string, kernelEmpty?: boolean): void;
} {
  const echelon = element("button", { type: "button", "data-action": "echelon-pbm" }, "Download echelon form (PBM)");
  const kernel = element("button", { type: "button", "data-action": "kernel-pbm" }, "Download kernel basis (PBM)");
  const status = element("p", { class: "explore-hint", "data-testid": "file-download", "aria-live": "polite" });
  const box = element("div", { class: "explore-downloads" });
  box.append(element("div", { class: "explore-buttons" }), status);
  box.firstElementChild!.append(echelon, kernel);
  let worker: ExploreWorker | undefined;
  let base = "matrix";
  const save = async (what: "echelon" | "kernel") => {
    if (!worker) return;
    echelon.disabled = kernel.disabled = true;
    status.textContent = what === "kernel" ? "Computing the kernel basis…" : "Writing the echelon form…";
    try {
      const r = await worker.run({ kind: "export", what });
      if (r.kind !== "export") return;
      const url = URL.createObjectURL(
        new Blob([r.pbm as Uint8Array<ArrayBuffer>], { type: "image/x-portable-bitmap" }),
      );
      element("a", { href: url, download: `${base}-${what}.pbm` }).click();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      status.textContent = explore.exportDone(r);
    } catch (error) {
      status.textContent = explore.errorMessage(error);
    } finally {
      echelon.disabled = !worker;
      kernel.disabled = !worker || kernel.dataset.empty === "true";
    }
  };
  echelon.addEventListener("click", () => void save("echelon"));
  kernel.addEventListener("click", () => void save("kernel"));
  const from = (next?: ExploreWorker, name = "matrix", kernelEmpty = false) => {
    if (worker !== next) worker?.terminate();
    worker = next;
    base = name;
    box.hidden = !next;
    echelon.disabled = !next;
    kernel.dataset.empty = String(kernelEmpty);
    kernel.disabled = !next || kernelEmpty;
    kernel.title = kernelEmpty ? "The columns are independent: the kernel is only the zero vector." : "";
    status.textContent = "";
  };
  from(undefined);
  return { element: box, from };
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
