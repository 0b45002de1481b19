// End-to-end harness: the built app (dist/) served by `vite preview` on
// 127.0.0.1 and Debian's Chromium driven by playwright-core.

import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { chromium, type Browser, type Page } from "playwright-core";
import { preview, type PreviewServer } from "vite";
import { chromiumFlags, chromiumPath } from "../../../tools/chromium.mjs";

const appRoot = fileURLToPath(new URL("..", import.meta.url));

/** Screenshots and other test artifacts (git-ignored). */
export const artifactsDir = fileURLToPath(new URL("./artifacts/", import.meta.url));

/** A served build and a browser, torn down together. */
export interface E2E {
  url: string;
  browser: Browser;
  /** A fresh page on `#/<hash>`, failing the test on any page error or console error; `init` runs before the app's scripts. */
  open(hash?: string, init?: string): Promise<Page>;
  /** Save a screenshot as an artifact (e2e/artifacts/<name>.png). */
  screenshot(page: Page, name: string): Promise<void>;
  close(): Promise<void>;
}

/** Serve dist/ on a free port of 127.0.0.1 and launch Chromium. */
export async function startE2E(): Promise<E2E> {
  const server: PreviewServer = await preview({
    root: appRoot,
    logLevel: "silent",
    preview: { host: "127.0.0.1", port: 0, strictPort: false, open: false },
  });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error("vite preview did not report a local URL");
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  mkdirSync(artifactsDir, { recursive: true });
  const errors: string[] = [];
  return {
    url,
    browser,
    async open(hash = "", init?: string) {
      const page = await browser.newPage();
      if (init) await page.addInitScript(init);
      page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(`console: ${message.text()}`);
      });
      // Any request that leaves 127.0.0.1 is a bug: the app makes no network requests besides its own files.
      page.on("request", (request) => {
        if (
          !request.url().startsWith(url) &&
          !request.url().startsWith("data:") &&
          !request.url().startsWith("blob:")
        ) {
          errors.push(`external request: ${request.url()}`);
        }
      });
      await page.goto(`${url}${hash ? `#/${hash}` : ""}`);
      return Object.assign(page, {
        /** Errors seen so far on any page of this run. */
        errors,
      });
    },
    async screenshot(page, name) {
      await page.screenshot({ path: `${artifactsDir}${name}.png`, fullPage: true });
    },
    async close() {
      await browser.close();
      await server.close();
      if (errors.length) throw new Error(`browser errors:\n${errors.join("\n")}`);
    },
  };
}

/**
 * The solution's count badges of a button grid: each cell's press count,
 * the badge's content, and whether the badge overlaps the state text.
 */
export function pressBadges(page: Page): Promise<{ press: string; content: string; overlaps: boolean }[]> {
  return page.$$eval(".board [data-press]", (all) =>
    all.map((el) => {
      const after = getComputedStyle(el, "::after");
      const box = el.getBoundingClientRect();
      const range = document.createRange();
      range.selectNodeContents(el);
      const digit = range.getBoundingClientRect();
      const right =
        box.right - Number.parseFloat(after.right) - Number.parseFloat(getComputedStyle(el).borderRightWidth);
      const bottom =
        box.bottom - Number.parseFloat(after.bottom) - Number.parseFloat(getComputedStyle(el).borderBottomWidth);
      const badge = { left: right - Number.parseFloat(after.width), top: bottom - Number.parseFloat(after.height) };
      const overlaps = el.textContent !== "" && digit.right > badge.left && digit.bottom > badge.top;
      return { press: (el as HTMLElement).dataset.press!, content: after.content, overlaps };
    }),
  );
}

/** What a canvas shows: the share of its pixels painted, how many colours, a hash of them all, the colour at a point. */
export interface CanvasPixels {
  share: number;
  distinct: number;
  hash: number;
  /** RGB at the point asked for (css px from the canvas's corner). */
  at: number[];
}

/**
 * Reads a canvas's pixels (see {@link CanvasPixels}).
 *
 * @param at - A point in css px from the canvas's corner.
 */
export function canvasPixels(
  page: Page,
  selector: string,
  at: readonly [number, number] = [0, 0],
): Promise<CanvasPixels> {
  return page.$eval(
    selector,
    (c, at) => {
      const canvas = c as HTMLCanvasElement;
      const data = canvas.getContext("2d")!.getImageData(0, 0, canvas.width, canvas.height).data;
      const seen = new Set<number>();
      let painted = 0;
      let hash = 0;
      for (let i = 0; i < data.length; i += 4) {
        hash = (hash * 31 + data[i]! + data[i + 1]! * 7 + data[i + 2]! * 13 + data[i + 3]! * 17) >>> 0;
        if (data[i + 3] === 0) continue;
        painted++;
        seen.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
      }
      const dpr = canvas.width / canvas.clientWidth;
      const o = (Math.round(at[1] * dpr) * canvas.width + Math.round(at[0] * dpr)) * 4;
      return {
        share: painted / (data.length / 4),
        distinct: seen.size,
        hash,
        at: [data[o]!, data[o + 1]!, data[o + 2]!],
      };
    },
    at,
  );
}
