// Bundles the compiled CLI (build/, written by tsc) with what it imports
// (commander, @lightsout/core, @lightsout/mastermind) into dist/: one chunk
// per command and chunks of what commands share. Node 20 resolves, reads
// and links every ES module it loads one by one, and `lightsout solve`
// loaded about a hundred; now it loads about twenty files, the chunks of
// its own command (docs/BENCHMARKS.md, "Start-up of the CLI").
//
// Three files are loaded at run time by a path relative to the module that
// loads them (the core's nullity sweep worker script and its tasks on the
// calling thread, Mastermind's evaluation worker script): they are entries
// of their own, under the same names, beside the chunks. highs (imported by name by the core) stays outside.
//
// dist/modules.json lists the source modules of every file written (the
// tests check with it which modules a command loads).
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { rolldown } from "rolldown";

const here = new URL("../", import.meta.url);
const dist = fileURLToPath(new URL("dist/", here));
const poly = new URL("../poly/", import.meta.resolve("@lightsout/core"));
const mastermind = new URL("./", import.meta.resolve("@lightsout/mastermind"));
const commanderLicense = readFileSync(new URL("LICENSE", import.meta.resolve("commander")), "utf8");

/**
 * commander loads node:child_process (and with it net, dgram and more of
 * Node's own modules: 2-3 ms) when imported, for executable subcommands
 * alone, which this CLI does not have: load it when one would be spawned.
 * @type {import("rolldown").Plugin}
 */
const lazyChildProcess = {
  name: "commander-lazy-child-process",
  transform(code, id) {
    if (!/[\\/]commander[\\/]lib[\\/]command\.js$/.test(id)) return null;
    const eager = "const childProcess = require('node:child_process');";
    if (!code.includes(eager) || (code.match(/childProcess\./g) ?? []).length !== 3) {
      throw new Error(`${id}: expected one require of node:child_process and three childProcess.spawn calls`);
    }
    return code.replace(
      eager,
      "const childProcess = { spawn: (...args) => require('node:child_process').spawn(...args) };",
    );
  },
};

/**
 * commander's license (MIT) at the top of the chunk that holds its code.
 * @type {import("rolldown").Plugin}
 */
const commanderNotice = {
  name: "commander-license",
  renderChunk(code, chunk) {
    if (!chunk.moduleIds.some((id) => /[\\/]commander[\\/]/.test(id))) return null;
    const notice = `/*! Bundled here: commander (https://github.com/tj/commander.js)\n${commanderLicense.trim()}\n*/\n`;
    return code.startsWith("#!") ? code.replace(/^(#!.*\n)/, `$1${notice}`) : notice + code;
  },
};

rmSync(dist, { recursive: true, force: true });
const bundle = await rolldown({
  input: {
    cli: fileURLToPath(new URL("build/cli.js", here)),
    "_sweep-worker": fileURLToPath(new URL("_sweep-worker.js", poly)),
    "sweep-task": fileURLToPath(new URL("sweep-task.js", poly)),
    "_evaluate-worker": fileURLToPath(new URL("_evaluate-worker.js", mastermind)),
  },
  platform: "node",
  external: [/^node:/, "highs"],
  plugins: [lazyChildProcess, commanderNotice],
  // any warning is a surprise worth stopping for
  onwarn(warning) {
    throw new Error(`rolldown: ${warning.message}`);
  },
});
const { output } = await bundle.write({
  dir: dist,
  format: "esm",
  entryFileNames: "[name].js",
  chunkFileNames: "[name].js",
  // what every run loads, in one file: the program, its error handling and commander
  codeSplitting: {
    groups: [
      { name: "program", test: /apps[\\/]cli[\\/]build[\\/](main|program|io|errors|version)\.js$|[\\/]commander[\\/]/ },
    ],
  },
});
await bundle.close();

/** @type {Record<string, string[]>} */
const modules = {};
const root = fileURLToPath(new URL("../../", here));
for (const file of output) {
  if (file.type === "chunk") modules[file.fileName] = file.moduleIds.map((id) => id.replace(root, ""));
}
writeFileSync(new URL("modules.json", new URL("dist/", here)), `${JSON.stringify(modules, null, 2)}\n`);
console.log(`bundled ${Object.keys(modules).length} files into dist/`);
