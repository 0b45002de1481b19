// The Explore screen's worker: every computation of the screen runs here
// (the sweep's in nullity.worker.ts), so the page's main thread only draws.
// One request at a time per worker; cancelling a job terminates its worker
// (a busy worker cannot read an abort message until the computation
// returns, so an AbortSignal could not reach it).

import { gridBoard, ParseError, solveLightsOut } from "@lightsout/core";
import { chaseMatrix, solveGrid } from "@lightsout/core/lightsout";
import { BitMatrix, initThreads } from "@lightsout/core/gf2";
import { formatPbm, readBitMatrix, readSparseMatrix } from "@lightsout/core/io";
import { sparseRank } from "@lightsout/core/sparse";
import { squareNullity } from "@lightsout/core/nullity";
import {
  pictureSide,
  type Answer,
  type Envelope,
  type Export,
  type FileMethod,
  type Palette,
  type Reply,
  type Request,
} from "./protocol.js";

/** The worker's global scope, as much of it as this module needs (the DOM typings lack it). */
const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<Envelope>) => void) | null;
  postMessage(reply: Reply, transfer?: Transferable[]): void;
};

/** Progress replies at most this often: the page redraws no faster anyway. */
const PROGRESS_INTERVAL_MS = 50;

// Set before anything else: messages that arrive while the module loads are kept for it.
scope.onmessage = (event) => {
  const { id, request } = event.data;
  void handle(id, request);
};

async function handle(id: number, request: Request): Promise<void> {
  let last = 0;
  let lastPhase = "";
  const progress = (phase: string) => (done: number, total: number, secondsLeft?: number) => {
    const now = performance.now();
    // The first report of each phase always goes out: the page shows reading and eliminating apart.
    if (now - last < PROGRESS_INTERVAL_MS && done < total && phase === lastPhase) return;
    last = now;
    lastPhase = phase;
    const left = secondsLeft === undefined ? {} : { secondsLeft };
    scope.postMessage({ id, type: "progress", done, total, phase, ...left });
  };
  try {
    // large eliminations share out their sweeps; one thread where that is impossible
    const threads = request.kind === "rank-file" || request.kind === "chase" ? await initThreads().catch(() => 1) : 1;
    const answer = await compute(request, progress, threads);
    // a download's bytes are handed over, not copied (a 32768 x 32768 echelon form is 128 MiB)
    scope.postMessage({ id, type: "done", answer }, answer.kind === "export" ? [answer.pbm.buffer] : []);
  } catch (error) {
    if (error instanceof ParseError && error.line > 0) {
      // The reason alone: the page shows the line and column its own way.
      scope.postMessage({ id, type: "error", message: error.reason, line: error.line, column: error.column });
    } else if (error instanceof ParseError) {
      // In binary data (a PBM raster) the place is a byte offset; the page shows it its own way too.
      scope.postMessage({ id, type: "error", message: error.reason, offset: error.offset });
    } else {
      scope.postMessage({ id, type: "error", message: error instanceof Error ? error.message : String(error) });
    }
  }
}

type Progress = (phase: string) => (done: number, total: number, secondsLeft?: number) => void;

/** Runs a request; `threads` is the size of the thread pool started for it (1: none). */
async function compute(request: Request, progress: Progress, threads: number): Promise<Answer> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  switch (request.kind) {
    case "nullity":
      return { kind: "nullity", n: request.n, nullity: squareNullity(request.n), ms: elapsed() };
    case "nullity-zk": {
      // the library's nullity over Z_k of each n x n board (light chasing over Z_k), in order
      const { from, to, k } = request;
      const values = new Int32Array(to - from + 1);
      const boards = progress("boards");
      for (let n = from; n <= to; n++) {
        values[n - from] = solveLightsOut(gridBoard(n, n), new Uint8Array(n * n), { states: k }).nullity;
        boards(n - from + 1, values.length);
      }
      return { kind: "nullity-zk", from, values, ms: elapsed() };
    }
    case "chase":
      return chasePicture(request.n, request.palette, request.canvas, progress, elapsed);
    case "solve":
      return solveAllOn(request.n, request.side, request.palette, request.canvas, progress, elapsed);
    case "rank-file":
      return rankOfFile(request, threads, progress, elapsed);
    case "export":
      return exportLast(request.what, progress, elapsed);
  }
}

/** The echelon form of the last file ranked: kept for its downloads until the worker ends. */
let lastEchelon: BitMatrix | undefined;

/** The presses of the last all-on board solved (1 = press), kept for their download. */
let lastPresses: { n: number; presses: Uint8Array } | undefined;

/**
 * The last echelon form as PBM, or a basis of its kernel (row operations keep the kernel: it is the
 * file's), or the presses of the last all-on board solved.
 */
function exportLast(what: Export, progress: Progress, elapsed: () => number): Answer {
  if (what === "presses") {
    if (!lastPresses) throw new Error("no all-on board has been solved by this worker");
    const { n, presses } = lastPresses;
    const m = BitMatrix.fromBits(n, n, presses);
    try {
      return { kind: "export", what, rows: n, cols: n, pbm: formatPbm(m), ms: elapsed() };
    } finally {
      m.dispose();
    }
  }
  if (!lastEchelon) throw new Error("no matrix has been ranked by this worker");
  if (what === "echelon") {
    const pbm = formatPbm(lastEchelon);
    return { kind: "export", what, rows: lastEchelon.rows, cols: lastEchelon.cols, pbm, ms: elapsed() };
  }
  const kernel = lastEchelon.nullspace({ onProgress: progress("kernel") });
  try {
    if (kernel.rows === 0)
      throw new Error("the kernel is only the zero vector (the columns are independent): no basis to download");
    return { kind: "export", what, rows: kernel.rows, cols: kernel.cols, pbm: formatPbm(kernel), ms: elapsed() };
  } finally {
    kernel.dispose();
  }
}

async function chasePicture(
  n: number,
  palette: Palette,
  canvas: OffscreenCanvas,
  progress: Progress,
  elapsed: () => number,
): Promise<Answer> {
  const c = chaseMatrix(n, n, { onProgress: progress("chasing rows") });
  try {
    const words = c.packedWords();
    const stride = c.strideWords * 2;
    const pixels = new Uint32Array(n * n);
    let ones = 0;
    for (let i = 0; i < n; i++) {
      for (let w = 0; w * 32 < n; w++) {
        let word = words[i * stride + w]!;
        if (word === 0) continue;
        ones += popcount(word);
        // Only the set bits: chase matrices are sparse near their corners.
        while (word !== 0) {
          const bit = 31 - Math.clz32(word & -word);
          pixels[i * n + w * 32 + bit] = palette.on;
          word &= word - 1;
        }
      }
    }
    const rank = c.rank({ onProgress: progress("rank") });
    await draw(canvas, pixels, n, n, palette.off);
    return { kind: "chase", n, rank, ones, ms: elapsed() };
  } finally {
    c.dispose();
  }
}

async function solveAllOn(
  n: number,
  side: number,
  palette: Palette,
  canvas: OffscreenCanvas,
  progress: Progress,
  elapsed: () => number,
): Promise<Answer> {
  const solution = solveGrid(n, n, new Uint8Array(n * n).fill(1), { onProgress: progress("chasing rows") });
  const { scale, size } = pictureSide(n, side);
  const counts = new Uint32Array(size * size);
  let presses = 0;
  if (solution.solvable) {
    const cells = solution.presses;
    for (let i = 0; i < n; i++) {
      const row = Math.floor(i / scale) * size;
      for (let j = 0; j < n; j++) {
        if (cells[i * n + j]) {
          counts[row + Math.floor(j / scale)]!++;
          presses++;
        }
      }
    }
  }
  // Each picture pixel shades from "off" to "on" by the share of its block that is pressed.
  const pixels = new Uint32Array(size * size);
  for (let y = 0; y < size; y++) {
    const height = Math.min(scale, n - y * scale);
    for (let x = 0; x < size; x++) {
      const area = height * Math.min(scale, n - x * scale);
      pixels[y * size + x] = mix(palette.off, palette.on, counts[y * size + x]! / area);
    }
  }
  await draw(canvas, pixels, size, size, palette.off);
  lastPresses = solution.solvable ? { n, presses: Uint8Array.from(solution.presses) } : undefined;
  const { rank, nullity, solvable } = solution;
  return { kind: "solve", n, solvable, rank, nullity, presses, scale, ms: elapsed() };
}

async function rankOfFile(
  { file, name, method }: Extract<Request, { kind: "rank-file" }>,
  threads: number,
  progress: Progress,
  elapsed: () => number,
): Promise<Answer> {
  const reading = progress("reading");
  reading(0, file.size);
  const started = performance.now();
  lastEchelon?.dispose();
  lastEchelon = undefined;
  if (await isMatrixMarket(file)) return rankOfSparseFile(file, name, { method, threads }, progress, elapsed);
  // Streamed: the file is never one string (a 32768 x 32768 text file is 1 GiB); PBM goes straight into the matrix.
  const { matrix, format } = await readBitMatrix(chunksOf(file), {
    source: name,
    format: /\.pbm$/i.test(name) ? "pbm" : "auto",
    onProgress: (bytes) => reading(bytes, file.size),
  });
  const read = performance.now();
  try {
    const { rank, threads } = matrix.echelonize({ onProgress: progress("eliminating") });
    const { rows, cols } = matrix;
    const eliminateMs = Math.round(performance.now() - read);
    lastEchelon = matrix;
    return {
      kind: "rank-file",
      rows,
      cols,
      rank,
      format,
      ms: elapsed(),
      readMs: Math.round(read - started),
      eliminateMs,
      threads: threads ?? null,
    };
  } catch (error) {
    matrix.dispose();
    throw error;
  }
}

/** Whether a file starts with the MatrixMarket banner (after a byte-order mark). */
async function isMatrixMarket(file: Blob): Promise<boolean> {
  const head = new TextDecoder().decode(await file.slice(0, 20).arrayBuffer());
  return /^\uFEFF?%%matrixmarket/i.test(head);
}

/**
 * A MatrixMarket file, read sparse (only its ones are held, so its limit is
 * in nonzeros, not rows x cols) and ranked by the sparse routes: `auto` (the
 * dense kernel when small or dense, else structured elimination), or block
 * Wiedemann on the pool's threads; each phase reports its progress. Cancel
 * terminates the worker, as for every job.
 */
async function rankOfSparseFile(
  file: Blob,
  name: string,
  route: { method: FileMethod; threads: number },
  progress: Progress,
  elapsed: () => number,
): Promise<Answer> {
  const reading = progress("reading");
  const started = performance.now();
  const { matrix } = await readSparseMatrix(chunksOf(file), {
    source: name,
    format: "matrix-market",
    onProgress: (bytes) => reading(bytes, file.size),
  });
  const read = performance.now();
  const phases = new Map<string, ReturnType<Progress>>();
  const r = sparseRank(matrix, {
    method: route.method,
    // the exact routes keep their own defaults; block Wiedemann runs its products on the pool started
    ...(route.method === "wiedemann" ? { threads: route.threads } : {}),
    onProgress: (p) => {
      let report = phases.get(p.phase);
      if (report === undefined) phases.set(p.phase, (report = progress(p.phase)));
      report(p.done, p.total, p.secondsLeft);
    },
  });
  const w = r.wiedemann;
  return {
    kind: "rank-file",
    rows: matrix.rows,
    cols: matrix.cols,
    rank: r.rank,
    format: "matrix-market",
    ms: elapsed(),
    readMs: Math.round(read - started),
    eliminateMs: Math.round(performance.now() - read),
    threads: w ? w.threads : null,
    sparse: {
      nonzeros: matrix.colIndex.length,
      method: r.method,
      ...(w
        ? { wiedemann: { exact: r.exact, guarantee: w.guarantee, errorBound: w.errorBound, timings: w.timings } }
        : {}),
    },
  };
}

/** The bytes of `file` as they are read; the read is cancelled if the consumer stops early (a parse error). */
async function* chunksOf(file: Blob): AsyncGenerator<Uint8Array> {
  const reader = file.stream().getReader();
  let done = false;
  try {
    for (;;) {
      const next = await reader.read();
      if (next.done) {
        done = true;
        return;
      }
      yield next.value;
    }
  } finally {
    if (!done) await reader.cancel();
  }
}

/**
 * Draws `pixels` (0 = background) on the page's canvas, then waits for the
 * worker's next animation frame so that the frame is committed before the
 * answer goes out. The page does no
 * pixel work at all (handing it a 4096 x 4096 ImageBitmap instead, one chase
 * job in three showed a 79 ms long task there).
 */
async function draw(
  canvas: OffscreenCanvas,
  pixels: Uint32Array,
  width: number,
  height: number,
  background: number,
): Promise<void> {
  for (let k = 0; k < pixels.length; k++) if (pixels[k] === 0) pixels[k] = background;
  const data = new Uint8ClampedArray(pixels.buffer as ArrayBuffer, 0, width * height * 4);
  if (canvas.width !== width) canvas.width = width;
  if (canvas.height !== height) canvas.height = height;
  const context = canvas.getContext("2d");
  if (!context) throw new Error("this browser gave the worker no 2D canvas context");
  context.putImageData(new ImageData(data, width, height), 0, 0);
  // A worker's canvas commits its frame at the worker's next animation frame: wait for it where
  // workers have one (the page also keeps this worker alive until its next job, so the frame lands).
  const frame = (globalThis as { requestAnimationFrame?: (callback: () => void) => number }).requestAnimationFrame;
  await new Promise((resolve) => (frame ? frame(() => resolve(undefined)) : setTimeout(resolve, 0)));
}

function popcount(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** Linear blend of two packed RGBA colours, t in 0..1. */
function mix(from: number, to: number, t: number): number {
  let out = 0xff000000;
  for (let shift = 0; shift < 24; shift += 8) {
    const a = (from >>> shift) & 0xff;
    const b = (to >>> shift) & 0xff;
    out |= Math.round(a + (b - a) * t) << shift;
  }
  return out >>> 0;
}
