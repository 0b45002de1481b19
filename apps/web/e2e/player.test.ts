// A game that respects the player: a seed in a link deals that puzzle (and a
// bad one is explained), winning locks the board and offers the next puzzle,
// records are fair (time kept across reloads, assisted results marked, the
// daily history), Back walks back through the moves, and the page has a skip link.

import { applyPresses, gridBoard } from "@lightsout/core";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { canvasPixels, type E2E, startE2E } from "./_browser.js";

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

const lightsOf = (page: Page) =>
  page.$$eval(".board [data-cell]", (cells) => cells.map((c) => Number((c as HTMLElement).dataset.state)));

test("a seed link deals that puzzle in Play and Learn; a bad seed is explained, not dropped", async () => {
  const page = await e2e.open("play?g=5x5&t=1&seed=3");
  await page.waitForSelector(".board [data-cell]");
  const dealt = await lightsOf(page);
  expect(dealt.some((v) => v !== 0)).toBe(true);
  expect(await page.textContent("[data-testid=status]")).not.toContain("already dark");
  expect(await page.inputValue("input[name=seed]")).toBe("3");
  // the same puzzle as the form's "New puzzle" with seed 3 on a torus
  await page.selectOption("select[name=shape]", "torus");
  await page.click("[data-action=new]");
  expect(await lightsOf(page)).toEqual(dealt);

  await page.close();

  for (const seed of ["-1", "123456789012345678901234567890"]) {
    const bad = await e2e.open(`play?g=5x5&seed=${seed}`);
    await bad.waitForSelector("[data-testid=info] [role=alert]");
    expect(await bad.textContent("[data-testid=info] [role=alert]")).toMatch(
      /^The link's seed .+ (is not a seed|is too large): a seed is a whole number from 0 to 2,147,483,647\. Here is the puzzle of seed 1 instead\.$/,
    );
    expect((await lightsOf(bad)).some((v) => v !== 0)).toBe(true);
    await bad.close();
  }

  const learn = await e2e.open("learn?g=5x5&k=3&seed=2");
  await learn.waitForSelector(".board [data-cell]");
  expect(await learn.inputValue("input[name=states]")).toBe("3");
  const learnLights = await lightsOf(learn);
  expect(learnLights.some((v) => v !== 0)).toBe(true);
  expect(learnLights.every((v) => v === 1)).toBe(false); // not the all-on board
  expect(await learn.isHidden("[data-testid=link-note]")).toBe(true);
  await learn.close();
});

test("Learn explains a board it does not chase (g=13x13, k=37), as Play explains its limits", async () => {
  const page = await e2e.open("learn?g=13x13");
  await page.waitForSelector("[data-testid=link-note]:not([hidden])");
  expect(await page.textContent("[data-testid=link-note]")).toContain("up to 12 × 12");
  expect(await page.textContent("[data-testid=link-note]")).toContain("13 × 13 rectangle");
  await page.close();
  const k37 = await e2e.open("learn?g=5x5&k=37");
  await k37.waitForSelector("[data-testid=link-note]:not([hidden])");
  expect(await k37.textContent("[data-testid=link-note]")).toContain("37 states");
  await k37.close();
  const seed = await e2e.open("learn?g=5x5&seed=x");
  await seed.waitForSelector("[data-testid=link-note]:not([hidden])");
  expect(await seed.textContent("[data-testid=link-note]")).toMatch(/^The link's seed 'x' is not a seed/);
  await seed.close();
});

test("winning locks the board, celebrates, offers the next puzzle, and the status line does not move the board", async () => {
  const page = await e2e.open("play?g=3x3&l=XQ&seed=5");
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.waitForSelector(".board [data-cell]");
  const top = () => page.$eval(".board", (b) => b.getBoundingClientRect().top);
  const before = await top();
  expect(await page.isHidden("[data-action=next-puzzle]")).toBe(true);
  await page.click('.board [data-cell="4"]'); // the plus around the centre: one press clears it
  await page.waitForSelector("[data-testid=status].win");
  expect(await top()).toBe(before);
  // the next puzzle is offered
  expect(await page.isVisible("[data-action=next-puzzle]")).toBe(true);
  // locked: a press on the dark board changes nothing, the counter stays
  await page.click('.board [data-cell="0"]', { force: true }); // aria-disabled: forced, as a player's click is
  expect(await page.textContent("[data-testid=moves]")).toBe("1");
  expect((await lightsOf(page)).every((v) => v === 0)).toBe(true);
  expect(await page.getAttribute(".board", "aria-disabled")).toBe("true");
  expect(await page.$eval(".board-host", (h) => h.classList.contains("won"))).toBe(true);
  await page.click("[data-action=next-puzzle]");
  await page.waitForFunction(() => location.hash.includes("seed=6"));
  expect(await page.textContent("[data-testid=moves]")).toBe("0");
  expect(await page.isHidden("[data-action=next-puzzle]")).toBe(true);
  await page.close();
});

test("Back returns through the moves, and Forward replays them", async () => {
  const page = await e2e.open("play?g=3x3&l=XQ");
  await page.waitForSelector(".board [data-cell]");
  const start = await lightsOf(page);
  await page.click('.board [data-cell="0"]');
  const one = await lightsOf(page);
  await page.click('.board [data-cell="8"]');
  expect(await page.textContent("[data-testid=moves]")).toBe("2");
  const movesAre = (n: string) =>
    page.waitForFunction(
      (n) =>
        document.body.dataset.screen === "play" && document.querySelector("[data-testid=moves]")?.textContent === n,
      n,
    );
  await page.goBack();
  await movesAre("1");
  expect(await lightsOf(page)).toEqual(one);
  await page.goBack();
  await movesAre("0");
  expect(await lightsOf(page)).toEqual(start);
  await page.goForward();
  await movesAre("1");
  await page.close();
});

test("the clock survives a reload; help marks the result; today's results are kept as a history", async () => {
  const page = await e2e.open("play?g=5x5&seed=11");
  await page.waitForSelector(".board [data-cell]");
  await page.click('.board [data-cell="12"]');
  await page.waitForFunction(() => {
    const t = document.querySelector("[data-testid=timer]")?.textContent ?? "0:00";
    return t !== "0:00" && t !== "0:01";
  });
  const before = (await page.textContent("[data-testid=timer]"))!;
  await page.reload();
  await page.waitForSelector(".board [data-cell]");
  // at least the time played before, never 0:00 again
  const seconds = (t: string) => Number(t.split(":")[0]) * 60 + Number(t.split(":")[1]);
  expect(seconds((await page.textContent("[data-testid=timer]"))!)).toBeGreaterThanOrEqual(seconds(before));
  await page.close();

  const today = await e2e.open("play");
  await today.waitForSelector(".board [data-cell]");
  await today.click("[data-action=daily]");
  await today.click("[data-action=solution]");
  await today.waitForSelector(".board [data-press]");
  // press every marked cell, the first each time: the rest stay marked at once, never a blank overlay while
  // the worker runs (checked in the page, in the same task as the click)
  for (;;) {
    const [marked, left] = await today.evaluate(() => {
      const marks = () => document.querySelectorAll<HTMLElement>(".board [data-press]");
      const n = marks().length;
      marks()[0]?.click();
      return [n, marks().length];
    });
    if (marked === 0) break;
    expect(left).toBe(marked - 1);
  }
  await today.waitForSelector("[data-testid=status].win");
  expect(await today.textContent("[data-testid=status]")).toContain("with help");
  expect(await today.textContent("[data-testid=best]")).toMatch(/, with help$/);
  const date = new Date().toISOString().slice(0, 10);
  await today.waitForSelector("[data-testid=daily-history] li");
  expect(await today.textContent("[data-testid=daily-history] li")).toMatch(
    new RegExp(`^${date}: \\d+ moves? in \\d+:\\d\\d, with help$`),
  );
  // the next puzzle after today's is not tomorrow's (the seed after the date): seed 1
  await today.click("[data-action=next-puzzle]");
  await today.waitForFunction(() => new URLSearchParams(location.hash.split("?")[1]).get("seed") === "1");
  expect(await today.inputValue("input[name=seed]")).toBe("1");
  await today.reload();
  await today.waitForSelector("[data-testid=daily-history] li");
  await today.close();
});

test("a skip link is the first Tab stop and moves the focus to the screen; the Seed box shows a whole seed", async () => {
  const page = await e2e.open("play?seed=2147483647");
  await page.waitForSelector(".board [data-cell]");
  await page.keyboard.press("Tab");
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Skip to content");
  expect(await page.$eval(".skip-link", (a) => a.getBoundingClientRect().top >= 0)).toBe(true);
  const hash = await page.evaluate(() => location.hash);
  await page.keyboard.press("Enter");
  expect(await page.evaluate(() => document.activeElement?.id)).toBe("main");
  expect(await page.evaluate(() => location.hash)).toBe(hash); // the route stays
  // the next Tab stop is inside the screen, not the header
  await page.keyboard.press("Tab");
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest("main")))).toBe(true);
  // every digit of the longest seed is seen
  for (const seed of ["20261201", "2147483647"]) {
    await page.fill("input[name=seed]", seed);
    // the text field inside the box scrolls when the digits do not fit
    expect(await page.$eval("input[name=seed]", (input) => input.scrollWidth <= input.clientWidth)).toBe(true);
  }
  await page.close();
});

test("a rule of 50,000 copies of one offset is written once, not 50,000 times", async () => {
  const rule = Array.from({ length: 50_000 }, () => "0,1").join(";");
  const page = await e2e.open(`play?g=3x3&r=${encodeURIComponent(rule)}`);
  await page.waitForSelector("[data-testid=rules]");
  const text = (await page.textContent("[data-testid=rules]"))!;
  expect(text.length).toBeLessThan(300);
  expect(text).toContain("the rule lists 50,000 offsets, 1 distinct");
  await page.close();
});

test("quiet patterns are counted the same way on Build and Learn; Build gives nullity and the winnable share for k states", async () => {
  const summary = async (page: Page) => {
    await page.waitForFunction(() => /cells/.test(document.querySelector("[data-testid=verdict]")?.textContent ?? ""));
    return (await page.textContent("[data-testid=verdict]"))!;
  };
  const build = await e2e.open("build?g=5x5");
  expect(await summary(build)).toContain("nullity 2 (4 quiet patterns, pressing nothing included;");
  await build.close();
  const learn = await e2e.open("learn?g=5x5");
  await learn.waitForSelector(".board [data-cell]");
  expect(await learn.textContent("main")).toContain("has 4 quiet patterns, pressing nothing included");
  await learn.close();
  // 4 x 4 over Z_3: 9 quiet patterns (two generators of order 3), so one board in 9 is winnable
  const k3 = await e2e.open("build?g=4x4&k=3");
  expect(await summary(k3)).toContain(
    "16 cells, nullity 2 over Z_3 (9 quiet patterns, pressing nothing included; 3^14 of the 3^16 boards are winnable, one in 9)",
  );
  await k3.close();
});

const BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
/** 0/1 lights packed six to a character, as links carry them (written out here independently). */
function pack(bits: number[]): string {
  let out = "";
  for (let i = 0; i < bits.length; i += 6) {
    let v = 0;
    for (let b = 0; b < 6; b++) v = v * 2 + (bits[i + b] ?? 0);
    out += BASE64URL[v];
  }
  return out;
}

test("big boards: the controls sit beside the canvas at 1280 x 800, and Hint brings the hinted cell into view", async () => {
  const n = 256;
  const bits = new Array(n * n).fill(0);
  // one press far from the top-left corner: (201, 251), counted from 1
  for (const [dr, dc] of [
    [0, 0],
    [1, 0],
    [-1, 0],
    [0, 1],
    [0, -1],
  ] as const)
    bits[(200 + dr) * n + 250 + dc] = 1;
  const page = await e2e.open(`play?g=${n}x${n}&l=${pack(bits)}`);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.waitForSelector("canvas.board-canvas[data-scale]");
  const canvasBox = await page.$eval("canvas.board-canvas", (c) => c.getBoundingClientRect().toJSON());
  for (const action of ["hint", "undo", "solution", "winnable"]) {
    const box = await page.$eval(`[data-action=${action}]`, (b) => b.getBoundingClientRect().toJSON());
    expect(box.bottom).toBeLessThanOrEqual(800); // above the fold
    expect(box.left).toBeGreaterThanOrEqual(canvasBox.right); // beside the board
  }
  const scrolled = await page.evaluate(() => scrollY);
  await page.click("[data-action=hint]");
  await page.waitForFunction(() =>
    /row \d+, column \d+/.test(document.querySelector("[data-testid=info]")?.textContent ?? ""),
  );
  expect(await page.evaluate(() => scrollY)).toBe(scrolled); // the board stays where it was
  const [, row, col] = (await page.textContent("[data-testid=info]"))!.match(/row (\d+), column (\d+)/)!.map(Number);
  await page.waitForFunction(
    () => Number((document.querySelector("canvas.board-canvas") as HTMLElement).dataset.scale) >= 16,
  );
  const seen = await page.$eval("canvas.board-canvas", (c) => {
    const d = (c as HTMLElement).dataset;
    const r = c.getBoundingClientRect();
    return { scale: Number(d.scale), ox: Number(d.ox), oy: Number(d.oy), width: r.width, height: r.height };
  });
  const x = seen.ox + (col! - 1) * seen.scale;
  const y = seen.oy + (row! - 1) * seen.scale;
  expect(x).toBeGreaterThanOrEqual(0);
  expect(x + seen.scale).toBeLessThanOrEqual(seen.width);
  expect(y).toBeGreaterThanOrEqual(0);
  expect(y + seen.scale).toBeLessThanOrEqual(seen.height);
  await e2e.screenshot(page, "play-canvas-beside");
  await page.close();
});

test("a 5 x 5 board uses the space of a desktop; graph boards show their solution marks plainly", async () => {
  const page = await e2e.open("play?g=5x5&seed=1");
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.waitForSelector(".board [data-cell]");
  const cell = await page.$eval('.board [data-cell="0"]', (c) => c.getBoundingClientRect().width);
  expect(cell).toBeGreaterThanOrEqual(64);
  expect(await page.$eval(".board", (b) => b.getBoundingClientRect().bottom)).toBeLessThanOrEqual(800);
  await e2e.screenshot(page, "play-desktop");
  await page.close();

  // a path of 4 vertices, 0 and 1 lit: pressing vertex 0 clears it
  const graph = await e2e.open(`play?n=4&e=0-1.1-2.2-3&l=${pack([1, 1, 0, 0])}`);
  await graph.waitForSelector(".board [data-cell]");
  expect(await graph.isDisabled("input[name=rows]")).toBe(true); // a graph has no rows
  await graph.click("[data-action=solution]");
  await graph.waitForSelector('.board [data-cell="0"][data-press]');
  const ring = await graph.$eval('.board [data-cell="0"] circle:not(.focus-ring)', (c) => {
    const style = getComputedStyle(c);
    return { width: Number.parseFloat(style.strokeWidth), dashed: style.strokeDasharray !== "none" };
  });
  expect(ring.width).toBeGreaterThanOrEqual(3);
  expect(ring.dashed).toBe(true);
  await graph.close();
});

test("Build's preset patterns and transforms of the lights (shift with wrap, invert, states + 1)", async () => {
  const page = await e2e.open("build?g=3x3");
  await page.waitForSelector(".board [data-cell]");
  await page.click("[data-pattern=corners]");
  expect(await lightsOf(page)).toEqual([1, 0, 1, 0, 0, 0, 1, 0, 1]);
  await page.click("[data-pattern=centre]");
  expect(await lightsOf(page)).toEqual([0, 0, 0, 0, 1, 0, 0, 0, 0]);
  await page.click("[data-transform=right]");
  await page.click("[data-transform=up]");
  expect(await lightsOf(page)).toEqual([0, 0, 1, 0, 0, 0, 0, 0, 0]);
  await page.click("[data-transform=right]"); // wraps to the first column
  expect(await lightsOf(page)).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 0]);
  await page.click("[data-transform=invert]");
  expect(await lightsOf(page)).toEqual([0, 1, 1, 1, 1, 1, 1, 1, 1]);
  // the link follows the lights
  await page.waitForFunction(
    (l) => new URLSearchParams(location.hash.split("?")[1]).get("l") === l,
    pack([0, 1, 1, 1, 1, 1, 1, 1, 1]),
  );
  // the board the lit cells make, and the solution as a board: each undoes the other (3 x 3: one solution)
  await page.click("[data-pattern=centre]");
  await page.click("[data-action=press-lit]");
  expect(await lightsOf(page)).toEqual([0, 1, 0, 1, 1, 1, 0, 1, 0]);
  await page.click("[data-action=solution-board]");
  await page.waitForFunction(() =>
    /fewest-press solution \(1 press\)/.test(document.querySelector("[data-testid=tools-note]")?.textContent ?? ""),
  );
  expect(await lightsOf(page)).toEqual([0, 0, 0, 0, 1, 0, 0, 0, 0]);
  // its period: pressing the lit cells again and again brings the board back (3 x 3: no tail), counted here by stepping
  const board = gridBoard(3, 3);
  let v: ArrayLike<number> = [0, 0, 0, 0, 1, 0, 0, 0, 0];
  let period = 0;
  do {
    v = applyPresses(board, new Array(9).fill(0), v);
    period++;
  } while (Array.from(v).join("") !== "000010000");
  await page.click("[data-action=period]");
  await page.waitForFunction(
    (p) =>
      (document.querySelector("[data-testid=tools-note]")?.textContent ?? "").includes(`comes back every ${p} steps`),
    period,
  );
  await page.close();

  const three = await e2e.open("build?g=1x3&k=3&l=012");
  await three.waitForSelector(".board [data-cell]");
  await three.click("[data-transform=rotate]");
  expect(await lightsOf(three)).toEqual([1, 2, 0]);
  await three.click("[data-transform=invert]");
  expect(await lightsOf(three)).toEqual([1, 0, 2]);
  await three.close();

  const graph = await e2e.open(`build?n=3&e=0-1.1-2&l=${pack([1, 0, 0])}`);
  await graph.waitForSelector(".board [data-cell]");
  expect(await graph.isDisabled("[data-transform=right]")).toBe(true); // a graph has no rows to shift
  await graph.click("[data-transform=invert]");
  expect(await lightsOf(graph)).toEqual([0, 1, 1]);
  await graph.close();
});

test("the 3D view of a torus board renders, and a press in 3D changes the same cells as in 2D", async () => {
  const link = "build?g=6x8&t=1&k=3";
  const page = await e2e.open(link);
  await page.waitForSelector(".board [data-cell]");
  expect(await page.isHidden("[data-action=view-3d]")).toBe(false);
  await page.click("[data-action=view-3d]");
  await page.waitForSelector("[data-testid=torus-3d][data-drawn]");
  // not blank: the torus is painted in the off colour with its grid lines, around a hole
  const colours = await canvasPixels(page, "[data-testid=torus-3d]");
  expect(colours.share).toBeGreaterThan(0.2);
  expect(colours.distinct).toBeGreaterThan(2);
  // a click on the ring's right side, where the tube's centre line is (see ui/torus-geometry.ts)
  await page.$eval("[data-testid=torus-3d]", (c) => c.scrollIntoView({ block: "center" }));
  const box = (await page.$eval("[data-testid=torus-3d]", (c) => c.getBoundingClientRect().toJSON())) as DOMRect;
  await page.mouse.click(box.x + box.width / 2 + (box.width * 0.45) / 1.42, box.y + box.height / 2);
  await page.waitForSelector("[data-testid=torus-3d-live][data-position]", { state: "attached" });
  const position = Number(await page.getAttribute("[data-testid=torus-3d-live]", "data-position"));
  const after3d = await lightsOf(page);
  expect(after3d.filter((v) => v !== 0)).toHaveLength(1); // one cell cycled, as a click in Build does
  await page.close();

  // the same cell clicked on the flat board
  const flat = await e2e.open(link);
  await flat.waitForSelector(".board [data-cell]");
  await flat.click(`.board [data-pos="${position}"]`);
  expect(await lightsOf(flat)).toEqual(after3d);
  await flat.close();
});
