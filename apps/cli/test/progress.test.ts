// Unit tests of the progress bar: a TTY cannot be faked through a pipe, so
// the bar is driven directly with a fake stream and clock.
import { describe, expect, it } from "vitest";
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

  it("does not erase what it never drew", () => {
    const stream = fakeStream(true);
    createProgressBar("work", { stream }).finish();
    expect(stream.output).toBe("");
  });
});
