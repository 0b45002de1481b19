// Explore's pictures, run again and again: each must reach the screen after
// its job says "Done" (a worker drawing through transferControlToOffscreen
// used to be ended before its frame reached the page, leaving some pictures
// blank for good). A canvas with no frame is transparent, pictures are opaque.

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

const RUNS = 12;

async function runs(page: Page, name: string, panel: string, n: string): Promise<number> {
  let blank = 0;
  for (let run = 0; run < RUNS; run++) {
    await page.fill(`#${panel}-n`, n);
    await page.click(`[data-job="${name}"] button[data-action="start"]`);
    await page.waitForSelector(`[data-job="${name}"][data-state="done"]`, { state: "attached", timeout: 60_000 });
    // the frame reaches the page asynchronously: poll, a blank picture stays blank
    const shown = await page
      .waitForFunction(
        (id) => {
          const probe = document.createElement("canvas").getContext("2d")!;
          probe.drawImage(document.querySelector<HTMLCanvasElement>(`#${id} canvas`)!, 0, 0, 1, 1, 0, 0, 1, 1);
          return probe.getImageData(0, 0, 1, 1).data[3] === 255;
        },
        panel,
        { timeout: 10_000, polling: 100 },
      )
      .then(
        () => true,
        () => false,
      );
    if (!shown) blank++;
  }
  return blank;
}

test(`chase n = 512 and all-on n = 1024, ${RUNS} runs each: every picture reaches the screen`, async () => {
  const page = await e2e.open("explore");
  await page.waitForSelector('[data-job="Chase matrix"]');
  expect(await runs(page, "Chase matrix", "explore-chase", "512")).toBe(0);
  expect(await runs(page, "All-on solve", "explore-solve", "1024")).toBe(0);
  await page.close();
});
