// The documents that draw the tree name what is in it: every folder of
// packages/core/src in docs/ARCHITECTURE.md's picture, every value an entry
// point exports in its row of the entry-point table (rows that list names),
// and every kernel file and export-map subpath of @lightsout/gf2-wasm in its
// README. A file or an export added without its line fails here.
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const read = (path: string) => readFileSync(new URL(path, import.meta.url), "utf8");
const architecture = read("../../../docs/ARCHITECTURE.md");
const gf2WasmReadme = read("../../gf2-wasm/README.md");

/** The values (not types) an entry file re-exports, by their exported names. */
function exportedValues(source: string): string[] {
  const names: string[] = [];
  for (const match of source.matchAll(/export\s+(type\s+)?\{([^}]*)\}\s*from/g)) {
    if (match[1]) continue;
    for (const part of match[2]!.split(",")) {
      const spec = part.trim();
      if (spec === "" || spec.startsWith("type ")) continue;
      names.push(
        spec
          .split(/\s+as\s+/)
          .at(-1)!
          .trim(),
      );
    }
  }
  return names;
}

describe("docs/ARCHITECTURE.md", () => {
  it("draws every folder of packages/core/src in its picture", () => {
    const start = architecture.indexOf("```");
    const picture = architecture.slice(start, architecture.indexOf("```", start + 3));
    const folders = readdirSync(new URL("../src", import.meta.url), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(folders.length).toBeGreaterThan(5);
    for (const folder of folders) expect(picture, folder).toContain(` ${folder}/`);
  });

  it("has a row for every entry point, naming every value of those that list them", () => {
    const manifest = JSON.parse(read("../package.json")) as { exports: Record<string, { default: string }> };
    for (const [subpath, target] of Object.entries(manifest.exports)) {
      const name = subpath === "." ? "@lightsout/core" : `@lightsout/core/${subpath.slice(2)}`;
      const row = architecture.split("\n").find((line) => line.startsWith(`| \`${name}\` |`));
      expect(row, `a row for ${name}`).toBeDefined();
      const listed = new Set([...row!.matchAll(/`([A-Za-z_$][\w$]*)`/g)].map((m) => m[1]));
      if (listed.size < 3) continue; // a row in words ("all of Lights Out")
      const file = target.default.replace(/^\.\/dist\//, "../src/").replace(/\.js$/, ".ts");
      for (const value of exportedValues(read(file))) expect([...listed], `${name} lists ${value}`).toContain(value);
    }
  });
});

describe("packages/gf2-wasm/README.md", () => {
  it("names every kernel file and every subpath of the package", () => {
    const files = readdirSync(new URL("../../gf2-wasm/assembly", import.meta.url)).filter((f) => f.endsWith(".ts"));
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) expect(gf2WasmReadme, file).toContain(`\`assembly/${file}\``);
    const manifest = JSON.parse(read("../../gf2-wasm/package.json")) as { exports: Record<string, unknown> };
    for (const subpath of Object.keys(manifest.exports)) {
      const name = subpath === "." ? "@lightsout/gf2-wasm" : `@lightsout/gf2-wasm/${subpath.slice(2)}`;
      expect(gf2WasmReadme, name).toContain(`\`${name}\``);
    }
  });
});
