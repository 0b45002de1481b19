// One count of the cores: internal/cores.ts. The threaded elimination's
// default, the ILP's threads and a nullity sweep's default workers all
// come from it, so a fix to the count (at least 1, a Node without
// availableParallelism) reaches every one of them.

import { readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { availableCores } from "../src/internal/cores.js";
import { availableThreads } from "../src/internal/threads.js";

const src = fileURLToPath(new URL("../src", import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(join(dir, entry.name)) : entry.name.endsWith(".ts") ? [join(dir, entry.name)] : [],
  );
}

/** The code of a source file without its comments (the docs may name what the code may not call). */
function code(path: string): string {
  return readFileSync(path, "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/\/\/.*$/gm, "");
}

describe("availableCores", () => {
  it("is Node's availableParallelism, and the threads' default is the same function", () => {
    expect(availableCores()).toBe(availableParallelism());
    expect(availableThreads).toBe(availableCores);
  });

  it("counts the os module it is given, at least 1", () => {
    expect(availableCores({ availableParallelism: () => 6, cpus: () => [] })).toBe(6);
    expect(availableCores({ cpus: () => [1, 2, 3] })).toBe(3);
    expect(availableCores({ availableParallelism: () => 0, cpus: () => [] })).toBe(1);
    expect(availableCores({ cpus: () => [] })).toBe(1);
  });

  it("is the only place in packages/core/src that reads a core count", () => {
    const readers = sources(src)
      .filter((path) => /availableParallelism|hardwareConcurrency|\bcpus\(\)/.test(code(path)))
      .map((path) => relative(src, path).split("\\").join("/"));
    expect(readers).toEqual(["internal/cores.ts"]);
  });
});
