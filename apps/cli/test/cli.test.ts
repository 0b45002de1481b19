// The program in-process: help, version, usage errors (the binary: binary.test.ts).
import { readFileSync } from "node:fs";
import { type Command, Help } from "commander";
import { describe, expect, it } from "vitest";
import { COMMANDS } from "../src/main.js";
import { createProgram } from "../src/program.js";
import { checkHelpStructure, parseHelp } from "./_help.js";
import { oneLineError, run } from "./_run.js";

describe("lightsout (program)", () => {
  it("prints the top-level help with examples", async () => {
    const result = await run(["--help"]);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe("");
    expect(result.stdout).toMatchInlineSnapshot(`
      "Usage: lightsout [options] [command]

      Lights Out and GF(2) linear algebra from the command line

      Options:
        -V, --version               print the version number
        -h, --help                  show help

      Commands:
        solve [options] [file]      the presses that switch a board off
        quiet [options]             the quiet patterns of a grid
        chase-matrix [options] <n>  the chase matrix of a grid: rank, ones, picture
        random [options]            a uniformly random winnable board
        render [options] [file]     a picture of a board (SVG or PNG)
        optimal [options]           distribution of minimum press counts over all
                                    winnable boards
        judge <problem> [file]      answer POJ 1222 / POJ 3279 judge input exactly
        nullity [options] [n]       nullity of huge n x n and m x n grids and sweeps
        mastermind                  [n,k]-Mastermind: Knuth's minimax and other
                                    codebreakers
        wiedemann [options] [file]  rank and kernel of a large sparse matrix by block
                                    Wiedemann, sharded if asked
        rank [options] [file]       rank and nullity of a matrix over GF(2) or GF(q)
        help [command]              show help for a command

      Examples:
        $ lightsout solve board.txt          the presses that switch a board off
        $ lightsout random --rows 5 --cols 5 | lightsout solve -
        $ lightsout quiet --rows 5 --cols 5  the quiet patterns of the 5 x 5 board
        $ lightsout rank matrix.txt          rank of a dense 0/1 matrix file
        $ cat matrix.mtx | lightsout rank -  rank of a MatrixMarket file from stdin
        $ lightsout rank --random 4096       rank and timing of a random 4096 x 4096 matrix
        $ lightsout mastermind solve         Knuth's Mastermind strategy over all 1296 secrets

      Exit codes: 0 answered, 1 bad input, 2 usage error.
      Set LIGHTSOUT_DEBUG=1 to see stack traces.
      "
    `);
  });

  it("prints the help of rank: its sections in order, each option described, examples, exit codes", async () => {
    const result = await run(["rank", "--help"]);
    expect(result).toMatchObject({ code: 0, stderr: "" });
    const help = parseHelp(result.stdout);
    expect(help.headers).toEqual([
      "Arguments:",
      "Options:",
      "Output:",
      "Input formats",
      "Fields",
      "Edge lists",
      "Methods",
      "Examples:",
      "Exit codes:",
    ]);
    expect(help.section("Examples:").filter((line) => line.startsWith("  $ lightsout rank ")).length).toBeGreaterThan(
      3,
    );
  });

  it("prints the same help for `help rank`", async () => {
    const help = await run(["help", "rank"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toBe((await run(["rank", "--help"])).stdout);
  });

  it("prints the version of package.json", async () => {
    const { version } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
      version: string;
    };
    for (const flag of ["--version", "-V"]) {
      const result = await run([flag]);
      expect(result.code).toBe(0);
      expect(result.stdout).toBe(`${version}\n`);
    }
  });

  it("exits 2 with one line on an unknown option", async () => {
    const result = await run(["rank", "--bogus", "cycle3.txt"]);
    expect(result.code).toBe(2);
    expect(oneLineError(result)).toBe("lightsout: unknown option '--bogus'");
  });

  it("suggests a close option name on the same line", async () => {
    const result = await run(["rank", "--jsno", "cycle3.txt"]);
    expect(result.code).toBe(2);
    expect(oneLineError(result)).toBe("lightsout: unknown option '--jsno' (Did you mean --json?)");
  });

  it("exits 2 with one line on an unknown command, no command, or too many arguments", async () => {
    const unknown = await run(["rnak"]);
    expect(unknown.code).toBe(2);
    expect(oneLineError(unknown)).toBe("lightsout: unknown command 'rnak' (Did you mean rank?)");
    const none = await run([]);
    expect(none.code).toBe(2);
    expect(oneLineError(none)).toMatch(
      /^lightsout: expected a command \(solve, quiet, [a-z, -]+, rank\), got none; see 'lightsout --help'$/,
    );
    const extra = await run(["rank", "a.txt", "b.txt"]);
    expect(extra.code).toBe(2);
    expect(oneLineError(extra)).toMatch(/^lightsout: too many arguments for 'rank'/);
  });

  it("exits 2 when an option value is missing", async () => {
    const result = await run(["rank", "--random"]);
    expect(result.code).toBe(2);
    expect(oneLineError(result)).toBe("lightsout: option '--random <n>' argument missing");
  });
});

/** Every command's help has the same structure, whatever it says (see checkHelpStructure). */
describe("the help of every command", () => {
  it("has a usage line, a description, each argument and option with a description, examples and exit codes", async () => {
    const checked: string[] = [];
    const visit = async (command: Command, path: string[]) => {
      const result = await run([...path, "--help"]);
      expect(result, path.join(" ")).toMatchObject({ code: 0, stderr: "" });
      checkHelpStructure(result.stdout, command, path);
      checked.push(path.join(" "));
      for (const sub of command.commands) await visit(sub, [...path, sub.name()]);
    };
    for (const entry of COMMANDS) await visit(await entry.load(), [entry.name]);
    expect(checked).toEqual(
      expect.arrayContaining(["rank", "solve", "mastermind", "mastermind solve", "mastermind play"]),
    );
  });

  it("the checker finds a missing description, option, example or exit code line", async () => {
    const command = (await COMMANDS.find((entry) => entry.name === "rank")!.load()) as Command;
    const help = (await run(["rank", "--help"])).stdout;
    const broken = [
      help.replace(/^( {2}--json)\s+.*$/m, "$1"), // an option without its description
      help.replace(/^ {2}--seed .*$/m, ""), // an option left out
      help.replace(/^ {2}\$ lightsout rank .*$/gm, ""), // no example
      help.replace(/^Exit codes: .*$/m, ""), // no exit codes
      help.replace(/^Usage: lightsout rank \[options\] \[file\]$/m, "Usage: lightsout rank [options]"), // no argument
    ];
    for (const text of broken) expect(() => checkHelpStructure(text, command, ["rank"])).toThrow();
    expect(() => checkHelpStructure(help, command, ["rank"])).not.toThrow();
  });
});

describe("the commands' listing (a run imports only the modules of the commands it names)", () => {
  it("COMMANDS says of each command what its module builds: name, usage and summary", async () => {
    for (const entry of COMMANDS) {
      const command = await entry.load();
      expect(command.name()).toBe(entry.name);
      expect(new Help().subcommandTerm(command)).toBe(entry.usage === "" ? entry.name : `${entry.name} ${entry.usage}`);
      expect(command.summary() || command.description()).toBe(entry.summary);
    }
  });

  it("the help listing the commands is the same with every module loaded", async () => {
    const full = createProgram(await Promise.all(COMMANDS.map((entry) => entry.load())));
    const listed = createProgram(COMMANDS);
    expect(listed.helpInformation()).toBe(full.helpInformation());
    expect(listed.commands.map((command) => command.name())).toEqual(COMMANDS.map((entry) => entry.name));
  });

  it("help X and X --help show the command's own help", async () => {
    const viaHelp = await run(["help", "mastermind"]);
    const viaFlag = await run(["mastermind", "--help"]);
    expect(viaHelp).toMatchObject({ code: 0, stderr: "" });
    expect(viaHelp.stdout).toBe(viaFlag.stdout);
    expect(viaHelp.stdout).toMatch(/^Usage: lightsout mastermind \[options\] \[command\]\n/);
    expect(viaHelp.stdout).toContain("play [options]");
  });
});

describe("lightsout bench (moved to lightsout-bench)", () => {
  const line =
    "lightsout: the benchmarks left the lightsout command: run 'lightsout-bench' (the bin of @lightsout/bench; " +
    "'pnpm bench' in the repository) with the same options, e.g. 'lightsout-bench --quick'";

  it("says where the benchmarks went, with its options or without, and for help bench (exit 2)", async () => {
    for (const args of [["bench"], ["bench", "--quick", "--filter", "gf2"], ["bench", "--help"], ["help", "bench"]]) {
      const result = await run(args);
      expect(result.code, args.join(" ")).toBe(2);
      expect(result.stdout).toBe("");
      expect(oneLineError(result)).toBe(line);
    }
  });

  it("is no command of the program: neither listed nor built", async () => {
    expect(COMMANDS.map((entry) => entry.name)).not.toContain("bench");
    expect((await run(["--help"])).stdout).not.toMatch(/\bbench\b/);
  });
});
