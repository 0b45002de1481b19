import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { oneLineError, requireBuild, run } from "./_run.js";

beforeAll(requireBuild);

describe("lightsout (program)", () => {
  it("prints the top-level help with examples", () => {
    const result = run(["--help"]);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe("");
    expect(result.stdout).toMatchInlineSnapshot();
  });

  it("prints the help of rank with examples", () => {
    const result = run(["rank", "--help"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatchInlineSnapshot();
  });

  it("prints the same help for `help rank`", () => {
    expect(run(["help", "rank"]).stdout).toBe(run(["rank", "--help"]).stdout);
  });

  it("prints the version of package.json", () => {
    const { version } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
      version: string;
    };
    for (const flag of ["--version", "-V"]) {
      const result = run([flag]);
      expect(result.code).toBe(0);
      expect(result.stdout).toBe(`${version}\n`);
    }
  });

  it("exits 2 with one line on an unknown option", () => {
    const result = run(["rank", "--bogus", "cycle3.txt"]);
    expect(result.code).toBe(2);
    expect(oneLineError(result)).toBe("lightsout: unknown option '--bogus'");
  });

  it("suggests a close option name on the same line", () => {
    const result = run(["rank", "--jsno", "cycle3.txt"]);
    expect(result.code).toBe(2);
    expect(oneLineError(result)).toBe("lightsout: unknown option '--jsno' (Did you mean --json?)");
  });

  it("exits 2 with one line on an unknown command, no command, or too many arguments", () => {
    const unknown = run(["rnak"]);
    expect(unknown.code).toBe(2);
    expect(oneLineError(unknown)).toBe("lightsout: unknown command 'rnak' (Did you mean rank?)");
    const none = run([]);
    expect(none.code).toBe(2);
    expect(oneLineError(none)).toBe("lightsout: expected a command (rank, bench), got none; see 'lightsout --help'");
    const extra = run(["rank", "a.txt", "b.txt"]);
    expect(extra.code).toBe(2);
    expect(oneLineError(extra)).toMatch(/^lightsout: too many arguments for 'rank'/);
  });

  it("exits 2 when an option value is missing", () => {
    const result = run(["rank", "--random"]);
    expect(result.code).toBe(2);
    expect(oneLineError(result)).toBe("lightsout: option '--random <n>' argument missing");
  });
});

describe("lightsout bench", () => {
  it("has help with examples", () => {
    const result = run(["bench", "--help"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("Usage: lightsout bench [options]");
    expect(result.stdout).toContain("--quick");
    expect(result.stdout).toContain("--filter <name>");
    expect(result.stdout).toContain("$ lightsout bench --quick");
  });
});
