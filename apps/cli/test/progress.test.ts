// Unit tests of the progress bar, driven directly with a fake stream and
// clock (the bar in whole runs, in-process and on a terminal: rank.test.ts).
import { PassThrough, Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { CliError } from "../src/errors.js";
import { withIo } from "../src/io.js";
import { createProgressBar, type ProgressStream } from "../src/progress.js";

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
  it("draws nothing when the stream is not a terminal", () => {
    const stream = fakeStream(false);
    const bar = createProgressBar("work", { stream, delayMs: 0, intervalMs: 0 });
    expect(bar.active).toBe(false);
    bar.update(1, 2);
    bar.finish();
    expect(stream.output).toBe("");
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
