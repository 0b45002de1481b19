// The built binary end to end, for what only a real process shows: exit
// status, stdin and pipes between two processes, a reader that goes away,
// bytes on stdout, worker threads that let the process end. Everything else
// runs in-process (the other files); the progress bar on a terminal is in
// rank.test.ts.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { applyPresses, isDark } from "./_reference.js";
import { CLI, oneLineError, requireBuild, run, runBinary, runShell } from "./_run.js";

beforeAll(requireBuild);

const VECTORS = fileURLToPath(new URL("../../../packages/core/test/vectors/", import.meta.url));

describe("the lightsout binary", () => {
  it("prints the help and the version, as the program in-process does", async () => {
    const help = runBinary(["--help"]);
    expect(help).toMatchObject({ code: 0, stderr: "" });
    expect(help.stdout).toBe((await run(["--help"])).stdout);
    const { version } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
      version: string;
    };
    expect(runBinary(["--version"])).toMatchObject({ code: 0, stdout: `${version}\n`, stderr: "" });
  });

  it("exits 1 on bad input, 2 on usage errors (0 answered: every other test), with one line on stderr", () => {
    const bad = runBinary(["rank", "ragged.txt"]);
    expect(bad.code).toBe(1);
    expect(oneLineError(bad)).toBe("lightsout: ragged.txt:2:4: expected 4 entries (like line 1), got 3");
    const usage = runBinary(["rank", "--bogus"]);
    expect(usage.code).toBe(2);
    expect(oneLineError(usage)).toBe("lightsout: unknown option '--bogus'");
    const none = runBinary([]);
    expect(none.code).toBe(2);
    expect(oneLineError(none)).toMatch(/^lightsout: expected a command \(solve, .*\), got none/);
  });

  it("reads stdin with '-' and when FILE is left out", () => {
    for (const args of [["rank", "-"], ["rank"]]) {
      expect(runBinary(args, { input: "110\n011\n101\n" }).stdout).toMatch(/^rows 3\ncols 3\nrank 2\nnullity 1\n/);
    }
    const sample = (name: string) => readFileSync(`${VECTORS}${name}`, "utf8");
    const judged = runBinary(["judge", "poj1222"], { input: sample("poj1222_sample.in") });
    expect(judged).toMatchObject({ code: 0, stdout: sample("poj1222_sample.out"), stderr: "" });
  });

  it("ends with exit 1 and one line when stdin ends before a game does", () => {
    const result = runBinary(["mastermind", "play"], { input: "1 0\n" });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("1122\n1344\n");
    expect(result.stderr.trimEnd().split("\n").at(-1)).toBe(
      "lightsout: stdin ended before the code was found (1 guess scored; expected a score for 1344)",
    );
  });

  it("random | solve -: the presses switch the random board off", () => {
    // tee copies the board on its way through the pipe to stderr
    const piped = runShell("lightsout random --rows 6 --cols 7 --seed 11 | tee >(cat >&2) | lightsout solve -");
    expect(piped.code).toBe(0);
    expect(piped.stderr).toMatch(/^([01]{7}\n){6}$/);
    const lights = piped.stderr.trim().split("\n");
    expect(isDark(applyPresses(lights, piped.stdout.trim().split("\n")))).toBe(true);
  });

  it("stops quietly, exit 0, when the reader of stdout goes away", () => {
    // 1000 lines of 1001 bytes: far more than a pipe holds, so the writes
    // still pending when `head` exits fail with EPIPE.
    const result = runShell("lightsout chase-matrix 1000 | head -n 1");
    expect(result).toMatchObject({ code: 0, stderr: "" });
    expect(result.stdout).toMatch(/^[01]{1000}\n$/);
  });

  it("writes PNG bytes to stdout untouched with --png -", async () => {
    const binary = runBinary(["chase-matrix", "9", "--png", "-"]);
    expect(binary.code).toBe(0);
    expect([...binary.stdoutBytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(binary.stdoutBytes.equals((await run(["chase-matrix", "9", "--png", "-"])).stdoutBytes)).toBe(true);
  });

  it("nullity with worker threads prints the sweep and exits", () => {
    const expected = readFileSync(`${VECTORS}nullity_square_1_300.txt`, "utf8").trim().split(/\s+/);
    const result = runBinary(["nullity", "--from", "1", "--to", "300", "--workers", "2"]);
    expect(result).toMatchObject({ code: 0, stderr: "" });
    expect(result.stdout).toBe(expected.map((k, i) => `${i + 1} ${k}\n`).join(""));
  });
});

describe("what a run loads (the built bundle: dist/modules.json lists each file's source modules)", () => {
  /**
   * The source modules of the files `lightsout ...args` loaded (recorded by a
   * module loader hook), and every URL loaded from outside dist/.
   */
  function loadedBy(args: string[], input = ""): { modules: string[]; outside: string[]; stdout: string } {
    const dir = mkdtempSync(join(tmpdir(), "lightsout-loads-"));
    try {
      const log = join(dir, "loaded.txt");
      writeFileSync(log, "");
      writeFileSync(
        join(dir, "hooks.mjs"),
        `import { appendFileSync } from "node:fs";
export async function load(url, context, next) {
  appendFileSync(${JSON.stringify(log)}, url + "\\n");
  return next(url, context);
}
`,
      );
      writeFileSync(
        join(dir, "register.mjs"),
        `import { register } from "node:module";\nregister(${JSON.stringify(pathToFileURL(join(dir, "hooks.mjs")).href)});\n`,
      );
      const ran = spawnSync(process.execPath, ["--import", join(dir, "register.mjs"), CLI, ...args], {
        input,
        encoding: "utf8",
        timeout: 60_000,
      });
      expect([ran.status, ran.stderr]).toEqual([0, ""]);
      const dist = pathToFileURL(join(CLI, "..")).href;
      const urls = readFileSync(log, "utf8").trim().split("\n");
      const sources = JSON.parse(readFileSync(join(CLI, "..", "modules.json"), "utf8")) as Record<string, string[]>;
      const files = urls.filter((url) => url.startsWith(`${dist}/`)).map((url) => basename(fileURLToPath(url)));
      for (const file of files) expect(sources, file).toHaveProperty([file]);
      return {
        modules: files.flatMap((file) => sources[file]!),
        outside: urls.filter((url) => !url.startsWith(`${dist}/`) && !url.startsWith("node:")),
        stdout: ran.stdout,
      };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it("solve loads its own command, not the others, Mastermind or HiGHS", () => {
    const { modules, outside, stdout } = loadedBy(["solve", "-"], "11\n11\n");
    expect(stdout).toBe("11\n11\n");
    // HiGHS would be a file outside dist/ (it is not bundled)
    expect(outside).toEqual([]);
    expect(modules).toContain("apps/cli/build/commands/solve.js");
    expect(modules).toContain("packages/core/dist/lightsout/solve.js");
    expect(modules.filter((m) => /^packages\/mastermind\/|\/commands\/(?!solve\.js)/.test(m))).toEqual([]);
  });

  it("--version loads no command and, of the core, only the message formatter", () => {
    const { modules, outside } = loadedBy(["--version"]);
    expect(outside).toEqual([]);
    // the one formatter of sizes and limits (no kernel, a few hundred lines) serves every error message
    expect(modules.filter((m) => /\/commands\/|^packages\//.test(m))).toEqual(["packages/core/dist/internal/sizes.js"]);
  });
});
