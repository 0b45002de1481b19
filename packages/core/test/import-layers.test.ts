// The import-direction check itself: it must find each kind of problem in a
// bad graph (so it cannot pass silently), and the real tree must be clean.

import { posix } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  CORE_LAYERS,
  checkGraph,
  checkWorkspace,
  type ImportEdge,
  scanImports,
} from "../../../tools/check-imports.mjs";

const edge = (file: string, specifier: string, line = 1): ImportEdge => ({
  file,
  line,
  specifier,
  target: posix.normalize(posix.join(posix.dirname(file), specifier)).replace(/\.js$/, ".ts"),
});

describe("scanImports", () => {
  it("finds every import form with its line, and none in comments or strings", () => {
    const text = [
      '// import { a } from "./commented.js";',
      'import { b, type C } from "./b.js";',
      "import {",
      "  d,",
      '} from "../x/d.js";',
      'export { e } from "./e.js";',
      'export * from "./star.js";',
      'import * as W from "./words.js";',
      'import "./side-effect.js";',
      `const t = \`import { f } from "./not-an-import.js" $\{"}"}\`;`,
      'const m = await import("./lazy.js");',
      'const w = new URL("./_worker.js", import.meta.url);',
      '/* import { g } from "./block.js"; */',
      "const s = \"import { h } from './string.js'\";",
    ].join("\n");
    expect(scanImports(text)).toEqual([
      { specifier: "./b.js", line: 2 },
      { specifier: "../x/d.js", line: 5 },
      { specifier: "./e.js", line: 6 },
      { specifier: "./star.js", line: 7 },
      { specifier: "./words.js", line: 8 },
      { specifier: "./side-effect.js", line: 9 },
      { specifier: "./lazy.js", line: 11 },
      { specifier: "./_worker.js", line: 12 },
    ]);
  });
});

describe("checkGraph", () => {
  const layers = [["internal"], ["gf2"], ["fields"], ["poly", "io"], ["."]];

  it("accepts imports downward, within a folder and of a folder's own private files", () => {
    const edges = [
      edge("gf2/bitmatrix.ts", "../internal/check.js"),
      edge("gf2/bitmatrix.ts", "./_engine.js"),
      edge("fields/matrix.ts", "../gf2/bitmatrix.js"),
      edge("io/pbm.ts", "../fields/matrix.js"),
      edge("index.ts", "./io/pbm.js"),
    ];
    expect(checkGraph(edges, layers)).toEqual([]);
  });

  it("names the file, line and rule of each kind of problem", () => {
    const problems = checkGraph(
      [
        edge("gf2/bitmatrix.ts", "../fields/matrix.js", 7),
        edge("fields/matrix.ts", "../gf2/bitmatrix.js", 3),
        edge("io/pbm.ts", "../poly/sweep.js", 4),
        edge("fields/matrix.ts", "../gf2/_engine.js", 9),
        edge("index.ts", "./gf2/_engine.js", 2),
        edge("nowhere/x.ts", "../gf2/bitmatrix.js", 1),
        edge("gf2/a.ts", "../../outside.js", 5),
      ],
      layers,
    );
    expect(problems).toEqual([
      "gf2/bitmatrix.ts:7 imports ../fields/matrix.js: layer gf2 may not import layer fields (a higher layer)",
      "io/pbm.ts:4 imports ../poly/sweep.js: layer io may not import its peer poly",
      "fields/matrix.ts:9 imports ../gf2/_engine.js: private file of another folder (gf2/_engine.ts is for files in gf2/ only)",
      "index.ts:2 imports ./gf2/_engine.js: private file of another folder (gf2/_engine.ts is for files in gf2/ only)",
      "nowhere/x.ts:1 imports ../gf2/bitmatrix.js: folder nowhere/ has no layer (add it to the layer list)",
      "gf2/a.ts:5 imports ../../outside.js: outside the source folder",
      "cycle between folders: gf2 -> fields -> gf2",
    ]);
  });

  it("finds a cycle between folders even when the layer list would allow each edge", () => {
    // a, b, c as one peer group: each edge is a peer violation, and the cycle is reported besides
    const problems = checkGraph(
      [edge("a/x.ts", "../b/y.js"), edge("b/y.ts", "../c/z.js"), edge("c/z.ts", "../a/x.js")],
      [["a", "b", "c"]],
    );
    expect(problems.filter((p) => p.startsWith("cycle"))).toEqual(["cycle between folders: a -> b -> c -> a"]);
  });
});

describe("the workspace", () => {
  it("follows the layers: core's folders, and apps through entry points only", () => {
    const workspace = fileURLToPath(new URL("../../..", import.meta.url));
    const { problems, edges } = checkWorkspace(workspace);
    expect(problems).toEqual([]);
    expect(edges).toBeGreaterThan(100);
    expect(CORE_LAYERS.flat()).toEqual(expect.arrayContaining(["internal", "modular", "gf2", "lightsout", "."]));
  });
});
