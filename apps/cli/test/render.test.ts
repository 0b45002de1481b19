// `render`, in-process: the pictures hold what the board says.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { inflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { applyPresses, isDark } from "./_reference.js";
import { oneLineError, run } from "./_run.js";
import { tempDir } from "./_temp.js";

const dir = tempDir("lightsout-render-");

/** Decodes our own PNGs (8-bit RGB, filter 0): width, height and pixels. */
function decodePng(bytes: Buffer): { width: number; height: number; pixel: (x: number, y: number) => number[] } {
  expect([...bytes.subarray(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
  const width = bytes.readUInt32BE(16),
    height = bytes.readUInt32BE(20);
  let offset = 8;
  const idat: Buffer[] = [];
  while (offset < bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString("latin1", offset + 4, offset + 8);
    if (type === "IDAT") idat.push(bytes.subarray(offset + 8, offset + 8 + length));
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  return {
    width,
    height,
    pixel: (x, y) => [...raw.subarray(y * (width * 3 + 1) + 1 + x * 3, y * (width * 3 + 1) + 4 + x * 3)],
  };
}

/** The cells (row, column) of the SVG's squares and dots: squares 40 units apart, dots at their centres. */
const svgCells = (svg: string) => ({
  squares: [...svg.matchAll(/<rect x="(\d+)" y="(\d+)" width="38"/g)].map(([, x, y]) => [
    (Number(y) - 1) / 40,
    (Number(x) - 1) / 40,
  ]),
  dots: [...svg.matchAll(/<circle cx="(\d+)" cy="(\d+)"/g)].map(([, x, y]) => [
    (Number(y) - 20) / 40,
    (Number(x) - 20) / 40,
  ]),
});
/** A press grid with a 1 on each cell listed. */
const pressGrid = (rows: number, cols: number, cells: number[][]) =>
  Array.from({ length: rows }, (_, r) =>
    Array.from({ length: cols }, (_, c) => (cells.some(([rr, cc]) => rr === r && cc === c) ? "1" : "0")).join(""),
  );

describe("lightsout render", () => {
  it("SVG: one square per cell, one dot per press of a solution", async () => {
    const lights = ["11111", "11111", "11111", "11111", "11111"];
    for (const board of [lights, ["01101", "10010", "11111", "00100", "01010"]]) {
      const out = join(dir, "b.svg");
      const result = await run(["render", "-", "--svg", out, "--solution"], { input: `${board.join("\n")}\n` });
      expect(result).toMatchObject({ code: 0, stdout: "", stderr: "" });
      const { squares, dots } = svgCells(readFileSync(out, "utf8"));
      expect(squares).toEqual(Array.from({ length: 25 }, (_, i) => [Math.floor(i / 5), i % 5]));
      expect(dots.length).toBeGreaterThan(0);
      expect(isDark(applyPresses(board, pressGrid(5, 5, dots)))).toBe(true);
    }
  });

  it("PNG: the size and the colours of lit, dark, missing and pressed cells", async () => {
    const out = join(dir, "b.png");
    expect((await run(["render", "-", "--png", out], { input: "10\n.1\n" })).code).toBe(0);
    const png = decodePng(readFileSync(out));
    expect(png.width).toBe(png.height);
    const cell = png.width / 2;
    const centre = (r: number, c: number) => png.pixel(c * cell + cell / 2, r * cell + cell / 2);
    expect(centre(0, 0)).toEqual([0xf5, 0xc5, 0x42]); // lit
    expect(centre(0, 1)).toEqual([0x2b, 0x2f, 0x3a]); // dark
    expect(centre(1, 0)).toEqual([255, 255, 255]); // no cell
    // 110 / 100 / 000 is cleared by one press, in the corner: its centre turns red
    const pressed = join(dir, "p.png");
    expect((await run(["render", "-", "--png", pressed, "--solution"], { input: "110\n100\n000\n" })).code).toBe(0);
    const solved = decodePng(readFileSync(pressed));
    const third = solved.width / 3;
    const centres = [0, 1, 2].flatMap((r) =>
      [0, 1, 2].map((c) => solved.pixel(c * third + third / 2, r * third + third / 2).join(",")),
    );
    expect(centres).toEqual(["224,70,60", "245,197,66", "43,47,58", "245,197,66", ...new Array(5).fill("43,47,58")]);
  });

  it("'-' writes the picture to standard output, not to a file named '-'", async () => {
    const file = join(dir, "stdout.png");
    expect((await run(["render", "-", "--png", file], { input: "10\n01\n" })).code).toBe(0);
    const piped = await run(["render", "-", "--png", "-"], { input: "10\n01\n" });
    expect(piped.code).toBe(0);
    expect(piped.stdoutBytes.equals(readFileSync(file))).toBe(true);
    const svg = await run(["render", "-", "--svg", "-"], { input: "10\n01\n" });
    expect(svg.code).toBe(0);
    expect(svgCells(svg.stdout).squares).toHaveLength(4);
  });

  it("more light states get their own colours; --solution works over Z_k", async () => {
    const out = join(dir, "z3.png");
    expect((await run(["render", "-", "--png", out, "--states", "3"], { input: "012\n" })).code).toBe(0);
    const png = decodePng(readFileSync(out));
    const cell = png.width / 3;
    const colours = [0, 1, 2].map((c) => png.pixel(c * cell + cell / 2, cell / 2).join(","));
    expect(new Set(colours).size).toBe(3);
    expect(colours[0]).toBe("43,47,58"); // state 0: dark
    const svg = join(dir, "z3.svg");
    expect(
      (await run(["render", "-", "--svg", svg, "--states", "3", "--solution"], { input: "211\n112\n021\n" })).code,
    ).toBe(0);
    // the only solution (3 x 3 is invertible over Z_3) presses 000 / 122 / 200: a dot on each pressed cell
    expect(isDark(applyPresses(["211", "112", "021"], ["000", "122", "200"], { states: 3 }))).toBe(true);
    expect(svgCells(readFileSync(svg, "utf8")).dots).toEqual([
      [1, 0],
      [1, 1],
      [1, 2],
      [2, 0],
    ]);
  });

  it("graphs as SVG; clear errors", async () => {
    const graph = JSON.stringify({
      board: {
        kind: "graph",
        vertices: 3,
        edges: [
          [0, 1],
          [1, 2],
        ],
      },
      lights: [1, 1, 1],
    });
    expect((await run(["render", "-", "--svg", join(dir, "g.svg")], { input: graph })).code).toBe(0);
    expect(oneLineError(await run(["render", "-", "--png", join(dir, "g.png")], { input: graph }))).toBe(
      "lightsout: --png draws grid boards; use --svg for a graph",
    );
    expect((await run(["render", "-"], { input: "1\n" })).code).toBe(2);
    const unsolvable = await run(["render", "-", "--svg", join(dir, "u.svg"), "--solution"], {
      input: "10000\n00000\n00000\n00000\n00000\n",
    });
    expect(unsolvable.stderr).toBe("lightsout: the board is unsolvable: drawn without presses\n");
    expect(oneLineError(await run(["render", "-", "--svg", "/nonexistent/dir/x.svg"], { input: "1\n" }))).toBe(
      "lightsout: cannot write '/nonexistent/dir/x.svg': no such directory",
    );
  });
});

describe("every file a command writes: an unwritable path is said in words, exit 1", () => {
  // (permission denied is not tried: the tests may run as root, who may write anywhere)
  const writers: [string, string[], string?][] = [
    ["render --svg", ["render", "-", "--svg"], "1\n"],
    ["render --png", ["render", "-", "--png"], "1\n"],
    ["chase-matrix --png", ["chase-matrix", "8", "--png"]],
    ["chase-matrix --svg", ["chase-matrix", "8", "--svg"]],
    ["chase-matrix --pbm", ["chase-matrix", "8", "--pbm"]],
    ["nullity --output", ["nullity", "1..3", "--output"]],
  ];
  for (const [name, args, input] of writers) {
    it(`${name}: a missing folder, a folder, a path through a file`, async () => {
      const file = join(dir, "plain-file.txt");
      await run(["chase-matrix", "2", "--pbm", file]);
      for (const [path, reason] of [
        ["/nonexistent/dir/x.out", "no such directory"],
        [dir, "it is a directory"],
        [join(file, "x.out"), "a component of the path is not a directory"],
      ]) {
        const ran = await run([...args, path!], { ...(input === undefined ? {} : { input }) });
        expect(ran.code, `${name} ${path}`).toBe(1);
        expect(oneLineError(ran)).toBe(`lightsout: cannot write '${path}': ${reason}`);
      }
    });
  }
});
