// Failures only a real process meets: a full disk (/dev/full) and an
// address-space limit. Runs the built binary (dist/cli.js).
import { spawn, spawnSync } from "node:child_process";
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it, onTestFinished } from "vitest";

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

describe("an address-space limit (ulimit -v), as shared hosts and batch schedulers set", () => {
  // 64-bit V8 reserves 10 GiB per WebAssembly memory unless its trap handler is off:
  // under 2 GB every command that touched the kernel failed ("out of memory").
  const limited = (args: string[], input = "") => run(args, { input, prefix: "ulimit -v 2000000 &&" });

  it("solve, rank, quiet and random answer under 2 GB as without a limit", () => {
    expect(limited(["solve", "-"], "11\n11\n")).toEqual({ code: 0, stdout: "11\n11\n", stderr: "" });
    expect(limited(["rank", "-", "--json"], "110\n011\n101\n")).toMatchObject({ code: 0, stderr: "" });
    expect(JSON.parse(limited(["rank", "-", "--json"], "110\n011\n101\n").stdout)).toMatchObject({
      rows: 3,
      rank: 2,
      nullity: 1,
    });
    const quiet = limited(["quiet", "--rows", "5", "--cols", "5"]);
    expect([quiet.code, quiet.stderr, quiet.stdout.split("\n")[0]]).toEqual([0, "", "nullity 2"]);
    const random = run(["random", "--rows", "4", "--cols", "4", "--seed", "2"]).stdout;
    expect(limited(["random", "--rows", "4", "--cols", "4", "--seed", "2"])).toEqual({
      code: 0,
      stdout: random,
      stderr: "",
    });
  });

  it("rank on helper threads (--threads 2 and 4) gives the rank of one thread", () => {
    const one = JSON.parse(run(["rank", "--random", "2048", "--seed", "5", "--json"]).stdout) as { rank: number };
    for (const threads of ["2", "4"]) {
      const ran = limited(["rank", "--random", "2048", "--seed", "5", "--threads", threads, "--json"]);
      expect([ran.code, ran.stderr]).toEqual([0, ""]);
      expect((JSON.parse(ran.stdout) as { rank: number }).rank).toBe(one.rank);
    }
  });

  it("more threads than fit: exit 2, one line naming the most that fit and the limit", () => {
    const ran = limited(["rank", "--random", "4096", "--threads", "256"]);
    expect([ran.code, ran.stdout]).toEqual([2, ""]);
    expect(ran.stderr).toMatch(
      /^lightsout: --threads expected at most (\d+) threads \(under the address-space limit ulimit -v 2000000, 256 helper threads need about [\d.]+ GiB and \d+ MiB is left\), got 256 threads; use --threads \1 or fewer, or raise the limit \(ulimit -v\)\n$/,
    );
  });

  it("a matrix larger than the limit allows: exit 2, one line saying to raise the limit", () => {
    // 1.4 GB, of which Node itself holds about 0.75: each WebAssembly memory is capped near 170 MiB
    const ran = run(["rank", "--random", "60000"], { prefix: "ulimit -v 1400000 &&" });
    expect([ran.code, ran.stdout]).toEqual([2, ""]);
    expect(ran.stderr).toMatch(
      /^lightsout: --random 60000: a 60000 x 60000 GF\(2\) matrix needs 429 MiB, but WebAssembly memory could not grow to hold it \(.*\); the address-space limit \(ulimit -v 1400000\) caps each WebAssembly memory at \d+ MiB: raise it \(ulimit -v\) for larger jobs\n$/,
    );
  });

  it("the restarted process is the parent's: SIGTERM to the parent ends both, the parent by the same signal", async () => {
    // `solve -` waits on stdin, a FIFO this test holds open: both processes live until the signal
    const dir = mkdtempSync(join(tmpdir(), "lightsout-signal-"));
    const fifo = join(dir, "stdin");
    spawnSync("mkfifo", [fifo]);
    const stdin = openSync(fifo, "r+");
    let child: number | undefined;
    let finished = false;
    // also when the test fails or times out: nothing is left running
    onTestFinished(() => {
      finished = true;
      if (child !== undefined && existsSync(`/proc/${child}`)) process.kill(child, "SIGKILL");
      closeSync(stdin);
      rmSync(dir, { recursive: true, force: true });
    });
    const parent = spawn(
      "/bin/sh",
      ["-c", 'ulimit -v 2000000 && exec "$0" "$@"', process.execPath, CLI, "solve", "-"],
      {
        stdio: [stdin, "ignore", "ignore"],
      },
    );
    const ended = new Promise<NodeJS.Signals | null>((resolve) =>
      parent.once("exit", (_code, signal) => resolve(signal)),
    );
    const pause = () => new Promise((resolve) => setTimeout(resolve, 20));
    const childrenOf = (pid: number) =>
      readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
    while (child === undefined && !finished) {
      child = childrenOf(parent.pid!)[0];
      await pause();
    }
    parent.kill("SIGTERM");
    expect(await ended).toBe("SIGTERM");
    // the child ends too (exits, or lingers as a zombie until its new parent reaps it)
    const running = (pid: number) =>
      existsSync(`/proc/${pid}`) && !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, "utf8"));
    while (running(child!) && !finished) await pause();
    expect(running(child!)).toBe(false);
  });
});
