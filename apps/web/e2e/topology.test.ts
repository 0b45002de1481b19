// The projective plane and light states up to 255 in Play and Build: every
// solution the app shows is applied here with plain loops over neighbourhoods
// written from the definition (e2e/_neighbourhoods.ts), never the engine's.

import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { applyPresses, plusNeighbourhoods, seeded, solvableLights } from "./_neighbourhoods.js";
import { type E2E, pressBadges, startE2E } from "./_browser.js";

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

const projective = plusNeighbourhoods(5, "projective");
const lightsOf = (page: Page) =>
  page.$$eval(".board [data-cell]", (cells) => cells.map((c) => Number((c as HTMLElement).dataset.state)));
const hashParams = async (page: Page) =>
  new URLSearchParams((await page.evaluate(() => location.hash)).split("?")[1] ?? "");

/** Lights some random presses (mod k) clear on the 5 x 5 projective plane. */
function puzzle(seed: number, k: number): number[] {
  const next = seeded(seed);
  return solvableLights(
    projective,
    Array.from({ length: 25 }, () => Math.floor(next() * k)),
    k,
  );
}

/** Light values as the URL writes them past 36 states: two base-36 digits a cell. */
const twoDigits = (lights: readonly number[]) => lights.map((v) => v.toString(36).padStart(2, "0")).join("");

/** The presses Play's "Show solution" marks, one count per cell. */
async function shownSolution(page: Page): Promise<number[]> {
  await page.click("[data-action=solution]");
  await page.waitForSelector(".board [data-press]");
  return page.$$eval(".board [data-cell]", (cells) => cells.map((c) => Number((c as HTMLElement).dataset.press ?? 0)));
}

test("a projective 5 x 5 board in Play: a press wraps with the twist, the solution clears it", async () => {
  const lights = puzzle(1, 2);
  const bits = lights.map(String).join("");
  // the link's lights, packed six to a base64url character as Play writes them
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  let l = "";
  for (let i = 0; i < 25; i += 6) l += alphabet[Number.parseInt(bits.slice(i, i + 6).padEnd(6, "0"), 2)];
  const page = await e2e.open(`play?g=5x5&t=p&l=${l}`);
  await page.waitForSelector(".board [data-cell]");
  expect(await lightsOf(page)).toEqual(lights);
  expect(await page.textContent("[data-testid=about]")).toMatch(/^5 × 5 projective plane, plus rule, 2 states/);
  expect(await page.textContent("[data-testid=rules]")).toMatch(/with a twist/);
  expect(await page.inputValue("select[name=shape]")).toBe("projective");
  expect(await page.isVisible("[data-action=learn]")).toBe(false);

  // one press of the corner: itself, its right and lower neighbours, and the far corner (up and left both lead there)
  await page.click('.board [data-cell="0"]');
  expect(await lightsOf(page)).toEqual(applyPresses(projective, lights, [1], 2));
  await page.click("[data-action=undo]");

  const presses = await shownSolution(page);
  expect(applyPresses(projective, lights, presses, 2)).toEqual(new Array(25).fill(0));
  // and pressing them in the page clears it too
  for (let i = 0; i < 25; i++) if (presses[i]) await page.click(`.board [data-cell="${i}"]`);
  expect(await lightsOf(page)).toEqual(new Array(25).fill(0));
  expect(await page.textContent("[data-testid=status]")).toMatch(/Lights out!/);
  await page.close();
});

test("255 states on the projective plane: numbers in the cells, counts beside them, a solution that clears the board", async () => {
  const lights = puzzle(2, 255);
  const page = await e2e.browser.newPage({ viewport: { width: 375, height: 740 } });
  await page.goto(`${e2e.url}#/play?g=5x5&t=p&k=255&l=${twoDigits(lights)}`);
  await page.waitForSelector(".board [data-cell]");
  expect(await lightsOf(page)).toEqual(lights);
  expect(await page.textContent("[data-testid=about]")).toMatch(/255 states/);
  // the state as a decimal number in its cell (0 left blank)
  const texts = await page.$$eval(".board [data-cell]", (cells) => cells.map((c) => c.textContent));
  expect(texts).toEqual(lights.map((v) => (v ? String(v) : "")));

  const presses = await shownSolution(page);
  expect(presses.every((x) => Number.isInteger(x) && x >= 0 && x < 255)).toBe(true);
  expect(applyPresses(projective, lights, presses, 255)).toEqual(new Array(25).fill(0));
  const badges = await pressBadges(page);
  expect(badges.length).toBeGreaterThan(0);
  for (const badge of badges) {
    expect(badge.content).toBe(`"${badge.press}"`);
    expect(badge.overlaps).toBe(false);
  }
  await page.close();
});

test("Play's form makes projective puzzles with 255 states; the link carries both and opens the same board", async () => {
  const page = await e2e.open("play");
  await page.waitForSelector(".board [data-cell]");
  await page.selectOption("select[name=shape]", "projective");
  await page.fill("input[name=rows]", "5");
  await page.fill("input[name=cols]", "5");
  await page.fill("input[name=states]", "255");
  await page.click("[data-action=new]");
  await page.waitForFunction(() => /255 states/.test(document.querySelector("[data-testid=about]")!.textContent!));
  const p = await hashParams(page);
  expect(p.get("t")).toBe("p");
  expect(p.get("k")).toBe("255");
  const lights = await lightsOf(page);
  expect(p.get("l")).toBe(twoDigits(lights));
  const presses = await shownSolution(page);
  expect(applyPresses(projective, lights, presses, 255)).toEqual(new Array(25).fill(0));

  // the link to this puzzle opens the same board, and Build keeps the topology and the states
  const link = (await page.getAttribute("[data-testid=share]", "href"))!;
  const again = await e2e.open(link.slice(2));
  await again.waitForSelector(".board [data-cell]");
  expect(await lightsOf(again)).toEqual(lights);
  await again.click("[data-action=edit]");
  await again.waitForFunction(() => document.body.dataset.screen === "build");
  await again.waitForSelector(".board [data-pos]");
  expect(await again.inputValue("select[name=topology]")).toBe("projective");
  expect(await again.inputValue("input[name=states]")).toBe("255");
  const share = new URLSearchParams((await again.inputValue("input[name=share]")).split("?")[1]);
  expect(share.get("t")).toBe("p");
  expect(share.get("k")).toBe("255");
  expect(share.get("l")).toBe(twoDigits(lights));
  await again.close();
  await page.close();
});

test("old torus links still open as tori", async () => {
  const page = await e2e.open("play?g=3x3&t=1&l=XQ");
  await page.waitForSelector(".board [data-cell]");
  expect(await page.textContent("[data-testid=about]")).toMatch(/^3 × 3 torus/);
  expect(await page.inputValue("select[name=shape]")).toBe("torus");
  expect((await hashParams(page)).get("t")).toBe("1");
  await page.close();
});

test("Build: an imported board on the projective plane is solved as one (text and JSON)", async () => {
  const lights = puzzle(3, 2);
  const page = await e2e.open("build");
  await page.waitForSelector(".board [data-pos]");
  await page.selectOption("select[name=topology]", "projective");
  const rows = Array.from({ length: 5 }, (_, r) => lights.slice(r * 5, r * 5 + 5).join("")).join("\n");
  await page.fill("textarea[name=board-text]", rows);
  await page.click("[data-action=import]");
  await page.waitForFunction(() => /Imported/.test(document.body.textContent ?? ""));
  expect(await page.inputValue("select[name=topology]")).toBe("projective");

  await page.click("[data-action=export-json]");
  const exported = JSON.parse(await page.inputValue("textarea[name=board-text]"));
  expect(exported).toEqual({
    board: { kind: "grid", rows: 5, cols: 5, topology: "projective" },
    lights,
    states: 2,
  });
  // JSON brings its topology along, whatever the Edges field says
  await page.selectOption("select[name=topology]", "plane");
  await page.click("[data-action=import]");
  await page.waitForFunction(
    () => (document.querySelector("select[name=topology]") as HTMLSelectElement).value === "projective",
  );

  await page.click("[data-action=play]");
  await page.waitForFunction(() => document.body.dataset.screen === "play");
  await page.waitForSelector(".board [data-cell]");
  expect(await page.textContent("[data-testid=about]")).toMatch(/projective plane/);
  const presses = await shownSolution(page);
  expect(applyPresses(projective, lights, presses, 2)).toEqual(new Array(25).fill(0));
  await page.close();
});

test("Build: 255 states, exported as numbers between blanks and imported back", async () => {
  const page = await e2e.open("build");
  await page.waitForSelector(".board [data-pos]");
  await page.fill("input[name=states]", "255");
  await page.dispatchEvent("input[name=states]", "change");
  await page.fill("textarea[name=board-text]", "254 0 100\n1 36 7");
  await page.click("[data-action=import]");
  await page.waitForFunction(() => document.querySelectorAll(".board [data-pos]").length === 6);
  expect(await lightsOf(page)).toEqual([254, 0, 100, 1, 36, 7]);
  expect(await page.$$eval(".board [data-cell]", (cells) => cells.map((c) => c.textContent))).toEqual([
    "254",
    "",
    "100",
    "1",
    "36",
    "7",
  ]);
  await page.click("[data-action=export-text]");
  const text = await page.inputValue("textarea[name=board-text]");
  expect(text.trim().split(/\s+/).map(Number)).toEqual([254, 0, 100, 1, 36, 7]);
  await page.click("[data-action=import]");
  expect(await lightsOf(page)).toEqual([254, 0, 100, 1, 36, 7]);
  await page.close();
});

test("Learn keeps to plain rectangles with at most 36 states, and says so", async () => {
  for (const link of ["learn?g=3x3&k=255&l=000000000000000000", "learn?g=3x3&t=p&l=XQ"]) {
    const page = await e2e.open(link);
    await page.waitForSelector(".board [data-cell]");
    expect(await page.textContent("[data-testid=learn-limits]")).toMatch(/2 to 36 states/);
    // not a board Learn can chase: it starts from its own all-on 5 x 5 board with two states
    expect(await page.inputValue("input[name=states]")).toBe("2");
    expect(await page.$$eval(".learn-chase .board [data-cell]", (cells) => cells.length)).toBe(25);
    await page.close();
  }
});

test("a 34 x 34 board with 255 states on the canvas: every lit cell shows its number", async () => {
  const n = 34;
  const next = seeded(4);
  const lights = solvableLights(
    plusNeighbourhoods(n, "plane"),
    Array.from({ length: n * n }, () => (next() < 0.1 ? Math.floor(next() * 255) : 0)),
    255,
  );
  const page = await e2e.open(`play?g=${n}x${n}&k=255&l=${twoDigits(lights)}`);
  await page.waitForSelector("canvas.board-canvas");
  await page.waitForFunction(
    () => Number((document.querySelector("canvas.board-canvas") as HTMLElement).dataset.scale) > 0,
  );
  await e2e.screenshot(page, "play-canvas-255");
  // dark text pixels (the state number) in the middle of a cell, measured on the drawn canvas
  const inked = await page.$eval(
    "canvas.board-canvas",
    (canvas, n) => {
      const c = canvas as HTMLCanvasElement;
      const d = c.dataset;
      const dpr = c.width / c.clientWidth;
      const scale = Number(d.scale);
      const pixels = c.getContext("2d")!.getImageData(0, 0, c.width, c.height);
      const out: boolean[] = [];
      for (let r = 0; r < n; r++) {
        for (let col = 0; col < n; col++) {
          let dark = false;
          for (let fy = 0.25; fy <= 0.75 && !dark; fy += 0.05) {
            for (let fx = 0.1; fx <= 0.9 && !dark; fx += 0.02) {
              const x = Math.floor((Number(d.ox) + (col + fx) * scale) * dpr);
              const y = Math.floor((Number(d.oy) + (r + fy) * scale) * dpr);
              const i = (y * pixels.width + x) * 4;
              dark = Math.max(pixels.data[i]!, pixels.data[i + 1]!, pixels.data[i + 2]!) < 90;
            }
          }
          out.push(dark);
        }
      }
      return { scale, out };
    },
    n,
  );
  expect(inked.scale).toBeGreaterThanOrEqual(14); // big enough for the numbers to be drawn
  for (let i = 0; i < n * n; i++) if (lights[i]) expect(inked.out[i], `cell ${i} (state ${lights[i]})`).toBe(true);
  expect(await page.textContent("[data-testid=board-summary]")).toMatch(/34 × 34 board/);
  await page.close();
});
