// How every browser test of the repository starts Debian's Chromium (never a
// downloaded browser): headless, no sandbox (CI runs as root), no GPU, and no
// network besides 127.0.0.1 (without the background-networking flags Chromium
// keeps calling home and this machine's closed network refuses it).

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

/** The browser binary: Debian's package, or LIGHTSOUT_CHROMIUM. */
export const chromiumPath = process.env.LIGHTSOUT_CHROMIUM ?? "/usr/bin/chromium";
