// The app is served cross-origin isolated (COOP/COEP in vite.config.ts), so
// the Explore worker's eliminations share their sweeps with helper threads
// (nested module workers), the rank panel shows no one-thread note, and no
// worker stays behind (explore.test.ts checks the same after a cancel).
import { afterAll, beforeAll, expect, test } from "vitest";
import { startE2E, type E2E } from "./_browser.js";

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

test("the page is cross-origin isolated, has shared memory, and Explore shows no one-thread note", async () => {
  const page = await e2e.open("explore");
  await page.waitForSelector("#explore-file");
  expect(await page.evaluate(() => globalThis.crossOriginIsolated)).toBe(true);
  expect(await page.evaluate(() => typeof SharedArrayBuffer)).toBe("function");
  expect(await page.locator('[data-testid="one-thread"]').count()).toBe(0);
  await page.close();
});

test("a 4096 chase matrix starts a helper thread beside the Explore worker, and none is left after leaving", async () => {
  const page = await e2e.open("explore");
  await page.waitForSelector('[data-job="Chase matrix"]');
  let started = 0;
  page.on("worker", () => started++);
  await page.fill("#explore-chase-n", "4096");
  await page.click('[data-job="Chase matrix"] button[data-action="start"]');
  await page.waitForSelector('[data-job="Chase matrix"][data-state="done"]', { state: "attached", timeout: 60_000 });
  // the Explore worker and its helper (hardwareConcurrency is at least 2 here)
  expect(started).toBeGreaterThanOrEqual(2);
  // a picture's worker lives until the panel's next job (its canvas frame must be committed):
  // leaving the screen ends it, and its helper with it
  await page.click('nav a[data-screen="learn"]');
  await page.waitForFunction(() => document.body.dataset.screen === "learn");
  await expect.poll(() => page.workers().length, { timeout: 10_000 }).toBe(0);
  await page.close();
});
