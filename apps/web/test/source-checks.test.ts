// The checks `pnpm lint` runs on this app's sources: each must find what it
// looks for in a bad example (so it cannot pass silently), and src must be clean.

import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { checkFunctionLengths, MAX_FUNCTION_LINES, measureFunctions } from "../../../tools/check-function-length.mjs";
import { checkWebGraph, coreGraph, edgeOf as edge } from "../../../tools/check-imports.mjs";

const src = fileURLToPath(new URL("../src", import.meta.url));

describe("checkWebGraph", () => {
  it("accepts the layout: screens over ui and state, state plain, the shell loading mounts", () => {
    const edges = [
      edge("main.ts", "./screens/play/index.js"),
      edge("screens/play/index.ts", "./view.js"),
      edge("screens/play/index.ts", "../../state/play/state.js"),
      edge("screens/play/view.ts", "../../ui/board-view.js"),
      edge("ui/board-view.ts", "../state/limits.js"),
      edge("state/play/state.ts", "../url.js"),
      edge("state/url.ts", "./limits.js"),
      edge("state/url.test.ts", "../../e2e/_neighbourhoods.js"),
    ];
    expect(checkWebGraph(edges)).toEqual([]);
  });

  it("finds a cycle between two modules, and a longer one, type imports included", () => {
    const problems = checkWebGraph([
      edge("ui/board-view.ts", "./canvas-board.js", 7),
      edge("ui/canvas-board.ts", "./board-view.js", 9),
      edge("state/a.ts", "./b.js"),
      edge("state/b.ts", "./c.js"),
      edge("state/c.ts", "./a.js"),
    ]);
    expect(problems).toEqual([
      "cycle between modules: state/a.ts -> state/b.ts -> state/c.ts -> state/a.ts",
      "cycle between modules: ui/board-view.ts -> ui/canvas-board.ts -> ui/board-view.ts",
    ]);
  });

  it("names the file, line and rule of each folder rule broken", () => {
    const problems = checkWebGraph([
      edge("state/url.ts", "../ui/dom.js", 3),
      edge("ui/words.ts", "../screens/play/view.js", 4),
      edge("screens/build/index.ts", "../play/view.js", 5),
      edge("screens/build/index.ts", "../../state/play/state.js", 6),
      edge("ui/board-view.ts", "../state/learn/trace.js", 7),
      edge("state/limits.ts", "./play/game.js", 8),
    ]);
    expect(problems).toEqual([
      "state/url.ts:3 imports ../ui/dom.js: state/ is plain values and functions; it imports only state/ (no DOM modules)",
      "ui/words.ts:4 imports ../screens/play/view.js: ui/ draws for every screen; it imports only ui/ and state/",
      "screens/build/index.ts:5 imports ../play/view.js: screens/play/view.ts belongs to the play screen alone",
      "screens/build/index.ts:6 imports ../../state/play/state.js: state/play/state.ts belongs to the play screen alone",
      "ui/board-view.ts:7 imports ../state/learn/trace.js: state/learn/trace.ts belongs to the learn screen alone",
      "state/limits.ts:8 imports ./play/game.js: state/play/game.ts belongs to the play screen alone",
    ]);
  });

  it("finds no problem in apps/web/src", () => {
    const edges = coreGraph(src);
    expect(edges.length).toBeGreaterThan(50);
    expect(checkWebGraph(edges)).toEqual([]);
  });
});

describe("function length", () => {
  const lines = (n: number) => Array.from({ length: n }, (_, i) => `  const v${i} = ${i};`).join("\n");

  it("measures every kind of function from its first line to its last, nested closures included", () => {
    const text = [
      "export function outer(a: number): number {", // 1
      "  const inner = () => {", // 2
      lines(3), // 3-5
      "  };", // 6
      "  return a;", // 7
      "}", // 8
      "class C {", // 9
      "  constructor() {}", // 10
      "  get x(): number {", // 11
      "    return 1;", // 12
      "  }", // 13
      "  method(): void {", // 14
      "    [1].map(function (v) {", // 15
      "      return v;", // 16
      "    });", // 17
      "  }", // 18
      "}", // 19
      "const o = { f: (x: number) =>", // 20
      "  x + 1 };", // 21
      "/** documented */", // 22
      "@inline export function asc(): i32 { return 0; }", // 23: AssemblyScript parses too
    ].join("\n");
    expect(measureFunctions([{ file: "a.ts", text }])).toEqual([
      { file: "a.ts", line: 1, name: "outer", lines: 8 },
      { file: "a.ts", line: 2, name: "inner", lines: 5 },
      { file: "a.ts", line: 10, name: "constructor", lines: 1 },
      { file: "a.ts", line: 11, name: "x", lines: 3 },
      { file: "a.ts", line: 14, name: "method", lines: 5 },
      { file: "a.ts", line: 15, name: "(anonymous)", lines: 3 },
      { file: "a.ts", line: 20, name: "f", lines: 2 },
      { file: "a.ts", line: 23, name: "asc", lines: 1 },
    ]);
  });

  it("reads JavaScript too, each file on its own", () => {
    const measured = measureFunctions([
      { file: "x.mjs", text: `export function long() {\n${lines(200)}\n}\n` },
      { file: "y.ts", text: "export const short = () => 1;\n" },
    ]);
    expect(measured).toEqual([
      { file: "x.mjs", line: 1, name: "long", lines: 202 },
      { file: "y.ts", line: 1, name: "short", lines: 1 },
    ]);
  });

  it(`finds no function over ${MAX_FUNCTION_LINES} lines in apps/web/src`, () => {
    const { files, functions, tooLong } = checkFunctionLengths([src]);
    expect(files).toBeGreaterThan(40);
    expect(functions).toBeGreaterThan(300);
    expect(tooLong).toEqual([]);
  });
});
