import { beforeAll, describe, expect, it } from "vitest";
import { oneLineError, requireBuild, run } from "./_run.js";

beforeAll(requireBuild);

/** Knuth's score s(u, v), computed here from the definition (independent of the package). */
function score(u: string, v: string): [number, number] {
  let black = 0;
  let common = 0;
  for (let i = 0; i < u.length; i++) if (u[i] === v[i]) black++;
  for (const c of new Set(u))
    common += Math.min([...u].filter((x) => x === c).length, [...v].filter((x) => x === c).length);
  return [black, common - black];
}

describe("lightsout mastermind solve", () => {
  it("Knuth on [4,6]: 5801 guesses over 1296 secrets, at most 5 (JSON)", () => {
    const result = run(["mastermind", "solve", "--pegs", "4", "--colors", "6", "--strategy", "knuth", "--json"]);
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
    expect(report.ms).toBeGreaterThan(0);
  });

  it("prints text: total, average, worst, histogram, time", () => {
    const result = run(["mastermind", "solve"]);
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split("\n");
    expect(lines.slice(0, -1)).toEqual([
      "game [4,6]: 1296 secrets",
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

  it("the other strategies and the seeded baseline", () => {
    const json = (args: string[]) =>
      JSON.parse(run(["mastermind", "solve", "--json", ...args]).stdout) as {
        total: number;
        secrets: number;
        firstGuess: string;
      };
    expect(json(["--strategy", "expected"]).total).toBe(5696);
    expect(json(["--strategy", "entropy"]).total).toBe(5722);
    expect(json(["--strategy", "most-parts"]).total).toBe(5668);
    const a = json(["--strategy", "consistent", "--seed", "4"]);
    expect(json(["--strategy", "consistent", "--seed", "4"])).toMatchObject({
      total: a.total,
      firstGuess: a.firstGuess,
    });
    expect(json(["--pegs", "3", "--colors", "12", "--first", "9AB"])).toMatchObject({
      secrets: 1728,
      firstGuess: "9AB",
    });
  });

  it("usage errors: one line, exit 2", () => {
    const cases: [string[], string][] = [
      [["--pegs", "0"], "lightsout: --pegs expected an integer in 1..20, got '0'"],
      [["--colors", "x"], "lightsout: --colors expected an integer in 1..35, got 'x'"],
      [
        ["--pegs", "8", "--colors", "8"],
        "lightsout: --pegs/--colors expected at most 1048576 codes (colors^pegs), got 8^8 = 16777216",
      ],
      [
        ["--strategy", "greedy"],
        "lightsout: --strategy expected one of knuth, expected, entropy, most-parts, consistent, got 'greedy'",
      ],
      [["--first", "1172"], "lightsout: --first: expected colours 1..6, got '7' at position 3 of '1172'"],
      [["--seed", "-1"], "lightsout: --seed expected an integer in 0..4294967295, got '-1'"],
    ];
    for (const [args, message] of cases) {
      const result = run(["mastermind", "solve", ...args]);
      expect(oneLineError(result)).toBe(message);
      expect(result.code).toBe(2);
    }
  });
});

describe("lightsout mastermind play --secret", () => {
  it("breaks 1234 and prints each guess with its score", () => {
    const result = run(["mastermind", "play", "--secret", "1234"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe("1122 1 1\n1134 3 0\n1234 4 0\nsolved in 3 guesses\n");
  });

  it("every printed score is Knuth's score, and the last guess is the secret (JSON)", () => {
    for (const secret of ["6543", "1111", "3632", "2165"]) {
      const result = run(["mastermind", "play", "--secret", secret, "--json"]);
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

  it("rejects a secret of the wrong length or colour (exit 2)", () => {
    const result = run(["mastermind", "play", "--secret", "12"]);
    expect(oneLineError(result)).toBe("lightsout: --secret: expected a code of 4 colours (like 1111), got '12' (2)");
    expect(result.code).toBe(2);
  });
});

describe("lightsout mastermind play (scores on stdin)", () => {
  /** Plays against `secret`: answers each guess the tool prints, as a user would. */
  function playAgainst(secret: string, args: string[] = []): string[] {
    // The guesses do not depend on the answers' formatting, so feed the answers in one go,
    // learning them by replaying: each run adds the score of the next guess.
    const answers: string[] = [];
    for (;;) {
      const result = run(["mastermind", "play", ...args], {
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

  it("prints guesses on stdout, prompts on stderr, stops at (4, 0)", () => {
    const result = run(["mastermind", "play"], { input: "1 0\n1 1\n2 0\n4 0\n" });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe("1122\n1344\n4524\n3624\n");
    expect(result.stderr).toContain("score of 1122 (black white)?");
    expect(result.stderr).toContain("solved: 3624 in 4 guesses");
  });

  it('finds codes scored honestly, in at most 5 guesses ("2 1" and "2,1" both read)', () => {
    for (const secret of ["3632", "6661"]) expect(playAgainst(secret).length).toBeLessThanOrEqual(5);
  });

  it("inconsistent scores: one line, exit 1", () => {
    const result = run(["mastermind", "play"], { input: "0 0\n0,0\n0 0\n" });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("1122\n3345\n6666\n");
    const last = result.stderr.trimEnd().split("\n").at(-1);
    expect(last).toBe("lightsout: no code matches all the scores given: 1122 (0,0), 3345 (0,0), 6666 (0,0)");
  });

  it("impossible or malformed scores from a pipe: exit 1 naming the line", () => {
    let result = run(["mastermind", "play"], { input: "3 1\n" });
    expect(result.code).toBe(1);
    expect(result.stderr.trimEnd().split("\n").at(-1)).toBe(
      "lightsout: <stdin>:1: score (3, 1) is impossible in [4,6]-Mastermind: (3, 1) never occurs: codes equal in 3 positions differ in the last one",
    );
    result = run(["mastermind", "play"], { input: "# comment\n\n1 0\nabc\n" });
    expect(result.code).toBe(1);
    expect(result.stderr.trimEnd().split("\n").at(-1)).toBe(
      "lightsout: <stdin>:4: expected a score as two integers 'black white' (like '2 1' or '2,1'), got 'abc'",
    );
  });

  it("stdin ending early is bad input", () => {
    const result = run(["mastermind", "play"], { input: "" });
    expect(result.code).toBe(1);
    expect(result.stderr.trimEnd().split("\n").at(-1)).toBe(
      "lightsout: stdin ended before the code was found (0 guesses scored; expected a score for 1122)",
    );
  });

  it("--json needs --secret", () => {
    const result = run(["mastermind", "play", "--json"]);
    expect(oneLineError(result)).toBe(
      "lightsout: --json expected --secret alongside, got --json alone (interactive play prints guesses)",
    );
    expect(result.code).toBe(2);
  });
});

describe("lightsout mastermind --help", () => {
  it("each subcommand has help with examples", () => {
    for (const sub of ["solve", "play"]) {
      const result = run(["mastermind", sub, "--help"]);
      expect(result.code).toBe(0);
      expect(result.stdout).toContain("Examples:");
      expect(result.stdout).toContain(`lightsout mastermind ${sub}`);
    }
  });
});
