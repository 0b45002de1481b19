// `nullity --output FILE`: appends, and when run again checks the lines
// already in FILE, drops a torn last line and computes only the rest, so a
// killed or requeued shard finishes with exactly the lines of a single run.
// Also the estimate printed before long runs and the --progress lines.
import { spawn } from "node:child_process";
import { appendFileSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { formatDuration, progressLog, resumeOutput } from "../src/batch.js";
import { CLI, cleanEnv, cli, requireBuild, SQUARE_1_300 } from "./_batch-io.js";
import { tempDir } from "./_temp.js";

const dir = tempDir("lightsout-resume-");
const read = (name: string) => readFileSync(join(dir, name), "utf8");
const SQUARES = SQUARE_1_300.map((k, i) => `${i + 1} ${k}\n`).join("");

describe("nullity --output FILE", () => {
  it("writes the sweep to FILE, nothing to stdout", async () => {
    const run = await cli(["nullity", "1..300", "--output", "all.txt"], {}, dir);
    expect(run).toEqual({ code: 0, stdout: "", stderr: "" });
    expect(read("all.txt")).toBe(SQUARES);
  });

  it("resumes after the complete lines and drops a torn last line", async () => {
    for (const cut of [0, 1, 5, 6, 7, 500, SQUARES.length - 1, SQUARES.length]) {
      writeFileSync(join(dir, "part.txt"), SQUARES.slice(0, cut));
      const run = await cli(["nullity", "--from", "1", "--to", "300", "--output", "part.txt", "--progress"], {}, dir);
      expect([cut, run.code]).toEqual([cut, 0]);
      const kept = SQUARES.slice(0, cut).split("\n").length - 1;
      expect(run.stderr.split("\n")[0]).toContain(
        kept === 0 ? "300 boards, " : `300 boards, ${kept} already in part.txt`,
      );
      expect(run.stderr).toContain(`lightsout: done: 300 boards (${300 - kept} computed)`);
      expect(read("part.txt")).toBe(SQUARES);
    }
  });

  it("resumes JSON Lines and rectangles, and one shard's own file", async () => {
    const args = ["nullity", "--rows", "2..9", "--cols", "3..12", "--json", "--shard", "2/3"];
    const whole = (await cli(args)).stdout;
    expect(whole.split("\n").length - 1).toBeGreaterThan(5);
    writeFileSync(join(dir, "grid.jsonl"), `${whole.slice(0, whole.indexOf("\n", 40) + 1)}{"m":`);
    const run = await cli([...args, "--output", "grid.jsonl"], {}, dir);
    expect(run).toEqual({ code: 0, stdout: "", stderr: "" });
    expect(read("grid.jsonl")).toBe(whole);
  });

  it("refuses a file that is not this run's output (exit 1), leaving it untouched", async () => {
    const cases: [string, string[], string][] = [
      [
        "1 0\n2 0\n3 1\n",
        ["1..300"],
        "bad.txt:3: expected nullity 0 for the 3 x 3 board (recomputed), got '3 1' (not the output of this run?)",
      ],
      ["1 0\n2 0\n3 0\n4 5\n", ["1..300"], "bad.txt:4: expected the line of the 4 x 4 board ('4 '..), got '4 5'"],
      ["1 0\n2 00\n", ["1..300"], "bad.txt:2: expected the line of the 2 x 2 board ('2 '..), got '2 00'"],
      ["5 2\n", ["1..300"], "bad.txt:1: expected the line of the 1 x 1 board ('1 '..), got '5 2'"],
      [
        "1 0\n2 0\n",
        ["1..300", "--json"],
        `bad.txt:1: expected the line of the 1 x 1 board ('{"m":1,"n":1,"nullity":'..), got '1 0'`,
      ],
      [SQUARES, ["1..30"], "bad.txt:31: the output of this run expected at most 30 lines, got more"],
      ["\u001b[31m\n", ["1..300"], "bad.txt:1: expected the line of the 1 x 1 board ('1 '..), got '<U+001B>[31m'"],
      ["x".repeat(10_000), ["1..300"], "bad.txt:1: expected a result line, got a line of over 4096 bytes"],
    ];
    for (const [content, args, message] of cases) {
      writeFileSync(join(dir, "bad.txt"), content);
      const run = await cli(["nullity", ...args, "--output", "bad.txt"], {}, dir);
      expect([run.code, run.stdout]).toEqual([1, ""]);
      expect(run.stderr).toMatch(/^lightsout: [^\n]*\n$/);
      expect(run.stderr).toContain(`lightsout: ${message}`);
      expect(read("bad.txt")).toBe(content);
    }
  });

  it("bad --output values", async () => {
    const dash = await cli(["nullity", "1..3", "--output", "-"], {}, dir);
    expect([dash.code, dash.stderr]).toEqual([
      2,
      "lightsout: --output expected a file (results go to stdout without it), got '-'\n",
    ]);
    const folder = await cli(["nullity", "1..3", "--output", "."], {}, dir);
    expect([folder.code, folder.stderr]).toEqual([1, "lightsout: cannot write '.': it is a directory\n"]);
    const missing = await cli(["nullity", "1..3", "--output", "no/such/folder.txt"], {}, dir);
    expect([missing.code, missing.stderr]).toEqual([
      1,
      "lightsout: cannot write 'no/such/folder.txt': no such directory\n",
    ]);
  });
});

describe("resumeOutput on files of many read chunks", () => {
  const numbers = (count: number) => Array.from({ length: count }, (_, j) => `${j}\n`).join("");
  const check = (line: string, j: number) => (line === String(j) ? undefined : `expected ${j}`);

  it("counts lines across chunk boundaries, cuts the torn tail, appends after it", async () => {
    const count = 400_000; // 2.6 MB: three 1 MiB reads, lines split between them
    const file = join(dir, "numbers.txt");
    writeFileSync(file, `${numbers(count)}4000`);
    const rechecked: [string, number][] = [];
    const out = await resumeOutput(file, count + 10, check, (line, j) => {
      rechecked.push([line, j]);
      return undefined;
    });
    expect(out.done).toBe(count);
    expect(rechecked).toEqual([[String(count - 1), count - 1]]);
    await out.write(`${count}\n`);
    await out.close();
    expect(readFileSync(file, "utf8")).toBe(numbers(count + 1));
  });

  it("names the first wrong line, however deep, and changes nothing", async () => {
    const file = join(dir, "numbers.txt");
    const content = numbers(300_000).replace("\n250000\n", "\n250001\n");
    writeFileSync(file, `${content}12`);
    await expect(resumeOutput(file, 300_000, check, () => undefined)).rejects.toThrow(
      `${file}:250001: expected 250000, got '250001' (not the output of this run?)`,
    );
    expect(readFileSync(file, "utf8")).toBe(`${content}12`);
  });
});

describe("a killed run resumes (separate processes)", () => {
  beforeAll(requireBuild);

  it("SIGKILL mid-sweep, a torn line appended, then the same command finishes the sweep exactly", async () => {
    const args = ["nullity", "--from", "1", "--to", "12000", "--workers", "1", "--json"];
    const expected = (await cli(args)).stdout;
    const file = join(dir, "killed.jsonl");
    writeFileSync(file, "");
    const child = spawn(process.execPath, [CLI, ...args, "--output", file], { env: cleanEnv(), stdio: "ignore" });
    const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
    // wait for the first results to reach the file (or the run to end), then kill it
    await Promise.race([
      exited,
      (async () => {
        while (statSync(file).size === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      })(),
    ]);
    child.kill("SIGKILL");
    await exited;
    appendFileSync(file, '{"m":99');
    const run = await cli([...args, "--output", file]);
    expect(run).toEqual({ code: 0, stdout: "", stderr: "" });
    expect(readFileSync(file, "utf8")).toBe(expected);
  });
});

describe("long runs say so (separate processes, stopped after their first line)", () => {
  beforeAll(requireBuild);

  /** The first line the CLI writes to stderr; the process is killed then. */
  const firstLine = (args: string[]) => {
    const child = spawn(process.execPath, [CLI, ...args], { env: cleanEnv(), stdio: ["ignore", "ignore", "pipe"] });
    return new Promise<string>((resolve) => {
      let text = "";
      child.stderr.on("data", (chunk: Buffer) => {
        text += chunk.toString("utf8");
        if (text.includes("\n")) {
          child.kill("SIGKILL");
          resolve(text.slice(0, text.indexOf("\n")));
        }
      });
      child.on("exit", () => resolve(text));
    });
  };

  it("nullity 1073741824 prints an estimate in days on stderr before it starts", async () => {
    // 2e-12 s x 2^30 x 2^30 = 2.2 million s
    expect(await firstLine(["nullity", "1073741824"])).toBe(
      "lightsout: estimated 27 days for 1 board on 1 worker (cost model in docs/BATCH.md); --progress reports progress",
    );
  });

  it("sweeps: 2e-12 s x m x n + 7e-6 s per board, summed and shared by the workers", async () => {
    // n = 1..10^6: sum n^2 = 3.33e17 cells -> 6.7e5 s, plus 7 s
    expect(await firstLine(["nullity", "--from", "1", "--to", "1000000", "--workers", "1"])).toBe(
      "lightsout: estimated 8 days for 1000000 boards on 1 worker (cost model in docs/BATCH.md); --progress reports progress",
    );
    // rows 1..10^5 x cols 1..1000: (sum m)(sum n) = 5.00005e9 x 500500 cells -> 5005 s, plus 10^8 boards -> 700 s
    const grid = ["nullity", "--rows", "1..100000", "--cols", "1..1000", "--workers", "1", "--progress"];
    expect(await firstLine(grid)).toBe("lightsout: 100,000,000 boards, 1 worker, estimated 1.6 h");
    // its last shard of 4 (cut to equal work by the core's own model): a part of the whole, in minutes
    const shard = await firstLine([...grid, "--shard", "4/4"]);
    const minutes = Number(
      /^lightsout: shard 4\/4 \(--shard 4\/4\): [\d,]+ boards, 1 worker, estimated (\d+) min$/.exec(shard)?.[1],
    );
    expect(minutes).toBeGreaterThan(5);
    expect(minutes).toBeLessThan(60);
  });
});

describe("--progress lines", () => {
  it("one board is 1 board, not 1 boards", async () => {
    const one = await cli(["nullity", "5", "--progress"], {}, dir);
    expect(one.stdout).toBe("5 2\n");
    expect(one.stderr).toMatch(
      /^lightsout: 1 board, 1 worker, estimated 0 s\nlightsout: done: 1 board \(1 computed\) in \d+ s\n$/,
    );
  });

  it("are plain lines, at most one per interval, with the time left from the work done", () => {
    const written: string[] = [];
    let clock = 0;
    const log = progressLog({ write: (text: string) => written.push(text) }, 10_000, () => clock);
    log.update(1, 10, () => "1/10 boards");
    clock = 9_999;
    log.update(2, 10, () => "2/10 boards");
    expect(written).toEqual([]);
    clock = 10_000;
    log.update(5, 10, () => "5/10 boards");
    clock = 15_000;
    log.update(6, 10, () => "6/10 boards");
    clock = 40_000;
    log.update(8, 10, () => "8/10 boards");
    expect(written).toEqual([
      "lightsout: 5/10 boards, 10 s elapsed, about 10 s left\n",
      "lightsout: 8/10 boards, 40 s elapsed, about 10 s left\n",
    ]);
  });

  it("durations read as seconds, minutes, hours or days", () => {
    expect([0.2, 89, 90, 3000, 5400, 100_000, 172_800, 2e6].map(formatDuration)).toEqual([
      "0 s",
      "89 s",
      "2 min",
      "50 min",
      "1.5 h",
      "27.8 h",
      "2 days",
      "23 days",
    ]);
  });
});
