// Failures only a real process meets: a full disk (/dev/full) and an
// address-space limit. Runs the built binary (dist/cli.js).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";

const CLI = fileURLToPath(new URL("../dist/cli.js", import.meta.url));

/** `node dist/cli.js ...args` with stdout sent to `stdout` (a path) and `input` on stdin, under `sh -c prefix`. */
function run(args: string[], options: { stdout?: string; input?: string; prefix?: string } = {}) {
  const redirect = options.stdout === undefined ? "" : ` > '${options.stdout}'`;
  const script = `${options.prefix ?? ""} exec "$0" "$@"${redirect}`;
  const env = { ...process.env };
  delete env.LIGHTSOUT_DEBUG;
  const result = spawnSync("/bin/sh", ["-c", script, process.execPath, CLI, ...args], {
    input: options.input ?? "",
    encoding: "utf8",
    env,
    timeout: 60_000,
  });
  if (result.error) throw result.error;
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

beforeAll(() => {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run 'pnpm --filter @lightsout/cli build' first`);
});

describe("a full disk", () => {
  it("stdout on /dev/full: 'cannot write stdout: no space left on device', exit 1", () => {
    for (const args of [
      ["random", "--rows", "3", "--cols", "3"],
      ["rank", "--random", "8", "--json"],
      ["mastermind", "solve", "--pegs", "2", "--colors", "2"],
    ]) {
      const ran = run(args, { stdout: "/dev/full" });
      expect(ran.code).toBe(1);
      expect(ran.stderr).toBe("lightsout: cannot write stdout: no space left on device\n");
    }
  });

  it("--svg /dev/full and --png /dev/full name the file and the reason", () => {
    const render = run(["render", "-", "--svg", "/dev/full"], { input: "101\n010\n" });
    expect(render.code).toBe(1);
    expect(render.stderr).toBe("lightsout: cannot write '/dev/full': no space left on device\n");
    const chase = run(["chase-matrix", "5", "--png", "/dev/full"]);
    expect(chase.code).toBe(1);
    expect(chase.stderr).toBe("lightsout: cannot write '/dev/full': no space left on device\n");
  });
});

describe("an address-space limit too small for the WebAssembly kernel", () => {
  it("is reported as the machine running out of memory, not as a fault of the input", () => {
    // 3 GB of address space: Node starts, the kernel's reserved memory does not fit.
    for (const args of [
      ["solve", "-"],
      ["rank", "-"],
    ]) {
      const ran = run(args, { input: "101\n010\n101\n", prefix: "ulimit -v 3000000 &&" });
      expect(ran.code).toBe(1);
      expect(ran.stdout).toBe("");
      expect(ran.stderr).toMatch(/^lightsout: out of memory: the machine \(or a limit such as ulimit -v\) refused/);
      expect(ran.stderr).not.toContain("<stdin>");
      expect(ran.stderr.trim().split("\n")).toHaveLength(1);
    }
  });
});
