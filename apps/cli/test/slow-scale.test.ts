// The 10000 x 10000 boards through the built binary, in real processes (opt-in:
// LIGHTSOUT_SLOW=1): solve of the all-on board from a file (its presses switch
// it off, checked with plain loops), random of that size read back by solve,
// render --png of it. Each must answer, never end in a V8 crash; and a quiet
// basis over Z_6 too big to hold is refused before it is built.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLI, requireBuild } from "./_run.js";

const N = 10_000;
const dir = mkdtempSync(join(tmpdir(), "lightsout-slow-scale-"));
beforeAll(requireBuild);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** `lightsout ...args` with stdout to a file; exit code and stderr (progress lines off: stderr is a pipe). */
function runToFile(args: string[], out: string): { code: number | null; stderr: string } {
  const r = spawnSync(process.execPath, [CLI, ...args], {
    env: { ...process.env, LIGHTSOUT_PROGRESS: "0" },
    stdio: ["ignore", "pipe", "pipe"],
    maxBuffer: 2 ** 31 - 1,
    timeout: 600_000,
  });
  writeFileSync(out, r.stdout);
  return { code: r.status, stderr: r.stderr.toString() };
}

/** Whether presses (N lines of N digits) switch off `lights` (same layout) on the plus-rule grid. */
function clears(lights: Buffer, presses: Buffer): boolean {
  const line = N + 1;
  if (presses.length !== N * line) return false;
  const p = (r: number, c: number) => (r >= 0 && r < N && c >= 0 && c < N ? presses[r * line + c]! - 48 : 0);
  for (let r = 0; r < N; r++) {
    for (let c = 0; c < N; c++) {
      const v = (lights[r * line + c]! - 48) ^ p(r, c) ^ p(r - 1, c) ^ p(r + 1, c) ^ p(r, c - 1) ^ p(r, c + 1);
      if (v !== 0) return false;
    }
  }
  return true;
}

describe("slow: 10000 x 10000 boards through the CLI", () => {
  it("solve of the all-on board from a file", { timeout: 1_200_000 }, () => {
    const board = join(dir, "on.txt");
    const text = Buffer.alloc(N * (N + 1), 0x31);
    for (let r = 0; r < N; r++) text[r * (N + 1) + N] = 0x0a;
    writeFileSync(board, text);
    const out = join(dir, "presses.txt");
    expect(runToFile(["solve", board], out)).toEqual({ code: 0, stderr: "" });
    expect(clears(text, readFileSync(out))).toBe(true);
  });

  it("random, solved by solve, and drawn as a PNG of one pixel per cell", { timeout: 1_200_000 }, () => {
    const board = join(dir, "random.txt");
    expect(runToFile(["random", "--rows", String(N), "--cols", String(N), "--seed", "7"], board)).toEqual({
      code: 0,
      stderr: "",
    });
    const lights = readFileSync(board);
    expect(lights.length).toBe(N * (N + 1));
    const out = join(dir, "presses.txt");
    expect(runToFile(["solve", board], out)).toEqual({ code: 0, stderr: "" });
    expect(clears(lights, readFileSync(out))).toBe(true);
    const png = join(dir, "random.png");
    expect(runToFile(["render", board, "--png", png], join(dir, "render.txt"))).toEqual({ code: 0, stderr: "" });
    const bytes = readFileSync(png);
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([N, N]);
    expect(statSync(png).size).toBeGreaterThan((N * N) / 8); // a random board holds about a bit per cell
  });

  it("quiet over Z_6 whose patterns would not fit: exit 2 after the chase, before the patterns are built", {
    timeout: 1_200_000,
  }, () => {
    const r = spawnSync(process.execPath, [CLI, "quiet", "--rows", "1024", "--cols", "1024", "--states", "6"], {
      encoding: "utf8",
      timeout: 600_000,
    });
    expect(r.status).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(
      /^lightsout: --rows 1024 --cols 1024: the quiet patterns of the 1024 x 1024 board over Z_6 hold \d+ boards of 1048576 cells, over 268435456 entries; ask for them on smaller boards\n$/,
    );
  });
});
