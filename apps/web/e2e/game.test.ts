// A game people come back to: progress in the URL (reload, Back), the seed in
// the link and the Seed field, today's puzzle with its par (checked here by
// elimination), best results and the timer kept locally, Build's downloads
// and drag-and-drop, and count badges that leave the state digits readable.

import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { type E2E, pressBadges, startE2E } from "./_browser.js";

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

const lightsOf = (page: Page) =>
  page.$$eval(".board [data-cell]", (cells) => cells.map((c) => Number((c as HTMLElement).dataset.state)));
const hashParam = async (page: Page, name: string) =>
  new URLSearchParams((await page.evaluate(() => location.hash)).split("?")[1] ?? "").get(name);

test("moves survive a reload and Back; the seed is in the link and in the Seed field", async () => {
  const page = await e2e.open("play?g=3x3&l=XQ");
  await page.waitForSelector(".board [data-cell]");
  await page.click('.board [data-cell="0"]');
  // par appears with the first move: the plus around the centre is cleared by one press
  await page.waitForSelector("[data-testid=par]:not([hidden])");
  expect(await page.textContent("[data-testid=par]")).toBe("Par: 1");
  await page.click('.board [data-cell="8"]');
  const lights = await lightsOf(page);
  expect(await hashParam(page, "p")).toBe("0.8");
  await page.reload();
  await page.waitForSelector(".board [data-cell]");
  expect(await page.textContent("[data-testid=moves]")).toBe("2");
  expect(await lightsOf(page)).toEqual(lights);
  await page.click("[data-action=undo]"); // and the history is real: undo works after the reload
  expect(await page.textContent("[data-testid=moves]")).toBe("1");
  await page.click('nav a[data-screen="learn"]');
  await page.waitForFunction(() => document.body.dataset.screen === "learn");
  await page.goBack();
  await page.waitForFunction(
    () => document.body.dataset.screen === "play" && document.querySelector(".board [data-cell]"),
  );
  expect(await page.textContent("[data-testid=moves]")).toBe("1");

  await page.fill("input[name=seed]", "7");
  await page.click("[data-action=new]");
  expect(await hashParam(page, "seed")).toBe("7");
  expect(await page.inputValue("input[name=seed]")).toBe("7");
  await page.click("[data-action=next]");
  expect(await hashParam(page, "seed")).toBe("8");
  await page.reload();
  await page.waitForSelector(".board [data-cell]");
  expect(await page.inputValue("input[name=seed]")).toBe("8");
  await page.close();
});

/** The fewest presses of a board whose press matrix is invertible: the weight of its only solution (plain elimination). */
function onlySolutionWeight(n: number, lights: number[]): number {
  const size = n * n;
  const rows = Array.from({ length: size }, (_, i) => {
    const row = new Array(size + 1).fill(0);
    const r = Math.floor(i / n);
    const c = i % n;
    for (const [dr, dc] of [
      [0, 0],
      [1, 0],
      [-1, 0],
      [0, 1],
      [0, -1],
    ] as const) {
      const rr = r + dr;
      const cc = c + dc;
      if (rr >= 0 && rr < n && cc >= 0 && cc < n) row[rr * n + cc] = 1;
    }
    row[size] = lights[i];
    return row;
  });
  for (let col = 0; col < size; col++) {
    const pivot = rows.findIndex((row, i) => i >= col && row[col] === 1);
    if (pivot < 0) throw new Error("the press matrix is singular");
    [rows[col], rows[pivot]] = [rows[pivot]!, rows[col]!];
    for (let i = 0; i < size; i++)
      if (i !== col && rows[i]![col]) for (let j = col; j <= size; j++) rows[i]![j] ^= rows[col]![j]!;
  }
  return rows.reduce((w, row) => w + row[size]!, 0);
}

test("today's puzzle: its par is the fewest presses, the best result and the hidden timer are remembered", async () => {
  const page = await e2e.open("play");
  await page.waitForSelector(".board [data-cell]");
  await page.click("[data-action=daily]");
  const today = await page.evaluate(() => new Date().toISOString().slice(0, 10));
  expect(await hashParam(page, "daily")).toBe(today);
  await page.waitForSelector("[data-testid=par]:not([hidden])");
  const par = Number((await page.textContent("[data-testid=par]"))!.match(/Par: (\d+)/)![1]);
  expect(par).toBe(onlySolutionWeight(7, await lightsOf(page)));
  // solve it through the overlay: as many moves as par
  await page.click("[data-action=solution]");
  await page.waitForSelector(".board [data-press]");
  const presses = await page.$$eval(".board [data-press]", (cells) =>
    cells.map((c) => (c as HTMLElement).dataset.cell!),
  );
  await page.click("[data-action=solution]");
  for (const cell of presses) await page.click(`.board [data-cell="${cell}"]`);
  await page.waitForFunction(() =>
    /the fewest possible/.test(document.querySelector("[data-testid=status]")!.textContent!),
  );
  expect(await page.textContent("[data-testid=best]")).toMatch(
    // the solution was shown in this game: the result is marked
    new RegExp(`^Best: ${par} moves? in \\d+:\\d\\d, with help$`),
  );
  // hide the timer; both are remembered after a reload
  await page.click("[data-action=timer]");
  expect(await page.isHidden("[data-testid=timer]")).toBe(true);
  await page.reload();
  await page.waitForSelector(".board [data-cell]");
  expect(await page.isHidden("[data-testid=timer]")).toBe(true);
  expect(await page.textContent("[data-testid=best]")).toMatch(new RegExp(`^Best: ${par} moves?`));
  await page.click("[data-action=timer]");
  await page.close();
});

test("Build: downloads as a file, and imports a file dropped on the screen", async () => {
  const page = await e2e.open("build?g=2x3&l=h");
  await page.waitForSelector(".board [data-pos]");
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("[data-action=download-json]")]);
  expect(download.suggestedFilename()).toBe("board.json");
  const saved = JSON.parse(readFileSync((await download.path())!, "utf8"));
  expect(saved).toEqual({ board: { kind: "grid", rows: 2, cols: 3 }, lights: [1, 0, 0, 0, 0, 1], states: 2 });
  await page.evaluate(() => {
    const data = new DataTransfer();
    data.items.add(new File(["1 1 1\n"], "row.txt", { type: "text/plain" }));
    const main = document.querySelector("main")!;
    main.dispatchEvent(new DragEvent("dragover", { dataTransfer: data, bubbles: true, cancelable: true }));
    main.dispatchEvent(new DragEvent("drop", { dataTransfer: data, bubbles: true, cancelable: true }));
  });
  await page.waitForFunction(() =>
    /Imported a board of 3 cells/.test(document.querySelector("[data-testid=io-message]")?.textContent ?? ""),
  );
  await page.close();
});

test("36 states on a phone: every press count is a number (1 too) and never covers the state digit", async () => {
  const page = await e2e.browser.newPage({ viewport: { width: 375, height: 740 } });
  await page.goto(`${e2e.url}#/play`);
  await page.waitForSelector(".board [data-cell]");
  await page.fill("input[name=rows]", "9");
  await page.fill("input[name=cols]", "9");
  await page.fill("input[name=states]", "36");
  await page.click("[data-action=new]");
  await page.waitForFunction(() => document.querySelectorAll(".board [data-cell]").length === 81);
  await page.click("[data-action=solution]");
  await page.waitForSelector(".board [data-press]");
  const cells = await pressBadges(page);
  expect(cells.length).toBeGreaterThan(0);
  for (const cell of cells) {
    expect(cell.content).toBe(`"${cell.press}"`);
    expect(cell.overlaps).toBe(false);
  }
  await page.close();
});
