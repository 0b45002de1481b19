// The board commands at their limits, in-process: a token is one cell or an
// error, sizes beyond what fits are refused before anything big is allocated
// (exit 2, one line), and the streamed outputs say what the board says.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { runInProcess } from "./_scale-run.js";
import { tempDir } from "./_temp.js";

const DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz";
const dir = tempDir("lightsout-scale-");

/** The one stderr line of a failed run (nothing on stdout). */
function failure(result: { stdout: string; stderr: string }): string {
  expect(result.stdout).toBe("");
  const lines = result.stderr.split("\n").filter((line) => line !== "");
  expect(lines).toHaveLength(1);
  return lines[0]!;
}

/** Lights after pressing `presses` on a plain rectangle (plus rule), with plain loops. */
function afterPresses(lights: number[][], presses: number[][]): number[][] {
  const rows = lights.length;
  const cols = lights[0]!.length;
  const out = lights.map((row) => row.slice());
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      if (!presses[r]![c]) continue;
      for (const [dr, dc] of [
        [0, 0],
        [1, 0],
        [-1, 0],
        [0, 1],
        [0, -1],
      ] as const) {
        const rr = r + dr;
        const cc = c + dc;
        if (rr >= 0 && rr < rows && cc >= 0 && cc < cols) out[rr]![cc]! ^= 1;
      }
    }
  }
  return out;
}

describe("solve: one token, one cell", () => {
  it("'9a 0' with --states 36 is bad input at 1:1, not the board 9 0", async () => {
    const result = await runInProcess(["solve", "-", "--states", "36", "--json"], { input: "9a 0\n0 0\n" });
    expect(result.code).toBe(1);
    expect(failure(result)).toBe("lightsout: <stdin>:1:1: expected a light 0..z or . (no cell), got '9a'");
    const bc = await runInProcess(["solve", "-", "--states", "12"], { input: "1 0\nbc 0\n" });
    expect(bc.code).toBe(1);
    expect(failure(bc)).toBe("lightsout: <stdin>:2:1: expected a light 0..b or . (no cell), got 'bc'");
  });

  it("a UTF-8 byte-order mark is skipped", async () => {
    const plain = await runInProcess(["solve", "-", "--json"], { input: "110\n101\n011\n" });
    const bom = await runInProcess(["solve", "-", "--json"], { input: "\uFEFF110\n101\n011\n" });
    expect(bom.code).toBe(0);
    expect(bom.stdout).toBe(plain.stdout);
  });
});

describe("sizes are checked before allocating", () => {
  it("random --rows 16384 --cols 16385: past 2^28 cells, exit 2", async () => {
    const result = await runInProcess(["random", "--rows", "16384", "--cols", "16385"]);
    expect(result.code).toBe(2);
    expect(failure(result)).toBe(
      "lightsout: --rows 16384 --cols 16385 expected at most 268,435,456 cells (the largest board), got 268,451,840 cells",
    );
  });

  it("quiet --rows 4096 --cols 4096: the basis does not fit, exit 2 naming the sizes", async () => {
    const result = await runInProcess(["quiet", "--rows", "4096", "--cols", "4096"]);
    expect(result.code).toBe(2);
    // nullity 2072 (the closed form), so 2072 patterns of 2^24 cells: far over 256 MiB, refused before any chase
    expect(failure(result)).toBe(
      "lightsout: --rows 4096 --cols 4096: the quiet basis (2,072 patterns of 16,777,216 cells) expected at most 268,435,456 entries, got 34,762,391,552 entries; ask for the nullity instead (lightsout nullity), or for the patterns of a smaller board",
    );
  });

  it("quiet --rows 268435456 --cols 1: nullity 0 (a path of n cells has nullity 1 only for n = 2 mod 3)", async () => {
    const result = await runInProcess(["quiet", "--rows", "268435456", "--cols", "1"]);
    expect(result).toEqual({ code: 0, stdout: "nullity 0\n", stderr: "" });
  });

  it("quiet --rows 268435454 --cols 1 (nullity 1): the packed board is refused before it is built, with its shape", async () => {
    const result = await runInProcess(["quiet", "--rows", "268435454", "--cols", "1"]);
    expect(result.code).toBe(2);
    expect(failure(result)).toMatch(
      /^lightsout: --rows 268435454 --cols 1: a 268435454 x 1 GF\(2\) matrix needs 4 GiB, but at most .* fit \(the memory limit/,
    );
  });

  it("a torus too big even for the banded route: one line, no crash", async () => {
    // an 8192 x 8191 torus needs about 132 GiB to eliminate (no closed form for m != n)
    const result = await runInProcess(["quiet", "--rows", "8192", "--cols", "8191", "--torus"]);
    expect(result.code).toBe(2);
    expect(failure(result)).toMatch(
      /^lightsout: --rows 8192 --cols 8191 --torus: the banded elimination .* needs .*, but at most .* fit \(the memory limit/,
    );
    // the 8192 x 8192 torus has nullity 0 by the closed form: answered without eliminating
    const square = await runInProcess(["quiet", "--rows", "8192", "--cols", "8192", "--torus"]);
    expect(square).toEqual({ code: 0, stdout: "nullity 0\n", stderr: "" });
  });

  it("quiet refuses a basis over 256 MiB on every board, not only plain rectangles", async () => {
    // square plus tori by the closed form (OEIS A165738), before any elimination: 1200 x 1200 has 192 patterns
    for (const [n, nullity] of [
      [1200, 192],
      [2000, 128],
    ] as const) {
      const torus = await runInProcess(["quiet", "--rows", String(n), "--cols", String(n), "--torus", "--json"]);
      expect(torus.code).toBe(2);
      expect(failure(torus)).toBe(
        `lightsout: --rows ${n} --cols ${n} --torus: the quiet basis (${nullity} patterns of ${(n * n).toLocaleString("en-US")} cells) expected at most 268,435,456 entries, got ${(nullity * n * n).toLocaleString("en-US")} entries; ask for the nullity instead (lightsout nullity), or for the patterns of a smaller board`,
      );
    }
    // other boards as soon as the elimination knows the nullity, before any pattern is built: on a 2-row torus
    // both vertical offsets reach the same cell, so each column pressed whole is quiet (12,000 x 24,000 cells)
    const rule = ["--rows", "2", "--cols", "12000", "--torus", "--rule", "1,0;-1,0"];
    for (const states of [[], ["--states", "3"]]) {
      const result = await runInProcess(["quiet", ...rule, ...states]);
      expect(result.code, states.join(" ")).toBe(2);
      expect(failure(result)).toMatch(
        new RegExp(
          `^lightsout: --rows 2 --cols 12000 --torus --rule 1,0;-1,0${states.length ? " --states 3" : ""}: the quiet basis of this 24000-cell board.* \\(12,000 patterns of 24,000 cells\\) expected at most`,
        ),
      );
    }
    const small = await runInProcess(["quiet", "--rows", "2", "--cols", "100", "--torus", "--rule", "1,0;-1,0"]);
    expect(small.code).toBe(0);
    expect(small.stdout.startsWith("nullity 100\n")).toBe(true);
  });
});

describe("streamed outputs", () => {
  it("quiet: each pattern in text and JSON is quiet (pressing it changes nothing)", async () => {
    const text = await runInProcess(["quiet", "--rows", "9", "--cols", "4"]);
    const json = await runInProcess(["quiet", "--rows", "9", "--cols", "4", "--json"]);
    const parsed = JSON.parse(json.stdout) as { rows: number; cols: number; nullity: number; patterns: string[][] };
    expect(Object.keys(parsed)).toEqual(["rows", "cols", "nullity", "patterns"]);
    const [head, ...blocks] = text.stdout.trimEnd().split("\n\n");
    const [first, ...firstRows] = head!.split("\n");
    expect(first).toBe(`nullity ${parsed.nullity}`);
    expect([firstRows.join("\n"), ...blocks]).toEqual(parsed.patterns.map((p) => p.join("\n")));
    expect(parsed.nullity).toBeGreaterThan(0);
    const dark = Array.from({ length: 9 }, () => new Array<number>(4).fill(0));
    for (const pattern of parsed.patterns) {
      const presses = pattern.map((row) => Array.from(row, Number));
      expect(presses.flat().some((v) => v === 1)).toBe(true);
      expect(afterPresses(dark, presses)).toEqual(dark);
    }
  });

  it("random --json: the lights of the text output, as numbers", async () => {
    const args = ["random", "--rows", "5", "--cols", "7", "--states", "12", "--seed", "9"];
    const text = await runInProcess(args);
    const json = await runInProcess([...args, "--json"]);
    const parsed = JSON.parse(json.stdout) as { board: object; lights: number[] };
    expect(parsed.board).toEqual({ kind: "grid", rows: 5, cols: 7 });
    expect(parsed.lights.map((v) => DIGITS[v]).join("")).toBe(text.stdout.replace(/\n/g, ""));
    expect(text.stdout.split("\n")).toHaveLength(6);
  });
});

describe("render: size policy", () => {
  it("SVG past 512 x 512 is refused, pointing to --png", async () => {
    const input = `${"1".repeat(600)}\n`.repeat(600);
    const result = await runInProcess(["render", "-", "--svg", join(dir, "big.svg")], { input });
    expect(result.code).toBe(2);
    expect(failure(result)).toBe(
      "lightsout: --svg: SVG pictures hold boards up to 262144 cells (512 x 512), got 600 x 600; use --png OUT (one pixel per cell)",
    );
  });

  /** Decodes an indexed-colour PNG (filter 0 rows): size, palette and the index of each pixel. */
  function decodeIndexed(bytes: Buffer) {
    let offset = 8;
    let width = 0;
    let height = 0;
    let bits = 0;
    let palette: number[][] = [];
    const idat: Buffer[] = [];
    while (offset < bytes.length) {
      const length = bytes.readUInt32BE(offset);
      const type = bytes.toString("latin1", offset + 4, offset + 8);
      const data = bytes.subarray(offset + 8, offset + 8 + length);
      if (type === "IHDR") {
        width = data.readUInt32BE(0);
        height = data.readUInt32BE(4);
        bits = data[8]!;
        expect(data[9]).toBe(3); // indexed colour
      }
      if (type === "PLTE") palette = Array.from({ length: length / 3 }, (_, i) => [...data.subarray(3 * i, 3 * i + 3)]);
      if (type === "IDAT") idat.push(data);
      offset += 12 + length;
    }
    const raw = inflateSync(Buffer.concat(idat));
    const line = Math.ceil((width * bits) / 8) + 1;
    const colour = (x: number, y: number) => {
      expect(raw[y * line]).toBe(0);
      const bit = x * bits;
      const index = (raw[y * line + 1 + (bit >> 3)]! >> (8 - bits - (bit & 7))) & ((1 << bits) - 1);
      return palette[index]!.join(",");
    };
    return { width, height, colour };
  }

  it("PNG of a board 1200 cells across: one pixel per cell, colours of lit, dark, holes and presses", async () => {
    const rows = 3;
    const cols = 1200;
    const lights = Array.from({ length: rows }, (_, r) =>
      Array.from({ length: cols }, (_, c) => ((r * 7 + c * c) % 3) & 1),
    );
    const text = lights
      .map((row, r) => row.map((v, c) => (r === 1 && c % 97 === 5 ? "." : String(v))).join(""))
      .join("\n");
    const out = join(dir, "wide.png");
    expect((await runInProcess(["render", "-", "--png", out], { input: `${text}\n` })).code).toBe(0);
    const png = decodeIndexed(readFileSync(out));
    expect([png.width, png.height]).toEqual([cols, rows]);
    const lines = text.split("\n");
    const expected: Record<string, string> = { "1": "245,197,66", "0": "43,47,58", ".": "255,255,255" };
    for (let r = 0; r < rows; r++)
      for (let c = 0; c < cols; c++) expect(png.colour(c, r)).toBe(expected[lines[r]![c]!]);

    // --solution: the red pixels are presses that switch the board off
    const board = Array.from({ length: 2 }, (_, r) => Array.from({ length: 1100 }, (_, c) => (r + c) % 2));
    const solved = join(dir, "solved.png");
    const input = `${board.map((row) => row.join("")).join("\n")}\n`;
    expect((await runInProcess(["render", "-", "--png", solved, "--solution"], { input })).code).toBe(0);
    const picture = decodeIndexed(readFileSync(solved));
    const presses = board.map((row, r) => row.map((_, c) => (picture.colour(c, r) === "224,70,60" ? 1 : 0)));
    expect(
      afterPresses(board, presses)
        .flat()
        .every((v) => v === 0),
    ).toBe(true);
  });
});
