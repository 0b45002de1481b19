// The program in-process: help, version, usage errors (the binary: binary.test.ts).
import { readFileSync } from "node:fs";
import { Help } from "commander";
import { describe, expect, it } from "vitest";
import { COMMANDS } from "../src/main.js";
import { createProgram } from "../src/program.js";
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

  it("prints the help of rank with examples", async () => {
    const result = await run(["rank", "--help"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatchInlineSnapshot(`
      "Usage: lightsout rank [options] [file]

      Print the rank and nullity (cols - rank) of a matrix over GF(2), or over
      GF(q) with --field, read from FILE ('-' or nothing for stdin), or of a
      seeded random matrix with --random.

      Arguments:
        file           dense 0/1, PBM or MatrixMarket file; '-' for stdin

      Options:
        --random <n>   use a seeded random n x n matrix instead of a file
        --cols <c>     columns of the random matrix (default: n)
        --seed <s>     seed of the random matrix (default: 0)
        --field <q>    the field: 2 (default), prime power q or p^r < 2^31 (4, 3^2)
        --json         print one JSON object instead of text
        --threads <n>  threads for GF(2) (default: every core from 4096 x 4096 on)
        -h, --help     show help

      Output:
        rows, cols, rank, nullity (= cols - rank) and the time of the elimination
        alone; --random also prints its seed. Progress goes to stderr: a bar on a
        terminal, elsewhere a line every 10 s from 10 s on (LIGHTSOUT_PROGRESS=0:
        none).

      Input formats (read as a stream; PBM is told by its magic number):
        dense         one row per line, e.g. "0110" or "0 1 1 0"; blank lines and
                      lines starting with # are ignored
        PBM           Netpbm bitmap, P4 (1 bit per entry) or P1 (text); 1 = black
                      = entry 1; a FILE named *.pbm must be PBM
        MatrixMarket  "%%MatrixMarket matrix coordinate pattern|integer general|symmetric"
                      (integer values are taken mod 2, or mod q with --field)

      Fields (--field q):
        2             GF(2), the default: 0/1 entries, bit-packed kernels
        p             Z_p for a prime p < 2^31: entries 0..p-1 (one digit each for
                      p <= 10, else integers separated by spaces)
        p^r           GF(p^r) = Z_p[x]/(h), h the first irreducible polynomial of
                      degree r (x^2+x+1 for 2^2); entries are element codes
                      0..q-1 whose base-p digits are the coefficients (for GF(4):
                      0, 1, 2 = a, 3 = a+1); q = p^r < 2^31

      Examples:
        $ lightsout rank matrix.txt
        rows 3
        cols 3
        rank 2
        nullity 1
        time 1.154 ms
        $ printf '110\\n011\\n101\\n' | lightsout rank - --json
        {"rows":3,"cols":3,"rank":2,"nullity":1,"ms":1.112}
        $ lightsout chase-matrix 1024 --pbm c.pbm && lightsout rank c.pbm
        $ lightsout rank --random 4096 --seed 7
        $ lightsout rank --random 1000 --cols 2000 --json
        $ printf '120\\n210\\n001\\n' | lightsout rank - --field 3
        rows 3
        cols 3
        rank 2
        nullity 1
        time 0.412 ms
        $ lightsout rank --random 512 --field 65521 --json
        $ lightsout rank --random 16384 --threads 2
      "
    `);
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
