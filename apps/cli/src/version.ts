/**
 * The CLI version, read at run time from `apps/cli/package.json`.
 *
 * @module
 */
import { readFileSync } from "node:fs";

/**
 * Reads the `version` field of the package.json next to `dist/` (or `src/`).
 *
 * @returns the version string, e.g. `"0.1.0"`
 * @throws Error when package.json is missing or has no string `version`
 */
export function readVersion(): string {
  const url = new URL("../package.json", import.meta.url);
  const manifest: unknown = JSON.parse(readFileSync(url, "utf8"));
  const version = (manifest as { version?: unknown } | null)?.version;
  if (typeof version !== "string") {
    throw new Error(`${url.pathname}: expected a string "version" field, got ${typeof version}`);
  }
  return version;
}
