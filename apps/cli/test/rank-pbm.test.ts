// `lightsout rank FILE.pbm` and `chase-matrix --pbm`: PBM files written here
// by plain loops, ranks checked against an elimination written here too.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { plusMatrix, randomBits, rankModP } from "./_reference.js";
import { keyValues, oneLineError, rankOf, run } from "./_run.js";

const folder = mkdtempSync(join(tmpdir(), "lightsout-pbm-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** A P4 file of `rows`: first pixel in the high bit; the padding bits set to 1 (readers must ignore them). */
function p4(rows: readonly (readonly number[])[]): Buffer {
  const cols = rows[0]!.length;
  const rowBytes = Math.ceil(cols / 8);
  const raster = Buffer.alloc(rows.length * rowBytes);
  rows.forEach((row, i) => {
    for (let b = 0; b < rowBytes; b++) {
      let byte = 0;
      for (let k = 0; k < 8; k++) byte |= (b * 8 + k < cols ? row[b * 8 + k]! : 1) << (7 - k);
      raster[i * rowBytes + b] = byte;
    }
  });
  return Buffer.concat([Buffer.from(`P4\n# written by the test\n${cols} ${rows.length}\n`), raster]);
}

function save(name: string, data: string | Buffer): string {
  const path = join(folder, name);
  writeFileSync(path, data);
  return path;
}

describe("lightsout rank FILE.pbm", () => {
  it("the 5 x 5 Lights Out matrix as P4 and P1 has rank 23 (nullity 2, the classic result)", async () => {
    const m = plusMatrix(5, 5);
    expect(await rankOf([save("plus5.pbm", p4(m))])).toEqual({ rows: 25, cols: 25, rank: 23, nullity: 2 });
    const plain = `P1\n25 25\n${m.map((row) => row.join(" ")).join("\n")}\n`;
    expect(await rankOf([save("plus5-plain.pbm", plain)])).toEqual({ rows: 25, cols: 25, rank: 23, nullity: 2 });
  });

  it("random matrices around word and lane boundaries agree with a plain elimination", async () => {
    for (const [rows, cols, seed] of [
      [1, 1, 1],
      [9, 7, 2],
      [33, 31, 3],
      [40, 65, 4],
      [130, 129, 5],
      [70, 200, 6],
    ] as const) {
      const m = randomBits(rows, cols, seed);
      const file = save(`r${seed}.pbm`, p4(m));
      expect(await rankOf([file])).toEqual({ rows, cols, rank: rankModP(m, 2), nullity: cols - rankModP(m, 2) });
    }
  });

  it("detects PBM by its magic number whatever the name, and reads it from stdin", async () => {
    const m = plusMatrix(4, 4);
    expect((await rankOf([save("matrix.bin", p4(m))])).rank).toBe(rankModP(m, 2));
    const result = await run(["rank", "-", "--json"], { input: `P1 3 2 110 011` });
    expect(JSON.parse(result.stdout)).toMatchObject({ rows: 2, cols: 3, rank: 2, nullity: 1 });
  });

  it("bad PBM files: one line naming what was expected and what was got, exit 1", async () => {
    const cases: [string, string | Buffer, string][] = [
      [
        "short.pbm",
        Buffer.concat([Buffer.from("P4\n16 3\n"), Buffer.alloc(5)]),
        "byte 13: expected 3 rows of 2 bytes (6 bytes of raster), got 5 bytes before the end of the file",
      ],
      ["magic.pbm", "0110\n1001\n", "1:1: expected the magic number P1 or P4 of a PBM file, got '0'"],
      [
        "p5.pbm",
        "P5\n2 2\n255\n",
        "1:1: expected the magic number P1 or P4 of a PBM file, got 'P5' (P5 is another Netpbm format)",
      ],
      ["zero.pbm", "P4\n0 8\n", "2:1: expected a width in 1..1073741824, got 0"],
    ];
    for (const [name, data, message] of cases) {
      const path = save(name, data);
      const result = await run(["rank", path]);
      expect(result.code).toBe(1);
      expect(oneLineError(result)).toBe(`lightsout: ${path}:${message.startsWith("byte") ? " " : ""}${message}`);
    }
  });

  it("an image larger than memory allows is refused at its header, before anything is allocated", async () => {
    const path = save("huge.pbm", "P4\n200000 200000\n");
    const result = await run(["rank", path]);
    expect(result.code).toBe(1);
    expect(oneLineError(result)).toMatch(
      /^lightsout: .*huge\.pbm: an image 200000 pixels wide and 200000 high: .* needs 4\.66 GiB, but at most 3\.94 GiB fit/,
    );
  });

  it("a PBM file with --field q is refused: PBM holds GF(2) entries", async () => {
    const path = save("f.pbm", p4(plusMatrix(2, 2)));
    const result = await run(["rank", path, "--field", "3"]);
    expect(result.code).toBe(1);
    expect(oneLineError(result)).toBe(
      `lightsout: ${path}: expected a text matrix for --field 3, got a PBM bitmap (0/1 entries: leave out --field)`,
    );
  });

  it("a missing file is named", async () => {
    const result = await run(["rank", join(folder, "none.pbm")]);
    expect(result.code).toBe(1);
    expect(oneLineError(result)).toMatch(/cannot read '.*none\.pbm': no such file or directory$/);
  });
});

describe("lightsout chase-matrix --pbm", () => {
  it("writes C as P4, and rank reads back the same matrix and rank", async () => {
    const text = await run(["chase-matrix", "37", "--rows", "40"]);
    const lines = text.stdout.trim().split("\n");
    const rows = lines.slice(0, 37).map((line) => Array.from(line, Number));
    const path = join(folder, "c37.pbm");
    const written = await run(["chase-matrix", "37", "--rows", "40", "--pbm", path]);
    expect(written.code).toBe(0);
    expect(keyValues(written.stdout)).toMatchObject({ rank: String(rankModP(rows, 2)), file: path });
    // The file holds exactly the rows printed as text (P4 written here the same way, but for the padding).
    const bytes = readFileSync(path);
    const header = "P4\n# chase matrix of the 40 x 37 grid\n37 37\n";
    expect(bytes.subarray(0, header.length).toString()).toBe(header);
    const raster = bytes.subarray(header.length);
    const decoded = rows.map((_, i) =>
      Array.from({ length: 37 }, (_, j) => (raster[i * 5 + (j >> 3)]! >> (7 - (j & 7))) & 1),
    );
    expect(decoded).toEqual(rows);
    expect(await rankOf([path])).toMatchObject({ rows: 37, cols: 37, rank: rankModP(rows, 2) });
  });

  it("takes one picture or bitmap at a time", async () => {
    const result = await run(["chase-matrix", "5", "--png", "a.png", "--pbm", "b.pbm"]);
    expect(result.code).toBe(2);
    expect(oneLineError(result)).toBe(
      "lightsout: expected one of --png, --svg and --pbm, got --png 'a.png' and --pbm 'b.pbm'",
    );
  });
});
