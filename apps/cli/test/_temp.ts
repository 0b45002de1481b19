// Temporary folders for a test file's outputs, removed once its tests are
// done, so that runs of the suite leave nothing behind in the system's
// temporary folder.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";

/**
 * A new folder in the system's temporary folder, named from `prefix`,
 * removed after the tests of the file or describe block that calls this
 * (at collection time, where hooks can be added).
 */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * Folders made from within tests (where hooks cannot be added), all
 * removed after the file's tests: call at the file's top level.
 */
export function tempDirsOfFile(): (prefix: string) => string {
  const made: string[] = [];
  afterAll(() => {
    for (const dir of made) rmSync(dir, { recursive: true, force: true });
  });
  return (prefix) => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    made.push(dir);
    return dir;
  };
}
