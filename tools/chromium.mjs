// How every browser test of the repository finds and starts Debian's Chromium
// (never a downloaded browser): headless, no sandbox (CI runs as root), no GPU,
// and no network besides 127.0.0.1 (without the background-networking flags
// Chromium keeps calling home and a closed network refuses it).

import { accessSync, constants } from "node:fs";
import { delimiter, join } from "node:path";

/** Launch flags for playwright-core's `chromium.launch({ args })`. */
export const chromiumFlags = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
];

/** Where Debian's `chromium` package puts the browser. */
export const debianChromium = "/usr/bin/chromium";

/** @param {string} file */
function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The browser to drive, in this order: the LIGHTSOUT_CHROMIUM environment
 * variable (which must then name an executable), Debian's /usr/bin/chromium,
 * then `chromium` or `chromium-browser` on the PATH.
 *
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {{ path: string } | { path: undefined, reason: string }}
 */
export function findChromium(env = process.env) {
  const chosen = env.LIGHTSOUT_CHROMIUM;
  if (chosen !== undefined && chosen !== "") {
    return isExecutable(chosen)
      ? { path: chosen }
      : { path: undefined, reason: `LIGHTSOUT_CHROMIUM=${chosen} is not an executable file` };
  }
  if (isExecutable(debianChromium)) return { path: debianChromium };
  for (const dir of (env.PATH ?? "").split(delimiter)) {
    if (dir === "") continue;
    for (const name of ["chromium", "chromium-browser"]) {
      if (isExecutable(join(dir, name))) return { path: join(dir, name) };
    }
  }
  return { path: undefined, reason: `no Chromium at ${debianChromium} or on the PATH` };
}

/**
 * The browser binary for the tests; `tools/ensure-chromium.mjs` (run by
 * `pnpm test` first) has installed it when it was missing.
 */
export const chromiumPath = findChromium().path ?? debianChromium;
