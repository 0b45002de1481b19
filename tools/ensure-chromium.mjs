// First step of `pnpm test`: the web app's end-to-end tests and the consumer
// test drive a real Chromium. Find one (tools/chromium.mjs); when there is
// none and Debian's apt can be used (root, or sudo without a password),
// install Debian's `chromium` package; otherwise stop with one line naming
// the command to run. Never downloads a browser of its own.

import { spawnSync } from "node:child_process";
import { debianChromium, findChromium } from "./chromium.mjs";

/**
 * @param {string} command
 * @param {string[]} args
 * @returns {boolean} true when the command ran and exited 0
 */
function succeeds(command, args) {
  const result = spawnSync(command, args, { stdio: ["ignore", "ignore", "ignore"] });
  return result.status === 0;
}

/**
 * Runs a command with its output shown, failing loudly.
 * @param {string[]} argv
 */
function run(argv) {
  const [command, ...args] = argv;
  if (command === undefined) throw new Error("empty command");
  const result = spawnSync(command, args, {
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  if (result.status !== 0) {
    throw new Error(`'${argv.join(" ")}' failed (${result.error?.message ?? `exit ${result.status}`})`);
  }
}

const found = findChromium();
if (found.path !== undefined) process.exit(0);

const install = "apt-get install chromium";
if (process.env.LIGHTSOUT_CHROMIUM) {
  console.error(`ensure-chromium: ${found.reason}; point it at a Chromium binary or unset it`);
  process.exit(1);
}
const isRoot = process.getuid?.() === 0;
const sudo = isRoot ? [] : succeeds("sudo", ["-n", "true"]) ? ["sudo", "-n"] : undefined;
if (sudo === undefined || !succeeds("apt-get", ["--version"])) {
  console.error(
    `ensure-chromium: ${found.reason}; the browser tests need Debian's Chromium: run 'sudo ${install}' ` +
      "(or set LIGHTSOUT_CHROMIUM to a Chromium binary), then pnpm test again",
  );
  process.exit(1);
}
console.error(`ensure-chromium: ${found.reason}; installing Debian's chromium package with apt-get`);
try {
  run([...sudo, "apt-get", "update", "-qq"]);
  run([...sudo, "apt-get", "install", "-y", "-qq", "chromium"]);
} catch (error) {
  console.error(`ensure-chromium: ${/** @type {Error} */ (error).message}; run 'sudo ${install}' and try again`);
  process.exit(1);
}
if (findChromium().path === undefined) {
  console.error(`ensure-chromium: apt-get installed chromium but ${debianChromium} is still missing`);
  process.exit(1);
}
console.error(`ensure-chromium: installed ${debianChromium}`);
