// Every message about a limit, in the library, the CLI and the web app, is
// written by one formatter (formatLimit): the same sentence and units
// everywhere, and no rounding that makes a size read as its own limit. This
// reads the sources and fails on a limit sentence written by hand.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const FOLDERS = ["packages/core/src", "apps/cli/src", "apps/web/src"];
/** The formatter itself. */
const FORMATTER = "packages/core/src/internal/sizes.ts";

/** Sentences a limit message starts its verdict with. */
const LIMIT_WORDS = /\b(expected at most|needs [^`"']* but at most|over the (memory )?limit|takes at most)\b/;

function sources(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts") && !f.endsWith(".d.ts"))
    .map((f) => join(folder, f));
}

/** The string and template literals of a line that is not a comment. */
function literals(line: string): string[] {
  if (/^\s*(\/\/|\*|\/\*)/.test(line)) return [];
  return line.match(/`(?:[^`\\]|\\.)*`|"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g) ?? [];
}

describe("limit messages", () => {
  it("are all written by formatLimit", () => {
    const found: string[] = [];
    for (const folder of FOLDERS) {
      for (const file of sources(folder)) {
        if (file === FORMATTER) continue;
        readFileSync(join(ROOT, file), "utf8")
          .split("\n")
          .forEach((line, i) => {
            if (literals(line).some((text) => LIMIT_WORDS.test(text))) found.push(`${file}:${i + 1}: ${line.trim()}`);
          });
      }
    }
    expect(found).toEqual([]);
  });

  it("the check sees a hand-written one", () => {
    expect(
      literals("throw new RangeError(`a board expected at most ${MAX} cells, got ${n}`);").some((t) =>
        LIMIT_WORDS.test(t),
      ),
    ).toBe(true);
    expect(literals("// a comment that says expected at most").length).toBe(0);
    expect(relative(ROOT, join(ROOT, FORMATTER))).toBe(FORMATTER);
  });
});
