// node sizes.mjs: what each publishable package would upload (pnpm pack
// into a temporary folder, as publish does): tarball size, unpacked size,
// file count, and the dependencies as the registry would see them.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const workspace = fileURLToPath(new URL("../../", import.meta.url));
const dirs = ["packages/gf2-wasm", "packages/core", "packages/mastermind", "packages/bench", "apps/cli"];
const out = mkdtempSync(join(tmpdir(), "lightsout-sizes-"));
try {
  console.log("| package | tarball | unpacked | files | dependencies |\n| --- | ---: | ---: | ---: | --- |");
  for (const dir of dirs) {
    const before = new Set(readdirSync(out));
    execFileSync("pnpm", ["pack", "--pack-destination", out], { cwd: join(workspace, dir), stdio: "ignore" });
    const file = readdirSync(out).find((f) => !before.has(f));
    if (file === undefined) throw new Error(`pnpm pack wrote no tarball in ${dir}`);
    const listing = execFileSync("tar", ["tzvf", join(out, file)], { encoding: "utf8" })
      .trim()
      .split("\n");
    const unpacked = listing.reduce((sum, line) => sum + Number(line.split(/\s+/)[2]), 0);
    const manifest = JSON.parse(
      execFileSync("tar", ["xzf", join(out, file), "-O", "package/package.json"], { encoding: "utf8" }),
    );
    const deps =
      Object.entries(manifest.dependencies ?? {})
        .map(([n, v]) => `${n}@${v}`)
        .join(", ") || "none";
    /** @param {number} bytes */
    const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
    console.log(
      `| ${manifest.name}@${manifest.version} | ${kb(statSync(join(out, file)).size)} | ${kb(unpacked)} | ${listing.length} | ${deps} |`,
    );
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}
