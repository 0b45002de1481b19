import { afterAll, beforeAll, expect, test } from "vitest";
import type { Page } from "playwright-core";
import { startE2E, type E2E } from "./_browser.js";

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

const lightsOf = (page: Page) => page.$$eval(".board:not(.mini) [data-cell]", (cells) => cells.map((c) => Number((c as HTMLElement).dataset.state)));

test("light chasing of the all-on 5 x 5 board, step by step, ends dark", async () => {
  const page = await e2e.open("learn");
  await page.waitForSelector(".board:not(.mini) [data-cell]");
  expect(await lightsOf(page)).toEqual(new Array(25).fill(1));
  expect(await page.textContent("[data-testid=step]")).toBe("Step 0 of 10");
  expect(await page.textContent("[data-testid=sentence]")).toMatch(/Start: 25 lights on/);
  const sentences: string[] = [];
  for (let i = 1; i <= 10; i++) {
    await page.click("[data-action=next]");
    sentences.push((await page.textContent("[data-testid=sentence]"))!);
    if (i === 4) {
      // after the first pass only the last row is lit: 1 0 0 0 1 (the seeds' classic)
      expect((await lightsOf(page)).slice(0, 20)).toEqual(new Array(20).fill(0));
    }
  }
  expect(sentences[0]).toMatch(/row 1 has lights on in columns 1, 2, 3, 4 and 5/);
  expect(sentences[4]).toMatch(/last row reads 10001/);
  expect(sentences[5]).toMatch(/press columns 1 and 2 of the first row/);
  expect(sentences[9]).toMatch(/The board is dark/);
  expect(await lightsOf(page)).toEqual(new Array(25).fill(0));
  // the lookup marks the entry for the last row 10001: first row 11000
  expect(await page.textContent("table.lookup tr.current")).toContain("11000");
  // the 5 x 5 board has two quiet patterns, each switching nothing
  expect(await page.$$("[data-testid=gallery] figure")).toHaveLength(2);
  await e2e.screenshot(page, "learn");
  await page.close();
});

test("an unwinnable board stops after reading the last row; play runs the animation", async () => {
  // 5 x 5 with only the top-left corner lit
  const page = await e2e.open("learn?g=5x5&l=gAAAA");
  await page.waitForSelector(".board:not(.mini) [data-cell]");
  expect(await page.textContent("[data-testid=step]")).toBe("Step 0 of 5");
  await page.click("[data-action=play]");
  expect(await page.getAttribute("[data-action=play]", "aria-pressed")).toBe("true");
  // the animation advances by itself; pause it, then step to the end by hand
  await page.waitForFunction(() => document.querySelector("[data-testid=step]")?.textContent !== "Step 0 of 5", undefined, { timeout: 10_000 });
  await page.click("[data-action=play]");
  expect(await page.getAttribute("[data-action=play]", "aria-pressed")).toBe("false");
  while (await page.isEnabled("[data-action=next]")) await page.click("[data-action=next]");
  expect(await page.textContent("[data-testid=step]")).toBe("Step 5 of 5");
  expect(await page.textContent("[data-testid=sentence]")).toMatch(/can never be cleared/);
  await page.close();
});

test("board size and edits: a 3 x 4 board has no quiet patterns", async () => {
  const page = await e2e.open("learn");
  await page.waitForSelector(".board:not(.mini) [data-cell]");
  await page.fill("input[name=rows]", "3");
  await page.dispatchEvent("input[name=rows]", "change");
  await page.fill("input[name=cols]", "4");
  await page.dispatchEvent("input[name=cols]", "change");
  await page.waitForFunction(() => document.querySelectorAll(".board:not(.mini) [data-cell]").length === 12);
  await page.click("[data-action=all-off]");
  await page.click('.board [data-cell="5"]');
  expect((await lightsOf(page))[5]).toBe(1);
  expect(await page.$$("[data-testid=gallery] figure")).toHaveLength(0);
  expect(await page.textContent("[data-testid=gallery] + *, section[aria-label='Quiet patterns']")).toMatch(/every board of this size is winnable/);
  // every step's lights: chasing ends dark
  const total = Number((await page.textContent("[data-testid=step]"))!.match(/of (\d+)/)![1]);
  for (let i = 0; i < total; i++) await page.click("[data-action=next]");
  expect(await lightsOf(page)).toEqual(new Array(12).fill(0));
  await page.close();
});

test("Play hands its board to Learn", async () => {
  const page = await e2e.open("play?g=3x3&l=XQ");
  await page.waitForSelector(".board [data-cell]");
  await page.click("[data-action=learn]");
  await page.waitForFunction(() => document.body.dataset.screen === "learn" && document.querySelector("[data-testid=step]") !== null);
  expect(await lightsOf(page)).toEqual([0, 1, 0, 1, 1, 1, 0, 1, 0]);
  // a torus cannot be chased: no link
  const torus = await e2e.open("play?g=3x3&t=1&l=XQ");
  await torus.waitForSelector(".board [data-cell]");
  expect(await torus.isVisible("[data-action=learn]")).toBe(false);
  await torus.close();
  await page.close();
});
