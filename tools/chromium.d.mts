/** Launch flags for playwright-core's `chromium.launch({ args })`. */
export declare const chromiumFlags: string[];
/** Where Debian's `chromium` package puts the browser. */
export declare const debianChromium: string;
/** The browser to drive: LIGHTSOUT_CHROMIUM, /usr/bin/chromium, then chromium on the PATH. */
export declare function findChromium(env?: NodeJS.ProcessEnv): { path: string } | { path: undefined; reason: string };
/** The browser binary for the tests. */
export declare const chromiumPath: string;
