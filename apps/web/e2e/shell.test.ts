import { afterAll, beforeAll, expect, test } from "vitest";
import { startE2E, type E2E } from "./_browser.js";

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

test("every screen opens from the navigation", async () => {
  const page = await e2e.open();
  for (const screen of ["play", "build", "learn", "explore", "mastermind"]) {
    await page.click(`nav a[data-screen="${screen}"]`);
    await page.waitForFunction((name) => document.body.dataset.screen === name, screen);
    expect(await page.getAttribute(`nav a[data-screen="${screen}"]`, "aria-current")).not.toBeNull();
  }
  await page.close();
});
