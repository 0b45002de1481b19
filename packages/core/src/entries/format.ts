/**
 * `@lightsout/core/format`: how sizes, counts, limits and pieces of input
 * are written in messages, the same in the library, the CLI and the web
 * app. A small entry with no kernel behind it: a program may load it first
 * and cheaply.
 *
 * @module
 */
export { formatBytes, formatCount, formatLimit } from "../internal/sizes.js";
export type { Limit, LimitUnit } from "../internal/sizes.js";
export { showToken } from "../internal/text.js";
