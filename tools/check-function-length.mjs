// The function-length check (part of `pnpm lint`): no function longer than
// MAX_FUNCTION_LINES lines in the folders named on the command line. A long
// closure is a screen or a module hiding in one function: it cannot be read,
// tested or reused in parts.
//
// A function's length is the lines from its first to its last (signature and
// body, nested closures included: they are part of what must be read), for
// every kind: declarations, expressions, arrows, methods, constructors and
// accessors. Each function is measured on its own, so a long closure inside a
// short function is reported too.
//
// Sources are parsed by the TypeScript compiler (its API, `typescript/unstable/sync`,
// runs the compiler as a child process) from memory, each file alone: no
// project, no type checking, so any folder works, AssemblyScript's too.
//
// Usage: node tools/check-function-length.mjs [--max N] FOLDER...   (exit code 1 and a list on failure)

import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { SyntaxKind } from "typescript/unstable/ast";
import { API } from "typescript/unstable/sync";

/** The longest function allowed, in lines. */
export const MAX_FUNCTION_LINES = 150;

/** The kinds of node that are functions with a body. */
const FUNCTION_KINDS = new Set([
  SyntaxKind.FunctionDeclaration,
  SyntaxKind.FunctionExpression,
  SyntaxKind.ArrowFunction,
  SyntaxKind.MethodDeclaration,
  SyntaxKind.Constructor,
  SyntaxKind.GetAccessor,
  SyntaxKind.SetAccessor,
]);

/** Where the in-memory copies live for the compiler: a folder no real file is in. */
const VIRTUAL_ROOT = "/__function-length__";

/**
 * @typedef {{ file: string, line: number, name: string, lines: number }} FunctionLength
 *   one function: its file (as given), first line (1-based), a name to find it by, and its length in lines
 */

/**
 * Every function of the given sources with its length in lines.
 * @param {readonly { file: string, text: string }[]} sources
 * @returns {FunctionLength[]}
 */
export function measureFunctions(sources) {
  if (sources.length === 0) return [];
  /** @type {Map<string, string>} */
  const texts = new Map();
  const names = sources.map(({ file, text }, i) => {
    // The extension decides how the compiler reads the text (.ts, .tsx, .js, .mjs).
    const extension = /\.[cm]?[jt]sx?$/.exec(file)?.[0] ?? ".ts";
    const name = `${VIRTUAL_ROOT}/${i}${extension}`;
    texts.set(name, text);
    return name;
  });
  const api = new API({
    cwd: VIRTUAL_ROOT,
    fs: {
      // Our files from memory; the compiler's own library files from disk (undefined falls back to it).
      readFile: (name) =>
        texts.has(name) ? (texts.get(name) ?? "") : name.startsWith(VIRTUAL_ROOT) ? null : undefined,
      fileExists: (name) => (texts.has(name) ? true : name.startsWith(VIRTUAL_ROOT) ? false : undefined),
      directoryExists: (name) =>
        name === VIRTUAL_ROOT ? true : name.startsWith(`${VIRTUAL_ROOT}/`) ? false : undefined,
    },
  });
  try {
    const snapshot = api.updateSnapshot({ openFiles: names });
    /** @type {FunctionLength[]} */
    const found = [];
    names.forEach((name, i) => {
      const sourceFile = snapshot.getDefaultProjectForFile(name)?.program.getSourceFile(name);
      if (!sourceFile) throw new Error(`the compiler did not read ${sources[i]?.file}`);
      found.push(...functionsOf(sourceFile, sources[i]?.file ?? name));
    });
    return found;
  } finally {
    api.close();
  }
}

/**
 * @param {import("typescript/unstable/ast").SourceFile} sourceFile
 * @param {string} file
 * @returns {FunctionLength[]}
 */
function functionsOf(sourceFile, file) {
  /** @type {FunctionLength[]} */
  const found = [];
  const lineOf = (/** @type {number} */ at) => sourceFile.getLineAndCharacterOfPosition(at).line + 1;
  const visit = (/** @type {import("typescript/unstable/ast").Node} */ node) => {
    if (FUNCTION_KINDS.has(node.kind) && "body" in node && node.body) {
      const line = lineOf(node.getStart(sourceFile));
      found.push({ file, line, name: nameOf(node), lines: lineOf(node.getEnd()) - line + 1 });
    }
    node.forEachChild(visit);
  };
  visit(sourceFile);
  return found;
}

/**
 * A function's name, or the name it is given to (`const f = () => ...`, `{ f: () => ... }`),
 * or "(anonymous)".
 * @param {import("typescript/unstable/ast").Node} node
 * @returns {string}
 */
function nameOf(node) {
  const named = (/** @type {any} */ n) => {
    const name = n?.name;
    return name && typeof name.text === "string" ? name.text : undefined;
  };
  if (node.kind === SyntaxKind.Constructor) return "constructor";
  const own = named(node);
  if (own) return own;
  const parent = node.parent;
  if (
    parent &&
    (parent.kind === SyntaxKind.VariableDeclaration ||
      parent.kind === SyntaxKind.PropertyAssignment ||
      parent.kind === SyntaxKind.PropertyDeclaration)
  ) {
    return named(parent) ?? "(anonymous)";
  }
  return "(anonymous)";
}

/**
 * Source files below a folder (.ts, .mts, .tsx, .js, .mjs), skipping dist, node_modules and declarations.
 * @param {string} dir
 * @returns {string[]}
 */
export function sourceFiles(dir) {
  if (!existsSync(dir)) throw new Error(`no folder ${dir}`);
  if (!statSync(dir).isDirectory()) return [dir];
  /** @type {string[]} */
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "dist" || entry.name.startsWith(".")) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(path));
    else if (/\.(ts|mts|tsx|js|mjs)$/.test(entry.name) && !/\.d\.[cm]?ts$/.test(entry.name)) files.push(path);
  }
  return files.sort();
}

/**
 * The functions longer than `max` lines in the folders, longest first.
 * @param {readonly string[]} folders
 * @param {number} [max]
 * @returns {{ files: number, functions: number, tooLong: FunctionLength[] }}
 */
export function checkFunctionLengths(folders, max = MAX_FUNCTION_LINES) {
  const cwd = process.cwd();
  const files = folders.flatMap((folder) => sourceFiles(resolve(folder)));
  const measured = measureFunctions(
    files.map((path) => ({ file: relative(cwd, path).split("\\").join("/"), text: readFileSync(path, "utf8") })),
  );
  const tooLong = measured.filter((f) => f.lines > max).sort((a, b) => b.lines - a.lines);
  return { files: files.length, functions: measured.length, tooLong };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  let max = MAX_FUNCTION_LINES;
  const at = args.indexOf("--max");
  if (at >= 0) {
    max = Number(args[at + 1]);
    args.splice(at, 2);
  }
  if (args.length === 0 || !Number.isInteger(max) || max < 1) {
    console.error("usage: node tools/check-function-length.mjs [--max N] FOLDER...");
    process.exit(2);
  }
  const { files, functions, tooLong } = checkFunctionLengths(args, max);
  if (tooLong.length) {
    console.error(
      `function length: ${tooLong.length} function(s) over ${max} lines\n` +
        tooLong.map((f) => `  ${f.file}:${f.line} ${f.name}: ${f.lines} lines`).join("\n"),
    );
    process.exit(1);
  }
  console.log(
    `function length: ${functions} functions in ${files} files of ${args.join(", ")}, none over ${max} lines`,
  );
}
