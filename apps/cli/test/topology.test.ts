// --topology plane|torus|projective (and --torus, its shorthand) on the
// board commands: the projective plane's answers checked by applying the
// presses with a neighbourhood written out here, conflicts refused, JSON
// boards carrying their topology.
import { describe, expect, it } from "vitest";
import { oneLineError, run } from "./_run.js";

/** The cells a press at (r, c) toggles on a rows x cols projective plane, plus rule, crossing edges by hand. */
function projectiveTargets(rows: number, cols: number, r: number, c: number): number[] {
  const out = new Set([r * cols + c]);
  for (const [dr, dc] of [
    [-1, 0],
    [1, 0],
    [0, -1],
    [0, 1],
  ] as const) {
    let rr = r + dr;
    let cc = c + dc;
    if (rr < 0 || rr >= rows) [rr, cc] = [(rr + rows) % rows, cols - 1 - cc];
    if (cc < 0 || cc >= cols) [rr, cc] = [rows - 1 - rr, (cc + cols) % cols];
    out.add(rr * cols + cc);
  }
  return [...out];
}

function dark(rows: number, cols: number, lights: number[], presses: number[]): boolean {
  const out = [...lights];
  presses.forEach((x, j) => {
    if (x) for (const i of projectiveTargets(rows, cols, Math.floor(j / cols), j % cols)) out[i]! ^= 1;
  });
  return out.every((v) => v === 0);
}

describe("--topology", () => {
  it("solve on a projective board: the presses switch every light off", async () => {
    const lights = [1, 1, 0, 1, 0, 0, 1, 1, 0, 1, 1, 0, 0, 1, 1, 1, 0, 1, 0, 0];
    const input = [0, 5, 10, 15].map((s) => lights.slice(s, s + 5).join("")).join("\n");
    const result = await run(["solve", "-", "--topology", "projective", "--json"], { input });
    expect(result.code).toBe(0);
    const answer = JSON.parse(result.stdout) as { solvable: boolean; presses: string[] | null };
    if (answer.solvable) expect(dark(4, 5, lights, answer.presses!.join("").split("").map(Number))).toBe(true);
    else expect(answer.presses).toBeNull();
    // the same lights on the plane or the torus give other presses or answers
    const plane = await run(["solve", "-", "--json"], { input });
    expect(plane.stdout).not.toBe(result.stdout);
  });

  it("random --topology projective writes a JSON board that solve reads back, and every such board is winnable", async () => {
    const random = await run([
      "random",
      "--rows",
      "6",
      "--cols",
      "7",
      "--topology",
      "projective",
      "--json",
      "--seed",
      "5",
    ]);
    expect(random.code).toBe(0);
    const { board, lights } = JSON.parse(random.stdout) as { board: { topology: string }; lights: number[] };
    expect(board.topology).toBe("projective");
    const solved = await run(["solve", "-", "--json"], { input: random.stdout });
    const answer = JSON.parse(solved.stdout) as { solvable: boolean; presses: string[] };
    expect(answer.solvable).toBe(true);
    expect(dark(6, 7, lights, answer.presses.join("").split("").map(Number))).toBe(true);
  });

  it("--topology torus is --torus; plane is the default", async () => {
    const input = "110\n011\n101\n";
    const torus = await run(["solve", "-", "--torus"], { input });
    expect(await run(["solve", "-", "--topology", "torus"], { input })).toEqual(torus);
    expect(await run(["solve", "-", "--topology", "plane"], { input })).toEqual(await run(["solve", "-"], { input }));
  });

  it("refuses unknown topologies, --torus with another topology, and flags a JSON board contradicts", async () => {
    const unknown = await run(["quiet", "--rows", "3", "--cols", "3", "--topology", "klein"]);
    expect(unknown.code).toBe(2);
    expect(oneLineError(unknown)).toBe("lightsout: --topology expected plane, torus or projective, got 'klein'");
    const both = await run(["random", "--rows", "3", "--cols", "3", "--torus", "--topology", "projective"]);
    expect(both.code).toBe(2);
    expect(oneLineError(both)).toBe("lightsout: --torus conflicts with --topology projective: give one of them");
    const json = JSON.stringify({ board: { kind: "grid", rows: 1, cols: 2, topology: "projective" }, lights: [1, 1] });
    const torus = await run(["solve", "-", "--torus"], { input: json });
    expect(torus.code).toBe(2);
    expect(oneLineError(torus)).toMatch(/--torus conflicts with .*its JSON board is a projective grid;/);
    expect((await run(["solve", "-", "--topology", "projective"], { input: json })).code).toBe(0);
  });

  it("--explain refuses a projective board (no light chasing there)", async () => {
    const result = await run(["solve", "-", "--explain", "--topology", "projective"], { input: "11\n11\n" });
    expect(result.code).toBe(2);
    expect(oneLineError(result)).toMatch(/--explain expected a plain rectangle/);
  });
});
