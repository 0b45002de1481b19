// `lightsout mastermind`, in-process: Knuth's 5801 guesses over all 1296
// secrets (Knuth 1977), every score checked against the definition.
import { describe, expect, it } from "vitest";
import { oneLineError, run } from "./_run.js";

/**
 * The score of guess u against code v: black pegs for the positions where they
 * agree, white pegs for the further colours they share (Knuth 1977), computed
 * here from the definition, independently of the package.
 */
function score(u: string, v: string): [number, number] {
  let black = 0;
  let common = 0;
  for (let i = 0; i < u.length; i++) if (u[i] === v[i]) black++;
  for (const c of new Set(u))
    common += Math.min([...u].filter((x) => x === c).length, [...v].filter((x) => x === c).length);
  return [black, common - black];
}

describe("lightsout mastermind solve", () => {
  it("Knuth on [4,6]: 5801 guesses over 1296 secrets, at most 5 (JSON)", async () => {
    const result = await run(["mastermind", "solve", "--pegs", "4", "--colors", "6", "--strategy", "knuth", "--json"]);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(report).toMatchObject({
      pegs: 4,
      colors: 6,
      strategy: "knuth",
      firstGuess: "1122",
      secrets: 1296,
      total: 5801,
      worst: 5,
      histogram: { "1": 1, "2": 6, "3": 62, "4": 533, "5": 694 },
    });
    expect(report.average).toBeCloseTo(5801 / 1296, 12);
    expect(report.ms).toBeGreaterThanOrEqual(0);
  });

  it("--threads: the sub-trees of the first guess on worker threads give the same record", async () => {
    const args = ["mastermind", "solve", "--pegs", "4", "--colors", "5", "--strategy", "entropy", "--json"];
    const strip = (stdout: string) => {
      const { ms: _ms, ...rest } = JSON.parse(stdout) as Record<string, unknown>;
      return rest;
    };
    const one = await run([...args, "--threads", "1"]);
    const two = await run([...args, "--threads", "2"]);
    expect(two.code).toBe(0);
    expect(strip(two.stdout)).toEqual(strip(one.stdout));
  });

  it("prints text: total, average, worst, histogram, time", async () => {
    const result = await run(["mastermind", "solve"]);
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split("\n");
    expect(lines.slice(0, -1)).toEqual([
      "game [4,6]: 1,296 secrets",
      "strategy knuth, first guess 1122",
      "total 5801",
      "average 4.476",
      "worst 5",
      "histogram",
      "  1 guess: 1",
      "  2 guesses: 6",
      "  3 guesses: 62",
      "  4 guesses: 533",
      "  5 guesses: 694",
    ]);
    expect(lines.at(-1)).toMatch(/^time \d+(\.\d+)? (ms|s)$/);
  });

  it("counts of one are singular: 1 secret, 1 guess, a code of 1 peg", async () => {
    const one = await run(["mastermind", "solve", "--pegs", "1", "--colors", "1"]);
    expect(one.code).toBe(0);
    expect(one.stdout.split("\n").slice(0, 1)).toEqual(["game [1,1]: 1 secret"]);
    expect(one.stdout).toContain("  1 guess: 1\n");
    const two = await run(["mastermind", "solve", "--pegs", "1", "--colors", "2"]);
    expect(two.stdout.split("\n")[0]).toBe("game [1,2]: 2 secrets");
    const play = await run(["mastermind", "play", "--pegs", "1", "--colors", "2"], {
      input: "1 0\n",
      stdinIsTTY: true,
    });
    expect(play.code).toBe(0);
    expect(play.stderr).toContain("Think of a code of 1 peg with colours 1..2");
    expect(play.stderr).toContain("solved: 1 in 1 guess\n");
    const secret = await run(["mastermind", "play", "--pegs", "1", "--colors", "2", "--secret", "1"]);
    expect(secret.stdout).toBe("1 1 0\nsolved in 1 guess\n");
  });

  it("the other strategies and the seeded baseline", async () => {
    const json = async (args: string[]) =>
      JSON.parse((await run(["mastermind", "solve", "--json", ...args])).stdout) as {
        total: number;
        secrets: number;
        firstGuess: string;
        histogram: Record<string, number>;
      };
    expect((await json(["--strategy", "expected"])).total).toBe(5696);
    expect((await json(["--strategy", "entropy"])).total).toBe(5722);
    expect((await json(["--strategy", "most-parts"])).total).toBe(5668);
    // The seed picks the consistent codes played: the same seed, the same
    // games; another seed, other games. Each histogram adds up to its total.
    const four = await json(["--strategy", "consistent", "--seed", "4"]);
    expect(await json(["--strategy", "consistent", "--seed", "4"])).toMatchObject({
      total: four.total,
      firstGuess: four.firstGuess,
      histogram: four.histogram,
    });
    const five = await json(["--strategy", "consistent", "--seed", "5"]);
    expect([five.firstGuess, five.histogram]).not.toEqual([four.firstGuess, four.histogram]);
    for (const report of [four, five]) {
      const counts = Object.entries(report.histogram);
      expect(counts.reduce((sum, [, n]) => sum + n, 0)).toBe(1296);
      expect(counts.reduce((sum, [guesses, n]) => sum + Number(guesses) * n, 0)).toBe(report.total);
    }
    expect(await json(["--pegs", "3", "--colors", "12", "--first", "9AB"])).toMatchObject({
      secrets: 1728,
      firstGuess: "9AB",
    });
  });

  it("usage errors: one line, exit 2", async () => {
    const cases: [string[], string][] = [
      [["--pegs", "0"], "lightsout: --pegs expected an integer in 1..20, got '0'"],
      [["--colors", "x"], "lightsout: --colors expected an integer in 1..35, got 'x'"],
      [
        ["--pegs", "8", "--colors", "8"],
        "lightsout: --pegs 8 --colors 8 expected at most 1,048,576 codes (colors^pegs), got 16,777,216 codes",
      ],
      [
        ["--strategy", "greedy"],
        "lightsout: --strategy expected one of knuth, expected, entropy, most-parts, consistent, got 'greedy'",
      ],
      [["--first", "1172"], "lightsout: --first: expected colours 1..6, got '7' at position 3 of '1172'"],
      [["--seed", "-1"], "lightsout: --seed expected an integer in 0..4294967295, got '-1'"],
      [["--threads", "0"], "lightsout: --threads expected an integer in 1..256, got '0'"],
    ];
    for (const [args, message] of cases) {
      const result = await run(["mastermind", "solve", ...args]);
      expect(oneLineError(result)).toBe(message);
      expect(result.code).toBe(2);
    }
  });
});

describe("lightsout mastermind play --secret", () => {
  it("breaks 1234 and prints each guess with its score", async () => {
    const result = await run(["mastermind", "play", "--secret", "1234"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe("1122 1 1\n1134 3 0\n1234 4 0\nsolved in 3 guesses\n");
  });

  it("every printed score is the definition's score, and the last guess is the secret (JSON)", async () => {
    for (const secret of ["6543", "1111", "3632", "2165"]) {
      const result = await run(["mastermind", "play", "--secret", secret, "--json"]);
      const report = JSON.parse(result.stdout) as {
        secret: string;
        guesses: { guess: string; black: number; white: number }[];
        count: number;
      };
      expect(report.secret).toBe(secret);
      expect(report.count).toBeLessThanOrEqual(5);
      expect(report.guesses.at(-1)!.guess).toBe(secret);
      for (const g of report.guesses) expect([g.black, g.white]).toEqual(score(g.guess, secret));
    }
  });

  it("--strategy consistent: each guess fits every score so far; the seed changes the games", async () => {
    const games: string[] = [];
    for (const seed of ["1", "2", "3", "4"]) {
      const args = ["mastermind", "play", "--secret", "3632", "--strategy", "consistent", "--seed", seed, "--json"];
      const report = JSON.parse((await run(args)).stdout) as {
        guesses: { guess: string; black: number; white: number }[];
      };
      const guesses = report.guesses;
      expect(guesses.at(-1)!.guess).toBe("3632");
      guesses.forEach((g, i) => {
        expect([g.black, g.white]).toEqual(score(g.guess, "3632"));
        // could still be the secret: it scores like the secret against every earlier guess
        for (const earlier of guesses.slice(0, i))
          expect(score(earlier.guess, g.guess)).toEqual(score(earlier.guess, "3632"));
      });
      games.push(guesses.map((g) => g.guess).join(" "));
    }
    expect(new Set(games).size).toBeGreaterThan(1);
  });

  it("rejects a secret of the wrong length or colour (exit 2)", async () => {
    const result = await run(["mastermind", "play", "--secret", "12"]);
    expect(oneLineError(result)).toBe(
      "lightsout: --secret: expected a code of 4 colours (like 1111), got '12' (2 characters)",
    );
    expect(result.code).toBe(2);
  });
});

describe("lightsout mastermind play (scores on stdin)", () => {
  /** Plays against `secret`: answers each guess the tool prints, as a user would. */
  async function playAgainst(secret: string, args: string[] = []): Promise<string[]> {
    // The guesses do not depend on the answers' formatting, so feed the answers in one go,
    // learning them by replaying: each run adds the score of the next guess.
    const answers: string[] = [];
    for (;;) {
      const result = await run(["mastermind", "play", ...args], {
        input: `${answers.map((a, i) => (i % 2 ? a.replace(" ", ",") : a)).join("\n")}\n`,
      });
      const guesses = result.stdout.trim().split("\n");
      if (result.code === 0) {
        expect(guesses.at(-1)).toBe(secret);
        expect(result.stderr).toMatch(new RegExp(`solved: ${secret} in ${guesses.length} guess`));
        return guesses;
      }
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/stdin ended before the code was found/);
      answers.push(score(guesses.at(-1)!, secret).join(" "));
    }
  }

  it("prints guesses on stdout, prompts on stderr, stops at (4, 0)", async () => {
    const result = await run(["mastermind", "play"], { input: "1 0\n1 1\n2 0\n4 0\n" });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe("1122\n1344\n4524\n3624\n");
    expect(result.stderr).toContain("score of 1122 (black white)?");
    expect(result.stderr).toContain("solved: 3624 in 4 guesses");
  });

  it('finds codes scored honestly, in at most 5 guesses ("2 1" and "2,1" both read)', async () => {
    for (const secret of ["3632", "6661"]) expect((await playAgainst(secret)).length).toBeLessThanOrEqual(5);
  });

  it("inconsistent scores: one line, exit 1", async () => {
    const result = await run(["mastermind", "play"], { input: "0 0\n0,0\n0 0\n" });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("1122\n3345\n6666\n");
    const last = result.stderr.trimEnd().split("\n").at(-1);
    expect(last).toBe("lightsout: no code matches all the scores given: 1122 (0,0), 3345 (0,0), 6666 (0,0)");
  });

  it("impossible or malformed scores from a pipe: exit 1 naming the line", async () => {
    let result = await run(["mastermind", "play"], { input: "3 1\n" });
    expect(result.code).toBe(1);
    expect(result.stderr.trimEnd().split("\n").at(-1)).toBe(
      "lightsout: <stdin>:1: score (3, 1) is impossible in [4,6]-Mastermind: (3, 1) never occurs: codes equal in 3 positions differ in the last one",
    );
    result = await run(["mastermind", "play"], { input: "# comment\n\n1 0\nabc\n" });
    expect(result.code).toBe(1);
    expect(result.stderr.trimEnd().split("\n").at(-1)).toBe(
      "lightsout: <stdin>:4: expected a score as two integers 'black white' (like '2 1' or '2,1'), got 'abc'",
    );
  });

  it("stdin ending early is bad input", async () => {
    const result = await run(["mastermind", "play"], { input: "" });
    expect(result.code).toBe(1);
    expect(result.stderr.trimEnd().split("\n").at(-1)).toBe(
      "lightsout: stdin ended before the code was found (0 guesses scored; expected a score for 1122)",
    );
  });

  it("--json needs --secret", async () => {
    const result = await run(["mastermind", "play", "--json"]);
    expect(oneLineError(result)).toBe(
      "lightsout: --json expected --secret alongside, got --json alone (interactive play prints guesses)",
    );
    expect(result.code).toBe(2);
  });
});

describe("lightsout mastermind --help", () => {
  it("each subcommand has help with examples", async () => {
    for (const sub of ["solve", "play"]) {
      const result = await run(["mastermind", sub, "--help"]);
      expect(result.code).toBe(0);
      expect(result.stdout).toContain("Examples:");
      expect(result.stdout).toContain(`lightsout mastermind ${sub}`);
    }
  });
});
