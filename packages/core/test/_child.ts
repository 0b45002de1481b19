// Runs a script against the built package in a child Node, so that a kernel
// call that never returns fails its test (the child's time limit) instead of
// stalling the runner: a test's own timeout cannot interrupt code that blocks.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The absolute path of a built module of this package (dist/...), for a child's imports. */
export function built(path: string): string {
  const file = fileURLToPath(new URL(`../dist/${path}`, import.meta.url));
  if (!existsSync(file)) throw new Error(`${file} is missing: run 'pnpm --filter @lightsout/core build' first`);
  return file;
}

/** `node FLAGS script.mjs`, the script written to a temporary folder; killed after `seconds`. */
export function runNodeScript(flags: string[], script: string, seconds: number) {
  const dir = mkdtempSync(join(tmpdir(), "lightsout-child-"));
  try {
    const file = join(dir, "script.mjs");
    writeFileSync(file, script);
    const result = spawnSync(process.execPath, [...flags, file], { encoding: "utf8", timeout: seconds * 1000 });
    return { code: result.status, signal: result.signal, stdout: result.stdout, stderr: result.stderr };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
