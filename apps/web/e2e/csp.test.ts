// The Content-Security-Policy: sent by `vite preview` as a header and built
// into index.html as a <meta> tag, and the whole app working under it: the
// shell, WebAssembly compiled on the main thread and in workers, the solver
// worker, Explore's workers drawing on transferred canvases.

import { afterAll, beforeAll, expect, test } from "vitest";
import { CSP_HEADER, CSP_META } from "../csp.js";
import { type E2E, startE2E } from "./_browser.js";

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

const WATCH = `
  window.__violations = [];
  document.addEventListener("securitypolicyviolation", (e) => window.__violations.push(e.violatedDirective + " " + e.blockedURI));
`;

test("the header and the meta tag carry the policy; WebAssembly is allowed to compile, nothing inline", async () => {
  const response = await fetch(e2e.url);
  expect(response.headers.get("content-security-policy")).toBe(CSP_HEADER);
  const html = (await response.text()).replaceAll("&#39;", "'");
  expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="${CSP_META}"`);
  expect(CSP_META).toMatch(/script-src 'self' 'wasm-unsafe-eval'/);
  expect(CSP_META).not.toMatch(/'unsafe-inline'|'unsafe-eval'/);
  // a worker's script gets the header too (a worker's policy comes from its own response)
  const worker = html.match(/assets\/index-[\w-]+\.js/)![0];
  expect((await fetch(`${e2e.url}${worker}`)).headers.get("content-security-policy")).toBe(CSP_HEADER);
});

test("under the policy: Play solves in its worker, Build imports, Explore draws in its workers, no violation", async () => {
  const page = await e2e.open("play?g=5x5&l=_____", WATCH);
  await page.waitForSelector(".board [data-cell]");
  await page.click("[data-action=solution]");
  await page.waitForSelector(".board [data-press]");
  await page.click('nav a[data-screen="build"]');
  await page.waitForSelector(".board [data-pos]");
  await page.fill("textarea[name=board-text]", "1 0\n0 1\n");
  await page.click("[data-action=import]");
  await page.waitForFunction(() =>
    /Imported a board of 4 cells/.test(document.querySelector("[data-testid=io-message]")?.textContent ?? ""),
  );
  await page.click('nav a[data-screen="explore"]');
  await page.waitForSelector('[data-job="Chase matrix"]');
  await page.fill("#explore-chase-n", "64");
  await page.click('[data-job="Chase matrix"] button[data-action="start"]');
  await page.waitForSelector('[data-job="Chase matrix"][data-state="done"]', { state: "attached" });
  expect(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).toEqual([]);
  await page.close();
});
