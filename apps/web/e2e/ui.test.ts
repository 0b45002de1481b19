// Correctness of the UI: round trips, keys, what the panels say and when,
// messages and wording. Each test here failed before its fix.

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

const text = async (page: Page, selector: string) => (await page.textContent(selector)) ?? "";
const moves = (page: Page) => text(page, "[data-testid=moves]");

async function importInBuild(page: Page, input: string): Promise<string> {
  await page.fill("textarea[name=board-text]", input);
  await page.click("[data-action=import]");
  await page.waitForFunction(
    () => !/Importing/.test(document.querySelector("[data-testid=io-message]")?.textContent ?? "Importing"),
  );
  return text(page, "[data-testid=io-message]");
}

test("Build: exported JSON imports back exactly, whatever the States field says; bad fields are refused", async () => {
  const page = await e2e.open("build?g=2x2&l=g");
  await page.waitForSelector(".board [data-pos]");
  await page.click("[data-action=export-json]");
  const exported = await page.inputValue("textarea[name=board-text]");
  expect(JSON.parse(exported)).toMatchObject({ lights: [1, 0, 0, 0], states: 2 });
  await page.fill("input[name=states]", "3");
  await page.dispatchEvent("input[name=states]", "change");
  expect(await importInBuild(page, exported)).toMatch(/Imported a board of 4 cells/);
  expect(await page.inputValue("input[name=states]")).toBe("2");
  await page.click("[data-action=export-json]");
  expect(await page.inputValue("textarea[name=board-text]")).toBe(exported);
  const board = { kind: "grid", rows: 1, cols: 2 };
  expect(await importInBuild(page, JSON.stringify({ board, lights: [1, 0], states: "3" }))).toMatch(
    /"states" expected an integer in 2..255, got "3"/,
  );
  expect(await importInBuild(page, JSON.stringify({ board, lights: [1, 0], note: "x" }))).toMatch(
    /expected only the fields "board", "lights" and "states", got "note"/,
  );
  expect(await importInBuild(page, "[1,2,3]")).toMatch(/got a JSON array/);
  expect(await importInBuild(page, "\uFEFF1 0\n0 1\n")).toMatch(/Imported a board of 4 cells/);
  await page.close();
});

test("Build with no cells: the link is cleared, Play and Export are disabled and say why", async () => {
  const page = await e2e.open("build?g=1x1&l=g");
  await page.waitForSelector(".board [data-pos]");
  await page.click("[data-mode=cells]");
  await page.click('.board [data-pos="0"]');
  expect(await text(page, "[data-testid=summary]")).toMatch(/No cells: paint some cells in/);
  expect(await page.evaluate(() => location.hash)).toBe("#/build");
  expect(await page.isDisabled("[data-action=play]")).toBe(true);
  expect(await page.isDisabled("[data-action=export-json]")).toBe(true);
  await page.close();
});

test("Ctrl+Z edits text in the Seed field; on the page body Ctrl+Z and Ctrl+Y undo and redo moves", async () => {
  const page = await e2e.open("play?g=3x3&l=XQ");
  await page.waitForSelector(".board [data-cell]");
  await page.click('.board [data-cell="0"]');
  expect(await moves(page)).toBe("1");
  await page.fill("input[name=seed]", "");
  await page.type("input[name=seed]", "42");
  await page.keyboard.press("Control+z");
  expect(await moves(page)).toBe("1"); // the game is left alone
  await page.evaluate(() => (document.activeElement as HTMLElement).blur());
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
  await page.keyboard.press("Control+z");
  expect(await moves(page)).toBe("0");
  await page.keyboard.press("Control+y");
  expect(await moves(page)).toBe("1");
  await page.close();
});

test("the info panel follows the board: no hint after a press, no 'press the marked cells' once dark", async () => {
  const page = await e2e.open("play?g=3x3&l=XQ");
  await page.waitForSelector(".board [data-cell]");
  await page.click("[data-action=hint]");
  await page.waitForFunction(() => /Hint: press/.test(document.querySelector("[data-testid=info]")!.textContent!));
  await page.click('.board [data-cell="0"]');
  expect(await text(page, "[data-testid=info]")).not.toMatch(/Hint|to go/);
  await page.click('.board [data-cell="0"]');
  await page.click("[data-action=solution]");
  await page.waitForFunction(() =>
    /Press the marked cells/.test(document.querySelector("[data-testid=info]")!.textContent!),
  );
  await page.click('.board [data-cell="4"]');
  expect(await text(page, "[data-testid=status]")).toMatch(/Lights out!/);
  await page.waitForFunction(() => /nothing to press/.test(document.querySelector("[data-testid=info]")!.textContent!));
  expect(await text(page, "[data-testid=info]")).not.toMatch(/Press the marked cells/);
  // a dark board is winnable in no presses: said as such
  await page.click("[data-action=winnable]");
  await page.waitForSelector("[data-testid=verdict]");
  expect(await text(page, "[data-testid=verdict]")).toBe("Yes: the board is already dark.");
  await page.close();
});

test("a shared custom board is described by its own rule and states", async () => {
  // 1 x 5, a press reaches two to the left and right, 3 states
  const page = await e2e.open("play?g=1x5&r=0,2;0,-2&k=3&l=10000");
  await page.waitForSelector(".board [data-cell]");
  const rules = await text(page, "[data-testid=rules]");
  expect(rules).toMatch(
    /Bring every cell to 0\. Pressing a cell adds 1 \(mod 3\) to it and the cells at offsets 0,2; 0,-2/,
  );
  expect(rules).not.toMatch(/neighbours/);
  expect(
    await page.$eval("select[name=rule]", (s) => (s as HTMLSelectElement).selectedOptions[0]!.textContent),
  ).toMatch(/custom/);
  await page.close();
});

test("graphs: the focus ring stays on a vertex of the proof; small graphs laid out by forces, big ones explained", async () => {
  // two vertices joined: a press toggles both, so one light alone can never be cleared
  const page = await e2e.open("play?n=2&e=0-1&l=g");
  await page.waitForSelector("svg.board-graph [data-cell]");
  await page.click("[data-action=winnable]");
  await page.waitForSelector('svg.board-graph [data-cell="0"][data-proof]');
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press("Tab");
    if (await page.evaluate(() => document.activeElement?.matches('[data-cell="0"]'))) break;
  }
  expect(await page.$eval('[data-cell="0"] .focus-ring', (ring) => getComputedStyle(ring).visibility)).toBe("visible");
  await page.goto(`${e2e.url}#/play?n=12&e=${Array.from({ length: 11 }, (_, i) => `${i}-${i + 1}`).join(".")}`);
  await page.waitForSelector("svg.board-graph[data-layout=forces]");
  await page.goto(`${e2e.url}#/play?n=4096&e=0-1`);
  await page.waitForSelector("svg.board-graph[data-layout=circle]");
  const about = await text(page, "[data-testid=about]");
  expect(about).toMatch(/Graph of 4,096 vertices and 1 edge,/);
  expect(about).toMatch(/Drawn on a circle: beyond 200 vertices/);
  await page.close();
});

test("Explore: the progress bar is reset by an error, the all-on caption gives the board's rank, the sweep estimates its time", async () => {
  const page = await e2e.open("explore");
  await page.waitForSelector('[data-job="Chase matrix"]');
  await page.fill("#explore-solve-n", "5");
  await page.click('[data-job="All-on solve"] button[data-action="start"]');
  await page.waitForSelector('[data-job="All-on solve"][data-state="done"]', { state: "attached" });
  // the 5 x 5 board: 25 cells, nullity 2 (the classic result), so rank 23
  expect(await text(page, "#explore-solve figcaption")).toMatch(/the board's rank 23 of 25, nullity 2/);
  expect(await page.getAttribute('[data-job="All-on solve"] [role="progressbar"]', "aria-valuenow")).toBe("100");
  await page.fill("#explore-solve-n", "x");
  await page.click('[data-job="All-on solve"] button[data-action="start"]');
  await page.waitForSelector('[data-job="All-on solve"][data-state="error"]', { state: "attached" });
  expect(await page.getAttribute('[data-job="All-on solve"] [role="progressbar"]', "aria-valuenow")).toBe("0");
  await page.fill("#sweep-to", "1000000");
  expect(await text(page, "[data-testid=sweep-estimate]")).toMatch(/Estimated time: about \d+ days/);
  await page.close();
});

test("Mastermind quotes the character as typed; the theme button's name is what it shows; each screen has its title", async () => {
  const page = await e2e.open("mastermind");
  await page.check("#mm-mode-maker");
  await page.waitForSelector("#mm-secret");
  await page.fill("#mm-secret", "abcd");
  await page.press("#mm-secret", "Enter");
  await page.waitForFunction(() =>
    /got 'a' at position 1/.test(document.querySelector("#mm-secret-error")!.textContent!),
  );
  const name = await page.$eval(".theme-toggle", (b) => b.getAttribute("aria-label") ?? b.textContent);
  expect(await page.textContent(".theme-toggle")).toContain(name!.replace(/^\W+/, ""));
  const titles = new Set<string>();
  for (const screen of ["play", "build", "learn", "explore", "mastermind"]) {
    await page.click(`nav a[data-screen="${screen}"]`);
    await page.waitForFunction((s) => document.body.dataset.screen === s, screen);
    titles.add(await page.title());
  }
  expect(titles.size).toBe(5);
  expect([...titles][0]).toBe("Play · lightsout");
  await page.close();
});

test("Mastermind: one code left is said in the singular", async () => {
  // the secret is 1111 (random values all 0); after 2111, 1211, 1121 it is the only code that fits
  const page = await e2e.open("mastermind", "crypto.getRandomValues = (values) => values.fill(0);");
  await page.waitForSelector("#mm-guess");
  for (const guess of ["2111", "1211", "1121"]) {
    await page.fill("#mm-guess", guess);
    await page.press("#mm-guess", "Enter");
  }
  await page.waitForFunction(() =>
    /3 guesses so far/.test(document.querySelector("[data-testid=status]")!.textContent!),
  );
  expect(await page.textContent("[data-testid=status]")).toBe("3 guesses so far; 1 code still fits the scores.");
  await page.close();
});
