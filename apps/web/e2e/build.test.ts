import { afterAll, beforeAll, expect, test } from "vitest";
import type { Page } from "playwright-core";
import { startE2E, type E2E } from "./_browser.js";

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

const lightsOf = (page: Page) =>
  page.$$eval(".board [data-cell]", (cells) => cells.map((c) => Number((c as SVGElement | HTMLElement).dataset.state)));
const holesOf = (page: Page) => page.$$eval(".board .hole", (holes) => holes.length);
/** Types a value into one of Build's fields and commits it, as leaving the field does. */
async function setField(page: Page, name: string, value: string): Promise<void> {
  await page.fill(`input[name=${name}]`, value);
  await page.dispatchEvent(`input[name=${name}]`, "change");
}
/** The summary's verdict once the worker has given it. */
async function verdictOf(page: Page): Promise<string> {
  await page.waitForFunction(() => /cells/.test(document.querySelector("[data-testid=verdict]")?.textContent ?? ""));
  return (await page.textContent("[data-testid=verdict]"))!;
}
/** The import message once the worker has answered. */
async function importMessage(page: Page): Promise<string> {
  await page.waitForFunction(
    () => !/Importing/.test(document.querySelector("[data-testid=io-message]")?.textContent ?? "Importing"),
  );
  return (await page.textContent("[data-testid=io-message]"))!;
}

/** A 4 x 4 frame without its corners, lit by pressing (1,1) and (2,2): winnable by construction. */
async function buildIrregular(page: Page): Promise<void> {
  await page.waitForSelector(".board [data-pos]");
  await page.fill("input[name=rows]", "4");
  await page.dispatchEvent("input[name=rows]", "change");
  await page.fill("input[name=cols]", "4");
  await page.dispatchEvent("input[name=cols]", "change");
  await page.waitForFunction(() => document.querySelectorAll(".board [data-pos]").length === 16);
  await page.click("[data-mode=cells]");
  for (const p of [0, 3, 12, 15]) await page.click(`.board [data-pos="${p}"]`);
  await page.click("[data-mode=lights]");
  for (const p of [1, 4, 5, 10, 11, 14]) await page.click(`.board [data-pos="${p}"]`);
}

test("build an irregular board, then play it and solve it", async () => {
  const page = await e2e.open("build");
  await buildIrregular(page);
  expect(await holesOf(page)).toBe(4);
  expect(await verdictOf(page)).toMatch(/12 cells.*These lights are winnable/);
  await page.click("[data-action=export-text]");
  expect(await page.inputValue("textarea[name=board-text]")).toBe(".10.\n1100\n0011\n.01.");
  await e2e.screenshot(page, "build");
  await page.click("[data-action=play]");
  await page.waitForFunction(
    () => document.body.dataset.screen === "play" && document.querySelectorAll(".board [data-cell]").length === 12,
  );
  expect(await holesOf(page)).toBe(4);
  await page.click("[data-action=solution]");
  await page.waitForSelector(".board [data-press]");
  const presses = await page.$$eval(".board [data-press]", (cells) =>
    cells.map((c) => (c as HTMLElement).dataset.cell!),
  );
  expect(presses.length).toBeGreaterThan(0);
  expect(presses.length).toBeLessThanOrEqual(2); // fewest presses: at most the two that made it
  for (const cell of presses) await page.click(`.board [data-cell="${cell}"]`);
  expect(await lightsOf(page)).toEqual(new Array(12).fill(0));
  expect(await page.textContent("[data-testid=status]")).toMatch(/Lights out!/);
  await page.close();
});

test("share by URL: the link opens the same board in Play and in Build", async () => {
  const page = await e2e.open("build");
  await buildIrregular(page);
  await page.selectOption("select[name=rule]", "king");
  await page.selectOption("select[name=topology]", "torus");
  const built = await lightsOf(page);
  const link = await page.inputValue("input[name=share]");
  expect(link).toContain("#/play?");
  const hash = link.slice(link.indexOf("#/") + 2);
  const play = await e2e.open(hash);
  await play.waitForSelector(".board [data-cell]");
  expect(await lightsOf(play)).toEqual(built);
  expect(await holesOf(play)).toBe(4);
  expect(await play.textContent("[data-testid=about]")).toMatch(
    /Irregular board in a 4 × 4 frame \(wrapping\), king rule/,
  );
  // and back into Build from Play: the same board again
  await play.click("[data-action=edit]");
  await play.waitForFunction(
    () => document.body.dataset.screen === "build" && document.querySelectorAll(".board [data-pos]").length === 16,
  );
  expect(await lightsOf(play)).toEqual(built);
  expect(await play.inputValue("select[name=rule]")).toBe("king");
  expect(await play.inputValue("select[name=topology]")).toBe("torus");
  await play.close();
  await page.close();
});

test("import: JSON graph boards, text with states, and clear errors", async () => {
  const page = await e2e.open("build");
  await page.waitForSelector(".board [data-pos]");
  await page.fill(
    "textarea[name=board-text]",
    '{"board":{"kind":"graph","vertices":4,"edges":[[0,1],[1,2],[2,3],[3,0]]},"lights":[1,1,0,0]}',
  );
  await page.click("[data-action=import]");
  await page.waitForSelector("svg.board-graph");
  expect(await lightsOf(page)).toEqual([1, 1, 0, 0]);
  expect(await verdictOf(page)).toMatch(/4 cells/);
  await page.click("[data-action=export-json]");
  expect(JSON.parse(await page.inputValue("textarea[name=board-text]"))).toEqual({
    board: {
      kind: "graph",
      vertices: 4,
      edges: [
        [0, 1],
        [1, 2],
        [2, 3],
        [3, 0],
      ],
    },
    lights: [1, 1, 0, 0],
    states: 2,
  });
  // the graph survives the share link too
  const link = await page.inputValue("input[name=share]");
  const play = await e2e.open(link.slice(link.indexOf("#/") + 2));
  await play.waitForSelector("svg.board-graph [data-cell]");
  expect(await lightsOf(play)).toEqual([1, 1, 0, 0]);
  // keyboard on a graph: vertex 0 takes the focus, the arrow moves to vertex 1, Enter presses it (1 and its neighbours 0, 2)
  await play.focus('svg.board-graph [data-cell="0"]');
  await play.keyboard.press("ArrowRight");
  await play.keyboard.press("Enter");
  expect(await lightsOf(play)).toEqual([0, 0, 1, 0]);
  await play.close();

  await page.fill("input[name=states]", "3");
  await page.dispatchEvent("input[name=states]", "change");
  await page.fill("textarea[name=board-text]", "# three states\n2.1\n012\n");
  await page.click("[data-action=import]");
  await page.waitForFunction(() => document.querySelectorAll(".board [data-pos]").length === 6);
  expect(await lightsOf(page)).toEqual([2, 1, 0, 1, 2]);
  await page.fill("textarea[name=board-text]", "101\n10\n");
  await page.click("[data-action=import]");
  expect(await importMessage(page)).toMatch(/import:2:\d+.*expected 3 cells/);
  await page.close();
});

test("a custom rule: offsets typed in Build reach Play through the link", async () => {
  const page = await e2e.open("build");
  await page.waitForSelector(".board [data-pos]");
  await page.fill("input[name=rows]", "1");
  await page.dispatchEvent("input[name=rows]", "change");
  await page.waitForFunction(() => document.querySelectorAll(".board [data-pos]").length === 5);
  await page.selectOption("select[name=rule]", "custom");
  await page.fill("input[name=offsets]", "0,2;0,-2");
  await page.dispatchEvent("input[name=offsets]", "change");
  expect(await page.textContent("[data-testid=summary]")).toMatch(/custom rule/);
  await page.fill("input[name=offsets]", "two right");
  await page.dispatchEvent("input[name=offsets]", "change");
  expect(await page.textContent("#offsets-help")).toMatch(/rule expected plus, x, king, knight or offsets/);
  await page.click("[data-action=play]");
  await page.waitForFunction(
    () => document.body.dataset.screen === "play" && document.querySelectorAll(".board [data-cell]").length === 5,
  );
  // pressing cell 0 toggles itself and the cell two to the right, nothing else
  await page.click('.board [data-cell="0"]');
  expect(await lightsOf(page)).toEqual([1, 0, 1, 0, 0]);
  await page.close();
});

test("a custom rule painted on the grid around the pressed cell reaches Play", async () => {
  const page = await e2e.open("build");
  await page.waitForSelector(".board [data-pos]");
  await setField(page, "rows", "5");
  await setField(page, "cols", "5");
  await page.waitForFunction(() => document.querySelectorAll(".board [data-pos]").length === 25);
  expect(await page.isHidden(".rule-painter")).toBe(true);
  await page.selectOption("select[name=rule]", "custom");
  // the painter shows the plus rule the field starts with, and the pressed cell itself
  const pressed = () =>
    page.$$eval(".rule-grid [aria-pressed=true]", (cells) => cells.map((c) => (c as HTMLElement).dataset.offset));
  expect((await pressed()).sort()).toEqual(["-1,0", "0,-1", "0,0", "0,1", "1,0"]);
  // paint the right neighbour out, a cell two down and one right in, and the pressed cell itself out
  await page.click('.rule-grid [data-offset="0,1"]');
  await page.click('.rule-grid [data-offset="2,1"]');
  await page.click('.rule-grid [data-offset="0,0"]');
  expect(await page.inputValue("input[name=offsets]")).toBe("-1,0;1,0;0,-1;2,1");
  expect(await page.isChecked("input[name=self]")).toBe(false);
  expect((await pressed()).sort()).toEqual(["-1,0", "0,-1", "1,0", "2,1"]);
  await e2e.screenshot(page, "build-rule-painter");
  // typing repaints: an offset beyond the grid is counted below it
  await setField(page, "offsets", "-1,0;1,0;0,-1;2,1;0,5");
  expect(await page.textContent("[data-testid=rule-beyond]")).toBe("and 1 offset beyond 3 cells away");
  await setField(page, "offsets", "-1,0;1,0;0,-1;2,1");
  await page.click("[data-action=play]");
  await page.waitForFunction(
    () => document.body.dataset.screen === "play" && document.querySelectorAll(".board [data-cell]").length === 25,
  );
  // pressing cell (1, 1) toggles (0, 1), (2, 1), (1, 0) and (3, 2): not itself
  await page.click('.board [data-cell="6"]');
  const lights = await lightsOf(page);
  expect(lights.flatMap((v, i) => (v ? [i] : []))).toEqual([1, 5, 11, 17]);
  await page.close();
});

test("stability: the cells Solution as board leaves as they are, step after step, and the lit ones", async () => {
  const page = await e2e.open("build");
  await page.waitForSelector(".board [data-pos]");
  // 6 x 6: the press matrix is invertible, so every board has one solution to show as a board
  await setField(page, "rows", "6");
  await setField(page, "cols", "6");
  await page.waitForFunction(() => document.querySelectorAll(".board [data-cell]").length === 36);
  await page.click("[data-pattern=corners]");
  await page.selectOption("select[name=stability]", "stable");
  expect(await page.textContent("[data-testid=tools-note]")).toMatch(/^Press Solution as board/);
  const boards = [await lightsOf(page)];
  for (let step = 1; step <= 3; step++) {
    await page.click("[data-action=solution-board]");
    await page.waitForFunction(
      (n) =>
        new RegExp(`through ${n} step`).test(document.querySelector("[data-testid=tools-note]")?.textContent ?? ""),
      step,
    );
    boards.push(await lightsOf(page));
  }
  // the cells equal on all four boards, counted here from the boards drawn
  const last = boards.at(-1)!;
  const stable = last.flatMap((_, i) => (boards.every((b) => b[i] === last[i]) ? [i] : []));
  expect(stable.length).toBeGreaterThan(0);
  expect(stable.length).toBeLessThan(36);
  const marked = () =>
    page.$$eval(".board [data-cell].highlight", (cells) => cells.map((c) => Number((c as HTMLElement).dataset.cell)));
  expect(await marked()).toEqual(stable);
  expect(await page.textContent("[data-testid=tools-note]")).toContain(
    `${stable.length} of 36 cells kept their state through 3 steps`,
  );
  await page.selectOption("select[name=stability]", "lit");
  expect(await marked()).toEqual(stable.filter((i) => last[i] !== 0));
  // an edit: the marks are about other lights now, and go
  await page.click('.board [data-pos="0"]');
  expect(await marked()).toEqual([]);
  await page.close();
});

test("Eigenvector: a board that pressing its lit cells multiplies by λ, checked with Press the lit cells", async () => {
  const page = await e2e.open("build");
  await page.waitForSelector(".board [data-pos]");
  await setField(page, "rows", "4");
  await setField(page, "cols", "4");
  await setField(page, "states", "3");
  await page.waitForFunction(() => document.querySelectorAll(".board [data-cell]").length === 16);
  await page.click("[data-action=eigenvector]");
  await page.waitForFunction(
    () => !/Computing/.test(document.querySelector("[data-testid=tools-note]")?.textContent ?? "Computing"),
  );
  expect(await page.textContent("[data-testid=tools-note]")).toMatch(/The lights are now one for λ = \d/);
  const note = (await page.textContent("[data-testid=tools-note]"))!;
  const lambda = Number(/one for λ = (\d+)/.exec(note)![1]);
  const c = await lightsOf(page);
  expect(c.some((v) => v !== 0)).toBe(true);
  // Press the lit cells applies the presses here, at once (the library's applyPresses)
  await page.click("[data-action=press-lit]");
  expect(await page.textContent("[data-testid=tools-note]")).toMatch(/pressing the lit cells makes from a dark board/);
  expect(await lightsOf(page)).toEqual(c.map((v) => (v * lambda) % 3));
  await page.close();
});

test("Period: by algebra, a period no stepping within the page's budget reaches", async () => {
  // a random graph of 80 vertices and 160 edges (seeded as in src/state/orbit.test.ts), lit at vertex 0:
  // b comes back every 549,688,688,642 steps; stepping gets 50,000,000 / 80 = 625,000
  let seed = 11;
  const random = () => (seed = (seed * 1103515245 + 12345) >>> 0) >>> 16;
  const edges: [number, number][] = [];
  const seen = new Set<string>();
  while (edges.length < 160) {
    const [u, v] = [random() % 80, random() % 80];
    if (u === v || seen.has(`${u},${v}`)) continue;
    seen.add(`${u},${v}`).add(`${v},${u}`);
    edges.push([u, v]);
  }
  const lights = Array.from({ length: 80 }, (_, i) => (i === 0 ? 1 : 0));
  const page = await e2e.open("build");
  await page.waitForSelector(".board [data-pos]");
  await page.fill(
    "textarea[name=board-text]",
    JSON.stringify({ board: { kind: "graph", vertices: 80, edges }, lights }),
  );
  await page.click("[data-action=import]");
  await page.waitForSelector("svg.board-graph");
  await page.click("[data-action=period]");
  await page.waitForFunction(
    () =>
      !/again and again…/.test(document.querySelector("[data-testid=tools-note]")?.textContent ?? "again and again…"),
  );
  expect(await page.textContent("[data-testid=tools-note]")).toBe(
    "Pressing the lit cells again and again, the board comes back every 549,688,688,642 steps (by algebra: the order of the minimal polynomial of these lights); its solution as a board walks the same cycle backwards.",
  );
  await page.close();
});
