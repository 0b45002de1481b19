import { afterAll, beforeAll, expect, test } from "vitest";
import { startE2E, type E2E } from "./_browser.js";

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

/** Knuth's score (black, white) of guess u against secret v, computed here from the definition. */
function score(u: string, v: string): [number, number] {
  let black = 0;
  let common = 0;
  for (let i = 0; i < u.length; i++) if (u[i] === v[i]) black++;
  for (const c of new Set(u))
    common += Math.min([...u].filter((x) => x === c).length, [...v].filter((x) => x === c).length);
  return [black, common - black];
}

test("codemaker: the solver breaks 3632 in at most 5 guesses, every score correct", async () => {
  const page = await e2e.open("mastermind");
  await page.check("#mm-mode-maker");
  await page.waitForSelector("#mm-secret");
  expect(page.url()).toContain("mode=maker");
  // Bad input first: a wrong colour is explained, nothing starts.
  await page.fill("#mm-secret", "3672");
  await page.press("#mm-secret", "Enter");
  await page.waitForFunction(() =>
    document.querySelector("#mm-secret-error")?.textContent?.includes("expected colours 1..6, got '7'"),
  );
  expect(await page.isDisabled('[data-action="step"]')).toBe(true);

  await page.fill("#mm-secret", "3632");
  await page.press("#mm-secret", "Enter");
  await page.click('[data-action="step"]');
  await page.waitForSelector('[data-testid="history"] li');
  expect(await page.getAttribute('[data-testid="history"] li', "data-code")).toBe("1122"); // Knuth's first guess
  await page.click('[data-action="play-all"]');
  await page.waitForFunction(() =>
    document.querySelector('[data-testid="status"]')?.textContent?.startsWith("Solved 3632"),
  );
  const moves = await page.$$eval('[data-testid="history"] li', (items) =>
    items.map((li) => ({
      code: li.getAttribute("data-code")!,
      black: Number(li.getAttribute("data-black")),
      white: Number(li.getAttribute("data-white")),
    })),
  );
  expect(moves.length).toBeLessThanOrEqual(5);
  expect(moves.at(-1)!.code).toBe("3632");
  for (const m of moves) expect([m.black, m.white]).toEqual(score(m.code, "3632"));
  expect(await page.textContent('[data-testid="status"]')).toBe(`Solved 3632 in ${moves.length} guesses.`);
  // Why the last guess: its partition of the codes still possible, in a table.
  expect(await page.textContent('[data-testid="why"] p')).toMatch(
    /^3632 splits the 1 code still possible into 1 group/,
  );
  await e2e.screenshot(page, "mastermind-maker");
  // A bad secret afterwards: the error alone, not the old "Solved" line under it.
  await page.fill("#mm-secret", "<img src");
  await page.press("#mm-secret", "Enter");
  await page.waitForFunction(() =>
    document.querySelector("#mm-secret-error")?.textContent?.includes("got '<img src' (7 characters)"),
  );
  expect(await page.textContent('[data-testid="status"]')).toBe("");
  expect(await page.isDisabled('[data-action="step"]')).toBe(true);
  await page.close();
});

test("codebreaker: a typed guess, a bad guess, then the hints win within 5 guesses", async () => {
  const page = await e2e.open("mastermind");
  await page.waitForSelector("#mm-guess");
  // Keyboard: type a guess and press Enter.
  await page.focus("#mm-guess");
  await page.keyboard.type("12");
  await page.keyboard.press("Enter");
  await page.waitForFunction(() =>
    document.querySelector("#mm-guess-error")?.textContent?.includes("expected a code of 4 colours"),
  );
  expect(await page.getAttribute("#mm-guess", "aria-invalid")).toBe("true");
  await page.fill("#mm-guess", "");
  // The palette types colours too.
  for (const c of [1, 1, 2, 2]) await page.click(`.mm-palette [data-colour="${c}"]`);
  expect(await page.inputValue("#mm-guess")).toBe("1122");
  await page.click('[data-action="guess"]');
  await page.waitForSelector('[data-testid="history"] li');
  // Then follow the solver's hints (the Knuth solver, told every score so far).
  for (let move = 2; move <= 6; move++) {
    if ((await page.textContent('[data-testid="status"]'))?.startsWith("You found")) break;
    await page.click('[data-action="hint"]');
    await page.waitForSelector('[data-action="use-hint"]:not([hidden])');
    expect(await page.textContent('[data-testid="hint"]')).toMatch(
      /^The Knuth solver would guess [1-6]{4} \(\d+ codes? still possible\)\.$/,
    );
    await page.click('[data-action="use-hint"]');
    await page.click('[data-action="guess"]');
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid="history"] li').length === n, move);
  }
  const status = await page.textContent('[data-testid="status"]');
  expect(status).toMatch(/^You found [1-6]{4} in [1-5] guess(es)?!$/);
  const last = await page.$$eval('[data-testid="history"] li', (items) => items.at(-1)!.getAttribute("data-black"));
  expect(last).toBe("4");
  expect(await page.isDisabled("#mm-guess")).toBe(true);
  await e2e.screenshot(page, "mastermind-breaker");
  await page.close();
});

test("phone width: no horizontal scrolling, controls reachable by keyboard with a visible focus", async () => {
  const page = await e2e.open("mastermind?game=3x4&solver=entropy");
  await page.setViewportSize({ width: 375, height: 740 });
  await page.waitForSelector("#mm-guess");
  expect(await page.inputValue('select[name="game"]')).toBe("3x4");
  expect(await page.inputValue('select[name="solver"]')).toBe("entropy");
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.focus("#mm-guess");
  await page.keyboard.press("Tab");
  const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
  expect(outline).not.toBe("none");
  await e2e.screenshot(page, "mastermind-phone");
  await page.close();
});

test("why the hint: the partition of the codes still possible, adding up to them", async () => {
  const page = await e2e.open("mastermind");
  await page.waitForSelector("#mm-guess");
  await page.click('[data-action="hint"]');
  await page.waitForSelector('[data-testid="why"]');
  expect(await page.textContent('[data-testid="hint"]')).toBe(
    "The Knuth solver would guess 1122 (1296 codes still possible).",
  );
  await page.click('[data-testid="why"] summary');
  const counts = await page.$$eval('[data-testid="why"] tbody tr td.num', (cells) =>
    cells.map((c) => Number(c.textContent)),
  );
  expect(counts.reduce((a, b) => a + b, 0)).toBe(1296);
  expect(Math.max(...counts)).toBe(256); // Knuth 1976-77: 1122 leaves at most 256
  await page.close();
});

test("the solvers compared: Knuth's 5801 and the optimal 5625 on 4 x 6; on 3 x 4 the optimal strategy first, and playable", async () => {
  const page = await e2e.open("mastermind");
  await page.click('[data-action="compare"]');
  await page.waitForSelector('[data-testid="comparison"]');
  const knuth = await page.$$eval('[data-testid="comparison"] tr[data-solver="knuth"] td', (cells) =>
    cells.map((c) => c.textContent),
  );
  expect(knuth.slice(0, 4)).toEqual(["4.476", "5", "5801", "1122"]);
  // the optimal row, from the tree computed ahead (Koyama and Lai 1993: 5625)
  const optimal = await page.$$eval('[data-testid="comparison"] tbody tr:first-child td', (cells) =>
    cells.map((c) => c.textContent),
  );
  expect(await page.getAttribute('[data-testid="comparison"] tbody tr:first-child', "data-solver")).toBe("optimal");
  expect(optimal.slice(0, 4)).toEqual(["4.340", "6", "5625", "1123"]);
  await page.close();
  const small = await e2e.open("mastermind?game=3x4&solver=optimal&mode=maker");
  const page2 = small;
  await page2.click('[data-action="compare"]');
  await page2.waitForSelector('[data-testid="comparison"]');
  expect(await page2.getAttribute('[data-testid="comparison"] tbody tr:first-child', "data-solver")).toBe("optimal");
  await page2.fill("#mm-secret", "243");
  await page2.press("#mm-secret", "Enter");
  expect(await page2.textContent('[data-testid="status"]')).toBe("Secret set. The optimal solver is ready.");
  await page2.click('[data-action="play-all"]');
  await page2.waitForFunction(() =>
    document.querySelector('[data-testid="status"]')?.textContent?.startsWith("Solved 243"),
  );
  const codes = await page2.$$eval('[data-testid="history"] li', (items) =>
    items.map((li) => li.getAttribute("data-code")),
  );
  for (const code of codes) expect(code).toMatch(/^[1-4]{3}$/);
  await page2.close();
  // Optimal on 5 x 5 is not here: said, and Knuth plays.
  const big = await e2e.open("mastermind?game=5x5&solver=optimal&mode=maker");
  await big.waitForFunction(() =>
    document.querySelector('[data-testid="status"]')?.textContent?.includes("is here for 3 × 4, 4 × 4 and 4 × 6 only"),
  );
  await big.close();
});
