/** Launch flags for playwright-core's `chromium.launch({ args })`. */
export declare const chromiumFlags: string[];
/** The browser binary: Debian's package, or LIGHTSOUT_CHROMIUM. */
export declare const chromiumPath: string;
