// The app is served cross-origin isolated (COOP/COEP in vite.config.ts), so
// the Explore worker's eliminations may share their sweeps among helper
// threads, and the rank panel shows no one-thread note.
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
