// The consumer test: our packages as someone outside the monorepo gets them.
//
// 1. `pnpm pack` every library package into a tarball and check what it
//    holds (no workspace: ranges, no sources or tests, the entry points).
// 2. Make a fresh project in a temporary folder (os.tmpdir(), outside the
//    workspace) and `npm install` the tarballs there, with vite and
//    typescript at the workspace's pinned versions.
// 3. Type-check the consumer code against the published types (nodenext and
//    bundler resolution) and every TSDoc example found in those types, run
//    the Node ESM scripts (imports from the root and subpaths; core without
//    its optional peer highs), check that internals are unreachable and
//    that a missing SIMD fails clearly.
// 4. Build a minimal Vite app with no configuration, serve it on 127.0.0.1
//    and read from headless Debian Chromium the rank it computes in the main
//    thread and in a Web Worker, and a nullity sweep on the library's own
//    workers; then the same page from Vite's dev server.
//
// LIGHTSOUT_KEEP_CONSUMER=1 keeps the temporary folder for inspection.

import { execFile, spawn } from "node:child_process";
import { cpSync, createReadStream, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { extname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { chromium } from "playwright-core";
import { chromiumFlags, chromiumPath } from "../chromium.mjs";
import { writeTestReport } from "@lightsout/test-report";

const run = promisify(execFile);
const here = fileURLToPath(new URL(".", import.meta.url));
const workspace = join(here, "..", "..");
const started = Date.now();

/** Library packages a consumer installs, in dependency order. */
const packages = [
  { name: "@lightsout/gf2-wasm", dir: "packages/gf2-wasm" },
  { name: "@lightsout/core", dir: "packages/core" },
  { name: "@lightsout/mastermind", dir: "packages/mastermind" },
];

/** Pinned like the workspace, so the consumer sees the same tools we test with. */
const tools = { vite: "8.3.8", typescript: "7.0.2" };

let checks = 0;

/**
 * One check passed: logged with the time since the start.
 * @param {string} text
 */
function step(text) {
  checks++;
  console.log(`[${((Date.now() - started) / 1000).toFixed(1)}s] ${text}`);
}

/**
 * @param {string} command
 * @param {string[]} args
 * @param {string} cwd
 * @returns {Promise<string>} the command's stdout
 */
async function sh(command, args, cwd) {
  try {
    const { stdout } = await run(command, args, { cwd, maxBuffer: 64 << 20, env: { ...process.env, NO_COLOR: "1" } });
    return stdout;
  } catch (caught) {
    const error = /** @type {{ stdout?: string, stderr?: string }} */ (caught);
    throw new Error(`${command} ${args.join(" ")} failed in ${cwd}:\n${error.stdout ?? ""}${error.stderr ?? ""}`);
  }
}

const root = mkdtempSync(join(tmpdir(), "lightsout-consumer-"));
if (!relative(workspace, root).startsWith("..")) throw new Error(`${root} is inside the workspace`);
let failed = true;
try {
  // 1. Tarballs.
  const tarballs = join(root, "tarballs");
  mkdirSync(tarballs);
  /** @type {Record<string, string>} */
  const dependencies = {};
  for (const pkg of packages) {
    const dir = join(workspace, pkg.dir);
    if (!existsSync(join(dir, "dist"))) throw new Error(`${pkg.name} is not built; run pnpm build`);
    const before = new Set(await lsTarballs(tarballs));
    await sh("pnpm", ["pack", "--pack-destination", tarballs], dir);
    const file = (await lsTarballs(tarballs)).find((f) => !before.has(f));
    if (!file) throw new Error(`pnpm pack of ${pkg.name} wrote no tarball`);
    await checkTarball(pkg.name, join(tarballs, file));
    dependencies[pkg.name] = `file:./tarballs/${file}`;
  }
  step(`packed ${Object.keys(dependencies).length} tarballs`);

  // 2. A fresh project.
  const project = root;
  cpSync(join(here, "fixture"), project, { recursive: true });
  writeFileSync(
    join(project, "package.json"),
    JSON.stringify({ name: "consumer", private: true, type: "module", dependencies, devDependencies: tools }, null, 2),
  );
  await sh("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"], project);
  for (const pkg of packages) {
    const installed = join(project, "node_modules", ...pkg.name.split("/"));
    if (!existsSync(installed) || statSync(installed).isSymbolicLink())
      throw new Error(`${pkg.name} is not installed as files`);
  }
  // highs (3.5 MB) is an optional peer dependency of core: a plain install leaves it out
  if (existsSync(join(project, "node_modules", "highs")))
    throw new Error("highs was installed with @lightsout/core, but it is an optional peer dependency");
  step("npm installed the tarballs (core without the optional highs)");

  // 3. Types and Node.
  await sh("npx", ["tsc", "-p", "tsconfig.json"], project);
  await sh("npx", ["tsc", "-p", "tsconfig.web.json"], project);
  step("tsc: the consumer code type-checks against the published types (nodenext, bundler)");
  step((await sh("node", ["examples.mjs", ...packages.map((p) => p.name)], project)).trim().replace(/\n/g, ", "));
  await sh("npx", ["tsc", "-p", "tsconfig.examples.json"], project);
  step("tsc: every TSDoc example in the published .d.ts files type-checks");
  step(
    (
      await sh("node", ["readme.mjs", "@lightsout/core", "@lightsout/gf2-wasm", "@lightsout/mastermind"], project)
    ).trim(),
  );
  for (const script of ["build/node.js", "build/mastermind.js", "internals.mjs", "simd.mjs"]) {
    step((await sh("node", [script], project)).trim());
  }

  // 4. Vite and Chromium.
  const { stderr: viteWarnings } = await run("npx", ["vite", "build", "web", "--logLevel", "warn"], {
    cwd: project,
    env: { ...process.env, NO_COLOR: "1" },
  }).catch((error) => Promise.reject(new Error(`vite build failed:\n${error.stdout ?? ""}${error.stderr ?? ""}`)));
  step("vite build of the app (no configuration)");
  // highs is not installed, and core imports it by a name bundlers do not follow: no warning is expected.
  const unexpected = viteWarnings
    .split("\n")
    .filter((line) => line.trim() && !/"node:module" has been externalized.*highs/.test(line));
  if (unexpected.length) console.log(`vite warnings:\n${unexpected.join("\n")}`);
  const dist = join(project, "web", "dist");
  const server = await serve((request, response) => staticFile(dist, request, response));
  try {
    checkPage(await readPage(server.url), "built app", true);
  } finally {
    server.close();
  }
  step(
    `chromium, built app (cross-origin isolated): rank 23 in the main thread and in a Web Worker; rank 73 on 2 threads in both; nullities 0,0,0,4,2,0 from the library's workers`,
  );

  // The same page from Vite's dev server, which pre-bundles the dependencies differently.
  const port = await freePort();
  const dev = spawn(
    "npx",
    ["vite", "web", "--host", "127.0.0.1", "--port", String(port), "--strictPort", "--logLevel", "error"],
    {
      cwd: project,
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    },
  );
  let devOutput = "";
  dev.stdout.on("data", (d) => (devOutput += d));
  dev.stderr.on("data", (d) => (devOutput += d));
  try {
    await waitForServer(`http://127.0.0.1:${port}/`, () => devOutput);
    checkPage(await readPage(`http://127.0.0.1:${port}/`), "dev server", false);
  } finally {
    if (dev.pid !== undefined) process.kill(-dev.pid, "SIGTERM");
  }
  step(`chromium, vite dev server (not isolated): the same answers, rank 73 on one thread with the reason`);
  failed = false;
} finally {
  if (process.env.LIGHTSOUT_KEEP_CONSUMER) console.log(`kept ${root}`);
  else rmSync(root, { recursive: true, force: true });
  console.log(
    failed ? "consumer test FAILED" : `consumer test passed in ${((Date.now() - started) / 1000).toFixed(1)}s`,
  );
  console.log(`${checks} passed, ${failed ? 1 : 0} failed`);
  writeTestReport("consumer", { passed: checks, failed: failed ? 1 : 0 });
}

/** @param {string} dir */
async function lsTarballs(dir) {
  const { readdir } = await import("node:fs/promises");
  return (await readdir(dir)).filter((f) => f.endsWith(".tgz"));
}

/** What a consumer downloads: real version ranges, entry points present, no sources or tests. */
/**
 * @param {string} name
 * @param {string} file
 */
async function checkTarball(name, file) {
  const list = (await sh("tar", ["tzf", file], root)).split("\n").filter(Boolean);
  const manifest = JSON.parse(await sh("tar", ["xzf", file, "-O", "package/package.json"], root));
  const text = JSON.stringify(manifest);
  if (text.includes("workspace:")) throw new Error(`${name}: the packed package.json still has workspace: ranges`);
  for (const field of ["exports", "license", "sideEffects", "types"]) {
    if (manifest[field] === undefined) throw new Error(`${name}: the packed package.json lacks "${field}"`);
  }
  // npm warns (or refuses, with engine-strict) on an older Node only when the manifest says so
  if (manifest.engines?.node !== ">=20") {
    throw new Error(
      `${name}: the packed package.json expected "engines": { "node": ">=20" }, got ${JSON.stringify(manifest.engines)}`,
    );
  }
  const stray = list.filter((f) => /^package\/(src|test|assembly|scripts)\//.test(f) || /\.map$/.test(f));
  if (stray.length)
    throw new Error(`${name}: the tarball holds files a consumer does not need: ${stray.slice(0, 5).join(", ")}`);
  // every file the export map names (wildcard-free targets), and the README
  /** @type {string[]} */
  const targets = [];
  /** @param {unknown} target */
  const collect = (target) => {
    if (typeof target === "string") targets.push(target);
    else if (target && typeof target === "object") Object.values(target).forEach(collect);
  };
  collect(manifest.exports);
  for (const entry of ["package/README.md", ...targets.map((t) => `package/${t.replace(/^\.\//, "")}`)]) {
    if (!list.includes(entry)) throw new Error(`${name}: the tarball lacks ${entry}`);
  }
}

/** The page shows rank 23 twice, rank 73 (on 2 threads when isolated) and the nullities of 1..6. */
/**
 * @param {{ main?: string, mainThreads?: string, worker?: string, threads?: string, sweep?: string }} page
 * @param {string} where
 * @param {boolean} isolated whether the page was served with COOP/COEP
 */
function checkPage(page, where, isolated) {
  const threads = isolated ? /^73 on 2 threads$/ : /^73 on 1 threads \(the page is not cross-origin isolated/;
  for (const shown of [page.threads, page.mainThreads]) {
    if (!threads.test(shown ?? "")) {
      throw new Error(`${where}: the 9 x 9 press matrix has rank 73, expected ${threads}; the page shows ${shown}`);
    }
  }
  if (page.main !== "23" || page.worker !== "23") {
    throw new Error(
      `${where}: the 5 x 5 press matrix has rank 23; the page shows main ${page.main}, worker ${page.worker}`,
    );
  }
  if (page.sweep !== "0,0,0,4,2,0")
    throw new Error(`${where}: nullities of 1..6 are 0,0,0,4,2,0; the page shows ${page.sweep}`);
}

/** @param {import("node:http").RequestListener} handler */
async function serve(handler) {
  const server = createServer(handler);
  await new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(undefined)));
  return { url: `http://127.0.0.1:${portOf(server)}/`, close: () => server.close() };
}

/** @param {import("node:http").Server} server */
function portOf(server) {
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("the server has no TCP address");
  return address.port;
}

async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(undefined)));
  const port = portOf(server);
  await new Promise((resolve) => server.close(() => resolve(undefined)));
  return port;
}

/**
 * @param {string} url
 * @param {() => string} log
 */
async function waitForServer(url, log) {
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the vite dev server did not answer on ${url}:\n${log()}`);
}

/**
 * @param {string} dist
 * @param {import("node:http").IncomingMessage} request
 * @param {import("node:http").ServerResponse} response
 */
function staticFile(dist, request, response) {
  /** @type {Record<string, string>} */
  const types = { ".html": "text/html", ".js": "text/javascript", ".wasm": "application/wasm", ".css": "text/css" };
  const path = join(dist, decodeURIComponent(new URL(request.url ?? "/", "http://x").pathname));
  const file = path.endsWith("/") ? join(path, "index.html") : path;
  if (!file.startsWith(dist) || !existsSync(file) || !statSync(file).isFile()) {
    response.writeHead(404).end();
    return;
  }
  // cross-origin isolation, as an embedding site must send it for threads (core README)
  response.writeHead(200, {
    "content-type": types[extname(file)] ?? "application/octet-stream",
    "cross-origin-opener-policy": "same-origin",
    "cross-origin-embedder-policy": "require-corp",
  });
  createReadStream(file).pipe(response);
}

/** Opens the page in Chromium and reads its three answers; any page error, console error or external request fails. */
/** @param {string} url */
async function readPage(url) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  /** @type {string[]} */
  const errors = [];
  try {
    const page = await browser.newPage();
    page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(`console: ${message.text()}`);
    });
    page.on("request", (request) => {
      const target = request.url();
      if (!target.startsWith(url) && !target.startsWith("data:") && !target.startsWith("blob:")) {
        errors.push(`external request: ${target}`);
      }
    });
    await page.goto(url);
    /** @param {string} id */
    const settled = (id) =>
      page.waitForFunction(
        (i) => /^[\d,]+$|^\d+ on \d+ threads|failed|Error/.test(document.getElementById(i)?.textContent ?? ""),
        id,
        {
          timeout: 20_000,
        },
      );
    await Promise.all(["main", "main-threads", "worker", "threads", "sweep"].map((id) => settled(id)));
    /** @param {string} id */
    const text = async (id) => (await page.locator(`#${id}`).textContent())?.trim();
    const answers = {
      main: await text("main"),
      mainThreads: await text("main-threads"),
      worker: await text("worker"),
      threads: await text("threads"),
      sweep: await text("sweep"),
    };
    if (errors.length) throw new Error(`browser errors:\n${errors.join("\n")}`);
    return answers;
  } catch (error) {
    if (errors.length && error instanceof Error) error.message += `\nbrowser errors:\n${errors.join("\n")}`;
    throw error;
  } finally {
    await browser.close();
  }
}
