// Big boards on the canvas view: pressing by pointer and keyboard, zoom and
// pan, and the solution and proof overlays read back from the drawn pixels and
// checked here with plain loops.

import { quietPatterns, gridBoard } from "@lightsout/core";
import { squareNullity } from "@lightsout/core/nullity";
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

const BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
/** The link's packing of 0/1 lights, six to a character, written out here independently. */
function pack(bits: number[]): string {
  let out = "";
  for (let i = 0; i < bits.length; i += 6) {
    let v = 0;
    for (let b = 0; b < 6; b++) v = v * 2 + (bits[i + b] ?? 0);
    out += BASE64URL[v];
  }
  return out;
}

/** The plus press of (r, c) on an n x n rectangle: the cells it toggles. */
function plus(n: number, r: number, c: number): number[] {
  const out: number[] = [];
  for (const [dr, dc] of [
    [0, 0],
    [1, 0],
    [-1, 0],
    [0, 1],
    [0, -1],
  ] as const) {
    const rr = r + dr;
    const cc = c + dc;
    if (rr >= 0 && rr < n && cc >= 0 && cc < n) out.push(rr * n + cc);
  }
  return out;
}

interface Geometry {
  left: number;
  top: number;
  scale: number;
  ox: number;
  oy: number;
}
const geometry = (page: Page): Promise<Geometry> =>
  page.$eval("canvas.board-canvas", (canvas) => {
    const r = canvas.getBoundingClientRect();
    const d = (canvas as HTMLElement).dataset;
    return { left: r.left, top: r.top, scale: Number(d.scale), ox: Number(d.ox), oy: Number(d.oy) };
  });

/** Page coordinates of the centre of cell (r, c). */
async function centre(page: Page, r: number, c: number): Promise<[number, number]> {
  const g = await geometry(page);
  return [g.left + g.ox + (c + 0.5) * g.scale, g.top + g.oy + (r + 0.5) * g.scale];
}

/** The cells whose pixel at (dx, dy) of the cell (fractions of its size) has the colour of a CSS token. */
function cellsColoured(page: Page, n: number, token: string, dx: number, dy: number): Promise<number[]> {
  return page.$eval(
    "canvas.board-canvas",
    (canvas, [n, token, dx, dy]) => {
      const c = canvas as HTMLCanvasElement;
      const probe = document.createElement("canvas").getContext("2d")!;
      probe.fillStyle = getComputedStyle(c)
        .getPropertyValue(token as string)
        .trim();
      probe.fillRect(0, 0, 1, 1);
      const want = probe.getImageData(0, 0, 1, 1).data;
      const d = c.dataset;
      const dpr = c.width / c.clientWidth;
      const scale = Number(d.scale);
      const pixels = c.getContext("2d")!.getImageData(0, 0, c.width, c.height);
      const out: number[] = [];
      for (let r = 0; r < (n as number); r++) {
        for (let col = 0; col < (n as number); col++) {
          const x = Math.floor((Number(d.ox) + (col + (dx as number)) * scale) * dpr);
          const y = Math.floor((Number(d.oy) + (r + (dy as number)) * scale) * dpr);
          const i = (y * pixels.width + x) * 4;
          const near = [0, 1, 2].every((k) => Math.abs(pixels.data[i + k]! - want[k]!) < 24);
          if (near) out.push(r * (n as number) + col);
        }
      }
      return out;
    },
    [n, token, dx, dy] as const,
  );
}

const status = (page: Page) => page.textContent("[data-testid=status]");

test("33 x 33: a click presses the cell under the pointer; zoom and drag move the view, not the lights", async () => {
  const n = 33;
  const lights = new Array(n * n).fill(0);
  for (const i of plus(n, 16, 16)) lights[i] = 1;
  const page = await e2e.open(`play?g=${n}x${n}&l=${pack(lights)}`);
  await page.waitForSelector("canvas.board-canvas[data-scale]");
  const before = await geometry(page);
  await page.click("[data-zoom=in]");
  await page.waitForFunction(
    (s) => Number(document.querySelector<HTMLElement>("canvas")!.dataset.scale) > s,
    before.scale,
  );
  // drag: the view pans, nothing is pressed
  const [x, y] = await centre(page, 16, 16);
  const panned = (await geometry(page)).ox;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 40, y + 30, { steps: 4 });
  await page.mouse.up();
  await page.waitForFunction((ox) => Number(document.querySelector<HTMLElement>("canvas")!.dataset.ox) !== ox, panned);
  expect(await page.textContent("[data-testid=moves]")).toBe("0");
  // wheel zooms too
  const zoomed = (await geometry(page)).scale;
  await page.mouse.move(x, y);
  await page.mouse.wheel(0, -200);
  await page.waitForFunction((s) => Number(document.querySelector<HTMLElement>("canvas")!.dataset.scale) > s, zoomed);
  // a click presses the cell under the pointer, wherever the view is now
  const [cx, cy] = await centre(page, 16, 16);
  await page.mouse.click(cx, cy);
  expect(await status(page)).toMatch(/Lights out! Solved in 1 move/);
  await page.click("[data-zoom=fit]");
  await e2e.screenshot(page, "play-canvas");
  await page.close();
});

test("34 x 34: the solution overlay, read from the pixels, clears the board when pressed", async () => {
  const page = await e2e.open("play");
  await page.waitForSelector(".board [data-cell]");
  await page.fill("input[name=rows]", "34");
  await page.fill("input[name=cols]", "34");
  await page.fill("input[name=seed]", "5");
  await page.click("[data-action=new]");
  await page.waitForSelector("canvas.board-canvas[data-scale]");
  await page.click("[data-action=solution]");
  await page.waitForFunction(() =>
    /the solution marks \d+/.test(document.querySelector("[data-testid=board-summary]")?.textContent ?? ""),
  );
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  const presses = await cellsColoured(page, 34, "--danger", 0.45, 0.45);
  const marked = Number((await page.textContent("[data-testid=board-summary]"))!.match(/the solution marks (\d+)/)![1]);
  expect(presses.length).toBe(marked);
  // the marks, pressed with plain loops, clear the lights the link carries
  const params = new URLSearchParams((await page.evaluate(() => location.hash)).split("?")[1]);
  const packed = params.get("l")!;
  const start: number[] = [];
  for (const ch of packed) {
    const v = BASE64URL.indexOf(ch);
    for (let b = 5; b >= 0; b--) start.push((v >> b) & 1);
  }
  const board = start.slice(0, 34 * 34);
  for (const p of presses) for (const i of plus(34, Math.floor(p / 34), p % 34)) board[i]! ^= 1;
  expect(board.every((v) => v === 0)).toBe(true);
  // and pressed on the canvas, they win the game
  await page.click("[data-action=solution]"); // hide it: the clicks need no redraw of the overlay
  await page.$eval("canvas.board-canvas", (canvas) => canvas.scrollIntoView({ block: "end" }));
  for (const p of presses) {
    const [x, y] = await centre(page, Math.floor(p / 34), p % 34);
    await page.mouse.click(x, y);
  }
  expect(await status(page)).toMatch(/Lights out!/);
  await page.close();
});

test("an unwinnable big board: the proof outlined on the canvas is checked with plain loops", async () => {
  // the smallest n > 32 whose n x n board has quiet patterns, lit where the first one is 1
  let n = 33;
  while (squareNullity(n) === 0) n++;
  const quiet = quietPatterns(gridBoard(n, n))[0]!;
  const lit = quiet.indexOf(1);
  const lights = new Array(n * n).fill(0);
  lights[lit] = 1;
  const page = await e2e.open(`play?g=${n}x${n}&l=${pack(lights)}`);
  await page.waitForSelector("canvas.board-canvas[data-scale]");
  await page.click("[data-action=winnable]");
  await page.waitForSelector("[data-testid=verdict]");
  expect(await page.textContent("[data-testid=verdict]")).toMatch(/No: this board cannot be cleared/);
  await page.waitForFunction(() =>
    /proof are outlined/.test(document.querySelector("[data-testid=board-summary]")?.textContent ?? ""),
  );
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  const y = new Array(n * n).fill(0);
  for (const i of await cellsColoured(page, n, "--accent", 0.08, 0.5)) y[i] = 1;
  // every press meets y an even number of times, the lit cell an odd number
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++) expect(plus(n, r, c).reduce((s, i) => s + y[i]!, 0) % 2).toBe(0);
  expect(y[lit]).toBe(1);
  await e2e.screenshot(page, "play-canvas-proof");
  await page.close();
});

test("phone width: a 30 x 30 board is a canvas with pinch-size cells, not 9 px buttons", async () => {
  const page = await e2e.browser.newPage({ viewport: { width: 375, height: 740 } });
  await page.goto(`${e2e.url}#/play?g=30x30`);
  await page.waitForSelector("canvas.board-canvas[data-scale]");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const scale = async () => Number(await page.getAttribute("canvas.board-canvas", "data-scale"));
  for (let i = 0; i < 5 && (await scale()) < 24; i++) {
    const before = await scale();
    await page.click("[data-zoom=in]");
    await page.waitForFunction((s) => Number(document.querySelector<HTMLElement>("canvas")!.dataset.scale) > s, before);
  }
  expect(await scale()).toBeGreaterThanOrEqual(24);
  await page.close();
});

test("Build, 64 x 64: painting a cell out keeps the zoom, pan and focus of the canvas", async () => {
  const page = await e2e.open("build?g=64x64");
  await page.waitForSelector("canvas.board-canvas[data-scale]");
  for (let i = 0; i < 2; i++) await page.click("[data-zoom=in]");
  await page.waitForFunction(() => Number(document.querySelector<HTMLElement>("canvas")!.dataset.scale) > 10);
  await page.click("[data-mode=cells]");
  const before = await geometry(page);
  const [x, y] = await centre(page, 30, 30);
  await page.mouse.click(x, y);
  await page.waitForFunction(() =>
    /4095 cells/.test(document.querySelector("[data-testid=verdict]")?.textContent ?? ""),
  );
  const after = await geometry(page);
  expect([after.scale, after.ox, after.oy]).toEqual([before.scale, before.ox, before.oy]);
  expect(await page.evaluate(() => document.activeElement?.classList.contains("board-canvas"))).toBe(true);
  await page.close();
});

test("pinch: two touch pointers moving apart zoom in about their midpoint and press nothing", async () => {
  const page = await e2e.open("play?g=33x33");
  await page.waitForSelector("canvas.board-canvas[data-scale]");
  const before = await geometry(page);
  await page.$eval("canvas.board-canvas", (canvas) => {
    const r = canvas.getBoundingClientRect();
    const cx = r.left + r.width / 2;
    const cy = r.top + r.height / 2;
    const fire = (type: string, id: number, x: number, y: number) =>
      canvas.dispatchEvent(
        new PointerEvent(type, { pointerId: id, pointerType: "touch", clientX: x, clientY: y, bubbles: true }),
      );
    fire("pointerdown", 11, cx - 20, cy);
    fire("pointerdown", 12, cx + 20, cy);
    for (let step = 1; step <= 4; step++) fire("pointermove", 12, cx + 20 + step * 20, cy);
    fire("pointerup", 12, cx + 100, cy);
    fire("pointerup", 11, cx - 20, cy);
  });
  await page.waitForFunction(
    (s) => Number(document.querySelector<HTMLElement>("canvas")!.dataset.scale) > s * 2,
    before.scale,
  );
  expect(await page.textContent("[data-testid=moves]")).toBe("0");
  await page.close();
});

test("100 x 100 at fit, cells of a few pixels: the solution marks fill their cells and clear the board", async () => {
  const page = await e2e.open("play");
  await page.waitForSelector(".board [data-cell]");
  await page.fill("input[name=rows]", "100");
  await page.fill("input[name=cols]", "100");
  await page.fill("input[name=seed]", "3");
  await page.click("[data-action=new]");
  await page.waitForSelector("canvas.board-canvas[data-scale]");
  expect(Number(await page.getAttribute("canvas.board-canvas", "data-scale"))).toBeLessThan(6);
  await page.click("[data-action=solution]");
  await page.waitForFunction(() =>
    /the solution marks \d+/.test(document.querySelector("[data-testid=board-summary]")?.textContent ?? ""),
  );
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  const presses = await cellsColoured(page, 100, "--danger", 0.5, 0.5);
  const marked = Number(
    (await page.textContent("[data-testid=board-summary]"))!
      .match(/the solution marks ([\d,]+)/)![1]!
      .replace(/,/g, ""),
  );
  expect(presses.length).toBe(marked);
  const packed = new URLSearchParams((await page.evaluate(() => location.hash)).split("?")[1]).get("l")!;
  const board: number[] = [];
  for (const ch of packed) {
    const v = BASE64URL.indexOf(ch);
    for (let b = 5; b >= 0; b--) board.push((v >> b) & 1);
  }
  board.length = 100 * 100;
  for (const p of presses) for (const i of plus(100, Math.floor(p / 100), p % 100)) board[i]! ^= 1;
  expect(board.every((v) => v === 0)).toBe(true);
  await e2e.screenshot(page, "play-canvas-100");
  await page.close();
});
