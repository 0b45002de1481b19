// pnpm docs: the API reference of the public packages into docs/api/, from
// their TSDoc. Fails on any TypeDoc warning (undocumented export or member,
// broken link, unexported type in the API) and on any export without an
// @example. Reads the sources with TypeScript 5.9 (tsconfig.json here);
// @lightsout/gf2-wasm must be built (core imports its dist/index.d.ts).
import { Application, ReflectionKind, TSConfigReader, TypeDocReader } from "typedoc";

// Options live in typedoc.json (so plain `npx typedoc` agrees), the compiler options in tsconfig.json.
const app = await Application.bootstrapWithPlugins({}, [new TypeDocReader(), new TSConfigReader()]);
const project = await app.convert();
if (!project) process.exit(1);

app.validate(project);

// Module names: the package names, not the entry files' paths.
/** @type {Record<string, string>} */
const names = {
  "core/src/entries": "@lightsout/core",
  "core/src/entries/gf2": "@lightsout/core/gf2",
  "core/src/entries/fields": "@lightsout/core/fields",
  "core/src/entries/rings": "@lightsout/core/rings",
  "core/src/entries/nullity": "@lightsout/core/nullity",
  "core/src/entries/lightsout": "@lightsout/core/lightsout",
  "core/src/entries/io": "@lightsout/core/io",
  "core/src/entries/format": "@lightsout/core/format",
  "core/src/entries/wiedemann": "@lightsout/core/wiedemann",
  "gf2-wasm/src": "@lightsout/gf2-wasm",
  "mastermind/src": "@lightsout/mastermind",
};
for (const module of project.children ?? []) module.name = names[module.name] ?? module.name;

// Every export of every package carries an example, on itself or on its call signature.
/** @type {string[]} */
const missing = [];
for (const module of project.children ?? []) {
  for (const child of module.children ?? []) {
    // a name re-exported by several entry points is documented where it is declared
    if (child.kind === ReflectionKind.Reference) continue;
    const comments = [child.comment, ...(child.signatures ?? []).map((s) => s.comment)];
    if (comments.some((c) => c?.blockTags.some((tag) => tag.tag === "@example"))) continue;
    missing.push(`${module.name}: ${ReflectionKind.singularString(child.kind)} ${child.name} (no @example)`);
  }
}
if (missing.length) {
  app.logger.error(`${missing.length} exports without an @example:\n  ${missing.join("\n  ")}`);
}
if (app.logger.hasErrors() || app.logger.hasWarnings()) {
  console.error("docs: not generated (fix the messages above)");
  process.exit(1);
}
await app.generateDocs(project, app.options.getValue("out"));
if (app.logger.hasErrors() || app.logger.hasWarnings()) process.exit(1);
