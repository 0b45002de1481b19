// --states past 36 (up to 2^31 - 1): boards of numbers between blanks,
// solutions checked by applying the presses with plain loops here, random
// boards round-tripping through solve, pictures, and the limits.
import { describe, expect, it } from "vitest";
import { oneLineError, run } from "./_run.js";

/** Lights after presses on a rows x cols plane board, plus rule, over Z_k. */
function pressed(rows: number, cols: number, lights: number[], presses: number[], k: number): number[] {
  const out = [...lights];
  presses.forEach((x, j) => {
    const r = Math.floor(j / cols);
    const c = j % cols;
    for (const [dr, dc] of [
      [0, 0],
      [1, 0],
      [-1, 0],
      [0, 1],
      [0, -1],
    ] as const) {
      const rr = r + dr;
      const cc = c + dc;
      if (rr >= 0 && rr < rows && cc >= 0 && cc < cols) out[rr * cols + cc] = (out[rr * cols + cc]! + x) % k;
    }
  });
  return out;
}

const numbers = (rows: string[]) => rows.flatMap((row) => row.trim().split(/\s+/).map(Number));

describe("--states past 36", () => {
  for (const k of [37, 255, 256, 65_537, 2 ** 31 - 1]) {
    it(`solve --states ${k}: the presses switch a winnable board off`, async () => {
      // winnable by construction: presses applied to the dark 3 x 4 board
      const made = Array.from({ length: 12 }, (_, i) => (i === 5 ? k - 1 : (i * 7919 + 3) % k));
      const lights = pressed(3, 4, new Array(12).fill(0), made, k);
      const input = [0, 4, 8].map((s) => lights.slice(s, s + 4).join(" ")).join("\n");
      const result = await run(["solve", "-", "--states", String(k), "--json"], { input });
      expect(result.code).toBe(0);
      const answer = JSON.parse(result.stdout) as { solvable: boolean; presses: string[]; states: number };
      expect([answer.solvable, answer.states]).toEqual([true, k]);
      const presses = numbers(answer.presses);
      expect(presses.every((x) => x >= 0 && x < k)).toBe(true);
      expect(pressed(3, 4, lights, presses, k).every((v) => v === 0)).toBe(true);
      // the text answer is the same presses, as numbers between blanks
      const text = await run(["solve", "-", "--states", String(k)], { input });
      expect(numbers(text.stdout.trimEnd().split("\n"))).toEqual(presses);
    });
  }

  it("random --states 65537 writes numbers that solve reads back (text and JSON)", async () => {
    const text = await run(["random", "--rows", "4", "--cols", "5", "--states", "65537", "--seed", "3"]);
    expect(text.code).toBe(0);
    const lights = numbers(text.stdout.trimEnd().split("\n"));
    expect(lights).toHaveLength(20);
    const json = await run(["random", "--rows", "4", "--cols", "5", "--states", "65537", "--seed", "3", "--json"]);
    expect((JSON.parse(json.stdout) as { lights: number[] }).lights).toEqual(lights);
    for (const input of [text.stdout, json.stdout]) {
      const solved = await run(["solve", "-", "--states", "65537", "--json"], { input });
      const answer = JSON.parse(solved.stdout) as { solvable: boolean; presses: string[] };
      expect(answer.solvable).toBe(true);
      expect(pressed(4, 5, lights, numbers(answer.presses), 65_537).every((v) => v === 0)).toBe(true);
    }
  });

  it("render --states 2^31 - 1 draws only the colours it meets", async () => {
    const result = await run(["render", "-", "--states", "2147483647", "--svg", "-"], { input: "2147483646 0\n5 1\n" });
    expect(result.code).toBe(0);
    expect(result.stdout.match(/<rect x=/g)).toHaveLength(4);
  });

  it("refuses --states past 2^31 - 1 and lights that are not below K", async () => {
    const over = await run(["solve", "-", "--states", "2147483648"], { input: "1\n" });
    expect(over.code).toBe(2);
    expect(oneLineError(over)).toMatch(/^lightsout: --states expected an integer/);
    const big = await run(["solve", "-", "--states", "300"], { input: "1 300\n" });
    expect(big.code).toBe(1);
    expect(oneLineError(big)).toBe(
      "lightsout: <stdin>:1:3: expected a light 0..299 (numbers between blanks) or . (no cell), got '300'",
    );
  });
});
