// Explore for researchers: buttons readable in both themes (the contrast
// computed from the rendered colours), chart labels readable on a phone with
// numbers written one way, and "One n" that clears the old answer and shows
// its estimate and progress.

import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { type E2E, startE2E } from "./_browser.js";

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

const job = (name: string) => `[data-job="${name}"]`;

/** The WCAG contrast ratio of every enabled button of the screen: its text colour against the background it sits on. */
function buttonContrasts(page: Page): Promise<{ label: string; ratio: number }[]> {
  return page.$$eval("main button:not(:disabled)", (buttons) => {
    const rgba = (text: string) => {
      const m = text.match(/rgba?\(([^)]+)\)/);
      const [r = 0, g = 0, b = 0, a = 1] = (m?.[1] ?? "0,0,0,0")
        .split(/[ ,/]+/)
        .filter(Boolean)
        .map(Number);
      return { r, g, b, a: m ? a : 0 };
    };
    const channel = (v: number) => {
      const c = v / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    const luminance = ({ r, g, b }: { r: number; g: number; b: number }) =>
      0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    /** The first opaque background from the element up (the page's canvas colour at the end). */
    const background = (el: Element | null): { r: number; g: number; b: number } => {
      for (let e = el; e; e = e.parentElement) {
        const c = rgba(getComputedStyle(e).backgroundColor);
        if (c.a >= 0.99) return c;
      }
      return rgba(getComputedStyle(document.documentElement).backgroundColor || "rgb(255,255,255)");
    };
    return buttons
      .filter((b) => (b as HTMLElement).offsetParent !== null)
      .map((b) => {
        const fg = luminance(rgba(getComputedStyle(b).color));
        const bg = luminance(background(b));
        const ratio = (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05);
        return { label: b.textContent ?? "", ratio: Math.round(ratio * 100) / 100 };
      });
  });
}

test("Explore's buttons reach 4.5:1 against their background in the light and the dark theme", async () => {
  const page = await e2e.open("explore");
  await page.waitForSelector(job("Nullity sweep"));
  for (const theme of ["light", "dark"]) {
    if ((await page.evaluate(() => document.documentElement.dataset.theme ?? "light")) !== theme)
      await page.click(".theme-toggle");
    await page.waitForFunction((t) => (document.documentElement.dataset.theme ?? "light") === t, theme);
    const contrasts = await buttonContrasts(page);
    expect(contrasts.length).toBeGreaterThan(3);
    for (const c of contrasts) expect({ theme, ...c, ok: c.ratio >= 4.5 }).toMatchObject({ ok: true });
  }
  await page.close();
});

test("the chart's labels are readable on a phone, its numbers grouped the same way; One n clears the old answer and shows its estimate", async () => {
  const page = await e2e.open("explore");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForSelector(".explore-chart svg text");
  const sizes = await page.$$eval(".explore-chart .axes text", (texts) =>
    texts.map((t) => t.getBoundingClientRect().height),
  );
  expect(Math.min(...sizes)).toBeGreaterThanOrEqual(10);
  // every tick label grouped ("9,000" beside "10,000", never "9000"), and the form's values too
  expect(await page.inputValue("#sweep-to")).toBe("10,000");
  await page.fill("#sweep-from", "9,990");
  await page.click(`${job("Nullity sweep")} button[data-action="start"]`);
  await page.waitForSelector(`${job("Nullity sweep")}[data-state="done"]`, { state: "attached" });
  const labels = await page.$$eval(".explore-chart .axes text:not(.title)", (t) => t.map((x) => x.textContent));
  expect(labels).toContain("10,000");
  for (const label of labels) expect(label).toMatch(/^\d{1,3}(,\d{3})*$/);
  expect(await page.textContent(".explore-readout")).not.toMatch(/\d{4}/);

  await page.fill("#single-n", "20");
  await page.click(`${job("Single nullity")} button[data-action="start"]`);
  await page.waitForSelector(`${job("Single nullity")}[data-state="done"]`, { state: "attached" });
  expect(await page.textContent("#explore-single + .explore-answer")).toContain("20 x 20");
  // a new n: the old answer goes at once, the estimate shows while it runs
  await page.fill("#single-n", "3000000");
  await page.click(`${job("Single nullity")} button[data-action="start"]`);
  expect(await page.textContent("#explore-single + .explore-answer")).toBe("");
  expect(await page.textContent(`${job("Single nullity")}`)).toMatch(/estimated \d+ s on a 2-core machine/);
  await page.click(`${job("Single nullity")} button[data-action="cancel"]`);
  await page.waitForSelector(`${job("Single nullity")}[data-state="cancelled"]`, { state: "attached" });
  await page.close();
});

test("a chase matrix is shown one screen pixel per entry, zoomed and panned, and downloaded as a PNG of its pixels", async () => {
  const page = await e2e.open("explore");
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.waitForSelector(job("Chase matrix"));
  await page.fill("#explore-chase-n", "1024");
  await page.click(`${job("Chase matrix")} button[data-action="start"]`);
  await page.waitForSelector(`${job("Chase matrix")}[data-state="done"]`, { state: "attached", timeout: 60_000 });
  const size = () =>
    page.$eval("#explore-chase canvas", (c) => ({
      pixels: (c as HTMLCanvasElement).width,
      device: c.getBoundingClientRect().width * devicePixelRatio,
    }));
  // 1:1 by default: 1024 entries on 1024 device pixels, not scaled to 512 (no moiré)
  expect(await size()).toEqual({ pixels: 1024, device: 1024 });
  expect(await page.textContent("[data-testid=picture-scale]")).toMatch(/^One screen pixel per entry/);
  await page.click('#explore-chase [data-zoom="4"]');
  expect((await size()).device).toBe(4096);
  // the window scrolls; a drag pans it
  const win = "#explore-chase .explore-picture-window";
  const box = (await page.$eval(win, (w) => w.getBoundingClientRect().toJSON())) as DOMRect;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 - 200, box.y + box.height / 2 - 100, { steps: 4 });
  await page.mouse.up();
  expect(await page.$eval(win, (w) => ({ left: w.scrollLeft, top: w.scrollTop }))).toEqual({ left: 200, top: 100 });
  await page.click('#explore-chase [data-zoom="0"]');
  expect(await page.textContent("[data-testid=picture-scale]")).toMatch(/scaled, not one pixel per entry/);

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.click('#explore-chase [data-action="png"]'),
  ]);
  expect(download.suggestedFilename()).toBe("chase-1024.png");
  const png = readFileSync((await download.path())!);
  expect(png.subarray(1, 4).toString()).toBe("PNG");
  expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1024, 1024]); // IHDR: width, height
  await page.close();
});

/** The n x n Lights Out press matrix as rows of 0/1 (written out here independently). */
function pressRows(n: number): number[][] {
  return Array.from({ length: n * n }, (_, i) =>
    Array.from({ length: n * n }, (_, j) =>
      Math.abs(Math.floor(i / n) - Math.floor(j / n)) + Math.abs((i % n) - (j % n)) <= 1 ? 1 : 0,
    ),
  );
}

/** Reads a P4 file: its size and rows of bits. */
function readP4(bytes: Buffer): { cols: number; rows: number; bits: number[][] } {
  const head = /^P4\n(\d+) (\d+)\n/.exec(bytes.subarray(0, 40).toString("latin1"))!;
  const [cols, rows] = [Number(head[1]), Number(head[2])];
  const rowBytes = Math.ceil(cols / 8);
  const bits = Array.from({ length: rows }, (_, r) =>
    Array.from({ length: cols }, (_, c) => (bytes[head[0].length + r * rowBytes + (c >> 3)]! >> (7 - (c & 7))) & 1),
  );
  return { cols, rows, bits };
}

test("rank of a file: threads and time per phase, and the echelon form and the kernel basis downloaded as PBM", async () => {
  const page = await e2e.open("explore");
  await page.waitForSelector(job("Matrix rank"));
  const a = pressRows(5);
  await page.setInputFiles("#explore-file-input", {
    name: "lights-out-5.txt",
    mimeType: "text/plain",
    buffer: Buffer.from(`${a.map((r) => r.join("")).join("\n")}\n`),
  });
  await page.waitForSelector(`${job("Matrix rank")}[data-state="done"]`, { state: "attached" });
  expect(await page.textContent(`${job("Matrix rank")} .explore-status`)).toMatch(
    /^Done in [\d.]+ s: read in [\d.]+ s, eliminated in [\d.]+ s on 1 thread\.$/,
  );

  const save = async (action: string) => {
    const [download] = await Promise.all([page.waitForEvent("download"), page.click(`[data-action="${action}"]`)]);
    return { name: download.suggestedFilename(), file: readP4(readFileSync((await download.path())!)) };
  };
  const kernel = await save("kernel-pbm");
  expect(kernel.name).toBe("lights-out-5-kernel.pbm");
  expect([kernel.file.rows, kernel.file.cols]).toEqual([2, 25]); // nullity 2, the classic result
  // each basis vector x: A x = 0; the two are distinct and non-zero
  for (const x of kernel.file.bits) {
    expect(x.some((v) => v === 1)).toBe(true);
    for (const row of a) expect(row.reduce((s, v, j) => s ^ (v & x[j]!), 0)).toBe(0);
  }
  expect(kernel.file.bits[0]).not.toEqual(kernel.file.bits[1]);
  expect(await page.textContent("[data-testid=file-download]")).toMatch(/^Kernel basis: 2 vectors of 25 entries/);
  const echelon = await save("echelon-pbm");
  expect(echelon.name).toBe("lights-out-5-echelon.pbm");
  expect([echelon.file.rows, echelon.file.cols]).toEqual([25, 25]);
  // a row echelon form: 23 non-zero rows first, each starting right of the one above
  const leads = echelon.file.bits.map((r) => r.indexOf(1));
  expect(leads.filter((l) => l >= 0)).toHaveLength(23);
  for (let i = 1; i < 23; i++) expect(leads[i]!).toBeGreaterThan(leads[i - 1]!);

  // a 4096 x 4096 PBM is eliminated by the helper threads where the page can share memory
  const side = 4096;
  const raster = Buffer.alloc((side / 8) * side);
  let seed = 7;
  for (let i = 0; i < raster.length; i++) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    raster[i] = seed >>> 24;
  }
  await page.setInputFiles("#explore-file-input", {
    name: "random.pbm",
    mimeType: "image/x-portable-bitmap",
    buffer: Buffer.concat([Buffer.from(`P4\n${side} ${side}\n`), raster]),
  });
  await page.waitForSelector(`${job("Matrix rank")}[data-state="done"]`, { state: "attached", timeout: 60_000 });
  const threads = Number(await page.getAttribute(job("Matrix rank"), "data-threads"));
  const shared = await page.evaluate(() => crossOriginIsolated && navigator.hardwareConcurrency > 1);
  expect(threads > 1).toBe(shared);
  expect(await page.textContent(`${job("Matrix rank")} .explore-status`)).toContain(
    `on ${threads} thread${threads === 1 ? "" : "s"}.`,
  );
  await page.close();
});

/** The nullity over GF(2) of the m x n grid's (or torus') press matrix, by plain elimination here. */
function nullityByElimination(m: number, n: number, torus: boolean): number {
  const cells = m * n;
  const rows = Array.from({ length: cells }, (_, i) => {
    const row = new Uint8Array(cells);
    const [r, c] = [Math.floor(i / n), i % n];
    for (const [dr, dc] of [
      [0, 0],
      [1, 0],
      [-1, 0],
      [0, 1],
      [0, -1],
    ] as const) {
      let [rr, cc] = [r + dr, c + dc];
      if (torus) [rr, cc] = [(rr + m) % m, (cc + n) % n];
      if (rr >= 0 && rr < m && cc >= 0 && cc < n) row[rr * n + cc]! ^= 1;
    }
    return row;
  });
  let rank = 0;
  for (let col = 0; col < cells && rank < cells; col++) {
    const pivot = rows.findIndex((row, i) => i >= rank && row[col] === 1);
    if (pivot < 0) continue;
    [rows[rank], rows[pivot]] = [rows[pivot]!, rows[rank]!];
    for (let i = 0; i < cells; i++)
      if (i !== rank && rows[i]![col]) for (let j = col; j < cells; j++) rows[i]![j]! ^= rows[rank]![j]!;
    rank++;
  }
  return cells - rank;
}

test("sweeps of m x n grids with m fixed and of n x n tori stream into the same chart, checked by elimination", async () => {
  const page = await e2e.open("explore");
  await page.waitForSelector(job("Nullity sweep"));
  const sweep = async (kind: string, from: string, to: string, m?: string) => {
    await page.selectOption("#sweep-kind", kind);
    if (m) await page.fill("#sweep-m", m);
    await page.fill("#sweep-from", from);
    await page.fill("#sweep-to", to);
    await page.click(`${job("Nullity sweep")} button[data-action="start"]`);
    await page.waitForSelector(`${job("Nullity sweep")}[data-state="done"]`, { state: "attached" });
    const [download] = await Promise.all([page.waitForEvent("download"), page.click('[data-action="csv"]')]);
    const lines = readFileSync((await download.path())!, "utf8")
      .trim()
      .split("\n")
      .slice(1);
    return { name: download.suggestedFilename(), values: lines.map((l) => l.split(",").map(Number)) };
  };
  const rows = await sweep("rows", "1", "40", "5");
  expect(rows.name).toBe("nullity-5xn.csv");
  expect(await page.textContent(".explore-chart figcaption")).toBe(
    "Nullity of the 5 x n board (dimension of its quiet patterns) against n",
  );
  expect(await page.textContent("[data-testid=sweep-estimate]")).toMatch(/^No time estimate for m x n boards/);
  expect(rows.values).toEqual(Array.from({ length: 40 }, (_, i) => [i + 1, nullityByElimination(5, i + 1, false)]));
  const tori = await sweep("torus", "1", "20");
  expect(tori.name).toBe("nullity-torus.csv");
  expect(tori.values).toEqual(Array.from({ length: 20 }, (_, i) => [i + 1, nullityByElimination(i + 1, i + 1, true)]));
  await page.close();
});

/** The nullity over Z_p (p prime) of the n x n grid's press matrix, by plain elimination here. */
function nullityModP(n: number, p: number): number {
  const cells = n * n;
  const rows = Array.from({ length: cells }, (_, i) => {
    const row = new Array<number>(cells).fill(0);
    const [r, c] = [Math.floor(i / n), i % n];
    for (const [dr, dc] of [
      [0, 0],
      [1, 0],
      [-1, 0],
      [0, 1],
      [0, -1],
    ] as const) {
      const [rr, cc] = [r + dr, c + dc];
      if (rr >= 0 && rr < n && cc >= 0 && cc < n) row[rr * n + cc] = 1;
    }
    return row;
  });
  const inverse = (a: number) => {
    for (let x = 1; x < p; x++) if ((a * x) % p === 1) return x;
    throw new Error("not invertible");
  };
  let rank = 0;
  for (let col = 0; col < cells && rank < cells; col++) {
    const pivot = rows.findIndex((row, i) => i >= rank && row[col]! % p !== 0);
    if (pivot < 0) continue;
    [rows[rank], rows[pivot]] = [rows[pivot]!, rows[rank]!];
    const inv = inverse(rows[rank]![col]!);
    rows[rank] = rows[rank]!.map((v) => (v * inv) % p);
    for (let i = 0; i < cells; i++) {
      const f = rows[i]![col]!;
      if (i !== rank && f) rows[i] = rows[i]!.map((v, j) => (((v - f * rows[rank]![j]!) % p) + p) % p);
    }
    rank++;
  }
  return cells - rank;
}

test("a sweep over Z_3 streams the library's nullities into the chart, checked by elimination mod 3", async () => {
  const page = await e2e.open("explore");
  await page.waitForSelector(job("Nullity sweep"));
  await page.selectOption("#sweep-kind", "zk");
  await page.fill("#sweep-k", "3");
  await page.fill("#sweep-from", "1");
  await page.fill("#sweep-to", "12");
  await page.click(`${job("Nullity sweep")} button[data-action="start"]`);
  await page.waitForSelector(`${job("Nullity sweep")}[data-state="done"]`, { state: "attached" });
  expect(await page.textContent(".explore-chart figcaption")).toMatch(/^Nullity over Z_3 of the n x n board/);
  const [download] = await Promise.all([page.waitForEvent("download"), page.click('[data-action="csv"]')]);
  expect(download.suggestedFilename()).toBe("nullity-z3.csv");
  const values = readFileSync((await download.path())!, "utf8")
    .trim()
    .split("\n")
    .slice(1);
  expect(values).toEqual(Array.from({ length: 12 }, (_, i) => `${i + 1},${nullityModP(i + 1, 3)}`));
  // beyond the Z_k limit the form says so
  await page.fill("#sweep-to", "500");
  await page.click(`${job("Nullity sweep")} button[data-action="start"]`);
  expect(await page.textContent(`${job("Nullity sweep")} .explore-status`)).toBe(
    'To n expected an integer in 1..200, got "500"',
  );
  await page.close();
});

test("the all-on solve's certificate: its presses download as PBM, and pressing them clears the all-on board", async () => {
  const page = await e2e.open("explore");
  await page.waitForSelector(job("All-on solve"));
  await page.fill("#explore-solve-n", "100");
  await page.click(`${job("All-on solve")} button[data-action="start"]`);
  await page.waitForSelector(`${job("All-on solve")}[data-state="done"]`, { state: "attached", timeout: 60_000 });
  const [download] = await Promise.all([page.waitForEvent("download"), page.click('[data-action="presses-pbm"]')]);
  expect(download.suggestedFilename()).toBe("solve-100-presses.pbm");
  const { rows, cols, bits } = readP4(readFileSync((await download.path())!));
  expect([rows, cols]).toEqual([100, 100]);
  // checked here: every cell toggled by its own and its neighbours' presses, an odd number of times
  for (let r = 0; r < 100; r++)
    for (let c = 0; c < 100; c++) {
      let toggles = bits[r]![c]!;
      if (r > 0) toggles += bits[r - 1]![c]!;
      if (r < 99) toggles += bits[r + 1]![c]!;
      if (c > 0) toggles += bits[r]![c - 1]!;
      if (c < 99) toggles += bits[r]![c + 1]!;
      expect(toggles % 2).toBe(1);
    }
  expect(await page.textContent("[data-testid=explore-solve-pbm]")).toMatch(/^Presses: 100 x 100, 1 = press/);
  await page.close();
});
