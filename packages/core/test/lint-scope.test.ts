// What `pnpm lint` covers: the function-length check runs over the sources
// of every package and app (it ran over apps/web/src alone), and the
// folders it covers are within the limit.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { checkFunctionLengths, MAX_FUNCTION_LINES } from "../../../tools/check-function-length.mjs";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const lint = (JSON.parse(readFileSync(`${root}/package.json`, "utf8")) as { scripts: Record<string, string> }).scripts
  .lint!;

describe("pnpm lint", () => {
  it("runs the function-length check over packages/*/src, packages/*/assembly and apps/*/src", () => {
    const call = lint.split("&&").find((step) => step.includes("tools/check-function-length.mjs"));
    expect(call?.trim().split(/\s+/).slice(2)).toEqual(["packages/*/src", "packages/*/assembly", "apps/*/src"]);
  });

  it("finds no function over the limit in the apps, the benchmarks, Mastermind and the core outside its solvers", () => {
    const folders = [
      "apps/cli/src",
      "apps/web/src",
      "packages/bench/src",
      "packages/mastermind/src",
      ...["poly", "io", "gf2", "internal", "fields", "entries"].map((f) => `packages/core/src/${f}`),
    ].map((folder) => `${root}/${folder}`);
    const { files, tooLong } = checkFunctionLengths(folders, MAX_FUNCTION_LINES);
    expect(files).toBeGreaterThan(100);
    expect(tooLong).toEqual([]);
  });
});
