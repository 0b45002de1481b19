// The import-direction check (part of `pnpm lint`; docs/ARCHITECTURE.md).
//
// packages/core/src is built in layers, each a folder; a file may import
// files of its own folder and of lower layers only, never a higher layer nor
// a peer of its own layer. A file whose name starts with `_` is private to its
// folder. The top layer: entries/ (the files of the package's export map)
// and the files directly in src/ (index.ts, the whole library in one module
// for this repository's tests, not published). The apps, the benchmarks and the consumer fixture may
// import our packages only through their export maps, never their sources.
// Every workspace package reaches another's modules by its name, listed in
// its package.json, and no app depends on the benchmarks (APP_FORBIDDEN).
//
// Imports are read with a small scanner (comments and strings aware), no
// dependency: `import ... from`, `export ... from`, `import "x"`, `import("x")`
// and `new URL("./x.js", import.meta.url)` (worker scripts).
//
// apps/web/src has no import cycle between its modules (type imports count:
// a cycle of types is a cycle of meaning), and its folders keep the app's
// layout (apps/web/README.md): state/ is plain values and functions, so it
// imports only state/; ui/ draws for every screen, so it imports no screen;
// a screen's own folders (screens/<name>/, state/<name>/) are its alone.
//
// The kernels' memory has two owners in packages/core/src (MEMORY_OWNERS):
// internal/kernel.ts (the memory of the kernel instance of each realm, which
// internal/kernel-instance.ts loads) and internal/threads.ts (the threads'
// shared memory, which each helper thread instantiates the kernel over in
// internal/threads-helper.ts). Only they make views on
// a WebAssembly memory (`memory.buffer`) and import @lightsout/gf2-wasm;
// every other module asks them for views and calls kernels through them
// (checkMemoryOwners). packages/mastermind/src has one owner of the
// Mastermind module's memory, _wasm.ts (MASTERMIND_MEMORY_OWNERS), by the
// same rule.
//
// Usage: node tools/check-imports.mjs   (exit code 1 and a list on failure)

import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, posix, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Layers of packages/core/src, lowest first. Folders in one inner list are
 * peers: neither may import the other. "." is the files directly in src/.
 * @type {readonly (readonly string[])[]}
 */
export const CORE_LAYERS = [
  ["internal"],
  ["modular"],
  ["gf2"],
  ["fields"],
  ["rings"],
  ["solvers"],
  ["lightsout"],
  // sparse matrices (compressed rows) and their routes (structured elimination, block Wiedemann); boards made sparse
  ["sparse"],
  ["poly", "io"],
  ["entries"],
  // src/index.ts: everything the entries publish plus internals, for this repository's tests
  ["."],
];

/**
 * The modules of packages/core/src that own the kernels' memory (and the
 * instance of the single-thread kernel, kernel-instance.ts): the only ones
 * that make views on it and import the raw kernel package.
 * @type {readonly string[]}
 */
export const MEMORY_OWNERS = [
  "internal/kernel.ts",
  "internal/kernel-instance.ts",
  "internal/threads.ts",
  "internal/threads-helper.ts",
];

/**
 * The module of packages/mastermind/src that owns the Mastermind module's
 * memory: the only one that makes views on it and imports the raw kernels.
 * @type {readonly string[]}
 */
export const MASTERMIND_MEMORY_OWNERS = ["_wasm.ts"];

/**
 * Modules other than the memory owners that make a view on a WebAssembly
 * memory (`memory.buffer` in code, not in comments or strings) or import
 * @lightsout/gf2-wasm. Returns one message per place.
 * @param {readonly { file: string, text: string }[]} sources files relative to the source root, with "/"
 * @param {readonly string[]} [memoryOwners] the owners under that root (default: core's)
 * @returns {string[]}
 */
export function checkMemoryOwners(sources, memoryOwners = MEMORY_OWNERS) {
  const owners = memoryOwners.join(", ");
  /** @type {string[]} */
  const problems = [];
  for (const { file, text } of sources) {
    if (memoryOwners.includes(file)) continue;
    const { code, quoted } = blankComments(text);
    for (const match of code.matchAll(/\bmemory\s*\.\s*buffer\b/g)) {
      if (quoted[match.index ?? 0]) continue;
      problems.push(
        `${file}:${lineAt(code, match.index ?? 0)} reads memory.buffer: only the memory owners (${owners}) make views on kernel memory; use kernelView or kernelCopy (or a thread pool's view)`,
      );
    }
    for (const { specifier, line } of scanImports(text)) {
      if (specifier === "@lightsout/gf2-wasm" || specifier.startsWith("@lightsout/gf2-wasm/")) {
        problems.push(
          `${file}:${line} imports ${specifier}: only the memory owners (${owners}) use the raw kernels; call them through callKernel or runSlices`,
        );
      }
    }
  }
  return problems;
}

/**
 * The module specifiers of a source text with their 1-based lines.
 * @param {string} text
 * @returns {{ specifier: string, line: number }[]}
 */
export function scanImports(text) {
  const { code, quoted } = blankComments(text);
  /** @type {{ specifier: string, line: number, at: number }[]} */
  const found = [];
  const patterns = [
    // import x from, import { a } from, import * as x from, import type ..., export { a } from, export * from
    /\b(?:import|export)\s+(?:type\s+)?(?:[\w$]+\s*,\s*)?(?:\*\s*(?:as\s+[\w$]+\s*)?|\{[^{}]*\}\s*|[\w$]+\s+)from\s*(["'])([^"'\n]+)\1/g,
    /\bimport\s*(["'])([^"'\n]+)\1/g,
    /\bimport\s*\(\s*(["'])([^"'\n]+)\1\s*\)/g,
    /\bnew\s+URL\s*\(\s*(["'])([^"'\n]+)\1\s*,\s*import\.meta\.url\s*\)/g,
  ];
  for (const pattern of patterns) {
    for (const match of code.matchAll(pattern)) {
      if (quoted[match.index ?? 0]) continue; // text inside a string
      const at = (match.index ?? 0) + match[0].lastIndexOf(match[2] ?? "");
      found.push({ specifier: match[2] ?? "", line: lineAt(code, at), at });
    }
  }
  const seen = new Set();
  return found
    .sort((a, b) => a.at - b.at)
    .filter((f) => !seen.has(f.at) && seen.add(f.at))
    .map(({ specifier, line }) => ({ specifier, line }));
}

/**
 * The text with comments replaced by spaces (newlines kept, so lines and
 * offsets stay), and a mask of the characters inside string and template
 * literals: a scanner that knows them well enough for our sources.
 * @param {string} text
 * @returns {{ code: string, quoted: Uint8Array }}
 */
function blankComments(text) {
  const out = text.split("");
  const quoted = new Uint8Array(text.length);
  let i = 0;
  /** @type {number[]} template literal nesting: brace depth at each `${` */
  const templates = [];
  let depth = 0;
  const blank = (/** @type {number} */ from, /** @type {number} */ to) => {
    for (let k = from; k < to; k++) if (out[k] !== "\n") out[k] = " ";
  };
  while (i < text.length) {
    const c = text[i];
    const next = text[i + 1];
    if (c === "/" && next === "/") {
      const end = text.indexOf("\n", i);
      const stop = end < 0 ? text.length : end;
      blank(i, stop);
      i = stop;
    } else if (c === "/" && next === "*") {
      const end = text.indexOf("*/", i + 2);
      const stop = end < 0 ? text.length : end + 2;
      blank(i, stop);
      i = stop;
    } else if (c === '"' || c === "'") {
      const from = i;
      i++;
      while (i < text.length && text[i] !== c && text[i] !== "\n") i += text[i] === "\\" ? 2 : 1;
      i++;
      quoted.fill(1, from + 1, i - 1);
    } else if (c === "`" || (c === "}" && templates.length && templates.at(-1) === depth)) {
      if (c === "}") {
        templates.pop();
      }
      i++;
      const from = i;
      while (i < text.length && text[i] !== "`") {
        if (text[i] === "\\") i += 2;
        else if (text[i] === "$" && text[i + 1] === "{") {
          templates.push(depth);
          break;
        } else i++;
      }
      quoted.fill(1, from, i);
      if (text[i] === "$") i += 2;
      else if (text[i] === "`") i++;
    } else {
      if (c === "{") depth++;
      else if (c === "}") depth--;
      i++;
    }
  }
  return { code: out.join(""), quoted };
}

/** @param {string} text @param {number} at */
function lineAt(text, at) {
  let line = 1;
  for (let k = 0; k < at; k++) if (text.charCodeAt(k) === 10) line++;
  return line;
}

/**
 * @typedef {{ file: string, line: number, specifier: string, target: string }} ImportEdge
 *   `file` and `target` relative to the source root, with "/" (target: the imported file, .ts)
 */

/**
 * Checks an import graph of one package's source folder against layers.
 * Returns one message per problem, empty when the graph is clean.
 * @param {readonly ImportEdge[]} edges
 * @param {readonly (readonly string[])[]} layers
 * @returns {string[]}
 */
export function checkGraph(edges, layers) {
  /** @type {Map<string, number>} */
  const rank = new Map();
  layers.forEach((folders, i) => {
    for (const folder of folders) rank.set(folder, i);
  });
  const folderOf = (/** @type {string} */ file) => (file.includes("/") ? file.slice(0, file.indexOf("/")) : ".");
  /** @type {string[]} */
  const problems = [];
  /** @type {Map<string, Set<string>>} */
  const folderEdges = new Map();
  for (const edge of edges) {
    const where = `${edge.file}:${edge.line} imports ${edge.specifier}`;
    const from = folderOf(edge.file);
    const to = folderOf(edge.target);
    if (edge.target.startsWith("../")) {
      problems.push(`${where}: outside the source folder`);
      continue;
    }
    for (const folder of [from, to]) {
      if (!rank.has(folder)) problems.push(`${where}: folder ${folder}/ has no layer (add it to the layer list)`);
    }
    const base = posix.basename(edge.target);
    if (from !== to && base.startsWith("_")) {
      problems.push(`${where}: private file of another folder (${to}/${base} is for files in ${to}/ only)`);
    }
    if (from === to || !rank.has(from) || !rank.has(to)) continue;
    if (!folderEdges.has(from)) folderEdges.set(from, new Set());
    folderEdges.get(from)?.add(to);
    const a = /** @type {number} */ (rank.get(from));
    const b = /** @type {number} */ (rank.get(to));
    if (b > a) problems.push(`${where}: layer ${from} may not import layer ${to} (a higher layer)`);
    else if (b === a) problems.push(`${where}: layer ${from} may not import its peer ${to}`);
  }
  for (const cycle of cyclesOf(folderEdges)) problems.push(`cycle between folders: ${cycle.join(" -> ")}`);
  return problems;
}

/**
 * Cycles in a directed graph (of folders or of modules), each as a path back to its start.
 * @param {Map<string, Set<string>>} graph
 * @returns {string[][]}
 */
function cyclesOf(graph) {
  /** @type {string[][]} */
  const cycles = [];
  /** @type {Map<string, number>} 1 = on the path, 2 = done */
  const state = new Map();
  /** @type {string[]} */
  const path = [];
  const visit = (/** @type {string} */ node) => {
    state.set(node, 1);
    path.push(node);
    for (const next of [...(graph.get(node) ?? [])].sort()) {
      if (state.get(next) === 1) cycles.push([...path.slice(path.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(node, 2);
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
  return cycles;
}

/**
 * Source files below a folder (.ts, .mts, .tsx, .js, .mjs), skipping dist and node_modules.
 * @param {string} dir
 * @returns {string[]}
 */
function sourceFiles(dir) {
  if (!existsSync(dir)) return [];
  /** @type {string[]} */
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    // build/: compiler output (apps/cli's tsc step, the kernels' .wasm), not sources
    if (["node_modules", "dist", "build"].includes(entry.name) || entry.name.startsWith(".")) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(path));
    else if (/\.(ts|mts|tsx|js|mjs)$/.test(entry.name) && !/\.d\.m?ts$/.test(entry.name)) files.push(path);
  }
  return files.sort();
}

/**
 * The edge of a relative import: its target is the imported file, relative to the source root, as .ts.
 * @param {string} file the importing file, relative to the source root, with "/"
 * @param {string} specifier a relative specifier ("./x.js", "../y/z.js")
 * @param {number} [line]
 * @returns {ImportEdge}
 */
export function edgeOf(file, specifier, line = 1) {
  const target = posix.normalize(posix.join(posix.dirname(file), specifier)).replace(/\.js$/, ".ts");
  return { file, line, specifier, target };
}

/**
 * The import graph of a source folder (packages/core/src, apps/web/src): relative imports only
 * (packages are checked by their export maps).
 * @param {string} srcDir
 * @returns {ImportEdge[]}
 */
export function coreGraph(srcDir) {
  /** @type {ImportEdge[]} */
  const edges = [];
  for (const path of sourceFiles(srcDir)) {
    const file = relative(srcDir, path).split("\\").join("/");
    for (const { specifier, line } of scanImports(readFileSync(path, "utf8"))) {
      if (specifier.startsWith(".")) edges.push(edgeOf(file, specifier, line));
    }
  }
  return edges;
}

/**
 * Checks the import graph of apps/web/src: no cycle between modules, and the
 * folders' rules (state/ plain, ui/ for every screen, a screen's folders its
 * own). Returns one message per problem, empty when the graph is clean.
 * @param {readonly ImportEdge[]} edges
 * @returns {string[]}
 */
export function checkWebGraph(edges) {
  /** @type {string[]} */
  const problems = [];
  /** @type {Map<string, Set<string>>} */
  const graph = new Map();
  const parts = (/** @type {string} */ file) => file.split("/");
  // The screen a file belongs to: screens/<name>/... and state/<name>/...; shared files have none.
  const ownerOf = (/** @type {string} */ file) => {
    const [top, name, rest] = parts(file);
    return (top === "screens" || top === "state") && rest !== undefined ? name : undefined;
  };
  for (const edge of edges) {
    // Files outside src (e2e fixtures that unit tests share) cannot close a cycle inside it.
    if (edge.target.startsWith("../")) continue;
    const where = `${edge.file}:${edge.line} imports ${edge.specifier}`;
    const from = parts(edge.file)[0];
    const to = parts(edge.target)[0];
    const owner = ownerOf(edge.target);
    // The shell loads each screen by its mount, screens/<name>/index.ts; tests may reach what they test.
    const mount = !edge.file.includes("/") && /^screens\/[^/]+\/index\.ts$/.test(edge.target);
    if (/\.test\.ts$/.test(edge.file) || mount) {
      // no folder rule
    } else if (from === "state" && to !== "state") {
      problems.push(`${where}: state/ is plain values and functions; it imports only state/ (no DOM modules)`);
    } else if (from === "ui" && to !== "ui" && to !== "state") {
      problems.push(`${where}: ui/ draws for every screen; it imports only ui/ and state/`);
    } else if (owner !== undefined && owner !== ownerOf(edge.file)) {
      problems.push(`${where}: ${edge.target} belongs to the ${owner} screen alone`);
    }
    if (!graph.has(edge.file)) graph.set(edge.file, new Set());
    graph.get(edge.file)?.add(edge.target);
  }
  for (const cycle of cyclesOf(graph)) problems.push(`cycle between modules: ${cycle.join(" -> ")}`);
  return problems;
}

/**
 * Imports of our packages from outside them (apps, benchmarks, the consumer
 * fixture): only through the export maps. Returns problems.
 * @param {string} workspace
 * @param {readonly string[]} dirs folders to scan, relative to the workspace
 * @returns {string[]}
 */
export function checkConsumers(workspace, dirs) {
  /** @type {Map<string, Set<string>>} package name -> its export subpaths */
  const exported = new Map();
  for (const name of readdirSync(join(workspace, "packages"))) {
    const manifest = join(workspace, "packages", name, "package.json");
    if (!existsSync(manifest)) continue;
    const pkg = JSON.parse(readFileSync(manifest, "utf8"));
    exported.set(pkg.name, new Set(Object.keys(pkg.exports ?? { ".": "" })));
  }
  /** @type {string[]} */
  const problems = [];
  for (const dir of dirs) {
    for (const { where, specifier, target } of workspaceImports(workspace, dir)) {
      if (target !== undefined) {
        if (/^packages\/[^/]+\/src\//.test(target) && !target.startsWith(dir)) {
          problems.push(`${where}: reaches into ${target}; import the package's public entry points instead`);
        }
        continue;
      }
      const match = /^(@lightsout\/[^/]+)(\/.*)?$/.exec(specifier);
      if (!match) continue;
      const subpaths = exported.get(match[1] ?? "");
      const subpath = `.${match[2] ?? ""}`;
      if (subpaths && !subpaths.has(subpath)) {
        problems.push(`${where}: not an entry point of ${match[1]} (it exports ${[...subpaths].join(", ")})`);
      }
    }
  }
  return problems;
}

/**
 * Every import of the source files below a folder of the workspace: where it
 * is (`file:line imports X`), its specifier and, for a relative one, the
 * file it reaches (relative to the workspace, with "/").
 * @param {string} workspace
 * @param {string} dir relative to the workspace
 * @returns {Generator<{ where: string, specifier: string, target: string | undefined }>}
 */
function* workspaceImports(workspace, dir) {
  for (const path of sourceFiles(join(workspace, dir))) {
    const file = relative(workspace, path).split("\\").join("/");
    for (const { specifier, line } of scanImports(readFileSync(path, "utf8"))) {
      const target = specifier.startsWith(".")
        ? relative(workspace, resolve(dirname(path), specifier))
            .split("\\")
            .join("/")
        : undefined;
      yield { where: `${file}:${line} imports ${specifier}`, specifier, target };
    }
  }
}

/**
 * Dependencies an app may not have: the benchmarks time the libraries and
 * run the CLI as a user does; an app that imported them would ship them.
 * @type {readonly { name: string, reason: string }[]}
 */
export const APP_FORBIDDEN = [
  {
    name: "@lightsout/bench",
    reason: "an app does not depend on the benchmarks (they run as lightsout-bench, pnpm bench)",
  },
];

/** What a module file ends in: a relative path to one of these is an import of code, not of data. */
const MODULE_FILE = /\.(?:[cm]?js|[cm]?ts|tsx)$/;

/**
 * The workspace's packages (packages/*, apps/*, tools/* with a package.json).
 * @param {string} workspace
 * @returns {{ dir: string, manifest: { name?: string, exports?: unknown, dependencies?: Record<string, string>, devDependencies?: Record<string, string>, peerDependencies?: Record<string, string> } }[]}
 */
function workspacePackages(workspace) {
  /** @type {ReturnType<typeof workspacePackages>} */
  const found = [];
  for (const group of ["packages", "apps", "tools"]) {
    if (!existsSync(join(workspace, group))) continue;
    for (const name of readdirSync(join(workspace, group)).sort()) {
      const manifest = join(workspace, group, name, "package.json");
      if (existsSync(manifest))
        found.push({ dir: `${group}/${name}`, manifest: JSON.parse(readFileSync(manifest, "utf8")) });
    }
  }
  return found;
}

/**
 * The workspace's packages among themselves: a package reaches another's
 * modules by its name (never by a relative path into the other's folder,
 * when it has an export map) and lists it in its package.json; no app
 * (apps/*) imports or depends on what {@link APP_FORBIDDEN} names.
 * Returns problems, as `file:line imports X: reason` or `dir/package.json: reason`.
 * @param {string} workspace
 * @returns {string[]}
 */
export function checkPackages(workspace) {
  const packages = workspacePackages(workspace);
  const byName = new Map(packages.map((p) => [p.manifest.name, p]));
  const ownerOf = (/** @type {string} */ file) => packages.find((p) => file === p.dir || file.startsWith(`${p.dir}/`));
  /** @type {string[]} */
  const problems = [];
  for (const { dir, manifest } of packages) {
    const declared = new Set(
      Object.keys({ ...manifest.dependencies, ...manifest.devDependencies, ...manifest.peerDependencies }),
    );
    const forbidden = dir.startsWith("apps/") ? APP_FORBIDDEN : [];
    for (const rule of forbidden) {
      if (declared.has(rule.name)) problems.push(`${dir}/package.json: depends on ${rule.name}: ${rule.reason}`);
    }
    for (const { where, specifier, target } of workspaceImports(workspace, dir)) {
      if (target !== undefined) {
        const other = ownerOf(target);
        if (other && other.dir !== dir && other.manifest.exports !== undefined && MODULE_FILE.test(target)) {
          problems.push(
            `${where}: reaches into ${other.dir} by path; import ${other.manifest.name} by its name (and list it in ${dir}/package.json)`,
          );
        }
        continue;
      }
      const name = specifier.startsWith("@") ? specifier.split("/").slice(0, 2).join("/") : specifier.split("/")[0];
      const rule = forbidden.find((r) => r.name === name);
      if (rule) problems.push(`${where}: ${rule.reason}`);
      else if (byName.has(name) && name !== manifest.name && !declared.has(name ?? "")) {
        problems.push(`${where}: ${name} is not listed in ${dir}/package.json`);
      }
    }
  }
  return problems;
}

/** Runs every check on the workspace; returns problems and a summary. */
export function checkWorkspace(workspace = join(dirname(fileURLToPath(import.meta.url)), "..")) {
  const coreSrc = join(workspace, "packages", "core", "src");
  const edges = coreGraph(coreSrc);
  const coreSources = sourceFiles(coreSrc).map((path) => ({
    file: relative(coreSrc, path).split("\\").join("/"),
    text: readFileSync(path, "utf8"),
  }));
  const mastermindSrc = join(workspace, "packages", "mastermind", "src");
  const mastermindSources = sourceFiles(mastermindSrc).map((path) => ({
    file: relative(mastermindSrc, path).split("\\").join("/"),
    text: readFileSync(path, "utf8"),
  }));
  const webEdges = coreGraph(join(workspace, "apps", "web", "src"));
  // A problem names its file (relative to the source folder) or, for a cycle, the modules or folders in it.
  const under = (/** @type {string} */ root) => (/** @type {string} */ p) =>
    p.startsWith("cycle ") ? `${root}: ${p}` : `${root}/${p}`;
  const problems = [
    ...checkGraph(edges, CORE_LAYERS).map(under("packages/core/src")),
    ...checkMemoryOwners(coreSources).map(under("packages/core/src")),
    ...checkMemoryOwners(mastermindSources, MASTERMIND_MEMORY_OWNERS).map(under("packages/mastermind/src")),
    ...checkWebGraph(webEdges).map(under("apps/web/src")),
    ...checkConsumers(workspace, [
      "apps/cli/src",
      "apps/cli/test",
      "apps/web/src",
      "apps/web/e2e",
      "packages/bench/src",
      "tools/consumer/fixture",
    ]),
    ...checkPackages(workspace),
  ];
  return { problems, edges: edges.length, webEdges: webEdges.length };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { problems, edges, webEdges } = checkWorkspace();
  if (problems.length) {
    console.error(`import check: ${problems.length} problem(s)\n${problems.map((p) => `  ${p}`).join("\n")}`);
    console.error("layers, lowest first:", CORE_LAYERS.map((l) => l.join(" | ")).join(" < "));
    process.exit(1);
  }
  console.log(
    `import check: ${edges} imports in packages/core/src follow the layers; ${webEdges} in apps/web/src ` +
      "make no cycle and keep its folders' rules; only the memory owners touch kernel memory; apps use entry points only; " +
      "packages import each other by name",
  );
}
