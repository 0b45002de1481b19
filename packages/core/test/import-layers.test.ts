// The import-direction check itself: it must find each kind of problem in a
// bad graph (so it cannot pass silently), and the real tree must be clean.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, posix } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  CORE_LAYERS,
  checkGraph,
  checkMemoryOwners,
  checkPackages,
  checkWorkspace,
  type ImportEdge,
  MEMORY_OWNERS,
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

describe("checkMemoryOwners", () => {
  it("rejects a view on memory.buffer, or the raw kernels, outside the memory owners", () => {
    const bad = [
      "// memory.buffer in a comment is fine",
      'import { kernelView } from "../internal/kernel.js";',
      'import type { Gf2Exports } from "@lightsout/gf2-wasm";',
      'const note = "memory.buffer in a string is fine";',
      "export function peek(k: Gf2Exports, at: number): number {",
      "  return new Int32Array(k.memory.buffer, at, 1)[0]!;",
      "}",
      'const t = await import("@lightsout/gf2-wasm/threads");',
    ].join("\n");
    const owner =
      "const v = new Uint8Array(kernel.memory.buffer);\n" + 'import { instantiate } from "@lightsout/gf2-wasm";\n';
    const owners = MEMORY_OWNERS.join(", ");
    expect(MEMORY_OWNERS).toEqual([
      "internal/kernel.ts",
      "internal/kernel-instance.ts",
      "internal/threads.ts",
      "internal/threads-helper.ts",
    ]);
    expect(
      checkMemoryOwners([
        { file: "solvers/peek.ts", text: bad },
        ...MEMORY_OWNERS.map((file) => ({ file, text: owner })),
      ]),
    ).toEqual([
      `solvers/peek.ts:6 reads memory.buffer: only the memory owners (${owners}) make views on kernel memory; use kernelView or kernelCopy (or a thread pool's view)`,
      `solvers/peek.ts:3 imports @lightsout/gf2-wasm: only the memory owners (${owners}) use the raw kernels; call them through callKernel or runSlices`,
      `solvers/peek.ts:8 imports @lightsout/gf2-wasm/threads: only the memory owners (${owners}) use the raw kernels; call them through callKernel or runSlices`,
    ]);
  });

  it("runs in the workspace check: a bad file in packages/core/src fails it", () => {
    const root = mkdtempSync(join(tmpdir(), "lightsout-owners-"));
    try {
      mkdirSync(join(root, "packages", "core", "src", "gf2"), { recursive: true });
      writeFileSync(join(root, "packages", "core", "package.json"), JSON.stringify({ name: "@lightsout/core" }));
      writeFileSync(
        join(root, "packages", "core", "src", "gf2", "raw.ts"),
        "// raw access, past the owner\nexport const bytes = (k: { memory: WebAssembly.Memory }) => new Uint8Array(k.memory.buffer);\n",
      );
      expect(checkWorkspace(root).problems).toEqual([
        expect.stringMatching(/^packages\/core\/src\/gf2\/raw\.ts:2 reads memory\.buffer: only the memory owners/),
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe("checkPackages", () => {
  /** A workspace of the given files (path relative to its root -> text or JSON) in a temporary folder. */
  function withWorkspace(files: Record<string, string | object>, check: (root: string) => void): void {
    const root = mkdtempSync(join(tmpdir(), "lightsout-imports-"));
    try {
      for (const [path, content] of Object.entries(files)) {
        mkdirSync(dirname(join(root, path)), { recursive: true });
        writeFileSync(join(root, path), typeof content === "string" ? content : JSON.stringify(content));
      }
      check(root);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }
  const library = (name: string) => ({ name, exports: { ".": "./dist/index.js" } });

  it("rejects an app that depends on or imports the benchmarks, in any of its files", () => {
    withWorkspace(
      {
        "packages/bench/package.json": library("@lightsout/bench"),
        "packages/core/package.json": library("@lightsout/core"),
        "apps/cli/package.json": {
          name: "@lightsout/cli",
          dependencies: { "@lightsout/bench": "workspace:*", "@lightsout/core": "workspace:*" },
        },
        "apps/cli/src/commands/bench.ts":
          'import { main } from "@lightsout/core";\nconst b = await import("@lightsout/bench");\n',
        "apps/cli/test/bench.test.ts": 'import type { SUITES } from "@lightsout/bench/suites";\n',
        // a library may use the benchmarks' package (none does; only apps are held to it)
        "packages/other/package.json": {
          name: "@lightsout/other",
          devDependencies: { "@lightsout/bench": "workspace:*" },
        },
        "packages/other/src/x.ts": 'import { main } from "@lightsout/bench";\n',
      },
      (root) => {
        const reason = "an app does not depend on the benchmarks (they run as lightsout-bench, pnpm bench)";
        expect(checkPackages(root)).toEqual([
          `apps/cli/package.json: depends on @lightsout/bench: ${reason}`,
          `apps/cli/src/commands/bench.ts:2 imports @lightsout/bench: ${reason}`,
          `apps/cli/test/bench.test.ts:1 imports @lightsout/bench/suites: ${reason}`,
        ]);
      },
    );
  });

  it("rejects a package reaching another's modules by path, or importing one it does not list", () => {
    withWorkspace(
      {
        "tools/test-report/package.json": { name: "@lightsout/test-report", exports: { ".": "./index.mjs" } },
        "tools/test-report/index.mjs": "export const r = 1;\n",
        "packages/core/package.json": library("@lightsout/core"),
        "packages/core/test/vectors/a.txt": "1\n",
        "apps/web/package.json": { name: "@lightsout/web", devDependencies: { "@lightsout/core": "workspace:*" } },
        "apps/web/vitest.config.ts": 'import { r } from "../../tools/test-report/index.mjs";\n',
        "apps/web/src/a.ts":
          'import { r } from "@lightsout/test-report";\nimport { gridBoard } from "@lightsout/core";\n',
        // data files of another package by URL are not imports of its code
        "apps/web/test/b.test.ts": 'const v = new URL("../../../packages/core/test/vectors/a.txt", import.meta.url);\n',
      },
      (root) => {
        expect(checkPackages(root)).toEqual([
          "apps/web/src/a.ts:1 imports @lightsout/test-report: @lightsout/test-report is not listed in apps/web/package.json",
          "apps/web/vitest.config.ts:1 imports ../../tools/test-report/index.mjs: reaches into tools/test-report by path; import @lightsout/test-report by its name (and list it in apps/web/package.json)",
        ]);
      },
    );
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
