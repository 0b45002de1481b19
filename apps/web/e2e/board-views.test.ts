// Build's and Play's other pictures of a board: a board on a solid's faces
// drawn in 3D (a press there is the flat board's press), the projective
// plane's gluing with the cells a press reaches across the seam, and the
// Cells select (DOM and canvas boards, kept through a reload).

import { gridBoard } from "@lightsout/core";
import { pressTargets } from "@lightsout/core/lightsout";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { plusNeighbourhoods } from "./_neighbourhoods.js";
import { canvasPixels as pixels, type E2E, startE2E } from "./_browser.js";

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

const lightsOf = (page: Page) =>
  page.$$eval(".board [data-cell]", (cells) => cells.map((c) => Number((c as SVGElement | HTMLElement).dataset.state)));

test("a board on a dodecahedron's faces: 12 cells, the library's nullity, a 3D view whose press is the flat board's", async () => {
  const page = await e2e.open("build?g=5x5&k=3");
  await page.waitForSelector(".board [data-pos]");
  await page.selectOption("select[name=shape]", "dodecahedron");
  await page.waitForFunction(() => document.querySelectorAll(".board [data-cell]").length === 12);
  // the summary comes from the library as for any graph board (nullity over Z_3 here; over GF(2) in the unit test)
  await page.waitForFunction(() => /12 cells/.test(document.querySelector("[data-testid=verdict]")?.textContent ?? ""));
  const link = new URLSearchParams((await page.inputValue("input[name=share]")).split("?")[1]);
  expect(link.get("n")).toBe("12");
  expect(link.get("e")!.split(".")).toHaveLength(30); // a dodecahedron's 30 edges, each shared by two faces

  await page.click("[data-action=view-3d]");
  await page.waitForSelector("[data-testid=solid-3d][data-drawn]");
  const drawn = Number(await page.getAttribute("[data-testid=solid-3d]", "data-drawn"));
  expect(drawn).toBeGreaterThan(3); // the faces turned towards the viewer
  expect(drawn).toBeLessThan(12);
  const before = await pixels(page, "[data-testid=solid-3d]");
  expect(before.share).toBeGreaterThan(0.2); // not blank: the solid fills a good part of the picture
  expect(before.distinct).toBeGreaterThan(2); // the faces shaded apart, and their edges

  // a click in the middle of the picture presses the face there
  await page.$eval("[data-testid=solid-3d]", (c) => c.scrollIntoView({ block: "center" }));
  const box = (await page.$eval("[data-testid=solid-3d]", (c) => c.getBoundingClientRect().toJSON())) as DOMRect;
  const centre: [number, number] = [box.width / 2, box.height / 2];
  const colourBefore = (await pixels(page, "[data-testid=solid-3d]", centre)).at;
  await page.mouse.click(box.x + centre[0], box.y + centre[1]);
  await page.waitForSelector("[data-testid=solid-3d-live][data-position]", { state: "attached" });
  const face = Number(await page.getAttribute("[data-testid=solid-3d-live]", "data-position"));
  expect(await page.textContent("[data-testid=solid-3d-live]")).toMatch(/^Face \d+ pressed/);
  const after3d = await lightsOf(page);
  expect(after3d.filter((v) => v !== 0)).toHaveLength(1); // one cell cycled, as a click in Build does
  // the face is painted in its new colour
  await expect.poll(async () => (await pixels(page, "[data-testid=solid-3d]", centre)).at).not.toEqual(colourBefore);
  // a drag turns the solid: the picture changes, no cell does
  const turned = (await pixels(page, "[data-testid=solid-3d]")).hash;
  await page.mouse.move(box.x + 40, box.y + 40);
  await page.mouse.down();
  await page.mouse.move(box.x + 140, box.y + 90, { steps: 5 });
  await page.mouse.up();
  await expect.poll(async () => (await pixels(page, "[data-testid=solid-3d]")).hash).not.toBe(turned);
  // and so do the arrow keys
  const dragged = (await pixels(page, "[data-testid=solid-3d]")).hash;
  await page.focus("[data-testid=solid-3d]");
  await page.keyboard.press("ArrowRight");
  await expect.poll(async () => (await pixels(page, "[data-testid=solid-3d]")).hash).not.toBe(dragged);
  expect(await lightsOf(page)).toEqual(after3d);
  await e2e.screenshot(page, "build-solid-3d");
  const shared = await page.inputValue("input[name=share]");
  await page.close();

  // the same face clicked on the flat board (its vertex), from the same link
  const flat = await e2e.open(`build?${new URLSearchParams(link)}`);
  await flat.waitForSelector(".board [data-cell]");
  expect(await flat.inputValue("select[name=shape]")).toBe("dodecahedron"); // the link's graph is known again
  await flat.click(`.board [data-cell="${face}"]`);
  expect(await lightsOf(flat)).toEqual(after3d);
  expect((await flat.inputValue("input[name=share]")).split("?")[1]).toBe(shared.split("?")[1]);
  await flat.close();
});

test("every solid makes its board: 4, 6, 8, 12 and 20 cells; back to a grid", async () => {
  const page = await e2e.open("build");
  await page.waitForSelector(".board [data-pos]");
  for (const [solid, faces] of [
    ["tetrahedron", 4],
    ["cube", 6],
    ["octahedron", 8],
    ["dodecahedron", 12],
    ["icosahedron", 20],
  ] as const) {
    await page.selectOption("select[name=shape]", solid);
    await page.waitForFunction((n) => document.querySelectorAll(".board [data-cell]").length === n, faces);
    expect(await page.isHidden("[data-action=view-3d]")).toBe(false);
  }
  await page.selectOption("select[name=shape]", "grid");
  await page.waitForFunction(() => document.querySelectorAll(".board [data-pos]").length === 25);
  expect(await page.isHidden("[data-action=view-3d]")).toBe(true);
  await page.close();
});

test("a projective board shows its gluing; an edge cell, hovered or focused, marks what it reaches across the seam", async () => {
  const n = 5;
  const page = await e2e.open(`build?g=${n}x${n}&t=p`);
  await page.waitForSelector("[data-testid=seam-diagram]");
  expect(await page.textContent("[data-testid=seam-diagram] figcaption")).toMatch(/half-turn, both reversed/);
  expect(await page.$$eval("[data-testid=seam-diagram] .seam-arrow", (a) => a.length)).toBe(4);
  // across the seam: the library's neighbourhood on the projective plane less the plane's, and the same
  // written out by hand from the gluing (e2e/_neighbourhoods.ts)
  const library = pressTargets(gridBoard(n, n, { topology: "projective" }));
  const plane = pressTargets(gridBoard(n, n));
  const byHand = plusNeighbourhoods(n, "projective");
  const flatByHand = plusNeighbourhoods(n, "plane");
  const across = (p: number) => {
    const fromLibrary = [...library[p]!].filter((q) => !plane[p]!.includes(q)).sort((a, b) => a - b);
    const fromHand = byHand[p]!.filter((q) => !flatByHand[p]!.includes(q)).sort((a, b) => a - b);
    expect(fromLibrary).toEqual(fromHand);
    return fromLibrary;
  };
  const marked = () =>
    page.$$eval("[data-testid=seam-diagram] .seam-cell.across", (cells) =>
      cells.map((c) => Number(c.getAttribute("data-pos"))).sort((a, b) => a - b),
    );
  // hovered on the board: the top row's second cell reaches the bottom row's fourth
  await page.hover('.board [data-pos="1"]');
  await page.waitForFunction(
    () => document.querySelector("[data-testid=seam-diagram]")?.getAttribute("data-source") === "1",
  );
  expect(await marked()).toEqual(across(1));
  expect(across(1)).toEqual([23]);
  expect(await page.textContent("[data-testid=seam-said]")).toMatch(
    /row 1, column 2 reaches across the seam: row 5, column 4/,
  );
  // focused from the keyboard: the corner reaches the far corner
  await page.focus('.board [data-pos="0"]');
  await page.waitForFunction(
    () => document.querySelector("[data-testid=seam-diagram]")?.getAttribute("data-source") === "0",
  );
  expect(await marked()).toEqual(across(0));
  // every cell of the border, hovered in the diagram itself
  for (const p of [4, 5, 9, 14, 20, 22, 12]) {
    await page.hover(`[data-testid=seam-diagram] [data-pos="${p}"]`);
    await page.waitForFunction(
      (p) => document.querySelector("[data-testid=seam-diagram]")?.getAttribute("data-source") === String(p),
      p,
    );
    expect(await marked(), `position ${p}`).toEqual(across(p));
  }
  await e2e.screenshot(page, "build-projective-seam");
  // another gluing: no diagram
  await page.selectOption("select[name=topology]", "torus");
  await page.waitForFunction(() => !document.querySelector("[data-testid=seam-diagram]"));
  await page.close();
});

test("the Cells select: the board's rendering changes on buttons and on the canvas, in both themes, and is kept", async () => {
  const page = await e2e.open("play?g=5x5&seed=3");
  await page.waitForSelector(".board [data-cell]");
  expect(await page.getAttribute(".board", "data-cells")).toBe("square");
  const radius = () => page.$eval(".board [data-cell]", (c) => getComputedStyle(c).borderTopLeftRadius);
  const square = await radius();
  await page.selectOption("select[name=cells]", "round");
  expect(await page.getAttribute(".board", "data-cells")).toBe("round");
  expect(await radius()).not.toBe(square);
  // the marks stay: a hint still outlines its cell
  await page.click("[data-action=hint]");
  await page.waitForSelector(".board .cell.hint");
  expect(await page.$eval(".board .cell.hint", (c) => getComputedStyle(c).outlineStyle)).toBe("solid");
  await page.reload();
  await page.waitForSelector(".board [data-cell]");
  expect(await page.inputValue("select[name=cells]")).toBe("round");
  expect(await page.getAttribute(".board", "data-cells")).toBe("round");

  // a canvas board: each rendering paints other pixels, in the light theme and the dark one
  const big = page;
  await big.goto(`${e2e.url}#/build?g=40x40`);
  await big.waitForSelector("canvas.board-canvas[data-scale]");
  expect(await big.inputValue("select[name=cells]")).toBe("round"); // Build keeps Play's choice
  const frames: Record<string, number> = {};
  for (const theme of ["light", "dark"]) {
    if (theme === "dark") await big.click(".theme-toggle");
    for (const style of ["square", "round", "diamond", "beveled"]) {
      await big.selectOption("select[name=cells]", style);
      await big.waitForFunction((s) => document.querySelector(".board")?.getAttribute("data-cells") === s, style);
      await big.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      frames[`${theme} ${style}`] = (await pixels(big, "canvas.board-canvas")).hash;
    }
  }
  expect(new Set(Object.values(frames)).size).toBe(8);
  await e2e.screenshot(big, "build-canvas-beveled-dark");
  await big.close();
});
