// highs is an optional peer dependency: without it, the ILP says which
// package to install, and everything that does not need it still works.

import { afterEach, describe, expect, it, vi } from "vitest";

const missing = () => {
  // what Node throws for a package that is not installed
  throw Object.assign(new Error("Cannot find package 'highs' imported from /app/node_modules/@lightsout/core"), {
    code: "ERR_MODULE_NOT_FOUND",
  });
};

afterEach(() => {
  vi.doUnmock("highs");
  vi.resetModules();
});

describe("without the optional package highs", () => {
  it("fewestPressesByIlp fails with an error naming the package to install", async () => {
    vi.resetModules();
    vi.doMock("highs", missing);
    const { fewestPressesByIlp } = await import("../src/lightsout/ilp.js");
    const { gridBoard } = await import("../src/lightsout/board.js");
    // maxNullity 0: every block goes to HiGHS
    await expect(fewestPressesByIlp(gridBoard(5, 5), new Array(25).fill(1), { maxNullity: 0 })).rejects.toThrow(
      /fewestPressesByIlp needs the optional package highs .*install it next to @lightsout\/core \(npm i highs\)/,
    );
  });

  it("the rest works: fewestPresses, and the ILP when enumeration settles every block", async () => {
    vi.resetModules();
    vi.doMock("highs", missing);
    const { fewestPressesByIlp } = await import("../src/lightsout/ilp.js");
    const { fewestPresses } = await import("../src/lightsout/fewest.js");
    const { gridBoard } = await import("../src/lightsout/board.js");
    const lights = new Array(25).fill(1);
    // 5 x 5 all on: 15 presses, the known minimum of the classic puzzle
    const exact = fewestPresses(gridBoard(5, 5), lights);
    expect(exact.count).toBe(15);
    const ilp = await fewestPressesByIlp(gridBoard(5, 5), lights);
    expect(ilp.count).toBe(15);
    expect(ilp.optimal).toBe(true);
  });

  it("a failure other than a missing package passes through unchanged", async () => {
    vi.resetModules();
    vi.doMock("highs", () => {
      throw new Error("the highs WebAssembly module failed to compile");
    });
    const { fewestPressesByIlp } = await import("../src/lightsout/ilp.js");
    const { gridBoard } = await import("../src/lightsout/board.js");
    const error = await fewestPressesByIlp(gridBoard(5, 5), new Array(25).fill(1), { maxNullity: 0 }).then(
      () => undefined,
      (e: unknown) => e,
    );
    const messages: string[] = [];
    for (let e = error; e instanceof Error; e = e.cause) messages.push(e.message);
    expect(messages.some((m) => /failed to compile/.test(m))).toBe(true);
    expect(messages.some((m) => /npm i highs/.test(m))).toBe(false);
  });
});
