// Explore's matrix-file panel in Chromium: PBM files read as streams in the
// worker, reading and eliminating reported apart, bad files named, no worker
// left behind; MatrixMarket files read sparse, by the exact route or block
// Wiedemann. PBM files and ranks are made here by plain loops, random sparse
// files by the library's seeded generator.
// Needs a build first: `pnpm --filter @lightsout/web build` (and the CLI's for the measurement).

import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { sparseRank, type SparseBitMatrix } from "@lightsout/core/sparse";
import { randomSparseMatrix } from "@lightsout/core/wiedemann";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { artifactsDir, startE2E, type E2E } from "./_browser.js";

let e2e: E2E;
const folder = mkdtempSync(join(tmpdir(), "lightsout-web-pbm-"));
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
  rmSync(folder, { recursive: true, force: true });
});

const JOB = '[data-job="Matrix rank"]';

async function openExplore(): Promise<Page> {
  const page = await e2e.open("explore");
  await page.waitForSelector(JOB);
  return page;
}

async function waitState(page: Page, state: string, timeout = 120_000): Promise<void> {
  await page.waitForSelector(`${JOB}[data-state="${state}"]`, { state: "attached", timeout });
}

/** Waits until the page has no worker left (terminate() is asynchronous for the browser). */
async function noWorkers(page: Page): Promise<void> {
  for (let k = 0; k < 600 && page.workers().length > 0; k++) await new Promise((r) => setTimeout(r, 50));
  expect(page.workers()).toHaveLength(0);
}

/** Deterministic 0/1 rows (an LCG, independent of the app's generator). */
function randomRows(rows: number, cols: number, seed: number): number[][] {
  let s = seed >>> 0;
  return Array.from({ length: rows }, () =>
    Array.from({ length: cols }, () => {
      s = (Math.imul(s, 1103515245) + 12345) >>> 0;
      return s >>> 31;
    }),
  );
}

/** P4: the first pixel in the high bit; the padding bits set to 1, which readers must ignore. */
function p4(rows: number[][]): Buffer {
  const cols = rows[0]!.length;
  const rowBytes = Math.ceil(cols / 8);
  const raster = Buffer.alloc(rows.length * rowBytes);
  rows.forEach((row, i) => {
    for (let b = 0; b < rowBytes; b++) {
      let byte = 0;
      for (let k = 0; k < 8; k++) byte |= (b * 8 + k < cols ? row[b * 8 + k]! : 1) << (7 - k);
      raster[i * rowBytes + b] = byte;
    }
  });
  return Buffer.concat([Buffer.from(`P4\n${cols} ${rows.length}\n`), raster]);
}

/** A sparse matrix as a MatrixMarket "coordinate pattern general" file (1-based indices). */
function matrixMarket(m: SparseBitMatrix): string {
  const lines = ["%%MatrixMarket matrix coordinate pattern general", `${m.rows} ${m.cols} ${m.colIndex.length}`];
  for (let i = 0; i < m.rows; i++) {
    for (let k = m.rowStart[i]!; k < m.rowStart[i + 1]!; k++) lines.push(`${i + 1} ${m.colIndex[k]! + 1}`);
  }
  return `${lines.join("\n")}\n`;
}

/** Starts keeping every text the file job's status line shows; the returned function reads them. */
async function watchStatus(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate((job) => {
    const status = document.querySelector(`${job} .explore-status`)!;
    const seen: string[] = [];
    (globalThis as { statusSeen?: string[] }).statusSeen = seen;
    new MutationObserver(() => seen.push(status.textContent ?? "")).observe(status, {
      childList: true,
      characterData: true,
      subtree: true,
    });
  }, JOB);
  return () => page.evaluate(() => (globalThis as { statusSeen?: string[] }).statusSeen ?? []);
}

/** Rank over GF(2) by plain Gauss-Jordan elimination on arrays. */
function plainRank(matrix: number[][]): number {
  const rows = matrix.map((row) => [...row]);
  const cols = rows[0]!.length;
  let rank = 0;
  for (let col = 0; col < cols && rank < rows.length; col++) {
    const pivot = rows.findIndex((row, k) => k >= rank && row[col] === 1);
    if (pivot < 0) continue;
    [rows[rank], rows[pivot]] = [rows[pivot]!, rows[rank]!];
    for (let k = 0; k < rows.length; k++) {
      if (k !== rank && rows[k]![col]) rows[k] = rows[k]!.map((v, j) => v ^ rows[rank]![j]!);
    }
    rank++;
  }
  return rank;
}

/**
 * Drops on the file panel a random n x n MatrixMarket file with 10 ones a
 * row, made in the page (a linear congruential generator from `seed`).
 */
async function dropRandomFile(page: Page, file: { n: number; seed: number; name: string }): Promise<void> {
  await page.evaluate(({ n, seed, name }) => {
    const parts = ["%%MatrixMarket matrix coordinate pattern general\n", `${n} ${n} ${10 * n}\n`];
    let t = seed;
    for (let i = 1; i <= n; i++) {
      let line = "";
      for (let k = 0; k < 10; k++) {
        t = (Math.imul(t, 1103515245) + 12345) >>> 0;
        line += `${i} ${(t % n) + 1}\n`;
      }
      parts.push(line);
    }
    const data = new DataTransfer();
    data.items.add(new File(parts, name));
    document
      .querySelector("#explore-file")!
      .dispatchEvent(new DragEvent("drop", { dataTransfer: data, bubbles: true, cancelable: true }));
  }, file);
}

/** Cancels the file job once it has reached `phase`, and checks that its worker is gone. */
async function cancelDuring(page: Page, phase: string): Promise<void> {
  await page.waitForFunction(
    ({ job, phase }) => (document.querySelector(job) as HTMLElement | null)?.dataset.phases?.includes(phase) === true,
    { job: JOB, phase },
    { timeout: 120_000 },
  );
  await page.click(`${JOB} button[data-action="cancel"]`);
  await waitState(page, "cancelled");
  await noWorkers(page);
}

test("a chosen P4 file: its rank, the phases reading then eliminating, and the limit shown", async () => {
  const page = await openExplore();
  await page.waitForFunction(() => document.querySelector("#explore-file-limit")?.textContent !== "");
  expect(await page.textContent("#explore-file-limit")).toMatch(
    /^Dense text and PBM files up to 180,942 x 180,942 entries/,
  );
  const matrix = randomRows(300, 261, 7);
  await page.setInputFiles("#explore-file-input", {
    name: "m.pbm",
    mimeType: "image/x-portable-bitmap",
    buffer: p4(matrix),
  });
  await waitState(page, "done");
  expect(await page.textContent("#explore-file .explore-answer")).toBe(
    `m.pbm: 300 x 261 (pbm), rank ${plainRank(matrix)} over GF(2).`,
  );
  expect(await page.getAttribute(JOB, "data-phases")).toBe("reading eliminating");
  expect(await page.textContent(`${JOB} .explore-status`)).toMatch(
    /^Done in [\d.]+ s: read in [\d.]+ s, eliminated in /,
  );
  // the worker that ranked it stays, with the echelon form, for the downloads (the next file or leaving the screen ends it)
  expect(await page.isEnabled('[data-action="echelon-pbm"]')).toBe(true);

  // P1 and dense text, dropped: the same panel reads every format.
  const plain = `P1\n# plain\n5 3\n${randomRows(3, 5, 3)
    .map((row) => row.join(" "))
    .join("\n")}\n`;
  await page.setInputFiles("#explore-file-input", {
    name: "p.pbm",
    mimeType: "image/x-portable-bitmap",
    buffer: Buffer.from(plain),
  });
  await waitState(page, "done");
  expect(await page.textContent("#explore-file .explore-answer")).toBe(
    `p.pbm: 3 x 5 (plain-pbm), rank ${plainRank(randomRows(3, 5, 3))} over GF(2).`,
  );
  await page.close();
});

test("bad files: what was expected and what was got, and no worker left running", async () => {
  const page = await openExplore();
  const cases: [string, Buffer, RegExp][] = [
    [
      "short.pbm",
      Buffer.concat([Buffer.from("P4\n16 3\n"), Buffer.alloc(5)]),
      /^short\.pbm: byte 13: expected 3 rows of 2 bytes/,
    ],
    [
      "p6.pbm",
      Buffer.from("P6\n1 1\n255\n"),
      /^p6\.pbm:1:1: expected the magic number P1 or P4 of a PBM file, got 'P6'/,
    ],
    ["empty.pbm", Buffer.from(""), /^empty\.pbm:1:1: expected the magic number P1 or P4, got the end of the file$/],
    ["zero.pbm", Buffer.from("P4 0 5\n"), /^zero\.pbm:1:4: expected a width in 1\.\.1073741824, got 0$/],
    // 200000 x 200000 bits pass the heap: refused at the header, before anything is allocated.
    [
      "huge.pbm",
      Buffer.from("P4 200000 200000\n"),
      /^huge\.pbm: an image 200000 pixels wide and 200000 high: .* needs 4\.66 GiB, but at most 3\.94 GiB fit/,
    ],
  ];
  for (const [name, buffer, message] of cases) {
    await page.setInputFiles("#explore-file-input", { name, mimeType: "image/x-portable-bitmap", buffer });
    await waitState(page, "error");
    expect(await page.textContent(`${JOB} .explore-status`)).toMatch(message);
    await noWorkers(page);
  }
  await page.close();
});

test("cancelling the read of a large file stops its worker", async () => {
  const page = await openExplore();
  // A 16384 x 16384 P4 (32 MiB) made in the page: reading and ranking it take far longer than a click.
  await page.evaluate(() => {
    const n = 16384;
    const raster = new Uint8Array((n * n) / 8);
    let s = 1;
    for (let k = 0; k < raster.length; k++) {
      s = (Math.imul(s, 1103515245) + 12345) >>> 0;
      raster[k] = s >>> 24;
    }
    const file = new File([`P4\n${n} ${n}\n`, raster], "big.pbm");
    const data = new DataTransfer();
    data.items.add(file);
    document
      .querySelector("#explore-file")!
      .dispatchEvent(new DragEvent("drop", { dataTransfer: data, bubbles: true, cancelable: true }));
  });
  // The job's worker is there (so that "no workers" below means it was stopped).
  for (let k = 0; k < 600 && page.workers().length === 0; k++) await new Promise((r) => setTimeout(r, 50));
  expect(page.workers().length).toBeGreaterThan(0);
  await page.click(`${JOB} button[data-action="cancel"]`);
  await waitState(page, "cancelled");
  await noWorkers(page);
  await page.close();
});

test("a sparse MatrixMarket file: read sparse, structured elimination, the limit in nonzeros; Cancel stops it", async () => {
  const page = await openExplore();
  await page.waitForFunction(() => document.querySelector("#explore-file-limit")?.textContent !== "");
  expect(await page.textContent("#explore-file-limit")).toMatch(
    /MatrixMarket files are read sparse: up to [\d,]+ nonzeros/,
  );
  // The incidence matrix of a graph of 120,000 vertices in 40 blocks of 3,000, each block a random tree
  // (vertex v joined to a random earlier vertex of its block) plus as many random edges inside it:
  // 40 components by construction, so rank 120,000 - 40 (vertices - components).
  const vertices = 120_000;
  const block = 3000;
  const edges: number[] = [];
  let s = 11;
  const random = (n: number) => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return (s >>> 8) % n;
  };
  for (let v = 0; v < vertices; v++) {
    const base = v - (v % block);
    if (v > base) edges.push(v, base + random(v - base));
    edges.push(v, base + random(block));
  }
  const lines = [`%%MatrixMarket matrix coordinate pattern general`, `${vertices} ${edges.length / 2} ${edges.length}`];
  for (let e = 0; e < edges.length / 2; e++)
    lines.push(`${edges[2 * e]! + 1} ${e + 1}`, `${edges[2 * e + 1]! + 1} ${e + 1}`);
  await page.setInputFiles("#explore-file-input", {
    name: "g.mtx",
    mimeType: "text/plain",
    buffer: Buffer.from(`${lines.join("\n")}\n`),
  });
  await waitState(page, "done");
  const rank = vertices - vertices / block;
  const answer = await page.textContent("#explore-file .explore-answer");
  expect(answer).toMatch(
    /^g\.mtx: 120,000 x [\d,]+ \(matrix-market, read sparse: [\d,]+ nonzeros, structured elimination\), rank /,
  );
  expect(answer).toContain(`rank ${rank.toLocaleString("en-US")} over GF(2).`);
  expect(await page.getAttribute(JOB, "data-phases")).toMatch(/^reading structured/);
  // no echelon form is kept for a sparse file: no downloads
  expect(await page.isVisible('[data-action="echelon-pbm"]')).toBe(false);

  // A random 150,000 x 150,000 with 10 ones a row fills in for a long while: Cancel stops its worker mid-elimination.
  await dropRandomFile(page, { n: 150_000, seed: 5, name: "r.mtx" });
  await cancelDuring(page, "structured");
  await page.close();
});

test("a sparse MatrixMarket file by block Wiedemann: the exact route's rank, Monte Carlo with its guarantee; the choice kept", async () => {
  // 3,000 x 3,000, about 10 ones a row; its rank from the library's exact route, in this process
  const matrix = randomSparseMatrix(3000, 3000, 10, 7);
  const rank = sparseRank(matrix, { method: "structured" }).rank;
  const said = `rank ${rank.toLocaleString("en-US")} over GF(2).`;
  const page = await openExplore();
  const method = "#explore-file-method";
  // exact by default, labelled, and described as applying to MatrixMarket files only
  expect(await page.inputValue(method)).toBe("auto");
  expect(await page.textContent(`label[for="explore-file-method"]`)).toMatch(/^Method/);
  expect(await page.$$eval(`${method} option`, (all) => all.map((o) => o.textContent))).toEqual([
    "exact (structured elimination)",
    "block Wiedemann (Monte Carlo)",
  ]);
  expect(await page.textContent("#explore-file-method-hint")).toMatch(
    /^For MatrixMarket files \(read sparse\); dense text and PBM files are always ranked exactly\./,
  );
  await page.setInputFiles("#explore-file-input", {
    name: "r.mtx",
    mimeType: "text/plain",
    buffer: Buffer.from(matrixMarket(matrix)),
  });
  await waitState(page, "done");
  const exact = await page.textContent("#explore-file .explore-answer");
  expect(exact).toContain(`, ${said}`);
  expect(exact).not.toContain("Monte Carlo");

  // the same file again, by block Wiedemann: the same rank, said to be Monte Carlo, with what is proven
  await page.selectOption(method, "wiedemann");
  const statuses = await watchStatus(page);
  await page.click(`${JOB} button[data-action="start"]`);
  await waitState(page, "done");
  // each phase's first report reaches the page, in words
  const seen = await statuses();
  expect(seen.some((text) => /^Block Wiedemann, the sequence: [\d,]+ of [\d,]+ terms/.test(text))).toBe(true);
  expect(seen.some((text) => /^Block Wiedemann, Berlekamp-Massey: [\d,]+ of [\d,]+ steps/.test(text))).toBe(true);
  const answer = await page.textContent("#explore-file .explore-answer");
  expect(answer).toMatch(
    /^r\.mtx: 3,000 x 3,000 \(matrix-market, read sparse: [\d,]+ nonzeros, block Wiedemann\), rank [\d,]+ over GF\(2\)\. Monte Carlo: /,
  );
  expect(answer).toContain(`, ${said} Monte Carlo: rank <= ${rank} proven (`);
  expect(answer).toContain(`rank = ${rank} with probability >= 1 - 2^-40`);
  expect(await page.getAttribute(JOB, "data-phases")).toMatch(/^reading sequence berlekamp-massey/);
  expect(await page.textContent(`${JOB} .explore-status`)).toMatch(
    /^Done in [\d.]+ s: read in [\d.]+ s, ranked by block Wiedemann in [\d.]+ s \(sequence [\d.]+ s, Berlekamp-Massey [\d.]+ s, kernel vectors [\d.]+ s\) on \d+ threads?\.$/,
  );
  await (await page.$("#explore-file"))!.screenshot({ path: `${artifactsDir}explore-file-wiedemann.png` });
  // no echelon form from a sparse route: no downloads, and the worker is gone
  expect(await page.isVisible('[data-action="echelon-pbm"]')).toBe(false);
  await noWorkers(page);

  // the choice is remembered: a reload offers block Wiedemann again, and runs it
  await page.reload();
  await page.waitForSelector(JOB);
  expect(await page.inputValue(method)).toBe("wiedemann");
  // Cancel mid-run: a random 100,000 x 100,000 file with 10 ones a row (made in the page) takes block
  // Wiedemann far longer than a click; its worker is stopped.
  await dropRandomFile(page, { n: 100_000, seed: 9, name: "big.mtx" });
  await cancelDuring(page, "sequence");
  await page.close();
});

/** The CLI's answer for a matrix file (`lightsout rank FILE --json`), to check Explore's against. */
function cliRank(cli: string, path: string): { rank: number; ms: number } {
  return JSON.parse(execFileSync(process.execPath, [cli, "rank", path, "--json"], { encoding: "utf8" }));
}

/** Chooses `path` on a fresh Explore page and waits for its rank: the page, the wall time and the answer. */
async function chooseTimed(
  path: string,
  timeout: number,
): Promise<{ page: Page; wall: number; answer: string | null }> {
  const page = await openExplore();
  const t0 = performance.now();
  await page.setInputFiles("#explore-file-input", path);
  await waitState(page, "done", timeout);
  const wall = performance.now() - t0;
  return { page, wall, answer: await page.textContent("#explore-file .explore-answer") };
}

// The numbers of docs/BENCHMARKS.md, section "Matrix files": a 16384 x 16384 PBM chosen on Explore,
// its rank checked against the CLI's; then 32768 x 32768 (128 MiB) completes.
// LIGHTSOUT_SLOW=1 npx vitest run e2e/explore-files.test.ts -t measure
// Other sizes, N:repeats: LIGHTSOUT_SIZES=65536:1 (512 MiB; section "Dense GF(2) beyond Four Russians").
const measured = (process.env.LIGHTSOUT_SIZES ?? "16384:3,32768:1").split(",").map((s) => s.split(":").map(Number));
test.runIf(process.env.LIGHTSOUT_SLOW === "1")(
  "measure: 16384 and 32768 PBM files on Explore",
  async () => {
    const cli = fileURLToPath(new URL("../../cli/dist/cli.js", import.meta.url));
    for (const [n = 0, repeats = 1] of measured) {
      // Random bytes for the raster (an LCG): N divisible by 8, so no padding bits.
      const raster = Buffer.alloc((n * n) / 8);
      let s = n;
      for (let k = 0; k < raster.length; k++) {
        s = (Math.imul(s, 1103515245) + 12345) >>> 0;
        raster[k] = s >>> 24;
      }
      const path = join(folder, `m${n}.pbm`);
      writeFileSync(path, Buffer.concat([Buffer.from(`P4\n${n} ${n}\n`), raster]));
      const expected = cliRank(cli, path);
      for (let r = 0; r < repeats; r++) {
        const { page, wall, answer } = await chooseTimed(path, 3_600_000);
        expect(answer).toBe(
          `m${n}.pbm: ${n.toLocaleString("en-US")} x ${n.toLocaleString("en-US")} (pbm), rank ${expected.rank.toLocaleString("en-US")} over GF(2).`,
        );
        console.log(
          `N = ${n}: ${answer} ${await page.textContent(`${JOB} .explore-status`)} Wall time from choosing the file: ${(wall / 1000).toFixed(2)} s; CLI rank ${expected.rank}.`,
        );
        expect(await page.isEnabled('[data-action="echelon-pbm"]')).toBe(true);
        await page.close();
      }
    }
  },
  7_200_000,
);

// The numbers of docs/BENCHMARKS.md, section "Sparse GF(2)": the incidence matrix of a random graph with
// 10^6 vertices and 10^6 edges as a MatrixMarket file chosen on Explore, its rank checked against the CLI's.
// LIGHTSOUT_SLOW=1 npx vitest run e2e/explore-files.test.ts -t "measure: a sparse"
test.runIf(process.env.LIGHTSOUT_SLOW === "1")("measure: a sparse 10^6-vertex incidence file on Explore", async () => {
  const cli = fileURLToPath(new URL("../../cli/dist/cli.js", import.meta.url));
  const vertices = 1_000_000;
  let s = 2;
  const lines = ["%%MatrixMarket matrix coordinate pattern general", `${vertices} ${vertices} ${2 * vertices}`];
  for (let e = 1; e <= vertices; e++) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    const u = (s >>> 8) % vertices;
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    lines.push(`${u + 1} ${e}`, `${((s >>> 8) % vertices) + 1} ${e}`);
  }
  const path = join(folder, "inc1m.mtx");
  writeFileSync(path, `${lines.join("\n")}\n`);
  const expected = cliRank(cli, path);
  const { page, wall, answer } = await chooseTimed(path, 600_000);
  expect(answer).toContain(`rank ${expected.rank.toLocaleString("en-US")} over GF(2).`);
  console.log(
    `${answer} ${await page.textContent(`${JOB} .explore-status`)} Phases: ${await page.getAttribute(JOB, "data-phases")}. Wall time from choosing the file: ${(wall / 1000).toFixed(2)} s; CLI ${expected.ms} ms, rank ${expected.rank}.`,
  );
  await page.close();
});

// Block Wiedemann on Explore: a random 200,000 x 200,000 file with 10 ones a row (the matrix of
// docs/BENCHMARKS.md, "Block Wiedemann": randomSparseMatrix(200000, 200000, 10, 1), rank 199,988).
// LIGHTSOUT_SLOW=1 npx vitest run e2e/explore-files.test.ts -t "measure: a random sparse"
test.runIf(process.env.LIGHTSOUT_SLOW === "1")(
  "measure: a random sparse 200,000 x 200,000 file by block Wiedemann on Explore",
  async () => {
    const path = join(folder, "random200k.mtx");
    writeFileSync(path, matrixMarket(randomSparseMatrix(200_000, 200_000, 10, 1)));
    const page = await openExplore();
    await page.selectOption("#explore-file-method", "wiedemann");
    const statuses = await watchStatus(page);
    // the page's main thread during the run: Long Tasks API entries (the work is all in the worker)
    await page.evaluate(() => {
      const w = window as unknown as { longTasks: number[] };
      w.longTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.longTasks.push(entry.duration);
      }).observe({ type: "longtask" });
    });
    const t0 = performance.now();
    await page.setInputFiles("#explore-file-input", path);
    await waitState(page, "done", 3_600_000);
    const wall = performance.now() - t0;
    const longTasks = await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks);
    // what the status line said along the way: the first, middle and last text of each phase
    const seen = (await statuses()).filter((text) => text.startsWith("Block Wiedemann"));
    const phases = new Map<string, string[]>();
    for (const text of seen) {
      const name = text.slice(0, text.indexOf(":"));
      phases.set(name, [...(phases.get(name) ?? []), text]);
    }
    const sample = [...phases.values()].flatMap((texts) => [
      ...new Set([texts[0]!, texts[texts.length >> 1]!, texts.at(-1)!]),
    ]);
    console.log(sample.join("\n"));
    const answer = await page.textContent("#explore-file .explore-answer");
    expect(answer).toContain("block Wiedemann), rank 199,988 over GF(2). Monte Carlo: ");
    console.log(
      `${answer} ${await page.textContent(`${JOB} .explore-status`)} Phases: ${await page.getAttribute(JOB, "data-phases")}. Threads: ${await page.getAttribute(JOB, "data-threads")}. Wall time from choosing the file: ${(wall / 1000).toFixed(2)} s. Long tasks on the page meanwhile: ${longTasks.length}${longTasks.length ? `, longest ${Math.max(...longTasks).toFixed(0)} ms` : ""}.`,
    );
    await page.close();
  },
  3_600_000,
);
