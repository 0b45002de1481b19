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

const lightsOf = (page: Page) =>
  page.$$eval(".board:not(.mini) [data-cell]", (cells) => cells.map((c) => Number((c as HTMLElement).dataset.state)));

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
      // after the first pass only the last row is lit: 1 0 0 0 1, the classic 5 x 5 all-on chase
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
  await page.waitForFunction(
    () => document.querySelector("[data-testid=step]")?.textContent !== "Step 0 of 5",
    undefined,
    { timeout: 10_000 },
  );
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
  expect(await page.textContent("[data-testid=gallery] + *, section[aria-label='Quiet patterns']")).toMatch(
    /every board of this size is winnable/,
  );
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
  await page.waitForFunction(
    () => document.body.dataset.screen === "learn" && document.querySelector("[data-testid=step]") !== null,
  );
  expect(await lightsOf(page)).toEqual([0, 1, 0, 1, 1, 1, 0, 1, 0]);
  // a torus cannot be chased: no link
  const torus = await e2e.open("play?g=3x3&t=1&l=XQ");
  await torus.waitForSelector(".board [data-cell]");
  expect(await torus.isVisible("[data-action=learn]")).toBe(false);
  await torus.close();
  await page.close();
});

const stepTotal = async (page: Page) => Number((await page.textContent("[data-testid=step]"))!.match(/of (\d+)/)![1]);

test("k states: a 3 x 3 board over Z_3 is chased to all 0, in counts", async () => {
  // lights 2 1 1 / 1 1 2 / 0 2 1, one base-36 digit per cell in the URL
  const page = await e2e.open("learn?g=3x3&k=3&l=211112021");
  await page.waitForSelector(".board:not(.mini) [data-cell]");
  expect(await page.inputValue("input[name=states]")).toBe("3");
  expect(await lightsOf(page)).toEqual([2, 1, 1, 1, 1, 2, 0, 2, 1]);
  // colour is never the only cue: the state is also a digit and in the label
  expect(await page.textContent('.board [data-cell="0"]')).toBe("2");
  expect(await page.getAttribute('.board [data-cell="0"]', "aria-label")).toBe("Row 1, column 1, state 2 of 2");
  expect(await page.textContent("[data-testid=sentence]")).toMatch(/^Start: 8 cells not yet at 0/);
  expect(await page.getAttribute("[data-testid=sentence]", "aria-live")).toBe("polite");
  const total = await stepTotal(page);
  const sentences: string[] = [];
  for (let i = 0; i < total; i++) {
    await page.click("[data-action=next]");
    sentences.push((await page.textContent("[data-testid=sentence]"))!);
  }
  expect(sentences[0]).toMatch(/^Row 1 has 3 cells not yet at 0: column 1 at 2, column 2 at 1 and column 3 at 1/);
  expect(sentences[0]).toMatch(/press once below column 1, 2 times below column 2 and 2 times below column 3/);
  expect(await page.isEnabled("[data-action=next]")).toBe(false);
  expect(sentences.at(-1)).toMatch(/Every cell is at 0/);
  expect(await lightsOf(page)).toEqual(new Array(9).fill(0));
  // 3 x 3 over Z_3 is invertible: no quiet pattern, and the fix is "press nothing"
  expect(await page.$$("[data-testid=gallery] figure")).toHaveLength(0);
  expect(await page.textContent("section[aria-label='Quiet patterns']")).toMatch(
    /over Z_3 has 1 quiet pattern, pressing nothing included/,
  );
  expect(await page.textContent("[data-testid=fix]")).toMatch(/press the first row 0 0 0/);
  await page.close();
});

test("k states: edit, a random 4 x 4 board over Z_3, the first-row fix and the quiet patterns; screenshot learn-states", async () => {
  const page = await e2e.open("learn");
  await page.waitForSelector(".board:not(.mini) [data-cell]");
  for (const [name, value] of [
    ["rows", "4"],
    ["cols", "4"],
    ["states", "3"],
  ] as const) {
    await page.fill(`input[name=${name}]`, value);
    await page.dispatchEvent(`input[name=${name}]`, "change");
  }
  await page.waitForFunction(() => document.querySelectorAll(".board:not(.mini) [data-cell]").length === 16);
  expect(await page.textContent("section[aria-label='First-row fix'] h2")).toBe("The first-row fix");
  expect(await page.textContent("section[aria-label='First-row fix']")).toMatch(
    /solving a small 4 × 4 system over Z_3/,
  );
  // a click at step 0 cycles the state mod 3
  await page.click("[data-action=all-off]");
  for (const expected of [1, 2, 0]) {
    await page.click('.board [data-cell="5"]');
    expect((await lightsOf(page))[5]).toBe(expected);
  }
  // 4 x 4 over Z_3 has two quiet generators (9 quiet patterns), drawn with their counts as digits
  expect(await page.$$("[data-testid=gallery] figure")).toHaveLength(2);
  expect(await page.textContent("section[aria-label='Quiet patterns']")).toMatch(
    /has 9 quiet patterns, pressing nothing included.*9 solutions/,
  );
  const digits = await page.$$eval("[data-testid=gallery] figure:first-child [data-cell]", (cells) =>
    cells.map((c) => c.textContent),
  );
  expect(digits.every((d) => d === "" || d === "1" || d === "2")).toBe(true);
  expect(digits.some((d) => d !== "")).toBe(true);
  // seed 3 gives 1202 / 2211 / 2002 / 1021: the first chase leaves the last row at 2 2 2 2, so the fix has work to do
  await page.fill("input[name=seed]", "3");
  await page.click("[data-action=random]");
  expect((await lightsOf(page)).join("")).toBe("1202221120021021");
  const total = await stepTotal(page);
  expect(total).toBe(8); // chase x3, last row, fix, chase again x3
  const phases: string[] = [];
  let fixed = false;
  for (let i = 0; i < total; i++) {
    await page.click("[data-action=next]");
    const text = (await page.textContent("[data-testid=sentence]"))!;
    phases.push(text);
    if (text.startsWith("Solving the 4 × 4 system over Z_3")) {
      fixed = true;
      expect(await page.getAttribute("table.fix", "class")).toContain("current");
      // the pressed cells carry their counts, and their labels say so
      const labels = await page.$$eval(".board:not(.mini) [data-press]", (cells) =>
        cells.map((c) => c.getAttribute("aria-label")),
      );
      expect(labels.length).toBeGreaterThan(0);
      expect(labels.every((l) => /pressed \d+ times in this step$/.test(l!))).toBe(true);
      await e2e.screenshot(page, "learn-states");
    }
  }
  // random boards are winnable: the chase ends all 0
  expect(await lightsOf(page)).toEqual(new Array(16).fill(0));
  expect(phases.at(-1)).toMatch(/Every cell is at 0/);
  expect(fixed).toBe(true);
  expect(phases[3]).toMatch(/the last row reads 2 2 2 2\. .*leave the last row at 1 1 1 1/);
  // the system shown: z = 2 2 0 0 against −d = 1 1 1 1
  const system = await page.$$eval("[data-testid=system] tbody tr", (rows) =>
    rows.map((r) => Array.from(r.querySelectorAll("td"), (td) => td.textContent)),
  );
  expect(system.map((r) => r.slice(-2))).toEqual([
    ["2", "1"],
    ["2", "1"],
    ["0", "1"],
    ["0", "1"],
  ]);
  // phone width: the k-state controls, the fix table and the gallery fit
  await page.setViewportSize({ width: 375, height: 740 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await e2e.screenshot(page, "learn-states-phone");
  await page.close();
});

test("Play hands a k-state board to Learn", async () => {
  const page = await e2e.open("play?g=3x3&k=3&l=211112021");
  await page.waitForSelector(".board [data-cell]");
  await page.click("[data-action=learn]");
  await page.waitForFunction(
    () => document.body.dataset.screen === "learn" && document.querySelector("[data-testid=step]") !== null,
  );
  expect(await page.inputValue("input[name=states]")).toBe("3");
  expect(await lightsOf(page)).toEqual([2, 1, 1, 1, 1, 2, 0, 2, 1]);
  await page.close();
});
