// Messages that quote the input print it escaped and short; options that
// used to be misread (--field 4) and 16..20 pegs.
import { describe, expect, it } from "vitest";
import { describeFailure, inputError, printable } from "../src/errors.js";
import { cli, errorLine } from "./_robust-io.js";

describe("input echoed in messages is escaped and truncated", () => {
  it("judge: terminal escapes in the input reach stderr as \\u escapes", async () => {
    const ran = await cli(["judge", "poj1222", "-"], "\u001b[31mEVIL\u0007");
    expect(ran.code).toBe(1);
    const line = errorLine(ran);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: no control character may be printed
    expect(line).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
    expect(line).toContain("<U+001B>[31mEVIL<U+0007>");
  });

  it("mastermind play: a 10 MB line is echoed and quoted in at most a few hundred characters", async () => {
    const ran = await cli(["mastermind", "play"], `${"7".repeat(10_000_000)}\n`);
    expect(ran.code).toBe(1);
    expect(ran.stdout).toBe("1122\n");
    expect(ran.stderr.length).toBeLessThan(500);
    expect(ran.stderr).toContain(`<stdin>:1: expected a score as two integers`);
  });

  it("mastermind play: escapes in a score line are not sent to the terminal", async () => {
    const ran = await cli(["mastermind", "play"], "\u001b]0;title\u0007\n");
    expect(ran.code).toBe(1);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: no control character may be printed
    expect(ran.stderr).not.toMatch(/[\u0000-\u0009\u000b-\u001f]/);
    expect(ran.stderr).toContain("<U+001B>]0;title<U+0007>");
  });

  it("commander's own messages quote arguments escaped", async () => {
    const ran = await cli(["solve", "--\u001b[2J"]);
    expect(ran.code).toBe(2);
    expect(errorLine(ran)).toContain("<U+001B>[2J");
  });

  it("printable keeps tabs and text, escapes controls, cuts long text", () => {
    expect(printable("a\tb\u009b\u202e")).toBe("a\tb<U+009B><U+202E>");
    expect(printable("x".repeat(50), 40)).toBe(`${"x".repeat(40)}...`);
    expect(printable("\u{1f600}".repeat(50), 3)).toBe("\u{1f600}\u{1f600}\u{1f600}...");
    expect(describeFailure(inputError("a\u001bb")).message).toBe("a<U+001B>b");
  });
});

describe("failures of the machine, not of the input", () => {
  it("a write failing with ENOSPC is 'cannot write stdout: no space left on device' (exit 1)", () => {
    const full = Object.assign(new Error("ENOSPC: no space left on device, write"), {
      code: "ENOSPC",
      syscall: "write",
    });
    expect(describeFailure(full)).toEqual({ message: "cannot write stdout: no space left on device", exitCode: 1 });
  });

  it("an allocation refused by the machine names memory, even when a command blamed the file", () => {
    const oom = new RangeError("WebAssembly.Instance(): Out of memory: Cannot allocate Wasm memory for new instance");
    const { message, exitCode } = describeFailure(inputError(`board.txt: ${oom.message}`, oom));
    expect(exitCode).toBe(1);
    expect(message).toBe(
      `out of memory: the machine (or a limit such as ulimit -v) refused the memory needed (${oom.message})`,
    );
  });
});

describe("--field: any prime power below 2^31, written whole or as p^r", () => {
  /** Rank over GF(4) of [[1, a], [a, a+1]] (codes 1, 2, 2, 3): a(a+1) = a^2 + a = 1, so the rows are dependent. */
  const matrix = "1 2\n2 3\n";

  it("--field 4 is GF(4) = GF(2^2): the same rank as --field 2^2", async () => {
    const whole = await cli(["rank", "-", "--field", "4", "--json"], matrix);
    const power = await cli(["rank", "-", "--field", "2^2", "--json"], matrix);
    expect(whole.code).toBe(0);
    // independent: det = 1 * (a+1) - a * a = a + 1 + a + 1 = 0 in GF(4), since a^2 = a + 1
    expect(JSON.parse(whole.stdout)).toMatchObject({ rows: 2, cols: 2, rank: 1, nullity: 1 });
    expect(JSON.parse(power.stdout)).toMatchObject({ rank: 1 });
  });

  it("8, 9, 25 and 4^2 are fields too", async () => {
    for (const [q, top] of [
      ["8", "7"],
      ["9", "8"],
      ["25", "24"],
      ["4^2", "15"],
    ] as const) {
      const ran = await cli(["rank", "-", "--field", q, "--json"], `1 ${top}\n0 1\n`);
      expect(ran.code).toBe(0);
      expect(JSON.parse(ran.stdout)).toMatchObject({ rank: 2 });
    }
  });

  it("a non-prime-power is refused with the real limits", async () => {
    const ran = await cli(["rank", "-", "--field", "6"], "1\n");
    expect(ran.code).toBe(2);
    expect(errorLine(ran)).toBe(
      "lightsout: --field expected a prime power q = p^r below 2^31, written q or p^r (like 2, 4, 3^2 or 65521), got '6'",
    );
    expect(errorLine(await cli(["rank", "-", "--field", "2147483648"], "1\n"))).toBe(
      "lightsout: --field expected p^r below 2^31, got '2147483648'",
    );
  });
});

describe("mastermind with 16 pegs", () => {
  it("solve --pegs 16 --colors 2 evaluates all 2^16 secrets", async () => {
    const ran = await cli([
      "mastermind",
      "solve",
      "--pegs",
      "16",
      "--colors",
      "2",
      "--strategy",
      "consistent",
      "--json",
    ]);
    expect(ran.stderr).toBe("");
    expect(ran.code).toBe(0);
    const e = JSON.parse(ran.stdout);
    expect(e.secrets).toBe(65536);
    expect(Object.values(e.histogram as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(65536);
  });

  it("play --secret with 20 pegs ends on (20, 0), every score right by peg pairing", async () => {
    const secret = "12211221121212122112";
    const args = ["--pegs", "20", "--colors", "2", "--secret", secret, "--strategy", "consistent", "--json"];
    const ran = await cli(["mastermind", "play", ...args]);
    expect(ran.code).toBe(0);
    const game = JSON.parse(ran.stdout) as { guesses: { guess: string; black: number; white: number }[] };
    for (const { guess, black, white } of game.guesses) {
      const b = [...guess].filter((c, i) => c === secret[i]).length;
      const ones = (s: string) => [...s].filter((c) => c === "1").length;
      const common = Math.min(ones(guess), ones(secret)) + Math.min(20 - ones(guess), 20 - ones(secret));
      expect([black, white]).toEqual([b, common - b]);
    }
    expect(game.guesses.at(-1)).toEqual({ guess: secret, black: 20, white: 0 });
  });
});
