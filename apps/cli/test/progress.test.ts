// Unit tests of the progress bar, driven directly with a fake stream and
// clock (the bar in whole runs, in-process and on a terminal: rank.test.ts).
import { PassThrough, Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { CliError } from "../src/errors.js";
import { withIo } from "../src/io.js";
import { createProgressBar, type ProgressStream } from "../src/progress.js";
import { run } from "./_run.js";

function fakeStream(isTTY: boolean): ProgressStream & { output: string } {
  return {
    isTTY,
    columns: 60,
    output: "",
    write(text: string) {
      this.output += text;
      return true;
    },
  };
}

/** Runs `task` with `env` as the CLI's environment. */
const withEnv = <T>(env: Record<string, string>, task: () => T) =>
  withIo({ stdin: Readable.from([]), stdout: new PassThrough(), stderr: new PassThrough(), env, cwd: "." }, async () =>
    task(),
  );

describe("createProgressBar", () => {
  it("draws no bar when the stream is not a terminal: plain lines, or nothing with lines: false", () => {
    const stream = fakeStream(false);
    const bar = createProgressBar("work", { stream, delayMs: 0, intervalMs: 0, now: () => 0 });
    expect(bar.active).toBe(true);
    bar.update(1, 2);
    bar.finish();
    expect(stream.output).toBe("lightsout: work: 50%, 0 s elapsed, about 0 s left\n");
    const none = fakeStream(false);
    const off = createProgressBar("work", { stream: none, delayMs: 0, intervalMs: 0, lines: false });
    expect(off.active).toBe(false);
    off.update(1, 2);
    expect(none.output).toBe("");
  });

  it("off a terminal: nothing before the delay, then a line at most once per interval, with the time left", () => {
    let t = 0;
    const stream = fakeStream(false);
    const bar = createProgressBar("quiet", { stream, delayMs: 10_000, intervalMs: 10_000, now: () => t });
    t = 9_999;
    bar.update(10, 100);
    expect(stream.output).toBe("");
    t = 12_000;
    bar.update(35, 100);
    expect(stream.output).toBe("lightsout: quiet: 35%, 12 s elapsed, about 22 s left\n");
    t = 21_999;
    bar.update(50, 100);
    expect(stream.output.split("\n")).toHaveLength(2);
    t = 22_000;
    bar.update(0, 100); // no share done yet: no estimate
    expect(stream.output.endsWith("lightsout: quiet: 0%, 22 s elapsed\n")).toBe(true);
    bar.finish();
    expect(stream.output.split("\n")).toHaveLength(3);
  });

  it("the defaults off a terminal: first line after 10 s (quick jobs print nothing)", async () => {
    let t = 0;
    const stream = fakeStream(false);
    const bar = await withEnv({}, () => createProgressBar("solve", { stream, now: () => t }));
    t = 9_000;
    bar.update(1, 2);
    expect(stream.output).toBe("");
    t = 10_000;
    bar.update(1, 2);
    expect(stream.output).toBe("lightsout: solve: 50%, 10 s elapsed, about 10 s left\n");
  });

  it("draws after the delay, at most once per interval, and erases itself", () => {
    let t = 0;
    const stream = fakeStream(true);
    const bar = createProgressBar("work", { stream, delayMs: 100, intervalMs: 50, now: () => t });
    expect(bar.active).toBe(true);
    bar.update(1, 4);
    expect(stream.output).toBe("");
    t = 100;
    bar.update(1, 4);
    expect(stream.output).toBe(`\rwork [${"#".repeat(10)}${"-".repeat(30)}]  25%\x1b[K`);
    t = 120;
    bar.update(2, 4);
    expect(stream.output.split("\r")).toHaveLength(2);
    t = 150;
    bar.update(4, 4);
    expect(stream.output.endsWith(`\rwork [${"#".repeat(40)}] 100%\x1b[K`)).toBe(true);
    bar.finish();
    expect(stream.output.endsWith("\r\x1b[K")).toBe(true);
  });

  it("does not erase what it never drew", async () => {
    const stream = fakeStream(true);
    (await withEnv({}, () => createProgressBar("work", { stream }))).finish();
    expect(stream.output).toBe("");
  });

  it("with no delay, the very first update draws, whatever the clock says", () => {
    for (const t of [0, 1e-9, 5, 1e9]) {
      const stream = fakeStream(true);
      createProgressBar("work", { stream, delayMs: 0, intervalMs: 1e12, now: () => t }).update(0, 4);
      expect(stream.output).toBe(`\rwork [${"-".repeat(40)}]   0%\x1b[K`);
    }
  });
});

describe("LIGHTSOUT_PROGRESS", () => {
  it("0 turns progress off on a terminal and off it; 1 or empty leaves it on; anything else is a usage error", async () => {
    for (const isTTY of [true, false]) {
      const stream = fakeStream(isTTY);
      const bar = await withEnv({ LIGHTSOUT_PROGRESS: "0", LIGHTSOUT_PROGRESS_DELAY_MS: "0" }, () =>
        createProgressBar("work", { stream }),
      );
      expect(bar.active).toBe(false);
      bar.update(1, 2);
      expect(stream.output).toBe("");
      for (const on of ["1", ""]) {
        const shown = await withEnv({ LIGHTSOUT_PROGRESS: on }, () => createProgressBar("work", { stream }));
        expect(shown.active).toBe(true);
      }
    }
    const error = await withEnv({ LIGHTSOUT_PROGRESS: "yes" }, () => {
      try {
        createProgressBar("work", { stream: fakeStream(false) });
      } catch (caught) {
        return caught;
      }
      return undefined;
    });
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).exitCode).toBe(2);
    expect((error as CliError).message).toBe(
      "LIGHTSOUT_PROGRESS expected 0 (no progress) or 1 (progress on stderr), got 'yes'",
    );
  });

  it("a whole run: quiet, solve and optimal print lines on a stderr that is not a terminal", async () => {
    const env = { LIGHTSOUT_PROGRESS_DELAY_MS: "0" };
    const line = (label: string) => new RegExp(`^lightsout: ${label}: \\d+%, \\d+ s elapsed`);
    const quiet = await run(["quiet", "--rows", "30", "--cols", "30", "--torus"], { env });
    expect(quiet.code).toBe(0);
    expect(quiet.stderr).toMatch(line("quiet"));
    const input = `${"0".repeat(70)}\n`.repeat(70);
    const solve = await run(["solve", "-", "--torus", "--method", "banded"], { input, env });
    expect(solve.stderr).toMatch(line("solve"));
    const optimal = await run(["optimal", "--rows", "4", "--cols", "4", "--distribution"], { env });
    expect(optimal.stderr).toMatch(line("optimal"));
    // off: the output alone
    const off = await run(["quiet", "--rows", "30", "--cols", "30", "--torus"], {
      env: { ...env, LIGHTSOUT_PROGRESS: "0" },
    });
    expect(off).toEqual({ ...quiet, stderr: "" });
  });
});

describe("LIGHTSOUT_PROGRESS_DELAY_MS", () => {
  it("sets the delay before the first draw", async () => {
    for (const [value, drawnAt] of [
      ["0", 0],
      ["250", 250],
      ["", 200],
    ] as const) {
      let t = 0;
      const stream = fakeStream(true);
      const bar = await withEnv({ LIGHTSOUT_PROGRESS_DELAY_MS: value }, () =>
        createProgressBar("work", { stream, now: () => t }),
      );
      if (drawnAt > 0) {
        t = drawnAt - 1;
        bar.update(1, 2);
        expect(stream.output).toBe("");
      }
      t = drawnAt;
      bar.update(1, 2);
      expect(stream.output).toBe(`\rwork [${"#".repeat(20)}${"-".repeat(20)}]  50%\x1b[K`);
    }
  });

  it("anything but an integer >= 0 is a usage error, also when nothing would be drawn", async () => {
    for (const value of ["-5", "ten", "1e3", " 7"]) {
      for (const isTTY of [true, false]) {
        const error = await withEnv({ LIGHTSOUT_PROGRESS_DELAY_MS: value }, () => {
          try {
            createProgressBar("work", { stream: fakeStream(isTTY) });
          } catch (caught) {
            return caught;
          }
          return undefined;
        });
        expect(error).toBeInstanceOf(CliError);
        expect((error as CliError).exitCode).toBe(2);
        expect((error as CliError).message).toBe(
          `LIGHTSOUT_PROGRESS_DELAY_MS expected an integer >= 0, got '${value}'`,
        );
      }
    }
  });
});
