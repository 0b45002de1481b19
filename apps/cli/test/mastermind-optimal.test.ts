// `lightsout mastermind optimal` and `verify`, in-process: the tree written
// is replayed here against every secret with a score computed from the
// definition (Knuth 1976-77), independently of the package.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { oneLineError, run } from "./_run.js";
import { tempDir } from "./_temp.js";

function score(u: string, v: string): string {
  let black = 0;
  let common = 0;
  for (let i = 0; i < u.length; i++) if (u[i] === v[i]) black++;
  for (const c of new Set(u))
    common += Math.min([...u].filter((x) => x === c).length, [...v].filter((x) => x === c).length);
  return `${black},${common - black}`;
}

interface Node {
  guess: string;
  next?: Record<string, Node>;
}

/** Guesses per secret when playing the tree, every secret of [pegs, colors]. */
function replay(root: Node, pegs: number, colors: number): number[] {
  const counts: number[] = [];
  for (let i = 0; i < colors ** pegs; i++) {
    const secret = i
      .toString(colors)
      .padStart(pegs, "0")
      .replace(/\d/g, (d) => String(Number(d) + 1));
    let node: Node | undefined = root;
    let moves = 1;
    while (node && node.guess !== secret) {
      node = node.next?.[score(node.guess, secret)];
      moves++;
    }
    expect(node, `secret ${secret}`).toBeDefined();
    counts.push(moves);
  }
  return counts;
}

describe("lightsout mastermind optimal", () => {
  const dir = tempDir("lightsout-mastermind-");

  it("[3,3]: the optimum, its proof and its tree, replayed here", async () => {
    const file = join(dir, "t33.json");
    const result = await run(["mastermind", "optimal", "--pegs", "3", "--colors", "3", "--json", "--tree", file]);
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as {
      total: number;
      worst: number;
      proof: { firstGuesses: { guess: string; total: number; exact: boolean }[] };
    };
    const tree = JSON.parse(readFileSync(file, "utf8")) as { pegs: number; colors: number; root: Node };
    const counts = replay(tree.root, 3, 3);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(report.total);
    expect(Math.max(...counts)).toBe(report.worst);
    const exact = report.proof.firstGuesses.filter((f) => f.exact);
    expect(exact.map((f) => f.total)).toEqual([report.total]);
    for (const f of report.proof.firstGuesses) expect(f.total).toBeGreaterThanOrEqual(report.total);
  });

  it("prints text with the proof, and the tree as text on stdout", async () => {
    const text = await run(["mastermind", "optimal", "--pegs", "3", "--colors", "4"]);
    expect(text.stdout).toMatch(/^game \[3,4\]: 64 secrets\nobjective fewest guesses in total\n/);
    expect(text.stdout).toMatch(/\(replayed against every secret\)/);
    expect(text.stdout).toMatch(/first guess \d{3}: bound from part sizes \d+, optimum \d+/);
    const tree = await run(["mastermind", "optimal", "--pegs", "3", "--colors", "4", "--tree", "-"]);
    expect(tree.stdout.split("\n")[0]).toMatch(/^\[3,4\] \d{3}$/);
    expect(tree.stdout.split("\n")[1]).toMatch(/^ {2}\d,\d \d{3}$/);
  });

  it("worst case: the fewest guesses, the smaller numbers refuted", async () => {
    const result = await run(["mastermind", "optimal", "--pegs", "3", "--colors", "3", "--objective", "worst"]);
    expect(result.stdout).toMatch(/within 1, 2, 3 guesses: no strategy \(refuted by the search\)/);
    expect(result.stdout).toMatch(/\nworst 4\n/);
  });

  it("refuses games beyond reach and bad options, saying why", async () => {
    const big = await run(["mastermind", "optimal", "--pegs", "4", "--colors", "7"]);
    expect(big.code).toBe(2);
    expect(oneLineError(big)).toMatch(/\[4,7\] \(2401 codes\) is beyond the games measured .* \(--long to try\)/);
    const huge = await run(["mastermind", "optimal", "--pegs", "5", "--colors", "8", "--long"]);
    expect(oneLineError(huge)).toMatch(/32768 codes\) is beyond the optimal search/);
    const objective = await run(["mastermind", "optimal", "--objective", "best"]);
    expect(objective.code).toBe(2);
    expect(oneLineError(objective)).toMatch(/--objective expected total or worst, got 'best'/);
    const limit = await run(["mastermind", "optimal", "--pegs", "3", "--colors", "3", "--max-guesses", "2"]);
    expect(limit.code).toBe(1);
    expect(oneLineError(limit)).toMatch(/no strategy for \[3,3\] finds every secret within 2 guesses/);
  });
});

describe("lightsout mastermind verify", () => {
  const dir = tempDir("lightsout-verify-");

  it("replays a text tree, and refuses one for another game or with a branch missing", async () => {
    const file = join(dir, "t.txt");
    await run(["mastermind", "optimal", "--pegs", "3", "--colors", "3", "--tree", file]);
    const ok = await run(["mastermind", "verify", file, "--json"]);
    expect(JSON.parse(ok.stdout)).toMatchObject({ pegs: 3, colors: 3, secrets: 27 });
    const wrong = await run(["mastermind", "verify", file, "--pegs", "4", "--colors", "6"]);
    expect(wrong.code).toBe(1);
    expect(oneLineError(wrong)).toMatch(/the tree is for \[3,3\]-Mastermind, expected \[4,6\]/);
    const lines = readFileSync(file, "utf8").split("\n");
    const cut = join(dir, "cut.txt");
    writeFileSync(cut, [lines[0], ...lines.slice(2)].join("\n"));
    const missing = await run(["mastermind", "verify", cut]);
    expect(missing.code).toBe(1);
    expect(oneLineError(missing)).toMatch(/the tree has no move for secret \d{3} after|line 2: expected/);
  });
});

describe("lightsout mastermind solve --endgame --tree", () => {
  const dir = tempDir("lightsout-endgame-");

  it("optimal endgames: never worse than the strategy, the tree replayed here", async () => {
    const plain = JSON.parse(
      (await run(["mastermind", "solve", "--pegs", "4", "--colors", "4", "--strategy", "entropy", "--json"])).stdout,
    );
    const file = join(dir, "t44.json");
    const args = [
      "mastermind",
      "solve",
      "--pegs",
      "4",
      "--colors",
      "4",
      "--strategy",
      "entropy",
      "--endgame",
      "20",
      "--json",
      "--tree",
      file,
    ];
    const result = await run(args);
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as { total: number; endgame: number; worst: number };
    expect(report.endgame).toBe(20);
    expect(report.total).toBeLessThanOrEqual(plain.total);
    const tree = JSON.parse(readFileSync(file, "utf8")) as { root: Node };
    const counts = replay(tree.root, 4, 4);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(report.total);
  });

  it("refuses --first with a tree, and the random strategy", async () => {
    const first = await run(["mastermind", "solve", "--endgame", "5", "--first", "1234"]);
    expect(first.code).toBe(2);
    expect(oneLineError(first)).toMatch(/--first goes without --endgame and --tree/);
    const random = await run(["mastermind", "solve", "--strategy", "consistent", "--tree", "-"]);
    expect(oneLineError(random)).toMatch(/expected a deterministic strategy, got 'consistent'/);
  });
});
